/**
 * Trace engine (POST /v1/vectorize), stage 8: joins runs of consecutive Bézier segments into
 * single Béziers where the result stays within tolerance of the smoothed outline.
 */

import type { PathData } from './path-data'

/*
 * Stage: curve optimisation (Selinger 2003, Sec. 2.4).
 * Job: fewer segments, same shape.
 * Input → output: PathData vx, vy, alpha, corner, m → pieces, pieceStart, control.
 * Method:
 * - Segment k runs from the midpoint of side (k − 1, k) to the midpoint of side (k, k + 1). A
 *   run i … j may be joined when none of its vertices is a corner, all turn the same way, and
 *   the tangent turns less than 179° in total.
 * - The candidate keeps the run's end points and end tangents (the first and last sides), so its
 *   control points lie on those tangents at the same fraction α of the way to their
 *   intersection O. Such a Bézier encloses 0.3 · α(4 − α) times the triangle (start, O, end)
 *   against its chord; α is chosen so that it encloses exactly the area of the run.
 * - Tolerance: at every joint of the run and at the middle of every segment, the original
 *   outline has a known tangent direction; the candidate's point with the same tangent
 *   (a quadratic in t) must lie within optTolerance of the original's tangent line there, and
 *   beside the same piece of it (its projection within the polygon side, or the segment's chord).
 *   On a convex arc this compares the two support functions, i.e. a Hausdorff-type distance; the
 *   second condition keeps a flat stretch from sliding along itself.
 * - The fewest pieces, then the least sum of squared deviations, by dynamic programming over the
 *   segments cut at segment 0 (as the polygon search is cut at point 0), stopping the search
 *   backwards at the first run that cannot be joined.
 */

/** Largest total tangent turn of a joined curve, radians (179°). */
const MAX_TURN_RAD = (179 * Math.PI) / 180

/** Result of the last `tryJoin`: control points and squared-deviation penalty. */
const join = { c1x: 0, c1y: 0, c2x: 0, c2y: 0, penalty: 0 }

/**
 * What `tryJoin` hands `fitsTangent`: the candidate Bézier p0, c1, c2, p3 at 0–7, the original
 * outline's tangent point q and direction e at 8–11, the sum of squared deviations at 12. Passed
 * as arguments, these 12 floats were boxed into a heap number each on every call (V8 does not
 * inline a function that large): 16 MB of garbage on the 2828 × 2828 stippled bench sheet (Node
 * 22 sampling heap profile), which grows the young generation.
 */
const probe = new Float64Array(13)
const Q = 8
const PENALTY = 12

/**
 * Writes the pieces of the path: each one vertex (corner or curve) or a joined run of curves.
 * @param tolerance largest deviation of a joined curve, px (potrace's -O, default 0.2)
 * @param enabled false keeps one piece per vertex (potrace's -n)
 */
export function optimizeCurve(p: PathData, tolerance: number, enabled: boolean): void {
  const { m, vx, vy, alpha, corner } = p
  const convexity = p.vertexI
  const count = p.vertexJ
  const prev = p.vertexK
  const turn = p.vertexB
  const penalty = p.vertexC
  const candidates = p.vertexWork
  const area = p.vertexA
  area[0] = 0
  const rx = vx[0]!
  const ry = vy[0]!
  for (let k = 0; k < m; k++) {
    const a = k === 0 ? m - 1 : k - 1
    const c = k + 1 === m ? 0 : k + 1
    const inX = vx[k]! - vx[a]!
    const inY = vy[k]! - vy[a]!
    const outX = vx[c]! - vx[k]!
    const outY = vy[c]! - vy[k]!
    const cross = inX * outY - inY * outX
    convexity[k] = cross > 0 ? 1 : cross < 0 ? -1 : 0
    turn[k] = Math.atan2(Math.abs(cross), inX * outX + inY * outY)
    // Area of segment k: the fan triangle from (rx, ry) plus the curve's bulge over its chord.
    const m0x = (vx[a]! + vx[k]!) / 2 - rx
    const m0y = (vy[a]! + vy[k]!) / 2 - ry
    const m1x = (vx[k]! + vx[c]!) / 2 - rx
    const m1y = (vy[k]! + vy[c]!) / 2 - ry
    const bulge = corner[k] ? 1 : 0.3 * alpha[k]! * (4 - alpha[k]!)
    const triangle = (vx[k]! - rx - m0x) * (m1y - m0y) - (vy[k]! - ry - m0y) * (m1x - m0x)
    area[k + 1] = area[k]! + (m0x * m1y - m0y * m1x) / 2 + (bulge * triangle) / 2
  }

  count[0] = 0
  penalty[0] = 0
  for (let j = 1; j <= m; j++) {
    let bestCount = count[j - 1]! + 1
    let bestPenalty = penalty[j - 1]!
    let bestFrom = j - 1
    if (enabled && !corner[j - 1]) {
      let sign = convexity[j - 1]!
      let turned = turn[j - 1]!
      for (let i = j - 2; i >= 0; i--) {
        if (corner[i]) break
        const s = convexity[i]!
        if (s !== 0) {
          if (sign === 0) sign = s
          else if (s !== sign) break
        }
        turned += turn[i]!
        if (turned >= MAX_TURN_RAD) break
        if (!tryJoin(p, area, i, j - 1, tolerance)) break
        const c = count[i]! + 1
        const pen = penalty[i]! + join.penalty
        if (c < bestCount || (c === bestCount && pen < bestPenalty)) {
          bestCount = c
          bestPenalty = pen
          bestFrom = i
          candidates[4 * j] = join.c1x
          candidates[4 * j + 1] = join.c1y
          candidates[4 * j + 2] = join.c2x
          candidates[4 * j + 3] = join.c2y
        }
      }
    }
    count[j] = bestCount
    penalty[j] = bestPenalty
    prev[j] = bestFrom
  }

  const pieces = count[m]!
  for (let k = pieces - 1, j = m; k >= 0; k--) {
    const i = prev[j]!
    p.pieceStart[k] = i
    const o = 4 * k
    if (i < j - 1) {
      p.control[o] = candidates[4 * j]!
      p.control[o + 1] = candidates[4 * j + 1]!
      p.control[o + 2] = candidates[4 * j + 2]!
      p.control[o + 3] = candidates[4 * j + 3]!
    } else if (!corner[i]) {
      const a = i === 0 ? m - 1 : i - 1
      const c = i + 1 === m ? 0 : i + 1
      const bx = vx[i]!
      const by = vy[i]!
      const f = alpha[i]!
      const s0x = (vx[a]! + bx) / 2
      const s0y = (vy[a]! + by) / 2
      const s1x = (bx + vx[c]!) / 2
      const s1y = (by + vy[c]!) / 2
      p.control[o] = s0x + f * (bx - s0x)
      p.control[o + 1] = s0y + f * (by - s0y)
      p.control[o + 2] = s1x + f * (bx - s1x)
      p.control[o + 3] = s1y + f * (by - s1y)
    }
    j = i
  }
  p.pieces = pieces
}

/**
 * Tries to replace segments i … j (i < j, no wrap) by one Bézier; on success fills `join`.
 * @param area prefix sums of the segments' signed areas (fan from vertex 0 plus bulges)
 */
function tryJoin(
  p: PathData,
  area: Float64Array,
  i: number,
  j: number,
  tolerance: number,
): boolean {
  const { m, vx, vy, alpha } = p
  const ip = i === 0 ? m - 1 : i - 1
  const jn = j + 1 === m ? 0 : j + 1
  const p0x = (vx[ip]! + vx[i]!) / 2
  const p0y = (vy[ip]! + vy[i]!) / 2
  const p3x = (vx[j]! + vx[jn]!) / 2
  const p3y = (vy[j]! + vy[jn]!) / 2
  const d0x = vx[i]! - vx[ip]!
  const d0y = vy[i]! - vy[ip]!
  const d1x = vx[jn]! - vx[j]!
  const d1y = vy[jn]! - vy[j]!
  const den = d0x * d1y - d0y * d1x
  if (den === 0) return false
  const chordX = p3x - p0x
  const chordY = p3y - p0y
  const s = (chordX * d1y - chordY * d1x) / den
  const t = (chordY * d0x - chordX * d0y) / den
  if (!(s > 0 && t > 0)) return false
  const ox = p0x + s * d0x
  const oy = p0y + s * d0y
  const triangle = ((ox - p0x) * chordY - (oy - p0y) * chordX) / 2
  const rx = vx[0]!
  const ry = vy[0]!
  const target = area[j + 1]! - area[i]! + ((p3x - rx) * (p0y - ry) - (p3y - ry) * (p0x - rx)) / 2
  const ratio = target / triangle
  if (!(ratio > 0 && ratio < 1.2)) return false
  const f = 2 - Math.sqrt(4 - ratio / 0.3)
  const c1x = p0x + f * (ox - p0x)
  const c1y = p0y + f * (oy - p0y)
  const c2x = p3x + f * (ox - p3x)
  const c2y = p3y + f * (oy - p3y)
  probe[0] = p0x
  probe[1] = p0y
  probe[2] = c1x
  probe[3] = c1y
  probe[4] = c2x
  probe[5] = c2y
  probe[6] = p3x
  probe[7] = p3y
  probe[PENALTY] = 0
  for (let k = i; k <= j; k++) {
    const kp = k === 0 ? m - 1 : k - 1
    const kn = k + 1 === m ? 0 : k + 1
    const bx = vx[k]!
    const by = vy[k]!
    const s0x = (vx[kp]! + bx) / 2
    const s0y = (vy[kp]! + by) / 2
    const s1x = (bx + vx[kn]!) / 2
    const s1y = (by + vy[kn]!) / 2
    if (k > i) {
      // The joint at the midpoint of side (k − 1, k), tangent along that side.
      probe[Q] = s0x
      probe[Q + 1] = s0y
      probe[Q + 2] = bx - vx[kp]!
      probe[Q + 3] = by - vy[kp]!
      if (!fitsTangent(tolerance)) return false
    }
    // The middle of segment k, tangent along its chord.
    const w = (3 * alpha[k]!) / 4
    probe[Q] = (1 - w) * ((s0x + s1x) / 2) + w * bx
    probe[Q + 1] = (1 - w) * ((s0y + s1y) / 2) + w * by
    probe[Q + 2] = s1x - s0x
    probe[Q + 3] = s1y - s0y
    if (!fitsTangent(tolerance)) return false
  }
  join.c1x = c1x
  join.c1y = c1y
  join.c2x = c2x
  join.c2y = c2y
  join.penalty = probe[PENALTY]!
  return true
}

/**
 * Whether the Bézier of `probe` stays within `tolerance` px of the original outline at its
 * tangent point q (direction e); adds the squared distance to probe[PENALTY] when it does. The
 * distance is between the tangent line of the original outline at q and the parallel tangent of
 * the Bézier; there is none (false) when the Bézier has no tangent in that direction on [0, 1],
 * or has it beside the original piece: e spans the piece (a side of the polygon, or the chord of
 * a segment) centred on q.
 */
function fitsTangent(tolerance: number): boolean {
  const p0x = probe[0]!
  const p0y = probe[1]!
  const c1x = probe[2]!
  const c1y = probe[3]!
  const c2x = probe[4]!
  const c2y = probe[5]!
  const p3x = probe[6]!
  const p3y = probe[7]!
  const qx = probe[Q]!
  const qy = probe[Q + 1]!
  const ex = probe[Q + 2]!
  const ey = probe[Q + 3]!
  const a = (c1x - p0x) * ey - (c1y - p0y) * ex
  const b = (c2x - c1x) * ey - (c2y - c1y) * ex
  const c = (p3x - c2x) * ey - (p3y - c2y) * ex
  const qa = a - 2 * b + c
  const qb = 2 * (b - a)
  let t: number
  if (Math.abs(qa) < 1e-12 * (Math.abs(a) + Math.abs(b) + Math.abs(c) + 1e-300)) {
    if (qb === 0) return false
    t = -a / qb
  } else {
    const disc = qb * qb - 4 * qa * a
    if (disc < 0) return false
    const root = Math.sqrt(disc)
    const t1 = (-qb + root) / (2 * qa)
    const t2 = (-qb - root) / (2 * qa)
    t = t1 >= -1e-9 && t1 <= 1 + 1e-9 ? t1 : t2
  }
  if (!(t >= -1e-9 && t <= 1 + 1e-9)) return false
  const u = 1 - t
  const b0 = u * u * u
  const b1 = 3 * u * u * t
  const b2 = 3 * u * t * t
  const b3 = t * t * t
  const px = b0 * p0x + b1 * c1x + b2 * c2x + b3 * p3x
  const py = b0 * p0y + b1 * c1y + b2 * c2y + b3 * p3y
  // The tangent point must also face the original piece: its projection on the tangent line
  // lies within half the piece (ex, ey) on either side of (qx, qy).
  const e2 = ex * ex + ey * ey
  if (Math.abs((px - qx) * ex + (py - qy) * ey) > 0.5 * e2) return false
  const d = Math.abs((px - qx) * ey - (py - qy) * ex) / Math.sqrt(e2)
  if (!(d <= tolerance)) return false
  probe[PENALTY]! += d * d
  return true
}

/**
 * Cubic Bézier → circular arcs for the DXF writer (vectorize path, write step): LWPOLYLINE
 * vertices carry arcs as bulges but have no Bézier, and we write no SPLINE entities.
 */

import { segmentDistance } from '../lib/segment-distance'

/*
 * Stage: cubic to arcs.
 * Job: replace one cubic Bézier by a chain of tangent-continuous arcs within a tolerance.
 * Input → output: the cubic's four points, a tolerance → (bulge, end point) pairs in order.
 * Method: biarc interpolation (K. M. Bolton, "Biarc curves", Computer-Aided Design 7(2), 1975):
 * two arcs matching the cubic's end points and end tangents, joined where the two tangent
 * lengths are equal (the equal-d choice: d solves 2(1 − t1·t2)d² + 2(v·(t1 + t2))d − v·v = 0 for
 * the chord v and unit end tangents t1, t2). The cubic is first cut at its inflections (roots of
 * cross(B', B'')), so each piece turns one way. A biarc is accepted when it passes both checks:
 * cubic samples to the arcs, and arc points (quarters and middle) to the nearest point of the
 * cubic (coarse search, then Newton). Otherwise the piece is split at t = 1/2 (de Casteljau) and
 * each half fitted again. A piece whose control points lie within the tolerance of its chord
 * becomes one straight segment (bulge 0).
 * Speed: no allocation (module scratch arrays) and no trigonometry in the checks. The DXF of
 * 200k smooth random cubics took 0.78 s with per-fit objects and an atan2 per distance, 0.55 s
 * now; a 2000-outline page of 16.7k cubics takes 54 ms (Node 22, one-off timing script).
 */

/** Receives one arc (or line, bulge 0) from the previous end point to (x, y). */
export type ArcSink = (bulge: number, x: number, y: number) => void

/** Halvings before a piece is written as a line: 1/1024 of the cubic is below any tolerance. */
const MAX_DEPTH = 10
/** Cubic samples (interior t = k/8) checked against the arcs. */
const CUBIC_SAMPLES = 8
/** Coarse samples of the cubic that start the nearest-point search for an arc point. */
const SEARCH_POINTS = 8
/** Newton steps refining the nearest point on the cubic. */
const NEWTON_STEPS = 3
/**
 * Share of the tolerance the sampled checks may use. On 3000 random cubics each of smooth and
 * looping shapes, 1.0 let the densely measured distance reach 1.04× and 1.25× the tolerance.
 */
const SAMPLED_SHARE = 0.8
/** Arcs turning further than this from their chord (bulge ≥ tan(81°)) are refused: split instead. */
const MAX_HALF_TURN = 0.9 * Math.PI

// Fields of one candidate arc in {@link arcs}: start, end, centre, radius (0 for a straight
// piece), signed sweep in radians, bulge.
const SX = 0
const SY = 1
const EX = 2
const EY = 3
const CX = 4
const CY = 5
const R = 6
const SWEEP = 7
const BULGE = 8
const ARC_FIELDS = 9

/** The two arcs of the biarc being checked. */
const arcs = new Float64Array(2 * ARC_FIELDS)
/** The cubic being checked, in power form B(t) = d + c·t + b·t² + a·t³: [ax ay bx by cx cy dx dy]. */
const power = new Float64Array(8)
/** Inflection parameters of the cubic being split. */
const roots = new Float64Array(2)

/**
 * Approximates a cubic Bézier by arcs. Frame: a positive bulge turns towards increasing atan2
 * angle in the coordinates given (counterclockwise in DXF's y-up world coordinates), so give it
 * output coordinates, not the model's y-down pixels.
 * @param tolerance largest distance between the cubic and its arcs, in the same units
 * @param emit called per piece in order; the last call ends exactly on (x3, y3)
 */
export function cubicToArcs(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  x3: number,
  y3: number,
  tolerance: number,
  emit: ArcSink,
): void {
  // The checks sample the curves, so a maximum between samples can exceed what they see: fit to
  // a tighter bound to keep the true distance within `tolerance`.
  tolerance *= SAMPLED_SHARE
  const count = inflections(x0, y0, x1, y1, x2, y2, x3, y3)
  const first = roots[0]!
  const second = roots[1]!
  let done = 0
  for (let i = 0; i < count; i++) {
    // Split the rest of the cubic at the whole cubic's parameter of this inflection.
    const cut = i === 0 ? first : second
    const t = (cut - done) / (1 - done)
    const ax = x0 + (x1 - x0) * t
    const ay = y0 + (y1 - y0) * t
    const bx = x1 + (x2 - x1) * t
    const by = y1 + (y2 - y1) * t
    const cx = x2 + (x3 - x2) * t
    const cy = y2 + (y3 - y2) * t
    const abx = ax + (bx - ax) * t
    const aby = ay + (by - ay) * t
    const bcx = bx + (cx - bx) * t
    const bcy = by + (cy - by) * t
    const mx = abx + (bcx - abx) * t
    const my = aby + (bcy - aby) * t
    fitPiece(x0, y0, ax, ay, abx, aby, mx, my, tolerance, emit, 0)
    x0 = mx
    y0 = my
    x1 = bcx
    y1 = bcy
    x2 = cx
    y2 = cy
    done = cut
  }
  fitPiece(x0, y0, x1, y1, x2, y2, x3, y3, tolerance, emit, 0)
}

/**
 * Writes into {@link roots} the parameters in (0, 1) where the cubic's curvature changes sign,
 * ascending, and returns how many: roots of cross(v, w)·t² + cross(u, w)·t + cross(u, v) with
 * u = P1 − P0, v = P2 − 2·P1 + P0, w = P3 − 3·P2 + 3·P1 − P0 (B'/3 = u + 2tv + t²w, B''/6 = v + tw).
 */
function inflections(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  x3: number,
  y3: number,
): number {
  const ux = x1 - x0
  const uy = y1 - y0
  const vx = x2 - 2 * x1 + x0
  const vy = y2 - 2 * y1 + y0
  const wx = x3 - 3 * x2 + 3 * x1 - x0
  const wy = y3 - 3 * y2 + 3 * y1 - y0
  const a = vx * wy - vy * wx
  const b = ux * wy - uy * wx
  const c = ux * vy - uy * vx
  const scale = Math.abs(a) + Math.abs(b) + Math.abs(c)
  let r0 = Number.NaN
  let r1 = Number.NaN
  if (scale === 0) return 0
  if (Math.abs(a) < 1e-12 * scale) {
    if (b !== 0) r0 = -c / b
  } else {
    const disc = b * b - 4 * a * c
    if (disc >= 0) {
      // The two roots in the form that does not cancel.
      const q = -(b + (b < 0 ? -1 : 1) * Math.sqrt(disc)) / 2
      r0 = q / a
      if (q !== 0) r1 = c / q
    }
  }
  let count = 0
  const inside = (t: number) => t > 1e-3 && t < 1 - 1e-3
  if (inside(r0)) roots[count++] = r0
  if (inside(r1)) roots[count++] = r1
  if (count === 2 && roots[0]! > roots[1]!) {
    roots[0] = r1
    roots[1] = r0
  }
  return count
}

function fitPiece(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  x3: number,
  y3: number,
  tolerance: number,
  emit: ArcSink,
  depth: number,
): void {
  if (depth >= MAX_DEPTH || nearlyStraight(x0, y0, x1, y1, x2, y2, x3, y3, tolerance)) {
    emit(0, x3, y3)
    return
  }
  if (fitBiarc(x0, y0, x1, y1, x2, y2, x3, y3, tolerance)) {
    emit(arcs[BULGE]!, arcs[EX]!, arcs[EY]!)
    emit(arcs[ARC_FIELDS + BULGE]!, x3, y3)
    return
  }
  // de Casteljau at t = 1/2.
  const ax = (x0 + x1) / 2
  const ay = (y0 + y1) / 2
  const bx = (x1 + x2) / 2
  const by = (y1 + y2) / 2
  const cx = (x2 + x3) / 2
  const cy = (y2 + y3) / 2
  const abx = (ax + bx) / 2
  const aby = (ay + by) / 2
  const bcx = (bx + cx) / 2
  const bcy = (by + cy) / 2
  const mx = (abx + bcx) / 2
  const my = (aby + bcy) / 2
  fitPiece(x0, y0, ax, ay, abx, aby, mx, my, tolerance, emit, depth + 1)
  fitPiece(mx, my, bcx, bcy, cx, cy, x3, y3, tolerance, emit, depth + 1)
}

/** True when both control points lie within `tolerance` of the chord, between its ends. */
function nearlyStraight(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  x3: number,
  y3: number,
  tolerance: number,
): boolean {
  const vx = x3 - x0
  const vy = y3 - y0
  const length = Math.hypot(vx, vy)
  if (length <= tolerance) {
    return Math.hypot(x1 - x0, y1 - y0) <= tolerance && Math.hypot(x2 - x0, y2 - y0) <= tolerance
  }
  return (
    nearChord(vx, vy, length, x1 - x0, y1 - y0, tolerance) &&
    nearChord(vx, vy, length, x2 - x0, y2 - y0, tolerance)
  )
}

/** Whether (px, py) (relative to the chord's start) is within `tolerance` of the chord v. */
function nearChord(
  vx: number,
  vy: number,
  length: number,
  px: number,
  py: number,
  tolerance: number,
): boolean {
  if (Math.abs(vx * py - vy * px) > tolerance * length) return false
  const along = vx * px + vy * py
  return along >= -tolerance * length && along <= (length + tolerance) * length
}

/**
 * Fits one biarc into {@link arcs}; returns true when it is within `tolerance` of the cubic (the
 * caller then emits it).
 */
function fitBiarc(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  x3: number,
  y3: number,
  tolerance: number,
): boolean {
  const tiny = tolerance * 1e-6
  // End tangents, falling back to the next control point when one coincides with its end.
  let t1x = x1 - x0
  let t1y = y1 - y0
  if (Math.hypot(t1x, t1y) <= tiny) {
    t1x = x2 - x0
    t1y = y2 - y0
  }
  let t2x = x3 - x2
  let t2y = y3 - y2
  if (Math.hypot(t2x, t2y) <= tiny) {
    t2x = x3 - x1
    t2y = y3 - y1
  }
  const l1 = Math.hypot(t1x, t1y)
  const l2 = Math.hypot(t2x, t2y)
  if (l1 <= tiny || l2 <= tiny) return false
  t1x /= l1
  t1y /= l1
  t2x /= l2
  t2y /= l2

  const vx = x3 - x0
  const vy = y3 - y0
  const vv = vx * vx + vy * vy
  if (vv <= tiny * tiny) return false
  const a = 2 * (1 - (t1x * t2x + t1y * t2y))
  const b = 2 * (vx * (t1x + t2x) + vy * (t1y + t2y))
  let d: number
  if (a < 1e-12) {
    if (b <= 0) return false
    d = vv / b
  } else {
    const root = Math.sqrt(b * b + 4 * a * vv)
    // The positive root, in the form that does not cancel.
    d = b >= 0 ? (2 * vv) / (b + root) : (root - b) / (2 * a)
  }
  if (!(d > 0) || !Number.isFinite(d)) return false

  const jx = (x0 + x3 + d * (t1x - t2x)) / 2
  const jy = (y0 + y3 + d * (t1y - t2y)) / 2
  // Each arc turns from its tangent to its chord by half its included angle, so bulge =
  // tan(θ/4) = tan(φ/2) with φ the signed angle between tangent and chord.
  const c1x = jx - x0
  const c1y = jy - y0
  const c2x = x3 - jx
  const c2y = y3 - jy
  const phi1 = Math.atan2(t1x * c1y - t1y * c1x, t1x * c1x + t1y * c1y)
  const phi2 = Math.atan2(c2x * t2y - c2y * t2x, c2x * t2x + c2y * t2y)
  if (Math.abs(phi1) > MAX_HALF_TURN || Math.abs(phi2) > MAX_HALF_TURN) return false
  setArc(0, x0, y0, jx, jy, Math.tan(phi1 / 2))
  setArc(ARC_FIELDS, jx, jy, x3, y3, Math.tan(phi2 / 2))

  // Cubic samples to the biarc.
  for (let k = 1; k < CUBIC_SAMPLES; k++) {
    const t = k / CUBIC_SAMPLES
    const u = 1 - t
    const w0 = u * u * u
    const w1 = 3 * u * u * t
    const w2 = 3 * u * t * t
    const w3 = t * t * t
    const px = w0 * x0 + w1 * x1 + w2 * x2 + w3 * x3
    const py = w0 * y0 + w1 * y1 + w2 * y2 + w3 * y3
    if (arcDistance(0, px, py) > tolerance && arcDistance(ARC_FIELDS, px, py) > tolerance) {
      return false
    }
  }
  // Arc points to the cubic, which catches an arc swinging wide between cubic samples.
  power[0] = x3 - 3 * x2 + 3 * x1 - x0
  power[1] = y3 - 3 * y2 + 3 * y1 - y0
  power[2] = 3 * (x2 - 2 * x1 + x0)
  power[3] = 3 * (y2 - 2 * y1 + y0)
  power[4] = 3 * (x1 - x0)
  power[5] = 3 * (y1 - y0)
  power[6] = x0
  power[7] = y0
  return arcNearCubic(0, tolerance) && arcNearCubic(ARC_FIELDS, tolerance)
}

/** Fills one arc's fields from its ends and bulge (a bulge below 1e-9 is a straight piece). */
function setArc(o: number, sx: number, sy: number, ex: number, ey: number, bulge: number): void {
  arcs[o + SX] = sx
  arcs[o + SY] = sy
  arcs[o + EX] = ex
  arcs[o + EY] = ey
  arcs[o + BULGE] = bulge
  if (Math.abs(bulge) < 1e-9) {
    arcs[o + R] = 0
    return
  }
  // Centre on the chord's bisector, (1 − b²)/(4b) chords to its left (see arc-geometry.ts).
  const dx = ex - sx
  const dy = ey - sy
  const k = (1 - bulge * bulge) / (4 * bulge)
  arcs[o + CX] = (sx + ex) / 2 - dy * k
  arcs[o + CY] = (sy + ey) / 2 + dx * k
  arcs[o + R] = (Math.hypot(dx, dy) * (1 + bulge * bulge)) / (4 * Math.abs(bulge))
  arcs[o + SWEEP] = 4 * Math.atan(bulge)
}

/** Distance from (px, py) to an arc: to its circle inside its angular span, else to an end. */
function arcDistance(o: number, px: number, py: number): number {
  const sx = arcs[o + SX]!
  const sy = arcs[o + SY]!
  const ex = arcs[o + EX]!
  const ey = arcs[o + EY]!
  const r = arcs[o + R]!
  if (r === 0) return segmentDistance(px, py, sx, sy, ex, ey)
  const cx = arcs[o + CX]!
  const cy = arcs[o + CY]!
  const sweep = arcs[o + SWEEP]!
  const qx = px - cx
  const qy = py - cy
  // Inside the span: turned from the start the sweep's way, and not yet past the end. An arc
  // over half a turn spans everything but the wedge from its end on to its start.
  const sign = sweep > 0 ? 1 : -1
  const afterStart = sign * ((sx - cx) * qy - (sy - cy) * qx) >= 0
  const beforeEnd = sign * (qx * (ey - cy) - qy * (ex - cx)) >= 0
  const inside = Math.abs(sweep) <= Math.PI ? afterStart && beforeEnd : afterStart || beforeEnd
  if (inside) return Math.abs(Math.hypot(qx, qy) - r)
  return Math.min(Math.hypot(px - sx, py - sy), Math.hypot(px - ex, py - ey))
}

/**
 * Whether an arc's middle and quarter points lie within `tolerance` of the cubic in
 * {@link power}. The arc's middle is its sagitta point, chord middle + (dy, −dx) · b/2, and each
 * half is an arc of bulge b / (1 + √(1 + b²)) (half the angle), so no trigonometry is needed.
 */
function arcNearCubic(o: number, tolerance: number): boolean {
  const sx = arcs[o + SX]!
  const sy = arcs[o + SY]!
  const ex = arcs[o + EX]!
  const ey = arcs[o + EY]!
  const b = arcs[o + BULGE]!
  const mx = (sx + ex) / 2 + ((ey - sy) * b) / 2
  const my = (sy + ey) / 2 - ((ex - sx) * b) / 2
  const h = b / (1 + Math.sqrt(1 + b * b))
  const q1x = (sx + mx) / 2 + ((my - sy) * h) / 2
  const q1y = (sy + my) / 2 - ((mx - sx) * h) / 2
  const q3x = (mx + ex) / 2 + ((ey - my) * h) / 2
  const q3y = (my + ey) / 2 - ((ex - mx) * h) / 2
  return (
    distanceToCubic(mx, my) <= tolerance &&
    distanceToCubic(q1x, q1y) <= tolerance &&
    distanceToCubic(q3x, q3y) <= tolerance
  )
}

/**
 * Distance from (px, py) to the cubic in {@link power}: the nearest of SEARCH_POINTS + 1 samples,
 * refined by Newton steps on (B(t) − p)·B'(t) = 0.
 */
function distanceToCubic(px: number, py: number): number {
  const ax = power[0]!
  const ay = power[1]!
  const bx = power[2]!
  const by = power[3]!
  const cx = power[4]!
  const cy = power[5]!
  const dx = power[6]! - px
  const dy = power[7]! - py
  let bestT = 0
  let best = Number.POSITIVE_INFINITY
  for (let k = 0; k <= SEARCH_POINTS; k++) {
    const t = k / SEARCH_POINTS
    const ex = ((ax * t + bx) * t + cx) * t + dx
    const ey = ((ay * t + by) * t + cy) * t + dy
    const d = ex * ex + ey * ey
    if (d < best) {
      best = d
      bestT = t
    }
  }
  let t = bestT
  for (let i = 0; i < NEWTON_STEPS; i++) {
    const ex = ((ax * t + bx) * t + cx) * t + dx
    const ey = ((ay * t + by) * t + cy) * t + dy
    const d1x = (3 * ax * t + 2 * bx) * t + cx
    const d1y = (3 * ay * t + 2 * by) * t + cy
    const f = ex * d1x + ey * d1y
    const df = d1x * d1x + d1y * d1y + ex * (6 * ax * t + 2 * bx) + ey * (6 * ay * t + 2 * by)
    if (df <= 0) break
    t = Math.min(1, Math.max(0, t - f / df))
  }
  const ex = ((ax * t + bx) * t + cx) * t + dx
  const ey = ((ay * t + by) * t + cy) * t + dy
  return Math.sqrt(Math.min(best, ex * ex + ey * ey))
}

/**
 * Fit stage of the lineart engine (link strokes → fit curves → line weight): turns each stroke's
 * pixel polyline into a few lines, circular arcs and cubic Béziers, keeping its corners sharp.
 */

import { hypot2 } from '../../lib/hypot'
import { segmentDistance } from '../../lib/segment-distance'
import type { Point, Segment, VectorPath } from '../vector'
import type { StrokePolyline } from './link-strokes'
import { type Axis, AxisFit } from './principal-axis'

/*
 * Stage: fit curves.
 * Job: the fewest segments that stay within `tolerance` pixels of the centerline.
 * Input → output: StrokePolyline → VectorPath (lines, arcs, cubics).
 * Method:
 * 1. Corners: the turn between the chords to the points `k` before and after each point (k from
 *    the stroke width, so pixel staircases are not corners); a local maximum above CORNER_TURN
 *    is a corner. Junction pass-throughs are kept as vertices too.
 * 2. Each piece between corners is smoothed ([1 2 1] / 4, twice, ends fixed: pixel staircases
 *    are noise of ±0.5 px) and fitted recursively: a line if every point is within tolerance of
 *    the chord; else a circular arc through both ends (least-squares centre on the chord's
 *    bisector) if every point is within tolerance of it; else one cubic Bézier by Schneider's
 *    least-squares fit with Newton reparameterisation ("An algorithm for automatically fitting
 *    digitized curves", Graphics Gems, 1990); else split at the worst point, with one tangent
 *    shared by both halves so the curve stays smooth there.
 * 3. A closed stroke with no corner is cut in two halves (an arc cannot start and end at the
 *    same point).
 * Lines and arcs first: CAD importers want them (DXF LWPOLYLINE bulges), and they are exact for
 * most of what patent figures draw.
 */

/** Turn at a point, over ±k points, above which it is a corner (radians). */
const CORNER_TURN = (55 * Math.PI) / 180
/**
 * A sharpened corner moves at most this many stroke widths (+ 1 px): thinning cuts a thick right
 * angle about 0.35 widths inside its corner, an acute one farther; a rounded turn's arms meet
 * well outside the ink (a bold "J"'s hook: 1.3 widths).
 */
const SHARPEN_REACH_WIDTHS = 0.75
/** A turn with as much as this share of it still turning k points away on both sides is a curve. */
const ROUND_TURN_SHARE = 0.5
/** A piece is fitted within 1 / this of its extent, at most (see pieceTolerance). */
const PIECE_EXTENT_SHARE = 8
const MIN_TOLERANCE_PX = 0.25
/** Arcs flatter than this sagitta-to-chord ratio are left to the line test (and cubics). */
const MAX_ARC_RADIUS_CHORDS = 50
/** An arc longer than this many times its points' polyline (+ 2 px) is not their curve. */
const ARC_LENGTH_SLACK = 1.25

/** Fitting parameters in pixels. */
export interface FitParams {
  /** Largest distance allowed between the fitted path and the centerline. */
  tolerance: number
  /** Stroke width, which scales corner detection. */
  width: number
}

/** @returns the fitted path of `stroke` (a dot when it has one point) */
export function fitStroke(stroke: StrokePolyline, params: FitParams): VectorPath {
  const { points, closed } = stroke
  const n = points.length / 2
  if (n === 1) return { start: { x: points[0]!, y: points[1]! }, segments: [], closed: false }
  const xs = new Float64Array(n + (closed ? 1 : 0))
  const ys = new Float64Array(xs.length)
  let corners = findCorners(points, closed, params.width)
  let junctions = stroke.junctions
  // A closed stroke starts at a corner (or a junction), so no corner sits at its seam.
  const shift = closed ? (corners[0] ?? junctions[0] ?? 0) : 0
  for (let i = 0; i < n; i++) {
    const j = (i + shift) % n
    xs[i] = points[2 * j]!
    ys[i] = points[2 * j + 1]!
  }
  if (closed) {
    xs[n] = xs[0]!
    ys[n] = ys[0]!
    corners = corners.map((c) => (c - shift + n) % n)
    junctions = junctions.map((j) => (j - shift + n) % n)
  }
  const last = xs.length - 1
  const breaks = new Set<number>([0, last, ...junctions.filter((j) => j > 0 && j < last)])
  for (const c of corners) if (c > 0) breaks.add(c)
  if (closed && breaks.size === 2) breaks.add(Math.floor(last / 2))
  const cuts = [...breaks].sort((a, b) => a - b)
  for (const c of corners) sharpenCorner(xs, ys, c, cuts, closed, params.width)
  const start = { x: xs[0]!, y: ys[0]! }
  const segments: Segment[] = []
  for (let c = 1; c < cuts.length; c++) {
    const i0 = cuts[c - 1]!
    const i1 = cuts[c]!
    const px = xs.slice(i0, i1 + 1)
    const py = ys.slice(i0, i1 + 1)
    smooth(px, py)
    // Counters close in loops; an open stroke's short pieces (ticks, stipple) stay lines.
    const tolerance = closed ? pieceTolerance(px, py, params.tolerance) : params.tolerance
    fitPiece(px, py, 0, px.length - 1, null, null, tolerance, segments)
  }
  return { start, segments: joinCollinear(start, segments, params.tolerance), closed }
}

/**
 * The tolerance for one piece of a closed stroke: at most an eighth of its extent (never under
 * MIN_TOLERANCE_PX), so a small letter's loop is not fitted as straight lines a pixel inside
 * it, which closes its counter (a 22 px bold "8" whose loops are 7 px across).
 */
function pieceTolerance(xs: Float64Array, ys: Float64Array, tolerance: number): number {
  let x0 = xs[0]!
  let x1 = x0
  let y0 = ys[0]!
  let y1 = y0
  for (let i = 1; i < xs.length; i++) {
    x0 = Math.min(x0, xs[i]!)
    x1 = Math.max(x1, xs[i]!)
    y0 = Math.min(y0, ys[i]!)
    y1 = Math.max(y1, ys[i]!)
  }
  return Math.min(
    tolerance,
    Math.max(MIN_TOLERANCE_PX, hypot2(x1 - x0, y1 - y0) / PIECE_EXTENT_SHARE),
  )
}

/** Indices of corners: local maxima of the turn over ±k points, above CORNER_TURN. */
function findCorners(points: Float32Array, closed: boolean, width: number): number[] {
  const n = points.length / 2
  const k = Math.max(3, Math.round(1.5 * width))
  if (n < 2 * k + 1) return []
  const turn = new Float64Array(n)
  for (let i = 0; i < n; i++) {
    if (!closed && (i < k || i >= n - k)) continue
    const a = (i - k + n) % n
    const b = (i + k) % n
    const ux = points[2 * i]! - points[2 * a]!
    const uy = points[2 * i + 1]! - points[2 * a + 1]!
    const vx = points[2 * b]! - points[2 * i]!
    const vy = points[2 * b + 1]! - points[2 * i + 1]!
    turn[i] = Math.abs(Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy))
  }
  const corners: number[] = []
  const turnAt = (j: number) => (closed ? turn[(j + n) % n]! : j < 0 || j >= n ? 0 : turn[j]!)
  for (let i = 0; i < n; i++) {
    const t = turn[i]!
    if (t < CORNER_TURN) continue
    // A tight curve turns as much all along (a bold letter's bowl, radius about k): a corner
    // turns where it is, and the arms k away turn less.
    if (Math.min(turnAt(i - k), turnAt(i + k)) >= ROUND_TURN_SHARE * t) continue
    // First point of a plateau wins: strictly above what follows, at least what precedes.
    let isMax = true
    for (let d = 1; d <= k && isMax; d++) {
      if (turn[(i + d) % n]! > t || turn[(i - d + n) % n]! >= t) isMax = false
    }
    if (isMax) corners.push(i)
  }
  return corners
}

/**
 * Thinning cuts a thick stroke's corner diagonally. Put the corner back where the two arms meet:
 * fit a line to each arm beyond the cut (from `near` to `far` points away), move the corner
 * point to their intersection and the points of the cut onto their arm's line. Left alone when
 * the intersection is far (SHARPEN_REACH_WIDTHS: the arms are not straight there).
 */
function sharpenCorner(
  xs: Float64Array,
  ys: Float64Array,
  c: number,
  cuts: number[],
  closed: boolean,
  width: number,
): void {
  const last = xs.length - 1
  const near = Math.max(2, Math.round(0.75 * width))
  const far = near + Math.max(4, Math.round(2 * width))
  // A closed stroke's first corner is index 0 and index `last` both: its arm before runs
  // backwards from `last`.
  const seam = closed && c === 0
  const at = cuts.indexOf(c)
  const corner = seam ? last : c
  const before = seam ? (cuts[cuts.length - 2] ?? 0) : (cuts[at - 1] ?? 0)
  const after = cuts[at + 1] ?? last
  if (corner - before <= near + 1 || after - c <= near + 1) return
  const a = fitLine(xs, ys, Math.max(before, corner - far), corner - near)
  const b = fitLine(xs, ys, c + near, Math.min(after, c + far))
  if (!a || !b) return
  const det = a.dx * b.dy - a.dy * b.dx
  if (Math.abs(det) < 0.2) return
  const t = ((b.cx - a.cx) * b.dy - (b.cy - a.cy) * b.dx) / det
  const x = a.cx + t * a.dx
  const y = a.cy + t * a.dy
  if (hypot2(x - xs[c]!, y - ys[c]!) > SHARPEN_REACH_WIDTHS * width + 1) return
  for (let j = corner - near + 1; j < corner; j++) project(xs, ys, j, a)
  for (let j = c + 1; j < c + near; j++) project(xs, ys, j, b)
  xs[c] = x
  ys[c] = y
  xs[corner] = x
  ys[corner] = y
}

/** Principal axis of points i0…i1 (inclusive), or null with fewer than two points. */
function fitLine(xs: Float64Array, ys: Float64Array, i0: number, i1: number): Axis | null {
  const fit = new AxisFit()
  for (let i = i0; i <= i1; i++) fit.add(xs[i]!, ys[i]!)
  return fit.axis()
}

function project(xs: Float64Array, ys: Float64Array, i: number, line: Axis): void {
  const t = (xs[i]! - line.cx) * line.dx + (ys[i]! - line.cy) * line.dy
  xs[i] = line.cx + t * line.dx
  ys[i] = line.cy + t * line.dy
}

/**
 * Joins runs of line segments that are one straight line (split by a junction pass-through or
 * by the recursive fit): a vertex goes when it, and every vertex already merged into the run,
 * is within a quarter of the tolerance of the run's new chord.
 */
function joinCollinear(start: Point, segments: Segment[], tolerance: number): Segment[] {
  const out: Segment[] = []
  const limit = tolerance / 4
  let runStart = start
  /** Vertices merged into the last output line, which must stay on its chord. */
  let merged: Point[] = []
  let from = start
  for (const segment of segments) {
    const last = out[out.length - 1]
    if (segment.kind === 'line' && last?.kind === 'line') {
      const inner = [...merged, last.to]
      if (
        inner.every(
          (v) =>
            segmentDistance(v.x, v.y, runStart.x, runStart.y, segment.to.x, segment.to.y) <= limit,
        )
      ) {
        last.to = segment.to
        merged = inner
        from = segment.to
        continue
      }
    }
    runStart = from
    merged = []
    out.push(segment.kind === 'line' ? { kind: 'line', to: segment.to } : segment)
    from = segment.to
  }
  // Sized exactly: a pushed-to array keeps room for 17, and the drawing holds one per path
  // (55 000 on a noise sheet) until it is written.
  return out.slice()
}

/** Two passes of [1 2 1] / 4 over the interior points; the ends stay. */
function smooth(xs: Float64Array, ys: Float64Array): void {
  const n = xs.length
  for (let pass = 0; pass < 2; pass++) {
    let px = xs[0]!
    let py = ys[0]!
    for (let i = 1; i < n - 1; i++) {
      const x = xs[i]!
      const y = ys[i]!
      xs[i] = (px + 2 * x + xs[i + 1]!) / 4
      ys[i] = (py + 2 * y + ys[i + 1]!) / 4
      px = x
      py = y
    }
  }
}

type Tangent = { x: number; y: number } | null

/** Fits points i0…i1 (see the banner, step 2), appending segments. */
function fitPiece(
  xs: Float64Array,
  ys: Float64Array,
  i0: number,
  i1: number,
  startTangent: Tangent,
  endTangent: Tangent,
  tolerance: number,
  out: Segment[],
): void {
  const to = { x: xs[i1]!, y: ys[i1]! }
  if (i1 - i0 < 2 || lineError(xs, ys, i0, i1) <= tolerance) {
    out.push({ kind: 'line', to })
    return
  }
  const arc = fitArc(xs, ys, i0, i1, tolerance)
  if (arc !== null) {
    out.push({ kind: 'arc', to, bulge: arc })
    return
  }
  const t1 = startTangent ?? endDirection(xs, ys, i0, i1)
  const t2 = endTangent ?? endDirection(xs, ys, i1, i0)
  const cubic = fitCubic(xs, ys, i0, i1, t1, t2)
  if (cubic.error <= tolerance * tolerance) {
    out.push({ kind: 'cubic', c1: cubic.c1, c2: cubic.c2, to })
    return
  }
  const split = Math.min(i1 - 1, Math.max(i0 + 1, cubic.worst))
  const tx = xs[split + 1]! - xs[split - 1]!
  const ty = ys[split + 1]! - ys[split - 1]!
  const tl = hypot2(tx, ty) || 1
  fitPiece(xs, ys, i0, split, startTangent, { x: tx / tl, y: ty / tl }, tolerance, out)
  fitPiece(xs, ys, split, i1, { x: -tx / tl, y: -ty / tl }, endTangent, tolerance, out)
}

/** Largest distance of points i0…i1 from the chord between the ends. */
function lineError(xs: Float64Array, ys: Float64Array, i0: number, i1: number): number {
  const ax = xs[i0]!
  const ay = ys[i0]!
  const dx = xs[i1]! - ax
  const dy = ys[i1]! - ay
  const length = hypot2(dx, dy)
  let worst = 0
  for (let i = i0 + 1; i < i1; i++) {
    const px = xs[i]! - ax
    const py = ys[i]! - ay
    const d = length > 1e-9 ? Math.abs(px * dy - py * dx) / length : hypot2(px, py)
    if (d > worst) worst = d
  }
  return worst
}

/**
 * A circular arc through both ends that every point is within `tolerance` of: the centre is on
 * the chord's perpendicular bisector, c = m + t·n, with t minimising Σ (|p − c|² − |p0 − c|²)²,
 * which is linear in t. @returns the bulge (see ../vector.ts), or null when no arc fits
 */
function fitArc(
  xs: Float64Array,
  ys: Float64Array,
  i0: number,
  i1: number,
  tolerance: number,
): number | null {
  const x0 = xs[i0]!
  const y0 = ys[i0]!
  const x1 = xs[i1]!
  const y1 = ys[i1]!
  const chord = hypot2(x1 - x0, y1 - y0)
  if (chord < 1e-6) return null
  const mx = (x0 + x1) / 2
  const my = (y0 + y1) / 2
  const nx = -(y1 - y0) / chord
  const ny = (x1 - x0) / chord
  let sab = 0
  let sbb = 0
  const p0sq = x0 * x0 + y0 * y0
  for (let i = i0 + 1; i < i1; i++) {
    const px = xs[i]!
    const py = ys[i]!
    const a = px * px + py * py - p0sq - 2 * ((px - x0) * mx + (py - y0) * my)
    const b = 2 * ((px - x0) * nx + (py - y0) * ny)
    sab += a * b
    sbb += b * b
  }
  if (sbb < 1e-12) return null
  const t = sab / sbb
  const cx = mx + t * nx
  const cy = my + t * ny
  const radius = hypot2(x0 - cx, y0 - cy)
  if (radius > MAX_ARC_RADIUS_CHORDS * chord) return null
  for (let i = i0 + 1; i < i1; i++) {
    if (Math.abs(hypot2(xs[i]! - cx, ys[i]! - cy) - radius) > tolerance) return null
  }
  // Which side of the chord the points lie on decides the arc (and its direction of turn).
  const mid = (i0 + i1) >> 1
  const side = (x1 - x0) * (ys[mid]! - y0) - (y1 - y0) * (xs[mid]! - x0)
  if (Math.abs(side) < 1e-9) return null
  const half = Math.asin(Math.min(1, chord / (2 * radius)))
  const centreSide = (x1 - x0) * (cy - y0) - (y1 - y0) * (cx - x0)
  const major = Math.sign(centreSide) === Math.sign(side)
  const included = major ? 2 * Math.PI - 2 * half : 2 * half
  if (included > 1.9 * Math.PI) return null
  // Points near both ends and the chord also lie near the circle: the arc must not go round it
  // the long way, a loop the stroke never drew. The pixel chain is never much shorter than it.
  if (included * radius > ARC_LENGTH_SLACK * chainLength(xs, ys, i0, i1) + 2) return null
  return Math.sign(side) * Math.tan(included / 4)
}

/** Length of the polyline through points i0…i1. */
function chainLength(xs: Float64Array, ys: Float64Array, i0: number, i1: number): number {
  let length = 0
  for (let i = i0 + 1; i <= i1; i++) length += hypot2(xs[i]! - xs[i - 1]!, ys[i]! - ys[i - 1]!)
  return length
}

/** Unit vector from point `from` toward the points after it (up to 4 px along). */
function endDirection(xs: Float64Array, ys: Float64Array, from: number, toward: number): Point {
  const step = toward > from ? 1 : -1
  let x = xs[from + step]!
  let y = ys[from + step]!
  for (let i = from + step; i !== toward + step; i += step) {
    x = xs[i]!
    y = ys[i]!
    if (hypot2(x - xs[from]!, y - ys[from]!) >= 4) break
  }
  const dx = x - xs[from]!
  const dy = y - ys[from]!
  const length = hypot2(dx, dy) || 1
  return { x: dx / length, y: dy / length }
}

/**
 * Schneider's fit of one cubic to points i0…i1 with unit end tangents t1 (at i0, into the
 * curve) and t2 (at i1, into the curve). @returns control points, the largest squared error and
 * the index where it occurs
 */
function fitCubic(
  xs: Float64Array,
  ys: Float64Array,
  i0: number,
  i1: number,
  t1: Point,
  t2: Point,
): { c1: Point; c2: Point; error: number; worst: number } {
  const n = i1 - i0 + 1
  const u = new Float64Array(n)
  for (let k = 1; k < n; k++) {
    u[k] = u[k - 1]! + hypot2(xs[i0 + k]! - xs[i0 + k - 1]!, ys[i0 + k]! - ys[i0 + k - 1]!)
  }
  const total = u[n - 1]! || 1
  for (let k = 0; k < n; k++) u[k] = u[k]! / total
  let best = { c1: { x: 0, y: 0 }, c2: { x: 0, y: 0 }, error: Number.POSITIVE_INFINITY, worst: i0 }
  for (let iteration = 0; iteration < 5; iteration++) {
    const controls = solveControls(xs, ys, i0, i1, u, t1, t2)
    const measured = maxError(xs, ys, i0, i1, u, controls)
    if (measured.error < best.error) best = { ...controls, ...measured }
    reparameterize(xs, ys, i0, u, controls, xs[i1]!, ys[i1]!)
  }
  return best
}

function solveControls(
  xs: Float64Array,
  ys: Float64Array,
  i0: number,
  i1: number,
  u: Float64Array,
  t1: Point,
  t2: Point,
): { c1: Point; c2: Point } {
  const x0 = xs[i0]!
  const y0 = ys[i0]!
  const x3 = xs[i1]!
  const y3 = ys[i1]!
  let c00 = 0
  let c01 = 0
  let c11 = 0
  let r0 = 0
  let r1 = 0
  for (let k = 0; k < u.length; k++) {
    const t = u[k]!
    const s = 1 - t
    const b0 = s * s * s
    const b1 = 3 * t * s * s
    const b2 = 3 * t * t * s
    const b3 = t * t * t
    const a1x = t1.x * b1
    const a1y = t1.y * b1
    const a2x = t2.x * b2
    const a2y = t2.y * b2
    c00 += a1x * a1x + a1y * a1y
    c01 += a1x * a2x + a1y * a2y
    c11 += a2x * a2x + a2y * a2y
    const rx = xs[i0 + k]! - (b0 + b1) * x0 - (b2 + b3) * x3
    const ry = ys[i0 + k]! - (b0 + b1) * y0 - (b2 + b3) * y3
    r0 += a1x * rx + a1y * ry
    r1 += a2x * rx + a2y * ry
  }
  const det = c00 * c11 - c01 * c01
  const chord = hypot2(x3 - x0, y3 - y0)
  let alpha1 = det !== 0 ? (r0 * c11 - r1 * c01) / det : 0
  let alpha2 = det !== 0 ? (c00 * r1 - c01 * r0) / det : 0
  // Schneider's fallback when the system is degenerate or gives a control point behind an end.
  if (!(alpha1 > 1e-6 * chord) || !(alpha2 > 1e-6 * chord)) {
    alpha1 = chord / 3
    alpha2 = chord / 3
  }
  return {
    c1: { x: x0 + t1.x * alpha1, y: y0 + t1.y * alpha1 },
    c2: { x: x3 + t2.x * alpha2, y: y3 + t2.y * alpha2 },
  }
}

function maxError(
  xs: Float64Array,
  ys: Float64Array,
  i0: number,
  i1: number,
  u: Float64Array,
  { c1, c2 }: { c1: Point; c2: Point },
): { error: number; worst: number } {
  let error = 0
  let worst = (i0 + i1) >> 1
  const x0 = xs[i0]!
  const y0 = ys[i0]!
  const x3 = xs[i1]!
  const y3 = ys[i1]!
  for (let k = 1; k < u.length - 1; k++) {
    const t = u[k]!
    const s = 1 - t
    const x = s * s * s * x0 + 3 * t * s * s * c1.x + 3 * t * t * s * c2.x + t * t * t * x3
    const y = s * s * s * y0 + 3 * t * s * s * c1.y + 3 * t * t * s * c2.y + t * t * t * y3
    const d = (x - xs[i0 + k]!) ** 2 + (y - ys[i0 + k]!) ** 2
    if (d > error) {
      error = d
      worst = i0 + k
    }
  }
  return { error, worst }
}

/** One Newton–Raphson step per point on |Q(u) − p|², in place. */
function reparameterize(
  xs: Float64Array,
  ys: Float64Array,
  i0: number,
  u: Float64Array,
  { c1, c2 }: { c1: Point; c2: Point },
  x3: number,
  y3: number,
): void {
  const x0 = xs[i0]!
  const y0 = ys[i0]!
  for (let k = 1; k < u.length - 1; k++) {
    const t = u[k]!
    const s = 1 - t
    const qx = s * s * s * x0 + 3 * t * s * s * c1.x + 3 * t * t * s * c2.x + t * t * t * x3
    const qy = s * s * s * y0 + 3 * t * s * s * c1.y + 3 * t * t * s * c2.y + t * t * t * y3
    const d1x = 3 * (s * s * (c1.x - x0) + 2 * t * s * (c2.x - c1.x) + t * t * (x3 - c2.x))
    const d1y = 3 * (s * s * (c1.y - y0) + 2 * t * s * (c2.y - c1.y) + t * t * (y3 - c2.y))
    const d2x = 6 * (s * (c2.x - 2 * c1.x + x0) + t * (x3 - 2 * c2.x + c1.x))
    const d2y = 6 * (s * (c2.y - 2 * c1.y + y0) + t * (y3 - 2 * c2.y + c1.y))
    const ex = qx - xs[i0 + k]!
    const ey = qy - ys[i0 + k]!
    const numerator = ex * d1x + ey * d1y
    const denominator = d1x * d1x + d1y * d1y + ex * d2x + ey * d2y
    if (Math.abs(denominator) > 1e-12) u[k] = Math.min(1, Math.max(0, t - numerator / denominator))
  }
}

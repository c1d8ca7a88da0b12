/**
 * Circular arcs given by a DXF bulge (the model's `ArcSegment`), for the vector writers
 * (vectorize path, write step): the arc's circle, its radius, and its cubic Bézier pieces.
 */

/**
 * Frame convention for every function here: angles are atan2(y, x) in the coordinates passed in,
 * and a positive bulge turns towards increasing angle (counterclockwise when y points up). In the
 * model's pixel frame (y down) a positive bulge is counterclockwise *on screen*, which is
 * decreasing atan2 angle: callers working in pixels pass `-bulge`.
 */

/** The circle an arc lies on, and where on it the arc runs. */
export interface BulgeArc {
  /** Centre, in the caller's units. */
  cx: number
  cy: number
  radius: number
  /** atan2 angle of the start point seen from the centre, in radians. */
  startAngle: number
  /** Signed included angle in radians, 4·atan(bulge): positive towards increasing angle. */
  sweep: number
}

/**
 * Radius of a bulge arc: chord · (1 + b²) / (4 |b|).
 * @param chord distance between the end points
 * @param bulge tan(θ/4), non-zero
 */
export function bulgeRadius(chord: number, bulge: number): number {
  return (chord * (1 + bulge * bulge)) / (4 * Math.abs(bulge))
}

/**
 * The circle through the arc from (x0, y0) to (x1, y1) with `bulge`.
 * @returns null when the arc is a straight line: bulge 0 or not finite, or coincident end points
 */
export function bulgeArc(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  bulge: number,
): BulgeArc | null {
  const dx = x1 - x0
  const dy = y1 - y0
  if (bulge === 0 || !Number.isFinite(bulge) || (dx === 0 && dy === 0)) return null
  // The centre sits on the chord's bisector, (1 - b²) / (4b) chord lengths to the chord's left
  // (the side a positive sweep curves away from): cot(θ/2) / 2 with θ = 4·atan(b).
  const k = (1 - bulge * bulge) / (4 * bulge)
  const cx = (x0 + x1) / 2 - dy * k
  const cy = (y0 + y1) / 2 + dx * k
  return {
    cx,
    cy,
    radius: bulgeRadius(Math.hypot(dx, dy), bulge),
    startAngle: Math.atan2(y0 - cy, x0 - cx),
    sweep: 4 * Math.atan(bulge),
  }
}

/** Receives one cubic Bézier piece that continues from the previous end point. */
export type CubicSink = (
  c1x: number,
  c1y: number,
  c2x: number,
  c2y: number,
  x: number,
  y: number,
) => void

/** Upper bound on pieces per arc; the tolerance is met far below it for any page-sized radius. */
const MAX_PIECES = 64

/**
 * Splits a bulge arc into cubic Béziers of at most 90° each, more when the radius is large, so
 * that each piece stays within `tolerance` of the circle. Control arms are 4/3 · tan(δ/4) · r
 * long (the standard tangent-matching choice); the radial error of a piece of angle δ is at most
 * r · 4/27 · sin⁶(δ/4) / cos²(δ/4), 5.4e-4 · r at 90°. The last piece ends exactly on (x1, y1).
 * A bulge that is 0 (or the two end points coincide) gives one straight "cubic".
 * @param tolerance largest radial error per piece, in the caller's units
 */
export function arcToCubics(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  bulge: number,
  tolerance: number,
  emit: CubicSink,
): void {
  const arc = bulgeArc(x0, y0, x1, y1, bulge)
  if (arc === null) {
    emit(x0, y0, x1, y1, x1, y1)
    return
  }
  const { cx, cy, radius, sweep } = arc
  const abs = Math.abs(sweep)
  let pieces = Math.max(1, Math.ceil(abs / (Math.PI / 2) - 1e-9))
  while (pieces < MAX_PIECES && pieceError(radius, abs / pieces) > tolerance) pieces++
  const delta = sweep / pieces
  const arm = (4 / 3) * Math.tan(delta / 4) * radius
  let angle = arc.startAngle
  let px = x0
  let py = y0
  for (let i = 1; i <= pieces; i++) {
    const next = angle + delta
    const cos0 = Math.cos(angle)
    const sin0 = Math.sin(angle)
    const cos1 = Math.cos(next)
    const sin1 = Math.sin(next)
    const ex = i === pieces ? x1 : cx + radius * cos1
    const ey = i === pieces ? y1 : cy + radius * sin1
    emit(px - arm * sin0, py + arm * cos0, ex + arm * sin1, ey - arm * cos1, ex, ey)
    px = ex
    py = ey
    angle = next
  }
}

/** Largest radial distance between a circle of `radius` and its cubic over `delta` radians. */
function pieceError(radius: number, delta: number): number {
  const s = Math.sin(delta / 4)
  const c = Math.cos(delta / 4)
  return (radius * 4 * s ** 6) / (27 * c * c)
}

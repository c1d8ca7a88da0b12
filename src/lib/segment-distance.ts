/** Plane geometry shared by the tracing engines and the vector writers. */

/**
 * Distance from (px, py) to the segment (ax, ay)–(bx, by); to the point when the ends coincide.
 */
export function segmentDistance(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const vx = bx - ax
  const vy = by - ay
  const vv = vx * vx + vy * vy
  const t = vv === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * vx + (py - ay) * vy) / vv))
  return Math.hypot(px - ax - t * vx, py - ay - t * vy)
}

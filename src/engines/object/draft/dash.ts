/**
 * Object drafter, broken lines drawn with the one pen: hidden edges dashed, exploded views'
 * alignment lines dash-dotted (37 CFR 1.84(h)(4) practice), each dash a short stroke of its own
 * so every output (PNG, SVG, the checker) sees plain lines.
 */

import type { Point } from '../../vector'

/** Lengths along a line: drawn, then skipped, repeating; in sheet units. */
export type DashPattern = readonly number[]

/** Dashes of hidden edges: 5 pens drawn, 3 skipped. */
export const hiddenDashes = (pen: number): DashPattern => [5 * pen, 3 * pen]
/** Dash-dot of alignment lines: a long dash, a gap, a dot, a gap. */
export const centreDashes = (pen: number): DashPattern => [10 * pen, 3 * pen, 0.75 * pen, 3 * pen]

/** Cuts a polyline into the drawn pieces of `pattern`. */
export function dashPolyline(points: readonly Point[], pattern: DashPattern): Point[][] {
  const out: Point[][] = []
  let index = 0
  let left = pattern[0]!
  let current: Point[] | null = [points[0]!]
  for (let k = 1; k < points.length; k++) {
    let a = points[k - 1]!
    const b = points[k]!
    let span = Math.hypot(b.x - a.x, b.y - a.y)
    while (span > 1e-9) {
      const step = Math.min(left, span)
      const t = step / span
      const p = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }
      if (current) current.push(p)
      span -= step
      left -= step
      a = p
      if (left <= 1e-9) {
        if (current && current.length > 1) out.push(current)
        index = (index + 1) % pattern.length
        left = pattern[index]!
        current = index % 2 === 0 ? [p] : null
      }
    }
  }
  if (current && current.length > 1) out.push(current)
  return out
}

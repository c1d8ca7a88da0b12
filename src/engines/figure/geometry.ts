/**
 * Plane geometry for placing numerals and checking figures: segments, boxes, and paths flattened
 * to segments. Sheet units, y down.
 */

import type { Point, Segment, VectorPath } from '../vector'
import type { Arrowhead, Rect } from './scene'
import { ARROW_HALF_WIDTH_PX, ARROW_LENGTH_PX } from './sheet'

export interface Segment2 {
  a: Point
  b: Point
}

/** Whether two boxes overlap (touching edges do not). */
export function rectsOverlap(p: Rect, q: Rect): boolean {
  return p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height
}

/** `r` grown by `by` on every side. */
export function inflate(r: Rect, by: number): Rect {
  return { x: r.x - by, y: r.y - by, width: r.width + 2 * by, height: r.height + 2 * by }
}

/** Whether `inner` lies inside `outer` (within `slack`). */
export function rectInside(inner: Rect, outer: Rect, slack = 0): boolean {
  return (
    inner.x >= outer.x - slack &&
    inner.y >= outer.y - slack &&
    inner.x + inner.width <= outer.x + outer.width + slack &&
    inner.y + inner.height <= outer.y + outer.height + slack
  )
}

/** Whether segments ab and cd intersect (including touching). */
export function segmentsIntersect(a: Point, b: Point, c: Point, d: Point): boolean {
  return segmentsMeet(a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y)
}

/**
 * `segmentsIntersect` on bare coordinates: numeral placement runs it millions of times on a large
 * figure, and point-taking helpers returned their orientations as boxed numbers (the 40-part
 * block diagram allocated 400 MB while drafting with them, 280 MB with this).
 */
function segmentsMeet(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): boolean {
  const o1 = orient(ax, ay, bx, by, cx, cy)
  const o2 = orient(ax, ay, bx, by, dx, dy)
  const o3 = orient(cx, cy, dx, dy, ax, ay)
  const o4 = orient(cx, cy, dx, dy, bx, by)
  if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0))) {
    return true
  }
  if (o1 === 0 && onSegment(ax, ay, cx, cy, bx, by)) return true
  if (o2 === 0 && onSegment(ax, ay, dx, dy, bx, by)) return true
  if (o3 === 0 && onSegment(cx, cy, ax, ay, dx, dy)) return true
  if (o4 === 0 && onSegment(cx, cy, bx, by, dx, dy)) return true
  return false
}

/** Twice the signed area of pqr (its sign: which side of pq r is on). */
function orient(px: number, py: number, qx: number, qy: number, rx: number, ry: number): number {
  return (qx - px) * (ry - py) - (qy - py) * (rx - px)
}

/** Whether q lies within the bounding box of pr (for collinear p, q, r). */
function onSegment(px: number, py: number, qx: number, qy: number, rx: number, ry: number) {
  return (
    Math.min(px, rx) - 1e-9 <= qx &&
    qx <= Math.max(px, rx) + 1e-9 &&
    Math.min(py, ry) - 1e-9 <= qy &&
    qy <= Math.max(py, ry) + 1e-9
  )
}

/**
 * Whether segment ab touches box r grown by `margin` on every side (crosses it or lies inside
 * it). Allocates nothing; the grown box is `inflate(r, margin)` to the last bit.
 */
export function segmentHitsRect(a: Point, b: Point, r: Rect, margin = 0): boolean {
  const left = r.x - margin
  const top = r.y - margin
  const right = left + (r.width + 2 * margin)
  const bottom = top + (r.height + 2 * margin)
  const { x: ax, y: ay } = a
  const { x: bx, y: by } = b
  if (ax > left && ax < right && ay > top && ay < bottom) return true
  if (bx > left && bx < right && by > top && by < bottom) return true
  if (Math.max(ax, bx) < left || Math.min(ax, bx) > right) return false
  if (Math.max(ay, by) < top || Math.min(ay, by) > bottom) return false
  // The boxes overlap, so the segment meets the box unless all four corners lie strictly on one
  // side of its line (the separating axis test; the corner sides are the same orientations a
  // side-by-side crossing test computes). Inline: no call, so no boxed numbers.
  const ux = bx - ax
  const uy = by - ay
  const o1 = ux * (top - ay) - uy * (left - ax)
  const o2 = ux * (top - ay) - uy * (right - ax)
  const o3 = ux * (bottom - ay) - uy * (right - ax)
  const o4 = ux * (bottom - ay) - uy * (left - ax)
  if (o1 > 0 && o2 > 0 && o3 > 0 && o4 > 0) return false
  if (o1 < 0 && o2 < 0 && o3 < 0 && o4 < 0) return false
  return true
}

/** Distance from p to segment ab. */
export function pointSegmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x
  const dy = b.y - a.y
  const l2 = dx * dx + dy * dy
  const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2))
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy))
}

/** A path as straight segments: arcs and cubics sampled every ~`step` units (at least 4 pieces). */
export function flattenPath(path: VectorPath, step = 12): Segment2[] {
  const out: Segment2[] = []
  let at = path.start
  for (const s of path.segments) {
    if (s.kind === 'line') {
      out.push({ a: at, b: s.to })
    } else if (s.kind === 'cubic') {
      const n = Math.max(4, Math.ceil(Math.hypot(s.to.x - at.x, s.to.y - at.y) / step))
      let prev = at
      for (let i = 1; i <= n; i++) {
        const t = i / n
        const u = 1 - t
        const p = {
          x:
            u * u * u * at.x + 3 * u * u * t * s.c1.x + 3 * u * t * t * s.c2.x + t * t * t * s.to.x,
          y:
            u * u * u * at.y + 3 * u * u * t * s.c1.y + 3 * u * t * t * s.c2.y + t * t * t * s.to.y,
        }
        out.push({ a: prev, b: p })
        prev = p
      }
    } else {
      // Arc by bulge b = tan(θ/4): centre from the chord, sampled along the angle.
      const chord = Math.hypot(s.to.x - at.x, s.to.y - at.y)
      const theta = 4 * Math.atan(s.bulge)
      const n = Math.max(4, Math.ceil((Math.abs(theta) * chord) / step))
      const mx = (at.x + s.to.x) / 2
      const my = (at.y + s.to.y) / 2
      // Signed distance from the chord midpoint to the centre (y down: positive bulge is CCW on screen).
      const sagitta = (chord / 2) * Math.tan(Math.PI / 2 - theta / 2)
      const nx = (at.y - s.to.y) / (chord || 1)
      const ny = (s.to.x - at.x) / (chord || 1)
      const cx = mx - nx * sagitta
      const cy = my - ny * sagitta
      const a0 = Math.atan2(at.y - cy, at.x - cx)
      const r = Math.hypot(at.x - cx, at.y - cy)
      let prev = at
      for (let i = 1; i <= n; i++) {
        const angle = a0 - (theta * i) / n
        const p = i === n ? s.to : { x: cx + r * Math.cos(angle), y: cy + r * Math.sin(angle) }
        out.push({ a: prev, b: p })
        prev = p
      }
    }
    at = s.to
  }
  return out
}

/** The bounding box of a set of points. */
export function boundsOf(points: Point[]): Rect {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const p of points) {
    x0 = Math.min(x0, p.x)
    y0 = Math.min(y0, p.y)
    x1 = Math.max(x1, p.x)
    y1 = Math.max(y1, p.y)
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
}

/** The outline of an arrowhead: its tip, then the two barbs. */
export function arrowheadPolygon(head: Arrowhead): Point[] {
  const { tip, direction: d } = head
  const base = { x: tip.x - d.x * ARROW_LENGTH_PX, y: tip.y - d.y * ARROW_LENGTH_PX }
  const n = { x: -d.y * ARROW_HALF_WIDTH_PX, y: d.x * ARROW_HALF_WIDTH_PX }
  return [tip, { x: base.x + n.x, y: base.y + n.y }, { x: base.x - n.x, y: base.y - n.y }]
}

/** The sides of a closed polygon, in order. */
export function polygonSegments(points: Point[]): Segment2[] {
  return points.map((a, i) => ({ a, b: points[(i + 1) % points.length]! }))
}

/** The polyline without its last `by` units (a lead's end, where it touches its part). */
export function trimEnd(segments: Segment2[], by: number): Segment2[] {
  const out = segments.slice()
  let left = by
  while (out.length > 0 && left > 0) {
    const last = out[out.length - 1]!
    const length = Math.hypot(last.b.x - last.a.x, last.b.y - last.a.y)
    if (length <= left) {
      out.pop()
      left -= length
      continue
    }
    const t = (length - left) / length
    out[out.length - 1] = {
      a: last.a,
      b: { x: last.a.x + (last.b.x - last.a.x) * t, y: last.a.y + (last.b.y - last.a.y) * t },
    }
    left = 0
  }
  return out
}

/** The path with every point (controls too) mapped by `f`; for moves and uniform scales only. */
export function mapPath(path: VectorPath, f: (p: Point) => Point): VectorPath {
  return {
    start: f(path.start),
    closed: path.closed,
    segments: path.segments.map((s): Segment => {
      if (s.kind === 'cubic') return { kind: 'cubic', c1: f(s.c1), c2: f(s.c2), to: f(s.to) }
      return { ...s, to: f(s.to) }
    }),
  }
}

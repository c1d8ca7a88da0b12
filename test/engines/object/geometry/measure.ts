// Measures for the geometry tests: how much of an expected curve a set of polylines covers, their
// total length, their endpoints, and an independent visibility reference that marches from a
// point toward the eye through the parts' exact solids (implicit inside tests), sharing nothing
// with the engine's triangles.

import type { SceneProjection } from '../../../../src/engines/object/geometry'
import type { ObjectPart, Vec3 } from '../../../../src/engines/object/object-scene'
import type { Point } from '../../../../src/engines/vector'

/** Distance from p to segment ab. */
export function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x
  const dy = b.y - a.y
  const l2 = dx * dx + dy * dy
  const t = l2 > 0 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2)) : 0
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy)
}

/** Distance from p to the nearest of `lines`. */
export function distanceToLines(p: Point, lines: Point[][]): number {
  let best = Infinity
  for (const l of lines) {
    if (l.length === 1) best = Math.min(best, Math.hypot(p.x - l[0]!.x, p.y - l[0]!.y))
    for (let k = 0; k + 1 < l.length; k++)
      best = Math.min(best, distanceToSegment(p, l[k]!, l[k + 1]!))
  }
  return best
}

/** Fraction of `samples` lying within `tol` of `lines`. */
export function coverage(samples: Point[], lines: Point[][], tol = 0.01): number {
  if (samples.length === 0) return 1
  return samples.filter((p) => distanceToLines(p, lines) <= tol).length / samples.length
}

/** `count` points evenly along segment ab, ends excluded by `inset` (a fraction). */
export function along(a: Point, b: Point, count = 40, inset = 0.02): Point[] {
  return Array.from({ length: count }, (_, k) => {
    const t = inset + ((1 - 2 * inset) * k) / (count - 1)
    return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }
  })
}

/** `count` points on the arc of centre c, radius r from angle a0 to a1 (radians, y down). */
export function arc(c: Point, r: number, a0: number, a1: number, count = 40): Point[] {
  return Array.from({ length: count }, (_, k) => {
    const a = a0 + ((a1 - a0) * k) / (count - 1)
    return { x: c.x + r * Math.cos(a), y: c.y + r * Math.sin(a) }
  })
}

/** Total length of polylines. */
export function totalLength(lines: Point[][]): number {
  let sum = 0
  for (const l of lines)
    for (let k = 0; k + 1 < l.length; k++)
      sum += Math.hypot(l[k + 1]!.x - l[k]!.x, l[k + 1]!.y - l[k]!.y)
  return sum
}

/** Every point of every polyline. */
export function allPoints(lines: Point[][]): Point[] {
  return lines.flat()
}

/** Whether some polyline ends within tol of p. */
export function endsNear(lines: Point[][], p: Point, tol = 0.01): boolean {
  return lines.some((l) =>
    [l[0]!, l[l.length - 1]!].some((e) => Math.hypot(e.x - p.x, e.y - p.y) <= tol),
  )
}

/** Whether some polyline has a vertex within tol of p (a line cut there, maybe joined on). */
export function vertexNear(lines: Point[][], p: Point, tol = 0.01): boolean {
  return lines.some((l) => l.some((e) => Math.hypot(e.x - p.x, e.y - p.y) <= tol))
}

// ---- The reference: exact solids and a march toward the eye ----

/** A part's local frame: world = R (local) + position, R = Rz Ry Rx (degrees). */
function toLocal(part: ObjectPart, p: Vec3): Vec3 {
  const [ax, ay, az] = part.rotation.map((d) => (d * Math.PI) / 180) as Vec3
  let x = p[0] - part.position[0]
  let y = p[1] - part.position[1]
  let z = p[2] - part.position[2]
  // Undo Rz, then Ry, then Rx.
  ;[x, y] = [x * Math.cos(az) + y * Math.sin(az), -x * Math.sin(az) + y * Math.cos(az)]
  ;[x, z] = [x * Math.cos(ay) - z * Math.sin(ay), x * Math.sin(ay) + z * Math.cos(ay)]
  ;[y, z] = [y * Math.cos(ax) + z * Math.sin(ax), -y * Math.sin(ax) + z * Math.cos(ax)]
  return [x, y, z]
}

/** How deep p is inside the part's exact solid (positive inside), for boxes, cylinders, tori. */
export function depthInside(part: ObjectPart, p: Vec3): number {
  const [x, y, z] = toLocal(part, p)
  const [sx, sy, sz] = part.size
  switch (part.shape) {
    case 'box':
      return Math.min(sx / 2 - Math.abs(x), sy / 2 - Math.abs(y), sz / 2 - Math.abs(z))
    case 'cylinder':
      return Math.min(sx / 2 - Math.hypot(x, y), sz / 2 - Math.abs(z))
    case 'torus': {
      const r = sz / 2
      const R = sx / 2 - r
      return r - Math.hypot(Math.hypot(x, y) - R, z)
    }
    default:
      throw new Error(`no reference solid for ${part.shape}`)
  }
}

/**
 * Whether world point p is hidden in `view`: some point on the way to the eye, before the ray
 * leaves the scene's bounding sphere, lies deeper than `margin` inside a part. Starts `skip` from
 * p (the point's own surface).
 */
export function referenceHidden(
  parts: ObjectPart[],
  view: SceneProjection,
  p: Vec3,
  { step = 0.004, skip = 0.02, margin = 0.006 } = {},
): boolean {
  const cam = view.camera
  const dir: Vec3 = cam.perspective
    ? [cam.eye[0] - p[0], cam.eye[1] - p[1], cam.eye[2] - p[2]]
    : [-cam.forward[0], -cam.forward[1], -cam.forward[2]]
  const l = Math.hypot(...dir)
  const d: Vec3 = [dir[0] / l, dir[1] / l, dir[2] / l]
  // Where the ray leaves the sphere around all parts.
  const c = cam.target
  const radius = Math.max(
    ...parts.map((q) => Math.hypot(...q.position.map((x, k) => x - c[k]!)) + Math.hypot(...q.size)),
  )
  const w: Vec3 = [p[0] - c[0], p[1] - c[1], p[2] - c[2]]
  const b = w[0] * d[0] + w[1] * d[1] + w[2] * d[2]
  const far =
    -b + Math.sqrt(Math.max(0, b * b - (w[0] ** 2 + w[1] ** 2 + w[2] ** 2 - radius * radius)))
  for (let s = skip; s < far; s += step) {
    const q: Vec3 = [p[0] + d[0] * s, p[1] + d[1] * s, p[2] + d[2] * s]
    if (parts.some((part) => depthInside(part, q) > margin)) return true
  }
  return false
}

/** The id of the first part the view's ray through 2D point q enters (exact solids), or null. */
export function firstHit(
  parts: ObjectPart[],
  view: SceneProjection,
  q: Point,
  { step = 0.002, reach = 40 } = {},
): string | null {
  const cam = view.camera
  let origin: Vec3
  let dir: Vec3
  if (cam.perspective) {
    origin = cam.eye
    dir = [0, 1, 2].map(
      (k) => cam.forward[k]! * cam.focal + cam.right[k]! * q.x - cam.up[k]! * q.y,
    ) as Vec3
  } else {
    origin = [0, 1, 2].map(
      (k) =>
        cam.target[k]! + cam.right[k]! * q.x - cam.up[k]! * q.y - (cam.forward[k]! * reach) / 2,
    ) as Vec3
    dir = cam.forward
  }
  const l = Math.hypot(...dir)
  for (let s = 0; s < reach; s += step) {
    const p: Vec3 = [0, 1, 2].map((k) => origin[k]! + (dir[k]! * s) / l) as Vec3
    const hit = parts.find((part) => depthInside(part, p) > 0)
    if (hit) return hit.id
  }
  return null
}

/**
 * Object solver, a check after each placement: a part that runs into one already placed (not its
 * anchor, nor anything placed inside or through on purpose) slides along the face it sits on, the
 * least distance that clears everything, so it keeps touching its face. Parts are judged by their
 * bounding boxes, within a tolerance of a hundredth of the smaller.
 */

import type { Vec3 } from '../object-scene'
import { add, dot, scale } from './frames'
import type { Solid } from './solid'

/** The overlap of two solids' boxes along each world axis (negative: apart). */
function overlap(a: Solid, b: Solid): Vec3 {
  return [0, 1, 2].map(
    (k) => a.half[k]! + b.half[k]! - Math.abs(a.center[k]! - b.center[k]!),
  ) as unknown as Vec3
}

/** Whether two solids' boxes overlap by more than the tolerance on every axis. */
export function collide(a: Solid, b: Solid): boolean {
  const tol = 0.01 * Math.min(Math.max(...a.half), Math.max(...b.half)) * 2
  return overlap(a, b).every((o) => o > tol)
}

/** Whether a pair may overlap: a part and its anchor, or a part placed into another. */
export function mayTouch(a: Solid, b: Solid): boolean {
  if (a.embedded || b.embedded) return true
  if (a.part === b.part && a.anchor?.id !== b.id && b.anchor?.id !== a.id) return false
  // A part and what it was placed against (or what that was placed against) meet.
  for (let up = a.anchor; up; up = up.anchor) if (up.id === b.id) return true
  for (let up = b.anchor; up; up = up.anchor) if (up.id === a.id) return true
  return false
}

/**
 * Slides `solid` along the face it stands on (square to its normal, its footprint kept on the
 * face) until it clears `others`; left where it is when no such slide does.
 */
export function clearOverlaps(solid: Solid, others: readonly Solid[]): void {
  const hits = () => others.filter((o) => o !== solid && !mayTouch(solid, o) && collide(solid, o))
  if (hits().length === 0) return
  const n = solid.normal ?? [0, 0, 1]
  const directions: Vec3[] = [
    [1, 0, 0],
    [-1, 0, 0],
    [0, 1, 0],
    [0, -1, 0],
    [0, 0, 1],
    [0, 0, -1],
  ].filter((d) => Math.abs(dot(d as Vec3, n)) < 0.5) as Vec3[]
  const start = solid.center
  const face = solid.face
  // Within the face it stands on: its footprint stays on the face.
  const within = (c: Vec3) => {
    if (!face) return true
    const off: Vec3 = [c[0] - face.c[0], c[1] - face.c[1], c[2] - face.c[2]]
    const hu = dot(solid.half, face.u.map(Math.abs) as unknown as Vec3)
    const hv = dot(solid.half, face.v.map(Math.abs) as unknown as Vec3)
    return (
      Math.abs(dot(off, face.u)) <= Math.max(face.eu - hu, 0) + 1e-6 &&
      Math.abs(dot(off, face.v)) <= Math.max(face.ev - hv, 0) + 1e-6
    )
  }
  let best: Vec3 | undefined
  let bestDistance = Infinity
  for (const d of directions) {
    const k = d[0] !== 0 ? 0 : d[1] !== 0 ? 1 : 2
    for (const step of [0.5, 1, 1.5, 2, 3, 4]) {
      const distance = step * solid.half[k]!
      if (distance >= bestDistance) break
      const moved = add(start, scale(d, distance))
      if (!within(moved)) break
      solid.center = moved
      if (hits().length === 0) {
        best = solid.center
        bestDistance = distance
        break
      }
    }
  }
  solid.center = best ?? start
}

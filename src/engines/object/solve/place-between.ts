/**
 * Object solver, parts between two others: "a gasket between the lid and the body", "four
 * shelves evenly spaced between the top and bottom panels", "a top panel extending between the
 * side panels", "knuckles 26 of the leaves" (along the edge where the two leaves meet). The two
 * are told apart along the axis that separates them; the part spans the gap there, or lies
 * across it as a layer, its copies spread along the gap or along the shared edge.
 */

import type { Vec3 } from '../object-scene'
import type { DraftPart } from '../read/object-draft'
import { frameOf } from './frames'
import { sceneShape } from './scene-shape'
import { makeSolid, type Solid } from './solid'

const UNIT: Vec3[] = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
]

/** Forms that fill the gap they are in ("a spring between the base and the plate"). */
const FILLERS = new Set([
  'spring',
  'leg',
  'rod',
  'pin',
  'block',
  'body',
  'frame',
  'hole',
  'cylinder',
])
/** Scene shapes a filler is drawn as a bar of. */
const ROUND_BARS = new Set(['cylinder', 'tube'])
/** Forms that run along the edge two parts meet at: hinge knuckles and barrels. */
const EDGE_FORMS = new Set(['knuckle', 'hinge', 'pin'])

/** Places copies of `part` between solids `a` and `b` (see the module header). */
export function placeBetween(part: DraftPart, a: Solid, b: Solid, copies: number[]): Solid[] {
  const delta = [0, 1, 2].map((k) => b.center[k]! - a.center[k]!)
  // The separating axis: where the two are furthest apart for their size.
  const k = [0, 1, 2].reduce((best, axis) =>
    Math.abs(delta[axis]!) - a.half[axis]! - b.half[axis]! >
    Math.abs(delta[best]!) - a.half[best]! - b.half[best]!
      ? axis
      : best,
  ) as 0 | 1 | 2
  const sign = Math.sign(delta[k]!) || 1
  const faceA = a.center[k]! + sign * a.half[k]!
  const faceB = b.center[k]! - sign * b.half[k]!
  const gap = Math.abs(faceB - faceA)
  const mid = (faceA + faceB) / 2
  const others = [0, 1, 2].filter((x) => x !== k) as (0 | 1 | 2)[]
  // Across the gap: where the two overlap.
  const lo = others.map((x) => Math.max(a.center[x]! - a.half[x]!, b.center[x]! - b.half[x]!))
  const hi = others.map((x) => Math.min(a.center[x]! + a.half[x]!, b.center[x]! + b.half[x]!))
  const span = others.map((_, i) => Math.max(1, hi[i]! - lo[i]!))
  const centre = others.map((_, i) => (lo[i]! + hi[i]!) / 2)
  const n = copies.length
  const shape = sceneShape(part, 'other')
  if (EDGE_FORMS.has(part.form)) {
    // Along the longer shared direction, a row of barrels whose diameter bridges the gap.
    const edge = span[0]! >= span[1]! ? 0 : 1
    const d = Math.max(gap, 0.1 * span[edge]!)
    const length = (0.9 * span[edge]!) / n
    const r = frameOf(UNIT[others[edge]!]!, UNIT[k]!)
    return copies.map((copy, j) => {
      const center: Vec3 = [0, 0, 0]
      center[k] = mid
      center[others[edge]!] = lo[edge]! + (span[edge]! * (j + 0.5)) / n
      center[others[1 - edge]!] = centre[1 - edge]!
      const solid = makeSolid(part, copy, shape, [d, d, length], r, center, {
        ...(part.shape === 'tube' ? { hollow: true } : {}),
      })
      solid.anchor = a
      solid.embedded = true
      return solid
    })
  }
  const fill = FILLERS.has(part.form)
  // "a hand grip between the rails": a round filler is a bar across the gap, as thick as what
  // it joins allows, never a drum as wide as they are.
  if (fill && n === 1 && ROUND_BARS.has(shape) && gap > 0.5) {
    const d = Math.max(0.5, Math.min(0.9 * Math.min(...span), 0.25 * gap))
    const center: Vec3 = [0, 0, 0]
    center[k] = mid
    others.forEach((x, i) => {
      center[x] = centre[i]!
    })
    const r = frameOf(UNIT[k]!, UNIT[others[0]!]!)
    const solid = makeSolid(part, copies[0]!, shape, [d, d, gap], r, center, {
      ...(part.shape === 'tube' ? { hollow: true } : {}),
    })
    solid.anchor = a
    return [solid]
  }
  const thickness = Math.max(0.5, 0.04 * Math.max(...span))
  const up = others.indexOf(2)
  // Between two side by side: a slab spans the gap, its copies one above another.
  const shelves = k !== 2 && up >= 0 && !fill
  return copies.map((copy, j) => {
    const center: Vec3 = [0, 0, 0]
    center[k] = n > 1 && !shelves ? faceA + (sign * gap * (j + 1)) / (n + 1) : mid
    others.forEach((x, i) => {
      center[x] = centre[i]!
    })
    const size: Vec3 = [0, 0, 0]
    // A layer lies across the separating axis; a filler spans the gap along it.
    size[k] = fill && n === 1 ? Math.max(0.5, gap) : thickness
    others.forEach((x, i) => {
      size[x] = span[i]!
    })
    if (shelves) {
      size[k] = Math.max(0.5, gap)
      size[2] = thickness
      center[2] = lo[up]! + (span[up]! * (j + 1)) / (n + 1)
      // "a top panel between the side panels": at the top of what they share.
      if (part.ownFace === 'top') center[2] = hi[up]! - thickness / 2
      if (part.ownFace === 'bottom') center[2] = lo[up]! + thickness / 2
    }
    const solid = makeSolid(part, copy, shape, size, [1, 0, 0, 0, 1, 0, 0, 0, 1], center, {
      ...(part.shape === 'tube' ? { hollow: true } : {}),
    })
    solid.anchor = a
    if (gap < 0.01 * Math.max(...span)) solid.embedded = true
    return solid
  })
}

/**
 * Object drafter, exploded views: every part that belongs to another is moved away from it along
 * the line between their centres (a lid lifts off its box, legs drop from a table top, a pin
 * slides out of its knuckles), carrying its own parts with it; the parts that belong to nothing
 * stay. Each move is returned so the view can draw the dash-dot line it slid along.
 */

import type { ObjectPart, Vec3 } from '../object-scene'

/** A part's slide in an exploded view: from its place to where it is drawn. */
export interface ExplodedMove {
  part: string
  from: Vec3
  to: Vec3
}

/** How far a part slides, in its own and its parent's half-extents along the axis. */
const SLIDE = 1.1

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k]
const length = (a: Vec3) => Math.hypot(a[0], a[1], a[2])

/** Half the extent of a part's box along unit direction `d` (its size, rotation ignored). */
function halfExtent(part: ObjectPart, d: Vec3): number {
  return (
    (Math.abs(d[0]) * part.size[0] +
      Math.abs(d[1]) * part.size[1] +
      Math.abs(d[2]) * part.size[2]) /
    2
  )
}

/** The parts of an exploded view and the slides that put them there (see the module header). */
export function explode(parts: readonly ObjectPart[]): {
  parts: ObjectPart[]
  moves: ExplodedMove[]
} {
  const byId = new Map(parts.map((p) => [p.id, p]))
  const offsets = new Map<string, Vec3>()
  const moves: ExplodedMove[] = []
  // A part's offset is its parent's plus its own slide: parents are placed first.
  const offsetOf = (part: ObjectPart, seen: Set<string>): Vec3 => {
    const known = offsets.get(part.id)
    if (known) return known
    const parent = part.parent !== undefined ? byId.get(part.parent) : undefined
    if (!parent || seen.has(part.id)) {
      offsets.set(part.id, [0, 0, 0])
      return [0, 0, 0]
    }
    seen.add(part.id)
    const base = offsetOf(parent, seen)
    const away = sub(part.position, parent.position)
    const d: Vec3 = length(away) > 1e-9 ? scale(away, 1 / length(away)) : [0, 0, 1]
    const slide = SLIDE * (halfExtent(part, d) + halfExtent(parent, d))
    const own = add(base, scale(d, slide))
    offsets.set(part.id, own)
    moves.push({ part: part.id, from: add(part.position, base), to: add(part.position, own) })
    return own
  }
  const moved = parts.map((part) => {
    const offset = offsetOf(part, new Set())
    return { ...part, position: add(part.position, offset) }
  })
  return { parts: moved, moves }
}

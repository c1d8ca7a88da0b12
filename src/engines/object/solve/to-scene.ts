/**
 * Object solver, last stage: solids as the scene's parts (object-scene.ts), and the figure's
 * elements that carry their numerals. Copies of a counted part are scene parts "<id>", "<id>.2",
 * "<id>.3", ...: the first has the element's id, so the drafter leads the numeral to it (patent
 * practice: one copy labelled); when a list numbers the copies ("blades 30a-30c"), each copy is
 * an element of its own with its own numeral. An assembly (a whole or a sub-assembly drawn only
 * as its parts) is an element with no scene part: its `members` are the scene parts it is made of.
 */

import type { ObjectPart, Vec3 } from '../object-scene'
import type { DraftPart, ObjectDraft } from '../read/object-draft'
import { eulerOf } from './frames'
import type { Solid } from './solid'

/** Rounds to a thousandth of a unit, so the scene reads cleanly and compares exactly. */
const round = (x: number) => {
  const r = Math.round(x * 1000) / 1000
  return Object.is(r, -0) ? 0 : r
}
const roundVec = (v: Vec3): Vec3 => [round(v[0]), round(v[1]), round(v[2])]

/** Cones by what they are: a nozzle narrows to a small mouth, a lamp shade stays open. */
function topRatioOf(part: DraftPart): number {
  if (/^(?:shade|reflector|funnel|head|shoulder)$/.test(part.head)) return 0.45
  if (/^(?:tip|point|nose)$/.test(part.head)) return 0
  return 0.3
}

/** A solid as a scene part. */
export function toScenePart(solid: Solid): ObjectPart {
  const { extras } = solid
  const bar = solid.size[1]
  return {
    id: solid.id,
    shape: solid.shape,
    size: extras.path ? roundVec([bar, bar, bar]) : roundVec(solid.size),
    position: roundVec(solid.center),
    rotation: eulerOf(solid.r),
    ...(solid.anchor ? { parent: solid.anchor.id } : {}),
    ...(solid.shape === 'cone' ? { topRatio: topRatioOf(solid.part) } : {}),
    ...(solid.shape === 'rounded-box'
      ? { radius: round(0.15 * Math.min(solid.size[0], solid.size[1])) }
      : {}),
    ...(extras.path ? { path: extras.path.map(roundVec) } : {}),
    ...(extras.hollow ? { hollow: true } : {}),
    ...(extras.turns ? { turns: extras.turns } : {}),
    ...(extras.wire ? { wire: round(extras.wire) } : {}),
  }
}

/** One element of an object figure: a part with its numeral, or an assembly of parts. */
export interface ObjectElement {
  /** The element id: the scene id of the copy its numeral leads to, or the assembly's id. */
  id: string
  /** The prompt's words in capitals. */
  label: string
  numeral?: string
  /** The scene parts it stands for: its copies, or an assembly's parts. */
  members: string[]
  /** The element (an assembly) it belongs to, if any. */
  parent?: string
  /** Drawn only as its parts: no scene part of its own. */
  assembly: boolean
}

/** The scene ids of a part's copies: "<id>", "<id>.2", .... */
export function copyIds(part: DraftPart): string[] {
  return Array.from({ length: part.count }, (_, k) => (k === 0 ? part.id : `${part.id}.${k + 1}`))
}

/**
 * The figure's elements for a draft (see the module header), in the order the prompt names the
 * parts; the whole's own element comes first only when it is drawn as a part (otherwise its
 * numeral is the figure's, drawn with an arrow).
 */
export function objectElements(draft: ObjectDraft): ObjectElement[] {
  const byId = new Map(draft.parts.map((p) => [p.id, p]))
  const membersOf = (part: DraftPart): string[] =>
    part.shape === 'assembly'
      ? draft.parts.filter((p) => p.parent === part.id).flatMap((p) => membersOf(p))
      : copyIds(part)
  const elements: ObjectElement[] = []
  for (const part of draft.parts) {
    if (part.id === draft.whole && part.shape === 'assembly') continue
    const parent =
      part.parent !== undefined && byId.get(part.parent)?.shape === 'assembly'
        ? part.parent
        : undefined
    const base = {
      label: part.label,
      assembly: part.shape === 'assembly',
      ...(parent ? { parent } : {}),
    }
    if (part.numerals && part.numerals.length > 1 && part.shape !== 'assembly') {
      copyIds(part).forEach((id, k) => {
        const numeral = part.numerals![k]
        elements.push({ id, ...base, ...(numeral ? { numeral } : {}), members: [id] })
      })
      continue
    }
    elements.push({
      id: part.id,
      ...base,
      ...(part.numeral !== undefined ? { numeral: part.numeral } : {}),
      members: membersOf(part),
    })
  }
  return elements
}

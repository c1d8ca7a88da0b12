/**
 * Object solver, stage 1: the order parts are placed in and what each is placed against. The main
 * part comes first; then, while any is left, a part whose relation names a placed part is placed
 * against it ("a handle attached to the side of the body"), a part a placed part names is placed
 * against that one the other way round ("a top supported by four legs": the legs under the top),
 * and a part with no relation goes on the part it is listed in, or on the main part. Relations to
 * an assembly ("attached to the desk") are relations to its first part, and an assembly's first
 * part takes the assembly's relations ("an arm attached to each side": its upper arm). The main
 * part is the single part that lets the most relations be read the way they are written.
 */

import { mainPart } from '../read/finish-draft'
import type {
  Arrangement,
  DraftPart,
  Face,
  ObjectDraft,
  Relation,
  RelationKind,
} from '../read/object-draft'
import { oppositeFace } from './solid'

/** How one part is placed. */
export interface Placement {
  part: DraftPart
  /** What it is placed against; none for the main part. */
  anchor?: DraftPart
  /** The relation, from the part's side ("default": none said, its form decides). */
  kind: RelationKind | 'default'
  /** The anchor's face it sits on, when known. */
  face?: Face
  /** The direction it points out along ("extending downward"). */
  toward?: Face
  /** Every part the relation names, placed (two for "between", the leaves for "of the leaves"). */
  targets: DraftPart[]
  /** One copy on each copy of the anchor ("an axle through each truck"). */
  perAnchor: boolean
  /** One copy on each part named ("an oil seal around each shaft"). */
  perTarget?: boolean
  /** Its own face that meets the anchor ("a desktop supported at its left end by a cabinet"). */
  at?: Face
  /** The anchor's own face it goes under (the legs "at its right end"). */
  under?: Face
  /** Placed the other way round from how the prompt wrote it. */
  inverted: boolean
  /** How its copies are set out, when an assembly it is the first part of says ("each side"). */
  arrangement?: Arrangement
  /** At an end of the anchor ("the front end of the barrel"): which, +1 or −1 along its axis. */
  end?: 1 | -1
  /** At the middle of the anchor ("a hub at the center of the rim"). */
  middle?: boolean
  /** Written as "below" it ("a start button below the display"), not "on its bottom". */
  below?: boolean
}

/** The end a face word picks on a bar: the upper, front, right or distal end, or the other. */
function endOf(relation: Relation): 1 | -1 | undefined {
  if (relation.where !== 'end') return undefined
  return relation.face === 'bottom' || relation.face === 'rear' || relation.face === 'left' ? -1 : 1
}

/** The relation read the other way round: "A on B's top" is "B on A's bottom". */
function invert(relation: Relation): { kind: RelationKind | 'default'; face?: Face } {
  switch (relation.kind) {
    case 'on':
    case 'extends':
    case 'hinged':
      return { kind: 'on', face: oppositeFace(relation.face ?? 'top') }
    case 'around':
    case 'inside':
      return { kind: 'through' }
    case 'through':
      return { kind: 'around' }
    case 'coaxial':
      return { kind: 'coaxial' }
    default:
      return { kind: 'default' }
  }
}

/**
 * A part's relations, the ones that place it first ("beside" and "between" only near: last), or,
 * for a part of an assembly with none, the assembly's ("an arm attached to each side").
 */
function relationsOf(part: DraftPart, byId: Map<string, DraftPart>): Relation[] {
  const parent = part.parent !== undefined ? byId.get(part.parent) : undefined
  const own =
    part.relations.length === 0 && parent?.shape === 'assembly' ? parent.relations : part.relations
  const near = (r: Relation) => r.kind === 'beside' || r.loose === true
  return [...own.filter((r) => !near(r)), ...own.filter(near)]
}

/**
 * The placements of a draft's drawn parts with `root` first, in the order to place them (see the
 * module header).
 * @returns every drawn part exactly once, the main part first
 */
function planFrom(draft: ObjectDraft, root: DraftPart): Placement[] {
  const drawn = draft.parts.filter((p) => p.shape !== 'assembly')
  const byId = new Map(draft.parts.map((p) => [p.id, p]))
  // An assembly stands for its first drawn part (the whole for the main part).
  const resolve = (id: string): DraftPart | undefined => {
    const part = byId.get(id)
    if (!part) return undefined
    if (part.shape !== 'assembly') return part
    if (part.id === draft.whole) return root
    return drawn.find((p) => p.parent === part.id) ?? root
  }
  const relations = new Map(drawn.map((p) => [p, relationsOf(p, byId)]))
  // An assembly's first part is set out as the assembly is ("an arm on each side").
  const arrangementOf = (part: DraftPart): Arrangement | undefined => {
    if (part.arrangement) return part.arrangement
    const parent = part.parent !== undefined ? byId.get(part.parent) : undefined
    return parent?.shape === 'assembly' && part.relations.length === 0
      ? parent.arrangement
      : undefined
  }
  const placed = new Set<DraftPart>([root])
  const order: Placement[] = [
    { part: root, kind: 'default', targets: [], perAnchor: false, inverted: false },
  ]
  const waiting = drawn.filter((p) => p !== root)
  const targetsOf = (r: Relation) =>
    r.targets.map(resolve).filter((t): t is DraftPart => t !== undefined)

  const direct = (part: DraftPart): Placement | undefined => {
    for (const relation of relations.get(part)!) {
      const targets = targetsOf(relation).filter((t) => t !== part)
      const anchor = targets.find((t) => placed.has(t))
      // "between the lid and the body", "knuckles of the leaves": both must be there first.
      const both = relation.kind === 'between' || relation.kind === 'of'
      if (!anchor || (both && !targets.every((t) => placed.has(t)))) continue
      return {
        part,
        anchor,
        kind: relation.kind,
        ...(relation.face ? { face: relation.face } : {}),
        ...(relation.toward ? { toward: relation.toward } : {}),
        ...(relation.at ? { at: relation.at } : {}),
        ...(endOf(relation) ? { end: endOf(relation)! } : {}),
        ...(relation.middle ? { middle: true } : {}),
        ...(relation.where === 'below' ? { below: true } : {}),
        targets: targets.filter((t) => placed.has(t)),
        perAnchor: anchor.count > 1 && (relation.each === true || part.count >= anchor.count),
        ...(relation.each ? { perTarget: true } : {}),
        inverted: false,
        ...(arrangementOf(part) ? { arrangement: arrangementOf(part)! } : {}),
      }
    }
    return undefined
  }
  const inverse = (part: DraftPart): Placement | undefined => {
    for (const other of order) {
      for (const relation of relations.get(other.part)!) {
        if (!targetsOf(relation).includes(part)) continue
        const turned = invert(relation)
        if (turned.kind === 'default') continue
        return {
          part,
          anchor: other.part,
          kind: turned.kind,
          ...(turned.face ? { face: turned.face } : {}),
          ...(relation.at ? { under: relation.at } : {}),
          targets: [other.part],
          perAnchor: other.part.count > 1 && part.count >= other.part.count,
          inverted: true,
        }
      }
    }
    return undefined
  }
  const fallback = (part: DraftPart): Placement => {
    const parent = part.parent !== undefined ? resolve(part.parent) : undefined
    const anchor = parent && placed.has(parent) && parent !== part ? parent : root
    return { part, anchor, kind: 'default', targets: [anchor], perAnchor: false, inverted: false }
  }

  while (waiting.length > 0) {
    let progress = false
    for (let k = 0; k < waiting.length; k++) {
      const part = waiting[k]!
      const own = relations.get(part)!
      const unplacedTargets = own.some((r) =>
        targetsOf(r).some((t) => t !== part && !placed.has(t) && waiting.includes(t)),
      )
      const placement =
        direct(part) ??
        inverse(part) ??
        (own.length === 0 || !unplacedTargets ? fallback(part) : undefined)
      if (!placement) continue
      order.push(placement)
      placed.add(part)
      waiting.splice(k, 1)
      k--
      progress = true
    }
    // A cycle of relations among unplaced parts: the first goes on its list's part.
    if (!progress) {
      const part = waiting.shift()!
      order.push(fallback(part))
      placed.add(part)
    }
  }
  return order
}

/** "a top supported by four legs", "a desktop supported by a cabinet": read either way round. */
const stacking = (r: Relation) => r.support === true

/**
 * How far a plan is from the prompt: each relation of the main part but a "supported by" costs 2
 * (it is placed first, against nothing), as does a part placed the other way round whose own
 * relations are then not read; a part with a relation placed by its form's default costs 1.
 */
function misread(plan: readonly Placement[]): number {
  const root = plan[0]!.part
  let cost = 2 * Math.min(1, root.relations.filter((r) => !stacking(r)).length)
  // "a hand grip between the rails" is sized by the gap it spans: as the main part it would be
  // sized on its own and swallow what it lies between.
  if (root.relations.some((r) => r.kind === 'between')) cost += 1
  for (const p of plan.slice(1)) {
    if (p.inverted && p.part.relations.length > 0) cost += 2
    else if (p.kind === 'default' && p.part.relations.length > 0) cost += 1
  }
  return cost
}

/**
 * The placements of a draft's drawn parts, in the order to place them (see the module header):
 * of the single parts, the one whose plan reads the most relations as written; on a tie, a part
 * the prompt says is held up ("a desktop supported by a cabinet and two legs"), then the better
 * carrier, then the first named.
 */
export function planPlacements(draft: ObjectDraft): Placement[] {
  const ranked = mainPart(draft.parts, draft.whole)
  const held = (p: DraftPart) => (p.relations.some((r) => r.support) ? 1 : 0)
  const candidates = draft.parts.filter((p) => p.shape !== 'assembly' && p.count === 1)
  let best = planFrom(draft, ranked)
  let bestCost = misread(best)
  for (const candidate of candidates) {
    if (candidate === ranked) continue
    // A main part with a relation of its own costs 2 at least (see misread); at cost 0 only a
    // held-up part can still win.
    if (bestCost <= 2 && candidate.relations.some((r) => !stacking(r))) continue
    if (bestCost === 0 && held(candidate) <= held(best[0]!.part)) continue
    const plan = planFrom(draft, candidate)
    const cost = misread(plan)
    if (cost < bestCost || (cost === bestCost && held(candidate) > held(best[0]!.part))) {
      best = plan
      bestCost = cost
    }
  }
  return best
}

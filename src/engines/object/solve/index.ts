/**
 * The object solver of POST /v1/figures: an ObjectDraft (read/) becomes an ObjectScene, every
 * part a primitive with a size and a pose, by a small deterministic pass. The stages run in this
 * order because each part is placed against parts already placed:
 *   1. plan-placements: the main part, then each part after the one it is placed against;
 *   2. per part, by its relation: place-root (the main part), place-on-face (contact: on, at the
 *      end of, extending from, hinged to, and parts with no relation on the face their form
 *      suggests), place-on-axis (through, around, inside, coaxial with), place-between (between,
 *      of two parts); copies set out by arrange-copies, one group per anchor copy when the
 *      prompt says "each";
 *   3. clear-overlaps: a part that runs into another slides along its face until it is clear;
 *   4. to-scene: solids as scene parts (ids "<id>", "<id>.2", ... for copies; parent = the part
 *      it was placed against, which an exploded view moves it away from).
 * Proportions (proportions.ts) are relative to what a part sits on; the main part is about 100
 * units across and stands on z = 0.
 */

import type { ObjectScene } from '../object-scene'
import type { DraftPart, Face, ObjectDraft } from '../read/object-draft'
import { clearOverlaps } from './clear-overlaps'
import { defaultFace } from './default-face'
import { FaceSlots } from './face-slots'
import { placeBetween } from './place-between'
import { placeAround, placeCoaxial, placeInside, placeMounted, placeThrough } from './place-on-axis'
import { placeOnFace } from './place-on-face'
import { placeRoot } from './place-root'
import { type Placement, planPlacements } from './plan-placements'
import { broadFace, groupBox, makeSolid, oppositeFace, type Solid } from './solid'
import { toScenePart } from './to-scene'

export { collide, mayTouch } from './clear-overlaps'
export type { Solid } from './solid'
export { copyIds, type ObjectElement, objectElements } from './to-scene'

/** Uprights that stand up from where they are put. */
const UPRIGHTS = new Set(['post', 'column', 'pillar', 'pedestal', 'stand', 'upright', 'standoff'])

/** Faces that name a side of a part's box. */
const WORLD_SIDES = new Set<Face>(['top', 'bottom', 'front', 'rear', 'left', 'right'])

/** Round parts that go on a bar rather than on its face. */
const MOUNTED = new Set(['wheel', 'disk'])
/** Bars they go on. */
const BARS = new Set(['rod', 'pin'])

/** What placing one part needs: the solids so far (by draft id) and what is on each face. */
interface Solving {
  solids: Map<string, Solid[]>
  slots: FaceSlots
  /** The main part's longest side. */
  rootLength: number
}

/**
 * The face a relation names, or the one the part's form suggests (on a flat part, its outer face:
 * "buttons on the top panel"); an edge is a side for a knuckle.
 */
function faceFor(placement: Placement, anchor?: Solid): Face {
  if (placement.end !== undefined) return 'end'
  // "a knob at its center": the middle of its top.
  if (placement.middle && !placement.face) return 'top'
  const broad = anchor ? broadFace(anchor) : undefined
  if (broad && !placement.face && !placement.toward) return broad
  const face =
    placement.face ??
    placement.toward ??
    defaultFace(placement.part, placement.anchor, placement.kind === 'extends')
  if (face === 'edge') {
    return ['knuckle', 'hinge'].includes(placement.part.form) ? 'right' : 'top'
  }
  return face
}

/**
 * The copies of a counted part as one solid, for a single part placed on them all ("a backrest
 * held up by two posts", "a canopy over the ribs"): their bounding box, the first copy's id.
 */
function groupOf(solids: readonly Solid[]): Solid {
  const box = groupBox(solids)
  const first = solids[0]!
  return {
    ...first,
    shape: 'box',
    size: [2 * box.half[0], 2 * box.half[1], 2 * box.half[2]],
    r: [1, 0, 0, 0, 1, 0, 0, 0, 1],
    center: box.center,
    half: box.half,
    extras: {},
  }
}

/** "a second leaf" beside the first: the same size, alongside it with a gap for the knuckles. */
function placeTwin(part: DraftPart, anchor: Solid, copies: number[]): Solid[] {
  // As wide as the knuckles that will join them (place-between: a tenth of the shared edge).
  const gap = 0.1 * 2 * Math.max(anchor.half[0], anchor.half[1])
  return copies.map((copy, k) => {
    const center: [number, number, number] = [
      anchor.center[0] + (k + 1) * (2 * anchor.half[0] + gap),
      anchor.center[1],
      anchor.center[2],
    ]
    const solid = makeSolid(part, copy, anchor.shape, anchor.size, anchor.r, center)
    solid.anchor = anchor
    solid.normal = [1, 0, 0]
    return solid
  })
}

/** The solids of every part a placement names, or of its anchor copy alone. */
function targetSolids(p: Placement, anchor: Solid, s: Solving): Solid[] {
  if (p.perAnchor || p.perTarget) return [anchor]
  return p.targets.flatMap((t) => s.solids.get(t.id) ?? [])
}

/** Places the copies `copies` of a placement's part against `anchor` (see the module header). */
function placeGroup(p: Placement, anchor: Solid, copies: number[], s: Solving): Solid[] {
  const { part } = p
  const targets = targetSolids(p, anchor, s)
  // "two round posts at the back of the seat": uprights stand up at that edge, legs hang down.
  const side = p.face !== undefined && !['top', 'bottom', 'end', 'edge'].includes(p.face)
  const toward =
    p.toward ??
    (part.form === 'leg' && side ? (UPRIGHTS.has(part.head) ? 'top' : 'bottom') : undefined)
  const onFace = (face: Face = faceFor(p, anchor)) =>
    placeOnFace(part, anchor, {
      face,
      ...(toward ? { toward } : {}),
      ...(p.at ? { at: p.at } : {}),
      ...(p.under ? { under: p.under } : {}),
      ...(p.arrangement ? { arrangement: p.arrangement } : {}),
      ...(p.end ? { end: p.end } : {}),
      ...(p.kind === 'extends' ? { extending: true } : {}),
      ...(p.inverted && face === 'bottom' ? { holdsUp: true } : {}),
      copies,
      slots: s.slots,
      rootLength: s.rootLength,
    })
  // "eight ribs hinged to the shaft", "spokes extending from the hub": bars round a round part.
  const bars = ['rod', 'blade'].includes(part.form) && copies.length > 2
  if (
    bars &&
    (!p.face || p.face === 'side') &&
    anchor.shape === 'cylinder' &&
    p.kind !== 'through'
  ) {
    return placeAround(part, [anchor], copies, s.slots, s.rootLength)
  }
  // "a wheel mounted on an axle", "a pinion on the input shaft": round, the bar through it.
  const onBar = (p.kind === 'on' || p.kind === 'default') && p.face === undefined
  if (onBar && MOUNTED.has(part.form) && BARS.has(anchor.part.form)) {
    return placeMounted(part, anchor, copies, s.rootLength)
  }
  // A hinge knuckle goes on the edge of its leaf that faces the other leaf.
  const onEdge = p.kind === 'on' || p.kind === 'default'
  if (onEdge && ['knuckle', 'hinge'].includes(part.form) && (!p.face || p.face === 'edge')) {
    const other = s.solids.get(
      [...s.solids.keys()].find((id) => {
        const solid = s.solids.get(id)?.[0]
        return solid && solid.part !== anchor.part && solid.part.form === anchor.part.form
      }) ?? '',
    )?.[0]
    if (other) return onFace(other.center[0] < anchor.center[0] ? 'left' : 'right')
  }
  // "a start button below the display": a flat part's edge holds nothing; beside it on the face
  // it lies on, toward the side named.
  const flat = broadFace(anchor)
  const sideOfFlat =
    flat !== undefined &&
    anchor.anchor !== undefined &&
    anchor.face !== undefined &&
    p.kind === 'on' &&
    p.below === true &&
    p.face !== undefined &&
    p.face !== flat &&
    p.face !== oppositeFace(flat) &&
    WORLD_SIDES.has(p.face)
  if (sideOfFlat) {
    return placeOnFace(part, anchor.anchor!, {
      face: anchor.face!.face,
      under: p.face!,
      copies,
      slots: s.slots,
      rootLength: s.rootLength,
    })
  }
  // "a hub at the center of the rim": in the middle of a ring, on the face of a solid.
  if (p.middle && anchor.extras.hollow) return placeInside(part, anchor, copies)
  switch (p.kind) {
    case 'through':
      return placeThrough(part, targets.length > 0 ? targets : [anchor], copies, p.face)
    case 'around':
      return placeAround(
        part,
        targets.length > 0 ? targets : [anchor],
        copies,
        s.slots,
        s.rootLength,
      )
    case 'inside':
      return placeInside(part, anchor, copies)
    case 'coaxial':
      return placeCoaxial(part, anchor, copies, s.slots, s.rootLength)
    case 'between':
    case 'of': {
      const distinct = [...new Set(p.targets)]
      const pair =
        distinct.length >= 2
          ? [s.solids.get(distinct[0]!.id)?.[0], s.solids.get(distinct[1]!.id)?.[0]]
          : p.kind === 'between'
            ? (s.solids.get(anchor.part.id) ?? []).slice(0, 2)
            : []
      if (pair.length === 2 && pair[0] && pair[1])
        return placeBetween(part, pair[0], pair[1], copies)
      return onFace()
    }
    case 'beside':
      return anchor.anchor
        ? placeOnFace(part, anchor.anchor, {
            face: faceFor(p),
            copies,
            slots: s.slots,
            rootLength: s.rootLength,
          })
        : onFace()
    case 'default':
      if (part.form === 'leaf' && anchor.part.form === 'leaf')
        return placeTwin(part, anchor, copies)
      if (['pin'].includes(part.form) || part.head === 'axle') {
        return placeThrough(part, [anchor], copies, undefined)
      }
      if (['collar', 'ring'].includes(part.form) && anchor.shape !== 'box') {
        return placeAround(part, [anchor], copies, s.slots, s.rootLength)
      }
      if (part.form === 'blade' && copies.length > 1 && anchor.shape === 'cylinder') {
        return placeAround(part, [anchor], copies, s.slots, s.rootLength)
      }
      return onFace()
    default:
      return onFace()
  }
}

/**
 * The solids of a draft, placed (see the module header): each with the solid it was placed
 * against and whether it goes into it on purpose. What solveObject writes as the scene; tests
 * hold the relations to these.
 */
export function placeSolids(draft: ObjectDraft): Solid[] {
  const s: Solving = { solids: new Map(), slots: new FaceSlots(), rootLength: 100 }
  const all: Solid[] = []
  for (const placement of planPlacements(draft)) {
    const { part } = placement
    if (!placement.anchor) {
      const roots = placeRoot(part)
      s.rootLength = 2 * Math.max(...roots[0]!.half)
      s.solids.set(part.id, roots)
      all.push(...roots)
      continue
    }
    const anchors = s.solids.get(placement.anchor.id) ?? [all[0]!]
    const copies = Array.from({ length: part.count }, (_, k) => k)
    // "an axle through each truck": the copies shared out over the anchor's copies; "an oil seal
    // around each shaft": one per part named.
    const eachPart =
      placement.perTarget && placement.targets.length > 1
        ? placement.targets.map((t) => s.solids.get(t.id)?.[0]).filter((t): t is Solid => !!t)
        : []
    const over = eachPart.length > 1 ? eachPart : placement.perAnchor ? anchors : []
    const groups =
      over.length > 1
        ? over.map((anchor, j) => {
            const per = Math.ceil(copies.length / over.length)
            return { anchor, copies: copies.slice(j * per, (j + 1) * per) }
          })
        : [
            {
              anchor: anchors.length > 1 && part.count === 1 ? groupOf(anchors) : anchors[0]!,
              copies,
            },
          ]
    const placed: Solid[] = []
    for (const group of groups) {
      if (group.copies.length === 0) continue
      for (const solid of placeGroup(placement, group.anchor, group.copies, s)) {
        clearOverlaps(solid, all)
        placed.push(solid)
        all.push(solid)
      }
    }
    s.solids.set(part.id, placed)
  }
  // The object stands on z = 0.
  const floor = Math.min(...all.map((solid) => solid.center[2] - solid.half[2]))
  for (const solid of all)
    solid.center = [solid.center[0], solid.center[1], solid.center[2] - floor]
  return all
}

/**
 * Solves a draft into a scene (see the module header). Deterministic: the same draft gives the
 * same scene.
 * @returns the scene: one part per drawn copy, the draft's views
 * @example
 * solveObject(readObject('A table 40 having a rectangular top 42 supported by four legs 44'))
 * // → { parts: [top (plate 100 × 60 × 5), legs, legs.2, legs.3, legs.4 (boxes under its
 * //   corners, parent "top")], views: [{ kind: 'perspective', hidden: false }] }
 */
export function solveObject(draft: ObjectDraft): ObjectScene {
  return { parts: placeSolids(draft).map(toScenePart), views: draft.views }
}

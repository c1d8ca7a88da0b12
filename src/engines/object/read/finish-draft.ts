/**
 * Object reader, last stage: the draft made whole (the conventions of
 * test/corpus/objects/README.md). A face named as if it were a part and nothing more ("a flat
 * bottom", "an open top") is no part; the whole and every part listed with parts of its own is
 * drawn itself or is an `assembly` of them ("a table having a top and legs" is its parts, "a
 * rectangular housing with a lid" is a housing); shapes are settled against what a part sits on
 * (a lid on a round body is round); each part gets the part it is `on` and the placement word
 * (`where`); warnings say what is drawn as a plain block.
 */

import { MAX_OBJECT_PARTS } from '../object-scene'
import type { DraftPart, DraftShape, Face, PartForm, Relation } from './object-draft'
import type { PartBook } from './part-book'
import { FACE_HEADS } from './read-named'
import {
  BODY_FORMS,
  droppedFromLabel,
  formOfNoun,
  formOfWhole,
  formOfWords,
  shapedByAdjectives,
  shapeOf,
} from './shape-words'

/** How well a form carries other parts: bodies, then slabs, then bars and disks. */
const CARRY_RANK: Partial<Record<PartForm, number>> = {
  body: 3,
  cylinder: 3,
  base: 2,
  panel: 2,
  leaf: 2,
  tube: 1,
  rod: 1,
  disk: 1,
  sphere: 1,
}
/** Slab nouns that hang on a part rather than carry one: "a flange", "a rear wall". */
const MINOR_SLABS = new Set(
  'flange bracket gusset skirt apron ledge partition divider nameplate faceplate wall bottom back'.split(
    ' ',
  ),
)
/** Words that only say what state a face is in: "an open top", "a closed end". */
const STATE_WORDS = new Set(['open', 'closed', 'solid', 'sealed', 'blank', 'plain'])
/** Forms a whole is drawn as when its own noun names one: "a housing", "a plate", "a tube". */
const WHOLE_AS_PART: ReadonlySet<PartForm> = new Set([
  'body',
  'base',
  'panel',
  'cylinder',
  'tube',
  'rod',
  'sphere',
  'cone',
  'disk',
])
/** Forms that take the cross-section of the round part they close: lids, covers, tops. */
const CLOSERS: ReadonlySet<PartForm> = new Set(['lid', 'panel', 'base'])
const ROUND: ReadonlySet<DraftShape> = new Set(['cylinder', 'tube', 'cone'])
/** Forms a part wrapped around another loses its own shape for: "a metal frame around the carafe". */
const WRAPPABLE: ReadonlySet<PartForm> = new Set(['body', 'frame', 'strap', 'panel', 'base'])

/** Heads that name a group of parts: "a blade assembly 1110 including a blade and a shaft". */
const ASSEMBLY_HEADS = new Set(['assembly', 'subassembly', 'sub-assembly', 'mechanism', 'kit'])

const rank = (part: DraftPart) =>
  !part.shapeKnown ? 0 : MINOR_SLABS.has(part.head) ? 0.5 : (CARRY_RANK[part.form] ?? 0)

/**
 * Faces named as parts with nothing more to them ("a flat bottom", "an open top"): no parts. What
 * was placed on one is placed on the face of its part instead.
 */
function dropFaceWords(parts: DraftPart[], wholeId: string): DraftPart[] {
  const dropped = new Map<string, DraftPart>()
  const kept = parts.filter((part) => {
    const modifiers = part.keys.slice(0, -1)
    const faceOnly =
      part.numeral === undefined &&
      FACE_HEADS.has(part.head) &&
      modifiers.length > 0 &&
      modifiers.every((k) => droppedFromLabel(k) || STATE_WORDS.has(k)) &&
      part.relations.length === 0 &&
      !parts.some((p) => p.parent === part.id)
    if (faceOnly) dropped.set(part.id, part)
    return !faceOnly
  })
  for (const part of kept) {
    for (const relation of part.relations) {
      const gone = relation.targets.map((t) => dropped.get(t)).find((d) => d !== undefined)
      if (!gone) continue
      const face = (gone.head === 'back' ? 'rear' : gone.head) as Face
      relation.targets = relation.targets.map((t) =>
        dropped.has(t) ? (dropped.get(t)!.parent ?? wholeId) : t,
      )
      relation.face ??= face
      if (relation.kind === 'on') relation.where ??= face === 'end' ? 'end' : (face as never)
    }
  }
  return kept
}

/**
 * Whether the whole is drawn as a part: it has no parts, is placed against one, is named by a
 * body's noun ranked above every part (unless its parts all hold one another), or names a known object (or nothing known) while no part
 * is a body, slab or tube and none carries another ("a cup with a handle").
 */
function wholeIsDrawn(whole: DraftPart, parts: readonly DraftPart[]): boolean {
  if (parts.length === 0 || whole.relations.length > 0) return true
  const own = formOfNoun(whole.head)
  const top = Math.max(...parts.map(rank))
  // "a monitor comprising a screen, a neck on the screen and a base under the neck": parts that
  // hold one another and nothing on the whole make it up; a solid whole would swallow them.
  const named = new Set(parts.flatMap((p) => p.relations.flatMap((r) => r.targets)))
  const linked = (p: DraftPart) =>
    named.has(p.id) || p.relations.some((r) => r.targets.some((t) => t !== whole.id))
  if (parts.length > 2 && !named.has(whole.id) && parts.every(linked)) return false
  if (own && WHOLE_AS_PART.has(own) && (CARRY_RANK[own] ?? 0) > top) return true
  if (parts.some((p) => BODY_FORMS.has(p.form) || p.form === 'tube')) return false
  const targets = new Set(parts.flatMap((p) => p.relations.flatMap((r) => r.targets)))
  targets.delete(whole.id)
  return !parts.some((p) => targets.has(p.id))
}

/** The whole's form when it is drawn: its own noun's, else the catalogue's ("a mug"). */
function shapeWhole(whole: DraftPart): void {
  const form = formOfWhole(whole.head)
  if (form) {
    whole.form = form
    whole.shapeKnown = true
  }
}

/** The part a relation places a part on, for `on`: none for "beside" or two different parts. */
function onOf(relation: Relation): string | undefined {
  if (relation.kind === 'beside' || relation.loose) return undefined
  if ((relation.kind === 'between' || relation.each) && relation.targets.length > 1) {
    return undefined
  }
  return relation.targets[0]
}

/**
 * The part the others are built on: the whole when it is drawn, else the first of the best
 * carriers in the order written (a body, then a slab such as "a top 42", then a bar or a disk).
 */
export function mainPart(parts: readonly DraftPart[], wholeId: string): DraftPart {
  const drawn = parts.filter((p) => p.shape !== 'assembly')
  const whole = drawn.find((p) => p.id === wholeId)
  if (whole) return whole
  let best = drawn[0] ?? parts[0]!
  for (const part of drawn) if (rank(part) > rank(best)) best = part
  return best
}

/** Settles each part's shape from its form, adjectives, and what it sits on or wraps. */
function settleShape(part: DraftPart, byId: Map<string, DraftPart>, whole: DraftPart): void {
  const found = formOfWords(part.keys)
  let noun = found?.form === part.form ? found.noun : undefined
  // "a bottle 30 comprising a body 32": a body with no shape words takes the bottle's shape.
  if (part !== whole && part.head === 'body' && part.adjectives.length === 0) {
    const form = formOfWhole(whole.head)
    if (form && form !== 'body') {
      part.form = form
      noun = undefined
    }
  }
  part.shape = shapeOf(part.form, noun, part.adjectives)
  const relation = part.relations.find((r) => r.kind !== 'beside')
  const carrier = relation
    ? byId.get(relation.targets[0]!)
    : part.parent !== undefined
      ? byId.get(part.parent)
      : undefined
  const shapeWords = shapedByAdjectives(part.adjectives)
  if (CLOSERS.has(part.form) && carrier && ROUND.has(carrier.shape) && !shapeWords) {
    const face = relation?.face
    if (part.form === 'lid' || face === 'top' || face === 'bottom' || FACE_HEADS.has(part.head)) {
      part.shape = 'cylinder'
    }
  }
  if (relation?.kind === 'around' && (WRAPPABLE.has(part.form) || !part.shapeKnown)) {
    part.shape = 'tube'
    part.shapeKnown = true
  }
}

/**
 * A handle gripped along its length is a bar: the main part, one with a shaft out of its end, one
 * at the end of a bar ("a handle 18 at the end of the shaft"), one that extends from a part ("two
 * handles extending rearward from the tray"), "a bar handle".
 */
function settleHandle(part: DraftPart, parts: readonly DraftPart[], main: DraftPart): void {
  if (part.head !== 'handle' || part.shape !== 'torus' || part.adjectives.includes('curved')) return
  const carries = parts.some((p) =>
    p.relations.some(
      (r) => r.targets[0] === part.id && (r.kind === 'extends' || r.where === 'end'),
    ),
  )
  const onBar = part.relations.some((r) => {
    const target = parts.find((p) => p.id === r.targets[0])
    return r.where === 'end' && target !== undefined && ['rod', 'tube'].includes(target.form)
  })
  const bar = part.keys.includes('bar') || part.keys.includes('grip')
  const extending = part.relations.some((r) => r.kind === 'extends')
  if (part === main || carries || onBar || bar || extending) part.shape = 'cylinder'
}

/**
 * Copies drawn in all: a part's count is cut when the copies would pass MAX_OBJECT_PARTS; more
 * parts than that are kept (none is dropped unsaid) and named in a warning, for the drafter to
 * refuse as too complex.
 */
function limitCopies(parts: DraftPart[], warnings: string[]): void {
  const drawn = parts.filter((p) => p.shape !== 'assembly')
  if (drawn.length > MAX_OBJECT_PARTS) {
    warnings.push(
      `The prompt names ${drawn.length} parts or more; one figure holds ${MAX_OBJECT_PARTS}`,
    )
    return
  }
  let room = MAX_OBJECT_PARTS
  for (const [k, part] of drawn.entries()) {
    // Room is kept for one copy of every part still to come.
    const fit = Math.max(1, Math.min(part.count, room - (drawn.length - k - 1)))
    if (fit < part.count) {
      warnings.push(
        `${part.label} is drawn ${fit} times, not ${part.count}: one figure holds ${MAX_OBJECT_PARTS} parts`,
      )
      part.count = fit
      if (part.numerals) part.numerals = part.numerals.slice(0, fit)
    }
    room = Math.max(0, room - part.count)
  }
}

/**
 * Completes the draft from the part book (see the module header).
 * @returns the parts, the whole first, and warnings added to `warnings`
 */
export function finishDraft(book: PartBook, warnings: string[]): DraftPart[] {
  const whole = book.whole
  const listed = dropFaceWords(book.parts, whole.id)
  const all = [whole, ...listed]
  const byId = new Map(all.map((p) => [p.id, p]))
  for (const part of all) {
    if (part.parent !== undefined && !byId.has(part.parent)) delete part.parent
  }
  const children = (id: string) => listed.filter((p) => p.parent === id)
  // Shapes first: a sub-assembly and the whole are judged by what their parts are.
  for (const part of listed) settleShape(part, byId, whole)
  if (wholeIsDrawn(whole, listed)) {
    shapeWhole(whole)
    settleShape(whole, byId, whole)
  } else whole.shape = 'assembly'
  // "a plunger 16 having a rod 18 and a stopper 20": made only of its parts, none placed on it.
  for (const part of listed) {
    const own = children(part.id)
    const copies = own.reduce((n, p) => n + p.count, 0)
    const placedOn = own.some((p) => p.relations.some((r) => r.targets.includes(part.id)))
    const named = ASSEMBLY_HEADS.has(part.head)
    if (named || (copies >= 2 && !placedOn && rank(part) <= Math.max(...own.map(rank)))) {
      part.shape = 'assembly'
    }
  }
  const main = mainPart(all, whole.id)
  for (const part of listed) settleHandle(part, all, main)
  // On and where: the first placement the prompt gives, else the part it is listed in.
  for (const part of all) {
    for (const relation of part.relations) {
      // "on the front face" of an object that is only its parts: its main part's face.
      if (relation.implicit && relation.targets[0] === whole.id && whole.shape === 'assembly') {
        relation.targets = [main.id]
      }
      relation.targets = [...new Set(relation.targets.filter((t) => byId.has(t) && t !== part.id))]
    }
    part.relations = part.relations.filter((r) => r.targets.length > 0)
    if (part === whole) continue
    const first = part.relations.find((r) => r.kind !== 'beside')
    const on = first ? onOf(first) : undefined
    const parent = part.parent !== undefined ? byId.get(part.parent) : whole
    if (on !== undefined) part.on = on
    else if (!first && parent && parent.shape !== 'assembly') part.on = parent.id
    const where = first?.where
    if (where) part.where = where
  }
  for (const part of all) {
    if (!part.shapeKnown && part.shape !== 'assembly') {
      warnings.push(
        `${part.label}${part.numeral ? ` ${part.numeral}` : ''} is drawn as a plain block: no word in its name tells its shape`,
      )
    }
  }
  limitCopies(all, warnings)
  return all
}

/**
 * Object reader, shared step: the part a noun phrase names. A mention found again ("the body",
 * "the leaves", "each shaft"), the whole ("the mug"), or a new part ("four legs 44", "a hinged
 * lid"), added inside the part whose list it is in. Nouns that are never parts ("a point",
 * "hidden lines", "the user") name nothing.
 */

import { isGerund } from '../../figure/parse/grammar-words'
import { NON_PART_NOUNS } from '../../figure/parse/noun-classes'
import type { NounPhrase } from '../../figure/parse/read-noun-phrase'
import { lowerAt, type Token } from '../../figure/parse/tokenize'
import { MAX_OBJECT_PARTS } from '../object-scene'
import type { DraftPart } from './object-draft'
import { type PartBook, readPartPhrase } from './part-book'
import { readCount } from './placement-words'
import { formOfNoun, formOfWhole } from './shape-words'

/** What the readers share while reading one prompt. */
export interface ReadContext {
  book: PartBook
  /** The last part named as a placement's target: what "its" means when the list has no owner. */
  recent?: DraftPart
  /** The part named last in a list: what "it" means ("four legs under it"). */
  previous?: DraftPart
  /** Whether a list opened now ends at the next comma (it is inside an item of a comma list). */
  commaEnds?: boolean
  /** While reading what "each drawer" has, new parts come once per drawer. */
  times: number
  /** Parts whose count came from "each" (a handle per drawer), multiplied again by "each end". */
  perEach: WeakSet<DraftPart>
}

/** Most parts read from one prompt: twice what one figure holds (the drafter refuses more). */
export const MAX_READ_PARTS = 2 * MAX_OBJECT_PARTS

/** Heads that never name a drawn part of an object. */
const NOT_PARTS = new Set([
  ...NON_PART_NOUNS,
  ...`view views figure drawing drawings sketch invention embodiment design user person hand
  finger liquid water coffee beverage food material plastic metal steel wood aluminum aluminium
  rubber fabric ceramic paper color colour direction axis angle length width height diameter
  thickness distance plane line lines center centre middle side face surface end edge corner
  interior exterior inside outside portion point row rows position pair set use half please
  need patent style vehicle environment background`
    .trim()
    .split(/\s+/),
])

/** Whether a head noun never names a drawn part ("view", "point", "user"). */
export function neverPart(head: string): boolean {
  return NOT_PARTS.has(head)
}

/** A part named as a face ("a flat bottom", "an open top") is no part when it has nothing else. */
export const FACE_HEADS = new Set(['top', 'bottom', 'end', 'side', 'front', 'back', 'rear'])

/** The parts named at a token: found again, the whole, or new. */
export interface Named {
  parts: DraftPart[]
  /** A new part: added, or with `look`, would be (then `parts` is empty). */
  fresh: boolean
  /** The phrase opened with "each" ("each drawer", "each of the shafts"). */
  each: boolean
  end: number
}

/**
 * "the top and bottom panels", "the front and rear legs": two known parts sharing the head of
 * the second phrase; undefined unless both are found.
 */
function readSharedHead(
  ctx: ReadContext,
  tokens: readonly Token[],
  first: NounPhrase,
  end: number,
): { parts: DraftPart[]; end: number } | undefined {
  if (first.numeral !== undefined || lowerAt(tokens, first.end) !== 'and') return undefined
  const second = readPartPhrase(tokens, first.end + 1, end)
  if (!second || second.numeral !== undefined || second.keys.length < 2) return undefined
  const head = second.keys[second.keys.length - 1]!
  const named: NounPhrase = {
    ...first,
    words: [...first.words, head],
    keys: [...first.keys, head],
    head,
  }
  const a = ctx.book.find(named)
  const b = ctx.book.find({ ...second, determiner: 'definite' })
  if (a.length === 0 || b.length === 0) return undefined
  return { parts: [...a, ...b], end: second.end }
}

/** A noun phrase that may be a new part: introduced, numbered, counted or a known noun. */
function mayIntroduce(phrase: NounPhrase, counted: boolean): boolean {
  if (NOT_PARTS.has(phrase.head) && phrase.numeral === undefined) return false
  if (phrase.numeral !== undefined || counted || phrase.determiner === 'indefinite') return true
  return formOfNoun(phrase.head) !== undefined || formOfWhole(phrase.head) !== undefined
}

/**
 * The parts a noun phrase at `i` names: known ones, the whole, or a new one added inside `owner`
 * (the whole's id: no parent); with `look`, a new one is only reported (fresh, no parts).
 * @returns undefined when the words there name no part
 */
export function readNamed(
  ctx: ReadContext,
  tokens: readonly Token[],
  i: number,
  end: number,
  owner: string,
  look = false,
): Named | undefined {
  const each = lowerAt(tokens, i) === 'each'
  const count = readCount(tokens, i)
  const phrase = readPartPhrase(tokens, i, end)
  if (!phrase) return undefined
  // A gerund that heads nothing ("holding coffee") is no part.
  if (isGerund(phrase.words[0]!.toLowerCase()) && phrase.keys.length === 1) return undefined
  const { book } = ctx
  const pair = readSharedHead(ctx, tokens, phrase, end)
  if (pair) return { parts: pair.parts, fresh: false, each, end: pair.end }
  const found = book.find(phrase, each)
  if (found.length > 0) return { parts: found, fresh: false, each, end: phrase.end }
  if (book.hasWhole && book.isWhole(phrase)) {
    return { parts: [book.whole], fresh: false, each, end: phrase.end }
  }
  if (!mayIntroduce(phrase, count !== undefined) && phrase.determiner !== 'definite') {
    return undefined
  }
  if (NOT_PARTS.has(phrase.head) && phrase.numeral === undefined) return undefined
  // Past twice what a figure holds the prompt is too large to draw; reading more only costs time.
  if (book.parts.length >= MAX_READ_PARTS) return undefined
  if (look) return { parts: [], fresh: true, each, end: phrase.end }
  const parent = owner === book.whole.id ? undefined : owner
  const part = book.add(phrase, count, parent)
  if (ctx.times > 1) {
    part.count = Math.min(MAX_OBJECT_PARTS, part.count * ctx.times)
    part.countWritten = true
    ctx.perEach.add(part)
  }
  return { parts: [part], fresh: true, each, end: phrase.end }
}

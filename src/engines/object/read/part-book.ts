/**
 * Object reader, shared: the parts found so far and how a later mention finds its part again: by
 * numeral ("the leg 44"), by its words ("the upper housing", "the body"), by its head with the
 * same ordinal ("the first leaf" is never the second one), by a shape word its adjectives gave
 * ("the dome" after "a domed top"), or, in the plural, every part with that head ("the leaves":
 * both leaves). The whole ("a coffee mug 10") is kept apart: it becomes a part, or an assembly,
 * only when the prompt has been read.
 */

import { PRONOUNS } from '../../figure/parse/grammar-words'
import { singular } from '../../figure/parse/noun-classes'
import { capitals, fitLabel } from '../../figure/parse/part-registry'
import {
  isDeterminerWord,
  type NounPhrase,
  readNounPhrase,
} from '../../figure/parse/read-noun-phrase'
import type { Token } from '../../figure/parse/tokenize'
import { MAX_OBJECT_PARTS } from '../object-scene'
import type { Adjective, DraftPart } from './object-draft'
import { readCount, verbSense } from './placement-words'
import {
  adjectiveOf,
  aliasAdjectives,
  droppedFromLabel,
  formOfWords,
  shapedByAdjectives,
  shapeOf,
  usualCount,
} from './shape-words'

/** Face words a part's own name may start with: "a front panel", "a top cover". */
const OWN_FACES: Record<string, DraftPart['ownFace']> = {
  top: 'top',
  upper: 'top',
  bottom: 'bottom',
  lower: 'bottom',
  front: 'front',
  rear: 'rear',
  back: 'rear',
  left: 'left',
  right: 'right',
  side: 'side',
}

/** Nouns ending in s that the shared singular() cuts: "lens" is no plural of "len". */
const S_SINGULARS = new Set(['lens', 'chassis', 'canvas', 'atlas', 'bellows', 'pliers', 'scissors'])

/** The phrase with its head put right where singular() misreads it ("lens" → "len"). */
function fixSingular(phrase: NounPhrase): NounPhrase {
  const last = phrase.words[phrase.words.length - 1]!.toLowerCase()
  if (!S_SINGULARS.has(last) || phrase.head === last) return phrase
  return { ...phrase, head: last, keys: [...phrase.keys.slice(0, -1), last] }
}

/** Nouns the shared reader takes for verbs ("a watering can 50", "pipe ends 412"). */
const NOUN_STOPS = new Set(['can', 'cans', 'ends', 'end'])
/**
 * Verbs of a block diagram that name a part of a thing ("the server handles requests", but "two
 * handles 126 on the sides"): nouns unless what they would act on follows.
 */
const THING_NOUNS = new Set(['handles'])

/** Tokens looked ahead for a noun the shared reader would stop at. */
const NOUN_STOP_WINDOW = 6

/**
 * `tokens` with a noun the shared reader takes for a verb made a plain word: "can", "ends" when
 * a numeral or a list opener follows it within the next few tokens from `i`; "handles" unless a
 * determiner or a pronoun follows it.
 */
function nounStopsAsNouns(tokens: readonly Token[], i: number, end: number): readonly Token[] {
  for (let k = i; k < Math.min(end, i + NOUN_STOP_WINDOW); k++) {
    const token = tokens[k]!
    if (token.kind === 'punct') return tokens
    const next = tokens[k + 1]
    if (THING_NOUNS.has(token.lower)) {
      const after = next?.lower ?? ''
      if (isDeterminerWord(after) || PRONOUNS.has(after)) return tokens
    } else if (k === i || !NOUN_STOPS.has(token.lower)) {
      continue
    } else if (
      next?.kind !== 'number' &&
      !/^(?:having|has|with|comprising)$/.test(next?.lower ?? '')
    ) {
      return tokens
    }
    const copy = [...tokens]
    copy[k] = { ...token, lower: `${token.lower}-noun` }
    return copy
  }
  return tokens
}

/**
 * The noun phrase at token `i` (the shared reader's), put right for objects: a name that goes
 * on past a word the shared reader stops at ("a watering can 50", "threaded pipe ends 412"), a
 * verb it took for a noun cut off ("each bolt carries a nut": BOLT), the head of "lens" kept.
 */
export function readPartPhrase(
  tokens: readonly Token[],
  i: number,
  end: number = tokens.length,
): NounPhrase | null {
  // The readers ask for the phrase at one token several times (to look, then to take it).
  let memo = PHRASES.get(tokens)
  if (!memo) {
    memo = new Map()
    PHRASES.set(tokens, memo)
  }
  const key = i * 100_003 + end
  const known = memo.get(key)
  if (known !== undefined) return known
  const phrase = readFreshPhrase(tokens, i, end)
  memo.set(key, phrase)
  return phrase
}

/** Phrases read, by clause and position (see readPartPhrase). */
const PHRASES = new WeakMap<readonly Token[], Map<number, NounPhrase | null>>()

function readFreshPhrase(tokens: readonly Token[], i: number, end: number): NounPhrase | null {
  let phrase = readNounPhrase(nounStopsAsNouns(tokens, i, end), i, end)
  if (!phrase) return null
  // "forty pins", "twenty studs": a count the shared reader does not know is no word of the name.
  if (
    phrase.words.length > 1 &&
    readCount([{ ...tokens[phrase.start]!, lower: phrase.words[0]!.toLowerCase() }], 0)?.value
  ) {
    const words = phrase.words.slice(1)
    phrase = { ...phrase, words, keys: phrase.keys.slice(1) }
  }
  // "each bolt carries": the verb is not the name.
  while (phrase.words.length > 1 && phrase.numeral === undefined) {
    const last = phrase.words[phrase.words.length - 1]!.toLowerCase()
    if (!/[^s]s$/.test(last) || !verbSense(last)) break
    const words = phrase.words.slice(0, -1)
    const keys = words.map((w) => w.toLowerCase())
    keys[keys.length - 1] = singular(keys[keys.length - 1]!)
    phrase = { ...phrase, words, keys, head: keys[keys.length - 1]!, end: phrase.end - 1 }
  }
  return fixSingular(phrase)
}

/** Whether a phrase is written in the plural ("legs", "the leaves"). */
export function isPlural(phrase: NounPhrase): boolean {
  const last = phrase.words[phrase.words.length - 1]!.toLowerCase()
  return last !== phrase.head && last.endsWith('s')
}

const endsWith = (whole: readonly string[], tail: readonly string[]) =>
  tail.length <= whole.length &&
  tail.every((key, k) => whole[whole.length - tail.length + k] === key)

/** A count read before a phrase: "four", "a pair of" (4, 2); "a plurality of" (no value). */
export interface Count {
  value?: number
}

/** The label of a phrase: its words without shape and size adjectives, in capitals. */
function labelOf(words: readonly string[]): string {
  const kept = words.filter((w, k) => k === words.length - 1 || !droppedFromLabel(w))
  return fitLabel(capitals(kept.join(' ')))
}

/** The parts of one object, in the order the prompt introduces them. */
export class PartBook {
  readonly parts: DraftPart[] = []
  #whole: DraftPart | undefined
  #wholeNumeral: string | undefined
  readonly #ids = new Set<string>()

  /** The whole ("a coffee mug 10"); "OBJECT" when the prompt names none. */
  get whole(): DraftPart {
    if (!this.#whole) {
      this.setWhole({
        words: ['object'],
        keys: ['object'],
        head: 'object',
        determiner: 'none',
        start: 0,
        end: 0,
      })
    }
    return this.#whole!
  }

  /** Whether the whole has been named. */
  get hasWhole(): boolean {
    return this.#whole !== undefined
  }

  /** Records the whole; its numeral stays its own. */
  setWhole(phrase: NounPhrase): void {
    this.#whole = this.#make(phrase, undefined)
    if (phrase.numeral !== undefined) {
      this.#whole.numeral = phrase.numeral
      this.#wholeNumeral = phrase.numeral
    }
  }

  /**
   * Whether `phrase` names the whole: its numeral, or its head ("the mug", or "a rectangular
   * basket" restating "a laundry basket") when no part has those words.
   */
  isWhole(phrase: NounPhrase): boolean {
    const whole = this.#whole
    if (!whole) return false
    if (phrase.numeral !== undefined) return phrase.numeral === this.#wholeNumeral
    // "the laptop" for "a laptop computer", "the mill" for "a pepper mill".
    const within = phrase.keys.every((k) => whole.keys.includes(k))
    if (phrase.head !== whole.head && !within) return false
    return !this.parts.some((p) => endsWith(p.keys, phrase.keys))
  }

  /** The part (or the whole) with id `id`. */
  partById(id: string): DraftPart {
    if (this.#whole?.id === id) return this.#whole
    return this.parts.find((p) => p.id === id) ?? this.whole
  }

  /** The part with numeral `numeral` (any numeral of a list). */
  byNumeral(numeral: string): DraftPart | undefined {
    const n = numeral.toLowerCase()
    return this.parts.find(
      (p) => p.numeral?.toLowerCase() === n || p.numerals?.some((m) => m.toLowerCase() === n),
    )
  }

  /**
   * The parts `phrase` refers back to: one by numeral or words; several for a plural or an
   * "each" that names two or more parts by head ("the leaves", "each shaft"). Empty when it
   * names none.
   */
  find(phrase: NounPhrase, every = false): DraftPart[] {
    if (phrase.numeral !== undefined) {
      const numbered = this.byNumeral(phrase.numeral)
      return numbered ? [numbered] : []
    }
    const many = every || isPlural(phrase)
    const pick = (found: DraftPart[]) => (many && found.length > 1 ? found : found.slice(-1))
    const exact = this.parts.filter(
      (p) => p.keys.length === phrase.keys.length && endsWith(p.keys, phrase.keys),
    )
    if (exact.length > 0) return pick(exact)
    const ordinalFits = (p: DraftPart) => !phrase.ordinal || p.ordinal === phrase.ordinal
    const tail = this.parts.filter((p) => endsWith(p.keys, phrase.keys) && ordinalFits(p))
    if (tail.length > 0) return pick(tail)
    if (phrase.determiner === 'indefinite') return []
    const head = this.parts.filter((p) => p.head === phrase.head && ordinalFits(p))
    if (head.length > 0) return pick(head)
    // "the top drawer" after "three drawers": the head names them.
    const named = this.parts.filter((p) => phrase.keys.includes(p.head) && ordinalFits(p))
    if (named.length > 0 && phrase.keys.length > 1) return named.slice(-1)
    const alias = aliasAdjectives(phrase.head)
    if (alias) {
      const shaped = this.parts.filter((p) => p.adjectives.some((a) => alias.includes(a)))
      if (shaped.length > 0) return shaped.slice(-1)
    }
    return []
  }

  /**
   * A new part for `phrase` listed under `parent`. Shape words among its words make its form
   * and adjectives; a count before it (or a numeral list) makes copies.
   */
  add(phrase: NounPhrase, count: Count | undefined, parent?: string): DraftPart {
    const part = this.#make(phrase, count, parent)
    if (phrase.numeral !== undefined && !this.byNumeral(phrase.numeral)) {
      if (phrase.numeral !== this.#wholeNumeral) part.numeral = phrase.numeral
      if (phrase.numerals && phrase.numerals.length > 1) {
        part.numerals = phrase.numerals.filter((n) => !this.byNumeral(n))
      }
    }
    this.parts.push(part)
    return part
  }

  #make(phrase: NounPhrase, count: Count | undefined, parent?: string): DraftPart {
    const adjectives: Adjective[] = []
    for (const key of phrase.keys) {
      const a = adjectiveOf(key)
      if (a && !adjectives.includes(a)) adjectives.push(a)
    }
    const found = formOfWords(phrase.keys)
    const form = found?.form ?? 'body'
    const listed = phrase.numerals?.length ?? 0
    const counted = count?.value ?? (listed > 1 ? listed : undefined)
    const value = counted ?? (isPlural(phrase) || count ? usualCount(form) : 1)
    const ownFace = phrase.keys.length > 1 ? OWN_FACES[phrase.keys[0]!] : undefined
    return {
      id: this.#newId(phrase.keys),
      label: labelOf(phrase.words),
      keys: phrase.keys,
      head: phrase.head,
      ...(phrase.ordinal ? { ordinal: phrase.ordinal } : {}),
      shape: shapeOf(form, found?.noun, adjectives),
      form,
      shapeKnown: found !== undefined || shapedByAdjectives(adjectives),
      adjectives,
      count: Math.max(1, Math.min(value, MAX_OBJECT_PARTS)),
      countWritten: counted !== undefined,
      relations: [],
      ...(parent ? { parent } : {}),
      ...(ownFace ? { ownFace } : {}),
    }
  }

  /** An id from the naming words: "first-leaf", "handle"; "handle_2" for a second handle. */
  #newId(keys: readonly string[]): string {
    const words = keys.filter((k) => !adjectiveOf(k) && !droppedFromLabel(k))
    const base =
      (words.length > 0 ? words : keys)
        .join('-')
        .replace(/[^a-z0-9-]+/g, '')
        .replace(/-{2,}/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 32) || 'part'
    let id = base
    for (let k = 2; this.#ids.has(id); k++) id = `${base}_${k}`
    this.#ids.add(id)
    return id
  }
}

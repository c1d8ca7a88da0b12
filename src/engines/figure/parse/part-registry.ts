/**
 * Prompt parser, system diagrams: the parts found so far and how a later mention finds its part
 * again. A mention matches by numeral ("element 102"), by its words ("the network interface"),
 * by its last words ("the interface"), or, when it says "the", by its head noun with the same
 * ordinal ("the first sensor" is never the second one). One numeral never names two parts.
 */

import { MAX_LABEL_CHARS } from '../figure'
import { GENERIC_NOUNS } from './noun-classes'
import type { NounPhrase } from './read-noun-phrase'

/** A part under construction; becomes a FigurePart once the prompt is read. */
export interface DraftPart {
  id: string
  label: string
  keys: string[]
  head: string
  ordinal?: string
  numeral?: string
  parent?: DraftPart
  /** Creation order (0-based). */
  index: number
  /** When it was last mentioned, to pick "the sensor" among two sensors. */
  mentioned: number
}

const endsWith = (whole: readonly string[], tail: readonly string[]) =>
  tail.length <= whole.length &&
  tail.every((key, k) => whole[whole.length - tail.length + k] === key)

/** How well `phrase` names `part`: 3 same words, 2 its last words, 1 same head ("the"), 0 not. */
function matchScore(phrase: NounPhrase, part: DraftPart): number {
  if (phrase.keys.length === part.keys.length && endsWith(part.keys, phrase.keys)) return 3
  if (isAcronymOf(phrase, part)) return 3
  if (phrase.ordinal !== part.ordinal && phrase.ordinal !== undefined) return 0
  if (endsWith(part.keys, phrase.keys)) return 2
  // An informal prompt's short names: "ppg" for the ppg sensor, "accel" for the accelerometer.
  if (phrase.determiner === 'none' && phrase.keys.length === 1 && part.keys.length >= 1) {
    const word = phrase.keys[0]!
    if (part.keys.length >= 2 && part.keys[0] === word) return 1
    if (word.length >= 4 && part.keys.length === 1 && part.keys[0]!.startsWith(word)) return 1
  }
  // "the converter" for "the DC-DC converter"; but "the lauter tun" is not "the mash tun": a
  // modifier the part does not have names another part.
  if (phrase.determiner === 'definite' && phrase.head === part.head) {
    return phrase.keys.slice(0, -1).every((key) => part.keys.includes(key)) ? 1 : 0
  }
  return 0
}

/** "the VSD 304" after "a variable speed drive (VSD) 304": capitals that spell the part's words. */
function isAcronymOf(phrase: NounPhrase, part: DraftPart): boolean {
  const word = phrase.words.length === 1 ? phrase.words[0]! : ''
  // An informal prompt writes them in lowercase: "the fc" for the flight controller.
  if (!/^(?:[A-Z]{2,6}|[a-z]{2,4})s?$/.test(word) || part.keys.length < 2) return false
  const initials = part.keys
    .flatMap((key) => key.split('-'))
    .map((key) => key[0])
    .join('')
  return initials === word.replace(/s$/, '').toLowerCase()
}

/** `lower` written in the case of `like` ("SENSOR" for "SENSORS", "sensor" for "sensors"). */
function matchCase(lower: string, like: string): string {
  return like === like.toUpperCase() ? lower.toUpperCase() : lower
}

/**
 * A label in capitals, as patent figures print them; the micro sign stays "µ" (its capital is the
 * Greek "Μ", which reads as M: "ΜL" for µL).
 */
export function capitals(text: string): string {
  return text.replace(/[^µ]+/g, (run) => run.toUpperCase())
}

/** Cuts a label to MAX_LABEL_CHARS at a word boundary. */
export function fitLabel(label: string, room: number = MAX_LABEL_CHARS): string {
  const text = label.replace(/\s+/g, ' ').trim()
  if (text.length <= room) return text
  const cut = text.lastIndexOf(' ', room)
  return (cut > room / 2 ? text.slice(0, cut) : text.slice(0, room)).trim()
}

/** The parts of one system diagram, in the order they were introduced. */
export class PartRegistry {
  readonly parts: DraftPart[] = []
  readonly #byNumeral = new Map<string, DraftPart>()
  #clock = 0

  /**
   * The part `phrase` refers to, if any. `before` limits back-references to parts that existed
   * when the phrase was read (links are resolved after the whole prompt).
   */
  find(phrase: NounPhrase, before: number = Number.POSITIVE_INFINITY): DraftPart | undefined {
    const generic = GENERIC_NOUNS.has(phrase.head)
    if (phrase.numeral !== undefined) {
      const numbered = this.#byNumeral.get(phrase.numeral.toLowerCase())
      if (
        numbered &&
        (generic || matchScore(phrase, numbered) > 0 || numbered.head === phrase.head)
      ) {
        return this.#touch(numbered)
      }
    }
    if (generic && phrase.keys.length === 1) return undefined
    let best: DraftPart | undefined
    let bestRank = 0
    for (const part of this.parts) {
      if (phrase.numeral !== undefined && part.numeral !== undefined) continue
      const score = matchScore(phrase, part)
      if (score === 0 || (phrase.determiner === 'indefinite' && score < 3)) continue
      // Higher score first, then parts that existed at the mention, then the latest mentioned.
      const rank = score * 4 + (part.index < before ? 2 : 0) + part.mentioned / (this.#clock + 1)
      if (rank > bestRank) {
        best = part
        bestRank = rank
      }
    }
    if (best && phrase.numeral !== undefined && best.numeral === undefined) {
      if (!this.#byNumeral.has(phrase.numeral.toLowerCase())) {
        best.numeral = phrase.numeral
        this.#byNumeral.set(phrase.numeral.toLowerCase(), best)
      }
    }
    return best ? this.#touch(best) : undefined
  }

  /**
   * Whether `phrase` names a known part by its numeral or its (last) words, without counting as a
   * mention of it.
   */
  has(phrase: NounPhrase): boolean {
    if (phrase.numeral !== undefined && this.#byNumeral.has(phrase.numeral.toLowerCase()))
      return true
    return this.parts.some((part) => matchScore(phrase, part) >= 2)
  }

  /**
   * A part listed inside `parent` ("a server comprising a processor"): an existing part when the
   * phrase refers back ("the", or a known numeral), else a new one. A part found again moves
   * into `parent` when that is deeper than where it was.
   */
  declare(phrase: NounPhrase, parent?: DraftPart): DraftPart {
    const found =
      phrase.determiner === 'definite' || phrase.numeral !== undefined
        ? this.find(phrase)
        : this.#sibling(phrase, parent)
    if (!found) return this.add(phrase, parent)
    if (parent) this.#moveInto(found, parent)
    return found
  }

  /**
   * The parts a phrase names: one per numeral of a list ("sensors 302a, 302b and 302c"), found or
   * added (inside `parent` when added).
   */
  allOf(phrase: NounPhrase, parent?: DraftPart, declare = false): DraftPart[] {
    if (!phrase.numerals) {
      const one = declare
        ? this.declare(phrase, parent)
        : (this.find(phrase) ?? this.add(phrase, parent))
      return [one]
    }
    const singularWords = [...phrase.words]
    singularWords[singularWords.length - 1] = matchCase(
      phrase.keys[phrase.keys.length - 1]!,
      singularWords[singularWords.length - 1]!,
    )
    return phrase.numerals.map((numeral) => {
      const one: NounPhrase = { ...phrase, words: singularWords, numeral }
      delete one.numerals
      const found = this.#byNumeral.get(numeral.toLowerCase())
      if (found) {
        if (parent) this.#moveInto(found, parent)
        return this.#touch(found)
      }
      return this.add(one, parent)
    })
  }

  /**
   * "the sensors" after "sensors 302a-302c": every part the plural names, when it names two or
   * more by all their words.
   */
  everyOf(phrase: NounPhrase): DraftPart[] {
    const last = phrase.words[phrase.words.length - 1]?.toLowerCase()
    if (phrase.determiner !== 'definite' || phrase.numeral !== undefined || last === phrase.head)
      return []
    const all = this.parts.filter((part) => matchScore(phrase, part) >= 2)
    return all.length >= 2 ? all.map((part) => this.#touch(part)) : []
  }

  /** A numbered part, by its numeral as written. */
  byNumeral(numeral: string): DraftPart | undefined {
    return this.#byNumeral.get(numeral.toLowerCase())
  }

  /** Adds a new part; its numeral is dropped if another part already has it. */
  add(phrase: NounPhrase, parent?: DraftPart): DraftPart {
    const part: DraftPart = {
      id: `p${this.parts.length + 1}`,
      label: fitLabel(capitals(phrase.words.join(' '))),
      keys: phrase.keys,
      head: phrase.head,
      index: this.parts.length,
      mentioned: ++this.#clock,
      ...(phrase.ordinal ? { ordinal: phrase.ordinal } : {}),
      ...(parent ? { parent } : {}),
    }
    if (phrase.numeral !== undefined && !this.#byNumeral.has(phrase.numeral.toLowerCase())) {
      part.numeral = phrase.numeral
      this.#byNumeral.set(phrase.numeral.toLowerCase(), part)
    }
    this.parts.push(part)
    return part
  }

  /** Whether `ancestor` contains `part`, directly or further up. */
  contains(ancestor: DraftPart, part: DraftPart): boolean {
    for (let up = part.parent; up; up = up.parent) if (up === ancestor) return true
    return false
  }

  /** A part with the same words already listed in `parent`: the prompt repeats itself. */
  #sibling(phrase: NounPhrase, parent?: DraftPart): DraftPart | undefined {
    const same = this.parts.find(
      (part) =>
        part.parent === parent &&
        part.keys.length === phrase.keys.length &&
        endsWith(part.keys, phrase.keys),
    )
    return same ? this.#touch(same) : undefined
  }

  #touch(part: DraftPart): DraftPart {
    part.mentioned = ++this.#clock
    return part
  }

  #moveInto(part: DraftPart, parent: DraftPart): void {
    if (part === parent || this.contains(part, parent)) return
    if (!part.parent || this.contains(part.parent, parent)) part.parent = parent
  }
}

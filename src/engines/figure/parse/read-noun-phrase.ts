/**
 * Prompt parser, shared reader: one noun phrase, the unit every part is made of. From "said one
 * or more first temperature sensors 102a coupled to" it keeps the words that name the part
 * ("FIRST TEMPERATURE SENSORS"), its numerals as written ("102", "102a", or a list: "sensors
 * 302a, 302b and 302c", "302a-302c"), and whether it was introduced ("a") or referred back to
 * ("the", "said"). Input: tokens and a start; output: the
 * phrase and where it ends, or null when the words there are not a noun phrase.
 */

import {
  AMBIGUOUS_VERBS,
  DEFINITE_DETERMINERS,
  INDEFINITE_DETERMINERS,
  isAdverb,
  isGerund,
  isParticiple,
  ORDINALS,
  PHRASE_DETERMINERS,
  PHRASE_STOPS,
  PRONOUNS,
  STEP_VERBS,
} from './grammar-words'
import {
  FLOW_NOUNS,
  FUNCTIONAL_NOUNS,
  GENERIC_NOUNS,
  HEAD_NOUNS,
  METHOD_HEADS,
  NON_PART_NOUNS,
  SYSTEM_HEADS,
  singular,
} from './noun-classes'
import { lowerAt, type Token } from './tokenize'

/** How a noun phrase was introduced: "the/said" refers back, "a/an" introduces. */
export type Determiner = 'definite' | 'indefinite' | 'none'

/** A part as the prompt names it once. */
export interface NounPhrase {
  /** The naming words as written, without determiners or numeral. */
  words: string[]
  /** The same words lowercase, the last one singular: what mentions are matched on. */
  keys: string[]
  /** The last key: "sensor" for "first temperature sensors". */
  head: string
  /** An ordinal among the words ("first"), which keeps two parts apart. */
  ordinal?: string
  /** The reference numeral written after the words ("102", "102a"): the first of a list. */
  numeral?: string
  /** Every numeral of a list or range after the words ("302a, 302b and 302c"); at least two. */
  numerals?: string[]
  determiner: Determiner
  /** Token range [start, end) the phrase covers, numeral included. */
  start: number
  end: number
}

/** Singular nouns that act ("the processor stores"), unlike "disk" or "data" ("disk drives"). */
const AGENT_NOUNS = new Set(
  [...FUNCTIONAL_NOUNS, ...SYSTEM_HEADS].filter(
    (noun) => !['disk', 'drive', 'data', 'power', 'flash', 'store'].includes(noun),
  ),
)

/** Longest noun phrase taken as a part name, in words; longer runs are prose. */
const MAX_PHRASE_WORDS = 8

/** Words a number after which names something else: "FIG 3", "claim 1", "step 202". */
const NOT_NUMBERED = new Set([
  'fig',
  'figs',
  'figure',
  'figures',
  'claim',
  'claims',
  'step',
  'steps',
])

/** A reference numeral token: "102", "102a", "1002'", or a range "302a-302c". */
const NUMERAL_TOKEN = /^(?:\d{1,5}[a-z]?'{0,2}|\d{1,5}[a-z]?-\d{1,5}[a-z]?)$/i

/** Verbs that say what a part holds; a plural noun too ("houses"), but never right after a part. */
const CONTAINING_VERBS = new Set([
  'houses',
  'holds',
  'contains',
  'includes',
  'comprises',
  'encloses',
  'incorporates',
  'carries',
  'accommodates',
])

/** "24v", "500w", "10kw", "a 4g modem": a quantity or a generation, not a numeral ("210a"). */
const UNIT_SUFFIX =
  /^(?:\d+(?:v|w|kw|kwh|wh|mah|ah|hz|khz|mhz|ghz|mm|cm|km|kg|ml|gb|mb|tb|ms|rpm)|\dg)$/i

function isNumeralToken(token: Token): boolean {
  if (!NUMERAL_TOKEN.test(token.text) || UNIT_SUFFIX.test(token.text)) return false
  const value = Number.parseInt(token.text, 10)
  return value >= 1 && value <= 99_999
}

/**
 * Whether a number after a name's words is part of the name ("a Layer 2 switch 704", "a class 3
 * laser 20"): another word and then a numeral follow it.
 */
function nameGoesOn(tokens: readonly Token[], j: number, end: number): boolean {
  const next = tokens[j + 1]
  const after = tokens[j + 2]
  return (
    j + 2 < end &&
    next?.kind === 'word' &&
    isContentWord(tokens, j + 1) &&
    !isGerund(next.lower) &&
    !isParticiple(next.lower) &&
    !countsAfter(tokens, j + 1) &&
    after !== undefined &&
    isNumeralToken(after)
  )
}

/** "302a-302c" → 302a, 302b, 302c; "102-106" → 102, 106 (the ends: the steps are not said). */
function expandRange(text: string): string[] {
  const m = /^(\d+)([a-z]?)-(\d+)([a-z]?)$/i.exec(text)
  if (!m) return [text]
  const [, a, x, b, y] = m
  if (
    a === b &&
    x &&
    y &&
    x.toLowerCase() <= y.toLowerCase() &&
    y.charCodeAt(0) - x.charCodeAt(0) < 12
  ) {
    const out: string[] = []
    for (let c = x.charCodeAt(0); c <= y.charCodeAt(0); c++)
      out.push(`${a}${String.fromCharCode(c)}`)
    return out
  }
  return [`${a}${x}`, `${b}${y}`]
}

/**
 * The numerals from token `j`: one ("102"), a list ("302a, 302b and 302c", "30a and 30b"), or a
 * range ("302a-302c", "302a to 302c", "302a through 302c").
 */
function readNumerals(
  tokens: readonly Token[],
  j: number,
  end: number,
): { values: string[]; end: number } {
  const values = expandRange(tokens[j]!.text)
  let k = j + 1
  for (;;) {
    let m = k
    const word = lowerAt(tokens, m)
    if (word === ',') {
      m++
      if (['and', 'or'].includes(lowerAt(tokens, m))) m++
    } else if (['and', 'or', 'to', 'through', 'thru'].includes(word)) m++
    else break
    const next = tokens[m]
    if (m >= end || !next || !isNumeralToken(next)) break
    // "a controller 202 and 4 motors 204": a number of another form is a count, not the list's.
    const digits = (text: string) => /^\d+/.exec(text)?.[0].length ?? 0
    if (digits(next.text) !== digits(tokens[j]!.text)) break
    const range = word === 'to' || word === 'through' || word === 'thru'
    const last = values[values.length - 1]!
    if (range) values.push(...expandRange(`${last}-${next.text}`).slice(1))
    else values.push(...expandRange(next.text))
    k = m + 1
  }
  return { values: [...new Set(values)], end: k }
}

/** A determiner word (single-word forms only). */
export function isDeterminerWord(word: string): boolean {
  return DEFINITE_DETERMINERS.has(word) || INDEFINITE_DETERMINERS.has(word)
}

/** Multi-word determiners by their first word, longest first. */
const PHRASES_BY_FIRST = new Map<string, (readonly string[])[]>()
for (const phrase of PHRASE_DETERMINERS) {
  const list = PHRASES_BY_FIRST.get(phrase[0]!) ?? []
  list.push(phrase)
  PHRASES_BY_FIRST.set(phrase[0]!, list)
}

function matchPhraseDeterminer(tokens: readonly Token[], i: number, end: number): number {
  const candidates = PHRASES_BY_FIRST.get(lowerAt(tokens, i))
  if (!candidates) return 0
  for (const phrase of candidates) {
    if (i + phrase.length > end) continue
    let k = 1
    while (k < phrase.length && lowerAt(tokens, i + k) === phrase[k]) k++
    if (k === phrase.length) return k
  }
  return 0
}

/** An acronym such as "CAN" or "IS" names a thing even when its lowercase is a grammar word. */
const isAcronym = (text: string) => text.length >= 2 && /^[A-Z][A-Z0-9]+$/.test(text)

/** Whether the token at `i` may continue a phrase as a noun or adjective. */
function isContentWord(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i]
  if (token?.kind !== 'word') return false
  if (isAcronym(token.text)) return true
  const word = token.lower
  return (
    !PHRASE_STOPS.has(word) && !PRONOUNS.has(word) && !isDeterminerWord(word) && !isAdverb(word)
  )
}

/**
 * Reads the noun phrase that starts at token `start` (determiners first) and ends before `end`.
 * A phrase stops at punctuation, a preposition, a verb, a relative pronoun, or its numeral.
 * @returns null when no naming word is found, or when the words are a verb phrase ("validate the
 *   request", "receiving a request") or longer than MAX_PHRASE_WORDS
 */
export function readNounPhrase(
  tokens: readonly Token[],
  start: number,
  end: number = tokens.length,
): NounPhrase | null {
  // Most positions a reader tries are punctuation or grammar words: turn them away first.
  const opening = tokens[start]
  if (!opening || start >= end || opening.kind === 'punct') return null
  if (
    PHRASE_STOPS.has(opening.lower) &&
    !isDeterminerWord(opening.lower) &&
    !PHRASES_BY_FIRST.has(opening.lower) &&
    !isAcronym(opening.text)
  ) {
    return null
  }
  // "the test head 602 houses pin electronics cards 608a": after a part, a containing verb.
  const previous = tokens[start - 1]
  if (
    CONTAINING_VERBS.has(opening.lower) &&
    (previous?.kind === 'number' ||
      (previous !== undefined && isNumeralToken(previous)) ||
      isContentWord(tokens, start - 1))
  ) {
    return null
  }
  // "drives 2 fans 108", "controller drives steering": after its subject, a verb and its object.
  if (
    AMBIGUOUS_VERBS.has(opening.lower) &&
    (countsAfter(tokens, start) ||
      (/[^s]s$/.test(opening.lower) &&
        tokens[start - 1]?.kind === 'word' &&
        isContentWord(tokens, start - 1)))
  ) {
    return null
  }
  let i = start
  let determiner: Determiner = 'none'
  // At most three determiners ("each of the one or more"): a run of "a a a ..." is not a phrase.
  for (let count = 0; count < 3; count++) {
    const phrase = matchPhraseDeterminer(tokens, i, end)
    const word = lowerAt(tokens, i)
    if (phrase > 0) {
      const definite = lowerAt(tokens, i + phrase - 1) === 'the'
      determiner = definite ? 'definite' : determiner === 'none' ? 'indefinite' : determiner
      i += phrase
    } else if (i < end && DEFINITE_DETERMINERS.has(word)) {
      determiner = 'definite'
      i++
    } else if (i < end && INDEFINITE_DETERMINERS.has(word)) {
      if (determiner === 'none') determiner = 'indefinite'
      i++
    } else break
  }
  // A count before the words: "3 sensors" (a quantity such as "12 V" stays in the name).
  if (
    tokens[i]?.kind === 'number' &&
    i + 1 < end &&
    isContentWord(tokens, i + 1) &&
    /s$/.test(lowerAt(tokens, i + 1))
  ) {
    i++
    // "4 ESCs" introduces them as "four ESCs" does ("FIG. 4 illustrates" counts nothing).
    const before = lowerAt(tokens, i - 2) === '.' ? i - 3 : i - 2
    const counted = !/^(?:figs?|figures?|claims?|steps?|no|nos)$/.test(lowerAt(tokens, before))
    if (determiner === 'none' && counted) determiner = 'indefinite'
  }

  const words: string[] = []
  let numeral: string | undefined
  let numerals: string[] | undefined
  let ofAt = -1
  let j = i
  for (; j < end; j++) {
    const token = tokens[j]!
    if (token.kind === 'punct') break
    const word = token.lower
    if (
      words.length > 0 &&
      isNumeralToken(token) &&
      NOT_NUMBERED.has(words[words.length - 1]!.toLowerCase())
    ) {
      break
    }
    // "a 4K image sensor", "a 5G modem": a number with a capital is a word of the name.
    const named = /^\d{1,2}[A-Z]$/.test(token.text) && isContentWord(tokens, j + 1)
    if (words.length === 0 && isNumeralToken(token) && token.kind === 'word' && !named) return null
    if (named && words.length === 0) {
      words.push(token.text)
      continue
    }
    // "drives 4 ESCs", "has 2 cameras": a count before a noun is no reference numeral.
    if (
      /^\d$/.test(token.text) &&
      isContentWord(tokens, j + 1) &&
      /s$/i.test(tokens[j + 1]!.text) &&
      !nameGoesOn(tokens, j, end)
    ) {
      break
    }
    if (words.length > 0 && isNumeralToken(token) && !nameGoesOn(tokens, j, end)) {
      const list = readNumerals(tokens, j, end)
      numeral = list.values[0]
      if (list.values.length > 1) numerals = list.values
      j = list.end
      break
    }
    if (token.kind === 'number') {
      // "a 12 V battery", "a Wi-Fi 6 module 208": a number inside a name.
      const inside = words.length === 0 ? isContentWord(tokens, j + 1) : nameGoesOn(tokens, j, end)
      if (!inside) break
      if (words.length >= MAX_PHRASE_WORDS) return null
      words.push(token.text)
      continue
    }
    if (word === 'of') {
      if (words.length === 0 || tokens[j + 1]?.kind !== 'word' || !isContentWord(tokens, j + 1)) {
        break
      }
      ofAt = j
    } else if (!isContentWord(tokens, j)) {
      break
    } else if (isGerund(word)) {
      // "a processing unit" and "a cooling fan", but "a memory storing instructions".
      // "a sequencing instrument 900": a gerund and a noun that the numeral closes.
      const continues =
        words.length === 0
          ? isContentWord(tokens, j + 1)
          : HEAD_NOUNS.has(singular(lowerAt(tokens, j + 1))) ||
            (isContentWord(tokens, j + 1) &&
              tokens[j + 2] !== undefined &&
              isNumeralToken(tokens[j + 2]!))
      if (!continues) break
    } else if (isParticiple(word) && words.length > 0) {
      // "a distributed database", but "a memory located in the housing".
      if (!isContentWord(tokens, j + 1)) break
    } else if (CONTAINING_VERBS.has(word) && words.length > 0) {
      // "patch holds ppg sensor": the part, then what it holds.
      break
    } else if (AMBIGUOUS_VERBS.has(word) && words.length > 0 && !isAcronym(token.text)) {
      // "the controller drives the motor", "the processor reads data", "the stream processor
      // stores aggregated results"; but "disk drives" and "data stores".
      const next = lowerAt(tokens, j + 1)
      const agent =
        AGENT_NOUNS.has(lowerAt(tokens, j - 1)) &&
        tokens[j + 1]?.kind === 'word' &&
        !HEAD_NOUNS.has(singular(next))
      // "an HMI talks to the PLC": a verb form, then the preposition it takes; "GPS and IMU
      // feed into it": a second subject's plural verb ("into" follows no noun a part names).
      const conjoined = /^(?:and|or)$/.test(lowerAt(tokens, start - 1))
      // ... or a plural's: "temperature tags talk to a gateway".
      const plural = /[^s]s$/.test(lowerAt(tokens, j - 1))
      const base = (conjoined || plural) && !/s$/.test(word)
      const takes =
        (/[^s]s$/.test(word) || base) &&
        /^(?:to|with|into|from|back|up)$/.test(next) &&
        (base || !NON_PART_NOUNS.has(singular(word)))
      if (
        agent ||
        takes ||
        countsAfter(tokens, j) ||
        isDeterminerWord(next) ||
        PRONOUNS.has(next) ||
        NON_PART_NOUNS.has(singular(next)) ||
        FLOW_NOUNS.has(next)
      ) {
        break
      }
    }
    if (words.length >= MAX_PHRASE_WORDS) return null
    words.push(token.text)
  }
  let phraseEnd = j
  if (words.length > 0 && ofAt >= 0 && words[words.length - 1]!.toLowerCase() === 'of') {
    words.pop()
    phraseEnd = ofAt
    numeral = undefined
    numerals = undefined
  }
  if (words.length === 0) return null

  const keys = words.map((w) => w.toLowerCase())
  const last = keys.length - 1
  keys[last] = singular(keys[last]!)
  if (keys.every((k) => ORDINALS.has(k))) return null
  if (determiner === 'none' && numeral === undefined) {
    const next = lowerAt(tokens, phraseEnd)
    // "validate the request" is a verb phrase; "lidar both go into ..." a subject, then its verb.
    const verb = lowerAt(tokens, phraseEnd + 1)
    const spreads =
      /^(?:both|all|each)$/.test(next) &&
      (AMBIGUOUS_VERBS.has(verb) ||
        /^(?:go|goes|run|runs|are|is|send|sends|talk|talks|connect|connects|plug|plugs)$/.test(
          verb,
        ))
    if ((isDeterminerWord(next) && !spreads) || PRONOUNS.has(next) || next === 'whether') {
      return null
    }
    const first = words[0]!.toLowerCase()
    if (isGerund(first) && keys.length === 1) return null
    // "boil water", "store data" are verb phrases; "control unit", "power supply" are parts.
    if (STEP_VERBS.has(first) && !HEAD_NOUNS.has(singular(first)) && !HEAD_NOUNS.has(keys[last]!)) {
      return null
    }
  }
  const ordinal = keys.find((k) => ORDINALS.has(k))
  return {
    words,
    keys,
    head: keys[last]!,
    ...(ordinal ? { ordinal } : {}),
    ...(numeral !== undefined ? { numeral } : {}),
    ...(numerals !== undefined ? { numerals } : {}),
    determiner,
    start,
    end: phraseEnd,
  }
}

/**
 * Whether the word at `j` is a verb's third-person form followed by a count and the plural it
 * counts ("drives 4 ESCs"). Not "disk drives 104 and 106" (a name and its numerals), nor "a
 * reflux pump 410 returns" (a part, its numeral, then its verb).
 */
export function countsAfter(tokens: readonly Token[], j: number): boolean {
  return (
    /[^s]s$/.test(tokens[j]?.lower ?? '') &&
    tokens[j + 1]?.kind === 'number' &&
    tokens[j + 2]?.kind === 'word' &&
    /[^s]s$/i.test(tokens[j + 2]!.text)
  )
}

/**
 * Whether a phrase can stand for a part without being resolved: it has a determiner or a
 * numeral, or it is a bare functional noun ("memory").
 */
/**
 * Whether a phrase without a numeral can name a part at all: not a pronoun, data, what flows, a
 * mere "element" or a method ("it", "the signal", "the process" are not parts).
 */
export function namesThing(phrase: NounPhrase): boolean {
  return (
    phrase.numeral === undefined &&
    !NON_PART_NOUNS.has(phrase.head) &&
    !FLOW_NOUNS.has(phrase.head) &&
    !GENERIC_NOUNS.has(phrase.head) &&
    !METHOD_HEADS.has(phrase.head) &&
    !PRONOUNS.has(phrase.head)
  )
}

export function isPlausiblePart(phrase: NounPhrase): boolean {
  return (
    phrase.determiner !== 'none' ||
    phrase.numeral !== undefined ||
    FUNCTIONAL_NOUNS.has(phrase.head) ||
    SYSTEM_HEADS.has(phrase.head)
  )
}

const LIST_JOINERS = new Set(['and', 'or', 'and/or'])

/**
 * Reads "the processor, the memory, and the display" from `start`: plausible phrases joined by
 * commas, "and", "or". Stops before the first joiner not followed by a plausible phrase.
 * @returns the phrases (possibly none) and the token index after the last one
 */
export function readNounPhraseList(
  tokens: readonly Token[],
  start: number,
  end: number = tokens.length,
  known?: (phrase: NounPhrase) => boolean,
): { phrases: NounPhrase[]; end: number } {
  const plausible = (p: NounPhrase) => isPlausiblePart(p) || known?.(p) === true
  const phrases: NounPhrase[] = []
  let i = start
  for (;;) {
    const phrase = readNounPhrase(tokens, i, end)
    if (!phrase || !plausible(phrase)) break
    phrases.push(phrase)
    i = phrase.end
    let k = i
    if (lowerAt(tokens, k) === ',') k++
    if (LIST_JOINERS.has(lowerAt(tokens, k))) k++
    if (k === i || k >= end) break
    // "drives the ESCs and each ESC drives a motor": a distributive word opens a new clause.
    if (/^(?:each|every)$/.test(lowerAt(tokens, k))) break
    const next = readNounPhrase(tokens, k, end)
    if (!next || !plausible(next)) break
    i = k
  }
  return { phrases, end: i }
}

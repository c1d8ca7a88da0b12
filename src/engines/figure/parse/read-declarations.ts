/**
 * Prompt parser, system diagrams: what contains what. Reads "<part> comprising/including/having/
 * containing/consisting of/with <list>" where the list is claim-punctuated ("a; b; and c",
 * "a, b, and c", "a and b"), and a listed part may itself contain a list ("a server 110
 * comprising a processor and a memory"). Semicolons separate the outer list and commas the
 * inner one; without semicolons, commas separate the outer list and "and" the inner one. A comma
 * after a link's objects may go on with them instead: in "a controller coupled to the processor,
 * the memory and the display", "the memory" and "the display" refer back (a claim introduces its
 * elements with "a" and refers to them with "the"/"said"), so they are objects, not items. Output:
 * a tree of phrases, each with the token range of its tail (where read-links.ts looks for
 * connections); the registry turns it into parts.
 */

import { INDEFINITE_DETERMINERS } from './grammar-words'
import { NON_PART_NOUNS } from './noun-classes'
import { isFiniteLinkVerb, linkObjectsEnd } from './read-links'
import { isPlausiblePart, type NounPhrase, readNounPhrase } from './read-noun-phrase'
import { lowerAt, type Token } from './tokenize'

/** A listed part and what is listed inside it. */
export interface ListedPart {
  phrase: NounPhrase
  children: ListedPart[]
  /** Token range after the phrase that may hold its connections. */
  tail: [number, number]
  /** Clauses that apply to this and the items listed with it: "A, B and C, each coupled to D". */
  shared?: [number, number][]
}

/** "<subject> comprising <items>". */
export interface Declaration {
  subject: NounPhrase
  items: ListedPart[]
}

type ListMode = 'semicolon' | 'comma'

/**
 * The parts a list names, to tell a mention of one ("the memory", "memory 308") from a new item.
 * Built on the first question, so a list without a link that runs on costs nothing extra.
 */
class ListNames {
  /** Every tail of every named phrase's words ("image signal processor", "signal processor", …). */
  readonly #names = new Set<string>()
  readonly #numerals = new Set<string>()
  /** Items as they are read; bare ones ("processor 102;") are only known this way. */
  readonly #listed: NounPhrase[] = []
  #learned = 0
  #scanned = false
  readonly #tokens: readonly Token[]
  readonly #start: number
  readonly #end: number
  readonly #known: ((phrase: NounPhrase) => boolean) | undefined

  /**
   * @param tokens the statement
   * @param start where the list starts; every part it introduces ("a memory 308") counts, before
   *   or after the mention
   * @param end where the list ends
   * @param known whether a phrase names a part read before the statement (the registry)
   */
  constructor(
    tokens: readonly Token[],
    start: number,
    end: number,
    known?: (phrase: NounPhrase) => boolean,
  ) {
    this.#tokens = tokens
    this.#start = start
    this.#end = end
    this.#known = known
  }

  /** Notes a listed item. */
  list(phrase: NounPhrase): void {
    this.#listed.push(phrase)
  }

  /**
   * Whether a list entry mentions a part named elsewhere rather than introducing one: "the
   * memory", "said display", "memory 308" when the claim introduces "a memory 308" (before or
   * after) or listed it earlier. A "the" with nothing to refer to is a new item written carelessly.
   */
  refersBack(phrase: NounPhrase): boolean {
    if (phrase.determiner === 'indefinite') return false
    this.#learn()
    if (phrase.numeral !== undefined && this.#numerals.has(phrase.numeral.toLowerCase()))
      return true
    return this.#names.has(phrase.keys.join(' ')) || this.#known?.(phrase) === true
  }

  #learn(): void {
    if (!this.#scanned) {
      this.#scanned = true
      const tokens = this.#tokens
      const end = this.#end
      let k = this.#start
      while (k < end) {
        const phrase = INTRODUCERS.has(lowerAt(tokens, k)) ? readNounPhrase(tokens, k, end) : null
        if (phrase?.determiner === 'indefinite') {
          this.#add(phrase)
          k = phrase.end
        } else k++
      }
    }
    while (this.#learned < this.#listed.length) this.#add(this.#listed[this.#learned++]!)
  }

  #add(phrase: NounPhrase): void {
    for (let k = 0; k < phrase.keys.length; k++) this.#names.add(phrase.keys.slice(k).join(' '))
    for (const numeral of phrase.numerals ??
      (phrase.numeral !== undefined ? [phrase.numeral] : [])) {
      this.#numerals.add(numeral.toLowerCase())
    }
  }
}

/** Prepositions that restate a link's objects after a comma: "coupled to A, and to B". */
const OBJECT_PREPOSITIONS = new Set(['to', 'with', 'from'])

interface Keyword {
  start: number
  end: number
  word: string
  colon: boolean
}

const SINGLE_KEYWORDS = new Set(
  'comprising comprises comprise including includes include containing contains contain having has have with houses encloses incorporates holds'.split(
    ' ',
  ),
)
/** Keywords that only count right after the part they belong to ("a bicycle with ..."). */
const IMMEDIATE_ONLY = new Set(['with', 'has', 'have', ':'])
const OF_KEYWORDS = new Set(['consisting', 'consists', 'comprised', 'composed'])
/** Words allowed between a part and its keyword: "the system 100 may further include". */
const KEYWORD_FILLERS = new Set(
  `, further also additionally that which who may can could might will shall should optionally
  generally typically preferably is are each then thus therefore itself`
    .trim()
    .split(/\s+/),
)
const JOINERS = new Set(['and', 'or', 'and/or'])
/** After a listed phrase, these start a new clause: "and the processor 112 may be ...". */
const AUXILIARIES = new Set(
  'is are was were be may might can could will would shall should must does do'.split(' '),
)
/** Words that may introduce a part: "a", "an", "one or more", "at least one", "plurality of". */
const INTRODUCERS = new Set([...INDEFINITE_DETERMINERS, 'at', 'plurality'])
const SEPARATORS = new Set([',', ';', ':', '.', '-', '*', '•', 'and', 'or', 'and/or'])

function matchKeyword(tokens: readonly Token[], j: number): Keyword | null {
  const word = lowerAt(tokens, j)
  let end = -1
  if (SINGLE_KEYWORDS.has(word) || word === ':') end = j + 1
  else if (OF_KEYWORDS.has(word) && lowerAt(tokens, j + 1) === 'of') end = j + 2
  else if (word === 'made' && lowerAt(tokens, j + 1) === 'up' && lowerAt(tokens, j + 2) === 'of') {
    end = j + 3
  }
  if (end < 0) return null
  if (lowerAt(tokens, end) === 'the' && lowerAt(tokens, end + 1) === 'following') end += 2
  const colon = word === ':' || lowerAt(tokens, end) === ':'
  while (lowerAt(tokens, end) === ':' || lowerAt(tokens, end) === ';') end++
  return { start: j, end, word, colon }
}

/**
 * The keyword that opens a list after the phrase ending at `from`. Right after it (allowing
 * "further", "may", ...) always; further on only in a preamble (`allowTail`: "A system 100 for
 * processing payments, comprising:"), preferring a keyword followed by a colon.
 */
function findKeyword(
  tokens: readonly Token[],
  from: number,
  end: number,
  allowTail: boolean,
): Keyword | null {
  let j = from
  while (j < end && KEYWORD_FILLERS.has(lowerAt(tokens, j))) j++
  const immediate = matchKeyword(tokens, j)
  if (immediate) return immediate
  if (!allowTail) return null
  let first: Keyword | null = null
  for (let k = j; k < end; k++) {
    const keyword = matchKeyword(tokens, k)
    if (!keyword || IMMEDIATE_ONLY.has(keyword.word)) continue
    if (keyword.colon) return keyword
    first ??= keyword
  }
  return first
}

/** A containment keyword inside a listed part's tail: right after it, or after "and" / ",". */
function findTailKeyword(tokens: readonly Token[], from: number, end: number): Keyword | null {
  const immediate = findKeyword(tokens, from, end, false)
  if (immediate) return immediate
  for (let k = from + 1; k < end; k++) {
    const before = lowerAt(tokens, k - 1)
    if (before !== 'and' && before !== ',') continue
    const keyword = matchKeyword(tokens, k)
    if (keyword && !IMMEDIATE_ONLY.has(keyword.word)) return keyword
  }
  return null
}

function boundary(tokens: readonly Token[], from: number, end: number, mode: ListMode): number {
  for (let k = from; k < end; k++) {
    const word = lowerAt(tokens, k)
    if (word === ';' || (mode === 'comma' && word === ',')) return k
  }
  return end
}

/** Skips list punctuation, joiners and markers ("1.", "a)") before an item. */
function skipSeparators(tokens: readonly Token[], i: number, end: number): number {
  let k = i
  while (k < end) {
    const token = tokens[k]!
    if (SEPARATORS.has(token.lower)) k++
    else if (
      (token.kind === 'number' || /^[a-z]$/.test(token.lower)) &&
      /^[.)]$/.test(lowerAt(tokens, k + 1))
    ) {
      k += 2
    } else break
  }
  return k
}

/**
 * Where the tail of a comma-listed item ends when its link's objects run on past the comma at
 * `stop`: "coupled to the image signal processor, the memory, the display and the user
 * interface", or ", and to the microcontroller". Each comma-separated run must be mentions (see
 * ListNames.refersBack), or a preposition and its objects, and end at a comma or the list's end; a run
 * that goes on ("the bus connected to ...", "the hub comprising ...") is an item of its own. A
 * mention followed by "and" and a new part ("the display and a speaker") ends the objects there.
 */
function continueObjects(
  tokens: readonly Token[],
  start: number,
  stop: number,
  end: number,
  names: ListNames,
): number {
  let k = stop
  while (lowerAt(tokens, k) === ',') {
    let q = k + 1
    if (JOINERS.has(lowerAt(tokens, q))) q++
    const prepositional = OBJECT_PREPOSITIONS.has(lowerAt(tokens, q))
    if (prepositional) q++
    let last = -1
    for (;;) {
      const phrase = readNounPhrase(tokens, q, end)
      if (!phrase || NON_PART_NOUNS.has(phrase.head)) break
      if (!(prepositional ? isPlausiblePart(phrase) : names.refersBack(phrase))) break
      last = phrase.end
      if (!JOINERS.has(lowerAt(tokens, last))) break
      q = last + 1
    }
    if (last < 0) break
    const after = lowerAt(tokens, last)
    if (last < end && after !== ',' && !JOINERS.has(after)) break
    k = last
  }
  // Only a tail whose link objects reach the comma goes on with them.
  return k === stop || linkObjectsEnd(tokens, start, stop) !== stop ? stop : k
}

/** "each coupled to", "all connected by", "both being": a clause shared by the items before it. */
const DISTRIBUTIVE = new Set(['each', 'all', 'both', 'respectively'])

function readItem(
  tokens: readonly Token[],
  i: number,
  end: number,
  mode: ListMode,
  names: ListNames,
): { item?: ListedPart; items?: ListedPart[]; next: number; clause?: boolean } {
  const phrase = readNounPhrase(tokens, i, end)
  if (!phrase) return { next: boundary(tokens, i, end, mode) }
  // A semicolon item that lists several parts ("a steering actuator 262, a brake actuator 264 and
  // a propulsion inverter 266, each controlled by ...") is a comma list of its own.
  if (mode === 'semicolon') {
    const after = lowerAt(tokens, phrase.end)
    const k =
      after === ',' && JOINERS.has(lowerAt(tokens, phrase.end + 1))
        ? phrase.end + 2
        : phrase.end + 1
    const next = after === ',' || JOINERS.has(after) ? readNounPhrase(tokens, k, end) : null
    if (
      next &&
      (next.determiner === 'indefinite' || next.numeral !== undefined) &&
      isPlausiblePart(next)
    ) {
      const stop = boundary(tokens, i, end, mode)
      const items = readItems(tokens, i, stop, 'comma', names)
      if (items.length > 1) return { items, next: stop }
    }
  }
  names.list(phrase)
  const j = phrase.end
  // "..., and the processor 112 may be ...": a new clause, not a listed part.
  if (AUXILIARIES.has(lowerAt(tokens, j))) return { next: end, clause: true }
  // "a processor and a memory": the item ends at the joiner.
  if (JOINERS.has(lowerAt(tokens, j))) {
    const next = readNounPhrase(tokens, j + 1, end)
    if (next && isPlausiblePart(next)) {
      return NON_PART_NOUNS.has(phrase.head) && phrase.numeral === undefined
        ? { next: j }
        : { item: { phrase, children: [], tail: [j, j] }, next: j }
    }
  }
  const stop = boundary(tokens, j, end, mode)
  if (NON_PART_NOUNS.has(phrase.head) && phrase.numeral === undefined) return { next: stop }
  const keyword = findTailKeyword(tokens, j, stop)
  if (!keyword) {
    const tailEnd = mode === 'comma' ? continueObjects(tokens, j, stop, end, names) : stop
    return { item: { phrase, children: [], tail: [j, tailEnd] }, next: tailEnd }
  }
  const children = readItems(tokens, keyword.end, stop, 'comma', names)
  return { item: { phrase, children, tail: [j, keyword.start] }, next: stop }
}

/**
 * Reads the list in tokens [start, end): items in order, nested lists inside them. A list whose
 * last item follows "or" names alternatives ("RAM, ROM, or flash"), not parts: it reads as none.
 */
function readItems(
  tokens: readonly Token[],
  start: number,
  end: number,
  mode: ListMode,
  names: ListNames,
): ListedPart[] {
  const items: ListedPart[] = []
  let i = start
  let alternatives = false
  let group = 0
  while (i < end) {
    const from = i
    i = skipSeparators(tokens, i, end)
    if (i >= end) break
    if (DISTRIBUTIVE.has(lowerAt(tokens, i)) && items.length - group > 0 && mode === 'comma') {
      // ", each coupled to the controller 20": every item since the last one that had its own
      // clauses shares it.
      const stop = boundary(tokens, i, end, mode)
      for (const item of items.slice(group)) {
        item.shared ??= []
        item.shared.push([i, stop])
      }
      group = items.length
      i = Math.max(stop, i + 1)
      continue
    }
    const { item, items: several, next, clause } = readItem(tokens, i, end, mode, names)
    if (clause) break
    const joiner = tokens.slice(from, i).find((t) => JOINERS.has(t.lower))?.lower
    if (joiner) alternatives = joiner !== 'and'
    if (item) items.push(item)
    if (several) {
      items.push(...several)
      group = items.length
    }
    if (item && item.tail[1] > item.tail[0]) group = items.length
    i = Math.max(next, i + 1)
  }
  return alternatives ? [] : items
}

const listMode = (tokens: readonly Token[], from: number): ListMode =>
  tokens.slice(from).some((t) => t.lower === ';') ? 'semicolon' : 'comma'

/**
 * Reads a containment statement: "A system 100 comprising: a processor 102; ...", "System 100:
 * a processor, a memory" or "The server further includes a cache". `preamble` lets words stand
 * between the subject and its keyword; `known` says whether a phrase names a part read before.
 * @returns null when the tokens do not start with a part followed by a keyword and a list
 */
export function readDeclaration(
  tokens: readonly Token[],
  preamble: boolean,
  known?: (phrase: NounPhrase) => boolean,
): Declaration | null {
  const subject = readNounPhrase(tokens, 0)
  if (!subject) return null
  const keyword = findKeyword(tokens, subject.end, tokens.length, preamble)
  if (!keyword) return null
  // "an electric vehicle charger: a rectifier feeds a converter, which ...": a colon before a
  // sentence heads prose, not a list of the charger's parts.
  const first = keyword.word === ':' ? readNounPhrase(tokens, keyword.end) : null
  if (first && isFiniteLinkVerb(tokens, first.end)) return null
  const names = new ListNames(tokens, keyword.end, tokens.length, known)
  const mode = listMode(tokens, keyword.end)
  const items = readItems(tokens, keyword.end, tokens.length, mode, names)
  return items.length > 0 ? { subject, items } : null
}

/**
 * Reads a bare list of at least two introduced parts: "a client, a server and a database".
 * @returns the items, or none when the sentence is not such a list
 */
export function readBareList(tokens: readonly Token[]): ListedPart[] {
  const first = readNounPhrase(tokens, 0)
  if (!first || (first.determiner !== 'indefinite' && first.numeral === undefined)) return []
  const items = readItems(
    tokens,
    0,
    tokens.length,
    listMode(tokens, 0),
    new ListNames(tokens, 0, tokens.length),
  )
  const introduced = items.every(
    (item) => item.phrase.determiner === 'indefinite' || item.phrase.numeral !== undefined,
  )
  return items.length >= 2 && introduced && items[0]?.phrase.start === 0 ? items : []
}

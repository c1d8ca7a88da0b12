/**
 * The faithfulness checker's nets for block diagrams and objects: a part the prompt names that no
 * element draws, and a sentence that joins two drawn parts no connection joins, are named in a
 * warning (an informal prompt's bare names that act or are acted on count as parts).
 */

import { droppedFromLabel } from '../../object/read/shape-words'
import type { Figure } from '../figure'
import { AMBIGUOUS_VERBS } from '../parse/grammar-words'
import {
  FLOW_NOUNS,
  FUNCTIONAL_NOUNS,
  GENERIC_NOUNS,
  METHOD_HEADS,
  NON_PART_NOUNS,
  namesEquipment,
  SYSTEM_HEADS,
} from '../parse/noun-classes'
import { isPlausiblePart, readNounPhrase } from '../parse/read-noun-phrase'
import { type Token, tokenize } from '../parse/tokenize'
import { contentWords, stem } from './words'

/** Names a prompt uses for what is drawn around or about a figure, never a part of it. */
const NOT_PARTS = new Set(
  `figure fig diagram drawing embodiment invention disclosure example middle center centre side
  top bottom left right front back end way manner case time part portion element view
  perspective elevation plan section`.split(/\s+/),
)

/** Heads that name a face or a place on a part: "on the front face", "to the rear of". */
const FACE_WORDS = new Set(
  `face surface side rear front back top bottom end edge corner underside periphery perimeter`.split(
    /\s+/,
  ),
)
/** Prepositions that make a face word after them a place, not a part. */
const PLACE_PREPOSITIONS = new Set(
  `on in at to from of along across near under over through into onto against beside behind
  toward towards around within inside below above beneath`.split(/\s+/),
)

/**
 * Whether the phrase at `k` names a place rather than a part: a face word after a preposition
 * ("on the front face of the housing", "in the front face", "attached to the rear of the screen").
 */
function namesPlace(tokens: readonly Token[], k: number, head: string): boolean {
  if (!FACE_WORDS.has(head)) return false
  let b = k - 1
  while (b >= 0 && /^(?:the|its|their|each|either|both|one|a|an)$/.test(tokens[b]!.lower)) b--
  return b >= 0 && PLACE_PREPOSITIONS.has(tokens[b]!.lower)
}

/**
 * Parts a block-diagram or object prompt names (without numerals: those the ledger holds) that no
 * element draws, so an unnumbered part the reader passed over is named in a warning, never lost.
 */
export function undrawnParts(prompt: string, figure: Figure): string[] {
  // The whole is drawn too: as the figure itself, named by its title.
  const labels = [...figure.elements.map((e) => e.label), ...(figure.title ? [figure.title] : [])]
  const drawn = labels.map((label) => new Set(contentWords(label).map(stem)))
  // An object's labels leave out the words that only say shape or size ("a wide rounded body"
  // is drawn as BODY), so those words are not asked of the label.
  const named = (word: string) => figure.kind !== 'object' || !droppedFromLabel(word)
  const missed = new Map<string, string>()
  const mentions = new Map<string, number>()
  const candidates: { key: string; label: string; opens: boolean }[] = []
  const tokens = tokenize(prompt.replace(/\([^()]*\)/g, ' '))
  let openedEnd = -1
  let actedEnd = -1
  for (let k = 0; k < tokens.length; ) {
    const phrase = readNounPhrase(tokens, k)
    if (!phrase || phrase.end <= k) {
      k++
      continue
    }
    // A sentence's subject ("An HMI talks to the PLC", "GPS and IMU feed into it").
    let b = k - 1
    while (b >= 0 && /^(?:and|or|,|the|a|an|each)$/.test(tokens[b]!.lower)) b--
    // ... or joined to one ("GPS and IMU feed into it").
    const opens = b < 0 || /^[.;:!?•\-*]$/.test(tokens[b]!.text) || b + 1 === openedEnd
    if (opens) openedEnd = phrase.end
    const k0 = k
    k = phrase.end
    const head = phrase.head
    // Counted whether or not it reads as a part here: "sorters and chutes", then "the chutes".
    const key = phrase.keys.map(stem).join(' ')
    if (phrase.numeral === undefined) mentions.set(key, (mentions.get(key) ?? 0) + 1)
    // An informal prompt drops its articles: a bare name that acts ("turntable goes into ...",
    // "sub is hooked up to the amp") or is acted on ("drives steering and brakes") is a part.
    const bareActs = opens && isVerbWord(tokens, pastJoined(tokens, k))
    // ... and what is joined to it ("drives steering and brakes").
    const bareActedOn = actedOn(tokens, k0) || (b >= 0 && b + 1 === actedEnd)
    if (bareActedOn) actedEnd = phrase.end
    if (
      phrase.numeral !== undefined ||
      !(
        isPlausiblePart(phrase) ||
        /^[A-Z]{2,6}s?$/.test(phrase.words.join(' ')) ||
        bareActs ||
        bareActedOn
      ) ||
      (NON_PART_NOUNS.has(head) && !(opens && namesEquipment(phrase, tokens[k]?.lower ?? ''))) ||
      FLOW_NOUNS.has(head) ||
      GENERIC_NOUNS.has(head) ||
      METHOD_HEADS.has(head) ||
      (SYSTEM_HEADS.has(head) && phrase.keys.length === 1) ||
      NOT_PARTS.has(head) ||
      namesPlace(tokens, k0, head) ||
      phrase.keys.some((key) => key === 'figure' || key === 'fig' || key === 'diagram')
    ) {
      continue
    }
    // Drawn when some element says its head and most of its other words.
    const words = phrase.keys.filter(named).map(stem)
    const acronym = phrase.words.length === 1 ? phrase.words[0]!.replace(/s$/, '') : ''
    // "accel" for the ACCELEROMETER: a bare short name is the start of a drawn word.
    const short = phrase.keys.length === 1 && head.length >= 4 && phrase.determiner === 'none'
    const covered =
      drawn.some(
        (d) => d.has(stem(head)) && words.filter((w) => d.has(w)).length >= words.length / 2,
      ) ||
      (short && drawn.some((d) => [...d].some((w) => w.startsWith(head) && w !== head))) ||
      // "the DSP", and in an informal prompt "the fc" for the flight controller.
      (/^(?:[A-Z]{2,6}|[a-z]{2,4})$/.test(acronym) &&
        figure.elements.some((e) => initials(e.label) === acronym.toUpperCase()))
    // "a drive unit including a left wheel motor": a functional thing introduced is a part.
    const introduced = phrase.determiner === 'indefinite' && FUNCTIONAL_NOUNS.has(head)
    if (!covered) {
      candidates.push({
        key,
        label: phrase.words.join(' ').toUpperCase(),
        opens: opens || introduced || actedOn(tokens, k0),
      })
    }
  }
  // Named twice, or as what a sentence is about: a part, not a passing word ("a duty cycle").
  for (const c of candidates) {
    if (c.opens || (mentions.get(c.key) ?? 0) >= 2) missed.set(c.key, c.label)
  }
  return missed.size === 0
    ? []
    : [
        `The prompt names ${[...missed.values()].join(', ')}, which ${missed.size === 1 ? 'is' : 'are'} not drawn`,
      ]
}

/** Verbs that say a part acts on or links to another ("goes into", "talks to", "feeds"). */
const LINK_VERBS =
  /^(?:goes|go|feeds|feed|sends|send|talks|talk|reports|report|drives|powers|controls|connects|couples|communicates|transmits|receives|supplies|charges|runs|heats|opens)$/

/** Verbs whose object is a part (not "sends" or "feeds": "sends the trigger", "feeds the point cloud"). */
const ACTS_ON_PARTS =
  /^(?:powers|drives|charges|controls|actuates|heats|cools|energizes|connects|couples|joins|opens|runs)$/

/**
 * Whether the phrase at `k` is what a part acts on: the object of "charges", "drives", "powers"
 * ("which charges the vehicle battery").
 */
function actedOn(tokens: readonly Token[], k: number): boolean {
  let b = k - 1
  while (b >= 0 && /^(?:the|a|an|its|their|each|both)$/.test(tokens[b]!.lower)) b--
  const verb = b >= 0 ? tokens[b]!.lower : ''
  return ACTS_ON_PARTS.test(verb)
}

/** Past the phrases joined to the one ending at `k` ("hotend thermistor [and bed thermistor]"). */
function pastJoined(tokens: readonly Token[], k: number): number {
  let end = k
  while (/^(?:and|or|,)$/.test(tokens[end]?.lower ?? '')) {
    const next = readNounPhrase(tokens, end + 1)
    if (!next || next.end <= end + 1) break
    end = next.end
  }
  return end
}

/**
 * Whether token `k` (past "also", "both", "is" ...) is a verb a subject acts by: "goes", "feeds",
 * "talks", "is hooked", "report" (after "A and B").
 */
function isVerbWord(tokens: readonly Token[], k: number): boolean {
  let j = k
  while (/^(?:also|both|all|then|too|directly)$/.test(tokens[j]?.lower ?? '')) j++
  const word = tokens[j]?.lower ?? ''
  if (/^(?:is|are)$/.test(word)) return /ed$/.test(tokens[j + 1]?.lower ?? '')
  return (
    LINK_VERBS.test(word) ||
    (AMBIGUOUS_VERBS.has(word) &&
      /^(?:the|a|an|to|into|with|from)$/.test(tokens[j + 1]?.lower ?? ''))
  )
}

/** "REMOTE TERMINAL UNIT" → "RTU". */
function initials(label: string): string {
  return label
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((w) => w[0])
    .join('')
    .toUpperCase()
}

/** Verbs that say two parts are joined or that something passes between them. */
const LINKS =
  /\b(?:coupled|connected|linked|attached|wired|communicat\w*|sends?|sent|transmit\w*|receiv\w*|outputs?|feeds?|fed|powers?|powered|drives?|driven|controls?|controlled|supplies|supplied|provides?|forwards?|streams?|reads?|writes?|stores?|polls?|talks?|exchang\w*|delivers?|routes?)\b/i

/** A pronoun a linking verb or preposition takes: "feed into it", "drives them". */
const LINKED_PRONOUN =
  /\b(?:into|to|from|with|by|feeds?|drives?|powers?|controls?)\s+(?:it|them)\b/i

/**
 * Sentences of a block-diagram prompt that join two drawn parts with a linking verb when no
 * connection joins them: a link the reader passed over is named, not lost.
 */
export function unlinkedSentences(sentences: readonly string[], figure: Figure): string[] {
  // Joined by a connection, or one drawn inside the other.
  const joined = new Set(
    [
      ...figure.connections.map((c) => [c.from, c.to] as const),
      ...figure.elements.flatMap((e) => (e.parent ? [[e.id, e.parent] as const] : [])),
    ].flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]),
  )
  const touched = new Set(figure.connections.flatMap((c) => [c.from, c.to]))
  const missed: string[] = []
  for (const sentence of sentences) {
    if (!LINKS.test(sentence)) continue
    const words = new Set(contentWords(sentence.toLowerCase()).map(stem))
    const capitals = new Set(sentence.match(/\b[A-Z]{2,6}\b/g) ?? [])
    const named = figure.elements.filter((e) => {
      // "the DSP 204" for DIGITAL SIGNAL PROCESSOR (DSP) or DIGITAL SIGNAL PROCESSOR.
      const acronym = /\(([A-Z][A-Z0-9-]{1,7})\)/.exec(e.label)?.[1] ?? initials(e.label)
      if (capitals.has(acronym)) return true
      const own = contentWords(e.label.replace(/\([^)]*\)/g, ' ').toLowerCase()).map(stem)
      return own.length > 0 && own.every((w) => words.has(w))
    })
    if (named.length < 2) continue
    // "GPS and IMU feed into it": each is joined to the part "it" stands for, not to the other.
    if (LINKED_PRONOUN.test(sentence) && named.every((e) => touched.has(e.id))) continue
    const linked = named.some((a) => named.some((b) => a !== b && joined.has(`${a.id}|${b.id}`)))
    if (!linked) missed.push(sentence.length > 120 ? `${sentence.slice(0, 117)}...` : sentence)
  }
  return missed.length === 0
    ? []
    : [
        `These sentences join parts that are drawn unconnected: ${missed.map((m) => `"${m}"`).join('; ')}`,
      ]
}

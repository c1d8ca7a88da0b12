/**
 * Prompt parser, system diagrams: connections between parts, read from a sentence, a "wherein"
 * clause, or the tail of a listed part ("a processor 102 coupled to the memory"). Four verb
 * families decide the arrow:
 *   - coupling ("coupled/connected/attached/joined to", "a bus connecting A and B"): none;
 *     "communicatively coupled": both;
 *   - communicating ("communicates/interacts/exchanges ... with", "in communication with"): both;
 *   - transferring ("sends/transmits/provides/outputs/stores X to Y", "receives/retrieves X
 *     from Y"): forward, along the flow; X becomes the link label when it is short;
 *   - directing ("controls/drives/powers/queries/accesses/updates Y"): forward to Y.
 * "via/through/over/across/using Z" (and "by Z" for coupling) puts part Z between the two ends.
 * A repeated preposition goes on with the objects: "coupled to A and to B", "communicates with
 * A and with B".
 * Output: clauses whose ends are still phrases; connect-parts.ts resolves them at the end, so a
 * clause may name a part the prompt only lists later.
 */

import type { FigureConnection as FigureLink } from '../figure'
import { PHRASE_STOPS, PRONOUNS } from './grammar-words'
import { FLOW_NOUNS, NON_PART_NOUNS, namesEquipment, singular } from './noun-classes'
import type { DraftPart } from './part-registry'
import {
  countsAfter,
  isDeterminerWord,
  isPlausiblePart,
  type NounPhrase,
  namesThing,
  readNounPhrase,
  readNounPhraseList,
} from './read-noun-phrase'
import { lowerAt, type Token } from './tokenize'

/** One end of a link: a phrase still to resolve, or a part already known. */
/**
 * `asPart`: a part by its place in the clause, though its words alone would not say so: a link
 * word named as equipment ("a grid connection powers ..."), a bare name that acts ("turntable
 * goes into a phono preamp").
 */
export type PartRef =
  | { kind: 'phrase'; phrase: NounPhrase; asPart?: boolean }
  | { kind: 'part'; part: DraftPart }

/** "From each of `from` to each of `to`", optionally through `via`. */
export interface LinkClause {
  from: PartRef[]
  to: PartRef[]
  arrow: FigureLink['arrow']
  label?: string
  via?: PartRef
}

type Family = 'couple' | 'communicate' | 'transfer' | 'direct'

interface VerbForm {
  family: Family
  /** Takes "in/into/on" for its target as well as "to" ("stores X in Y"). */
  store: boolean
  /** "receives X from Y": the flow comes to the subject. */
  inward?: boolean
}

const VERBS = new Map<string, VerbForm>()
const addVerbs = (family: Family, words: string, store = false, inward = false) => {
  for (const word of words.trim().split(/\s+/)) {
    VERBS.set(word, { family, store, ...(inward ? { inward } : {}) })
  }
}
addVerbs(
  'couple',
  'coupled connected linked attached joined wired couples connects attaches joins couple connect attach join connecting coupling',
)
addVerbs(
  'communicate',
  'communicates communicate communicating interacts interact interacting exchanges exchange exchanging interfaces interfacing talks talk talking',
)
addVerbs(
  'transfer',
  `send sends sending transmit transmits transmitting provide provides providing output outputs
  outputting forward forwards forwarding deliver delivers delivering supply supplies supplying
  pass passes passing report reports reporting emit emits emitting transfer transfers distribute
  distributes distributing
  transferring push pushes pushing route routes routing stream streams streaming broadcast
  broadcasts broadcasting publish publishes publishing return returns returning relay relays
  relaying dispatch dispatches dispatching feed feeds feeding direct directs directing submit
  submits submitting export exports exporting receive receives receiving obtain obtains
  obtaining retrieve retrieves retrieving fetch fetches fetching read reads reading download
  downloads downloading pull pulls pulling collect collects collecting acquire acquires
  acquiring gather gathers gathering accept accepts accepting get gets getting request requests
  requesting import imports importing`,
)
addVerbs(
  'transfer',
  'store stores storing save saves saving write writes writing load loads loading copy copies copying upload uploads uploading post posts posting archive archives archiving log logs logging record records recording',
  true,
)
addVerbs(
  'transfer',
  `sent transmitted provided forwarded delivered supplied passed reported emitted transferred
  distributed pushed routed streamed broadcast published returned relayed dispatched fed
  submitted exported carry carries carrying carried conveys convey conveying conveyed outputted
  circulated circulates circulate circulating pumped pumps pump pumping`,
)
addVerbs(
  'couple',
  'mounted fitted fastened secured affixed bonded welded clamped bolted plugged inserted seated hooked plug',
)
// Informal: "the turntable goes into a phono preamp", "it goes in the bin" (in and on too).
addVerbs('transfer', 'go goes going', true)
addVerbs('transfer', 'draw draws drawing drew sucks pumps', false, true)
addVerbs(
  'transfer',
  `received obtained retrieved fetched downloaded pulled collected acquired gathered accepted
  requested imported sensed measured detected sampled picked`,
  false,
  true,
)
addVerbs('transfer', 'stored saved written loaded copied uploaded posted', true)
addVerbs(
  'direct',
  `controlled driven powered activated triggered notified instructed commanded queried invoked
  called accessed updated polled managed regulated actuated charged switched energized energizes
  energize energizing operates operated supervises supervised`,
)
addVerbs(
  'direct',
  `control controls controlling drive drives driving power powers powering activate activates
  activating trigger triggers triggering notify notifies notifying instruct instructs
  instructing command commands commanding query queries querying invoke invokes invoking call
  calls calling access accesses accessing update updates updating poll polls polling manage
  manages managing regulate regulates regulating actuate actuates actuating charge charges
  charging switch switches switching open opens opening close closes closing heat heats heating
  cool cools cooling`,
)

/** Words that end the clause a verb's objects are read from. */
const CLAUSE_BREAKS = new Set(
  `; . : ! ? wherein whereby where which that when whenever while if such whether so because unless`.split(
    ' ',
  ),
)
const VIA_WORDS = new Set(['via', 'through', 'over', 'across', 'using', 'by'])
/** After a subject list, these mean the phrase was part of a larger one ("the output of X"). */
const SUBJECT_CONTINUATIONS = new Set(['of', 'in', 'on', 'at', 'from', 'for', 'within', 'inside'])
const SUBJECT_OPENERS = new Set([
  ',',
  ';',
  'and',
  'or',
  'wherein',
  'where',
  'then',
  'also',
  'further',
  'each',
  'all',
  'both',
  'being',
  'is',
  'are',
])
/** Words between a subject and its verb: "the memory is also directly coupled to". */
const SUBJECT_FILLERS = new Set(
  'is are be may can also further directly then each both configured operable adapted arranged programmed to'.split(
    ' ',
  ),
)

interface VerbMatch {
  family: Family
  store: boolean
  inward?: boolean
  arrow: FigureLink['arrow']
  start: number
  end: number
  /** "powered by X", "is controlled by X": the agent after "by" acts on the subject. */
  passive?: boolean
  /** A verb known only by its place between two parts: its direct object alone is read. */
  generic?: boolean
}

/** Past participles: the forms a passive ("is powered by", "each controlled by") is made of. */
const PARTICIPLE = /(?:ed|en|wn|fed|sent|read|written|set|output|broadcast)$/

/** The link verb at token `j`, if any ("in data communication with" counts as one). */
function matchVerb(tokens: readonly Token[], j: number): VerbMatch | null {
  const word = lowerAt(tokens, j)
  if (word === 'in') {
    const k = lowerAt(tokens, j + 1) === 'communication' ? j + 1 : j + 2
    if (lowerAt(tokens, k) === 'communication' && lowerAt(tokens, k + 1) === 'with') {
      return { family: 'communicate', store: false, arrow: 'both', start: j, end: k + 1 }
    }
    return null
  }
  const be = /^(?:is|are|was|were|be|been|being)$/.test(lowerAt(tokens, j - 1))
  // "is circulated to the coil 1108 by the compressor 1116": a passive's agent may come later.
  const passive = PARTICIPLE.test(word) && (lowerAt(tokens, j + 1) === 'by' || be)
  // "is positioned by the damper actuator 1104": any passive with its agent, the agent acting.
  // "the controller runs the fans" drives them; "both run off a battery" are powered by it.
  const runs = /^runs?$/.test(word)
    ? /^(?:off|on|from)$/.test(lowerAt(tokens, j + 1))
      ? { family: 'transfer' as const, store: false, inward: true }
      : { family: 'direct' as const, store: false }
    : undefined
  const form =
    runs ??
    VERBS.get(word) ??
    (be && lowerAt(tokens, j + 1) === 'by'
      ? { family: 'direct' as const, store: false }
      : undefined)
  if (!form) return null
  const arrow =
    form.family === 'communicate'
      ? 'both'
      : form.family === 'couple'
        ? lowerAt(tokens, j - 1) === 'communicatively'
          ? 'both'
          : 'none'
        : 'forward'
  return { ...form, arrow, start: j, end: j + 1, ...(passive ? { passive } : {}) }
}

/** "each", "all", "both" before a verb spread it over the parts before them. */
const DISTRIBUTIVE_WORDS = new Set(['each', 'all', 'both'])

/** Words before a verb that cannot start a noun phrase's object: "the sensors also output". */
const BEFORE_VERB = new Set(
  'also further may can will then directly each both not all is are was were be been being'.split(
    ' ',
  ),
)

/** Whether the token before `j` ends a noun phrase or an auxiliary, so a verb form there is one. */
function followsSubject(tokens: readonly Token[], j: number): boolean {
  const prev = tokens[j - 1]
  if (!prev) return false
  if (prev.kind === 'number' || BEFORE_VERB.has(prev.lower)) return true
  return prev.kind === 'word' && !PHRASE_STOPS.has(prev.lower) && !isDeterminerWord(prev.lower)
}

/**
 * Whether the word at `j` is used as a verb because what follows is its object: "that reads
 * events", "and outputs images", "drives a motor" (not "control unit 104").
 */
function takesObject(tokens: readonly Token[], j: number): boolean {
  if (isDeterminerWord(lowerAt(tokens, j - 1))) return false
  const next = lowerAt(tokens, j + 1)
  return (
    isDeterminerWord(next) ||
    PRONOUNS.has(next) ||
    NON_PART_NOUNS.has(singular(next)) ||
    countsAfter(tokens, j)
  )
}

/** The next link verb from `i` that is not inside a noun phrase ("a receiving unit"). */
function findVerb(tokens: readonly Token[], i: number, end: number): VerbMatch | null {
  let j = i
  while (j < end) {
    // "controls A, B and C, and receives commands from D": a verb after "and" is the verb.
    const afterAnd =
      j > i &&
      /^(?:and|which|that|who)$/.test(lowerAt(tokens, j - 1)) &&
      /[^s]s$/.test(lowerAt(tokens, j))
    // "a clean-grain elevator 24 [conveying grain to the grain tank 18]": a tail opens with its verb.
    const opens = j === i && /ing$/.test(lowerAt(tokens, j))
    if ((j > i && followsSubject(tokens, j)) || takesObject(tokens, j) || afterAnd || opens) {
      const verb = matchVerb(tokens, j)
      if (verb) return verb
    }
    const phrase = readNounPhrase(tokens, j, end)
    // "reads from and writes to": a lone bare word that is a verb form is the verb; so is "each
    // powered by" after a list.
    const lone =
      phrase?.words.length === 1 && phrase.determiner === 'none' && phrase.numeral === undefined
    const spread =
      phrase?.words.length === 1 &&
      phrase.numeral === undefined &&
      DISTRIBUTIVE_WORDS.has(lowerAt(tokens, j)) &&
      matchVerb(tokens, phrase.end - 1)
    if (spread) return matchVerb(tokens, phrase.end - 1)
    if (phrase && phrase.end > j && !(lone && matchVerb(tokens, j))) {
      j = phrase.end
      continue
    }
    const verb = matchVerb(tokens, j) ?? genericVerb(tokens, j)
    if (verb) return verb
    j++
  }
  return null
}

/** Verbs that never link two parts: being, having, containing (containment is read elsewhere). */
const NOT_LINKS = new Set(
  `is are was were be been being has have had does do did includes include including comprises
  comprise comprising contains contain containing houses house housing holds hold may can will
  shall should must would could uses use using represents represent means indicates`.split(/\s+/),
)
const OBJECT_START = new Set([
  'the',
  'a',
  'an',
  'each',
  'its',
  'said',
  'both',
  'all',
  'one',
  'every',
])
const BASE_AFTER = new Set(['which', 'that', 'who', 'each', 'both', 'all', 'to', 'also', 'then'])

/**
 * Any other verb between two parts ("the controller 32 rotates the gantry 12", "an actuator
 * that moves the lens"): the subject acts on the object, forward. A third-person form after a
 * subject, or a base form after "that", "each", "to"; a determiner must follow.
 */
function genericVerb(tokens: readonly Token[], j: number): VerbMatch | null {
  const token = tokens[j]
  if (token?.kind !== 'word' || NOT_LINKS.has(token.lower) || PHRASE_STOPS.has(token.lower))
    return null
  if (!OBJECT_START.has(lowerAt(tokens, j + 1))) return null
  const word = token.lower
  const before = lowerAt(tokens, j - 1)
  const third = /[^s]s$/.test(word) && word.length > 3 && followsSubject(tokens, j)
  const base = BASE_AFTER.has(before) && /^[a-z]{3,}$/.test(word) && !/(?:ing|ed|ly)$/.test(word)
  if (!third && !base) return null
  return { family: 'direct', store: false, arrow: 'forward', start: j, end: j + 1, generic: true }
}

interface Roles {
  /** "A and B feed C and D, respectively": pair the subjects with the targets in order. */
  respectively?: boolean
  /** A passive's agent: "powered by [the inverter 266]". */
  agent?: NounPhrase[]
  targets: NounPhrase[]
  sources: NounPhrase[]
  between: NounPhrase[]
  via?: NounPhrase
  label?: string
  pairwise: boolean
  end: number
  /** Where the last object list ends (-1 before one is read). */
  objectsEnd: number
}

function prepositionRole(verb: VerbMatch, word: string): 'target' | 'source' | 'between' | null {
  switch (verb.family) {
    case 'couple':
      if (word === 'to' || word === 'with' || word === 'onto' || word === 'into' || word === 'on') {
        return 'target'
      }
      return word === 'between' ? 'between' : null
    case 'communicate':
      return word === 'with' || word === 'to' ? 'target' : null
    case 'transfer':
      // "feeds into the controller", "pumps water into the tank": into is always where it goes.
      if (word === 'to' || word === 'toward' || word === 'towards' || word === 'into') {
        return 'target'
      }
      if (word === 'from' || (verb.inward && (word === 'off' || word === 'on'))) return 'source'
      if (verb.store && (word === 'in' || word === 'into' || word === 'on' || word === 'onto')) {
        return 'target'
      }
      return null
    case 'direct':
      return null
  }
}

/**
 * Reads the objects of a verb, leaving out a last phrase that is the subject of the next verb:
 * in "communicates with the database and the client sends ...", "the client" sends.
 */
function readObjects(tokens: readonly Token[], start: number, end: number, known?: Known) {
  // "connected to each of the spine switches 212a and 212b": every one of them.
  if (DISTRIBUTIVE_WORDS.has(lowerAt(tokens, start)) && lowerAt(tokens, start + 1) === 'of') {
    start += 2
  }
  const list = readNounPhraseList(tokens, start, end, known)
  // "..., and receives scan commands from ...": a list item that opens with a verb is the next clause.
  while (list.phrases.length > 0) {
    const last = list.phrases[list.phrases.length - 1]!
    const word = lowerAt(tokens, last.start)
    if (!VERBS.has(word) || !/[^s]s$/.test(word) || last.determiner !== 'none') break
    list.phrases.pop()
    list.end = last.start
    while (list.end > start && /^(?:,|and)$/.test(lowerAt(tokens, list.end - 1))) list.end--
  }
  while (list.phrases.length > 1) {
    const last = list.phrases[list.phrases.length - 1]!
    let k = last.end
    while (k < end && SUBJECT_FILLERS.has(lowerAt(tokens, k))) k++
    // "... by the drive 1114, and refrigerant is circulated": the last one starts a clause.
    const clause = /^(?:is|are|was|were)$/.test(lowerAt(tokens, k))
    if (!clause && !matchVerb(tokens, k) && !genericVerb(tokens, k)) break
    list.phrases.pop()
    list.end = list.phrases[list.phrases.length - 1]!.end
  }
  return list
}

/**
 * A joiner that goes on with the objects of the same verb by repeating a preposition: "coupled
 * to the battery and to the microcontroller", "communicates with A and with B", "coupled to A,
 * to B, and to C". After "and" any preposition of the verb continues them; after a bare comma
 * only the one just used does, since ", with the memory storing ..." starts an aside.
 * @returns the index of the repeated preposition, or -1 when the clause ends at `k`
 */
function repeatedPreposition(
  tokens: readonly Token[],
  verb: VerbMatch,
  k: number,
  end: number,
  lastPreposition: string,
  known?: Known,
): number {
  let m = k
  if (lowerAt(tokens, m) === ',') m++
  const joined = lowerAt(tokens, m) === 'and'
  if (joined) m++
  let word = lowerAt(tokens, m)
  // "receives image data from the camera and target data from the radar 77": the same verb
  // moves a second thing from a second part.
  if (joined && !prepositionRole(verb, word)) {
    const payload = readNounPhrase(tokens, m, end)
    if (payload && NON_PART_NOUNS.has(payload.head) && payload.numeral === undefined) {
      m = payload.end
      word = lowerAt(tokens, m)
    }
  }
  if (m >= end || !prepositionRole(verb, word) || (!joined && word !== lastPreposition)) return -1
  return readObjects(tokens, m + 1, end, known).phrases.length > 0 ? m : -1
}

const PARTICLES = new Set(['out', 'up', 'down', 'back', 'over', 'along', 'on', 'off', 'across'])

/** A short signal name for a link: "sends a control signal to" → CONTROL SIGNAL. */
function shortLabel(tokens: readonly Token[], start: number, end: number): string | undefined {
  // "pushes frames out to": the verb's particle is not part of what flows.
  while (end > start && PARTICLES.has(lowerAt(tokens, end - 1))) end--
  const phrase = readNounPhrase(tokens, start, end)
  if (!phrase || phrase.end !== end || phrase.words.length > 3) return undefined
  const label = phrase.words.join(' ').toUpperCase()
  return label.length <= 24 ? label : undefined
}

/** Reads what a verb connects: its targets, sources, "between" pair, "via" part and label. */
function readRoles(tokens: readonly Token[], verb: VerbMatch, end: number, known?: Known): Roles {
  const roles: Roles = {
    targets: [],
    sources: [],
    between: [],
    pairwise: false,
    end: verb.end,
    objectsEnd: -1,
  }
  let k = verb.end
  // "hooked up to the amp", "report back to it": the particle says nothing of the link.
  if (
    /^(?:up|back)$/.test(lowerAt(tokens, k)) &&
    /^(?:to|with|into)$/.test(lowerAt(tokens, k + 1))
  ) {
    k++
  }
  if (verb.family === 'direct' || verb.family === 'couple') {
    const direct = readObjects(tokens, k, end, known)
    roles.targets.push(...direct.phrases)
    k = direct.end
    if (direct.phrases.length > 0) roles.objectsEnd = k
    if (verb.generic) {
      if (lowerAt(tokens, k) === ',' && lowerAt(tokens, k + 1) === 'respectively')
        roles.respectively = true
      roles.end = k
      return roles
    }
  }
  // "the converters 704a and 704b feed the power amplifiers 706a and 706b": a moving verb whose
  // direct object is a part sends to it (or, "reads the sensor 104", takes from it).
  let direct: NounPhrase[] = []
  if (verb.family === 'transfer') {
    const list = readObjects(tokens, k, end, known)
    const parts = list.phrases.every(
      (p) =>
        (p.numeral !== undefined || known?.(p) === true || p.determiner !== 'none') &&
        !NON_PART_NOUNS.has(p.head) &&
        !FLOW_NOUNS.has(p.head),
    )
    if (list.phrases.length > 0 && parts) {
      direct = list.phrases
      k = list.end
      roles.objectsEnd = k
    }
  }
  let firstPreposition = -1
  let lastPreposition = ''
  let gapped = false
  let skipped = 0
  const room = verb.family === 'transfer' ? 6 : 3
  while (k < end) {
    const word = lowerAt(tokens, k)
    const filled =
      roles.targets.length +
        roles.sources.length +
        roles.between.length +
        direct.length +
        (roles.agent?.length ?? 0) >
      0
    if (CLAUSE_BREAKS.has(word)) break
    if (word === ',' && startsClause(tokens, k + 1, end)) break
    if (word === ',' && lowerAt(tokens, k + 1) === 'respectively') {
      roles.respectively = true
      k += 2
      continue
    }
    if (filled && (word === ',' || word === 'and')) {
      const next = repeatedPreposition(tokens, verb, k, end, lastPreposition, known)
      if (next < 0) break
      // A second thing moved ("and target data from ..."): one label would name both wrongly.
      for (let m = k; m < next; m++) if (!/^(?:,|and)$/.test(lowerAt(tokens, m))) gapped = true
      k = next
      continue
    }
    // A verb form ends the clause when it acts ("and sends the data"), not when it is a noun
    // ("receives scan commands from").
    if (
      k > verb.end &&
      matchVerb(tokens, k) &&
      (takesObject(tokens, k) || /^(?:and|,|which|that|then)$/.test(lowerAt(tokens, k - 1)))
    ) {
      break
    }
    const role = prepositionRole(verb, word)
    if (role) {
      const list = readObjects(tokens, k + 1, end, known)
      if (list.phrases.length > 0) {
        if (firstPreposition < 0) firstPreposition = k
        const into =
          role === 'target' ? roles.targets : role === 'source' ? roles.sources : roles.between
        into.push(...list.phrases)
        k = list.end
        roles.objectsEnd = k
        lastPreposition = word
        continue
      }
    }
    if (word === 'by' && verb.passive && roles.agent === undefined) {
      const list = readObjects(tokens, k + 1, end, known)
      if (list.phrases.length > 0) {
        roles.agent = list.phrases
        k = list.end
        roles.objectsEnd = k
        continue
      }
    }
    if (VIA_WORDS.has(word)) {
      let m = k + 1
      const by = word === 'by'
      if (by && /^(?:way|means)$/.test(lowerAt(tokens, m)) && lowerAt(tokens, m + 1) === 'of')
        m += 2
      const phrase =
        by && m === k + 1 && verb.family !== 'couple' ? null : readNounPhrase(tokens, m, end)
      if (phrase && isPlausiblePart(phrase) && !NON_PART_NOUNS.has(phrase.head)) {
        roles.via ??= phrase
        k = phrase.end
        continue
      }
    }
    if (word === 'respectively') {
      roles.respectively = true
      k++
      continue
    }
    if (word === 'together') {
      roles.pairwise = true
      k++
      continue
    }
    if (
      (word === 'each' && lowerAt(tokens, k + 1) === 'other') ||
      (word === 'one' && lowerAt(tokens, k + 1) === 'another')
    ) {
      roles.pairwise = true
      k += 2
      continue
    }
    const phrase = readNounPhrase(tokens, k, end)
    if (++skipped > room) break
    k = phrase && phrase.end > k ? phrase.end : k + 1
  }
  roles.end = k
  if (direct.length > 0) {
    if (roles.targets.length + roles.sources.length === 0) {
      if (verb.inward) roles.sources.push(...direct)
      else roles.targets.push(...direct)
    }
  }
  if (verb.family === 'transfer' && firstPreposition > verb.end && direct.length === 0 && !gapped) {
    const label = shortLabel(tokens, verb.end, firstPreposition)
    if (label) roles.label = label
  }
  return roles
}

interface Subjects {
  phrases: NounPhrase[] | null
  blocked: boolean
  negated: boolean
  /** The phrases are bare names read as parts by their place (see PartRef). */
  bare?: boolean
}

/** The parts a verb's clause is about: the phrases between `from` and the verb. */
function readSubjects(
  tokens: readonly Token[],
  from: number,
  verbStart: number,
  known?: Known,
): Subjects {
  let i = from
  let negated = false
  for (let k = from; k < verbStart; k++) {
    const word = lowerAt(tokens, k)
    if (word === 'not' || word === 'never' || word.endsWith("n't")) negated = true
  }
  // ", which streams it to ...": the part before the relative pronoun acts.
  let k = from
  while (k < verbStart && lowerAt(tokens, k) === ',') k++
  if (RELATIVES.has(lowerAt(tokens, k))) {
    // "a response that the network module 806 outputs to ...": the relative clause has its own
    // subject, which acts.
    const own = readNounPhraseList(tokens, k + 1, verbStart, known)
    if (own.phrases.length > 0 && own.end === verbStart && own.phrases.every((p) => p.numeral)) {
      return { phrases: own.phrases, blocked: false, negated }
    }
    const antecedent = phraseEndingAt(tokens, from, known)
    if (antecedent) return { phrases: [antecedent], blocked: false, negated }
  }
  // "Each of the leaf switches 222a, 222b and 222c is connected to ...".
  while (i < verbStart) {
    if (DISTRIBUTIVE_WORDS.has(lowerAt(tokens, i)) && lowerAt(tokens, i + 1) === 'of') i += 2
    else if (
      SUBJECT_OPENERS.has(lowerAt(tokens, i)) &&
      !distributiveSubject(tokens, i, verbStart)
    ) {
      i++
    } else break
  }
  if (i >= verbStart) return { phrases: null, blocked: false, negated }
  const list = readNounPhraseList(tokens, i, verbStart, known)
  if (list.phrases.length === 0 && opensClause(tokens, i)) {
    // "turntable goes into a phono preamp", "GPS and IMU feed into it": bare names that are the
    // whole of a clause's subject act, so they are parts (an informal prompt drops "the").
    const bare = bareList(tokens, i, verbStart)
    if (bare) return { phrases: bare, blocked: false, negated, bare: true }
  }
  const next = lowerAt(tokens, list.end)
  // "the radio transceiver 608 of each sensor node 602 communicates": a numbered part is the
  // subject whatever qualifies it.
  const numbered = list.phrases.length > 0 && list.phrases.every((p) => p.numeral !== undefined)
  if (list.phrases.length === 0 || (SUBJECT_CONTINUATIONS.has(next) && !numbered)) {
    return { phrases: null, blocked: true, negated }
  }
  return { phrases: list.phrases, blocked: false, negated }
}

const ref = (phrase: NounPhrase): PartRef => ({ kind: 'phrase', phrase })

type Known = (phrase: NounPhrase) => boolean
/** Bare names joined by ",", "and", "or" that run from `i` exactly to `end`, or null. */
function bareList(tokens: readonly Token[], i: number, end: number): NounPhrase[] | null {
  const phrases: NounPhrase[] = []
  let k = i
  while (k < end) {
    const phrase = readNounPhrase(tokens, k, end)
    if (!phrase || phrase.end <= k || !namesThing(phrase)) return null
    phrases.push(phrase)
    k = phrase.end
    while (k < end && /^(?:,|and|or|both|all|each)$/.test(lowerAt(tokens, k))) k++
  }
  return phrases.length > 0 ? phrases : null
}

/** Whether token `i` starts a clause: the sentence's start, or after ",", ";", "and", "then". */
function opensClause(tokens: readonly Token[], i: number): boolean {
  return i === 0 || /^(?:,|;|:|and|then|also)$/.test(lowerAt(tokens, i - 1))
}

/** "each ESC drives a motor": "each" is the determiner of the subject that runs to the verb. */
function distributiveSubject(tokens: readonly Token[], i: number, verbStart: number): boolean {
  if (!DISTRIBUTIVE_WORDS.has(lowerAt(tokens, i))) return false
  const phrase = readNounPhrase(tokens, i, verbStart)
  return phrase !== null && phrase.end === verbStart && isPlausiblePart(phrase)
}

const RELATIVES = new Set(['which', 'that', 'who'])

/** The part phrase that ends right before token `at` (skipping a comma): a relative's antecedent. */
function phraseEndingAt(tokens: readonly Token[], at: number, known?: Known): NounPhrase | null {
  let end = at
  while (end > 0 && lowerAt(tokens, end - 1) === ',') end--
  for (let start = end - 1; start >= Math.max(0, end - 10); start--) {
    const phrase = readNounPhrase(tokens, start, end)
    if (phrase && phrase.end === end && (isPlausiblePart(phrase) || known?.(phrase))) {
      // The longest phrase ending there ("the network module 806", not "module 806").
      let best = phrase
      for (let s2 = start - 1; s2 >= Math.max(0, end - 10); s2--) {
        const longer = readNounPhrase(tokens, s2, end)
        if (longer && longer.end === end) best = longer
      }
      return best
    }
  }
  return null
}

/** Most prose has no link verb at all; finding that out costs one look-up a token. */
function hasLinkWord(tokens: readonly Token[], start: number, end: number): boolean {
  for (let k = start; k < end; k++) {
    const word = tokens[k]!.lower
    if (VERBS.has(word) || word === 'communication') return true
    if (OBJECT_START.has(lowerAt(tokens, k + 1)) && tokens[k]!.kind === 'word') return true
  }
  return false
}

/** "..., and refrigerant returns from ...", "..., the condenser feeds ...": a new subject and its verb. */
function startsClause(tokens: readonly Token[], k: number, end: number): boolean {
  let m = k
  if (lowerAt(tokens, m) === 'and') m++
  const phrase = readNounPhrase(tokens, m, end)
  if (!phrase || phrase.end <= m) return false
  const next = phrase.end
  return (
    matchVerb(tokens, next) !== null ||
    genericVerb(tokens, next) !== null ||
    /^(?:is|are|was|were)$/.test(lowerAt(tokens, next))
  )
}

/** Calls `visit` for each link verb in tokens [start, end), with its roles and where its clause began. */
function eachVerb(
  tokens: readonly Token[],
  start: number,
  end: number,
  visit: (verb: VerbMatch, roles: Roles, from: number) => void,
  known?: Known,
): void {
  let i = start
  while (i < end) {
    const verb = findVerb(tokens, i, end)
    if (!verb) return
    const roles = readRoles(tokens, verb, end, known)
    visit(verb, roles, i)
    i = Math.max(roles.end, verb.end)
  }
}

/** One reference per part: "the amplifiers 706a and 706b" is two. */
function eachPart(ref: PartRef): PartRef[] {
  if (ref.kind !== 'phrase' || !ref.phrase.numerals) return [ref]
  return ref.phrase.numerals.map((numeral) => {
    const one: NounPhrase = { ...ref.phrase, numeral }
    delete one.numerals
    return { kind: 'phrase', phrase: one }
  })
}

/** "A and B feed C and D, respectively": A with C, B with D (null when the counts differ). */
function respectivePairs(subjects: PartRef[], targets: NounPhrase[]): [PartRef, PartRef][] | null {
  const from = subjects.flatMap(eachPart)
  const to = targets.map(ref).flatMap(eachPart)
  if (from.length !== to.length || from.length < 2) return null
  return from.map((subject, k) => [subject, to[k]!])
}

function toClauses(subjects: PartRef[], verb: VerbMatch, roles: Roles): LinkClause[] {
  const base = {
    arrow: verb.arrow,
    ...(roles.label ? { label: roles.label } : {}),
    ...(roles.via ? { via: ref(roles.via) } : {}),
  }
  const clauses: LinkClause[] = []
  if (roles.agent) {
    const agent = roles.agent.map(ref)
    // "connected by a bus 212": the bus joins each subject; "powered by X": X acts on each;
    // "received by X": the subject flows to X.
    if (verb.family === 'couple' || verb.family === 'communicate') {
      clauses.push({ ...base, from: subjects, to: agent })
    } else if (verb.inward) clauses.push({ ...base, from: subjects, to: agent })
    else clauses.push({ ...base, from: agent, to: subjects })
    if (roles.targets.length > 0) clauses.push({ ...base, from: agent, to: roles.targets.map(ref) })
    return clauses
  }
  const [first, second] = roles.between
  if (first && second) {
    for (const subject of subjects) {
      clauses.push({ ...base, from: [ref(first)], to: [subject] })
      clauses.push({ ...base, from: [subject], to: [ref(second)] })
    }
  }
  if (roles.sources.length > 0)
    clauses.push({ ...base, from: roles.sources.map(ref), to: subjects })
  const pairs = roles.respectively ? respectivePairs(subjects, roles.targets) : null
  if (pairs) {
    for (const [subject, target] of pairs) clauses.push({ ...base, from: [subject], to: [target] })
  } else if (roles.targets.length > 0)
    clauses.push({ ...base, from: subjects, to: roles.targets.map(ref) })
  const objectless = clauses.length === 0 && verb.family !== 'transfer' && verb.family !== 'direct'
  if (objectless && (roles.pairwise || subjects.length >= 2)) {
    for (let k = 0; k + 1 < subjects.length; k++) {
      clauses.push({ ...base, from: [subjects[k]!], to: [subjects[k + 1]!] })
    }
  }
  return clauses
}

/**
 * "executes instructions stored in the memory": a storing participle right after a thing that is
 * not a part says where the thing is kept, not that the subject writes to the memory.
 */
function describesThing(tokens: readonly Token[], verb: VerbMatch): boolean {
  if (!verb.store || verb.passive || !PARTICIPLE.test(lowerAt(tokens, verb.start))) return false
  for (let start = verb.start - 1; start >= Math.max(0, verb.start - 4); start--) {
    const phrase = readNounPhrase(tokens, start, verb.start)
    if (phrase?.end === verb.start) return NON_PART_NOUNS.has(phrase.head) && !phrase.numeral
  }
  return false
}

/**
 * Reads every link clause in tokens [start, end). `given` is the subject when the tokens are the
 * tail of a listed part ("a processor 102 [coupled to the memory]"); a later verb with no new
 * subject of its own keeps the last one ("is coupled to A and communicates with B").
 */
export function readLinkClauses(
  tokens: readonly Token[],
  start: number,
  end: number,
  given?: PartRef[],
  known?: Known,
): LinkClause[] {
  const clauses: LinkClause[] = []
  if (!hasLinkWord(tokens, start, end)) return clauses
  let subjects: PartRef[] | null = given ?? null
  eachVerb(
    tokens,
    start,
    end,
    (verb, roles, from) => {
      if (describesThing(tokens, verb)) return
      const found = readSubjects(tokens, from, verb.start, known)
      // "refrigerant returns from the coil to the compressor": what moves is no part; it goes
      // from the one to the other.
      const before = singular(lowerAt(tokens, verb.start - 1))
      const equipment = (p: NounPhrase) => namesEquipment(p, lowerAt(tokens, verb.start))
      const moving = found.phrases
        ? found.phrases.every(
            (p) =>
              p.numeral === undefined &&
              (FLOW_NOUNS.has(p.head) || NON_PART_NOUNS.has(p.head)) &&
              !equipment(p),
          )
        : FLOW_NOUNS.has(before) || NON_PART_NOUNS.has(before)
      // "a wireless link connects the sensor to the hub": the medium joins what it connects.
      const medium = found.phrases?.length === 1 ? found.phrases[0]! : null
      if (moving && medium && !found.negated && verb.family === 'couple') {
        if (roles.targets.length >= 2) {
          clauses.push({
            arrow: 'none',
            from: [ref(roles.targets[0]!)],
            to: roles.targets.slice(1).map(ref),
            label: medium.words.join(' ').toUpperCase(),
          })
        }
        subjects = null
        return
      }
      if (moving && !found.negated && roles.sources.length > 0 && roles.targets.length > 0) {
        clauses.push({
          arrow: 'forward',
          from: roles.sources.map(ref),
          to: roles.targets.map(ref),
        })
        subjects = null
        return
      }
      if (found.phrases) {
        subjects = found.phrases.map((p) =>
          equipment(p) || found.bare ? { ...ref(p), asPart: true } : ref(p),
        )
      } else if (found.blocked && !given) subjects = null
      if (subjects && !found.negated) clauses.push(...toClauses(subjects, verb, roles))
      else if (!found.negated && roles.agent && roles.targets.length > 0) {
        // "refrigerant is circulated to the coil 1108 by the compressor 1116": what moves is no
        // part, but the agent still sends it to the target.
        clauses.push({ arrow: verb.arrow, from: roles.agent.map(ref), to: roles.targets.map(ref) })
      }
    },
    known,
  )
  return clauses
}

/** Whether token `j` is a link verb in its present third-person form ("feeds", "powers"). */
export function isFiniteLinkVerb(tokens: readonly Token[], j: number): boolean {
  return /[^s]s$/.test(lowerAt(tokens, j)) && matchVerb(tokens, j) !== null
}

/**
 * Where the objects of the last link verb in tokens [start, end) end, or -1 when no verb there
 * has any: for "coupled to the image sensor" it is `end`, so a list that goes on past `end`
 * ("..., the memory and the display") may be that verb's object list rather than new items.
 */
export function linkObjectsEnd(tokens: readonly Token[], start: number, end: number): number {
  if (!hasLinkWord(tokens, start, end)) return -1
  let last = -1
  eachVerb(tokens, start, end, (_verb, roles) => {
    last = roles.objectsEnd
  })
  return last
}

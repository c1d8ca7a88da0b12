/**
 * Prompt parser, system diagrams: the stages in order. Statements are read one by one, each first
 * as an arrow chain ("A -> B"), then as containment (it introduces parts), then as connections,
 * then as a bare list of parts; links
 * are resolved only after every statement, because a claim may say "coupled to the memory"
 * before it lists the memory. Reading stops once the parts outnumber MAX_FIGURE_ELEMENTS.
 */

import { MAX_FIGURE_ELEMENTS } from '../figure'
import { type Connections, connectParts, type PendingClause } from './connect-parts'
import { stripRequest } from './normalize-prompt'
import { NON_PART_NOUNS } from './noun-classes'
import { type DraftPart, PartRegistry } from './part-registry'
import { readArrowChain } from './read-arrows'
import { type ListedPart, readBareList, readDeclaration } from './read-declarations'
import { type FlowState, readFlowChain } from './read-flow-chain'
import { isFiniteLinkVerb, type PartRef, readLinkClauses } from './read-links'
import { type NounPhrase, readNounPhrase, readNounPhraseList } from './read-noun-phrase'
import { resolvePronouns } from './resolve-pronouns'
import { splitClauses, splitSentences, stripOpener, stripParentheticals } from './split-sentences'
import { type Token, tokenize } from './tokenize'

/** A block diagram as read, before validation. */
export interface SystemDraft extends Connections {
  parts: DraftPart[]
}

/** A containment subject that names no earlier part may start one if it is introduced. */
const canStart = (phrase: NounPhrase) =>
  !NON_PART_NOUNS.has(phrase.head) && (phrase.numeral !== undefined || phrase.determiner !== 'none')

/**
 * "Block diagram of an EV charger: a rectifier feeds a converter, ...": the text after a heading
 * whose colon opens prose (a part, then its verb). The heading names the whole, which is not a
 * part of its own drawing, and the prose's first part is the sentence's subject. Else the text.
 */
function afterHeading(text: string): string {
  const colon = text.indexOf(':')
  const first = splitSentences(text)[0] ?? ''
  if (colon < 0 || colon >= first.length) return text
  const head = tokenize(stripOpener(stripRequest(text.slice(0, colon))))
  const whole = readNounPhrase(head, 0)
  if (!whole || whole.end !== head.length) return text
  const rest = text.slice(colon + 1)
  const tokens = tokenize(rest)
  const subject = readNounPhrase(tokens, 0)
  return subject && isFiniteLinkVerb(tokens, subject.end) ? rest.trimStart() : text
}

/**
 * "X lives on Y", "X runs on Y": software and its host; "X sits inside Y", "X and Z sit in Y": a
 * part and what holds it.
 */
const HOSTED =
  /^\s*((?:[\w'-]+\s+){0,8}?[\w'-]+)\s+(?:(?:lives|runs|resides|is\s+hosted)\s+on|(?:sits?|lives|resides|is|are)\s+(?:inside|within|in))\s+((?:(?:a|an|the|its)\s+)?(?:[\w'-]+\s+){0,4}?[\w'-]+)(?=\s*(?:,|;|$))/i
/** A host that is a power source: "runs on batteries" is powered, not hosted. */
const POWER_HEADS = new Set(['battery', 'cell', 'power', 'mains', 'solar', 'supply', 'psu', 'gas'])

/** Reads the parts and links of a block diagram from normalized prompt text. */
export function readSystem(prompt: string): SystemDraft {
  // "a header (12)": a parenthesised numeral is the part's numeral.
  const text = afterHeading(prompt.replace(/\(\s*(\d{1,5}[a-z]?'?)\s*\)/g, ' $1'))
  const registry = new PartRegistry()
  const pending: PendingClause[] = []
  const flowState: FlowState = { last: null }
  // A bare name is a part once the prompt has named it ("pulser -> switch; ... controls pulser").
  const known = (phrase: NounPhrase) => registry.has(phrase)

  const commit = (tokens: readonly Token[], item: ListedPart, parent?: DraftPart) => {
    if (registry.parts.length > MAX_FIGURE_ELEMENTS) return
    const all = registry.allOf(item.phrase, parent, true)
    const part = all[0]!
    const given = all.map((one) => ({ kind: 'part' as const, part: one }))
    for (const [start, end] of [item.tail, ...(item.shared ?? [])]) {
      if (end <= start) continue
      for (const clause of readLinkClauses(tokens, start, end, given, known)) {
        pending.push({ clause, before: registry.parts.length })
      }
    }
    for (const child of item.children) commit(tokens, child, part)
  }

  const readStatement = (text: string, preamble: boolean): boolean => {
    // "klipper lives on a raspberry pi, which talks to the mainboard": the software is drawn
    // inside its host, and the statement goes on about the host.
    const hosted = HOSTED.exec(text)
    if (hosted) {
      const named = tokenize(hosted[1]!)
      const guests = readNounPhraseList(named, 0, named.length, () => true)
      const host = readNounPhrase(tokenize(hosted[2]!), 0)
      const whole = guests.phrases.length > 0 && guests.end === named.length
      if (whole && host && !POWER_HEADS.has(host.head)) {
        const parent = registry.find(host) ?? registry.add(host)
        for (const guest of guests.phrases) registry.allOf(guest, parent, true)
        // ", which talks to ..." goes on about the host; "; the controller ..." is its own.
        const rest = text.slice(hosted[0].length)
        if (rest.trim() === '') return true
        return /^\s*,\s*(?:which|that)\b/i.test(rest)
          ? readStatement(`${hosted[2]}${rest}`, false)
          : readStatement(rest.replace(/^[\s,;]+(?:and\s+)?/i, ''), false)
      }
    }
    const chains = readArrowChain(text)
    if (chains) {
      // Every name in a chain is a part, even a bare "User".
      const parent = chains.parent
        ? (registry.find(chains.parent) ?? registry.add(chains.parent))
        : undefined
      const part = (ref: PartRef): PartRef[] =>
        ref.kind === 'part'
          ? [ref]
          : registry.allOf(ref.phrase, parent, true).map((one) => ({ kind: 'part', part: one }))
      for (const member of chains.members) registry.allOf(member, parent, true)
      for (const clause of chains.clauses) {
        const resolved = { ...clause, from: clause.from.flatMap(part), to: clause.to.flatMap(part) }
        pending.push({ clause: resolved, before: registry.parts.length })
      }
      // What the statement says between its chains ("system controller controls pulser").
      for (const statement of chains.statements) readStatement(statement, false)
      return true
    }
    const tokens = tokenize(stripParentheticals(text))
    if (tokens.length === 0) return false
    const flow = readFlowChain(tokens, flowState, known)
    if (flow && flow.length > 0) {
      for (const clause of flow) pending.push({ clause, before: registry.parts.length })
      return true
    }
    const declaration = readDeclaration(tokens, preamble, (phrase) => registry.has(phrase))
    if (declaration) {
      const { subject: phrase } = declaration
      const subject =
        registry.find(phrase) ?? (preamble || canStart(phrase) ? registry.add(phrase) : undefined)
      if (subject) for (const item of declaration.items) commit(tokens, item, subject)
      return true
    }
    const clauses = readLinkClauses(tokens, 0, tokens.length, undefined, known)
    for (const clause of clauses) pending.push({ clause, before: registry.parts.length })
    if (clauses.length > 0) return true
    for (const item of readBareList(tokens)) commit(tokens, item)
    return true
  }

  // Every part the prompt numbers is drawn, named as the prompt introduces it ("a controlled-
  // environment agriculture system 100", not the later "the system 100"): numbered phrases are
  // registered first, in the order written; the statements then nest and connect them.
  const introductions = new Map<string, NounPhrase>()
  // The whole the prompt opens with ("A wearable health monitor comprising: ...") stays first.
  const opening = readNounPhrase(
    tokenize(stripOpener(stripRequest(splitSentences(text)[0] ?? ''))),
    0,
  )
  if (
    opening &&
    !NON_PART_NOUNS.has(opening.head) &&
    (opening.determiner === 'indefinite' || opening.numeral !== undefined)
  ) {
    if (opening.numeral === undefined) registry.add(opening)
  }
  for (const sentence of splitSentences(text)) {
    const tokens = tokenize(stripParentheticals(stripRequest(sentence)))
    for (let k = 0; k < tokens.length; ) {
      const phrase = readNounPhrase(tokens, k)
      if (!phrase || phrase.end <= k) {
        k++
        continue
      }
      const key = (phrase.numerals ?? (phrase.numeral !== undefined ? [phrase.numeral] : [])).join()
      const had = key ? introductions.get(key) : undefined
      if (
        key &&
        (!had || (had.determiner !== 'indefinite' && phrase.determiner === 'indefinite'))
      ) {
        introductions.set(key, phrase)
      }
      k = phrase.end
    }
  }
  for (const phrase of introductions.values()) {
    if (registry.parts.length > MAX_FIGURE_ELEMENTS) break
    if ((phrase.numerals ?? [phrase.numeral!]).some((n) => !registry.byNumeral(n)))
      registry.allOf(phrase)
  }
  let preamble = true
  // "it" is read as a part only where the prompt numbers none: a numbered prompt names its parts.
  const numberless = registry.parts.every((part) => part.numeral === undefined)
  const sentences = numberless ? resolvePronouns(splitSentences(text)) : splitSentences(text)
  for (const sentence of sentences) {
    if (registry.parts.length > MAX_FIGURE_ELEMENTS) break
    if (!/[A-Za-z]{2}/.test(sentence)) continue
    // A claim's "; ... wherein ...;" belongs to its own element: the list around it goes on.
    const segments = stripOpener(stripRequest(sentence)).split(/;\s*/)
    const mains: string[] = []
    const clauses: string[] = []
    for (const segment of segments) {
      const split = splitClauses(segment)
      if (split.main) mains.push(split.main)
      clauses.push(...split.clauses)
    }
    const main = mains.join('; ')
    if (main && readStatement(main, preamble)) preamble = false
    for (const clause of clauses) readStatement(stripOpener(clause), false)
  }
  // Every part the prompt numbers is drawn: a numbered phrase no statement placed is added.
  for (const sentence of splitSentences(text)) {
    const tokens = tokenize(sentence)
    for (let k = 0; k < tokens.length; ) {
      const phrase = readNounPhrase(tokens, k)
      if (!phrase || phrase.end <= k) {
        k++
        continue
      }
      const numerals = phrase.numerals ?? (phrase.numeral !== undefined ? [phrase.numeral] : [])
      if (
        numerals.some((n) => !registry.byNumeral(n)) &&
        registry.parts.length <= MAX_FIGURE_ELEMENTS
      ) {
        registry.allOf(phrase)
      }
      k = phrase.end
    }
  }
  const numbered = registry.parts.filter((part) => part.numeral !== undefined).length >= 2
  const connections = connectParts(registry, pending, { numbered })
  return { parts: registry.parts, ...connections }
}

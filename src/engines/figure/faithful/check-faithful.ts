/**
 * The faithfulness checker: holds a figure to the prompt it was read from, before anything is
 * drawn or charged, with rules that do not depend on how the reader works:
 *   - every numeral the prompt writes for a part or a step is drawn, on an element that says what
 *     the prompt said with it (its noun, or the words of its step);
 *   - no numeral is drawn that the prompt did not write (numbers assigned by the drafting
 *     convention when the prompt writes none are passed in as `assigned`);
 *   - every word of every label is the prompt's own (START, END, YES and NO aside), and no label
 *     carries a step marker ("AT 1108,", "IN STEP 606") or reads as a bare pronoun ("IT DOES?");
 *   - a decision has one YES and one NO.
 * Problems break a rule in a way a reader of the drawing would not notice (a wrong figure that
 * looks right): the request is refused. Warnings name what is drawn but worth a look (a part the
 * prompt connects to nothing, a step no flow reaches). Each problem quotes the prompt's words.
 */

import { droppedFromLabel } from '../../object/read/shape-words'
import type { Figure, FigureElement } from '../figure'
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
import { type LedgerEntry, readNumeralLedger } from './numeral-ledger'

export interface FaithfulnessProblem {
  rule:
    | 'numeral_dropped'
    | 'numeral_moved'
    | 'numeral_invented'
    | 'text_invented'
    | 'marker_in_label'
    | 'part_in_label'
    | 'branches'
  message: string
}

export interface FaithfulnessReport {
  problems: FaithfulnessProblem[]
  warnings: string[]
}

const STOP = new Set(
  `a an the said of to in on at by for with from into onto and or is are was were be been being
  it its that this which whether if as than then so not no yes`.split(/\s+/),
)
const FIXED = new Set(['START', 'END', 'YES', 'NO'])
const PRONOUN_ONLY = new Set(
  'it they this that so is are was were does do did has have had not no yes true false still one'.split(
    ' ',
  ),
)
const MARKER =
  /\b(?:IN|AT|DURING)\s+(?:STEP|BLOCK|OPERATION)\s+S?\d|\bSTEP\s+S?\d{2,5}\b|^\s*(?:AT\s+)?S?\d{2,5}[A-Z]?\s*[:,]|\(\s*(?:STEP\s+)?\d{2,5}\s*\)/

/** A crude stem, so "receiving" matches "received" and "modules" matches "module". */
const stem = (word: string) =>
  word
    .toLowerCase()
    .replace(/[^a-z0-9°%µ]/g, '')
    // "boluses" and "buses" are the plurals of "bolus" and "bus".
    .replace(/(us)es$/, '$1')
    .replace(/(?:ational|ations?|ings?|ments?|ness|ers?|ies|ied|ed|es|e|s)$/, '')

const contentWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/[µ\u03bc]/g, 'µ')
    .split(/[^\p{L}\p{N}°%µ'-]+/u)
    .flatMap((w) => w.split(/[-']/))
    .filter((w) => w.length > 1 && !STOP.has(w))

/** The share of a label's content words that `words` contains (by stem). */
function overlap(label: string, words: Set<string>): number {
  const own = contentWords(label)
    .map(stem)
    .filter((w) => w.length > 0)
  if (own.length === 0) return 1
  return own.filter((w) => words.has(w)).length / own.length
}

const describe = (e: FigureElement) => `${e.kind} "${e.label}"`

/**
 * Checks `figure` against `prompt` (see the module header).
 * @param assigned numerals the drafting convention assigned (the prompt wrote none)
 */
export function checkFaithful(
  prompt: string,
  figure: Figure,
  assigned: ReadonlySet<string> = new Set(),
): FaithfulnessReport {
  const problems: FaithfulnessProblem[] = []
  const warnings: string[] = []
  const ledger = readNumeralLedger(prompt)
  const byNumeral = new Map(ledger.map((e) => [e.numeral.toUpperCase(), e]))
  const promptStems = new Set(contentWords(prompt).map(stem))
  const promptNumbers = new Set(
    (prompt.match(/\d+(?:[.,]\d+)*/g) ?? []).flatMap((n) => [n, n.replace(/,/g, '')]),
  )
  const sentences = prompt.split(/(?<=[.;:?!])\s+|\n+/)
  const flowchart = figure.kind === 'flowchart'

  // Numerals drawn: from the prompt, on the element that says what the prompt said with them.
  for (const element of figure.elements) {
    if (element.numeral === undefined) continue
    const key = element.numeral.toUpperCase()
    const entry = byNumeral.get(key)
    // A number only ever referred to ("and 4 motors", "returns to step 5") is not a numeral of
    // this element unless the prompt writes it where numerals go.
    if (!entry || entry.role === 'reference') {
      if (!assigned.has(element.numeral) && !writes(prompt, element.numeral)) {
        problems.push({
          rule: 'numeral_invented',
          message: `Numeral ${element.numeral} on ${describe(element)} is not in the prompt`,
        })
      }
      continue
    }
    // A step's numeral on the step whose words another numeral marks far better is moved too
    // ("receiving a request (502)" and "receiving a response (506)" swapped).
    const rival =
      entry.role === 'step' && fits(entry, element) ? betterMarked(ledger, entry, element) : null
    if (!fits(entry, element) || rival) {
      problems.push({
        rule: 'numeral_moved',
        message: `Numeral ${entry.numeral} is written with "${entry.quote}" but would be drawn on ${describe(element)}${rival ? `, which numeral ${rival} marks` : ''}`,
      })
    }
  }
  if (figure.numeral !== undefined && !byNumeral.has(figure.numeral.toUpperCase())) {
    if (!assigned.has(figure.numeral) && !writes(prompt, figure.numeral)) {
      problems.push({
        rule: 'numeral_invented',
        message: `Numeral ${figure.numeral} of the whole figure is not in the prompt`,
      })
    }
  }

  // One numeral written for two parts ("a processor 102 and a memory 102"): drawn on one only.
  warnings.push(...sharedNumerals(ledger, figure))

  // Numerals written: every part and step numeral is drawn.
  const drawn = new Set(
    [
      ...figure.elements.flatMap((e) => (e.numeral ? [e.numeral] : [])),
      ...(figure.numeral ? [figure.numeral] : []),
    ].map((n) => n.toUpperCase()),
  )
  const partsNamedInSteps: string[] = []
  for (const entry of ledger) {
    if (drawn.has(entry.numeral.toUpperCase()) || entry.role === 'reference') continue
    if (flowchart && entry.role === 'part') {
      // "at station 1": a one-digit name in a step's words, not a part's numeral.
      if (!/^\d$/.test(entry.numeral)) partsNamedInSteps.push(entry.numeral)
      continue
    }
    problems.push({
      rule: 'numeral_dropped',
      message: `Numeral ${entry.numeral} ("${entry.quote}") is written in the prompt but not drawn`,
    })
  }
  if (partsNamedInSteps.length > 0) {
    warnings.push(
      `A flowchart draws steps, so the numerals of parts named in them are not drawn: ${partsNamedInSteps.join(', ')}`,
    )
  }

  // Labels: the prompt's own words, no markers, no bare pronouns.
  for (const element of figure.elements) {
    if (FIXED.has(element.label.toUpperCase())) continue
    // "NO AT 3806: CONNECT THE CHARGER?": a step numeral of the prompt inside a label is a marker.
    const stepNumeral = element.label
      .toUpperCase()
      .split(/[^A-Z0-9']+/)
      .some((word) => byNumeral.get(word)?.role === 'step')
    if (MARKER.test(element.label.toUpperCase()) || stepNumeral) {
      problems.push({
        rule: 'marker_in_label',
        message: `The label of ${describe(element)} carries a step marker`,
      })
    }
    // "CONTROLLER 102 DRIVES 2 FANS": another drawn part, with its numeral, read into a label.
    const swallowed = figure.elements.find(
      (other) => other !== element && namesWithNumeral(element.label, other),
    )
    if (swallowed) {
      problems.push({
        rule: 'part_in_label',
        message: `The label of ${describe(element)} holds ${describe(swallowed)} with its numeral ${swallowed.numeral}`,
      })
    }
    const words = contentWords(element.label)
    const foreign = words.filter((w) => !promptStems.has(stem(w)) && !/^\d/.test(w))
    if (foreign.length > 0) {
      problems.push({
        rule: 'text_invented',
        message: `The label of ${describe(element)} says "${foreign.join(' ').toUpperCase()}", which the prompt does not`,
      })
    }
    // Numbers and negations are words too: "59 °C" for "95 °C", "IS NOT DENATURED" for "is".
    const numbers = element.label.match(/\d+(?:[.,]\d+)*/g) ?? []
    const unwritten = numbers.filter((n) => !promptNumbers.has(n.replace(/,/g, '')))
    if (unwritten.length > 0) {
      problems.push({
        rule: 'text_invented',
        message: `The label of ${describe(element)} says ${unwritten.join(', ')}, which the prompt does not`,
      })
    }
    if (NEGATED.test(element.label) && !saysNegated(sentences, element.label)) {
      problems.push({
        rule: 'text_invented',
        message: `The label of ${describe(element)} negates what the prompt says`,
      })
    }
    const all = element.label
      .toLowerCase()
      .split(/[^a-z']+/)
      .filter(Boolean)
    if (all.length > 0 && all.every((w) => PRONOUN_ONLY.has(w))) {
      problems.push({
        rule: 'text_invented',
        message: `The label of ${describe(element)} says nothing the prompt said`,
      })
    }
  }
  for (const connection of figure.connections) {
    const label = connection.label?.toUpperCase()
    if (!label || FIXED.has(label)) continue
    const foreign = contentWords(label).filter((w) => !promptStems.has(stem(w)))
    if (foreign.length > 0) {
      problems.push({
        rule: 'text_invented',
        message: `A connection is labelled "${connection.label}", which the prompt does not say`,
      })
    }
  }

  // The legend and the whole's name are the prompt's too.
  const figures = [...prompt.matchAll(/\bfig(?:ure)?s?\.?\s*(\d+[A-Za-z]?)/gi)].map((m) =>
    m[1]!.toUpperCase(),
  )
  const legend = /^FIG\.\s*(\d+[A-Z]?)$/i.exec(figure.label)?.[1]?.toUpperCase()
  if (figures.length > 0 ? !legend || !figures.includes(legend) : legend !== '1') {
    problems.push({
      rule: 'text_invented',
      message: `The legend "${figure.label}" is not the figure the prompt names`,
    })
  }
  const titleWords = contentWords(figure.title ?? '').filter(
    (w) => !promptStems.has(stem(w)) && !/^\d/.test(w),
  )
  if (titleWords.length > 0) {
    problems.push({
      rule: 'text_invented',
      message: `The whole is called "${figure.title}", which the prompt does not say`,
    })
  }

  // Decisions: one YES and one NO.
  for (const element of figure.elements) {
    if (element.kind !== 'decision') continue
    const out = figure.connections.filter((c) => c.from === element.id)
    const yes = out.filter((c) => c.label?.toUpperCase() === 'YES').length
    const no = out.filter((c) => c.label?.toUpperCase() === 'NO').length
    if (yes !== 1 || no !== 1 || out.length !== 2) {
      problems.push({
        rule: 'branches',
        message: `The decision "${element.label}" does not have one YES and one NO branch`,
      })
    }
  }

  if (figure.kind === 'object') warnings.push(...undrawnParts(prompt, figure))
  else if (flowchart)
    warnings.push(...structureWarnings(figure), ...uncoveredClauses(prompt, figure))
  else {
    warnings.push(
      ...structureWarnings(figure),
      ...undrawnParts(prompt, figure),
      ...unlinkedSentences(sentences, figure),
    )
  }
  return { problems, warnings }
}

/**
 * Parts or steps the prompt wrote a numeral with that is drawn on another: "a processor 102 and a
 * memory 102", "receiving a request (step 502); validating it (step 502)".
 */
function sharedNumerals(ledger: readonly LedgerEntry[], figure: Figure): string[] {
  const warnings: string[] = []
  const unnumbered = figure.elements.filter(
    (e) => e.numeral === undefined && e.kind !== 'terminal' && e.kind !== 'container',
  )
  for (const entry of ledger) {
    const places =
      entry.role === 'part'
        ? (entry.phrases ?? [])
        : entry.role === 'step'
          ? (entry.windows ?? [])
          : []
    if (places.length < 2) continue
    const key = entry.numeral.toUpperCase()
    const holder = figure.elements.find((e) => e.numeral?.toUpperCase() === key)
    if (!holder) continue
    for (const place of places) {
      const one = entry.role === 'part' ? { ...entry, phrases: [place], windows: [] } : null
      const other = one
        ? !fits(one, holder) && unnumbered.find((e) => fits(one, e))
        : unnumbered.find(
            (e) => closeness(place, e) >= 0.6 && closeness(place, e) > closeness(place, holder),
          )
      if (!other) continue
      warnings.push(
        `Numeral ${entry.numeral} is written with "${place}" as well, but it names ${holder.label}; ${other.label} is drawn without it: give each its own numeral`,
      )
    }
  }
  return warnings
}

/** The share of a step's marked words that `element`'s label says. */
function closeness(window: string, element: FigureElement): number {
  const own = new Set(contentWords(element.label.toLowerCase()).map(stem))
  const marked = contentWords(window).map(stem).filter(Boolean)
  return marked.length === 0 ? 0 : marked.filter((w) => own.has(w)).length / marked.length
}

/** Whether the prompt writes `numeral` as a word of its own (ranges "302a-302c" included). */
function writes(prompt: string, numeral: string): boolean {
  const escaped = numeral.replace(/[.*+?^${}()|[\]\\']/g, '\\$&')
  // Written where a numeral goes: after a noun or a bracket, as a step's marker, or in a list of
  // numerals; not as a count after a joiner or a verb ("and 4 motors 204", "has 8 disks").
  const placed = new RegExp(
    [
      `(?:(?<![\\w-])(?!(?:and|or|of|with|has|have|having|comprising|including|includes|a|an|the|to|by|than|about|approximately|every|each|up|at|in|for|over|under|within)\\s)[A-Za-z][\\w-]*\\s+|[(]\\s*)${escaped}(?![\\w])`,
      `\\b(?:at|in|step|block|operation)\\s+(?=[A-Za-z]?\\d{2})${escaped}(?![\\w])`,
      `(?:^|[.;:\\n•*\\-–]\\s*)${escaped}\\s*[:,)\\-–]`,
    ].join('|'),
    'im',
  )
  if (placed.test(prompt)) return true
  // In a list of numerals of its own form: "sensors 302a, 302b and 302c".
  const listed = new RegExp(
    `(\\d{1,5})[a-z]?'?\\s*(?:,\\s*(?:and\\s+|or\\s+)?|and\\s+|or\\s+)${escaped}(?![\\w])`,
    'gi',
  )
  const digits = /^\d+/.exec(numeral)?.[0].length ?? 0
  for (const m of prompt.matchAll(listed)) if (m[1]!.length === digits) return true
  const m = /^(\d+)([a-z])$/i.exec(numeral)
  if (!m) return false
  for (const r of prompt.matchAll(/\b(\d{1,5})([a-z])\s*(?:-|to|through)\s*\1([a-z])\b/gi)) {
    const c = m[2]!.toLowerCase()
    if (r[1] === m[1] && c >= r[2]!.toLowerCase() && c <= r[3]!.toLowerCase()) return true
  }
  return false
}

/** Words that tell two parts or steps of one noun apart (stemmed as `stem` does). */
const DISTINGUISHING = new Set(
  `first second third fourth fifth primary secondary tertiary input output inlet outlet upper
  lower left right front rear top bottom inner outer upstream downstream master slave main
  auxiliary high low forward reverse positive negative hot cold supply return source target
  request response transmit receive`
    .split(/\s+/)
    .map(stem),
)

const NEGATED = /\b(?:NOT|NO|NEVER|WITHOUT|NONE|CANNOT)\b|N'T\b/i

/** Whether some sentence of the prompt negates what `label` says (half its words, and a "not"). */
function saysNegated(sentences: readonly string[], label: string): boolean {
  const words = contentWords(label.toLowerCase()).map(stem)
  return sentences.some((sentence) => {
    if (!NEGATED.test(sentence)) return false
    const own = new Set(contentWords(sentence.toLowerCase()).map(stem))
    return words.filter((w) => own.has(w)).length * 3 >= words.length * 2
  })
}

/** How much of the step words an entry marks its label says (0 to 1). */
function marking(entry: LedgerEntry, element: FigureElement): number {
  const label = new Set(contentWords(element.label.toLowerCase()).map(stem))
  let best = 0
  for (const window of entry.windows ?? []) {
    // Either way round: most of the marked words are in the label, or most of the label's are
    // among the marked words.
    const marked = new Set(contentWords(window).map(stem).filter(Boolean))
    const said = label.size === 0 ? 0 : [...label].filter((w) => marked.has(w)).length / label.size
    best = Math.max(best, closeness(window, element), said)
  }
  return best
}

/** Another step numeral whose words `element` says far better than `entry`'s, if any. */
function betterMarked(
  ledger: readonly LedgerEntry[],
  entry: LedgerEntry,
  element: FigureElement,
): string | null {
  const own = marking(entry, element)
  for (const other of ledger) {
    if (other === entry || other.role !== 'step') continue
    if (marking(other, element) >= own + 0.34) return other.numeral
  }
  return null
}

/** Whether `element` says what the prompt said with the numeral. */
function fits(entry: LedgerEntry, element: FigureElement): boolean {
  const label = element.label.toLowerCase()
  const own = new Set(contentWords(label).map(stem))
  // The part's head noun, and every word that tells it from its siblings ("first", "inlet"):
  // the first temperature sensor's numeral on the second temperature sensor is a moved numeral.
  const marks = [...DISTINGUISHING].filter((w) => own.has(w))
  for (const phrase of entry.phrases ?? []) {
    const words = contentWords(phrase).map(stem)
    const head = words[words.length - 1] ?? ''
    if (!head || !own.has(head)) continue
    const distinguishing = words.filter((w) => DISTINGUISHING.has(w))
    if (distinguishing.some((w) => !own.has(w))) continue
    if (marks.some((w) => !words.includes(w)) && distinguishing.length > 0) continue
    return true
  }
  // A part named by its noun phrase is held to it, not to the words around it.
  const block = element.kind === 'block' || element.kind === 'container' || element.kind === 'part'
  if (block && entry.role === 'part' && entry.phrases?.some(Boolean)) return false
  for (const window of entry.windows ?? []) {
    // Most of the marked words are in the label, or most of the label is in them.
    const marked = contentWords(window)
      .map(stem)
      .filter((w) => w.length > 0)
    if (marked.length === 0) continue
    if (marked.filter((w) => own.has(w)).length / marked.length >= 0.5) return true
    if (overlap(label, new Set(marked)) >= 0.6) return true
  }
  // A whole or a part written without readable context is not held to its words.
  return !entry.phrases?.some(Boolean) && !entry.windows?.length
}

/** Words that join steps rather than say one ("Either way, we calculate ..."). */
const CONNECTIVES = new Set(
  'either way also finally first next otherwise regardless we you case cases then'.split(' '),
)

/** A clause that only sends the flow to a numbered step ("the process continues at 2922"). */
const GOES_TO =
  /\b(?:returns?|returning|continues?|continuing|proceeds?|proceeding|goes|going|loops?|looping|jumps?|branches)\s+(?:back\s+)?(?:directly\s+)?(?:to|at|with)\s+(?:(?:step|block|operation)\s+)?(?:S\s?)?\d{2,5}[a-z]?\s*$/i

/** Clause openers that make a sentence background rather than a step. */
const BACKGROUND =
  /^(?:fig(?:ure)?s?\.?\s*\d|as\s+is\s+(?:well\s+)?known|it\s+(?:should|will|is|may)|in\s+(?:some|other|certain|various)\s+embodiments|for\s+(?:example|instance)|(?:a|an|the)\s+(?:\w+\s+){0,4}?(?:method|process|flowchart|procedure)\s+(?:\d+\s+)?(?:then\s+)?(?:ends|terminates|stops|concludes|finishes|of|for|is|performed|executed|according|comprising|that|which|,|$))/i

/** A first sentence that names the flow ("3d printer startup, roughly", "grain dryer cycle"). */
const HEADING =
  /^(?:it'?s\s+)?(?:the\s+|a\s+|our\s+)?(?:[\w-]+\s+){0,5}?(?:flow|sequence|cycle|startup|start-up|setup|routine|process|method|procedure|run|intake)\b(?:\s+(?:for|of)\s+[^,]{1,60})?(?:,\s*roughly)?\s*\d*$/i

/** "Referring to FIG. 3,", "In a laser powder bed fusion process 2200,": the figure's title. */
const TITLE =
  /^(?:(?:referring|turning)\s+(?:now\s+)?to\s+figs?\.?\s*\d+[a-z]?\s*,\s*|(?:in|for|during)\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,6}?(?:method|process|procedure|routine|workflow)\s+\d+[a-z]?\s*,\s*)/i
/** A clause that only names or introduces the method ("Ticket triage method 2300", "... comprising"). */
const PREAMBLE =
  /^\s*(?:(?:a|an|the)\s+)?(?:[\w-]+\s+){0,8}?(?:method|process|procedure|routine|workflow|flowchart)\s+(?:\d+[a-z]?\s*)?(?:of|for|,|comprising|executed|shown|that|which|according|with|is\s+shown|proceeds\s+as\s+follows|$)|^\s*(?:those\s+skilled|conventional(?:ly)?\b|embodiments?\s+(?:described|disclosed)|a\s+non-transitory)|^\s*(?:the\s+)?(?:method|process|procedure|routine)\s+(?:\d+\s+)?(?:then\s+)?(?:repeats|returns|loops|continues|ends)\b/i
/** Where the flow goes, not a step: "returns to S301", "is performed after step S1308". */
const FLOW_WORDS =
  /\b(?:returns?|returning|goes?|going|go\s+back|loops?|looping|jumps?|skips?|proceeds?|continues?|repeats?|repeating)\s+(?:back\s+)?(?:directly\s+)?(?:to|from|at|with)\s+(?:step\s+|block\s+|operation\s+)?S?\d+[a-z]?\b|\b(?:step|block)\s+S?\d+[a-z]?\s+is\s+performed\s+(?:directly\s+)?after\s+(?:step\s+|block\s+)?S?\d+[a-z]?|\b(?:and|or)\s+directly\s+after\s+step\s+S?\d+[a-z]?|\b(?:the\s+)?(?:method|process|procedure|routine)\s+(?:\d+\s+)?(?:then\s+)?ends\b/gi

/** The words that say a check before its question: "the server checks whether", "determining if". */
const CHECK_OPENER =
  /^.{0,60}?\b(?:determin|check|decid|verif|evaluat|assess|test)\w*\s+(?:again\s+)?(?:whether|if)\s+/i

/**
 * Clauses of a flowchart prompt that no element says (a step the reader passed over): each is
 * named in a warning, so nothing the prompt writes disappears without a word.
 */
function uncoveredClauses(prompt: string, figure: Figure): string[] {
  const drawn = figure.elements.map((e) => new Set(contentWords(e.label).map(stem)))
  const missed: string[] = []
  const pieces = prompt.split(/(?<=[.;:?!])(?<!\b(?:figs?|no|e\.g|i\.e)\.)\s+|\n+/i)
  for (const [index, raw] of pieces.entries()) {
    const clause = raw.trim().replace(/[.;:]+$/, '')
    // "grain dryer cycle.", "flow for provisioning a new sensor:": the prompt's heading.
    if (index === 0 && (/:\s*$/.test(raw) || HEADING.test(clause))) continue
    // "the server checks whether it matches" is drawn as its question: "IT MATCHES?"; a title
    // before the first step ("In a fusion process 2200, at 2202, ...") and where the flow goes
    // ("the process returns to S301") are drawn by the figure itself.
    const said = clause.replace(TITLE, '').replace(FLOW_WORDS, ' ').replace(CHECK_OPENER, '')
    if (said.trim() === '' || PREAMBLE.test(said)) continue
    const words = contentWords(said.replace(/\(?\b(?:step|block)?\s*S?\d{2,5}[a-z]?\)?/gi, ' '))
      .filter((w) => !CONNECTIVES.has(w.toLowerCase()))
      .map(stem)
      .filter((w) => w.length > 2 && !/^\d/.test(w))
    if (words.length < 3 || BACKGROUND.test(clause) || GOES_TO.test(clause)) continue
    // "hi — need a simple flowchart for our quote flow": a request, not a step.
    if (/\b(?:flowchart|flow\s+chart|block\s+diagram|diagram)\b/i.test(clause)) continue
    // Covered when some element holds most of its words, or its words spread over several.
    const best = Math.max(...drawn.map((d) => words.filter((w) => d.has(w)).length))
    const spread = words.filter((w) => drawn.some((d) => d.has(w))).length
    if (best >= words.length * 0.5 || spread >= words.length * 0.75) continue
    missed.push(clause.length > 120 ? `${clause.slice(0, 117)}...` : clause)
  }
  return missed.length === 0
    ? []
    : [
        `These words of the prompt are not drawn as steps: ${missed.map((m) => `"${m}"`).join('; ')}`,
      ]
}

/** What is drawn but worth a look: parts connected to nothing, steps no flow reaches. */
function structureWarnings(figure: Figure): string[] {
  const warnings: string[] = []
  const touched = new Set(figure.connections.flatMap((c) => [c.from, c.to]))
  if (figure.kind === 'block-diagram') {
    const containers = new Set(figure.elements.flatMap((e) => (e.parent ? [e.parent] : [])))
    const loose = figure.elements.filter(
      (e) =>
        !touched.has(e.id) && !containers.has(e.id) && figure.connections.length > 0 && !e.parent,
    )
    if (loose.length > 0) {
      warnings.push(
        `The prompt does not say how ${loose.map((e) => e.label + (e.numeral ? ` ${e.numeral}` : '')).join(', ')} ${loose.length === 1 ? 'connects' : 'connect'} to the rest; ${loose.length === 1 ? 'it is' : 'they are'} drawn unconnected`,
      )
    }
    return warnings
  }
  const start = figure.elements.find((e) => e.kind === 'terminal' && /^START$/i.test(e.label))
  if (!start) return warnings
  const reached = new Set([start.id])
  const queue = [start.id]
  while (queue.length > 0) {
    const at = queue.shift()!
    for (const c of figure.connections) {
      if (c.from === at && !reached.has(c.to)) {
        reached.add(c.to)
        queue.push(c.to)
      }
    }
  }
  const unreached = figure.elements.filter((e) => !reached.has(e.id) && e.kind !== 'terminal')
  if (unreached.length > 0) {
    warnings.push(
      `No flow from START reaches ${unreached.map((e) => `"${e.label}"`).join(', ')}; the prompt does not say what leads there`,
    )
  }
  return warnings
}

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
function undrawnParts(prompt: string, figure: Figure): string[] {
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

/** Verbs whose object is a part, never data ("sends the trigger", "feeds the point cloud"). */
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

/** Whether `label` says the last word of `other`'s label, then its numeral ("CONTROLLER 102"). */
function namesWithNumeral(label: string, other: FigureElement): boolean {
  if (other.numeral === undefined) return false
  const words = label.toUpperCase().split(/\s+/)
  const last = other.label.toUpperCase().split(/\s+/).at(-1)
  const numeral = other.numeral.toUpperCase()
  return words.some((word, k) => k > 0 && word === numeral && words[k - 1] === last)
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
function unlinkedSentences(sentences: readonly string[], figure: Figure): string[] {
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

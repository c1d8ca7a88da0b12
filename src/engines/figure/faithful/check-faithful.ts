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

import type { Figure, FigureElement } from '../figure'
import { type LedgerEntry, readNumeralLedger } from './numeral-ledger'
import { undrawnParts, unlinkedSentences } from './undrawn-parts'
import { uncoveredClauses } from './undrawn-steps'
import { contentWords, describe, stem } from './words'

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

const FIXED = new Set(['START', 'END', 'YES', 'NO'])
const PRONOUN_ONLY = new Set(
  'it they this that so is are was were does do did has have had not no yes true false still one'.split(
    ' ',
  ),
)
const MARKER =
  /\b(?:IN|AT|DURING)\s+(?:STEP|BLOCK|OPERATION)\s+S?\d|\bSTEP\s+S?\d{2,5}\b|^\s*(?:AT\s+)?S?\d{2,5}[A-Z]?\s*[:,]|\(\s*(?:STEP\s+)?\d{2,5}\s*\)/

/** The share of a label's content words that `words` contains (by stem). */
function overlap(label: string, words: Set<string>): number {
  const own = contentWords(label)
    .map(stem)
    .filter((w) => w.length > 0)
  if (own.length === 0) return 1
  return own.filter((w) => words.has(w)).length / own.length
}

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

/** Whether `label` says the last word of `other`'s label, then its numeral ("CONTROLLER 102"). */
function namesWithNumeral(label: string, other: FigureElement): boolean {
  if (other.numeral === undefined) return false
  const words = label.toUpperCase().split(/\s+/)
  const last = other.label.toUpperCase().split(/\s+/).at(-1)
  const numeral = other.numeral.toUpperCase()
  return words.some((word, k) => k > 0 && word === numeral && words[k - 1] === last)
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

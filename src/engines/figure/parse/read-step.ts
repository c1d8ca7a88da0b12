/**
 * Prompt parser, flowcharts, stage 4: what one step text says. Recognised forms:
 *   - a box: "receiving a request 202", "Validate it", "the server stores the request", "for
 *     each face, apply a blur" (label as written, uppercase), optionally "... and end" or "... and
 *     return(ing) to step 202" after it;
 *   - a decision: "determining/checking/deciding/verifying whether X" (also after a subject: "the
 *     server determines whether X"), "Is X?" → "X?";
 *   - a branch of the last decision: "if so / if yes, A", "otherwise / else / if not, B";
 *   - a conditional: "if X, [then] A[; else B]", "when X, A", "in response to determining that X,
 *     A" (the flowchart builder decides whether X answers the last decision or asks a new one);
 *   - a jump: "return(ing) to step 202", "repeat the receiving step", "go back to the start",
 *     "the method proceeds to block 306", optionally "... until X";
 *   - the end: "ending the method", "terminate".
 * A decision label is its condition without "whether", a leading article or "or not", then "?":
 * "determining whether the client is authorized" → "CLIENT IS AUTHORIZED?".
 */

import { MAX_LABEL_CHARS } from '../spec'
import { isGerund, NON_STEP_OPENERS, SEQUENCE_OPENER, STEP_VERBS } from './grammar-words'
import { fitLabel } from './part-registry'
import type { RawStep } from './split-steps'

/** A step another step jumps to. */
export interface StepRef {
  /** "step 202", "step 2": a numeral, else a marker number. */
  number?: number
  /** "the receiving step", "the step of validating": words to match a step's label on. */
  words?: string[]
  start?: true
  end?: true
  previous?: true
}

/** A decision's question. */
export interface Question {
  label: string
  numeral?: number
  /** The condition in lowercase, to match "if the client is not authorized" against it. */
  condition: string
}

/** What a step does once its condition, if any, is settled. */
export type StepAction =
  | { kind: 'box'; label: string; numeral?: number; until?: Question; then?: StepRef }
  | { kind: 'decision'; question: Question }
  | { kind: 'jump'; target: StepRef; until?: Question }
  | { kind: 'end' }

/**
 * One step text, read: an action (`do`), an answer to the last question (`branch`), or a
 * condition with its actions (`if`).
 */
export type StepItem =
  | { kind: 'do'; action: StepAction; marker?: number }
  | { kind: 'branch'; polarity: 'yes' | 'no'; action?: StepAction; otherwise?: StepAction }
  | { kind: 'if'; question: Question; action?: StepAction; otherwise?: StepAction; marker?: number }

/** What a step's numbers mean. */
export interface StepContext {
  /** The method's numeral: a trailing number in the same hundred is a step numeral. */
  methodNumeral?: number
  /** "Step N:" markers are reference numerals (not 1, 2, 3, ...). */
  markersAreNumerals: boolean
}

const YES_BRANCH =
  /^(?:if|when)\s+(?:so|yes|true|affirmative|positive|successful|it\s+is|they\s+are|valid)\s*(?:,|:|then\b|$)[\s,]*(?:then\b[\s,]*)?/i
const NO_BRANCH =
  /^(?:(?:otherwise|else|in\s+the\s+alternative|alternatively)\b|if\s+(?:not|no|false|negative|unsuccessful|invalid)\s*(?:,|:|then\b|$))[\s,]*(?:then\b[\s,]*)?/i
const CONDITION =
  /^(?:if|when|whenever|in\s+case|in\s+the\s+event\s+that|provided\s+that|(?:upon|on|in\s+response\s+to|responsive\s+to|based\s+on)\s+(?:a\s+|the\s+)?(?:determin(?:ing|ation)|detect(?:ing|ion)|identif(?:ying|ication)|finding|confirm(?:ing|ation)|verif(?:ying|ication))(?:\s+(?:that|whether|of))?)\s+/i
/** "the server" before a step's verb: "the server determines whether ...". */
const SUBJECT = String.raw`(?:(?:the|said)\s+[\w-]+(?:\s+[\w-]+){0,2}?\s+(?:then\s+)?)?`
const DECISION_VERB =
  /(?:determin|check|decid|test|judg|evaluat|verif|ascertain|assess|quer|confirm|examin|inspect|establish)\w*\s+(?:whether|if)\s+/
/** "determining whether", "the server determines whether", or a bare "whether". */
const DECISION = new RegExp(`^${SUBJECT}${DECISION_VERB.source}|^whether\\s+`, 'i')
const AND_JUMP =
  /,?\s+and\s+(?:then\s+)?(?=(?:return|go|loop|jump|revert|proceed|repeat|branch)\w*\s)/i
const AND_END =
  /,?\s+and\s+(?:then\s+)?(?:end|terminat|stop|exit|finish|halt)\w*(?:\s+(?:the\s+)?(?:method|process|procedure|flow|routine|program|algorithm))?$/i
const OTHERWISE_SPLIT = /[,;]\s*(?:else|otherwise|if\s+not)\b[\s,]*|\s+else\s+/i
/** Verbs that start the action of "if valid go to step 5" when no comma or "then" says where. */
const ACTION_START =
  /\s(?=(?:go|goto|return|proceed|jump|loop|repeat|continue|skip|end|stop|terminate)\b)/i
const DETECTED: Record<string, string> = {
  detecting: 'DETECTED',
  detection: 'DETECTED',
  identifying: 'IDENTIFIED',
  identification: 'IDENTIFIED',
  finding: 'FOUND',
  confirming: 'CONFIRMED',
  confirmation: 'CONFIRMED',
  verifying: 'VERIFIED',
  verification: 'VERIFIED',
}
const JUMP_VERB =
  /(?:return(?:ing|s)?|go(?:ing|es)?(?:\s+back)?|loop(?:ing|s)?(?:\s+back)?|jump(?:ing|s)?(?:\s+back)?|revert(?:ing|s)?|proceed(?:ing|s)?|continu(?:e|ing|es)|repeat(?:ing|s)?|branch(?:ing|es)?(?:\s+back)?|skip(?:ping|s)?)\b\s*/
const JUMP = new RegExp(`^${SUBJECT}${JUMP_VERB.source}`, 'i')
const END =
  /^(?:end(?:ing|s)?|terminat(?:e|ing|es)|stop(?:ping|s)?|exit(?:ing|s)?|finish(?:ing|es)?|halt(?:ing|s)?|done)(?:\s+(?:the\s+)?(?:method|process|procedure|flow|routine|program|algorithm))?$/i
const METHOD_CONTINUES =
  /^(?:the|said)\s+(?:method|process)\s+(?:may\s+)?(?:further\s+|also\s+|then\s+)?(?:comprises|comprising|includes|including|involves)\s*:?\s*/i
const STEP_OF =
  /^(?:(?:performing|executing|carrying\s+out)\s+)?(?:the\s+|a\s+)?(?:further\s+)?steps?\s+of\s+/i
/** Words before a number that make it a quantity, not a reference numeral ("up to 255"). */
const QUANTITY_WORDS = new Set(
  `to of than at by least most about over under within every each from with for is are equals
  equal exceeds exceed below above after before until up step steps claim port version block
  blocks operation operations act acts fig figure`.split(/\s+/),
)
/** Words after a reference numeral ("a client 102 over a network 104"). */
const AFTER_NUMERAL = new Set(
  'and or to from of in on at by for with via over through into using that which when if the a an'.split(
    ' ',
  ),
)

function cleanLead(text: string): string {
  let rest = text.trim()
  for (let pass = 0; pass < 4; pass++) {
    const before = rest
    rest = rest
      .replace(/^[\s,;:.-]+/, '')
      .replace(/^(?:and|or)\s+/i, '')
      .replace(SEQUENCE_OPENER, '')
      .replace(METHOD_CONTINUES, '')
      .replace(STEP_OF, '')
    if (rest === before) break
  }
  return rest.replace(/[\s,;:.!]+$/, '')
}

/** Drops reference numerals of other elements from a step's words ("a client 102"). */
function dropElementNumerals(text: string): string {
  const words = text.split(' ')
  return words
    .filter((word, k) => {
      if (!/^\d{2,4}[a-z]?,?$/.test(word) || k === 0) return true
      const before = words[k - 1]!.toLowerCase()
      const after = (words[k + 1] ?? '').toLowerCase()
      if (!/[a-z]$/.test(before) || QUANTITY_WORDS.has(before)) return true
      return !(after === '' || word.endsWith(',') || AFTER_NUMERAL.has(after))
    })
    .join(' ')
}

/** A trailing numeral, kept when it fits the method's numbering. */
function takeNumeral(text: string, context: StepContext): { text: string; numeral?: number } {
  const match = /\s(\d{1,4})$/.exec(text)
  if (!match) return { text }
  const rest = text.slice(0, match.index).trimEnd()
  const before = rest.slice(rest.lastIndexOf(' ') + 1)
  if (QUANTITY_WORDS.has(before.toLowerCase())) return { text }
  const value = Number(match[1])
  const method = context.methodNumeral
  // With a method numeral, its hundred decides ("0.9 608" in method 600); without, a numeral
  // follows a word ("a record 208").
  if (method !== undefined) {
    const fits = Math.floor(value / 100) === Math.floor(method / 100)
    if (fits) return { text: rest, numeral: value }
    return /[A-Za-z]$/.test(before) ? { text: rest } : { text }
  }
  return /[A-Za-z]$/.test(before) && value >= 1 ? { text: rest, numeral: value } : { text }
}

/** A condition as a question: "the client is authorized" → "CLIENT IS AUTHORIZED?". */
function readQuestion(condition: string, context: StepContext): Question {
  let text = cleanLead(condition)
    .replace(/[\s?]+$/, '')
    .replace(/\s+or\s+not$/i, '')
    .replace(/^(?:that|whether|if)\s+/i, '')
  const taken = takeNumeral(text, context)
  text = dropElementNumerals(taken.text).replace(/^(?:the|a|an|said)\s+/i, '')
  return {
    label: `${fitLabel(text.toUpperCase(), MAX_LABEL_CHARS - 1)}?`,
    condition: text.toLowerCase(),
    ...(taken.numeral !== undefined ? { numeral: taken.numeral } : {}),
  }
}

const IGNORED_REF_WORDS = new Set(['the', 'a', 'an', 'said', 'step', 'steps', 'of', 'and', 'then'])

function readJump(text: string, context: StepContext): StepAction | null {
  const match = JUMP.exec(text)
  if (!match) return null
  let rest = text.slice(match[0].length)
  let until: Question | undefined
  const at = rest.toLowerCase().search(/(?:^|\s)until\s/)
  if (at >= 0) {
    until = readQuestion(rest.slice(at).replace(/^\s*until\s+/i, ''), context)
    rest = rest.slice(0, at)
  }
  const target = rest.replace(/^(?:back\s+)?(?:to\s+)?(?:the\s+)?/i, '').trim()
  const lower = target.toLowerCase()
  let ref: StepRef | null = null
  const numbered = /\b(?:steps?|blocks?|operations?|acts?|boxes?)\s+(\d{1,4})|^(\d{1,4})\b/i.exec(
    target,
  )
  if (numbered) ref = { number: Number(numbered[1] ?? numbered[2]) }
  else if (/^(?:start|beginning|top|first\s+step)\b/.test(lower)) ref = { start: true }
  else if (/^(?:end|finish)\b/.test(lower)) ref = { end: true }
  else if (/^(?:previous|preceding|prior|last)\s+steps?\b/.test(lower)) ref = { previous: true }
  else {
    const named =
      /^(?:steps?\s+of\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)\s+steps?\b/i.exec(target) ??
      /^(?:steps?\s+of\s+)?([a-z]+ing)\b/i.exec(target)
    const words = named?.[1]
      ?.toLowerCase()
      .split(/\s+/)
      .filter((w) => !IGNORED_REF_WORDS.has(w))
    if (words && words.length > 0) ref = { words }
  }
  if (!ref && until && lower === '') ref = { previous: true }
  if (!ref) return null
  return { kind: 'jump', target: ref, ...(until ? { until } : {}) }
}

/** What an action text does (a box unless it is a jump, a decision or the end). */
function readAction(text: string, context: StepContext): StepAction | null {
  const clean = cleanLead(text)
  if (!/[A-Za-z]/.test(clean)) return null
  if (END.test(clean)) return { kind: 'end' }
  const jump = readJump(clean, context)
  if (jump) return jump
  const decision = DECISION.exec(clean)
  if (decision)
    return { kind: 'decision', question: readQuestion(clean.slice(decision[0].length), context) }
  if (/\?$/.test(text.trim())) {
    const question = readQuestion(clean, context)
    const label = fitLabel(clean.replace(/\?+$/, '').toUpperCase(), MAX_LABEL_CHARS - 1)
    return { kind: 'decision', question: { ...question, label: `${label}?` } }
  }
  // Remarks in parentheses and stray brackets or quotes are not printed.
  let label = clean
    .replace(/,?\s+(?:wherein|whereby)\b.*$/i, '')
    .replace(/\s*\([^()]{0,200}\)/g, '')
    .replace(/["()[\]{}]/g, '')
  let then: StepRef | undefined
  const ending = AND_END.exec(label)
  if (ending) {
    then = { end: true }
    label = label.slice(0, ending.index)
  }
  const and = then ? null : AND_JUMP.exec(label)
  if (and) {
    const jump = readJump(label.slice(and.index + and[0].length), context)
    if (jump?.kind === 'jump' && !jump.until) {
      then = jump.target
      label = label.slice(0, and.index)
    }
  }
  let until: Question | undefined
  const at = label.toLowerCase().search(/\s+until\s/)
  if (at > 0) {
    until = readQuestion(label.slice(at).replace(/^\s*until\s+/i, ''), context)
    label = label.slice(0, at)
  }
  const taken = takeNumeral(label, context)
  const words = dropElementNumerals(taken.text).trim()
  if (!words) return null
  return {
    kind: 'box',
    label: fitLabel(words.toUpperCase()),
    ...(taken.numeral !== undefined ? { numeral: taken.numeral } : {}),
    ...(until ? { until } : {}),
    ...(then ? { then } : {}),
  }
}

/** Splits "A, otherwise B" into its two actions. */
function readActions(
  text: string,
  context: StepContext,
): { action?: StepAction; otherwise?: StepAction } {
  const split = OTHERWISE_SPLIT.exec(text)
  const first = split ? text.slice(0, split.index) : text
  const action = readAction(first, context) ?? undefined
  const otherwise = split
    ? (readAction(text.slice(split.index + split[0].length), context) ?? undefined)
    : undefined
  return { ...(action ? { action } : {}), ...(otherwise ? { otherwise } : {}) }
}

/** Whether an unmarked, unlisted text reads as a step rather than prose. */
function looksLikeStep(text: string, raw: RawStep): boolean {
  if (raw.marker !== undefined || SEQUENCE_OPENER.test(raw.text.trim())) return true
  // "The request is then validated."
  if (
    /^(?:\S+\s+){1,4}(?:is|are|was|were|gets?)\s+(?:then|next|subsequently|finally)\b/i.test(text)
  ) {
    return true
  }
  if (text.endsWith('?') || /^for\s+(?:each|every|all)\b/i.test(text)) return true
  const first = /^[A-Za-z][\w-]*/.exec(text)?.[0].toLowerCase() ?? ''
  if (isGerund(first) || STEP_VERBS.has(first)) return true
  return raw.listed && !NON_STEP_OPENERS.has(first)
}

/**
 * Reads one step text (see the module header).
 * @returns null for prose that is not a step ("The request may include a token.")
 */
export function readStep(raw: RawStep, context: StepContext): StepItem | null {
  const text = cleanLead(raw.text)
  if (!text) return null
  const marker = raw.marker
  const yes = YES_BRANCH.exec(text)
  const no = yes ? null : NO_BRANCH.exec(text)
  const branch = yes ?? no
  if (branch) {
    return {
      kind: 'branch',
      polarity: yes ? 'yes' : 'no',
      ...readActions(text.slice(branch[0].length), context),
    }
  }
  const condition = CONDITION.exec(text)
  if (condition) {
    const rest = text.slice(condition[0].length)
    const then = /,\s*then\b\s*|\s+then\s+|,\s*/i.exec(rest) ?? ACTION_START.exec(rest)
    const question = readQuestion(then ? rest.slice(0, then.index) : rest, context)
    // "upon detecting an obstacle" asks whether an obstacle was detected.
    const verb =
      /(\w+)(?:\s+(?:that|whether|of))?\s*$/i.exec(condition[0])?.[1]?.toLowerCase() ?? ''
    const participle = DETECTED[verb]
    if (participle && !/\s(?:that|whether)\s*$/i.test(condition[0])) {
      question.label = `${fitLabel(`${question.label.slice(0, -1)} ${participle}`, MAX_LABEL_CHARS - 1)}?`
    }
    const actions = then ? readActions(rest.slice(then.index + then[0].length), context) : {}
    if (raw.stepMarker && context.markersAreNumerals && marker !== undefined) {
      question.numeral = marker
    }
    return { kind: 'if', question, ...actions, ...(marker !== undefined ? { marker } : {}) }
  }
  if (/^(?:start|begin|starting|beginning)$/i.test(text)) return null
  if (!looksLikeStep(text, raw)) return null
  const action = readAction(text, context)
  if (!action) return null
  if (
    action.kind === 'box' &&
    raw.stepMarker &&
    context.markersAreNumerals &&
    marker !== undefined
  ) {
    action.numeral = marker
  }
  if (
    action.kind === 'decision' &&
    raw.stepMarker &&
    context.markersAreNumerals &&
    marker !== undefined
  ) {
    action.question.numeral = marker
  }
  return { kind: 'do', action, ...(marker !== undefined ? { marker } : {}) }
}

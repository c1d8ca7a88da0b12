/**
 * Prompt parser, flowcharts, stage 4: what one step text says. Recognised forms:
 *   - a box: "receiving a request (step 202)", "Validate it", "the server stores the request",
 *     "an order is received from a customer" (labelled with the prompt's own words, the step's
 *     marker and the numerals of parts it names taken off), optionally "... and end" or "... and
 *     the method returns to step 202" after it;
 *   - a decision: "determining/checking/deciding whether X" (also after a subject, "the server
 *     determines whether X", or passive, "a determination is made whether X", "it is determined
 *     whether X"), "Is X?" → "X?";
 *   - a branch of the last decision: "if so / if yes, A", "otherwise / else / if not, B", and an
 *     action with its condition after it: "switching on the heater if X", "switching it off
 *     otherwise";
 *   - a conditional: "if X, [then] A[; else B]", "when X, A", "in response to determining that X,
 *     A", "A when X" (the flowchart builder decides whether X answers the last decision or asks a
 *     new one);
 *   - a jump: "return(ing) to step 202", "repeat(ing) from measuring ...", "determining again
 *     whether X" (back to the decision that asks X), "steps 504 to 508 are repeated until X";
 *   - the end: "ending the method", "terminate", "the method ends after step 608 or step 612";
 *   - an order: "step S1310 is performed after step S1308 and directly after step S1306 when no
 *     cartridge is installed".
 * A decision label is its condition without "whether", a leading article or "or not", then "?":
 * "determining whether the client is authorized" → "CLIENT IS AUTHORIZED?".
 */

import { MAX_LABEL_CHARS } from '../figure'
import { isGerund, NON_STEP_OPENERS, SEQUENCE_OPENER, STEP_VERBS } from './grammar-words'
import { capitals, fitLabel } from './part-registry'
import { type RawStep, splitCompound, splitVerbList } from './split-steps'
import { cleanNumeral, DONE_AGAIN, type StepSeries, takeMarker } from './step-markers'

/** A step another step jumps to. */
export interface StepRef {
  /** "step 202", "step S1302": a numeral. */
  numeral?: string
  /** "step 2" in a list that counts: a list position. */
  number?: number
  /** "the receiving step", "repeating from measuring ...": words to match a step's label on. */
  words?: string[]
  /** "determining again whether X": the decision that asks X. */
  condition?: string
  start?: true
  end?: true
  previous?: true
  /** "the invoice is matched again": the earlier step the words repeat. */
  again?: true
}

/** A decision's question. */
export interface Question {
  label: string
  numeral?: string
  /** The condition in lowercase, to match "if the client is not authorized" against it. */
  condition: string
}

/** What a step does once its condition, if any, is settled. */
export type StepAction =
  | { kind: 'box'; label: string; numeral?: string; until?: Question; then?: StepRef }
  | { kind: 'decision'; question: Question }
  | { kind: 'jump'; target: StepRef; until?: Question; fallback?: StepAction }
  | { kind: 'end' }

/**
 * One step text, read: actions in order (`do`), an answer to the last question (`branch`), a
 * condition with its actions (`if`), the steps after which the method ends (`ends`), or an order
 * between steps (`after`).
 */
export type StepItem =
  | { kind: 'do'; actions: StepAction[]; marker?: number; rejoin?: boolean }
  | {
      kind: 'branch'
      polarity: 'yes' | 'no'
      actions: StepAction[]
      otherwise?: StepAction[]
      /** A bare "otherwise": the latest question's other answer, whichever that is. */
      bare?: true
    }
  | {
      kind: 'if'
      question: Question
      /** "if A, or if B, C": the further conditions whose branches also lead to C. */
      also?: Question[]
      /** "in response to determining that ...": claim language for an outcome of the last check. */
      response?: true
      actions: StepAction[]
      otherwise?: StepAction[]
      marker?: number
    }
  | { kind: 'ends'; refs: StepRef[] }
  | { kind: 'after'; step: StepRef; after: StepRef; condition?: string }

/** What a step's numbers mean, and what the reader noticed on the way. */
export interface StepContext {
  series: StepSeries
}

const N = String.raw`(?:[Ss]\s?\d{2,5}|\d{1,5}[a-zA-Z]?)`

/** "if so, ...", and "if so charges the battery" with no comma ("so" opens no condition). */
const YES_BRANCH =
  /^(?:if|when)\s+(?:so\b(?!\s+(?:that|as|far|much|long|many|on)\b)(?=\s+[a-z])|(?:so|yes|true|affirmative|positive|successful|it\s+is|they\s+are|it\s+does|they\s+do|valid|the\s+answer\s+is\s+yes)\s*(?:,|:|then\b|$))[\s,]*(?:then\b[\s,]*)?/i
const NO_BRANCH =
  /^(?:(?:otherwise|else|in\s+the\s+alternative|alternatively)\b|if\s+(?:not|no|false|negative|unsuccessful|invalid|it\s+is\s+not|it\s+does\s+not|they\s+are\s+not|the\s+answer\s+is\s+no)\s*(?:,|:|then\b|$))[\s,]*(?:then\b[\s,]*)?/i
/** "if it has", "if they match", "if it does not": a pronoun answering the last question. */
const PRONOUN_BRANCH =
  /^(?:if|when)\s+(?:it|they|this|that|one|both|either)\s+(?:(?:is|are|was|were|has|have|had|does|do|did|can|could|will|would|should)(?:\s*n't|\s+not)?(?:\s+(?:been\s+)?[\w-]+)?|(?:match(?:es)?|pass(?:es)?|succeeds?|fails?|exists?|equals?|agree|agrees))\s*(?:,|:|then\b|$)[\s,]*(?:then\b[\s,]*)?/i
const CONDITION =
  /^(?:(?:if|when)\s*,?\s*(?:however|instead|on\s+the\s+other\s+hand|by\s+contrast)\s*,|if|when|whenever|once|in\s+case|in\s+the\s+event\s+that|provided\s+that|(?:upon|on|in\s+response\s+to|responsive\s+to|based\s+on)\s+(?:a\s+|the\s+)?(?:determin(?:ing|ation)|detect(?:ing|ion)|identif(?:ying|ication)|finding|confirm(?:ing|ation)|verif(?:ying|ication))(?:\s+(?:that|whether|of))?)\s+/i
/** "the server" before a step's verb: "the server determines whether ...". */
const SUBJECT_WORD = String.raw`(?!(?:is|are|was|were|be|been|being)\b)[\w'-]+`
const SUBJECT = String.raw`(?:(?:(?:the|said|a|an)\s+${SUBJECT_WORD}(?:\s+${SUBJECT_WORD}){0,3}?|we|they|it|you)\s+(?:then\s+|next\s+|also\s+|first\s+)?)?`
const DECISION_VERB =
  /(?:determin|check|decid|test|judg|evaluat|verif|ascertain|assess|quer|confirm|examin|inspect|establish|compar|asks?\b|asking)\w*(?:\s*,\s*[^,]{1,80}?,)?\s+(?:again\s+|once\s+more\s+)?(?:to\s+(?:determine|see|check)\s+)?(?:whether|if)\s+/
/** "determining whether", "the server determines whether", or a bare "whether". */
const DECISION = new RegExp(`^${SUBJECT}${DECISION_VERB.source}|^whether\\s+`, 'i')
/** "a determination is made (as to) whether", "it is determined whether", "a check is made whether". */
const PASSIVE_DECISION =
  /^(?:(?:a|the)\s+(?:determination|decision|check|test|query|comparison|evaluation)\s+is\s+(?:then\s+)?(?:made|performed|carried\s+out)\s+(?:as\s+to\s+|to\s+determine\s+)?(?:whether|if)|it\s+is\s+(?:then\s+|next\s+)?(?:determined|checked|decided|verified|evaluated|assessed|queried|ascertained|tested|confirmed)\s+(?:again\s+)?(?:whether|if))\s+/i
/**
 * "verify GPS has at least 4 satellites", "check that the door is closed": a check of a clause
 * (a subject and its verb) is a decision; "verify the signature" is a step.
 */
const CHECK_CLAUSE =
  /^(?:verify(?:ing)?|check(?:ing)?|confirm(?:ing)?|ensur(?:e|ing)|test(?:ing)?|see|make\s+sure)\s+(?:that\s+)?(?=(?:(?:the|a|an|its|all|any|each|every)\s+)?[\w-]+(?:\s+[\w-]+){0,4}?\s+(?:is|are|has|have|was|were|does|do|can|exceeds?|matches|match|contains?|reaches|reached|remains?|equals?|falls?|lies|lie|holds?)\b)/i
const AGAIN =
  /\b(?:again|once\s+more|anew)\b|\bre-?(?:check|determin|evaluat|test|verif|assess)\w*/i
const AND_JUMP =
  /,?\s+(?:and\s+(?:then\s+)?|by\s+|(?:before|then)\s+)(?=(?:(?:the|said)\s+(?:method|process|flow|procedure|routine|algorithm)\s+(?:then\s+)?)?(?:return|go|loop|jump|revert|proceed|repeat|branch|continu)\w*\s)|,\s+(?=(?:returning|looping|going\s+back|jumping\s+back)\s)/i
const AND_END =
  /,?\s+and\s+(?:then\s+)?(?:(?:the|said)\s+(?:method|process|flow|procedure|routine|algorithm)\s+)?(?:end|terminat|stop|exit|finish|halt|complet)\w*(?:\s+(?:the\s+)?(?:method|process|procedure|flow|routine|program|algorithm))?(?:\s+(?:there|here))?$/i
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
const METHOD_SUBJECT = String.raw`(?:(?:the|said|this)\s+(?:method|process|procedure|flow|routine|algorithm|workflow|technique)\s+(?:\d+\s+)?(?:then\s+|next\s+)?)?`
const JUMP_VERB =
  /(?:return(?:ing|s|ed)?|go(?:ing|es)?(?:\s+back)?|loop(?:ing|s|ed)?(?:\s+back)?|jump(?:ing|s|ed)?(?:\s+back)?|revert(?:ing|s|ed)?|proceed(?:ing|s|ed)?|continu(?:e|ing|es|ed)|repeat(?:ing|s|ed)?|branch(?:ing|es|ed)?(?:\s+back)?|skip(?:ping|s|ped)?(?:\s+(?:directly|ahead))?|cycl(?:e|ing|es)\s+back|flows?)\b\s*/
const JUMP = new RegExp(`^(?:${METHOD_SUBJECT}|${SUBJECT})${JUMP_VERB.source}`, 'i')
/** "steps 504 to 508 are repeated until ...", "step 502 is repeated". */
const REPEATED = new RegExp(
  String.raw`^(?:the\s+)?steps?\s+(${N})(?:\s*(?:to|through|-|and)\s*(?:step\s+)?${N})?\s+(?:are|is)\s+(?:then\s+)?(?:repeated|performed\s+again|iterated)\b\s*`,
  'i',
)
const END =
  /^(?:end(?:ing|s)?|terminat(?:e|ing|es)|stop(?:ping|s)?|exit(?:ing|s)?|finish(?:ing|es)?|halt(?:ing|s)?|done|the\s+end)(?:\s+(?:the\s+)?(?:method|process|procedure|flow|routine|program|algorithm))?$/i
const METHOD_ENDS = new RegExp(
  String.raw`^${METHOD_SUBJECT.replace(/\)\?$/, ')')}(?:then\s+)?(?:ends|terminates|stops|finishes|completes|is\s+complete|is\s+completed|concludes)\b`,
  'i',
)
const ENDS_AFTER = new RegExp(
  String.raw`^${METHOD_SUBJECT}(?:then\s+)?(?:ends|terminates|stops|finishes|concludes|is\s+complete)\s+(?:after|at|following|with)\s+((?:(?:steps?|blocks?|operations?)\s+)?${N}(?:\s*(?:,|or|and|,\s*or|,\s*and)\s*(?:(?:steps?|blocks?|operations?)\s+)?${N})*)\s*$`,
  'i',
)
const PERFORMED_AFTER = new RegExp(
  String.raw`\b(?:step|block|operation)\s+(${N})\s+(?:is|are)\s+(?:then\s+)?(?:performed|executed|carried\s+out|reached)\s+((?:(?:directly\s+|immediately\s+)?after\s+(?:step|block|operation)\s+${N}(?:\s+(?:when|if|in\s+case)\s+[^,;]+)?(?:\s*,?\s*(?:and|or)\s+)?)+)`,
  'i',
)
const DESCRIBED_STEP = new RegExp(
  String.raw`^\s*((?:step|block|operation)\s+${N})\s*,\s*(?:in\s+which|wherein|where|during\s+which)\s+([^,]{3,300}?),\s*((?:is|are)\s+(?:then\s+)?(?:performed|executed|carried\s+out|reached)\s+.*)$`,
  'i',
)
const STEP_OF =
  /^(?:(?:performing|executing|carrying\s+out)\s+)?(?:the\s+|a\s+)?(?:further\s+)?steps?\s+of\s+/i
const METHOD_LEAD =
  /^(?:the|this|said)\s+(?:method|process|procedure|routine|flow|workflow|algorithm|technique|routine)\s+(?:\d+\s+|[Ss]\d+\s+)?(?:then\s+|next\s+|further\s+|also\s+|may\s+)?(?:begins|starts|commences|continues|proceeds|moves|advances|comprises|includes|involves|may\s+begin|may\s+start|may\s+continue)(?!\s+(?:when|once|upon|after|as\s+soon)\b)(?!\s+(?:directly\s+|immediately\s+)?(?:at|to|with)\s+(?:(?:step|block|operation)\s+)?(?:S\s?)?\d{2,5}[a-z]?(?:\s*$|[,;.]))\s*(?:by|with|to|at|:)?\s*(?:(?:the\s+)?steps?\s+of\s+)?/i
const BEGINS_WHEN =
  /^(?:(?:the|this|said)\s+(?:method|process|procedure|routine|flow|workflow|algorithm|technique)\s+(?:\d+\s+)?(?:begins|starts|commences|is\s+(?:initiated|triggered|started|invoked))|(?:it|this)\s+(?:begins|starts))\s+(?:when|once|upon|after|as\s+soon\s+as)\s+/i
/** "During the flight, the drone determines ...": a setting, not part of the step's words. */
const LEADING_ADVERBIAL =
  /^(?:during|while|meanwhile|simultaneously|concurrently|in\s+parallel|at\s+the\s+same\s+time|thereafter|afterwards|subsequently|before\s+[a-z]+ing|after\s+(?:either|both|each)\s+(?:step|branch)s?)\b[^,]{0,60},\s*/i
/** "after 1710 or 1712, determine ...": the steps this one follows. */
const LEADING_AFTER = new RegExp(
  String.raw`^after\s+(?:steps?\s+|blocks?\s+)?(${N}(?:\s*(?:,|or|and|,\s*or|,\s*and)\s*(?:steps?\s+|blocks?\s+)?${N})*)\s*,\s*`,
  'i',
)
const PROSE =
  /^(?:(?:referring|turning)\s+(?:now\s+)?to\s+figs?\.?\s*\d+[a-z]?\s*$|fig(?:ure)?s?\.?\s*\d+|embodiments?\s+(?:described|disclosed|of|herein)|conventional|(?:the\s+)?present\s+(?:disclosure|invention)|as\s+is\s+(?:known|well\s+known|conventional)|as\s+(?:noted|described|discussed|explained|mentioned)\b|it\s+(?:should|will|is|may|can)\s+(?:also\s+)?be\s+(?:understood|appreciated|noted|recognized|recognised|apparent)|note\s+that|in\s+(?:some|other|certain|various|one|another|alternative)\s+(?:embodiments?|implementations?|examples?|cases)|for\s+(?:example|instance)|this\s+(?:allows|enables|ensures|reduces|improves|prevents|avoids|provides|helps|means|step|method|process)|such\s+\w+\s+(?:is|are|may|can)|these\s+|those\s+|advantageously|typically|conventionally|generally|background|the\s+(?:method|process|technique|flowchart|figure)\s+(?:\d+\s+)?(?:may|can|could|is|will)\s+(?:be|also)\b|one\s+of\s+ordinary\s+skill)/i
/** Words before a number that make it a quantity, not a reference numeral ("up to 255"). */
const QUANTITY_WORDS = new Set(
  `to of than at by least most about over under within every each from with for is are equals
  equal exceeds exceed below above after before until up step steps claim port version block
  blocks operation operations act acts fig figure layer level type class model channel
  revision rev no number tier grade stage phase generation gen size`.split(/\s+/),
)
/** Words after a reference numeral ("a client 102 over a network 104"). */
const AFTER_NUMERAL = new Set(
  'and or to from of in on at by for with via over through into using that which when if the a an is are was were has have may can will'.split(
    ' ',
  ),
)

function cleanLead(text: string): string {
  let rest = text.trim()
  for (let pass = 0; pass < 5; pass++) {
    const before = rest
    rest = rest
      .replace(/^[\s,;:.-]+/, '')
      .replace(/^(?:and|or)\b[\s,]+/i, '')
      .replace(SEQUENCE_OPENER, '')
      .replace(METHOD_LEAD, '')
      .replace(STEP_OF, '')
      .replace(/^(?:at\s+this\s+point|at\s+that\s+point|in\s+this\s+step|here)\s*,\s*/i, '')
      .replace(/^(?:where|wherein|in\s+which|at\s+which|during\s+which)\s+/i, '')
      .replace(LEADING_ADVERBIAL, '')
      .replace(/^(?:upon|on|after)\s+(?=[a-z]+ing\b)/i, '')
      .replace(/^(?:referring|turning)\s+(?:now\s+)?to\s+figs?\.?\s*\d+[a-z]?\s*,?\s*/i, '')
    if (rest === before) break
  }
  return rest.replace(/[\s,;:.!]+$/, '')
}

/**
 * Drops reference numerals of parts from a step's words ("receiving, by a server 110, a request"):
 * a flowchart draws steps; the faithfulness checker reports such numerals as not drawn.
 */
function dropPartNumerals(text: string): string {
  const words = text.split(' ')
  return words
    .filter((word, k) => {
      if (!/^\(?\d{2,5}[a-z]?'?\)?,?$/.test(word) || k === 0) return true
      const before = words[k - 1]!.toLowerCase()
      const after = (words[k + 1] ?? '').toLowerCase()
      if (!/[a-z]$/.test(before) || QUANTITY_WORDS.has(before)) return true
      // A number before a unit or a noun is a quantity ("30 seconds", "96 wells").
      if (/^[a-z°%µ]/i.test(after) && !AFTER_NUMERAL.has(after) && !word.endsWith(',')) return true
      return false
    })
    .join(' ')
    .replace(/\s+,/g, ',')
    .replace(/,\s*,/g, ',')
}

/** A label as printed: capitals, no leading article, remarks and stray brackets gone. */
function labelOf(text: string): string {
  return fitLabel(
    capitals(text)
      .replace(/\s*\(([^()]{0,200})\)/g, (_all, inner: string) =>
        /^[A-Z][A-Z0-9/&-]{1,7}$/.test(inner.trim()) ? ` (${inner.trim()})` : '',
      )
      .replace(/["()[\]{}]/g, '')
      .replace(/^(?:the|a|an|said)\s+/i, '')
      // "we add a claims surcharge": the step is what is done, as a drafter writes it.
      .replace(/^(?:we|i|you)\s+(?=[A-Z])/i, '')
      .replace(/^,\s*/, ''),
  )
}

/** A condition as a question: "the client is authorized" → "CLIENT IS AUTHORIZED?". */
function readQuestion(condition: string, context: StepContext): Question {
  const marked = takeMarker(cleanLead(condition), context.series)
  const text = dropPartNumerals(
    marked.text
      .replace(/[\s?]+$/, '')
      .replace(/\s+or\s+not$/i, '')
      .replace(/^(?:that|whether|if)\s+/i, ''),
  ).replace(/[\s,]+$/, '')
  return {
    label: `${fitLabel(labelOf(text), MAX_LABEL_CHARS - 1)}?`,
    condition: text.toLowerCase().replace(/^(?:the|a|an|said)\s+/, ''),
    ...(marked.numeral !== undefined ? { numeral: marked.numeral } : {}),
  }
}

const IGNORED_REF_WORDS = new Set(['the', 'a', 'an', 'said', 'step', 'steps', 'of', 'and', 'then'])

/** "step 202", "S1302", "the start", "the receiving step", "measuring the temperature". */
function readRef(target: string): StepRef | null {
  const text = target
    .replace(
      /^(?:directly\s+|immediately\s+)?(?:back\s+)?(?:to\s+|from\s+|with\s+|at\s+)?(?:the\s+)?/i,
      '',
    )
    .trim()
  const lower = text.toLowerCase()
  // The step must be named where the target starts: "returns the milk to the tank in step 314"
  // returns milk, it does not return to step 314.
  const numbered = new RegExp(
    String.raw`^(?:(?:steps?|blocks?|operations?|acts?|boxes?)\s+)?(${N})\b()`,
    'i',
  ).exec(text)
  if (numbered) {
    const raw = cleanNumeral(numbered[1] ?? numbered[2]!)
    return /^\d$/.test(raw) ? { number: Number(raw) } : { numeral: raw }
  }
  if (/^(?:start|beginning|top|first\s+step|outset)\b/.test(lower)) return { start: true }
  if (/^(?:end|finish)\b/.test(lower)) return { end: true }
  if (/^(?:previous|preceding|prior|last)\s+steps?\b/.test(lower)) return { previous: true }
  const named =
    /^(?:steps?\s+of\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)\s+steps?\b/i.exec(text) ??
    /^(?:steps?\s+of\s+)?([a-z]+ing(?:\s+(?:the|a|an)?\s*[a-z][\w-]*){0,3})\b/i.exec(text)
  const words = named?.[1]
    ?.toLowerCase()
    .split(/\s+/)
    .filter((w) => !IGNORED_REF_WORDS.has(w))
  return words && words.length > 0 ? { words } : null
}

function readJump(text: string, context: StepContext): StepAction | null {
  const again = DONE_AGAIN.exec(text)
  if (again) return { kind: 'jump', target: { numeral: cleanNumeral(again[1]!) } }
  const repeated = REPEATED.exec(text)
  if (repeated) {
    const rest = text.slice(repeated[0].length)
    const until = /^(?:until|till)\s+(.+)$/i.exec(rest)
    const target: StepRef = { numeral: cleanNumeral(repeated[1]!) }
    return until
      ? { kind: 'jump', target, until: readQuestion(until[1]!, context) }
      : { kind: 'jump', target }
  }
  const match = JUMP.exec(text)
  if (!match) return null
  // "proceeds to" a step is a jump; "proceeds to heat the sample" is not.
  let rest = text.slice(match[0].length)
  let until: Question | undefined
  const at = rest.toLowerCase().search(/(?:^|\s)(?:until|till)\s/)
  if (at >= 0) {
    until = readQuestion(rest.slice(at).replace(/^\s*(?:until|till)\s+/i, ''), context)
    rest = rest.slice(0, at)
  }
  const target = rest
    .replace(/^(?:directly|immediately|back|again)\s+/i, '')
    .replace(
      /^(?:the\s+)?(?:method|process|procedure|routine|loop|flow|cycle|steps?|operations?)\s+(?:\d+\s+)?(?:again\s+)?(?:(?:starting\s+)?(?:from|at|with)\s+)/i,
      'from ',
    )
  let ref = readRef(target)
  if (
    ref?.words &&
    !/^(?:back\s+)?(?:to|from|with)\s/i.test(target.trim()) &&
    !/^repeat/i.test(match[0].replace(new RegExp(`^${METHOD_SUBJECT}`, 'i'), ''))
  ) {
    // "continuing to heat" or "proceeding with the analysis" are steps, not jumps.
    ref = null
  }
  if (!ref && until && target.trim() === '') {
    ref = /repeat|loop|cycle/i.test(match[0]) ? { start: true } : { previous: true }
  }
  // A bare "repeat" runs the steps again from the first.
  if (!ref && /repeat/i.test(match[0]) && target.trim() === '') ref = { start: true }
  if (!ref) return null
  return { kind: 'jump', target: ref, ...(until ? { until } : {}) }
}

const CIRCUMSTANCE =
  /^(?:after|following|upon|on)\s+(?:each|every|the|a|an|all|any)\s+[^,]{1,60},\s*/i

/** What one action text does (a box unless it is a jump, a decision or the end). */
function readAction(text: string, context: StepContext): StepAction[] {
  const clean = cleanLead(text)
  if (!/[A-Za-z]/.test(clean)) return []
  if (END.test(clean) || METHOD_ENDS.test(clean)) return [{ kind: 'end' }]
  const jump = readJump(clean, context)
  if (jump) return [jump]
  const marked = takeMarker(clean, context.series)
  let body = cleanLead(marked.text)
  // "After each accepted segment, the scanner checks whether ...": the circumstance is not asked.
  const circumstance = CIRCUMSTANCE.exec(body)
  if (circumstance) {
    const rest = body.slice(circumstance[0].length)
    if (DECISION.test(rest) || PASSIVE_DECISION.test(rest) || CHECK_CLAUSE.test(rest)) body = rest
  }
  const decision = DECISION.exec(body) ?? PASSIVE_DECISION.exec(body)
  if (decision) {
    const question = readQuestion(body.slice(decision[0].length), context)
    if (marked.numeral !== undefined) question.numeral ??= marked.numeral
    if (AGAIN.test(decision[0])) {
      return [{ kind: 'jump', target: { condition: question.condition } }]
    }
    return [{ kind: 'decision', question }]
  }
  const check = CHECK_CLAUSE.exec(body)
  if (check) {
    const question = readQuestion(body.slice(check[0].length), context)
    if (marked.numeral !== undefined) question.numeral ??= marked.numeral
    return [{ kind: 'decision', question }]
  }
  if (/\?$/.test(text.trim())) {
    const question = readQuestion(body, context)
    if (marked.numeral !== undefined) question.numeral ??= marked.numeral
    const label = fitLabel(labelOf(body.replace(/\?+$/, '')), MAX_LABEL_CHARS - 1)
    return [{ kind: 'decision', question: { ...question, label: `${label}?` } }]
  }
  let label = body.replace(/,?\s+(?:wherein|whereby|where|such\s+that|so\s+that|thereby)\b.*$/i, '')
  let then: StepRef | undefined
  const ending = AND_END.exec(label)
  if (ending) {
    then = { end: true }
    label = label.slice(0, ending.index)
  }
  const and = then ? null : AND_JUMP.exec(label)
  if (and) {
    const jump = readJump(label.slice(and.index + and[0].length).trim(), context)
    if (jump?.kind === 'jump' && !jump.until) {
      then = jump.target
      label = label.slice(0, and.index)
    }
  }
  let until: Question | undefined
  const at = label.toLowerCase().search(/\s+(?:until|till)\s/)
  // "the method waits until the train has cleared": one step, as drafters draw a wait.
  const waits =
    /\b(?:wait|waits|waiting|pause|pauses|pausing|hold|holds|holding|delay|delays|delaying)$/i.test(
      label.slice(0, at).trim(),
    )
  if (at > 0 && !waits) {
    until = readQuestion(label.slice(at).replace(/^\s*(?:until|till)\s+/i, ''), context)
    label = label.slice(0, at)
  }
  // The marker may sit before a "wherein" or an "and returns": take it again from what is left.
  const again = marked.numeral === undefined ? takeMarker(label, context.series) : { text: label }
  const numeral = marked.numeral ?? again.numeral
  const words = dropPartNumerals(again.text)
    .replace(/[\s,;:]+$/, '')
    .trim()
  if (!/[A-Za-z]/.test(words)) return []
  const box: StepAction = {
    kind: 'box',
    label: labelOf(words),
    ...(numeral !== undefined ? { numeral } : {}),
    ...(until ? { until } : {}),
    ...(then ? { then } : {}),
  }
  // "the invoice is matched again", "downloads the update package again": back to that step.
  // "the scanner again waits for the next R-wave" too.
  const repeat =
    numeral === undefined && !until && !then
      ? (/\s+(?:again|once\s+more|anew)$/i.exec(words) ?? /\s+again(?=\s+[a-z]+s\b)/i.exec(words))
      : null
  if (repeat) {
    const main =
      `${words.slice(0, repeat.index)}${words.slice(repeat.index + repeat[0].length)}`.replace(
        /^after\s+[^,]+,\s*/i,
        '',
      )
    const target = main
      .toLowerCase()
      .split(/[^a-z-]+/)
      .filter((w) => w.length >= 4 && !IGNORED_REF_WORDS.has(w))
    if (target.length > 0) {
      return [{ kind: 'jump', target: { words: target, again: true }, fallback: box }]
    }
  }
  return [box]
}

/** The actions of a text that may hold several steps ("packed in step 606 and shipped in step 608"). */
function readActionList(text: string, context: StepContext): StepAction[] {
  // "Otherwise stop the platen, then rinse the wafer, then unload the wafer": three actions.
  return splitCompound(text, context.series)
    .flatMap(splitVerbList)
    .map((piece) => piece.replace(/^[\s,]*(?:then\s+)?/i, ''))
    .flatMap((piece) => readAction(piece, context))
}

/** Splits "A, otherwise B" into its two action lists. */
function readActions(
  text: string,
  context: StepContext,
): { actions: StepAction[]; otherwise?: StepAction[] } {
  const split = OTHERWISE_SPLIT.exec(text)
  const first = split ? text.slice(0, split.index) : text
  const actions = readActionList(first, context)
  const otherwise = split
    ? readActionList(text.slice(split.index + split[0].length), context)
    : undefined
  return { actions, ...(otherwise && otherwise.length > 0 ? { otherwise } : {}) }
}

/** Whether an unmarked text reads as a step rather than prose. */
function looksLikeStep(text: string, raw: RawStep, context: StepContext): boolean {
  if (PROSE.test(text)) return false
  if (raw.marker !== undefined || SEQUENCE_OPENER.test(raw.text.trim())) return true
  if (takeMarker(text, context.series).numeral !== undefined) return true
  if (
    /^(?:\S+\s+){1,5}(?:is|are|was|were|gets?)\s+(?:then|next|subsequently|finally|first)\b/i.test(
      text,
    )
  ) {
    return true
  }
  if (text.endsWith('?') || /^for\s+(?:each|every|all)\b/i.test(text)) return true
  const first = /^[A-Za-z][\w-]*/.exec(text)?.[0].toLowerCase() ?? ''
  if (isGerund(first) || STEP_VERBS.has(first)) return true
  // "heating the sample": a noun-like -ing word ("a heating element") is a verb before its object.
  if (/^[a-z]{2,}ing\s+(?:the|a|an|each|every|all|said|it|them|its|their)\b/i.test(text))
    return true
  // A numbered method's unmarked statements are remarks ("The token is valid for an hour.").
  if (context.series.numbered) return false
  // "the server checks whether the password matches": a check is a step.
  if (DECISION.test(text) || PASSIVE_DECISION.test(text)) return true
  if (/^(?:\S+\s+){0,6}(?:is|are|was|were)\s+(?:\w+ly\s+)?\w+(?:ed|en|wn|un|ut|id)\b/i.test(text))
    return true
  if (
    /^(?:the|a|an|said|each)\s+(?:[\w-]+\s+){0,4}?[a-z]+s\s+(?:the|a|an|it|them|its|said|to|with|from|on|in|for)\b/i.test(
      text,
    )
  ) {
    return true
  }
  // "The platform then assigns ...": a subject, a sequence word and its verb.
  if (
    /^(?:the|a|an|said)\s+(?:[\w-]+\s+){0,4}?(?:then|next|also|finally|subsequently|thereafter)\s+[a-z]+s\b/i.test(
      text,
    )
  ) {
    return true
  }
  return raw.listed && !NON_STEP_OPENERS.has(first)
}

/** "A if X", "A when X", "A otherwise", "A if not": an action with its condition after it. */
const TRAILING_CONDITION =
  /^(.*?\S)\s*,?\s+(?:(if|when|whenever|once|in\s+case|provided\s+that)\s+(.+)|(otherwise|else|if\s+not|if\s+so|if\s+yes|if\s+no))\s*$/i

/** "the method ends after step 608 or step 612". */
function readEndsAfter(text: string): StepItem | null {
  const match = ENDS_AFTER.exec(text)
  if (!match) return null
  const refs = [...match[1]!.matchAll(new RegExp(N, 'gi'))].map((m) => ({
    numeral: cleanNumeral(m[0]),
  }))
  return refs.length > 0 ? { kind: 'ends', refs } : null
}

/** "step S1310 is performed after step S1308 and directly after step S1306 when ..." */
function readOrders(text: string): StepItem[] {
  const match = PERFORMED_AFTER.exec(text)
  if (!match) return []
  const step = { numeral: cleanNumeral(match[1]!) }
  const items: StepItem[] = []
  const each = new RegExp(
    String.raw`after\s+(?:step|block|operation)\s+(${N})(?:\s+(?:when|if|in\s+case)\s+([^,;]+?))?(?=\s*,?\s*(?:and|or)\s+|\s*$)`,
    'gi',
  )
  for (const m of match[2]!.matchAll(each)) {
    items.push({
      kind: 'after',
      step,
      after: { numeral: cleanNumeral(m[1]!) },
      ...(m[2] ? { condition: m[2].trim().toLowerCase() } : {}),
    })
  }
  return items
}

/**
 * Reads one step text (see the module header).
 * @returns the items it holds (none for prose that is not a step, "The request may include a
 *   token.")
 */
export function readStep(raw: RawStep, context: StepContext): StepItem[] {
  // "Step S1310, in which power transfer is started, is performed after step S1308 and ...": the
  // step is said in the aside, its place by the orders.
  const described = DESCRIBED_STEP.exec(raw.text)
  if (described) {
    const said = `${described[1]} ${described[3]}`
    const numeral = cleanNumeral(described[1]!.replace(/^\S+\s+/, ''))
    const box: StepAction = { kind: 'box', label: labelOf(described[2]!), numeral }
    return [{ kind: 'do', actions: [box] }, ...readOrders(said)]
  }
  const orders = readOrders(raw.text)
  // "Step S1310 is performed after step S1308": the clause is an order, not a step.
  if (orders.length > 0 && /^\s*(?:the\s+)?(?:step|block|operation)\s/i.test(raw.text))
    return orders
  const text = cleanLead(orders.length > 0 ? raw.text.replace(/,?\s*wherein\s+.*$/i, '') : raw.text)
  if (!text) return orders
  const marker = raw.marker
  const withOrders = (items: StepItem[]) => [...items, ...orders]
  const endsAfter = readEndsAfter(text)
  if (endsAfter) return withOrders([endsAfter])
  const rejoin =
    /^(?:in\s+(?:either|both|any|each|all)\s+(?:cases?|events?)\b|either\s+way\b|regardless\b|in\s+both\s+branches\b)\s*,?\s*/i.exec(
      text,
    )
  if (rejoin) {
    const actions = readActionList(text.slice(rejoin[0].length), context)
    return withOrders(actions.length > 0 ? [{ kind: 'do', actions, rejoin: true }] : [])
  }
  // "1714: after 1710 or 1712, determine ...": joins, then the step.
  const leadMarked = takeMarker(text, context.series)
  const after = leadMarked.at === 'prefix' ? LEADING_AFTER.exec(leadMarked.text) : null
  if (after && leadMarked.numeral) {
    const joins: StepItem[] = [...after[1]!.matchAll(new RegExp(N, 'gi'))].map((m) => ({
      kind: 'after' as const,
      step: { numeral: leadMarked.numeral! },
      after: { numeral: cleanNumeral(m[0]) },
    }))
    const rest = readStep(
      { ...raw, text: `${leadMarked.numeral}: ${leadMarked.text.slice(after[0].length)}` },
      context,
    )
    return [
      ...rest.map((item) => (item.kind === 'do' ? { ...item, rejoin: true } : item)),
      ...joins,
      ...orders,
    ]
  }
  // "After step S408 or step S412, the controller waits ... in step S414": joins, then the step.
  const joined = leadMarked.at !== 'prefix' ? LEADING_AFTER.exec(text) : null
  if (joined && joined[0].length < text.length) {
    const rest = readStep({ ...raw, text: text.slice(joined[0].length) }, context)
    const first = rest.find((item) => item.kind === 'do')
    const box = first?.kind === 'do' ? first.actions[0] : undefined
    const numeral = box?.kind === 'box' || box?.kind === 'decision' ? numeralOf(box) : undefined
    const joins: StepItem[] =
      numeral === undefined
        ? []
        : [...joined[1]!.matchAll(new RegExp(N, 'gi'))].map((m) => ({
            kind: 'after' as const,
            step: { numeral },
            after: { numeral: cleanNumeral(m[0]) },
          }))
    return [
      ...rest.map((item) => (item.kind === 'do' ? { ...item, rejoin: true } : item)),
      ...joins,
      ...orders,
    ]
  }
  // A marker before a branch word belongs to the branch's action: "S1308 if so, ...".
  const lead = takeMarker(text, context.series)
  const opened =
    lead.at === 'prefix' && /^(?:if|when|otherwise|else|in\s+response|upon)\b/i.test(lead.text)
  const body = opened ? lead.text : text
  const pronoun = PRONOUN_BRANCH.exec(body)
  const yes =
    YES_BRANCH.exec(body) ?? (pronoun && !/not|n't|fail/i.test(pronoun[0]) ? pronoun : null)
  const no = yes ? null : (NO_BRANCH.exec(body) ?? pronoun)
  const branch = yes ?? no
  if (branch) {
    const read = readActions(body.slice(branch[0].length), context)
    if (opened) numberFirst(read.actions, lead.numeral!)
    const bare =
      !yes && /^(?:otherwise|else|alternatively|in\s+the\s+alternative)\b/i.test(branch[0])
    return withOrders([
      { kind: 'branch', polarity: yes ? 'yes' : 'no', ...read, ...(bare ? { bare } : {}) },
    ])
  }
  // "The method begins when a shopper selects checkout": the event is the first step.
  const trigger = BEGINS_WHEN.exec(body)
  if (trigger) {
    const actions = readActionList(body.slice(trigger[0].length), context)
    return withOrders(actions.length > 0 ? [{ kind: 'do', actions }] : [])
  }
  const condition = CONDITION.exec(body)
  if (condition) {
    const rest = body.slice(condition[0].length)
    const then = conditionEnd(rest)
    const parts = (then ? rest.slice(0, then.index) : rest).split(/,?\s+or\s+(?:if|when)\s+/i)
    const question = readQuestion(parts[0]!, context)
    const also = parts.slice(1).map((part) => readQuestion(part, context))
    // "1710: if X, hold the request": the marker numbers the clause's step, not its condition.
    let markedAction = false
    if (opened && question.numeral === undefined) markedAction = true
    // "upon detecting an obstacle" asks whether an obstacle was detected.
    const verb =
      /(\w+)(?:\s+(?:that|whether|of))?\s*$/i.exec(condition[0])?.[1]?.toLowerCase() ?? ''
    const participle = DETECTED[verb]
    if (participle && !/\s(?:that|whether)\s*$/i.test(condition[0])) {
      question.label = `${fitLabel(`${question.label.slice(0, -1)} ${participle}`, MAX_LABEL_CHARS - 1)}?`
    }
    const actions = then
      ? readActions(rest.slice(then.index + then[0].length), context)
      : { actions: [] }
    if (markedAction) {
      if (actions.actions.some((a) => a.kind === 'box' || a.kind === 'decision')) {
        numberFirst(actions.actions, lead.numeral!)
      } else question.numeral = lead.numeral
    }
    const response = /^(?:in\s+response\s+to|responsive\s+to|upon|on|based\s+on)\s/i.test(
      condition[0],
    )
    return withOrders([
      {
        kind: 'if',
        question,
        ...(also.length > 0 ? { also } : {}),
        ...(response ? { response: true as const } : {}),
        ...actions,
        ...(marker !== undefined ? { marker } : {}),
      },
    ])
  }
  if (/^(?:start|begin|starting|beginning)$/i.test(text)) return orders
  if (!looksLikeStep(text, raw, context)) return orders
  const trailing = TRAILING_CONDITION.exec(text)
  if (trailing && !DECISION.test(text) && !PASSIVE_DECISION.test(text)) {
    const actions = readActionList(trailing[1]!, context)
    const word = (trailing[4] ?? '').toLowerCase().replace(/\s+/g, ' ')
    if (actions.length > 0 && word) {
      const polarity = word === 'if so' || word === 'if yes' ? 'yes' : 'no'
      return withOrders([{ kind: 'branch', polarity, actions }])
    }
    if (actions.length > 0 && trailing[3]) {
      const question = readQuestion(trailing[3], context)
      return withOrders([
        { kind: 'if', question, actions, ...(marker !== undefined ? { marker } : {}) },
      ])
    }
  }
  // A claim's list item "washing the well again" is a step of its own, not a loop back.
  const actions = readActionList(text, context).map((action) =>
    raw.listed && action.kind === 'jump' && action.target.again && action.fallback
      ? action.fallback
      : action,
  )
  return withOrders(
    actions.length > 0
      ? [{ kind: 'do', actions, ...(marker !== undefined ? { marker } : {}) }]
      : [],
  )
}

/**
 * Where a condition ends and its action begins: ", then", " then ", or the first comma that is not
 * followed by another condition ("if A, or if B, C"); a verb such as "go" when there is no comma.
 */
function conditionEnd(rest: string): { index: number; 0: string } | null {
  const then = /,\s*then\b\s*|\s+then\s+/i.exec(rest)
  const comma =
    /(?<!\d),(?!\s*(?:or|and)\s+(?:if|when)\b)\s*|(?<=\d),(?!\d{3}\b)(?!\s*(?:or|and)\s+(?:if|when)\b)\s*/gi
  let first: RegExpExecArray | null = null
  for (const m of rest.matchAll(comma)) {
    // A comma inside "a, b and c" of the condition is kept when no verb-led action follows it.
    first = m as RegExpExecArray
    break
  }
  if (then && (!first || then.index <= first.index)) return then
  // "if the item is damaged we send it to liquidation": no comma, but the action has its own
  // subject, a pronoun, where the condition's words end.
  const subject =
    /\s+(?=(?:we|they|you|he|she|it)\s+[a-z])/i.exec(rest) ??
    // "if a result is critical a tech calls the doctor": a predicate, then a new subject.
    /(?<=\b(?:is|are|was|were)\s+(?:not\s+)?[\w-]+)\s+(?=(?:a|an|the)\s+[\w-]+\s+[a-z]+s\b)/i.exec(
      rest,
    )
  if (subject && subject.index > 0 && (!first || subject.index < first.index)) return subject
  return first ?? ACTION_START.exec(rest)
}

/** Gives the first numberable action the marker read before a branch word. */
function numberFirst(actions: StepAction[], numeral: string): void {
  const first = actions[0]
  if (first?.kind === 'box') first.numeral ??= numeral
  else if (first?.kind === 'decision') first.question.numeral ??= numeral
}

function numeralOf(action: StepAction): string | undefined {
  if (action.kind === 'box') return action.numeral
  if (action.kind === 'decision') return action.question.numeral
  return undefined
}

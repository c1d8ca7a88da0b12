/**
 * Prompt parser, flowcharts, stage 3: the body cut into step texts. Lists come first when the body
 * has at least two markers of one kind ("1." / "(1)", "(i)", "(a)" / "a)", bullets, "Step 1:");
 * then each piece is cut at lines, sentence ends, semicolons, "->", before a step marker that
 * follows a comma ("..., and at 1104, reading ..."), after a step's own marker when another step
 * follows it in the same clause ("packed in step 606 and shipped in step 608"), and a piece led
 * by a verb is cut at the commas that start another verb ("receiving a request, validating it,
 * and storing it"). Step markers stay in the text: read-step.ts takes them off each part it reads.
 */

import { isGerund, SEQUENCE_OPENER, STEP_VERBS } from './grammar-words'
import { innerMarkerCut, type StepSeries, takeMarker } from './step-markers'

/** One step's text, with the list position that opened it. */
export interface RawStep {
  text: string
  /** The list position: "2." and "(c)" give 2 and 3; "Step 2:" gives 2. */
  marker?: number
  /** The text came from a list (markers, semicolons, lines), so a bare verb phrase is a step. */
  listed: boolean
}

interface Marker {
  at: number
  length: number
  value: number
}

const LIST_KINDS: readonly { pattern: RegExp; letters: boolean }[] = [
  {
    pattern:
      /(?:^|[\n.;:!?])\s*(?:(?:and|or)\s+)?(?:step|block|operation|act)\s+(\d)\s*[:.),-]\s+/gi,
    letters: false,
  },
  { pattern: /(?:^|[\n.;:!?])\s*(?:(?:and|or)\s+)?\(?(\d{1,2})[.)]\s+(?=\S)/g, letters: false },
  // "Process 700: 1) receive order 2) check stock 3) ship order": markers inside one line.
  {
    pattern: /(?:^|[\n.;:!?,]|\s)\s*(?:(?:and|or)\s+)?\(?(\d{1,2})\)\s+(?=[A-Za-z])/g,
    letters: false,
  },
  {
    pattern: /(?:^|[\n.;:!?,])\s*(?:(?:and|or)\s+)?\(?(i{1,3}|iv|vi{0,3}|ix|x)\)\s+/g,
    letters: false,
  },
  { pattern: /(?:^|[\n.;:!?,])\s*(?:(?:and|or)\s+)?\(?([a-h])\)\s+/g, letters: true },
  { pattern: /(?:^|\n)\s*([-*•])\s+/g, letters: false },
]

const ROMAN: Record<string, number> = {
  i: 1,
  ii: 2,
  iii: 3,
  iv: 4,
  v: 5,
  vi: 6,
  vii: 7,
  viii: 8,
  ix: 9,
  x: 10,
}

/** List markers of one kind that count up (a numbered, lettered or bulleted list), if any. */
function findListMarkers(body: string): Marker[] | null {
  for (const kind of LIST_KINDS) {
    const markers: Marker[] = []
    for (const match of body.matchAll(kind.pattern)) {
      // The end mark of the previous step is not part of this marker.
      const lead = /^[\n.;:!?,]/.test(match[0]) ? 1 : 0
      const raw = match[1]!
      const value = kind.letters
        ? raw.charCodeAt(0) - 96
        : /\d/.test(raw)
          ? Number(raw)
          : (ROMAN[raw.toLowerCase()] ?? 0)
      markers.push({ at: match.index + lead, length: match[0].length - lead, value })
    }
    if (markers.length < 2) continue
    const ordered = markers.every(
      (m, k) => k === 0 || m.value === 0 || m.value > markers[k - 1]!.value,
    )
    if (ordered) return markers
  }
  return null
}

/** Lines that continue the previous line (wrapped text) are joined to it. */
function splitLines(text: string): string[] {
  const lines: string[] = []
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (!line) continue
    const previous = lines.at(-1)
    if (previous !== undefined && /^[a-z]/.test(line) && !/[.;:!?]$/.test(previous)) {
      lines[lines.length - 1] = `${previous} ${line}`
    } else lines.push(line)
  }
  return lines
}

/**
 * Sentences, keeping a question mark (a decision) and dropping other end marks. A period inside a
 * number ("0.2 ppg") or after a one-letter initial does not end a sentence.
 */
function splitSentenceMarks(line: string): string[] {
  const pieces: string[] = []
  let last = 0
  for (const match of line.matchAll(/([.!?])(?:\s+|$)/g)) {
    const end = match[1] === '?' ? match.index + 1 : match.index
    pieces.push(line.slice(last, end))
    last = match.index + match[0].length
  }
  pieces.push(line.slice(last))
  return pieces
}

/** Before a step marker that follows a comma or "and": "..., and at 1104, reading ...". */
const MARKER_AFTER_COMMA =
  /(?:,\s*(?:and\s+|then\s+)?|\s+and\s+(?:then\s+)?)(?=(?:(?:at|in)\s+(?:(?:S\s?)?\d{2,5}[a-z]?\s*,|(?:step|block)\s+(?:S\s?)?\d{2,5}[a-z]?\b)|step\s+\d{1,5}[a-z]?\s*:|S\d{2,5}\s*:)\s*)/gi
/** ", after which ...", "; thereafter ...": a sequence word that starts the next step. */
const AFTER_WHICH = /,\s*(?=after\s+which\b|whereupon\b|following\s+which\b)/gi
/** "routed to a human underwriter (612), who determines whether ...": a check of its own. */
const WHO_CHECKS =
  /,\s*(?=(?:who|which|that)\s+(?:then\s+)?(?:determines|checks|decides|verifies|evaluates|assesses|tests)\s+(?:whether|if)\b)/gi
/** "determine whether X and, if so, A": the answer starts a piece of its own. */
const BRANCH_AFTER =
  /(?:,\s*(?:and\s*,?\s*|but\s*,?\s*)?|\s+(?:and|but)\s*,?\s*)(?=(?:if\s+(?:so|not|yes|no|(?:it|they)\s+(?:is|are|does|do|has|have|did|was|were)(?:\s*n't|\s+not)?)|otherwise)\s*[,:]|(?:if\s+(?:so|not|yes|no)|otherwise)\s+(?:then\s+)?\w)/gi
/** A branch word left alone by a cut ("If so" before "at 2212, ..."): it opens the next piece. */
const BARE_BRANCH =
  /^\s*(?:and\s+|but\s+)?(?:if\s+(?:so|not|yes|no|(?:it|they)\s+(?:is|are|does|do|has|have|did|was|were)(?:\s*n't|\s+not)?)|otherwise|else|in\s+(?:either|both|any)\s+cases?)\s*[,:]?\s*$/i

const BARE_CONDITION =
  /^\s*(?:and\s+|but\s+)?(?:if|when|whenever|once|upon|in\s+response\s+to)\b[^,;]*$/i
/** A piece that opens with a step marker (what a cut before a marker leaves). */
const MARKED_START =
  /^\s*(?:(?:and|then)\s+)?(?:(?:at|in|during)\s+)?(?:(?:step|block|operation)\s+)?(?:S\s?)?\d{2,5}[a-z]?\b/i

/** Joins a bare branch word or condition to the marked piece after it. */
function joinBareBranches(pieces: string[]): string[] {
  const out: string[] = []
  for (let k = 0; k < pieces.length; k++) {
    const piece = pieces[k]!
    // "When the user is a new user" cut from ", in step S1308, ...": the condition of that step.
    const bare = BARE_BRANCH.test(piece) || BARE_CONDITION.test(piece)
    if (bare && k + 1 < pieces.length && MARKED_START.test(pieces[k + 1]!)) {
      pieces[k + 1] = `${piece.trim().replace(/[,:]?$/, ',')} ${pieces[k + 1]!.trim()}`
      continue
    }
    out.push(piece)
  }
  return out
}

const FIRST_WORD = /^[\s,]*([A-Za-z][\w-]*)/
const COMMA_JOIN = /,\s*(?:(?:and|or)\s+)?(?:then\s+)?|\s+and\s+then\s+/gi
const BRANCH_WORDS = new Set(['if', 'otherwise', 'else', 'when', 'whenever', 'for'])
const FOR_EACH = /^\s*(?:and\s+)?for\s+(?:each|every|all)\b/i
const CONDITIONAL =
  /^\s*(?:and\s+)?(?:if|when|whenever|otherwise|else|unless|in\s+response|upon|once)\b/i

/** Cuts a verb-led piece at commas that begin another verb of the same form. */
export function splitVerbList(piece: string): string[] {
  const lead = piece.replace(SEQUENCE_OPENER, '')
  const first = FIRST_WORD.exec(lead)?.[1]?.toLowerCase() ?? ''
  const gerund = isGerund(first)
  if (!gerund && !STEP_VERBS.has(first)) return [piece]
  const pieces: string[] = []
  let last = 0
  for (const match of piece.matchAll(COMMA_JOIN)) {
    // "for each face, apply a blur filter" is one step.
    const current = piece.slice(last, match.index)
    if (FOR_EACH.test(current) && !current.includes(',')) continue
    // "First, boil water" is one step: the sequence word stays with its verb.
    if (current.replace(SEQUENCE_OPENER, '').trim() === '') continue
    const after = match.index + match[0].length
    const next = FIRST_WORD.exec(piece.slice(after, after + 40))?.[1]?.toLowerCase() ?? ''
    const sameForm = gerund ? isGerund(next) : STEP_VERBS.has(next)
    // ", then rinse the wafer": "then" says a next step whatever its verb.
    const then = /\bthen\s*$/i.test(match[0]) && !/^(?:the|a|an|it|they|this|that)$/.test(next)
    if (!sameForm && !then && !BRANCH_WORDS.has(next)) continue
    pieces.push(piece.slice(last, match.index))
    last = after
  }
  pieces.push(piece.slice(last))
  return pieces
}

/** Cuts `text` before every match of `pattern` (the match stays with the piece it starts). */
function cutBefore(text: string, pattern: RegExp): string[] {
  const pieces: string[] = []
  let last = 0
  for (const match of text.matchAll(pattern)) {
    const at = match.index + match[0].length
    if (at <= last) continue
    pieces.push(text.slice(last, match.index))
    last = at
  }
  pieces.push(text.slice(last))
  return pieces
}

const VERB_WITH_MARKER =
  /(?:,\s*(?:and\s+)?|\s+and\s+)(?:then\s+)?(?=[A-Za-z][\w-]*\s*\(\s*(?:step\s+)?(?:S\s?)?\d{2,5}[a-z]?\s*\))/gi
const AND_THEN_VERB =
  /,?\s+and\s+then\s+(?=[a-z]+(?:s|es|ed|ing)?\s+(?:again\s+|back\s+)?(?:the|a|an|its|it|them|whether|if|to|for|with|from|on|in|at|by|[a-z]+)\b)/gi
const PASSIVE_SUBJECT =
  /^(.*?\b(?:is|are|was|were|gets|get|being)\s+)(?:then\s+|subsequently\s+|first\s+|also\s+)?[a-z]+(?:ed|en|wn|ung|ut|et|id|ot|one)\b/i
const ACTIVE_SUBJECT = /^((?:the|a|an|said|each)\s+(?:[\w-]+\s+){0,4}?)(?:then\s+)?[a-z]+s\b/i
const PARTICIPLE_START =
  /^(?:and\s+|then\s+|,\s*)*(?:then\s+)?([a-z]+(?:ed|en|wn|ung|ut|et|id|ot|one))\b/i
const VERB_S_START =
  /^(?:and\s+|then\s+|,\s*)*(?:then\s+)?([a-z]+s)\b(?:\s+(?:the|a|an|it|them|its|said|whether|if|to|from|with|on|in|for)\b|\s*$)/i

/**
 * "the active power command proportional to the frequency deviation ... is": a long subject is
 * carried to the next step as its noun, without what qualifies it.
 */
function shortSubject(subject: string): string {
  const qualified =
    /^(.*?\S)\s+(?:proportional|corresponding|equal|relative|according|of|with|from|for|in|on|at|to|that|which|having|based)\b.*?\s((?:is|are|was|were|gets|get|being)\s+)$/i.exec(
      subject,
    )
  const long = subject.trim().split(/\s+/).length > 7
  return qualified && long ? `${qualified[1]} ${qualified[2]}` : subject
}

/**
 * A second step cut from a clause gets the first one's subject when it has none: "the order is
 * packed in step 606 and shipped in step 608" → "the order is shipped in step 608".
 */
function carrySubject(first: string, second: string): string {
  const passive = PASSIVE_SUBJECT.exec(first)
  if (passive && PARTICIPLE_START.test(second)) {
    return `${shortSubject(passive[1]!)}${second.replace(/^(?:and\s+|then\s+|,\s*)+/i, '')}`
  }
  const active = ACTIVE_SUBJECT.exec(first)
  if (active && VERB_S_START.test(second)) {
    return `${active[1]}${second.replace(/^(?:and\s+|then\s+|,\s*)+/i, '')}`
  }
  return second
}

/**
 * Splits one clause after each step marker that is followed by another step in the same clause
 * (see the module header); the second and later steps get the first one's subject when they lack
 * one. Used here on plain clauses and by read-step.ts on the actions of a condition.
 */
export function splitCompound(text: string, series: StepSeries): string[] {
  // "debiting (2710) the sender wallet and crediting (2712) a recipient wallet": cut before the
  // second verb that carries its own marker.
  // "hovers for a waiting period and then determines again whether ...": two steps in order.
  const then = cutBefore(text, AND_THEN_VERB)
  if (then.length > 1) {
    return then.flatMap((piece, k) =>
      splitCompound(k === 0 ? piece : carrySubject(then[0]!, piece), series),
    )
  }
  const verbs = cutBefore(text, VERB_WITH_MARKER)
  if (
    verbs.length > 1 &&
    verbs.every((piece) => /\(\s*(?:step\s+)?(?:S\s?)?\d{2,5}[a-z]?\s*\)/i.test(piece))
  ) {
    return verbs.flatMap((piece) => splitCompound(piece, series))
  }
  // "In step S316, TMB substrate is added, and the reaction is stopped in step S318", "at 1410
  // the canary is rolled back, and at 1412 the engineer is paged": two steps, each marked.
  const joined = /,\s+and\s+(?:then\s+)?/gi
  for (const m of [...text.matchAll(joined)].reverse()) {
    const left = takeMarker(text.slice(0, m.index), series)
    const right = takeMarker(text.slice(m.index + m[0].length), series)
    if (
      left.at === 'prefix' &&
      (right.at === 'suffix' || right.at === 'prefix') &&
      right.numeral !== left.numeral &&
      takeMarker(left.text, series).numeral === undefined
    ) {
      return [text.slice(0, m.index), text.slice(m.index + m[0].length)].flatMap((piece) =>
        splitCompound(piece, series),
      )
    }
  }
  const pieces: string[] = []
  let rest = text
  for (let guard = 0; guard < 12; guard++) {
    const cut = innerMarkerCut(rest, series)
    if (cut < 0) break
    pieces.push(rest.slice(0, cut))
    rest = carrySubject(
      pieces[0]!,
      rest.slice(cut).replace(/^[\s,]*(?:(?:and|then)\b[\s,]*)?/i, ''),
    )
  }
  pieces.push(rest)
  // A sentence's own "Then, steep the tea" keeps its sequence word: it says the text is a step.
  return pieces
    .map((p, k) => (k === 0 ? p : p.replace(/^[\s,]*(?:(?:and|then)\b[\s,]*)?/i, '')).trim())
    .filter(Boolean)
}

function cut(text: string, series: StepSeries): string[] {
  const pieces = splitLines(text)
    .flatMap(splitSentenceMarks)
    .flatMap((sentence) => sentence.split(/;|\s*->\s*/))
    .flatMap((piece) => cutBefore(piece, MARKER_AFTER_COMMA))
  return joinBareBranches(pieces)
    .flatMap((piece) => cutBefore(piece, AFTER_WHICH))
    .flatMap((piece) => cutBefore(piece, BRANCH_AFTER))
    .flatMap((piece) => cutBefore(piece, WHO_CHECKS))
    .flatMap((piece) => (CONDITIONAL.test(piece) ? [piece] : splitCompound(piece, series)))
    .flatMap(splitVerbList)
    .map((piece) => piece.replace(/[\s,]+(?:and|then|or)\s*,?\s*$/i, '').trim())
    .filter((piece) => /[A-Za-z]/.test(piece))
}

/**
 * Cuts a method body into step texts (see the module header).
 * @param listed the body followed a colon or "comprising"
 * @param series the body's step numbering (step-markers.ts)
 */
export function splitSteps(body: string, listed: boolean, series: StepSeries): RawStep[] {
  const found = findListMarkers(body)
  if (!found) {
    const multiple = /[;\n]/.test(body)
    return cut(body, series).map((text) => ({ text, listed: listed || multiple }))
  }
  // Text before the first marker is kept only if it reads as a step ("Here are the steps:" does not).
  const steps: RawStep[] = cut(body.slice(0, found[0]!.at), series).map((text) => ({
    text,
    listed: false,
  }))
  found.forEach((marker, k) => {
    const next = found[k + 1]?.at ?? body.length
    const pieces = cut(body.slice(marker.at + marker.length, next), series)
    pieces.forEach((text, p) => {
      steps.push({
        text,
        listed: true,
        ...(p === 0 && marker.value > 0 ? { marker: marker.value } : {}),
      })
    })
  })
  return steps
}

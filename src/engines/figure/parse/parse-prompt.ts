/**
 * The rule-based prompt parser of POST /v1/figures: a patent drafter's English prompt becomes a
 * typed Figure (figure.ts), a block diagram or a flowchart, without a model. Deterministic and
 * linear in the prompt's length. The stages run in this order because each needs the one before:
 *   1. normalize-prompt: plain text, the request ("Draw a flowchart of") taken off;
 *   2. classify-prompt: flowchart, object view, or block diagram to try;
 *   3a. flowchart: find-method-body → split-steps → read-step → build-flowchart;
 *   3b. block diagram: read-system (split-sentences → read-arrows / read-declarations /
 *       read-links, with the part-registry) → connect-parts, then classify-prompt judges whether
 *       the parts were those of an object after all; a claim that names no parts but lists
 *       operations ("a medium storing instructions ... operations comprising: receiving ...")
 *       is read as a flowchart instead;
 *   4. FigureSchema validates what was built (the same check a model's or a caller's figure gets).
 */

import { log } from '../../../lib/log'
import { type Figure, FigureSchema, MAX_FIGURE_CONNECTIONS, MAX_FIGURE_ELEMENTS } from '../figure'
import { buildFlowchart } from './build-flowchart'
import { classifyPrompt, hasStepCues, judgeSystem, mentionsSystem } from './classify-prompt'
import { findMethodBody } from './find-method-body'
import { normalizePrompt } from './normalize-prompt'
import { readStep, type StepContext } from './read-step'
import { readSystem } from './read-system'
import { splitSteps } from './split-steps'
import { stepSeries } from './step-markers'

/** Why a prompt gave no figure. */
export type ParseFailureReason = 'not_a_diagram' | 'too_many_parts' | 'no_structure'

/**
 * The parser's answer: a validated figure with what it could not draw as it was written, or a
 * reason with one sentence the user can act on.
 * - `not_a_diagram`: the prompt describes a physical object or a view of one; use an image model.
 * - `too_many_parts`: more than MAX_FIGURE_ELEMENTS elements (or MAX_FIGURE_CONNECTIONS).
 * - `no_structure`: a diagram was asked for but no parts or steps could be read.
 */
export type ParseResult =
  | { ok: true; figure: Figure; warnings: string[] }
  | { ok: false; reason: ParseFailureReason; message: string }

const fail = (reason: ParseFailureReason, message: string): ParseResult => ({
  ok: false,
  reason,
  message,
})

const NOT_A_DIAGRAM =
  'The prompt describes a physical object or a view of one rather than a block diagram or a flowchart, so it needs an image model; to get a diagram, describe connected functional parts or the steps of a method.'
const NO_SYSTEM =
  'No parts could be read from the prompt; list them with numerals and say how they connect, for example "A system 100 comprising a processor 102, a memory 104 and a display 106, wherein the processor is coupled to the memory".'
const NO_METHOD =
  'No steps could be read from the prompt; list them in order, for example "A method 200 comprising: receiving a request; determining whether it is valid; if so, storing it; otherwise, rejecting it".'

const EMPTY =
  'The prompt describes nothing to draw; name the parts of a system and how they connect, for example "A system 100 comprising a processor 102 coupled to a memory 104", or list the steps of a method, for example "A method comprising: receiving a request; storing it".'

/** What every reader hands over: the figure's parts, before validation. */
interface Draft {
  kind: Figure['kind']
  elements: unknown[]
  connections: unknown[]
  numeral?: string
  title?: string
  warnings: string[]
}

function finish(draft: Draft, label: string | undefined): ParseResult {
  if (draft.elements.length > MAX_FIGURE_ELEMENTS) {
    return fail(
      'too_many_parts',
      `The prompt names more than ${MAX_FIGURE_ELEMENTS} parts or steps, the most one figure holds; split it into several figures.`,
    )
  }
  if (draft.connections.length > MAX_FIGURE_CONNECTIONS) {
    return fail(
      'too_many_parts',
      `The prompt names ${draft.connections.length} connections but one figure holds at most ${MAX_FIGURE_CONNECTIONS}; split it into several figures.`,
    )
  }
  const checked = FigureSchema.safeParse({
    kind: draft.kind,
    ...(label ? { label } : {}),
    ...(draft.numeral ? { numeral: draft.numeral } : {}),
    ...(draft.title ? { title: draft.title } : {}),
    elements: draft.elements,
    connections: draft.connections,
  })
  if (!checked.success) {
    log('warn', 'parsePrompt built an invalid figure', { issues: checked.error.issues.slice(0, 5) })
    return fail('no_structure', draft.kind === 'flowchart' ? NO_METHOD : NO_SYSTEM)
  }
  return { ok: true, figure: checked.data, warnings: draft.warnings }
}

/**
 * "the controller determines at 1408 whether X": the marker inside a check's clause, moved to
 * its front ("at 1408, the controller determines whether X"), where markers are read.
 */
const MARKER_IN_CHECK =
  /(\b(?:the\s+[\w-]+(?:\s+[\w-]+){0,3}?\s+)?(?:determin|check|decid|verif|test|evaluat|assess)\w*)\s+at\s+((?:[Ss]\s?)?\d{2,5}[a-z]?)\s+(?=(?:whether|if)\b)/gi

/** "In a first step 1902,", "in a next step 1904": the step's marker, said at length. */
const ORDINAL_STEP =
  /\b(in|at)\s+(?:a|an|the)\s+(?:first|next|second|third|further|final|last|subsequent|following)\s+(step|block|operation)\s+/gi

/** "yes -> show the dashboard", "no -> show an error": branches typed with an arrow. */
const ARROW_YES = /(^|[.;:!?]\s*|\n\s*)yes\s*->\s*/gi
const ARROW_NO = /(^|[.;:!?]\s*|\n\s*)no\s*->\s*/gi
/** "no match -> ...": a branch named by its condition, which the reader cannot place. */
const ARROW_CONDITION = /(?:^|[.;:!?]\s*|\n\s*)((?:no|not)\s+[\w'-]+(?:\s+[\w'-]+){0,3})\s*->/i

function parseMethod(text: string, label: string | undefined, about = false): ParseResult {
  const branched = text.replace(ARROW_YES, '$1If so, ').replace(ARROW_NO, '$1If not, ')
  const condition = ARROW_CONDITION.exec(branched)
  if (condition) {
    return fail(
      'no_structure',
      `"${condition[1]} ->" is a branch written with an arrow, which is not read; write the check and its branches as "if ..., ...; otherwise, ..." or send the structure as \`figure\`.`,
    )
  }
  const { body, numeral, title, listed } = findMethodBody(
    branched.replace(MARKER_IN_CHECK, 'at $2, $1 ').replace(ORDINAL_STEP, '$1 $2 '),
    about,
  )
  const series = stepSeries(body, numeral)
  const raws = splitSteps(body, listed, series)
  const context: StepContext = { series }
  const items = raws.flatMap((raw) => readStep(raw, context))
  if (items.length === 0) return fail('no_structure', NO_METHOD)
  if (items.length > MAX_FIGURE_ELEMENTS) {
    return fail(
      'too_many_parts',
      `The prompt lists ${items.length} steps but one figure holds at most ${MAX_FIGURE_ELEMENTS}; split the method over several figures.`,
    )
  }
  const flow = buildFlowchart(items)
  // The numerals of parts named in steps are reported by the faithfulness checker.
  const warnings = [...flow.warnings]
  // The whole is called what the prompt calls it, or nothing ("METHOD" only if it says so).
  const said =
    title?.split(/\s+/).every((w) => text.toUpperCase().includes(w.toUpperCase())) === true
  return finish(
    {
      kind: 'flowchart',
      elements: flow.elements,
      connections: flow.connections,
      ...(numeral !== undefined ? { numeral } : {}),
      ...(said ? { title } : {}),
      warnings,
    },
    label,
  )
}

function parseSystem(text: string, label: string | undefined, asked = false): ParseResult {
  const draft = readSystem(text)
  const verdict = judgeSystem(draft, text)
  // A storage-medium or apparatus claim whose body is operations ("cause the processor to perform
  // operations comprising: receiving ...") is a flowchart.
  if ((verdict === 'empty' || draft.parts.length < 2) && hasStepCues(text)) {
    const method = parseMethod(text, label)
    if (method.ok) return method
  }
  switch (verdict) {
    case 'object':
      return fail('not_a_diagram', NOT_A_DIAGRAM)
    case 'empty':
      // "Draw a block diagram of my invention": asked for one, it is one that names no parts.
      return asked || mentionsSystem(text)
        ? fail('no_structure', NO_SYSTEM)
        : fail('not_a_diagram', NOT_A_DIAGRAM)
    case 'diagram':
      break
  }
  if (draft.parts.length < 2) return fail('no_structure', NO_SYSTEM)
  const parents = new Set(draft.parts.flatMap((part) => (part.parent ? [part.parent.id] : [])))
  const elements = draft.parts.map((part) => ({
    id: part.id,
    label: part.label,
    kind: parents.has(part.id) ? ('container' as const) : ('block' as const),
    ...(part.numeral !== undefined ? { numeral: part.numeral } : {}),
    ...(part.parent ? { parent: part.parent.id } : {}),
  }))
  return finish({ kind: 'block-diagram', elements, connections: draft.links, warnings: [] }, label)
}

/**
 * Parses a figure prompt (see the module header). Never throws: a bug in a rule is logged and
 * answered as `no_structure`.
 * @param prompt the user's prompt, up to 10,000 characters (longer input is read, just slower)
 * @returns a validated spec, or `not_a_diagram`, `too_many_parts` or `no_structure`
 * @example
 * parsePrompt('A system 100 comprising a processor 102 and a memory 104.')
 * // → { ok: true, figure: { kind: 'block-diagram', elements: [SYSTEM 100 ⊃ PROCESSOR 102, MEMORY 104],
 *   connections: [] }, warnings: [] }
 */
export function parsePrompt(prompt: string): ParseResult {
  try {
    const normalized = normalizePrompt(typeof prompt === 'string' ? prompt : '')
    if (!/[\p{L}\p{N}]/u.test(normalized.text)) {
      if (normalized.asksFlowchart) return fail('no_structure', NO_METHOD)
      return fail('no_structure', normalized.asksBlockDiagram ? NO_SYSTEM : EMPTY)
    }
    switch (classifyPrompt(normalized)) {
      case 'object':
        return fail('not_a_diagram', NOT_A_DIAGRAM)
      case 'method':
        return parseMethod(normalized.text, normalized.figureLabel, normalized.about)
      case 'system':
        return parseSystem(normalized.text, normalized.figureLabel, normalized.asksBlockDiagram)
    }
  } catch (error) {
    log('error', 'parsePrompt failed', { error })
    return fail('no_structure', NO_SYSTEM)
  }
}

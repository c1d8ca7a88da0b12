/**
 * The rule-based prompt parser of POST /v1/figures: a patent drafter's English prompt becomes a
 * typed figure spec (spec.ts), a block diagram or a flowchart, without a model. Deterministic and
 * linear in the prompt's length. The stages run in this order because each needs the one before:
 *   1. normalize-prompt: plain text, the request ("Draw a flowchart of") taken off;
 *   2. classify-prompt: flowchart, object view, or block diagram to try;
 *   3a. flowchart: find-method-body → split-steps → read-step → build-flowchart;
 *   3b. block diagram: read-system (split-sentences → read-arrows / read-declarations /
 *       read-links, with the part-registry) → connect-parts, then classify-prompt judges whether
 *       the parts were those of an object after all; a claim that names no parts but lists
 *       operations ("a medium storing instructions ... operations comprising: receiving ...")
 *       is read as a flowchart instead;
 *   4. FigureSpecSchema validates what was built (the same check a model's JSON gets).
 */

import { log } from '../../../lib/log'
import { type FigureSpec, FigureSpecSchema, MAX_FIGURE_LINKS, MAX_FIGURE_PARTS } from '../spec'
import { buildFlowchart } from './build-flowchart'
import { classifyPrompt, hasStepCues, judgeSystem, mentionsSystem } from './classify-prompt'
import { findMethodBody } from './find-method-body'
import { normalizePrompt } from './normalize-prompt'
import { readStep, type StepContext, type StepItem } from './read-step'
import { readSystem } from './read-system'
import { splitSteps } from './split-steps'

/** Why a prompt gave no spec. */
export type ParseFailureReason = 'not_a_diagram' | 'too_many_parts' | 'no_structure'

/**
 * The parser's answer: a validated spec, or a reason with one sentence the user can act on.
 * - `not_a_diagram`: the prompt describes a physical object or a view of one; use an image model.
 * - `too_many_parts`: more than MAX_FIGURE_PARTS parts (or MAX_FIGURE_LINKS links).
 * - `no_structure`: a diagram was asked for but no parts or steps could be read.
 */
export type ParseResult =
  | { ok: true; spec: FigureSpec }
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

function finish(
  kind: FigureSpec['kind'],
  draft: { parts: unknown[]; links: unknown[] },
): ParseResult {
  if (draft.parts.length > MAX_FIGURE_PARTS) {
    return fail(
      'too_many_parts',
      `The prompt names more than ${MAX_FIGURE_PARTS} parts, the most one figure holds; split it into several figures or describe fewer parts.`,
    )
  }
  if (draft.links.length > MAX_FIGURE_LINKS) {
    return fail(
      'too_many_parts',
      `The prompt names ${draft.links.length} connections but one figure holds at most ${MAX_FIGURE_LINKS}; split it into several figures.`,
    )
  }
  const checked = FigureSpecSchema.safeParse({ kind, ...draft })
  if (!checked.success) {
    log('warn', 'parsePrompt built an invalid spec', { issues: checked.error.issues.slice(0, 5) })
    return fail('no_structure', kind === 'method' ? NO_METHOD : NO_SYSTEM)
  }
  return { ok: true, spec: checked.data }
}

function parseMethod(text: string): ParseResult {
  const { body, numeral, listed } = findMethodBody(text)
  const raws = splitSteps(body, listed)
  const stepNumbers = raws.flatMap((raw) => (raw.stepMarker ? [raw.marker ?? 0] : []))
  const context: StepContext = {
    ...(numeral !== undefined ? { methodNumeral: numeral } : {}),
    // "Step 1:, Step 2:" count; "Step 202:, Step 204:" are numerals.
    markersAreNumerals: stepNumbers.length > 0 && stepNumbers.some((n, k) => n !== k + 1),
  }
  const items = raws.flatMap((raw): StepItem[] => {
    const item = readStep(raw, context)
    return item ? [item] : []
  })
  if (items.length === 0) return fail('no_structure', NO_METHOD)
  if (items.length > MAX_FIGURE_PARTS) {
    return fail(
      'too_many_parts',
      `The prompt lists ${items.length} steps but one figure holds at most ${MAX_FIGURE_PARTS} parts; split the method over several figures.`,
    )
  }
  return finish('method', buildFlowchart(items))
}

function parseSystem(text: string): ParseResult {
  const draft = readSystem(text)
  const verdict = judgeSystem(draft, text)
  // A storage-medium or apparatus claim whose body is operations ("cause the processor to perform
  // operations comprising: receiving ...") is a flowchart.
  if ((verdict === 'empty' || draft.parts.length < 2) && hasStepCues(text)) {
    const method = parseMethod(text)
    if (method.ok) return method
  }
  switch (verdict) {
    case 'object':
      return fail('not_a_diagram', NOT_A_DIAGRAM)
    case 'empty':
      return mentionsSystem(text)
        ? fail('no_structure', NO_SYSTEM)
        : fail('not_a_diagram', NOT_A_DIAGRAM)
    case 'diagram':
      break
  }
  if (draft.parts.length < 2) return fail('no_structure', NO_SYSTEM)
  const parts = draft.parts.map((part) => ({
    id: part.id,
    label: part.label,
    shape: 'box' as const,
    ...(part.numeral !== undefined ? { numeral: part.numeral } : {}),
    ...(part.parent ? { parent: part.parent.id } : {}),
  }))
  return finish('system', { parts, links: draft.links })
}

/**
 * Parses a figure prompt (see the module header). Never throws: a bug in a rule is logged and
 * answered as `no_structure`.
 * @param prompt the user's prompt, up to 10,000 characters (longer input is read, just slower)
 * @returns a validated spec, or `not_a_diagram`, `too_many_parts` or `no_structure`
 * @example
 * parsePrompt('A system 100 comprising a processor 102 and a memory 104.')
 * // → { ok: true, spec: { kind: 'system', parts: [SYSTEM 100 ⊃ PROCESSOR 102, MEMORY 104], links: [] } }
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
        return parseMethod(normalized.text)
      case 'system':
        return parseSystem(normalized.text)
    }
  } catch (error) {
    log('error', 'parsePrompt failed', { error })
    return fail('no_structure', NO_SYSTEM)
  }
}

/**
 * A prompt read into a figure the drafter may draw: the rule reader (parse/) proposes, the
 * faithfulness checker (faithful/) disposes. A reading that breaks a faithfulness rule (a numeral
 * on the wrong step, a part or a step dropped, words the prompt did not write) is refused with the
 * phrase it could not read, never drawn; what is drawn but worth a look comes back as warnings.
 */

import { checkFaithful, type FaithfulnessProblem } from './faithful'
import type { Figure } from './figure'
import { parsePrompt } from './parse'

/** Why a prompt gave no figure. */
export type ReadFailureReason = 'not_understood' | 'not_a_diagram' | 'too_complex'

export type ReadFigureResult =
  | { ok: true; figure: Figure; warnings: string[] }
  | { ok: false; reason: ReadFailureReason; message: string; problems?: FaithfulnessProblem[] }

/** "FIG. 2 is a flowchart of", "Figure 3 shows": a sentence that says what a figure is. */
const FIGURE_INTRODUCED =
  /\bfig(?:ure)?\.?\s*(\d+[A-Za-z]?)\s+(?:is|shows|illustrates|depicts|presents)\b/gi

/** What a user can do about a reading the checker refused. */
const REPHRASE =
  'Rephrase that part (one step or part per clause, each with its own numeral), or send the structure you want as `figure`.'

/**
 * Reads `prompt` (see the module header).
 * @returns a checked figure with warnings; or `not_understood` (no structure, or a reading that
 *   is not faithful: the message quotes the prompt), `not_a_diagram` (an object or a view of one),
 *   `too_complex` (more elements or connections than one figure holds)
 */
export function readFigure(written: string): ReadFigureResult {
  // Full-width digits and compatibility forms ("１０２") read as what they show ("102"); the
  // reader and the checker see the same text.
  const prompt = written.normalize('NFKC')
  // "FIG. 1 is a block diagram of ... FIG. 2 is a flowchart of ...": one figure per request.
  const introduced = new Set(
    [...prompt.matchAll(FIGURE_INTRODUCED)].map((m) => m[1]!.toUpperCase()),
  )
  if (introduced.size > 1) {
    return {
      ok: false,
      reason: 'not_understood',
      message: `The prompt describes ${introduced.size} figures (FIG. ${[...introduced].join(', FIG. ')}); send one figure per request.`,
    }
  }
  const parsed = parsePrompt(prompt)
  if (!parsed.ok) {
    const reason: ReadFailureReason =
      parsed.reason === 'too_many_parts'
        ? 'too_complex'
        : parsed.reason === 'not_a_diagram'
          ? 'not_a_diagram'
          : 'not_understood'
    // What could not be read is quoted, as every refusal of a prompt does.
    const message =
      reason === 'not_understood' ? `Read "${quote(prompt)}": ${parsed.message}` : parsed.message
    return { ok: false, reason, message }
  }
  const report = checkFaithful(prompt, parsed.figure)
  if (report.problems.length > 0) {
    const shown = report.problems.slice(0, 3).map((p) => p.message)
    const more = report.problems.length > 3 ? ` (and ${report.problems.length - 3} more)` : ''
    return {
      ok: false,
      reason: 'not_understood',
      message: `The prompt could not be drawn exactly as written: ${shown.join('; ')}${more}. ${REPHRASE}`,
      problems: report.problems,
    }
  }
  const warnings = [...new Set([...parsed.warnings, ...report.warnings])]
  return { ok: true, figure: parsed.figure, warnings }
}

/** The prompt's start, on one line, for a message. */
function quote(prompt: string): string {
  const line = prompt.replace(/\s+/g, ' ').trim()
  return line.length <= 80 ? line : `${line.slice(0, 77).replace(/\s+\S*$/, '')}...`
}

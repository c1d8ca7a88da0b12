/**
 * How /figures will draw a request, decided before anything is charged (step 8 of the request
 * path). In order:
 *   - a `figure` sent with the request → the drafter draws it as sent (a prompt beside it only
 *     checks it: what the figure says that the prompt does not comes back as warnings);
 *   - a prompt the rule reader reads faithfully → the drafter; with the text model configured,
 *     a reading the checker refused or had to warn about is offered to the model, whose answer
 *     stands only if it passes the same faithfulness checker with fewer warnings;
 *   - reference images → the image model (guided by the prompt, or the default instruction), or,
 *     without one, line drawings extracted from the references;
 *   - an object described in words → the image model, or a clear refusal without one;
 *   - a prompt that cannot be read faithfully → 400 PROMPT_NOT_UNDERSTOOD quoting the phrase.
 */

import { checkFaithful } from '../engines/figure/faithful'
import { type Figure, FigureSchema, figureJsonSchema } from '../engines/figure/figure'
import { readFigure } from '../engines/figure/read-figure'
import { ApiError } from '../errors'
import { log } from '../lib/log'
import type { FigureReader } from '../storage/ports'

/** Where a drafted figure's structure came from. */
export type FigureReaderKind = 'rules' | 'model' | 'sent'

/** What a planned request will run. */
export type FigurePlan =
  | { kind: 'drafter'; figure: Figure; reader: FigureReaderKind; warnings: string[] }
  | { kind: 'image-model'; instruction: string; warnings: string[] }
  | { kind: 'reference-lines'; warnings: string[] }

/**
 * The instruction sent to the image model when only reference images came (spec §4.2 rule 2),
 * and appended to a user's prompt: the model must give line art our clean-up can make filable.
 */
export const DEFAULT_FIGURE_INSTRUCTION =
  'Redraw the subject of the reference images as a patent drawing.'
const PATENT_STYLE =
  'Black ink line art on a plain white background, as in a patent application figure: clean ' +
  'uniform outlines, no shading, no hatching fills, no colour, no gradients, no text, no ' +
  'numbers, no frame, the whole subject in view with white space around it.'

const REFERENCES_NOT_DRAWN =
  'The figure is drafted from its structure, so the reference images were not drawn'

/** Decides how to draw (see the module header). */
export async function planFigure(input: {
  prompt: string | undefined
  /** The `figure` field, validated by the request schema. */
  figure: unknown
  references: number
  hasModel: boolean
  reader: FigureReader | null
}): Promise<FigurePlan> {
  const { prompt, references, hasModel } = input
  const referenceWarning = references > 0 ? [REFERENCES_NOT_DRAWN] : []
  if (input.figure !== undefined) {
    const figure = FigureSchema.parse(input.figure)
    const differences = prompt ? checkFaithful(prompt, figure).problems : []
    return {
      kind: 'drafter',
      figure,
      reader: 'sent',
      warnings: [
        ...referenceWarning,
        ...differences.map((p) => `The figure sent differs from the prompt: ${p.message}`),
      ],
    }
  }
  const read = prompt === undefined ? null : readFigure(prompt)
  if (read && prompt !== undefined) {
    const rulesFine = read.ok && read.warnings.length === 0
    if (!rulesFine && input.reader && (read.ok || read.reason === 'not_understood')) {
      const proposal = await modelReading(prompt, input.reader)
      const better =
        proposal && (!read.ok || proposal.warnings.length < read.warnings.length) ? proposal : null
      if (better) {
        return {
          kind: 'drafter',
          figure: better.figure,
          reader: 'model',
          warnings: [...referenceWarning, ...better.warnings],
        }
      }
    }
    if (read.ok) {
      return {
        kind: 'drafter',
        figure: read.figure,
        reader: 'rules',
        warnings: [...referenceWarning, ...read.warnings],
      }
    }
    if (read.reason === 'too_complex') throw new ApiError('FIGURE_TOO_COMPLEX', read.message)
    if (read.reason === 'not_understood' && references === 0) {
      throw new ApiError('PROMPT_NOT_UNDERSTOOD', read.message)
    }
  }
  if (hasModel) {
    const instruction = `${prompt?.trim() || DEFAULT_FIGURE_INSTRUCTION} ${PATENT_STYLE}`
    return { kind: 'image-model', instruction, warnings: [] }
  }
  if (references > 0) {
    const warnings = prompt
      ? [
          'No image model is configured, so the figure follows the reference images; the prompt was not drawn',
        ]
      : []
    return { kind: 'reference-lines', warnings }
  }
  const reason = read && !read.ok ? read.message : 'The prompt could not be read'
  throw new ApiError(
    'PROMPT_NOT_DRAWABLE',
    `${reason} Drawing an object from words needs the image model, which this deployment does not have: describe a block diagram or a method, or send referenceImageUrls.`,
  )
}

/**
 * The text model's reading of `prompt`, when it is a valid figure that passes the faithfulness
 * checker; null otherwise (the model's failures are logged, never the request's).
 */
async function modelReading(
  prompt: string,
  reader: FigureReader,
): Promise<{ figure: Figure; warnings: string[] } | null> {
  let answer: unknown
  try {
    answer = await reader.propose(prompt, figureJsonSchema())
  } catch (error) {
    log('warn', 'the text model could not read the prompt', { error })
    return null
  }
  const parsed = FigureSchema.safeParse(answer)
  if (!parsed.success) {
    log('warn', 'the text model answered an invalid figure', {
      issues: parsed.error.issues.slice(0, 5),
    })
    return null
  }
  const report = checkFaithful(prompt, parsed.data)
  if (report.problems.length > 0) {
    log('info', 'the text model reading failed the faithfulness checker', {
      problems: report.problems.map((p) => p.rule),
    })
    return null
  }
  return { figure: parsed.data, warnings: report.warnings }
}

/**
 * How /figures will draw a request, decided before anything is charged (step 8 of the request
 * path): the rule parser reads the prompt, and the answer depends on what it found, on whether
 * reference images came, and on whether an image model is configured.
 *   - a block diagram or method prompt → the drafter (reference images are then not drawn);
 *   - reference images → the image model (guided by the prompt, or the default instruction), or,
 *     without one, line drawings extracted from the references;
 *   - an object described in words → the image model, or a clear refusal without one.
 */

import { parsePrompt } from '../engines/figure/parse'
import type { Figure } from '../engines/figure/figure'
import { ApiError } from '../errors'

/** What a planned request will run. */
export type FigurePlan =
  | { kind: 'drafter'; figure: Figure; warnings: string[] }
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

/** Decides how to draw (see the module header). */
export function planFigure(input: {
  prompt: string | undefined
  references: number
  hasModel: boolean
}): FigurePlan {
  const { prompt, references, hasModel } = input
  const parsed = prompt === undefined ? null : parsePrompt(prompt)
  if (parsed?.ok) {
    const warnings =
      references > 0
        ? [
            'The prompt describes a diagram, so it was drafted from the prompt; the reference images were not drawn',
          ]
        : []
    return { kind: 'drafter', figure: parsed.figure, warnings }
  }
  if (parsed && !parsed.ok && parsed.reason === 'too_many_parts') {
    throw new ApiError('FIGURE_TOO_COMPLEX', parsed.message)
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
  const reason = parsed && !parsed.ok ? parsed.message : 'The prompt could not be read'
  throw new ApiError(
    'PROMPT_NOT_DRAWABLE',
    `${reason} Drawing an object from words needs the image model, which this deployment does not have: describe a block diagram or a method, or send referenceImageUrls.`,
  )
}

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
 *   - an object described in words → the object drafter (parts as 3D primitives, drawn in the
 *     views asked for, every numeral on its part); what it cannot read → the image model, or a
 *     clear refusal without one;
 *   - a prompt that cannot be read faithfully → 400 PROMPT_NOT_UNDERSTOOD quoting the phrase.
 */

import type { FigureReader } from '../adapters/ports'
import { checkFaithful } from '../engines/figure/faithful'
import { type Figure, FigureSchema, figureJsonSchema } from '../engines/figure/figure'
import { readFigure } from '../engines/figure/read-figure'
import { readObjectFigure } from '../engines/object/read-object-figure'
import { ApiError } from '../errors'
import { log } from '../lib/log'
import { readingRefusal } from './refusals'

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

const NOT_DRAWABLE =
  'The prompt describes neither a block diagram, a method, nor an object made of parts the drafter can model; drawing it needs the image model, which this deployment does not have: describe the parts (a housing 10 with a lid 12 on top, ...), the blocks or the steps, or send referenceImageUrls.'

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
  const { references, hasModel } = input
  const prompt = input.prompt?.normalize('NFKC')
  const referenceWarning = references > 0 ? [REFERENCES_NOT_DRAWN] : []
  if (input.figure !== undefined) {
    const parsed = FigureSchema.safeParse(input.figure)
    if (!parsed.success) {
      // The request schema checked the shape; what is left is what the model itself refuses.
      const issues = parsed.error.issues
        .slice(0, 3)
        .map((i) => `figure.${i.path.join('.')}: ${i.message}`)
      throw new ApiError('VALIDATION_ERROR', issues.join('; '))
    }
    const figure = parsed.data
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
      // Compared on the checker's warnings alone (the model's have no reader warnings), the rules
      // keep a tie, and a model that puts a numeral on another thing than the rules did is out.
      const rulesWarnings = read.ok ? checkFaithful(prompt, read.figure).warnings.length : 0
      const better =
        proposal &&
        (!read.ok ||
          (proposal.warnings.length < rulesWarnings && sameNumerals(read.figure, proposal.figure)))
          ? proposal
          : null
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
    // A diagram the reader could not read is not handed to the image model, references or not:
    // it would draw a picture with no text in place of the structure asked for.
    const refused = readingRefusal(read.reason, read.message)
    if (refused) throw refused
    // An object described in words is drawn from its parts, every numeral on its part, before
    // any image model (which invents parts and cannot number them); reference images, when sent,
    // lead instead.
    if (references === 0) {
      const object = readObjectFigure(prompt)
      if (object.ok) {
        return {
          kind: 'drafter',
          figure: object.figure,
          reader: 'rules',
          warnings: object.warnings,
        }
      }
      // The text model may propose the scene the rules could not; it is held to the same checks.
      const proposal = input.reader ? await modelReading(prompt, input.reader) : null
      if (proposal?.figure.kind === 'object') {
        return {
          kind: 'drafter',
          figure: proposal.figure,
          reader: 'model',
          warnings: proposal.warnings,
        }
      }
      const notUnderstood = readingRefusal(object.reason, object.message)
      if (notUnderstood) throw notUnderstood
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
  throw new ApiError('PROMPT_NOT_DRAWABLE', NOT_DRAWABLE)
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
    answer = await withTimeout(reader.propose(prompt, figureJsonSchema()), MODEL_READ_MS)
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

/** Longest wait for the text model before the rule reading stands alone. */
const MODEL_READ_MS = 20_000

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

/** Whether every numeral both readings draw names the same thing (most label words shared). */
function sameNumerals(rules: Figure, model: Figure): boolean {
  const words = (label: string) =>
    new Set(
      label
        .toUpperCase()
        .split(/[^A-Z0-9]+/)
        .filter(Boolean),
    )
  const byNumeral = new Map(
    rules.elements.flatMap((e) => (e.numeral ? [[e.numeral.toUpperCase(), words(e.label)]] : [])),
  )
  return model.elements.every((e) => {
    const own = e.numeral ? byNumeral.get(e.numeral.toUpperCase()) : undefined
    if (!own) return true
    const theirs = words(e.label)
    const shared = [...theirs].filter((w) => own.has(w)).length
    return shared * 2 >= Math.min(own.size, theirs.size)
  })
}

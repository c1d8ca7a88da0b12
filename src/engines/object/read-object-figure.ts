/**
 * An object prompt read into a figure the object drafter may draw: the object reader (read/)
 * finds the parts, their numerals, shapes, counts and placements, the solver (solve/) gives them
 * sizes and poses, and the faithfulness checker holds the parts and numerals to the prompt, as
 * for diagrams. Copies of a counted part are scene parts of one element; an assembly (a
 * sub-assembly drawn only as its parts) is an element its members name as `parent`; the whole,
 * when it is only its parts, numbers the figure itself and is drawn with an arrow.
 */

import { checkFaithful } from '../figure/faithful'
import { type Figure, FigureSchema } from '../figure/figure'
import { DRAWABLE_CONFIDENCE, objectSignal, readObject } from './read'
import { objectElements, solveObject } from './solve'

export type ReadObjectResult =
  | { ok: true; figure: Figure; warnings: string[] }
  | { ok: false; reason: 'not_an_object' | 'not_understood'; message: string }

/** Reads `prompt` as an object (see the module header). */
export function readObjectFigure(written: string): ReadObjectResult {
  const prompt = written.normalize('NFKC')
  const draft = readObject(prompt)
  const signal = objectSignal(prompt, draft)
  if (!signal.drawable || signal.confidence < DRAWABLE_CONFIDENCE) {
    return {
      ok: false,
      reason: 'not_an_object',
      message: `The prompt does not read as an object to draw (${signal.reasons.join('; ')})`,
    }
  }
  const scene = solveObject(draft)
  const elements = objectElements(draft)
  const whole = draft.parts.find((p) => p.id === draft.whole)
  const wholeIsAssembly = whole?.shape === 'assembly'
  // Copies of a counted part ("legs", "legs.2", ...) draw the element of the first.
  const elementOfScenePart = new Map<string, string>()
  for (const element of elements) {
    for (const member of element.members) {
      if (!element.assembly) elementOfScenePart.set(member, element.id)
    }
  }
  const figure = FigureSchema.safeParse({
    kind: 'object',
    label: draft.label,
    ...(wholeIsAssembly && whole?.numeral !== undefined ? { numeral: whole.numeral } : {}),
    ...(wholeIsAssembly && whole ? { title: whole.label } : {}),
    elements: elements.map((e) => ({
      id: e.id,
      label: e.label,
      kind: 'part' as const,
      ...(e.numeral !== undefined ? { numeral: e.numeral } : {}),
      ...(e.parent !== undefined ? { parent: e.parent } : {}),
    })),
    scene: {
      ...scene,
      parts: scene.parts.map((part) => {
        const element = elementOfScenePart.get(part.id)
        return element !== undefined && element !== part.id ? { ...part, element } : part
      }),
    },
  })
  if (!figure.success) {
    const issues = figure.error.issues.slice(0, 3).map((i) => i.message)
    return {
      ok: false,
      reason: 'not_understood',
      message: `The object could not be put together from the prompt: ${issues.join('; ')}`,
    }
  }
  const report = checkFaithful(prompt, figure.data)
  if (report.problems.length > 0) {
    const shown = report.problems.slice(0, 3).map((p) => p.message)
    return {
      ok: false,
      reason: 'not_understood',
      message: `The prompt could not be drawn exactly as written: ${shown.join('; ')}. Rephrase that part, or send the structure you want as \`figure\`.`,
    }
  }
  return { ok: true, figure: figure.data, warnings: [...draft.warnings, ...report.warnings] }
}

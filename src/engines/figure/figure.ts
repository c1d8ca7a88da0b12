/**
 * The figure's structure: what /figures draws, and what it returns as `data.figure` and accepts
 * back as the request field `figure`. The reader builds it from a prompt (or a text model proposes
 * it), the faithfulness checker holds it to the prompt, and the drafter lays it out. Plain data,
 * checked by one zod schema whose messages name the element at fault, so drafting software and a
 * user correcting a label get the same rules the reader does.
 */

import { z } from 'zod'
import { type ObjectScene, ObjectSceneSchema } from '../object/object-scene'

/** Most elements one figure may have (a claim of 38 numerals with its whole and a bus fits). */
export const MAX_FIGURE_ELEMENTS = 48
/** Most connections one figure may have. */
export const MAX_FIGURE_CONNECTIONS = 96
/** Longest label, characters (wrapped inside its shape by the drafter). */
export const MAX_LABEL_CHARS = 400
/** Longest connection label ("YES", "NO", a short signal name), characters. */
export const MAX_CONNECTION_LABEL_CHARS = 24

/**
 * A reference numeral as the drafter wrote it: "102", "102a", "1002'", "S1302". Integers are
 * accepted on input and kept as their digits.
 */
export const NUMERAL_PATTERN = /^(?:[A-Z]{1,2})?[1-9][0-9]{0,4}[A-Za-z]?'{0,2}$/

/** A figure legend: "FIG. 2", "FIG. 12B". */
export const FIGURE_LABEL_PATTERN = /^FIG\. [1-9][0-9]{0,2}[A-Z]?$/

const NumeralSchema = z
  .union([z.int().min(1).max(99_999), z.string()])
  .transform((v) => String(v).trim())
  .pipe(
    z.string().regex(NUMERAL_PATTERN, 'Expected a reference numeral such as 102, 102a or S1302'),
  )

const ID = /^[A-Za-z0-9_.-]{1,40}$/

/** What a drawn element is; it decides its shape. */
export const ELEMENT_KINDS = ['block', 'container', 'step', 'decision', 'terminal', 'part'] as const
export type ElementKind = (typeof ELEMENT_KINDS)[number]

/** Element kinds each figure kind may hold. */
const KINDS_OF: Record<FigureKind, readonly ElementKind[]> = {
  'block-diagram': ['block', 'container'],
  flowchart: ['step', 'decision', 'terminal'],
  object: ['part'],
}

export const FIGURE_KINDS = ['block-diagram', 'flowchart', 'object'] as const
export type FigureKind = (typeof FIGURE_KINDS)[number]

/**
 * One drawn element: a block or container of a block diagram, a step, decision (a diamond
 * whose outgoing connections carry YES / NO) or terminal (START / END, never numbered) of a
 * flowchart, or a part of an object (drawn from the figure's `scene`). A container is drawn
 * around the elements that name it as `parent`, its label at its top left.
 */
export const FigureElementSchema = z
  .object({
    /** Unique in the figure: letters, digits and `_ . -`. */
    id: z.string().regex(ID, 'Expected an id of 1 to 40 letters, digits, _ . or -'),
    /** The reference numeral, as written ("102", "102a", "S1302"). */
    numeral: NumeralSchema.optional(),
    /** What is printed inside, without its numeral, e.g. "NETWORK INTERFACE". */
    label: z.string().trim().min(1).max(MAX_LABEL_CHARS),
    kind: z.enum(ELEMENT_KINDS),
    /** The id of the container it is drawn inside. */
    parent: z.string().optional(),
  })
  .strict()

/**
 * A connection: `arrow` says where arrowheads go (`none` for "coupled to", `forward` at `to` for
 * a flow, `both` for "communicates with"); `label` is a branch's YES / NO or a short signal name.
 */
export const FigureConnectionSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    label: z.string().trim().min(1).max(MAX_CONNECTION_LABEL_CHARS).optional(),
    arrow: z.enum(['none', 'forward', 'both']).default('forward'),
  })
  .strict()

export const FigureSchema = z
  .object({
    kind: z.enum(FIGURE_KINDS),
    /** The legend, "FIG. n" (from the prompt's "FIG. 4 ..."; FIG. 1 when it names none). */
    label: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase().replace(/^FIG(?:URE)?\.?\s*/, 'FIG. '))
      .pipe(z.string().regex(FIGURE_LABEL_PATTERN, 'Expected a legend such as "FIG. 2"'))
      .default('FIG. 1'),
    /** The numeral of the whole ("a method 200"), drawn with an arrow pointing at the figure. */
    numeral: NumeralSchema.optional(),
    /**
     * What the whole is called ("METHOD", "PROCESS"): the label its numeral has in `references`.
     * Not drawn. Without it, an unnumbered figure gives its whole no numeral.
     */
    title: z.string().trim().min(1).max(MAX_LABEL_CHARS).optional(),
    elements: z.array(FigureElementSchema).min(1).max(MAX_FIGURE_ELEMENTS),
    connections: z.array(FigureConnectionSchema).max(MAX_FIGURE_CONNECTIONS).default([]),
    /** An object figure's 3D scene: its parts' primitives and poses, and the views to draw. */
    scene: ObjectSceneSchema.optional(),
  })
  .strict()
  .superRefine((figure, ctx) => {
    for (const issue of figureStructureIssues(figure)) ctx.addIssue({ code: 'custom', ...issue })
  })

export type FigureElement = z.output<typeof FigureElementSchema>
export type FigureConnection = z.output<typeof FigureConnectionSchema>
/** A validated figure (defaults applied, numerals as strings). */
export type Figure = z.output<typeof FigureSchema>
/** A figure as a reader, a model or a client may write it. */
export type FigureInput = z.input<typeof FigureSchema>

/**
 * The rules a figure's structure must keep beyond its field types, each naming the element or
 * connection at fault: unique ids and numerals, element kinds that fit the figure kind, parents
 * that exist, are containers and form a tree, connections between two different known elements.
 */
export function figureStructureIssues(figure: {
  kind: FigureKind
  numeral?: string | undefined
  elements: readonly FigureElement[]
  connections: readonly FigureConnection[]
  scene?: ObjectScene | undefined
}): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = []
  const byId = new Map<string, FigureElement>()
  const numerals = new Map<string, string>()
  if (figure.numeral !== undefined) numerals.set(figure.numeral, 'the figure')
  const name = (e: FigureElement) => `element "${e.id}" (${e.label})`
  for (const [i, element] of figure.elements.entries()) {
    if (byId.has(element.id)) {
      issues.push({
        path: ['elements', i, 'id'],
        message: `Two elements have the id "${element.id}"`,
      })
    }
    byId.set(element.id, element)
    if (!KINDS_OF[figure.kind].includes(element.kind)) {
      issues.push({
        path: ['elements', i, 'kind'],
        message: `Expected ${KINDS_OF[figure.kind].join(', ')} for the kind of ${name(element)} in a ${figure.kind} but received ${element.kind}`,
      })
    }
    if (element.numeral !== undefined) {
      const other = numerals.get(element.numeral)
      if (other !== undefined) {
        issues.push({
          path: ['elements', i, 'numeral'],
          message: `Numeral ${element.numeral} is on ${name(element)} and on ${other}; one numeral names one part`,
        })
      } else numerals.set(element.numeral, name(element))
      if (element.kind === 'terminal') {
        issues.push({
          path: ['elements', i, 'numeral'],
          message: `${name(element)} is a terminal; START and END carry no numeral`,
        })
      }
    }
  }
  for (const [i, element] of figure.elements.entries()) {
    if (element.parent === undefined) continue
    const parent = byId.get(element.parent)
    if (!parent) {
      issues.push({
        path: ['elements', i, 'parent'],
        message: `The parent "${element.parent}" of ${name(element)} is not an element of the figure`,
      })
      continue
    }
    // An object's sub-assembly is a part its members name as parent.
    const holds =
      parent.kind === 'container' || (figure.kind === 'object' && parent.kind === 'part')
    if (!holds) {
      issues.push({
        path: ['elements', i, 'parent'],
        message: `The parent of ${name(element)} is ${name(parent)}, a ${parent.kind}; make it a container`,
      })
      continue
    }
    const seen = new Set([element.id])
    for (let up: FigureElement | undefined = parent; up; ) {
      if (seen.has(up.id)) {
        issues.push({
          path: ['elements', i, 'parent'],
          message: `${name(element)} is inside itself through its parents`,
        })
        break
      }
      seen.add(up.id)
      up = up.parent === undefined ? undefined : byId.get(up.parent)
    }
  }
  for (const [i, connection] of figure.connections.entries()) {
    for (const end of ['from', 'to'] as const) {
      if (!byId.has(connection[end])) {
        issues.push({
          path: ['connections', i, end],
          message: `Connection ${i} (${connection.from} → ${connection.to}) names "${connection[end]}", which is not an element of the figure`,
        })
      }
    }
    // A decision may wait on itself ("NO: check again"); nothing else joins itself.
    if (connection.from === connection.to && byId.get(connection.from)?.kind !== 'decision') {
      issues.push({
        path: ['connections', i],
        message: `Connection ${i} joins "${connection.from}" to itself`,
      })
    }
  }
  issues.push(...sceneIssues(figure, byId))
  return issues
}

/** An object figure's scene draws its elements, and only an object figure has one. */
function sceneIssues(
  figure: {
    kind: FigureKind
    connections: readonly FigureConnection[]
    scene?: ObjectScene | undefined
  },
  elements: ReadonlyMap<string, FigureElement>,
): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = []
  const { scene } = figure
  if (figure.kind !== 'object') {
    if (scene) issues.push({ path: ['scene'], message: `A ${figure.kind} has no scene` })
    return issues
  }
  if (!scene) return [{ path: ['scene'], message: 'An object figure needs its scene' }]
  if (figure.connections.length > 0) {
    issues.push({ path: ['connections'], message: 'An object figure has no connections' })
  }
  const ids = new Set<string>()
  const drawn = new Set<string>()
  for (const [i, part] of scene.parts.entries()) {
    if (ids.has(part.id)) {
      issues.push({
        path: ['scene', 'parts', i, 'id'],
        message: `Two scene parts have the id "${part.id}"`,
      })
    }
    ids.add(part.id)
    const element = part.element ?? part.id
    if (!elements.has(element)) {
      issues.push({
        path: ['scene', 'parts', i, part.element ? 'element' : 'id'],
        message: `Scene part "${part.id}" draws "${element}", which is not an element of the figure`,
      })
    }
    drawn.add(element)
  }
  for (const [i, part] of scene.parts.entries()) {
    if (part.parent !== undefined && !ids.has(part.parent)) {
      issues.push({
        path: ['scene', 'parts', i, 'parent'],
        message: `The parent "${part.parent}" of scene part "${part.id}" is not a scene part`,
      })
    }
  }
  const assemblies = new Set([...elements.values()].flatMap((e) => (e.parent ? [e.parent] : [])))
  for (const id of elements.keys()) {
    if (!drawn.has(id) && !assemblies.has(id)) {
      issues.push({ path: ['scene'], message: `No scene part draws element "${id}"` })
    }
  }
  return issues
}

/**
 * The figure structure as a JSON schema (draft 2020-12, input form), for a text model asked to
 * propose one: the same shape the request field `figure` takes.
 */
export function figureJsonSchema(): Record<string, unknown> {
  const { $schema: _, ...schema } = z.toJSONSchema(FigureSchema, {
    io: 'input',
    unrepresentable: 'any',
  })
  return schema
}

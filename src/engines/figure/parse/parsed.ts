/**
 * The typed figure spec: what the /figures drafter draws, between the prompt (parsed by rules, or
 * by a text model and validated here) and the layout. Two kinds of figure cover most software,
 * electrical and method patents: a block diagram (`system`: parts, parts inside parts, links) and
 * a flowchart (`method`: steps, decisions with YES/NO branches, a start and an end). Plain data,
 * checked by one zod schema, so a model's JSON is held to exactly what the rule parser produces.
 */

import { z } from 'zod'

/** Most parts one figure may have: beyond this a sheet cannot hold 0.32 cm text. */
export const MAX_FIGURE_PARTS = 40
/** Most links one figure may have. */
export const MAX_FIGURE_LINKS = 80
/** Longest label, characters (wrapped inside its shape by the drafter). */
export const MAX_LABEL_CHARS = 160

/**
 * One drawn part: a block of a diagram or a step of a flowchart.
 * - `box`: a rectangle (a component, or a method step);
 * - `decision`: a diamond whose outgoing links carry YES / NO (flowcharts only);
 * - `terminal`: a rounded START / END (flowcharts only; never numbered).
 * A part that other parts name as `parent` is drawn as a container around them (its label at its
 * top left), e.g. "a server 110 comprising a processor and a memory".
 */
export const FigurePartSchema = z
  .object({
    /** Stable id, unique in the figure (letters, digits, `_`, `-`). */
    id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
    /** What is printed, without its numeral, e.g. "NETWORK INTERFACE". */
    label: z.string().trim().min(1).max(MAX_LABEL_CHARS),
    /** The reference numeral the prompt gave this part ("a processor 102"), kept as written. */
    numeral: z.int().min(1).max(9999).optional(),
    shape: z.enum(['box', 'decision', 'terminal']).default('box'),
    /** The containing part's id. */
    parent: z.string().optional(),
  })
  .strict()

/**
 * A connection between two parts. `arrow` is where arrowheads go: `none` for "coupled to" and
 * "connected to", `forward` at `to` for flows and "sends ... to", `both` for "communicates with".
 * `label` is a branch's YES / NO or a short signal name.
 */
export const FigureLinkSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    arrow: z.enum(['none', 'forward', 'both']).default('forward'),
    label: z.string().trim().min(1).max(24).optional(),
  })
  .strict()

export const FigureSpecSchema = z
  .object({
    kind: z.enum(['system', 'method']),
    parts: z.array(FigurePartSchema).min(1).max(MAX_FIGURE_PARTS),
    links: z.array(FigureLinkSchema).max(MAX_FIGURE_LINKS).default([]),
  })
  .strict()
  .superRefine((spec, ctx) => {
    const ids = new Set<string>()
    const numerals = new Set<number>()
    for (const [i, part] of spec.parts.entries()) {
      if (ids.has(part.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['parts', i, 'id'],
          message: `Duplicate id ${part.id}`,
        })
      }
      ids.add(part.id)
      if (part.numeral !== undefined) {
        if (numerals.has(part.numeral)) {
          ctx.addIssue({
            code: 'custom',
            path: ['parts', i, 'numeral'],
            message: `Numeral ${part.numeral} names two parts; the same numeral must keep one part`,
          })
        }
        numerals.add(part.numeral)
      }
      if (spec.kind === 'system' && part.shape !== 'box') {
        ctx.addIssue({
          code: 'custom',
          path: ['parts', i, 'shape'],
          message: `A system diagram has boxes only; received ${part.shape}`,
        })
      }
    }
    const byId = new Map(spec.parts.map((part) => [part.id, part]))
    for (const [i, part] of spec.parts.entries()) {
      if (part.parent === undefined) continue
      if (!byId.has(part.parent)) {
        ctx.addIssue({
          code: 'custom',
          path: ['parts', i, 'parent'],
          message: `Unknown parent ${part.parent}`,
        })
        continue
      }
      // Containment must be a tree: walking up from any part reaches a root.
      const seen = new Set([part.id])
      for (let up = byId.get(part.parent); up; up = up.parent ? byId.get(up.parent) : undefined) {
        if (seen.has(up.id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['parts', i, 'parent'],
            message: `Containment cycle through ${part.id}`,
          })
          break
        }
        seen.add(up.id)
      }
    }
    for (const [i, link] of spec.links.entries()) {
      for (const end of ['from', 'to'] as const) {
        if (!byId.has(link[end])) {
          ctx.addIssue({
            code: 'custom',
            path: ['links', i, end],
            message: `Unknown part ${link[end]}`,
          })
        }
      }
      if (link.from === link.to) {
        ctx.addIssue({ code: 'custom', path: ['links', i], message: 'A link joins two parts' })
      }
    }
  })

export type FigurePart = z.output<typeof FigurePartSchema>
export type FigureLink = z.output<typeof FigureLinkSchema>
/** A validated figure spec (defaults applied). */
export type FigureSpec = z.output<typeof FigureSpecSchema>
/** A figure spec as a parser or model may write it (defaults not yet applied). */
export type FigureSpecInput = z.input<typeof FigureSpecSchema>

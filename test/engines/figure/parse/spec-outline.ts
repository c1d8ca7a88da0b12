// Test helpers for the prompt parser: a parsed figure written out as short lines a test can list,
// one per element ("MEMORY 104 in SYSTEM") and one per connection ("PROCESSOR -- MEMORY"), so each
// test states the structure it expects instead of comparing JSON.

import type { Figure } from '../../../../src/engines/figure/figure'
import { parsePrompt } from '../../../../src/engines/figure/parse'

/** Parses `prompt` and fails the test with the parser's reason when it gives no figure. */
export function parsed(prompt: string): Figure {
  const result = parsePrompt(prompt)
  if (!result.ok)
    throw new Error(`Expected a figure but received ${result.reason}: ${result.message}`)
  return result.figure
}

const name = (spec: Figure, id: string): string => {
  const part = spec.elements.find((p) => p.id === id)
  if (!part) return `?${id}`
  return part.numeral === undefined ? part.label : `${part.label} ${part.numeral}`
}

/**
 * One line per element, in figure order: "LABEL [NUMERAL] [in PARENT]", with "<decision>" or
 * "<terminal>" after those kinds.
 */
export function outlineParts(spec: Figure): string[] {
  return spec.elements.map((part) => {
    const shape = part.kind === 'decision' || part.kind === 'terminal' ? ` <${part.kind}>` : ''
    const parent = part.parent ? ` in ${name(spec, part.parent)}` : ''
    return `${name(spec, part.id)}${shape}${parent}`
  })
}

const ARROWS = { none: '--', forward: '->', both: '<->' } as const

/** One line per connection, in figure order: "FROM -> TO", "FROM -- TO", "FROM <-> TO", then ": LABEL". */
export function outlineLinks(spec: Figure): string[] {
  return spec.connections.map((link) => {
    const label = link.label ? ` : ${link.label}` : ''
    return `${name(spec, link.from)} ${ARROWS[link.arrow]} ${name(spec, link.to)}${label}`
  })
}

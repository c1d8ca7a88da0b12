/**
 * Reference numerals for a figure's parts (37 CFR 1.84(p)): the numerals the prompt gave are kept
 * as written; every other part, in the order the prompt named them, takes the next free even
 * number from the figure's series (100, 102, 104, ...; the series of the smallest given numeral
 * when there is one). In a method the series' x00 is left for the method itself, so its steps
 * are 202, 204, ... or 102, 104, .... START and END are not numbered.
 */

import type { FigureSpec } from '../spec'

/** Numeral per part id, in the spec's part order. */
export function numberParts(spec: FigureSpec): Map<string, number> {
  const taken = new Set<number>()
  for (const part of spec.parts) if (part.numeral !== undefined) taken.add(part.numeral)
  const smallest = Math.min(...taken)
  const series = Number.isFinite(smallest) ? Math.max(100, Math.floor(smallest / 100) * 100) : 100
  const numerals = new Map<string, number>()
  // A method's x00 names the method itself, which is not drawn: its steps start at x02.
  let next = spec.kind === 'method' ? series + 2 : series
  for (const part of spec.parts) {
    if (part.shape === 'terminal') continue
    if (part.numeral !== undefined) {
      numerals.set(part.id, part.numeral)
      continue
    }
    while (taken.has(next)) next += 2
    numerals.set(part.id, next)
    taken.add(next)
    next += 2
  }
  return numerals
}

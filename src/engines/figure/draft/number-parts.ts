/**
 * Reference numerals for a labeled figure (37 CFR 1.84(p)), by the drafting convention:
 *   - numerals the prompt (or the sent figure) gives are kept exactly as written;
 *   - when it numbers any part or step, nothing is invented: the others are drawn without one
 *     and a warning names them;
 *   - when it numbers only the whole ("a method 200"), the parts take that series: 202, 204, ...;
 *   - when it numbers nothing, the whole is 100 and its parts 102, 104, ...;
 *   - a container's parts take its own series (a server 110: its processor 112, its memory 114),
 *     and the next part after it the next ten (120).
 * START and END are never numbered.
 */

import type { Figure, FigureElement } from '../figure'

export interface Numbering {
  /** Numeral per element id, in figure order. */
  byId: Map<string, string>
  /** The whole's numeral (drawn with an arrow pointing at the figure), when it has one. */
  whole?: string
  /** Parts left unnumbered because the prompt numbers others. */
  warnings: string[]
}

/** Numerals for `figure` (see the module header). */
export function numberParts(figure: Figure): Numbering {
  const byId = new Map<string, string>()
  const numbered = figure.elements.filter((e) => e.kind !== 'terminal')
  const given = numbered.filter((e) => e.numeral !== undefined)
  if (given.length > 0) {
    for (const e of given) byId.set(e.id, e.numeral!)
    // A flowchart's questions are often written as conditions ("If the items are in stock"),
    // never numbered: drawn without a numeral, as drafters do, and not worth a warning.
    const bare = numbered.filter((e) => e.numeral === undefined && e.kind !== 'decision')
    const warnings =
      bare.length === 0
        ? []
        : [
            `The prompt numbers its parts but not ${bare.map((e) => e.label).join(', ')}; ${bare.length === 1 ? 'it is' : 'they are'} drawn without a numeral rather than with one it did not write`,
          ]
    return { byId, ...(figure.numeral ? { whole: figure.numeral } : {}), warnings }
  }
  const whole = figure.numeral ?? (figure.title !== undefined ? '100' : undefined)
  const series = whole !== undefined && /^\d+$/.test(whole) ? Number(whole) : 100
  const taken = new Set<number>(whole !== undefined ? [series] : [])
  const children = new Map<string | undefined, FigureElement[]>()
  for (const e of numbered) {
    const list = children.get(e.parent) ?? []
    list.push(e)
    children.set(e.parent, list)
  }
  let next = whole !== undefined ? series + 2 : series
  const take = (value: number): number => {
    let v = value
    while (taken.has(v)) v += 2
    taken.add(v)
    return v
  }
  const visit = (list: readonly FigureElement[], top: boolean) => {
    for (const e of list) {
      const inside = children.get(e.id) ?? []
      // A container with parts inside starts a series of its own (110: 112, 114, ...), unless it
      // is the whole figure's only root, which takes the first numeral.
      if (inside.length > 0 && !(top && list.length === 1 && next === series)) {
        next = Math.ceil(next / 10) * 10
      }
      const value = take(next)
      byId.set(e.id, String(value))
      next = value + 2
      if (inside.length > 0) {
        visit(inside, false)
        next = Math.ceil(next / 10) * 10
      }
    }
  }
  visit(children.get(undefined) ?? [], true)
  return { byId, ...(whole !== undefined ? { whole } : {}), warnings: [] }
}

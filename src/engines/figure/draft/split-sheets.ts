/**
 * A figure whose best single sheet prints its text under 0.32 cm, drafted across several sheets
 * instead (plan-sheets.ts says where it may be cut). How many: the single sheet's shortfall, plus
 * SHEET_OVERHEAD for what every sheet adds, is the first guess (a sheet prints 1 / n as large when
 * its long side is n times too long, which is how layered layouts grow: along the flow, or along
 * a wide layer). The reading units are cut into that many runs of balanced room and every run is
 * laid out, not yet numbered (the costly part). While a run prints too small, the sheets' own
 * shortfalls and room to spare are added up into the next guess (one sheet more at least) and
 * the cut is made again, at most MAX_SPLIT_ROUNDS times; once every run prints large enough the
 * sheets are numbered, and a sheet that numbering pushes under counts as short too.
 */

import type { Figure } from '../figure'
import type { FontMetrics } from '../font-metrics'
import {
  attempts,
  type DraftedSheet,
  draftSheet,
  layOutSheet,
  MIN_SCALE,
  printsLargeEnough,
  type SheetLayouts,
  type SheetOptions,
} from './draft-sheet'
import {
  cutRuns,
  openHeavyUnits,
  planSheets,
  type ReadingUnit,
  readingUnits,
  type SheetPlan,
  sheetLabel,
} from './plan-sheets'
import { sizeParts } from './size-parts'

/** Cuts tried before the last one is kept as it is (each lays out every sheet once). */
const MAX_SPLIT_ROUNDS = 4
/**
 * What each sheet of a split adds to the room the figure takes, as a share of a sheet: its
 * legend, its connectors, its share of a split container's frame, and the slack of cutting
 * between whole units. On the 40-part cap figures the first cuts came out 15-25 % short of their
 * single sheet's estimate; guessing the first cut 20 % larger saves a round of layouts there.
 */
const SHEET_OVERHEAD = 0.2
/** Most graphs one round lays out before its sheets get one kind of layout each. */
const MAX_ROUND_LAYOUTS = 9

/**
 * The sheets of `figure` (see the module header), given the scale its best single sheet prints
 * at. `options.label` is the figure's legend; the sheets get FIG. 5A, 5B, ...
 */
export async function draftAcrossSheets(
  figure: Figure,
  options: SheetOptions,
  singleScale: number,
): Promise<DraftedSheet[]> {
  const weightOf = roomOf(figure, options.metrics)
  const units = readingUnits(figure, weightOf)
  const total = units.reduce((sum, u) => sum + u.weight, 0)
  let count = Math.max(2, Math.ceil((1 + SHEET_OVERHEAD) * (MIN_SCALE / singleScale) - 0.02))
  let last: {
    plans: SheetPlan[]
    laid: SheetLayouts[]
    optionsOf: (i: number) => SheetOptions
  } | null = null
  for (let round = 0; round < MAX_SPLIT_ROUNDS; round++) {
    const opened = openHeavyUnits(figure, units, total / count, weightOf)
    count = Math.min(count, opened.length)
    const runs = cutRuns(figure, opened, count)
    const plans = planSheets(figure, runs)
    // Every kind of layout on each of a few sheets; on many, only the kind that printed the
    // whole figure largest, so a round lays out at most MAX_ROUND_LAYOUTS graphs (or one a sheet).
    const kinds = attempts(figure, options.large).tight.length
    const one = plans.length * kinds > MAX_ROUND_LAYOUTS
    const optionsOf = (i: number) => sheetOptions(options, i, plans.length, one)
    const laid: SheetLayouts[] = []
    for (const [i, plan] of plans.entries()) laid.push(await layOutSheet(plan, optionsOf(i)))
    last = { plans, laid, optionsOf }
    // Sheets the figure needs, by each sheet's own shortfall or room to spare: a cut that
    // shares the units out again shares those too.
    const needs = laid.map((l) => MIN_SCALE / l.fill)
    if (laid.every((l) => printsLargeEnough(l.scale))) {
      const sheets: DraftedSheet[] = []
      for (const [i, plan] of plans.entries()) {
        sheets.push(await draftSheet(plan, optionsOf(i), laid[i]))
      }
      if (sheets.every((s) => printsLargeEnough(s.scale))) return sheets
      // Numbered, a sheet printing too small needs as much more room as its numerals took.
      for (const [i, s] of sheets.entries()) needs[i] = Math.max(needs[i]!, MIN_SCALE / s.scale)
    }
    // A run of one unit that cannot be opened (one element, or a part with nothing inside) stays
    // one sheet however small it prints.
    const single = (run: ReadingUnit[]) =>
      run.length === 1 && !figure.elements.some((e) => e.parent === run[0]!.ids[0])
    const wanted = Math.max(
      count + 1,
      Math.ceil(needs.reduce((sum, need, i) => sum + (single(runs[i]!) ? 1 : need), 0) - 0.02),
    )
    // Every unit alone on its sheet already, or no run that can still be cut prints too small.
    if (count === opened.length || runs.every((run, i) => single(run) || needs[i]! <= 1)) break
    count = wanted
  }
  // Out of rounds: the last cut, numbered, with what still prints too small said in warnings.
  const { plans, laid, optionsOf } = last!
  const sheets: DraftedSheet[] = []
  for (const [i, plan] of plans.entries())
    sheets.push(await draftSheet(plan, optionsOf(i), laid[i]))
  return sheets
}

function sheetOptions(
  options: SheetOptions,
  index: number,
  count: number,
  oneKind: boolean,
): SheetOptions {
  const { whole, attempt, ...rest } = options
  return {
    ...rest,
    ...(oneKind && attempt !== undefined ? { attempt } : {}),
    label: sheetLabel(options.label, index, count),
    // The whole's numeral is drawn once, on the first sheet.
    ...(index === 0 && whole !== undefined ? { whole } : {}),
  }
}

/**
 * The room one element takes in a layout, px²: its shape with the spacing around it (a
 * container: its title band), as the first tight layout would size it.
 */
function roomOf(figure: Figure, metrics: FontMetrics): (id: string) => number {
  const [first] = attempts(figure).tight
  const sized = sizeParts(figure, metrics, first!.wrap)
  const { node, layer } = first!.layout.spacing
  return (id) => {
    const s = sized.get(id)!
    if (s.container) return (s.textWidth + 2 * node) * (s.titleHeight + layer)
    return (s.width + node) * (s.height + layer)
  }
}

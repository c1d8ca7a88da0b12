/**
 * A figure whose best single sheet prints its text under 0.32 cm, drafted across several sheets
 * instead (plan-sheets.ts says where it may be cut). How many: the single sheet's shortfall gives
 * the first guess (a sheet prints 1 / n as large when its long side is n times too long, which is
 * how layered layouts grow: along the flow, or along a wide layer); the reading units are cut into
 * that many runs of balanced room, and every run is laid out (not yet numbered, the costly
 * part). A run that still prints too small asks for as many more sheets as its own shortfall
 * says, and the cut is made again, at most MAX_SPLIT_ROUNDS times; only when every run prints
 * large enough are the sheets numbered, and one that numbering pushes under asks for one more.
 */

import { FONT_PX, MIN_TEXT_HEIGHT_PX, CAP_HEIGHT_EM } from '../sheet'
import type { Figure } from '../figure'
import {
  type DraftedSheet,
  draftSheet,
  attempts,
  layOutSheet,
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
import type { FontMetrics } from '../font-metrics'

/** Cuts tried before the last one is kept as it is (each lays out every sheet once). */
const MAX_SPLIT_ROUNDS = 4

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
  let count = Math.max(2, piecesFor(singleScale))
  let last: { plans: SheetPlan[]; laid: SheetLayouts[] } | null = null
  for (let round = 0; round < MAX_SPLIT_ROUNDS; round++) {
    const opened = openHeavyUnits(figure, units, total / count, weightOf)
    count = Math.min(count, opened.length)
    const runs = cutRuns(figure, opened, count)
    const plans = planSheets(figure, runs)
    const laid: SheetLayouts[] = []
    for (const [i, plan] of plans.entries()) {
      laid.push(await layOutSheet(plan, sheetOptions(options, i, plans.length)))
    }
    last = { plans, laid }
    let wanted = 0
    if (laid.every((l) => printsLargeEnough(l.scale))) {
      const sheets: DraftedSheet[] = []
      for (const [i, plan] of plans.entries()) {
        sheets.push(await draftSheet(plan, sheetOptions(options, i, plans.length), laid[i]))
      }
      if (sheets.every((s) => printsLargeEnough(s.scale))) return sheets
      wanted = sheets.reduce((n, s) => n + (printsLargeEnough(s.scale) ? 1 : 2), 0)
    } else {
      // A run of one unit that cannot be opened (one element, or a part with nothing inside)
      // stays one sheet however small it prints.
      const whole = (run: ReadingUnit[]) =>
        run.length === 1 && !figure.elements.some((e) => e.parent === run[0]!.ids[0])
      wanted = laid.reduce(
        (n, l, i) => n + (printsLargeEnough(l.scale) || whole(runs[i]!) ? 1 : piecesFor(l.scale)),
        0,
      )
    }
    // Every unit alone on its sheet already, or no run that can still be cut prints too small.
    if (count === opened.length || wanted <= count) break
    count = wanted
  }
  // Out of rounds: the last cut, numbered, with what still prints too small said in warnings.
  const { plans, laid } = last!
  const sheets: DraftedSheet[] = []
  for (const [i, plan] of plans.entries()) {
    sheets.push(await draftSheet(plan, sheetOptions(options, i, plans.length), laid[i]))
  }
  return sheets
}

/** How many sheets a sheet printing at `scale` becomes to print its labels large enough. */
function piecesFor(scale: number): number {
  const labelPx = CAP_HEIGHT_EM * FONT_PX * scale
  return Math.max(1, Math.ceil(MIN_TEXT_HEIGHT_PX / labelPx - 0.01))
}

function sheetOptions(options: SheetOptions, index: number, count: number): SheetOptions {
  const { whole, ...rest } = options
  return {
    ...rest,
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

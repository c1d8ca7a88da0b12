/**
 * A figure whose best single sheet prints its text under 0.32 cm, drafted across several sheets
 * instead (plan-sheets.ts says where it may be cut). How many: the single sheet's shortfall, plus
 * SHEET_OVERHEAD for what every sheet adds, is the first guess (a sheet prints 1 / n as large when
 * its long side is n times too long, which is how layered layouts grow: along the flow, or along
 * a wide layer). The reading units are cut into that many runs of balanced room and every run is
 * laid out, not yet numbered (the costly part). While a run prints too small, each run's units
 * are weighed again by how much room the run really took, and every stretch of runs around one
 * too small is cut again into as many sheets as their shortfalls and room to spare add up to (one
 * more at least), at most MAX_SPLIT_ROUNDS times; runs away from any too small keep their cut and
 * their layouts. Once every run prints large enough the sheets are numbered, and a sheet that
 * numbering pushes under counts as too small as well.
 */

import type { Figure } from '../figure'
import type { FontMetrics } from '../font-metrics'
import {
  attempts,
  type DraftedSheet,
  draftSheet,
  layOutSheet,
  layoutKey,
  MIN_SCALE,
  mergeLayouts,
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

/** Cuts tried before the last one is kept as it is. */
const MAX_SPLIT_ROUNDS = 5
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
 * What a sheet whose numerals did not all find a place is taken to need, beyond a sheet: enough
 * to cut it again (with a neighbour, into one sheet more).
 */
const NUMERAL_ROOM = 0.1
/** How far one round may re-weigh a unit: a run is mis-weighed by its shape, not by tenfold. */
const MAX_REWEIGHT = 3

/**
 * The sheets of `figure` (see the module header), given the scale its best single sheet prints
 * at and the attempt that printed it. `options.label` is the figure's legend; the sheets get
 * FIG. 5A, 5B, ...
 */
export async function draftAcrossSheets(
  figure: Figure,
  options: SheetOptions,
  single: { scale: number; kind: number },
): Promise<DraftedSheet[]> {
  const room = roomOf(figure, options.metrics)
  // Each element's room times what the runs it was cut into showed about it.
  const reweighed = new Map<string, number>()
  const weightOf = (id: string) => room(id) * (reweighed.get(id) ?? 1)
  const weigh = (unit: ReadingUnit) => ({
    ...unit,
    weight: unit.ids.reduce((sum, id) => sum + weightOf(id), 0),
  })
  const kinds = attempts(figure, options.large).tight.length
  // A sheet whose share of the figure a later cut leaves as it was keeps its layouts.
  const cache = new Map<string, SheetLayouts>()
  const layOut = async (plan: SheetPlan, sheetOptions: SheetOptions, oneKind: boolean) => {
    const key = layoutKey(plan, sheetOptions)
    let sheet = cache.get(key)
    if (!sheet) {
      sheet = await layOutSheet(plan, sheetOptions)
      // One kind of layout is the rule for many sheets; the others for one it prints too small.
      if (oneKind && !printsLargeEnough(sheet.scale) && kinds > 1) {
        const others = [...Array(kinds).keys()].filter((k) => k !== single.kind)
        sheet = mergeLayouts(sheet, await layOutSheet(plan, { ...sheetOptions, kinds: others }))
      }
      cache.set(key, sheet)
    }
    return sheet
  }
  // A run of one unit that cannot be opened (one element, or a part with nothing inside) stays
  // one sheet however small it prints.
  const whole = (run: ReadingUnit[]) =>
    run.length === 1 && !figure.elements.some((e) => e.parent === run[0]!.ids[0])

  // A sheet whose cut a later round leaves as it was keeps its numbering too.
  const drafted = new Map<string, DraftedSheet>()
  const draft = async (plan: SheetPlan, sheetOptions: SheetOptions, laid: SheetLayouts) => {
    const { figure: part, groups } = plan
    const key = JSON.stringify([
      layoutKey(plan, sheetOptions),
      [...plan.connectors],
      part.elements.map((e) => groups.part(e.id)),
      part.connections.map((_, i) => groups.link(i)),
      sheetOptions.label,
      sheetOptions.whole ?? '',
    ])
    let sheet = drafted.get(key)
    if (!sheet) {
      sheet = await draftSheet(plan, sheetOptions, laid)
      drafted.set(key, sheet)
    }
    return sheet
  }
  let best: { sheets: DraftedSheet[]; misses: number } | null = null
  const count = Math.max(2, Math.ceil((1 + SHEET_OVERHEAD) * (MIN_SCALE / single.scale) - 0.02))
  let runs: ReadingUnit[][] = []
  let needs: number[] = []
  let last: { plans: SheetPlan[]; laid: SheetLayouts[]; options: SheetOptions[] } | null = null
  for (let round = 0; round < MAX_SPLIT_ROUNDS; round++) {
    if (round === 0) {
      const units = readingUnits(figure, weightOf)
      const total = units.reduce((sum, u) => sum + u.weight, 0)
      const opened = openHeavyUnits(figure, units, total / count, weightOf)
      runs = cutRuns(figure, opened, Math.min(count, opened.length))
    } else {
      // Each stretch of runs around those too small is cut again into as many sheets as its
      // runs' shortfalls and room to spare add up to (one more at least); runs away from any
      // that is too small stay as they are, and keep their layouts.
      const short = runs.map((run, i) => needs[i]! > 1 && !whole(run))
      const near = (i: number) => short[i - 1] || short[i] || short[i + 1]
      const next: ReadingUnit[][] = []
      for (let i = 0; i < runs.length; ) {
        if (!near(i)) next.push(runs[i++]!)
        let end = i
        while (end < runs.length && near(end)) end++
        if (end === i) continue
        const units = runs.slice(i, end).flat().map(weigh)
        const need = needs.slice(i, end).reduce((sum, n) => sum + n, 0)
        const pieces = Math.max(end - i + 1, Math.ceil(need - 0.02))
        const weight = units.reduce((sum, u) => sum + u.weight, 0)
        const opened = openHeavyUnits(figure, units, weight / pieces, weightOf)
        next.push(...cutRuns(figure, opened, Math.min(pieces, opened.length)))
        i = end
      }
      runs = next
    }
    const plans = planSheets(figure, runs)
    // Every kind of layout on each of a few sheets; on many, the kind that printed the whole
    // figure largest.
    const oneKind = plans.length * kinds > MAX_ROUND_LAYOUTS
    const sheetOptions = plans.map((_, i) =>
      sheetOptionsOf(options, i, plans.length, oneKind ? [single.kind] : undefined),
    )
    const laid: SheetLayouts[] = []
    for (const [i, plan] of plans.entries())
      laid.push(await layOut(plan, sheetOptions[i]!, oneKind))
    last = { plans, laid, options: sheetOptions }
    // Sheets the figure needs, by each sheet's own shortfall or room to spare: a cut that
    // shares the units out again shares those too.
    needs = laid.map((l) => MIN_SCALE / l.fill)
    if (laid.every((l) => printsLargeEnough(l.scale))) {
      const sheets: DraftedSheet[] = []
      for (const [i, plan] of plans.entries()) {
        sheets.push(await draft(plan, sheetOptions[i]!, laid[i]!))
      }
      if (sheets.every((s) => printsLargeEnough(s.scale))) {
        const misses = sheets.reduce((sum, s) => sum + missesOf(s), 0)
        if (!best || misses < best.misses) best = { sheets, misses }
        if (misses === 0) return sheets
        // A sheet whose numerals found no place beside their parts is cut again, as one too
        // small is: numerals are what a labeled figure is drawn for.
        for (const [i, s] of sheets.entries()) {
          if (missesOf(s) > 0) needs[i] = Math.max(needs[i]!, 1 + NUMERAL_ROOM)
        }
      } else {
        // Numbered, a sheet printing too small needs as much more room as its numerals took.
        for (const [i, s] of sheets.entries()) needs[i] = Math.max(needs[i]!, MIN_SCALE / s.scale)
      }
    }
    if (runs.every((run, i) => whole(run) || needs[i]! <= 1)) break
    reweigh(runs, needs, reweighed)
  }
  // Out of rounds: the cut with fewest numerals left out of those that print large enough, else
  // the last cut, numbered, with what still prints too small said in warnings.
  if (best) return best.sheets
  const { plans, laid, options: sheetOptions } = last!
  const sheets: DraftedSheet[] = []
  for (const [i, plan] of plans.entries()) {
    sheets.push(await draft(plan, sheetOptions[i]!, laid[i]!))
  }
  return sheets
}

/** Numerals a drafted sheet found no place for, the whole's among them. */
const missesOf = (sheet: DraftedSheet) => sheet.failed.length + (sheet.wholeFailed ? 1 : 0)

/**
 * Weighs every run's units again by the room the run really took: a run that needed twice its
 * share of a sheet (a wide decision loop, a hub with many connectors) had units twice as heavy as
 * their shapes said, and the next cut should know it.
 */
function reweigh(runs: ReadingUnit[][], needs: number[], reweighed: Map<string, number>): void {
  const weights = runs.map((run) => run.reduce((sum, u) => sum + u.weight, 0))
  const need = needs.reduce((sum, n) => sum + n, 0)
  // Room one sheet holds, on average over the runs.
  const sheet = weights.reduce((sum, w) => sum + w, 0) / need
  for (const [i, run] of runs.entries()) {
    const factor = Math.min(
      MAX_REWEIGHT,
      Math.max(1 / MAX_REWEIGHT, (needs[i]! * sheet) / weights[i]!),
    )
    for (const unit of run) {
      for (const id of unit.ids) reweighed.set(id, (reweighed.get(id) ?? 1) * factor)
    }
  }
}

function sheetOptionsOf(
  options: SheetOptions,
  index: number,
  count: number,
  kinds: number[] | undefined,
): SheetOptions {
  const { whole, ...rest } = options
  return {
    ...rest,
    ...(kinds ? { kinds } : {}),
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

/**
 * The drafter: a Figure → a patent-style block diagram or flowchart on one sheet or more, each a
 * Scene in sheet units. Stages, in order:
 *   0. number-parts (labeled figures), and plan-sheets + split-sheets when the figure cannot
 *      print its text at 0.32 cm on one sheet (37 CFR 1.84(p)(3)): it continues on FIG. nA, nB,
 *      ... joined by off-page connectors;
 *   1. size-parts: labels wrapped with the font's real widths, shapes sized around them;
 *   2. layout-graph: ELK places the parts (containers around their children) and routes links;
 *   3. draw-parts: outlines, connectors, arrowheads, labels, YES/NO and signal names set where
 *      they touch nothing (a name that finds no place sends its sheet back to stage 2 once, with
 *      room kept for it);
 *   4. place-numerals (labeled figures): numerals and lead lines in free space, and the whole's
 *      numeral with a freestanding arrow on the first sheet;
 *   5. add-legend and fit-sheet: "FIG. n" under the drawing, margins, and the scale of the 2048 px
 *      render.
 * Numbering comes first because every sheet draws the same numerals; the split comes before
 * drafting the sheets because what fits is known only from laid-out sheets (draft-sheet.ts).
 */

import type { ObjectScene } from '../../object/object-scene'
import type { Figure } from '../figure'
import type { FontMetrics } from '../font-metrics'
import { type Scene, WHOLE_GROUP } from '../scene'
import { CAP_HEIGHT_EM, FONT_PX, MIN_TEXT_HEIGHT_PX, SHEET_DPI } from '../sheet'
import {
  type DraftedSheet,
  draftSheet,
  LARGE_FIGURE_PARTS,
  layOutSheet,
  printsLargeEnough,
  type SheetOptions,
} from './draft-sheet'
import { type Numbering, numberParts } from './number-parts'
import { wholeSheet } from './plan-sheets'
import { draftAcrossSheets } from './split-sheets'

export interface DraftOptions {
  labeled: boolean
  metrics: FontMetrics
}

/** One reference numeral and the part it names, for the drafter's specification text. */
export interface FigureReference {
  numeral: string
  label: string
}

/** One sheet of the figure. */
export interface FigureSheet {
  scene: Scene
  /** Its legend: the figure's "FIG. n", or "FIG. nA", "FIG. nB", ... when it takes several. */
  label: string
  /** Render px per sheet unit at the 2048 px long edge. */
  scale: number
}

export interface DraftedFigure {
  /** At least one; in reading order. */
  sheets: FigureSheet[]
  /**
   * Exactly the numerals drawn, each once: the whole's first (labelled with the figure's title,
   * or its legend), then the elements' in figure order.
   */
  references: FigureReference[]
  /** The numeral drawn for each element, by id (elements drawn without one are absent). */
  numerals: Map<string, string>
  /** The whole's numeral, when it was drawn. */
  whole?: string
  /** Printed cap height of labels and of numerals, cm at 300 DPI: the smallest over sheets. */
  labelHeightCm: number
  numeralHeightCm: number
  /** What the drafter could not do, and the numbering's remarks, in words (empty when none). */
  warnings: string[]
  /** Objects: the scene as drawn, with the viewpoint the drafter chose for its perspective. */
  scene?: ObjectScene
}

const CM_PER_PX = 2.54 / SHEET_DPI

/** Drafts `figure` (see the module header); deterministic. */
export async function draftFigure(figure: Figure, options: DraftOptions): Promise<DraftedFigure> {
  const { labeled, metrics } = options
  const numbering: Numbering = labeled ? numberParts(figure) : { byId: new Map(), warnings: [] }
  const sheetOptions: SheetOptions = {
    metrics,
    numerals: numbering.byId,
    label: figure.label,
    large: figure.elements.length > LARGE_FIGURE_PARTS,
    ...(numbering.whole !== undefined ? { whole: numbering.whole } : {}),
  }
  // One sheet when it prints large enough: first without numerals (cheap), then numbered.
  const plan = wholeSheet(figure)
  const laid = await layOutSheet(plan, sheetOptions)
  let scale = laid.scale
  let sheets: DraftedSheet[] | null = null
  if (printsLargeEnough(laid.scale)) {
    const sheet = await draftSheet(plan, sheetOptions, laid)
    if (printsLargeEnough(sheet.scale)) sheets = [sheet]
    scale = Math.min(scale, sheet.scale)
  }
  sheets ??= await draftAcrossSheets(figure, sheetOptions, { scale, kind: laid.best })
  return assemble(figure, sheets, numbering.warnings)
}

/** The figure's result from its drafted sheets. */
function assemble(figure: Figure, sheets: DraftedSheet[], numbering: string[]): DraftedFigure {
  const drawn = new Map<string, string>()
  let whole: string | undefined
  for (const sheet of sheets) {
    for (const lead of sheet.scene.leads) {
      if (lead.group === WHOLE_GROUP) whole = lead.numeral
      else drawn.set(lead.partId, lead.numeral)
    }
  }
  const numerals = new Map<string, string>()
  const references: FigureReference[] = []
  if (whole !== undefined) references.push({ numeral: whole, label: figure.title ?? figure.label })
  for (const element of figure.elements) {
    const numeral = drawn.get(element.id)
    if (numeral === undefined) continue
    numerals.set(element.id, numeral)
    references.push({ numeral, label: element.label })
  }
  const labelPx = Math.min(...sheets.map((s) => CAP_HEIGHT_EM * FONT_PX * s.scale))
  const numeralPx = Math.min(...sheets.map((s) => s.numeralPx))
  return {
    sheets: sheets.map(({ scene, label, scale }) => ({ scene, label, scale })),
    references,
    numerals,
    ...(whole !== undefined ? { whole } : {}),
    labelHeightCm: labelPx * CM_PER_PX,
    numeralHeightCm: numeralPx * CM_PER_PX,
    warnings: [...numbering, ...warningsFor(figure, sheets, drawn)],
  }
}

/** What the sheets could not do, in words. */
function warningsFor(
  figure: Figure,
  sheets: DraftedSheet[],
  drawn: ReadonlyMap<string, string>,
): string[] {
  const warnings: string[] = []
  for (const sheet of sheets) {
    const labelPx = CAP_HEIGHT_EM * FONT_PX * sheet.scale
    if (labelPx < MIN_TEXT_HEIGHT_PX) {
      warnings.push(
        `Labels on ${sheet.label} print ${(Math.floor(labelPx * CM_PER_PX * 100) / 100).toFixed(2)} cm high, under the 0.32 cm of 37 CFR 1.84(p)(3): shorten its labels or split the figure where it reads more simply`,
      )
    }
  }
  // A container drawn on several sheets is numbered when any of them found its numeral a place.
  const failed = figure.elements.filter(
    (e) => !drawn.has(e.id) && sheets.some((s) => s.failed.includes(e.id)),
  )
  if (failed.length > 0) {
    const names = failed.map((e) => e.label).join(', ')
    warnings.push(
      `${failed.length === 1 ? 'A numeral' : `${failed.length} numerals`} found no free place beside ${failed.length === 1 ? 'its part' : 'their parts'} and ${failed.length === 1 ? 'is' : 'are'} not drawn: ${names}`,
    )
  }
  // A name left out on one sheet is said once, however many sheets leave it out.
  const unnamed = new Set<string>()
  for (const sheet of sheets) {
    for (const { label, from, to } of sheet.unnamed) {
      unnamed.add(`"${label}" (${from} to ${to})`)
    }
  }
  if (unnamed.size > 0) {
    const names = [...unnamed].join(', ')
    warnings.push(
      unnamed.size === 1
        ? `A link's name found no free place beside its line and is not drawn: ${names}`
        : `${unnamed.size} links' names found no free place beside their lines and are not drawn: ${names}`,
    )
  }
  if (sheets[0]!.wholeFailed) {
    warnings.push(
      "The whole figure's numeral found no free place near the drawing and is not drawn",
    )
  }
  return warnings
}

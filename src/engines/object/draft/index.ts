/**
 * The object drafter: an object figure (its elements and its 3D scene) → a patent drawing on one
 * sheet, every view of the same scene. Stages, in order:
 *   1. number-parts (labeled figures): the prompt's numerals, or the drafting convention's;
 *   2. viewpoint: a lone perspective is seen from where most numbered elements show;
 *   3. draw-views: each view projected with hidden lines removed, exploded views slid apart, all
 *      at one scale in a grid, each under its "FIG. n" legend; lines that would print closer
 *      than the pen inked as one (merge-lines);
 *   4. number-views: numerals with leads ending on the visible surface of their parts, or on
 *      the dashed outline of a part no view shows (drawn so in the first view, as patent
 *      drawings show hidden parts);
 *   5. fit-sheet: margins and the 2048 px scale; text is sized beforehand so it prints at least
 *      0.32 cm (37 CFR 1.84(p)(3)), and re-set once if the numerals grew the sheet.
 */

import type { DraftedFigure, DraftOptions, FigureReference } from '../../figure/draft'
import { numberParts } from '../../figure/draft/number-parts'
import type { Figure } from '../../figure/figure'
import { fitSheet } from '../../figure/fit-sheet'
import { WHOLE_GROUP } from '../../figure/scene'
import {
  CAP_HEIGHT_EM,
  FONT_PX,
  MARGIN_PX,
  MIN_TEXT_HEIGHT_PX,
  SHEET_DPI,
  SHEET_LONG_EDGE_PX,
} from '../../figure/sheet'
import { prepareScene } from '../geometry'
import type { ObjectPart } from '../object-scene'
import { drawViews, LEGEND_PX, layoutExtent } from './draw-views'
import { numberViews } from './number-views'
import { withViewpoint } from './viewpoint'

const CM_PER_PX = 2.54 / SHEET_DPI
/** Room numerals and leads add around the views, units (their size grows the sheet). */
const NUMERAL_ROOM = 4

/** Drafts an object figure (see the module header); deterministic. */
export async function draftObject(figure: Figure, options: DraftOptions): Promise<DraftedFigure> {
  const sent = figure.scene
  if (!sent) throw new Error('draftObject: an object figure without its scene')
  const { labeled, metrics } = options
  // The viewpoint follows the numerals labeled or not: both drawings of a figure look alike.
  const numbers = numberParts(figure)
  const numbering = labeled ? numbers : { byId: new Map<string, string>(), warnings: [] }
  const elementOf = (part: ObjectPart) => part.element ?? part.id
  // An assembly's numeral leads to one of its members: a part whose element it holds.
  const parentOf = new Map(figure.elements.map((e) => [e.id, e.parent]))
  const drawsFor = (own: string, element: string) => {
    for (let at: string | undefined = own; at !== undefined; at = parentOf.get(at)) {
      if (at === element) return true
    }
    return false
  }
  const prepared = prepareScene(sent)
  const scene = withViewpoint(sent, prepared, [...numbers.byId.keys()], drawsFor, elementOf)
  const warnings = [...numbering.warnings]
  // Labeled or not, a numbered part no view shows is drawn dashed: both drawings look alike.
  const numbered = new Map(
    [...numbers.byId.keys()].map((element) => [
      element,
      scene.parts.filter((p) => drawsFor(elementOf(p), element)).map((p) => p.id),
    ]),
  )
  // Text sized for the scale the layout will print at; once more if the numerals grew it.
  let factor = 1
  for (let round = 0; ; round++) {
    const extent = layoutExtent(scene.views.length, LEGEND_PX * factor) + NUMERAL_ROOM * FONT_PX
    const expected = Math.min(1, (SHEET_LONG_EDGE_PX - 2 * MARGIN_PX) / extent)
    const size =
      Math.max(FONT_PX, Math.ceil((MIN_TEXT_HEIGHT_PX + 0.5) / (CAP_HEIGHT_EM * expected))) * factor
    const legendSize = Math.round(1.3 * size)
    const drawn = drawViews(
      scene,
      elementOf,
      figure.label,
      { metrics, legendSize },
      prepared,
      numbered,
    )
    const { failed, hidden } = labeled
      ? numberViews(
          drawn.scene,
          drawsFor,
          drawn.views,
          scene.parts,
          elementOf,
          numbering.byId,
          numbering.whole,
          { size, metrics },
          drawn.dashed,
        )
      : { failed: [], hidden: [] }
    const scale = fitSheet(drawn.scene)
    const printed = CAP_HEIGHT_EM * size * scale
    if (printed < MIN_TEXT_HEIGHT_PX && round === 0) {
      factor *= (MIN_TEXT_HEIGHT_PX + 0.5) / printed
      continue
    }
    const names = new Map(figure.elements.map((e) => [e.id, e.label]))
    if (hidden.length > 0) {
      // A numeral with nothing to point at (not even hidden lines) is named, never silently left
      // out.
      warnings.push(
        `${hidden.map((id) => names.get(id) ?? id).join(', ')} ${hidden.length > 1 ? 'are' : 'is'} hidden behind or inside other parts in every view drawn, so ${hidden.length > 1 ? 'their numerals are' : 'its numeral is'} not drawn; ask for a view that shows ${hidden.length > 1 ? 'them' : 'it'}`,
      )
    }
    if (failed.length > 0) {
      warnings.push(
        `No free place was found for the numerals of ${failed.map((id) => names.get(id) ?? id).join(', ')}; they are not drawn`,
      )
    }
    if (printed < MIN_TEXT_HEIGHT_PX) {
      warnings.push(`Text prints ${(printed * CM_PER_PX).toFixed(2)} cm high, under 0.32 cm`)
    }
    return { ...assemble(figure, drawn.scene, scale, size, warnings), scene }
  }
}

/** The drafted figure from its one sheet: references are the numerals the sheet draws. */
function assemble(
  figure: Figure,
  scene: DraftedFigure['sheets'][number]['scene'],
  scale: number,
  size: number,
  warnings: string[],
): DraftedFigure {
  const numerals = new Map<string, string>()
  let whole: string | undefined
  for (const lead of scene.leads) {
    if (lead.group === WHOLE_GROUP) whole = lead.numeral
    else numerals.set(lead.partId, lead.numeral)
  }
  const references: FigureReference[] = []
  if (whole !== undefined) references.push({ numeral: whole, label: figure.title ?? figure.label })
  for (const element of figure.elements) {
    const numeral = numerals.get(element.id)
    if (numeral !== undefined) references.push({ numeral, label: element.label })
  }
  const views = figure.scene?.views.length ?? 1
  const sheetLabel =
    views > 1
      ? `FIGS. ${figure.label.slice(5)}-${Number.parseInt(figure.label.slice(5), 10) + views - 1}`
      : figure.label
  const textPx = CAP_HEIGHT_EM * size * scale
  return {
    sheets: [{ scene, label: sheetLabel, scale }],
    references,
    numerals,
    ...(whole !== undefined ? { whole } : {}),
    labelHeightCm: textPx * CM_PER_PX,
    numeralHeightCm: textPx * CM_PER_PX,
    warnings,
  }
}

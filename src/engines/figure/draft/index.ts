/**
 * The drafter: a figure spec → a patent-style block diagram or flowchart, as a Scene in sheet
 * units. Stages, in order:
 *   1. size-parts: labels wrapped with the font's real widths, shapes sized around them;
 *   2. layout-graph: ELK places the parts (containers around their children) and routes links;
 *   3. draw-parts: outlines, connectors, arrowheads, labels, YES/NO;
 *   4. number-parts + place-numerals (labeled figures): numerals and lead lines in free space;
 *   5. fit-sheet: margins, and the scale the 2048 px render will have.
 * Several layouts are tried (direction, wrap width, spacing) and the one that prints largest
 * wins, because text must be ≥ 0.32 cm high once the figure is scaled onto the sheet; numerals are
 * re-set at a larger size when the figure has to shrink, so they never print under 0.32 cm.
 */

import { fitSheet } from '../fit-sheet'
import type { FontMetrics } from '../font-metrics'
import { type NumeralTarget, placeNumerals, polygonTarget } from '../place-numerals'
import type { Rect, Scene } from '../scene'
import { CAP_HEIGHT_EM, FONT_PX, LINE_HEIGHT_PX, MIN_TEXT_HEIGHT_PX, SHEET_DPI } from '../sheet'
import type { Figure } from '../figure'
import { wrapText } from '../wrap-text'
import { drawParts, shapePolygon, titleBlocked } from './draw-parts'
import { type GraphLayout, type LayoutOptions, layoutGraph, TITLE_SIDES } from './layout-graph'
import { numberParts } from './number-parts'
import { DEFAULT_WRAP, type SizedPart, sizeParts, type WrapWidths } from './size-parts'

export interface DraftOptions {
  labeled: boolean
  metrics: FontMetrics
}

/** One reference numeral and the part it names, for the drafter's specification text. */
export interface FigureReference {
  numeral: string
  label: string
}

export interface DraftedFigure {
  scene: Scene
  references: FigureReference[]
  /** Render px per sheet unit at the 2048 px long edge. */
  scale: number
  /** Printed cap height of labels and of numerals, cm (at 300 DPI). */
  labelHeightCm: number
  numeralHeightCm: number
  /** Rules the figure could not meet, in words (empty when none). */
  warnings: string[]
}

interface Attempt {
  wrap: WrapWidths
  layout: LayoutOptions
}

const CM_PER_PX = 2.54 / SHEET_DPI
/** Above this many parts only one layout of each kind is tried (see `attempts`). */
const LARGE_FIGURE_PARTS = 24
/** Numerals are set so their digits print at least this high, px (38 px = 0.32 cm, plus a bit). */
const NUMERAL_TARGET_PX = MIN_TEXT_HEIGHT_PX + 0.5

/** Drafts `spec` (see the module header). */
export async function draftFigure(spec: Figure, options: DraftOptions): Promise<DraftedFigure> {
  const { labeled, metrics } = options
  const numerals = labeled ? numberParts(spec).byId : new Map<string, string>()
  const { tight, roomy } = attempts(spec)
  let best: (DraftedFigure & { failed: number }) | null = null
  // Tight layouts first; roomier ones only when a numeral found no place in any of them (none
  // of the 40 gallery figures needed them: numerals fit beside the parts).
  for (const set of labeled ? [tight, roomy] : [tight]) {
    const drafted = await bestOf(spec, set, numerals, metrics)
    if (!best || drafted.failed < best.failed) best = drafted
    if (best.failed === 0) break
  }
  const { failed: _failed, ...figure } = best!
  const references = [...numerals].map(([id, numeral]) => ({
    numeral,
    label: spec.elements.find((p) => p.id === id)!.label,
  }))
  return { ...figure, references }
}

/**
 * Every layout of `set` first, scored by how large it prints without numerals (cheap); numerals,
 * the costly part, are then placed on the best ones in turn until one takes them all.
 */
async function bestOf(
  spec: Figure,
  set: Attempt[],
  numerals: Map<string, string>,
  metrics: FontMetrics,
): Promise<DraftedFigure & { failed: number }> {
  const labelSize = (label: string) => ({
    width: metrics.measure(label, FONT_PX) + 0.2 * FONT_PX,
    height: CAP_HEIGHT_EM * FONT_PX + 0.2 * FONT_PX,
  })
  const layouts: { layout: GraphLayout; scale: number; order: number }[] = []
  for (const [order, attempt] of set.entries()) {
    const sized = sizeParts(spec, metrics, attempt.wrap)
    let layout = await layoutGraph(spec, sized, attempt.layout, labelSize)
    // A container narrower than its title gets the title re-wrapped to its width, once.
    if (rewrapTitles(layout, sized, metrics)) {
      layout = await layoutGraph(spec, sized, attempt.layout, labelSize)
    }
    // A container whose title band links run through gets its title in a bottom band, once.
    let scene = drawParts(layout, metrics)
    if (moveBlockedTitles(layout, sized, scene)) {
      layout = await layoutGraph(spec, sized, attempt.layout, labelSize)
      scene = drawParts(layout, metrics)
    }
    layouts.push({ layout, scale: fitSheet(scene), order })
  }
  // Larger print first; within 2 %, the earlier attempt.
  layouts.sort((a, b) =>
    Math.abs(a.scale - b.scale) > 0.02 * Math.max(a.scale, b.scale)
      ? b.scale - a.scale
      : a.order - b.order,
  )
  let best: (DraftedFigure & { failed: number }) | null = null
  for (const { layout } of layouts) {
    const drafted = drawAndNumber(layout, numerals, metrics)
    if (!best || drafted.failed < best.failed) best = drafted
    if (best.failed === 0) break
  }
  return best!
}

/**
 * The layouts to try: tight spacing (numerals usually find room beside the parts anyway), and the
 * same roomier for labeled figures whose numerals did not all fit. Which tight ones: on the 40
 * gallery figures the winners were, for methods, a 12 or 17 em wrap with network-simplex
 * placement and a 17 em wrap with Brandes-Köpf (which keeps side branches off the main column);
 * for systems, top-down, left-right, and left-right with a narrow wrap.
 */
function attempts(spec: Figure): { tight: Attempt[]; roomy: Attempt[] } {
  const spacing = (node: number, layer: number, padding: number) => ({
    node: Math.round(node * FONT_PX),
    layer: Math.round(layer * FONT_PX),
    padding: Math.round(padding * FONT_PX),
  })
  const narrow = { ...DEFAULT_WRAP, box: 7, decision: 5.5 }
  const wide = { ...DEFAULT_WRAP, box: 12, decision: 8 }
  const wider = { ...DEFAULT_WRAP, box: 17, decision: 10 }
  const flow = spacing(0.9, 0.75, 0.6)
  const blocks = spacing(0.9, 1.1, 0.6)
  const tight: Attempt[] =
    spec.kind === 'flowchart'
      ? [
          { wrap: wide, layout: { direction: 'DOWN', spacing: flow } },
          { wrap: wider, layout: { direction: 'DOWN', spacing: flow } },
          { wrap: wider, layout: { direction: 'DOWN', spacing: flow, placement: 'BRANDES_KOEPF' } },
        ]
      : [
          { wrap: DEFAULT_WRAP, layout: { direction: 'DOWN', spacing: blocks } },
          { wrap: DEFAULT_WRAP, layout: { direction: 'RIGHT', spacing: blocks } },
          { wrap: narrow, layout: { direction: 'RIGHT', spacing: blocks } },
        ]
  const roomy = tight.map((a) => ({
    ...a,
    layout: { ...a.layout, spacing: spacing(1.9, 1.5, 1.5) },
  }))
  // A large figure gets one layout of each kind: ELK's work and the numeral search grow faster
  // than the parts, and at the 40-part cap three layouts cost seconds of CPU and tens of MB.
  if (spec.elements.length > LARGE_FIGURE_PARTS)
    return { tight: tight.slice(0, 1), roomy: roomy.slice(0, 1) }
  return { tight, roomy }
}

/** Stages 3-5 for one layout; numerals are re-set until they print at least 0.32 cm high. */
function drawAndNumber(
  layout: GraphLayout,
  numerals: Map<string, string>,
  metrics: FontMetrics,
): DraftedFigure & { failed: number } {
  let size = FONT_PX
  let result: (DraftedFigure & { failed: number }) | null = null
  for (let round = 0; round < 4; round++) {
    const scene = drawParts(layout, metrics)
    const { targets, solids } = numeralTargets(layout, numerals)
    const { failed } = placeNumerals(scene, targets, { size, metrics, area: null, solids })
    const scale = fitSheet(scene)
    const numeralPx = CAP_HEIGHT_EM * size * scale
    result = {
      scene,
      references: [],
      scale,
      labelHeightCm: CAP_HEIGHT_EM * FONT_PX * scale * CM_PER_PX,
      numeralHeightCm: numeralPx * CM_PER_PX,
      warnings: warningsFor(scale, failed.length),
      failed: failed.length,
    }
    if (numerals.size === 0 || numeralPx >= MIN_TEXT_HEIGHT_PX) break
    size = Math.ceil(NUMERAL_TARGET_PX / (CAP_HEIGHT_EM * scale))
  }
  return result!
}

function warningsFor(scale: number, failed: number): string[] {
  const warnings: string[] = []
  const labelPx = CAP_HEIGHT_EM * FONT_PX * scale
  if (labelPx < MIN_TEXT_HEIGHT_PX) {
    warnings.push(
      `Labels print ${(labelPx * CM_PER_PX).toFixed(2)} cm high, under the 0.32 cm of 37 CFR 1.84(p)(3): shorten the labels or split the figure`,
    )
  }
  if (failed > 0) warnings.push(`${failed} numerals found no free place beside their parts`)
  return warnings
}

/** Moves to a bottom band the titles that links cross in the top one; true when any moved. */
function moveBlockedTitles(
  layout: GraphLayout,
  sized: Map<string, SizedPart>,
  scene: Scene,
): boolean {
  const blocked = new Set(titleBlocked(scene))
  let moved = false
  for (const placed of layout.parts.values()) {
    if (!placed.container || placed.titleBelow) continue
    if (!placed.lines.some((line) => blocked.has(line))) continue
    sized.set(placed.element.id, { ...sized.get(placed.element.id)!, titleBelow: true })
    moved = true
  }
  return moved
}

/** Re-wraps the titles of containers laid out narrower than them; true when any changed. */
function rewrapTitles(
  layout: GraphLayout,
  sized: Map<string, SizedPart>,
  metrics: FontMetrics,
): boolean {
  let changed = false
  for (const placed of layout.parts.values()) {
    const room = placed.rect.width - TITLE_SIDES
    if (!placed.container || placed.textWidth <= room) continue
    const lines = wrapText(placed.element.label, Math.max(room, 3 * FONT_PX), FONT_PX, metrics)
    const textWidth = Math.max(...lines.map((l) => metrics.measure(l, FONT_PX)))
    const titleHeight = placed.titleHeight + (lines.length - placed.lines.length) * LINE_HEIGHT_PX
    sized.set(placed.element.id, { ...placed, lines, textWidth, titleHeight })
    changed = true
  }
  return changed
}

/** Every numbered part's outline polygon, and the parts no numeral may sit inside. */
function numeralTargets(
  layout: GraphLayout,
  numerals: Map<string, string>,
): { targets: NumeralTarget[]; solids: Rect[] } {
  const solids: Rect[] = []
  const targets: NumeralTarget[] = []
  for (const placed of layout.parts.values()) {
    if (placed.container) continue
    const { x, y, width, height } = placed.rect
    // A diamond is solid only where it is: its bounding box's corners are free paper.
    solids.push(
      placed.element.kind === 'decision'
        ? { x: x + width / 4, y: y + height / 4, width: width / 2, height: height / 2 }
        : placed.rect,
    )
  }
  for (const [id, numeral] of numerals) {
    const placed = layout.parts.get(id)
    if (!placed) continue
    targets.push(polygonTarget(id, numeral, shapePolygon(placed)))
  }
  return { targets, solids }
}

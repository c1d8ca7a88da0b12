/**
 * One sheet through the drafter's stages 1-5 (index.ts lists them): several layouts are tried
 * (direction, wrap width, spacing), each scored by how large it prints without numerals, which is
 * cheap; numerals, the costly part, are then placed on the best in turn until one takes them all
 * and still prints its text at 0.32 cm or more. `layOutSheet` is the cheap half on its own, so the
 * split search can measure candidate sheets without numbering them.
 */

import type { Figure } from '../figure'
import { contentBounds, fillScale, fitSheet } from '../fit-sheet'
import type { FontMetrics } from '../font-metrics'
import { type NumeralTarget, placeNumerals, polygonTarget } from '../place-numerals'
import { elementGroup, type Rect, type Scene, WHOLE_GROUP } from '../scene'
import { CAP_HEIGHT_EM, FONT_PX, MIN_TEXT_HEIGHT_PX } from '../sheet'
import { addLegend } from './add-legend'
import { drawLayout, shapePolygon } from './draw-parts'
import { moveBlockedTitles, refitBlockedTitles, rewrapTitles } from './fit-titles'
import { type GraphLayout, type LayoutOptions, layoutGraph } from './layout-graph'
import type { SheetPlan } from './plan-sheets'
import { DEFAULT_WRAP, sizeParts, type WrapWidths } from './size-parts'

export interface SheetOptions {
  metrics: FontMetrics
  /** Numerals by element id (empty for an unlabeled figure). */
  numerals: Map<string, string>
  /** The whole's numeral, on the sheet that carries it (the first). */
  whole?: string
  /** The sheet's legend: "FIG. 5", or "FIG. 5A" for one of several. */
  label: string
  /** One layout of each kind only (the figure is large: see `attempts`). */
  large?: boolean
  /**
   * Only these attempts (indices into `attempts`): the split search lays out many sheets in the
   * kind that printed the whole figure largest, which keeps its layouts to one a sheet.
   */
  kinds?: number[]
}

/** A sheet drafted and fitted. */
export interface DraftedSheet {
  scene: Scene
  label: string
  /** Render px per sheet unit at the 2048 px long edge. */
  scale: number
  /** Cap height the numerals print at, px at 300 DPI. */
  numeralPx: number
  /** Elements whose numerals found no free place. */
  failed: string[]
  /** The whole's numeral found no free place. */
  wholeFailed: boolean
  /** Names of links left out (no free place beside them), each with the parts it joins. */
  unnamed: UnnamedLink[]
}

/** A link whose name is not drawn. */
export interface UnnamedLink {
  label: string
  /** The labels of the parts it joins (an off-page connector: its letter). */
  from: string
  to: string
}

/** One layout of a sheet, fitted but not numbered. */
interface LaidOut {
  layout: GraphLayout
  /** The scale it prints at without numerals. */
  scale: number
  /** The attempt's index in `attempts`. */
  order: number
  /** How many links' names it leaves out (no free place beside them). */
  unnamed: number
}

/** The layouts of one attempt set, largest print first. */
export interface SheetLayouts {
  layouts: LaidOut[]
  /** The largest scale any of them prints at without numerals. */
  scale: number
  /** The largest `fillScale` among them: above `scale` when a small sheet is held back. */
  fill: number
  /** The attempt (index into `attempts`) that printed largest. */
  best: number
}

interface Attempt {
  wrap: WrapWidths
  layout: LayoutOptions
}

/** Times a sheet's crossed container titles are set again and the sheet laid out again. */
const MAX_TITLE_REFITS = 2
/** Above this many parts only one layout of each kind is tried (see `attempts`). */
export const LARGE_FIGURE_PARTS = 24
/** Numerals are set so their digits print at least this high, px (38 px = 0.32 cm, plus a bit). */
const NUMERAL_TARGET_PX = MIN_TEXT_HEIGHT_PX + 0.5
/** The lead of the whole's numeral is a part id no element can have. */
const WHOLE_TARGET = '~whole'

/** The smallest scale at which labels set at FONT_PX print 0.32 cm high (37 CFR 1.84(p)(3)). */
export const MIN_SCALE = MIN_TEXT_HEIGHT_PX / (CAP_HEIGHT_EM * FONT_PX)

/** Whether labels print at least 0.32 cm high at `scale`. */
export function printsLargeEnough(scale: number): boolean {
  return scale >= MIN_SCALE
}

/**
 * Every tight layout of `plan` (the roomy ones with `roomy`), drawn with its legend and fitted
 * but not numbered, largest print first; within 2 %, the one leaving fewer links unnamed, then the
 * earlier attempt.
 */
export async function layOutSheet(
  plan: SheetPlan,
  options: SheetOptions,
  roomy = false,
): Promise<SheetLayouts> {
  const { metrics } = options
  const all = attempts(plan.figure, options.large)[roomy ? 'roomy' : 'tight']
  const set = all.map((attempt, order) => ({ attempt, order }))
  const kinds = options.kinds
  const tried = kinds === undefined ? set : set.filter((a) => kinds.includes(a.order))
  const labelSize = (label: string) => ({
    width: metrics.measure(label, FONT_PX) + 0.2 * FONT_PX,
    height: CAP_HEIGHT_EM * FONT_PX + 0.2 * FONT_PX,
  })
  const layouts: LaidOut[] = []
  let fill = 0
  for (const { attempt, order } of tried.length > 0 ? tried : set.slice(0, 1)) {
    const sized = sizeParts(plan.figure, metrics, attempt.wrap, plan.connectors)
    const lay = (graph: LayoutOptions, parts = sized) =>
      layoutGraph(plan.figure, parts, graph, labelSize)
    let layout = await lay(attempt.layout)
    // A container narrower than its title gets the title re-wrapped to its width, once.
    if (rewrapTitles(layout, sized, metrics)) layout = await lay(attempt.layout)
    const first = { graph: attempt.layout, layout, drawn: drawLayout(layout, metrics, plan.groups) }
    // Names of links that found no free place beside their tails get room kept for them in the
    // middle of their links; a trunk's that still finds none, on each of its links apart. That
    // layout is tried beside the first when it leaves fewer names out: it is larger, and which
    // one prints large enough decides (draftSheet prefers, of those that do, the fuller one).
    let named = first
    for (const apart of [false, true]) {
      const { graph, drawn } = named
      if (drawn.unplaced.length === 0) break
      const trunks = drawn.unplaced.flatMap((i) => named.layout.links[i]!.trunk ?? [])
      if (apart && trunks.length === 0) break
      const centred: LayoutOptions = {
        ...graph,
        centerLabels: new Set([...(graph.centerLabels ?? []), ...drawn.unplaced, ...trunks]),
        ...(apart ? { apart: new Set([...(graph.apart ?? []), ...trunks]) } : {}),
      }
      const again = await lay(centred)
      const redrawn = drawLayout(again, metrics, plan.groups)
      if (redrawn.unplaced.length < drawn.unplaced.length) {
        named = { graph: centred, layout: again, drawn: redrawn }
      }
    }
    for (const variant of named === first ? [first] : [first, named]) {
      // A container whose title band links run through gets its title in a bottom band, once;
      // one crossed there too is set again (fit-titles.ts), at most twice.
      const parts = new Map(sized)
      let { layout, drawn } = variant
      if (moveBlockedTitles(layout, parts, drawn.scene)) {
        layout = await lay(variant.graph, parts)
        drawn = drawLayout(layout, metrics, plan.groups)
      }
      const refit = new Set<string>()
      for (let round = 0; round < MAX_TITLE_REFITS; round++) {
        const { direction } = variant.graph
        if (!refitBlockedTitles(layout, parts, drawn.scene, metrics, direction, refit)) break
        layout = await lay(variant.graph, parts)
        drawn = drawLayout(layout, metrics, plan.groups)
      }
      const scene = drawn.scene
      addLegend(scene, options.label, metrics)
      layouts.push({ layout, scale: fitSheet(scene), order, unnamed: drawn.unplaced.length })
      fill = Math.max(fill, fillScale(scene))
    }
  }
  return sortLayouts(layouts, fill)
}

/** Both sets of layouts of one sheet as one, largest print first. */
export function mergeLayouts(a: SheetLayouts, b: SheetLayouts): SheetLayouts {
  return sortLayouts([...a.layouts, ...b.layouts], Math.max(a.fill, b.fill))
}

/**
 * What a sheet's layouts depend on: its graph, how long its connectors' letters are (a letter's
 * circle is as large whichever letter it is), and the kinds tried; not the letters, nor which
 * connection of the figure each link is.
 */
export function layoutKey(plan: SheetPlan, options: SheetOptions): string {
  const { elements, connections } = plan.figure
  const letters = plan.connectors
  return JSON.stringify([
    elements.map((e) => [e.id, e.parent ?? '', e.kind, letters.get(e.id)?.length ?? e.label]),
    connections.map((c) => [c.from, c.to, c.arrow, c.label ?? '']),
    options.kinds ?? [],
    options.large ?? false,
  ])
}

/** `layout` with the connectors lettered as `plan` letters them (a reused layout may differ). */
function lettered(layout: GraphLayout, plan: SheetPlan): GraphLayout {
  if (plan.connectors.size === 0) return layout
  const parts = new Map(layout.parts)
  for (const [id, letter] of plan.connectors) {
    const placed = parts.get(id)
    if (placed) parts.set(id, { ...placed, lines: [letter], connector: letter })
  }
  return { ...layout, parts }
}

/** Larger print first; within 2 %, the one that leaves fewer names out, then the earlier attempt. */
function sortLayouts(layouts: LaidOut[], fill: number): SheetLayouts {
  layouts.sort((a, b) =>
    Math.abs(a.scale - b.scale) > 0.02 * Math.max(a.scale, b.scale)
      ? b.scale - a.scale
      : a.unnamed - b.unnamed || a.order - b.order,
  )
  return { layouts, scale: Math.max(...layouts.map((l) => l.scale)), fill, best: layouts[0]!.order }
}

/**
 * `plan` drafted: numbered on its best tight layouts (from `tight` when already laid out), and on
 * roomier ones when a numeral found no place. A sheet whose text prints at 0.32 cm beats one
 * that does not; then fewer numerals without a place.
 */
export async function draftSheet(
  plan: SheetPlan,
  options: SheetOptions,
  tight?: SheetLayouts,
): Promise<DraftedSheet> {
  const labeled = options.numerals.size > 0 || options.whole !== undefined
  let best = numberBest(tight ?? (await layOutSheet(plan, options)), plan, options)
  // Roomier layouts only when a numeral found no place in the tight ones (none of the 40 gallery
  // figures needed them: numerals fit beside the parts).
  if (labeled && misses(best) > 0) {
    const roomy = numberBest(await layOutSheet(plan, options, true), plan, options)
    if (better(roomy, best)) best = roomy
  }
  return best
}

function numberBest(laid: SheetLayouts, plan: SheetPlan, options: SheetOptions): DraftedSheet {
  let best: DraftedSheet | null = null
  for (const { layout, scale } of laid.layouts) {
    // Numerals only add to a layout: one that prints too small without them stays too small.
    if (best && printsLargeEnough(best.scale) && !printsLargeEnough(scale)) break
    const drafted = drawAndNumber(layout, plan, options)
    if (!best || better(drafted, best)) best = drafted
    if (printsLargeEnough(best.scale) && misses(best) === 0) break
  }
  return best!
}

const misses = (sheet: DraftedSheet) =>
  sheet.failed.length + (sheet.wholeFailed ? 1 : 0) + sheet.unnamed.length

function better(a: DraftedSheet, b: DraftedSheet): boolean {
  const [fitsA, fitsB] = [printsLargeEnough(a.scale), printsLargeEnough(b.scale)]
  if (fitsA !== fitsB) return fitsA
  return misses(a) < misses(b)
}

/**
 * The layouts to try: tight spacing (numerals usually find room beside the parts anyway), and the
 * same roomier for labeled figures whose numerals did not all fit. Which tight ones: on the 40
 * gallery figures the winners were, for methods, a 12 or 17 em wrap with network-simplex
 * placement and a 17 em wrap with Brandes-Köpf (which keeps side branches off the main column);
 * for systems, top-down, left-right, and left-right with a narrow wrap.
 */
export function attempts(
  figure: Figure,
  large = figure.elements.length > LARGE_FIGURE_PARTS,
): { tight: Attempt[]; roomy: Attempt[] } {
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
    figure.kind === 'flowchart'
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
  // than the parts, and at the 40-part cap three layouts cost seconds of CPU and tens of MB. Its
  // sheets, when it is split, too: the split search lays every sheet out in each round.
  if (large) return { tight: tight.slice(0, 1), roomy: roomy.slice(0, 1) }
  return { tight, roomy }
}

/**
 * Stages 3-5 for one layout: drawn, numbered, the whole's numeral, the legend, fitted. Numerals
 * are re-set until they print at least 0.32 cm high (only a sheet whose labels print smaller
 * needs that: at full size they print as high as the labels).
 */
function drawAndNumber(layout: GraphLayout, plan: SheetPlan, options: SheetOptions): DraftedSheet {
  const { metrics, numerals, whole } = options
  let size = FONT_PX
  let result: DraftedSheet | null = null
  for (let round = 0; round < 4; round++) {
    const drawn = drawLayout(lettered(layout, plan), metrics, plan.groups)
    const scene = drawn.scene
    const unnamed = drawn.unplaced.map((i) => unnamedLink(layout, i))
    const { targets, solids } = numeralTargets(layout, numerals)
    const { failed } = placeNumerals(scene, targets, { size, metrics, area: null, solids })
    let wholeFailed = false
    if (whole !== undefined) {
      const target = wholeTarget(layout, whole, contentBounds(scene))
      // Outside every part, containers too: the whole's numeral names none of them.
      const all = [...layout.parts.values()].map((p) => p.rect)
      const placed = placeNumerals(scene, [target], { size, metrics, area: null, solids: all })
      wholeFailed = placed.failed.length > 0
    }
    addLegend(scene, options.label, metrics)
    const scale = fitSheet(scene)
    const numeralPx = CAP_HEIGHT_EM * size * scale
    result = { scene, label: options.label, scale, numeralPx, failed, wholeFailed, unnamed }
    if ((numerals.size === 0 && whole === undefined) || numeralPx >= MIN_TEXT_HEIGHT_PX) break
    size = Math.ceil(NUMERAL_TARGET_PX / (CAP_HEIGHT_EM * scale))
  }
  return result!
}

/** What a warning says of link `index` of `layout`, whose name is left out. */
function unnamedLink(layout: GraphLayout, index: number): UnnamedLink {
  const { link } = layout.links[index]!
  const name = (id: string) => layout.parts.get(id)?.element.label ?? id
  return { label: link.label ?? '', from: name(link.from), to: name(link.to) }
}

/**
 * The whole's numeral as a freestanding arrow's target: anchors on the outlines of the parts seen
 * from outside (a block diagram's top-level parts; every part of a flowchart), near the top
 * right of `drawn` first.
 */
function wholeTarget(layout: GraphLayout, numeral: string, drawn: Rect): NumeralTarget {
  const anchors = [...layout.parts.values()]
    .filter((p) => p.connector === undefined && p.element.parent === undefined)
    .flatMap((p) => polygonTarget(p.element.id, numeral, shapePolygon(p)).anchors)
  return {
    id: WHOLE_TARGET,
    numeral,
    anchors,
    own: [],
    group: WHOLE_GROUP,
    freestanding: { bounds: drawn },
  }
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
    const target = polygonTarget(id, numeral, shapePolygon(placed))
    targets.push({ ...target, group: elementGroup(id) })
  }
  return { targets, solids }
}

/**
 * Object drafter, the views on one sheet: each view of the scene projected with its hidden lines
 * removed (dashed only when the view asks for them), exploded views with their dash-dot slides,
 * all views at one scale (a design set's front, sides and top must measure alike) in a grid, each
 * under its "FIG. n" legend; in each, lines closer than the pen are inked as one (merge-lines.ts).
 * Strokes carry their element's group, so numerals find their parts.
 */

import type { FontMetrics } from '../../figure/font-metrics'
import {
  elementGroup,
  LEGEND_GROUP,
  type Rect,
  type Scene,
  type SceneText,
} from '../../figure/scene'
import { CAP_HEIGHT_EM, FONT_PX, PEN_PX } from '../../figure/sheet'
import type { Point, VectorPath } from '../../vector'
import { type PartProjection, type PreparedScene, prepareScene, projectPrepared } from '../geometry'
import type { ObjectPart, ObjectScene, ObjectView } from '../object-scene'
import { centreDashes, dashPolyline, hiddenDashes } from './dash'
import { explode } from './explode'
import { type DraftLine, mergeNearLines } from './merge-lines'

/** One view drawn on the sheet: where it is, and its parts' projections mapped onto the sheet. */
export interface PlacedView {
  view: ObjectView
  legend: string
  /** Sheet units per projection unit, and the projection's origin on the sheet. */
  scale: number
  offset: Point
  /** By scene part id. */
  parts: Map<string, PartProjection>
  /** The view's drawing area on the sheet. */
  frame: Rect
}

export interface DrawnViews {
  scene: Scene
  views: PlacedView[]
  /** Numbered elements no view shows, drawn dashed in the first view instead. */
  dashed: Set<string>
}

/** Units of the laid-out views before fitting, for sizing text ahead (see index.ts). */
export function layoutExtent(views: number, legendSize: number): number {
  const { rows, cols } = grid(views)
  return Math.max(cols * CELL, rows * (CELL + 1.2 * legendSize))
}

/** Room a view takes on the sheet before fitting: cells of this many units, legends below. */
const CELL = 900
/** Share of a cell the drawing may take (the rest is for numerals and leads). */
const FILL = 0.72
/** Legends are set larger than numerals, as the diagram drafter sets them. */
export const LEGEND_PX = Math.round(1.3 * FONT_PX)

/** Rows × columns for `n` views: one, side by side, then a grid. */
function grid(n: number): { rows: number; cols: number } {
  if (n <= 1) return { rows: 1, cols: 1 }
  if (n === 2) return { rows: 1, cols: 2 }
  if (n <= 4) return { rows: 2, cols: 2 }
  if (n <= 6) return { rows: 2, cols: 3 }
  return { rows: 3, cols: 3 }
}

/** The legends of the views: "FIG. 4" for one, "FIG. 4", "FIG. 5", ... for several. */
export function viewLegends(label: string, count: number): string[] {
  const m = /^FIG\. (\d+)([A-Z]?)$/.exec(label)
  if (!m || count === 1) return Array.from({ length: count }, () => label)
  const first = Number(m[1])
  return Array.from({ length: count }, (_, k) => `FIG. ${first + k}`)
}

/** Draws every view of `scene` on one sheet (see the module header); `prepared` is its meshes. */
export function drawViews(
  scene: ObjectScene,
  elementOf: (part: ObjectPart) => string,
  label: string,
  text: { metrics: FontMetrics; legendSize: number },
  prepared: PreparedScene = prepareScene(scene),
  /** Numbered elements and the parts that draw them: one no view shows is drawn dashed. */
  numbered: ReadonlyMap<string, readonly string[]> = new Map(),
): DrawnViews {
  const { metrics, legendSize: LEGEND } = text
  const legends = viewLegends(label, scene.views.length)
  const drawn = scene.views.map((view) => {
    if (view.kind !== 'exploded') {
      // Hidden lines cost nothing more to keep: a part no view shows is drawn with them.
      return { view, projection: projectPrepared(prepared, view), slides: [] as Point[][] }
    }
    const exploded = explode(scene.parts)
    const projection = projectPrepared(prepareScene({ parts: exploded.parts }), view)
    const slides = exploded.moves.map((m) => [projection.project(m.from), projection.project(m.to)])
    return { view, projection, slides }
  })
  // One scale for all views: the largest that fits every view in its cell.
  const scale = Math.min(
    ...drawn.map(({ projection: { bounds } }) =>
      Math.min(
        (FILL * CELL) / Math.max(bounds.width, 1e-9),
        (FILL * CELL) / Math.max(bounds.height, 1e-9),
      ),
    ),
  )
  const { cols } = grid(drawn.length)
  const rows = Math.ceil(drawn.length / cols)
  const gap = 2 * LEGEND
  const legendBand = 1.4 * LEGEND
  // Columns as wide, and rows as tall, as their largest view: no empty cells around thin views;
  // a column is never narrower than its legends (a tall thin object's views would run them together).
  const colWidth = Array.from({ length: cols }, (_, c) =>
    Math.max(
      0,
      ...drawn
        .map((d, k) => ({ d, k }))
        .filter(({ k }) => k % cols === c)
        .map(({ d, k }) =>
          Math.max(d.projection.bounds.width * scale, metrics.measure(legends[k]!, LEGEND)),
        ),
    ),
  )
  const rowHeight = Array.from({ length: rows }, (_, r) =>
    Math.max(
      0,
      ...drawn
        .filter((_, k) => Math.floor(k / cols) === r)
        .map((d) => d.projection.bounds.height * scale),
    ),
  )
  const colX = colWidth.map((_, c) => colWidth.slice(0, c).reduce((a, w) => a + w + gap, 0))
  const rowY = rowHeight.map((_, r) =>
    rowHeight.slice(0, r).reduce((a, h) => a + h + legendBand + gap, 0),
  )
  const { dashed, dashParts } = unseenParts(drawn, numbered)
  const strokes: Scene['strokes'] = []
  const texts: SceneText[] = []
  const views: PlacedView[] = []
  const partsById = new Map(scene.parts.map((p) => [p.id, p]))
  drawn.forEach(({ view, projection, slides }, k) => {
    const col = k % cols
    const row = Math.floor(k / cols)
    const frame: Rect = {
      x: colX[col]!,
      y: rowY[row]!,
      width: colWidth[col]!,
      height: rowHeight[row]!,
    }
    const { bounds } = projection
    const offset = {
      x: frame.x + (frame.width - bounds.width * scale) / 2 - bounds.x * scale,
      y: frame.y + (frame.height - bounds.height * scale) / 2 - bounds.y * scale,
    }
    const place = (p: Point): Point => ({ x: offset.x + p.x * scale, y: offset.y + p.y * scale })
    const lines: DraftLine[] = []
    for (const [id, part] of projection.parts) {
      for (const line of part.visible)
        lines.push({ points: line.map(place), part: id, hidden: false })
      if (!view.hidden && !(k === 0 && dashParts.has(id))) continue
      for (const line of part.hidden)
        lines.push({ points: line.map(place), part: id, hidden: true })
    }
    // At the scale the view prints, lines closer than the pen are inked as one.
    for (const line of mergeNearLines(lines, PEN_PX)) {
      const owner = partsById.get(line.part)
      const group = elementGroup(owner ? elementOf(owner) : line.part)
      if (!line.hidden) strokes.push({ ...toPath(line.points), group })
      else {
        for (const dash of dashPolyline(line.points, hiddenDashes(PEN_PX))) {
          strokes.push({ ...toPath(dash), group })
        }
      }
    }
    // A slide is drawn where it runs in the open, not across a part's visible surface.
    for (const slide of slides) {
      for (const open of openStretches(slide, [...projection.parts.values()], bounds)) {
        for (const dash of dashPolyline(open.map(place), centreDashes(PEN_PX)))
          strokes.push(toPath(dash))
      }
    }
    const legend = legends[k]!
    const baseline = frame.y + frame.height + 0.4 * LEGEND + CAP_HEIGHT_EM * LEGEND
    const cx = frame.x + frame.width / 2
    const width = metrics.measure(legend, LEGEND)
    texts.push({
      text: legend,
      x: cx,
      y: baseline,
      size: LEGEND,
      anchor: 'middle',
      role: 'legend',
      box: {
        x: cx - width / 2,
        y: baseline - CAP_HEIGHT_EM * LEGEND,
        width,
        height: CAP_HEIGHT_EM * LEGEND,
      },
      // One group a view: each legend is found and titled on its own.
      group: drawn.length > 1 ? `${LEGEND_GROUP}-${k + 1}` : LEGEND_GROUP,
    })
    views.push({ view, legend, scale, offset, parts: projection.parts, frame })
  })
  const width = colX[cols - 1]! + colWidth[cols - 1]!
  const height = rowY[rows - 1]! + rowHeight[rows - 1]! + legendBand
  return {
    scene: { width, height, pen: PEN_PX, strokes, leads: [], arrowheads: [], texts },
    views,
    dashed,
  }
}

/**
 * The numbered elements no view shows (behind or inside other parts everywhere), which patent
 * drawings show with hidden lines: those whose parts have hidden lines in the first view, and
 * those parts.
 */
function unseenParts(
  drawn: readonly { projection: { parts: Map<string, PartProjection> } }[],
  numbered: ReadonlyMap<string, readonly string[]>,
): { dashed: Set<string>; dashParts: Set<string> } {
  const dashed = new Set<string>()
  const dashParts = new Set<string>()
  const main = drawn[0]?.projection.parts
  if (!main) return { dashed, dashParts }
  for (const [element, ids] of numbered) {
    const seen = drawn.some((d) =>
      ids.some((id) => (d.projection.parts.get(id)?.visible.length ?? 0) > 0),
    )
    if (seen || !ids.some((id) => (main.get(id)?.hidden.length ?? 0) > 0)) continue
    dashed.add(element)
    for (const id of ids) dashParts.add(id)
  }
  return { dashed, dashParts }
}

/** Stretches of a 2D line (projection units) that cross no part's visible surface. */
function openStretches(
  line: readonly Point[],
  parts: readonly PartProjection[],
  bounds: Rect,
): Point[][] {
  const [a, b] = [line[0]!, line[line.length - 1]!]
  const steps = 48
  // Visible regions are rasterized at 512 px on the view's long side: a pixel or two is inside.
  const near = (2 * Math.max(bounds.width, bounds.height)) / 512
  const runs: Point[][] = []
  let run: Point[] = []
  for (let k = 0; k <= steps; k++) {
    const p = { x: a.x + ((b.x - a.x) * k) / steps, y: a.y + ((b.y - a.y) * k) / steps }
    const covered = parts.some((part) => {
      const q = part.surfacePoint(p, 0)
      return q !== null && Math.hypot(q.x - p.x, q.y - p.y) <= near
    })
    if (covered) {
      if (run.length > 1) runs.push(run)
      run = []
    } else run.push(p)
  }
  if (run.length > 1) runs.push(run)
  return runs
}

function toPath(points: readonly Point[]): VectorPath {
  return {
    start: points[0]!,
    segments: points.slice(1).map((to) => ({ kind: 'line' as const, to })),
    closed: false,
  }
}

/**
 * Line drawings (from reference images or the image model) composed onto one figure sheet: each
 * view scaled to a common height and set side by side (four views as two rows of two), every
 * line redrawn with the one pen, views named FIG. 1A, 1B, ... under them when there are several
 * (37 CFR 1.84(u)(1); a single view gets no name). With `labeled`, the largest separate parts of
 * each view (groups of strokes that touch or nearly touch) get numerals 100, 102, ... with leads
 * ending on their outermost lines.
 */

import type { Point, VectorDrawing, VectorPath } from '../vector'
import { fitSheet } from './fit-sheet'
import type { FontMetrics } from './font-metrics'
import { boundsOf, flattenPath, mapPath, type Segment2 } from './geometry'
import { type Anchor, type NumeralTarget, placeNumerals } from './place-numerals'
import type { Rect, Scene, SceneText } from './scene'
import { CAP_HEIGHT_EM, FONT_PX, MIN_TEXT_HEIGHT_PX, PEN_PX } from './sheet'

/** A line drawing in its own pixel units. */
export interface View {
  drawing: VectorDrawing
  width: number
  height: number
}

export interface ComposedFigure {
  scene: Scene
  references: { numeral: string; label: string }[]
  scale: number
  warnings: string[]
}

/** Height of one view on the sheet, units (the sheet is later fitted to 2048 px). */
const VIEW_HEIGHT = 1500
const GAP = 2.2 * FONT_PX
/** At most this many numbered parts per figure, and only parts this large (of the view's edge). */
const MAX_PARTS = 8
const MIN_PART_FRACTION = 0.12

/** Composes `views` (see the module header). */
export function composeViews(
  views: View[],
  options: { labeled: boolean; metrics: FontMetrics },
): ComposedFigure {
  const { metrics } = options
  const rows = views.length === 4 ? [views.slice(0, 2), views.slice(2)] : [views]
  const strokes: VectorPath[] = []
  const texts: SceneText[] = []
  const placed: { paths: VectorPath[]; name: string | null }[] = []
  const named = views.length > 1
  let y = 0
  let index = 0
  let width = 0
  const rowHeight = rows.length > 1 ? VIEW_HEIGHT * 0.75 : VIEW_HEIGHT
  for (const row of rows) {
    let x = 0
    for (const view of row) {
      const scale = rowHeight / view.height
      const paths = view.drawing.layers.flatMap((layer) =>
        layer.paths.map((p) => mapPath(p, (q) => ({ x: x + q.x * scale, y: y + q.y * scale }))),
      )
      strokes.push(...paths)
      const name = named ? `FIG. 1${String.fromCharCode(65 + index)}` : null
      if (name) {
        const cx = x + (view.width * scale) / 2
        const baseline = y + rowHeight + GAP * 0.55 + CAP_HEIGHT_EM * FONT_PX
        const w = metrics.measure(name, FONT_PX)
        texts.push({
          text: name,
          x: cx,
          y: baseline,
          size: FONT_PX,
          anchor: 'middle',
          role: 'view',
          box: {
            x: cx - w / 2,
            y: baseline - CAP_HEIGHT_EM * FONT_PX,
            width: w,
            height: CAP_HEIGHT_EM * FONT_PX,
          },
        })
      }
      placed.push({ paths, name })
      x += view.width * scale + GAP
      index++
    }
    width = Math.max(width, x - GAP)
    y += rowHeight + (named ? GAP * 1.6 + FONT_PX : GAP)
  }
  const scene: Scene = { width, height: y, pen: PEN_PX, strokes, leads: [], arrowheads: [], texts }

  const references: { numeral: string; label: string }[] = []
  const warnings: string[] = []
  if (!options.labeled) return { scene, references, scale: fitSheet(scene), warnings }

  const targets: NumeralTarget[] = []
  const candidates = placed.flatMap((view, index) =>
    partsOf(view.paths).map((part) => ({ part, view, index })),
  )
  // The largest parts get numerals, numbered in reading order: view by view, then top to bottom
  // and left to right.
  candidates.sort((a, b) => b.part.size - a.part.size)
  const chosen = candidates.slice(0, MAX_PARTS)
  const centre = (r: Rect) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 })
  chosen.sort(
    (a, b) =>
      a.index - b.index ||
      centre(a.part.bounds).y - centre(b.part.bounds).y ||
      centre(a.part.bounds).x - centre(b.part.bounds).x,
  )
  let numeral = 100
  for (const { part, view } of chosen) {
    const where = position(part.bounds, boundsOf(view.paths.flatMap(points)))
    targets.push({
      id: `part${numeral}`,
      numeral: String(numeral),
      anchors: part.anchors,
      own: part.segments,
    })
    references.push({
      numeral: String(numeral),
      label: view.name ? `${view.name}: ${where} part` : `${where} part`,
    })
    numeral += 2
  }
  // Numerals go on the finished sheet; if it has to shrink they are re-set larger (as drafted).
  let size = FONT_PX
  let scale = 1
  for (let round = 0; round < 3; round++) {
    const attempt: Scene = { ...scene, strokes: [...strokes], leads: [], texts: [...texts] }
    const { failed } = placeNumerals(attempt, targets, { size, metrics, area: null, solids: [] })
    scale = fitSheet(attempt)
    Object.assign(scene, attempt)
    warnings.length = 0
    if (failed.length > 0)
      warnings.push(`${failed.length} numerals found no free place beside their parts`)
    if (CAP_HEIGHT_EM * size * scale >= MIN_TEXT_HEIGHT_PX) break
    size = Math.ceil((MIN_TEXT_HEIGHT_PX + 0.5) / (CAP_HEIGHT_EM * scale))
  }
  const placedNumerals = new Set(scene.leads.map((l) => l.numeral))
  return {
    scene,
    references: references.filter((r) => placedNumerals.has(r.numeral)),
    scale,
    warnings,
  }
}

interface Part {
  segments: Segment2[]
  anchors: Anchor[]
  bounds: Rect
  /** Diagonal of the bounds, units. */
  size: number
}

/** Groups a view's strokes into parts: strokes whose boxes touch (with a small gap) are one. */
function partsOf(paths: VectorPath[]): Part[] {
  const boxes = paths.map((p) => boundsOf(points(p)))
  const all = boundsOf(boxes.flatMap((b) => [b, { x: b.x + b.width, y: b.y + b.height }]))
  const reach = 0.015 * Math.max(all.width, all.height)
  const parent = paths.map((_, i) => i)
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!
      i = parent[i]!
    }
    return i
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!]
      const near =
        a.x - reach <= b.x + b.width &&
        b.x - reach <= a.x + a.width &&
        a.y - reach <= b.y + b.height &&
        b.y - reach <= a.y + a.height
      if (near) parent[find(i)] = find(j)
    }
  }
  const groups = new Map<number, number[]>()
  for (let i = 0; i < paths.length; i++) {
    const root = find(i)
    groups.set(root, [...(groups.get(root) ?? []), i])
  }
  const long = Math.max(all.width, all.height)
  const parts: Part[] = []
  for (const members of groups.values()) {
    const segments = members.flatMap((i) => flattenPath(paths[i]!))
    const pts = segments.flatMap((s) => [s.a, s.b])
    const bounds = boundsOf(pts)
    const size = Math.hypot(bounds.width, bounds.height)
    if (size < MIN_PART_FRACTION * long) continue
    parts.push({ segments, anchors: extremeAnchors(pts, bounds), bounds, size })
  }
  return parts
}

/** Anchors at the part's outermost points in eight directions, pointing away from its centre. */
function extremeAnchors(pts: Point[], bounds: Rect): Anchor[] {
  const cx = bounds.x + bounds.width / 2
  const cy = bounds.y + bounds.height / 2
  const anchors: Anchor[] = []
  for (let k = 0; k < 8; k++) {
    // East first, then the diagonals and the rest: numerals read best to the right.
    const angle = [0, -1, 1, -2, 2, -3, 3, 4][k]! * (Math.PI / 4)
    const dir = { x: Math.cos(angle), y: Math.sin(angle) }
    let best = pts[0]!
    let score = -Infinity
    for (const p of pts) {
      const s = (p.x - cx) * dir.x + (p.y - cy) * dir.y
      if (s > score) {
        score = s
        best = p
      }
    }
    anchors.push({ point: best, normal: dir })
  }
  return anchors
}

/** "upper left", "centre", ... of `part` within `whole`. */
function position(part: Rect, whole: Rect): string {
  const fx = (part.x + part.width / 2 - whole.x) / (whole.width || 1)
  const fy = (part.y + part.height / 2 - whole.y) / (whole.height || 1)
  const v = fy < 0.34 ? 'upper' : fy > 0.66 ? 'lower' : ''
  const h = fx < 0.34 ? 'left' : fx > 0.66 ? 'right' : ''
  return [v, h].filter(Boolean).join(' ') || 'central'
}

function points(path: VectorPath): Point[] {
  return [path.start, ...path.segments.map((s) => s.to)]
}

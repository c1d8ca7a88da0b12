/**
 * Object drafter, numerals: each numbered element gets its numeral once, in the view where its
 * part shows most (the first view wins near-ties, as illustrators number the main view), its lead
 * ending on the visible surface of that part, never on a hidden one; the whole's numeral points
 * at the first view with a freestanding arrow. Copies of a counted part ("four legs 44") carry
 * the numeral on the copy that shows most.
 */

import type { FontMetrics } from '../../figure/font-metrics'
import { flattenPath, type Segment2 } from '../../figure/geometry'
import { type Anchor, type NumeralTarget, placeNumerals } from '../../figure/place-numerals'
import { elementGroup, type Rect, type Scene, WHOLE_GROUP } from '../../figure/scene'
import type { Point } from '../../vector'
import type { ObjectPart } from '../object-scene'
import type { PlacedView } from './draw-views'

/** Directions the lead may leave a part in, every 30°. */
const DIRECTIONS = Array.from({ length: 12 }, (_, k) => {
  const a = (k * Math.PI) / 6
  return { x: Math.cos(a), y: Math.sin(a) }
})
/** Lines a lead may cross to reach a part framed by others (a drawer in its carcass). */
export const OBJECT_LEAD_CROSSINGS = 2
/** A part is numbered in the first view that shows it at least this share as well as any. */
const MAIN_VIEW_SHARE = 0.25

interface Shown {
  view: PlacedView
  part: ObjectPart
  area: number
}

/**
 * Numbers the parts on the drawn `scene` (see the module header); returns the elements whose
 * numeral found no free place, and those no view shows at all (hidden behind or inside others).
 */
export function numberViews(
  scene: Scene,
  /** Whether a part drawing the first element draws for the second (itself, or its assembly). */
  drawsFor: (own: string, element: string) => boolean,
  views: readonly PlacedView[],
  parts: readonly ObjectPart[],
  elementOf: (part: ObjectPart) => string,
  numerals: ReadonlyMap<string, string>,
  whole: string | undefined,
  options: { size: number; metrics: FontMetrics },
  /** Elements no view shows, drawn dashed in the first view: numbered on their dashes. */
  dashed: ReadonlySet<string> = new Set(),
): { failed: string[]; hidden: string[] } {
  const hidden: string[] = []
  const targets: NumeralTarget[] = []
  if (whole !== undefined && views[0]) {
    const first = views[0]
    targets.push({
      id: WHOLE_GROUP,
      numeral: whole,
      anchors: outlineAnchors(first),
      own: [],
      group: WHOLE_GROUP,
      freestanding: { bounds: drawnBounds(first) },
    })
  }
  for (const [element, numeral] of numerals) {
    const copies = parts.filter((p) => drawsFor(elementOf(p), element))
    const best = bestShown(views, copies)
    if (!best && dashed.has(element) && views[0]) {
      const groups = new Set(copies.map((p) => elementGroup(elementOf(p))))
      targets.push(dashedTarget(scene, views[0], groups, element, numeral))
      continue
    }
    if (!best) {
      hidden.push(element)
      continue
    }
    const projection = best.view.parts.get(best.part.id)!
    const toSheet = (p: Point): Point => ({
      x: best.view.offset.x + p.x * best.view.scale,
      y: best.view.offset.y + p.y * best.view.scale,
    })
    const b = projection.bounds
    const centre = { x: b.x + b.width / 2, y: b.y + b.height / 2 }
    const reach = Math.hypot(b.width, b.height)
    const anchors: Anchor[] = []
    for (const dir of DIRECTIONS) {
      const point = projection.surfacePoint(
        { x: centre.x + dir.x * reach, y: centre.y + dir.y * reach },
        0,
      )
      if (point) anchors.push({ point: toSheet(point), normal: dir })
    }
    // Then points inside the visible surface, for a part framed by others (a drawer in its
    // carcass): its lead ends on its face and the numeral sits in free space on or beside it.
    const inner = projection.interiorPoint()
    if (inner) for (const dir of DIRECTIONS) anchors.push({ point: toSheet(inner), normal: dir })
    const own: Segment2[] = scene.strokes
      .filter((s) => s.group === elementGroup(elementOf(best.part)))
      .flatMap((s) => flattenPath(s))
    targets.push({ id: element, numeral, anchors, own, group: elementGroup(element) })
  }
  const { failed } = placeNumerals(scene, targets, {
    ...options,
    area: null,
    solids: [],
    crossLines: OBJECT_LEAD_CROSSINGS,
  })
  return { failed, hidden }
}

/**
 * The numeral target of an element drawn only dashed (in `view`): its lead ends on a dash, the
 * one farthest out in each direction, as the lead of a visible part ends on its outline.
 */
function dashedTarget(
  scene: Scene,
  view: PlacedView,
  groups: ReadonlySet<string>,
  element: string,
  numeral: string,
): NumeralTarget {
  const f = view.frame
  const inFrame = (p: Point) =>
    p.x >= f.x - 1 && p.x <= f.x + f.width + 1 && p.y >= f.y - 1 && p.y <= f.y + f.height + 1
  const own: Segment2[] = scene.strokes
    .filter((s) => s.group !== undefined && groups.has(s.group) && inFrame(s.start))
    .flatMap((s) => flattenPath(s))
  const mids = own.map((s) => ({ x: (s.a.x + s.b.x) / 2, y: (s.a.y + s.b.y) / 2 }))
  const xs = mids.map((p) => p.x)
  const ys = mids.map((p) => p.y)
  const centre = {
    x: (Math.min(...xs) + Math.max(...xs)) / 2,
    y: (Math.min(...ys) + Math.max(...ys)) / 2,
  }
  const anchors = farthestAnchors(mids, centre)
  return { id: element, numeral, anchors, own, group: elementGroup(element) }
}

/**
 * The view an element is numbered in and the copy that shows most there: the earliest view that
 * shows it at least a quarter as well as any (illustrators number the main view).
 */
function bestShown(views: readonly PlacedView[], copies: readonly ObjectPart[]): Shown | null {
  const perView = views.map((view) => {
    let best: Shown | null = null
    for (const part of copies) {
      const projection = view.parts.get(part.id)
      if (!projection) continue
      const area = projection.visibleArea() * view.scale * view.scale
      if (area > 0 && (!best || area > best.area)) best = { view, part, area }
    }
    return best
  })
  const most = Math.max(0, ...perView.map((s) => s?.area ?? 0))
  return perView.find((s) => s !== null && s.area >= MAIN_VIEW_SHARE * most) ?? null
}

/** Points on the object's outline in `view`, one per direction, for the whole's arrow. */
function outlineAnchors(view: PlacedView): Anchor[] {
  const b = drawnBounds(view)
  const centre = { x: b.x + b.width / 2, y: b.y + b.height / 2 }
  // The drawing's visible line points farthest out: its outline, in sheet units.
  const points: Point[] = []
  for (const part of view.parts.values()) {
    for (const line of part.visible) {
      for (const p of line) {
        points.push({ x: view.offset.x + p.x * view.scale, y: view.offset.y + p.y * view.scale })
      }
    }
  }
  return farthestAnchors(points, centre).filter(
    ({ point, normal }) => (point.x - centre.x) * normal.x + (point.y - centre.y) * normal.y > 0,
  )
}

/** For each direction, the point of `points` farthest that way from `centre`, as an anchor. */
function farthestAnchors(points: readonly Point[], centre: Point): Anchor[] {
  const anchors: Anchor[] = []
  for (const dir of DIRECTIONS) {
    let best: Point | null = null
    let most = -Infinity
    for (const p of points) {
      const along = (p.x - centre.x) * dir.x + (p.y - centre.y) * dir.y
      if (along > most) {
        most = along
        best = p
      }
    }
    if (best) anchors.push({ point: best, normal: dir })
  }
  return anchors
}

/** The first view's drawing on the sheet. */
function drawnBounds(view: PlacedView): Rect {
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (const part of view.parts.values()) {
    const b = part.bounds
    minX = Math.min(minX, b.x)
    minY = Math.min(minY, b.y)
    maxX = Math.max(maxX, b.x + b.width)
    maxY = Math.max(maxY, b.y + b.height)
  }
  return {
    x: view.offset.x + minX * view.scale,
    y: view.offset.y + minY * view.scale,
    width: (maxX - minX) * view.scale,
    height: (maxY - minY) * view.scale,
  }
}

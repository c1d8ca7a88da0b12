/**
 * Drafter stage 3: the laid-out graph drawn in patent style, as a Scene. Every outline and
 * connector is a stroke of the one pen: boxes as rectangles, decisions as diamonds, START/END as
 * stadiums, containers as larger rectangles with their title inside at the top left, off-page
 * connectors as circles with their letter; arrowheads are small filled triangles; labels are
 * centred in their shapes; a decision's branches carry YES / NO beside where they leave it, and a
 * link its signal's name, each where it touches nothing (place-link-labels.ts; links sharing a
 * trunk are named once, and a name with no free place is left out and reported, never drawn over
 * a line). No colour, no shading, no frame around the figure. Every mark carries the group of the
 * element or connection it draws (scene.ts `Grouped`).
 */

import type { Point, VectorPath } from '../../vector'
import type { FontMetrics } from '../font-metrics'
import {
  arrowheadPolygon,
  boundsOf,
  flattenPath,
  polygonSegments,
  type Segment2,
  segmentHitsRect,
} from '../geometry'
import {
  type Arrowhead,
  connectionGroup,
  elementGroup,
  type Rect,
  type Scene,
  type SceneStroke,
  type SceneText,
} from '../scene'
import { ARROW_LENGTH_PX, CAP_HEIGHT_EM, FONT_PX, LINE_HEIGHT_PX, PEN_PX } from '../sheet'
import type { GraphLayout, PlacedPart } from './layout-graph'
import { placeLinkLabel, sharedLength, TakenRoom, unionRect } from './place-link-labels'

/** The group each drawn part and link is put in (scene.ts `Grouped`). */
export interface DrawGroups {
  part(id: string): string
  /** By the link's index in the layout. */
  link(index: number): string
}

/** Parts and links in the groups of the figure they come from. */
export const FIGURE_GROUPS: DrawGroups = { part: elementGroup, link: connectionGroup }

/** A drawn layout, and the links whose names found no free place (left out). */
export interface DrawnLayout {
  scene: Scene
  /** Indices of links whose label is not drawn: no place beside them touched nothing. */
  unplaced: number[]
}

/** Draws `layout` (see the module header). Leads and numerals are added by a later stage. */
export function drawParts(
  layout: GraphLayout,
  metrics: FontMetrics,
  groups: DrawGroups = FIGURE_GROUPS,
): Scene {
  return drawLayout(layout, metrics, groups).scene
}

/** `drawParts`, saying which links' names it left out. */
export function drawLayout(
  layout: GraphLayout,
  metrics: FontMetrics,
  groups: DrawGroups = FIGURE_GROUPS,
): DrawnLayout {
  const strokes: SceneStroke[] = []
  const arrowheads: Arrowhead[] = []
  const texts: SceneText[] = []
  const inGroup = <T extends object>(group: string, marks: T[]) =>
    marks.map((mark) => ({ ...mark, group }))
  for (const placed of layout.parts.values()) {
    const group = groups.part(placed.element.id)
    strokes.push({ ...outline(placed), group })
    if (!placed.container) texts.push(...inGroup(group, labelOf(placed, metrics)))
  }
  // Each link's own lines, so its name may lie close to them and to nothing else.
  const own = new Map<number, Segment2[]>()
  for (const [i, { link, points }] of layout.links.entries()) {
    if (points.length < 2) continue
    const group = groups.link(i)
    const heads: Arrowhead[] = []
    let line = ontoConnectors(points, layout.parts.get(link.from), layout.parts.get(link.to))
    if (link.arrow === 'forward' || link.arrow === 'both') {
      heads.push({ ...arrowAt(line, 'end'), group })
      line = shorten(line, 'end')
    }
    if (link.arrow === 'both') {
      heads.push({ ...arrowAt(line, 'start'), group })
      line = shorten(line, 'start')
    }
    const stroke = { ...polyline(line), group }
    strokes.push(stroke)
    arrowheads.push(...heads)
    own.set(i, linesOf([stroke], heads))
  }
  // Titles and link names last, so each can be set where it touches no line or other text.
  // The parts' outlines are the first strokes, one each.
  const lines = [...linesOf(strokes.slice(0, layout.parts.size), []), ...[...own.values()].flat()]
  for (const placed of layout.parts.values()) {
    if (!placed.container) continue
    texts.push(...inGroup(groups.part(placed.element.id), containerTitle(placed, metrics, lines)))
  }
  const shapes = [...layout.parts.values()].filter((p) => !p.container).map((p) => p.rect)
  const taken = new TakenRoom(lines, [...shapes, ...texts.map((t) => t.box)])
  // What is drawn so far: a name that lengthens its long side prints the sheet smaller.
  let bounds = boundsOf(lines.flatMap((l) => [l.a, l.b]))
  for (const text of texts) bounds = unionRect(bounds, text.box)
  const unplaced: number[] = []
  // Branches first: a YES / NO has to sit by its decision, a signal's name can go further along.
  const named = [...layout.links.entries()].filter(
    ([i, { link, points, trunk }]) =>
      link.label !== undefined && points.length >= 2 && (trunk?.[0] ?? i) === i,
  )
  const isBranch = (label: string) => label === 'YES' || label === 'NO'
  named.sort(
    ([i, a], [j, b]) => Number(isBranch(b.link.label!)) - Number(isBranch(a.link.label!)) || i - j,
  )
  for (const [i, { link, points, labelBox, trunk }] of named) {
    const mine = new Set(trunk ? trunk.flatMap((k) => own.get(k) ?? []) : (own.get(i) ?? []))
    const shared = trunk ? sharedLength(trunk.map((k) => layout.links[k]!.points)) : undefined
    const text = placeLinkLabel(
      {
        text: link.label!,
        path: points,
        branch: isBranch(link.label!),
        own: mine,
        ...(labelBox ? { room: labelBox } : {}),
        ...(shared !== undefined ? { shared } : {}),
      },
      metrics,
      taken,
      bounds,
    )
    if (!text) {
      unplaced.push(i)
      continue
    }
    taken.take(text.box)
    bounds = unionRect(bounds, text.box)
    texts.push({ ...text, group: groups.link(i) })
  }
  return {
    scene: {
      width: layout.width,
      height: layout.height,
      pen: PEN_PX,
      strokes,
      leads: [],
      arrowheads,
      texts,
    },
    unplaced,
  }
}

/** The ink box of one line of text set at `size` with its baseline at `y`. */
export function textBox(
  text: string,
  x: number,
  y: number,
  size: number,
  anchor: 'start' | 'middle',
  metrics: FontMetrics,
  digitsOnly = false,
): Rect {
  const width = metrics.measure(text, size)
  const left = anchor === 'middle' ? x - width / 2 : x
  // Capitals and digits reach the cap height; descenders (",", "Q", "J") reach 0.24 em below.
  const top = y - CAP_HEIGHT_EM * size
  const bottom = digitsOnly ? y : y + 0.24 * size
  return { x: left, y: top, width, height: bottom - top }
}

/**
 * The corners of a box or a diamond (a container is a box), clockwise from the top; what its
 * outline is drawn through and what its numeral's lead may touch.
 */
export function shapePolygon(placed: PlacedPart): Point[] {
  const { x, y, width: w, height: h } = placed.rect
  if (!placed.container && placed.element.kind === 'decision') {
    return [
      { x: x + w / 2, y },
      { x: x + w, y: y + h / 2 },
      { x: x + w / 2, y: y + h },
      { x, y: y + h / 2 },
    ]
  }
  return [
    { x, y },
    { x: x + w, y },
    { x: x + w, y: y + h },
    { x, y: y + h },
  ]
}

/** The outline path of a part, closed. */
function outline(placed: PlacedPart): VectorPath {
  const { x, y, width: w, height: h } = placed.rect
  if (placed.connector !== undefined) {
    // An off-page connector: a circle, as two half circles (bulge -1) down its right and back.
    const cx = x + w / 2
    return {
      start: { x: cx, y },
      segments: [
        { kind: 'arc', to: { x: cx, y: y + h }, bulge: -1 },
        { kind: 'arc', to: { x: cx, y }, bulge: -1 },
      ],
      closed: true,
    }
  }
  if (!placed.container && placed.element.kind === 'terminal') {
    const r = h / 2
    // A stadium: straight top and bottom, half circles at both ends (bulge 1 = a half circle).
    return {
      start: { x: x + r, y },
      segments: [
        { kind: 'line', to: { x: x + w - r, y } },
        { kind: 'arc', to: { x: x + w - r, y: y + h }, bulge: -1 },
        { kind: 'line', to: { x: x + r, y: y + h } },
        { kind: 'arc', to: { x: x + r, y }, bulge: -1 },
      ],
      closed: true,
    }
  }
  return polygon(shapePolygon(placed))
}

/**
 * A container's title inside its top band: at the left unless a link runs through there, then
 * slid right to the first place no line crosses.
 */
export function containerTitle(
  placed: PlacedPart,
  metrics: FontMetrics,
  lines: Segment2[],
): SceneText[] {
  // In a band of its own down the left side, at its top.
  if (placed.titleBeside) return labelOf(placed, metrics)
  const { rect } = placed
  const inset = 0.5 * FONT_PX
  const room = rect.width - 2 * inset - placed.textWidth
  const steps = Math.max(0, Math.floor(room / (0.25 * FONT_PX)))
  // In the bottom band (when the layout put it there), the title's first baseline drops by the
  // height of everything above the band.
  const drop = placed.titleBelow
    ? rect.height - placed.titleHeight - 0.45 * FONT_PX + 0.2 * FONT_PX
    : 0
  let best: SceneText[] | null = null
  for (let i = 0; i <= steps; i++) {
    const texts = labelOf(placed, metrics, inset + (room * i) / Math.max(1, steps), drop)
    const clear = texts.every((t) => !lines.some((l) => segmentHitsRect(l.a, l.b, t.box, PEN_PX)))
    if (clear) return texts
    best ??= texts
  }
  return best ?? labelOf(placed, metrics)
}

/** Container titles drawn in `scene` that cross a line (their band had no free place). */
export function titleBlocked(scene: Scene): string[] {
  const lines = linesOf(scene.strokes, scene.arrowheads)
  return scene.texts
    .filter((t) => t.role === 'label' && t.anchor === 'start')
    .filter((t) => lines.some((l) => segmentHitsRect(l.a, l.b, t.box)))
    .map((t) => t.text)
}

/**
 * A part's label lines: centred in a shape, or inside a container at the top, `titleInset` from
 * its left side.
 */
function labelOf(
  placed: PlacedPart,
  metrics: FontMetrics,
  titleInset = 0.5 * FONT_PX,
  titleDrop = 0,
): SceneText[] {
  const { rect, lines } = placed
  const inset = PEN_PX
  // A connector's letter must stay inside its circle: the square inscribed in it.
  const side = rect.width / Math.SQRT2 - 2 * inset
  const frame =
    placed.connector !== undefined
      ? {
          x: rect.x + (rect.width - side) / 2,
          y: rect.y + (rect.height - side) / 2,
          width: side,
          height: side,
        }
      : {
          x: rect.x + inset,
          y: rect.y + inset,
          width: rect.width - 2 * inset,
          height: rect.height - 2 * inset,
        }
  const block = (lines.length - 1) * LINE_HEIGHT_PX + CAP_HEIGHT_EM * FONT_PX
  const container = placed.container
  const x = container ? rect.x + titleInset : rect.x + rect.width / 2
  const firstBaseline = container
    ? rect.y + titleDrop + 0.45 * FONT_PX + CAP_HEIGHT_EM * FONT_PX
    : rect.y + (rect.height - block) / 2 + CAP_HEIGHT_EM * FONT_PX
  const anchor = container ? 'start' : 'middle'
  return lines.map((text, i) => {
    const y = firstBaseline + i * LINE_HEIGHT_PX
    return {
      text,
      x,
      y,
      size: FONT_PX,
      anchor,
      role: placed.connector !== undefined ? 'connector' : 'label',
      box: textBox(text, x, y, FONT_PX, anchor, metrics),
      frame,
    }
  })
}

/**
 * A link's ends moved onto the circle of an off-page connector they meet: the layout ends them on
 * its bounding box, off the circle unless they arrive at its middle. Each end slides along its
 * last leg until it touches the circle.
 */
function ontoConnectors(
  points: Point[],
  from: PlacedPart | undefined,
  to: PlacedPart | undefined,
): Point[] {
  const out = points.slice()
  const snap = (end: number, before: number, part: PlacedPart | undefined) => {
    if (part?.connector === undefined) return
    const { x, y, width } = part.rect
    const r = width / 2
    const centre = { x: x + r, y: y + r }
    const p = out[end]!
    const q = out[before]!
    const length = Math.hypot(p.x - q.x, p.y - q.y)
    if (length === 0) return
    const d = { x: (p.x - q.x) / length, y: (p.y - q.y) / length }
    // |p + t d - c| = r: the smaller root is where the leg, coming from q, first meets the circle.
    const m = { x: p.x - centre.x, y: p.y - centre.y }
    const b = m.x * d.x + m.y * d.y
    const disc = b * b - (m.x * m.x + m.y * m.y - r * r)
    if (disc < 0) return
    const t = -b - Math.sqrt(disc)
    if (t < -length) return
    out[end] = { x: p.x + t * d.x, y: p.y + t * d.y }
  }
  snap(out.length - 1, out.length - 2, to)
  snap(0, 1, from)
  return out
}

/** The arrowhead at one end of a polyline, pointing along its last (or first) leg. */
function arrowAt(points: Point[], end: 'start' | 'end'): Arrowhead {
  const [tip, before] =
    end === 'end'
      ? [points[points.length - 1]!, points[points.length - 2]!]
      : [points[0]!, points[1]!]
  const dx = tip.x - before.x
  const dy = tip.y - before.y
  const length = Math.hypot(dx, dy) || 1
  return { tip, direction: { x: dx / length, y: dy / length } }
}

/** The polyline with one end pulled back into its arrowhead, so no line pokes past the tip. */
function shorten(points: Point[], end: 'start' | 'end'): Point[] {
  const out = points.map((p) => ({ ...p }))
  const [i, j] = end === 'end' ? [out.length - 1, out.length - 2] : [0, 1]
  const tip = out[i]!
  const before = out[j]!
  const length = Math.hypot(tip.x - before.x, tip.y - before.y)
  const pull = Math.min(ARROW_LENGTH_PX * 0.7, length)
  if (length > 0) {
    tip.x -= ((tip.x - before.x) / length) * pull
    tip.y -= ((tip.y - before.y) / length) * pull
  }
  return out
}

function polyline(points: Point[]): VectorPath {
  return {
    start: points[0]!,
    segments: points.slice(1).map((to) => ({ kind: 'line' as const, to })),
    closed: false,
  }
}

function polygon(points: Point[]): VectorPath {
  return {
    start: points[0]!,
    segments: [...points.slice(1), points[0]!].map((to) => ({ kind: 'line' as const, to })),
    closed: true,
  }
}

/** Every drawn line as segments: the strokes and the arrowheads' sides. */
function linesOf(strokes: VectorPath[], arrowheads: Arrowhead[]): Segment2[] {
  const lines = strokes.flatMap((stroke) => flattenPath(stroke))
  for (const head of arrowheads) lines.push(...polygonSegments(arrowheadPolygon(head)))
  return lines
}

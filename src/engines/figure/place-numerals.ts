/**
 * Reference numerals with lead lines (37 CFR 1.84(p)-(q), PLATFORM.md §7 rule 6): each numbered
 * part gets its numeral in Arabic digits, outside the part, joined to it by a gently curved lead
 * line that touches the part's outline. A placement is accepted only when the numeral overlaps no
 * line, text, arrowhead or other numeral (with a clearance), sits inside no other part, and its
 * lead crosses no line, text, numeral or other lead. Among the accepted ones the shortest lead
 * wins, with a slight preference for the right and the top (where readers look for numerals).
 * Candidates: anchor points along every side of the outline × directions around the outward
 * normal × lead lengths; numbering order is the parts' order, so the same scene always gives the
 * same result. The whole figure's numeral is placed the same way, except that its straight lead
 * stops short of the outline in an arrowhead and touches nothing (37 CFR 1.84(r)(1): a
 * freestanding arrow points at the entire section), and it is set near the drawing's top right.
 */

import type { Point, VectorPath } from '../vector'
import type { FontMetrics } from './font-metrics'
import {
  arrowheadPolygon,
  flattenPath,
  inflate,
  pointSegmentDistance,
  polygonSegments,
  rectsOverlap,
  type Segment2,
  segmentHitsRect,
  segmentsIntersect,
  trimEnd,
} from './geometry'
import type { Arrowhead, Rect, Scene } from './scene'
import { ARROW_LENGTH_PX, CAP_HEIGHT_EM } from './sheet'
import { SpatialGrid } from './spatial-grid'

/** Where a lead may end on a part: a point on its lines, and the way out of the part there. */
export interface Anchor {
  point: Point
  /** Unit vector pointing away from the part. */
  normal: Point
}

/** A part to number. */
export interface NumeralTarget {
  id: string
  numeral: string
  /** Candidate ends of the lead, best first. */
  anchors: Anchor[]
  /** The part's own lines: its lead may touch them only at its anchor. */
  own: Segment2[]
  /** The group its numeral and lead are drawn in (scene.ts `Grouped`). */
  group?: string
  /**
   * Set for the whole figure's numeral: `bounds` is the drawing, whose top right the numeral is
   * put near, and which it should grow as little as possible (the sheet shrinks with it).
   */
  freestanding?: { bounds: Rect }
}

export interface NumeralOptions {
  /** Font size of the numerals, sheet units. */
  size: number
  metrics: FontMetrics
  /** Where numerals may go (the sheet inside its margins); null for anywhere. */
  area: Rect | null
  /** Boxes of solid parts (no numeral inside them). */
  solids: Rect[]
  /**
   * How many drawing lines a lead may cross when no free way exists (object views: a part framed
   * by others is reached across their lines, as in mechanical drawings); 0 when absent. A lead
   * never crosses another lead, an arrowhead or a text.
   */
  crossLines?: number
}

/** What could not be numbered (no free place found), by part id. */
export interface NumeralResult {
  failed: string[]
}

const DIRECTIONS_DEG = [0, -28, 28, -52, 52]
const LEAD_LENGTHS_EM = [0.8, 1.15, 1.6, 2.2, 3, 4]
/** A lead that crosses lines to leave a framed part may need to be longer. */
const CROSSING_LEAD_LENGTHS_EM = [...LEAD_LENGTHS_EM, 5.5, 7.5, 10]
/** A freestanding arrow's lead is longer: the arrowhead alone takes ARROW_LENGTH_PX. */
const ARROW_LEAD_LENGTHS_EM = [1.5, 2, 2.6, 3.4]
/** How far short of the outline a freestanding arrow's tip stops, in numeral sizes. */
const ARROW_GAP_EM = 0.4
const ANCHOR_FRACTIONS = [0.5, 0.3, 0.7, 0.15, 0.85]

/** A way to place a numeral: from `anchor`, a lead `reach` long along `dir`. */
interface Candidate {
  anchor: Point
  dir: Point
  reach: number
  cost: number
}

/** A candidate that fits: the numeral's box and its lead (and arrowhead, when freestanding). */
interface Placement {
  box: Rect
  lead: VectorPath
  leadSegments: Segment2[]
  arrowhead?: Arrowhead
}

/** Adds numerals and leads for `targets` to `scene` (see the module header). */
export function placeNumerals(
  scene: Scene,
  targets: NumeralTarget[],
  options: NumeralOptions,
): NumeralResult {
  const { size, metrics } = options
  const clearance = 0.28 * size
  // The scene's lines and text boxes, indexed by place: a candidate is tested only against
  // what lies near it.
  const segments = new SpatialGrid<Segment2>(4 * size, segmentBounds)
  // Leads and arrowheads apart too: no lead may cross them, even where it may cross lines.
  const marks = new SpatialGrid<Segment2>(4 * size, segmentBounds)
  const addSegments = (list: Segment2[], mark: boolean) => {
    for (const s of list) {
      segments.add(s)
      if (mark) marks.add(s)
    }
  }
  for (const stroke of scene.strokes) addSegments(flattenPath(stroke), false)
  for (const head of scene.arrowheads) addSegments(polygonSegments(arrowheadPolygon(head)), true)
  for (const lead of scene.leads) addSegments(flattenPath(lead.path), true)
  const boxes = new SpatialGrid<Rect>(4 * size, (box) => box)
  for (const text of scene.texts) boxes.add(text.box)
  const failed: string[] = []

  for (const target of targets) {
    const text = String(target.numeral)
    const width = metrics.measure(text, size)
    const height = CAP_HEIGHT_EM * size
    const own = target.own
    // Every candidate costs little to make; testing one against the scene is what costs, so
    // they are tested cheapest first and the first that fits wins.
    const numeral = { width, height, size }
    const candidates = target.freestanding
      ? arrowCandidates(target.anchors, numeral, target.freestanding.bounds)
      : leadCandidates(target.anchors, size, LEAD_LENGTHS_EM)
    candidates.sort((a, b) => a.cost - b.cost)
    let best: Placement | null = null
    for (const c of candidates) {
      best = target.freestanding
        ? tryArrow(c, numeral, segments, boxes, options, clearance)
        : tryPlacement(c, numeral, own, { segments, marks, boxes }, options, clearance, 0)
      if (best) break
    }
    // Then, where allowed, across as few lines as will do.
    const crossing = target.freestanding
      ? []
      : leadCandidates(target.anchors, size, CROSSING_LEAD_LENGTHS_EM)
    crossing.sort((a, b) => a.cost - b.cost)
    for (let allowed = 1; !best && allowed <= (options.crossLines ?? 0); allowed++) {
      for (const c of crossing) {
        best = tryPlacement(
          c,
          numeral,
          own,
          { segments, marks, boxes },
          options,
          clearance,
          allowed,
        )
        if (best) break
      }
    }
    if (!best) {
      failed.push(target.id)
      continue
    }
    const group = target.group === undefined ? {} : { group: target.group }
    scene.texts.push({
      text,
      x: best.box.x,
      y: best.box.y + height,
      size,
      anchor: 'start',
      role: 'numeral',
      box: best.box,
      ...group,
    })
    scene.leads.push({ numeral: target.numeral, partId: target.id, path: best.lead, ...group })
    addSegments(best.leadSegments, true)
    if (best.arrowhead) {
      scene.arrowheads.push({ ...best.arrowhead, ...group })
      addSegments(polygonSegments(arrowheadPolygon(best.arrowhead)), true)
    }
    boxes.add(best.box)
  }
  return { failed }
}

/** What a numeral is placed among: every line and mark, the marks (leads, arrowheads), texts. */
interface Occupied {
  segments: SpatialGrid<Segment2>
  marks: SpatialGrid<Segment2>
  boxes: SpatialGrid<Rect>
}

/**
 * The candidate placed, if it fits (see the module header): the numeral's box is tested first,
 * and the lead is only made and tested for a box that is free. The lead crosses at most
 * `crossings` drawing lines (its own part's included), never a mark or a text.
 */
function tryPlacement(
  c: Candidate,
  numeral: { width: number; height: number; size: number },
  own: Segment2[],
  { segments, marks, boxes }: Occupied,
  options: NumeralOptions,
  clearance: number,
  crossings: number,
): Placement | null {
  const { anchor, dir, reach } = c
  // The lead's end as numbers: most candidates fail on their box, before the end is needed.
  const endX = anchor.x + dir.x * reach
  const endY = anchor.y + dir.y * reach
  const box = boxAt(endX, endY, dir, numeral)
  if (!boxIsFree(box, segments, boxes, options, clearance)) return null
  const padded = inflate(box, clearance)
  for (const s of own) if (segmentHitsRect(s.a, s.b, padded)) return null
  const end = { x: endX, y: endY }

  // A gentle curve: a cubic whose controls sit a little off the straight line, bending the lead
  // the way an illustrator's leader does. It is checked as the polyline it is sampled into.
  const bend = 0.1 * reach
  const n = { x: -dir.y * bend, y: dir.x * bend }
  const lead: VectorPath = {
    start: end,
    segments: [
      {
        kind: 'cubic',
        c1: { x: end.x - dir.x * reach * 0.33 + n.x, y: end.y - dir.y * reach * 0.33 + n.y },
        c2: {
          x: anchor.x + dir.x * reach * 0.33 + n.x * 0.4,
          y: anchor.y + dir.y * reach * 0.33 + n.y * 0.4,
        },
        to: anchor,
      },
    ],
    closed: false,
  }
  const leadSegments = flattenPath(lead, reach / 6)
  // The lead may touch its own part only where it ends, so its last bit is left out of the
  // tests (the anchor is on the outline by construction).
  const body = trimEnd(leadSegments, clearance * 0.5)
  const margin = clearance * 0.5
  let crossed = 0
  const cross = (s: Segment2, l: Segment2) => {
    if (segmentsIntersect(l.a, l.b, s.a, s.b)) crossed++
    return crossed > crossings
  }
  // No lead crosses another, not even where it ends on its part.
  for (const l of leadSegments) {
    if (marks.some(inflate(segmentBounds(l), margin), (s) => segmentsIntersect(l.a, l.b, s.a, s.b)))
      return null
  }
  for (const l of body) {
    const near = inflate(segmentBounds(l), margin)
    if (boxes.some(near, (other) => segmentHitsRect(l.a, l.b, other, margin))) return null
    if (segments.someWith(near, cross, l)) return null
    // The part's own lines are among the scene's; without crossings they are tested apart.
    if (crossings === 0) for (const s of own) if (cross(s, l)) return null
    for (const solid of options.solids) if (segmentHitsRect(l.a, l.b, solid)) return null
  }
  return { box, lead, leadSegments }
}

/** Candidates for a numeral whose lead ends on its part: shortest and most to the right first. */
function leadCandidates(anchors: Anchor[], size: number, lengthsEm: number[]): Candidate[] {
  const candidates: Candidate[] = []
  for (const [rank, { point: anchor, normal }] of anchors.entries()) {
    for (const degrees of DIRECTIONS_DEG) {
      const dir = rotate(normal, (degrees * Math.PI) / 180)
      for (const em of lengthsEm) {
        const reach = em * size
        const cost =
          reach +
          Math.abs(degrees) * 0.6 +
          (dir.x < -0.3 ? 0.25 * size : 0) +
          (dir.y > 0.3 ? 0.15 * size : 0) +
          rank * 0.02 * size
        candidates.push({ anchor, dir, reach, cost })
      }
    }
  }
  return candidates
}

/**
 * Candidates for a freestanding arrow: the tip a little off each anchor, the numeral up the lead.
 * Cheapest is near the top right corner of `bounds` and growing its long side least, since the
 * sheet is scaled by that side and the labels must not shrink under 0.32 cm for it.
 */
function arrowCandidates(
  anchors: Anchor[],
  numeral: { width: number; height: number; size: number },
  bounds: Rect,
): Candidate[] {
  const { size } = numeral
  const corner = { x: bounds.x + bounds.width, y: bounds.y }
  const long = Math.max(bounds.width, bounds.height)
  const candidates: Candidate[] = []
  for (const { point, normal } of anchors) {
    const tip = {
      x: point.x + normal.x * ARROW_GAP_EM * size,
      y: point.y + normal.y * ARROW_GAP_EM * size,
    }
    for (const degrees of DIRECTIONS_DEG) {
      const dir = rotate(normal, (degrees * Math.PI) / 180)
      for (const em of ARROW_LEAD_LENGTHS_EM) {
        const reach = em * size
        const box = boxAt(tip.x + dir.x * reach, tip.y + dir.y * reach, dir, numeral)
        const x0 = Math.min(bounds.x, box.x)
        const y0 = Math.min(bounds.y, box.y)
        const x1 = Math.max(bounds.x + bounds.width, box.x + box.width)
        const y1 = Math.max(bounds.y + bounds.height, box.y + box.height)
        const growth = Math.max(x1 - x0, y1 - y0) - long
        const far = Math.hypot(box.x + box.width / 2 - corner.x, box.y + box.height / 2 - corner.y)
        candidates.push({ anchor: tip, dir, reach, cost: far + 3 * growth + 0.5 * reach })
      }
    }
  }
  return candidates
}

/** Where a numeral goes at the free end (x, y) of a lead leaving along `dir`. */
function boxAt(
  x: number,
  y: number,
  dir: Point,
  numeral: { width: number; height: number; size: number },
): Rect {
  const { width, height, size } = numeral
  const gap = 0.18 * size
  if (Math.abs(dir.x) >= Math.abs(dir.y)) {
    return { x: dir.x > 0 ? x + gap : x - gap - width, y: y - height / 2, width, height }
  }
  return { x: x - width / 2, y: dir.y > 0 ? y + gap : y - gap - height, width, height }
}

/** Whether a numeral's box is inside the area and clear of solids, texts and lines. */
function boxIsFree(
  box: Rect,
  segments: SpatialGrid<Segment2>,
  boxes: SpatialGrid<Rect>,
  options: NumeralOptions,
  clearance: number,
): boolean {
  const area = options.area
  if (
    area &&
    (box.x < area.x ||
      box.y < area.y ||
      box.x + box.width > area.x + area.width ||
      box.y + box.height > area.y + area.height)
  ) {
    return false
  }
  // Hundreds of thousands of candidates on a 40-part figure: the scene queries below take
  // module-level tests (no closure per candidate).
  const padded = inflate(box, clearance)
  for (const solid of options.solids) if (rectsOverlap(padded, solid)) return false
  if (boxes.someWith(padded, rectsOverlap, padded)) return false
  return !segments.someWith(padded, segmentHitsBox, padded)
}

/**
 * A freestanding arrow placed, if it fits: a straight lead from the numeral to the base of an
 * arrowhead whose tip stops short of the part; the lead and the arrowhead keep `clearance / 2`
 * from every line, text and solid.
 */
function tryArrow(
  c: Candidate,
  numeral: { width: number; height: number; size: number },
  segments: SpatialGrid<Segment2>,
  boxes: SpatialGrid<Rect>,
  options: NumeralOptions,
  clearance: number,
): Placement | null {
  const { anchor: tip, dir, reach } = c
  const end = { x: tip.x + dir.x * reach, y: tip.y + dir.y * reach }
  const box = boxAt(end.x, end.y, dir, numeral)
  if (!boxIsFree(box, segments, boxes, options, clearance)) return null
  const base = { x: tip.x + dir.x * ARROW_LENGTH_PX, y: tip.y + dir.y * ARROW_LENGTH_PX }
  const arrowhead: Arrowhead = { tip, direction: { x: -dir.x, y: -dir.y } }
  const lead: VectorPath = { start: end, segments: [{ kind: 'line', to: base }], closed: false }
  const leadSegments = [{ a: end, b: base }]
  const margin = clearance * 0.5
  for (const l of [...leadSegments, ...polygonSegments(arrowheadPolygon(arrowhead))]) {
    const near = inflate(segmentBounds(l), margin)
    if (boxes.some(near, (other) => segmentHitsRect(l.a, l.b, other, margin))) return null
    if (segments.some(near, (s) => segmentsNear(l, s, margin))) return null
    for (const solid of options.solids) if (segmentHitsRect(l.a, l.b, solid, margin)) return null
  }
  return { box, lead, leadSegments, arrowhead }
}

/** Whether two segments meet or come within `distance` of each other. */
function segmentsNear(p: Segment2, q: Segment2, distance: number): boolean {
  return (
    segmentsIntersect(p.a, p.b, q.a, q.b) ||
    pointSegmentDistance(p.a, q.a, q.b) < distance ||
    pointSegmentDistance(p.b, q.a, q.b) < distance ||
    pointSegmentDistance(q.a, p.a, p.b) < distance ||
    pointSegmentDistance(q.b, p.a, p.b) < distance
  )
}

/**
 * A closed outline as a numeral target: anchors at the middle, then at 30 % and 70 %, then near
 * the ends of every side long enough to take a lead, each with the side's outward normal.
 */
export function polygonTarget(id: string, numeral: string, outline: Point[]): NumeralTarget {
  const own = polygonSegments(outline)
  const anchors: Anchor[] = []
  for (const t of ANCHOR_FRACTIONS) {
    for (const { a, b } of own) {
      const normal = outwardNormal(outline, a, b)
      anchors.push({ point: { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }, normal })
    }
  }
  return { id, numeral, anchors, own }
}

/** The unit normal of side ab pointing out of the polygon. */
function outwardNormal(polygon: Point[], a: Point, b: Point): Point {
  const dx = b.x - a.x
  const dy = b.y - a.y
  const length = Math.hypot(dx, dy) || 1
  let area = 0
  for (let i = 0; i < polygon.length; i++) {
    const p = polygon[i]!
    const q = polygon[(i + 1) % polygon.length]!
    area += p.x * q.y - q.x * p.y
  }
  // y down: a positive shoelace area runs clockwise on screen, whose outside is to the left.
  const sign = area > 0 ? -1 : 1
  return { x: (sign * -dy) / length, y: (sign * dx) / length }
}

/** `segmentHitsRect` with the segment first, as `SpatialGrid.someWith` calls its test. */
function segmentHitsBox(s: Segment2, box: Rect): boolean {
  return segmentHitsRect(s.a, s.b, box)
}

function segmentBounds(s: Segment2): Rect {
  const x = Math.min(s.a.x, s.b.x)
  const y = Math.min(s.a.y, s.b.y)
  return { x, y, width: Math.abs(s.b.x - s.a.x), height: Math.abs(s.b.y - s.a.y) }
}

function rotate(v: Point, radians: number): Point {
  const c = Math.cos(radians)
  const s = Math.sin(radians)
  return { x: v.x * c - v.y * s, y: v.x * s + v.y * c }
}

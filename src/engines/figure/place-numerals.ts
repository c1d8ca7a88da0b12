/**
 * Reference numerals with lead lines (37 CFR 1.84(p)-(q), PLATFORM.md §7 rule 6): each numbered
 * part gets its numeral in Arabic digits, outside the part, joined to it by a gently curved lead
 * line that touches the part's outline. A placement is accepted only when the numeral overlaps no
 * line, text, arrowhead or other numeral (with a clearance), sits inside no other part, and its
 * lead crosses no line, text, numeral or other lead. Among the accepted ones the shortest lead
 * wins, with a slight preference for the right and the top (where readers look for numerals).
 * Candidates: anchor points along every side of the outline × directions around the outward
 * normal × lead lengths; numbering order is the parts' order, so the same scene always gives the
 * same result.
 */

import type { Point, VectorPath } from '../vector'
import type { FontMetrics } from './font-metrics'
import {
  arrowheadPolygon,
  flattenPath,
  inflate,
  polygonSegments,
  rectsOverlap,
  type Segment2,
  segmentHitsRect,
  segmentsIntersect,
  trimEnd,
} from './geometry'
import type { Rect, Scene } from './scene'
import { CAP_HEIGHT_EM } from './sheet'
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
}

export interface NumeralOptions {
  /** Font size of the numerals, sheet units. */
  size: number
  metrics: FontMetrics
  /** Where numerals may go (the sheet inside its margins); null for anywhere. */
  area: Rect | null
  /** Boxes of solid parts (no numeral inside them). */
  solids: Rect[]
}

/** What could not be numbered (no free place found), by part id. */
export interface NumeralResult {
  failed: string[]
}

const DIRECTIONS_DEG = [0, -28, 28, -52, 52]
const LEAD_LENGTHS_EM = [0.8, 1.15, 1.6, 2.2, 3, 4]
const ANCHOR_FRACTIONS = [0.5, 0.3, 0.7, 0.15, 0.85]

/** A way to place a numeral: from `anchor`, a lead `reach` long along `dir`. */
interface Candidate {
  anchor: Point
  dir: Point
  reach: number
  cost: number
}

/** A candidate that fits: the numeral's box and its lead. */
interface Placement {
  box: Rect
  lead: VectorPath
  leadSegments: Segment2[]
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
  const addSegments = (list: Segment2[]) => {
    for (const s of list) segments.add(s)
  }
  for (const stroke of scene.strokes) addSegments(flattenPath(stroke))
  for (const head of scene.arrowheads) addSegments(polygonSegments(arrowheadPolygon(head)))
  for (const lead of scene.leads) addSegments(flattenPath(lead.path))
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
    const candidates: Candidate[] = []
    for (const [rank, { point: anchor, normal }] of target.anchors.entries()) {
      for (const degrees of DIRECTIONS_DEG) {
        const dir = rotate(normal, (degrees * Math.PI) / 180)
        for (const em of LEAD_LENGTHS_EM) {
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
    candidates.sort((a, b) => a.cost - b.cost)
    let best: Placement | null = null
    const numeral = { width, height, size }
    for (const c of candidates) {
      best = tryPlacement(c, numeral, own, segments, boxes, options, clearance)
      if (best) break
    }
    if (!best) {
      failed.push(target.id)
      continue
    }
    scene.texts.push({
      text,
      x: best.box.x,
      y: best.box.y + height,
      size,
      anchor: 'start',
      role: 'numeral',
      box: best.box,
    })
    scene.leads.push({ numeral: target.numeral, partId: target.id, path: best.lead })
    addSegments(best.leadSegments)
    boxes.add(best.box)
  }
  return { failed }
}

/**
 * The candidate placed, if it fits (see the module header): the numeral's box is tested first,
 * and the lead is only made and tested for a box that is free.
 */
function tryPlacement(
  c: Candidate,
  numeral: { width: number; height: number; size: number },
  own: Segment2[],
  segments: SpatialGrid<Segment2>,
  boxes: SpatialGrid<Rect>,
  options: NumeralOptions,
  clearance: number,
): Placement | null {
  const { anchor, dir, reach } = c
  const { width, height, size } = numeral
  // The lead's end as numbers: most candidates fail on their box, before the end is needed.
  const endX = anchor.x + dir.x * reach
  const endY = anchor.y + dir.y * reach
  const gap = 0.18 * size
  let box: Rect
  if (Math.abs(dir.x) >= Math.abs(dir.y)) {
    const x = dir.x > 0 ? endX + gap : endX - gap - width
    box = { x, y: endY - height / 2, width, height }
  } else {
    const y = dir.y > 0 ? endY + gap : endY - gap - height
    box = { x: endX - width / 2, y, width, height }
  }
  const area = options.area
  if (
    area &&
    (box.x < area.x ||
      box.y < area.y ||
      box.x + box.width > area.x + area.width ||
      box.y + box.height > area.y + area.height)
  ) {
    return null
  }
  // Hundreds of thousands of candidates on a 40-part figure: the scene queries below take
  // module-level tests (no closure per candidate).
  const padded = inflate(box, clearance)
  for (const solid of options.solids) if (rectsOverlap(padded, solid)) return null
  if (boxes.someWith(padded, rectsOverlap, padded)) return null
  if (segments.someWith(padded, segmentHitsBox, padded)) return null
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
  for (const l of body) {
    const near = inflate(segmentBounds(l), margin)
    if (boxes.some(near, (other) => segmentHitsRect(l.a, l.b, other, margin))) return null
    if (segments.some(near, (s) => segmentsIntersect(l.a, l.b, s.a, s.b))) return null
    for (const s of own) if (segmentsIntersect(l.a, l.b, s.a, s.b)) return null
    for (const solid of options.solids) if (segmentHitsRect(l.a, l.b, solid)) return null
  }
  return { box, lead, leadSegments }
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

/**
 * Drafter stage 3, the names on links: a decision's YES / NO beside where its branch leaves it, a
 * signal's name ("FEEDBACK SIGNAL") beside its line, each set where it touches no line, shape or
 * other text. Candidates, in order: where the layout made room for it; for a branch, the spots
 * drafters use beside its first legs; then every place beside every segment of the line, both
 * sides, stepped along it (a trunk's name only along the part its links share). Among those the
 * one with the most room around it (other than its own line) wins, then for a branch the one
 * nearest its decision, for a signal the one nearest its source. None free: null, and the caller
 * decides (lay the sheet out again with room kept in the middle of the link, or leave the name
 * out with a warning), so a name never overlaps anything.
 */

import type { Point } from '../../vector'
import type { FontMetrics } from '../font-metrics'
import { inflate, rectsOverlap, type Segment2, segmentHitsRect } from '../geometry'
import type { Rect, SceneText } from '../scene'
import { CAP_HEIGHT_EM, FONT_PX, PEN_PX } from '../sheet'
import { SpatialGrid } from '../spatial-grid'

/** One link's name to place. */
export interface LinkLabel {
  text: string
  /** The link's route, source first. */
  path: Point[]
  /** The length of `path` from the source that other links share (a trunk): the name goes there. */
  shared?: number
  /** Where the layout made room for it (its text box). */
  room?: Rect
  /** A decision's YES / NO: as near the decision as it can be. */
  branch: boolean
  /** The lines it may come close to: its own, and its trunk's. */
  own: ReadonlySet<Segment2>
}

/** Room around a candidate, in font sizes: the more of these it keeps free, the better. */
const CLEARANCE_EM = [0.3, 0.6, 1]
/** Candidates are this far apart along a segment, in font sizes. */
const STEP_EM = 0.25

/** The drawn lines and text boxes a name must keep off, indexed by place. */
export class TakenRoom {
  private readonly lines = new SpatialGrid<Segment2>(4 * FONT_PX, segmentBounds)
  private readonly boxes = new SpatialGrid<Rect>(4 * FONT_PX, (box) => box)

  constructor(lines: Segment2[], boxes: Rect[]) {
    for (const line of lines) this.lines.add(line)
    for (const box of boxes) this.boxes.add(box)
  }

  /** Marks a box taken (a name just placed). */
  take(box: Rect): void {
    this.boxes.add(box)
  }

  /** Whether `box` grown by `pad` touches no box and no line but those in `except`. */
  free(box: Rect, pad: number, except?: ReadonlySet<Segment2>): boolean {
    const grown = inflate(box, pad)
    if (this.boxes.some(grown, (other) => rectsOverlap(grown, other))) return false
    return !this.lines.some(
      grown,
      (line) => !except?.has(line) && segmentHitsRect(line.a, line.b, grown),
    )
  }
}

/**
 * The name of one link set in free room (see the module header), or null when no candidate is
 * free. `bounds` is what is drawn so far: a place that leaves its long side as it is comes first,
 * since a longer one prints the whole sheet smaller.
 */
export function placeLinkLabel(
  label: LinkLabel,
  metrics: FontMetrics,
  taken: TakenRoom,
  bounds: Rect,
): SceneText | null {
  const size = FONT_PX
  const width = metrics.measure(label.text, size)
  const boxAt = (x: number, y: number): Rect => ({
    x,
    y: y - CAP_HEIGHT_EM * size,
    width,
    height: (CAP_HEIGHT_EM + 0.24) * size,
  })
  const text = (x: number, y: number): SceneText => ({
    text: label.text,
    x,
    y,
    size,
    anchor: 'start',
    role: 'branch',
    box: boxAt(x, y),
  })
  const free = (box: Rect) => taken.free(box, PEN_PX)
  // The layout's room and a branch's usual spots, in order: the first free one.
  for (const spot of preferredSpots(label, width)) {
    if (free(boxAt(spot.x, spot.y))) return text(spot.x, spot.y)
  }
  let best: { spot: Spot; key: number[] } | null = null
  for (const spot of alongSpots(label, width)) {
    const box = boxAt(spot.x, spot.y)
    if (!free(box)) continue
    let level = 0
    while (level < CLEARANCE_EM.length && taken.free(box, CLEARANCE_EM[level]! * size, label.own)) {
      level++
    }
    const grows = growth(bounds, box)
    // Smaller is better, in order.
    const key = label.branch
      ? [grows, level > 0 ? 0 : 1, spot.along, -level, spot.side]
      : [grows, -level, spot.along, spot.side]
    if (!best || lexLess(key, best.key)) best = { spot, key }
  }
  return best ? text(best.spot.x, best.spot.y) : null
}

/** A baseline start for the name, how far along the link it sits, and which side (0 first). */
interface Spot {
  x: number
  y: number
  along: number
  side: number
}

/**
 * The layout's room for the name (when it lies beside the part a trunk shares), and for a branch
 * the drafter's usual spots: right of a leg going down or above a leg going sideways, then the
 * other side, on its first two legs.
 */
function preferredSpots(label: LinkLabel, width: number): { x: number; y: number }[] {
  const { path, room } = label
  const size = FONT_PX
  const gap = 0.3 * size
  const cap = CAP_HEIGHT_EM * size
  const spots: { x: number; y: number }[] = []
  const shared = label.shared === undefined ? path : clip(path, Math.max(label.shared, size))
  if (room && nearPath(room, shared, 2 * gap + PEN_PX)) {
    spots.push({ x: room.x, y: room.y + room.height })
  }
  if (!label.branch) return spots
  for (let leg = 0; leg < Math.min(2, path.length - 1); leg++) {
    const [a, b] = [path[leg]!, path[leg + 1]!]
    if (Math.abs(b.x - a.x) < Math.abs(b.y - a.y)) {
      const y = b.y > a.y ? a.y + gap + cap : a.y - gap
      spots.push({ x: a.x + gap, y }, { x: a.x - gap - width, y })
    } else {
      const x = b.x < a.x ? a.x - gap - width : a.x + gap
      spots.push({ x, y: a.y - gap - PEN_PX }, { x, y: a.y + gap + cap + PEN_PX })
    }
  }
  return spots
}

/**
 * Every place beside the link (a trunk: beside the part its links share), stepped along each
 * segment with the name's middle on the segment: right of and left of an upright segment, above
 * and below a level one.
 */
function alongSpots(label: LinkLabel, width: number): Spot[] {
  const size = FONT_PX
  const gap = 0.3 * size
  const cap = CAP_HEIGHT_EM * size
  const height = (CAP_HEIGHT_EM + 0.24) * size
  const step = STEP_EM * size
  const path =
    label.shared === undefined ? label.path : clip(label.path, Math.max(label.shared, size))
  const spots: Spot[] = []
  let walked = 0
  for (let i = 0; i + 1 < path.length; i++) {
    const [a, b] = [path[i]!, path[i + 1]!]
    const length = Math.hypot(b.x - a.x, b.y - a.y)
    const upright = Math.abs(b.x - a.x) < Math.abs(b.y - a.y)
    // The name's middle goes from the segment's start to its end.
    const count = Math.max(1, Math.floor(length / step) + 1)
    for (let k = 0; k < count; k++) {
      const t = count === 1 ? 0.5 : k / (count - 1)
      const mid = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }
      const along = walked + t * length
      if (upright) {
        const y = mid.y - height / 2 + cap
        spots.push(
          { x: mid.x + gap, y, along, side: 0 },
          { x: mid.x - gap - width, y, along, side: 1 },
        )
      } else {
        const x = mid.x - width / 2
        spots.push(
          { x, y: mid.y - gap - PEN_PX, along, side: 0 },
          { x, y: mid.y + gap + cap + PEN_PX, along, side: 1 },
        )
      }
    }
    walked += length
  }
  return spots
}

/** The first `length` of a polyline. */
export function clip(path: Point[], length: number): Point[] {
  const out: Point[] = [path[0]!]
  let left = length
  for (let i = 0; i + 1 < path.length && left > 0; i++) {
    const [a, b] = [path[i]!, path[i + 1]!]
    const d = Math.hypot(b.x - a.x, b.y - a.y)
    if (d <= left) {
      out.push(b)
      left -= d
      continue
    }
    const t = left / d
    out.push({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t })
    left = 0
  }
  return out
}

/**
 * How far from their common start several routes run together (orthogonal routes that leave
 * one port and split where they part), px; 0 when they part at once.
 */
export function sharedLength(paths: Point[][]): number {
  const [first, ...rest] = paths
  if (!first || first.length < 2) return 0
  const same = (p: Point, q: Point) => Math.abs(p.x - q.x) < 0.5 && Math.abs(p.y - q.y) < 0.5
  if (!rest.every((p) => p.length >= 2 && same(p[0]!, first[0]!))) return 0
  let length = 0
  for (let i = 0; i + 1 < first.length; i++) {
    const a = first[i]!
    // How far each route runs from `a` the way `first` does, along this leg.
    const dir = unit(a, first[i + 1]!)
    let run = Math.hypot(first[i + 1]!.x - a.x, first[i + 1]!.y - a.y)
    for (const p of rest) {
      const q = p[i + 1]
      if (!q || !same(p[i]!, a)) return length
      const d = unit(a, q)
      if (Math.abs(d.x - dir.x) > 1e-6 || Math.abs(d.y - dir.y) > 1e-6) return length
      run = Math.min(run, Math.hypot(q.x - a.x, q.y - a.y))
    }
    length += run
    if (!rest.every((p) => same(p[i + 1]!, first[i + 1]!))) return length
  }
  return length
}

function unit(a: Point, b: Point): Point {
  const d = Math.hypot(b.x - a.x, b.y - a.y) || 1
  return { x: (b.x - a.x) / d, y: (b.y - a.y) / d }
}

/** Whether `box` comes within `reach` of the polyline. */
function nearPath(box: Rect, path: Point[], reach: number): boolean {
  for (let i = 0; i + 1 < path.length; i++) {
    if (segmentHitsRect(path[i]!, path[i + 1]!, box, reach)) return true
  }
  return false
}

/** How much longer the long side of `bounds` gets with `box` in it, px (under 1 px: none). */
function growth(bounds: Rect, box: Rect): number {
  const union = unionRect(bounds, box)
  const longer = Math.max(union.width, union.height) - Math.max(bounds.width, bounds.height)
  return longer < 1 ? 0 : Math.round(longer)
}

/** The smallest box holding both. */
export function unionRect(a: Rect, b: Rect): Rect {
  const x = Math.min(a.x, b.x)
  const y = Math.min(a.y, b.y)
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  }
}

function lexLess(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return a[i]! < b[i]!
  }
  return false
}

function segmentBounds(s: Segment2): Rect {
  const x = Math.min(s.a.x, s.b.x)
  const y = Math.min(s.a.y, s.b.y)
  return { x, y, width: Math.abs(s.a.x - s.b.x), height: Math.abs(s.a.y - s.b.y) }
}

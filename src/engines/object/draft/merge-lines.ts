/**
 * Object drafter, lines closer than the pen drawn as one, as an illustrator inks them: two
 * visible lines that print less than a pen apart would fill the gap between them with gray (a
 * thin plate seen edge-on, a hollow wall's two rims, a small part at a design set's scale). Of
 * two near-parallel stretches, the one on the shorter line goes, and what is left of it bends
 * onto the line that stays; visible lines win over hidden ones. A part whose every line would go
 * keeps its lines (and others give way), so each numbered part still shows on the sheet.
 */

import type { Point } from '../../vector'

/** One polyline of a view on the sheet, its part, and whether it is a hidden (dashed) line. */
export interface DraftLine {
  points: Point[]
  part: string
  hidden: boolean
}

/** Stretches closer than this many pens (centre to centre) are merged: their gap is under a pen. */
export const MERGE_PENS = 2
/** Lines within this angle of each other (sine) count as running alongside. */
const PARALLEL_SINE = 0.5
/** A converging line's cut end curves onto the line that stays over this many merge distances. */
const BLEND = 3
/** A covered stretch shorter than this many merge distances, between uncovered ones, is a touch. */
const TOUCH_SPAN = 3
/** A part less than this many pens across is drawn as its outline. */
const SMALL_PART_PENS = 4
/** A part drawn only dashed is drawn as its outline up to this many times that size. */
const DASHED_SMALL = 4
/** A line end this close to another line (pens) touches it already. */
const TOUCH_PENS = 0.25
/** A turn sharper than this (cosine of 45°) is a corner. */
const CORNER_COSINE = Math.SQRT1_2

interface Sample {
  x: number
  y: number
  /** Unit direction of the segment the sample lies on. */
  ux: number
  uy: number
  /** Whether it is one of the line's own vertices (the rest are only tested). */
  vertex: boolean
  /** The line's segment it lies on: points[seg − 1] to points[seg]. */
  seg: number
}

/**
 * Merges `drawn` (sheet units, one view) inked with a pen `pen` wide; see the module header.
 * Deterministic: longer lines first, ties in the given order.
 */
export function mergeNearLines(drawn: readonly DraftLine[], pen: number): DraftLine[] {
  const tol = MERGE_PENS * pen
  // Cut at corners: the two long sides of one thin outline then merge like any two lines.
  const lines = simplifySmallParts(
    drawn.flatMap((l) => splitAtCorners(l.points).map((points) => ({ ...l, points }))),
    pen,
  )
  const lengths = lines.map((l) => lineLength(l.points))
  const byLength = lines
    .map((_, k) => k)
    .sort(
      (a, b) => Number(lines[a]!.hidden) - Number(lines[b]!.hidden) || lengths[b]! - lengths[a]!,
    )
  const first = mergeInOrder(lines, byLength, tol, pen)
  // A part merged away entirely is drawn first and whole: others give way to it.
  const shown = new Set(first.filter((l) => !l.hidden).map((l) => l.part))
  const lost = new Set(lines.filter((l) => !l.hidden && !shown.has(l.part)).map((l) => l.part))
  if (lost.size === 0) return closeGaps(first, tol, pen)
  const order = [
    ...byLength.filter((k) => !lines[k]!.hidden && lost.has(lines[k]!.part)),
    ...byLength.filter((k) => lines[k]!.hidden || !lost.has(lines[k]!.part)),
  ]
  return closeGaps(mergeInOrder(lines, order, tol, pen), tol, pen)
}

/**
 * A part smaller than SMALL_PART_PENS across is drawn as its outline only (the hull of its
 * visible lines), or as one stroke when even that is narrower than the merge distance: its inner
 * lines would print as a blot.
 */
function simplifySmallParts(lines: readonly DraftLine[], pen: number): DraftLine[] {
  const seen = new Set(lines.filter((l) => !l.hidden).map((l) => l.part))
  // A part's visible lines, or the hidden ones of a part drawn only dashed.
  const drawnAs = (l: DraftLine) => !l.hidden || !seen.has(l.part)
  const points = new Map<string, Point[]>()
  for (const l of lines) {
    if (!drawnAs(l)) continue
    const list = points.get(l.part)
    if (list) list.push(...l.points)
    else points.set(l.part, [...l.points])
  }
  const small = new Map<string, Point[]>()
  for (const [part, list] of points) {
    const xs = list.map((p) => p.x)
    const ys = list.map((p) => p.y)
    const size = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys))
    // Dashes are five pens long: a dashed part's details need room for a few each.
    if (size >= SMALL_PART_PENS * pen * (seen.has(part) ? 1 : DASHED_SMALL)) continue
    const hull = convexHull(list)
    small.set(part, widthOf(hull) < MERGE_PENS * pen ? diameterOf(hull) : hull)
  }
  if (small.size === 0) return [...lines]
  const out = lines.filter((l) => !small.has(l.part) || (l.hidden && seen.has(l.part)))
  for (const [part, hull] of small) out.push({ points: hull, part, hidden: !seen.has(part) })
  return out
}

/** The closed convex hull of `points` (monotone chain). */
function convexHull(points: readonly Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y)
  const cross = (o: Point, a: Point, b: Point) =>
    (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
  const half = (list: Point[]) => {
    const h: Point[] = []
    for (const p of list) {
      while (h.length >= 2 && cross(h[h.length - 2]!, h[h.length - 1]!, p) <= 0) h.pop()
      h.push(p)
    }
    h.pop()
    return h
  }
  const hull = [...half(sorted), ...half(sorted.reverse())]
  if (hull.length === 0) return [points[0]!, points[0]!]
  return [...hull, hull[0]!]
}

/** The longest chord of a closed hull, as a polyline. */
function diameterOf(hull: readonly Point[]): Point[] {
  let best: Point[] = [hull[0]!, hull[0]!]
  let most = -1
  for (const a of hull) {
    for (const b of hull) {
      const d = Math.hypot(a.x - b.x, a.y - b.y)
      if (d > most) {
        most = d
        best = [a, b]
      }
    }
  }
  return best
}

/** A closed hull's width across its longest chord. */
function widthOf(hull: readonly Point[]): number {
  const [a, b] = diameterOf(hull)
  const len = Math.hypot(b!.x - a!.x, b!.y - a!.y)
  if (len < 1e-9) return 0
  const across = hull.map(
    (p) => ((p.x - a!.x) * (b!.y - a!.y) - (p.y - a!.y) * (b!.x - a!.x)) / len,
  )
  return Math.max(...across) - Math.min(...across)
}

/**
 * Line ends left short of another line by less than the merge distance (their partner merged
 * away, or a gap under a pen) are drawn on to it.
 */
function closeGaps(lines: DraftLine[], tol: number, pen: number): DraftLine[] {
  const grid = new SegmentGrid(2 * tol)
  for (const [k, l] of lines.entries()) grid.add(l.points, l.hidden, k)
  for (const [k, l] of lines.entries()) {
    if (isClosed(l.points)) continue
    const ends = [l.points[0]!, l.points[l.points.length - 1]!]
    const joins = ends.map((end) => {
      const q = grid.nearest(end, tol, k, l.hidden)
      return q && q.d > TOUCH_PENS * pen ? q : null
    })
    if (joins[0]) l.points.unshift({ x: joins[0].x, y: joins[0].y })
    if (joins[1]) l.points.push({ x: joins[1].x, y: joins[1].y })
  }
  return lines
}

function mergeInOrder(
  lines: readonly DraftLine[],
  order: readonly number[],
  tol: number,
  pen: number,
): DraftLine[] {
  const grid = new SegmentGrid(2 * tol)
  const out: DraftLine[] = []
  for (const k of order) {
    const line = lines[k]!
    const pts = line.points
    // Kept stretches running alongside each segment: most lines have none, and stay whole.
    const alongside = pts.map((p, i) =>
      i === 0 ? [] : grid.alongside(pts[i - 1]!, p, 2 * tol, line.hidden),
    )
    if (alongside.every((c) => c.length === 0)) {
      // A stub between two merged lines is under their pen already.
      const stub = lineLength(pts) <= tol && grid.allNear(pts, tol)
      if (pts.length > 1 && !stub) out.push(line)
      grid.add(pts, line.hidden)
      continue
    }
    const samples = sampleLine(pts, pen / 2)
    if (samples.length < 2) continue
    // Each sample's nearest kept stretch running alongside, and whether it lies on it.
    const near = samples.map((s) => {
      const candidates = alongside[s.seg]!
      return candidates.length > 0 ? grid.nearestOf(candidates, s, 2 * tol) : null
    })
    const covered = near.map((n) => n !== null && n.d < tol)
    keepTouches(covered, samples, isClosed(line.points), TOUCH_SPAN * tol)
    const pieces: Point[][] = []
    if (!covered.some(Boolean)) pieces.push(line.points)
    else {
      const closed = isClosed(line.points)
      let start = 0
      // A closed line is walked from a covered sample, so a run never wraps around its seam.
      if (closed) start = covered.indexOf(true)
      const n = closed ? samples.length - 1 : samples.length
      let run: number[] = []
      let before = -1
      for (let i = 0; i <= n; i++) {
        if (i === n && !closed) break
        const at = closed ? (start + i) % n : i
        if (!covered[at]) {
          run.push(at)
          continue
        }
        if (run.length > 1) pieces.push(bend(run, samples, near, { before, after: at }, tol))
        run = []
        before = at
      }
      if (run.length > 1) pieces.push(bend(run, samples, near, { before, after: -1 }, tol))
    }
    for (const points of pieces) {
      // A stub between two merged lines is under their pen already.
      if (lineLength(points) <= tol && grid.allNear(points, tol)) continue
      out.push({ points, part: line.part, hidden: line.hidden })
    }
    for (const points of pieces) grid.add(points, line.hidden)
  }
  return out
}

/**
 * Uncovers covered stretches shorter than `span` with uncovered samples on both sides: a curve
 * that only touches another line there (a lens at a body's edge) is not doubled.
 */
function keepTouches(
  covered: boolean[],
  samples: readonly Sample[],
  closed: boolean,
  span: number,
): void {
  const n = covered.length
  if (covered.every(Boolean) || !covered.some(Boolean)) return
  const step = (k: number) =>
    Math.hypot(samples[k]!.x - samples[k - 1]!.x, samples[k]!.y - samples[k - 1]!.y)
  // Walk from an uncovered sample so every covered stretch is seen whole.
  const from = closed ? covered.indexOf(false) : 0
  const count = closed ? n - 1 : n
  let stretch: number[] = []
  let length = 0
  for (let i = 0; i <= count; i++) {
    const k = closed ? (from + i) % (n - 1) : i
    if (i < count && covered[k]) {
      if (stretch.length > 0 && k > 0) length += step(k)
      stretch.push(k)
      continue
    }
    const inside = closed || (stretch.length > 0 && stretch[0]! > 0 && i < count)
    if (stretch.length > 0 && inside && length < span) for (const j of stretch) covered[j] = false
    stretch = []
    length = 0
  }
  if (closed) covered[n - 1] = covered[0]!
}

/**
 * A run of samples as a polyline whose cut ends join the stretch that covered them: a line
 * still converging on it there (a hollow wall's inner rim) curves onto it over BLEND merge
 * distances; one whose covering line ended (an offset edge) steps onto it.
 */
function bend(
  run: readonly number[],
  samples: readonly Sample[],
  near: readonly (Nearest | null)[],
  cuts: { before: number; after: number },
  tol: number,
): Point[] {
  const pts = run.map((i) => ({ x: samples[i]!.x, y: samples[i]!.y }))
  const keep = run.map((i, k) => samples[i]!.vertex || k === 0 || k === run.length - 1)
  const span = BLEND * tol
  const blend = (cut: number, from: number, dir: 1 | -1) => {
    const q = near[cut]!
    if (!near[run[from]!]) return true
    const ox = q.x - pts[from]!.x
    const oy = q.y - pts[from]!.y
    let s = 0
    for (let k = from; k >= 0 && k < pts.length && s < span; k += dir) {
      if (k !== from) s += Math.hypot(pts[k]!.x - pts[k - dir]!.x, pts[k]!.y - pts[k - dir]!.y)
      const t = Math.min(1, s / span)
      const w = 1 - t * t * (3 - 2 * t)
      pts[k] = { x: pts[k]!.x + w * ox, y: pts[k]!.y + w * oy }
      keep[k] = true
    }
    return false
  }
  const stepBefore = cuts.before >= 0 && blend(cuts.before, 0, 1)
  const stepAfter = cuts.after >= 0 && blend(cuts.after, pts.length - 1, -1)
  const out = pts.filter((_, k) => keep[k])
  if (stepBefore) out.unshift({ x: near[cuts.before]!.x, y: near[cuts.before]!.y })
  if (stepAfter) out.push({ x: near[cuts.after]!.x, y: near[cuts.after]!.y })
  return out
}

/** A polyline cut where it turns by more than CORNER_COSINE allows. */
function splitAtCorners(points: readonly Point[]): Point[][] {
  const out: Point[][] = []
  let current: Point[] = [points[0]!]
  for (let k = 1; k < points.length; k++) {
    const p = points[k]!
    current.push(p)
    const next = points[k + 1]
    if (!next) break
    const a = points[k - 1]!
    const ux = p.x - a.x
    const uy = p.y - a.y
    const vx = next.x - p.x
    const vy = next.y - p.y
    const lu = Math.hypot(ux, uy)
    const lv = Math.hypot(vx, vy)
    if (lu > 1e-9 && lv > 1e-9 && (ux * vx + uy * vy) / (lu * lv) < CORNER_COSINE) {
      out.push(current)
      current = [p]
    }
  }
  if (current.length > 1) out.push(current)
  return out
}

/** The line resampled every `step` at most, its own vertices kept and marked. */
function sampleLine(points: readonly Point[], step: number): Sample[] {
  const out: Sample[] = []
  for (let k = 1; k < points.length; k++) {
    const a = points[k - 1]!
    const b = points[k]!
    const len = Math.hypot(b.x - a.x, b.y - a.y)
    if (len < 1e-9) continue
    const ux = (b.x - a.x) / len
    const uy = (b.y - a.y) / len
    const n = Math.max(1, Math.ceil(len / step))
    for (let j = out.length === 0 ? 0 : 1; j <= n; j++) {
      out.push({
        x: a.x + (ux * len * j) / n,
        y: a.y + (uy * len * j) / n,
        ux,
        uy,
        vertex: j === 0 || j === n,
        seg: k,
      })
    }
  }
  return out
}

function lineLength(points: readonly Point[]): number {
  let len = 0
  for (let k = 1; k < points.length; k++) {
    len += Math.hypot(points[k]!.x - points[k - 1]!.x, points[k]!.y - points[k - 1]!.y)
  }
  return len
}

function isClosed(points: readonly Point[]): boolean {
  const a = points[0]!
  const b = points[points.length - 1]!
  return points.length > 2 && Math.hypot(a.x - b.x, a.y - b.y) < 1e-6
}

interface Nearest {
  x: number
  y: number
  d: number
}

const STRIDE = 6

/** Kept segments filed in square cells, for the nearest-stretch questions above. */
class SegmentGrid {
  private readonly cells = new Map<number, number[]>()
  /** Per segment: ax, ay, bx, by, hidden (0 or 1), owner line (−1: none). */
  private readonly segs: number[] = []
  /** The last query that visited each segment. */
  private readonly stamp: number[] = []
  private query = 0

  constructor(private readonly cell: number) {}

  private key(cx: number, cy: number): number {
    return (cx + 1_000_000) * 2_000_003 + (cy + 1_000_000)
  }

  add(points: readonly Point[], hidden: boolean, owner = -1): void {
    for (let k = 1; k < points.length; k++) {
      const a = points[k - 1]!
      const b = points[k]!
      const id = this.segs.length / STRIDE
      this.segs.push(a.x, a.y, b.x, b.y, hidden ? 1 : 0, owner)
      this.cellsAlong(a, b, 0, (key) => {
        const list = this.cells.get(key)
        if (list) list.push(id)
        else this.cells.set(key, [id])
      })
    }
  }

  /** The cells within `pad` of segment a–b, row by row (not its whole box: long diagonals). */
  private cellsAlong(a: Point, b: Point, pad: number, visit: (key: number) => void): void {
    const c = this.cell
    const dx = b.x - a.x
    const dy = b.y - a.y
    const cy0 = Math.floor((Math.min(a.y, b.y) - pad) / c)
    const cy1 = Math.floor((Math.max(a.y, b.y) + pad) / c)
    for (let cy = cy0; cy <= cy1; cy++) {
      let t0 = 0
      let t1 = 1
      if (Math.abs(dy) > 1e-12) {
        const ta = (cy * c - pad - a.y) / dy
        const tb = ((cy + 1) * c + pad - a.y) / dy
        t0 = Math.max(0, Math.min(ta, tb))
        t1 = Math.min(1, Math.max(ta, tb))
        if (t0 > t1) continue
      }
      const xa = a.x + dx * t0
      const xb = a.x + dx * t1
      const cx1 = Math.floor((Math.max(xa, xb) + pad) / c)
      for (let cx = Math.floor((Math.min(xa, xb) - pad) / c); cx <= cx1; cx++) {
        visit(this.key(cx, cy))
      }
    }
  }

  /** Segments filed in cells within `reach` of segment a–b, each once. */
  private around(a: Point, b: Point, reach: number, visit: (o: number) => void): void {
    const query = ++this.query
    this.cellsAlong(a, b, reach, (key) => {
      const list = this.cells.get(key)
      if (!list) return
      for (const id of list) {
        if (this.stamp[id] === query) continue
        this.stamp[id] = query
        visit(STRIDE * id)
      }
    })
  }

  /**
   * Kept segments near segment a–b that run alongside it (a hidden line is covered by any, a
   * visible one by visible ones only), as offsets for nearestOf.
   */
  alongside(a: Point, b: Point, reach: number, hidden: boolean): number[] {
    const out: number[] = []
    const g = this.segs
    const ux = b.x - a.x
    const uy = b.y - a.y
    const lu = Math.hypot(ux, uy)
    if (lu < 1e-9) return out
    this.around(a, b, reach, (o) => {
      if (!hidden && g[o + 4] === 1) return
      const dx = g[o + 2]! - g[o]!
      const dy = g[o + 3]! - g[o + 1]!
      const len = Math.hypot(dx, dy)
      if (len < 1e-9 || Math.abs(ux * dy - uy * dx) > PARALLEL_SINE * len * lu) return
      out.push(o)
    })
    return out
  }

  /** The nearest point within `reach` of p beside one of `candidates` (not past its ends). */
  nearestOf(candidates: readonly number[], p: Point, reach: number): Nearest | null {
    let best: Nearest | null = null
    const g = this.segs
    for (const o of candidates) {
      const dx = g[o + 2]! - g[o]!
      const dy = g[o + 3]! - g[o + 1]!
      // Only beside the stretch: past its end the line is no longer doubled.
      const t = ((p.x - g[o]!) * dx + (p.y - g[o + 1]!) * dy) / (dx * dx + dy * dy)
      if (t < 0 || t > 1) continue
      const x = g[o]! + t * dx
      const y = g[o + 1]! + t * dy
      const d = Math.hypot(x - p.x, y - p.y)
      if (d < reach && (!best || d < best.d)) best = { x, y, d }
    }
    return best
  }

  /**
   * The nearest point within `reach` on a segment not of line `owner` (a visible line reaches
   * visible ones only), or null.
   */
  nearest(p: Point, reach: number, owner: number, hidden: boolean): Nearest | null {
    let best: Nearest | null = null
    const g = this.segs
    this.around(p, p, reach, (o) => {
      if (g[o + 5] === owner || (!hidden && g[o + 4] === 1)) return
      const dx = g[o + 2]! - g[o]!
      const dy = g[o + 3]! - g[o + 1]!
      const q = closest(p.x, p.y, g[o]!, g[o + 1]!, dx, dy, Math.hypot(dx, dy))
      const d = Math.hypot(q.x - p.x, q.y - p.y)
      if (d < reach && (!best || d < best.d)) best = { x: q.x, y: q.y, d }
    })
    return best
  }

  /** Whether every point of `points` lies within `reach` of some kept segment. */
  allNear(points: readonly Point[], reach: number): boolean {
    const g = this.segs
    return points.every((p) => {
      let found = false
      this.around(p, p, reach, (o) => {
        if (found) return
        const dx = g[o + 2]! - g[o]!
        const dy = g[o + 3]! - g[o + 1]!
        const q = closest(p.x, p.y, g[o]!, g[o + 1]!, dx, dy, Math.hypot(dx, dy))
        if (Math.hypot(q.x - p.x, q.y - p.y) < reach) found = true
      })
      return found
    })
  }
}

/** The point of segment (ax, ay) + t·(dx, dy), t in [0, 1], nearest (x, y). */
function closest(
  x: number,
  y: number,
  ax: number,
  ay: number,
  dx: number,
  dy: number,
  len: number,
): Point {
  if (len < 1e-9) return { x: ax, y: ay }
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (len * len)))
  return { x: ax + t * dx, y: ay + t * dy }
}

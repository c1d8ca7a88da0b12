/**
 * Speck stage of the lineart engine, on the graph (prune → drop isolated specks → place
 * junctions): removes the tiny strokes that stand alone, which is what scan noise looks like,
 * while the dots of stippling and dotted lines, which come in company, stay.
 */

import { hypot2 } from '../../lib/hypot'
import type { StrokeGraph } from './stroke-graph'

/*
 * Stage: drop isolated specks.
 * Job: a dot, or a small piece (a connected part of the graph no larger across than
 * SPECK_WIDTHS stroke widths: a short stroke, a blot that thinned to a tiny loop or a knot), is
 * a speck candidate. Each is, in this order:
 *   isolated  no other ink within `radius`: noise, dropped;
 *   company   MIN_COMPANY other candidates near it: the dots of stippling or a dotted line, kept;
 *   aligned   a free line end within `radius` points at it: a dash or the dot of a dashed or
 *             dash-dot line, kept;
 *   lone      beside lines, alone. A drawing has a few on purpose (the period of "FIG. 4."): all
 *             are kept while there are at most MAX_MEANT_LONE (or MAX_MEANT_LONE_PER_MP per MP).
 *             More means a noisy scan, and a lone one then stays only when pen-sized (THIN_SHARE
 *             of the typical width) and right beside other ink (CLOSE_WIDTHS).
 * The pixel despeckle before thinning removes only what is smaller than a fixed area, because a
 * stipple dot and a noise speck can have the same size; what tells them apart is their company,
 * their alignment and their size against the lines around them.
 * Input → output: StrokeGraph → the same graph, edited.
 * Method: pieces by union-find over the live edges' nodes, sized by their bounding boxes. Count
 * grids of `radius`-sized cells hold every point of ink and every candidate once (at its centre);
 * "near" is the 3 × 3 cells around a centre. Line ends are bucketed on the same cells. The radius
 * scales with the drawing's typical (length-weighted median) stroke width.
 */

/** A piece no larger across than this many widths (+ 2 px) is a speck candidate. */
const SPECK_WIDTHS = 2
/** Neighbourhood, in stroke widths (+ 6 px), that must be empty for a speck to go. */
const RADIUS_WIDTHS = 4
/** Random specks have a neighbour or two by chance; stipple and dotted lines have more. */
const MIN_COMPANY = 3
/** On a noisy scan, a lone candidate thinner than this × the typical width goes. */
const THIN_SHARE = 0.75
/**
 * Lone candidates beside lines (no company, not in line with a line end) are all kept up to this
 * many, or this many per megapixel: a drawing's periods. Above, the scan is noisy, and each stays
 * only when pen-sized and right beside other ink.
 */
const MAX_MEANT_LONE = 4
const MAX_MEANT_LONE_PER_MP = 12
/** Right beside: other ink within this many widths (+ 2 px). */
const CLOSE_WIDTHS = 2

/**
 * The connected pieces of the live graph, in typed arrays (a stippled sheet has tens of
 * thousands: as objects they outlived the young generation, see ./stroke-graph.ts): for piece
 * k its bounding box, point count, length-weighted width sum and edges (a list through
 * `nextEdge`, from `firstEdge[k]`).
 */
interface Pieces {
  count: number
  x0: Float64Array
  y0: Float64Array
  x1: Float64Array
  y1: Float64Array
  points: Int32Array
  widthSum: Float64Array
  firstEdge: Int32Array
  /** Next edge of the same piece, by edge id, or -1. */
  nextEdge: Int32Array
}

/** @returns how many specks were dropped */
export function dropIsolatedSpecks(graph: StrokeGraph, width: number, height: number): number {
  const typical = typicalWidth(graph)
  const limit = SPECK_WIDTHS * typical + 2
  const all = pieces(graph)
  /** The speck candidates: small pieces, by piece index. */
  const candidates: number[] = []
  for (let k = 0; k < all.count; k++) {
    if (hypot2(all.x1[k]! - all.x0[k]!, all.y1[k]! - all.y0[k]!) < limit) candidates.push(k)
  }
  const cx = (k: number) => (all.x0[k]! + all.x1[k]!) / 2
  const cy = (k: number) => (all.y0[k]! + all.y1[k]!) / 2

  // Points of all ink on two scales, and candidates (each once, at its centre) on the coarse one.
  const ink = new CountGrid(RADIUS_WIDTHS * typical + 6, width, height)
  const close = new CountGrid((CLOSE_WIDTHS * typical + 2) / 1.5, width, height)
  const company = new CountGrid(ink.size, width, height)
  const p = graph.points
  for (let e = 0; e < graph.edgeCount; e++) {
    if (!graph.isEdgeAlive(e)) continue
    const from = graph.pointsAt[e]!
    const to = from + graph.pointsLength[e]!
    for (let i = from; i < to; i += 2) {
      ink.add(p[i]!, p[i + 1]!, 1)
      close.add(p[i]!, p[i + 1]!, 1)
    }
  }
  for (const k of candidates) company.add(cx(k), cy(k), 1)
  const { dotX, dotY, dotWidth } = graph
  for (let d = 0; d < graph.dotCount; d++) {
    ink.add(dotX[d]!, dotY[d]!, 1)
    close.add(dotX[d]!, dotY[d]!, 1)
    company.add(dotX[d]!, dotY[d]!, 1)
  }

  const ends = lineEnds(graph, ink, 2 * typical + 2)
  /** A free line end points at (x, y): the dot of a dash-dot line, between its dashes. */
  const aligned = (x: number, y: number) => {
    const col = ink.col(x)
    const row = ink.row(y)
    for (let j = Math.max(0, row - 1); j <= Math.min(ink.rows - 1, row + 1); j++) {
      for (let i = Math.max(0, col - 1); i <= Math.min(ink.cols - 1, col + 1); i++) {
        const cell = j * ink.cols + i
        for (let n = ends.start[cell]!; n < ends.start[cell + 1]!; n++) {
          const e = 4 * ends.order[n]!
          const ex = ends.at[e]!
          const ey = ends.at[e + 1]!
          const dx = ends.at[e + 2]!
          const dy = ends.at[e + 3]!
          const along = (x - ex) * dx + (y - ey) * dy
          const across = Math.abs((x - ex) * dy - (y - ey) * dx)
          if (along > 0 && along < ink.size && across < 0.5 * typical + 1 + 0.15 * along)
            return true
        }
      }
    }
    return false
  }

  // Every candidate: a dot (c < dotCount) or a small piece (c − dotCount indexes `candidates`).
  const total = graph.dotCount + candidates.length
  const dropDot = new Uint8Array(graph.dotCount)
  const centre = (c: number): [number, number] =>
    c < graph.dotCount
      ? [dotX[c]!, dotY[c]!]
      : [cx(candidates[c - graph.dotCount]!), cy(candidates[c - graph.dotCount]!)]
  const drop = (c: number) => {
    if (c < graph.dotCount) {
      dropDot[c] = 1
      return
    }
    for (let e = all.firstEdge[candidates[c - graph.dotCount]!]!; e >= 0; e = all.nextEdge[e]!) {
      graph.markEdgeDead(e)
      if (graph.edgeA[e]! < 0) continue
      for (const end of [graph.edgeA[e]!, graph.edgeB[e]!]) {
        graph.killNode(end)
        graph.nodeDegree[end] = 0
      }
    }
  }
  const ownPoints = (c: number) =>
    c < graph.dotCount ? 1 : all.points[candidates[c - graph.dotCount]!]!

  let dropped = 0
  const lone: number[] = []
  for (let c = 0; c < total; c++) {
    const [x, y] = centre(c)
    if (ink.around(x, y) - ownPoints(c) === 0) {
      drop(c)
      dropped++
    } else if (company.around(x, y) - 1 < MIN_COMPANY && !aligned(x, y)) lone.push(c)
  }
  // A few lone dots beside lines are meant (a period); many are a noisy scan's specks.
  const megapixels = (width * height) / 1e6
  if (lone.length > Math.max(MAX_MEANT_LONE, MAX_MEANT_LONE_PER_MP * megapixels)) {
    for (const c of lone) {
      // Kept only when pen-sized and right beside other ink, as a period beside its letter.
      const [x, y] = centre(c)
      const own =
        c < graph.dotCount
          ? close.countIn(x, y, dotX[c]!, dotY[c]!)
          : ownInCells(graph, all, candidates[c - graph.dotCount]!, close, x, y)
      const beside = close.around(x, y) - own > 0
      const cWidth =
        c < graph.dotCount
          ? dotWidth[c]!
          : all.widthSum[candidates[c - graph.dotCount]!]! /
            all.points[candidates[c - graph.dotCount]!]!
      if (cWidth >= THIN_SHARE * typical && beside) continue
      drop(c)
      dropped++
    }
  }
  graph.filterDots((d) => dropDot[d] === 0)
  return dropped
}

/** How many of piece `k`'s points fall in `grid`'s 3 × 3 cells about (x, y). */
function ownInCells(
  graph: StrokeGraph,
  all: Pieces,
  k: number,
  grid: CountGrid,
  x: number,
  y: number,
): number {
  let n = 0
  const p = graph.points
  for (let e = all.firstEdge[k]!; e >= 0; e = all.nextEdge[e]!) {
    const from = graph.pointsAt[e]!
    const to = from + graph.pointsLength[e]!
    for (let i = from; i < to; i += 2) n += grid.countIn(x, y, p[i]!, p[i + 1]!)
  }
  return n
}

/**
 * The free ends of the live edges (degree-1 nodes), the candidates' too (the dashes of a dashed
 * line point at each other), bucketed on `grid`'s cells, each with its outward direction over the
 * last `reach` px of its line. A piece's own ends point away from its centre, never at it.
 * @returns `at` (ex, ey, dx, dy per end) and, per cell, its ends `order[start[cell] …
 *   start[cell + 1]]` in the order found
 */
function lineEnds(graph: StrokeGraph, grid: CountGrid, reach: number) {
  const p = graph.points
  const at = new Float64Array(8 * graph.edgeCount)
  const cellOf = new Int32Array(2 * graph.edgeCount)
  let count = 0
  for (let id = 0; id < graph.edgeCount; id++) {
    if (!graph.isEdgeAlive(id) || graph.edgeA[id]! < 0) continue
    const from = graph.pointsAt[id]!
    const n = graph.pointCount(id)
    for (let side = 0; side < 2; side++) {
      const node = side === 0 ? graph.edgeA[id]! : graph.edgeB[id]!
      const first = side === 0 ? 0 : n - 1
      const step = side === 0 ? 1 : -1
      if (graph.nodeDegree[node] !== 1) continue
      const ex = p[from + 2 * first]!
      const ey = p[from + 2 * first + 1]!
      let k = first
      while (
        k + step >= 0 &&
        k + step < n &&
        hypot2(p[from + 2 * k]! - ex, p[from + 2 * k + 1]! - ey) < reach
      )
        k += step
      const length = hypot2(ex - p[from + 2 * k]!, ey - p[from + 2 * k + 1]!)
      if (length === 0) continue
      cellOf[count] = grid.row(ey) * grid.cols + grid.col(ex)
      at[4 * count] = ex
      at[4 * count + 1] = ey
      at[4 * count + 2] = (ex - p[from + 2 * k]!) / length
      at[4 * count + 3] = (ey - p[from + 2 * k + 1]!) / length
      count++
    }
  }
  const cells = grid.cols * grid.rows
  const start = new Int32Array(cells + 1)
  for (let e = 0; e < count; e++) start[cellOf[e]! + 1]!++
  for (let c = 0; c < cells; c++) start[c + 1]! += start[c]!
  const fill = start.slice(0, cells)
  const order = new Int32Array(count)
  for (let e = 0; e < count; e++) order[fill[cellOf[e]!]!++] = e
  return { at, start, order }
}

/**
 * Counts over a grid of square cells of `size` px; `around` sums the 3 × 3 cells about a point,
 * so it sees everything within `size` of it and some of what is within 2 · `size`.
 */
class CountGrid {
  readonly cols: number
  readonly rows: number
  readonly counts: Int32Array
  constructor(
    readonly size: number,
    width: number,
    height: number,
  ) {
    this.cols = Math.max(1, Math.ceil(width / size))
    this.rows = Math.max(1, Math.ceil(height / size))
    this.counts = new Int32Array(this.cols * this.rows)
  }
  col(x: number): number {
    return Math.min(this.cols - 1, Math.max(0, Math.floor(x / this.size)))
  }
  row(y: number): number {
    return Math.min(this.rows - 1, Math.max(0, Math.floor(y / this.size)))
  }
  add(x: number, y: number, n: number): void {
    this.counts[this.row(y) * this.cols + this.col(x)]! += n
  }
  around(x: number, y: number): number {
    const cx = this.col(x)
    const cy = this.row(y)
    let sum = 0
    for (let j = Math.max(0, cy - 1); j <= Math.min(this.rows - 1, cy + 1); j++) {
      for (let i = Math.max(0, cx - 1); i <= Math.min(this.cols - 1, cx + 1); i++) {
        sum += this.counts[j * this.cols + i]!
      }
    }
    return sum
  }
  /** 1 when (px, py) falls in the 3 × 3 cells about (x, y), else 0. */
  countIn(x: number, y: number, px: number, py: number): number {
    return Math.abs(this.col(px) - this.col(x)) <= 1 && Math.abs(this.row(py) - this.row(y)) <= 1
      ? 1
      : 0
  }
}

/** The connected pieces of the live graph, by union-find over the edges' nodes. */
function pieces(graph: StrokeGraph): Pieces {
  const parent = new Int32Array(graph.nodeCount)
  for (let i = 0; i < parent.length; i++) parent[i] = i
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!
      i = parent[i]!
    }
    return i
  }
  const { edgeA, edgeB } = graph
  for (let e = 0; e < graph.edgeCount; e++) {
    if (graph.isEdgeAlive(e) && edgeA[e]! >= 0) parent[find(edgeA[e]!)] = find(edgeB[e]!)
  }
  // Piece index by key (a root node, or nodeCount + id for a loop without nodes), in the order
  // the edges first reach it.
  const pieceOf = new Int32Array(graph.nodeCount + graph.edgeCount).fill(-1)
  const size = graph.edgeCount
  const all: Pieces = {
    count: 0,
    x0: new Float64Array(size),
    y0: new Float64Array(size),
    x1: new Float64Array(size),
    y1: new Float64Array(size),
    points: new Int32Array(size),
    widthSum: new Float64Array(size),
    firstEdge: new Int32Array(size),
    nextEdge: new Int32Array(graph.edgeCount).fill(-1),
  }
  const lastEdge = new Int32Array(size)
  const p = graph.points
  for (let id = 0; id < graph.edgeCount; id++) {
    if (!graph.isEdgeAlive(id)) continue
    const key = edgeA[id]! >= 0 ? find(edgeA[id]!) : graph.nodeCount + id
    let k = pieceOf[key]!
    if (k < 0) {
      k = all.count++
      pieceOf[key] = k
      all.x0[k] = Infinity
      all.y0[k] = Infinity
      all.x1[k] = -Infinity
      all.y1[k] = -Infinity
      all.firstEdge[k] = id
    } else all.nextEdge[lastEdge[k]!] = id
    lastEdge[k] = id
    const from = graph.pointsAt[id]!
    const to = from + graph.pointsLength[id]!
    for (let i = from; i < to; i += 2) {
      all.x0[k] = Math.min(all.x0[k]!, p[i]!)
      all.x1[k] = Math.max(all.x1[k]!, p[i]!)
      all.y0[k] = Math.min(all.y0[k]!, p[i + 1]!)
      all.y1[k] = Math.max(all.y1[k]!, p[i + 1]!)
    }
    all.points[k]! += (to - from) / 2
    all.widthSum[k]! += (graph.edgeWidth[id]! * (to - from)) / 2
  }
  return all
}

/** Length-weighted median stroke width of the live edges (1 px for an empty graph). */
function typicalWidth(graph: StrokeGraph): number {
  const live: number[] = []
  for (let e = 0; e < graph.edgeCount; e++) if (graph.isEdgeAlive(e)) live.push(e)
  if (live.length === 0) return 1
  const ids = Int32Array.from(live)
  const { edgeWidth, pointsLength } = graph
  ids.sort((a, b) => edgeWidth[a]! - edgeWidth[b]!)
  let total = 0
  for (const e of ids) total += pointsLength[e]!
  let seen = 0
  for (const e of ids) {
    seen += pointsLength[e]!
    if (seen >= total / 2) return edgeWidth[e]!
  }
  return edgeWidth[ids[ids.length - 1]!]!
}

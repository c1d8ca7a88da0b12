/**
 * Speck stage of the lineart engine, on the graph (prune → drop isolated specks → place
 * junctions): removes the tiny strokes that stand alone, which is what scan noise looks like,
 * while the dots of stippling and dotted lines, which come in company, stay.
 */

import { hypot2 } from '../../lib/hypot'
import { BLOT_SHARE, type StrokeGraph } from './stroke-graph'

/*
 * Stage: drop isolated specks.
 * Job: a dot, or a small piece (a connected part of the graph no larger across than
 * SPECK_WIDTHS stroke widths: a short stroke, a blot that thinned to a tiny loop or a knot), is
 * a speck candidate. Each is, in this order:
 *   dotted    pen-sized, with two of its size on opposite sides a few of its sizes away, or at
 *             the end of such a row (DOTTED_SIZES): a dotted line's dot, kept, however far the
 *             dots sit apart against the fixed radius below;
 *   isolated  no other ink within `radius`: noise, dropped;
 *   company   MIN_COMPANY other candidates near it: the dots of stippling or a dotted line, kept;
 *   aligned   a free line end within `radius` points at it: a dash or the dot of a dashed or
 *             dash-dot line, kept;
 *   lone      beside lines, alone. A drawing has a few on purpose (the period of "FIG. 4."): all
 *             are kept while there are at most MAX_MEANT_LONE (or MAX_MEANT_LONE_PER_MP per MP).
 *             More means a noisy scan, and a lone one then stays only when pen-sized (THIN_SHARE
 *             of the typical width) and right beside other ink (CLOSE_WIDTHS) or on the baseline
 *             of a letter beside it (PERIOD_SIZES: a period a little away from its "G").
 * A kept piece no longer across than BLOT_SHARE of its width (a square period thins to a short
 * diagonal) becomes a dot at its centre: drawn as a stroke it read as a comma.
 * The pixel despeckle before thinning removes only what is smaller than a fixed area (and than
 * half the pen's square, ./pen-width.ts), because a stipple dot and a noise speck can have the
 * same size; what tells them apart is their company,
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
 * A pen-sized candidate with two of its size (half to twice) on opposite sides within this many
 * of its own sizes (+ 2 widths + 4 px), or at the end of such a row, is a dot of a dotted line,
 * kept: those sit 2-4 of their sizes apart.
 */
const DOTTED_SIZES = 5
/** Neighbours on opposite sides: the cosine of their angle at the dot is below minus this. */
const DOTTED_COS = 0.87
/**
 * On a noisy scan, a pen-sized lone candidate with a letter within this many of its own sizes
 * (+ 2 widths + 4 px), standing on the same baseline and LETTER_SIZES of its sizes taller, is a
 * period, kept ("FIG. 4": a dot about a letter's stroke across, a few of its sizes away; in a
 * regular 44 px "G." the period is 19.5 px from the G's centreline, past 3 sizes' 17.5).
 */
const PERIOD_SIZES = 4
const LETTER_SIZES = 1.5

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
  // Centres read once per candidate pair below: kept in arrays, not made as tuples each time.
  const centreX = new Float64Array(total)
  const centreY = new Float64Array(total)
  for (let c = 0; c < total; c++) {
    centreX[c] = c < graph.dotCount ? dotX[c]! : cx(candidates[c - graph.dotCount]!)
    centreY[c] = c < graph.dotCount ? dotY[c]! : cy(candidates[c - graph.dotCount]!)
  }
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

  // Dots of a dotted line sit several of their own sizes apart, beyond the fixed grids' reach.
  const sizes = new Float64Array(total)
  for (let c = 0; c < total; c++) {
    if (c < graph.dotCount) sizes[c] = dotWidth[c]!
    else {
      const k = candidates[c - graph.dotCount]!
      sizes[c] = Math.max(
        all.widthSum[k]! / all.points[k]!,
        hypot2(all.x1[k]! - all.x0[k]!, all.y1[k]! - all.y0[k]!),
      )
    }
  }
  const near = new PointBuckets(ink.size, width, height, total)
  for (let c = 0; c < total; c++) near.add(centreX[c]!, centreY[c]!, c)
  near.seal()
  // Every point of ink, for the few lone candidates of a noisy scan: made when first asked.
  let inkNear: PointBuckets | null = null
  const inkPoints = (): PointBuckets => {
    if (inkNear) return inkNear
    let n = graph.dotCount
    for (let e = 0; e < graph.edgeCount; e++)
      if (graph.isEdgeAlive(e)) n += graph.pointsLength[e]! / 2
    inkNear = new PointBuckets(close.size, width, height, n)
    for (let e = 0; e < graph.edgeCount; e++) {
      if (!graph.isEdgeAlive(e)) continue
      const from = graph.pointsAt[e]!
      const to = from + graph.pointsLength[e]!
      for (let i = from; i < to; i += 2) inkNear.add(p[i]!, p[i + 1]!, 0)
    }
    for (let d = 0; d < graph.dotCount; d++) inkNear.add(dotX[d]!, dotY[d]!, 0)
    inkNear.seal()
    return inkNear
  }
  /**
   * Candidates of c's size (half to twice) within DOTTED_SIZES of its sizes: the 16 nearest. The
   * first 16 found were the cells' raster order, all above c in a regular field of large dots,
   * so none lay opposite another and the field was dropped as specks.
   */
  const similar: number[] = []
  const similarNear = (c: number): number[] => {
    similar.length = 0
    const size = sizes[c]!
    if (size < THIN_SHARE * typical) return similar
    const x = centreX[c]!
    const y = centreY[c]!
    near.visit(x, y, DOTTED_SIZES * size + 2 * typical + 4, (other) => {
      if (other !== c && sizes[other]! >= size / 2 && sizes[other]! <= 2 * size) similar.push(other)
      return false
    })
    if (similar.length > 16) {
      const away = (o: number) => (centreX[o]! - x) ** 2 + (centreY[o]! - y) ** 2
      similar.sort((a, b) => away(a) - away(b))
      similar.length = 16
    }
    return similar
  }
  // A dotted line's dots: two of their kind on opposite sides at like spacings (random specks
  // seldom line up so), their direction and spacing kept for the line's end dots.
  const dotted = new Uint8Array(total)
  const along = new Float64Array(2 * total)
  const spacing = new Float64Array(total)
  for (let c = 0; c < total; c++) {
    const x = centreX[c]!
    const y = centreY[c]!
    const list = similarNear(c)
    for (let i = 0; i < list.length && !dotted[c]; i++) {
      const ax = centreX[list[i]!]!
      const ay = centreY[list[i]!]!
      const da = hypot2(ax - x, ay - y)
      for (let j = i + 1; j < list.length; j++) {
        const bx = centreX[list[j]!]!
        const by = centreY[list[j]!]!
        const db = hypot2(bx - x, by - y)
        const cos = ((ax - x) * (bx - x) + (ay - y) * (by - y)) / (da * db || 1)
        if (cos > -DOTTED_COS || Math.max(da, db) > 2 * Math.min(da, db)) continue
        dotted[c] = 1
        along[2 * c] = (bx - ax) / (da + db)
        along[2 * c + 1] = (by - ay) / (da + db)
        spacing[c] = (da + db) / 2
        break
      }
    }
  }
  // An end dot: a dotted dot of its size one spacing away, in that dot's direction.
  const inLine = new Uint8Array(total)
  for (let c = 0; c < total; c++) {
    if (dotted[c]) {
      inLine[c] = 1
      continue
    }
    const x = centreX[c]!
    const y = centreY[c]!
    for (const n of similarNear(c)) {
      if (!dotted[n]) continue
      const nx = centreX[n]!
      const ny = centreY[n]!
      const d = hypot2(x - nx, y - ny)
      const cos = Math.abs(((x - nx) * along[2 * n]! + (y - ny) * along[2 * n + 1]!) / (d || 1))
      if (cos >= DOTTED_COS && d <= 1.5 * spacing[n]!) {
        inLine[c] = 1
        break
      }
    }
  }
  /**
   * A letter beside it, on its baseline: other ink (beyond its own extent) within PERIOD_SIZES of
   * its sizes reaches down to its level, no lower (down to two of its sizes + 4 px), and
   * LETTER_SIZES of its sizes above it (a letter is taller than its period). A speck beside a
   * line seldom has both.
   */
  const besideLetter = (c: number, x: number, y: number): boolean => {
    const size = sizes[c]!
    const own = size / 2 + 1.5
    let top = Infinity
    let bottom = -Infinity
    // What lies well below (the next line of text) is not the letter's.
    const below = y + 2 * size + 4
    inkPoints().visit(x, y, PERIOD_SIZES * size + 2 * typical + 4, (_, px, py) => {
      if (py <= below && hypot2(px - x, py - y) > own) {
        top = Math.min(top, py)
        bottom = Math.max(bottom, py)
      }
      return false
    })
    return (
      Math.abs(bottom - y) <= Math.max(size, typical) / 2 + 1.5 && y - top >= LETTER_SIZES * size
    )
  }

  let dropped = 0
  const lone: number[] = []
  for (let c = 0; c < total; c++) {
    const x = centreX[c]!
    const y = centreY[c]!
    if (inLine[c]) continue
    // A period a stroke's width or two from a heavy letter is farther from its centreline than
    // the grid reaches: asked of the letter on its baseline instead.
    const alone = ink.around(x, y) - ownPoints(c) === 0
    if (alone && !(sizes[c]! >= THIN_SHARE * typical && besideLetter(c, x, y))) {
      drop(c)
      dropped++
    } else if (company.around(x, y) - 1 < MIN_COMPANY && !aligned(x, y)) lone.push(c)
  }
  // A few lone dots beside lines are meant (a period); many are a noisy scan's specks.
  const megapixels = (width * height) / 1e6
  if (lone.length > Math.max(MAX_MEANT_LONE, MAX_MEANT_LONE_PER_MP * megapixels)) {
    for (const c of lone) {
      // Kept only when pen-sized and right beside other ink, as a period beside its letter.
      const x = centreX[c]!
      const y = centreY[c]!
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
      if (cWidth >= THIN_SHARE * typical && (beside || besideLetter(c, x, y))) continue
      drop(c)
      dropped++
    }
  }
  // Kept blots (a square period, a stipple dot that thinned to a tick or a tiny loop) become
  // dots at their centres, about as wide as the blot.
  const blots: number[] = []
  for (let c = graph.dotCount; c < total; c++) {
    const k = candidates[c - graph.dotCount]!
    if (!graph.isEdgeAlive(all.firstEdge[k]!)) continue
    const across = hypot2(all.x1[k]! - all.x0[k]!, all.y1[k]! - all.y0[k]!)
    const wide = all.widthSum[k]! / all.points[k]!
    if (across > BLOT_SHARE * wide) continue
    const x = centreX[c]!
    const y = centreY[c]!
    drop(c)
    blots.push(x, y, wide + across / 2)
  }
  graph.filterDots((d) => dropDot[d] === 0)
  for (let b = 0; b < blots.length; b += 3) graph.addDot(blots[b]!, blots[b + 1]!, blots[b + 2]!)
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
    let x0 = all.x0[k]!
    let x1 = all.x1[k]!
    let y0 = all.y0[k]!
    let y1 = all.y1[k]!
    for (let i = from; i < to; i += 2) {
      const x = p[i]!
      const y = p[i + 1]!
      if (x < x0) x0 = x
      if (x > x1) x1 = x
      if (y < y0) y0 = y
      if (y > y1) y1 = y
    }
    all.x0[k] = x0
    all.x1[k] = x1
    all.y0[k] = y0
    all.y1[k] = y1
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

/**
 * Points bucketed on square cells of `size` px (CSR after `seal`), each with a tag; `visit`
 * calls back every point within `radius` of (x, y) until the callback returns true.
 */
class PointBuckets {
  private readonly cols: number
  private readonly rows: number
  private readonly xs: Float32Array
  private readonly ys: Float32Array
  private readonly tags: Int32Array
  private count = 0
  private start = new Int32Array(1)
  private order = new Int32Array(0)
  constructor(
    private readonly size: number,
    width: number,
    height: number,
    capacity: number,
  ) {
    this.cols = Math.max(1, Math.ceil(width / size))
    this.rows = Math.max(1, Math.ceil(height / size))
    this.xs = new Float32Array(capacity)
    this.ys = new Float32Array(capacity)
    this.tags = new Int32Array(capacity)
  }
  private cell(x: number, y: number): number {
    const col = Math.min(this.cols - 1, Math.max(0, Math.floor(x / this.size)))
    const row = Math.min(this.rows - 1, Math.max(0, Math.floor(y / this.size)))
    return row * this.cols + col
  }
  add(x: number, y: number, tag: number): void {
    this.xs[this.count] = x
    this.ys[this.count] = y
    this.tags[this.count++] = tag
  }
  seal(): void {
    const cells = this.cols * this.rows
    const start = new Int32Array(cells + 1)
    const n = this.count
    const cellOf = new Int32Array(n)
    for (let i = 0; i < n; i++) {
      cellOf[i] = this.cell(this.xs[i]!, this.ys[i]!)
      start[cellOf[i]! + 1]!++
    }
    for (let c = 0; c < cells; c++) start[c + 1]! += start[c]!
    const fill = start.slice(0, cells)
    const order = new Int32Array(n)
    for (let i = 0; i < n; i++) order[fill[cellOf[i]!]!++] = i
    this.start = start
    this.order = order
  }
  visit(
    x: number,
    y: number,
    radius: number,
    callback: (tag: number, px: number, py: number) => boolean,
  ): void {
    const c0 = Math.max(0, Math.floor((x - radius) / this.size))
    const c1 = Math.min(this.cols - 1, Math.floor((x + radius) / this.size))
    const r0 = Math.max(0, Math.floor((y - radius) / this.size))
    const r1 = Math.min(this.rows - 1, Math.floor((y + radius) / this.size))
    for (let row = r0; row <= r1; row++) {
      for (let col = c0; col <= c1; col++) {
        const cell = row * this.cols + col
        for (let k = this.start[cell]!; k < this.start[cell + 1]!; k++) {
          const i = this.order[k]!
          const px = this.xs[i]!
          const py = this.ys[i]!
          if (hypot2(px - x, py - y) > radius) continue
          if (callback(this.tags[i]!, px, py)) return
        }
      }
    }
  }
}

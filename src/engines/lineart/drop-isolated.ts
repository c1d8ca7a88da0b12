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

/** A connected piece of the graph: its edges, bounding box and length-weighted width. */
interface Piece {
  edges: number[]
  x0: number
  y0: number
  x1: number
  y1: number
  points: number
  widthSum: number
}

/** @returns how many specks were dropped */
export function dropIsolatedSpecks(graph: StrokeGraph, width: number, height: number): number {
  const typical = typicalWidth(graph)
  const { nodes, edges, dots } = graph
  const limit = SPECK_WIDTHS * typical + 2
  const candidates = [...pieces(graph).values()].filter(
    (piece) => hypot2(piece.x1 - piece.x0, piece.y1 - piece.y0) < limit,
  )

  // Points of all ink on two scales, and candidates (each once, at its centre) on the coarse one.
  const ink = new CountGrid(RADIUS_WIDTHS * typical + 6, width, height)
  const close = new CountGrid((CLOSE_WIDTHS * typical + 2) / 1.5, width, height)
  const company = new CountGrid(ink.size, width, height)
  for (const edge of edges) {
    if (!edge.alive) continue
    const p = edge.points
    for (let i = 0; i < p.length; i += 2) {
      ink.add(p[i]!, p[i + 1]!, 1)
      close.add(p[i]!, p[i + 1]!, 1)
    }
  }
  for (const piece of candidates) company.add(centreX(piece), centreY(piece), 1)
  for (const dot of dots) {
    ink.add(dot.x, dot.y, 1)
    close.add(dot.x, dot.y, 1)
    company.add(dot.x, dot.y, 1)
  }

  const ends = lineEnds(graph, ink, 2 * typical + 2)
  /** A free line end points at (x, y): the dot of a dash-dot line, between its dashes. */
  const aligned = (x: number, y: number) =>
    ends.some(x, y, (ex, ey, dx, dy) => {
      const along = (x - ex) * dx + (y - ey) * dy
      const across = Math.abs((x - ex) * dy - (y - ey) * dx)
      return along > 0 && along < ink.size && across < 0.5 * typical + 1 + 0.15 * along
    })

  // Every candidate: a dot or a small piece, with its centre, own points, width and removal.
  const all: { x: number; y: number; points: ArrayLike<number>; width: number; drop(): void }[] = []
  const keptDots = new Set(dots)
  for (const dot of dots) {
    all.push({
      x: dot.x,
      y: dot.y,
      points: [dot.x, dot.y],
      width: dot.width,
      drop: () => keptDots.delete(dot),
    })
  }
  for (const piece of candidates) {
    const points: number[] = []
    for (const id of piece.edges) points.push(...edges[id]!.points)
    const drop = () => {
      for (const id of piece.edges) {
        const edge = edges[id]!
        edge.alive = false
        for (const end of edge.a >= 0 ? [edge.a, edge.b] : []) {
          nodes[end]!.alive = false
          nodes[end]!.degree = 0
        }
      }
    }
    const width = piece.widthSum / piece.points
    all.push({ x: centreX(piece), y: centreY(piece), points, width, drop })
  }

  let dropped = 0
  const lone: typeof all = []
  for (const c of all) {
    if (ink.around(c.x, c.y) - c.points.length / 2 === 0) {
      c.drop()
      dropped++
    } else if (company.around(c.x, c.y) - 1 < MIN_COMPANY && !aligned(c.x, c.y)) lone.push(c)
  }
  // A few lone dots beside lines are meant (a period); many are a noisy scan's specks.
  const megapixels = (width * height) / 1e6
  if (lone.length > Math.max(MAX_MEANT_LONE, MAX_MEANT_LONE_PER_MP * megapixels)) {
    for (const c of lone) {
      // Kept only when pen-sized and right beside other ink, as a period beside its letter.
      const beside = close.around(c.x, c.y) - close.aroundOwn(c.x, c.y, c.points) > 0
      if (c.width >= THIN_SHARE * typical && beside) continue
      c.drop()
      dropped++
    }
  }
  graph.dots = dots.filter((dot) => keptDots.has(dot))
  return dropped
}

/**
 * The free ends of the live edges (degree-1 nodes), the candidates' too (the dashes of a dashed
 * line point at each other), bucketed on `grid`'s cells, each with its outward direction over the
 * last `reach` px of its line. A piece's own ends point away from its centre, never at it.
 */
function lineEnds(graph: StrokeGraph, grid: CountGrid, reach: number) {
  const { nodes, edges } = graph
  const buckets = new Map<number, number[]>()
  const at: number[] = []
  for (let id = 0; id < edges.length; id++) {
    const edge = edges[id]!
    if (!edge.alive || edge.a < 0) continue
    const p = edge.points
    const n = p.length / 2
    for (const [node, first, step] of [
      [edge.a, 0, 1],
      [edge.b, n - 1, -1],
    ] as const) {
      if (nodes[node]!.degree !== 1) continue
      const ex = p[2 * first]!
      const ey = p[2 * first + 1]!
      let k = first
      while (
        k + step >= 0 &&
        k + step < n &&
        hypot2(p[2 * k]! - ex, p[2 * k + 1]! - ey) < reach
      )
        k += step
      const length = hypot2(ex - p[2 * k]!, ey - p[2 * k + 1]!)
      if (length === 0) continue
      const key = grid.row(ey) * grid.cols + grid.col(ex)
      const list = buckets.get(key) ?? []
      list.push(at.length)
      buckets.set(key, list)
      at.push(ex, ey, (ex - p[2 * k]!) / length, (ey - p[2 * k + 1]!) / length)
    }
  }
  return {
    /** Whether `test` holds for an end in the 3 × 3 cells about (x, y). */
    some(x: number, y: number, test: (ex: number, ey: number, dx: number, dy: number) => boolean) {
      const cx = grid.col(x)
      const cy = grid.row(y)
      for (let j = Math.max(0, cy - 1); j <= Math.min(grid.rows - 1, cy + 1); j++) {
        for (let i = Math.max(0, cx - 1); i <= Math.min(grid.cols - 1, cx + 1); i++) {
          for (const e of buckets.get(j * grid.cols + i) ?? []) {
            if (test(at[e]!, at[e + 1]!, at[e + 2]!, at[e + 3]!)) return true
          }
        }
      }
      return false
    },
  }
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
  /** How many of `points` (flat x, y) fall in the 3 × 3 cells about (x, y). */
  aroundOwn(x: number, y: number, points: ArrayLike<number>): number {
    const cx = this.col(x)
    const cy = this.row(y)
    let n = 0
    for (let i = 0; i < points.length; i += 2) {
      if (Math.abs(this.col(points[i]!) - cx) <= 1 && Math.abs(this.row(points[i + 1]!) - cy) <= 1)
        n++
    }
    return n
  }
}

const centreX = (piece: Piece) => (piece.x0 + piece.x1) / 2
const centreY = (piece: Piece) => (piece.y0 + piece.y1) / 2

/** The connected pieces of the live graph, by union-find over the edges' nodes. */
function pieces(graph: StrokeGraph): Map<number, Piece> {
  const { nodes, edges } = graph
  const parent = new Int32Array(nodes.length)
  for (let i = 0; i < parent.length; i++) parent[i] = i
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!
      i = parent[i]!
    }
    return i
  }
  for (const edge of edges) {
    if (edge.alive && edge.a >= 0) parent[find(edge.a)] = find(edge.b)
  }
  const byRoot = new Map<number, Piece>()
  for (let id = 0; id < edges.length; id++) {
    const edge = edges[id]!
    if (!edge.alive) continue
    // A loop without nodes is a piece of its own, keyed past the node ids.
    const key = edge.a >= 0 ? find(edge.a) : nodes.length + id
    let piece = byRoot.get(key)
    if (!piece) {
      piece = {
        edges: [],
        x0: Infinity,
        y0: Infinity,
        x1: -Infinity,
        y1: -Infinity,
        points: 0,
        widthSum: 0,
      }
      byRoot.set(key, piece)
    }
    piece.edges.push(id)
    const p = edge.points
    for (let i = 0; i < p.length; i += 2) {
      piece.x0 = Math.min(piece.x0, p[i]!)
      piece.x1 = Math.max(piece.x1, p[i]!)
      piece.y0 = Math.min(piece.y0, p[i + 1]!)
      piece.y1 = Math.max(piece.y1, p[i + 1]!)
    }
    piece.points += p.length / 2
    piece.widthSum += (edge.width * p.length) / 2
  }
  return byRoot
}

/** Length-weighted median stroke width of the live edges (1 px for an empty graph). */
function typicalWidth(graph: StrokeGraph): number {
  const live = graph.edges.filter((e) => e.alive).map((e) => ({ w: e.width, n: e.points.length }))
  if (live.length === 0) return 1
  live.sort((a, b) => a.w - b.w)
  const total = live.reduce((sum, e) => sum + e.n, 0)
  let seen = 0
  for (const e of live) {
    seen += e.n
    if (seen >= total / 2) return e.w
  }
  return live[live.length - 1]!.w
}

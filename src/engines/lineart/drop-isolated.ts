/**
 * Speck stage of the lineart engine, on the graph (prune → drop isolated specks → place
 * junctions): removes the tiny strokes that stand alone, which is what scan noise looks like,
 * while the dots of stippling and dotted lines, which come in company, stay.
 */

import { edgeLength } from './prune-graph'
import type { StrokeGraph } from './stroke-graph'

/*
 * Stage: drop isolated specks.
 * Job: a dot, or a lone short stroke (both ends free, shorter than SPECK_WIDTHS stroke widths),
 * with no other ink within `radius` is noise; remove it. The pixel despeckle before thinning
 * removes only what is smaller than a fixed area, because a stipple dot and a noise speck can
 * have the same size; what tells them apart is their neighbourhood.
 * Input → output: StrokeGraph → the same graph, edited.
 * Method: every stroke point goes into a grid of `radius`-sized cells (a count per cell); a
 * candidate is isolated when the 3 × 3 cells around it hold no points but its own. The radius
 * scales with the drawing's typical (length-weighted median) stroke width.
 */

/** A lone stroke shorter than this many widths (+ 2 px) is a speck candidate. */
const SPECK_WIDTHS = 2
/** Neighbourhood, in stroke widths (+ 6 px), that must be empty for a speck to go. */
const RADIUS_WIDTHS = 4

/** @returns how many specks were dropped */
export function dropIsolatedSpecks(graph: StrokeGraph, width: number, height: number): number {
  const typical = typicalWidth(graph)
  const radius = RADIUS_WIDTHS * typical + 6
  const cols = Math.max(1, Math.ceil(width / radius))
  const rows = Math.max(1, Math.ceil(height / radius))
  const counts = new Int32Array(cols * rows)
  const cell = (x: number, y: number) =>
    Math.min(rows - 1, Math.max(0, Math.floor(y / radius))) * cols +
    Math.min(cols - 1, Math.max(0, Math.floor(x / radius)))
  const { nodes, edges, dots } = graph
  for (const edge of edges) {
    if (!edge.alive) continue
    const p = edge.points
    for (let i = 0; i < p.length; i += 2) counts[cell(p[i]!, p[i + 1]!)]!++
  }
  for (const dot of dots) counts[cell(dot.x, dot.y)]!++

  /** Points of the 3 × 3 cells around (x, y), less `own` points the candidate put there. */
  const company = (x: number, y: number, own: Map<number, number>) => {
    const cx = Math.min(cols - 1, Math.max(0, Math.floor(x / radius)))
    const cy = Math.min(rows - 1, Math.max(0, Math.floor(y / radius)))
    let n = 0
    for (let j = Math.max(0, cy - 1); j <= Math.min(rows - 1, cy + 1); j++) {
      for (let i = Math.max(0, cx - 1); i <= Math.min(cols - 1, cx + 1); i++) {
        const c = j * cols + i
        n += counts[c]! - (own.get(c) ?? 0)
      }
    }
    return n
  }

  let dropped = 0
  const keptDots = dots.filter((dot) => {
    const own = new Map([[cell(dot.x, dot.y), 1]])
    if (company(dot.x, dot.y, own) > 0) return true
    dropped++
    return false
  })
  graph.dots = keptDots
  const limit = SPECK_WIDTHS * typical + 2
  for (const edge of edges) {
    if (!edge.alive || edge.closed || edge.a < 0) continue
    if (nodes[edge.a]!.degree !== 1 || nodes[edge.b]!.degree !== 1) continue
    if (edgeLength(edge) >= limit) continue
    const p = edge.points
    const own = new Map<number, number>()
    for (let i = 0; i < p.length; i += 2) {
      const c = cell(p[i]!, p[i + 1]!)
      own.set(c, (own.get(c) ?? 0) + 1)
    }
    const mid = (p.length >> 2) << 1
    if (company(p[mid]!, p[mid + 1]!, own) > 0) continue
    edge.alive = false
    nodes[edge.a]!.alive = false
    nodes[edge.b]!.alive = false
    nodes[edge.a]!.degree = 0
    nodes[edge.b]!.degree = 0
    dropped++
  }
  return dropped
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

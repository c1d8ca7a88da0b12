/**
 * Junction stage of the lineart engine (prune → place junctions → link strokes → …): puts each
 * junction where its lines actually meet and straightens the lines into it.
 */

import { hypot2 } from '../../lib/hypot'
import { type Axis, AxisFit } from './principal-axis'
import { edgeLength } from './prune-graph'
import type { StrokeGraph } from './stroke-graph'

/*
 * Stage: place junctions.
 * Job: thinning bends every line toward a junction over about one stroke width and puts the
 * junction pixels off the true meeting point. Replace both: each junction goes to the point
 * closest (least squares) to the straight continuations of its lines, and each line's last
 * stretch into the junction becomes straight.
 * Input → output: pruned StrokeGraph → the same graph with junction positions and edge ends
 *   rewritten.
 * Method: for every line at a junction, fit a line (principal axis) to the chain points between
 * `near` and `far` (arc length from the junction: beyond the bent stretch, within the line's
 * local direction); the junction is the point minimising the sum of squared distances to those
 * lines, i.e. the solution of Σ (I − d dᵀ) p = Σ (I − d dᵀ) c. Kept at the pixel centroid when
 * the lines are (nearly) parallel, when one of them curves there (a loop or a bowl: no straight
 * continuation to meet), or when the solution is farther than `near` plus a stroke width
 * (+ 2 px) away. Then every chain drops its points within `near` of the junction and starts
 * exactly at it, so a T's stem, an X's arms and a Y's branches all end at one point. A thick
 * stroke's corner (two lines where a spur was pruned) is placed the same way: at the
 * intersection of its two lines, sharp. A line end is straightened the same way onto its line
 * (`straightenEnd`).
 */

/** How far the thinning bends lines near a junction, in stroke widths (at least NEAR_MIN_PX). */
const NEAR_WIDTHS = 0.75
const NEAR_MIN_PX = 1.5
/** Extent of the stretch each line's direction is fitted on, in stroke widths (+ 3 px). */
const FAR_WIDTHS = 1.5
const FAR_SLACK_PX = 3

/** A line end closer than this (px) to its stroke's line is left where it is. */
const END_OFF_MIN_PX = 0.25

/** Places the junctions of `graph` and trims its edges into them, in place. */
export function placeJunctions(graph: StrokeGraph): void {
  const { nodeX, nodeY, nodeWidth } = graph
  const ends: number[] = []
  const fits: (Axis | null)[] = []
  for (let id = 0; id < graph.nodeCount; id++) {
    if (!graph.isNodeAlive(id) || (graph.nodeDegree[id]! < 3 && !graph.isCorner(id))) continue
    const width = nodeWidth[id]!
    const { near, far, straight } = reachOf(width)
    edgeEnds(graph, id, ends)
    fits.length = 0
    let a11 = 0
    let a12 = 0
    let a22 = 0
    let b1 = 0
    let b2 = 0
    let bent = false
    for (const end of ends) {
      const fit = fitDirection(graph, end >> 1, (end & 1) === 0, nodeX[id]!, nodeY[id]!, near, far)
      bent ||= fit === CURVED
      fits.push(fit === CURVED ? null : fit)
      if (fit === null || fit === CURVED) continue
      const { cx, cy, dx, dy } = fit
      // (I − d dᵀ) for unit d.
      const m11 = 1 - dx * dx
      const m12 = -dx * dy
      const m22 = 1 - dy * dy
      a11 += m11
      a12 += m12
      a22 += m22
      b1 += m11 * cx + m12 * cy
      b2 += m12 * cx + m22 * cy
    }
    const det = a11 * a22 - a12 * a12
    // A curve at the junction (a small loop, a bowl) has no straight continuation to meet: the
    // others' meeting point would pull the junction off it, so it stays where thinning put it.
    if (!bent && det > 0.05) {
      const x = (a22 * b1 - a12 * b2) / det
      const y = (a11 * b2 - a12 * b1) / det
      // Thinning may leave the junction pixels a stroke width or more inside a corner.
      if (hypot2(x - nodeX[id]!, y - nodeY[id]!) <= near + width + 2) {
        nodeX[id] = x
        nodeY[id] = y
      }
    } else if (!bent) {
      // Two (nearly) parallel lines: a straight line through a former junction, no corner.
      graph.setCorner(id, false)
    }
    for (let k = 0; k < ends.length; k++) {
      const end = ends[k]!
      trimInto(graph, end >> 1, (end & 1) === 0, id, near, far, fits[k] ?? null, straight)
    }
  }
  for (let id = 0; id < graph.nodeCount; id++) {
    if (graph.isNodeAlive(id) && graph.nodeDegree[id] === 1) straightenEnd(graph, id, ends)
  }
}

/**
 * A line end: thinning bends a stroke's last pixels toward a corner of its square end (an
 * anti-aliased pixel there is enough), and the fitted stroke ended in a hook (an "F" whose stem
 * kicks sideways at its foot). The end moves onto the line fitted to the stretch before it, at
 * its own projection, and the stretch within `near` is dropped; an end that strays more than half
 * a width (+ 1 px) from that line turns for real and is left, as is a stroke too short to fit.
 */
function straightenEnd(graph: StrokeGraph, id: number, ends: number[]): void {
  const { nodeX, nodeY } = graph
  const width = graph.nodeWidth[id]!
  const { near, far, straight } = reachOf(width)
  edgeEnds(graph, id, ends)
  if (ends.length !== 1) return
  const edge = ends[0]! >> 1
  const atStart = (ends[0]! & 1) === 0
  if (graph.edgeA[edge] === graph.edgeB[edge] || edgeLength(graph, edge) < near + far) return
  const line = fitDirection(graph, edge, atStart, nodeX[id]!, nodeY[id]!, near, far)
  if (line === null || line === CURVED) return
  const t = (nodeX[id]! - line.cx) * line.dx + (nodeY[id]! - line.cy) * line.dy
  const x = line.cx + t * line.dx
  const y = line.cy + t * line.dy
  const off = hypot2(x - nodeX[id]!, y - nodeY[id]!)
  if (off < END_OFF_MIN_PX || off > 0.5 * width + 1) return
  nodeX[id] = x
  nodeY[id] = y
  trimInto(graph, edge, atStart, id, near, far, line, straight)
}

/**
 * For a node of stroke width `width`: how far the thinning bends lines into it (`near`), where
 * each line's direction is fitted (`near` … `far`), and how far from that line a point past
 * `near` may stray and still be kept (`straight`), all px.
 */
function reachOf(width: number): { near: number; far: number; straight: number } {
  const near = Math.max(NEAR_MIN_PX, NEAR_WIDTHS * width)
  return {
    near,
    far: near + FAR_WIDTHS * width + FAR_SLACK_PX,
    straight: Math.max(1, 0.35 * width),
  }
}

/**
 * The live edge ends at node `id` into `ends`, each 2 · edge + (0 at its start, 1 at its end);
 * a loop edge gives two. Each edge once, in the node's list order.
 */
function edgeEnds(graph: StrokeGraph, id: number, ends: number[]): void {
  ends.length = 0
  for (let entry = graph.firstEntry(id); entry >= 0; entry = graph.nextEntry(entry)) {
    const e = graph.entryOf(entry)
    if (!graph.isEdgeAlive(e) || graph.listedBefore(id, entry, e)) continue
    if (graph.edgeA[e] === id) ends.push(2 * e)
    if (graph.edgeB[e] === id) ends.push(2 * e + 1)
  }
}

/** What `fitDirection` gives for a stretch that is no line. */
const CURVED = 'curved'

/**
 * Principal axis of the chain points whose arc length from the node end is in [near, far]: null
 * with fewer than two, CURVED when they bow off their chord (`bulges`).
 */
function fitDirection(
  graph: StrokeGraph,
  edge: number,
  atStart: boolean,
  nx: number,
  ny: number,
  near: number,
  far: number,
): Axis | null | typeof CURVED {
  const points = graph.points
  const from = graph.pointsAt[edge]!
  const count = graph.pointCount(edge)
  const fit = new AxisFit()
  let arc = 0
  let px = nx
  let py = ny
  let first = -1
  let last = -1
  for (let k = 1; k < count; k++) {
    const i = from + 2 * (atStart ? k : count - 1 - k)
    const x = points[i]!
    const y = points[i + 1]!
    arc += hypot2(x - px, y - py)
    px = x
    py = y
    if (arc > far) break
    if (arc < near) continue
    fit.add(x, y)
    if (first < 0) first = k
    last = k
  }
  return first >= 0 && bulges(graph, edge, atStart, first, last) ? CURVED : fit.axis()
}

/**
 * A stretch is no line when it bows from its chord by more than this share of the chord (an arc
 * of about 45°: a bold letter's bowl, or the counter of a small bold "8", whose loop is shorter
 * than the fit's reach), and by more than a pixel (a staircase or a scan's wobble bows less).
 */
const MAX_BOW = 0.1
const MAX_BOW_MIN_PX = 1

/** Whether the chain's points `first` … `last` (from the node end) bow off their chord. */
function bulges(
  graph: StrokeGraph,
  edge: number,
  atStart: boolean,
  first: number,
  last: number,
): boolean {
  const points = graph.points
  const from = graph.pointsAt[edge]!
  const count = graph.pointCount(edge)
  const at = (k: number) => from + 2 * (atStart ? k : count - 1 - k)
  const ax = points[at(first)]!
  const ay = points[at(first) + 1]!
  const cx = points[at(last)]! - ax
  const cy = points[at(last) + 1]! - ay
  const chord = hypot2(cx, cy)
  if (chord === 0) return last > first
  let bow = 0
  for (let k = first + 1; k < last; k++) {
    const i = at(k)
    bow = Math.max(bow, Math.abs((points[i]! - ax) * cy - (points[i + 1]! - ay) * cx) / chord)
  }
  return bow > Math.max(MAX_BOW_MIN_PX, MAX_BOW * chord)
}

/**
 * Drops the chain's bent stretch at one end and starts it exactly at the node: points within
 * `near` of the node, and beyond that the points that still stray more than `straight` from the
 * line fitted to that end (a chain that curls round a corner toward where the junction pixels
 * were), up to `far` along the chain.
 */
function trimInto(
  graph: StrokeGraph,
  edge: number,
  atStart: boolean,
  node: number,
  near: number,
  far: number,
  line: Axis | null,
  straight: number,
): void {
  const p = graph.points
  const from = graph.pointsAt[edge]!
  const count = graph.pointCount(edge)
  const x = graph.nodeX[node]!
  const y = graph.nodeY[node]!
  let drop = 0
  let arc = 0
  // Keep at least the far end and one more point.
  while (drop < count - 2) {
    const i = atStart ? drop + 1 : count - 2 - drop
    const px = p[from + 2 * i]!
    const py = p[from + 2 * i + 1]!
    const prev = atStart ? i - 1 : i + 1
    arc += hypot2(px - p[from + 2 * prev]!, py - p[from + 2 * prev + 1]!)
    const close = hypot2(px - x, py - y) < near
    const astray =
      line !== null &&
      arc <= far &&
      Math.abs((px - line.cx) * line.dy - (py - line.cy) * line.dx) > straight
    if (!close && !astray) break
    drop++
  }
  // Narrowed in place, not copied: the dropped points are a few per end.
  const floats = graph.pointsLength[edge]! - 2 * drop
  graph.narrowPoints(edge, atStart ? 2 * drop : 0, floats)
  const at = graph.pointsAt[edge]! + (atStart ? 0 : floats - 2)
  p[at] = x
  p[at + 1] = y
}

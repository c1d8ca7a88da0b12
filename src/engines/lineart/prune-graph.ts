/**
 * Prune stage of the lineart engine (stroke graph → prune → place junctions → …): removes the
 * artefacts thinning leaves at thick corners and line ends, and merges what thinning split.
 */

import { hypot2 } from '../../lib/hypot'
import { releaseBuffer } from '../../lib/release'
import type { GraphEdge, GraphNode, StrokeGraph } from './stroke-graph'

const NO_POINTS = new Float32Array(0)

/*
 * Stage: prune the stroke graph.
 * Job: (1) remove spurs, short branches from a junction to a line end that thinning grows toward
 * the corners of thick strokes and at square line ends; (2) contract junction pairs joined by an
 * edge shorter than the stroke is wide (an X crossing of thick lines thins to two Y junctions);
 * (3) join the two edges of every node left with two (a former junction on a plain line),
 * except where a spur was removed: that node is the corner of a thick stroke, kept as a vertex.
 * Input → output: StrokeGraph → the same graph, edited (dead nodes and edges flagged).
 * Method: lengths are compared with the stroke width at the junction, the scale of every thinning
 * artefact: a spur is at most about half a width plus a pixel or two, a split X about one width.
 * A branch is kept if all branches at a junction would go (a small plus sign stays a plus).
 */

/** A branch shorter than this many stroke widths (+ SPUR_SLACK_PX) is a spur. */
const SPUR_WIDTHS = 1
const SPUR_SLACK_PX = 2
/** Junctions closer than this many stroke widths (+ slack) along an edge are one junction. */
const MERGE_WIDTHS = 1
const MERGE_SLACK_PX = 1.5
/**
 * No contraction makes a junction of more lines than this. Drawings meet at most 4–6 lines in a
 * point; without a bound, a noisy scan's maze of short links contracts into one node of
 * thousands (quadratic work downstream, and one far-flung point).
 */
export const MAX_JUNCTION_DEGREE = 8

/** Prunes `graph` in place. */
export function pruneGraph(graph: StrokeGraph): void {
  removeSpurs(graph)
  contractShortLinks(graph)
  for (let id = 0; id < graph.nodes.length; id++) joinThrough(graph, id)
}

/** Polyline length of an edge, in pixels. */
export function edgeLength(edge: GraphEdge): number {
  const p = edge.points
  let length = 0
  for (let i = 2; i < p.length; i += 2)
    length += hypot2(p[i]! - p[i - 2]!, p[i + 1]! - p[i - 1]!)
  return length
}

function removeSpurs(graph: StrokeGraph): void {
  const { nodes, edges } = graph
  for (let n = 0; n < nodes.length; n++) {
    const node = nodes[n]!
    if (node.degree < 3) continue
    const limit = SPUR_WIDTHS * node.width + SPUR_SLACK_PX
    const spurs: number[] = []
    for (const id of node.edges) {
      const edge = edges[id]!
      if (!edge.alive || edge.a === edge.b) continue
      const far = nodes[edge.a === n ? edge.b : edge.a]!
      if (far.degree === 1 && edgeLength(edge) < limit) spurs.push(id)
    }
    // Keep the longest branch if every branch is a spur.
    if (spurs.length === liveEnds(graph, node)) {
      spurs.sort((p, q) => edgeLength(edges[q]!) - edgeLength(edges[p]!))
      spurs.shift()
    }
    for (const id of spurs) killEdge(graph, id)
    // Two lines left where a spur was: the spur pointed at the outer vertex of a corner.
    if (spurs.length > 0 && node.degree === 2) node.corner = true
  }
}

function contractShortLinks(graph: StrokeGraph): void {
  const { nodes, edges } = graph
  for (let id = 0; id < edges.length; id++) {
    const edge = edges[id]!
    if (!edge.alive || edge.a < 0 || edge.a === edge.b) continue
    const a = nodes[edge.a]!
    const b = nodes[edge.b]!
    if (a.degree < 3 || b.degree < 3) continue
    if (a.degree + b.degree - 2 > MAX_JUNCTION_DEGREE) continue
    const limit = MERGE_WIDTHS * Math.max(a.width, b.width) + MERGE_SLACK_PX
    if (edgeLength(edge) >= limit) continue
    killEdge(graph, id)
    // b's edges now end at a; a moves to the midpoint of the two.
    a.x = (a.x + b.x) / 2
    a.y = (a.y + b.y) / 2
    a.width = Math.max(a.width, b.width)
    for (const other of b.edges) {
      const e = edges[other]!
      if (!e.alive) continue
      if (e.a === edge.b) e.a = edge.a
      if (e.b === edge.b) e.b = edge.a
      a.edges.push(other)
    }
    a.degree += b.degree
    b.degree = 0
    b.edges = []
    b.alive = false
  }
  // Edge ends follow their (possibly moved) nodes.
  for (const edge of edges) {
    if (!edge.alive || edge.a < 0) continue
    const p = edge.points
    p[0] = nodes[edge.a]!.x
    p[1] = nodes[edge.a]!.y
    p[p.length - 2] = nodes[edge.b]!.x
    p[p.length - 1] = nodes[edge.b]!.y
  }
}

/** A node left with exactly two edge ends (not a loop) becomes part of one longer edge. */
function joinThrough(graph: StrokeGraph, id: number): void {
  const { nodes, edges } = graph
  const node = nodes[id]!
  if (!node.alive || node.degree !== 2 || node.corner) return
  const live = node.edges.filter((e) => edges[e]!.alive)
  if (live.length === 1) {
    // A loop that leaves the node and comes back: a closed line with no real node on it.
    const loop = edges[live[0]!]!
    loop.a = -1
    loop.b = -1
    loop.closed = true
    node.alive = false
    node.degree = 0
    return
  }
  if (live.length !== 2) return
  const [first, second] = live.map((e) => edges[e]!) as [GraphEdge, GraphEdge]
  // Orient first to end at the node and second to start there, then append.
  if (first.a === id) reverseEdge(first)
  if (second.b === id) reverseEdge(second)
  const lengthA = first.points.length
  const lengthB = second.points.length
  const points = new Float32Array(lengthA + lengthB - 2)
  points.set(first.points)
  points.set(second.points.subarray(2), lengthA)
  first.width = (first.width * lengthA + second.width * lengthB) / (lengthA + lengthB)
  // Each edge owns its points' buffer: the two halves go now, not at the next full GC.
  if (first !== second) {
    releaseBuffer(first.points)
    releaseBuffer(second.points)
    second.points = NO_POINTS
  }
  first.points = points
  first.b = second.b
  second.alive = false
  if (first.b >= 0) {
    const end = nodes[first.b]!
    end.edges = end.edges.map((e) => (e === live[1] ? live[0]! : e))
  }
  node.alive = false
  node.degree = 0
  // Both ends at the same node again: the chain closed on itself through this node.
  if (first.a === first.b && first.a >= 0 && nodes[first.a]!.degree === 2) {
    const end = nodes[first.a]!
    end.alive = false
    end.degree = 0
    first.a = -1
    first.b = -1
    first.closed = true
  }
}

/** Reverses `edge` in place (its points are its own). */
function reverseEdge(edge: GraphEdge): void {
  const p = edge.points
  for (let i = 0, j = p.length - 2; i < j; i += 2, j -= 2) {
    const x = p[i]!
    const y = p[i + 1]!
    p[i] = p[j]!
    p[i + 1] = p[j + 1]!
    p[j] = x
    p[j + 1] = y
  }
  const a = edge.a
  edge.a = edge.b
  edge.b = a
}

function killEdge(graph: StrokeGraph, id: number): void {
  const edge = graph.edges[id]!
  edge.alive = false
  for (const end of [edge.a, edge.b]) {
    if (end < 0) continue
    const node = graph.nodes[end]!
    node.degree--
    if (node.degree === 0) node.alive = false
  }
}

function liveEnds(graph: StrokeGraph, node: GraphNode): number {
  let n = 0
  for (const id of node.edges) if (graph.edges[id]!.alive) n++
  return n
}

/**
 * Prune stage of the lineart engine (stroke graph → prune → place junctions → …): removes the
 * artefacts thinning leaves at thick corners and line ends, and merges what thinning split.
 */

import { hypot2 } from '../../lib/hypot'
import type { StrokeGraph } from './stroke-graph'

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
/**
 * A short branch whose end is still this share of the junction's width is an arm, not a spur:
 * a spur runs into a corner of the stroke and ends a pixel from the paper, while an arm (the
 * middle bar of a bold "F", 1.5 widths long) ends inside ink half its own width deep. Only at a
 * junction this wide (px) or more: below it the spur limit is short enough to spare real arms, and
 * the rule there kept the ticks a dot makes where it touches a 2 px line (a stippled and hatched
 * sheet's strokes went 31 000 → 49 000).
 */
const ARM_END_SHARE = 0.6
/**
 * Or a T's stem (`isTeeStem`): at least this many junction widths long, past the line's edge (a
 * scan's whisker on a thick line grows a branch half a width long, plus the whisker), and the
 * junction's other two lines, read TEE_REACH_WIDTHS out, within 30° of one line.
 */
const TEE_MIN_WIDTHS = 1.25
const TEE_REACH_WIDTHS = 2
const TEE_THROUGH_COS = Math.cos((30 * Math.PI) / 180)
const ARM_JUNCTION_MIN_PX = 4
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
  for (let id = 0; id < graph.nodeCount; id++) joinThrough(graph, id)
}

/** Polyline length of edge `id`, in pixels. */
export function edgeLength(graph: StrokeGraph, id: number): number {
  const p = graph.points
  const from = graph.pointsAt[id]!
  const to = from + graph.pointsLength[id]!
  let length = 0
  for (let i = from + 2; i < to; i += 2) length += hypot2(p[i]! - p[i - 2]!, p[i + 1]! - p[i - 1]!)
  return length
}

/** Whether the short branch `edge` from junction `n` to line end `end` is an arm (ARM_*). */
function isArm(graph: StrokeGraph, edge: number, end: number, n: number): boolean {
  const junction = graph.nodeWidth[n]!
  if (junction < ARM_JUNCTION_MIN_PX) return false
  return graph.nodeWidth[end]! >= ARM_END_SHARE * junction || isTeeStem(graph, edge, n)
}

/**
 * Whether `edge` is the stem of a T: long enough (TEE_MIN_WIDTHS), with the node's two other
 * lines running straight through it. Thinning grows a spur toward a corner of the stroke, never
 * off a straight stretch: the bar of a 22 px bold "F", whose anti-aliased tip ends its skeleton
 * as thin as a spur's, is a T's stem.
 */
function isTeeStem(graph: StrokeGraph, edge: number, n: number): boolean {
  if (graph.nodeDegree[n] !== 3) return false
  if (edgeLength(graph, edge) < TEE_MIN_WIDTHS * graph.nodeWidth[n]!) return false
  const reach = TEE_REACH_WIDTHS * graph.nodeWidth[n]!
  let dx = 0
  let dy = 0
  let others = 0
  for (let entry = graph.firstEntry(n); entry >= 0; entry = graph.nextEntry(entry)) {
    const e = graph.entryOf(entry)
    if (e === edge || !graph.isEdgeAlive(e)) continue
    if (graph.edgeA[e] === graph.edgeB[e]) return false
    const [ux, uy] = direction(
      graph,
      e,
      graph.edgeA[e] === n,
      graph.nodeX[n]!,
      graph.nodeY[n]!,
      reach,
    )
    if (others === 0) {
      dx = ux
      dy = uy
    } else if (dx * ux + dy * uy > -TEE_THROUGH_COS) return false
    others++
  }
  return others === 2
}

/** Unit direction from the node to the chain point about `reach` away along edge `edge`. */
export function direction(
  graph: StrokeGraph,
  edge: number,
  atStart: boolean,
  nx: number,
  ny: number,
  reach: number,
): [number, number] {
  const points = graph.points
  const from = graph.pointsAt[edge]!
  const count = graph.pointCount(edge)
  let arc = 0
  let px = nx
  let py = ny
  let x = nx
  let y = ny
  for (let k = 1; k < count; k++) {
    const i = from + 2 * (atStart ? k : count - 1 - k)
    x = points[i]!
    y = points[i + 1]!
    arc += hypot2(x - px, y - py)
    px = x
    py = y
    if (arc >= reach) break
  }
  const length = hypot2(x - nx, y - ny) || 1
  return [(x - nx) / length, (y - ny) / length]
}

function removeSpurs(graph: StrokeGraph): void {
  const spurs: number[] = []
  for (let n = 0; n < graph.nodeCount; n++) {
    if (graph.nodeDegree[n]! < 3) continue
    const limit = SPUR_WIDTHS * graph.nodeWidth[n]! + SPUR_SLACK_PX
    spurs.length = 0
    for (let entry = graph.firstEntry(n); entry >= 0; entry = graph.nextEntry(entry)) {
      const id = graph.entryOf(entry)
      const a = graph.edgeA[id]!
      const b = graph.edgeB[id]!
      if (!graph.isEdgeAlive(id) || a === b) continue
      const far = a === n ? b : a
      if (graph.nodeDegree[far] === 1 && edgeLength(graph, id) < limit && !isArm(graph, id, far, n))
        spurs.push(id)
    }
    // Keep the longest branch if every branch is a spur.
    if (spurs.length === liveEnds(graph, n)) {
      spurs.sort((p, q) => edgeLength(graph, q) - edgeLength(graph, p))
      spurs.shift()
    }
    for (const id of spurs) killEdge(graph, id)
    // Two lines left where a spur was: the spur pointed at the outer vertex of a corner.
    if (spurs.length > 0 && graph.nodeDegree[n] === 2) graph.setCorner(n, true)
  }
}

function contractShortLinks(graph: StrokeGraph): void {
  const { edgeA, edgeB, nodeX, nodeY, nodeWidth, nodeDegree } = graph
  for (let id = 0; id < graph.edgeCount; id++) {
    const a = edgeA[id]!
    const b = edgeB[id]!
    if (!graph.isEdgeAlive(id) || a < 0 || a === b) continue
    if (nodeDegree[a]! < 3 || nodeDegree[b]! < 3) continue
    if (nodeDegree[a]! + nodeDegree[b]! - 2 > MAX_JUNCTION_DEGREE) continue
    const limit = MERGE_WIDTHS * Math.max(nodeWidth[a]!, nodeWidth[b]!) + MERGE_SLACK_PX
    if (edgeLength(graph, id) >= limit) continue
    killEdge(graph, id)
    // b's edges now end at a; a moves to the midpoint of the two.
    nodeX[a] = (nodeX[a]! + nodeX[b]!) / 2
    nodeY[a] = (nodeY[a]! + nodeY[b]!) / 2
    nodeWidth[a] = Math.max(nodeWidth[a]!, nodeWidth[b]!)
    for (let entry = graph.firstEntry(b); entry >= 0; entry = graph.nextEntry(entry)) {
      const other = graph.entryOf(entry)
      if (!graph.isEdgeAlive(other)) continue
      if (edgeA[other] === b) edgeA[other] = a
      if (edgeB[other] === b) edgeB[other] = a
      graph.appendEdgeAt(a, other)
    }
    nodeDegree[a]! += nodeDegree[b]!
    nodeDegree[b] = 0
    graph.clearEdgesAt(b)
    graph.killNode(b)
  }
  // Edge ends follow their (possibly moved) nodes.
  const p = graph.points
  for (let id = 0; id < graph.edgeCount; id++) {
    if (!graph.isEdgeAlive(id) || edgeA[id]! < 0) continue
    const from = graph.pointsAt[id]!
    const to = from + graph.pointsLength[id]!
    p[from] = nodeX[edgeA[id]!]!
    p[from + 1] = nodeY[edgeA[id]!]!
    p[to - 2] = nodeX[edgeB[id]!]!
    p[to - 1] = nodeY[edgeB[id]!]!
  }
}

/** A node left with exactly two edge ends (not a loop) becomes part of one longer edge. */
function joinThrough(graph: StrokeGraph, id: number): void {
  if (!graph.isNodeAlive(id) || graph.nodeDegree[id] !== 2 || graph.isCorner(id)) return
  // The live edges in the node's list (a loop edge is listed twice).
  let live = 0
  let firstId = -1
  let secondId = -1
  for (let entry = graph.firstEntry(id); entry >= 0; entry = graph.nextEntry(entry)) {
    const e = graph.entryOf(entry)
    if (!graph.isEdgeAlive(e)) continue
    if (live === 0) firstId = e
    else if (live === 1) secondId = e
    live++
  }
  if (live === 1) {
    // A loop that leaves the node and comes back: a closed line with no real node on it.
    graph.closeLoop(firstId)
    graph.killNode(id)
    graph.nodeDegree[id] = 0
    return
  }
  if (live !== 2) return
  // Orient first to end at the node and second to start there, then append.
  if (graph.edgeA[firstId] === id) graph.reverseEdge(firstId)
  if (graph.edgeB[secondId] === id) graph.reverseEdge(secondId)
  const lengthA = graph.pointsLength[firstId]!
  const lengthB = graph.pointsLength[secondId]!
  graph.joinPoints(firstId, secondId)
  graph.edgeWidth[firstId] =
    (graph.edgeWidth[firstId]! * lengthA + graph.edgeWidth[secondId]! * lengthB) /
    (lengthA + lengthB)
  if (firstId !== secondId) graph.dropPoints(secondId)
  graph.edgeB[firstId] = graph.edgeB[secondId]!
  graph.markEdgeDead(secondId)
  const endB = graph.edgeB[firstId]!
  if (endB >= 0) {
    for (let entry = graph.firstEntry(endB); entry >= 0; entry = graph.nextEntry(entry)) {
      if (graph.entryOf(entry) === secondId) graph.setEntry(entry, firstId)
    }
  }
  graph.killNode(id)
  graph.nodeDegree[id] = 0
  // Both ends at the same node again: the chain closed on itself through this node.
  const endA = graph.edgeA[firstId]!
  if (endA === endB && endA >= 0 && graph.nodeDegree[endA] === 2) {
    graph.killNode(endA)
    graph.nodeDegree[endA] = 0
    graph.closeLoop(firstId)
  }
}

function killEdge(graph: StrokeGraph, id: number): void {
  graph.markEdgeDead(id)
  for (const end of [graph.edgeA[id]!, graph.edgeB[id]!]) {
    if (end < 0) continue
    graph.nodeDegree[end]!--
    if (graph.nodeDegree[end] === 0) graph.killNode(end)
  }
}

/** Live entries in node `n`'s edge list (a loop edge counts twice). */
function liveEnds(graph: StrokeGraph, n: number): number {
  let count = 0
  for (let entry = graph.firstEntry(n); entry >= 0; entry = graph.nextEntry(entry)) {
    if (graph.isEdgeAlive(graph.entryOf(entry))) count++
  }
  return count
}

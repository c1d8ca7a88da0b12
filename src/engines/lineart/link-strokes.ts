/**
 * Link stage of the lineart engine (place junctions → link strokes → fit curves): joins edges
 * into long strokes, so a line crossed by another stays one path instead of fragments.
 */

import { hypot2 } from '../../lib/hypot'
import { releaseBuffer } from '../../lib/release'
import { MAX_JUNCTION_DEGREE } from './prune-graph'
import type { StrokeGraph } from './stroke-graph'

/*
 * Stage: link strokes.
 * Job: at every node, continue a line through it when another line leaves on the opposite side
 * (the bar of a T, both lines of an X); the others end there.
 * Input → output: StrokeGraph → polylines with widths and the indices where they pass a junction.
 * Method: each edge end's outgoing direction is taken from the node to the chain point about
 * `reach` along it; pairs whose directions are within MAX_BEND of opposite are linked greedily,
 * straightest first. Paths are then walked from every unlinked end; edges left over form closed
 * loops.
 */

/** Two lines at a node continue through it when they bend by less than this (radians). */
const MAX_BEND = (35 * Math.PI) / 180
/** Where the outgoing direction is measured, in stroke widths from the node (+ 2 px). */
const REACH_WIDTHS = 2
const REACH_SLACK_PX = 2

/** A stroke: a polyline through pixel centres, before curve fitting. */
export interface StrokePolyline {
  /** Flat [x0, y0, x1, y1, …] in image coordinates. */
  points: Float32Array
  closed: boolean
  /** Length-weighted mean stroke width, pixels. */
  width: number
  /** Point indices where the stroke passes through a junction (kept as vertices when fitting). */
  junctions: number[]
}

const NO_POINTS = new Float32Array(0)

/**
 * @returns the strokes of `graph`, every live edge in exactly one; the edges' points move into
 * the strokes (each edge is left with none)
 */
export function linkStrokes(graph: StrokeGraph): StrokePolyline[] {
  const { nodes, edges } = graph
  /** partner[2e + end] = the linked edge end (2e' + end'), or -1; end 0 = a, 1 = b. */
  const partner = new Int32Array(edges.length * 2).fill(-1)
  for (let id = 0; id < nodes.length; id++) {
    const node = nodes[id]!
    // Lines end at a node of more (a blot, a knot of noise): no pair of them is one line.
    if (!node.alive || node.degree < 2 || node.degree > MAX_JUNCTION_DEGREE) continue
    const reach = REACH_WIDTHS * node.width + REACH_SLACK_PX
    const ends: { key: number; dx: number; dy: number }[] = []
    for (const e of new Set(node.edges)) {
      const edge = edges[e]!
      if (!edge.alive) continue
      for (const end of [0, 1]) {
        if ((end === 0 ? edge.a : edge.b) !== id) continue
        const [dx, dy] = direction(edge.points, end === 0, node.x, node.y, reach)
        ends.push({ key: 2 * e + end, dx, dy })
      }
    }
    const pairs: { cos: number; i: number; j: number }[] = []
    for (let i = 0; i < ends.length; i++) {
      for (let j = i + 1; j < ends.length; j++) {
        const cos = ends[i]!.dx * ends[j]!.dx + ends[i]!.dy * ends[j]!.dy
        // A corner's two lines always continue into each other, whatever the angle.
        if (cos < -Math.cos(MAX_BEND) || node.corner) pairs.push({ cos, i, j })
      }
    }
    pairs.sort((p, q) => p.cos - q.cos)
    for (const { i, j } of pairs) {
      const ki = ends[i]!.key
      const kj = ends[j]!.key
      if (partner[ki] !== -1 || partner[kj] !== -1 || ki >> 1 === kj >> 1) continue
      partner[ki] = kj
      partner[kj] = ki
    }
  }

  const used = new Uint8Array(edges.length)
  const strokes: StrokePolyline[] = []
  /**
   * Follows the partners from one edge end into one stroke. Each edge's points are copied once,
   * into a stroke sized exactly, and then let go: the graph and the strokes never both hold them.
   */
  const walk = (startEdge: number, startEnd: number) => {
    const route: number[] = []
    let e = startEdge
    let end = startEnd
    let closed = false
    for (;;) {
      used[e] = 1
      route.push(2 * e + end)
      const next = partner[2 * e + (1 - end)]!
      if (next < 0) break
      if (used[next >> 1]) {
        closed = next >> 1 === startEdge
        break
      }
      e = next >> 1
      end = next & 1
    }
    if (edges[startEdge]!.closed) closed = true
    // Consecutive edges share their junction point, which the stroke holds once.
    let count = 1
    for (const key of route) count += edges[key >> 1]!.points.length / 2 - 1
    const first = edges[route[0]! >> 1]!.points
    const last = edges[route.at(-1)! >> 1]!.points
    const lastEnd = route.at(-1)! & 1
    const endX = lastEnd === 0 ? last[last.length - 2]! : last[0]!
    const endY = lastEnd === 0 ? last[last.length - 1]! : last[1]!
    const startX = (route[0]! & 1) === 0 ? first[0]! : first[first.length - 2]!
    const startY = (route[0]! & 1) === 0 ? first[1]! : first[first.length - 1]!
    // A walk that came back to its start drops the repeated first point.
    const repeated = closed && count >= 2 && endX === startX && endY === startY
    const points = new Float32Array(2 * (repeated ? count - 1 : count))
    const junctions: number[] = []
    let widthSum = 0
    let lengthSum = 0
    let at = 0
    for (const key of route) {
      const edge = edges[key >> 1]!
      const p = edge.points
      const n = p.length / 2
      if (at > 0) junctions.push(at / 2 - 1)
      for (let k = at > 0 ? 1 : 0; k < n && at < points.length; k++) {
        const i = (key & 1) === 0 ? k : n - 1 - k
        points[at++] = p[2 * i]!
        points[at++] = p[2 * i + 1]!
      }
      widthSum += edge.width * n
      lengthSum += n
      // The stroke has them now; the edge's own buffer goes at once (see ../../lib/release.ts).
      releaseBuffer(p)
      edge.points = NO_POINTS
    }
    strokes.push({ points, closed, width: widthSum / Math.max(1, lengthSum), junctions })
  }
  for (let e = 0; e < edges.length; e++) {
    const edge = edges[e]!
    if (!edge.alive || used[e] || edge.closed) continue
    if (partner[2 * e] === -1) walk(e, 0)
    else if (partner[2 * e + 1] === -1) walk(e, 1)
  }
  for (let e = 0; e < edges.length; e++) {
    if (edges[e]!.alive && !used[e]) walk(e, 0)
  }
  return strokes
}

/** Unit direction from the node to the chain point about `reach` away along the chain. */
function direction(
  points: Float32Array,
  atStart: boolean,
  nx: number,
  ny: number,
  reach: number,
): [number, number] {
  const count = points.length / 2
  let arc = 0
  let px = nx
  let py = ny
  let x = nx
  let y = ny
  for (let k = 1; k < count; k++) {
    const i = atStart ? k : count - 1 - k
    x = points[2 * i]!
    y = points[2 * i + 1]!
    arc += hypot2(x - px, y - py)
    px = x
    py = y
    if (arc >= reach) break
  }
  const length = hypot2(x - nx, y - ny) || 1
  return [(x - nx) / length, (y - ny) / length]
}

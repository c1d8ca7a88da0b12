/**
 * Link stage of the lineart engine (place junctions → link strokes → fit curves): joins edges
 * into long strokes, so a line crossed by another stays one path instead of fragments.
 */

import { grownArray, releaseBuffer } from '../../lib/release'
import { direction, MAX_JUNCTION_DEGREE } from './prune-graph'
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

/**
 * Every stroke of a drawing in typed arrays (a noisy sheet has 50 000: as objects they outlived
 * V8's young generation and grew it, see ./stroke-graph.ts). `stroke(k)` hands one out as a
 * StrokePolyline, a short-lived view for the fit.
 */
export class Strokes {
  count = 0
  /** All strokes' points; stroke k's are `floats[k]` of them from `at[k]`. */
  readonly points: Float32Array
  at = new Int32Array(64)
  floats = new Int32Array(64)
  width = new Float64Array(64)
  closed = new Uint8Array(64)
  /** Stroke k's junction indices are `junctions[junctionsAt[k] … junctionsAt[k + 1]]`. */
  junctionsAt = new Int32Array(65)
  junctions = new Int32Array(64)

  constructor(floats: number) {
    this.points = new Float32Array(floats)
  }

  /** Stroke `k` as a polyline (its points a view of `points`). */
  stroke(k: number): StrokePolyline {
    const at = this.at[k]!
    return {
      points: this.points.subarray(at, at + this.floats[k]!),
      closed: this.closed[k] === 1,
      width: this.width[k]!,
      junctions: Array.from(
        this.junctions.subarray(this.junctionsAt[k]!, this.junctionsAt[k + 1]!),
      ),
    }
  }

  /** Number of points of stroke `k`. */
  pointCount(k: number): number {
    return this.floats[k]! >> 1
  }

  /** Appends a stroke of `floats` coordinates at `at`; its junctions follow with `addJunction`. */
  add(at: number, floats: number, width: number, closed: boolean): void {
    if (this.count + 1 === this.at.length) {
      const n = 2 * this.at.length
      this.at = grownArray(this.at, n)
      this.floats = grownArray(this.floats, n)
      this.width = grownArray(this.width, n)
      this.closed = grownArray(this.closed, n)
      this.junctionsAt = grownArray(this.junctionsAt, n + 1)
    }
    const k = this.count++
    this.at[k] = at
    this.floats[k] = floats
    this.width[k] = width
    this.closed[k] = closed ? 1 : 0
    this.junctionsAt[k + 1] = this.junctionsAt[k]!
  }

  /** Adds a junction index to the last stroke. */
  addJunction(index: number): void {
    const end = this.junctionsAt[this.count]!
    if (end === this.junctions.length) this.junctions = grownArray(this.junctions, 2 * end)
    this.junctions[end] = index
    this.junctionsAt[this.count] = end + 1
  }

  /** Frees the arrays now (the strokes are not read afterwards). */
  release(): void {
    for (const array of [this.points, this.at, this.floats, this.width, this.closed]) {
      releaseBuffer(array)
    }
    releaseBuffer(this.junctionsAt)
    releaseBuffer(this.junctions)
    this.count = 0
  }
}

/** @returns the strokes of `graph`, every live edge in exactly one */
export function linkStrokes(graph: StrokeGraph): Strokes {
  const { nodeX, nodeY, nodeWidth, edgeA, edgeB } = graph
  /** partner[2e + end] = the linked edge end (2e' + end'), or -1; end 0 = a, 1 = b. */
  const partner = new Int32Array(graph.edgeCount * 2).fill(-1)
  const ends: number[] = []
  const dxs: number[] = []
  const dys: number[] = []
  const pairs: { cos: number; i: number; j: number }[] = []
  for (let id = 0; id < graph.nodeCount; id++) {
    const degree = graph.nodeDegree[id]!
    // Lines end at a node of more (a blot, a knot of noise): no pair of them is one line.
    if (!graph.isNodeAlive(id) || degree < 2 || degree > MAX_JUNCTION_DEGREE) continue
    const reach = REACH_WIDTHS * nodeWidth[id]! + REACH_SLACK_PX
    ends.length = 0
    dxs.length = 0
    dys.length = 0
    for (let entry = graph.firstEntry(id); entry >= 0; entry = graph.nextEntry(entry)) {
      const e = graph.entryOf(entry)
      if (!graph.isEdgeAlive(e) || graph.listedBefore(id, entry, e)) continue
      for (let end = 0; end < 2; end++) {
        if ((end === 0 ? edgeA[e] : edgeB[e]) !== id) continue
        const [dx, dy] = direction(graph, e, end === 0, nodeX[id]!, nodeY[id]!, reach)
        ends.push(2 * e + end)
        dxs.push(dx)
        dys.push(dy)
      }
    }
    pairs.length = 0
    const corner = graph.isCorner(id)
    for (let i = 0; i < ends.length; i++) {
      for (let j = i + 1; j < ends.length; j++) {
        const cos = dxs[i]! * dxs[j]! + dys[i]! * dys[j]!
        // A corner's two lines always continue into each other, whatever the angle.
        if (cos < -Math.cos(MAX_BEND) || corner) pairs.push({ cos, i, j })
      }
    }
    pairs.sort((p, q) => p.cos - q.cos)
    for (const { i, j } of pairs) {
      const ki = ends[i]!
      const kj = ends[j]!
      if (partner[ki] !== -1 || partner[kj] !== -1 || ki >> 1 === kj >> 1) continue
      partner[ki] = kj
      partner[kj] = ki
    }
  }

  // Every live edge's points once: room for all strokes.
  let room = 0
  for (let e = 0; e < graph.edgeCount; e++) if (graph.isEdgeAlive(e)) room += graph.pointsLength[e]!
  const strokes = new Strokes(room)
  const pool = strokes.points
  let poolEnd = 0
  const p = graph.points
  const used = new Uint8Array(graph.edgeCount)
  const route: number[] = []
  /** Follows the partners from one edge end into one stroke. */
  const walk = (startEdge: number, startEnd: number) => {
    route.length = 0
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
    if (graph.isClosed(startEdge)) closed = true
    // Consecutive edges share their junction point, which the stroke holds once.
    let count = 1
    for (const key of route) count += graph.pointCount(key >> 1) - 1
    const firstKey = route[0]!
    const lastKey = route[route.length - 1]!
    const firstAt = graph.pointsAt[firstKey >> 1]!
    const firstEnd = firstAt + graph.pointsLength[firstKey >> 1]!
    const lastAt = graph.pointsAt[lastKey >> 1]!
    const lastEndAt = lastAt + graph.pointsLength[lastKey >> 1]!
    const endX = (lastKey & 1) === 0 ? p[lastEndAt - 2]! : p[lastAt]!
    const endY = (lastKey & 1) === 0 ? p[lastEndAt - 1]! : p[lastAt + 1]!
    const startX = (firstKey & 1) === 0 ? p[firstAt]! : p[firstEnd - 2]!
    const startY = (firstKey & 1) === 0 ? p[firstAt + 1]! : p[firstEnd - 1]!
    // A walk that came back to its start drops the repeated first point.
    const repeated = closed && count >= 2 && endX === startX && endY === startY
    const floats = 2 * (repeated ? count - 1 : count)
    const first = poolEnd
    poolEnd += floats
    strokes.add(first, floats, 0, closed)
    // A walk that closed at a node passes it at its seam too (a figure "8" crosses its waist
    // twice): the fit keeps a vertex there as at every other pass.
    if (closed && !graph.isClosed(startEdge)) strokes.addJunction(0)
    let widthSum = 0
    let lengthSum = 0
    let at = 0
    for (const key of route) {
      const edge = key >> 1
      const from = graph.pointsAt[edge]!
      const n = graph.pointCount(edge)
      if (at > 0) strokes.addJunction(at / 2 - 1)
      for (let k = at > 0 ? 1 : 0; k < n && at < floats; k++) {
        const i = from + 2 * ((key & 1) === 0 ? k : n - 1 - k)
        pool[first + at++] = p[i]!
        pool[first + at++] = p[i + 1]!
      }
      widthSum += graph.edgeWidth[edge]! * n
      lengthSum += n
    }
    strokes.width[strokes.count - 1] = widthSum / Math.max(1, lengthSum)
  }
  for (let e = 0; e < graph.edgeCount; e++) {
    if (!graph.isEdgeAlive(e) || used[e] || graph.isClosed(e)) continue
    if (partner[2 * e] === -1) walk(e, 0)
    else if (partner[2 * e + 1] === -1) walk(e, 1)
  }
  for (let e = 0; e < graph.edgeCount; e++) {
    if (graph.isEdgeAlive(e) && !used[e]) walk(e, 0)
  }
  return strokes
}

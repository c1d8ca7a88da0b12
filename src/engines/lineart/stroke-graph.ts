/**
 * Stroke-graph stage of the lineart engine (skeletonize → stroke graph → prune → …): turns the
 * one-pixel skeleton into nodes (line ends and junctions) joined by edges (pixel chains).
 */

import { strokeWidthAt } from './distance'
import { type Mask, neighbourCode, neighbourOffsets } from './mask'

/*
 * Stage: stroke graph.
 * Job: find where lines end and meet, and the chains of pixels between them.
 * Input → output: skeleton Mask + chamfer distances → StrokeGraph (the mask is consumed: chain
 *   pixels are marked while they are walked).
 * Method: a skeleton pixel with one neighbour is a line end, with three or more a junction
 * pixel; touching junction pixels form one junction node (a T, X or Y thins to a small cluster,
 * which must become one meeting point). From every node each unvisited neighbour starts a walk
 * along pixels with exactly two neighbours until the next node. What is left afterwards are
 * closed loops with no node (a circle, an O), walked once around. A pixel with no neighbour is
 * a dot.
 */

/** A line end or a junction. */
export interface GraphNode {
  /** Position in image coordinates (pixel centres at +0.5); moved later by the junction stage. */
  x: number
  y: number
  /** Number of live edge ends at this node (a loop edge counts twice). */
  degree: number
  /** Ids of the edges that touch this node. */
  edges: number[]
  /** Stroke width at the node, in pixels. */
  width: number
  /** A corner of a thick stroke: thinning grew a spur toward its outer vertex (see prune). */
  corner: boolean
  alive: boolean
}

/** A chain of skeleton pixels between two nodes, or a closed loop without nodes (a = b = -1). */
export interface GraphEdge {
  a: number
  b: number
  /** Points from node a to node b, flat [x0, y0, x1, y1, …], image coordinates. */
  points: number[]
  /** Mean stroke width along the chain, in pixels. */
  width: number
  closed: boolean
  alive: boolean
}

/** A stroke that thinned to a single pixel. */
export interface Dot {
  x: number
  y: number
  width: number
}

export interface StrokeGraph {
  nodes: GraphNode[]
  edges: GraphEdge[]
  dots: Dot[]
}

const VISITED = 2

/**
 * @param skeleton from ./skeletonize.ts (1 = centerline pixel); rewritten
 * @param distance chamfer distances of the ink before thinning (./distance.ts)
 */
export function buildStrokeGraph(skeleton: Mask, distance: Uint16Array): StrokeGraph {
  const { data, stride } = skeleton
  const offsets = neighbourOffsets(stride)
  const nodes: GraphNode[] = []
  const edges: GraphEdge[] = []
  const dots: Dot[] = []
  const nodeOf = new Map<number, number>()
  const junctionPixels: number[] = []
  const degree = (i: number) => popcount(neighbourCode(data, i, offsets))
  const xOf = (i: number) => (i % stride) - 0.5
  const yOf = (i: number) => Math.floor(i / stride) - 0.5

  for (let i = stride; i < data.length - stride; i++) {
    if (!data[i]) continue
    const n = degree(i)
    if (n === 0) {
      dots.push({ x: xOf(i), y: yOf(i), width: strokeWidthAt(distance[i]!) })
      data[i] = 0
    } else if (n === 1) {
      nodeOf.set(i, nodes.length)
      nodes.push(newNode(xOf(i), yOf(i), strokeWidthAt(distance[i]!)))
    } else if (n >= 3) {
      junctionPixels.push(i)
    }
  }
  // Touching junction pixels are one junction: its position is their centroid for now.
  for (const seed of junctionPixels) {
    if (nodeOf.has(seed)) continue
    const id = nodes.length
    const cluster = [seed]
    nodeOf.set(seed, id)
    let sx = 0
    let sy = 0
    let widest = 0
    for (let c = 0; c < cluster.length; c++) {
      const i = cluster[c]!
      sx += xOf(i)
      sy += yOf(i)
      widest = Math.max(widest, distance[i]!)
      for (let k = 0; k < 8; k++) {
        const j = i + offsets[k]!
        if (data[j] && !nodeOf.has(j) && degree(j) >= 3) {
          nodeOf.set(j, id)
          cluster.push(j)
        }
      }
    }
    nodes.push(newNode(sx / cluster.length, sy / cluster.length, strokeWidthAt(widest)))
  }

  const linked = new Set<string>()
  const addEdge = (a: number, b: number, chain: number[], closed: boolean) => {
    const points: number[] = []
    let widthSum = 0
    for (const i of chain) {
      points.push(xOf(i), yOf(i))
      widthSum += strokeWidthAt(distance[i]!)
    }
    // Node ends are replaced by the node positions, so the chain meets its nodes exactly.
    if (a >= 0) {
      points[0] = nodes[a]!.x
      points[1] = nodes[a]!.y
    }
    if (b >= 0) {
      points[points.length - 2] = nodes[b]!.x
      points[points.length - 1] = nodes[b]!.y
    }
    const id = edges.length
    edges.push({ a, b, points, width: widthSum / chain.length, closed, alive: true })
    if (a >= 0) {
      nodes[a]!.edges.push(id)
      nodes[a]!.degree++
    }
    if (b >= 0) {
      nodes[b]!.edges.push(id)
      nodes[b]!.degree++
    }
  }

  for (const [start, node] of nodeOf) {
    for (let k = 0; k < 8; k++) {
      const q = start + offsets[k]!
      if (!data[q]) continue
      const other = nodeOf.get(q)
      if (other !== undefined) {
        // Two nodes touching directly: a one-step edge, recorded once per pixel pair.
        const key = start < q ? `${start},${q}` : `${q},${start}`
        if (other !== node && !linked.has(key)) {
          linked.add(key)
          addEdge(node, other, [start, q], false)
        }
        continue
      }
      if (data[q] === VISITED) continue
      const chain = [start, q]
      data[q] = VISITED
      let prev = start
      let cur = q
      let end = -1
      for (;;) {
        let next = -1
        for (let m = 0; m < 8; m++) {
          const r = cur + offsets[m]!
          if (r !== prev && data[r] && (data[r] !== VISITED || nodeOf.has(r))) {
            next = r
            if (nodeOf.has(r)) break
          }
        }
        if (next < 0) break
        chain.push(next)
        const reached = nodeOf.get(next)
        if (reached !== undefined) {
          end = reached
          break
        }
        data[next] = VISITED
        prev = cur
        cur = next
      }
      // A chain that leaves a junction and comes straight back into it is a notch, not a line.
      if (end === node && chain.length <= 3) continue
      if (end >= 0) addEdge(node, end, chain, false)
    }
  }

  // Loops with no node: every pixel has two neighbours; walk once around.
  for (let i = stride; i < data.length - stride; i++) {
    if (data[i] !== 1 || nodeOf.has(i)) continue
    const chain = [i]
    data[i] = VISITED
    let prev = -1
    let cur = i
    for (;;) {
      let next = -1
      for (let m = 0; m < 8; m++) {
        const r = cur + offsets[m]!
        if (r !== prev && data[r] === 1) {
          next = r
          break
        }
      }
      if (next < 0) break
      chain.push(next)
      data[next] = VISITED
      prev = cur
      cur = next
    }
    if (chain.length >= 3) addEdge(-1, -1, chain, true)
  }
  return { nodes, edges, dots }
}

function newNode(x: number, y: number, width: number): GraphNode {
  return { x, y, degree: 0, edges: [], width, corner: false, alive: true }
}

function popcount(v: number): number {
  v -= (v >> 1) & 0x55
  v = (v & 0x33) + ((v >> 2) & 0x33)
  return (v + (v >> 4)) & 0x0f
}

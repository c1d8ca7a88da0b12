/**
 * Stroke-graph stage of the lineart engine (skeletonize → stroke graph → prune → …): turns the
 * one-pixel skeleton into nodes (line ends and junctions) joined by edges (pixel chains).
 */

import { IntMap } from '../../lib/int-map'
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
  /**
   * Points from node a to node b, flat [x0, y0, x1, y1, …], image coordinates. Float32 (exact
   * for pixel centres, 0.0005 px at 16 000 px for moved ends): a stippled 16 MP sheet has over
   * a million chain points, and this halves them against JS doubles.
   */
  points: Float32Array
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
/** Mask value of a node pixel (a line end or part of a junction) while the graph is built. */
const NODE = 4
const DEGREE = degreeTable()

/** How much graph a skeleton makes, counted before building it (see `graphBytes`). */
export interface SkeletonLoad {
  /** Skeleton pixels: chain points, about 8 bytes each in the graph. */
  pixels: number
  /** Line ends and junction pixels: each becomes (part of) a node with its edges. */
  nodePixels: number
}

/** @returns the load of `skeleton` (one pass, words of paper skipped) */
export function skeletonLoad(skeleton: Mask): SkeletonLoad {
  const { data, stride } = skeleton
  const offsets = neighbourOffsets(stride)
  const words = new Uint32Array(data.buffer, data.byteOffset, data.length >> 2)
  let pixels = 0
  let nodePixels = 0
  const visit = (i: number) => {
    pixels++
    const n = DEGREE[neighbourCode(data, i, offsets)]!
    if (n === 1 || n >= 3) nodePixels++
  }
  for (let w = 0; w < words.length; w++) {
    if (words[w] === 0) continue
    for (let i = 4 * w; i < 4 * w + 4; i++) if (data[i]) visit(i)
  }
  for (let i = 4 * words.length; i < data.length; i++) if (data[i]) visit(i)
  return { pixels, nodePixels }
}

/**
 * Heap the stroke graph of a skeleton will take, in bytes, fitted to measurements of a noise
 * sheet (1 MP, 168 k node pixels: 45 MB) and of stippled sheets (12 MP: 35 MB; 6 MP: 20 MB):
 * about 250 bytes per node pixel (the node, its share of ~1.7 edges and their typed arrays) and
 * 17 per skeleton pixel.
 */
export function graphBytes(load: SkeletonLoad): number {
  return 250 * load.nodePixels + 17 * load.pixels
}

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
  const nodeOf = new IntMap(1024)
  /** Every node pixel, in the order found (the walks start from them). */
  const nodePixels: number[] = []
  const junctionPixels: number[] = []
  const xOf = (i: number) => (i % stride) - 0.5
  const yOf = (i: number) => Math.floor(i / stride) - 0.5

  // Pass 1: classify. Neighbour counts are taken before any pixel is relabelled (labels keep
  // bit 0 set, so the codes see every skeleton pixel).
  const end = data.length - stride
  for (let i = stride; i < end; i++) {
    if (!data[i]) continue
    const n = DEGREE[neighbourCode(data, i, offsets)]!
    if (n === 0) {
      dots.push({ x: xOf(i), y: yOf(i), width: strokeWidthAt(distance[i]!) })
      data[i] = 0
    } else if (n === 1) {
      data[i] = NODE | 1
      nodeOf.set(i, nodes.length)
      nodePixels.push(i)
      nodes.push(newNode(xOf(i), yOf(i), strokeWidthAt(distance[i]!)))
    } else if (n >= 3) {
      data[i] = NODE | 1
      junctionPixels.push(i)
    }
  }
  // Touching junction pixels are one junction: its position is their centroid for now.
  for (const seed of junctionPixels) {
    if (nodeOf.get(seed) >= 0) continue
    const id = nodes.length
    const cluster = [seed]
    nodeOf.set(seed, id)
    nodePixels.push(seed)
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
        if (data[j]! & NODE && nodeOf.get(j) < 0 && DEGREE[neighbourCode(data, j, offsets)]! >= 3) {
          nodeOf.set(j, id)
          nodePixels.push(j)
          cluster.push(j)
        }
      }
    }
    nodes.push(newNode(sx / cluster.length, sy / cluster.length, strokeWidthAt(widest)))
  }

  let chain = new Int32Array(1024)
  const addEdge = (a: number, b: number, length: number, closed: boolean) => {
    const points = new Float32Array(2 * length)
    let widthSum = 0
    for (let k = 0; k < length; k++) {
      const i = chain[k]!
      points[2 * k] = xOf(i)
      points[2 * k + 1] = yOf(i)
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
    edges.push({ a, b, points, width: widthSum / length, closed, alive: true })
    if (a >= 0) {
      nodes[a]!.edges.push(id)
      nodes[a]!.degree++
    }
    if (b >= 0) {
      nodes[b]!.edges.push(id)
      nodes[b]!.degree++
    }
  }
  const push = (k: number, i: number) => {
    if (k === chain.length) {
      const grown = new Int32Array(2 * k)
      grown.set(chain)
      chain = grown
    }
    chain[k] = i
  }

  const linked = new IntMap(64)
  for (const start of nodePixels) {
    const node = nodeOf.get(start)
    for (let k = 0; k < 8; k++) {
      const q = start + offsets[k]!
      const v = data[q]!
      if (!v) continue
      if (v & NODE) {
        // Two nodes touching directly: a one-step edge, recorded once per pixel pair.
        const other = nodeOf.get(q)
        const key = Math.min(start, q) * 8 + (start < q ? k : (k + 4) & 7)
        if (other !== node && linked.get(key) < 0) {
          linked.set(key, 1)
          push(0, start)
          push(1, q)
          addEdge(node, other, 2, false)
        }
        continue
      }
      if (v === VISITED) continue
      push(0, start)
      push(1, q)
      let length = 2
      data[q] = VISITED
      let prev = start
      let cur = q
      let reached = -1
      for (;;) {
        // A chain pixel has exactly two skeleton neighbours: the one it came from and the next.
        let next = -1
        for (let m = 0; m < 8; m++) {
          const r = cur + offsets[m]!
          if (r === prev) continue
          const w = data[r]!
          if (w & NODE) {
            next = r
            break
          }
          if (w === 1) next = r
        }
        if (next < 0) break
        push(length++, next)
        if (data[next]! & NODE) {
          reached = nodeOf.get(next)
          break
        }
        data[next] = VISITED
        prev = cur
        cur = next
      }
      // A chain that leaves a junction and comes straight back into it is a notch, not a line.
      if (reached === node && length <= 3) continue
      if (reached >= 0) addEdge(node, reached, length, false)
    }
  }

  // Loops with no node: every pixel has two neighbours; walk once around.
  for (let i = stride; i < end; i++) {
    if (data[i] !== 1) continue
    push(0, i)
    let length = 1
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
      push(length++, next)
      data[next] = VISITED
      prev = cur
      cur = next
    }
    if (length >= 3) addEdge(-1, -1, length, true)
  }
  // Grown by push, each node's edge list has room for 17 ids: trimmed, 59 000 nodes (a stippled
  // 16 MP sheet) hold 6 MB less.
  for (const node of nodes) node.edges = node.edges.slice()
  return { nodes, edges, dots }
}

function newNode(x: number, y: number, width: number): GraphNode {
  return { x, y, degree: 0, edges: [], width, corner: false, alive: true }
}

/** Number of ink neighbours for each neighbourhood code. */
function degreeTable(): Uint8Array {
  const table = new Uint8Array(256)
  for (let code = 0; code < 256; code++) {
    let n = 0
    for (let k = 0; k < 8; k++) n += (code >> k) & 1
    table[code] = n
  }
  return table
}

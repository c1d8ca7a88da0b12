/**
 * Stroke-graph stage of the lineart engine (skeletonize → stroke graph → prune → …): turns the
 * one-pixel skeleton into nodes (line ends and junctions) joined by edges (pixel chains).
 */

import { IntMap } from '../../lib/int-map'
import { grownArray, releaseBuffer } from '../../lib/release'
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

/** Node flags. */
const NODE_ALIVE = 1
/** A corner of a thick stroke: thinning grew a spur toward its outer vertex (see prune). */
const NODE_CORNER = 2
/** Edge flags. */
const EDGE_ALIVE = 1
const EDGE_CLOSED = 2

const NO_ENTRY = -1

/**
 * The stroke graph, held in typed arrays: nodes (line ends and junctions), edges (chains of
 * skeleton pixels between two nodes, or closed loops without nodes: a = b = -1) and dots (strokes
 * that thinned to one pixel), each addressed by its index.
 *
 * Why not one object per node and edge: a shaded 6 MP sheet has ~40 000 of each, and as objects
 * (with an id list per node and a Float32Array per edge) they were 19 MB of small, long-lived
 * JS objects. Every one survives the young generation, and V8 answers that survival by growing
 * its semi-spaces: under `wrangler dev` the request's peak RSS went 50-75 MB above its live set
 * (`npm run memory`). Typed arrays live outside those spaces.
 *
 * Node fields: `nodeX`, `nodeY` (image coordinates, pixel centres at +0.5; moved later by the
 * junction stage), `nodeWidth` (stroke width, px), `nodeDegree` (live edge ends; a loop edge
 * counts twice) and `nodeFlags` (NODE_ALIVE, NODE_CORNER). The ids of the edges touching a node
 * are a list in insertion order (`firstEdgeAt`/`nextEdgeAt`, `appendEdgeAt`, …).
 * Edge fields: `edgeA`, `edgeB`, `edgeWidth` (stroke width along the chain, see addEdge),
 * `edgeFlags` (EDGE_ALIVE, EDGE_CLOSED) and its points, flat [x0, y0, x1, y1, …] from node a
 * to node b in `points` from `pointsAt` for `pointsLength` floats. Float32: exact for pixel
 * centres, 0.0005 px at 16 000 px for moved ends.
 */
export class StrokeGraph {
  nodeCount = 0
  nodeX = new Float64Array(16)
  nodeY = new Float64Array(16)
  nodeWidth = new Float64Array(16)
  nodeDegree = new Int32Array(16)
  nodeFlags = new Uint8Array(16)
  /** First and last entry of each node's edge list, or -1. */
  private head = new Int32Array(16)
  private tail = new Int32Array(16)
  /** Edge-list entries: the edge id and the next entry (or -1). */
  private entryEdge = new Int32Array(64)
  private entryNext = new Int32Array(64)
  private entryCount = 0

  edgeCount = 0
  edgeA = new Int32Array(16)
  edgeB = new Int32Array(16)
  edgeWidth = new Float64Array(16)
  edgeFlags = new Uint8Array(16)
  pointsAt = new Int32Array(16)
  pointsLength = new Int32Array(16)
  /** Every edge's points; space of replaced points is reclaimed by `compactPoints`. */
  points = new Float32Array(1024)
  private pointsEnd = 0
  private pointsDead = 0

  dotCount = 0
  dotX = new Float64Array(16)
  dotY = new Float64Array(16)
  dotWidth = new Float64Array(16)

  /** Adds a live node with no edges. @returns its id */
  addNode(x: number, y: number, width: number): number {
    if (this.nodeCount === this.nodeX.length) {
      const n = 2 * this.nodeCount
      this.nodeX = grownArray(this.nodeX, n)
      this.nodeY = grownArray(this.nodeY, n)
      this.nodeWidth = grownArray(this.nodeWidth, n)
      this.nodeDegree = grownArray(this.nodeDegree, n)
      this.nodeFlags = grownArray(this.nodeFlags, n)
      this.head = grownArray(this.head, n)
      this.tail = grownArray(this.tail, n)
    }
    const id = this.nodeCount++
    this.nodeX[id] = x
    this.nodeY[id] = y
    this.nodeWidth[id] = width
    this.nodeDegree[id] = 0
    this.nodeFlags[id] = NODE_ALIVE
    this.head[id] = NO_ENTRY
    this.tail[id] = NO_ENTRY
    return id
  }

  /**
   * Adds a live edge from node `a` to node `b` (-1, -1: a closed loop), with room for `floats`
   * point coordinates to be written at `points[pointsAt[id]]`, and appends it to both nodes'
   * lists (degrees are the caller's). @returns its id
   */
  addEdge(a: number, b: number, floats: number, closed: boolean): number {
    if (this.edgeCount === this.edgeA.length) {
      const n = 2 * this.edgeCount
      this.edgeA = grownArray(this.edgeA, n)
      this.edgeB = grownArray(this.edgeB, n)
      this.edgeWidth = grownArray(this.edgeWidth, n)
      this.edgeFlags = grownArray(this.edgeFlags, n)
      this.pointsAt = grownArray(this.pointsAt, n)
      this.pointsLength = grownArray(this.pointsLength, n)
    }
    const id = this.edgeCount++
    this.edgeA[id] = a
    this.edgeB[id] = b
    this.edgeWidth[id] = 0
    this.edgeFlags[id] = EDGE_ALIVE | (closed ? EDGE_CLOSED : 0)
    this.pointsAt[id] = this.reserve(floats)
    this.pointsLength[id] = floats
    if (a >= 0) this.appendEdgeAt(a, id)
    if (b >= 0) this.appendEdgeAt(b, id)
    return id
  }

  /** Adds a dot. */
  addDot(x: number, y: number, width: number): void {
    if (this.dotCount === this.dotX.length) {
      const n = 2 * this.dotCount
      this.dotX = grownArray(this.dotX, n)
      this.dotY = grownArray(this.dotY, n)
      this.dotWidth = grownArray(this.dotWidth, n)
    }
    this.dotX[this.dotCount] = x
    this.dotY[this.dotCount] = y
    this.dotWidth[this.dotCount++] = width
  }

  /** Keeps only the dots for which `keep` holds, in order. */
  filterDots(keep: (dot: number) => boolean): void {
    let n = 0
    for (let d = 0; d < this.dotCount; d++) {
      if (!keep(d)) continue
      this.dotX[n] = this.dotX[d]!
      this.dotY[n] = this.dotY[d]!
      this.dotWidth[n++] = this.dotWidth[d]!
    }
    this.dotCount = n
  }

  isNodeAlive(id: number): boolean {
    return (this.nodeFlags[id]! & NODE_ALIVE) !== 0
  }
  isCorner(id: number): boolean {
    return (this.nodeFlags[id]! & NODE_CORNER) !== 0
  }
  setCorner(id: number, corner: boolean): void {
    this.nodeFlags[id] = corner
      ? this.nodeFlags[id]! | NODE_CORNER
      : this.nodeFlags[id]! & ~NODE_CORNER
  }
  killNode(id: number): void {
    this.nodeFlags[id] = this.nodeFlags[id]! & ~NODE_ALIVE
  }
  isEdgeAlive(id: number): boolean {
    return (this.edgeFlags[id]! & EDGE_ALIVE) !== 0
  }
  isClosed(id: number): boolean {
    return (this.edgeFlags[id]! & EDGE_CLOSED) !== 0
  }
  /** Marks an edge dead (its nodes' degrees are the caller's). */
  markEdgeDead(id: number): void {
    this.edgeFlags[id] = this.edgeFlags[id]! & ~EDGE_ALIVE
  }
  /** Turns an edge into a closed loop without nodes. */
  closeLoop(id: number): void {
    this.edgeA[id] = -1
    this.edgeB[id] = -1
    this.edgeFlags[id] = this.edgeFlags[id]! | EDGE_CLOSED
  }

  /** First entry of node `id`'s edge list, or -1; walk with `nextEntry`, read with `entryOf`. */
  firstEntry(id: number): number {
    return this.head[id]!
  }
  nextEntry(entry: number): number {
    return this.entryNext[entry]!
  }
  entryOf(entry: number): number {
    return this.entryEdge[entry]!
  }
  /** Points an entry at another edge (a list edited in place). */
  setEntry(entry: number, edge: number): void {
    this.entryEdge[entry] = edge
  }
  /** Whether edge `e` appears in node `id`'s list before `entry` (the lists are a few long). */
  listedBefore(id: number, entry: number, e: number): boolean {
    for (let at = this.head[id]!; at !== entry; at = this.entryNext[at]!) {
      if (this.entryEdge[at] === e) return true
    }
    return false
  }
  /** Appends edge `edge` to node `id`'s list. */
  appendEdgeAt(id: number, edge: number): void {
    if (this.entryCount === this.entryEdge.length) {
      const n = 2 * this.entryCount
      this.entryEdge = grownArray(this.entryEdge, n)
      this.entryNext = grownArray(this.entryNext, n)
    }
    const entry = this.entryCount++
    this.entryEdge[entry] = edge
    this.entryNext[entry] = NO_ENTRY
    if (this.tail[id]! < 0) this.head[id] = entry
    else this.entryNext[this.tail[id]!] = entry
    this.tail[id] = entry
  }
  /** Empties node `id`'s list. */
  clearEdgesAt(id: number): void {
    this.head[id] = NO_ENTRY
    this.tail[id] = NO_ENTRY
  }

  /** Number of points of edge `id`. */
  pointCount(id: number): number {
    return this.pointsLength[id]! >> 1
  }
  /**
   * Gives edge `first` its points followed by `second`'s without their first point (the node
   * they share), in a new run; the old run becomes dead space. `second` keeps its points.
   */
  joinPoints(first: number, second: number): void {
    const lengthA = this.pointsLength[first]!
    const lengthB = this.pointsLength[second]!
    // Reserved before the runs are read: a compaction on the way moves them.
    const at = this.reserve(lengthA + lengthB - 2)
    const fromA = this.pointsAt[first]!
    const fromB = this.pointsAt[second]!
    this.points.copyWithin(at, fromA, fromA + lengthA)
    this.points.copyWithin(at + lengthA, fromB + 2, fromB + lengthB)
    this.pointsDead += lengthA
    this.pointsAt[first] = at
    this.pointsLength[first] = lengthA + lengthB - 2
  }

  /** Reverses edge `id`: its points in place, and its ends. */
  reverseEdge(id: number): void {
    const p = this.points
    for (let i = this.pointsAt[id]!, j = i + this.pointsLength[id]! - 2; i < j; i += 2, j -= 2) {
      const x = p[i]!
      const y = p[i + 1]!
      p[i] = p[j]!
      p[i + 1] = p[j + 1]!
      p[j] = x
      p[j + 1] = y
    }
    const a = this.edgeA[id]!
    this.edgeA[id] = this.edgeB[id]!
    this.edgeB[id] = a
  }

  /** Narrows edge `id`'s points to `floats` coordinates from `offset` (no copy). */
  narrowPoints(id: number, offset: number, floats: number): void {
    this.pointsDead += this.pointsLength[id]! - floats
    this.pointsAt[id] = this.pointsAt[id]! + offset
    this.pointsLength[id] = floats
  }
  /** Drops edge `id`'s points (dead space). */
  dropPoints(id: number): void {
    this.pointsDead += this.pointsLength[id]!
    this.pointsLength[id] = 0
  }

  /** Room for `floats` more coordinates at the end of `points`. @returns its offset */
  private reserve(floats: number): number {
    if (this.pointsEnd + floats > this.points.length) {
      // Dead space (joined and trimmed chains) is reclaimed before the array grows.
      if (this.pointsDead > this.pointsEnd / 2) this.compactPoints()
      if (this.pointsEnd + floats > this.points.length) {
        const capacity = Math.max(2 * this.points.length, this.pointsEnd + floats)
        this.points = grownArray(this.points, capacity)
      }
    }
    const at = this.pointsEnd
    this.pointsEnd += floats
    return at
  }

  /** Moves every edge's points together, in edge order, into an array of their size. */
  private compactPoints(): void {
    let live = 0
    for (let e = 0; e < this.edgeCount; e++) live += this.pointsLength[e]!
    const next = new Float32Array(Math.max(1024, Math.ceil(live * 1.5)))
    let at = 0
    for (let e = 0; e < this.edgeCount; e++) {
      const from = this.pointsAt[e]!
      const length = this.pointsLength[e]!
      next.set(this.points.subarray(from, from + length), at)
      this.pointsAt[e] = at
      at += length
    }
    releaseBuffer(this.points)
    this.points = next
    this.pointsEnd = at
    this.pointsDead = 0
  }

  /** Frees every array now (the graph is not used afterwards). */
  release(): void {
    for (const array of [
      this.nodeX,
      this.nodeY,
      this.nodeWidth,
      this.nodeDegree,
      this.nodeFlags,
      this.head,
      this.tail,
      this.entryEdge,
      this.entryNext,
      this.edgeA,
      this.edgeB,
      this.edgeWidth,
      this.edgeFlags,
      this.pointsAt,
      this.pointsLength,
      this.points,
      this.dotX,
      this.dotY,
      this.dotWidth,
    ]) {
      releaseBuffer(array)
    }
    this.nodeCount = 0
    this.edgeCount = 0
    this.dotCount = 0
  }
}

const VISITED = 2
/**
 * A blob (a stipple dot, a period) that thinned to one pixel, or to a short chain that is its
 * ink's whole skeleton, of at most this many ink pixels, is measured: a disc of its own area at
 * its centroid. One pixel's distance misjudged it (an even-sized dot's skeleton sits off its
 * centre and half a pixel short: dots of 2.5-6 px were drawn with 55-75 % of their ink, 1 px
 * dots with 200 %). Only when the mask is the ink exactly (a two-level image): a blurred dot's
 * mask takes in its gray halo, and its area drew it half as heavy again as its ink.
 */
const MAX_BLOB_PX = 256
/** A whole skeleton of more points than this is a stroke, not a blob: its ink is not measured. */
const MAX_BLOB_CHAIN = 16
/** A small piece no longer across than this share of its width is a blot, made a dot. */
export const BLOT_SHARE = 1.5

interface Blob {
  /** The flood's pixels, and the distances it zeroed to mark them (put back at its end). */
  stack: Int32Array
  saved: Uint8Array
  /** The ink's centroid, image coordinates (pixel centres at +0.5). */
  x: number
  y: number
  /** The disc's diameter: 2 √(area / π). */
  width: number
}

/**
 * The 8-connected ink (distance > 0) around `seed`, a pixel of a skeleton that is its ink's
 * whole: its area, centroid and disc width into `blob`. False past MAX_BLOB_PX pixels.
 * `distance` is the same when it returns: a pixel taken is marked by zeroing its distance.
 */
function measureBlob(
  distance: Uint8Array,
  seed: number,
  offsets: Int32Array,
  stride: number,
  blob: Blob,
): boolean {
  const { stack, saved } = blob
  stack[0] = seed
  saved[0] = distance[seed]!
  distance[seed] = 0
  let count = 1
  let whole = true
  for (let at = 0; at < count && whole; at++) {
    const i = stack[at]!
    for (let k = 0; k < 8; k++) {
      const j = i + offsets[k]!
      if (distance[j] === 0) continue
      if (count === MAX_BLOB_PX) {
        whole = false
        break
      }
      stack[count] = j
      saved[count++] = distance[j]!
      distance[j] = 0
    }
  }
  for (let k = 0; k < count; k++) distance[stack[k]!] = saved[k]!
  if (!whole) return false
  let sumX = 0
  let sumY = 0
  for (let k = 0; k < count; k++) {
    sumX += stack[k]! % stride
    sumY += Math.floor(stack[k]! / stride)
  }
  // Mask coordinates (a one-pixel frame) to the image's, as xOf and yOf.
  blob.x = sumX / count - 0.5
  blob.y = sumY / count - 0.5
  blob.width = 2 * Math.sqrt(count / Math.PI)
  return true
}

/** Distances (chamfer units) counted apart for an edge's width; wider ones share the last. */
const WIDTH_BINS = 1024

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

/**
 * The 16-byte blocks of `data` that hold any nonzero byte: bit (b & 31) of word b >> 5 for the
 * block from byte 16 · b (the wasm kernels' `inkBlocks` gives the same bits).
 */
export function inkBlocks(data: Uint8Array): Uint32Array {
  const blocks = new Uint32Array((data.length + 511) >> 9)
  const words = new Uint32Array(data.buffer, data.byteOffset, data.length >> 2)
  for (let k = 0; k < words.length; k++) {
    if (words[k] !== 0) blocks[k >> 7] = blocks[k >> 7]! | (1 << ((k >> 2) & 31))
  }
  for (let i = 4 * words.length; i < data.length; i++) {
    if (data[i] !== 0) blocks[i >> 9] = blocks[i >> 9]! | (1 << ((i >> 4) & 31))
  }
  return blocks
}

/**
 * @param blocks `inkBlocks(skeleton.data)`, or the kernels' copy of it
 * @returns the load of `skeleton` (one pass over the blocks that hold ink)
 */
export function skeletonLoad(
  skeleton: Mask,
  blocks: Uint32Array = inkBlocks(skeleton.data),
): SkeletonLoad {
  const { data, stride } = skeleton
  const offsets = neighbourOffsets(stride)
  let pixels = 0
  let nodePixels = 0
  for (let w = 0; w < blocks.length; w++) {
    for (let bits = blocks[w]! | 0; bits !== 0; bits &= bits - 1) {
      const from = (32 * w + 31 - Math.clz32(bits & -bits)) << 4
      const to = Math.min(from + 16, data.length)
      for (let i = from; i < to; i++) {
        if (!data[i]) continue
        pixels++
        const n = DEGREE[neighbourCode(data, i, offsets)]!
        if (n === 1 || n >= 3) nodePixels++
      }
    }
  }
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
 * @param distance chamfer distances of the ink before thinning, one byte each (./distance.ts)
 * @param blocks `inkBlocks(skeleton.data)`, or the kernels' copy of it: only its blocks are read
 * @param exactInk the mask was the image's ink exactly: blobs are measured (MAX_BLOB_PX)
 */
export function buildStrokeGraph(
  skeleton: Mask,
  distance: Uint8Array,
  blocks: Uint32Array = inkBlocks(skeleton.data),
  exactInk = false,
): StrokeGraph {
  const { data, stride } = skeleton
  const offsets = neighbourOffsets(stride)
  const graph = new StrokeGraph()
  const nodeOf = new IntMap(1024)
  /** Every node pixel, in the order found (the walks start from them). */
  let nodePixels = new Int32Array(1024)
  let nodePixelCount = 0
  const addNodePixel = (i: number) => {
    if (nodePixelCount === nodePixels.length) {
      const next = new Int32Array(2 * nodePixelCount)
      next.set(nodePixels)
      releaseBuffer(nodePixels)
      nodePixels = next
    }
    nodePixels[nodePixelCount++] = i
  }
  let junctionPixels = new Int32Array(1024)
  let junctionCount = 0
  const xOf = (i: number) => (i % stride) - 0.5
  const yOf = (i: number) => Math.floor(i / stride) - 0.5
  const blob: Blob = {
    stack: new Int32Array(MAX_BLOB_PX),
    saved: new Uint8Array(MAX_BLOB_PX),
    x: 0,
    y: 0,
    width: 0,
  }

  // Pass 1: classify. Neighbour counts are taken before any pixel is relabelled (labels keep
  // bit 0 set, so the codes see every skeleton pixel). Only the blocks that hold skeleton are
  // read, in raster order: the skeleton is a few percent of the mask.
  const end = data.length - stride
  for (let w = 0; w < blocks.length; w++) {
    for (let bits = blocks[w]! | 0; bits !== 0; bits &= bits - 1) {
      const from = (32 * w + 31 - Math.clz32(bits & -bits)) << 4
      const to = Math.min(from + 16, end)
      for (let i = Math.max(from, stride); i < to; i++) {
        if (!data[i]) continue
        const n = DEGREE[neighbourCode(data, i, offsets)]!
        if (n === 0) {
          if (exactInk && measureBlob(distance, i, offsets, stride, blob)) {
            graph.addDot(blob.x, blob.y, blob.width)
          } else graph.addDot(xOf(i), yOf(i), strokeWidthAt(distance[i]!))
          data[i] = 0
        } else if (n === 1) {
          data[i] = NODE | 1
          nodeOf.set(i, graph.nodeCount)
          addNodePixel(i)
          graph.addNode(xOf(i), yOf(i), strokeWidthAt(distance[i]!))
        } else if (n >= 3) {
          data[i] = NODE | 1
          if (junctionCount === junctionPixels.length) {
            const next = new Int32Array(2 * junctionCount)
            next.set(junctionPixels)
            releaseBuffer(junctionPixels)
            junctionPixels = next
          }
          junctionPixels[junctionCount++] = i
        }
      }
    }
  }
  // Nodes so far are line ends; junctions follow.
  const endNodes = graph.nodeCount
  // Touching junction pixels are one junction: its position is their centroid for now. The
  // cluster is a run of nodePixels (a breadth-first walk appends to it).
  for (let s = 0; s < junctionCount; s++) {
    const seed = junctionPixels[s]!
    if (nodeOf.get(seed) >= 0) continue
    const id = graph.nodeCount
    const first = nodePixelCount
    nodeOf.set(seed, id)
    addNodePixel(seed)
    let sx = 0
    let sy = 0
    let widest = 0
    for (let c = first; c < nodePixelCount; c++) {
      const i = nodePixels[c]!
      sx += xOf(i)
      sy += yOf(i)
      widest = Math.max(widest, distance[i]!)
      for (let k = 0; k < 8; k++) {
        const j = i + offsets[k]!
        if (data[j]! & NODE && nodeOf.get(j) < 0 && DEGREE[neighbourCode(data, j, offsets)]! >= 3) {
          nodeOf.set(j, id)
          addNodePixel(j)
        }
      }
    }
    const size = nodePixelCount - first
    graph.addNode(sx / size, sy / size, strokeWidthAt(widest))
  }
  releaseBuffer(junctionPixels)

  let chain = new Int32Array(1024)
  // Distances along one chain, counted to find its middle half (bins above the last share it).
  const counts = new Uint32Array(WIDTH_BINS)
  const addEdge = (a: number, b: number, length: number, closed: boolean) => {
    if (blobDot(a, b, length)) return
    const id = graph.addEdge(a, b, 2 * length, closed)
    const points = graph.points
    const at = graph.pointsAt[id]!
    let widthSum = 0
    for (let k = 0; k < length; k++) {
      const i = chain[k]!
      points[at + 2 * k] = xOf(i)
      points[at + 2 * k + 1] = yOf(i)
      widthSum += strokeWidthAt(distance[i]!)
      counts[Math.min(distance[i]!, WIDTH_BINS - 1)]!++
    }
    // A stroke's width is the mean of its middle half of widths: the mean of all took its
    // junctions' wider discs (a letter's short stroke read a heavier pen than the letter's other
    // strokes), and a median is one of the chamfer's few levels (1.5, 2.2, 3.5 px …) where the
    // mean falls between them. A chain no longer than two widths is a blob (a dot's few skeleton
    // pixels), whose rim and centre both count: the mean of all.
    let middleSum = 0
    for (let d = 0, seen = 0; seen < length - (length >> 2); d++) {
      const n = counts[d]!
      if (n === 0) continue
      const from = Math.max(seen, length >> 2)
      const to = Math.min(seen + n, length - (length >> 2))
      if (to > from) middleSum += (to - from) * strokeWidthAt(d)
      seen += n
    }
    for (let k = 0; k < length; k++) counts[Math.min(distance[chain[k]!]!, WIDTH_BINS - 1)] = 0
    const middleWidth = middleSum / (length - 2 * (length >> 2))
    // Node ends are replaced by the node positions, so the chain meets its nodes exactly.
    if (a >= 0) {
      points[at] = graph.nodeX[a]!
      points[at + 1] = graph.nodeY[a]!
      graph.nodeDegree[a]!++
    }
    if (b >= 0) {
      points[at + 2 * length - 2] = graph.nodeX[b]!
      points[at + 2 * length - 1] = graph.nodeY[b]!
      graph.nodeDegree[b]!++
    }
    graph.edgeWidth[id] = length > 2 * middleWidth ? middleWidth : widthSum / length
  }
  /**
   * A loop, or a chain between two line ends, is its ink's whole skeleton. A short one no longer
   * across than BLOT_SHARE of its width is a blob (a stipple dot that thinned to a tick or a tiny
   * loop), made a dot of its measured ink at its centroid. @returns whether it was
   */
  const blobDot = (a: number, b: number, length: number): boolean => {
    const whole = a < 0 ? b < 0 : b >= 0 && a < endNodes && b < endNodes
    if (!exactInk || !whole || length > MAX_BLOB_CHAIN) return false
    let x0 = Infinity
    let y0 = Infinity
    let x1 = -Infinity
    let y1 = -Infinity
    let widthSum = 0
    for (let k = 0; k < length; k++) {
      const i = chain[k]!
      x0 = Math.min(x0, xOf(i))
      x1 = Math.max(x1, xOf(i))
      y0 = Math.min(y0, yOf(i))
      y1 = Math.max(y1, yOf(i))
      widthSum += strokeWidthAt(distance[i]!)
    }
    if (Math.hypot(x1 - x0, y1 - y0) > (BLOT_SHARE * widthSum) / length) return false
    if (!measureBlob(distance, chain[0]!, offsets, stride, blob)) return false
    graph.addDot(blob.x, blob.y, blob.width)
    if (a >= 0) graph.killNode(a)
    if (b >= 0) graph.killNode(b)
    return true
  }
  const push = (k: number, i: number) => {
    if (k === chain.length) {
      const grownChain = new Int32Array(2 * k)
      grownChain.set(chain)
      chain = grownChain
    }
    chain[k] = i
  }

  const linked = new IntMap(64)
  for (let s = 0; s < nodePixelCount; s++) {
    const start = nodePixels[s]!
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
  releaseBuffer(nodePixels)

  // Loops with no node: every pixel has two neighbours; walk once around. Pass 1 and the walks
  // only relabelled skeleton pixels: the blocks still hold every one.
  for (let w = 0; w < blocks.length; w++) {
    for (let bits = blocks[w]! | 0; bits !== 0; bits &= bits - 1) {
      const from = (32 * w + 31 - Math.clz32(bits & -bits)) << 4
      const to = Math.min(from + 16, end)
      for (let i = Math.max(from, stride); i < to; i++) {
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
    }
  }
  return graph
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

/**
 * Trace engine (POST /v1/vectorize), stage 4: walks every boundary of one layer's mask on the
 * pixel-corner lattice and hands each closed path to the polygon stages, one at a time.
 */

import { INK, type PaddedMask, VISITED } from './padded-mask'

/*
 * Stage: path decomposition (Selinger, "Potrace: a polygon-based tracing algorithm", 2003,
 * Sec. 2.1).
 * Job: split the boundary between ink and non-ink pixels into closed lattice paths.
 * Input → output: a PaddedMask (INK bits) → a stream of LatticePath (unit steps between integer
 *   corner points, ink on the right when walking, i.e. outlines clockwise on screen and holes
 *   counterclockwise), each with its signed area. Sets the VISITED bits as it goes.
 * Method:
 * - Scan the horizontal lattice edges row by row; an edge between an ink and a non-ink pixel
 *   that no path has walked yet starts a new path (an outline when the ink is below it, a hole
 *   when the ink is above).
 * - Walk keeping the ink on the right. At a corner where the two pixels ahead are diagonal (ink
 *   ahead-left, none ahead-right) the "minority" turn policy of the paper decides: connect the
 *   ink diagonally when ink is the minority colour in the 4×4, 6×6, then 8×8 box around the
 *   corner (thin dark lines and thin light gaps both stay whole), ties connect the ink.
 * - The paper removes each path's interior by XOR-inverting it before looking for the next path.
 *   Here each horizontal edge carries a VISITED flag instead, so every boundary edge is walked
 *   exactly once and the pass is O(pixels + perimeter), with no interior rewrites; the minority
 *   test always reads the layer's own mask, never a partly inverted one. The scan compares two
 *   rows four pixels at a time (32-bit words), since most words hold no edge.
 * Memory: one growable Int32Array of points (2 × 4 bytes per step of the longest path), reused.
 */

/** One closed path on the lattice; valid only during the callback that receives it. */
export interface LatticePath {
  /** Corner points x0, y0, x1, y1, … (pixels); consecutive points are one unit step apart. */
  readonly points: Int32Array
  /** Number of points (= number of unit steps, the path is closed). */
  readonly length: number
  /** Enclosed area in pixels: positive for an outline, negative for a hole. */
  readonly area: number
}

/**
 * Receives each path as it is found; may change INK bits inside the path (hole filling).
 * Returning false stops the walk (the caller's budget is spent).
 */
export type PathSink = (path: LatticePath) => unknown

/** The INK bit of each byte of a 32-bit word. */
const INK_WORD = INK * 0x01010101

const DX = [1, 0, -1, 0] as const
const DY = [0, 1, 0, -1] as const

/**
 * Walks all boundaries of `mask` and calls `onPath` for each, in scan order of their first edge
 * (an enclosing path always before the paths inside it), until `onPath` returns false.
 */
export function decomposePaths(mask: PaddedMask, onPath: PathSink): void {
  const { height, stride: s, data } = mask
  // Offsets from a vertex's base (the byte of the pixel up-left of it) to the pixel ahead-left
  // and ahead-right, per direction E, S, W, N; and the base change of one step.
  const aheadLeft = [1, s + 1, s, 0]
  const aheadRight = [s + 1, s, 0, 1]
  const step = [1, s, -1, -s]
  let buf = new Int32Array(4096)

  let stopped = false
  const walk = (x0: number, y0: number, d0: number): void => {
    let x = x0
    let y = y0
    let d = d0
    let base = y0 * s + x0
    let n = 0
    let area = 0
    do {
      if (2 * n + 2 > buf.length) {
        const grown = new Int32Array(buf.length * 2)
        grown.set(buf)
        buf = grown
      }
      buf[2 * n] = x
      buf[2 * n + 1] = y
      n++
      if (d === 0) data[base + s + 1]! |= VISITED
      else if (d === 2) data[base + s]! |= VISITED
      else area += x * DY[d]!
      x += DX[d]!
      y += DY[d]!
      base += step[d]!
      const left = data[base + aheadLeft[d]!]! & INK
      const right = data[base + aheadRight[d]!]! & INK
      if (right !== 0) {
        if (left !== 0) d = (d + 3) & 3
      } else if (left === 0) d = (d + 1) & 3
      else d = inkIsMinority(mask, x, y) ? (d + 3) & 3 : (d + 1) & 3
    } while (x !== x0 || y !== y0 || d !== d0)
    if (onPath({ points: buf, length: n, area }) === false) stopped = true
  }

  // Rows are compared four bytes at a time: most words hold no ink edge at all.
  const words = new Uint32Array(data.buffer, data.byteOffset, data.length >> 2)
  const wordsPerRow = s >> 2
  for (let y = 0; y <= height; y++) {
    const aboveWord = y * wordsPerRow
    for (let w = 0; w < wordsPerRow; w++) {
      if (((words[aboveWord + w]! ^ words[aboveWord + wordsPerRow + w]!) & INK_WORD) === 0) continue
      // Padding columns hold zeros in both rows, so every edge found here is inside the image.
      for (let c = 4 * w, end = c + 4; c < end; c++) {
        const above = data[y * s + c]!
        const below = data[y * s + s + c]!
        if (((above ^ below) & INK) === 0 || (below & VISITED) !== 0) continue
        if (below & INK) walk(c - 1, y, 0)
        else walk(c, y, 2)
        if (stopped) return
      }
    }
  }
}

/**
 * The minority turn policy: true when ink covers less than half of the 2r × 2r box centred on
 * corner (x, y), for the first r in 2, 3, 4 that is not a tie (pixels outside the image count as
 * non-ink); true on a tie at every size.
 */
function inkIsMinority(mask: PaddedMask, x: number, y: number): boolean {
  const { width, height, stride, data } = mask
  for (let r = 2; r <= 4; r++) {
    let ink = 0
    const x0 = Math.max(0, x - r)
    const x1 = Math.min(width, x + r)
    for (let py = Math.max(0, y - r); py < Math.min(height, y + r); py++) {
      const row = (py + 1) * stride + 1
      for (let px = x0; px < x1; px++) ink += data[row + px]! & INK
    }
    const total = 4 * r * r
    if (2 * ink !== total) return 2 * ink < total
  }
  return true
}

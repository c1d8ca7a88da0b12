/**
 * Skeletonize stage of the lineart engine (distance → skeletonize → stroke graph → …): thins every
 * stroke to a one-pixel, 8-connected centerline with the same topology.
 */

import { type Mask, neighbourCode, neighbourOffsets } from './mask'

/*
 * Stage: skeletonize.
 * Job: peel ink from the outside in until only centerlines remain, keeping every component and
 * every hole (no line breaks, no merged loops) and every line end.
 * Input → output: Mask → the same Mask, rewritten to its skeleton.
 * Method:
 * 1. Guo and Hall's parallel thinning, algorithm A1 ("Parallel thinning with two-subiteration
 *    algorithms", CACM 32(3), 1989), as two 256-entry tables over the 8-neighbourhood code. It
 *    keeps diagonal lines one pixel wide and does not erode 2 × 2 blocks away, unlike Zhang–Suen.
 *    Only border pixels are visited: a list of candidates starts as every ink pixel touching
 *    paper and then holds the ink neighbours of the pixels just removed, so the work is the
 *    ink area, not the image area times the number of passes.
 * 2. A sequential pass that removes the staircase pixels the parallel pass may leave (a pixel
 *    whose ink neighbours stay 8-connected without it, that touches paper, and is not a line
 *    end), so each centerline pixel has exactly two neighbours except at ends and junctions.
 */

const DELETE_FIRST = deletionTable(0)
const DELETE_SECOND = deletionTable(1)
const SIMPLE = simplePointTable()
/** Bit set in the mask byte while a pixel is on the candidate list. */
const QUEUED = 2

/** Thins the ink of `mask` in place to its 8-connected one-pixel skeleton. */
export function skeletonize(mask: Mask): void {
  const { data, stride } = mask
  const offsets = neighbourOffsets(stride)
  let candidates: Int32Array = borderPixels(data, stride, offsets)
  let next: Int32Array = new Int32Array(candidates.length)
  let removed = new Int32Array(candidates.length)
  let count = candidates.length
  // Thinning ends when two subiterations in a row (one of each kind) remove nothing.
  let idle = 0
  for (let pass = 0; count > 0 && idle < 2; pass ^= 1) {
    const table = pass === 0 ? DELETE_FIRST : DELETE_SECOND
    let nRemoved = 0
    for (let c = 0; c < count; c++) {
      const i = candidates[c]!
      if (table[neighbourCode(data, i, offsets)]) removed[nRemoved++] = i
    }
    // Parallel semantics: every decision above saw the image before this subiteration.
    for (let r = 0; r < nRemoved; r++) data[removed[r]!] = 0
    let nNext = 0
    if (next.length < count + 8 * nRemoved) next = new Int32Array(count + 8 * nRemoved)
    for (let c = 0; c < count; c++) {
      const i = candidates[c]!
      if (data[i]) next[nNext++] = i
    }
    for (let r = 0; r < nRemoved; r++) {
      const i = removed[r]!
      for (let k = 0; k < 8; k++) {
        const j = i + offsets[k]!
        if (data[j] === 1) {
          data[j] = 1 | QUEUED
          next[nNext++] = j
        }
      }
    }
    idle = nRemoved === 0 ? idle + 1 : 0
    const swap = candidates
    candidates = next
    next = swap
    count = nNext
    if (removed.length < count) removed = new Int32Array(count)
  }
  for (let i = 0; i < data.length; i++) data[i]! &= 1
  removeStaircases(data, stride, offsets)
}

/** Every ink pixel with a paper 4-neighbour, flagged QUEUED in `data`. */
function borderPixels(data: Uint8Array, stride: number, offsets: Int32Array): Int32Array {
  let list = new Int32Array(1024)
  let n = 0
  for (let i = stride; i < data.length - stride; i++) {
    if (data[i] !== 1) continue
    if (
      data[i + offsets[0]!] &&
      data[i + offsets[2]!] &&
      data[i + offsets[4]!] &&
      data[i + offsets[6]!]
    )
      continue
    if (n === list.length) {
      const grown = new Int32Array(n * 2)
      grown.set(list)
      list = grown
    }
    data[i] = 1 | QUEUED
    list[n++] = i
  }
  return list.subarray(0, n)
}

/** Step 2 of the banner: sequential removal of redundant (simple, non-end) skeleton pixels. */
function removeStaircases(data: Uint8Array, stride: number, offsets: Int32Array): void {
  for (let i = stride; i < data.length - stride; i++) {
    if (data[i] && SIMPLE[neighbourCode(data, i, offsets)]) data[i] = 0
  }
}

/** Bits of the neighbourhood code, P2 (north) … P9 (north-west). */
function bits(code: number): number[] {
  const p: number[] = []
  for (let k = 0; k < 8; k++) p.push((code >> k) & 1)
  return p
}

/**
 * Guo–Hall A1 deletion table for subiteration `pass` (0 or 1), indexed by neighbourhood code.
 * C(P) = 1 (removing P keeps one 8-connected ink component around it), 2 ≤ N(P) ≤ 3 (P is not
 * a line end and not interior), and the subiteration's side condition.
 */
function deletionTable(pass: 0 | 1): Uint8Array {
  const table = new Uint8Array(256)
  for (let code = 0; code < 256; code++) {
    const [p2, p3, p4, p5, p6, p7, p8, p9] = bits(code) as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ]
    const c = (+!p2 & (p3 | p4)) + (+!p4 & (p5 | p6)) + (+!p6 & (p7 | p8)) + (+!p8 & (p9 | p2))
    const n1 = (p9 | p2) + (p3 | p4) + (p5 | p6) + (p7 | p8)
    const n2 = (p2 | p3) + (p4 | p5) + (p6 | p7) + (p8 | p9)
    const n = Math.min(n1, n2)
    const side = pass === 0 ? (p6 | p7 | +!p9) & p8 : (p2 | p3 | +!p5) & p4
    table[code] = c === 1 && n >= 2 && n <= 3 && side === 0 ? 1 : 0
  }
  return table
}

/**
 * Simple-point table for the (8, 4) topology, indexed by neighbourhood code: 1 when the pixel has
 * at least two ink neighbours (not a line end), they form exactly one 8-connected group inside
 * the neighbourhood, and a 4-neighbour is paper (removing it opens no hole).
 */
function simplePointTable(): Uint8Array {
  const table = new Uint8Array(256)
  // Ring positions 0..7 = N, NE, E, SE, S, SW, W, NW; 8-adjacent pairs within the ring.
  const adjacent: [number, number][] = []
  for (let k = 0; k < 8; k++) adjacent.push([k, (k + 1) % 8])
  adjacent.push([0, 2], [2, 4], [4, 6], [6, 0])
  for (let code = 0; code < 256; code++) {
    const p = bits(code)
    const inkCount = p.reduce((a, b) => a + b, 0)
    if (inkCount < 2) continue
    if (p[0] && p[2] && p[4] && p[6]) continue
    const parent = [0, 1, 2, 3, 4, 5, 6, 7]
    const find = (a: number): number => {
      let root = a
      while (parent[root] !== root) root = parent[root]!
      return root
    }
    for (const [a, b] of adjacent) if (p[a] && p[b]) parent[find(a)] = find(b)
    let groups = 0
    for (let k = 0; k < 8; k++) if (p[k] && find(k) === k) groups++
    table[code] = groups === 1 ? 1 : 0
  }
  return table
}

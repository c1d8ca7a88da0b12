/**
 * Trace engine (POST /v1/vectorize), with stage 4: finds the holes of a layer that show only
 * layers above it, and fills them so that the layer runs under the whole region.
 */

import type { LatticePath } from './decompose-paths'
import { INK, type PaddedMask, SEED } from './padded-mask'

/*
 * Stage: covered holes (with path decomposition).
 * Job: decide a hole path's fate, and fill it when it is dropped.
 * Input → output: a hole LatticePath + the PaddedMask → whether a SEED pixel (a lower colour, the
 *   background, transparency) lies inside; filling sets INK on every pixel inside, so nothing
 *   nested in the hole is traced any more.
 * Method: the pixels inside a lattice path are, row by row, between its vertical steps taken in
 *   pairs (even-odd), so sorting the vertical steps by (row, x) lists the spans. Cost O(p log p +
 *   area inside) for a path of p steps; only holes of layers with colours above them are checked.
 */

/** Spans inside `path`, as sorted keys row · (width + 1) + x, taken in pairs [start, end). */
function spansOf(mask: PaddedMask, path: LatticePath): Int32Array {
  const { points, length } = path
  const w1 = mask.width + 1
  let vertical = 0
  for (let k = 0; k < length; k++) {
    const next = k + 1 === length ? 0 : k + 1
    if (points[2 * k] === points[2 * next]) vertical++
  }
  const keys = new Int32Array(vertical)
  for (let k = 0, v = 0; k < length; k++) {
    const next = k + 1 === length ? 0 : k + 1
    const x = points[2 * k]!
    if (x !== points[2 * next]) continue
    keys[v++] = Math.min(points[2 * k + 1]!, points[2 * next + 1]!) * w1 + x
  }
  return keys.sort()
}

/** True when any pixel inside the hole `path` shows a lower colour, background or transparency. */
export function holeShowsBelow(mask: PaddedMask, path: LatticePath): boolean {
  const keys = spansOf(mask, path)
  const { stride, data } = mask
  const w1 = mask.width + 1
  for (let s = 0; s + 1 < keys.length; s += 2) {
    const row = Math.floor(keys[s]! / w1)
    const base = (row + 1) * stride + 1 - row * w1
    for (let i = keys[s]! + base, end = keys[s + 1]! + base; i < end; i++) {
      if ((data[i]! & SEED) !== 0) return true
    }
  }
  return false
}

/** Sets INK on every pixel inside `path`. */
export function fillHole(mask: PaddedMask, path: LatticePath): void {
  const keys = spansOf(mask, path)
  const { stride, data } = mask
  const w1 = mask.width + 1
  for (let s = 0; s + 1 < keys.length; s += 2) {
    const row = Math.floor(keys[s]! / w1)
    const base = (row + 1) * stride + 1 - row * w1
    for (let i = keys[s]! + base, end = keys[s + 1]! + base; i < end; i++) data[i]! |= INK
  }
}

/**
 * Despeckle stage of the lineart engine (threshold → despeckle → distance → skeletonize → …):
 * drops specks of ink and fills pinholes in strokes, so neither becomes a stray stroke or a loop.
 */

import { fillRegion } from './flood-fill'
import type { Mask } from './mask'

/*
 * Stage: despeckle.
 * Job: remove ink components smaller than `speckAreaPx` (8-connected) and fill paper components
 * enclosed by ink that are smaller than `holeAreaPx` (4-connected, the dual connectivity).
 * Input → output: Mask → the same Mask, rewritten.
 * Method: span flood fill (./flood-fill.ts). Each region is first relabelled to a "seen" value
 * while its area is counted, and only the small ones are filled a second time, so the work is
 * one pass over the image plus the area of what is removed. Paper reachable from the frame is
 * outside; what remains is enclosed.
 */

const INK = 1
const PAPER = 0
const SEEN_INK = 2
const OUTSIDE = 3
const SEEN_HOLE = 4
/** A pinhole filled with ink: its own label, so erasing a speck inside it cannot spread. */
const FILLED = 5

/**
 * @param speckAreaPx ink components with fewer pixels are erased
 * @param holeAreaPx enclosed paper regions with fewer pixels become ink
 * @returns how many specks were removed and holes filled
 */
export function despeckle(
  mask: Mask,
  speckAreaPx: number,
  holeAreaPx: number,
): { specks: number; holes: number } {
  const { data, stride } = mask
  let stack: Int32Array = new Int32Array(1024)
  let specks = 0
  let holes = 0
  // The frame is paper: flood it first, so every paper pixel still 0 afterwards is enclosed.
  data.fill(OUTSIDE, 0, stride)
  data.fill(OUTSIDE, data.length - stride)
  for (let i = stride; i < data.length - stride; i += stride) {
    data[i] = OUTSIDE
    data[i + stride - 1] = OUTSIDE
  }
  for (let i = 0; i < data.length; i++) {
    if (data[i] === PAPER && isNextToOutside(data, i, stride)) {
      stack = fillRegion(data, stride, i, PAPER, OUTSIDE, false, stack).stack
    }
  }
  for (let i = stride; i < data.length - stride; i++) {
    const v = data[i]
    if (v === INK) {
      const seen = fillRegion(data, stride, i, INK, SEEN_INK, true, stack)
      stack = seen.stack
      if (seen.area < speckAreaPx) {
        stack = fillRegion(data, stride, i, SEEN_INK, OUTSIDE, true, stack).stack
        specks++
      }
    } else if (v === PAPER) {
      const seen = fillRegion(data, stride, i, PAPER, SEEN_HOLE, false, stack)
      stack = seen.stack
      if (seen.area < holeAreaPx) {
        stack = fillRegion(data, stride, i, SEEN_HOLE, FILLED, false, stack).stack
        holes++
      }
    }
  }
  for (let i = 0; i < data.length; i++) {
    const v = data[i]
    data[i] = v === SEEN_INK || v === FILLED ? INK : PAPER
  }
  return { specks, holes }
}

/** Whether a 4-neighbour of `i` is outside paper (bounds are safe: the frame is OUTSIDE). */
function isNextToOutside(data: Uint8Array, i: number, stride: number): boolean {
  return (
    data[i - 1] === OUTSIDE ||
    data[i + 1] === OUTSIDE ||
    data[i - stride] === OUTSIDE ||
    data[i + stride] === OUTSIDE
  )
}

/**
 * The lineart engine's estimate of the drawing's pen: how wide its strokes are, read from the ink
 * mask before despeckling, so that the despeckle never takes a dot of the drawing's own size for
 * noise (a figure copied from a screen draws 1 px lines and 1 px stipple dots).
 */

import { alignedWords, type Mask } from './mask'

/** Widths above this (px) are solid ink, not a pen's stroke. */
const WIDEST_PEN = 32

/*
 * Method: each horizontal run of ink is as wide as the shorter of its length and the vertical run
 * through its middle pixel (across a vertical stroke the row's run is the width; across a
 * horizontal one the column's; a slanted 1 px line is a staircase of runs one pixel high). Each
 * run weighs its pixels, and the pen is the width that holds the median ink pixel: a scan's
 * noise specks (few pixels each) do not outvote its strokes, nor do stipple dots.
 * Cost: a pass over SAMPLED_ROWS rows, four paper pixels a step, and a short vertical walk per run.
 */

/** At least this many rows are read (every row of a smaller image); the runs of a few hundred
 * rows across a drawing tell its pen as well as all of them, at a tenth of the cost on a sheet. */
const SAMPLED_ROWS = 256

/** @returns the pen width in px (1 … WIDEST_PEN), or 0 when most ink is wider (or none) */
export function penWidth(mask: Mask): number {
  const { data, stride, height } = mask
  const ink = new Float64Array(WIDEST_PEN + 2)
  const shift = -data.byteOffset & 3
  const words = alignedWords(data, shift)
  const step = Math.max(1, Math.floor(height / SAMPLED_ROWS))
  for (let y = 1; y <= height; y += step) {
    // The frame's paper ends the row's last run.
    const end = (y + 1) * stride
    let run = 0
    for (let i = y * stride; i < end; ) {
      if (run === 0 && ((i - shift) & 3) === 0 && i + 4 <= end && words[(i - shift) >> 2] === 0) {
        i += 4
        continue
      }
      if (data[i] !== 0) run++
      else if (run > 0) {
        const mid = i - 1 - (run >> 1)
        let tall = 1
        for (let j = mid - stride; tall <= WIDEST_PEN && data[j] !== 0; j -= stride) tall++
        for (let j = mid + stride; tall <= WIDEST_PEN && data[j] !== 0; j += stride) tall++
        ink[Math.min(run, tall, WIDEST_PEN + 1)]! += run
        run = 0
      }
      i++
    }
  }
  let total = 0
  for (let w = 1; w <= WIDEST_PEN + 1; w++) total += ink[w]!
  if (total === 0) return 0
  let below = 0
  for (let w = 1; w <= WIDEST_PEN; w++) {
    below += ink[w]!
    if (2 * below >= total) return w
  }
  return 0
}

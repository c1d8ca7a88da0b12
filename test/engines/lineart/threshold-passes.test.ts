// The threshold's word-at-a-time and merged passes against the pixel-by-pixel passes they
// replaced (kept below as the reference): the same mask on gray drawings with noise, blur, faint
// lines and dots, with even paper (the levels read from the caller's image) and uneven paper.

import { describe, expect, it } from 'vitest'
import { type BinarizeParams, binarizePage } from '../../../src/engines/gray/binarize'
import { pageHistogram } from '../../../src/engines/gray/tone'
import { createMask, type Mask, neighbourOffsets } from '../../../src/engines/lineart/mask'
import { normalizeBackground } from '../../../src/engines/lineart/normalize-background'
import { lineartThreshold, thresholdInk } from '../../../src/engines/lineart/threshold'
import type { GrayImage } from '../../../src/engines/raster'
import { uniform } from '../../support/line-art'
import { canvas, circle, segment } from './shapes'

/** thresholdInk as it was, pass by pass. */
function referenceThreshold(image: GrayImage): Mask {
  const { width, height } = image
  const into = createMask(width, height)
  const normalized = normalizeBackground(image.data, width, height).page
  const page = normalized === image.data ? normalized.slice() : normalized
  const { params, lineHigh } = lineartThreshold(pageHistogram(page))
  markBand(page, into, params, lineHigh)
  binarizePage(page, width, height, params)
  mergeBinarized(page, into)
  fringeTrimmed += trimSolidFringe(into)
  keepFaintDots(into)
  return into
}

/** Fringe pixels the reference has trimmed, over the test. */
let fringeTrimmed = 0

/**
 * Rescued pixels (INK, FAINT) on a solid's edge that lead nowhere become paper: paper on one side,
 * CORE three deep on the other (4-neighbours), and every rescued 8-neighbour also on such an
 * edge. Decided on a copy of the codes, then applied.
 */
function trimSolidFringe(mask: Mask): number {
  const { data, stride } = mask
  const before = data.slice()
  const rescued = (i: number) => before[i] === INK || before[i] === FAINT
  const onEdge = (i: number) =>
    [1, -1, stride, -stride].some(
      (d) =>
        before[i - d] === PAPER &&
        before[i + d] === CORE &&
        before[i + 2 * d] === CORE &&
        before[i + 3 * d] === CORE,
    )
  const offsets = neighbourOffsets(stride)
  let trimmed = 0
  for (let i = stride; i < data.length - stride; i++) {
    if (!rescued(i) || !onEdge(i)) continue
    if (offsets.some((o) => rescued(i + o) && !onEdge(i + o))) continue
    data[i] = PAPER
    trimmed++
  }
  return trimmed
}

/** threshold.ts's FAINT_DOT_PX. */
const FAINT_DOT_PX = 4
const PAPER = 0
const INK = 1
const FAINT = 2
const CORE = 3
const SEEN = 4
const FAINT_SEEN = 1

/** Marks the core (≤ low) and the faint band (lineHigh, high] of `gray` in `mask`. */
function markBand(
  gray: Uint8Array,
  mask: Mask,
  { low, high }: BinarizeParams,
  lineHigh: number,
): void {
  const { data, stride, width, height } = mask
  for (let y = 0; y < height; y++) {
    const src = y * width
    const dst = (y + 1) * stride + 1
    for (let x = 0; x < width; x++) {
      const v = gray[src + x]!
      data[dst + x] = v <= low ? CORE : v > lineHigh && v <= high ? FAINT : PAPER
    }
  }
}

/** The binarized page into `mask`: black pixels INK, or FAINT / CORE as marked; white PAPER. */
function mergeBinarized(page: Uint8Array, mask: Mask): void {
  const { data, stride, width, height } = mask
  for (let y = 0; y < height; y++) {
    const src = y * width
    const dst = (y + 1) * stride + 1
    for (let x = 0; x < width; x++) {
      const i = dst + x
      data[i] = page[src + x] === 0 ? (data[i] === PAPER ? INK : data[i]!) : PAPER
    }
  }
}

/**
 * Resolves the FAINT pixels. Beside the core of a stroke they are its edge, kept as the gray
 * toolkit keeps them (a bold letter's outline stays as it was). Elsewhere an 8-connected
 * component holding them is kept whole when it also holds ink (the faint stretches of a line
 * whose darkness wavers, as a reduced thin line's does: dropping them drew solid lines dashed,
 * which reads as a hidden line) or when it is at most FAINT_DOT_PX across (a dot); the rest, a
 * faint line or texture on its own, become paper. Every code ends as INK or PAPER.
 */
function keepFaintDots(mask: Mask): void {
  const { data, stride } = mask
  const offsets = neighbourOffsets(stride)
  const end = data.length - stride
  for (let i = stride; i < end; i++) {
    if (data[i] !== FAINT) continue
    for (let k = 0; k < 8; k++) {
      if (data[i + offsets[k]!] === CORE) {
        data[i] = INK
        break
      }
    }
  }
  for (let i = stride; i < end; i++) if (data[i] === CORE) data[i] = INK
  let stack = new Int32Array(256)
  let group = new Int32Array(256)
  for (let seed = stride; seed < end; seed++) {
    if (data[seed] !== FAINT) continue
    let top = 0
    let size = 0
    let joinsInk = false
    let x0 = seed % stride
    let x1 = x0
    let y0 = (seed - x0) / stride
    let y1 = y0
    data[seed] = SEEN | FAINT_SEEN
    stack[top++] = seed
    while (top > 0) {
      const i = stack[--top]!
      if (size === group.length) group = grown(group)
      group[size++] = i
      const x = i % stride
      const y = (i - x) / stride
      if (x < x0) x0 = x
      if (x > x1) x1 = x
      if (y < y0) y0 = y
      if (y > y1) y1 = y
      for (let k = 0; k < 8; k++) {
        const j = i + offsets[k]!
        const v = data[j]!
        if (v !== INK && v !== FAINT) continue
        if (v === INK) joinsInk = true
        data[j] = v === FAINT ? SEEN | FAINT_SEEN : SEEN
        if (top === stack.length) stack = grown(stack)
        stack[top++] = j
      }
    }
    const keep = joinsInk || (x1 - x0 < FAINT_DOT_PX && y1 - y0 < FAINT_DOT_PX)
    for (let k = 0; k < size; k++) {
      const i = group[k]!
      data[i] = keep || data[i] === SEEN ? INK : PAPER
    }
  }
}

function grown(array: Int32Array): Int32Array<ArrayBuffer> {
  const next = new Int32Array(2 * array.length)
  next.set(array)
  return next
}

/** A drawing on `paper` with dark, faint and dotted lines, noise and (when `ramp`) uneven paper. */
function drawing(seed: number, paper: number, ramp: number): GrayImage {
  const u = uniform(seed)
  const image = canvas(181, 133)
  segment(image, 5, 10, 170, 20, 2)
  segment(image, 10, 120, 160, 30, 1)
  circle(image, 90, 70, 30, 3)
  // A bold bar with an anti-aliased edge: a fringe of light pixels around its solid core.
  segment(image, 120, 40, 170, 95, 7)
  const fringe = canvas(181, 133)
  segment(fringe, 120, 40, 170, 95, 9)
  for (let k = 0; k < 25; k++) segment(image, 20 + 6 * k, 100, 20 + 6 * k + 0.5, 100.5, 1)
  const faint = canvas(181, 133)
  segment(faint, 5, 60, 175, 64, 1)
  segment(faint, 40, 5, 45, 128, 1.5)
  for (let i = 0; i < image.data.length; i++) {
    const x = i % 181
    const ink =
      image.data[i] === 0
        ? 30
        : faint.data[i] === 0
          ? paper - 60
          : fringe.data[i] === 0
            ? paper - 40
            : paper - ramp * (x / 181)
    image.data[i] = Math.max(0, Math.min(255, Math.round(ink + (u() - 0.5) * 24)))
  }
  return image
}

describe('thresholdInk', () => {
  it('gives the mask of the pixel passes on even and uneven paper', () => {
    let even = 0
    for (let seed = 1; seed <= 6; seed++) {
      for (const [paper, ramp] of [
        [250, 0],
        [238, 0],
        [245, 70],
      ]) {
        const image = drawing(seed, paper!, ramp!)
        const normalized = normalizeBackground(image.data, 181, 133)
        if (normalized.page === image.data) {
          even++
          // The blocks' counts are the page's histogram.
          expect(normalized.histogram).toEqual(pageHistogram(image.data))
        } else expect(normalized.histogram).toBeNull()
        const expected = referenceThreshold(image)
        const mask = thresholdInk(image)
        expect(mask.data).toEqual(expected.data)
        expect(mask.data.some((v) => v === 1)).toBe(true)
      }
    }
    // The bold bar's fringe was trimmed; both paths ran: the even paper's (levels from the image)
    // and the normalised one's.
    expect(fringeTrimmed).toBeGreaterThan(0)
    expect(even).toBeGreaterThan(0)
    expect(even).toBeLessThan(18)
  })
})

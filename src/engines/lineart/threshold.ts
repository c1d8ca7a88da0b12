/**
 * Threshold stage of the lineart engine (normalize background → threshold → despeckle → …):
 * gray to a framed bilevel mask with the same line-preserving binarizer /convert files with.
 */

import { releaseBuffer } from '../../lib/release'
import { type BinarizeParams, binarizePage, chooseThreshold } from '../gray/binarize'
import { pageLevels } from '../gray/page-levels'
import { pageHistogram } from '../gray/tone'
import type { GrayImage } from '../raster'
import { alignedWords, createMask, type Mask, neighbourOffsets } from './mask'
import { normalizeBackground } from './normalize-background'

/*
 * Stage: threshold.
 * Job: decide ink and paper per pixel.
 * Input → output: gray image → Mask (1 ink, 0 paper, one-pixel paper frame).
 * Method: background normalisation (./normalize-background.ts), then the midpoint of paper and
 * ink levels with the ridge rescue for thin gray lines (../gray/binarize.ts, chosen on the
 * corpus by `npm run bench -- binarize`), the ink level taken from the darkest strokes and the
 * rescue narrowed for lines (`lineartThreshold`): ridges lighter than a third of the contrast
 * stay only as dots, as the edge of a darker stroke or as part of a line that holds darker ink
 * (`keepFaintDots`). An image with exactly
 * two levels (most patent drawings are 1-bit) is split at their midpoint directly.
 */

/**
 * @param into the mask to write, `image`'s size and all paper (the wasm kernels' own, so
 *   nothing is copied)
 * @param kernel the pixel stages' binarize-into-the-mask (`PixelStages.binarizeInto`, wasm), else
 *   the TypeScript passes below
 * @param levels `twoLevels(image.data)`, when the caller has it already
 * @returns the ink mask of `image`: `into`
 */
export function thresholdInk(
  image: GrayImage,
  into: Mask = createMask(image.width, image.height),
  kernel?: BinarizeInto,
  levels: [number, number] | null = twoLevels(image.data),
): Mask {
  const { width, height } = image
  if (into.width !== width || into.height !== height) throw new RangeError('mask size')
  if (levels) return maskBelow(image.data, into, (levels[0] + levels[1]) / 2, levels[1])
  const { page: normalized, histogram } = normalizeBackground(image.data, width, height)
  const { params, lineHigh } = lineartThreshold(histogram ?? pageHistogram(normalized))
  if (kernel) {
    // Black pixels take their level's code, white stay paper; the levels are read, not written.
    kernel(normalized, params, bandCodes(params, lineHigh, INK))
  } else if (normalized !== image.data) {
    // The pixels a ridge may rescue only as a dot, marked before their levels are overwritten.
    markBand(normalized, into, params, lineHigh)
    binarizePage(normalized, width, height, params)
    mergeBinarized(normalized, into)
  } else {
    // binarizePage rewrites its page in place: never the caller's image, whose levels are then
    // marked and merged in one pass.
    const page = normalized.slice()
    binarizePage(page, width, height, params)
    mergeLevels(page, image.data, into, params, lineHigh)
    releaseBuffer(page)
  }
  // Our own copy: freed now rather than left resident beside the kernels' memory until a GC.
  if (normalized !== image.data) releaseBuffer(normalized)
  keepFaintDots(into)
  return into
}

/**
 * Binarizes `levels` (a page of the mask's size) by `binarizePage`'s rule into the mask: a black
 * pixel takes `codes[its level]`, a white one stays paper.
 */
export type BinarizeInto = (levels: Uint8Array, params: BinarizeParams, codes: Uint8Array) => void

/**
 * Share of the dark class (levels up to Otsu's split) under the drawing's ink level. The gray
 * toolkit takes a quarter, which a sheet's gray shading and the anti-aliased edges of thin lines
 * pull up (55 on a 150 DPI montage whose outlines are black): the midpoint cut then keeps as
 * stroke what is only a light shading line.
 */
const INK_SHARE = 0.05
/**
 * A ridge joins a line only when it is at least this share of the contrast darker than the
 * paper: a third of a pixel of ink. Lighter ridges are faint shading lines, a fine texture or a
 * mesh seen at too low a resolution; drawn as lines they would be full-black strokes where the
 * drawing has a faint tone. Lighter ridges down to the gray toolkit's band are kept as dots or
 * as stretches of a line that is darker elsewhere (see `keepFaintDots`).
 */
const LINE_RIDGE_DARKNESS = 1 / 3
/** A faint ridge component no larger than this across (px), on its own, is a dot. */
const FAINT_DOT_PX = 4

/**
 * The binarizer's parameters for line art: the gray toolkit's (../gray/binarize.ts) with the ink
 * level of the drawing's darkest strokes (INK_SHARE), and the level up to which a rescued ridge
 * may be part of a line (`lineHigh`, LINE_RIDGE_DARKNESS; at most `params.high`).
 */
export function lineartThreshold(histogram: Uint32Array): {
  params: BinarizeParams
  lineHigh: number
} {
  const params = chooseThreshold(histogram, 'lineart')
  if (params.high <= params.low) return { params, lineHigh: params.high }
  const { paper, otsu } = pageLevels(histogram)
  let dark = 0
  for (let v = 0; v <= otsu; v++) dark += histogram[v]!
  let ink = 0
  for (let seen = 0; ink < otsu; ink++) {
    seen += histogram[ink]!
    if (seen > INK_SHARE * dark) break
  }
  const low = Math.min(params.low, Math.floor((paper + ink) / 2))
  const lineHigh = Math.max(
    low,
    Math.min(params.high, Math.round(paper - LINE_RIDGE_DARKNESS * (paper - ink))),
  )
  return { params: { ...params, low }, lineHigh }
}

/**
 * Mask codes while thresholding: paper, ink; before binarizing, the core (level ≤ low) and the
 * faint band; after, ink from a faint ridge, ink of the core, and seen pixels (| FAINT_SEEN).
 */
const PAPER = 0
const INK = 1
const FAINT = 2
const CORE = 3
const SEEN = 4
const FAINT_SEEN = 1

/**
 * Marks the core (≤ low) and the faint band (lineHigh, high] of `gray` in `mask`, which is all
 * paper: by a table of the 256 levels, words of four white pixels passed whole.
 */
function markBand(gray: Uint8Array, mask: Mask, params: BinarizeParams, lineHigh: number): void {
  const { data, stride, width, height } = mask
  const code = bandCodes(params, lineHigh, PAPER)
  const shift = -gray.byteOffset & 3
  const words = alignedWords(gray, shift)
  const whiteIsPaper = code[255] === PAPER
  for (let y = 0; y < height; y++) {
    const src = y * width
    const dst = (y + 1) * stride + 1 - src
    for (let i = src, end = src + width; i < end; ) {
      if (
        whiteIsPaper &&
        ((i - shift) & 3) === 0 &&
        i + 4 <= end &&
        words[(i - shift) >> 2] === -1
      ) {
        i += 4
        continue
      }
      data[dst + i] = code[gray[i]!]!
      i++
    }
  }
}

/** Each level's code: CORE at or below low, FAINT in (lineHigh, high], else `other`. */
function bandCodes({ low, high }: BinarizeParams, lineHigh: number, other: number): Uint8Array {
  const code = new Uint8Array(256)
  for (let v = 0; v < 256; v++)
    code[v] = v <= low ? CORE : v > lineHigh && v <= high ? FAINT : other
  return code
}

/**
 * What a marked code (PAPER, FAINT or CORE) becomes where the binarized page is black (0, bit 2
 * clear: INK, FAINT or CORE as marked) and white (255, bit 2 set: PAPER).
 */
const MERGED = Uint8Array.of(INK, INK, FAINT, CORE, PAPER, PAPER, PAPER, PAPER)

/** The binarized page into `mask`: black pixels INK, or FAINT / CORE as marked; white PAPER. */
function mergeBinarized(page: Uint8Array, mask: Mask): void {
  const { data, stride, width, height } = mask
  for (let y = 0; y < height; y++) {
    const src = y * width
    const dst = (y + 1) * stride + 1
    for (let x = 0; x < width; x++) {
      const i = dst + x
      data[i] = MERGED[(page[src + x]! & 4) | data[i]!]!
    }
  }
}

/**
 * `markBand` then `mergeBinarized` in one pass, from the levels `gray` the page was binarized
 * from, into `mask`, which is all paper: words of four white pixels of the page are passed.
 */
function mergeLevels(
  page: Uint8Array,
  gray: Uint8Array,
  mask: Mask,
  params: BinarizeParams,
  lineHigh: number,
): void {
  const { data, stride, width, height } = mask
  // What a black pixel of the page becomes, by its level (markBand's code, else INK).
  const black = bandCodes(params, lineHigh, INK)
  const words = new Int32Array(page.buffer, page.byteOffset, page.length >> 2)
  for (let y = 0; y < height; y++) {
    const src = y * width
    const dst = (y + 1) * stride + 1 - src
    for (let i = src, end = src + width; i < end; ) {
      if ((i & 3) === 0 && i + 4 <= end && words[i >> 2] === -1) {
        i += 4
        continue
      }
      if (page[i] === 0) data[dst + i] = black[gray[i]!]!
      i++
    }
  }
}

/**
 * Resolves the FAINT pixels. First the fringe of solid strokes that leads nowhere goes
 * (`trimSolidFringe`). Beside the core of a stroke they are its edge, kept as the gray toolkit
 * keeps them (a bold letter's outline stays as it was). Elsewhere an 8-connected
 * component holding them is kept whole when it also holds ink (the faint stretches of a line
 * whose darkness wavers, as a reduced thin line's does: dropping them drew solid lines dashed,
 * which reads as a hidden line) or when it is at most FAINT_DOT_PX across (a dot); the rest, a
 * faint line or texture on its own, become paper. Every code ends as INK or PAPER.
 */
function keepFaintDots(mask: Mask): void {
  const { data, stride } = mask
  const offsets = neighbourOffsets(stride)
  const end = data.length - stride
  // Words of paper are passed whole (the mask's offset is a multiple of 4: see ./mask.ts).
  const words = new Uint32Array(data.buffer, data.byteOffset, end >> 2)
  trimSolidFringe(mask, words)
  for (let i = stride; i < end; i++) {
    if ((i & 3) === 0) {
      while (i >> 2 < words.length && words[i >> 2] === 0) i += 4
      if (i >= end) break
    }
    if (data[i] === FRINGE) data[i] = PAPER
    if (data[i] !== FAINT) continue
    for (let k = 0; k < 8; k++) {
      if (data[i + offsets[k]!] === CORE) {
        data[i] = INK
        break
      }
    }
  }
  let stack = new Int32Array(256)
  let group = new Int32Array(256)
  // The core becomes ink as the scan passes it, and a flood takes a core pixel ahead of the scan
  // as ink (it ends as INK either way): the same as turning every CORE into INK first.
  for (let seed = stride; seed < end; seed++) {
    if ((seed & 3) === 0) {
      while (seed >> 2 < words.length && words[seed >> 2] === 0) seed += 4
      if (seed >= end) break
    }
    if (data[seed] === CORE) data[seed] = INK
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
        if (v !== INK && v !== FAINT && v !== CORE) continue
        if (v !== FAINT) joinsInk = true
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

/** A rescued pixel on a solid's fringe: marked by `trimSolidFringe`, paper by `keepFaintDots`. */
const FRINGE = 6

/**
 * Marks FRINGE (paper once `keepFaintDots` has passed) the rescued pixels (INK or FAINT: lighter
 * than the cut) that sit on the edge of a solid stroke and lead nowhere: paper on one side and,
 * on the other, CORE three pixels deep (a thinner core is a thin line or a small dot, whose
 * fringe is part of its size), and no rescued 8-neighbour other than such fringe pixels. They
 * are the anti-aliased corners and edge rows of a bold glyph, which the ridge rescue reads as a
 * two-pixel diagonal line: kept, each grew a skeleton branch toward the corner, and a bold "I"
 * was traced as ")". A faint line that meets a stroke keeps its pixels: its next pixel is
 * rescued and not on the fringe.
 */
function trimSolidFringe(mask: Mask, words: Uint32Array): void {
  const { data, stride } = mask
  const end = data.length - stride
  // A fringe pixel still counts as rescued (not paper) for its neighbours' tests: the marks are
  // made as if on the codes before the pass.
  const rescued = (v: number) => v === INK || v === FAINT || v === FRINGE
  // On the fringe: paper on one side, a solid at least three pixels thick on the other.
  const solid = (i: number, step: number) =>
    data[i - step] === PAPER &&
    data[i + step] === CORE &&
    data[i + 2 * step] === CORE &&
    data[i + 3 * step] === CORE
  const onEdge = (i: number) => solid(i, 1) || solid(i, -1) || solid(i, stride) || solid(i, -stride)
  const offsets = neighbourOffsets(stride)
  for (let i = stride; i < end; i++) {
    if ((i & 3) === 0) {
      while (i >> 2 < words.length && words[i >> 2] === 0) i += 4
      if (i >= end) break
    }
    const v = data[i]!
    if ((v !== INK && v !== FAINT) || !onEdge(i)) continue
    let leads = false
    for (let k = 0; k < 8 && !leads; k++) {
      const j = i + offsets[k]!
      leads = rescued(data[j]!) && !onEdge(j)
    }
    if (!leads) data[i] = FRINGE
  }
}

function grown(array: Int32Array): Int32Array<ArrayBuffer> {
  const next = new Int32Array(2 * array.length)
  next.set(array)
  return next
}

/**
 * The two levels of an image that has exactly two (a 1-bit scan, a drawing saved as black and
 * white), darker first, or null. Such an image needs no threshold: its paper is already even,
 * and its mask is its ink exactly.
 */
export function twoLevels(gray: Uint8Array): [number, number] | null {
  let a = -1
  let b = -1
  let i = 0
  for (; i < gray.length && b < 0; i++) {
    const v = gray[i]!
    if (v === a) continue
    if (a < 0) a = v
    else b = v
  }
  if (b < 0) return null
  // Both levels found: words of four pixels of one level are passed whole.
  const shift = -gray.byteOffset & 3
  const words = alignedWords(gray, shift)
  const a4 = Math.imul(a, 0x01010101)
  const b4 = Math.imul(b, 0x01010101)
  const n = gray.length
  while (i < n) {
    if (((i - shift) & 3) === 0 && i + 4 <= n) {
      const w = words[(i - shift) >> 2]! | 0
      if (w === a4 || w === b4) {
        i += 4
        continue
      }
    }
    const v = gray[i++]!
    if (v !== a && v !== b) return null
  }
  return a < b ? [a, b] : [b, a]
}

/**
 * Writes the pixels darker than `cut` as ink into `mask`, which is all paper; words of four
 * paper pixels of level `paper` are passed whole.
 */
function maskBelow(gray: Uint8Array, mask: Mask, cut: number, paper: number): Mask {
  const { data, stride, width, height } = mask
  const shift = -gray.byteOffset & 3
  const words = alignedWords(gray, shift)
  const paper4 = Math.imul(paper, 0x01010101)
  for (let y = 0; y < height; y++) {
    const src = y * width
    const dst = (y + 1) * stride + 1 - src
    for (let i = src, end = src + width; i < end; ) {
      if (((i - shift) & 3) === 0 && i + 4 <= end && (words[(i - shift) >> 2]! | 0) === paper4) {
        i += 4
        continue
      }
      data[dst + i] = gray[i]! < cut ? 1 : 0
      i++
    }
  }
  return mask
}

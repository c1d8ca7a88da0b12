/**
 * Trace engine (POST /v1/vectorize), stage 1: reduces the image to a few flat colours, one byte
 * of palette index per pixel, deciding first whether it is a two-level (bilevel) image.
 */

import type { RasterImage } from '../raster'
import type { Rgb } from '../vector'
import {
  BIN_COUNT,
  buildHistogram,
  type ColourHistogram,
  samplesOf,
  TRANSPARENT_INDEX,
} from './colour-histogram'
import { flattenAlpha } from './flatten-alpha'
import { labInto } from './lab'
import { assignPixels, meanOf, quantizePalette } from './palette'
import { CUT_LEVEL, findTwoLevels, levelColours, thresholdPixels } from './two-levels'

export { TRANSPARENT_INDEX } from './colour-histogram'

/*
 * Stage: colour quantisation.
 * Job: palette ≤ maxColors and a palette index per pixel.
 * Input → output: RasterImage (gray, gray + alpha, RGB, RGBA) → Quantized (indices, width ×
 *   height bytes; 255 = fully transparent, alpha 0).
 * Order: alpha is flattened onto white first (flatten-alpha.ts), so every decision sees the image
 *   as it prints; the histogram of its pixels in 32³ bins with exact sums (colour-histogram.ts)
 *   comes next and every decision runs on its ≤ 32768 non-empty bins; then the bilevel test
 *   (two-levels.ts), because a drawing must come out as potrace would cut it; only other images
 *   get a palette (palette.ts). One pass over the pixels writes the indices, and one more marks
 *   the fully transparent pixels, which belong to no layer whatever colour they flatten to.
 * Memory: the index buffer (1 byte per pixel) plus ~1.5 MB of tables; an image with alpha is
 *   flattened in place when the caller hands its pixels over, else in a copy.
 */

/** The quantised image. */
export interface Quantized {
  readonly width: number
  readonly height: number
  /** Palette index per pixel, row-major; TRANSPARENT_INDEX where alpha is 0. */
  readonly indices: Uint8Array
  /** Palette colours (8-bit sRGB). */
  readonly palette: Rgb[]
  /** L*, a*, b* of each palette colour (3 per colour). */
  readonly lab: Float64Array
  /** Pixels per palette colour. */
  readonly counts: Float64Array
  /** True when the image has two levels (palette = [dark, light]). */
  readonly bilevel: boolean
  /**
   * Pixels per Rec. 601 luma level (256 bins) of the flattened image, from the histogram's bin
   * means: what the ink measure (ink-kept.ts) reads paper and ink levels from.
   */
  readonly lumaLevels: Uint32Array
  /**
   * Every pixel whose Rec. 601 luma (rounded down) is at or below this has index 0: 127 when ink
   * on paper was cut at luma 128, else -1. Lets the ink tally skip its pass on a clean sheet.
   */
  readonly darkThrough: number
}

/**
 * Quantises an image to at most `maxColors` colours.
 * @param maxColors palette size limit, 1 … 64 (a bilevel image needs 2)
 * @param ownsPixels flatten `image.data` in place (the caller gives it up) instead of a copy
 * @returns the quantised image, and the image as flattened (`image` itself without alpha or when
 *   `ownsPixels`), which later stages read in place of the input
 */
export function quantizeColors(
  image: RasterImage,
  maxColors: number,
  ownsPixels = false,
): Quantized & { flattened: RasterImage } {
  const flat = flattenAlpha(image, ownsPixels)
  return { ...quantizeFlat(flat, maxColors, image), flattened: flat }
}

function quantizeFlat(image: RasterImage, maxColors: number, input: RasterImage): Quantized {
  const { width, height } = image
  const histogram = buildHistogram(image)
  const samples = samplesOf(histogram)
  const indices = new Uint8Array(width * height)
  if (samples.n === 0) return finish(image, indices, [], false, [], lumaLevelsOf(histogram), -1)
  const levels = maxColors >= 2 ? findTwoLevels(image, histogram, samples, indices) : null
  let palette: (Rgb | number[])[]
  let counts: number[]
  let bilevel = false
  let darkThrough = -1
  if (levels === 'flat' || maxColors === 1) {
    assignPixels(image, new Uint8Array(BIN_COUNT), indices)
    palette = [meanOf(histogram, samples.bins, null, 0)]
    counts = [histogram.opaque]
  } else if (levels && !levels.thirdLevel) {
    counts = thresholdPixels(image, levels, indices, histogram.levels)
    palette = levelColours(levels)
    bilevel = true
    if (levels.inkOnPaper) darkThrough = CUT_LEVEL
  } else {
    ;({ palette, counts } = quantizePalette(image, histogram, samples, maxColors, indices))
    // A flat middle level that the palette does not keep apart is the blur between close lines.
    if (levels && palette.length <= 2) {
      counts = thresholdPixels(image, levels, indices, histogram.levels)
      palette = levelColours(levels)
      bilevel = true
      if (levels.inkOnPaper) darkThrough = CUT_LEVEL
    }
  }
  if (input.channels === 2 || input.channels === 4) {
    counts = markClear(input, indices, palette.length)
  }
  // A colour seen only in transparent pixels (the white they flatten to) leaves the palette.
  if (!bilevel && counts.includes(0)) {
    const remap = new Uint8Array(256).fill(TRANSPARENT_INDEX)
    const kept = palette.filter((_, c) => counts[c]! > 0)
    for (let c = 0, k = 0; c < palette.length; c++) if (counts[c]! > 0) remap[c] = k++
    for (let i = 0; i < indices.length; i++) indices[i] = remap[indices[i]!]!
    const keptCounts = counts.filter((n) => n > 0)
    return finish(image, indices, kept, false, keptCounts, lumaLevelsOf(histogram), -1)
  }
  return finish(image, indices, palette, bilevel, counts, lumaLevelsOf(histogram), darkThrough)
}

/**
 * Gives fully transparent pixels (alpha 0 in the unflattened input, which has an alpha channel)
 * TRANSPARENT_INDEX: they show the page and belong to no layer, even when a colour near white is
 * traced elsewhere.
 * @returns pixels per palette index after the marking
 */
function markClear(input: RasterImage, indices: Uint8Array, colours: number): number[] {
  const { data, channels } = input
  const counts = new Float64Array(256)
  for (let i = 0, p = channels - 1; i < indices.length; i++, p += channels) {
    if (data[p] === 0) indices[i] = TRANSPARENT_INDEX
    counts[indices[i]!]!++
  }
  return Array.from(counts.subarray(0, colours))
}

/** The luma histogram of the flattened image, each bin's pixels at the luma of its mean colour. */
function lumaLevelsOf(histogram: ColourHistogram): Uint32Array {
  if (histogram.levels) return histogram.levels
  const levels = new Uint32Array(256)
  const { counts, sums } = histogram
  for (let b = 0; b < BIN_COUNT; b++) {
    const c = counts[b]!
    if (c === 0) continue
    const luma = (0.299 * sums[3 * b]! + 0.587 * sums[3 * b + 1]! + 0.114 * sums[3 * b + 2]!) / c
    levels[Math.min(255, Math.round(luma))]! += c
  }
  return levels
}

/** Rounds the palette and computes its Lab. */
function finish(
  image: RasterImage,
  indices: Uint8Array,
  colours: (Rgb | number[])[],
  bilevel: boolean,
  counts: number[],
  lumaLevels: Uint32Array,
  darkThrough: number,
): Quantized {
  const palette = colours.map((c) =>
    Array.isArray(c) ? { r: Math.round(c[0]!), g: Math.round(c[1]!), b: Math.round(c[2]!) } : c,
  )
  const lab = new Float64Array(3 * palette.length)
  for (const [i, c] of palette.entries()) labInto(c.r, c.g, c.b, lab, 3 * i)
  return {
    width: image.width,
    height: image.height,
    indices,
    palette,
    lab,
    counts: Float64Array.from(counts),
    bilevel,
    lumaLevels,
    darkThrough,
  }
}

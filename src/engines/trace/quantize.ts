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
import { labInto } from './lab'
import { assignPixels, meanOf, quantizePalette } from './palette'
import { findTwoLevels, levelColours, type TwoLevels, thresholdPixels } from './two-levels'

export { TRANSPARENT_INDEX } from './colour-histogram'

/*
 * Stage: colour quantisation.
 * Job: palette ≤ maxColors and a palette index per pixel.
 * Input → output: RasterImage (gray, gray + alpha, RGB, RGBA) → Quantized (indices, width ×
 *   height bytes; 255 = transparent, alpha < 128).
 * Order: the histogram of the opaque pixels in 32³ bins with exact sums (colour-histogram.ts)
 *   comes first and every decision runs on its ≤ 32768 non-empty bins; then the bilevel test
 *   (two-levels.ts), because a drawing must come out as potrace would cut it; only other images
 *   get a palette (palette.ts). One pass over the pixels writes the indices.
 * Memory: the index buffer (1 byte per pixel) plus ~1.5 MB of tables.
 */

/** The quantised image. */
export interface Quantized {
  readonly width: number
  readonly height: number
  /** Palette index per pixel, row-major; TRANSPARENT_INDEX where alpha < 128. */
  readonly indices: Uint8Array
  /** Palette colours (8-bit sRGB). */
  readonly palette: Rgb[]
  /** L*, a*, b* of each palette colour (3 per colour). */
  readonly lab: Float64Array
  /** Pixels per palette colour. */
  readonly counts: Float64Array
  /** True when the image has two levels (palette = [dark, light]). */
  readonly bilevel: boolean
}

/**
 * Quantises an image to at most `maxColors` colours.
 * @param maxColors palette size limit, 1 … 64 (a bilevel image needs 2)
 */
export function quantizeColors(image: RasterImage, maxColors: number): Quantized {
  const { width, height } = image
  const histogram = buildHistogram(image)
  const samples = samplesOf(histogram)
  const indices = new Uint8Array(width * height)
  if (samples.n === 0) {
    indices.fill(TRANSPARENT_INDEX)
    return finish(image, indices, [], false, [])
  }
  const levels = maxColors >= 2 ? findTwoLevels(image, histogram, samples, indices) : null
  if (levels === 'flat' || maxColors === 1) {
    assignPixels(image, new Uint8Array(BIN_COUNT), indices)
    const colour = meanOf(histogram, samples.bins, null, 0)
    return finish(image, indices, [colour], false, [histogram.opaque])
  }
  if (levels && !levels.thirdLevel) return bilevel(image, levels, indices, histogram)
  const { palette, counts } = quantizePalette(image, histogram, samples, maxColors, indices)
  // A flat middle level that the palette does not keep apart is the blur between close lines.
  if (levels && palette.length <= 2) return bilevel(image, levels, indices, histogram)
  return finish(image, indices, palette, false, counts)
}

function bilevel(
  image: RasterImage,
  levels: TwoLevels,
  indices: Uint8Array,
  histogram: ColourHistogram,
): Quantized {
  const counts = thresholdPixels(image, levels, indices, histogram.levels)
  return finish(image, indices, levelColours(levels), true, counts)
}

/** Rounds the palette and computes its Lab. */
function finish(
  image: RasterImage,
  indices: Uint8Array,
  colours: (Rgb | number[])[],
  bilevel: boolean,
  counts: number[],
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
  }
}

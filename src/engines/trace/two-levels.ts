/**
 * Trace engine (POST /v1/vectorize), stage 1 (bilevel): decides whether an image has two levels,
 * ink and paper, and cuts it between them.
 */

import { chooseThreshold } from '../gray/binarize'
import { classifyTone, MIN_PHOTO_FLAT_SHARE } from '../gray/tone'
import type { RasterImage } from '../raster'
import { BIN_COUNT, type BinSamples, binOf, type ColourHistogram } from './colour-histogram'
import { labInto } from './lab'
import { kmeans } from './palette-kmeans'
import { cutKeepingThinLines, type ThinLineCut } from './thin-lines'

/*
 * Stage: colour quantisation, bilevel test and cut.
 * Input → output: histogram samples (+ the image) → TwoLevels or not; image → 0/1 indices.
 * Method:
 * - 2-means over the histogram's colours in CIELAB, then every colour is projected on the line
 *   through the two centres. The image is bilevel when almost nothing lies off that line (≤ 1 %
 *   of pixels farther than 0.15 · contrast + 4 ΔE), when the image, as a gray page along the line,
 *   is line art by the convert path's tone decision (gray/tone.ts: its mid-tones are stroke
 *   edges, not smooth gray areas), which holds for blurred, JPEG'd and downscaled drawings whose
 *   thin lines never reach the ink level. A flat third level (flatMidShare: a gray fill, or the
 *   blur between close lines) leaves the choice to the palette (quantize.ts).
 * - Dark ink on light paper is cut at luma 128 like potrace, and gray ink is drawn black; other
 *   pairs at the midpoint, in 8-bit sRGB, of their two core levels (the mean colours of t ≤ 0.25
 *   and t ≥ 0.75), in their own colours.
 * - Thin lines that never reach the cut (a 1-px anti-aliased line is two half-inked pixels, at
 *   luma ~128 in black, lighter in gray) are kept by a ridge rescue (thin-lines.ts): between the
 *   cut and a level near the paper (the convert path's band, ../gray/binarize.ts), a pixel is ink
 *   when it is a thin dark ridge, both flanks lighter, and not where a solid shape curves away.
 *   Solid strokes and dots keep the cut's outline; a bilevel image has no pixel in the band and
 *   is cut exactly as before.
 * Bench (bench/vectorize.mjs's inputs, run from a scratch script): all 81 gray inputs (60
 *   synthetic drawings, clean and degraded, and 21 corpus sheets) are found bilevel and cut
 *   exactly like luma < 128.
 */

/** Share of pixels allowed off the segment between the two levels in a bilevel image. */
const OFF_AXIS_MAX_SHARE = 0.01
/** Below this contrast (ΔE76) between the two levels the image is one flat colour. */
const MIN_CONTRAST_DE = 12
/** Share of the dark class (the darkest pixels) whose level decides whether it is black ink. */
const INK_QUANTILE = 0.02
/** Luma of the darkest ink up to which, with paper from LIGHT_LUMA_MIN, it is ink on paper. */
const DARK_LUMA_MAX = 96
const LIGHT_LUMA_MIN = 160
/** Dark ink up to this chroma (ΔE units) is drawn black. */
const GRAY_INK_MAX_CHROMA = 12
/**
 * Levels of the cut page (cutPage) at or below this are dark: Rec. 601 luma < 128 for ink on
 * paper, potrace's cut; t < 0.5, the midpoint between the two levels, otherwise.
 */
export const CUT_LEVEL = 127

/**
 * The bilevel test (see the banner).
 * @param page scratch, width × height bytes
 * @returns the two core levels (sRGB, fractional) and how to cut them, 'flat' for a single
 *   colour, or null when the image has more than two levels
 */
export function findTwoLevels(
  image: RasterImage,
  histogram: ColourHistogram,
  s: BinSamples,
  page: Uint8Array,
): TwoLevels | 'flat' | null {
  const total = histogram.opaque
  const two = kmeans(s, 2)
  if (two.k < 2) return 'flat'
  let a = 0
  let b = 3
  if (two.centres[0]! > two.centres[3]!) {
    a = 3
    b = 0
  }
  const c = two.centres
  const ux = c[b]! - c[a]!
  const uy = c[b + 1]! - c[a + 1]!
  const uz = c[b + 2]! - c[a + 2]!
  const contrast2 = ux * ux + uy * uy + uz * uz
  const contrast = Math.sqrt(contrast2)
  if (contrast < MIN_CONTRAST_DE) return 'flat'
  const dark = [0, 0, 0, 0]
  const light = [0, 0, 0, 0]
  // Position of every bin along the dark → light axis, t (0 at the dark centre, 1 at the light).
  const position = new Float64Array(s.n)
  const darkLumas = new Float64Array(256)
  let darkClass = 0
  let off = 0
  let lowest = Number.POSITIVE_INFINITY
  let highest = Number.NEGATIVE_INFINITY
  for (let i = 0; i < s.n; i++) {
    const w = s.weight[i]!
    const px = s.lab[3 * i]! - c[a]!
    const py = s.lab[3 * i + 1]! - c[a + 1]!
    const pz = s.lab[3 * i + 2]! - c[a + 2]!
    const t = (px * ux + py * uy + pz * uz) / contrast2
    position[i] = t
    lowest = Math.min(lowest, t)
    highest = Math.max(highest, t)
    const rx = px - t * ux
    const ry = py - t * uy
    const rz = pz - t * uz
    if (Math.sqrt(rx * rx + ry * ry + rz * rz) > 0.15 * contrast + 4) off += w
    if (t < 0.5) {
      darkClass += w
      const l = Math.round(luma([s.rgb[3 * i]!, s.rgb[3 * i + 1]!, s.rgb[3 * i + 2]!]))
      darkLumas[l]! += w
    }
    const core = t <= 0.25 ? dark : t >= 0.75 ? light : null
    if (core) {
      core[0]! += w * s.rgb[3 * i]!
      core[1]! += w * s.rgb[3 * i + 1]!
      core[2]! += w * s.rgb[3 * i + 2]!
      core[3]! += w
    }
  }
  // The gray page the tone decision reads: the axis from its darkest to its lightest colour.
  const along = new Uint8Array(BIN_COUNT)
  for (let i = 0; i < s.n; i++) {
    along[s.bins[i]!] = Math.round((255 * (position[i]! - lowest)) / (highest - lowest))
  }
  if (off > OFF_AXIS_MAX_SHARE * total || dark[3] === 0 || light[3] === 0) return null
  const gray = projectedPage(image, along, page)
  if (classifyTone(gray, image, histogram.levels).kind !== 'lineart') return null
  const thirdLevel = flatMidShare(gray, image.width, image.height) >= MIN_PHOTO_FLAT_SHARE
  const darkCore = [dark[0]! / dark[3]!, dark[1]! / dark[3]!, dark[2]! / dark[3]!]
  const lightCore = [light[0]! / light[3]!, light[1]! / light[3]!, light[2]! / light[3]!]
  // The darkest ink, not the dark class's mean: blurred or thin black lines rarely reach black.
  let darkest = 0
  for (let v = 0, seen = 0, quota = INK_QUANTILE * darkClass; v < 256; v++) {
    seen += darkLumas[v]!
    darkest = v
    if (seen >= quota) break
  }
  const inkOnPaper = darkest <= DARK_LUMA_MAX && luma(lightCore) >= LIGHT_LUMA_MIN
  return { dark: darkCore, light: lightCore, inkOnPaper, thirdLevel }
}

/**
 * Share of sampled pixels (every fourth row and column) in the middle of the page's range
 * (20 … 80 % between its darkest and lightest level) whose 3 × 3 neighbourhood spans at most a
 * quarter of the range: a flat third level, such as a gray fill between black lines and white
 * paper, which the tone decision (measuring from Otsu's ink level) would count as ink.
 */
function flatMidShare(page: Uint8Array, width: number, height: number): number {
  let samples = 0
  let flat = 0
  for (let y = 1; y < height - 1; y += 4) {
    for (let x = 1; x < width - 1; x += 4) {
      samples++
      const i = y * width + x
      const v = page[i]!
      if (v < 51 || v > 204) continue
      let lo = v
      let hi = v
      for (let r = i - width; r <= i + width; r += width) {
        for (let k = r - 1; k <= r + 1; k++) {
          const n = page[k]!
          if (n < lo) lo = n
          if (n > hi) hi = n
        }
      }
      if (hi - lo <= 64) flat++
    }
  }
  return samples === 0 ? 0 : flat / samples
}

/**
 * The image as a gray page along the two-level axis (gray input as it is, colour through the
 * bins' positions `along`); colours are flattened onto white already. Writes into `page`.
 */
function projectedPage(image: RasterImage, along: Uint8Array, page: Uint8Array): Uint8Array {
  const { data, channels } = image
  const n = image.width * image.height
  if (channels === 1) return data.subarray(0, n)
  for (let i = 0, p = 0; i < n; i++, p += channels) {
    page[i] = channels === 2 ? data[p]! : along[binOf(data[p]!, data[p + 1]!, data[p + 2]!)]!
  }
  return page
}

/** The two levels of a bilevel image and how to cut between them. */
export interface TwoLevels {
  /** Mean sRGB colour of the dark core (t ≤ 0.25) and of the light core (t ≥ 0.75). */
  readonly dark: number[]
  readonly light: number[]
  /** Dark ink on light paper: cut at luma 128 (see thresholdPixels). */
  readonly inkOnPaper: boolean
  /**
   * A flat area of a middle level was seen (flatMidShare): a gray fill, or only the blur between
   * close lines. The palette decides; two colours there mean the image is bilevel after all.
   */
  readonly thirdLevel: boolean
}

/**
 * Bilevel assignment: index 0 (dark) or 1 (light). Ink on paper (the darkest 2 % of the dark
 * class at luma ≤ DARK_LUMA_MAX, the paper at ≥ LIGHT_LUMA_MIN) is cut at luma 128, the
 * half-coverage level of black on white that potrace uses too: the core levels of a blurred scan
 * sit nearer the middle than the real ink and paper, and their midpoint would fatten thin
 * strokes. Other pairs (gray ink, coloured paper) are cut at the midpoint between the two core
 * levels, projected on the line through them. Either way the cut runs on a gray page written
 * into `indices` (luma, or the position between the two levels), whose thin ridges above the cut
 * are rescued (see the banner) before the page becomes the indices.
 * @returns pixels per index, [dark, light]
 */
export function thresholdPixels(
  image: RasterImage,
  levels: TwoLevels,
  indices: Uint8Array,
  grayLevels: Uint32Array | undefined,
): number[] {
  const { width, height } = image
  const n = width * height
  // Gray ink on paper: the cut reads the pixels as they are, and their histogram is known.
  if (image.channels === 1 && levels.inkOnPaper && grayLevels) {
    const band = rescueBand(grayLevels)
    const dark = cutKeepingThinLines(image.data, indices, width, height, band)
    return [dark, n - dark]
  }
  const histogram = new Uint32Array(256)
  const page = cutPage(image, levels, indices, histogram)
  const dark = cutKeepingThinLines(page, page, width, height, rescueBand(histogram))
  return [dark, n - dark]
}

/**
 * The ridge band above the cut, from the convert path's choice on the page's histogram (its top,
 * `high`, and the flanks' `margin`); no band when it finds none (a blank or continuous page).
 */
function rescueBand(histogram: Uint32Array): ThinLineCut {
  const chosen = chooseThreshold(histogram, 'lineart')
  const high = chosen.high > chosen.low ? Math.max(CUT_LEVEL, chosen.high) : CUT_LEVEL
  return { low: CUT_LEVEL, high, margin: chosen.margin }
}

/**
 * The gray page the cut reads, written into `page` and counted into `histogram`: Rec. 601 luma
 * rounded down for ink on paper (≤ 127 exactly when luma < 128), else 255 · t rounded, t the
 * position between the dark (0) and light (1) core levels, clamped (≤ 127 exactly when t < 0.5).
 */
function cutPage(
  image: RasterImage,
  levels: TwoLevels,
  page: Uint8Array,
  histogram: Uint32Array,
): Uint8Array {
  const { data, channels } = image
  const n = image.width * image.height
  const { dark, light } = levels
  const black = levels.inkOnPaper
  if (channels <= 2) {
    const d = (dark[0]! + dark[1]! + dark[2]!) / 3
    const l = (light[0]! + light[1]! + light[2]!) / 3
    const table = new Uint8Array(256)
    for (let v = 0; v < 256; v++) table[v] = black ? v : position(v - d, l - d)
    for (let i = 0, p = 0; i < n; i++, p += channels) {
      const v = table[data[p]!]!
      page[i] = v
      histogram[v]!++
    }
    return page
  }
  if (black) {
    for (let i = 0, p = 0; i < n; i++, p += channels) {
      const v = ((299 * data[p]! + 587 * data[p + 1]! + 114 * data[p + 2]!) / 1000) | 0
      page[i] = v
      histogram[v]!++
    }
    return page
  }
  const ux = light[0]! - dark[0]!
  const uy = light[1]! - dark[1]!
  const uz = light[2]! - dark[2]!
  const len2 = ux * ux + uy * uy + uz * uz
  const offset = ux * dark[0]! + uy * dark[1]! + uz * dark[2]!
  for (let i = 0, p = 0; i < n; i++, p += channels) {
    const v = position(ux * data[p]! + uy * data[p + 1]! + uz * data[p + 2]! - offset, len2)
    page[i] = v
    histogram[v]!++
  }
  return page
}

/** 255 · along / span rounded half up, clamped to 0 … 255. */
function position(along: number, span: number): number {
  return Math.max(0, Math.min(255, Math.floor((255 * along) / span + 0.5)))
}

/** CIELAB chroma √(a*² + b*²) of an sRGB triple. */
function chroma(c: number[]): number {
  const lab = new Float64Array(3)
  labInto(c[0]!, c[1]!, c[2]!, lab, 0)
  return Math.hypot(lab[1]!, lab[2]!)
}

/** Rec. 601 luma of an sRGB triple. */
function luma(c: number[]): number {
  return 0.299 * c[0]! + 0.587 * c[1]! + 0.114 * c[2]!
}

/** The colours of a bilevel image's two levels: gray ink on paper is black (see the banner). */
export function levelColours(levels: TwoLevels): number[][] {
  const dark =
    levels.inkOnPaper && chroma(levels.dark) <= GRAY_INK_MAX_CHROMA ? [0, 0, 0] : levels.dark
  return [dark, levels.light]
}

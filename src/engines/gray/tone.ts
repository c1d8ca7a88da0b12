/**
 * Gray toolkit, used by the convert path (resample → tone decision → binarize): is the output-size page
 * line art, to be filed as black and white, or continuous tone, to be filed as 8-bit gray?
 */

import { LEVELS, type PageLevels, pageLevels } from './page-levels'

/*
 * Stage: tone decision.
 * Job: classify the output-size gray page from its histogram and one sampled pass over it.
 * Input → output: gray page (+ its 256-bin histogram) → { kind, reason }.
 * Method: line art is paper with a little ink on it, and its mid-tones are the edges of strokes;
 * a photo or a shaded render has smooth gray areas. Three features, relative to the page's own
 * paper and ink levels (page-levels.ts, Otsu 1979), so gray paper and faint ink work alike:
 * - non-paper share: pixels more than 10 % of the paper–ink contrast darker than the paper;
 * - mid-tone share: pixels more than 15 % of the contrast away from both paper and ink;
 * - flat mid-tone share: mid-tone pixels whose 3 × 3 neighbourhood spans at most 25 % of the
 *   contrast (sampled on every fourth row and column): smooth gray, which strokes do not make.
 * Rule, in order: a blank page (Otsu's classes under 16 levels apart) is line art; a page with at
 * most 6 % mid-tones is black and white already, line art; a page with at least 3 % flat
 * mid-tones is continuous tone (this catches a small shaded object on a white page, which the
 * histogram alone takes for line art); otherwise line art when at most 25 % is not paper, or
 * when there is more ink but at most 2 % flat mid-tones (dense text or hatching, whose mid-tones
 * are all edges); otherwise continuous tone.
 * Cut-offs measured by bench/binarize.mjs (`npm run bench -- binarize`) on the 22 corpus sheets
 * (clean and as simulated 600-DPI scans with blur, gray paper, noise, JPEG 70/90, rotation and
 * uneven lighting) at both presets, against gradients, smooth noise, plasma fractals,
 * ImageMagick's rose: and wizard:, gray renders of shaded objects and shaded spheres covering
 * 10–30 % of a white page. Last run: all 322 corpus pages and 6 made line-art pages called line
 * art, all 28 continuous pages continuous; flat mid-tone share at most 0.018 on line art (a
 * shaded-views README figure, 4K), at least 0.068 on continuous tone (a sphere over 10 % of a
 * white page, 2K).
 */

/** Non-paper pixels start this share of the paper–ink contrast below the paper. */
const NON_PAPER_CONTRAST_SHARE = 0.1

/** Mid-tones lie more than this share of the contrast from both the paper and the ink. */
const MID_TONE_CONTRAST_SHARE = 0.15

/** A flat neighbourhood: its 3 × 3 range is at most this share of the paper–ink contrast. */
const FLAT_RANGE_CONTRAST_SHARE = 0.25

/**
 * The flat mid-tone count samples every this many rows and columns: 1 pixel in 16, ~260,000 on
 * a 4096 × 3000 page, which puts the share within ±0.001 of the full count (binomial error at
 * 3 %), at a sixteenth of the cost.
 */
const FLAT_SAMPLE_STEP = 4

/** A page with at least this share of flat mid-tones holds continuous tone, however much paper. */
export const MIN_PHOTO_FLAT_SHARE = 0.03

/**
 * A page with over 25 % non-paper is still line art when at most this share is flat mid-tone:
 * just above the most any corpus page showed (0.018), far under the least of the continuous
 * pages with that much non-paper (0.133, wizard:).
 */
export const MAX_LINEART_FLAT_SHARE = 0.02

/** Line art has at most this share of non-paper pixels. */
export const MAX_NON_PAPER_SHARE = 0.25

/** A page with at most this share of mid-tones is bilevel already: line art at any ink share. */
export const MAX_BILEVEL_MID_SHARE = 0.06

/**
 * A page is blank when Otsu's two classes are closer than this (levels): the split then runs
 * through the paper's own noise, not between paper and ink. Gaussian noise of σ gives a gap of
 * ~1.6 σ, so blank pages with noise up to σ ≈ 10 at the output size qualify (bench: blank paper
 * with σ 6 gave 8.6); a light, low-contrast smooth texture (levels 150–250) gave 20.5.
 */
const MIN_CLASS_GAP_LEVELS = 16

/** On a blank page, levels this far below the paper (and 6 σ of its noise) are still ink. */
const BLANK_INK_LEVELS = 24

/** … in σ of the paper's noise. */
const BLANK_INK_NOISE_SIGMAS = 6

/** Line art (filed black and white) or continuous tone (filed 8-bit gray). */
export type ToneKind = 'lineart' | 'continuous'

/** The tone decision. */
export interface ToneDecision {
  kind: ToneKind
  /** Why, with the feature values, for logs and the API's explanation. */
  reason: string
}

/** What the decision is made of; exported for the bench and tests. */
export interface ToneFeatures {
  readonly levels: PageLevels
  /** Share of pixels darker than paper − 10 % of the contrast. */
  readonly nonPaper: number
  /** Share of pixels more than 15 % of the contrast from both paper and ink. */
  readonly midTone: number
  /** Share of (sampled) pixels that are mid-tones inside a flat 3 × 3 neighbourhood. */
  readonly flatMidTone: number
  /** Otsu's classes less than 16 levels apart: the page is paper only. */
  readonly blank: boolean
}

/**
 * Counts the levels of a gray page.
 * @param page gray levels, one byte per pixel (any length, including 0)
 * @returns 256 bins of pixel counts
 */
export function pageHistogram(page: Uint8Array): Uint32Array {
  const histogram = new Uint32Array(LEVELS)
  countLevels(page, histogram)
  return histogram
}

/** Adds the levels of `bytes` to `histogram` (256 bins). */
function countLevels(bytes: Uint8Array, histogram: Uint32Array): void {
  // Four bytes per read, and a run of one-level words (paper, an enlarged flat area) counted in
  // one add: a byte loop on such a page increments one bin after another, each waiting for the
  // last. Same counts, about twice as fast on a flat page and a third faster on noise.
  const head = (4 - (bytes.byteOffset & 3)) & 3
  if (bytes.length < head + 4) {
    for (let i = 0; i < bytes.length; i++) histogram[bytes[i]!]!++
    return
  }
  for (let i = 0; i < head; i++) histogram[bytes[i]!]!++
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset + head, (bytes.length - head) >> 2)
  let runLevel = -1
  let run = 0
  for (let k = 0; k < words.length; k++) {
    const word = words[k]!
    const level = word & 255
    if (word === Math.imul(level, 0x01010101) >>> 0) {
      if (level !== runLevel) {
        if (runLevel >= 0) histogram[runLevel]! += run
        runLevel = level
        run = 0
      }
      run += 4
    } else {
      histogram[level]!++
      histogram[(word >>> 8) & 255]!++
      histogram[(word >>> 16) & 255]!++
      histogram[word >>> 24]!++
    }
  }
  if (runLevel >= 0) histogram[runLevel]! += run
  for (let i = head + (words.length << 2); i < bytes.length; i++) histogram[bytes[i]!]!++
}

/**
 * The classification features of a page.
 * @param page gray levels, row-major, `width × height` bytes
 * @param width pixels per row
 * @param height rows
 * @param histogram the page's histogram, when the caller has it already
 * @throws RangeError when the histogram does not have 256 bins or does not count the page's
 *   pixels (a caller bug)
 */
export function toneFeatures(
  page: Uint8Array,
  width: number,
  height: number,
  histogram: Uint32Array = pageHistogram(page),
): ToneFeatures {
  if (page.length !== width * height) {
    throw new RangeError(
      `Expected a page of ${width * height} pixels for toneFeatures but received ${page.length}`,
    )
  }
  const samples = new FlatSamples(width, height)
  for (let y = 1; y < height - 1; y += FLAT_SAMPLE_STEP) {
    const row = (at: number) => page.subarray(at * width, (at + 1) * width)
    samples.addRow(row(y - 1), row(y), row(y + 1))
  }
  return featuresOf(histogram, samples, width * height)
}

/**
 * The tone features of a page whose rows arrive one at a time (the convert path's filing page),
 * without holding the page: the histogram and the sampled 3 × 3 neighbourhoods are counted as the
 * rows pass, which gives exactly {@link toneFeatures}' values for the same page.
 */
export class ToneTally {
  readonly histogram = new Uint32Array(LEVELS)
  readonly #samples: FlatSamples
  /** Copies of the two rows above the next sampled centre row (added rows are the caller's). */
  readonly #above: Uint8Array
  readonly #centre: Uint8Array
  #rows = 0

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.#samples = new FlatSamples(width, height)
    this.#above = new Uint8Array(width)
    this.#centre = new Uint8Array(width)
  }

  /** Counts the next row (not kept: the caller may reuse it). */
  add(row: Uint8Array): void {
    if (row.length !== this.width || this.#rows >= this.height) {
      throw new RangeError(
        `Expected row ${this.#rows} of ${this.height} with ${this.width} pixels but received ${row.length}`,
      )
    }
    countLevels(row, this.histogram)
    const y = this.#rows++
    // Centres are rows 1, 5, 9, … below the last: row y closes the window of centre y − 1.
    const phase = y % FLAT_SAMPLE_STEP
    if (phase === 0) this.#above.set(row)
    else if (phase === 1) this.#centre.set(row)
    else if (phase === 2) this.#samples.addRow(this.#above, this.#centre, row)
  }

  /**
   * The features of the rows counted so far: the whole page's once every row is in, a
   * provisional reading of its top part before that.
   */
  features(): ToneFeatures {
    return featuresOf(this.histogram, this.#samples, this.width * this.#rows)
  }
}

/**
 * The sampled pixels of the flat mid-tone share (every fourth row and column, borders aside), each
 * counted by its level and the range of its 3 × 3 neighbourhood, so the share can be read for any
 * paper and ink levels once the histogram is complete.
 */
class FlatSamples {
  /** Counts by level × range, ranges capped at RANGE_CAP (a range that high is never flat). */
  readonly counts = new Uint32Array(LEVELS * (RANGE_CAP + 1))
  count = 0

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  /** Samples centre row `centre` (between `above` and `below`) at columns 1, 5, 9, …. */
  addRow(above: Uint8Array, centre: Uint8Array, below: Uint8Array): void {
    const { counts, width } = this
    // Samples of one bin in a row (a flat gray, an enlarged image) are counted in a local: adding
    // to the same bin sample after sample waits on its own last store.
    let bin = 0
    let run = 0
    for (let x = 1; x < width - 1; x += FLAT_SAMPLE_STEP) {
      const v = centre[x]!
      // Paper white and full black are never mid-tones, whatever the page's levels.
      if (v === 255 || v === 0) continue
      // Branch-free min and max, unrolled: on photo grain a compare-and-branch mispredicts half the
      // time, and helper calls cost 12 % of the tally.
      let lo = v
      let hi = v
      let n = 0
      n = above[x - 1]!
      lo += (n - lo) & ((n - lo) >> 31)
      hi += (n - hi) & ~((n - hi) >> 31)
      n = above[x]!
      lo += (n - lo) & ((n - lo) >> 31)
      hi += (n - hi) & ~((n - hi) >> 31)
      n = above[x + 1]!
      lo += (n - lo) & ((n - lo) >> 31)
      hi += (n - hi) & ~((n - hi) >> 31)
      n = centre[x - 1]!
      lo += (n - lo) & ((n - lo) >> 31)
      hi += (n - hi) & ~((n - hi) >> 31)
      n = centre[x + 1]!
      lo += (n - lo) & ((n - lo) >> 31)
      hi += (n - hi) & ~((n - hi) >> 31)
      n = below[x - 1]!
      lo += (n - lo) & ((n - lo) >> 31)
      hi += (n - hi) & ~((n - hi) >> 31)
      n = below[x]!
      lo += (n - lo) & ((n - lo) >> 31)
      hi += (n - hi) & ~((n - hi) >> 31)
      n = below[x + 1]!
      lo += (n - lo) & ((n - lo) >> 31)
      hi += (n - hi) & ~((n - hi) >> 31)
      const range = hi - lo
      const at = v * (RANGE_CAP + 1) + Math.min(range, RANGE_CAP)
      if (at === bin) {
        run++
        continue
      }
      counts[bin]! += run
      bin = at
      run = 1
    }
    counts[bin]! += run
    this.count += ((width - 3) >> 2) + 1
  }
}

/**
 * The flat range is at most a quarter of the contrast, under 64 levels: ranges are counted up to
 * this, and every wider one in one bin.
 */
const RANGE_CAP = 64

/** The features from a page's histogram and its flat samples. */
function featuresOf(histogram: Uint32Array, samples: FlatSamples, pixels: number): ToneFeatures {
  const levels = pageLevels(histogram)
  if (levels.total !== pixels) {
    throw new RangeError(
      `Expected a histogram of ${pixels} pixels for the tone features but received ${levels.total}`,
    )
  }
  const { total, paper, ink } = levels
  const contrast = paper - ink
  const blank = total === 0 || blankInkCut(levels) !== null
  if (total === 0) return { levels, nonPaper: 0, midTone: 0, flatMidTone: 0, blank }
  let nonPaper = 0
  let midTone = 0
  const paperEdge = paper - NON_PAPER_CONTRAST_SHARE * contrast
  const midLow = ink + MID_TONE_CONTRAST_SHARE * contrast
  const midHigh = paper - MID_TONE_CONTRAST_SHARE * contrast
  for (let v = 0; v < LEVELS; v++) {
    const n = histogram[v]!
    if (v < paperEdge) nonPaper += n
    if (v > midLow && v < midHigh) midTone += n
  }
  return {
    levels,
    nonPaper: nonPaper / total,
    midTone: midTone / total,
    flatMidTone: flatMidToneShare(samples, midLow, midHigh, contrast),
    blank,
  }
}

/**
 * Share of sampled pixels that are mid-tones whose 3 × 3 neighbourhood spans at most a quarter of
 * the contrast: smooth gray, which line art does not have (its mid-tones sit on the edges of
 * strokes, next to paper).
 */
function flatMidToneShare(
  samples: FlatSamples,
  midLow: number,
  midHigh: number,
  contrast: number,
): number {
  if (samples.count === 0 || contrast <= 0) return 0
  const flat = Math.min(RANGE_CAP - 1, Math.floor(FLAT_RANGE_CONTRAST_SHARE * contrast))
  let count = 0
  for (let v = Math.floor(midLow) + 1; v < midHigh; v++) {
    const row = v * (RANGE_CAP + 1)
    for (let range = 0; range <= flat; range++) count += samples.counts[row + range]!
  }
  return count / samples.count
}

/**
 * Decides line art or continuous tone from the features (see the stage comment for the rule).
 * @param features from {@link toneFeatures}
 */
export function decideTone(features: ToneFeatures): ToneDecision {
  const { nonPaper, midTone, flatMidTone, blank, levels } = features
  const values = `non-paper ${format(nonPaper)}, mid-tones ${format(midTone)}, flat mid-tones ${format(flatMidTone)}, paper ${levels.paper}, ink ${levels.ink}`
  if (blank)
    return { kind: 'lineart', reason: `blank page: no ink darker than the paper (${values})` }
  if (midTone <= MAX_BILEVEL_MID_SHARE) {
    return {
      kind: 'lineart',
      reason: `already black and white: ${format(midTone)} mid-tones, at most ${MAX_BILEVEL_MID_SHARE} (${values})`,
    }
  }
  if (flatMidTone >= MIN_PHOTO_FLAT_SHARE) {
    return {
      kind: 'continuous',
      reason: `continuous tone: ${format(flatMidTone)} of the page is smooth gray, line art has under ${MIN_PHOTO_FLAT_SHARE} (${values})`,
    }
  }
  if (nonPaper <= MAX_NON_PAPER_SHARE) {
    return {
      kind: 'lineart',
      reason: `mostly paper: ${format(nonPaper)} of the page is not paper, at most ${MAX_NON_PAPER_SHARE} for line art (${values})`,
    }
  }
  if (flatMidTone <= MAX_LINEART_FLAT_SHARE) {
    return {
      kind: 'lineart',
      reason: `dense line art: ${format(nonPaper)} of the page is not paper but its mid-tones are edges, ${format(flatMidTone)} smooth gray (${values})`,
    }
  }
  return {
    kind: 'continuous',
    reason: `continuous tone: ${format(nonPaper)} of the page is not paper (line art ≤ ${MAX_NON_PAPER_SHARE}) and ${format(flatMidTone)} is smooth gray (${values})`,
  }
}

/**
 * A blank page's ink cut: when Otsu's classes lie under 16 levels apart the page is paper only,
 * and levels below paper − max(24, 6 σ of its noise) are ink all the same.
 * @returns the cut, or null when the page has ink (or no pixels)
 */
export function blankInkCut(levels: PageLevels): number | null {
  if (levels.total === 0 || levels.classGap >= MIN_CLASS_GAP_LEVELS) return null
  return levels.paper - Math.max(BLANK_INK_LEVELS, BLANK_INK_NOISE_SIGMAS * levels.paperNoise)
}

/**
 * Classifies a page as line art or continuous tone.
 * @param page gray levels, row-major, `width × height` bytes
 * @param size the page in pixels
 * @param histogram the page's histogram, when the caller has it already
 * @returns the kind and a reason naming the feature values; an empty page is line art
 * @throws RangeError when the sizes, page and histogram disagree (a caller bug)
 */
export function classifyTone(
  page: Uint8Array,
  size: { width: number; height: number },
  histogram?: Uint32Array,
): ToneDecision {
  return decideTone(toneFeatures(page, size.width, size.height, histogram))
}

/** A share with two significant decimals. */
function format(share: number): string {
  return share.toFixed(3)
}

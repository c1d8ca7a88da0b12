/**
 * Gray toolkit, used by the convert path (resample → tone decision → binarize): what a page's 256-bin
 * histogram says about it (Otsu's split, paper and ink levels, paper noise, the share of mid-tones).
 * Shared by the tone classifier (tone.ts) and the threshold choice (binarize.ts).
 */

/*
 * Stage: page levels.
 * Job: summarize an 8-bit page from its histogram alone, in O(256).
 * Input → output: histogram (256 bins) → PageLevels.
 * Source: Otsu, "A threshold selection method from gray-level histograms", IEEE SMC 9(1), 1979
 * (the split maximizing between-class variance, and its separability η = σB² / σT², Sec. 2);
 * the paper's noise is a median absolute deviation (Hampel 1974) scaled to a Gaussian σ.
 */

/** Levels in an 8-bit gray page. */
export const LEVELS = 256

/** MAD → standard deviation of a Gaussian. */
const MAD_TO_SIGMA = 1.4826

/** Share of the dark class whose level is taken as the ink level (a low quantile, see below). */
const INK_QUANTILE = 0.25

/** Half-width in levels of the window that finds the paper peak (smooths a noisy histogram). */
const PAPER_WINDOW_LEVELS = 2

/** A page summarized from its histogram. Levels are 0 (black) … 255 (white). */
export interface PageLevels {
  /** Pixels counted. */
  readonly total: number
  /**
   * Otsu's threshold: the dark class is levels ≤ `otsu`. 127 when no split exists (a page of
   * one level).
   */
  readonly otsu: number
  /** Otsu's separability η at that split, 0…1 (1: two levels only; 0.75: a uniform ramp). */
  readonly separability: number
  /**
   * Mean of the light class minus mean of the dark class, in levels; 255 when no split exists.
   * Small on a blank page, where Otsu can only split the paper's own noise (~1.6 σ).
   */
  readonly classGap: number
  /** The paper: the most frequent level above the split; 255 when that class is empty. */
  readonly paper: number
  /**
   * The ink: the level below which a quarter of the dark class lies; 0 when that class is empty.
   * A quantile rather than the mode, because after a strong reduction a page of thin lines has no
   * ink peak, only edge mid-tones, and a low quantile still lands near the darkest strokes.
   */
  readonly ink: number
  /** Robust σ of the paper in levels: 1.4826 × the median |level − paper| over the light class. */
  readonly paperNoise: number
}

/**
 * Summarizes a page from its histogram.
 * @param histogram 256 bins of pixel counts
 * @returns the page's levels; a histogram with no pixels gives total 0, paper 255, ink 0
 * @throws RangeError when `histogram` does not have 256 bins (a caller bug)
 */
export function pageLevels(histogram: Uint32Array): PageLevels {
  if (histogram.length !== LEVELS) {
    throw new RangeError(
      `Expected a histogram of ${LEVELS} bins for pageLevels but received ${histogram.length}`,
    )
  }
  const { otsu, separability, classGap, total } = otsuSplit(histogram)
  let dark = 0
  for (let v = 0; v <= otsu; v++) dark += histogram[v]!
  const light = total - dark
  const paper = light > 0 ? paperPeak(histogram, otsu + 1) : 255
  const ink = dark > 0 ? quantile(histogram, 0, otsu, INK_QUANTILE) : 0
  const paperNoise = light > 0 ? MAD_TO_SIGMA * medianDeviation(histogram, otsu + 1, paper) : 0
  return { total, otsu, separability, classGap, paper, ink, paperNoise }
}

/** Otsu (1979): the split t maximizing w0·w1·(μ0 − μ1)², with η = σB² / σT². */
function otsuSplit(h: Uint32Array): {
  otsu: number
  separability: number
  classGap: number
  total: number
} {
  let total = 0
  let sum = 0
  let squares = 0
  for (let v = 0; v < LEVELS; v++) {
    const n = h[v]!
    total += n
    sum += v * n
    squares += v * v * n
  }
  let w0 = 0
  let s0 = 0
  let best = -1
  let otsu = 127
  let gap = 255
  for (let t = 0; t < LEVELS - 1; t++) {
    w0 += h[t]!
    s0 += t * h[t]!
    const w1 = total - w0
    if (w0 === 0 || w1 === 0) continue
    const d = (sum - s0) / w1 - s0 / w0
    const between = w0 * w1 * d * d
    if (between > best) {
      best = between
      otsu = t
      gap = d
    }
  }
  if (best < 0) return { otsu: 127, separability: 1, classGap: 255, total }
  const variance = squares * total - sum * sum
  return { otsu, separability: variance > 0 ? best / variance : 1, classGap: gap, total }
}

/** The most frequent level in from…255, found on a window sum and refined on the raw bins. */
function paperPeak(h: Uint32Array, from: number): number {
  let bestSum = -1
  let centre = 255
  for (let v = from; v < LEVELS; v++) {
    let s = 0
    const lo = Math.max(from, v - PAPER_WINDOW_LEVELS)
    const hi = Math.min(LEVELS - 1, v + PAPER_WINDOW_LEVELS)
    for (let k = lo; k <= hi; k++) s += h[k]!
    if (s > bestSum) {
      bestSum = s
      centre = v
    }
  }
  let peak = centre
  const lo = Math.max(from, centre - PAPER_WINDOW_LEVELS)
  const hi = Math.min(LEVELS - 1, centre + PAPER_WINDOW_LEVELS)
  for (let v = lo; v <= hi; v++) if (h[v]! > h[peak]!) peak = v
  return peak
}

/** The lowest level in from…to at or below which `share` of that range's pixels lie. */
function quantile(h: Uint32Array, from: number, to: number, share: number): number {
  let n = 0
  for (let v = from; v <= to; v++) n += h[v]!
  let seen = 0
  for (let v = from; v <= to; v++) {
    seen += h[v]!
    if (seen >= share * n) return v
  }
  return to
}

/** Median of |v − centre| over levels from…255. */
function medianDeviation(h: Uint32Array, from: number, centre: number): number {
  let n = 0
  for (let v = from; v < LEVELS; v++) n += h[v]!
  let seen = 0
  for (let d = 0; d < LEVELS; d++) {
    const a = centre - d
    const b = centre + d
    if (a >= from) seen += h[a]!
    if (d > 0 && b < LEVELS && b >= from) seen += h[b]!
    if (seen * 2 >= n) return d
  }
  return 0
}

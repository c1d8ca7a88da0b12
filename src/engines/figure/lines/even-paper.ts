/**
 * Lighting correction of the figure lines engine, used by the judge and the line-art threshold:
 * divides out the paper's smooth lighting (a lamp's falloff, a phone's vignette) and nothing else,
 * so a shaded face stays shaded.
 */

/*
 * Stage: even paper.
 * Job: estimate the paper level as one smooth surface over the image and divide it out:
 * out = min(255, 255 · g / paper).
 * Input → output: gray levels (width · height) → a new buffer, or the input when already even.
 * Method: the paper level of each 32 × 32 block is its 90th-percentile level, as in the lineart
 * engine's normalisation (../../lineart/normalize-background.ts); but where that one dilates the
 * block map and interpolates it, which lifts the middle of any dark region wider than ~5 blocks
 * to white (a 400-px shaded disc came out as a ring with a blocky second outline 100 px inside),
 * here a quadratic surface in x and y is fitted to the blocks by iteratively reweighted least
 * squares: blocks darker than the fit by more than max(MIN_OUTLIER_LEVELS, 3 robust σ of the
 * residuals) are ink or shading, weight 0 (Holland and Welsch, "Robust regression using
 * iteratively reweighted least-squares", 1977, with a hard-rejection weight). Lighting is smooth
 * and brighter than what lies on the paper; a face, a fill or a dense cluster of lines is darker
 * than the surface around it and drops out of the fit.
 * A surface that varies by at most EVEN_PAPER_LEVELS over the image leaves the image as it is;
 * otherwise white is put at the 99.5 % quantile of level / surface (see evenPaper).
 * Memory: one histogram row of blocks (256 × ⌈w/32⌉ counts), the block levels, and the output
 * (1 byte per pixel) when the paper is uneven.
 */

import { BLOCK_PX, blockPaperLevels } from '../../lineart/normalize-background'

/** Paper whose fitted surface spans at most this many levels is even: left as it is. */
const EVEN_PAPER_LEVELS = 6
/** A block this many levels under the fit (or 3 σ of the residuals, if more) is not paper. */
const MIN_OUTLIER_LEVELS = 12
const FIT_ROUNDS = 6
/** White goes to this quantile of level / surface (see evenPaper). */
const HEADROOM_QUANTILE = 0.995
/** … measured on every RATIO_STEP-th row and column, in RATIO_BINS bins over 0…MAX_RATIO. */
const RATIO_STEP = 4
const RATIO_BINS = 1024
const MAX_RATIO = 2
/** The surface is never taken darker than this (a fit gone wild near a dark corner). */
const MIN_PAPER_LEVEL = 16

/**
 * @param gray `width · height` levels, 0 black … 255 white
 * @returns the levels with the paper lifted to 255, or `gray` itself when the paper is even
 */
export function evenPaper(gray: Uint8Array, width: number, height: number): Uint8Array {
  const bw = Math.ceil(width / BLOCK_PX)
  const bh = Math.ceil(height / BLOCK_PX)
  const levels = blockPaperLevels(gray, width, height, bw, bh)
  const fit = fitSurface(levels, bw, bh)
  if (!fit) return gray
  // The surface at each pixel: quadratic in block coordinates (centres at (i + 0.5) blocks).
  let lo = 255
  let hi = 0
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      const v = evaluate(fit, (bx + 0.5) / bw, (by + 0.5) / bh)
      if (v < lo) lo = v
      if (v > hi) hi = v
    }
  }
  if (hi - lo <= EVEN_PAPER_LEVELS) return gray
  // The surface runs through the blocks' 90th percentiles, so a tenth of the paper lies above
  // it: white is put at the HEADROOM_QUANTILE of level / surface instead, or noisy paper piles
  // up at 255 and the tone decision takes that pile for the paper and half the paper for ink.
  const ratios = new Uint32Array(RATIO_BINS)
  let sampled = 0
  for (let y = 0; y < height; y += RATIO_STEP) {
    const v = (y + 0.5) / BLOCK_PX / bh
    for (let x = 0; x < width; x += RATIO_STEP) {
      const paper = Math.max(evaluate(fit, (x + 0.5) / BLOCK_PX / bw, v), MIN_PAPER_LEVEL)
      const r = gray[y * width + x]! / paper
      ratios[Math.min(RATIO_BINS - 1, Math.floor((r * RATIO_BINS) / MAX_RATIO))]!++
      sampled++
    }
  }
  let white = 1
  for (let b = 0, seen = 0; b < RATIO_BINS; b++) {
    seen += ratios[b]!
    if (seen >= HEADROOM_QUANTILE * sampled) {
      white = Math.max(1, ((b + 1) * MAX_RATIO) / RATIO_BINS)
      break
    }
  }
  const out = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    const v = (y + 0.5) / BLOCK_PX / bh
    for (let x = 0; x < width; x++) {
      const paper = Math.max(evaluate(fit, (x + 0.5) / BLOCK_PX / bw, v), MIN_PAPER_LEVEL) * white
      const level = (255 * gray[y * width + x]!) / paper
      out[y * width + x] = level >= 255 ? 255 : level + 0.5
    }
  }
  return out
}

/** c0 + c1·u + c2·v + c3·u² + c4·u·v + c5·v² at (u, v), coordinates in 0…1. */
function evaluate(c: Float64Array, u: number, v: number): number {
  return c[0]! + c[1]! * u + c[2]! * v + c[3]! * u * u + c[4]! * u * v + c[5]! * v * v
}

/**
 * The quadratic surface through the paper blocks, by reweighted least squares (see the banner).
 * @returns its six coefficients, or null when too few blocks remain to fit (under 6)
 */
function fitSurface(levels: Float32Array, bw: number, bh: number): Float64Array | null {
  const n = bw * bh
  const weights = new Uint8Array(n)
  // Start from the brighter half of the blocks: whatever covers the paper is darker than it.
  const median = [...levels].sort((a, b) => a - b)[n >> 1]!
  for (let i = 0; i < n; i++) weights[i] = levels[i]! >= median ? 1 : 0
  let fit: Float64Array | null = null
  const residuals: number[] = []
  for (let round = 0; round < FIT_ROUNDS; round++) {
    const next = solveWeighted(levels, weights, bw, bh)
    if (!next) return fit
    fit = next
    residuals.length = 0
    for (let i = 0; i < n; i++) {
      if (!weights[i]) continue
      residuals.push(
        Math.abs(levels[i]! - evaluate(fit, ((i % bw) + 0.5) / bw, (((i / bw) | 0) + 0.5) / bh)),
      )
    }
    residuals.sort((a, b) => a - b)
    const sigma = 1.4826 * (residuals[residuals.length >> 1] ?? 0)
    const cut = Math.max(MIN_OUTLIER_LEVELS, 3 * sigma)
    let changed = false
    for (let i = 0; i < n; i++) {
      const r = levels[i]! - evaluate(fit, ((i % bw) + 0.5) / bw, (((i / bw) | 0) + 0.5) / bh)
      const w = r >= -cut ? 1 : 0
      if (w !== weights[i]) changed = true
      weights[i] = w
    }
    if (!changed) break
  }
  return fit
}

/** Least squares of the quadratic surface over the blocks of weight 1 (normal equations). */
function solveWeighted(
  levels: Float32Array,
  weights: Uint8Array,
  bw: number,
  bh: number,
): Float64Array | null {
  const a = new Float64Array(36)
  const b = new Float64Array(6)
  const terms = new Float64Array(6)
  let count = 0
  for (let i = 0; i < levels.length; i++) {
    if (!weights[i]) continue
    const u = ((i % bw) + 0.5) / bw
    const v = (((i / bw) | 0) + 0.5) / bh
    terms.set([1, u, v, u * u, u * v, v * v])
    for (let r = 0; r < 6; r++) {
      b[r]! += terms[r]! * levels[i]!
      for (let c = 0; c < 6; c++) a[r * 6 + c]! += terms[r]! * terms[c]!
    }
    count++
  }
  if (count < 6) return null
  // A tiny ridge keeps the system solvable when the blocks lie on one row or column.
  for (let r = 0; r < 6; r++) a[r * 6 + r]! += 1e-6 * count
  return solve(a, b)
}

/** Solves the 6 × 6 system a·x = b by Gaussian elimination with partial pivoting. */
function solve(a: Float64Array, b: Float64Array): Float64Array | null {
  const n = 6
  for (let col = 0; col < n; col++) {
    let pivot = col
    for (let r = col + 1; r < n; r++) {
      if (Math.abs(a[r * n + col]!) > Math.abs(a[pivot * n + col]!)) pivot = r
    }
    if (Math.abs(a[pivot * n + col]!) < 1e-12) return null
    if (pivot !== col) {
      for (let c = 0; c < n; c++) {
        const t = a[col * n + c]!
        a[col * n + c] = a[pivot * n + c]!
        a[pivot * n + c] = t
      }
      const t = b[col]!
      b[col] = b[pivot]!
      b[pivot] = t
    }
    for (let r = col + 1; r < n; r++) {
      const f = a[r * n + col]! / a[col * n + col]!
      for (let c = col; c < n; c++) a[r * n + c]! -= f * a[col * n + c]!
      b[r]! -= f * b[col]!
    }
  }
  const x = new Float64Array(n)
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!
    for (let c = r + 1; c < n; c++) s -= a[r * n + c]! * x[c]!
    x[r] = s / a[r * n + r]!
  }
  return x
}

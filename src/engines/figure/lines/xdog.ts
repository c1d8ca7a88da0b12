/**
 * Photo path of the figure lines engine (smooth → XDoG → drop fragments → trace): the edges of
 * the smoothed photo become a mask of lines about two pixels wide, one line per edge.
 */

import { createMask, type Mask } from '../../lineart/mask'
import { gaussianBlur } from './filters'

/*
 * Stage: XDoG line extraction.
 * Job: mark the dark side of every edge that stands out from the image's own texture.
 * Input → output: smoothed levels (Float32Array, rewritten) → Mask (1 line, 0 paper).
 * Method: Winnemöller, Kyprianidis and Olsen, "XDoG: An eXtended difference-of-Gaussians
 * compendium including advanced image stylization", Computers & Graphics 36(6), 2012, §2–3.
 * - Levels are stretched so the image's 1st and 99th percentiles become 0 and 1.
 * - D = G_σ − τ·G_kσ, separable Gaussians with clamp-to-edge borders (the frame makes no edge).
 *   Across a step edge of contrast C, G_σ − G_kσ dips to about −0.11·C on the dark side, ~1.2σ
 *   from the edge (k = 1.6), and rises as much on the light side. τ < 1 adds (1 − τ)·G_kσ ≥ 0:
 *   flat areas of any level stay above the cut (no tonal fills, only lines), and edges whose
 *   dark side is light need a little more contrast.
 * - The soft threshold T(D) = 1 if D ≥ ε, else 1 + tanh(φ·(D − ε)) (their eq. 5), where we
 *   depart from the paper: ε and 1/φ are not fixed levels but multiples of the image's DoG
 *   spread (the MAD of G_σ − G_kσ, see dogSpread), so grain, texture and JPEG noise set their
 *   own threshold. Swept over −0.005…−0.01 (φ 200), a fixed ε kept at most 86 % of the clean
 *   test scene's outline in the mask (line pixels within 3 px), the relative one all of it.
 * - T is cut with hysteresis (Canny, "A computational approach to edge detection", PAMI 8(6),
 *   1986, §7): T < 0.5 is a line pixel only when 8-connected to a pixel with T < `strong`, so a
 *   faint stretch of a real outline stays and isolated texture responses go. Since T is
 *   monotone in D, both cuts are taken on D: T < t ⟺ D < ε + atanh(t − 1)/φ.
 *
 * Memory: the input buffer becomes G_kσ in place; G_σ is one more float32 image (4 bytes per
 * pixel); the mask is 1 byte per pixel; hysteresis uses a stack of int32 that grows with the
 * largest line component.
 */

/** XDoG parameters, in working-image pixels and shares of the image's contrast. */
export interface XdogParams {
  /** σ of the inner Gaussian, px. */
  sigmaPx: number
  /** Ratio of the outer Gaussian's σ to the inner one's (1.6 approximates a Laplacian). */
  k: number
  /** Weight τ of the outer Gaussian, just under 1. */
  tau: number
  /** Threshold ε on D, in units of the image's DoG spread (negative: below zero). */
  epsilon: number
  /** Steepness φ of the soft threshold, per unit of the DoG spread. */
  phi: number
  /** The DoG spread is at least this, in shares of the contrast (a noiseless image has none). */
  minSpread: number
  /** Hysteresis seeds: soft value T below this (T < 0.5 only extends lines). */
  strong: number
}

/**
 * @param levels the smoothed image, `width · height` levels; overwritten
 * @param range the levels mapped to 0 and 1 (the image's 1st and 99th percentiles)
 * @returns the line mask, framed (see ../../lineart/mask.ts)
 */
export function xdogLines(
  levels: Float32Array,
  width: number,
  height: number,
  range: { lo: number; hi: number },
  params: XdogParams,
): Mask {
  const span = Math.max(1, range.hi - range.lo)
  for (let i = 0; i < levels.length; i++) levels[i] = (levels[i]! - range.lo) / span
  const inner = levels.slice()
  gaussianBlur(inner, width, height, params.sigmaPx)
  gaussianBlur(levels, width, height, params.k * params.sigmaPx)
  const { tau, strong } = params
  // ε and 1/φ are in units of the spread of G_σ − G_kσ over the image (see the banner).
  const spread = Math.max(params.minSpread, dogSpread(inner, levels))
  const epsilon = params.epsilon * spread
  const phi = params.phi / spread
  const weakCut = epsilon + Math.atanh(0.5 - 1) / phi
  const strongCut = epsilon + Math.atanh(strong - 1) / phi
  const mask = createMask(width, height)
  const { data, stride } = mask
  for (let y = 0; y < height; y++) {
    const row = y * width
    const out = (y + 1) * stride + 1
    for (let x = 0; x < width; x++) {
      const d = inner[row + x]! - tau * levels[row + x]!
      data[out + x] = d < strongCut ? STRONG : d < weakCut ? WEAK : 0
    }
  }
  hysteresis(mask)
  return mask
}

/**
 * Robust spread of G_σ − G_kσ: 1.4826 × the median of its absolute value (a Gaussian σ from the
 * MAD, Hampel 1974), on every other pixel. Texture, grain and JPEG noise set the
 * median; object edges, a few percent of the pixels, do not move it.
 */
function dogSpread(inner: Float32Array, outer: Float32Array): number {
  const bins = 4096
  const top = 0.25
  const counts = new Uint32Array(bins)
  let total = 0
  for (let i = 0; i < inner.length; i += 2) {
    const d = Math.abs(inner[i]! - outer[i]!)
    counts[Math.min(bins - 1, Math.floor((d / top) * bins))]!++
    total++
  }
  let seen = 0
  for (let b = 0; b < bins; b++) {
    seen += counts[b]!
    if (seen * 2 >= total) return (1.4826 * ((b + 0.5) * top)) / bins
  }
  return top
}

const WEAK = 2
const STRONG = 3

/** Keeps WEAK pixels 8-connected to a STRONG one as line (1); every other candidate goes. */
function hysteresis(mask: Mask): void {
  const { data, stride } = mask
  const offsets = [-stride - 1, -stride, -stride + 1, -1, 1, stride - 1, stride, stride + 1]
  let stack: Int32Array = new Int32Array(4096)
  for (let i = stride; i < data.length - stride; i++) {
    if (data[i] !== STRONG) continue
    data[i] = 1
    let top = 0
    stack[top++] = i
    while (top > 0) {
      const j = stack[--top]!
      for (const o of offsets) {
        const k = j + o
        if (data[k]! < WEAK) continue
        data[k] = 1
        if (top === stack.length) {
          const grown = new Int32Array(stack.length * 2)
          grown.set(stack)
          stack = grown
        }
        stack[top++] = k
      }
    }
  }
  for (let i = 0; i < data.length; i++) if (data[i] === WEAK) data[i] = 0
}

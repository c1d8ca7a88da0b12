/**
 * Gray toolkit, used by the convert path (resample → tone decision → binarize → encode): turns the
 * output-size gray page into black and white in place, keeping thin gray lines that a global
 * threshold would drop, without fattening solid strokes.
 */

import { pageLevels } from './page-levels'
import { blankInkCut, type ToneKind } from './tone'

/*
 * Stage: binarize.
 * Job: choose the parameters from the page's histogram, then rewrite the page as 0 / 255.
 * Input → output: gray page (width × height bytes) → the same buffer, every byte 0 or 255.
 * Method: a mid-level global threshold plus ridge rescue.
 * - Black where level ≤ low, low = (paper + ink) / 2: a pixel half covered by ink sits exactly
 *   there, so solid strokes keep their width (area ratio ≈ 1; Otsu 1979 sits ~15 levels higher
 *   on paper-dominated pages and fattens strokes and fills counters at the 4K preset).
 * - White where level > high, high = paper − 0.2 · (paper − ink), and at least 4 σ of the
 *   paper's noise below the paper.
 * - In between, black only on a thin dark ridge: in some direction (horizontal, vertical or a
 *   diagonal) both flanks are lighter by `margin` (0.08 · contrast), either the next pixel, or,
 *   for a line straddling two pixels, the pixel after a lighter-or-equal band neighbour that is
 *   itself `margin` darker than its own far side. This is the line-preserving idea of ridge and
 *   valley detection on gray levels (Haralick, "Ridges and valleys on digital images", CVGIP 22,
 *   1983; the local-minimum test of Pavlidis's "Algorithms for Graphics and Image Processing",
 *   1982, §7) cut down to a 5 × 5 window of comparisons.
 * - Not a break: a ridge pixel whose two neighbours along the line (across the flanks' direction)
 *   are both darker by `margin`, or a two-pixel break with darker pixels beyond, stays white, so
 *   the gaps of dashed (hidden) lines and the paper between close parallel lines stay open.
 * Chosen on the corpus by bench/binarize.mjs (`npm run bench -- binarize`): 18 USPTO sheets, clean
 * and as simulated 600-DPI scans (blur, noise, rotation, JPEG), at both presets. At 2048 px from
 * scans (last run): thin-line recall 0.9997 vs Otsu's 0.9983, breaks in thin lines and lost
 * dots 35.1 vs 267.4 per sheet, area ratio 1.057 vs 1.091; at 4096 px 7.0 % of counters filled
 * against Otsu's 17.6 %. The gap check halved the strokes merged into a neighbour (10.6 % of
 * strokes vs 21.4 % without it at 2048 px; Otsu 6.1 %) for 10 more breaks per sheet. The variants
 * it beat (Otsu + ridge, white-anchored thresholds, hysteresis, Sauvola, a looser `high`) are in
 * the bench table.
 *
 * Memory: the page is rewritten row by row in place; the only buffer is a ring of the original
 * values of the three rows that were already overwritten and are still needed (y − 2, y − 1, y),
 * 3 × width bytes. Rows y + 1 and y + 2 are read straight from the page, not yet rewritten.
 */

/** Share of the paper–ink contrast below the paper where the ridge band ends (`high`). */
const HIGH_CONTRAST_SHARE = 0.2

/** How much lighter a ridge's flanks must be, as a share of the paper–ink contrast. */
const MARGIN_CONTRAST_SHARE = 0.08

/** The band must stay this many paper-noise σ below the paper, so noise alone never enters it. */
const HIGH_NOISE_SIGMAS = 4

/** The parameters of {@link binarizePage}, in gray levels (0 black … 255 white). */
export interface BinarizeParams {
  /** Levels ≤ low become black; −1 makes nothing black by level alone. */
  readonly low: number
  /** Levels > high become white; levels in (low, high] are black only on a thin ridge. */
  readonly high: number
  /** How much lighter than the pixel a ridge's flanks must be, in levels (≥ 1). */
  readonly margin: number
}

/**
 * Chooses the binarization parameters from the page's histogram.
 * - Line art: low = midpoint of paper and ink, high and margin for the ridge rescue (above).
 * - A page the tone classifier calls continuous (a photo forced to bilevel): Otsu's threshold,
 *   no ridge band (rescuing local minima in a photo would only add texture noise).
 * - A blank page (no ink 24 levels and 6 σ of its noise darker than the paper, see tone.ts): one
 *   cut that far under the paper, so a noisy blank page stays white and only real marks turn
 *   black.
 * Any histogram works: empty, one level (black below 128, white from 128), two levels (the darker
 * one black), uniform.
 * @param histogram 256 bins of pixel counts (see `pageHistogram`)
 * @param kind the page's tone (see `classifyTone`); `continuous` when a photo is forced to bilevel
 * @returns the parameters, levels within −1…255
 * @throws RangeError when `histogram` does not have 256 bins (a caller bug)
 */
export function chooseThreshold(histogram: Uint32Array, kind: ToneKind): BinarizeParams {
  const levels = pageLevels(histogram)
  const { total, paper, ink, paperNoise, otsu } = levels
  if (total === 0) return { low: 127, high: 127, margin: 1 }
  const blankCut = blankInkCut(levels)
  if (blankCut !== null) {
    // Levels under the blank cut are ink: v ≤ ⌈cut⌉ − 1 ⇔ v < cut for integer levels.
    const low = Math.max(-1, Math.ceil(blankCut) - 1)
    return { low, high: low, margin: 1 }
  }
  if (kind === 'continuous') return { low: otsu, high: otsu, margin: 1 }
  const contrast = paper - ink
  const low = Math.floor((paper + ink) / 2)
  const high = Math.max(
    low,
    Math.min(
      Math.round(paper - HIGH_CONTRAST_SHARE * contrast),
      Math.floor(paper - HIGH_NOISE_SIGMAS * paperNoise),
    ),
  )
  return { low, high, margin: Math.max(1, Math.round(MARGIN_CONTRAST_SHARE * contrast)) }
}

/**
 * Rewrites `page` in place as black (0) and white (255) with the given parameters, row by row.
 * Pixels outside the page count as copies of the nearest edge pixel, so the first and last rows
 * and columns get the same rule with no ridge invented at the border.
 *
 * Memory: no copy of the page; one ring of 3 × width bytes (the original values of rows y − 2,
 * y − 1 and y while row y is rewritten). Speed: `npm run bench -- binarize` prints it (4096 × 3000
 * of line art in ~30 ms under Node 22 on the dev box).
 *
 * @param page gray levels, row-major, `width × height` bytes; rewritten
 * @param width pixels per row (positive integer)
 * @param height rows (positive integer)
 * @param params from {@link chooseThreshold}
 * @throws RangeError when the sizes do not match the buffer or a parameter is out of range
 */
export function binarizePage(
  page: Uint8Array,
  width: number,
  height: number,
  params: BinarizeParams,
): void {
  expectSize(width, 'width')
  expectSize(height, 'height')
  if (page.length !== width * height) {
    throw new RangeError(`Expected ${width * height} bytes for page but received ${page.length}`)
  }
  const { low, high, margin } = params
  expectLevel(low, 'low')
  expectLevel(high, 'high')
  if (!Number.isInteger(margin) || margin < 1) {
    throw new RangeError(`Expected an integer ≥ 1 for margin but received ${margin}`)
  }
  if (high <= low) {
    for (let i = 0; i < page.length; i++) page[i] = page[i]! <= low ? 0 : 255
    return
  }
  const ring = new Uint8Array(3 * width)
  const rows: Uint8Array[] = [
    ring.subarray(0, width),
    ring.subarray(width, 2 * width),
    ring.subarray(2 * width, 3 * width),
  ]
  const last = width - 1
  for (let y = 0; y < height; y++) {
    const start = y * width
    const cur = rows[y % 3]!
    cur.set(page.subarray(start, start + width))
    const up1 = y >= 1 ? rows[(y - 1) % 3]! : cur
    const up2 = y >= 2 ? rows[(y - 2) % 3]! : up1
    const down1 = y + 1 < height ? page.subarray(start + width, start + 2 * width) : cur
    const down2 = y + 2 < height ? page.subarray(start + 2 * width, start + 3 * width) : down1
    for (let x = 0; x < width; x++) {
      const v = cur[x]!
      if (v <= low) {
        page[start + x] = 0
        continue
      }
      if (v > high) {
        page[start + x] = 255
        continue
      }
      const l1 = x > 0 ? x - 1 : 0
      const l2 = x > 1 ? x - 2 : 0
      const r1 = x < last ? x + 1 : last
      const r2 = x + 1 < last ? x + 2 : last
      // Each direction: both flanks lighter, and not a break between darker pixels along the
      // line (the gaps of a dashed line stay open).
      const ridge =
        (flank(v, cur[l1]!, cur[l2]!, high, margin) &&
          flank(v, cur[r1]!, cur[r2]!, high, margin) &&
          !gap(v, up1[x]!, up2[x]!, down1[x]!, down2[x]!, low, margin)) ||
        (flank(v, up1[x]!, up2[x]!, high, margin) &&
          flank(v, down1[x]!, down2[x]!, high, margin) &&
          !gap(v, cur[l1]!, cur[l2]!, cur[r1]!, cur[r2]!, low, margin)) ||
        (flank(v, up1[l1]!, up2[l2]!, high, margin) &&
          flank(v, down1[r1]!, down2[r2]!, high, margin) &&
          !gap(v, up1[r1]!, up2[r2]!, down1[l1]!, down2[l2]!, low, margin)) ||
        (flank(v, up1[r1]!, up2[r2]!, high, margin) &&
          flank(v, down1[l1]!, down2[l2]!, high, margin) &&
          !gap(v, up1[l1]!, up2[l2]!, down1[r1]!, down2[r2]!, low, margin))
      page[start + x] = ridge ? 0 : 255
    }
  }
}

/**
 * One side of a ridge at level `v`: the next pixel (`near`) is lighter by `margin`, or it is the
 * lighter-or-equal other half of a two-pixel line (still in the band) and the pixel after it
 * (`far`) is lighter than it by `margin`.
 */
export function flank(v: number, near: number, far: number, high: number, margin: number): boolean {
  return near - v >= margin || (near >= v && near <= high && far - near >= margin)
}

/**
 * A break in a line, seen along it: on both sides the next pixel is darker by `margin`, or it is
 * the lighter-or-equal other half of a two-pixel break (above `low`) with a darker one after it.
 */
function gap(
  v: number,
  nearA: number,
  farA: number,
  nearB: number,
  farB: number,
  low: number,
  margin: number,
): boolean {
  return gapSide(v, nearA, farA, low, margin) && gapSide(v, nearB, farB, low, margin)
}

/** One side of {@link gap}: the next pixel darker by `margin`, or half a two-pixel break. */
export function gapSide(
  v: number,
  near: number,
  far: number,
  low: number,
  margin: number,
): boolean {
  return v - near >= margin || (near >= v && near > low && near - far >= margin)
}

function expectSize(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`Expected a positive integer for ${name} but received ${value}`)
  }
}

function expectLevel(value: number, name: string): void {
  if (!Number.isInteger(value) || value < -1 || value > 255) {
    throw new RangeError(`Expected an integer in -1…255 for ${name} but received ${value}`)
  }
}

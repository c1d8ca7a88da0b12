/**
 * Preprocess stage of the lineart engine (normalize background → threshold → …): evens out the
 * paper of scans and photos of sketches so one threshold fits the whole sheet.
 */

import { alignedWords } from './mask'

/*
 * Stage: background normalisation.
 * Job: estimate the paper level everywhere and divide it out: out = min(255, 255 · g / paper).
 * Input → output: gray image (0 black … 255 white) → a new gray buffer of the same size.
 * Method: the paper level of each 32 × 32 block is its 90th-percentile level (ink covers less
 * than 10 % of almost every block of a drawing); blocks are then dilated (3 × 3 block maximum,
 * twice) so a block filled by ink takes its neighbours' paper, and the map is interpolated
 * bilinearly between block centres. The classic flat-field / "divide by the background"
 * correction used for document images (e.g. Lu, Su and Tan, "Document image binarization using
 * background estimation and stroke edges", IJDAR 13, 2010, §2, with a simpler estimator).
 * A sheet whose paper is already even (block levels within 6 levels) is returned unchanged.
 */

/** Side of the blocks the paper level is measured in, px. */
export const BLOCK_PX = 32
const PAPER_PERCENTILE = 0.9
/** Paper whose block levels all lie within this many levels is even: left as it is. */
const EVEN_PAPER_LEVELS = 6

/**
 * @param gray `width · height` levels
 * @returns `page`: a new buffer with the paper lifted to 255, or `gray` itself when the paper is
 *   even, and then `histogram`, its 256 level counts (summed from the blocks' histograms, which
 *   spares the caller a pass)
 */
export function normalizeBackground(
  gray: Uint8Array,
  width: number,
  height: number,
): { page: Uint8Array; histogram: Uint32Array | null } {
  const bw = Math.ceil(width / BLOCK_PX)
  const bh = Math.ceil(height / BLOCK_PX)
  const histogram = new Uint32Array(256)
  let paper = blockPaperLevels(gray, width, height, bw, bh, histogram)
  paper = dilateBlocks(dilateBlocks(paper, bw, bh), bw, bh)
  let lo = 255
  let hi = 0
  for (const v of paper) {
    if (v < lo) lo = v
    if (v > hi) hi = v
  }
  if (hi - lo <= EVEN_PAPER_LEVELS) return { page: gray, histogram }
  const out = new Uint8Array(width * height)
  // Horizontal interpolation weights are the same for every row: compute them once.
  const bx0 = new Int32Array(width)
  const fx = new Float32Array(width)
  for (let x = 0; x < width; x++) {
    const t = Math.min(Math.max((x + 0.5) / BLOCK_PX - 0.5, 0), bw - 1)
    bx0[x] = Math.min(Math.floor(t), Math.max(bw - 2, 0))
    fx[x] = bw === 1 ? 0 : t - bx0[x]!
  }
  for (let y = 0; y < height; y++) {
    const t = Math.min(Math.max((y + 0.5) / BLOCK_PX - 0.5, 0), bh - 1)
    const by0 = bh === 1 ? 0 : Math.min(Math.floor(t), bh - 2)
    const fy = bh === 1 ? 0 : t - by0
    const r0 = by0 * bw
    const r1 = bh === 1 ? r0 : r0 + bw
    const row = y * width
    for (let x = 0; x < width; x++) {
      // White stays white and black black at any paper level (≤ 255): no level to compute.
      const g = gray[row + x]!
      if (g === 255 || g === 0) {
        out[row + x] = g
        continue
      }
      const b = bx0[x]!
      const b1 = bw === 1 ? b : b + 1
      const f = fx[x]!
      const top = paper[r0 + b]! + (paper[r0 + b1]! - paper[r0 + b]!) * f
      const bottom = paper[r1 + b]! + (paper[r1 + b1]! - paper[r1 + b]!) * f
      const level = Math.max(top + (bottom - top) * fy, 1)
      const v = (255 * g) / level
      out[row + x] = v >= 255 ? 255 : v + 0.5
    }
  }
  return { page: out, histogram: null }
}

/**
 * The 90th-percentile level of each BLOCK_PX block, row-major `bw × bh`: the paper's level
 * where a block has any paper. Also used by /figures' lighting correction (figure/lines).
 * @param total when given, the image's level counts are added to it
 */
export function blockPaperLevels(
  gray: Uint8Array,
  width: number,
  height: number,
  bw: number,
  bh: number,
  total?: Uint32Array,
): Float32Array {
  const paper = new Float32Array(bw * bh)
  const histograms = new Uint32Array(bw * 256)
  // Aligned words from byte `shift` on: four white pixels are counted in one step.
  const shift = -gray.byteOffset & 3
  const words = alignedWords(gray, shift)
  for (let by = 0; by < bh; by++) {
    histograms.fill(0)
    const y1 = Math.min(height, (by + 1) * BLOCK_PX)
    for (let y = by * BLOCK_PX; y < y1; y++) {
      const row = y * width
      // Block by block along the row, no division per pixel; white is counted in a local, as
      // incrementing one bin pixel after pixel waits on its own last store.
      for (let x0 = 0, base = 0; x0 < width; x0 += BLOCK_PX, base += 256) {
        const end = row + Math.min(width, x0 + BLOCK_PX)
        let white = 0
        let i = row + x0
        for (; i < end && ((i - shift) & 3) !== 0; i++) {
          const v = gray[i]!
          if (v === 255) white++
          else histograms[base + v]!++
        }
        for (; i + 4 <= end; i += 4) {
          if (words[(i - shift) >> 2] === -1) {
            white += 4
            continue
          }
          for (let j = i; j < i + 4; j++) {
            const v = gray[j]!
            if (v === 255) white++
            else histograms[base + v]!++
          }
        }
        for (; i < end; i++) {
          const v = gray[i]!
          if (v === 255) white++
          else histograms[base + v]!++
        }
        histograms[base + 255]! += white
      }
    }
    for (let bx = 0; bx < bw; bx++) {
      const base = bx * 256
      let count = 0
      for (let v = 0; v < 256; v++) count += histograms[base + v]!
      if (total) for (let v = 0; v < 256; v++) total[v]! += histograms[base + v]!
      const rank = Math.ceil(count * PAPER_PERCENTILE)
      let seen = 0
      let level = 255
      for (let v = 0; v < 256; v++) {
        seen += histograms[base + v]!
        if (seen >= rank) {
          level = v
          break
        }
      }
      paper[by * bw + bx] = level
    }
  }
  return paper
}

/** 3 × 3 maximum over the block grid. */
function dilateBlocks(levels: Float32Array, bw: number, bh: number): Float32Array {
  const out = new Float32Array(levels.length)
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      let m = 0
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy
        if (yy < 0 || yy >= bh) continue
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx
          if (xx < 0 || xx >= bw) continue
          const v = levels[yy * bw + xx]!
          if (v > m) m = v
        }
      }
      out[y * bw + x] = m
    }
  }
  return out
}

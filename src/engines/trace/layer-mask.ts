/**
 * Trace engine (POST /v1/vectorize), stage 2 (masks): the bilevel mask of one stacked layer,
 * which runs a little under the layers above it so that no seam shows what lies below.
 */

import { ALL_OPAQUE, type LayerPlan, type LayerStack } from './layers'
import { INK, type PaddedMask, SEED } from './padded-mask'
import { type Quantized, TRANSPARENT_INDEX } from './quantize'

/*
 * Stage: layer mask.
 * Job: the pixels one layer covers.
 * Input → output: Quantized indices + LayerStack + one LayerPlan → PaddedMask (INK, SEED bits).
 * Method:
 * - INK: the layer's own colour, plus pixels of colours above it within SEAM_OVERLAP_PX (a disc,
 *   the 21 pixels of a 5 × 5 square without its corners) of it. Smoothed outlines stray up to
 *   about a pixel from the pixel edges, so a lower layer that reaches 2 px under its upper
 *   neighbours leaves no gap along any seam. Only nearby pixels join: an upper region elsewhere on
 *   the page is not traced again in every layer below it.
 * - SEED: pixels of colours below the layer, the untraced background and transparency. A hole in
 *   the mask with no SEED inside shows only colours above, which paint over it anyway, so the
 *   orchestrator fills it (covered-holes.ts) and the layer runs under the whole region.
 * - The ALL_OPAQUE layer (an opaque non-white background) is every opaque pixel.
 * Cost: 4 passes over the pixels per layer, no allocation (the mask is reused between layers);
 *   the top layer (the only one of a bilevel image) and the ALL_OPAQUE one, one write of the
 *   mask and one read of the indices, four pixels a step.
 */

/** How far, px, a layer reaches under the layers above it. */
export const SEAM_OVERLAP_PX = 2

/** Scratch bits of the horizontal dilation, cleared before the mask is returned. */
const NEAR1 = 8
const NEAR2 = 16

/**
 * Fills `mask` for `layer` (its previous content is erased).
 * @returns true when colours above the layer exist, i.e. when a hole may show only upper colours
 */
export function buildLayerMask(
  q: Quantized,
  stack: LayerStack,
  layer: LayerPlan,
  mask: PaddedMask,
): boolean {
  const { width, height, indices } = q
  const { stride, data } = mask
  if (layer.index === ALL_OPAQUE) {
    markIndex(q, mask, TRANSPARENT_INDEX, SEED, INK)
    return false
  }
  const own = layer.index
  const rank = layer.rank
  const rankOf = stack.rankOf
  if (rank === stack.layers.length - 1) {
    // The top layer: nothing above it to reach under, every other pixel is below.
    markIndex(q, mask, own, INK, SEED)
    return false
  }
  data.fill(0)
  // What each palette index is to this layer: 1 its own colour, 2 below it, 3 above it.
  const kind = new Uint8Array(256)
  for (let v = 0; v < 256; v++) kind[v] = v === own ? 1 : rankOf[v]! < rank ? 2 : 3
  const upperRows = new Uint8Array(height)
  let upper = 0
  for (let y = 0; y < height; y++) {
    const row = y * width
    const out = (y + 1) * stride + 1
    for (let x = 0; x < width; x++) {
      const k = kind[indices[row + x]!]!
      if (k === 1) {
        data[out + x]! |= INK | NEAR1 | NEAR2
        if (x > 0) data[out + x - 1]! |= NEAR1 | NEAR2
        if (x + 1 < width) data[out + x + 1]! |= NEAR1 | NEAR2
        if (x > 1) data[out + x - 2]! |= NEAR2
        if (x + 2 < width) data[out + x + 2]! |= NEAR2
      } else if (k === 2) data[out + x]! |= SEED
      else {
        upper++
        upperRows[y] = 1
      }
    }
  }
  if (upper > 0) {
    for (let y = 0; y < height; y++) {
      if (upperRows[y] === 0) continue
      const out = (y + 1) * stride + 1
      const up2 = y >= 2 ? out - 2 * stride : -1
      const down2 = y + 2 < height ? out + 2 * stride : -1
      for (let x = 0; x < width; x++) {
        const here = data[out + x]!
        if ((here & (INK | SEED)) !== 0) continue
        // Rows y ± 1 exist in the padded mask (the border rows hold zeros).
        if (
          ((here | data[out + x - stride]! | data[out + x + stride]!) & NEAR2) !== 0 ||
          (up2 >= 0 && (data[up2 + x]! & NEAR1) !== 0) ||
          (down2 >= 0 && (data[down2 + x]! & NEAR1) !== 0)
        )
          data[out + x] = here | INK
      }
    }
  }
  // Clear the scratch bits four bytes at a time (the stride is a multiple of 4).
  const words = new Uint32Array(data.buffer, data.byteOffset, data.length >> 2)
  const keep = (INK | SEED) * 0x01010101
  for (let i = 0; i < words.length; i++) words[i]! &= keep
  return upper > 0
}

/** Four pixels' INK/SEED bits at once where they do not differ: `hit` or `miss` in each byte. */
const ONES = 0x01010101
const LOW7 = 0x7f7f7f7f

/**
 * Writes `hit` where the palette index is `index` and `miss` elsewhere, and zero in the border
 * (the whole mask is written: it may hold a previous layer). Every row is first filled with
 * `miss`; then the index words (four pixels, read aligned) are tested and only those holding
 * `index` are written, so a sheet's paper costs one fill and one read. The first word's value
 * (paper, mostly) is skipped on a plain compare; other words' bytes are matched without branches
 * and written as one unaligned word (mask rows start at unrelated offsets) unless the word
 * crosses a row's end.
 */
function markIndex(q: Quantized, mask: PaddedMask, index: number, hit: number, miss: number): void {
  const { width, height, indices } = q
  const { stride, data } = mask
  data.fill(0, 0, stride + 1)
  for (let y = 0; y < height; y++) {
    const out = (y + 1) * stride + 1
    data.fill(miss, out, out + width)
    data.fill(0, out + width, out + stride)
  }
  data.fill(0, (height + 1) * stride)
  const n = width * height
  const head = Math.min(n, (4 - (indices.byteOffset & 3)) & 3)
  const mark = (p: number): void => {
    if (indices[p] !== index) return
    const y = (p / width) | 0
    data[(y + 1) * stride + 1 + p - y * width] = hit
  }
  for (let p = 0; p < head; p++) mark(p)
  const count = (n - head) >> 2
  // Int32: the words stay small integers to V8 (a Uint32 word above 2^31 is a double).
  const words = new Int32Array(indices.buffer, indices.byteOffset + head, count)
  const to = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const spread = index * ONES
  const step = miss - hit
  const others = (word: number): number => {
    // Bytes equal to `index` become 0; each other byte's high bit marks it (no carry between
    // bytes: a byte's low seven bits plus 0x7f stay below 0x100).
    const diff = word ^ spread
    return ((((diff & LOW7) + LOW7) | diff) >>> 7) & ONES
  }
  const common = count > 0 ? words[0]! : 0
  const skipCommon = others(common) === ONES
  for (let w = 0; w < count; w++) {
    const word = words[w]!
    if (word === common && skipCommon) continue
    const other = others(word)
    if (other === ONES) continue
    const p = head + 4 * w
    const y = (p / width) | 0
    const x = p - y * width
    if (x + 4 <= width) to.setUint32((y + 1) * stride + 1 + x, hit * ONES + step * other, true)
    else for (let k = 0; k < 4; k++) mark(p + k)
  }
  for (let p = head + 4 * count; p < n; p++) mark(p)
}

/**
 * Threshold stage of the lineart engine (normalize background → threshold → despeckle → …):
 * gray to a framed bilevel mask with the same line-preserving binarizer /convert files with.
 */

import { releaseBuffer } from '../../lib/release'
import { binarizePage, chooseThreshold } from '../gray/binarize'
import { pageHistogram } from '../gray/tone'
import type { GrayImage } from '../raster'
import { createMask, type Mask } from './mask'
import { normalizeBackground } from './normalize-background'

/*
 * Stage: threshold.
 * Job: decide ink and paper per pixel.
 * Input → output: gray image → Mask (1 ink, 0 paper, one-pixel paper frame).
 * Method: background normalisation (./normalize-background.ts), then the midpoint of paper and
 * ink levels with the ridge rescue for thin gray lines (../gray/binarize.ts, chosen on the
 * corpus by `npm run bench -- binarize`). An image with exactly two levels (most patent
 * drawings are 1-bit) is split at their midpoint directly.
 */

/**
 * @param into the mask to write, `image`'s size (the wasm kernels' own, so nothing is copied)
 * @returns the ink mask of `image`: `into`, every pixel written
 */
export function thresholdInk(
  image: GrayImage,
  into: Mask = createMask(image.width, image.height),
): Mask {
  const { width, height } = image
  if (into.width !== width || into.height !== height) throw new RangeError('mask size')
  const levels = twoLevels(image.data)
  if (levels) return maskBelow(image.data, into, (levels[0] + levels[1]) / 2)
  const normalized = normalizeBackground(image.data, width, height)
  // binarizePage rewrites its page in place: never the caller's image.
  const page = normalized === image.data ? normalized.slice() : normalized
  binarizePage(page, width, height, chooseThreshold(pageHistogram(page), 'lineart'))
  maskBelow(page, into, 128)
  // Our own copy: freed now rather than left resident beside the kernels' memory until a GC.
  releaseBuffer(page)
  return into
}

/**
 * The two levels of an image that has exactly two (a 1-bit scan, a drawing saved as black and
 * white), darker first, or null. Such an image needs no threshold: its paper is already even.
 */
function twoLevels(gray: Uint8Array): [number, number] | null {
  let a = -1
  let b = -1
  for (let i = 0; i < gray.length; i++) {
    const v = gray[i]!
    if (v === a || v === b) continue
    if (a < 0) a = v
    else if (b < 0) b = v
    else return null
  }
  if (b < 0) return null
  return a < b ? [a, b] : [b, a]
}

/** Writes the pixels darker than `cut` as ink into `mask`, the rest as paper. */
function maskBelow(gray: Uint8Array, mask: Mask, cut: number): Mask {
  const { data, stride, width, height } = mask
  for (let y = 0; y < height; y++) {
    const src = y * width
    const dst = (y + 1) * stride + 1
    for (let x = 0; x < width; x++) data[dst + x] = gray[src + x]! < cut ? 1 : 0
  }
  return mask
}

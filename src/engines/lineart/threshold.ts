/**
 * Threshold stage of the lineart engine (normalize background → threshold → despeckle → …):
 * gray to a framed bilevel mask with the same line-preserving binarizer /convert files with.
 */

import { binarizePage, chooseThreshold } from '../export/binarize'
import { pageHistogram } from '../export/tone'
import type { GrayImage } from '../raster'
import { createMask, type Mask } from './mask'
import { normalizeBackground } from './normalize-background'

/*
 * Stage: threshold.
 * Job: decide ink and paper per pixel.
 * Input → output: gray image → Mask (1 ink, 0 paper, one-pixel paper frame).
 * Method: background normalisation (./normalize-background.ts), then the midpoint of paper and
 * ink levels with the ridge rescue for thin gray lines (../export/binarize.ts, chosen on the
 * corpus by `npm run bench -- binarize`).
 */

/** @returns the ink mask of `image` */
export function thresholdInk(image: GrayImage): Mask {
  const { width, height } = image
  const normalized = normalizeBackground(image.data, width, height)
  // binarizePage rewrites its page in place: never the caller's image.
  const page = normalized === image.data ? normalized.slice() : normalized
  binarizePage(page, width, height, chooseThreshold(pageHistogram(page), 'lineart'))
  const mask = createMask(width, height)
  const { data, stride } = mask
  for (let y = 0; y < height; y++) {
    const src = y * width
    const dst = (y + 1) * stride + 1
    for (let x = 0; x < width; x++) data[dst + x] = page[src + x] === 0 ? 1 : 0
  }
  return mask
}

/**
 * Line-art path of the figure lines engine (judge → threshold → hollow fills → …): a drawing's
 * ink as a mask, by the corpus-tuned binarizer for reference images and by one global cut for
 * the image model's drawings, both on lighting-corrected paper.
 */

import { binarizePage, chooseThreshold } from '../../gray/binarize'
import { pageLevels } from '../../gray/page-levels'
import { pageHistogram } from '../../gray/tone'
import { createMask, type Mask } from '../../lineart/mask'
import type { GrayImage } from '../../raster'
import { evenPaper } from './even-paper'

/*
 * Stage: threshold.
 * Job: ink (1) or paper (0) per pixel.
 * Input → output: GrayImage → Mask (framed, see ../../lineart/mask.ts).
 * Method: the paper's lighting is divided out first (./even-paper.ts: a smooth surface, so shaded
 * faces stay dark and become fills for the next stage to hollow). Then, by source:
 * - reference (a scan, a sketch photographed under a lamp, a screenshot): the export step's
 *   binarizer, as the lineart engine's threshold uses it (../../gray/binarize.ts: the midpoint
 *   of paper and ink with the ridge rescue of thin gray lines, chosen on the corpus). That
 *   threshold's own normalisation is not used: it lifts the middle of any dark region wider than
 *   ~5 of its 32-px blocks to white, and a 400-px disc shaded at 95 inside its outline came out as
 *   the outline and a second, blocky ring 100 px inside (3 strokes; 2, the outline and a line
 *   beside it, with ./even-paper.ts).
 * - model: the image model draws near-black lines (levels 0–40) on an off-white paper and shades
 *   faces in grays anywhere from 90 to 220. The binarizer's ink level (a quantile of Otsu's dark
 *   class) lands on the shading when a shaded face outweighs the lines: on the test drawing, ink
 *   94 put the cut at 166, 20 levels under the light patch, whose JPEG undershoot then turned
 *   to dashes along its edge, and the ridge rescue takes that ringing for thin lines. So: paper is
 *   Otsu's light-class mode, ink the 0.5 % quantile (the cores of lines that cover ≥ 1 % of the
 *   image; never lighter than Otsu's ink), and one cut at their midpoint, without the ridge band.
 *   Shading lighter than the midpoint disappears; darker shading is a fill.
 */

/** The model's ink level is this quantile of all levels (the darkest half percent). */
const MODEL_INK_QUANTILE = 0.005

/**
 * @param gray the working image
 * @param source where it came from (see the banner)
 * @returns the ink mask
 */
export function thresholdDrawing(gray: GrayImage, source: 'reference' | 'model'): Mask {
  const { width, height } = gray
  const even = evenPaper(gray.data, width, height)
  const histogram = pageHistogram(even)
  let cut: number
  let page: Uint8Array
  if (source === 'reference') {
    // binarizePage rewrites its page in place: never the caller's image.
    page = even === gray.data ? even.slice() : even
    binarizePage(page, width, height, chooseThreshold(histogram, 'lineart'))
    cut = 127
  } else {
    const levels = pageLevels(histogram)
    const ink = Math.min(levels.ink, quantile(histogram, levels.total, MODEL_INK_QUANTILE))
    cut = (levels.paper + ink) / 2
    page = even
  }
  const mask = createMask(width, height)
  const { data, stride } = mask
  for (let y = 0; y < height; y++) {
    const src = y * width
    const dst = (y + 1) * stride + 1
    for (let x = 0; x < width; x++) data[dst + x] = page[src + x]! <= cut ? 1 : 0
  }
  return mask
}

/** The lowest level at or below which `share` of the `total` pixels lie. */
function quantile(histogram: Uint32Array, total: number, share: number): number {
  let seen = 0
  for (let v = 0; v < histogram.length; v++) {
    seen += histogram[v]!
    if (seen >= share * total) return v
  }
  return histogram.length - 1
}

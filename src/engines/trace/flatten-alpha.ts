/**
 * Trace engine (POST /v1/vectorize), normalize step before stage 1: the image as it looks on white
 * paper, so that every colour decision sees anti-aliased ink on transparency as the gray edges
 * of a drawing, not as pixels to discard.
 */

import type { RasterImage } from '../raster'

/*
 * Stage: flatten alpha.
 * Job: composite the colour of every pixel over white; keep the alpha channel, which from here on
 *   only says which pixels are fully transparent (nothing there at all: never part of a layer).
 * Input → output: RasterImage (1–4 channels) → the same layout, colour channels flattened.
 * Why: a canvas or Inkscape export of thin lines on transparency puts the ink's coverage in alpha
 *   and the same colour in every pixel; a 1-px line is half transparent all along. Seen over
 *   white it is an ordinary anti-aliased line, which the two-level cut and its ridge rescue keep.
 * Formula: Porter–Duff "over" on the sRGB-encoded values, rounded to nearest, as browsers
 *   composite and as the gray path's flatten (../gray/flatten-to-gray.ts) does.
 */

/**
 * Composites the colour channels over white.
 * @param inPlace rewrite `image.data` (the engine owns it) instead of copying it
 * @returns `image` itself when it has no alpha channel or `inPlace`, else a flattened copy
 */
export function flattenAlpha(image: RasterImage, inPlace: boolean): RasterImage {
  const { channels } = image
  if (channels === 1 || channels === 3) return image
  const data = inPlace ? image.data : image.data.slice()
  const n = image.width * image.height
  const colour = channels - 1
  for (let i = 0, p = 0; i < n; i++, p += channels) {
    const a = data[p + colour]!
    if (a === 255) continue
    const paper = 255 * (255 - a) + 127
    for (let k = p; k < p + colour; k++) data[k] = ((data[k]! * a + paper) / 255) | 0
  }
  return inPlace ? image : { ...image, data }
}

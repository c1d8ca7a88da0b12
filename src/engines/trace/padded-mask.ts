/**
 * Trace engine (POST /v1/vectorize): the one-layer bilevel mask that path decomposition walks,
 * with a zero border so the walk never tests bounds, and the flag bits the stages share.
 */

/** The pixel is inside the layer (ink). */
export const INK = 1
/** Path decomposition has walked the top edge of this pixel (set on the pixel below the edge). */
export const VISITED = 2
/** The pixel shows a lower layer, the background or transparency: a hole over it must stay open. */
export const SEED = 4

/**
 * A `width × height` mask stored with a border of zeros: pixel (x, y) is byte
 * `(y + 1) · stride + x + 1`, stride = width + 2 rounded up to a multiple of 4 (so that rows can
 * be read as 32-bit words). The border row below the image holds the VISITED flag of the image's
 * bottom edges. Bytes per image pixel ≈ 1.
 */
export interface PaddedMask {
  readonly width: number
  readonly height: number
  readonly stride: number
  readonly data: Uint8Array
}

/** Allocates an all-zero mask for a `width × height` image (pixels). */
export function createPaddedMask(width: number, height: number): PaddedMask {
  const stride = (width + 5) & ~3
  return { width, height, stride, data: new Uint8Array(stride * (height + 2)) }
}

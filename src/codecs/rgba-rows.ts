/** Row views over a decoded RGBA buffer (what the jSquash decoders return), without copying. */

import type { PixelRows } from '../lib/rows'

/** What the jSquash decoders return (an ImageData). */
export interface DecodedRgba {
  data: Uint8ClampedArray
  width: number
  height: number
}

/** Yields the rows of an RGBA image as subarrays of its buffer. */
export function rgbaRows(data: Uint8ClampedArray, width: number, height: number): PixelRows {
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
  const stride = width * 4
  return {
    width,
    height,
    channels: 4,
    rows: (async function* () {
      for (let y = 0; y < height; y++) yield bytes.subarray(y * stride, (y + 1) * stride)
    })(),
  }
}

/** Row views over a decoded RGBA buffer (what the jSquash decoders return), without copying. */

import { bufferRows, type PixelRows } from '../lib/rows'

/** What the jSquash decoders return (an ImageData). */
export interface DecodedRgba {
  data: Uint8ClampedArray
  width: number
  height: number
}

/** Yields the rows of an RGBA image as subarrays of its buffer. */
export function rgbaRows(data: Uint8ClampedArray, width: number, height: number): PixelRows {
  return bufferRows(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width, height, 4)
}

// Pixel comparisons for codec tests: PSNR, and the RGBA → RGB / luma views a reference decoder's
// ImageData is compared through. Pure functions, usable under workerd and Node.

import type { PixelRows } from '../../src/lib/rows'

/** Peak signal-to-noise ratio of two equal-length 8-bit buffers, dB (Infinity when equal). */
export function psnr(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`lengths differ: ${a.length} and ${b.length}`)
  let sum = 0
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!
    sum += d * d
  }
  return sum === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255 * a.length) / sum)
}

/** Largest absolute difference between two equal-length buffers. */
export function maxDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let max = 0
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!))
  return max
}

/** RGBA → RGB. */
export function rgbOf(rgba: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array((rgba.length / 4) * 3)
  for (let p = 0, o = 0; p < rgba.length; p += 4, o += 3) {
    out[o] = rgba[p]!
    out[o + 1] = rgba[p + 1]!
    out[o + 2] = rgba[p + 2]!
  }
  return out
}

/** RGBA or RGB → Rec. 601 luma, `(299 R + 587 G + 114 B + 500) / 1000` truncated. */
export function lumaOf(pixels: ArrayLike<number>, channels: 3 | 4): Uint8Array {
  const out = new Uint8Array(pixels.length / channels)
  for (let i = 0, p = 0; i < out.length; i++, p += channels) {
    out[i] = ((299 * pixels[p]! + 587 * pixels[p + 1]! + 114 * pixels[p + 2]! + 500) / 1000) | 0
  }
  return out
}

/** Reads every row of a stream into one buffer; checks each row's length. */
export async function collectRows(image: PixelRows): Promise<Uint8Array> {
  const stride = image.width * image.channels
  const out = new Uint8Array(stride * image.height)
  let y = 0
  for await (const row of image.rows) {
    if (row.length !== stride) throw new Error(`row ${y} has ${row.length} bytes, not ${stride}`)
    if (y >= image.height) throw new Error(`more than ${image.height} rows`)
    out.set(row, y++ * stride)
  }
  if (y !== image.height) throw new Error(`${y} rows, not ${image.height}`)
  return out
}

/**
 * The bilevel working image of the lineart engine: one byte per pixel inside a one-pixel frame of
 * background, so every 3 × 3 neighbourhood read by the pixel stages is in bounds.
 */

/** A framed bilevel image: `data[(y + 1) · stride + x + 1]` is pixel (x, y); 1 = ink, 0 = paper. */
export interface Mask {
  /** Image size in pixels (without the frame). */
  width: number
  height: number
  /** Row length in bytes: width + 2. */
  stride: number
  /** (width + 2) · (height + 2) bytes; the frame stays 0. */
  data: Uint8Array
}

/** An empty mask of `width × height` pixels. */
export function createMask(width: number, height: number): Mask {
  const stride = width + 2
  return { width, height, stride, data: new Uint8Array(stride * (height + 2)) }
}

/**
 * Offsets of the 8 neighbours of a pixel in a buffer of row length `stride`, in the order the
 * thinning literature names them P2 … P9: N, NE, E, SE, S, SW, W, NW (clockwise from north).
 */
export function neighbourOffsets(stride: number): Int32Array {
  return Int32Array.of(-stride, -stride + 1, 1, stride + 1, stride, stride - 1, -1, -stride - 1)
}

/**
 * The 8-bit neighbourhood code of the pixel at `i`: bit k is set when neighbour P(k + 2) is ink
 * (bit 0 north, then clockwise).
 */
export function neighbourCode(data: Uint8Array, i: number, offsets: Int32Array): number {
  let code = 0
  for (let k = 0; k < 8; k++) code |= (data[i + offsets[k]!]! & 1) << k
  return code
}

/**
 * The whole aligned words of `data` from byte `shift` (`-data.byteOffset & 3`): byte i of
 * `data`, with (i - shift) a multiple of 4, starts word (i - shift) >> 2. Signed, so the words
 * stay small integers to V8 (a uint32 above 2^31 is a double).
 */
export function alignedWords(data: Uint8Array, shift: number): Int32Array {
  if (data.length < shift + 4) return new Int32Array(0)
  return new Int32Array(data.buffer, data.byteOffset + shift, (data.length - shift) >> 2)
}

/** WebP identity and a header-only probe: canvas size from the VP8, VP8L or VP8X chunk. */

import type { Result } from '../../lib/result'
import { err, ok } from '../../lib/result'

export const WEBP_MIME = 'image/webp'
export const WEBP_EXTENSION = 'webp'

const ascii = (bytes: Uint8Array, at: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(at, at + length))

/** True for `RIFF` + size + `WEBPVP8` (PLATFORM.md §6 magic bytes). */
export const isWebp = (bytes: Uint8Array): boolean =>
  bytes.length >= 15 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 7) === 'WEBPVP8'

/** Bit 1 of the VP8X flags byte: the file is an animation. */
const VP8X_ANIMATION = 0x02

/** True for an animated WebP (VP8X with the animation flag), which we do not accept. */
export const isAnimatedWebp = (bytes: Uint8Array): boolean =>
  isWebp(bytes) && ascii(bytes, 12, 4) === 'VP8X' && ((bytes[20] ?? 0) & VP8X_ANIMATION) !== 0

/** Reads the canvas size from the first chunk's header. */
export function probeWebp(bytes: Uint8Array): Result<{ width: number; height: number }, string> {
  if (!isWebp(bytes) || bytes.length < 30) return err('Not a WebP file')
  const chunk = ascii(bytes, 12, 4)
  const u16 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8)
  const u24 = (at: number) => u16(at) | (bytes[at + 2]! << 16)
  if (chunk === 'VP8X') {
    return ok({ width: u24(24) + 1, height: u24(27) + 1 })
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return err('Corrupt VP8L header')
    const bits = (bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24)) >>> 0
    return ok({ width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 })
  }
  if (chunk === 'VP8 ') {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) {
      return err('Corrupt VP8 header')
    }
    return ok({ width: u16(26) & 0x3fff, height: u16(28) & 0x3fff })
  }
  return err(`Unknown WebP chunk ${chunk}`)
}

/** JPEG identity and a header-only probe: dimensions from the first SOFn marker. */

import type { Result } from '../../lib/result'
import { err, ok } from '../../lib/result'

export const JPEG_MIME = 'image/jpeg'
export const JPEG_EXTENSION = 'jpg'

/** True when `bytes` start with the JPEG SOI marker and a marker byte (FF D8 FF). */
export const isJpeg = (bytes: Uint8Array): boolean =>
  bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff

/** SOFn markers that carry frame dimensions (C4 DHT, C8 JPG and CC DAC are not frames). */
const isStartOfFrame = (marker: number): boolean =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc

/** Markers that have no length field. */
const isStandalone = (marker: number): boolean =>
  marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)

/** Reads width and height from the frame header by walking the marker segments. */
export function probeJpeg(bytes: Uint8Array): Result<{ width: number; height: number }, string> {
  if (!isJpeg(bytes)) return err('Not a JPEG file')
  let offset = 2
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return err(`Expected a JPEG marker at byte ${offset}`)
    let marker = bytes[offset + 1]!
    while (marker === 0xff && offset + 2 < bytes.length) marker = bytes[++offset + 1]!
    offset += 2
    if (isStandalone(marker)) continue
    if (marker === 0xd9 || marker === 0xda) break
    if (offset + 2 > bytes.length) break
    const length = (bytes[offset]! << 8) | bytes[offset + 1]!
    if (length < 2) return err('Corrupt JPEG segment length')
    if (isStartOfFrame(marker)) {
      if (offset + 7 > bytes.length) break
      const height = (bytes[offset + 3]! << 8) | bytes[offset + 4]!
      const width = (bytes[offset + 5]! << 8) | bytes[offset + 6]!
      if (width === 0 || height === 0) return err('The JPEG frame has no size')
      return ok({ width, height })
    }
    offset += length
  }
  return err('The JPEG has no frame header')
}

/** TIFF identity for the codec table and sniffing: MIME type, extension, magic bytes, and size. */

import { err, ok, type Result } from '../../lib/result'
import { readFirstIfd, Tag } from './ifd'

/** MIME type of TIFF files. */
export const TIFF_MIME = 'image/tiff'

/** File extension (without the dot) we give TIFF files. */
export const TIFF_EXTENSION = 'tif'

/** True when `bytes` start with a classic TIFF header: `II*\0` (little) or `MM\0*` (big endian). */
export function isTiff(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false
  const [a, b, c, d] = bytes
  return (
    (a === 0x49 && b === 0x49 && c === 0x2a && d === 0x00) ||
    (a === 0x4d && b === 0x4d && c === 0x00 && d === 0x2a)
  )
}

/**
 * Width and height in pixels of the first image, from the first IFD's tags 256 and 257 only.
 * @returns a message for a non-TIFF, BigTIFF, an IFD or value offset outside the file, or
 *   missing, zero or non-integer dimensions
 */
export function probeTiff(bytes: Uint8Array): Result<{ width: number; height: number }, string> {
  const ifd = readFirstIfd(bytes)
  if (!ifd.ok) return ifd
  const width = ifd.value.number(Tag.ImageWidth)
  if (!width.ok) return width
  const height = ifd.value.number(Tag.ImageLength)
  if (!height.ok) return height
  if (width.value === undefined || height.value === undefined) {
    return err('TIFF is missing ImageWidth or ImageLength')
  }
  if (!(Number.isInteger(width.value) && Number.isInteger(height.value))) {
    return err(`TIFF has non-integer dimensions (${width.value}x${height.value})`)
  }
  if (width.value < 1 || height.value < 1) {
    return err(`TIFF has an empty image (${width.value}x${height.value})`)
  }
  return ok({ width: width.value, height: height.value })
}

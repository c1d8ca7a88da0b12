/**
 * PNG identity and header probe (convert path, decode step): MIME type, extension, the 8-byte
 * signature, and the IHDR fields (PNG 3rd edition §5.2, §11.2.1), read without inflating anything.
 */

import { crc32 } from '../../lib/crc32'
import { err, ok, type Result } from '../../lib/result'

/** MIME type of PNG files. */
export const PNG_MIME = 'image/png'

/** File name extension of PNG files, without the dot. */
export const PNG_EXTENSION = 'png'

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10] as const

/** Largest width or height PNG allows, in pixels (2^31 - 1, PNG §11.2.1). */
export const PNG_MAX_DIMENSION = 0x7fffffff

/** Bytes from the start of the file to the end of the IHDR chunk (signature + 25-byte chunk). */
export const PNG_HEADER_BYTES = 33

/** Bit depths PNG allows for each colour type (PNG §11.2.1, Table 11.1). */
const ALLOWED_BIT_DEPTHS: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
}

/** Colour types: 0 gray, 2 RGB, 3 palette, 4 gray + alpha, 6 RGBA. */
export type PngColourType = 0 | 2 | 3 | 4 | 6

/** The validated contents of an IHDR chunk. */
export interface PngHeader {
  /** pixels, 1 .. 2^31 - 1 */
  readonly width: number
  /** pixels, 1 .. 2^31 - 1 */
  readonly height: number
  /** bits per sample (per palette index for colour type 3): 1, 2, 4, 8 or 16 */
  readonly bitDepth: number
  readonly colourType: PngColourType
  /** true for Adam7 (interlace method 1) */
  readonly interlaced: boolean
}

/** Reads a big-endian unsigned 32-bit integer at `offset` (the caller checks bounds). */
export function readUint32(bytes: Uint8Array, offset: number): number {
  return (
    ((bytes[offset]! << 24) |
      (bytes[offset + 1]! << 16) |
      (bytes[offset + 2]! << 8) |
      bytes[offset + 3]!) >>>
    0
  )
}

/** Writes `value` as a big-endian unsigned 32-bit integer at `offset`. */
export function writeUint32(bytes: Uint8Array, offset: number, value: number): void {
  bytes[offset] = value >>> 24
  bytes[offset + 1] = value >>> 16
  bytes[offset + 2] = value >>> 8
  bytes[offset + 3] = value
}

/** Writes the 8-byte PNG signature at the start of `bytes`. */
export function writePngSignature(bytes: Uint8Array): void {
  bytes.set(SIGNATURE)
}

/** True when `bytes` starts with the 8-byte PNG signature. */
export function isPng(bytes: Uint8Array): boolean {
  if (bytes.length < SIGNATURE.length) return false
  for (let i = 0; i < SIGNATURE.length; i++) if (bytes[i] !== SIGNATURE[i]) return false
  return true
}

/**
 * Parses and validates the IHDR chunk, which PNG requires to come first, right after the
 * signature: its length, type, CRC, and every field value. Reads only the first 33 bytes.
 * @returns the header, or an error message saying what is wrong
 */
export function readPngHeader(bytes: Uint8Array): Result<PngHeader, string> {
  if (!isPng(bytes)) return err('not a PNG file (bad signature)')
  if (bytes.length < PNG_HEADER_BYTES) {
    return err(`file too short for an IHDR chunk: ${bytes.length} bytes`)
  }
  if (readUint32(bytes, 8) !== 13 || readUint32(bytes, 12) !== 0x49484452) {
    return err('the first chunk is not a 13-byte IHDR')
  }
  if (crc32(bytes.subarray(12, 29)) !== readUint32(bytes, 29)) return err('IHDR CRC mismatch')
  const width = readUint32(bytes, 16)
  const height = readUint32(bytes, 20)
  const bitDepth = bytes[24]!
  const colourType = bytes[25]!
  if (width === 0 || width > PNG_MAX_DIMENSION) return err(`invalid IHDR width ${width}`)
  if (height === 0 || height > PNG_MAX_DIMENSION) return err(`invalid IHDR height ${height}`)
  const depths = ALLOWED_BIT_DEPTHS[colourType]
  if (!depths) return err(`invalid IHDR colour type ${colourType}`)
  if (!depths.includes(bitDepth)) {
    return err(`invalid IHDR bit depth ${bitDepth} for colour type ${colourType}`)
  }
  if (bytes[26] !== 0) return err(`invalid IHDR compression method ${bytes[26]}`)
  if (bytes[27] !== 0) return err(`invalid IHDR filter method ${bytes[27]}`)
  const interlace = bytes[28]!
  if (interlace > 1) return err(`invalid IHDR interlace method ${interlace}`)
  return ok({
    width,
    height,
    bitDepth,
    colourType: colourType as PngColourType,
    interlaced: interlace === 1,
  })
}

/**
 * Image dimensions from the header alone, for size checks before any decoding: validates the
 * signature and IHDR (length, CRC, field values) and never looks at the image data.
 * @returns width and height in pixels, or an error message saying what is wrong
 */
export function probePng(bytes: Uint8Array): Result<{ width: number; height: number }, string> {
  const header = readPngHeader(bytes)
  if (!header.ok) return header
  return ok({ width: header.value.width, height: header.value.height })
}

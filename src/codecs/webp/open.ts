/**
 * Streaming WebP decoder: `openWebp` walks the RIFF container and opens the still image's frame;
 * `rows` decodes it top to bottom, lossy (VP8, with an ALPH alpha plane) one macroblock row at a
 * time, lossless (VP8L) through a window of the pixels its back-references reach. Written from
 * the WebP container specification, RFC 6386 (VP8) and RFC 9649 (VP8L); the output is libwebp's,
 * byte for byte. Animated files are refused before this (sniff.ts).
 */

import { CodecError, type CodecFailure } from '../../lib/codec-error'
import { err, ok, type Result } from '../../lib/result'
import type { PixelRows } from '../../lib/rows'
import { openAlpha } from './alpha'
import { decodeVp8 } from './vp8/decode'
import { bandRows } from './vp8/upsample'
import { openVp8l } from './vp8l/decode'

export interface WebpDecodeError {
  readonly reason: CodecFailure
  readonly message: string
}

/** The chunks a still image is made of. */
interface WebpParts {
  /**
   * The frame's data from its payload to the end of the file, and its declared size: libwebp
   * reads a frame to the end of the data, so a damaged file fails or decodes where it does.
   */
  frame: Uint8Array
  frameSize: number
  lossless: boolean
  /** The last ALPH payload before the frame (lossy frames only), when there is one. */
  alpha?: Uint8Array
  /** The VP8X canvas, when the file is extended: it must match the frame. */
  canvas?: { width: number; height: number }
  /** The VP8X flags say the image has alpha. */
  alphaFlag: boolean
}

/** Bits of the VP8X flags byte: the image has alpha; it is an animation. */
const VP8X_ALPHA = 0x10
const VP8X_ANIMATION = 0x02

const fourcc = (bytes: Uint8Array, at: number): string =>
  String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!)
const u32 = (bytes: Uint8Array, at: number): number =>
  (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0
const u24 = (bytes: Uint8Array, at: number): number =>
  bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16)

const corrupt = (message: string) => err<WebpDecodeError>({ reason: 'corrupt', message })
const animated = err<WebpDecodeError>({ reason: 'unsupported', message: 'Animated WebP' })

/** Finds the frame (and alpha) chunks; a chunk that runs past the data is corrupt. */
function readParts(bytes: Uint8Array): Result<WebpParts, WebpDecodeError> {
  if (bytes.length < 20 || fourcc(bytes, 0) !== 'RIFF' || fourcc(bytes, 8) !== 'WEBP') {
    return corrupt('Not a WebP file')
  }
  // Bytes after the RIFF size are ignored; a RIFF size past the data is a truncated file.
  const end = 8 + u32(bytes, 4)
  if (end > bytes.length) return corrupt('The WebP file is truncated')
  let alpha: Uint8Array | undefined
  let canvas: WebpParts['canvas']
  let alphaFlag = false
  for (let at = 12; at + 8 <= end; ) {
    const id = fourcc(bytes, at)
    const size = u32(bytes, at + 4)
    const body = at + 8
    if (size > end - body) return corrupt(`The WebP ${id.trim()} chunk is truncated`)
    const payload = bytes.subarray(body, body + size)
    if (id === 'VP8 ' || id === 'VP8L') {
      const frame = bytes.subarray(body)
      return ok({ frame, frameSize: size, lossless: id === 'VP8L', alpha, canvas, alphaFlag })
    }
    if (at === 12) {
      // A simple file starts with its frame; an extended one with VP8X (as libwebp requires).
      if (id !== 'VP8X') return corrupt(`The WebP starts with a ${id.trim()} chunk`)
      if (size !== 10) return corrupt('The VP8X chunk is not 10 bytes')
      if (payload[0]! & VP8X_ANIMATION) return animated
      canvas = { width: u24(payload, 4) + 1, height: u24(payload, 7) + 1 }
      alphaFlag = (payload[0]! & VP8X_ALPHA) !== 0
    } else if (id === 'ALPH') {
      // libwebp takes the last ALPH before the frame.
      alpha = payload
    } else if (id === 'ANIM' || id === 'ANMF') {
      return animated
    }
    at = body + size + (size & 1)
  }
  return corrupt('The WebP has no image data')
}

/**
 * Opens a still WebP for row streaming: RGB rows, or RGBA when the image has alpha.
 * @returns the row stream, or why the file cannot be read; iterating may throw CodecError 'corrupt'
 */
export function openWebp(bytes: Uint8Array): Result<PixelRows, WebpDecodeError> {
  const parts = readParts(bytes)
  if (!parts.ok) return parts
  try {
    return ok(parts.value.lossless ? lossless(parts.value) : lossy(parts.value))
  } catch (error) {
    if (error instanceof CodecError) return err({ reason: error.reason, message: error.message })
    throw error
  }
}

function checkCanvas(parts: WebpParts, width: number, height: number): void {
  const { canvas } = parts
  if (canvas && (canvas.width !== width || canvas.height !== height)) {
    throw new CodecError('corrupt', 'The WebP frame does not match its canvas')
  }
}

function lossless(parts: WebpParts): PixelRows {
  const image = openVp8l(parts.frame)
  const { width, height } = image
  checkCanvas(parts, width, height)
  // Both headers can say the image is opaque; libwebp decodes alpha regardless, so an opaque
  // stream is checked, not trusted: dropping real transparency would change the picture.
  const channels = image.alphaIsUsed || parts.alphaFlag ? 4 : 3
  return {
    width,
    height,
    channels,
    rows: (async function* () {
      const out = new Uint8Array(width * channels)
      for (const argb of image.rows()) {
        for (let x = 0, o = 0; x < width; x++, o += channels) {
          const pixel = argb[x]!
          out[o] = pixel >>> 16
          out[o + 1] = pixel >>> 8
          out[o + 2] = pixel
          if (channels === 4) out[o + 3] = pixel >>> 24
          else if (pixel >>> 24 !== 255) {
            throw new CodecError('corrupt', 'The WebP has transparency its header says it lacks')
          }
        }
        yield out
      }
    })(),
  }
}

function lossy(parts: WebpParts): PixelRows {
  const decoder = decodeVp8(parts.frame, parts.frameSize)
  const { width, height } = decoder.frame
  checkCanvas(parts, width, height)
  const { alpha } = parts
  const channels = alpha ? 4 : 3
  return {
    width,
    height,
    channels,
    rows: (async function* () {
      const alphaRows = alpha ? openAlpha(alpha, width, height) : null
      for (const row of bandRows(width, height, decoder.bands(), channels)) {
        if (alphaRows) {
          const next = alphaRows.next()
          if (next.done) throw new CodecError('corrupt', 'The WebP alpha plane ends early')
          const a = next.value
          for (let x = 0; x < width; x++) row[4 * x + 3] = a[x]!
        }
        yield row
      }
    })(),
  }
}

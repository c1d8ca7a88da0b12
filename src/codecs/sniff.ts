/**
 * Identifies an input image by its magic bytes (never by a declared Content-Type) and reads its
 * dimensions from the header alone (PLATFORM.md §6 rules 8-9), so oversized images are refused
 * before anything is decoded.
 */

import type { Result } from '../lib/result'
import { err } from '../lib/result'
import { isJpeg, JPEG_MIME, probeJpeg } from './jpeg/meta'
import { isPng, PNG_MIME, probePng } from './png/meta'
import { isTiff, probeTiff, TIFF_MIME } from './tiff/meta'
import { isAnimatedWebp, isWebp, probeWebp, WEBP_MIME } from './webp/meta'

/** The input formats the API accepts. */
export type ImageType = 'png' | 'jpeg' | 'webp' | 'tiff'

export const IMAGE_MIME: Record<ImageType, string> = {
  png: PNG_MIME,
  jpeg: JPEG_MIME,
  webp: WEBP_MIME,
  tiff: TIFF_MIME,
}

/** An accepted image: its bytes, type and header dimensions. */
export interface SniffedImage {
  bytes: Uint8Array
  type: ImageType
  width: number
  height: number
}

/** Why an image was not accepted by its header. */
export interface SniffFailure {
  reason: 'unsupported' | 'corrupt'
  message: string
}

/** The format `bytes` claim by their first 12 bytes, or null (GIF, SVG, BigTIFF, HTML, …). */
export function sniffType(bytes: Uint8Array): ImageType | null {
  if (isPng(bytes)) return 'png'
  if (isJpeg(bytes)) return 'jpeg'
  if (isWebp(bytes)) return 'webp'
  if (isTiff(bytes)) return 'tiff'
  return null
}

const PROBES = { png: probePng, jpeg: probeJpeg, webp: probeWebp, tiff: probeTiff }

/** Sniffs the type and reads the dimensions from the header. */
export function sniffImage(bytes: Uint8Array): Result<SniffedImage, SniffFailure> {
  const type = sniffType(bytes)
  if (!type) {
    return err({
      reason: 'unsupported',
      message: 'Expected a PNG, JPEG, WebP or TIFF file (checked by its first bytes)',
    })
  }
  if (type === 'webp' && isAnimatedWebp(bytes)) {
    return err({ reason: 'unsupported', message: 'Animated WebP is not supported' })
  }
  const probed = PROBES[type](bytes)
  if (!probed.ok) return err({ reason: 'corrupt', message: probed.error })
  return { ok: true, value: { bytes, type, ...probed.value } }
}

/**
 * Opens any accepted input as a stream of 8-bit rows with our streaming decoders (PNG, TIFF, JPEG
 * and WebP), whose memory grows with the width, not the area.
 */

import { CodecError } from '../lib/codec-error'
import type { PixelRows } from '../lib/rows'
import { openJpeg } from './jpeg/open'
import { openPng } from './png/decode'
import type { ImageType } from './sniff'
import { openTiff } from './tiff/decode'
import { openWebp } from './webp/open'

/** What the caller will do with the pixels. */
export interface OpenImageOptions {
  /**
   * 'luma' when the caller flattens to gray anyway: decoders that can produce Rec. 601 luma
   * directly do (JPEG: the Y component, no chroma upsampling or colour conversion). Others
   * ignore it, and the caller's own flatten step does the work. Default 'color'.
   */
  prefer?: 'luma' | 'color'
  /** Our inflate and PNG unfilter (Kernels.zlib); without it PNG decodes in TypeScript. */
  zlib?: WebAssembly.Module | null
}

/**
 * Opens `bytes` of a sniffed `type`.
 * @returns rows of 1..4 channels (JPEG: 1 with `prefer: 'luma'`, else 3)
 * @throws CodecError ('corrupt' | 'unsupported' | 'too_large') when the file cannot be read;
 *   iterating the rows may throw CodecError 'corrupt' too
 */
export async function openImage(
  bytes: Uint8Array,
  type: ImageType,
  options: OpenImageOptions = {},
): Promise<PixelRows> {
  const opened =
    type === 'png'
      ? openPng(bytes, { zlib: options.zlib })
      : type === 'tiff'
        ? openTiff(bytes)
        : type === 'webp'
          ? openWebp(bytes)
          : openJpeg(bytes, { output: options.prefer === 'luma' ? 'luma' : 'color' })
  if (!opened.ok) throw new CodecError(opened.error.reason, opened.error.message)
  return opened.value
}

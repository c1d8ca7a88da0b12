/**
 * Opens any accepted input as a stream of 8-bit rows: PNG and TIFF with our streaming decoders
 * (bounded memory), JPEG and WebP through the jSquash wasm decoders (whole image; capped upstream).
 */

import { CodecError } from '../lib/codec-error'
import type { PixelRows } from '../lib/rows'
import { decodeJpeg } from './jpeg/decode'
import { openPng } from './png/decode'
import type { ImageType } from './sniff'
import { openTiff } from './tiff/decode'
import { decodeWebp } from './webp/decode'

/** Opens `bytes` of a sniffed `type`; throws CodecError when the file cannot be read. */
export async function openImage(bytes: Uint8Array, type: ImageType): Promise<PixelRows> {
  switch (type) {
    case 'png':
    case 'tiff': {
      const opened = type === 'png' ? openPng(bytes) : openTiff(bytes)
      if (!opened.ok) throw new CodecError(opened.error.reason, opened.error.message)
      return opened.value
    }
    case 'jpeg':
      return decodeJpeg(bytes)
    case 'webp':
      return decodeWebp(bytes)
  }
}

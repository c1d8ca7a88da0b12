/**
 * JPEG decoding through jSquash's MozJPEG build (wasm). The whole image is decoded to RGBA at once,
 * so callers cap JPEG pixel counts (see operations). EXIF orientation is applied, so photos of
 * sketches come out upright.
 */

import decode, { init } from '@jsquash/jpeg/decode.js'
import { CodecError } from '../../lib/codec-error'
import type { PixelRows } from '../../lib/rows'
import { type DecodedRgba, rgbaRows } from '../rgba-rows'

let ready: Promise<void> | null = null

/** Installs the compiled MozJPEG decoder module (once per isolate, by the runtime's loader). */
export function useJpegDecoderWasm(module: WebAssembly.Module): void {
  ready ??= (init as unknown as (m: WebAssembly.Module) => Promise<void>)(module)
}

/** Decodes a JPEG to RGBA rows; throws CodecError('corrupt') for undecodable data. */
export async function decodeJpeg(bytes: Uint8Array): Promise<PixelRows> {
  if (!ready) throw new Error('The JPEG decoder wasm module was not loaded')
  await ready
  let image: DecodedRgba
  try {
    image = await decode(bytes.slice().buffer, { preserveOrientation: true })
  } catch {
    throw new CodecError('corrupt', 'The JPEG data is corrupt or truncated')
  }
  return rgbaRows(image.data, image.width, image.height)
}

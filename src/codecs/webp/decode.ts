/**
 * WebP decoding through jSquash's libwebp build (wasm). The whole image is decoded to RGBA at once,
 * so callers cap WebP pixel counts (see operations).
 */

import decode, { init } from '@jsquash/webp/decode.js'
import { CodecError } from '../../lib/codec-error'
import type { PixelRows } from '../../lib/rows'
import { type DecodedRgba, rgbaRows } from '../rgba-rows'

/** jSquash keeps one decoder instance per isolate: initialised once, from the first module given. */
let ready: Promise<void> | null = null

/**
 * Decodes a WebP to RGBA rows with libwebp's compiled decoder `module`.
 * @throws CodecError('corrupt') for undecodable data
 */
export async function decodeWebp(
  bytes: Uint8Array,
  module: WebAssembly.Module,
): Promise<PixelRows> {
  ready ??= (init as unknown as (m: WebAssembly.Module) => Promise<void>)(module)
  await ready
  let image: DecodedRgba
  try {
    image = await decode(bytes.slice().buffer)
  } catch {
    throw new CodecError('corrupt', 'The WebP data is corrupt or truncated')
  }
  return rgbaRows(image.data, image.width, image.height)
}

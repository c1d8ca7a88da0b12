/**
 * WebP decoding through jSquash's libwebp build (wasm). The whole image is decoded to RGBA at once,
 * so callers cap WebP pixel counts (see operations).
 */

import decode, { init } from '@jsquash/webp/decode.js'
import { CodecError } from '../../lib/codec-error'
import type { PixelRows } from '../../lib/rows'
import { type DecodedRgba, rgbaRows } from '../rgba-rows'

let ready: Promise<void> | null = null

/** Installs the compiled libwebp decoder module (once per isolate, by the runtime's loader). */
export function useWebpDecoderWasm(module: WebAssembly.Module): void {
  ready ??= (init as unknown as (m: WebAssembly.Module) => Promise<void>)(module)
}

/** Decodes a WebP to RGBA rows; throws CodecError('corrupt') for undecodable data. */
export async function decodeWebp(bytes: Uint8Array): Promise<PixelRows> {
  if (!ready) throw new Error('The WebP decoder wasm module was not loaded')
  await ready
  let image: DecodedRgba
  try {
    image = await decode(bytes.slice().buffer)
  } catch {
    throw new CodecError('corrupt', 'The WebP data is corrupt or truncated')
  }
  return rgbaRows(image.data, image.width, image.height)
}

/// <reference types="vite/client" />
// MozJPEG (jSquash's wasm builds) as the reference JPEG decoder and as an encoder of test files,
// plus the JPEG fixtures, for tests running inside workerd (which imports .wasm as modules).

import decodeWasm from '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm'
import encodeWasm from '@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm'
import mozDecode, { init as initDecode } from '@jsquash/jpeg/decode.js'
import mozEncode, { init as initEncode } from '@jsquash/jpeg/encode.js'
import type { EncodeOptions } from '@jsquash/jpeg/meta.js'
import { base64Bytes } from './fixtures'

type Init = (module: WebAssembly.Module) => Promise<void>
let ready: Promise<void> | undefined

/** Loads both MozJPEG modules once. */
export function mozjpegReady(): Promise<void> {
  ready ??= Promise.all([
    (initDecode as unknown as Init)(decodeWasm),
    (initEncode as unknown as Init)(encodeWasm),
  ]).then(() => undefined)
  return ready
}

/** MozJPEG's RGBA decode, EXIF orientation applied. */
export async function mozDecodeRgba(
  bytes: Uint8Array,
): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  await mozjpegReady()
  const image = await mozDecode(bytes.slice().buffer, { preserveOrientation: true })
  return { width: image.width, height: image.height, data: image.data }
}

/** Encodes RGBA pixels with MozJPEG. */
export async function mozEncodeJpeg(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
  options: Partial<EncodeOptions>,
): Promise<Uint8Array> {
  await mozjpegReady()
  const image = { data: rgba, width, height } as Parameters<typeof mozEncode>[0]
  return new Uint8Array(await mozEncode(image, options))
}

const FIXTURES = import.meta.glob<string>('../fixtures/jpeg/*.{jpg,png,rgb}', {
  query: '?url&inline',
  import: 'default',
  eager: true,
})

/** The names of the JPEG fixtures (test/fixtures/jpeg/*.jpg). */
export const JPEG_FIXTURES = Object.keys(FIXTURES)
  .map((path) => path.slice(path.lastIndexOf('/') + 1))
  .filter((name) => name.endsWith('.jpg'))
  .sort()

/** A fixture's bytes (Vite inlines it as a data URL; workerd has no file system). */
export function jpegFixture(name: string): Uint8Array {
  const url = FIXTURES[`../fixtures/jpeg/${name}`]
  if (!url) throw new Error(`no fixture ${name}`)
  return base64Bytes(url)
}

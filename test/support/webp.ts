// libwebp as jSquash builds it, the truth our WebP decoders are held to: its encoder and decoder
// (initialised once per test file, imported on first use so Node-side tests can load this file),
// and the RIFF chunk helpers tests build and take WebP files apart with.

/** What jSquash's encoder takes and its decoder gives (an ImageData's fields). */
export interface Rgba {
  data: Uint8ClampedArray
  width: number
  height: number
}

type Encode = (image: Rgba, options: Record<string, number>) => Promise<ArrayBuffer>
type Decode = (file: ArrayBuffer) => Promise<Rgba>

let codecs: Promise<{ encode: Encode; decode: Decode }> | undefined

function libwebp(): Promise<{ encode: Encode; decode: Decode }> {
  codecs ??= (async () => {
    const encoder = await import('@jsquash/webp/encode.js')
    const decoder = await import('@jsquash/webp/decode.js')
    const { default: encoderWasm } = await import('@jsquash/webp/codec/enc/webp_enc.wasm')
    const { default: decoderWasm } = await import('@jsquash/webp/codec/dec/webp_dec.wasm')
    await (encoder.init as unknown as (m: WebAssembly.Module) => Promise<void>)(encoderWasm)
    await (decoder.init as unknown as (m: WebAssembly.Module) => Promise<void>)(decoderWasm)
    return {
      encode: encoder.default as unknown as Encode,
      decode: decoder.default as unknown as Decode,
    }
  })()
  return codecs
}

/** Encodes RGBA as WebP with libwebp and jSquash's `options` (lossless, quality, method, …). */
export async function encodeWebp(
  image: Rgba,
  options: Record<string, number> = {},
): Promise<Uint8Array> {
  return new Uint8Array(await (await libwebp()).encode(image, options))
}

/** libwebp's decoding of a WebP file, as RGBA. */
export async function decodeWithLibwebp(file: Uint8Array): Promise<Uint8Array> {
  const image = await (await libwebp()).decode(file.slice().buffer)
  return new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength)
}

/** The chunks of a RIFF WebP file, in order. */
export function webpChunks(file: Uint8Array): { id: string; payload: Uint8Array }[] {
  const out: { id: string; payload: Uint8Array }[] = []
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength)
  for (let at = 12; at + 8 <= file.length; ) {
    const size = view.getUint32(at + 4, true)
    out.push({
      id: String.fromCharCode(...file.subarray(at, at + 4)),
      payload: file.subarray(at + 8, at + 8 + size),
    })
    at += 8 + size + (size & 1)
  }
  return out
}

/**
 * The payload of the first chunk named `id`.
 * @throws Error when the file has none
 */
export function webpChunk(file: Uint8Array, id: string): Uint8Array {
  const found = webpChunks(file).find((c) => c.id === id)
  if (!found) throw new Error(`no ${id} chunk`)
  return found.payload
}

/** A RIFF WebP file of `parts` (fourcc, payload), padded as the container requires. */
export function riffWebp(parts: [string, Uint8Array][]): Uint8Array {
  const size = 4 + parts.reduce((n, [, p]) => n + 8 + p.length + (p.length & 1), 0)
  const out = new Uint8Array(8 + size)
  const view = new DataView(out.buffer)
  out.set(new TextEncoder().encode('RIFFxxxxWEBP'))
  view.setUint32(4, size, true)
  let at = 12
  for (const [id, payload] of parts) {
    out.set(new TextEncoder().encode(id), at)
    view.setUint32(at + 4, payload.length, true)
    out.set(payload, at + 8)
    at += 8 + payload.length + (payload.length & 1)
  }
  return out
}

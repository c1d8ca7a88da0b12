/**
 * Streaming zlib (RFC 1950) compression and decompression through the platform's
 * CompressionStream / DecompressionStream (native zlib in workerd and Node), with input staged
 * into 64 KiB writes so per-row calls stay cheap. Used by the PNG, TIFF and PDF encoders.
 */

import type { EncodedFile } from './rows'

/** The stream formats the platform's compression streams support. */
export type ZlibFormat = 'deflate' | 'deflate-raw' | 'gzip'

/** Compressed bytes per write to the decompressor (at most ~4 MB of output each). */
const INFLATE_SLICE_BYTES = 4096

/** Bytes staged before one write to the compressor. */
const STAGE_BYTES = 64 * 1024

/** Compresses bytes pushed to it; `finish()` returns the compressed parts. */
export class DeflateWriter {
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>
  readonly #parts: Uint8Array[] = []
  readonly #pump: Promise<void>
  #stage = new Uint8Array(STAGE_BYTES)
  #staged = 0
  #byteLength = 0

  constructor(format: ZlibFormat = 'deflate') {
    const stream = new CompressionStream(format)
    this.#writer = stream.writable.getWriter()
    const reader = stream.readable.getReader()
    this.#pump = (async () => {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        this.#parts.push(value)
        this.#byteLength += value.length
      }
    })()
  }

  /** Appends `bytes` (copied; the caller may reuse them). */
  async write(bytes: Uint8Array): Promise<void> {
    let offset = 0
    while (offset < bytes.length) {
      const n = Math.min(bytes.length - offset, STAGE_BYTES - this.#staged)
      this.#stage.set(bytes.subarray(offset, offset + n), this.#staged)
      this.#staged += n
      offset += n
      if (this.#staged === STAGE_BYTES) await this.#flushStage()
    }
  }

  async #flushStage(): Promise<void> {
    if (this.#staged === 0) return
    const chunk = this.#stage.subarray(0, this.#staged)
    // The compressor may read the chunk after write() resolves, so each write gets its own buffer.
    this.#stage = new Uint8Array(STAGE_BYTES)
    this.#staged = 0
    await this.#writer.write(chunk)
  }

  /** Ends the stream and returns the complete compressed data as parts. */
  async finish(): Promise<EncodedFile> {
    await this.#flushStage()
    await this.#writer.close()
    await this.#pump
    return { parts: this.#parts, byteLength: this.#byteLength }
  }
}

/** Compresses one buffer (zlib format) and returns the parts. */
export async function deflateBytes(bytes: Uint8Array): Promise<EncodedFile> {
  const writer = new DeflateWriter()
  await writer.write(bytes)
  return writer.finish()
}

/**
 * Inflates zlib data given as parts and yields the output in the pieces the platform produces,
 * so a row decoder holds only what it is working on (a zip bomb never materialises: stop
 * iterating and the stream is torn down). Throws when the data is corrupt or truncated.
 */
export async function* inflateChunks(
  compressed: Iterable<Uint8Array>,
  format: ZlibFormat = 'deflate',
): AsyncGenerator<Uint8Array> {
  const stream = new DecompressionStream(format)
  const writer = stream.writable.getWriter()
  const feeding = (async () => {
    // Small writes keep the output bounded: the platform inflates each written chunk eagerly, and
    // deflate reaches ~1000:1, so one 256 KiB IDAT could otherwise become 250 MB at once.
    for (const part of compressed) {
      for (let at = 0; at < part.length; at += INFLATE_SLICE_BYTES) {
        await writer.write(part.subarray(at, at + INFLATE_SLICE_BYTES))
      }
    }
    await writer.close()
  })()
  // A feeding failure also errors the readable side, which is where the caller sees it.
  feeding.catch(() => {})
  const reader = stream.readable.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      yield value
    }
    await feeding
  } finally {
    // Early exit (enough rows, a cap hit, an error): release both sides so nothing stays pending.
    reader.cancel().catch(() => {})
    writer.abort().catch(() => {})
  }
}

/**
 * Streaming zlib (RFC 1950) compression through the platform's CompressionStream (native zlib in
 * workerd and Node), with input staged into 64 KiB writes so per-row calls stay cheap. Used by the
 * PNG, TIFF and PDF encoders. Decompression is ./inflate.ts, not DecompressionStream, whose output
 * chunks workerd does not reclaim in time.
 */

import type { EncodedFile } from './rows'
import { type DeflateEffort, WasmDeflateWriter } from './zlib-wasm'

/** The stream formats the platform's compression streams support. */
export type ZlibFormat = 'deflate' | 'deflate-raw' | 'gzip'

/** Bytes staged before one write to the compressor. */
const STAGE_BYTES = 64 * 1024

/**
 * Writes handed to the compressor before the writer waits for the oldest. Awaiting every write
 * left the JS thread idle while zlib worked (Node runs it on the libuv pool): an 11 MP gray PNG
 * spent 0.78 s of 1.24 s waiting. Two in flight let the next 64 KiB be filtered while the last
 * is compressed, at 2 × 64 KiB of buffers.
 */
const WRITES_IN_FLIGHT = 2

/** Compresses bytes pushed to it; `finish()` returns the compressed parts. */
export class DeflateWriter {
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>
  readonly #parts: Uint8Array[] = []
  readonly #pump: Promise<void>
  /** Writes not yet settled, oldest first. */
  readonly #inFlight: Promise<void>[] = []
  /**
   * Stage buffers, used in turn: one being filled and up to WRITES_IN_FLIGHT being compressed.
   * A new 64 KiB buffer per write made as much garbage as the whole uncompressed stream (96 MB
   * for the x4 /enhance output), which workerd frees only at its next GC.
   */
  readonly #stages: Uint8Array[] = []
  #stageIndex = 0
  #stage = this.#nextStage()
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
    this.#staged = 0
    // The compressor reads a chunk until its write settles: the oldest write must settle before
    // its buffer comes round again to be filled.
    if (this.#inFlight.length >= WRITES_IN_FLIGHT) await this.#inFlight.shift()
    const written = this.#writer.write(chunk)
    // A failed write errors the stream; it surfaces from the next awaited write or from finish().
    written.catch(() => {})
    this.#inFlight.push(written)
    this.#stage = this.#nextStage()
  }

  /** The next stage buffer in turn, made on first use. */
  #nextStage(): Uint8Array {
    const index = this.#stageIndex
    this.#stageIndex = (index + 1) % (WRITES_IN_FLIGHT + 1)
    this.#stages[index] ??= new Uint8Array(STAGE_BYTES)
    return this.#stages[index]
  }

  /**
   * The compressed parts produced so far, handed over and forgotten: a caller that streams the
   * output (to R2 in parts) keeps only what is not yet sent. The platform delivers compressed
   * output on a later turn of the event loop (workerd: nothing arrives while the caller only
   * awaits its own writes), so this first lets one turn pass.
   */
  async take(): Promise<Uint8Array[]> {
    await new Promise((resolve) => setTimeout(resolve, 0))
    return this.#parts.splice(0)
  }

  /**
   * Ends the stream and returns the compressed data not yet taken as parts; `byteLength` counts
   * all of it, taken or not.
   */
  async finish(): Promise<EncodedFile> {
    await this.#flushStage()
    for (const written of this.#inFlight.splice(0)) await written
    await this.#writer.close()
    await this.#pump
    return { parts: this.#parts, byteLength: this.#byteLength }
  }
}

/** A zlib stream writer: DeflateWriter's or WasmDeflateWriter's interface. */
export interface ZlibWriter {
  write(bytes: Uint8Array): Promise<void>
  take(): Promise<Uint8Array[]>
  finish(): Promise<EncodedFile>
}

/**
 * A zlib stream writer: the wasm deflate when `zlib` (Kernels.zlib) is given (faster than the
 * platform's level-6 zlib, output within a few % of its size), else CompressionStream.
 */
export function createDeflateWriter(
  zlib?: WebAssembly.Module | null,
  effort: DeflateEffort = 'fast',
): ZlibWriter {
  return zlib ? new WasmDeflateWriter(zlib, effort) : new DeflateWriter()
}

/** Compresses one buffer (zlib format) and returns the parts. */
export async function deflateBytes(bytes: Uint8Array): Promise<EncodedFile> {
  const writer = new DeflateWriter()
  await writer.write(bytes)
  return writer.finish()
}

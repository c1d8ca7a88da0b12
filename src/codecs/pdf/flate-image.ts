/**
 * The image stream of a gray PDF page, built row by row: each 8-bit gray row PNG-filtered with the
 * adaptive heuristic our PNG encoder uses, then zlib-compressed, for `/FlateDecode` with
 * `/Predictor 15` (PDF 32000-1 §7.4.4.4; see `flate-gray8-png` in ./encode.ts).
 * A photo page at 4096 px: 5.6 MB with the predictors, 9.0 MB without (bench/convert-vs-sharp.mjs).
 */

import { createDeflateWriter, type ZlibWriter } from '../../lib/deflate'
import type { EncodedFile } from '../../lib/rows'
import { MAX_FILTERED_ROW_BYTES, WasmDeflateWriter } from '../../lib/zlib-wasm'
import { filterRow } from '../png/filter'

/** Takes `width`-byte gray rows; `finish()` returns the compressed stream. */
export class FlateGrayImage {
  readonly #deflate: ZlibWriter
  readonly #filtered: Uint8Array
  readonly #prior: Uint8Array

  /** @param zlib the compiled wasm/dist/zlib.wasm (Kernels.zlib), or none for CompressionStream */
  constructor(
    readonly width: number,
    zlib?: WebAssembly.Module | null,
  ) {
    this.#deflate = createDeflateWriter(zlib)
    this.#filtered = new Uint8Array(1 + width)
    this.#prior = new Uint8Array(width)
  }

  /** Filters and compresses the next row (copied; the caller may reuse it). */
  async write(row: Uint8Array): Promise<void> {
    if (row.length !== this.width) {
      throw new RangeError(`Expected a row of ${this.width} bytes but received ${row.length}`)
    }
    const deflate = this.#deflate
    if (deflate instanceof WasmDeflateWriter && row.length <= MAX_FILTERED_ROW_BYTES) {
      // The kernel filters it the same way, keeping the prior row itself.
      await deflate.writeFilteredRow(row, 1)
      return
    }
    filterRow(row, this.#prior, this.#filtered, 1)
    this.#prior.set(row)
    await deflate.write(this.#filtered)
  }

  finish(): Promise<EncodedFile> {
    return this.#deflate.finish()
  }
}

/**
 * Stage: the held filing page (convert path), the rows of a page whose tone is not decided yet,
 * kept until the decision says how to file them (filing-page.ts).
 * Input: gray rows, top to bottom. Output: the same rows, once, in the same order.
 * A page of at most RAW_PAGE_BYTES (every 300-DPI page) is kept as it came. A larger one (the
 * 600-DPI pages, up to 16 MiB) is coded by the zlib kernel (wasm/src/zlib.ts, `heldCodeRow`):
 * each 16 pixels against the 16 above, nothing for white paper or a block like the one above,
 * half for scanned paper whose grain stays within 8 levels of the row above. A drawing holds a
 * few percent of its size, a scanned sheet about half, and a row costs a pass of SIMD.
 */

import { instantiateKernels } from '../../lib/wasm-instance'

/** Pages up to this size are held as they are: 2048 × 2048, the 300-DPI preset's largest. */
export const RAW_PAGE_BYTES = 2048 * 2048

/** Coded rows are kept in blocks of this size (a row never straddles two). */
const BLOCK_BYTES = 1 << 20

interface HeldExports {
  readonly memory: { readonly buffer: ArrayBuffer }
  heldInit(width: number): void
  heldRestart(): void
  heldRow(): number
  heldCode(): number
  heldCodeRow(): number
  heldDecodeRow(): void
}

/**
 * A held page for `width × height` pixels: coded when it is larger than RAW_PAGE_BYTES and the
 * zlib kernel is given, else as it came.
 */
export async function holdPage(
  width: number,
  height: number,
  zlib?: WebAssembly.Module | null,
): Promise<HeldPage> {
  if (!zlib || width * height <= RAW_PAGE_BYTES) return new HeldPage(width, height, null)
  return new HeldPage(width, height, await instantiateKernels<HeldExports>(zlib))
}

export class HeldPage {
  /** Whether rows are coded, or kept as they came. */
  readonly coded: boolean
  readonly #wasm: HeldExports | null
  /** The kernel's memory (it does not grow after heldInit), and where its row and code are. */
  readonly #heap: Uint8Array
  readonly #rowAt: number
  readonly #codeAt: number
  #page: Uint8Array | null = null
  #blocks: Uint8Array[] = []
  #block: Uint8Array | null = null
  #used = 0
  #held = 0
  #rows = 0
  #taken = false

  constructor(
    readonly width: number,
    readonly height: number,
    wasm: HeldExports | null,
  ) {
    this.#wasm = wasm
    this.coded = wasm !== null
    if (wasm) wasm.heldInit(width)
    else this.#page = new Uint8Array(width * height)
    this.#heap = new Uint8Array(wasm ? wasm.memory.buffer : new ArrayBuffer(0))
    this.#rowAt = wasm ? wasm.heldRow() : 0
    this.#codeAt = wasm ? wasm.heldCode() : 0
  }

  /** Bytes held so far. */
  get byteLength(): number {
    return this.coded ? this.#held : this.#rows * this.width
  }

  /** Keeps the next row (copied: the caller may reuse it). */
  add(row: Uint8Array): void {
    const { width } = this
    if (row.length !== width || this.#rows >= this.height || this.#taken) {
      throw new RangeError(
        `Expected row ${this.#rows} of ${this.height} with ${width} pixels but received ${row.length}`,
      )
    }
    this.#rows++
    const wasm = this.#wasm
    if (!wasm) {
      this.#page!.set(row, (this.#rows - 1) * width)
      return
    }
    const heap = this.#heap
    heap.set(row, this.#rowAt)
    const length = wasm.heldCodeRow()
    if (!this.#block || this.#used + 4 + length > this.#block.length) {
      if (this.#block) this.#blocks.push(this.#block.subarray(0, this.#used))
      this.#block = new Uint8Array(Math.max(BLOCK_BYTES, 4 + length))
      this.#used = 0
    }
    const block = this.#block
    const at = this.#used
    block[at] = length & 255
    block[at + 1] = (length >>> 8) & 255
    block[at + 2] = length >>> 16
    block.set(heap.subarray(this.#codeAt, this.#codeAt + length), at + 3)
    this.#used = at + 3 + length
    this.#held += 3 + length
  }

  /**
   * The rows, once, each valid until the next is taken. The memory is handed back as the rows
   * are read (a block once its last row is out, the raw page after the last row) or when the
   * reader stops.
   */
  *rows(): Generator<Uint8Array> {
    if (this.#taken) throw new Error('the held page was read already')
    this.#taken = true
    const { width } = this
    const page = this.#page
    const wasm = this.#wasm
    if (!wasm) {
      this.#page = null
      try {
        for (let y = 0; y < this.#rows; y++) yield page!.subarray(y * width, (y + 1) * width)
      } finally {
        release(page!)
      }
      return
    }
    if (this.#block) this.#blocks.push(this.#block.subarray(0, this.#used))
    const blocks = this.#blocks
    this.#blocks = []
    this.#block = null
    wasm.heldRestart()
    const heap = this.#heap
    const code = this.#codeAt
    const row = heap.subarray(this.#rowAt, this.#rowAt + width)
    try {
      for (const block of blocks) {
        let at = 0
        while (at < block.length) {
          const length = block[at]! | (block[at + 1]! << 8) | (block[at + 2]! << 16)
          heap.set(block.subarray(at + 3, at + 3 + length), code)
          wasm.heldDecodeRow()
          at += 3 + length
          yield row
        }
        release(block)
      }
    } finally {
      for (const block of blocks) release(block)
    }
  }
}

/**
 * Hands a buffer's memory back now (transferring it to length 0 detaches it) rather than at the
 * isolate's next garbage collection, which let the pages of back-to-back conversions pile up.
 */
function release(bytes: Uint8Array): void {
  const buffer = bytes.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer }
  // A detached buffer (released already) has no bytes left.
  if (buffer.byteLength > 0) buffer.transfer?.(0)
}

/**
 * binarizePage (engines/gray/binarize.ts) one row at a time in wasm (`binarizeRow`, in
 * wasm/src/binarize.ts, exported by zlib.wasm and lineart.wasm): the same bytes as the page
 * version. Row y needs the two rows above and below it, so a caller loads rows in order and
 * binarizes row y once row y + 2 (or the last row) is in.
 */

/** The exports `binarizeRow` needs: its module's memory and the kernel. */
export interface BinarizeKernel {
  readonly memory: { readonly buffer: ArrayBuffer }
  binarizeRow(
    cur: number,
    up1: number,
    up2: number,
    down1: number,
    down2: number,
    out: number,
    width: number,
    low: number,
    high: number,
    margin: number,
  ): void
}

/** binarizePage's parameters (engines/gray/binarize.ts), in gray levels. */
export interface BinarizeLevels {
  readonly low: number
  readonly high: number
  readonly margin: number
}

/** Bytes of wasm memory the rows take: five source rows and the output, 16 bytes over each. */
export const binarizeScratchBytes = (width: number) => 6 * (width + 16)

/** A page's rows in, binarized rows out, in `binarizeScratchBytes(width)` bytes at `at`. */
export class WasmRowBinarizer {
  readonly #stride: number
  readonly #heap: Uint8Array
  /** Where the binarized row is written, and a view of it. */
  readonly outAt: number
  readonly out: Uint8Array

  /** @param at where the rows live in the kernel's memory (which must not grow meanwhile) */
  constructor(
    readonly kernel: BinarizeKernel,
    readonly at: number,
    readonly width: number,
    readonly height: number,
    readonly levels: BinarizeLevels,
  ) {
    this.#stride = width + 16
    this.#heap = new Uint8Array(kernel.memory.buffer)
    this.outAt = at + 5 * this.#stride
    this.out = this.#heap.subarray(this.outAt, this.outAt + width)
  }

  /** Loads source row `y` (rows go in order, each once). */
  load(y: number, row: Uint8Array): void {
    if (row.length !== this.width) {
      throw new RangeError(`Expected row ${y} with ${this.width} pixels to binarize`)
    }
    this.#heap.set(row, this.slotAt(y))
  }

  /** Binarizes row `y`, whose rows below are loaded, into `out`. */
  binarize(y: number): void {
    const { height, width } = this
    const cur = this.slotAt(y)
    const up1 = y >= 1 ? this.slotAt(y - 1) : cur
    const up2 = y >= 2 ? this.slotAt(y - 2) : up1
    const down1 = y + 1 < height ? this.slotAt(y + 1) : cur
    const down2 = y + 2 < height ? this.slotAt(y + 2) : down1
    const { low, high, margin } = this.levels
    this.kernel.binarizeRow(cur, up1, up2, down1, down2, this.outAt, width, low, high, margin)
  }

  /** Where source row `y` is held (its levels, until row y + 5 is loaded). */
  slotAt(y: number): number {
    return this.at + (y % 5) * this.#stride
  }
}

/**
 * The wasm inflater (wasm/dist/zlib.wasm, source wasm/src/zlib.ts): the same streams, output,
 * errors and read-only-as-asked behaviour as ZlibInflater in ./inflate.ts, which stays the
 * fallback when no module is passed. Each inflater gets its own instance; its memory holds 64 KiB
 * of input at a time (copied in from the parts), the output with 32 KiB of history, and two PNG
 * rows for `unfilterRow`, about 0.3 MB plus two rows.
 */

import { type BinarizeKernel, type BinarizeLevels, WasmRowBinarizer } from './binarize-wasm'
import { CodecError } from './codec-error'
import type { InflateOptions } from './inflate'
import { instantiateKernels } from './wasm-instance'

interface ZlibExports {
  memory: { readonly buffer: ArrayBuffer }
  init(inputBytes: number, maxRead: number, rowBytes: number): void
  reset(raw: number): void
  compactInput(): number
  inputRoom(): number
  pushInput(n: number, last: number): void
  bytesRead(): number
  ended(): number
  failureCode(): number
  failureA(): number
  failureB(): number
  available(): number
  take(n: number): number
  inflate(want: number, probe: number, limit: number): number
  rowBuffer(which: number): number
  unfilter(line: number, prior: number, dst: number, length: number, bpp: number): number
}

/** Compressed bytes held in wasm memory at a time. */
const INPUT_BYTES = 64 * 1024
/** Largest single inflate into wasm memory; `read` loops over longer reads. */
const READ_BYTES = 64 * 1024
const NEED_INPUT = -1
const FAILED = -2
const FINISH_INPUT_BYTES = 1024

const hex = (v: number) => (v >>> 0).toString(16).padStart(8, '0')

/** The message of each failure code of wasm/src/zlib.ts (a and b: the numbers it names). */
function failureMessage(code: number, a: number, b: number): string {
  switch (code) {
    case 1:
      return 'deflate data ends before the stream does'
    case 2:
      return `zlib compression method ${a & 15} is not deflate (8)`
    case 3:
      return `zlib window of 2^${(a >> 4) + 8} bytes is over 32 KiB`
    case 4:
      return 'zlib header check bits (FCHECK) are wrong'
    case 5:
      return 'zlib stream needs a preset dictionary (FDICT)'
    case 6:
      return 'deflate: invalid block type 3'
    case 7:
      return `deflate: stored block length ${a} does not match its complement ${b}`
    case 8:
      return `deflate: ${a} literal/length codes, more than 286`
    case 9:
      return `deflate: ${a} distance codes, more than 30`
    case 10:
      return 'deflate: code length code lengths are over-subscribed'
    case 11:
      return 'deflate: code length code lengths are incomplete'
    case 12:
      return 'deflate: invalid code length code'
    case 13:
      return 'deflate: code length repeat with no previous length'
    case 14:
      return 'deflate: code length repeat runs past the last code'
    case 15:
      return 'deflate: literal/length code has no end-of-block code'
    case 16:
      return 'deflate: literal/length code lengths are over-subscribed'
    case 17:
      return 'deflate: literal/length code lengths are incomplete'
    case 18:
      return 'deflate: distance code lengths are over-subscribed'
    case 19:
      return 'deflate: distance code lengths are incomplete'
    case 20:
      return 'deflate: invalid literal/length code'
    case 21:
      return 'deflate: invalid distance code'
    case 22:
      return `deflate: distance ${a} reaches before the start of the data`
    case 23:
      return `zlib Adler-32 mismatch: the stream says ${hex(a)}, the data gives ${hex(b)}`
    default:
      return `deflate: failure ${code}`
  }
}

/** Options for {@link createWasmInflater}. */
export interface WasmInflateOptions extends InflateOptions {
  /** Longest row `readRow` and `unfilterRow` take (PNG: filter byte + row bytes); default 0. */
  readonly rowBytes?: number
}

/**
 * A new inflater on its own instance of `module` (the compiled wasm/dist/zlib.wasm).
 * @param input the compressed stream as parts in order, read in place
 */
export async function createWasmInflater(
  module: WebAssembly.Module,
  input: Iterable<Uint8Array>,
  options: WasmInflateOptions = {},
): Promise<WasmInflater> {
  return new WasmInflater(await instantiateKernels<ZlibExports>(module), input, options)
}

/** ZlibInflater's interface (read, finish, reset, ended, bytesRead, bytesWritten), in wasm. */
export class WasmInflater {
  readonly #wasm: ZlibExports
  readonly #heap: Uint8Array
  readonly #raw: boolean
  readonly #maxRead: number
  #parts: readonly Uint8Array[] = []
  #part = 0
  #pos = 0
  #written = 0
  #failure: unknown = undefined
  /** Which of the two row buffers the next `unfilterRow` writes. */
  #row = 0

  constructor(wasm: ZlibExports, input: Iterable<Uint8Array>, options: WasmInflateOptions) {
    this.#wasm = wasm
    this.#raw = options.format === 'raw'
    const rowBytes = options.rowBytes ?? 0
    this.#maxRead = Math.max(READ_BYTES, rowBytes)
    wasm.init(INPUT_BYTES, this.#maxRead, rowBytes)
    // Memory grows only in init: this view stays valid.
    this.#heap = new Uint8Array(wasm.memory.buffer)
    this.reset(input)
  }

  /** Starts over on a new stream of the same format. */
  reset(input: Iterable<Uint8Array>): void {
    this.#parts = Array.isArray(input) ? (input as readonly Uint8Array[]) : Array.from(input)
    this.#part = 0
    this.#pos = 0
    this.#written = 0
    this.#failure = undefined
    this.#wasm.reset(this.#raw ? 1 : 0)
  }

  get ended(): boolean {
    return this.#wasm.ended() === 1
  }

  get bytesRead(): number {
    return this.#wasm.bytesRead()
  }

  get bytesWritten(): number {
    return this.#written
  }

  /**
   * Inflates up to `length` bytes into `out[offset .. offset + length)`.
   * @returns the bytes written: `length`, or fewer only when the stream has ended
   * @throws CodecError 'corrupt' for invalid or truncated data (then again on every call)
   */
  read(out: Uint8Array, offset = 0, length: number = out.length - offset): number {
    if (this.#failure !== undefined) throw this.#failure
    const end = offset + length
    if (!(offset >= 0 && length >= 0 && end <= out.length)) {
      throw new RangeError(
        `Expected offset and length inside ${out.length} bytes but received ${offset}, ${length}`,
      )
    }
    let done = 0
    while (done < length) {
      const want = Math.min(length - done, this.#maxRead)
      const got = this.#run(want, false, 0)
      const at = this.#wasm.take(got)
      out.set(this.#heap.subarray(at, at + got), offset + done)
      done += got
      if (got < want) break
    }
    this.#written += done
    return done
  }

  /**
   * The next `length` bytes (at most `rowBytes`, or 64 KiB), as a view into wasm memory that
   * stays valid until the next read; shorter only when the stream has ended.
   */
  readRow(length: number): Uint8Array {
    if (this.#failure !== undefined) throw this.#failure
    if (length > this.#maxRead) {
      throw new RangeError(`Expected at most ${this.#maxRead} bytes but received ${length}`)
    }
    const got = this.#run(length, false, 0)
    const at = this.#wasm.take(got)
    this.#written += got
    return this.#heap.subarray(at, at + got)
  }

  /** Zeros the prior row before the first row of a PNG pass. */
  startPass(): void {
    const prior = this.#wasm.rowBuffer(1 - this.#row)
    this.#heap.fill(0, prior, prior + this.#maxRowBytes())
  }

  /**
   * Un-filters `line` (a `readRow` view: filter byte, then data) against the previous row and
   * returns the row (filter byte at 0, then data) as a view into wasm memory, valid until the
   * second next call.
   * @throws CodecError 'corrupt' for an invalid filter type
   */
  unfilterRow(line: Uint8Array, bpp: number): Uint8Array {
    const dst = this.#wasm.rowBuffer(this.#row)
    const prior = this.#wasm.rowBuffer(1 - this.#row)
    const type = this.#wasm.unfilter(line.byteOffset, prior, dst, line.length, bpp)
    if (type !== 0) throw new CodecError('corrupt', `invalid filter type ${type}`)
    this.#row = 1 - this.#row
    return this.#heap.subarray(dst, dst + line.length)
  }

  #maxRowBytes(): number {
    return this.#wasm.rowBuffer(1) - this.#wasm.rowBuffer(0)
  }

  /**
   * Reads on to the end of the stream only if no more output comes first, within
   * `maxInputBytes` of compressed data (as ZlibInflater.finish).
   */
  finish(maxInputBytes = FINISH_INPUT_BYTES): boolean {
    if (this.#failure !== undefined) throw this.#failure
    if (this.#wasm.ended() === 1) return true
    if (this.#wasm.available() > 0) return false
    try {
      this.#run(0, true, this.bytesRead + maxInputBytes)
    } catch (error) {
      if (this.#wasm.failureCode() === 1) return false
      throw error
    }
    return this.#wasm.ended() === 1
  }

  /** Runs the kernel, feeding input as it asks; throws (and keeps) its failure. */
  #run(want: number, probe: boolean, limit: number): number {
    for (;;) {
      const status = this.#wasm.inflate(want, probe ? 1 : 0, limit)
      if (status >= 0) return status
      if (status === NEED_INPUT) {
        this.#feed()
        continue
      }
      if (status === FAILED) {
        const wasm = this.#wasm
        this.#failure = new CodecError(
          'corrupt',
          failureMessage(wasm.failureCode(), wasm.failureA(), wasm.failureB()),
        )
        throw this.#failure
      }
      throw new Error(`zlib kernel returned ${status}`)
    }
  }

  /** Copies the next parts into the input buffer, as far as it has room. */
  #feed(): void {
    const wasm = this.#wasm
    let at = wasm.compactInput()
    let room = wasm.inputRoom()
    let n = 0
    const parts = this.#parts
    while (room > 0 && this.#part < parts.length) {
      const part = parts[this.#part]!
      const take = Math.min(room, part.length - this.#pos)
      this.#heap.set(part.subarray(this.#pos, this.#pos + take), at)
      at += take
      room -= take
      n += take
      this.#pos += take
      if (this.#pos === part.length) {
        this.#part++
        this.#pos = 0
      }
    }
    wasm.pushInput(n, this.#part >= parts.length ? 1 : 0)
  }
}

interface DeflateExports {
  memory: { readonly buffer: ArrayBuffer }
  deflateInit(maxChain: number, nice: number, maxLazy: number, minMatch: number): void
  deflateInput(): number
  deflateReserve(n: number): number
  filterInit(rowBytes: number): void
  filterRowBuffer(): number
  filterPriorBuffer(): number
  filterRow(length: number, bpp: number, out: number): number
  diffRow(length: number, out: number): void
  deflateRoom(): number
  deflatePush(n: number): void
  deflateRun(last: number): number
  deflateFinish(): void
  deflateOutput(): number
  deflateReady(): number
  deflateTaken(): void
}

/**
 * The deflate's search per effort: `chain` candidates per position (4 or fewer: the last 4
 * positions of the hash in one bucket, and longer steps between searches where nothing matches;
 * more: a hash chain walked that far), a match of `nice` bytes ends it, one shorter than `lazy`
 * is deferred when the next position has a longer one, and matches under `min` bytes are not
 * used. 'fast' (8-bit rows, megabytes): on photo residuals 4- and 5-byte matches cost more bits
 * than the literals they replace; 3-7 % smaller than zlib level 6 on the bench's photo pages in
 * under half the CPU of the 6-candidate chain search of 4-byte matches it replaced. 'thorough'
 * (1-bit rows, a few hundred KB): within 0.1 % of zlib's size.
 */
const DEFLATE_EFFORT = {
  fast: { chain: 4, nice: 32, lazy: 32, min: 6 },
  thorough: { chain: 128, nice: 258, lazy: 258, min: 4 },
} as const

export type DeflateEffort = keyof typeof DEFLATE_EFFORT
/** Longest row `writeFilteredRow` takes (it filters straight into the window's free room). */
export const MAX_FILTERED_ROW_BYTES = 32 * 1024 - 1

/**
 * A zlib stream compressed by the wasm deflate (wasm/dist/zlib.wasm): DeflateWriter's interface
 * (write, take, finish), on the calling thread, in its own instance (about 0.9 MB of memory).
 * The module is instantiated on the first write.
 */
export class WasmDeflateWriter {
  readonly #module: WebAssembly.Module
  #wasm: DeflateExports | undefined
  #heap: Uint8Array | undefined
  readonly #parts: Uint8Array[] = []
  #byteLength = 0
  /** Row length the filter buffers were set up for (0: not yet, or a new stream). */
  #filterBytes = 0
  readonly #effort: (typeof DEFLATE_EFFORT)[DeflateEffort]

  constructor(module: WebAssembly.Module, effort: DeflateEffort = 'fast') {
    this.#module = module
    this.#effort = DEFLATE_EFFORT[effort]
  }

  /** Starts a new stream on the same instance (the parts not taken are dropped). */
  reset(): void {
    if (this.#wasm) this.#init(this.#wasm)
    this.#parts.length = 0
    this.#byteLength = 0
    this.#filterBytes = 0
  }

  /**
   * Filters `row` with PNG's adaptive heuristic (the same choice and bytes as filterRow in
   * codecs/png/filter.ts) against the previous row given here (zeros at first), and compresses
   * the filter byte and the residuals. Rows of at most MAX_FILTERED_ROW_BYTES.
   */
  async writeFilteredRow(row: Uint8Array, bpp: number): Promise<void> {
    const wasm = await this.#filterReady(row.length)
    this.#heap!.set(row, wasm.filterRowBuffer())
    wasm.filterRow(row.length, bpp, wasm.deflateReserve(row.length + 1))
    wasm.deflatePush(row.length + 1)
    while (wasm.deflateRun(0) === 1) this.#collect(wasm)
  }

  /**
   * Compresses `row` as TIFF Predictor 2 differences (each byte minus its left neighbour, the
   * first minus 0). Rows of at most MAX_FILTERED_ROW_BYTES.
   */
  async writeDiffRow(row: Uint8Array): Promise<void> {
    const wasm = await this.#filterReady(row.length)
    this.#heap!.set(row, wasm.filterRowBuffer())
    wasm.diffRow(row.length, wasm.deflateReserve(row.length))
    wasm.deflatePush(row.length)
    while (wasm.deflateRun(0) === 1) this.#collect(wasm)
  }

  /** Makes `row` the previous row for the next writeFilteredRow (after a row filtered outside). */
  async setPriorRow(row: Uint8Array): Promise<void> {
    const wasm = await this.#filterReady(row.length)
    this.#heap!.set(row, wasm.filterPriorBuffer())
  }

  async #filterReady(rowBytes: number): Promise<DeflateExports> {
    const wasm = this.#wasm ?? (await this.#start())
    if (this.#filterBytes !== rowBytes) {
      if (rowBytes > MAX_FILTERED_ROW_BYTES) {
        throw new RangeError(
          `Expected rows of at most ${MAX_FILTERED_ROW_BYTES} bytes but received ${rowBytes}`,
        )
      }
      wasm.filterInit(rowBytes)
      // filterInit may grow the memory, which replaces its buffer.
      this.#heap = new Uint8Array(wasm.memory.buffer)
      this.#filterBytes = rowBytes
    }
    return wasm
  }

  async #start(): Promise<DeflateExports> {
    if (this.#wasm) return this.#wasm
    const wasm = await instantiateKernels<DeflateExports>(this.#module)
    this.#init(wasm)
    this.#heap = new Uint8Array(wasm.memory.buffer)
    this.#wasm = wasm
    return wasm
  }

  #init(wasm: DeflateExports): void {
    const { chain, nice, lazy, min } = this.#effort
    wasm.deflateInit(chain, nice, lazy, min)
  }

  /** Appends `bytes` (copied; the caller may reuse them). */
  async write(bytes: Uint8Array): Promise<void> {
    const wasm = this.#wasm ?? (await this.#start())
    const heap = this.#heap!
    let offset = 0
    while (offset < bytes.length) {
      const at = wasm.deflateInput()
      const n = Math.min(wasm.deflateRoom(), bytes.length - offset)
      heap.set(bytes.subarray(offset, offset + n), at)
      wasm.deflatePush(n)
      offset += n
      while (wasm.deflateRun(0) === 1) this.#collect(wasm)
    }
  }

  /** Copies the compressed bytes the kernel has ready into a part. */
  #collect(wasm: DeflateExports): void {
    const n = wasm.deflateReady()
    if (n === 0) return
    const at = wasm.deflateOutput()
    this.#parts.push(this.#heap!.slice(at, at + n))
    this.#byteLength += n
    wasm.deflateTaken()
  }

  /** The compressed parts produced so far, handed over and forgotten. */
  async take(): Promise<Uint8Array[]> {
    if (this.#wasm) this.#collect(this.#wasm)
    return this.#parts.splice(0)
  }

  /** Ends the stream and returns the parts not yet taken; `byteLength` counts all of it. */
  async finish(): Promise<{ parts: Uint8Array[]; byteLength: number }> {
    const wasm = this.#wasm ?? (await this.#start())
    while (wasm.deflateRun(1) === 1) this.#collect(wasm)
    wasm.deflateFinish()
    this.#collect(wasm)
    // A new array: a later reset() must not empty what was handed out.
    return { parts: this.#parts.splice(0), byteLength: this.#byteLength }
  }
}

/**
 * binarizePage (engines/gray/binarize.ts) as a stream, in wasm: rows go in top to bottom and come
 * out binarized two rows later (each needs the two below), the same bytes as the page version.
 * Holds five source rows and the output row in its own instance.
 */
export async function createWasmBinarizer(
  module: WebAssembly.Module,
  width: number,
  height: number,
  levels: BinarizeLevels,
): Promise<
  (source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) => AsyncGenerator<Uint8Array>
> {
  const wasm = await instantiateKernels<BinarizeKernel & { binarizeInit(width: number): number }>(
    module,
  )
  const rows = new WasmRowBinarizer(wasm, wasm.binarizeInit(width), width, height, levels)
  return async function* (source) {
    // The source's own iterator, sync or async: a wrapping generator would cost each row a promise.
    const iterator: Iterator<Uint8Array> | AsyncIterator<Uint8Array> =
      Symbol.asyncIterator in source
        ? source[Symbol.asyncIterator]()
        : (source as Iterable<Uint8Array>)[Symbol.iterator]()
    const load = (y: number, next: IteratorResult<Uint8Array>) => {
      if (next.done) throw new RangeError(`Expected row ${y} of ${height} to binarize`)
      rows.load(y, next.value)
    }
    try {
      for (let y = 0; y < Math.min(2, height); y++) load(y, await iterator.next())
      for (let y = 0; y < height; y++) {
        if (y + 2 < height) load(y + 2, await iterator.next())
        rows.binarize(y)
        yield rows.out
      }
    } finally {
      // Every row is in, or the reader stopped: the source may hand its memory back now.
      await iterator.return?.(undefined)
    }
  }
}

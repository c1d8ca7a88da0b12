/**
 * TIFF encoder (convert path: encode step): 8-bit gray as Deflate + predictor strips, or bilevel
 * as one CCITT Group 4 strip for filing (PLATFORM.md §7 rule 4). Rows are compressed as they
 * arrive; the IFD is written last and the header, which points to it, at `finish`.
 */

import { CodecError } from '../../lib/codec-error'
import { DeflateWriter } from '../../lib/deflate'
import type { EncodedFile, RowSink } from '../../lib/rows'
import { MAX_FILTERED_ROW_BYTES, WasmDeflateWriter } from '../../lib/zlib-wasm'
import { G4Encoder } from '../ccitt/encode'
import { FieldType, Tag } from './ifd'

// ---------------------------------------------------------------------------------------------
// TIFF 6.0 Section 2 (file layout), 3 (bilevel: Compression 4 with T.6, TIFF Class F usage),
// 4 (grayscale), 14 (Predictor 2) and the Adobe Deflate tech note (Compression 8).
// Input: `height` rows of `width` 8-bit gray samples. Output: a little-endian, single-image
// file as parts: header, strip data in row order, then the word-aligned IFD and its values.
// ---------------------------------------------------------------------------------------------

/** What to write. */
export interface TiffEncodeOptions {
  /** Pixels per row. */
  readonly width: number
  /** Rows. */
  readonly height: number
  /** Pixels per inch, stored as XResolution = YResolution = dpi/1, ResolutionUnit 2. */
  readonly dpi: number
  /**
   * 'gray8': 8-bit BlackIsZero, Deflate with horizontal predictor, ~64 KiB strips.
   * 'bilevel': 1-bit WhiteIsZero, CCITT T.6 (Group 4), one strip; samples < 128 are black.
   */
  readonly kind: 'gray8' | 'bilevel'
  /**
   * The compiled wasm/dist/zlib.wasm (Kernels.zlib): gray8 strips are compressed with it (one
   * instance for all strips), not CompressionStream.
   */
  readonly zlib?: WebAssembly.Module | null
}

/** A row sink that turns into a TIFF file; await each `write` before the next. */
export interface TiffEncoder extends RowSink {
  /**
   * Ends the file and returns its parts (header first; nothing concatenated).
   * @throws Error when fewer than `height` rows were written; CodecError 'too_large' when the
   *   file would pass 4 GiB
   */
  finish(): Promise<EncodedFile>
}

/** Raw bytes per gray8 strip (TIFF 6.0 suggests ~8 KiB; bigger strips give zlib more context). */
const GRAY_STRIP_BYTES = 64 * 1024
const SOFTWARE = 'Figure API'
const HEADER_BYTES = 8
const MAX_FILE_BYTES = 2 ** 32 - 1

/** One IFD entry to write. */
interface Field {
  readonly tag: number
  readonly type: number
  readonly values: readonly number[] | Uint8Array
}

function check(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`Expected an integer >= ${min} for ${name} but received ${value}`)
  }
}

/**
 * Creates a streaming TIFF encoder. Write exactly `height` rows of `width` bytes, then call
 * `finish`. Memory: one row of scratch plus the compressed output.
 * @throws RangeError for non-integer or non-positive width, height or dpi, or an unknown kind
 * @example
 * const tiff = createTiffEncoder({ width: 2048, height: 2900, dpi: 300, kind: 'bilevel' })
 * for await (const row of gray.rows) await tiff.write(row)
 * const file = await tiff.finish()
 */
export function createTiffEncoder(options: TiffEncodeOptions): TiffEncoder {
  check('width', options.width, 1)
  check('height', options.height, 1)
  check('dpi', options.dpi, 1)
  if (options.kind === 'gray8') return new Gray8Encoder(options)
  if (options.kind === 'bilevel') return new BilevelEncoder(options)
  throw new RangeError(
    `Expected 'gray8' or 'bilevel' for kind but received ${String(options.kind)}`,
  )
}

/** Strip data collected so far, and where each strip starts. */
class Strips {
  readonly parts: Uint8Array[] = []
  readonly offsets: number[] = []
  readonly byteCounts: number[] = []
  #next = HEADER_BYTES

  add(file: EncodedFile): void {
    this.offsets.push(this.#next)
    this.byteCounts.push(file.byteLength)
    for (const part of file.parts) this.parts.push(part)
    this.#next += file.byteLength
  }

  /** Byte offset just after the last strip. */
  get end(): number {
    return this.#next
  }
}

abstract class BaseEncoder implements TiffEncoder {
  protected rowsWritten = 0
  protected readonly strips = new Strips()
  #finished = false

  constructor(protected readonly options: TiffEncodeOptions) {}

  protected abstract encodeRow(row: Uint8Array): void | Promise<void>
  protected abstract finishStrips(): Promise<void>
  protected abstract fields(): Field[]
  protected abstract rowsPerStrip(): number

  write(row: Uint8Array): void | Promise<void> {
    if (this.#finished) throw new Error('TIFF encoder: write after finish')
    if (this.rowsWritten >= this.options.height) {
      throw new Error(`TIFF encoder: more than ${this.options.height} rows written`)
    }
    if (row.length < this.options.width) {
      throw new RangeError(
        `Expected a row of ${this.options.width} bytes but received ${row.length}`,
      )
    }
    this.rowsWritten++
    return this.encodeRow(row)
  }

  async finish(): Promise<EncodedFile> {
    if (this.#finished) throw new Error('TIFF encoder: finish called twice')
    if (this.rowsWritten !== this.options.height) {
      throw new Error(`TIFF encoder: ${this.rowsWritten} of ${this.options.height} rows written`)
    }
    this.#finished = true
    await this.finishStrips()
    const { width, height, dpi } = this.options
    const s = this.strips
    const fields: Field[] = [
      { tag: Tag.NewSubfileType, type: FieldType.LONG, values: [0] },
      { tag: Tag.ImageWidth, type: FieldType.LONG, values: [width] },
      { tag: Tag.ImageLength, type: FieldType.LONG, values: [height] },
      ...this.fields(),
      { tag: Tag.StripOffsets, type: FieldType.LONG, values: s.offsets },
      { tag: Tag.SamplesPerPixel, type: FieldType.SHORT, values: [1] },
      { tag: Tag.RowsPerStrip, type: FieldType.LONG, values: [this.rowsPerStrip()] },
      { tag: Tag.StripByteCounts, type: FieldType.LONG, values: s.byteCounts },
      { tag: Tag.XResolution, type: FieldType.RATIONAL, values: [dpi, 1] },
      { tag: Tag.YResolution, type: FieldType.RATIONAL, values: [dpi, 1] },
      { tag: Tag.PlanarConfiguration, type: FieldType.SHORT, values: [1] },
      { tag: Tag.ResolutionUnit, type: FieldType.SHORT, values: [2] },
      {
        tag: Tag.Software,
        type: FieldType.ASCII,
        values: new TextEncoder().encode(`${SOFTWARE}\0`),
      },
    ]
    fields.sort((a, b) => a.tag - b.tag)
    const padding = s.end & 1
    const ifdOffset = s.end + padding
    const ifd = writeIfd(fields, ifdOffset, padding)
    const byteLength = s.end + ifd.length
    if (byteLength > MAX_FILE_BYTES) throw new CodecError('too_large', 'TIFF output passes 4 GiB')
    const header = new Uint8Array(HEADER_BYTES)
    const view = new DataView(header.buffer)
    header.set([0x49, 0x49, 42, 0])
    view.setUint32(4, ifdOffset, true)
    return { parts: [header, ...s.parts, ifd], byteLength }
  }
}

/** Bytes per value of the field types we write. */
const WRITE_SIZE: Record<number, number> = {
  [FieldType.ASCII]: 1,
  [FieldType.SHORT]: 2,
  [FieldType.LONG]: 4,
  [FieldType.RATIONAL]: 4,
}

/**
 * Serialises the IFD (entries sorted by tag, then the next-IFD offset 0) followed by the values
 * that do not fit in 4 bytes, each starting on an even offset. `padding` zero bytes come first
 * so the IFD itself starts on a word boundary.
 */
function writeIfd(fields: Field[], ifdOffset: number, padding: number): Uint8Array {
  const entriesBytes = 2 + fields.length * 12 + 4
  const valueBytes = (f: Field) => f.values.length * WRITE_SIZE[f.type]!
  let extra = 0
  for (const f of fields) {
    const n = valueBytes(f)
    if (n > 4) extra += n + (n & 1)
  }
  const out = new Uint8Array(padding + entriesBytes + extra)
  const view = new DataView(out.buffer)
  let at = padding
  view.setUint16(at, fields.length, true)
  at += 2
  let valueAt = padding + entriesBytes
  const put = (f: Field, where: number) => {
    const size = WRITE_SIZE[f.type]!
    f.values.forEach((v, i) => {
      const p = where + i * size
      if (size === 1) out[p] = v
      else if (size === 2) view.setUint16(p, v, true)
      else view.setUint32(p, v, true)
    })
  }
  for (const f of fields) {
    const n = valueBytes(f)
    view.setUint16(at, f.tag, true)
    view.setUint16(at + 2, f.type, true)
    view.setUint32(
      at + 4,
      f.type === FieldType.RATIONAL ? f.values.length / 2 : f.values.length,
      true,
    )
    if (n <= 4) {
      put(f, at + 8)
    } else {
      view.setUint32(at + 8, ifdOffset - padding + valueAt, true)
      put(f, valueAt)
      valueAt += n + (n & 1)
    }
    at += 12
  }
  view.setUint32(at, 0, true)
  return out
}

/** 8-bit gray, Deflate (zlib) with Predictor 2, RowsPerStrip = max(1, floor(65536 / width)). */
class Gray8Encoder extends BaseEncoder {
  readonly #rowsPerStrip: number
  readonly #diff: Uint8Array
  #deflate: DeflateWriter | WasmDeflateWriter | undefined
  /** The wasm writer, reused strip after strip. */
  readonly #wasm: WasmDeflateWriter | undefined
  /** Whether the wasm writer takes the differences of each row too. */
  readonly #wasmDiff: boolean
  #rowsInStrip = 0

  constructor(options: TiffEncodeOptions) {
    super(options)
    this.#rowsPerStrip = Math.max(1, Math.floor(GRAY_STRIP_BYTES / options.width))
    this.#diff = new Uint8Array(options.width)
    this.#wasm = options.zlib ? new WasmDeflateWriter(options.zlib) : undefined
    this.#wasmDiff = this.#wasm !== undefined && options.width <= MAX_FILTERED_ROW_BYTES
  }

  protected rowsPerStrip(): number {
    return this.#rowsPerStrip
  }

  protected fields(): Field[] {
    return [
      { tag: Tag.BitsPerSample, type: FieldType.SHORT, values: [8] },
      { tag: Tag.Compression, type: FieldType.SHORT, values: [8] },
      { tag: Tag.PhotometricInterpretation, type: FieldType.SHORT, values: [1] },
      { tag: Tag.Predictor, type: FieldType.SHORT, values: [2] },
    ]
  }

  protected async encodeRow(row: Uint8Array): Promise<void> {
    if (this.#wasmDiff) {
      if (!this.#deflate) {
        this.#wasm!.reset()
        this.#deflate = this.#wasm
      }
      await this.#wasm!.writeDiffRow(row.subarray(0, this.options.width))
      if (++this.#rowsInStrip === this.#rowsPerStrip) await this.#endStrip()
      return
    }
    // TIFF 6.0 Section 14: each sample minus its left neighbour, modulo 256.
    const diff = this.#diff
    const width = this.options.width
    diff[0] = row[0]!
    for (let x = 1; x < width; x++) diff[x] = row[x]! - row[x - 1]!
    if (!this.#deflate) {
      this.#wasm?.reset()
      this.#deflate = this.#wasm ?? new DeflateWriter()
    }
    await this.#deflate.write(diff)
    if (++this.#rowsInStrip === this.#rowsPerStrip) await this.#endStrip()
  }

  async #endStrip(): Promise<void> {
    const deflate = this.#deflate
    if (!deflate) return
    this.#deflate = undefined
    this.#rowsInStrip = 0
    this.strips.add(await deflate.finish())
  }

  protected finishStrips(): Promise<void> {
    return this.#endStrip()
  }
}

/**
 * Bilevel, CCITT T.6, WhiteIsZero, FillOrder 1, one strip. One strip rather than one per 256
 * rows because each strip restarts T.6 against an all-white line and ends with EOFB, padding
 * and 8 bytes of offset and count. Measured on three corpus drawings scaled to 2048 px wide
 * (test/node/tiff-tools.test.ts prints them): 18396 vs 18626 B, 60421 vs 60630 B and 168427 vs
 * 168896 B, so one strip is 0.3-1.2% smaller. Rows stream in as they arrive either way.
 */
class BilevelEncoder extends BaseEncoder {
  readonly #g4: G4Encoder

  constructor(options: TiffEncodeOptions) {
    super(options)
    this.#g4 = new G4Encoder(options.width)
  }

  protected rowsPerStrip(): number {
    return this.options.height
  }

  protected fields(): Field[] {
    return [
      { tag: Tag.BitsPerSample, type: FieldType.SHORT, values: [1] },
      { tag: Tag.Compression, type: FieldType.SHORT, values: [4] },
      { tag: Tag.PhotometricInterpretation, type: FieldType.SHORT, values: [0] },
      { tag: Tag.FillOrder, type: FieldType.SHORT, values: [1] },
    ]
  }

  protected encodeRow(row: Uint8Array): void {
    this.#g4.encodeGray(row, 128)
  }

  protected async finishStrips(): Promise<void> {
    const parts = this.#g4.finish()
    this.strips.add({ parts, byteLength: this.#g4.byteLength })
  }
}

/**
 * TIFF header and Image File Directory parsing (decode path, first step): both byte orders, every
 * TIFF 6.0 field type, values in or out of line, every offset checked against the file length.
 */

import { err, ok, type Result } from '../../lib/result'

// ---------------------------------------------------------------------------------------------
// TIFF 6.0 Section 2 (Image File Header, Image File Directory, field types).
// Input: the whole file as bytes. Output: the header and a lazily-read view of one IFD.
// Only the first IFD is ever read, so a looping chain of "next IFD" offsets cannot hang us.
// ---------------------------------------------------------------------------------------------

/** Tag numbers (TIFF 6.0 Appendix A) the codec reads or writes. */
export const Tag = {
  NewSubfileType: 254,
  ImageWidth: 256,
  ImageLength: 257,
  BitsPerSample: 258,
  Compression: 259,
  PhotometricInterpretation: 262,
  FillOrder: 266,
  StripOffsets: 273,
  SamplesPerPixel: 277,
  RowsPerStrip: 278,
  StripByteCounts: 279,
  XResolution: 282,
  YResolution: 283,
  PlanarConfiguration: 284,
  T4Options: 292,
  T6Options: 293,
  ResolutionUnit: 296,
  Software: 305,
  Predictor: 317,
  ColorMap: 320,
  TileWidth: 322,
  TileLength: 323,
  TileOffsets: 324,
  TileByteCounts: 325,
  ExtraSamples: 338,
  SampleFormat: 339,
} as const

/** Field types (TIFF 6.0 Section 2, plus type 13 IFD from the TIFF Technical Note 1). */
export const FieldType = {
  BYTE: 1,
  ASCII: 2,
  SHORT: 3,
  LONG: 4,
  RATIONAL: 5,
  SBYTE: 6,
  UNDEFINED: 7,
  SSHORT: 8,
  SLONG: 9,
  SRATIONAL: 10,
  FLOAT: 11,
  DOUBLE: 12,
  IFD: 13,
} as const

/** Bytes per value of each known field type; unknown types are skipped, as TIFF 6.0 asks. */
const TYPE_SIZE_BYTES: Record<number, number> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
  13: 4,
}

/** Bytes in the classic TIFF header and in one IFD entry. */
const HEADER_BYTES = 8
const ENTRY_BYTES = 12

/** What the 8-byte header says. */
export interface TiffHeader {
  readonly littleEndian: boolean
  /** Byte offset of the first IFD. */
  readonly firstIfdOffset: number
}

/** One directory entry; its values start at `valueOffset` (inside the entry when they fit). */
export interface IfdEntry {
  readonly tag: number
  readonly type: number
  readonly count: number
  /** Absolute byte offset of the first value. */
  readonly valueOffset: number
  /** False when the values would lie past the end of the file; reading them is refused. */
  readonly inBounds: boolean
}

/**
 * Reads the 8-byte header.
 * @returns the byte order and first IFD offset, or a message for a non-TIFF, a BigTIFF (`43`)
 *   or a first-IFD offset outside the file
 */
export function readHeader(bytes: Uint8Array): Result<TiffHeader, string> {
  if (bytes.length < HEADER_BYTES) return err('TIFF header is truncated')
  const b0 = bytes[0]!
  const b1 = bytes[1]!
  let littleEndian: boolean
  if (b0 === 0x49 && b1 === 0x49) littleEndian = true
  else if (b0 === 0x4d && b1 === 0x4d) littleEndian = false
  else return err('not a TIFF file (bad byte-order mark)')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const magic = view.getUint16(2, littleEndian)
  if (magic === 43) return err('BigTIFF files are not supported')
  if (magic !== 42) return err(`not a TIFF file (magic ${magic})`)
  const firstIfdOffset = view.getUint32(4, littleEndian)
  if (firstIfdOffset < HEADER_BYTES || firstIfdOffset + 2 > bytes.length) {
    return err(`TIFF first IFD offset ${firstIfdOffset} is outside the file`)
  }
  return ok({ littleEndian, firstIfdOffset })
}

/** A parsed directory. Values are read from the file bytes on demand, never copied in bulk. */
export class Ifd {
  readonly #view: DataView
  readonly #bytes: Uint8Array
  readonly #littleEndian: boolean
  readonly #entries: Map<number, IfdEntry>

  constructor(bytes: Uint8Array, littleEndian: boolean, entries: Map<number, IfdEntry>) {
    this.#bytes = bytes
    this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    this.#littleEndian = littleEndian
    this.#entries = entries
  }

  /** The entry for `tag`, if present. */
  entry(tag: number): IfdEntry | undefined {
    return this.#entries.get(tag)
  }

  /**
   * Value `index` of `entry` as a number: integers as they are, rationals as num/den (NaN when
   * den is 0). The caller checks `index < entry.count` and `entry.inBounds`.
   */
  valueAt(entry: IfdEntry, index: number): number {
    const le = this.#littleEndian
    const v = this.#view
    const size = TYPE_SIZE_BYTES[entry.type] ?? 1
    const at = entry.valueOffset + index * size
    switch (entry.type) {
      case FieldType.SHORT:
        return v.getUint16(at, le)
      case FieldType.LONG:
      case FieldType.IFD:
        return v.getUint32(at, le)
      case FieldType.SSHORT:
        return v.getInt16(at, le)
      case FieldType.SLONG:
        return v.getInt32(at, le)
      case FieldType.SBYTE:
        return v.getInt8(at)
      case FieldType.RATIONAL: {
        const den = v.getUint32(at + 4, le)
        return den === 0 ? Number.NaN : v.getUint32(at, le) / den
      }
      case FieldType.SRATIONAL: {
        const den = v.getInt32(at + 4, le)
        return den === 0 ? Number.NaN : v.getInt32(at, le) / den
      }
      case FieldType.FLOAT:
        return v.getFloat32(at, le)
      case FieldType.DOUBLE:
        return v.getFloat64(at, le)
      default:
        return this.#bytes[at]!
    }
  }

  /**
   * The single (first) value of `tag`, `fallback` when the tag is absent.
   * @returns a message when the tag is present but empty or its values lie outside the file
   */
  number(tag: number, fallback: number): Result<number, string>
  number(tag: number): Result<number | undefined, string>
  number(tag: number, fallback?: number): Result<number | undefined, string> {
    const entry = this.#entries.get(tag)
    if (!entry) return ok(fallback)
    if (!entry.inBounds) return err(`TIFF tag ${tag} values lie outside the file`)
    if (entry.count < 1) return err(`TIFF tag ${tag} has no value`)
    return ok(this.valueAt(entry, 0))
  }

  /**
   * All values of `tag` as numbers, for short arrays only (BitsPerSample, ExtraSamples,
   * ColorMap): refuses more than `maxCount` values so an untrusted count allocates nothing.
   */
  numbers(tag: number, maxCount: number): Result<number[] | undefined, string> {
    const entry = this.#entries.get(tag)
    if (!entry) return ok(undefined)
    if (!entry.inBounds) return err(`TIFF tag ${tag} values lie outside the file`)
    if (entry.count > maxCount) {
      return err(`TIFF tag ${tag} has ${entry.count} values, more than ${maxCount}`)
    }
    const out: number[] = []
    for (let i = 0; i < entry.count; i++) out.push(this.valueAt(entry, i))
    return ok(out)
  }
}

/**
 * Parses the IFD at `offset`: the entry count, each 12-byte entry and where its values live.
 * Entries of unknown type are skipped; a repeated tag keeps its first entry. The next-IFD
 * offset is not followed.
 * @returns the directory, or a message when the IFD itself runs past the end of the file
 */
export function readIfd(
  bytes: Uint8Array,
  header: TiffHeader,
  offset: number,
): Result<Ifd, string> {
  const le = header.littleEndian
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (offset + 2 > bytes.length) return err(`TIFF IFD offset ${offset} is outside the file`)
  const count = view.getUint16(offset, le)
  if (count === 0) return err('TIFF IFD has no entries')
  const end = offset + 2 + count * ENTRY_BYTES
  if (end > bytes.length)
    return err(`TIFF IFD at ${offset} with ${count} entries runs past the end`)
  const entries = new Map<number, IfdEntry>()
  for (let i = 0; i < count; i++) {
    const at = offset + 2 + i * ENTRY_BYTES
    const tag = view.getUint16(at, le)
    const type = view.getUint16(at + 2, le)
    const valueCount = view.getUint32(at + 4, le)
    const size = TYPE_SIZE_BYTES[type]
    if (size === undefined || entries.has(tag)) continue
    const total = size * valueCount
    const valueOffset = total <= 4 ? at + 8 : view.getUint32(at + 8, le)
    entries.set(tag, {
      tag,
      type,
      count: valueCount,
      valueOffset,
      inBounds: valueOffset + total <= bytes.length,
    })
  }
  return ok(new Ifd(bytes, le, entries))
}

/** Reads the header and the first IFD: the only directory the codec looks at. */
export function readFirstIfd(bytes: Uint8Array): Result<Ifd, string> {
  const header = readHeader(bytes)
  if (!header.ok) return header
  return readIfd(bytes, header.value, header.value.firstIfdOffset)
}

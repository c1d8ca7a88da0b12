/**
 * TIFF decoder (convert path: decode step): validates the first IFD up front, then streams the
 * first image as 8-bit rows, one strip (or one row of tiles) at a time.
 */

import { CodecError, type CodecFailure } from '../../lib/codec-error'
import { ZlibInflater } from '../../lib/inflate'
import { err, ok, type Result } from '../../lib/result'
import type { Channels, Density, PixelRows } from '../../lib/rows'
import { type FaxDecodeOptions, FaxDecoder } from '../ccitt/decode'
import { type Ifd, type IfdEntry, readFirstIfd, Tag } from './ifd'

// ---------------------------------------------------------------------------------------------
// TIFF 6.0 Sections 3-8 (baseline bilevel, gray, palette and RGB images, strips), 15 (tiles),
// 16 (CMYK), 18 (ExtraSamples, associated alpha), 9 (PackBits), 13 (LZW), 14 (Differencing
// Predictor), 10-11 (CCITT, in ./ccitt) and the Adobe Deflate tech note (Compression 8/32946).
// Input: the file bytes. Output: PixelRows of 8-bit gray, gray+alpha, RGB or RGBA.
// Memory: O(row) per open strip decoder plus the compressed strip (a view of the input), or one
// row of decoded tiles; never the whole image.
// ---------------------------------------------------------------------------------------------

/** Largest image we decode, in pixels (width * height): 2^28, a 16384 x 16384 page. */
const MAX_PIXELS = 1 << 28
/** Largest row, in samples (width * SamplesPerPixel), so row buffers stay a few MiB. */
const MAX_ROW_SAMPLES = 1 << 20
/** Largest buffered row of decoded tiles, in bytes. */
const MAX_TILE_ROW_BYTES = 32 * 1024 * 1024
/** Most samples per pixel we accept (colour channels plus extra samples). */
const MAX_SAMPLES_PER_PIXEL = 16

/** Why `openTiff` failed, with a message fit for logs and the API error detail. */
export interface TiffFailure {
  readonly reason: CodecFailure
  readonly message: string
}

const COMPRESSION_NAMES: Record<number, string> = {
  1: 'none',
  2: 'CCITT modified Huffman RLE',
  3: 'CCITT Group 3',
  4: 'CCITT Group 4',
  5: 'LZW',
  6: 'old-style JPEG',
  7: 'JPEG',
  8: 'Deflate',
  32771: 'CCITT RLE, word-aligned',
  32773: 'PackBits',
  32946: 'Deflate',
  34712: 'JPEG 2000',
  34887: 'LERC',
  34925: 'LZMA',
  50000: 'Zstandard',
  50001: 'WebP',
  50002: 'JPEG XL',
}

const PHOTOMETRIC_NAMES: Record<number, string> = {
  4: 'transparency mask',
  6: 'YCbCr',
  8: 'CIE L*a*b*',
  9: 'ICC L*a*b*',
  10: 'ITU L*a*b*',
  32803: 'CFA',
  32844: 'LogL',
  32845: 'LogLuv',
  34892: 'linear raw',
}

const SUPPORTED_COMPRESSIONS = new Set([1, 2, 3, 4, 5, 8, 32773, 32946])

/** How one output pixel is built from a row of samples. */
type PixelKind = 'gray' | 'palette' | 'rgb' | 'cmyk'

/** Everything the row loop needs, checked by `openTiff`. */
interface Layout {
  readonly bytes: Uint8Array
  readonly ifd: Ifd
  readonly littleEndian: boolean
  readonly width: number
  readonly height: number
  readonly bitsPerSample: number
  readonly samplesPerPixel: number
  readonly separatePlanes: boolean
  readonly compression: number
  readonly fax: FaxDecodeOptions | undefined
  readonly predictor: boolean
  readonly reverseBits: boolean
  readonly kind: PixelKind
  readonly whiteIsZero: boolean
  /** Sample index of the alpha channel in a pixel, -1 when there is none. */
  readonly alphaIndex: number
  readonly alphaAssociated: boolean
  readonly channels: Channels
  /** Palette as 8-bit R, G, B planes of 2^bitsPerSample entries each. */
  readonly palette: Uint8Array | undefined
  readonly tiled: boolean
  /** Pixels per strip row or tile row, and rows per strip or tile. */
  readonly segmentWidth: number
  readonly segmentHeight: number
  readonly segmentsAcross: number
  readonly segmentsDown: number
  /** Bytes of one decoded row of one segment (one plane when planes are separate). */
  readonly segmentRowBytes: number
  readonly offsets: IfdEntry
  readonly byteCounts: IfdEntry
}

/** Every byte with its bit order reversed, to read FillOrder 2 data as FillOrder 1. */
const REVERSED_BITS = (() => {
  const table = new Uint8Array(256)
  for (let i = 0; i < 256; i++) {
    let r = 0
    for (let b = 0; b < 8; b++) if (i & (1 << b)) r |= 0x80 >> b
    table[i] = r
  }
  return table
})()

function reverseBits(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length)
  for (let i = 0; i < bytes.length; i++) out[i] = REVERSED_BITS[bytes[i]!]!
  return out
}

/**
 * Opens the first image of a TIFF file. Header, tags, strip/tile offsets and byte counts are
 * checked here; pixel data is decoded only while `rows` is iterated, which may throw
 * CodecError 'corrupt' (truncated or invalid compressed data) or 'unsupported' (CCITT
 * uncompressed mode, pre-6.0 LZW). Only the first IFD is read; Orientation is not applied.
 * @param bytes the whole file (kept, not copied: it must not change while rows are read)
 * @returns rows of 8-bit samples, `channels` 1 (gray), 2 (gray + alpha), 3 (RGB) or 4 (RGBA),
 *   with 255 white; `density` in pixels per inch when the file states one. Failures:
 *   'corrupt' (bad header, IFD, missing tags, strips outside the file), 'unsupported' (e.g.
 *   "TIFF compression 7 (JPEG) is not supported", BigTIFF, float samples), 'too_large'
 *   (over 2^28 pixels, 2^20 samples per row, or a 32 MiB row of tiles)
 */
export function openTiff(bytes: Uint8Array): Result<PixelRows, TiffFailure> {
  const layout = readLayout(bytes)
  if (!layout.ok) return layout
  const l = layout.value
  const density = readDensity(l.ifd)
  return ok({
    width: l.width,
    height: l.height,
    channels: l.channels,
    ...(density ? { density } : {}),
    rows: decodeRows(l),
  })
}

const corrupt = (message: string) => err<TiffFailure>({ reason: 'corrupt', message })
const unsupported = (message: string) => err<TiffFailure>({ reason: 'unsupported', message })
const tooLarge = (message: string) => err<TiffFailure>({ reason: 'too_large', message })

/** Reads and checks every tag the decoder depends on. */
function readLayout(bytes: Uint8Array): Result<Layout, TiffFailure> {
  const ifdResult = readFirstIfd(bytes)
  if (!ifdResult.ok) {
    const message = ifdResult.error
    return message.startsWith('BigTIFF') ? unsupported(message) : corrupt(message)
  }
  const ifd = ifdResult.value
  const tags: Record<string, number | undefined> = {}
  const single: Array<[string, number, number | undefined]> = [
    ['width', Tag.ImageWidth, undefined],
    ['height', Tag.ImageLength, undefined],
    ['compression', Tag.Compression, 1],
    ['photometric', Tag.PhotometricInterpretation, undefined],
    ['fillOrder', Tag.FillOrder, 1],
    ['samplesPerPixel', Tag.SamplesPerPixel, 1],
    ['rowsPerStrip', Tag.RowsPerStrip, undefined],
    ['planar', Tag.PlanarConfiguration, 1],
    ['t4Options', Tag.T4Options, 0],
    ['predictor', Tag.Predictor, 1],
    ['tileWidth', Tag.TileWidth, undefined],
    ['tileLength', Tag.TileLength, undefined],
  ]
  for (const [name, tag, fallback] of single) {
    const value = fallback === undefined ? ifd.number(tag) : ifd.number(tag, fallback)
    if (!value.ok) return corrupt(value.error)
    if (value.value !== undefined && !(Number.isInteger(value.value) && value.value >= 0)) {
      return corrupt(`TIFF tag ${tag} has an invalid value ${value.value}`)
    }
    tags[name] = value.value
  }
  const width = tags.width
  const height = tags.height
  if (width === undefined || height === undefined) {
    return corrupt('TIFF is missing ImageWidth or ImageLength')
  }
  if (width < 1 || height < 1) return corrupt(`TIFF has an empty image (${width}x${height})`)
  if (width * height > MAX_PIXELS) {
    return tooLarge(`TIFF image ${width}x${height} has more than ${MAX_PIXELS} pixels`)
  }

  const compression = tags.compression!
  if (!SUPPORTED_COMPRESSIONS.has(compression)) {
    const name = COMPRESSION_NAMES[compression]
    return unsupported(
      `TIFF compression ${compression}${name ? ` (${name})` : ''} is not supported`,
    )
  }
  const isFax = compression >= 2 && compression <= 4

  const samplesPerPixel = tags.samplesPerPixel!
  if (samplesPerPixel < 1) return corrupt('TIFF SamplesPerPixel is 0')
  if (samplesPerPixel > MAX_SAMPLES_PER_PIXEL) {
    return unsupported(`TIFF with ${samplesPerPixel} samples per pixel is not supported`)
  }
  if (width * samplesPerPixel > MAX_ROW_SAMPLES) {
    return tooLarge(`TIFF rows of ${width * samplesPerPixel} samples are too long`)
  }

  const bitsList = ifd.numbers(Tag.BitsPerSample, MAX_SAMPLES_PER_PIXEL)
  if (!bitsList.ok) return corrupt(bitsList.error)
  const bits = bitsList.value ?? [1]
  const bitsPerSample = bits[0] ?? 1
  if (bits.some((b) => b !== bitsPerSample)) {
    return unsupported(`TIFF with mixed BitsPerSample (${bits.join(',')}) is not supported`)
  }
  if (![1, 2, 4, 8, 16].includes(bitsPerSample)) {
    return unsupported(`TIFF with ${bitsPerSample} bits per sample is not supported`)
  }
  const formats = ifd.numbers(Tag.SampleFormat, MAX_SAMPLES_PER_PIXEL)
  if (!formats.ok) return corrupt(formats.error)
  for (const format of formats.value ?? []) {
    if (format === 2) return unsupported('TIFF signed-integer samples are not supported')
    if (format === 3) return unsupported('TIFF floating-point samples are not supported')
  }

  if (isFax && (bitsPerSample !== 1 || samplesPerPixel !== 1)) {
    return corrupt(
      `TIFF CCITT compression needs 1-bit samples, not ${samplesPerPixel}x${bitsPerSample}`,
    )
  }

  // Photometric: required, but fax files and old writers omit it; guess as readers do.
  const photometric = tags.photometric ?? (isFax ? 0 : samplesPerPixel >= 3 ? 2 : 1)
  let kind: PixelKind
  let colourSamples: number
  switch (photometric) {
    case 0:
    case 1:
      kind = 'gray'
      colourSamples = 1
      break
    case 2:
      kind = 'rgb'
      colourSamples = 3
      break
    case 3:
      kind = 'palette'
      colourSamples = 1
      break
    case 5:
      kind = 'cmyk'
      colourSamples = 4
      break
    default: {
      const name = PHOTOMETRIC_NAMES[photometric]
      return unsupported(
        `TIFF PhotometricInterpretation ${photometric}${name ? ` (${name})` : ''} is not supported`,
      )
    }
  }
  if (samplesPerPixel < colourSamples) {
    return corrupt(
      `TIFF PhotometricInterpretation ${photometric} needs ${colourSamples} samples per pixel`,
    )
  }

  let palette: Uint8Array | undefined
  if (kind === 'palette') {
    if (bitsPerSample > 8) return unsupported('TIFF palette images over 8 bits are not supported')
    const entries = 1 << bitsPerSample
    const map = ifd.numbers(Tag.ColorMap, 3 * 256)
    if (!map.ok) return corrupt(map.error)
    if (!map.value || map.value.length !== 3 * entries) {
      return corrupt(`TIFF palette image needs a ColorMap of ${3 * entries} values`)
    }
    palette = new Uint8Array(3 * entries)
    for (let i = 0; i < 3 * entries; i++) palette[i] = scale16(map.value[i]! & 0xffff)
  }

  let alphaIndex = -1
  let alphaAssociated = false
  const extra = ifd.numbers(Tag.ExtraSamples, MAX_SAMPLES_PER_PIXEL)
  if (!extra.ok) return corrupt(extra.error)
  const extraKinds = extra.value ?? []
  for (let i = 0; i < extraKinds.length && colourSamples + i < samplesPerPixel; i++) {
    if (extraKinds[i] === 1 || extraKinds[i] === 2) {
      alphaIndex = colourSamples + i
      alphaAssociated = extraKinds[i] === 1
      break
    }
  }
  const baseChannels = kind === 'gray' ? 1 : 3
  const channels = (baseChannels + (alphaIndex >= 0 ? 1 : 0)) as Channels

  const predictorTag = tags.predictor!
  if (predictorTag === 3) return unsupported('TIFF predictor 3 (floating point) is not supported')
  if (predictorTag !== 1 && predictorTag !== 2) {
    return unsupported(`TIFF predictor ${predictorTag} is not supported`)
  }
  const predictor = predictorTag === 2
  if (predictor && bitsPerSample !== 8 && bitsPerSample !== 16) {
    return unsupported(`TIFF predictor 2 with ${bitsPerSample}-bit samples is not supported`)
  }

  const fillOrder = tags.fillOrder!
  if (fillOrder !== 1 && fillOrder !== 2) return corrupt(`TIFF FillOrder ${fillOrder} is invalid`)
  const planar = tags.planar!
  if (planar !== 1 && planar !== 2) {
    return corrupt(`TIFF PlanarConfiguration ${planar} is invalid`)
  }
  const separatePlanes = planar === 2 && samplesPerPixel > 1
  const planes = separatePlanes ? samplesPerPixel : 1
  const samplesPerSegmentPixel = separatePlanes ? 1 : samplesPerPixel

  let fax: FaxDecodeOptions | undefined
  if (compression === 2) fax = { coding: 'mh' }
  else if (compression === 4) fax = { coding: 't6' }
  else if (compression === 3) fax = { coding: 't4', twoDimensional: (tags.t4Options! & 1) === 1 }

  const tiled = ifd.entry(Tag.TileWidth) !== undefined || ifd.entry(Tag.TileOffsets) !== undefined
  let segmentWidth: number
  let segmentHeight: number
  let offsets: IfdEntry | undefined
  let byteCounts: IfdEntry | undefined
  let what: string
  if (tiled) {
    what = 'tile'
    if (!tags.tileWidth || !tags.tileLength) {
      return corrupt('TIFF tiles need TileWidth and TileLength')
    }
    segmentWidth = tags.tileWidth
    segmentHeight = tags.tileLength
    offsets = ifd.entry(Tag.TileOffsets)
    byteCounts = ifd.entry(Tag.TileByteCounts)
    if (!offsets || !byteCounts) return corrupt('TIFF is missing TileOffsets or TileByteCounts')
  } else {
    what = 'strip'
    segmentWidth = width
    const rps = tags.rowsPerStrip
    // RowsPerStrip 0 or absent means one strip; 2^32 - 1 is the spec's "infinity".
    segmentHeight = rps === undefined || rps === 0 || rps > height ? height : rps
    offsets = ifd.entry(Tag.StripOffsets)
    byteCounts = ifd.entry(Tag.StripByteCounts)
    if (!offsets || !byteCounts) return corrupt('TIFF is missing StripOffsets or StripByteCounts')
  }
  const segmentsAcross = Math.ceil(width / segmentWidth)
  const segmentsDown = Math.ceil(height / segmentHeight)
  const segmentCount = segmentsAcross * segmentsDown * planes
  const segmentRowBytes = Math.ceil((segmentWidth * samplesPerSegmentPixel * bitsPerSample) / 8)
  if (segmentWidth * samplesPerSegmentPixel > MAX_ROW_SAMPLES) {
    return tooLarge(`TIFF ${what} rows of ${segmentWidth} pixels are too long`)
  }
  if (tiled && planes * segmentsAcross * segmentHeight * segmentRowBytes > MAX_TILE_ROW_BYTES) {
    return tooLarge(
      `TIFF row of ${segmentsAcross} tiles of ${segmentWidth}x${segmentHeight} is too large`,
    )
  }

  // Offsets and byte counts: enough of them, their arrays inside the file, every segment too.
  for (const entry of [offsets, byteCounts]) {
    if (!entry.inBounds) return corrupt(`TIFF ${what} offsets or byte counts lie outside the file`)
    if (entry.count < segmentCount) {
      return corrupt(
        `TIFF has ${entry.count} ${what} offsets or byte counts, needs ${segmentCount}`,
      )
    }
  }
  for (let i = 0; i < segmentCount; i++) {
    const offset = ifd.valueAt(offsets, i)
    const count = ifd.valueAt(byteCounts, i)
    if (offset + count > bytes.length) {
      return corrupt(`TIFF ${what} ${i} (${count} bytes at ${offset}) lies outside the file`)
    }
    if (compression === 1) {
      const down = i % (segmentsAcross * segmentsDown)
      const row = Math.floor(down / segmentsAcross)
      const rows = tiled ? segmentHeight : Math.min(segmentHeight, height - row * segmentHeight)
      if (count < rows * segmentRowBytes) {
        return corrupt(`TIFF ${what} ${i} has ${count} bytes, needs ${rows * segmentRowBytes}`)
      }
    }
  }

  return ok({
    bytes,
    ifd,
    littleEndian: bytes[0] === 0x49,
    width,
    height,
    bitsPerSample,
    samplesPerPixel,
    separatePlanes,
    compression,
    fax,
    predictor,
    reverseBits: fillOrder === 2,
    kind,
    whiteIsZero: photometric === 0,
    alphaIndex,
    alphaAssociated,
    channels,
    palette,
    tiled,
    segmentWidth,
    segmentHeight,
    segmentsAcross,
    segmentsDown,
    segmentRowBytes,
    offsets,
    byteCounts,
  })
}

/** XResolution/YResolution in pixels per inch (ResolutionUnit 2 inch, 3 centimetre). */
function readDensity(ifd: Ifd): Density | undefined {
  const x = ifd.number(Tag.XResolution)
  const y = ifd.number(Tag.YResolution)
  const unit = ifd.number(Tag.ResolutionUnit, 2)
  if (!x.ok || !y.ok || !unit.ok || x.value === undefined) return undefined
  const factor = unit.value === 2 ? 1 : unit.value === 3 ? 2.54 : 0
  const xd = x.value * factor
  const yd = (y.value ?? x.value) * factor
  if (!(Number.isFinite(xd) && xd > 0 && Number.isFinite(yd) && yd > 0)) return undefined
  return { x: xd, y: yd }
}

/** A 16-bit sample reduced to 8 bits with rounding. */
function scale16(v: number): number {
  return Math.floor((v * 255 + 32767) / 65535)
}

// ---------------------------------------------------------------------------------------------
// Segment decoders: one per strip or tile, each filling one decoded row per `read` call so a
// strip's rows never exist all at once. Every decoder stops at the rows asked for, so a
// strip that would decompress to more than its rows costs nothing extra.
// ---------------------------------------------------------------------------------------------

interface SegmentDecoder {
  /** Fills `out` with the next decoded row; throws CodecError 'corrupt' when data runs out. */
  read(out: Uint8Array): void | Promise<void>
  /** Releases what the decoder holds (streams); safe to call at any point. */
  close(): void
}

function truncated(what: string): CodecError {
  return new CodecError('corrupt', `TIFF ${what} data ends before its last row`)
}

/** Compression 1: rows are stored as they are. */
class RawDecoder implements SegmentDecoder {
  #pos = 0
  constructor(
    private readonly data: Uint8Array,
    private readonly reverse: boolean,
  ) {}

  read(out: Uint8Array): void {
    const end = this.#pos + out.length
    if (end > this.data.length) throw truncated('uncompressed')
    out.set(this.data.subarray(this.#pos, end))
    this.#pos = end
    if (this.reverse) for (let i = 0; i < out.length; i++) out[i] = REVERSED_BITS[out[i]!]!
  }

  close(): void {}
}

/** Compression 32773, TIFF 6.0 Section 9: a header byte n, then n+1 literals or 1-n repeats. */
class PackBitsDecoder implements SegmentDecoder {
  #pos = 0
  #literal = 0
  #repeat = 0
  #value = 0
  constructor(private readonly data: Uint8Array) {}

  read(out: Uint8Array): void {
    const data = this.data
    let o = 0
    while (o < out.length) {
      if (this.#literal > 0) {
        const k = Math.min(this.#literal, out.length - o, data.length - this.#pos)
        if (k === 0) throw truncated('PackBits')
        out.set(data.subarray(this.#pos, this.#pos + k), o)
        this.#pos += k
        this.#literal -= k
        o += k
      } else if (this.#repeat > 0) {
        const k = Math.min(this.#repeat, out.length - o)
        out.fill(this.#value, o, o + k)
        this.#repeat -= k
        o += k
      } else {
        if (this.#pos >= data.length) throw truncated('PackBits')
        const n = data[this.#pos++]!
        if (n < 128) {
          this.#literal = n + 1
        } else if (n > 128) {
          if (this.#pos >= data.length) throw truncated('PackBits')
          this.#repeat = 257 - n
          this.#value = data[this.#pos++]!
        }
      }
    }
  }

  close(): void {}
}

const LZW_CLEAR = 256
const LZW_EOI = 257
const LZW_FIRST = 258
const LZW_TABLE_SIZE = 4096

/**
 * Compression 5, TIFF 6.0 Section 13: MSB-first codes of 9 to 12 bits, with the TIFF
 * "early change" (the code width grows one code before the table fills its current width).
 */
class LzwDecoder implements SegmentDecoder {
  readonly #prefix = new Uint16Array(LZW_TABLE_SIZE)
  readonly #suffix = new Uint8Array(LZW_TABLE_SIZE)
  readonly #length = new Uint16Array(LZW_TABLE_SIZE)
  readonly #first = new Uint8Array(LZW_TABLE_SIZE)
  /** Bytes of the last string that did not fit in the previous row. */
  readonly #pending = new Uint8Array(LZW_TABLE_SIZE)
  #pendingStart = 0
  #pendingEnd = 0
  #pos = 0
  #acc = 0
  #bits = 0
  #codeBits = 9
  #next = LZW_FIRST
  #old = -1

  constructor(private readonly data: Uint8Array) {
    for (let i = 0; i < 256; i++) {
      this.#suffix[i] = i
      this.#first[i] = i
      this.#length[i] = 1
    }
    if (data.length >= 2 && data[0] === 0 && (data[1]! & 1) === 1) {
      throw new CodecError('unsupported', 'TIFF old-style (pre-6.0) LZW is not supported')
    }
  }

  read(out: Uint8Array): void {
    const n = out.length
    let o = 0
    if (this.#pendingEnd > this.#pendingStart) {
      const k = Math.min(n, this.#pendingEnd - this.#pendingStart)
      out.set(this.#pending.subarray(this.#pendingStart, this.#pendingStart + k))
      this.#pendingStart += k
      o = k
    }
    const data = this.data
    const prefix = this.#prefix
    const suffix = this.#suffix
    const length = this.#length
    const first = this.#first
    while (o < n) {
      while (this.#bits < this.#codeBits) {
        if (this.#pos >= data.length) throw truncated('LZW')
        this.#acc = ((this.#acc << 8) | data[this.#pos++]!) & 0xffffff
        this.#bits += 8
      }
      this.#bits -= this.#codeBits
      const code = (this.#acc >>> this.#bits) & ((1 << this.#codeBits) - 1)
      if (code === LZW_CLEAR) {
        this.#next = LZW_FIRST
        this.#codeBits = 9
        this.#old = -1
        continue
      }
      if (code === LZW_EOI) throw truncated('LZW')
      const old = this.#old
      const next = this.#next
      if (code > next || (code === next && old < 0)) {
        throw new CodecError('corrupt', `TIFF LZW code ${code} is not in the table (next ${next})`)
      }
      if (old >= 0 && next < LZW_TABLE_SIZE) {
        prefix[next] = old
        suffix[next] = code < next ? first[code]! : first[old]!
        length[next] = length[old]! + 1
        first[next] = first[old]!
        this.#next = next + 1
        if (this.#next >= (1 << this.#codeBits) - 1 && this.#codeBits < 12) this.#codeBits++
      }
      this.#old = code
      // Write the string backwards from its last byte, into the row or, if it would overrun
      // the row, into #pending and then copy what fits.
      const len = length[code]!
      const room = n - o
      const target = len <= room ? out : this.#pending
      const start = len <= room ? o : 0
      let c = code
      for (let i = start + len - 1; i > start; i--) {
        target[i] = suffix[c]!
        c = prefix[c]!
      }
      target[start] = c
      if (len <= room) {
        o += len
      } else {
        out.set(this.#pending.subarray(0, room), o)
        this.#pendingStart = room
        this.#pendingEnd = len
        o = n
      }
    }
  }

  close(): void {}
}

/**
 * Inflaters for the Deflate strips or tiles of one image. Each holds ~90 KiB (window and Huffman
 * tables); reusing them keeps a file of many small strips from allocating that once per strip.
 */
class InflaterPool {
  readonly #free: ZlibInflater[] = []

  take(data: Uint8Array): ZlibInflater {
    const inflater = this.#free.pop()
    if (!inflater) return new ZlibInflater([data])
    inflater.reset([data])
    return inflater
  }

  give(inflater: ZlibInflater): void {
    this.#free.push(inflater)
  }
}

/**
 * Compression 8 and 32946: one zlib stream per strip, inflated straight into each row, never
 * further than the rows read.
 */
class DeflateDecoder implements SegmentDecoder {
  #inflater: ZlibInflater | undefined

  constructor(
    data: Uint8Array,
    private readonly pool: InflaterPool,
  ) {
    this.#inflater = pool.take(data)
  }

  read(out: Uint8Array): void {
    if (!this.#inflater) throw new Error('Expected an open Deflate strip but it was closed')
    let n: number
    try {
      n = this.#inflater.read(out, 0, out.length)
    } catch (error) {
      if (!(error instanceof CodecError)) throw error
      throw new CodecError('corrupt', `TIFF Deflate data is corrupt: ${error.message}`)
    }
    if (n < out.length) throw truncated('Deflate')
  }

  close(): void {
    if (this.#inflater) this.pool.give(this.#inflater)
    this.#inflater = undefined
  }
}

/** Compression 2, 3, 4: see ./ccitt/decode.ts. */
class FaxSegmentDecoder implements SegmentDecoder {
  readonly #fax: FaxDecoder
  constructor(data: Uint8Array, width: number, options: FaxDecodeOptions) {
    this.#fax = new FaxDecoder(data, width, options)
  }

  read(out: Uint8Array): void {
    this.#fax.decodeRow(out)
  }

  close(): void {}
}

function openSegment(l: Layout, index: number, inflaters: InflaterPool): SegmentDecoder {
  const offset = l.ifd.valueAt(l.offsets, index)
  const count = l.ifd.valueAt(l.byteCounts, index)
  const raw = l.bytes.subarray(offset, offset + count)
  if (l.compression === 1) return new RawDecoder(raw, l.reverseBits)
  // FillOrder 2 costs one copy of the compressed segment, never of the decoded one.
  const data = l.reverseBits ? reverseBits(raw) : raw
  switch (l.compression) {
    case 5:
      return new LzwDecoder(data)
    case 8:
    case 32946:
      return new DeflateDecoder(data, inflaters)
    case 32773:
      return new PackBitsDecoder(data)
    default:
      return new FaxSegmentDecoder(data, l.segmentWidth, l.fax!)
  }
}

// ---------------------------------------------------------------------------------------------
// Samples: unpack a decoded segment row (1/2/4/8/16-bit, file byte order) into 16-bit sample
// values, undo the horizontal predictor (TIFF 6.0 Section 14, per row and per sample, modulo
// 2^bits), place them in the image row, then map them to 8-bit output pixels.
// ---------------------------------------------------------------------------------------------

function unpack(
  src: Uint8Array,
  count: number,
  bits: number,
  littleEndian: boolean,
  dst: Uint16Array,
): void {
  switch (bits) {
    case 8:
      for (let i = 0; i < count; i++) dst[i] = src[i]!
      return
    case 16:
      if (littleEndian) {
        for (let i = 0; i < count; i++) dst[i] = src[2 * i]! | (src[2 * i + 1]! << 8)
      } else {
        for (let i = 0; i < count; i++) dst[i] = (src[2 * i]! << 8) | src[2 * i + 1]!
      }
      return
    case 1:
      for (let i = 0; i < count; i++) dst[i] = (src[i >> 3]! >> (7 - (i & 7))) & 1
      return
    default: {
      const perByte = 8 / bits
      const mask = (1 << bits) - 1
      for (let i = 0; i < count; i++) {
        const shift = 8 - bits * ((i % perByte) + 1)
        dst[i] = (src[(i / perByte) | 0]! >> shift) & mask
      }
    }
  }
}

function undoPredictor(samples: Uint16Array, count: number, stride: number, mask: number): void {
  for (let i = stride; i < count; i++) samples[i] = (samples[i]! + samples[i - stride]!) & mask
}

/** Value -> 8-bit lookup for one sample depth, optionally inverted (WhiteIsZero). */
function levelTable(bits: number, invert: boolean): Uint8Array {
  const max = (1 << bits) - 1
  const table = new Uint8Array(max + 1)
  for (let v = 0; v <= max; v++) {
    const s = invert ? max - v : v
    table[v] = bits === 16 ? scale16(s) : bits === 8 ? s : (s * 255) / max
  }
  return table
}

/** Builds the function that turns one row of samples into one row of output pixels. */
function pixelWriter(l: Layout): (samples: Uint16Array, out: Uint8Array) => void {
  const spp = l.samplesPerPixel
  const width = l.width
  const max = (1 << l.bitsPerSample) - 1
  const level = levelTable(l.bitsPerSample, false)
  const alpha = l.alphaIndex
  const associated = l.alphaAssociated
  // Associated alpha (TIFF 6.0 Section 18): colour / alpha, worked at 16-bit precision and
  // rounded half up, then reduced like any 16-bit sample; this matches ImageMagick exactly.
  const wide = 65535 / max
  const unpremultiply16 = (c: number, a: number) =>
    a === 0 ? 0 : Math.min(65535, Math.floor((1 / ((1 / 65535) * (a * wide))) * (c * wide) + 0.5))
  const level16 = associated ? levelTable(16, false) : level
  switch (l.kind) {
    case 'gray': {
      const gray = levelTable(l.bitsPerSample, l.whiteIsZero)
      if (alpha < 0) {
        return (s, out) => {
          for (let x = 0, i = 0; x < width; x++, i += spp) out[x] = gray[s[i]!]!
        }
      }
      const gray16 = associated ? levelTable(16, l.whiteIsZero) : gray
      return (s, out) => {
        for (let x = 0, i = 0; x < width; x++, i += spp) {
          const a = s[i + alpha]!
          out[2 * x] = associated ? gray16[unpremultiply16(s[i]!, a)]! : gray[s[i]!]!
          out[2 * x + 1] = level[a]!
        }
      }
    }
    case 'palette': {
      const map = l.palette!
      const entries = max + 1
      const outChannels = alpha < 0 ? 3 : 4
      return (s, out) => {
        for (let x = 0, i = 0, o = 0; x < width; x++, i += spp, o += outChannels) {
          const index = s[i]!
          out[o] = map[index]!
          out[o + 1] = map[entries + index]!
          out[o + 2] = map[2 * entries + index]!
          if (alpha >= 0) out[o + 3] = level[s[i + alpha]!]!
        }
      }
    }
    case 'rgb': {
      if (alpha < 0) {
        return (s, out) => {
          for (let x = 0, i = 0, o = 0; x < width; x++, i += spp, o += 3) {
            out[o] = level[s[i]!]!
            out[o + 1] = level[s[i + 1]!]!
            out[o + 2] = level[s[i + 2]!]!
          }
        }
      }
      return (s, out) => {
        for (let x = 0, i = 0, o = 0; x < width; x++, i += spp, o += 4) {
          const a = s[i + alpha]!
          for (let c = 0; c < 3; c++) {
            out[o + c] = associated ? level16[unpremultiply16(s[i + c]!, a)]! : level[s[i + c]!]!
          }
          out[o + 3] = level[a]!
        }
      }
    }
    case 'cmyk': {
      // Naive CMYK -> RGB without a colour profile: R = (1 - C) * (1 - K), and so on.
      const outChannels = alpha < 0 ? 3 : 4
      return (s, out) => {
        for (let x = 0, i = 0, o = 0; x < width; x++, i += spp, o += outChannels) {
          const k = 255 - level[s[i + 3]!]!
          for (let c = 0; c < 3; c++) out[o + c] = Math.round(((255 - level[s[i + c]!]!) * k) / 255)
          if (alpha >= 0) out[o + 3] = level[s[i + alpha]!]!
        }
      }
    }
  }
}

/** 8 output bytes for each value of a packed 1-bit byte, MSB first (0 black unless inverted). */
function bilevelTable(whiteIsZero: boolean): Uint8Array {
  const table = new Uint8Array(256 * 8)
  for (let b = 0; b < 256; b++) {
    for (let k = 0; k < 8; k++) {
      const bit = (b >> (7 - k)) & 1
      table[b * 8 + k] = (bit === 1) !== whiteIsZero ? 255 : 0
    }
  }
  return table
}

/** Writes `pixels` 1-bit pixels of `row` to `out` from `x0`, 8 at a time through `table`. */
function expandBits(
  row: Uint8Array,
  pixels: number,
  table: Uint8Array,
  out: Uint8Array,
  x0: number,
): void {
  const whole = pixels >> 3
  let o = x0
  let i = 0
  while (i < whole) {
    const b = row[i]!
    if (b === 0 || b === 0xff) {
      let j = i + 1
      while (j < whole && row[j] === b) j++
      out.fill(table[b * 8]!, o, o + (j - i) * 8)
      o += (j - i) * 8
      i = j
      continue
    }
    const t = b * 8
    out[o] = table[t]!
    out[o + 1] = table[t + 1]!
    out[o + 2] = table[t + 2]!
    out[o + 3] = table[t + 3]!
    out[o + 4] = table[t + 4]!
    out[o + 5] = table[t + 5]!
    out[o + 6] = table[t + 6]!
    out[o + 7] = table[t + 7]!
    o += 8
    i++
  }
  const rest = pixels & 7
  if (rest > 0) {
    const t = row[whole]! * 8
    for (let k = 0; k < rest; k++) out[o + k] = table[t + k]!
  }
}

/** Writes `pixels` 8-bit samples of `row` to `out` from `x0`, undoing Predictor 2 if set. */
function copyGray8(
  row: Uint8Array,
  pixels: number,
  predictor: boolean,
  table: Uint8Array,
  out: Uint8Array,
  x0: number,
): void {
  if (predictor) {
    let v = 0
    for (let i = 0; i < pixels; i++) {
      v = (v + row[i]!) & 0xff
      out[x0 + i] = table[v]!
    }
  } else if (table[0] === 0) {
    out.set(row.subarray(0, pixels), x0)
  } else {
    for (let i = 0; i < pixels; i++) out[x0 + i] = table[row[i]!]!
  }
}

// ---------------------------------------------------------------------------------------------
// Row loop. Strips: one open decoder per plane, one row from each per output row. Tiles: the
// tiles of one tile row are decoded one after another into a buffer of that tile row only.
// ---------------------------------------------------------------------------------------------

async function* decodeRows(l: Layout): AsyncGenerator<Uint8Array> {
  const spp = l.samplesPerPixel
  const planes = l.separatePlanes ? spp : 1
  const perPixel = l.separatePlanes ? 1 : spp
  const segmentSamples = l.segmentWidth * perPixel
  const mask = (1 << l.bitsPerSample) - 1
  const samples = new Uint16Array(l.width * spp)
  const direct = !l.separatePlanes && l.segmentWidth === l.width
  const scratch = direct ? samples : new Uint16Array(segmentSamples)
  const out = new Uint8Array(l.width * l.channels)
  const writePixels = pixelWriter(l)

  /** Unpacks one decoded segment row of `plane` whose first pixel is image column `x0`. */
  const unpackRow = (row: Uint8Array, plane: number, x0: number) => {
    unpack(row, segmentSamples, l.bitsPerSample, l.littleEndian, scratch)
    if (l.predictor) undoPredictor(scratch, segmentSamples, perPixel, mask)
    if (direct) return
    const pixels = Math.min(l.segmentWidth, l.width - x0)
    if (!l.separatePlanes) {
      samples.set(scratch.subarray(0, pixels * spp), x0 * spp)
    } else {
      for (let i = 0, j = x0 * spp + plane; i < pixels; i++, j += spp) samples[j] = scratch[i]!
    }
  }

  // Bilevel rows (the fax case) skip the 16-bit samples: each packed byte becomes 8 output
  // bytes through a table, and runs of all-white or all-black bytes become one fill. On the
  // 2048x3207 G4 drawing of the throughput test in test/node/tiff-tools.test.ts this took a
  // full decode from 40 ms to 30 ms (Node 20), of which the fax decoding itself is 23 ms.
  // 8-bit gray (scans, our own gray8 files) likewise goes straight from bytes to output,
  // undoing the predictor on the way: LZW + predictor gray went from 117 to 193 MP/s in that
  // test. Deflate gray went from 77 to 290 MP/s (Node 22) when DecompressionStream gave way to
  // lib/inflate.ts, which inflates each row straight into the row buffer.
  const gray = l.kind === 'gray' && spp === 1
  let place = unpackRow
  if (gray && l.bitsPerSample === 1) {
    const table = bilevelTable(l.whiteIsZero)
    place = (row, _plane, x0) =>
      expandBits(row, Math.min(l.segmentWidth, l.width - x0), table, out, x0)
  } else if (gray && l.bitsPerSample === 8) {
    const table = levelTable(8, l.whiteIsZero)
    place = (row, _plane, x0) =>
      copyGray8(row, Math.min(l.segmentWidth, l.width - x0), l.predictor, table, out, x0)
  }
  const writeRow = place === unpackRow ? writePixels : () => {}

  const perPlane = l.segmentsAcross * l.segmentsDown
  const inflaters = new InflaterPool()
  if (!l.tiled) {
    const rows = Array.from({ length: planes }, () => new Uint8Array(l.segmentRowBytes))
    for (let strip = 0; strip < l.segmentsDown; strip++) {
      const decoders: SegmentDecoder[] = []
      try {
        for (let plane = 0; plane < planes; plane++) {
          decoders.push(openSegment(l, plane * perPlane + strip, inflaters))
        }
        const count = Math.min(l.segmentHeight, l.height - strip * l.segmentHeight)
        for (let r = 0; r < count; r++) {
          for (let plane = 0; plane < planes; plane++) {
            const row = rows[plane]!
            const pending = decoders[plane]!.read(row)
            if (pending) await pending
            place(row, plane, 0)
          }
          writeRow(samples, out)
          yield out
        }
      } finally {
        for (const decoder of decoders) decoder.close()
      }
    }
    return
  }

  const tileRowBytes = l.segmentRowBytes
  const buffer = new Uint8Array(planes * l.segmentsAcross * l.segmentHeight * tileRowBytes)
  const rowAt = (plane: number, across: number, r: number) => {
    const at = ((plane * l.segmentsAcross + across) * l.segmentHeight + r) * tileRowBytes
    return buffer.subarray(at, at + tileRowBytes)
  }
  for (let down = 0; down < l.segmentsDown; down++) {
    const count = Math.min(l.segmentHeight, l.height - down * l.segmentHeight)
    for (let plane = 0; plane < planes; plane++) {
      for (let across = 0; across < l.segmentsAcross; across++) {
        const decoder = openSegment(
          l,
          plane * perPlane + down * l.segmentsAcross + across,
          inflaters,
        )
        try {
          for (let r = 0; r < count; r++) {
            const pending = decoder.read(rowAt(plane, across, r))
            if (pending) await pending
          }
        } finally {
          decoder.close()
        }
      }
    }
    for (let r = 0; r < count; r++) {
      for (let plane = 0; plane < planes; plane++) {
        for (let across = 0; across < l.segmentsAcross; across++) {
          place(rowAt(plane, across, r), plane, across * l.segmentWidth)
        }
      }
      writeRow(samples, out)
      yield out
    }
  }
}

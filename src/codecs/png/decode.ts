/**
 * Streaming PNG decoder (convert path, decode step): `openPng` checks the chunk structure up front,
 * then `rows` inflates the IDAT data straight into a row buffer and un-filters it one row at a time
 * into 8-bit rows.
 * Follows the W3C PNG 3rd edition: chunks §5, IHDR/PLTE/tRNS/pHYs §11, filters §9, Adam7 §8.
 */

import { CodecError, type CodecFailure } from '../../lib/codec-error'
import { crc32 } from '../../lib/crc32'
import { ZlibInflater } from '../../lib/inflate'
import { err, ok, type Result } from '../../lib/result'
import type { Channels, Density, PixelRows } from '../../lib/rows'
import { createWasmInflater, type WasmInflater } from '../../lib/zlib-wasm'
import { type PngHeader, readPngHeader, readUint32 } from './meta'

/** Default cap on the whole-image buffer that an Adam7 file needs, in bytes (64 MiB). */
export const DEFAULT_MAX_INTERLACED_BYTES = 64 * 1024 * 1024

/**
 * Cap on the row buffers, in bytes: two raw rows (current and previous) plus one output row.
 * 16 MiB allows rows up to 838,860 pixels of 16-bit RGBA, or 5.5 million of 8-bit gray.
 */
const MAX_ROW_BUFFER_BYTES = 16 * 1024 * 1024

/** Options for {@link openPng}. */
export interface PngDecodeOptions {
  /**
   * Largest width * height * channels buffer, in bytes, that an Adam7 (interlaced) file may
   * need; larger interlaced files fail with 'too_large'. Default 64 MiB.
   */
  maxInterlacedBytes?: number
  /**
   * The compiled wasm/dist/zlib.wasm (Kernels.zlib): inflate and unfilter run in wasm; without
   * it, in TypeScript (same rows).
   */
  zlib?: WebAssembly.Module | null
}

/** Why {@link openPng} refused a file, with a message for logs. */
export interface PngDecodeError {
  readonly reason: CodecFailure
  readonly message: string
}

const IHDR = 0x49484452
const PLTE = 0x504c5445
const IDAT = 0x49444154
const IEND = 0x49454e44
const TRNS = 0x74524e53
const PHYS = 0x70485973

/** One inch in metres; pHYs unit 1 counts pixels per metre. */
const METRES_PER_INCH = 0.0254

/** What the chunk walk collects: everything the row decoder needs. */
interface PngParts {
  readonly header: PngHeader
  /** IDAT payloads in file order, as views into the input (no copies) */
  readonly idat: Uint8Array[]
  /** PLTE payload: 3 bytes (R, G, B) per entry */
  readonly palette: Uint8Array | undefined
  /** tRNS payload, already checked against the colour type */
  readonly transparency: Uint8Array | undefined
  readonly density: Density | undefined
}

const corrupt = (message: string) => err<PngDecodeError>({ reason: 'corrupt', message })

/**
 * Opens a PNG for row streaming. Synchronously checks the signature, the framing and CRC of every
 * chunk, the IHDR values, PLTE (required for palette images), that there is at least one IDAT and
 * that the IDATs are consecutive, and reads tRNS and pHYs. Nothing is inflated until `rows` is
 * iterated; the IDAT payloads stay views into `bytes`, which must not change while rows are read.
 *
 * Output layout (8 bits per sample): gray → 1 channel (2 with tRNS), RGB → 3 (4 with tRNS),
 * palette → 3 (4 when tRNS is present), gray + alpha → 2, RGBA → 4. Samples of 1, 2 or 4 bits are
 * scaled to 0..255 and 16-bit samples are rounded to 8 bits. `density` is in pixels per inch,
 * present only when pHYs gives pixels per metre.
 *
 * Iterating `rows` (once only) throws {@link CodecError} 'corrupt' for bad zlib data (including
 * an Adler-32 mismatch when the stream ends right after the last row), an invalid filter type, a
 * palette index past the palette, or data that ends before the last row; data beyond the last
 * row is never inflated. Memory is O(row), except for Adam7 files, which are
 * decoded into one width * height * channels buffer before the first row is yielded.
 *
 * @param bytes the whole file
 * @returns the row stream, or a reason: 'corrupt' (broken or invalid structure), 'unsupported'
 *   (an unknown critical chunk), 'too_large' (row buffers above 16 MiB, or an Adam7 image above
 *   `maxInterlacedBytes`)
 */
export function openPng(
  bytes: Uint8Array,
  options: PngDecodeOptions = {},
): Result<PixelRows, PngDecodeError> {
  const header = readPngHeader(bytes)
  if (!header.ok) return corrupt(header.error)
  const parsed = parseChunks(bytes, header.value)
  if (!parsed.ok) return parsed
  const parts = parsed.value
  const { width, height, interlaced } = header.value
  const format = pixelFormat(parts)

  const rowBufferBytes = 2 * (format.rawRowBytes(width) + 1) + width * format.channels
  if (rowBufferBytes > MAX_ROW_BUFFER_BYTES) {
    return err({
      reason: 'too_large',
      message: `a row of ${width} pixels needs ${rowBufferBytes} bytes of buffers (cap ${MAX_ROW_BUFFER_BYTES})`,
    })
  }
  if (interlaced) {
    const maxBytes = options.maxInterlacedBytes ?? DEFAULT_MAX_INTERLACED_BYTES
    const imageBytes = width * height * format.channels
    if (imageBytes > maxBytes) {
      return err({
        reason: 'too_large',
        message: `an interlaced ${width}x${height} image needs ${imageBytes} bytes (cap ${maxBytes})`,
      })
    }
  }

  let started = false
  const rows: AsyncIterable<Uint8Array> = {
    [Symbol.asyncIterator]() {
      if (started) {
        throw new Error('Expected the rows of a PNG to be read once but they were read again')
      }
      started = true
      return decodeRows(parts, format, options.zlib ?? null)
    },
  }
  const image: PixelRows = { width, height, channels: format.channels, rows }
  return ok(parts.density ? { ...image, density: parts.density } : image)
}

/** Walks every chunk after the signature: framing, CRC, ordering, and the chunks we use. */
function parseChunks(bytes: Uint8Array, header: PngHeader): Result<PngParts, PngDecodeError> {
  const idat: Uint8Array[] = []
  let palette: Uint8Array | undefined
  let transparency: Uint8Array | undefined
  let density: Density | undefined
  let idatState: 'before' | 'inside' | 'after' = 'before'
  let pos = 8
  while (pos < bytes.length) {
    if (bytes.length - pos < 12) return corrupt(`truncated chunk header at byte ${pos}`)
    const length = readUint32(bytes, pos)
    const type = readUint32(bytes, pos + 4)
    const name = chunkName(bytes, pos + 4)
    if (name === undefined) return corrupt(`invalid chunk type at byte ${pos + 4}`)
    const start = pos + 8
    const end = start + length
    if (length > 0x7fffffff || end + 4 > bytes.length) {
      return corrupt(`${name} chunk at byte ${pos} (${length} bytes) runs past the end of the file`)
    }
    if (crc32(bytes.subarray(pos + 4, end)) !== readUint32(bytes, end)) {
      return corrupt(`${name} chunk at byte ${pos}: CRC mismatch`)
    }
    const data = bytes.subarray(start, end)
    pos = end + 4
    if (type === IDAT) {
      if (idatState === 'after') return corrupt('IDAT chunks are not consecutive')
      idatState = 'inside'
      idat.push(data)
      continue
    }
    if (idatState === 'inside') idatState = 'after'
    if (type === IEND) break
    switch (type) {
      case IHDR:
        if (start !== 16) return corrupt('more than one IHDR chunk')
        break
      case PLTE: {
        const problem = checkPalette(data, header, palette !== undefined, idatState !== 'before')
        if (problem) return corrupt(problem)
        palette = data
        break
      }
      case TRNS:
        if (idatState === 'before' && transparency === undefined) transparency = data
        break
      case PHYS:
        if (idatState === 'before' && density === undefined) density = readDensity(data)
        break
      default:
        // Bit 5 of the first type byte clear (an upper-case letter) marks a critical chunk.
        if ((bytes[start - 4]! & 0x20) === 0) {
          return err({ reason: 'unsupported', message: `unknown critical chunk ${name}` })
        }
    }
  }
  if (idat.length === 0) return corrupt('no IDAT chunk')
  if (header.colourType === 3 && palette === undefined) {
    return corrupt('palette image without a PLTE chunk')
  }
  return ok({
    header,
    idat,
    palette,
    transparency: checkTransparency(transparency, header, palette),
    density,
  })
}

/** The four type bytes as text, or undefined unless each is an ASCII letter (PNG §5.4). */
function chunkName(bytes: Uint8Array, offset: number): string | undefined {
  let name = ''
  for (let i = offset; i < offset + 4; i++) {
    const c = bytes[i]! | 0x20
    if (c < 0x61 || c > 0x7a) return undefined
    name += String.fromCharCode(bytes[i]!)
  }
  return name
}

/** Why a PLTE chunk is invalid here (PNG §11.2.2), or undefined when it is fine. */
function checkPalette(
  data: Uint8Array,
  header: PngHeader,
  duplicate: boolean,
  afterIdat: boolean,
): string | undefined {
  if (duplicate) return 'more than one PLTE chunk'
  if (afterIdat) return 'PLTE chunk after IDAT'
  if (header.colourType === 0 || header.colourType === 4) {
    return `PLTE chunk in a colour type ${header.colourType} image`
  }
  const entries = data.length / 3
  if (!Number.isInteger(entries) || entries < 1 || entries > 256) {
    return `PLTE chunk of ${data.length} bytes`
  }
  if (header.colourType === 3 && entries > 1 << header.bitDepth) {
    return `PLTE chunk has ${entries} entries, more than ${header.bitDepth}-bit indices can reach`
  }
  return undefined
}

/**
 * The tRNS payload when it is usable for this colour type (PNG §11.3.2.1), else undefined:
 * a misplaced or malformed ancillary chunk is ignored, as the spec allows.
 */
function checkTransparency(
  data: Uint8Array | undefined,
  header: PngHeader,
  palette: Uint8Array | undefined,
): Uint8Array | undefined {
  if (data === undefined) return undefined
  switch (header.colourType) {
    case 0:
      return data.length === 2 ? data : undefined
    case 2:
      return data.length === 6 ? data : undefined
    case 3:
      return palette && data.length >= 1 && data.length <= palette.length / 3 ? data : undefined
    default:
      return undefined
  }
}

/** pHYs → pixels per inch rounded to 0.01, only for unit 1 (metre) and non-zero values. */
function readDensity(data: Uint8Array): Density | undefined {
  if (data.length !== 9 || data[8] !== 1) return undefined
  const x = readUint32(data, 0)
  const y = readUint32(data, 4)
  if (x === 0 || y === 0) return undefined
  const toDpi = (perMetre: number) => Math.round(perMetre * METRES_PER_INCH * 100) / 100
  return { x: toDpi(x), y: toDpi(y) }
}

/**
 * Writes `pixels` decoded pixels of one raw (un-filtered) row into `out`, in the output layout.
 * `raw` holds the row without its filter byte.
 */
type Expand = (raw: Uint8Array, out: Uint8Array, pixels: number) => void

/** How raw rows of one image turn into output rows. */
interface PixelFormat {
  readonly channels: Channels
  /** bytes between a byte and the same byte of the pixel to its left (PNG §9.2 "bpp") */
  readonly filterStride: number
  /** raw bytes for `pixels` pixels, without the filter byte */
  readonly rawRowBytes: (pixels: number) => number
  /** builds the expander; called once per decode, since some need a scratch row */
  readonly expander: (width: number) => Expand
}

const SAMPLES_PER_PIXEL: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }

function pixelFormat(parts: PngParts): PixelFormat {
  const { colourType, bitDepth } = parts.header
  const bitsPerPixel = SAMPLES_PER_PIXEL[colourType]! * bitDepth
  const trns = parts.transparency
  const channels = (
    colourType === 0 ? (trns ? 2 : 1) : colourType === 4 ? 2 : colourType === 6 ? 4 : trns ? 4 : 3
  ) as Channels
  return {
    channels,
    filterStride: Math.max(1, bitsPerPixel >> 3),
    rawRowBytes: (pixels) => Math.ceil((pixels * bitsPerPixel) / 8),
    expander: (width) => makeExpander(parts, channels, width),
  }
}

/** Chooses the conversion for one colour type / bit depth / tRNS combination. */
function makeExpander(parts: PngParts, channels: Channels, width: number): Expand {
  const { colourType, bitDepth } = parts.header
  const trns = parts.transparency
  if (colourType === 3) return paletteExpander(parts.palette!, trns, bitDepth, width)
  if (colourType === 0 && bitDepth < 8) return lowBitGrayExpander(trns, bitDepth, width)
  if (bitDepth === 16) {
    if (colourType === 0 && trns) return gray16KeyExpander(readUint16(trns, 0))
    if (colourType === 2 && trns) {
      return rgb16KeyExpander(readUint16(trns, 0), readUint16(trns, 2), readUint16(trns, 4))
    }
    return (raw, out, pixels) => reduce16(raw, out, pixels * channels)
  }
  if (colourType === 0 && trns) return gray8KeyExpander(readUint16(trns, 0))
  if (colourType === 2 && trns) {
    return rgb8KeyExpander(readUint16(trns, 0), readUint16(trns, 2), readUint16(trns, 4))
  }
  return (raw, out, pixels) => out.set(raw.subarray(0, pixels * channels))
}

const readUint16 = (bytes: Uint8Array, offset: number) => (bytes[offset]! << 8) | bytes[offset + 1]!

/** 16 → 8 bits with rounding: floor((v * 255 + 32767) / 65535), as integer arithmetic. */
function reduce16(raw: Uint8Array, out: Uint8Array, samples: number): void {
  for (let i = 0, j = 0; i < samples; i++, j += 2) {
    const v = ((raw[j]! << 8) | raw[j + 1]!) + 128
    out[i] = (v - (v >> 8)) >> 8
  }
}

function gray8KeyExpander(key: number): Expand {
  return (raw, out, pixels) => {
    for (let x = 0, o = 0; x < pixels; x++, o += 2) {
      const v = raw[x]!
      out[o] = v
      out[o + 1] = v === key ? 0 : 255
    }
  }
}

function rgb8KeyExpander(r: number, g: number, b: number): Expand {
  return (raw, out, pixels) => {
    for (let x = 0, i = 0, o = 0; x < pixels; x++, i += 3, o += 4) {
      const vr = raw[i]!
      const vg = raw[i + 1]!
      const vb = raw[i + 2]!
      out[o] = vr
      out[o + 1] = vg
      out[o + 2] = vb
      out[o + 3] = vr === r && vg === g && vb === b ? 0 : 255
    }
  }
}

/** 16-bit gray with a tRNS key: the key is compared with the full 16-bit sample. */
function gray16KeyExpander(key: number): Expand {
  return (raw, out, pixels) => {
    for (let x = 0, i = 0, o = 0; x < pixels; x++, i += 2, o += 2) {
      const v = (raw[i]! << 8) | raw[i + 1]!
      const w = v + 128
      out[o] = (w - (w >> 8)) >> 8
      out[o + 1] = v === key ? 0 : 255
    }
  }
}

function rgb16KeyExpander(r: number, g: number, b: number): Expand {
  return (raw, out, pixels) => {
    for (let x = 0, i = 0, o = 0; x < pixels; x++, i += 6, o += 4) {
      const vr = (raw[i]! << 8) | raw[i + 1]!
      const vg = (raw[i + 2]! << 8) | raw[i + 3]!
      const vb = (raw[i + 4]! << 8) | raw[i + 5]!
      let w = vr + 128
      out[o] = (w - (w >> 8)) >> 8
      w = vg + 128
      out[o + 1] = (w - (w >> 8)) >> 8
      w = vb + 128
      out[o + 2] = (w - (w >> 8)) >> 8
      out[o + 3] = vr === r && vg === g && vb === b ? 0 : 255
    }
  }
}

/**
 * Unpacks `count` samples of `depth` bits (1, 2 or 4; most significant bits first, PNG §7.2)
 * from `raw` into one byte each of `out`, mapped through `table`.
 */
function unpack(
  raw: Uint8Array,
  out: Uint8Array,
  count: number,
  depth: number,
  table: Uint8Array,
): void {
  const perByte = 8 / depth
  const mask = (1 << depth) - 1
  const whole = Math.floor(count / perByte)
  let x = 0
  for (let i = 0; i < whole; i++) {
    const byte = raw[i]!
    for (let shift = 8 - depth; shift >= 0; shift -= depth)
      out[x++] = table[(byte >> shift) & mask]!
  }
  const byte = raw[whole] ?? 0
  for (let shift = 8 - depth; x < count; shift -= depth) out[x++] = table[(byte >> shift) & mask]!
}

/** Gray with 1, 2 or 4 bits per sample, scaled to 0..255 (1-bit 0/255, 2-bit 0/85/170/255). */
function lowBitGrayExpander(trns: Uint8Array | undefined, depth: number, width: number): Expand {
  const max = (1 << depth) - 1
  const scale = new Uint8Array(max + 1).map((_, v) => (v * 255) / max)
  if (!trns) return (raw, out, pixels) => unpack(raw, out, pixels, depth, scale)
  const key = readUint16(trns, 0)
  const identity = new Uint8Array(max + 1).map((_, v) => v)
  const samples = new Uint8Array(width)
  return (raw, out, pixels) => {
    unpack(raw, samples, pixels, depth, identity)
    for (let x = 0, o = 0; x < pixels; x++, o += 2) {
      const v = samples[x]!
      out[o] = scale[v]!
      out[o + 1] = v === key ? 0 : 255
    }
  }
}

/** Palette indices (1, 2, 4 or 8 bits) → RGB, or RGBA when tRNS is present. */
function paletteExpander(
  plte: Uint8Array,
  trns: Uint8Array | undefined,
  depth: number,
  width: number,
): Expand {
  const entries = plte.length / 3
  const lut = new Uint8Array(256 * 4)
  for (let i = 0; i < entries; i++) {
    lut[i * 4] = plte[i * 3]!
    lut[i * 4 + 1] = plte[i * 3 + 1]!
    lut[i * 4 + 2] = plte[i * 3 + 2]!
    lut[i * 4 + 3] = trns?.[i] ?? 255
  }
  const identity = new Uint8Array(256).map((_, v) => v)
  const indices = depth < 8 ? new Uint8Array(width) : undefined
  const channels = trns ? 4 : 3
  return (raw, out, pixels) => {
    let src = raw
    if (indices) {
      unpack(raw, indices, pixels, depth, identity)
      src = indices
    }
    for (let x = 0, o = 0; x < pixels; x++, o += channels) {
      const index = src[x]!
      if (index >= entries) {
        throw new CodecError(
          'corrupt',
          `palette index ${index} at pixel ${x} is past the ${entries}-entry palette`,
        )
      }
      const s = index * 4
      out[o] = lut[s]!
      out[o + 1] = lut[s + 1]!
      out[o + 2] = lut[s + 2]!
      if (channels === 4) out[o + 3] = lut[s + 3]!
    }
  }
}

/**
 * Reverses the row filter named by `line[0]` in place (PNG §9.2-§9.4). `line` and `prior` hold
 * the filter byte at index 0 and `length - 1` data bytes; `prior` is the previous un-filtered row
 * of the same pass, all zeros for the first row. Uint8Array stores wrap modulo 256.
 */
function unfilter(line: Uint8Array, prior: Uint8Array, length: number, bpp: number): void {
  const type = line[0]!
  const edge = Math.min(length, 1 + bpp)
  switch (type) {
    case 0:
      return
    case 1:
      for (let i = edge; i < length; i++) line[i] = line[i]! + line[i - bpp]!
      return
    case 2:
      for (let i = 1; i < length; i++) line[i] = line[i]! + prior[i]!
      return
    case 3:
      for (let i = 1; i < edge; i++) line[i] = line[i]! + (prior[i]! >> 1)
      for (let i = edge; i < length; i++) line[i] = line[i]! + ((line[i - bpp]! + prior[i]!) >> 1)
      return
    case 4:
      // With no left neighbour the Paeth predictor is the byte above.
      for (let i = 1; i < edge; i++) line[i] = line[i]! + prior[i]!
      for (let i = edge; i < length; i++) {
        const a = line[i - bpp]!
        const b = prior[i]!
        const c = prior[i - bpp]!
        const pa = Math.abs(b - c)
        const pb = Math.abs(a - c)
        const pc = Math.abs(a + b - 2 * c)
        line[i] = line[i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
      }
      return
    default:
      throw new CodecError('corrupt', `invalid filter type ${type}`)
  }
}

/** One reduced image of the Adam7 sequence, or the whole image when not interlaced. */
interface Pass {
  readonly x0: number
  readonly y0: number
  readonly dx: number
  readonly dy: number
  /** pixels per row of this pass */
  readonly pixels: number
  readonly rows: number
  /** bytes per row including the filter byte */
  readonly stride: number
}

/** Adam7 pass origins and steps (PNG §8.2): x0, y0, dx, dy. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const

/** The passes holding data, in file order; a pass with no columns or no rows has no bytes. */
function passesOf(header: PngHeader, format: PixelFormat): Pass[] {
  const { width, height } = header
  if (!header.interlaced) {
    const stride = format.rawRowBytes(width) + 1
    return [{ x0: 0, y0: 0, dx: 1, dy: 1, pixels: width, rows: height, stride }]
  }
  const passes: Pass[] = []
  for (const [x0, y0, dx, dy] of ADAM7) {
    const pixels = Math.ceil((width - x0) / dx)
    const rows = Math.ceil((height - y0) / dy)
    if (pixels <= 0 || rows <= 0) continue
    passes.push({ x0, y0, dx, dy, pixels, rows, stride: format.rawRowBytes(pixels) + 1 })
  }
  return passes
}

/**
 * What both row decoders work from: the passes and their row count, the row handed out and, for
 * Adam7, the full image the passes are scattered into.
 */
function rowPlan(header: PngHeader, format: PixelFormat) {
  const { width, height } = header
  const channels = format.channels
  const passes = passesOf(header, format)
  const rowBytes = width * channels
  return {
    width,
    height,
    channels,
    bpp: format.filterStride,
    passes,
    total: passes.reduce((sum, p) => sum + p.rows, 0),
    expand: format.expander(width),
    rowBytes,
    out: new Uint8Array(rowBytes),
    image: header.interlaced ? new Uint8Array(rowBytes * height) : undefined,
    maxStride: format.rawRowBytes(width) + 1,
  }
}

/**
 * Inflates and un-filters the IDAT stream. Each row (filter byte and data) is inflated straight
 * into one of two reused line buffers, exactly its length, so nothing past the last row is ever
 * inflated, which bounds the work a zlib bomb can cause. A non-interlaced row is yielded as soon
 * as it is complete; Adam7 passes are scattered into a full image buffer first. It returns the
 * kernel's or the TypeScript generator itself: a `yield*` layer would cost each row a promise.
 */
function decodeRows(
  parts: PngParts,
  format: PixelFormat,
  zlib: WebAssembly.Module | null,
): AsyncGenerator<Uint8Array> {
  return zlib ? decodeRowsWasm(parts, format, zlib) : decodeRowsJs(parts, format)
}

/** decodeRows in TypeScript (no zlib kernel). */
async function* decodeRowsJs(parts: PngParts, format: PixelFormat): AsyncGenerator<Uint8Array> {
  const { width, height, channels, bpp, passes, total, expand, rowBytes, out, image, maxStride } =
    rowPlan(parts.header, format)
  let line = new Uint8Array(maxStride)
  let prior = new Uint8Array(maxStride)
  let lineData = line.subarray(1)
  let priorData = prior.subarray(1)

  const inflater = new ZlibInflater(parts.idat)
  let rowsDone = 0
  for (const pass of passes) {
    prior.fill(0, 0, pass.stride)
    for (let row = 0; row < pass.rows; row++) {
      if (inflateRow(inflater, line, pass.stride, rowsDone, total) < pass.stride) {
        throw new CodecError('corrupt', `image data ends after ${rowsDone} of ${total} rows`)
      }
      rowsDone++
      if (rowsDone === total) finishStream(inflater, total)
      unfilter(line, prior, pass.stride, bpp)
      expand(lineData, out, pass.pixels)
      if (image) scatter(out, image, pass, row, width, channels)
      else yield out
      const swap = line
      line = prior
      prior = swap
      const swapData = lineData
      lineData = priorData
      priorData = swapData
    }
  }
  if (image) {
    for (let y = 0; y < height; y++) yield image.subarray(y * rowBytes, (y + 1) * rowBytes)
  }
}

/**
 * decodeRows with the wasm kernel: each row is inflated and un-filtered in wasm memory, then
 * expanded from there into the row handed out.
 */
async function* decodeRowsWasm(
  parts: PngParts,
  format: PixelFormat,
  zlib: WebAssembly.Module,
): AsyncGenerator<Uint8Array> {
  const { width, height, channels, bpp, passes, total, expand, rowBytes, out, image, maxStride } =
    rowPlan(parts.header, format)
  const inflater = await createWasmInflater(zlib, parts.idat, { rowBytes: maxStride })
  let rowsDone = 0
  for (const pass of passes) {
    inflater.startPass()
    for (let row = 0; row < pass.rows; row++) {
      const line = wasmRow(inflater, pass.stride, rowsDone, total)
      if (line.length < pass.stride) {
        throw new CodecError('corrupt', `image data ends after ${rowsDone} of ${total} rows`)
      }
      rowsDone++
      if (rowsDone === total) finishStream(inflater, total)
      const data = inflater.unfilterRow(line, bpp).subarray(1)
      expand(data, out, pass.pixels)
      if (image) scatter(out, image, pass, row, width, channels)
      else yield out
    }
  }
  if (image) {
    for (let y = 0; y < height; y++) yield image.subarray(y * rowBytes, (y + 1) * rowBytes)
  }
}

function wasmRow(inflater: WasmInflater, stride: number, rowsDone: number, total: number) {
  try {
    return inflater.readRow(stride)
  } catch (error) {
    throw idatError(error, `row ${rowsDone + 1} of ${total}`)
  }
}

/** Inflates the next `stride` bytes into `line`, naming the row when the data is corrupt. */
function inflateRow(
  inflater: ZlibInflater,
  line: Uint8Array,
  stride: number,
  rowsDone: number,
  total: number,
): number {
  try {
    return inflater.read(line, 0, stride)
  } catch (error) {
    throw idatError(error, `row ${rowsDone + 1} of ${total}`)
  }
}

/**
 * After the last row: when the zlib stream ends right there (end-of-block codes, then the
 * Adler-32, within 1 KiB of compressed data), reads that end, so a checksum mismatch is caught
 * before the last row is handed out. Extra data after the rows, or a stream cut off after them,
 * is ignored, as before: only the rows matter, and nothing more is inflated.
 */
function finishStream(inflater: ZlibInflater | WasmInflater, total: number): void {
  try {
    inflater.finish()
  } catch (error) {
    throw idatError(error, `after all ${total} rows`)
  }
}

function idatError(error: unknown, where: string): unknown {
  if (!(error instanceof CodecError)) return error
  return new CodecError('corrupt', `IDAT data does not inflate (${where}): ${error.message}`)
}

/** Copies one decoded Adam7 pass row into its pixels of the full image. */
function scatter(
  passRow: Uint8Array,
  image: Uint8Array,
  pass: Pass,
  row: number,
  width: number,
  channels: number,
): void {
  const step = pass.dx * channels
  let o = ((pass.y0 + row * pass.dy) * width + pass.x0) * channels
  for (let x = 0, i = 0; x < pass.pixels; x++, o += step) {
    for (let c = 0; c < channels; c++) image[o + c] = passRow[i++]!
  }
}

// Shared by the fuzz suites (test/codecs/fuzz-*.test.ts, test/api/fuzz-*.test.ts): the run
// settings (a fixed seed, a number of runs and a time cap per test, all overridable), one way to
// run a fast-check property and report its case count, builders of valid base files to bend (PNG
// of any colour type and bit depth, plain or Adam7; TIFF with any tags, compression and layout;
// zlib bombs), and the decode path an upload takes, which may only succeed or throw CodecError.
//
// Settings come from the environment (vitest.config.ts passes FUZZ_* through to workerd):
//   FUZZ_SEED=7 FUZZ_RUNS=5000 FUZZ_TIME_MS=600000 npx vitest run --project unit test/codecs/fuzz-*.test.ts

import fc from 'fast-check'
import { expect } from 'vitest'
import { BLACK_BITS, BLACK_CODE, WHITE_BITS, WHITE_CODE } from '../../src/codecs/ccitt/codes'
import { G4Encoder } from '../../src/codecs/ccitt/encode'
import { openImage } from '../../src/codecs/decode'
import { sniffImage } from '../../src/codecs/sniff'
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE_PX } from '../../src/http/input/image-input'
import { concatBytes } from '../../src/lib/bytes'
import { CodecError, type CodecFailure } from '../../src/lib/codec-error'
import { crc32 } from '../../src/lib/crc32'
import { deflateBytes } from '../../src/lib/deflate'

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

const ENV = import.meta.env as Record<string, string | undefined>

function setting(name: string): number | undefined {
  const text = ENV[name]
  if (text === undefined || text === '') return undefined
  const value = Number(text)
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`Expected a non-negative integer for ${name} but received ${text}`)
  }
  return value
}

/** The seed every property starts from; a failure report names the seed and path to replay. */
export const FUZZ_SEED = setting('FUZZ_SEED') ?? 20_260_817
/** Runs per property when set (a long run); otherwise each property's own default. */
export const FUZZ_RUNS = setting('FUZZ_RUNS')
/** Wall-clock cap per property, ms: fast-check stops generating cases after it (not a failure). */
export const FUZZ_TIME_MS = setting('FUZZ_TIME_MS') ?? (FUZZ_RUNS ? 300_000 : 15_000)
/** Longest a single case may take, ms; a slower case fails as a hang. */
export const CASE_TIME_MS = setting('FUZZ_CASE_MS') ?? 5_000
/** The vitest timeout for one fuzz test: the time cap plus room for setup. */
export const FUZZ_TEST_TIMEOUT_MS = FUZZ_TIME_MS + 60_000

/** What one property run did, for the suite's summary line. */
export interface FuzzReport {
  name: string
  runs: number
  ms: number
  interrupted: boolean
}

const reports: FuzzReport[] = []

/** Every property run so far in this file. */
export const fuzzReports = (): readonly FuzzReport[] => reports

/**
 * Runs `property` with the shared seed, `defaultRuns` cases (or FUZZ_RUNS), the time cap and a
 * per-case timeout; fails the test with fast-check's report (seed, path, counterexample) on the
 * first failing case, after shrinking. Logs and returns the case count and time.
 */
export async function runProperty<T>(
  name: string,
  property: fc.IAsyncProperty<T> | fc.IProperty<T>,
  defaultRuns: number,
  extra: Partial<fc.Parameters<T>> = {},
  outcomes?: Tally,
): Promise<FuzzReport> {
  const started = performance.now()
  const details = await fc.check(
    property as fc.IAsyncProperty<T>,
    {
      seed: FUZZ_SEED,
      numRuns: FUZZ_RUNS ?? defaultRuns,
      interruptAfterTimeLimit: FUZZ_TIME_MS,
      timeout: CASE_TIME_MS,
      ...extra,
    } as fc.Parameters<T>,
  )
  if (details.failed) throw new Error(`${name}: ${fc.defaultReportMessage(details)}`)
  const report = {
    name,
    runs: details.numRuns,
    ms: Math.round(performance.now() - started),
    interrupted: details.interrupted,
  }
  reports.push(report)
  console.log(
    `[fuzz] ${name}: ${report.runs} cases in ${report.ms} ms (seed ${FUZZ_SEED}${report.interrupted ? ', stopped by FUZZ_TIME_MS' : ''})${outcomes ? ` ${outcomes}` : ''}`,
  )
  return report
}

/** Counts labelled outcomes, so a suite can check its cases reach the code they aim at. */
export class Tally {
  readonly counts: Record<string, number> = {}
  add(label: string): void {
    this.counts[label] = (this.counts[label] ?? 0) + 1
  }
  get(label: string): number {
    return this.counts[label] ?? 0
  }
  toString(): string {
    return JSON.stringify(this.counts)
  }
}

/** Times `work` and fails when it takes longer than `ms`. */
export async function within<T>(ms: number, what: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now()
  const result = await work()
  const took = performance.now() - started
  expect(took, `${what} took ${Math.round(took)} ms (cap ${ms} ms)`).toBeLessThan(ms)
  return result
}

// ---------------------------------------------------------------------------------------------
// The decode path of an upload
// ---------------------------------------------------------------------------------------------

/** How an input fared on the way to its rows; anything else thrown is a bug. */
export type DecodeOutcome =
  | { kind: 'refused'; reason: 'unsupported' | 'corrupt' }
  | { kind: 'over caps'; width: number; height: number }
  | { kind: 'codec error'; reason: CodecFailure; message: string }
  | { kind: 'decoded'; width: number; height: number; channels: number; pixels: Uint8Array }

/**
 * What the API does with an uploaded file, up to its rows: sniff and probe the header, refuse
 * over the global caps (and `maxPixels`, an operation's own cap), open, read every row. Checks
 * each row's length and count, and that the decoder produced no more pixels than the header
 * admitted. Returns the outcome; rethrows anything but a CodecError.
 */
export async function throughDecoders(
  bytes: Uint8Array,
  options: { maxPixels?: number; keepPixels?: boolean } = {},
): Promise<DecodeOutcome> {
  const sniffed = sniffImage(bytes)
  if (!sniffed.ok) return { kind: 'refused', reason: sniffed.error.reason }
  const { type, width, height } = sniffed.value
  const cap = Math.min(MAX_IMAGE_PIXELS, options.maxPixels ?? MAX_IMAGE_PIXELS)
  if (width > MAX_IMAGE_SIDE_PX || height > MAX_IMAGE_SIDE_PX || width * height > cap) {
    return { kind: 'over caps', width, height }
  }
  try {
    const image = await openImage(bytes, type)
    if (image.width * image.height > width * height) {
      throw new Error(
        `decoded ${image.width}x${image.height} from a header that said ${width}x${height}`,
      )
    }
    const rowBytes = image.width * image.channels
    const kept: Uint8Array[] = []
    let rows = 0
    for await (const row of image.rows) {
      if (row.length !== rowBytes) throw new Error(`row ${rows} has ${row.length} of ${rowBytes}`)
      if (options.keepPixels) kept.push(row.slice())
      rows++
    }
    const pixels = concatBytes(kept)
    if (rows !== image.height) throw new Error(`${rows} rows for a height of ${image.height}`)
    return {
      kind: 'decoded',
      width: image.width,
      height: image.height,
      channels: image.channels,
      pixels,
    }
  } catch (error) {
    if (error instanceof CodecError) {
      return { kind: 'codec error', reason: error.reason, message: error.message }
    }
    throw error
  }
}

/** A label for a tally: the outcome kind, with the reason for refusals and codec errors. */
export const outcomeLabel = (o: DecodeOutcome): string =>
  o.kind === 'refused' || o.kind === 'codec error' ? `${o.kind}: ${o.reason}` : o.kind

// ---------------------------------------------------------------------------------------------
// Byte-level mutations
// ---------------------------------------------------------------------------------------------

/** One way to bend a file, applied at a position given as a fraction of its length. */
export type Mutation =
  | { op: 'flip'; at: number; bit: number }
  | { op: 'set'; at: number; value: number }
  | { op: 'truncate'; at: number }
  | { op: 'zero'; at: number; length: number }
  | { op: 'repeat'; at: number; length: number }
  | { op: 'delete'; at: number; length: number }
  | { op: 'insert'; at: number; bytes: Uint8Array }
  | { op: 'u32'; at: number; value: number; littleEndian: boolean }
  | { op: 'u16'; at: number; value: number; littleEndian: boolean }

/**
 * A position as a fraction of a length in [0, 1). From integers, not fc.double, whose bias
 * towards tiny values would put most mutations at the very start of the file.
 */
export const fractionArb = fc.nat({ max: 0xffffffff }).map((n) => n / 2 ** 32)
const position = fractionArb
const interesting32 = fc.constantFrom(0, 1, 0x7f, 0xff, 0xffff, 0x7fffffff, 0x80000000, 0xffffffff)
const interesting16 = fc.constantFrom(0, 1, 0x7f, 0xff, 0x7fff, 0x8000, 0xffff)

/** Arbitrary mutations: bit flips, byte values, cuts, runs zeroed, repeated, deleted or inserted. */
export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    op: fc.constant('flip' as const),
    at: position,
    bit: fc.integer({ min: 0, max: 7 }),
  }),
  fc.record({
    op: fc.constant('set' as const),
    at: position,
    value: fc.integer({ min: 0, max: 255 }),
  }),
  fc.record({ op: fc.constant('truncate' as const), at: position }),
  fc.record({
    op: fc.constant('zero' as const),
    at: position,
    length: fc.integer({ min: 1, max: 64 }),
  }),
  fc.record({
    op: fc.constant('repeat' as const),
    at: position,
    length: fc.integer({ min: 1, max: 256 }),
  }),
  fc.record({
    op: fc.constant('delete' as const),
    at: position,
    length: fc.integer({ min: 1, max: 64 }),
  }),
  fc.record({
    op: fc.constant('insert' as const),
    at: position,
    bytes: fc.uint8Array({ minLength: 1, maxLength: 32 }),
  }),
  fc.record({
    op: fc.constant('u32' as const),
    at: position,
    value: interesting32,
    littleEndian: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('u16' as const),
    at: position,
    value: interesting16,
    littleEndian: fc.boolean(),
  }),
)

/**
 * Applies `mutations` in order; positions are fractions of the current length, offset past the
 * first `keep` bytes (the signature) so most mutants still reach the decoder.
 */
export function mutate(bytes: Uint8Array, mutations: readonly Mutation[], keep = 0): Uint8Array {
  let b: Uint8Array = bytes.slice()
  for (const m of mutations) {
    const span = Math.max(1, b.length - keep)
    const at = Math.min(b.length - 1, keep + Math.floor(m.at * span))
    if (at < 0) break
    switch (m.op) {
      case 'flip':
        b[at]! ^= 1 << m.bit
        break
      case 'set':
        b[at] = m.value
        break
      case 'truncate':
        b = b.slice(0, at)
        break
      case 'zero':
        b.fill(0, at, at + m.length)
        break
      case 'repeat': {
        const from = Math.max(0, at - m.length)
        b = concatBytes([b.subarray(0, at), b.subarray(from, at), b.subarray(at)])
        break
      }
      case 'delete':
        b = concatBytes([b.subarray(0, at), b.subarray(at + m.length)])
        break
      case 'insert':
        b = concatBytes([b.subarray(0, at), m.bytes, b.subarray(at)])
        break
      case 'u32':
      case 'u16': {
        const size = m.op === 'u32' ? 4 : 2
        if (b.length < size) break
        const view = new DataView(b.buffer, b.byteOffset, b.byteLength)
        const where = Math.min(at, b.length - size)
        if (m.op === 'u32') view.setUint32(where, m.value, m.littleEndian)
        else view.setUint16(where, m.value, m.littleEndian)
        break
      }
    }
  }
  return b
}

// ---------------------------------------------------------------------------------------------
// Bits and zlib
// ---------------------------------------------------------------------------------------------

/** Writes codes most significant bit first (CCITT, TIFF LZW). */
export class MsbBitWriter {
  readonly #bytes: number[] = []
  #acc = 0
  #bits = 0
  put(code: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) {
      this.#acc = (this.#acc << 1) | ((code >>> i) & 1)
      if (++this.#bits === 8) {
        this.#bytes.push(this.#acc)
        this.#acc = 0
        this.#bits = 0
      }
    }
  }
  /** Pads with zero bits to the next byte boundary. */
  align(): void {
    if (this.#bits > 0) this.put(0, 8 - this.#bits)
  }
  finish(): Uint8Array {
    this.align()
    return Uint8Array.from(this.#bytes)
  }
}

/** zlib-compresses `bytes` with the platform's CompressionStream. */
export async function zlib(bytes: Uint8Array): Promise<Uint8Array> {
  return concatBytes((await deflateBytes(bytes)).parts)
}

/**
 * A zlib stream that inflates to `outputBytes` zero bytes (rounded up to 258) from about
 * outputBytes / 1032 bytes, the DEFLATE maximum: one dynamic-Huffman block (RFC 1951 §3.2.7)
 * whose codes are literal 0 (2 bits), end-of-block (2 bits), length 258 (1 bit) and distances 1
 * and 2 (1 bit each), then a literal 0 and length-258, distance-1 copies of 2 bits each, with no
 * end-of-block and no Adler-32, as a bomb would be cut. 1 GiB of output from 1 MiB of input.
 */
export function zlibBomb(outputBytes: number): Uint8Array {
  const copies = Math.ceil(Math.max(0, outputBytes - 1) / 258)
  const out = new Uint8Array(64 + Math.ceil(copies / 4))
  out[0] = 0x78
  out[1] = 0x01
  let pos = 2
  let acc = 0
  let bits = 0
  // DEFLATE packs values least significant bit first; Huffman codes go in reversed (§3.1.1).
  const put = (value: number, length: number) => {
    acc |= value << bits
    bits += length
    while (bits >= 8) {
      out[pos++] = acc & 0xff
      acc >>>= 8
      bits -= 8
    }
  }
  const putCode = (code: number, length: number) => {
    let reversed = 0
    for (let i = 0; i < length; i++) reversed |= ((code >> i) & 1) << (length - 1 - i)
    put(reversed, length)
  }
  put(1, 1) // BFINAL
  put(2, 2) // BTYPE 10: dynamic Huffman
  put(286 - 257, 5) // HLIT: 286 literal/length codes
  put(2 - 1, 5) // HDIST: 2 distance codes
  put(18 - 4, 4) // HCLEN: 18 code length codes, in the order below
  // Code length code lengths: symbol 18 (a run of zeros) 1 bit, symbols 1 and 2 two bits each.
  const order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1]
  for (const symbol of order) put(symbol === 18 ? 1 : symbol === 1 || symbol === 2 ? 2 : 0, 3)
  // Canonical code length codes: 18 -> 0, 1 -> 10, 2 -> 11.
  const length2 = () => putCode(0b11, 2)
  const length1 = () => putCode(0b10, 2)
  const zeros = (n: number) => {
    putCode(0, 1)
    put(n - 11, 7)
  }
  length2() // literal 0
  zeros(138) // literals 1..138
  zeros(117) // literals 139..255
  length2() // end-of-block
  zeros(28) // lengths 257..284
  length1() // length 285 (= 258)
  length1() // distance 1
  length1() // distance 2
  // Canonical literal/length codes: 285 -> 0, literal 0 -> 10, end-of-block -> 11; distance 1 -> 0.
  putCode(0b10, 2)
  // Each copy is length 285 (bit 0) then distance 1 (bit 0): the rest is zero bytes.
  const bitsLeft = copies * 2
  const inPlace = Math.min(bitsLeft, (8 - bits) % 8)
  put(0, inPlace)
  pos += Math.ceil((bitsLeft - inPlace) / 8)
  return out.subarray(0, pos)
}

// ---------------------------------------------------------------------------------------------
// PNG
// ---------------------------------------------------------------------------------------------

export const PNG_SIGNATURE = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])

/** One chunk: length, type, data and a correct CRC. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

/** An IHDR chunk. */
export function ihdrChunk(
  width: number,
  height: number,
  bitDepth: number,
  colourType: number,
  interlace = 0,
): Uint8Array {
  const data = new Uint8Array(13)
  const view = new DataView(data.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  data.set([bitDepth, colourType, 0, 0, interlace], 8)
  return pngChunk('IHDR', data)
}

/** Colour types and the bit depths PNG allows for each (PNG §11.2.1). */
export const PNG_FORMATS: ReadonlyArray<{ colourType: 0 | 2 | 3 | 4 | 6; bitDepth: number }> = [
  ...[1, 2, 4, 8, 16].map((bitDepth) => ({ colourType: 0 as const, bitDepth })),
  ...[8, 16].map((bitDepth) => ({ colourType: 2 as const, bitDepth })),
  ...[1, 2, 4, 8].map((bitDepth) => ({ colourType: 3 as const, bitDepth })),
  ...[8, 16].map((bitDepth) => ({ colourType: 4 as const, bitDepth })),
  ...[8, 16].map((bitDepth) => ({ colourType: 6 as const, bitDepth })),
]

const PNG_SAMPLES: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }

/** A PNG image as raw samples, with everything that decides its bytes. */
export interface PngSpec {
  width: number
  height: number
  colourType: 0 | 2 | 3 | 4 | 6
  bitDepth: number
  /** width * height * samples-per-pixel values, each below 2^bitDepth (palette: below entries) */
  samples: Uint16Array
  /** PLTE payload (colour type 3), 3 bytes per entry */
  palette?: Uint8Array
  /** tRNS payload, already of the size its colour type needs */
  trns?: Uint8Array
  /** filter type of each row, cycled */
  filters: number[]
  /** where the compressed stream is cut into IDAT chunks, as fractions of its length */
  idatCuts: number[]
}

/** Arbitrary PNG specs: every colour type and bit depth, sizes from `minSide` to `maxSide`. */
export function pngSpecArb(maxSide = 9, minSide = 1): fc.Arbitrary<PngSpec> {
  return fc
    .record({
      format: fc.constantFrom(...PNG_FORMATS),
      width: fc.integer({ min: minSide, max: maxSide }),
      height: fc.integer({ min: minSide, max: maxSide }),
      seed: fc.integer(),
      entries: fc.integer({ min: 1, max: 256 }),
      withTrns: fc.boolean(),
      filters: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 5 }),
      idatCuts: fc.array(fractionArb, { maxLength: 4 }),
    })
    .map(({ format, width, height, seed, entries, withTrns, filters, idatCuts }) => {
      const { colourType, bitDepth } = format
      const next = xorshift(seed)
      const max = colourType === 3 ? Math.min(entries, 1 << bitDepth) : 2 ** bitDepth
      const samples = new Uint16Array(width * height * PNG_SAMPLES[colourType]!)
      for (let i = 0; i < samples.length; i++) samples[i] = next() % max
      const spec: PngSpec = { width, height, colourType, bitDepth, samples, filters, idatCuts }
      if (colourType === 3) {
        spec.palette = Uint8Array.from({ length: max * 3 }, () => next() & 0xff)
        if (withTrns) spec.trns = Uint8Array.from({ length: 1 + (next() % max) }, () => next())
      } else if (withTrns && (colourType === 0 || colourType === 2)) {
        // Use the value of a real pixel as the key half of the time, so keys match.
        const n = colourType === 0 ? 1 : 3
        const pick = (next() % (width * height)) * n
        const key = new Uint8Array(2 * n)
        for (let c = 0; c < n; c++) {
          const v = next() % 2 === 0 ? samples[pick + c]! : next() % 2 ** bitDepth
          key[2 * c] = v >> 8
          key[2 * c + 1] = v & 0xff
        }
        spec.trns = key
      }
      return spec
    })
}

/** A xorshift32 sequence of non-negative integers. */
export function xorshift(seed: number): () => number {
  let s = seed | 0 || 0x9e3779b9
  return () => {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    return s >>> 0
  }
}

const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const

/** Packs the samples of the pixels `xs` of row `y` into one raw row (PNG §7.2). */
function packRow(spec: PngSpec, y: number, xs: number[]): Uint8Array {
  const spp = PNG_SAMPLES[spec.colourType]!
  const depth = spec.bitDepth
  const out = new Uint8Array(Math.ceil((xs.length * spp * depth) / 8))
  let bit = 0
  for (const x of xs) {
    for (let c = 0; c < spp; c++) {
      const v = spec.samples[(y * spec.width + x) * spp + c]!
      if (depth === 16) {
        out[bit >> 3] = v >> 8
        out[(bit >> 3) + 1] = v & 0xff
      } else if (depth === 8) {
        out[bit >> 3] = v
      } else {
        out[bit >> 3]! |= v << (8 - depth - (bit & 7))
      }
      bit += depth
    }
  }
  return out
}

/** Filters rows straight from the spec's definitions (PNG §9.2), one type per row. */
function filterRows(rows: Uint8Array[], bpp: number, types: number[]): Uint8Array[] {
  return rows.map((row, y) => {
    const prev = y > 0 ? rows[y - 1]! : new Uint8Array(row.length)
    const type = types[y % types.length]!
    const line = new Uint8Array(row.length + 1)
    line[0] = type
    for (let i = 0; i < row.length; i++) {
      const a = i >= bpp ? row[i - bpp]! : 0
      const b = prev[i]!
      const c = i >= bpp ? prev[i - bpp]! : 0
      const p = a + b - c
      const pa = Math.abs(p - a)
      const pb = Math.abs(p - b)
      const pc = Math.abs(p - c)
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
      const predictor = [0, a, b, (a + b) >> 1, paeth][type]!
      line[i + 1] = (row[i]! - predictor + 256) & 0xff
    }
    return line
  })
}

/** The uncompressed IDAT stream of `spec`: filtered rows, in Adam7 pass order when interlaced. */
export function pngScanlines(spec: PngSpec, interlaced: boolean): Uint8Array {
  const bpp = Math.max(1, (PNG_SAMPLES[spec.colourType]! * spec.bitDepth) >> 3)
  const passes = interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const)
  const out: Uint8Array[] = []
  for (const [x0, y0, dx, dy] of passes) {
    const xs: number[] = []
    for (let x = x0; x < spec.width; x += dx) xs.push(x)
    if (xs.length === 0) continue
    const rows: Uint8Array[] = []
    for (let y = y0; y < spec.height; y += dy) rows.push(packRow(spec, y, xs))
    out.push(...filterRows(rows, bpp, spec.filters))
  }
  return concatBytes(out)
}

/** The chunks of `spec` (IHDR, PLTE, tRNS, IDAT…, IEND), each with a correct CRC. */
export async function pngChunks(spec: PngSpec, interlaced: boolean): Promise<Uint8Array[]> {
  const stream = await zlib(pngScanlines(spec, interlaced))
  const cuts = [...new Set(spec.idatCuts.map((f) => Math.floor(f * stream.length)))].sort(
    (a, b) => a - b,
  )
  const idat: Uint8Array[] = []
  let from = 0
  for (const cut of [...cuts, stream.length]) {
    idat.push(pngChunk('IDAT', stream.subarray(from, cut)))
    from = cut
  }
  return [
    ihdrChunk(spec.width, spec.height, spec.bitDepth, spec.colourType, interlaced ? 1 : 0),
    ...(spec.palette ? [pngChunk('PLTE', spec.palette)] : []),
    ...(spec.trns ? [pngChunk('tRNS', spec.trns)] : []),
    ...idat,
    pngChunk('IEND', new Uint8Array(0)),
  ]
}

/** The whole file of `spec`. */
export async function pngFile(spec: PngSpec, interlaced: boolean): Promise<Uint8Array> {
  return concatBytes([PNG_SIGNATURE, ...(await pngChunks(spec, interlaced))])
}

/**
 * What the decoder must yield for `spec`, computed from the samples by the rules of PNG §13.12
 * (sample depth scaling), §11.3.2.1 (tRNS) and openPng's documented layout: gray 1 channel (2
 * with tRNS), gray + alpha 2, RGB 3 (4 with tRNS), palette 3 (4 with tRNS), RGBA 4; 16-bit
 * samples rounded as floor((v * 255 + 32767) / 65535).
 */
export function pngExpected(spec: PngSpec): { channels: number; pixels: Uint8Array } {
  const { colourType: ct, bitDepth: depth, samples, trns, palette } = spec
  const spp = PNG_SAMPLES[ct]!
  const to8 = (v: number) =>
    depth === 16
      ? Math.floor((v * 255 + 32767) / 65535)
      : depth === 8
        ? v
        : (v * 255) / (2 ** depth - 1)
  const key = (c: number) => (trns![2 * c]! << 8) | trns![2 * c + 1]!
  const channels = ct === 0 ? (trns ? 2 : 1) : ct === 4 ? 2 : ct === 6 ? 4 : trns ? 4 : 3
  const n = spec.width * spec.height
  const out = new Uint8Array(n * channels)
  for (let p = 0; p < n; p++) {
    const s = samples.subarray(p * spp, (p + 1) * spp)
    const o = p * channels
    if (ct === 3) {
      const i = s[0]!
      out.set(palette!.subarray(i * 3, i * 3 + 3), o)
      if (trns) out[o + 3] = trns[i] ?? 255
    } else {
      for (let c = 0; c < spp; c++) out[o + c] = to8(s[c]!)
      if (trns && ct === 0) out[o + 1] = s[0] === key(0) ? 0 : 255
      if (trns && ct === 2) {
        out[o + 3] = s[0] === key(0) && s[1] === key(1) && s[2] === key(2) ? 0 : 255
      }
    }
  }
  return { channels, pixels: out }
}

/** Splits a PNG into its chunks (after the signature), trusting their lengths. */
export function splitPngChunks(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = []
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  for (let pos = 8; pos + 12 <= bytes.length; ) {
    const end = pos + 12 + view.getUint32(pos)
    out.push(bytes.subarray(pos, end))
    pos = end
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// TIFF
// ---------------------------------------------------------------------------------------------

/** Bytes per value of the TIFF field types we write. */
const TIFF_TYPE_BYTES: Record<number, number> = {
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

/** One IFD entry to write. `count` and `offset` override what the values imply (hostile files). */
export interface TiffEntry {
  tag: number
  type: number
  values: number[]
  /** the count field, when it should lie about the values */
  count?: number
  /** the value-offset field, when it should point somewhere else */
  offset?: number
}

/** A TIFF to write: entries of the first IFD, the data blocks, and where the chain goes next. */
export interface TiffParts {
  littleEndian: boolean
  entries: TiffEntry[]
  /** placed right after the 8-byte header, in order; see {@link tiffDataOffsets} */
  data: Uint8Array[]
  /** next-IFD field of the first IFD: 'self' loops to itself, else an absolute offset (0 ends) */
  next?: number | 'self'
  /** more IFDs after the first (each with the same entries), their next fields looping back */
  loopIfds?: number
}

/** Offsets of the data blocks of `parts`: they start right after the header. */
export function tiffDataOffsets(data: readonly Uint8Array[]): number[] {
  const offsets: number[] = []
  let at = 8
  for (const block of data) {
    offsets.push(at)
    at += block.length + (block.length & 1)
  }
  return offsets
}

/** Writes a classic TIFF: header, data, the first IFD (and any looping ones), then values. */
export function writeTiff(parts: TiffParts): Uint8Array {
  const le = parts.littleEndian
  const dataEnd = tiffDataOffsets([...parts.data, new Uint8Array(0)]).at(-1)!
  const ifdBytes = 2 + parts.entries.length * 12 + 4
  const ifdCount = 1 + (parts.loopIfds ?? 0)
  const ifdAt = (k: number) => dataEnd + k * ifdBytes
  let valuesAt = ifdAt(ifdCount)
  const valueBlocks: { at: number; bytes: Uint8Array }[] = []
  const encoded = parts.entries.map((entry) => {
    const size = TIFF_TYPE_BYTES[entry.type] ?? 1
    const bytes = new Uint8Array(Math.max(4, entry.values.length * size))
    const view = new DataView(bytes.buffer)
    entry.values.forEach((v, i) => {
      const at = i * size
      switch (entry.type) {
        case 3:
          view.setUint16(at, v, le)
          break
        case 8:
          view.setInt16(at, v, le)
          break
        case 4:
        case 13:
          view.setUint32(at, v >>> 0, le)
          break
        case 9:
          view.setInt32(at, v, le)
          break
        case 5:
        case 10:
          view.setUint32(at, v >>> 0, le)
          view.setUint32(at + 4, 1, le)
          break
        case 11:
          view.setFloat32(at, v, le)
          break
        case 12:
          view.setFloat64(at, v, le)
          break
        default:
          bytes[at] = v
      }
    })
    const inline = entry.values.length * size <= 4
    let offset = entry.offset
    if (!inline && offset === undefined) {
      offset = valuesAt
      valueBlocks.push({ at: valuesAt, bytes })
      valuesAt += bytes.length + (bytes.length & 1)
    }
    return { entry, inline: bytes.subarray(0, 4), offset }
  })
  const out = new Uint8Array(valuesAt)
  const view = new DataView(out.buffer)
  out.set(le ? [0x49, 0x49, 42, 0] : [0x4d, 0x4d, 0, 42])
  view.setUint32(4, ifdAt(0), le)
  tiffDataOffsets(parts.data).forEach((at, i) => {
    out.set(parts.data[i]!, at)
  })
  for (let k = 0; k < ifdCount; k++) {
    const at = ifdAt(k)
    view.setUint16(at, parts.entries.length, le)
    encoded.forEach(({ entry, inline, offset }, i) => {
      const e = at + 2 + i * 12
      view.setUint16(e, entry.tag, le)
      view.setUint16(e + 2, entry.type, le)
      view.setUint32(e + 4, entry.count ?? entry.values.length, le)
      if (offset !== undefined) view.setUint32(e + 8, offset >>> 0, le)
      else out.set(inline, e + 8)
    })
    const last = at + 2 + parts.entries.length * 12
    const next =
      k + 1 < ifdCount
        ? ifdAt(k + 1)
        : parts.loopIfds
          ? ifdAt(0)
          : parts.next === 'self'
            ? at
            : (parts.next ?? 0)
    view.setUint32(last, next, le)
  }
  for (const block of valueBlocks) out.set(block.bytes, block.at)
  return out
}

/** The kinds of image the TIFF round trip writes. */
export type TiffKind = 'bilevel' | 'gray8' | 'rgb8' | 'rgba8'

/** A TIFF image to build: pixels and every choice that decides the bytes. */
export interface TiffSpec {
  kind: TiffKind
  width: number
  height: number
  /** bilevel: one 0/1 per pixel; else 8-bit samples, interleaved */
  samples: Uint8Array
  compression: number
  /** bilevel only: 0 WhiteIsZero or 1 BlackIsZero */
  photometric: number
  predictor: boolean
  planar: boolean
  littleEndian: boolean
  /** rows per strip, or a tile size when `tile` is set */
  rowsPerStrip: number
  tile?: { width: number; height: number }
}

export const TIFF_SAMPLES: Record<TiffKind, number> = { bilevel: 1, gray8: 1, rgb8: 3, rgba8: 4 }

/** Compressions each kind can be written with here. */
export const TIFF_COMPRESSIONS: Record<TiffKind, number[]> = {
  bilevel: [1, 2, 3, 4, 5, 8, 32773, 32946],
  gray8: [1, 5, 8, 32773, 32946],
  rgb8: [1, 5, 8, 32773, 32946],
  rgba8: [1, 5, 8, 32773, 32946],
}

/** Arbitrary TIFF specs of every kind, compression, byte order and layout. */
export function tiffSpecArb(maxSide = 40): fc.Arbitrary<TiffSpec> {
  return fc
    .record({
      kind: fc.constantFrom<TiffKind>('bilevel', 'gray8', 'rgb8', 'rgba8'),
      width: fc.integer({ min: 1, max: maxSide }),
      height: fc.integer({ min: 1, max: maxSide }),
      seed: fc.integer(),
      pick: fc.nat(),
      photometric: fc.constantFrom(0, 1),
      predictor: fc.boolean(),
      planar: fc.boolean(),
      littleEndian: fc.boolean(),
      rowsPerStrip: fc.integer({ min: 1, max: maxSide }),
      tile: fc.oneof(
        fc.constant(undefined),
        fc.record({ width: fc.constantFrom(16, 32), height: fc.constantFrom(16, 32) }),
      ),
    })
    .map(({ kind, width, height, seed, pick, photometric, predictor, planar, tile, ...rest }) => {
      const next = xorshift(seed)
      const n = width * height * TIFF_SAMPLES[kind]
      // Runs of equal values, so PackBits, LZW and CCITT have something to code.
      const samples = new Uint8Array(n)
      for (let i = 0; i < n; ) {
        const value = kind === 'bilevel' ? next() & 1 : next() & 0xff
        const run = 1 + (next() % 12)
        samples.fill(value, i, Math.min(n, i + run))
        i += run
      }
      const compressions = TIFF_COMPRESSIONS[kind]
      const compression = compressions[pick % compressions.length]!
      const fax = compression >= 2 && compression <= 4
      return {
        kind,
        width,
        height,
        samples,
        compression,
        photometric: kind === 'bilevel' ? photometric : kind === 'gray8' ? 1 : 2,
        predictor: predictor && kind !== 'bilevel' && [5, 8, 32946].includes(compression),
        planar: planar && TIFF_SAMPLES[kind] > 1,
        // CCITT tiles are legal but rare; keep fax data in strips.
        tile: fax ? undefined : tile,
        ...rest,
      }
    })
}

/** What the decoder must yield for a TIFF spec: 8-bit gray, RGB or RGBA, 255 white. */
export function tiffExpected(spec: TiffSpec): { channels: number; pixels: Uint8Array } {
  if (spec.kind !== 'bilevel') return { channels: TIFF_SAMPLES[spec.kind], pixels: spec.samples }
  const white = spec.photometric === 0 ? 0 : 1
  return { channels: 1, pixels: spec.samples.map((bit) => (bit === white ? 255 : 0)) }
}

/** The bytes of one segment (strip or tile) of one plane, row by row, before compression. */
function segmentRows(spec: TiffSpec, x0: number, y0: number, w: number, h: number, plane: number) {
  const spp = TIFF_SAMPLES[spec.kind]
  const per = spec.planar ? 1 : spp
  const rows: Uint8Array[] = []
  for (let y = y0; y < y0 + h; y++) {
    const row = new Uint8Array(spec.kind === 'bilevel' ? Math.ceil(w / 8) : w * per)
    for (let x = x0; x < x0 + w; x++) {
      if (x >= spec.width || y >= spec.height) continue
      if (spec.kind === 'bilevel') {
        if (spec.samples[y * spec.width + x]) row[(x - x0) >> 3]! |= 0x80 >> ((x - x0) & 7)
        continue
      }
      for (let c = 0; c < per; c++) {
        const sample = spec.planar ? plane : c
        row[(x - x0) * per + c] = spec.samples[(y * spec.width + x) * spp + sample]!
      }
    }
    if (spec.predictor) {
      for (let i = row.length - 1; i >= per; i--) row[i] = (row[i]! - row[i - per]! + 256) & 0xff
    }
    rows.push(row)
  }
  return rows
}

/** PackBits (TIFF 6.0 §9): literal runs of up to 128 bytes, repeats of 3 or more as runs. */
export function packBits(bytes: Uint8Array): Uint8Array {
  const out: number[] = []
  let i = 0
  while (i < bytes.length) {
    let run = 1
    while (i + run < bytes.length && run < 128 && bytes[i + run] === bytes[i]) run++
    if (run >= 3) {
      out.push(257 - run, bytes[i]!)
      i += run
      continue
    }
    let end = i
    while (
      end < bytes.length &&
      end - i < 128 &&
      !(bytes[end] === bytes[end + 1] && bytes[end] === bytes[end + 2])
    ) {
      end++
    }
    if (end === i) end = i + 1
    out.push(end - i - 1, ...bytes.subarray(i, end))
    i = end
  }
  return Uint8Array.from(out)
}

/** TIFF LZW (§13) of literals only, 9-bit codes, a Clear code every 200 codes. */
export function lzwLiterals(bytes: Uint8Array): Uint8Array {
  const w = new MsbBitWriter()
  for (let i = 0; i < bytes.length; i++) {
    if (i % 200 === 0) w.put(256, 9)
    w.put(bytes[i]!, 9)
  }
  if (bytes.length === 0) w.put(256, 9)
  w.put(257, 9)
  return w.finish()
}

/** Run lengths of a packed 1-bit row, alternating white (0) and black (1), white first. */
function runsOf(row: Uint8Array, width: number): number[] {
  const runs: number[] = []
  let colour = 0
  let run = 0
  for (let x = 0; x < width; x++) {
    const bit = (row[x >> 3]! >> (7 - (x & 7))) & 1
    if (bit === colour) run++
    else {
      runs.push(run)
      colour = bit
      run = 1
    }
  }
  runs.push(run)
  return runs
}

/** Codes the runs of one row in T.4 1-D (Modified Huffman). */
function putMhRow(w: MsbBitWriter, row: Uint8Array, width: number): void {
  runsOf(row, width).forEach((run, i) => {
    const [codes, lengths] = i % 2 === 0 ? [WHITE_CODE, WHITE_BITS] : [BLACK_CODE, BLACK_BITS]
    if (run >= 64) {
      const makeup = 64 + (run >> 6) - 1
      w.put(codes[makeup]!, lengths[makeup]!)
    }
    w.put(codes[run & 63]!, lengths[run & 63]!)
  })
}

/** Compresses one segment's rows with `compression`. */
async function compressSegment(spec: TiffSpec, rows: Uint8Array[], width: number) {
  const raw = concatBytes(rows)
  switch (spec.compression) {
    case 1:
      return raw
    case 5:
      return lzwLiterals(raw)
    case 8:
    case 32946:
      return zlib(raw)
    case 32773:
      return packBits(raw)
    case 2: {
      const w = new MsbBitWriter()
      for (const row of rows) {
        putMhRow(w, row, width)
        w.align()
      }
      return w.finish()
    }
    case 3: {
      const w = new MsbBitWriter()
      for (const row of rows) {
        w.put(1, 12)
        putMhRow(w, row, width)
      }
      return w.finish()
    }
    case 4: {
      const g4 = new G4Encoder(width)
      for (const row of rows) g4.encodeBits(row)
      return concatBytes(g4.finish())
    }
    default:
      throw new Error(`no writer for compression ${spec.compression}`)
  }
}

/** The IFD entries and data blocks of `spec`, before any hostile edit. */
export async function tiffParts(spec: TiffSpec): Promise<TiffParts> {
  const spp = TIFF_SAMPLES[spec.kind]
  const planes = spec.planar ? spp : 1
  const data: Uint8Array[] = []
  const segW = spec.tile ? spec.tile.width : spec.width
  const segH = spec.tile ? spec.tile.height : Math.min(spec.rowsPerStrip, spec.height)
  const across = Math.ceil(spec.width / segW)
  const down = Math.ceil(spec.height / segH)
  for (let plane = 0; plane < planes; plane++) {
    for (let sy = 0; sy < down; sy++) {
      for (let sx = 0; sx < across; sx++) {
        const h = spec.tile ? segH : Math.min(segH, spec.height - sy * segH)
        const rows = segmentRows(spec, sx * segW, sy * segH, segW, h, plane)
        data.push(await compressSegment(spec, rows, segW))
      }
    }
  }
  const offsets = tiffDataOffsets(data)
  const bits = spec.kind === 'bilevel' ? 1 : 8
  const entries: TiffEntry[] = [
    { tag: 256, type: 4, values: [spec.width] },
    { tag: 257, type: 4, values: [spec.height] },
    { tag: 258, type: 3, values: new Array(spp).fill(bits) },
    { tag: 259, type: 3, values: [spec.compression] },
    { tag: 262, type: 3, values: [spec.photometric] },
    { tag: 277, type: 3, values: [spp] },
    { tag: 282, type: 5, values: [300] },
    { tag: 283, type: 5, values: [300] },
    { tag: 284, type: 3, values: [spec.planar ? 2 : 1] },
    { tag: 296, type: 3, values: [2] },
  ]
  if (spec.predictor) entries.push({ tag: 317, type: 3, values: [2] })
  if (spec.kind === 'rgba8') entries.push({ tag: 338, type: 3, values: [2] })
  if (spec.tile) {
    entries.push(
      { tag: 322, type: 3, values: [segW] },
      { tag: 323, type: 3, values: [segH] },
      { tag: 324, type: 4, values: offsets },
      { tag: 325, type: 4, values: data.map((d) => d.length) },
    )
  } else {
    entries.push(
      { tag: 273, type: 4, values: offsets },
      { tag: 278, type: 4, values: [segH] },
      { tag: 279, type: 4, values: data.map((d) => d.length) },
    )
  }
  entries.sort((a, b) => a.tag - b.tag)
  return { littleEndian: spec.littleEndian, entries, data }
}

/** The whole file of `spec`. */
export async function tiffFile(spec: TiffSpec): Promise<Uint8Array> {
  return writeTiff(await tiffParts(spec))
}

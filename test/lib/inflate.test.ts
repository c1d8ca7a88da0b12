import { beforeAll, describe, expect, it } from 'vitest'
import { WORKERD_KERNELS } from '../../src/kernels/workerd'
import { concatBytes, utf8 } from '../../src/lib/bytes'
import { CodecError } from '../../src/lib/codec-error'
import { DeflateWriter } from '../../src/lib/deflate'
import { type InflateOptions, ZlibInflater } from '../../src/lib/inflate'
import { WasmInflater } from '../../src/lib/zlib-wasm'
import { drain as drainWhole, inflateAll as inflateWhole } from '../support/inflate'

// Streams come from two independent sources: the platform's CompressionStream (zlib), and a
// small encoder below that writes blocks by hand from the RFC 1951 tables, so that stored, fixed
// and dynamic blocks with exactly the codes a case needs (15-bit codes, distance 32768, invalid
// symbols) can be built.

// ---------------------------------------------------------------------------------------------
// Test data
// ---------------------------------------------------------------------------------------------

/** Seeded pseudo-random bytes (an LCG), so failures reproduce. */
function noise(length: number, seed: number, range = 256): Uint8Array {
  let s = seed >>> 0
  const out = new Uint8Array(length)
  for (let i = 0; i < length; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0
    out[i] = (s >>> 16) % range
  }
  return out
}

/** A de Bruijn sequence over 16 symbols of order 3: no 3-byte string repeats, so no matches. */
function deBruijn(): Uint8Array {
  const k = 16
  const n = 3
  const a = new Array<number>(k * n).fill(0)
  const out: number[] = []
  const step = (t: number, p: number): void => {
    if (t > n) {
      if (n % p === 0) for (let j = 1; j <= p; j++) out.push(a[j]! + 0x40)
      return
    }
    a[t] = a[t - p]!
    step(t + 1, p)
    for (let j = a[t - p]! + 1; j < k; j++) {
      a[t] = j
      step(t + 1, t)
    }
  }
  step(1, 1)
  return new Uint8Array(out)
}

/** Text-like bytes: words from a small vocabulary, so zlib finds many short matches. */
function words(length: number, seed: number): Uint8Array {
  const vocabulary = ['figure', 'sheet', 'drawing', 'view', 'line', 'the', 'of', 'a', 'patent']
  const picks = noise(length, seed, vocabulary.length)
  const parts: string[] = []
  let size = 0
  for (let i = 0; size < length; i++) {
    const word = `${vocabulary[picks[i]!]!} `
    parts.push(word)
    size += word.length
  }
  return utf8(parts.join('')).subarray(0, length)
}

async function compress(data: Uint8Array, format: 'deflate' | 'deflate-raw' = 'deflate') {
  const writer = new DeflateWriter(format)
  await writer.write(data)
  return concatBytes((await writer.finish()).parts)
}

/** Adler-32 by its definition (RFC 1950 §8), one byte at a time. */
function adler32(data: Uint8Array): number {
  let a = 1
  let b = 0
  for (const v of data) {
    a = (a + v) % 65521
    b = (b + a) % 65521
  }
  return (b * 65536 + a) >>> 0
}

// ---------------------------------------------------------------------------------------------
// A hand encoder: RFC 1951 §3.1.1 bit order, §3.2.4 stored, §3.2.6 fixed, §3.2.7 dynamic blocks
// ---------------------------------------------------------------------------------------------

const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
  163, 195, 227, 258,
]
const LENGTH_EXTRA = [
  0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
]
const DIST_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
  3073, 4097, 6145, 8193, 12289, 16385, 24577,
]
const DIST_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
]
const CLEN_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

/** Writes bits least significant first, and Huffman codes most significant bit first. */
class BitWriter {
  readonly #bytes: number[] = []
  #acc = 0
  #count = 0

  bits(value: number, count: number): this {
    for (let i = 0; i < count; i++) {
      this.#acc |= ((value >>> i) & 1) << this.#count
      if (++this.#count === 8) this.#flush()
    }
    return this
  }

  code(code: number, length: number): this {
    for (let i = length - 1; i >= 0; i--) this.bits((code >>> i) & 1, 1)
    return this
  }

  align(): this {
    if (this.#count > 0) this.#flush()
    return this
  }

  bytes(data: Iterable<number>): this {
    for (const v of data) this.bits(v, 8)
    return this
  }

  #flush(): void {
    this.#bytes.push(this.#acc)
    this.#acc = 0
    this.#count = 0
  }

  finish(): Uint8Array {
    this.align()
    return new Uint8Array(this.#bytes)
  }
}

/** A canonical Huffman code (RFC 1951 §3.2.2): code per symbol, from lengths. */
function canonical(lengths: readonly number[]): number[] {
  const count = new Array<number>(16).fill(0)
  for (const len of lengths) if (len > 0) count[len]!++
  const next = new Array<number>(16).fill(0)
  let code = 0
  for (let len = 1; len < 16; len++) {
    code = (code + count[len - 1]!) << 1
    next[len] = code
  }
  return lengths.map((len) => (len > 0 ? next[len]!++ : -1))
}

/** One piece of a block: a literal byte, a match, or (for corrupt streams) a raw symbol. */
type Item = number | { length: number; dist: number } | { symbol: number } | { distSymbol: number }

/** Fixed literal/length code lengths (RFC 1951 §3.2.6). */
const FIXED_LENGTHS = Array.from({ length: 288 }, (_, s) =>
  s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8,
)

interface Code {
  lengths: readonly number[]
  codes: readonly number[]
}

const code = (lengths: readonly number[]): Code => ({ lengths, codes: canonical(lengths) })
const FIXED_LEN = code(FIXED_LENGTHS)
const FIXED_DIST = code(new Array<number>(32).fill(5))

function put(w: BitWriter, c: Code, symbol: number): void {
  const length = c.lengths[symbol] ?? 0
  if (length === 0) throw new Error(`test encoder: symbol ${symbol} has no code`)
  w.code(c.codes[symbol]!, length)
}

function writeItems(w: BitWriter, items: readonly Item[], len: Code, dist: Code): void {
  for (const item of items) {
    if (typeof item === 'number') {
      put(w, len, item)
    } else if ('symbol' in item) {
      put(w, len, item.symbol)
    } else if ('distSymbol' in item) {
      put(w, len, 257)
      put(w, dist, item.distSymbol)
    } else {
      let l = LENGTH_BASE.length - 1
      while (LENGTH_BASE[l]! > item.length) l--
      if (item.length === 258) l = 28
      put(w, len, 257 + l)
      w.bits(item.length - LENGTH_BASE[l]!, LENGTH_EXTRA[l]!)
      let d = DIST_BASE.length - 1
      while (DIST_BASE[d]! > item.dist) d--
      put(w, dist, d)
      w.bits(item.dist - DIST_BASE[d]!, DIST_EXTRA[d]!)
    }
  }
}

function fixedBlock(w: BitWriter, final: boolean, items: readonly Item[], end = true): void {
  w.bits(final ? 1 : 0, 1).bits(1, 2)
  writeItems(w, items, FIXED_LEN, FIXED_DIST)
  if (end) put(w, FIXED_LEN, 256)
}

function storedBlock(w: BitWriter, final: boolean, data: Uint8Array, complement?: number): void {
  w.bits(final ? 1 : 0, 1)
    .bits(0, 2)
    .align()
  w.bits(data.length, 16).bits(complement ?? data.length ^ 0xffff, 16)
  w.bytes(data)
}

/**
 * A dynamic block whose code lengths are sent as plain symbols 0-15 under a code length code of
 * sixteen 4-bit codes (complete), so any literal/length and distance lengths can be written.
 */
function dynamicBlock(
  w: BitWriter,
  final: boolean,
  litLengths: readonly number[],
  distLengths: readonly number[],
  items: readonly Item[],
): void {
  w.bits(final ? 1 : 0, 1).bits(2, 2)
  w.bits(litLengths.length - 257, 5)
    .bits(distLengths.length - 1, 5)
    .bits(19 - 4, 4)
  const clenLengths = Array.from({ length: 19 }, (_, s) => (s < 16 ? 4 : 0))
  for (const s of CLEN_ORDER) w.bits(clenLengths[s]!, 3)
  const clen = code(clenLengths)
  for (const len of [...litLengths, ...distLengths]) put(w, clen, len)
  const len = code(litLengths)
  writeItems(w, items, len, code(distLengths))
  put(w, len, 256)
}

/** Wraps raw DEFLATE data in a zlib header and the Adler-32 of `content`. */
function zlibWrap(deflate: Uint8Array, content: Uint8Array, adler = adler32(content)): Uint8Array {
  const trailer = new Uint8Array([adler >>> 24, (adler >>> 16) & 0xff, (adler >>> 8) & 0xff, adler])
  return concatBytes([new Uint8Array([0x78, 0x01]), deflate, trailer])
}

/** Literal/length lengths 1, 2, ..., 15, 15 (complete) for 'a'..'n', EOB and length symbol 257. */
function longCodeLengths(): number[] {
  const lengths = new Array<number>(258).fill(0)
  const symbols = [97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 257, 110, 256]
  symbols.forEach((s, i) => {
    lengths[s] = Math.min(i + 1, 15)
  })
  return lengths
}

/** Distance lengths 1, 2, ..., 15, 15 (complete) for distance codes 0..15. */
function longDistLengths(): number[] {
  return Array.from({ length: 16 }, (_, i) => Math.min(i + 1, 15))
}

// ---------------------------------------------------------------------------------------------
// The two inflaters: TypeScript (src/lib/inflate.ts) and wasm (wasm/dist/zlib.wasm); every test
// runs on both.
// ---------------------------------------------------------------------------------------------

type Inflater = Pick<
  ZlibInflater,
  'read' | 'finish' | 'reset' | 'ended' | 'bytesRead' | 'bytesWritten'
>
type Make = (parts: Iterable<Uint8Array>, options?: InflateOptions) => Inflater

const MAKERS: Record<'typescript' | 'wasm', Make> = {
  typescript: (parts, options) => new ZlibInflater(parts, options),
  wasm: (parts, options) => {
    const zlib = WORKERD_KERNELS.zlib
    if (!zlib) throw new Error('the Worker kernels have no zlib module')
    // One instance per inflater, as createWasmInflater makes (synchronously here).
    const exports = new WebAssembly.Instance(zlib, {}).exports
    return new WasmInflater(exports as never, parts, options ?? {})
  },
}
let make: Make = MAKERS.typescript

/** The whole-stream helpers of test/support, through the inflater under test. */
const inflateAll = (parts: readonly Uint8Array[], options?: InflateOptions) =>
  inflateWhole(parts, options, make)
const drain = (parts: readonly Uint8Array[], options?: InflateOptions) =>
  drainWhole(parts, options, make)

// ---------------------------------------------------------------------------------------------
// Helpers over the inflater
// ---------------------------------------------------------------------------------------------

/** Inflates with reads of `size` bytes (the last one shorter), as a caller streaming rows does. */
function inflateInReads(
  parts: readonly Uint8Array[],
  size: number,
  total: number,
  options?: InflateOptions,
): Uint8Array {
  const inflater = make(parts, options)
  const out = new Uint8Array(total + size)
  let o = 0
  for (;;) {
    const n = inflater.read(out, o, size)
    o += n
    if (n < size) break
  }
  expect(inflater.ended).toBe(true)
  return out.subarray(0, o)
}

/** The failure of inflating `parts` completely, or undefined when it succeeds. */
function failure(parts: readonly Uint8Array[], options?: InflateOptions): CodecError | undefined {
  try {
    inflateAll(parts, options)
    return undefined
  } catch (error) {
    if (error instanceof CodecError) return error
    throw error
  }
}

function expectCorrupt(parts: readonly Uint8Array[], message: RegExp, options?: InflateOptions) {
  const error = failure(parts, options)
  expect(error, `expected CodecError matching ${message}`).toBeInstanceOf(CodecError)
  expect(error?.reason).toBe('corrupt')
  expect(error?.message).toMatch(message)
}

/** What a block's items decode to, appended to `out` (LZ77 by its definition, byte by byte). */
function expand(out: number[], items: readonly Item[]): void {
  for (const item of items) {
    if (typeof item === 'number') out.push(item)
    else if ('length' in item) {
      for (let i = 0; i < item.length; i++) out.push(out[out.length - item.dist]!)
    } else throw new Error('test encoder: invalid symbols have no content')
  }
}

/** A small stream with every block type: fixed, stored, dynamic with 15-bit codes, fixed. */
function mixedBlocks(): { stream: Uint8Array; content: Uint8Array } {
  const w = new BitWriter()
  const content: number[] = []
  const first: Item[] = [...utf8('the figure shows the figure '), { length: 20, dist: 14 }]
  first.push({ length: 3, dist: 1 })
  fixedBlock(w, false, first)
  expand(content, first)
  const stored = noise(40, 9)
  storedBlock(w, false, stored)
  content.push(...stored)
  const dynamic: Item[] = [
    97,
    98,
    110,
    109,
    97,
    { length: 3, dist: 3 },
    110,
    { length: 3, dist: 60 },
  ]
  dynamicBlock(w, false, longCodeLengths(), longDistLengths(), dynamic)
  expand(content, dynamic)
  storedBlock(w, false, new Uint8Array(0))
  const last: Item[] = [0, 255, 144, 143, { length: 258, dist: 50 }]
  fixedBlock(w, true, last)
  expand(content, last)
  const bytes = new Uint8Array(content)
  return { stream: zlibWrap(w.finish(), bytes), content: bytes }
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

for (const kind of ['typescript', 'wasm'] as const) {
  describe(`lib/inflate in ${kind}`, () => {
    beforeAll(() => {
      make = MAKERS[kind]
    })

    describe('lib/inflate round trips', () => {
      const cases: Array<[string, () => Uint8Array]> = [
        ['random bytes', () => noise(150_000, 1)],
        ['a long zero run', () => new Uint8Array(3_000_000)],
        ['all-literal data (de Bruijn, no repeated 3-byte strings)', deBruijn],
        ['text-like data with many short matches', () => words(200_000, 2)],
        [
          '258-byte matches 30,000 bytes back: a block repeated',
          () => {
            const block = noise(30_000, 3, 7)
            return concatBytes([block, block, block, block])
          },
        ],
        ['nothing at all', () => new Uint8Array(0)],
        ['one byte', () => new Uint8Array([42])],
      ]
      for (const [name, make] of cases) {
        it(`restores ${name} from CompressionStream('deflate') and ('deflate-raw')`, async () => {
          const data = make()
          const zlib = await compress(data)
          expect(inflateAll([zlib])).toEqual(data)
          const raw = await compress(data, 'deflate-raw')
          expect(inflateAll([raw], { format: 'raw' })).toEqual(data)
        })
      }

      it('decodes fixed-Huffman blocks built by hand, every literal and length', () => {
        const items: Item[] = []
        const content: number[] = []
        for (let v = 0; v < 256; v++) {
          items.push(v)
          content.push(v)
        }
        for (let length = 3; length <= 258; length++) {
          items.push({ length, dist: 256 })
          for (let i = 0; i < length; i++) content.push(content[content.length - 256]!)
        }
        const w = new BitWriter()
        fixedBlock(w, true, items)
        const data = new Uint8Array(content)
        expect(inflateAll([zlibWrap(w.finish(), data)])).toEqual(data)
      })

      it('decodes every distance code, up to distance 32768, in a hand-built fixed block', () => {
        const first = noise(32_768, 4)
        const items: Item[] = [...first]
        const content = [...first]
        for (const dist of [...DIST_BASE, 1025, 24_577 + 8190, 32_768]) {
          items.push({ length: 258, dist })
          for (let i = 0; i < 258; i++) content.push(content[content.length - dist]!)
        }
        const w = new BitWriter()
        fixedBlock(w, true, items)
        const data = new Uint8Array(content)
        const stream = zlibWrap(w.finish(), data)
        expect(inflateAll([stream])).toEqual(data)
        expect(inflateInReads([stream], 1000, data.length)).toEqual(data)
      })

      it('decodes 11- to 15-bit literal/length and distance codes (second-level tables)', () => {
        // Every literal of the code, with the 15-bit ones ('n' and the length symbol) often.
        const items: Item[] = []
        for (let i = 0; i < 200; i++) items.push(i % 3 === 0 ? 110 : 97 + (i % 14))
        for (let d = 0; d < 16; d++) items.push({ length: 3, dist: DIST_BASE[d]! }, 110)
        const content: number[] = []
        expand(content, items)
        const w = new BitWriter()
        dynamicBlock(w, true, longCodeLengths(), longDistLengths(), items)
        const data = new Uint8Array(content)
        expect(inflateAll([zlibWrap(w.finish(), data)])).toEqual(data)
        expect(inflateInReads([zlibWrap(w.finish(), data)], 3, data.length)).toEqual(data)
      })

      it('decodes stored blocks, including empty ones, between Huffman blocks', () => {
        const { stream, content } = mixedBlocks()
        expect(inflateAll([stream])).toEqual(content)
      })

      it('decodes literal-only dynamic blocks with one distance code of one bit, or of none', () => {
        const lit = new Array<number>(257).fill(0)
        lit[65] = 1
        lit[256] = 1
        for (const dist of [[1], [0]]) {
          const w = new BitWriter()
          dynamicBlock(w, true, lit, dist, [65, 65, 65])
          const data = utf8('AAA')
          expect(inflateAll([zlibWrap(w.finish(), data)])).toEqual(data)
        }
        const eobOnly = new Array<number>(257).fill(0)
        eobOnly[256] = 1
        const w = new BitWriter()
        dynamicBlock(w, true, eobOnly, [0], [])
        expect(inflateAll([zlibWrap(w.finish(), new Uint8Array(0))])).toEqual(new Uint8Array(0))
      })
    })

    describe('lib/inflate streaming', () => {
      it('gives the same bytes for reads of 1, 7, 4096 bytes and all at once', async () => {
        const data = concatBytes([words(60_000, 5), noise(20_000, 6), new Uint8Array(30_000)])
        const stream = await compress(data)
        for (const size of [1, 7, 4096, data.length + 1]) {
          expect(inflateInReads([stream], size, data.length), `reads of ${size}`).toEqual(data)
        }
      })

      it('gives the same bytes with the input split at every byte offset', () => {
        const { stream, content } = mixedBlocks()
        for (let k = 0; k <= stream.length; k++) {
          const two = [stream.subarray(0, k), stream.subarray(k)]
          expect(inflateAll(two), `split at ${k}`).toEqual(content)
          const three = [stream.subarray(0, k), new Uint8Array(0), stream.subarray(k)]
          expect(inflateInReads(three, 13, content.length), `split at ${k}, reads of 13`).toEqual(
            content,
          )
        }
        const bytes = Array.from(stream, (v) => new Uint8Array([v]))
        expect(inflateInReads(bytes, 5, content.length)).toEqual(content)
      })

      it('gives the same bytes from CompressionStream output cut into 1- to 3-byte parts', async () => {
        const data = concatBytes([words(30_000, 7), new Uint8Array(5000), noise(3000, 8)])
        const stream = await compress(data)
        const parts: Uint8Array[] = []
        for (let at = 0, n = 1; at < stream.length; at += n, n = (n % 3) + 1) {
          parts.push(stream.subarray(at, at + n))
        }
        expect(inflateInReads(parts, 999, data.length)).toEqual(data)
      })

      it('returns fewer bytes than asked only at the end, then 0, with ended set', async () => {
        const data = words(10_000, 9)
        const inflater = make([await compress(data)])
        const out = new Uint8Array(6000)
        expect(inflater.read(out, 0, 6000)).toBe(6000)
        expect(inflater.ended).toBe(false)
        expect(inflater.read(out, 0, 6000)).toBe(4000)
        expect(inflater.ended).toBe(true)
        expect(inflater.read(out, 0, 6000)).toBe(0)
        expect(inflater.bytesWritten).toBe(10_000)
      })

      it('writes only inside out[offset, offset + length)', async () => {
        const data = words(5000, 10)
        const inflater = make([await compress(data)])
        const out = new Uint8Array(100).fill(0xee)
        expect(inflater.read(out, 10, 50)).toBe(50)
        expect(out.subarray(10, 60)).toEqual(data.subarray(0, 50))
        expect(out.subarray(0, 10).every((v) => v === 0xee)).toBe(true)
        expect(out.subarray(60).every((v) => v === 0xee)).toBe(true)
        expect(inflater.read(out, 0, 0)).toBe(0)
        expect(() => inflater.read(out, 90, 20)).toThrow(RangeError)
        expect(() => inflater.read(out, -1, 2)).toThrow(RangeError)
      })

      it('starts over on a new stream after reset, in either format', async () => {
        const a = words(20_000, 11)
        const b = noise(5000, 12, 5)
        const inflater = make([await compress(a)])
        const out = new Uint8Array(30_000)
        expect(inflater.read(out, 0, 100)).toBe(100)
        inflater.reset([await compress(b)])
        expect(inflater.read(out)).toBe(b.length)
        expect(out.subarray(0, b.length)).toEqual(b)
        const raw = make([await compress(a, 'deflate-raw')], { format: 'raw' })
        expect(raw.read(out)).toBe(a.length)
        raw.reset([await compress(b, 'deflate-raw')])
        expect(raw.read(out)).toBe(b.length)
        expect(raw.ended).toBe(true)
      })

      it('reads only as much input as the output asked for: a 200 MiB zip bomb read 1 MiB in', async () => {
        const writer = new DeflateWriter()
        const zeros = new Uint8Array(1024 * 1024)
        for (let i = 0; i < 200; i++) await writer.write(zeros)
        const bomb = concatBytes((await writer.finish()).parts)
        expect(bomb.length).toBeLessThan(256 * 1024)

        const inflater = make([bomb])
        const row = new Uint8Array(4096)
        for (let i = 0; i < 256; i++) expect(inflater.read(row)).toBe(4096)
        expect(inflater.bytesWritten).toBe(1024 * 1024)
        // 1/200 of the output needs about 1/200 of the input, plus the block header.
        expect(inflater.bytesRead).toBeLessThan(bomb.length / 200 + 1024)
        expect(inflater.ended).toBe(false)
        // The whole stream is valid: 200 MiB and a matching Adler-32.
        expect(drain([bomb])).toBe(200 * 1024 * 1024)
      })
    })

    describe('lib/inflate finish', () => {
      it('reads the end-of-block code and Adler-32 right after the last byte asked for', async () => {
        const data = words(3000, 13)
        const inflater = make([await compress(data)])
        const out = new Uint8Array(data.length)
        expect(inflater.read(out)).toBe(data.length)
        expect(inflater.ended).toBe(false)
        expect(inflater.finish()).toBe(true)
        expect(inflater.ended).toBe(true)
      })

      it('crosses empty stored blocks and block headers on the way to the end', () => {
        const w = new BitWriter()
        fixedBlock(w, false, [1, 2, 3])
        storedBlock(w, false, new Uint8Array(0))
        fixedBlock(w, true, [])
        const data = new Uint8Array([1, 2, 3])
        const inflater = make([zlibWrap(w.finish(), data)])
        expect(inflater.read(new Uint8Array(3))).toBe(3)
        expect(inflater.finish()).toBe(true)
      })

      it('returns false without inflating when more output follows', async () => {
        const data = new Uint8Array(100_000)
        const inflater = make([await compress(data)])
        expect(inflater.read(new Uint8Array(10))).toBe(10)
        expect(inflater.finish()).toBe(false)
        expect(inflater.bytesWritten).toBe(10)
        expect(inflater.read(new Uint8Array(20))).toBe(20)
      })

      it('returns false when the stream stops short of its Adler-32', async () => {
        const data = words(2000, 14)
        const stream = await compress(data)
        const inflater = make([stream.subarray(0, stream.length - 2)])
        expect(inflater.read(new Uint8Array(data.length))).toBe(data.length)
        expect(inflater.finish()).toBe(false)
      })

      it('throws corrupt on an Adler-32 mismatch', async () => {
        const data = words(2000, 15)
        const stream = await compress(data)
        stream[stream.length - 1]! ^= 1
        const inflater = make([stream])
        expect(inflater.read(new Uint8Array(data.length))).toBe(data.length)
        expect(() => inflater.finish()).toThrow(/Adler-32 mismatch/)
      })

      it('stops at its input budget', () => {
        const w = new BitWriter()
        fixedBlock(w, false, [7])
        for (let i = 0; i < 50; i++) storedBlock(w, false, new Uint8Array(0))
        fixedBlock(w, true, [])
        const stream = zlibWrap(w.finish(), new Uint8Array([7]))
        const inflater = make([stream])
        expect(inflater.read(new Uint8Array(1))).toBe(1)
        expect(inflater.finish(40)).toBe(false)
        expect(inflater.bytesRead).toBeLessThan(60)
        expect(inflater.finish()).toBe(true)
      })
    })

    describe('lib/inflate on corrupt data', () => {
      const valid = (items: Item[] = [1, 2, 3]) => {
        const w = new BitWriter()
        fixedBlock(w, true, items)
        return w.finish()
      }
      const zlib = (deflate: Uint8Array) => zlibWrap(deflate, new Uint8Array(0), 1)
      const header = (cmf: number, flg: number) =>
        new Uint8Array([cmf, flg, ...valid(), 0, 0, 0, 0])
      /** FLG with the check bits set so that CMF * 256 + FLG is a multiple of 31. */
      const withCheck = (cmf: number, flags: number) =>
        flags + ((31 - ((cmf * 256 + flags) % 31)) % 31)

      it('throws corrupt for a bad zlib header: method, window size, check bits, FDICT', () => {
        expectCorrupt([header(0x79, withCheck(0x79, 0))], /compression method 9/)
        expectCorrupt([header(0x88, withCheck(0x88, 0))], /window of 2\^16/)
        expectCorrupt([header(0x78, withCheck(0x78, 0) + 1)], /FCHECK/)
        expectCorrupt([header(0x78, withCheck(0x78, 0x20))], /preset dictionary/)
      })

      it('throws corrupt for block type 3', () => {
        expectCorrupt([zlib(new BitWriter().bits(1, 1).bits(3, 2).finish())], /block type 3/)
        expectCorrupt([new BitWriter().bits(0, 1).bits(3, 2).finish()], /block type 3/, {
          format: 'raw',
        })
      })

      it('throws corrupt when a stored block length does not match its complement', () => {
        const w = new BitWriter()
        storedBlock(w, true, utf8('abc'), 0x1234)
        expectCorrupt([zlib(w.finish())], /stored block length 3 does not match/)
      })

      it('throws corrupt for literal/length symbols 286 and 287 and distance codes 30 and 31', () => {
        for (const symbol of [286, 287]) {
          expectCorrupt([zlib(valid([1, { symbol }]))], /invalid literal\/length code/)
        }
        for (const distSymbol of [30, 31]) {
          expectCorrupt([zlib(valid([1, 2, 3, { distSymbol }]))], /invalid distance code/)
        }
      })

      it('throws corrupt for a distance past the start of the data', () => {
        expectCorrupt([zlib(valid([{ length: 3, dist: 1 }]))], /distance 1 reaches before/)
        expectCorrupt([zlib(valid([1, 2, { length: 5, dist: 3 }]))], /distance 3 reaches before/)
        // The same across reads: the window holds 2 bytes when the match asks for 3 back.
        const stream = zlib(valid([1, 2, { length: 5, dist: 3 }]))
        const inflater = make([stream])
        expect(inflater.read(new Uint8Array(1))).toBe(1)
        expect(() => inflater.read(new Uint8Array(10))).toThrow(/distance 3 reaches before/)
      })

      it('throws corrupt for bad code lengths: too many codes, bad repeats, no end-of-block', () => {
        const clen = (lengths: Record<number, number>) =>
          Array.from({ length: 19 }, (_, s) => lengths[s] ?? 0)
        /** A dynamic block header with a given code length code, then `body` under that code. */
        const dynamicHeader = (
          hlit: number,
          hdist: number,
          clenLengths: number[],
          body: (w: BitWriter, put: (s: number) => void) => void,
        ) => {
          const w = new BitWriter().bits(1, 1).bits(2, 2).bits(hlit, 5).bits(hdist, 5).bits(15, 4)
          for (const s of CLEN_ORDER) w.bits(clenLengths[s]!, 3)
          const c = code(clenLengths)
          body(w, (s) => put(w, c, s))
          return zlib(w.finish())
        }
        expectCorrupt([dynamicHeader(30, 0, clen({ 0: 1, 8: 1 }), () => {})], /287 literal\/length/)
        expectCorrupt([dynamicHeader(0, 30, clen({ 0: 1, 8: 1 }), () => {})], /31 distance codes/)
        expectCorrupt(
          [
            dynamicHeader(0, 0, clen({ 16: 1, 0: 1 }), (w, p) => {
              p(16)
              w.bits(0, 2)
            }),
          ],
          /repeat with no previous length/,
        )
        expectCorrupt(
          [
            dynamicHeader(0, 0, clen({ 18: 1, 0: 1 }), (w, p) => {
              p(18)
              w.bits(127, 7)
              p(18)
              w.bits(127, 7)
            }),
          ],
          /repeat runs past the last code/,
        )
        expectCorrupt(
          [
            dynamicHeader(0, 0, clen({ 8: 1, 0: 1 }), (_, p) => {
              for (let i = 0; i < 256; i++) p(8)
              p(0)
              p(0)
            }),
          ],
          /no end-of-block code/,
        )
      })

      it('throws corrupt for over-subscribed and incomplete codes at each level', () => {
        const lit = (assign: Record<number, number>) => {
          const lengths = new Array<number>(257).fill(0)
          for (const [s, len] of Object.entries(assign)) lengths[Number(s)] = len
          return lengths
        }
        const block = (litLengths: number[], distLengths: number[]) => {
          const w = new BitWriter()
          w.bits(1, 1)
            .bits(2, 2)
            .bits(litLengths.length - 257, 5)
            .bits(distLengths.length - 1, 5)
          w.bits(15, 4)
          const clenLengths = Array.from({ length: 19 }, (_, s) => (s < 16 ? 4 : 0))
          for (const s of CLEN_ORDER) w.bits(clenLengths[s]!, 3)
          const c = code(clenLengths)
          for (const len of [...litLengths, ...distLengths]) put(w, c, len)
          return zlib(w.finish())
        }
        expectCorrupt(
          [block(lit({ 0: 1, 1: 1, 256: 1 }), [1])],
          /literal\/length code lengths are over/,
        )
        expectCorrupt(
          [block(lit({ 0: 2, 256: 2 }), [1])],
          /literal\/length code lengths are incomplete/,
        )
        expectCorrupt([block(lit({ 0: 1, 256: 1 }), [1, 1, 1])], /distance code lengths are over/)
        expectCorrupt(
          [block(lit({ 0: 1, 256: 1 }), [2, 2])],
          /distance code lengths are incomplete/,
        )
        const clenBlock = (clenLengths: number[]) => {
          const w = new BitWriter().bits(1, 1).bits(2, 2).bits(0, 5).bits(0, 5).bits(15, 4)
          for (const s of CLEN_ORDER) w.bits(clenLengths[s]!, 3)
          return zlib(w.bits(0, 32).finish())
        }
        expectCorrupt(
          [clenBlock(new Array<number>(19).fill(1))],
          /code length code lengths are over/,
        )
        expectCorrupt(
          [clenBlock(Array.from({ length: 19 }, (_, s) => (s < 2 ? 2 : 0)))],
          /code length code lengths are incomplete/,
        )
      })

      it('throws corrupt on an Adler-32 mismatch', async () => {
        const data = words(5000, 16)
        const stream = await compress(data)
        stream[stream.length - 2]! ^= 0x10
        expectCorrupt([stream], /Adler-32 mismatch/)
        const w = new BitWriter()
        fixedBlock(w, true, [1, 2, 3])
        expectCorrupt([zlibWrap(w.finish(), new Uint8Array([1, 2, 4]))], /Adler-32 mismatch/)
      })

      it('throws corrupt for input cut at any byte, in either format', async () => {
        const { stream, content } = mixedBlocks()
        for (let k = 0; k < stream.length; k++) {
          const cut = stream.subarray(0, k)
          expect(failure([cut])?.reason, `zlib cut at ${k}`).toBe('corrupt')
          const split = [cut.subarray(0, k >> 1), cut.subarray(k >> 1)]
          expect(failure(split)?.reason, `zlib cut at ${k}, in two parts`).toBe('corrupt')
        }
        expect(inflateAll([stream])).toEqual(content)
        const raw = await compress(words(3000, 17), 'deflate-raw')
        for (let k = 0; k < raw.length; k += 7) {
          expect(failure([raw.subarray(0, k)], { format: 'raw' })?.reason, `raw cut at ${k}`).toBe(
            'corrupt',
          )
        }
        expectCorrupt([stream.subarray(0, stream.length - 1)], /ends before the stream does/)
      })

      it('fails at the end of truncated input instead of decoding padding into the whole buffer', async () => {
        const data = words(20_000, 18)
        const stream = await compress(data)
        const inflater = make([stream.subarray(0, stream.length >> 1)])
        const out = new Uint8Array(1_000_000).fill(0xee)
        expect(() => inflater.read(out)).toThrow(/ends before the stream does/)
        let last = out.length - 1
        while (last >= 0 && out[last] === 0xee) last--
        expect(last).toBeLessThan(data.length)
      })

      it('keeps throwing the same error once it has failed', () => {
        const inflater = make([new Uint8Array([0x78, 0x9c, 0xff, 0xff])])
        const out = new Uint8Array(10)
        let first: unknown
        try {
          inflater.read(out)
        } catch (error) {
          first = error
        }
        expect(first).toBeInstanceOf(CodecError)
        expect(() => inflater.read(out)).toThrow(first as Error)
        expect(() => inflater.finish()).toThrow(first as Error)
      })
    })
  })
}

/**
 * Synchronous streaming inflate: zlib (RFC 1950) around DEFLATE (RFC 1951), decoded straight into
 * the caller's buffer and only as far as asked, so a zip bomb costs what is read and no more.
 * Used by the PNG and TIFF decoders (convert path, decode step). Written from the RFCs.
 */

import { CodecError } from './codec-error'

// ---------------------------------------------------------------------------------------------
// Constants. Huffman lookup tables hold one packed 32-bit entry per slot:
//   bits 0-3   code length in bits (what to drop from the bit buffer)
//   bits 4-6   op: literal, base + extra bits, end of block, link to a sub-table, invalid
//   bits 8-11  extra bits to read after the code (or, for a link, the sub-table's index bits)
//   bits 16-30 value: the literal byte, the base length or distance, or the sub-table offset
// ---------------------------------------------------------------------------------------------

/** Bytes of history a distance may reach back (RFC 1951 §2: 32 KiB). */
const WINDOW_BYTES = 32 * 1024
const WINDOW_MASK = WINDOW_BYTES - 1

/** Longest Huffman code, in bits (RFC 1951 §3.2.7). */
const MAX_CODE_BITS = 15

/**
 * Primary table index bits. 10 bits for literal/length and 8 for distance keep the tables at
 * 4 KiB and 1 KiB, in L1, while nearly every code of real data resolves in one lookup.
 */
const LEN_ROOT_BITS = 10
const DIST_ROOT_BITS = 8
const CLEN_ROOT_BITS = 7

/** Upper bounds on table sizes: the root plus one maximal sub-table per symbol longer than it. */
const LEN_TABLE_SIZE = (1 << LEN_ROOT_BITS) + 288 * (1 << (MAX_CODE_BITS - LEN_ROOT_BITS))
const DIST_TABLE_SIZE = (1 << DIST_ROOT_BITS) + 32 * (1 << (MAX_CODE_BITS - DIST_ROOT_BITS))

const OP_LITERAL = 0x00
const OP_BASE = 0x10
const OP_END = 0x20
const OP_LINK = 0x30
const OP_INVALID = 0x40
const OP_MASK = 0x70

/** Compressed bytes `finish` may read, by default, looking for the end of the stream. */
const FINISH_INPUT_BYTES = 1024

/** Output runs shorter than this are copied byte by byte: cheaper than creating a view. */
const BULK_COPY_BYTES = 64

/** Adler-32 modulus, and bytes per block of the sum, which keeps the block's sums below 2^31. */
const ADLER_MOD = 65521
const ADLER_BLOCK_BYTES = 3800

const MODE_HEADER = 0
const MODE_BLOCK = 1
const MODE_STORED = 2
const MODE_CODES = 3
const MODE_CHECK = 4
const MODE_DONE = 5

/** Order in which code length code lengths are stored (RFC 1951 §3.2.7). */
const CLEN_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15] as const

/** Entry meaning (without the code length) of each literal/length symbol 0..287 (§3.2.5). */
const LEN_INFO = (() => {
  const info = new Int32Array(288)
  for (let s = 0; s < 256; s++) info[s] = (s << 16) | OP_LITERAL
  info[256] = OP_END
  let base = 3
  for (let s = 257; s < 285; s++) {
    const extra = s < 265 ? 0 : (s - 261) >> 2
    info[s] = (base << 16) | (extra << 8) | OP_BASE
    base += 1 << extra
  }
  info[285] = (258 << 16) | OP_BASE
  info[286] = OP_INVALID
  info[287] = OP_INVALID
  return info
})()

/** Entry meaning of each distance symbol 0..31 (§3.2.5); 30 and 31 never occur in valid data. */
const DIST_INFO = (() => {
  const info = new Int32Array(32)
  let base = 1
  for (let s = 0; s < 30; s++) {
    const extra = s < 4 ? 0 : (s >> 1) - 1
    info[s] = (base << 16) | (extra << 8) | OP_BASE
    base += 1 << extra
  }
  info[30] = OP_INVALID
  info[31] = OP_INVALID
  return info
})()

/** Entry meaning of each code length symbol 0..18: the symbol itself. */
const CLEN_INFO = Int32Array.from({ length: 19 }, (_, s) => (s << 16) | OP_LITERAL)

/**
 * Scratch space for reading a dynamic block header and building its tables. Shared by every
 * inflater: building is synchronous and never re-entered, so one set is enough.
 */
const lengthsScratch = new Uint8Array(288 + 32)
const clenLengths = new Uint8Array(19)
const clenTable = new Int32Array(1 << CLEN_ROOT_BITS)
const countScratch = new Uint16Array(MAX_CODE_BITS + 1)
const nextCodeScratch = new Uint16Array(MAX_CODE_BITS + 1)
const codeScratch = new Uint16Array(288)
const subLengthScratch = new Uint8Array(1 << LEN_ROOT_BITS)

class TruncatedError extends CodecError {}

const truncated = () => new TruncatedError('corrupt', 'deflate data ends before the stream does')

const corrupt = (message: string) => new CodecError('corrupt', `deflate: ${message}`)

// ---------------------------------------------------------------------------------------------
// RFC 1951 §3.2.2: canonical Huffman codes from code lengths, as lookup tables.
// Input: one length per symbol (0 = unused). Output: a table indexed by the next `rootBits`
// bits of the stream (codes are packed starting with their most significant bit, §3.1.1, so the
// index is the bit-reversed code), with a sub-table for each root slot that longer codes share.
// ---------------------------------------------------------------------------------------------

/**
 * Fills `table` for the code given by `lengths[start .. start + count)`.
 * @param allowIncomplete accept the two incomplete codes §3.2.7 allows for distances, no code
 *   at all or a single code of one bit, here also for literal/length codes as zlib does; the
 *   unused slots decode to an invalid entry
 * @throws CodecError 'corrupt' for an over-subscribed or (otherwise) incomplete code
 */
function buildTable(
  lengths: Uint8Array,
  start: number,
  count: number,
  info: Int32Array,
  table: Int32Array,
  rootBits: number,
  allowIncomplete: boolean,
  what: string,
): void {
  const counts = countScratch
  counts.fill(0)
  for (let s = 0; s < count; s++) counts[lengths[start + s]!]!++
  counts[0] = 0
  let left = 1
  let used = 0
  let longest = 0
  for (let len = 1; len <= MAX_CODE_BITS; len++) {
    left = (left << 1) - counts[len]!
    if (left < 0) throw corrupt(`${what} code lengths are over-subscribed`)
    used += counts[len]!
    if (counts[len]! > 0) longest = len
  }
  const size = 1 << rootBits
  if (left > 0) {
    if (!allowIncomplete || longest > 1) throw corrupt(`${what} code lengths are incomplete`)
    table.fill(OP_INVALID, 0, size)
    if (used === 0) return
  }

  // §3.2.2 step 2: the first code of each length.
  const next = nextCodeScratch
  let code = 0
  for (let len = 1; len <= MAX_CODE_BITS; len++) {
    code = (code + counts[len - 1]!) << 1
    next[len] = code
  }

  // Step 3: each symbol's code, stored bit-reversed; note the longest code behind each root slot.
  const rootMask = size - 1
  const subLength = subLengthScratch
  subLength.fill(0, 0, size)
  for (let s = 0; s < count; s++) {
    const len = lengths[start + s]!
    if (len === 0) continue
    let c = next[len]!++
    let reversed = 0
    for (let i = 0; i < len; i++) {
      reversed = (reversed << 1) | (c & 1)
      c >>= 1
    }
    codeScratch[s] = reversed
    if (len > rootBits) {
      const slot = reversed & rootMask
      if (len > subLength[slot]!) subLength[slot] = len
    }
  }
  let free = size
  if (longest > rootBits) {
    for (let slot = 0; slot < size; slot++) {
      const len = subLength[slot]!
      if (len === 0) continue
      const bits = len - rootBits
      table[slot] = (free << 16) | (bits << 8) | OP_LINK
      free += 1 << bits
    }
  }

  // Fill every slot whose low bits match a code; sub-table entries keep the full code length.
  for (let s = 0; s < count; s++) {
    const len = lengths[start + s]!
    if (len === 0) continue
    const reversed = codeScratch[s]!
    const entry = info[s]! | len
    if (len <= rootBits) {
      for (let i = reversed; i < size; i += 1 << len) table[i] = entry
    } else {
      const link = table[reversed & rootMask]!
      const offset = link >>> 16
      const subSize = 1 << ((link >>> 8) & 15)
      for (let i = reversed >>> rootBits; i < subSize; i += 1 << (len - rootBits)) {
        table[offset + i] = entry
      }
    }
  }
}

/** The fixed codes of §3.2.6, built on first use and shared. */
let fixedTables: { len: Int32Array; dist: Int32Array } | undefined

const FIXED_LEN_BITS = 9
const FIXED_DIST_BITS = 5

function fixed(): { len: Int32Array; dist: Int32Array } {
  if (fixedTables) return fixedTables
  const lengths = new Uint8Array(288)
  lengths.fill(8, 0, 144)
  lengths.fill(9, 144, 256)
  lengths.fill(7, 256, 280)
  lengths.fill(8, 280, 288)
  const len = new Int32Array(1 << FIXED_LEN_BITS)
  buildTable(lengths, 0, 288, LEN_INFO, len, FIXED_LEN_BITS, false, 'fixed literal/length')
  const dist = new Int32Array(1 << FIXED_DIST_BITS)
  buildTable(
    lengths.fill(5, 0, 32),
    0,
    32,
    DIST_INFO,
    dist,
    FIXED_DIST_BITS,
    false,
    'fixed distance',
  )
  fixedTables = { len, dist }
  return fixedTables
}

/** Copies `n` bytes from `src[from..]` to `dst[to..]` (distinct buffers). */
function copyBytes(src: Uint8Array, from: number, dst: Uint8Array, to: number, n: number): void {
  if (n >= BULK_COPY_BYTES) {
    dst.set(src.subarray(from, from + n), to)
    return
  }
  for (let i = 0; i < n; i++) dst[to + i] = src[from + i]!
}

/**
 * Copies a match of `length` bytes at `dist` back, where the source starts in the window
 * (before `start`, the first byte of `out` not yet moved to the window) and may run on into
 * `out`. Returns the new output position.
 */
function copyFromWindow(
  out: Uint8Array,
  o: number,
  length: number,
  dist: number,
  start: number,
  window: Uint8Array,
  windowNext: number,
): number {
  const back = dist - (o - start)
  let fromWindow = Math.min(length, back)
  let rest = length - fromWindow
  let w = (windowNext - back) & WINDOW_MASK
  while (fromWindow > 0) {
    const n = Math.min(fromWindow, WINDOW_BYTES - w)
    copyBytes(window, w, out, o, n)
    o += n
    fromWindow -= n
    w = 0
  }
  for (let src = o - dist; rest > 0; rest--) out[o++] = out[src++]!
  return o
}

// ---------------------------------------------------------------------------------------------
// The inflater: a state machine over RFC 1950 §2.2 (header, trailer) and RFC 1951 §3.2.3
// (blocks). Input is all present up front, so it only ever pauses because the caller's buffer
// is full: between symbols, inside a match, or inside a stored block.
// ---------------------------------------------------------------------------------------------

/** Options for {@link ZlibInflater}. */
export interface InflateOptions {
  /**
   * 'zlib' (default): RFC 1950 header, DEFLATE data, then the Adler-32 of the output, which is
   * checked. 'raw': bare RFC 1951 DEFLATE data with no header and no checksum.
   */
  readonly format?: 'zlib' | 'raw'
}

/**
 * Inflates one zlib (or raw DEFLATE) stream, given as parts that are read in place (no copy,
 * no concatenation), into buffers the caller owns. Holds a 32 KiB window, 57 KiB of Huffman
 * tables and a few numbers. `read` allocates no buffers: copies of 64 bytes or more go through a
 * short-lived subarray view (a small object, no backing store), shorter ones byte by byte.
 *
 * @example
 * const inflater = new ZlibInflater(idatParts)
 * const line = new Uint8Array(stride)
 * if (inflater.read(line, 0, stride) < stride) throw new Error('short')
 */
export class ZlibInflater {
  readonly #raw: boolean
  readonly #window = new Uint8Array(WINDOW_BYTES)
  readonly #dynamicLen = new Int32Array(LEN_TABLE_SIZE)
  readonly #dynamicDist = new Int32Array(DIST_TABLE_SIZE)
  #parts: readonly Uint8Array[] = []
  /** Index of the part being read, that part, and the next byte in it. */
  #part = 0
  #buf: Uint8Array = new Uint8Array(0)
  #pos = 0
  /** Bytes in the parts before #part. */
  #before = 0
  /** Bit buffer: the next #bitCount bits of the stream, first bit in bit 0. */
  #bitBuf = 0
  #bitCount = 0
  #mode = MODE_HEADER
  #finalBlock = false
  #storedLeft = 0
  /** A match cut short by a full output buffer: bytes still to copy, and their distance. */
  #copyLength = 0
  #copyDist = 0
  #lenTable: Int32Array = this.#dynamicLen
  #lenBits = LEN_ROOT_BITS
  #distTable: Int32Array = this.#dynamicDist
  #distBits = DIST_ROOT_BITS
  /** Next write position in the window ring, and how many of its bytes are history. */
  #windowNext = 0
  #windowFill = 0
  #adlerA = 1
  #adlerB = 0
  #written = 0
  /** Set once read or finish threw; every later call throws it again. */
  #failed = false
  #failure: unknown

  /**
   * @param input the compressed stream as parts in order (for example a PNG's IDAT payloads as
   *   views into the file); they are read in place and must not change while inflating
   */
  constructor(input: Iterable<Uint8Array>, options: InflateOptions = {}) {
    this.#raw = options.format === 'raw'
    this.reset(input)
  }

  /** Starts over on a new stream of the same format, reusing the window and table buffers. */
  reset(input: Iterable<Uint8Array>): void {
    this.#parts = Array.isArray(input) ? (input as readonly Uint8Array[]) : Array.from(input)
    this.#part = 0
    this.#buf = this.#parts[0] ?? new Uint8Array(0)
    this.#pos = 0
    this.#before = 0
    this.#bitBuf = 0
    this.#bitCount = 0
    this.#mode = this.#raw ? MODE_BLOCK : MODE_HEADER
    this.#finalBlock = false
    this.#storedLeft = 0
    this.#copyLength = 0
    this.#copyDist = 0
    this.#windowNext = 0
    this.#windowFill = 0
    this.#adlerA = 1
    this.#adlerB = 0
    this.#written = 0
    this.#failed = false
    this.#failure = undefined
  }

  /** True once the whole stream has been read: last block, then (zlib) a matching Adler-32. */
  get ended(): boolean {
    return this.#mode === MODE_DONE
  }

  /** Compressed bytes consumed so far. */
  get bytesRead(): number {
    return this.#before + this.#pos - (this.#bitCount >> 3)
  }

  /** Decompressed bytes produced so far. */
  get bytesWritten(): number {
    return this.#written
  }

  /**
   * Inflates up to `length` bytes into `out[offset .. offset + length)`.
   * @returns the bytes written: `length`, or fewer only when the stream has ended
   * @throws CodecError 'corrupt' for invalid or truncated data (then again on every call)
   */
  read(out: Uint8Array, offset = 0, length: number = out.length - offset): number {
    if (this.#failed) throw this.#failure
    const end = offset + length
    if (!(offset >= 0 && length >= 0 && end <= out.length)) {
      throw new RangeError(
        `Expected offset and length inside ${out.length} bytes but received ${offset}, ${length}`,
      )
    }
    let o = offset
    let settled = offset
    try {
      while (o < end) {
        const mode = this.#mode
        if (mode === MODE_CODES) o = this.#inflateCodes(out, o, end, offset)
        else if (mode === MODE_STORED) o = this.#copyStored(out, o, end)
        else if (mode === MODE_BLOCK) this.#readBlockHeader()
        else if (mode === MODE_HEADER) this.#readZlibHeader()
        else if (mode === MODE_CHECK) {
          this.#settle(out, settled, o)
          settled = o
          this.#checkTrailer()
        } else break
      }
    } catch (error) {
      throw this.#fail(error)
    }
    this.#settle(out, settled, o)
    return o - offset
  }

  /**
   * Reads on to the end of the stream only if no more output comes first, and only within
   * `maxInputBytes` of compressed data: end-of-block codes, empty blocks, block headers and the
   * Adler-32 trailer. A decoder that has all the bytes it needs calls this to check the stream
   * cheaply without ever inflating what follows.
   * @returns true when the stream ended (and, for zlib, its Adler-32 matched); false when more
   *   output follows, the data stops short of the end, or the budget ran out
   * @throws CodecError 'corrupt' for invalid data met on the way, or an Adler-32 mismatch
   */
  finish(maxInputBytes = FINISH_INPUT_BYTES): boolean {
    if (this.#failed) throw this.#failure
    const limit = this.bytesRead + maxInputBytes
    try {
      for (;;) {
        const mode = this.#mode
        if (mode === MODE_DONE) return true
        if (this.bytesRead > limit) return false
        if (mode === MODE_HEADER) this.#readZlibHeader()
        else if (mode === MODE_BLOCK) this.#readBlockHeader()
        else if (mode === MODE_CHECK) this.#checkTrailer()
        else if (mode === MODE_STORED) {
          if (this.#storedLeft > 0) return false
          this.#endBlock()
        } else {
          if (this.#copyLength > 0) return false
          const entry = this.#peek(this.#lenTable, this.#lenBits)
          const op = entry & OP_MASK
          if (op === OP_INVALID) throw corrupt('invalid literal/length code')
          if (op !== OP_END) return false
          this.#drop(entry & 15)
          this.#endBlock()
        }
      }
    } catch (error) {
      const failure = this.#fail(error)
      if (failure instanceof TruncatedError) return false
      throw failure
    }
  }

  #fail(error: unknown): unknown {
    this.#failed = true
    this.#failure = error
    return error
  }

  // -------------------------------------------------------------------------------------------
  // Bit input (RFC 1951 §3.1.1: bits are read from the least significant end of each byte).
  // #bitBuf holds the next #bitCount bits of the stream in its low bits; the bits above those
  // are either zero or look-ahead copies of the stream bits that follow (the hot loop loads
  // three bytes at a time and counts only the whole bytes that fit), so OR-ing the next byte in
  // at #bitCount is always right. These methods refill a byte at a time across part
  // boundaries; #inflateCodes keeps its own copy of the state in locals.
  // -------------------------------------------------------------------------------------------

  /** Moves to the next non-empty part; false when there is none. */
  #nextPart(): boolean {
    while (this.#part + 1 < this.#parts.length) {
      this.#before += this.#buf.length
      this.#buf = this.#parts[++this.#part]!
      this.#pos = 0
      if (this.#buf.length > 0) return true
    }
    return false
  }

  /** Tops the bit buffer up to at least 24 bits, or as far as the input goes. */
  #fill(): void {
    while (this.#bitCount < 24) {
      if (this.#pos < this.#buf.length) {
        this.#bitBuf |= this.#buf[this.#pos++]! << this.#bitCount
        this.#bitCount += 8
      } else if (!this.#nextPart()) return
    }
  }

  /** The next `n` bits (n <= 24), consumed. */
  #bits(n: number): number {
    if (this.#bitCount < n) {
      this.#fill()
      if (this.#bitCount < n) throw truncated()
    }
    const value = this.#bitBuf & ((1 << n) - 1)
    this.#drop(n)
    return value
  }

  #drop(n: number): void {
    this.#bitBuf = (this.#bitBuf >>> n) | 0
    this.#bitCount -= n
  }

  /** Drops the bits up to the next byte boundary. */
  #align(): void {
    this.#drop(this.#bitCount & 7)
  }

  /** The table entry of the next code, not consumed. */
  #peek(table: Int32Array, rootBits: number): number {
    if (this.#bitCount < MAX_CODE_BITS) this.#fill()
    let entry = table[this.#bitBuf & ((1 << rootBits) - 1)]!
    if ((entry & OP_MASK) === OP_LINK) {
      const sub = (this.#bitBuf >>> rootBits) & ((1 << ((entry >>> 8) & 15)) - 1)
      entry = table[(entry >>> 16) + sub]!
    }
    if ((entry & 15) > this.#bitCount) throw truncated()
    return entry
  }

  // -------------------------------------------------------------------------------------------
  // RFC 1950 §2.2: the zlib header (CMF, FLG) and the Adler-32 trailer (§2.2, §9).
  // -------------------------------------------------------------------------------------------

  #readZlibHeader(): void {
    const cmf = this.#bits(8)
    const flg = this.#bits(8)
    if ((cmf & 15) !== 8) {
      throw new CodecError('corrupt', `zlib compression method ${cmf & 15} is not deflate (8)`)
    }
    if (cmf >> 4 > 7) {
      throw new CodecError('corrupt', `zlib window of 2^${(cmf >> 4) + 8} bytes is over 32 KiB`)
    }
    if ((cmf * 256 + flg) % 31 !== 0) {
      throw new CodecError('corrupt', 'zlib header check bits (FCHECK) are wrong')
    }
    if (flg & 0x20) {
      throw new CodecError('corrupt', 'zlib stream needs a preset dictionary (FDICT)')
    }
    this.#mode = MODE_BLOCK
  }

  #checkTrailer(): void {
    if (this.#raw) {
      this.#mode = MODE_DONE
      return
    }
    this.#align()
    let stored = 0
    for (let i = 0; i < 4; i++) stored = stored * 256 + this.#bits(8)
    const actual = this.#adlerB * 65536 + this.#adlerA
    if (stored !== actual) {
      const hex = (v: number) => v.toString(16).padStart(8, '0')
      throw new CodecError(
        'corrupt',
        `zlib Adler-32 mismatch: the stream says ${hex(stored)}, the data gives ${hex(actual)}`,
      )
    }
    this.#mode = MODE_DONE
  }

  /**
   * Adds `out[from .. to)`, just produced, to the Adler-32 (RFC 1950 §9) and to the window, so
   * later matches can reach it after the caller reuses `out`.
   */
  #settle(out: Uint8Array, from: number, to: number): void {
    const n = to - from
    if (n === 0) return
    this.#written += n
    if (!this.#raw) {
      let a = this.#adlerA
      let b = this.#adlerB
      // Per block of n bytes: a += S and b += n * a + n * S - W, where S sums the bytes and W
      // sums each byte times its index in the block; four sums of S keep the chains short.
      for (let i = from; i < to; ) {
        const stop = Math.min(to, i + ADLER_BLOCK_BYTES)
        const base = i
        let s0 = 0
        let s1 = 0
        let s2 = 0
        let s3 = 0
        let w = 0
        for (; i + 4 <= stop; i += 4) {
          const v0 = out[i]!
          const v1 = out[i + 1]!
          const v2 = out[i + 2]!
          const v3 = out[i + 3]!
          s0 += v0
          s1 += v1
          s2 += v2
          s3 += v3
          w += (i - base) * (v0 + v1 + v2 + v3) + v1 + 2 * v2 + 3 * v3
        }
        let s = s0 + s1 + s2 + s3
        for (; i < stop; i++) {
          const v = out[i]!
          s += v
          w += (i - base) * v
        }
        const n = stop - base
        b = (b + n * a + n * s - w) % ADLER_MOD
        a = (a + s) % ADLER_MOD
      }
      this.#adlerA = a
      this.#adlerB = b
    }
    const window = this.#window
    if (n >= WINDOW_BYTES) {
      copyBytes(out, to - WINDOW_BYTES, window, 0, WINDOW_BYTES)
      this.#windowNext = 0
      this.#windowFill = WINDOW_BYTES
      return
    }
    const next = this.#windowNext
    const first = Math.min(n, WINDOW_BYTES - next)
    copyBytes(out, from, window, next, first)
    if (n > first) copyBytes(out, from + first, window, 0, n - first)
    this.#windowNext = (next + n) & WINDOW_MASK
    this.#windowFill = Math.min(WINDOW_BYTES, this.#windowFill + n)
  }

  // -------------------------------------------------------------------------------------------
  // RFC 1951 §3.2.3: block headers. §3.2.4: stored blocks. §3.2.6: fixed codes.
  // §3.2.7: dynamic codes, whose code lengths are themselves Huffman coded.
  // -------------------------------------------------------------------------------------------

  #readBlockHeader(): void {
    const header = this.#bits(3)
    this.#finalBlock = (header & 1) === 1
    switch (header >> 1) {
      case 0: {
        this.#align()
        const length = this.#bits(16)
        const complement = this.#bits(16)
        if ((length ^ 0xffff) !== complement) {
          throw corrupt(`stored block length ${length} does not match its complement ${complement}`)
        }
        this.#storedLeft = length
        this.#mode = MODE_STORED
        if (length === 0) this.#endBlock()
        return
      }
      case 1: {
        const tables = fixed()
        this.#useTables(tables.len, FIXED_LEN_BITS, tables.dist, FIXED_DIST_BITS)
        return
      }
      case 2:
        this.#readDynamicTables()
        this.#useTables(this.#dynamicLen, LEN_ROOT_BITS, this.#dynamicDist, DIST_ROOT_BITS)
        return
      default:
        throw corrupt('invalid block type 3')
    }
  }

  #useTables(len: Int32Array, lenBits: number, dist: Int32Array, distBits: number): void {
    this.#lenTable = len
    this.#lenBits = lenBits
    this.#distTable = dist
    this.#distBits = distBits
    this.#mode = MODE_CODES
  }

  #endBlock(): void {
    this.#mode = this.#finalBlock ? MODE_CHECK : MODE_BLOCK
  }

  #readDynamicTables(): void {
    const lenCount = this.#bits(5) + 257
    const distCount = this.#bits(5) + 1
    const clenCount = this.#bits(4) + 4
    if (lenCount > 286) throw corrupt(`${lenCount} literal/length codes, more than 286`)
    if (distCount > 30) throw corrupt(`${distCount} distance codes, more than 30`)
    clenLengths.fill(0)
    for (let i = 0; i < clenCount; i++) clenLengths[CLEN_ORDER[i]!] = this.#bits(3)
    buildTable(clenLengths, 0, 19, CLEN_INFO, clenTable, CLEN_ROOT_BITS, false, 'code length')

    const lengths = lengthsScratch
    const total = lenCount + distCount
    for (let i = 0; i < total; ) {
      const entry = this.#peek(clenTable, CLEN_ROOT_BITS)
      if ((entry & OP_MASK) === OP_INVALID) throw corrupt('invalid code length code')
      this.#drop(entry & 15)
      const symbol = entry >>> 16
      if (symbol < 16) {
        lengths[i++] = symbol
        continue
      }
      let value = 0
      let repeat: number
      if (symbol === 16) {
        if (i === 0) throw corrupt('code length repeat with no previous length')
        value = lengths[i - 1]!
        repeat = 3 + this.#bits(2)
      } else if (symbol === 17) {
        repeat = 3 + this.#bits(3)
      } else {
        repeat = 11 + this.#bits(7)
      }
      if (i + repeat > total) throw corrupt('code length repeat runs past the last code')
      lengths.fill(value, i, i + repeat)
      i += repeat
    }
    if (lengths[256] === 0) throw corrupt('literal/length code has no end-of-block code')
    buildTable(
      lengths,
      0,
      lenCount,
      LEN_INFO,
      this.#dynamicLen,
      LEN_ROOT_BITS,
      true,
      'literal/length',
    )
    buildTable(
      lengths,
      lenCount,
      distCount,
      DIST_INFO,
      this.#dynamicDist,
      DIST_ROOT_BITS,
      true,
      'distance',
    )
  }

  /** Copies stored-block bytes: first whole bytes left in the bit buffer, then from the parts. */
  #copyStored(out: Uint8Array, o: number, end: number): number {
    let left = this.#storedLeft
    while (left > 0 && o < end && this.#bitCount >= 8) {
      out[o++] = this.#bitBuf & 0xff
      this.#drop(8)
      left--
    }
    // The bit buffer is empty here and holds no look-ahead bits either: reading LEN and NLEN
    // (32 bits) after the last 3-byte load in #inflateCodes shifted them all out. So the bytes
    // can be taken straight from the parts.
    while (left > 0 && o < end) {
      if (this.#pos === this.#buf.length && !this.#nextPart()) throw truncated()
      const n = Math.min(left, end - o, this.#buf.length - this.#pos)
      copyBytes(this.#buf, this.#pos, out, o, n)
      this.#pos += n
      o += n
      left -= n
    }
    this.#storedLeft = left
    if (left === 0) this.#endBlock()
    return o
  }

  // -------------------------------------------------------------------------------------------
  // RFC 1951 §3.2.5: literal/length and distance codes of a Huffman block, until its
  // end-of-block code or until `out` is full. The hot loop keeps its state in locals. While at
  // least 3 bytes of the part remain, each refill ORs in the next 3 bytes unconditionally and
  // counts the whole bytes that fit (24 to 31 bits, enough for a literal/length code and its
  // extra bits, or a distance code), so there is no branch on how many bytes are needed; near
  // the end of a part it refills a byte at a time, and past the end of the input it pads with
  // zero bits and fails at the next refill once one of those is consumed. Every shift of the
  // bit buffer is `(bitBuf >>> n) | 0`: a bare `>>>` yields an unsigned value that V8 keeps as a
  // double, which made literal-heavy data ~30 % slower. Matches copy within `out` when
  // the source is there and from the window ring when it reaches back before `start`.
  // On the inputs of the throughput printout in test/node/inflate.test.ts (Node 22, best of 12
  // interleaved runs in one process outside vitest), the unconditional refill took the gray
  // drawing's IDAT from 437 to 480 MB/s and the 40 MB literal/zero-run mix from 360 to 430 MB/s,
  // over refilling 16 bits whenever fewer than 16 remain.
  // -------------------------------------------------------------------------------------------

  #inflateCodes(out: Uint8Array, o: number, end: number, start: number): number {
    const window = this.#window
    const windowNext = this.#windowNext
    const history = this.#windowFill
    if (this.#copyLength > 0) {
      const dist = this.#copyDist
      const run = Math.min(this.#copyLength, end - o)
      if (dist > o - start) o = copyFromWindow(out, o, run, dist, start, window, windowNext)
      else for (let src = o - dist, stop = o + run; o < stop; ) out[o++] = out[src++]!
      this.#copyLength -= run
      if (this.#copyLength > 0) return o
    }
    const parts = this.#parts
    let part = this.#part
    let buf = this.#buf
    let pos = this.#pos
    let before = this.#before
    let bitBuf = this.#bitBuf
    let bitCount = this.#bitCount
    /** Zero bits added past the end of the input: consuming any of them means truncated data. */
    let padded = 0
    const lenTable = this.#lenTable
    const lenBits = this.#lenBits
    const lenMask = (1 << lenBits) - 1
    const distTable = this.#distTable
    const distBits = this.#distBits
    const distMask = (1 << distBits) - 1
    let blockEnded = false
    while (o < end) {
      if (pos + 3 <= buf.length) {
        bitBuf |= (buf[pos]! | (buf[pos + 1]! << 8) | (buf[pos + 2]! << 16)) << bitCount
        pos += (31 - bitCount) >> 3
        bitCount |= 24
      } else {
        while (bitCount < 24) {
          if (pos < buf.length) {
            bitBuf |= buf[pos++]! << bitCount
            bitCount += 8
          } else if (part + 1 < parts.length) {
            before += buf.length
            buf = parts[++part]!
            pos = 0
          } else {
            if (bitCount < padded) throw truncated()
            bitCount += 8
            padded += 8
          }
        }
      }
      let entry = lenTable[bitBuf & lenMask]!
      if ((entry & OP_MASK) === OP_LITERAL) {
        const codeBits = entry & 15
        bitBuf = (bitBuf >>> codeBits) | 0
        bitCount -= codeBits
        out[o++] = entry >>> 16
        // A second literal usually needs no refill.
        if (o < end) {
          entry = lenTable[bitBuf & lenMask]!
          if ((entry & OP_MASK) === OP_LITERAL && (entry & 15) <= bitCount) {
            const codeBits = entry & 15
            bitBuf = (bitBuf >>> codeBits) | 0
            bitCount -= codeBits
            out[o++] = entry >>> 16
          }
        }
        continue
      }
      if ((entry & OP_MASK) === OP_LINK) {
        const sub = (bitBuf >>> lenBits) & ((1 << ((entry >>> 8) & 15)) - 1)
        entry = lenTable[(entry >>> 16) + sub]!
        if ((entry & OP_MASK) === OP_LITERAL) {
          const codeBits = entry & 15
          bitBuf = (bitBuf >>> codeBits) | 0
          bitCount -= codeBits
          out[o++] = entry >>> 16
          continue
        }
      }
      const codeBits = entry & 15
      bitBuf = (bitBuf >>> codeBits) | 0
      bitCount -= codeBits
      if ((entry & OP_MASK) !== OP_BASE) {
        if ((entry & OP_MASK) === OP_END) {
          blockEnded = true
          break
        }
        throw corrupt('invalid literal/length code')
      }
      const lengthExtra = (entry >>> 8) & 15
      const length = (entry >>> 16) + (bitBuf & ((1 << lengthExtra) - 1))
      bitBuf = (bitBuf >>> lengthExtra) | 0
      bitCount -= lengthExtra

      // The distance code, then its extra bits (refilled again when they need it).
      if (pos + 3 <= buf.length) {
        bitBuf |= (buf[pos]! | (buf[pos + 1]! << 8) | (buf[pos + 2]! << 16)) << bitCount
        pos += (31 - bitCount) >> 3
        bitCount |= 24
      } else {
        while (bitCount < 24) {
          if (pos < buf.length) {
            bitBuf |= buf[pos++]! << bitCount
            bitCount += 8
          } else if (part + 1 < parts.length) {
            before += buf.length
            buf = parts[++part]!
            pos = 0
          } else {
            if (bitCount < padded) throw truncated()
            bitCount += 8
            padded += 8
          }
        }
      }
      let distEntry = distTable[bitBuf & distMask]!
      if ((distEntry & OP_MASK) === OP_LINK) {
        const sub = (bitBuf >>> distBits) & ((1 << ((distEntry >>> 8) & 15)) - 1)
        distEntry = distTable[(distEntry >>> 16) + sub]!
      }
      if ((distEntry & OP_MASK) !== OP_BASE) throw corrupt('invalid distance code')
      const distCodeBits = distEntry & 15
      bitBuf = (bitBuf >>> distCodeBits) | 0
      bitCount -= distCodeBits
      const distExtra = (distEntry >>> 8) & 15
      if (bitCount < distExtra) {
        // Only distance codes 24-29 (13 extra bits after a long code) get here: at least 9 bits
        // are left, so 16 more always suffice.
        if (pos + 2 <= buf.length) {
          bitBuf |= (buf[pos]! | (buf[pos + 1]! << 8)) << bitCount
          pos += 2
          bitCount += 16
        } else {
          while (bitCount < 16) {
            if (pos < buf.length) {
              bitBuf |= buf[pos++]! << bitCount
              bitCount += 8
            } else if (part + 1 < parts.length) {
              before += buf.length
              buf = parts[++part]!
              pos = 0
            } else {
              if (bitCount < padded) throw truncated()
              bitCount += 8
              padded += 8
            }
          }
        }
      }
      const dist = (distEntry >>> 16) + (bitBuf & ((1 << distExtra) - 1))
      bitBuf = (bitBuf >>> distExtra) | 0
      bitCount -= distExtra

      // The match: as much as fits now, the rest on the next call.
      const produced = o - start
      if (dist > produced + history) {
        if (bitCount < padded) throw truncated()
        throw corrupt(`distance ${dist} reaches before the start of the data`)
      }
      let run = end - o
      if (length > run) {
        this.#copyLength = length - run
        this.#copyDist = dist
      } else run = length
      if (dist > produced) {
        o = copyFromWindow(out, o, run, dist, start, window, windowNext)
      } else if (dist === 1) {
        out.fill(out[o - 1]!, o, o + run)
        o += run
      } else if (run >= 32 && dist >= run) {
        out.copyWithin(o, o - dist, o - dist + run)
        o += run
      } else {
        for (let src = o - dist, stop = o + run; o < stop; ) out[o++] = out[src++]!
      }
    }
    if (bitCount < padded) throw truncated()
    // A throw above leaves these stale, which is fine: a failed inflater only rethrows.
    this.#part = part
    this.#buf = buf
    this.#pos = pos
    this.#before = before
    this.#bitBuf = bitBuf
    this.#bitCount = bitCount - padded
    if (blockEnded) this.#endBlock()
    return o
  }
}

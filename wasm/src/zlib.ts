// Zlib kernels (AssemblyScript) for src/lib/zlib-wasm.ts: a streaming inflater (RFC 1950 around
// RFC 1951) and the PNG row unfilter (PNG 3rd edition §9). One instance inflates one stream at a
// time; all state is in globals. The TypeScript side feeds the compressed bytes in chunks into the
// input buffer and takes the output from the output buffer, which keeps 32 KiB of history.
// Build: `npm run build:wasm` (wasm/dist/zlib.wasm, committed).

// Huffman lookup entries, as in src/lib/inflate.ts: bits 0-3 code length, 4-6 op, 8-11 extra
// bits (or a sub-table's index bits), 16-30 value (literal, base, or sub-table offset).
const OP_LITERAL: u32 = 0x00
const OP_BASE: u32 = 0x10
const OP_END: u32 = 0x20
const OP_LINK: u32 = 0x30
const OP_INVALID: u32 = 0x40
const OP_MASK: u32 = 0x70

const WINDOW: usize = 32768
const MAX_BITS: i32 = 15
const LEN_ROOT: i32 = 10
const DIST_ROOT: i32 = 8
const CLEN_ROOT: i32 = 7
const FIXED_LEN_ROOT: i32 = 9
const FIXED_DIST_ROOT: i32 = 5

const MODE_HEADER = 0
const MODE_BLOCK = 1
const MODE_STORED = 2
const MODE_CODES = 3
const MODE_CHECK = 4
const MODE_DONE = 5

/** Statuses returned by `inflate` and `finish` (below 0); errors set `failure`. */
const NEED_INPUT: i32 = -1
const FAILED: i32 = -2

// Failure codes, named in src/lib/zlib-wasm.ts (errA and errB carry the numbers they print).
const E_TRUNCATED = 1
const E_METHOD = 2
const E_WINDOW = 3
const E_FCHECK = 4
const E_FDICT = 5
const E_BLOCK_TYPE = 6
const E_STORED_LENGTH = 7
const E_LEN_COUNT = 8
const E_DIST_COUNT = 9
const E_CLEN_OVER = 10
const E_CLEN_INCOMPLETE = 11
const E_CLEN_CODE = 12
const E_REPEAT_FIRST = 13
const E_REPEAT_PAST = 14
const E_NO_END = 15
const E_LEN_OVER = 16
const E_LEN_INCOMPLETE = 17
const E_DIST_OVER = 18
const E_DIST_INCOMPLETE = 19
const E_LEN_CODE = 20
const E_DIST_CODE = 21
const E_DIST_FAR = 22
const E_ADLER = 23

/** Bytes the header and table readers may need at once (a dynamic header is under 300). */
const HEADER_MARGIN: usize = 1024
/** Bytes a symbol and its refills may read ahead (the loads are 8 bytes wide). */
const CODES_MARGIN: usize = 32
/** Zero bytes kept after the last input byte, which the refills read as padding. */
const PAD: usize = 64
/** Output bytes a call may write past its target: one match, a 16-byte copy, two literals. */
export const OUT_SLACK: usize = 320

const LEN_TABLE_SIZE: usize = (1 << LEN_ROOT) + 288 * (1 << (MAX_BITS - LEN_ROOT))
const DIST_TABLE_SIZE: usize = (1 << DIST_ROOT) + 32 * (1 << (MAX_BITS - DIST_ROOT))

const LEN_INFO = memory.data(288 * 4)
const DIST_INFO = memory.data(32 * 4)
const CLEN_INFO = memory.data(19 * 4)
const LEN_TABLE = memory.data(<i32>LEN_TABLE_SIZE * 4, 16)
const DIST_TABLE = memory.data(<i32>DIST_TABLE_SIZE * 4, 16)
const FIXED_LEN = memory.data((1 << FIXED_LEN_ROOT) * 4, 16)
const FIXED_DIST = memory.data((1 << FIXED_DIST_ROOT) * 4, 16)
const CLEN_TABLE = memory.data((1 << CLEN_ROOT) * 4, 16)
const LENGTHS = memory.data(320)
const CLEN_LENGTHS = memory.data(19)
const COUNTS = memory.data(16 * 4)
const NEXT = memory.data(16 * 4)
const CODES = memory.data(288 * 4)
const SUB_LENGTH = memory.data(1 << LEN_ROOT)
const CLEN_ORDER = memory.data<u8>([
  16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
])

// Entry meanings per symbol (RFC 1951 §3.2.5).
{
  for (let s: u32 = 0; s < 256; s++)
    store<u32>(LEN_INFO + ((<usize>s) << 2), (s << 16) | OP_LITERAL)
  store<u32>(LEN_INFO + 256 * 4, OP_END)
  let base: u32 = 3
  for (let s: u32 = 257; s < 285; s++) {
    const extra: u32 = s < 265 ? 0 : (s - 261) >> 2
    store<u32>(LEN_INFO + ((<usize>s) << 2), (base << 16) | (extra << 8) | OP_BASE)
    base += (<u32>1) << extra
  }
  store<u32>(LEN_INFO + 285 * 4, (258 << 16) | OP_BASE)
  store<u32>(LEN_INFO + 286 * 4, OP_INVALID)
  store<u32>(LEN_INFO + 287 * 4, OP_INVALID)
  base = 1
  for (let s: u32 = 0; s < 30; s++) {
    const extra: u32 = s < 4 ? 0 : (s >> 1) - 1
    store<u32>(DIST_INFO + ((<usize>s) << 2), (base << 16) | (extra << 8) | OP_BASE)
    base += (<u32>1) << extra
  }
  store<u32>(DIST_INFO + 30 * 4, OP_INVALID)
  store<u32>(DIST_INFO + 31 * 4, OP_INVALID)
  for (let s: u32 = 0; s < 19; s++)
    store<u32>(CLEN_INFO + ((<usize>s) << 2), (s << 16) | OP_LITERAL)
}

// ---------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------

let inBuf: usize = 0
let inCap: usize = 0
let inPos: usize = 0
let inEnd: usize = 0
let inFinal = false
/** Input bytes moved out of the buffer's front by `compactInput`. */
let inDropped: f64 = 0
let bitBuf: u64 = 0
let bitCount: i32 = 0

let outBuf: usize = 0
let outCap: usize = 0
let outPos: usize = 0
let readPos: usize = 0
let adlerPos: usize = 0
let adlerA: u32 = 1
let adlerB: u32 = 0

let raw = false
let mode = MODE_HEADER
let finalBlock = false
let storedLeft: i32 = 0
let lenTable: usize = LEN_TABLE
let lenBits: i32 = LEN_ROOT
let distTable: usize = DIST_TABLE
let distBits: i32 = DIST_ROOT
let fixedBuilt = false
let failure: i32 = 0
let errA: u32 = 0
let errB: u32 = 0

let rowA: usize = 0
let rowB: usize = 0

// ---------------------------------------------------------------------------------------------
// Set-up and the buffers the TypeScript side reads and writes
// ---------------------------------------------------------------------------------------------

/**
 * Allocates the buffers once: `inputBytes` of compressed input, output room for reads of up to
 * `maxRead` bytes after 32 KiB of history, and two unfilter rows of `rowBytes`.
 */
export function init(inputBytes: i32, maxRead: i32, rowBytes: i32): void {
  inCap = <usize>inputBytes
  inBuf = heap.alloc(inCap + PAD + 16)
  outCap = WINDOW + 2 * <usize>maxRead + 2 * OUT_SLACK
  outBuf = heap.alloc(outCap + 16)
  rowA = heap.alloc(<usize>rowBytes + 32)
  rowB = heap.alloc(<usize>rowBytes + 32)
  reset(false)
}

/** Starts a new stream: zlib, or bare DEFLATE when `rawFormat`. */
export function reset(rawFormat: bool): void {
  raw = rawFormat
  inPos = inBuf
  inEnd = inBuf
  inFinal = false
  inDropped = 0
  bitBuf = 0
  bitCount = 0
  outPos = outBuf
  readPos = outBuf
  adlerPos = outBuf
  adlerA = 1
  adlerB = 0
  mode = raw ? MODE_BLOCK : MODE_HEADER
  finalBlock = false
  storedLeft = 0
  failure = 0
}

/**
 * Moves the unread input to the buffer's front and returns where the next bytes go; at most
 * `inputRoom()` of them.
 */
export function compactInput(): usize {
  const left = inEnd - inPos
  if (inPos > inBuf) {
    inDropped += <f64>(inPos - inBuf)
    memory.copy(inBuf, inPos, left)
    inPos = inBuf
    inEnd = inBuf + left
  }
  return inEnd
}

export function inputRoom(): i32 {
  return <i32>(inBuf + inCap - inEnd)
}

/** Counts `n` bytes written at `compactInput()`'s address; `last` when no more will come. */
export function pushInput(n: i32, last: bool): void {
  inEnd += <usize>n
  inFinal = last
  if (last) memory.fill(inEnd, 0, PAD)
}

/** Compressed bytes consumed so far (bits held in the bit buffer count as unread). */
export function bytesRead(): f64 {
  let pos = inPos
  let bits = bitCount
  if (pos > inEnd) {
    bits -= <i32>((pos - inEnd) << 3)
    pos = inEnd
  }
  return inDropped + <f64>(pos - inBuf) - <f64>(max(bits, 0) >> 3)
}

export function ended(): bool {
  return mode === MODE_DONE
}

export function failureCode(): i32 {
  return failure
}

export function failureA(): u32 {
  return errA
}

export function failureB(): u32 {
  return errB
}

/** Output produced and not yet taken. */
export function available(): i32 {
  return <i32>(outPos - readPos)
}

/** Takes `n` bytes of output (n <= available()) and returns where they are. */
export function take(n: i32): usize {
  const at = readPos
  readPos += <usize>n
  return at
}

// ---------------------------------------------------------------------------------------------
// Bits
// ---------------------------------------------------------------------------------------------

/** Tops the bit buffer up to 56-63 bits; bits above the count are look-ahead copies. */
function refill(): void {
  bitBuf |= load<u64>(inPos) << (<u64>bitCount)
  inPos += <usize>((63 - bitCount) >> 3)
  bitCount |= 56
}

function bits(n: i32): u32 {
  if (bitCount < n) refill()
  const value = <u32>bitBuf & ((1 << n) - 1)
  bitBuf >>= <u64>n
  bitCount -= n
  return value
}

/** True when the bits consumed reach into the zero padding after the last input byte. */
function overran(): bool {
  return inPos > inEnd && <i32>((inPos - inEnd) << 3) > bitCount
}

function fail(code: i32): i32 {
  // Padding decoded as data fails as a cut stream, whatever it decoded to.
  failure = overran() ? E_TRUNCATED : code
  return FAILED
}

// ---------------------------------------------------------------------------------------------
// RFC 1951 §3.2.2: canonical codes as lookup tables (see buildTable in src/lib/inflate.ts).
// Returns 0, or 1 for over-subscribed, 2 for incomplete.
// ---------------------------------------------------------------------------------------------

function buildTable(
  lengths: usize,
  count: i32,
  info: usize,
  table: usize,
  rootBits: i32,
  allowIncomplete: bool,
): i32 {
  countLengths(lengths, count, COUNTS)
  let left: i32 = 1
  let used: i32 = 0
  let longest: i32 = 0
  for (let len = 1; len <= MAX_BITS; len++) {
    const c = load<i32>(COUNTS + ((<usize>len) << 2))
    left = (left << 1) - c
    if (left < 0) return 1
    used += c
    if (c > 0) longest = len
  }
  const size: i32 = 1 << rootBits
  if (left > 0) {
    if (!allowIncomplete || longest > 1) return 2
    for (let i = 0; i < size; i++) store<u32>(table + ((<usize>i) << 2), OP_INVALID)
    if (used === 0) return 0
  }
  firstCodes(COUNTS)
  const rootMask = size - 1
  memory.fill(SUB_LENGTH, 0, <usize>size)
  for (let s = 0; s < count; s++) {
    const len = <i32>load<u8>(lengths + <usize>s)
    if (len === 0) continue
    const nextAt = NEXT + ((<usize>len) << 2)
    const c = load<u32>(nextAt)
    store<u32>(nextAt, c + 1)
    const reversed = <i32>reverseBits(c, len)
    store<i32>(CODES + ((<usize>s) << 2), reversed)
    if (len > rootBits) {
      const slot = SUB_LENGTH + <usize>(reversed & rootMask)
      if (len > <i32>load<u8>(slot)) store<u8>(slot, <u8>len)
    }
  }
  let free: i32 = size
  if (longest > rootBits) {
    for (let slot = 0; slot < size; slot++) {
      const len = <i32>load<u8>(SUB_LENGTH + <usize>slot)
      if (len === 0) continue
      const subBits = len - rootBits
      store<u32>(
        table + ((<usize>slot) << 2),
        ((<u32>free) << 16) | ((<u32>subBits) << 8) | OP_LINK,
      )
      free += 1 << subBits
    }
  }
  for (let s = 0; s < count; s++) {
    const len = <i32>load<u8>(lengths + <usize>s)
    if (len === 0) continue
    const reversed = load<i32>(CODES + ((<usize>s) << 2))
    const entry = load<u32>(info + ((<usize>s) << 2)) | <u32>len
    if (len <= rootBits) {
      for (let i = reversed; i < size; i += 1 << len) store<u32>(table + ((<usize>i) << 2), entry)
    } else {
      const link = load<u32>(table + ((<usize>(reversed & rootMask)) << 2))
      const offset = <i32>(link >> 16)
      const subSize: i32 = 1 << (<i32>((link >> 8) & 15))
      for (let i = reversed >>> rootBits; i < subSize; i += 1 << (len - rootBits)) {
        store<u32>(table + ((<usize>(offset + i)) << 2), entry)
      }
    }
  }
  return 0
}

/** How many of the `count` code lengths at `lengths` are 1 … 15 long: 16 u32s at `counts`. */
function countLengths(lengths: usize, count: i32, counts: usize): void {
  memory.fill(counts, 0, 16 * 4)
  for (let s = 0; s < count; s++) {
    const at = counts + ((<usize>load<u8>(lengths + <usize>s)) << 2)
    store<u32>(at, load<u32>(at) + 1)
  }
  store<u32>(counts, 0)
}

/** The first canonical code of each length 1 … 15 (RFC 1951 §3.2.2 step 2) into NEXT. */
function firstCodes(counts: usize): void {
  let code: u32 = 0
  for (let len = 1; len <= MAX_BITS; len++) {
    code = (code + load<u32>(counts + ((<usize>(len - 1)) << 2))) << 1
    store<u32>(NEXT + ((<usize>len) << 2), code)
  }
}

/** The low `len` bits of `code` reversed: canonical codes go out LSB first. */
function reverseBits(code: u32, len: i32): u32 {
  let c = code
  let reversed: u32 = 0
  for (let i = 0; i < len; i++) {
    reversed = (reversed << 1) | (c & 1)
    c >>= 1
  }
  return reversed
}

function buildFixed(): void {
  memory.fill(LENGTHS, 8, 144)
  memory.fill(LENGTHS + 144, 9, 112)
  memory.fill(LENGTHS + 256, 7, 24)
  memory.fill(LENGTHS + 280, 8, 8)
  buildTable(LENGTHS, 288, LEN_INFO, FIXED_LEN, FIXED_LEN_ROOT, false)
  memory.fill(LENGTHS, 5, 32)
  buildTable(LENGTHS, 32, DIST_INFO, FIXED_DIST, FIXED_DIST_ROOT, false)
  fixedBuilt = true
}

// ---------------------------------------------------------------------------------------------
// Headers, blocks and the trailer
// ---------------------------------------------------------------------------------------------

function zlibHeader(): i32 {
  const cmf = bits(8)
  const flg = bits(8)
  if (overran()) return fail(E_TRUNCATED)
  errA = cmf
  if ((cmf & 15) !== 8) return fail(E_METHOD)
  if (cmf >> 4 > 7) return fail(E_WINDOW)
  if ((cmf * 256 + flg) % 31 !== 0) return fail(E_FCHECK)
  if (flg & 0x20) return fail(E_FDICT)
  mode = MODE_BLOCK
  return 0
}

function blockHeader(): i32 {
  const header = bits(3)
  if (overran()) return fail(E_TRUNCATED)
  finalBlock = (header & 1) === 1
  const type = header >> 1
  if (type === 0) {
    const drop = bitCount & 7
    bitBuf >>= <u64>drop
    bitCount -= drop
    const length = bits(16)
    const complement = bits(16)
    if (overran()) return fail(E_TRUNCATED)
    if ((length ^ 0xffff) !== complement) {
      errA = length
      errB = complement
      return fail(E_STORED_LENGTH)
    }
    storedLeft = <i32>length
    mode = MODE_STORED
    if (length === 0) endBlock()
    return 0
  }
  if (type === 1) {
    if (!fixedBuilt) buildFixed()
    lenTable = FIXED_LEN
    lenBits = FIXED_LEN_ROOT
    distTable = FIXED_DIST
    distBits = FIXED_DIST_ROOT
    mode = MODE_CODES
    return 0
  }
  if (type === 2) {
    const status = dynamicTables()
    if (status !== 0) return status
    lenTable = LEN_TABLE
    lenBits = LEN_ROOT
    distTable = DIST_TABLE
    distBits = DIST_ROOT
    mode = MODE_CODES
    return 0
  }
  return fail(E_BLOCK_TYPE)
}

function dynamicTables(): i32 {
  const lenCount = <i32>bits(5) + 257
  const distCount = <i32>bits(5) + 1
  const clenCount = <i32>bits(4) + 4
  if (overran()) return fail(E_TRUNCATED)
  errA = lenCount
  if (lenCount > 286) return fail(E_LEN_COUNT)
  errA = distCount
  if (distCount > 30) return fail(E_DIST_COUNT)
  memory.fill(CLEN_LENGTHS, 0, 19)
  for (let i = 0; i < clenCount; i++) {
    store<u8>(CLEN_LENGTHS + <usize>load<u8>(CLEN_ORDER + <usize>i), <u8>bits(3))
  }
  if (overran()) return fail(E_TRUNCATED)
  const clen = buildTable(CLEN_LENGTHS, 19, CLEN_INFO, CLEN_TABLE, CLEN_ROOT, false)
  if (clen === 1) return fail(E_CLEN_OVER)
  if (clen === 2) return fail(E_CLEN_INCOMPLETE)
  const total = lenCount + distCount
  for (let i = 0; i < total; ) {
    if (bitCount < 16) refill()
    if (overran()) return fail(E_TRUNCATED)
    const entry = load<u32>(CLEN_TABLE + ((<usize>(<u32>bitBuf & 127)) << 2))
    if ((entry & OP_MASK) === OP_INVALID) return fail(E_CLEN_CODE)
    const n = <i32>(entry & 15)
    bitBuf >>= <u64>n
    bitCount -= n
    const symbol = <i32>(entry >> 16)
    if (symbol < 16) {
      store<u8>(LENGTHS + <usize>i, <u8>symbol)
      i++
      continue
    }
    let value: u8 = 0
    let repeat: i32
    if (symbol === 16) {
      if (i === 0) return fail(E_REPEAT_FIRST)
      value = load<u8>(LENGTHS + <usize>(i - 1))
      repeat = 3 + <i32>bits(2)
    } else if (symbol === 17) {
      repeat = 3 + <i32>bits(3)
    } else {
      repeat = 11 + <i32>bits(7)
    }
    if (overran()) return fail(E_TRUNCATED)
    if (i + repeat > total) return fail(E_REPEAT_PAST)
    memory.fill(LENGTHS + <usize>i, value, <usize>repeat)
    i += repeat
  }
  if (load<u8>(LENGTHS + 256) === 0) return fail(E_NO_END)
  const len = buildTable(LENGTHS, lenCount, LEN_INFO, LEN_TABLE, LEN_ROOT, true)
  if (len === 1) return fail(E_LEN_OVER)
  if (len === 2) return fail(E_LEN_INCOMPLETE)
  const dist = buildTable(
    LENGTHS + <usize>lenCount,
    distCount,
    DIST_INFO,
    DIST_TABLE,
    DIST_ROOT,
    true,
  )
  if (dist === 1) return fail(E_DIST_OVER)
  if (dist === 2) return fail(E_DIST_INCOMPLETE)
  return 0
}

function endBlock(): void {
  mode = finalBlock ? MODE_CHECK : MODE_BLOCK
}

function trailer(): i32 {
  if (raw) {
    mode = MODE_DONE
    return 0
  }
  const drop = bitCount & 7
  bitBuf >>= <u64>drop
  bitCount -= drop
  let stored: u32 = 0
  for (let i = 0; i < 4; i++) stored = (stored << 8) | bits(8)
  if (overran()) return fail(E_TRUNCATED)
  const actual = (adlerB << 16) | adlerA
  if (stored !== actual) {
    errA = stored
    errB = actual
    return fail(E_ADLER)
  }
  mode = MODE_DONE
  return 0
}

/** Adds output[adlerPos .. outPos) to the Adler-32 (RFC 1950 §9). */
function settleAdler(): void {
  if (raw) {
    adlerPos = outPos
    return
  }
  let a = adlerA
  let b = adlerB
  let p = adlerPos
  const end = outPos
  while (p < end) {
    const stop = min(end, p + 5552)
    // Per 16 bytes: b += 16 a + Σ (16 - k) v_k, a += Σ v_k, with the sums in SIMD lanes.
    let va = i32x4.splat(0)
    let vb = i32x4.splat(0)
    let vs = i32x4.splat(0)
    const weightsHi = i16x8(16, 15, 14, 13, 12, 11, 10, 9)
    const weightsLo = i16x8(8, 7, 6, 5, 4, 3, 2, 1)
    const start = p
    while (p + 16 <= stop) {
      const v = v128.load(p)
      vs = i32x4.add(vs, va)
      const lo = i16x8.extend_low_i8x16_u(v)
      const hi = i16x8.extend_high_i8x16_u(v)
      va = i32x4.add(va, i32x4.extadd_pairwise_i16x8_u(i16x8.add(lo, hi)))
      vb = i32x4.add(vb, i32x4.dot_i16x8_s(lo, weightsHi))
      vb = i32x4.add(vb, i32x4.dot_i16x8_s(hi, weightsLo))
      p += 16
    }
    const blocks = <u32>((p - start) >> 4)
    const sumA = sumLanes(va)
    const sumB = sumLanes(vb)
    const sumS = sumLanes(vs)
    b = <u32>((<u64>b + <u64>blocks * 16 * <u64>a + 16 * <u64>sumS + <u64>sumB) % 65521)
    a = (a + sumA) % 65521
    while (p < stop) {
      a += <u32>load<u8>(p)
      b += a
      p++
    }
    a %= 65521
    b %= 65521
  }
  adlerA = a
  adlerB = b
  adlerPos = end
}

/**
 * Keeps the output buffer's room for `want` more bytes: drops what is taken and more than 32 KiB
 * behind the write position.
 */
function makeRoom(want: usize): void {
  if (readPos + want + OUT_SLACK <= outBuf + outCap) return
  const keepFrom = min(readPos, outPos - min(WINDOW, outPos - outBuf))
  const shift = keepFrom - outBuf
  if (shift === 0) return
  memory.copy(outBuf, keepFrom, outPos - keepFrom)
  outPos -= shift
  readPos -= shift
  adlerPos -= shift
}

// ---------------------------------------------------------------------------------------------
// The driver
// ---------------------------------------------------------------------------------------------

/**
 * Inflates until `want` bytes are available to take, the stream ends, or the input runs low.
 * With `probe`, produces nothing: reads on only through block ends, headers and the trailer, and
 * stops (returning 0) at the first byte of output, or past `limit` bytes of input read.
 * Returns the bytes available (fewer than `want` only at the end), NEED_INPUT or FAILED.
 */
export function inflate(want: i32, probe: bool, limit: f64): i32 {
  if (failure !== 0) return FAILED
  if (!probe) makeRoom(<usize>want)
  const target = readPos + <usize>want
  let status: i32 = 0
  while (true) {
    if (!probe && outPos >= target) break
    if (mode === MODE_DONE) break
    if (probe && bytesRead() > limit) break
    if (mode === MODE_CODES) {
      status = probe ? probeCodes() : codes(target)
      if (status !== 0) break
      if (probe && mode === MODE_CODES) break
      continue
    }
    if (mode === MODE_STORED) {
      if (probe) {
        if (storedLeft > 0) break
        endBlock()
        continue
      }
      status = storedBytes(target)
      if (status !== 0) break
      continue
    }
    if (!inFinal && inEnd - inPos < HEADER_MARGIN) {
      status = NEED_INPUT
      break
    }
    if (mode === MODE_BLOCK) status = blockHeader()
    else if (mode === MODE_HEADER) status = zlibHeader()
    else {
      settleAdler()
      status = trailer()
    }
    if (status !== 0) break
  }
  settleAdler()
  if (status !== 0) return status
  return <i32>min(outPos - readPos, <usize>want)
}

/** Probing: an end-of-block code is read; anything else is output, and stops. */
function probeCodes(): i32 {
  if (!inFinal && inEnd - inPos < CODES_MARGIN) return NEED_INPUT
  refill()
  let entry = load<u32>(lenTable + ((<usize>(<u32>bitBuf & ((1 << lenBits) - 1))) << 2))
  if ((entry & OP_MASK) === OP_LINK) {
    const sub = <u32>(bitBuf >> <u64>lenBits) & ((1 << ((entry >> 8) & 15)) - 1)
    entry = load<u32>(lenTable + ((<usize>((entry >> 16) + sub)) << 2))
  }
  if (<i32>(entry & 15) > bitCount - (inPos > inEnd ? <i32>((inPos - inEnd) << 3) : 0)) {
    return fail(E_TRUNCATED)
  }
  const op = entry & OP_MASK
  if (op === OP_INVALID) return fail(E_LEN_CODE)
  if (op !== OP_END) return 0
  const n = <i32>(entry & 15)
  bitBuf >>= <u64>n
  bitCount -= n
  endBlock()
  return 0
}

function storedBytes(target: usize): i32 {
  let o = outPos
  let left = storedLeft
  if (overran()) return fail(E_TRUNCATED)
  while (left > 0 && o < target && bitCount >= 8) {
    if (overran()) {
      outPos = o
      return fail(E_TRUNCATED)
    }
    store<u8>(o++, <u8>bitBuf)
    bitBuf >>= 8
    bitCount -= 8
    left--
  }
  if (left > 0 && o < target) {
    // The bit buffer is empty: drop its look-ahead copies of the bytes now copied directly.
    bitBuf = 0
    const n = <i32>min(<usize>left, min(target - o, inEnd - inPos))
    if (n <= 0) {
      storedLeft = left
      outPos = o
      if (inFinal) return fail(E_TRUNCATED)
      return NEED_INPUT
    }
    memory.copy(o, inPos, <usize>n)
    inPos += <usize>n
    o += <usize>n
    left -= n
  }
  storedLeft = left
  outPos = o
  if (left === 0) endBlock()
  return 0
}

/**
 * RFC 1951 §3.2.5: symbols of a Huffman block until `target` is reached (a match is always
 * written whole), the block ends, or (input not final) fewer than CODES_MARGIN bytes are left.
 * Each refill leaves 56+ bits: a literal/length code and its extra bits take at most 20, a
 * distance code and its extra bits at most 28, so one refill covers a whole match.
 */
function codes(target: usize): i32 {
  let bb = bitBuf
  let bc = bitCount
  let ip = inPos
  let o = outPos
  const final = inFinal
  const end = inEnd
  const lt = lenTable
  const lb = <u64>lenBits
  const lmask: u32 = (1 << lenBits) - 1
  const dt = distTable
  const db = <u64>distBits
  const dmask: u32 = (1 << distBits) - 1
  const base = outBuf
  let status: i32 = 0
  while (o < target) {
    if (ip + CODES_MARGIN > end) {
      if (!final) {
        status = NEED_INPUT
        break
      }
      if (ip > end && <i32>((ip - end) << 3) > bc) {
        status = E_TRUNCATED
        break
      }
    }
    bb |= load<u64>(ip) << (<u64>bc)
    ip += <usize>((63 - bc) >> 3)
    bc |= 56
    let entry = load<u32>(lt + ((<usize>(<u32>bb & lmask)) << 2))
    if ((entry & OP_MASK) === OP_LITERAL) {
      let n = <i32>(entry & 15)
      bb >>= <u64>n
      bc -= n
      store<u8>(o++, <u8>(entry >> 16))
      entry = load<u32>(lt + ((<usize>(<u32>bb & lmask)) << 2))
      if ((entry & OP_MASK) !== OP_LITERAL) continue
      n = <i32>(entry & 15)
      bb >>= <u64>n
      bc -= n
      store<u8>(o++, <u8>(entry >> 16))
      entry = load<u32>(lt + ((<usize>(<u32>bb & lmask)) << 2))
      if ((entry & OP_MASK) !== OP_LITERAL) continue
      n = <i32>(entry & 15)
      bb >>= <u64>n
      bc -= n
      store<u8>(o++, <u8>(entry >> 16))
      continue
    }
    if ((entry & OP_MASK) === OP_LINK) {
      const sub = <u32>(bb >> lb) & ((1 << ((entry >> 8) & 15)) - 1)
      entry = load<u32>(lt + ((<usize>((entry >> 16) + sub)) << 2))
    }
    const n = <i32>(entry & 15)
    bb >>= <u64>n
    bc -= n
    const op = entry & OP_MASK
    if (op === OP_LITERAL) {
      store<u8>(o++, <u8>(entry >> 16))
      continue
    }
    if (op !== OP_BASE) {
      if (op === OP_END) {
        status = 1
        break
      }
      status = E_LEN_CODE
      break
    }
    const lx = (entry >> 8) & 15
    const length = <usize>((entry >> 16) + (<u32>bb & ((1 << lx) - 1)))
    bb >>= <u64>lx
    bc -= <i32>lx
    let dentry = load<u32>(dt + ((<usize>(<u32>bb & dmask)) << 2))
    if ((dentry & OP_MASK) === OP_LINK) {
      const sub = <u32>(bb >> db) & ((1 << ((dentry >> 8) & 15)) - 1)
      dentry = load<u32>(dt + ((<usize>((dentry >> 16) + sub)) << 2))
    }
    if ((dentry & OP_MASK) !== OP_BASE) {
      status = E_DIST_CODE
      break
    }
    const dn = <i32>(dentry & 15)
    bb >>= <u64>dn
    bc -= dn
    const dx = (dentry >> 8) & 15
    const dist = <usize>((dentry >> 16) + (<u32>bb & ((1 << dx) - 1)))
    bb >>= <u64>dx
    bc -= <i32>dx
    if (dist > o - base) {
      errA = <u32>dist
      status = E_DIST_FAR
      break
    }
    let src = o - dist
    if (dist >= 16) {
      const stop = o + length
      while (o < stop) {
        v128.store(o, v128.load(src))
        o += 16
        src += 16
      }
      o = stop
    } else if (dist === 1) {
      memory.fill(o, load<u8>(src), length)
      o += length
    } else if (dist >= 8) {
      const stop = o + length
      while (o < stop) {
        store<u64>(o, load<u64>(src))
        o += 8
        src += 8
      }
      o = stop
    } else {
      const stop = o + length
      while (o < stop) store<u8>(o++, load<u8>(src++))
    }
  }
  bitBuf = bb
  bitCount = bc
  inPos = ip
  outPos = o
  if (status === 1) {
    if (overran()) return fail(E_TRUNCATED)
    endBlock()
    return 0
  }
  if (status === NEED_INPUT) return NEED_INPUT
  if (status !== 0) return fail(status)
  if (overran()) return fail(E_TRUNCATED)
  return 0
}

// ---------------------------------------------------------------------------------------------
// PNG unfilter (PNG 3rd edition §9.2-§9.4)
// ---------------------------------------------------------------------------------------------

/** The two row buffers unfilter writes in turn (each `rowBytes` + the filter byte's slot). */
export function rowBuffer(which: i32): usize {
  return which === 0 ? rowA : rowB
}

/**
 * Reverses the filter named by `line[0]`: `dst[1 .. length)` from `line` and `prior` (the
 * previous un-filtered row, zeros for the first). Returns 0, or the filter type when invalid.
 */
export function unfilter(line: usize, prior: usize, dst: usize, length: i32, bpp: i32): i32 {
  const type = <i32>load<u8>(line)
  const n = <usize>length
  const edge = <usize>min(length, 1 + bpp)
  const step = <usize>bpp
  store<u8>(dst, <u8>type)
  if (type === 0) {
    memory.copy(dst + 1, line + 1, n - 1)
    return 0
  }
  if (type === 1) {
    for (let i: usize = 1; i < edge; i++) store<u8>(dst + i, load<u8>(line + i))
    for (let i = edge; i < n; i++) store<u8>(dst + i, load<u8>(line + i) + load<u8>(dst + i - step))
    return 0
  }
  if (type === 2) {
    let i: usize = 1
    for (; i + 16 <= n; i += 16) {
      v128.store(dst + i, i8x16.add(v128.load(line + i), v128.load(prior + i)))
    }
    for (; i < n; i++) store<u8>(dst + i, load<u8>(line + i) + load<u8>(prior + i))
    return 0
  }
  if (type === 3) {
    for (let i: usize = 1; i < edge; i++) {
      store<u8>(dst + i, load<u8>(line + i) + (load<u8>(prior + i) >> 1))
    }
    for (let i = edge; i < n; i++) {
      const avg = (<u32>load<u8>(dst + i - step) + <u32>load<u8>(prior + i)) >> 1
      store<u8>(dst + i, load<u8>(line + i) + <u8>avg)
    }
    return 0
  }
  if (type === 4) {
    for (let i: usize = 1; i < edge; i++)
      store<u8>(dst + i, load<u8>(line + i) + load<u8>(prior + i))
    if (bpp === 1) {
      // Left and upper-left carried in locals: the chain through `a` is the whole cost.
      let a = <i32>load<u8>(dst + 1)
      let c = <i32>load<u8>(prior + 1)
      for (let i: usize = 2; i < n; i++) {
        const b = <i32>load<u8>(prior + i)
        const pa = abs(b - c)
        const pb = abs(a - c)
        const pc = abs(a + b - 2 * c)
        // Selects, not branches: on noisy rows the branches mispredicted half the time.
        const p = select<i32>(a, select<i32>(b, c, pb <= pc), (pa <= pb) & (pa <= pc))
        a = (<i32>load<u8>(line + i) + p) & 255
        store<u8>(dst + i, <u8>a)
        c = b
      }
      return 0
    }
    for (let i = edge; i < n; i++) {
      const a = <i32>load<u8>(dst + i - step)
      const b = <i32>load<u8>(prior + i)
      const c = <i32>load<u8>(prior + i - step)
      const pa = abs(b - c)
      const pb = abs(a - c)
      const pc = abs(a + b - 2 * c)
      const p = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
      store<u8>(dst + i, load<u8>(line + i) + <u8>p)
    }
    return 0
  }
  return type
}

// ---------------------------------------------------------------------------------------------
// Deflate (RFC 1951 in an RFC 1950 stream): lazy LZ77 over 4-byte hash chains ('thorough') or
// 4-candidate hash buckets ('fast'), then one dynamic Huffman block per BLOCK_SYMBOLS symbols. Positions are absolute (u32) so the window
// slides with one copy and no table rewrite; a candidate is used only after its bytes compare.
// One instance compresses one stream (deflateInit), separately from the inflater's state.
// ---------------------------------------------------------------------------------------------

const HASH_BITS: u32 = 15
const HASH_SIZE: usize = 1 << HASH_BITS
/** New input taken per slide, after the 32 KiB of history. */
const D_INPUT: usize = 96 * 1024
const D_CAP: usize = WINDOW + D_INPUT
/** Bytes kept ahead of the match finder until the stream ends: a whole match can be found. */
const LOOKAHEAD: u32 = 262
const BLOCK_SYMBOLS: i32 = 32768
/** Room for one block's bits at the worst (48 bits a symbol) and its header. */
const D_OUT_CAP: usize = <usize>BLOCK_SYMBOLS * 6 + 1024

let dWin: usize = 0
let dBase: u32 = 0
let dPos: u32 = 0
let dEnd: u32 = 0
let dHead: usize = 0
let dPrev: usize = 0
/** The block's symbols, a u32 each: a literal byte, or 256 + length with the distance << 16. */
let dSyms: usize = 0
let dSymCount: i32 = 0
let dLitFreq: usize = 0
let dDistFreq: usize = 0
let dOut: usize = 0
let dOutPos: usize = 0
let dBits: u64 = 0
let dBitCount: i32 = 0
let dMaxChain: i32 = 8
let dNice: i32 = 64
let dMaxLazy: i32 = 64
let dMinMatch: i32 = 4
/** Bucket searches hash the first dMinMatch bytes: a u64 load shifted left by this. */
let dHashShift: u64 = 32
let dAdlerFrom: u32 = 0

// Code tables, built at deflateInit.
const LEN_SYMBOL = memory.data(259 * 2)
const DIST_SYMBOL_LO = memory.data(256)
const DIST_SYMBOL_HI = memory.data(256)
const LEN_BASE = memory.data(29 * 2)
const LEN_EXTRA = memory.data(29)
const DIST_BASE = memory.data(30 * 2)
const DIST_EXTRA = memory.data(30)
// Per block: code lengths and (bit-reversed) codes of the three alphabets, and scratch.
const LIT_LENS = memory.data(288)
const LIT_CODES = memory.data(288 * 2)
const DIST_LENS = memory.data(32)
const DIST_CODES = memory.data(32 * 2)
const CL_LENS = memory.data(19)
const CL_CODES = memory.data(19 * 2)
const CL_FREQ = memory.data(19 * 4)
const CL_SYMS = memory.data(320 * 2)
const SORT_KEYS = memory.data(288 * 4)
const NUM_CODES = memory.data(33 * 4)
const HUFF_SCRATCH = memory.data(288 * 4)

/**
 * Starts a zlib stream: `maxChain` candidates tried per position (BUCKET or fewer: the bucket
 * search, else hash chains), a match of `nice` bytes or more ends the search, one shorter than
 * `maxLazy` is deferred when the next position has a longer one, and the bucket search takes no
 * match under `minMatch` bytes (4 to 8; chains always 4). Allocates the buffers on first use.
 */
export function deflateInit(maxChain: i32, nice: i32, maxLazy: i32, minMatch: i32): void {
  dBucketMode = maxChain <= BUCKET
  if (dBucketMode && dBuckets === 0) dBuckets = heap.alloc(((<usize>1) << BUCKET_BITS) << 4)
  if (!dBucketMode && dHead === 0) {
    dHead = heap.alloc(HASH_SIZE << 2)
    dPrev = heap.alloc(WINDOW << 2)
  }
  if (dWin === 0) {
    dWin = heap.alloc(D_CAP + 16)
    dSyms = heap.alloc((<usize>BLOCK_SYMBOLS) << 2)
    dLitFreq = heap.alloc(288 * 4)
    dDistFreq = heap.alloc(32 * 4)
    dOut = heap.alloc(D_OUT_CAP + 16)
    let base: u32 = 3
    for (let s = 0; s < 28; s++) {
      const extra: u32 = s < 8 ? 0 : <u32>(s - 4) >> 2
      store<u16>(LEN_BASE + ((<usize>s) << 1), <u16>base)
      store<u8>(LEN_EXTRA + <usize>s, <u8>extra)
      for (let k: u32 = 0; k < (<u32>1) << extra; k++) {
        store<u16>(LEN_SYMBOL + ((<usize>(base + k)) << 1), <u16>(257 + s))
      }
      base += (<u32>1) << extra
    }
    store<u16>(LEN_BASE + 28 * 2, 258)
    store<u8>(LEN_EXTRA + 28, 0)
    store<u16>(LEN_SYMBOL + 258 * 2, 285)
    base = 1
    for (let s = 0; s < 30; s++) {
      const extra: u32 = s < 4 ? 0 : <u32>(s >> 1) - 1
      store<u16>(DIST_BASE + ((<usize>s) << 1), <u16>base)
      store<u8>(DIST_EXTRA + <usize>s, <u8>extra)
      for (let k: u32 = 0; k < (<u32>1) << extra; k++) {
        const d = base + k - 1
        if (d < 256) store<u8>(DIST_SYMBOL_LO + <usize>d, <u8>s)
        else store<u8>(DIST_SYMBOL_HI + <usize>(d >> 7), <u8>s)
      }
      base += (<u32>1) << extra
    }
  }
  dMaxChain = maxChain
  dNice = nice
  dMaxLazy = maxLazy
  dMinMatch = dBucketMode ? min(max(minMatch, 4), 8) : 4
  dHashShift = <u64>(64 - 8 * dMinMatch)
  dMisses = 0
  // Absolute positions start at 1: 0 in the head table means no candidate.
  dBase = 1
  dPos = 1
  dEnd = 1
  dAdlerFrom = 1
  if (dBucketMode) memory.fill(dBuckets, 0, ((<usize>1) << BUCKET_BITS) << 4)
  else {
    memory.fill(dHead, 0, HASH_SIZE << 2)
    memory.fill(dPrev, 0, WINDOW << 2)
  }
  resetBlock()
  dOutPos = dOut
  dBits = 0
  dBitCount = 0
  adlerA = 1
  adlerB = 0
  raw = false
  // zlib header: deflate, 32 KiB window, no dictionary, "fast" level bits; 0x7801 % 31 == 0.
  putBits(0x78, 8)
  putBits(0x01, 8)
}

function resetBlock(): void {
  dSymCount = 0
  memory.fill(dLitFreq, 0, 288 * 4)
  memory.fill(dDistFreq, 0, 32 * 4)
}

/** Where the next input bytes go (after sliding the window if need be), at most `deflateRoom`. */
export function deflateInput(): usize {
  return deflateReserve(0)
}

/** deflateInput, sliding the window early enough that `n` (at most 32 KiB) bytes fit. */
export function deflateReserve(n: i32): usize {
  if (dEnd - dBase + <u32>LOOKAHEAD * 2 + <u32>n > <u32>D_CAP) {
    const keep = dPos > <u32>WINDOW ? dPos - <u32>WINDOW : 0
    if (keep > dBase) {
      settleDeflateAdler(dEnd)
      const shift = keep - dBase
      memory.copy(dWin, dWin + <usize>shift, <usize>(dEnd - keep))
      dBase = keep
    }
  }
  return dWin + <usize>(dEnd - dBase)
}

export function deflateRoom(): i32 {
  return <i32>(<u32>D_CAP - (dEnd - dBase))
}

/** Counts `n` bytes written at `deflateInput()`. */
export function deflatePush(n: i32): void {
  dEnd += <u32>n
}

/** Compressed bytes ready to take, from `deflateOutput()`; `deflateTaken` empties it. */
export function deflateOutput(): usize {
  return dOut
}

export function deflateReady(): i32 {
  return <i32>(dOutPos - dOut)
}

export function deflateTaken(): void {
  dOutPos = dOut
}

function putBits(value: u32, n: i32): void {
  dBits |= (<u64>value) << (<u64>dBitCount)
  dBitCount += n
  if (dBitCount >= 32) {
    store<u32>(dOutPos, <u32>dBits)
    dOutPos += 4
    dBits >>= 32
    dBitCount -= 32
  }
}

/** Adds the input up to absolute position `to` to the Adler-32. */
function settleDeflateAdler(to: u32): void {
  if (to <= dAdlerFrom) return
  adlerPos = dWin + <usize>(dAdlerFrom - dBase)
  outPos = dWin + <usize>(to - dBase)
  raw = false
  settleAdler()
  dAdlerFrom = to
}

function matchLength(a: usize, b: usize, max: i32): i32 {
  let n: i32 = 0
  while (n + 8 <= max) {
    const x = load<u64>(a + <usize>n) ^ load<u64>(b + <usize>n)
    if (x !== 0) return n + <i32>(ctz(x) >> 3)
    n += 8
  }
  while (n < max && load<u8>(a + <usize>n) === load<u8>(b + <usize>n)) n++
  return n
}

function hashAt(p: usize): usize {
  return <usize>((load<u32>(p) * 0x9e3779b1) >> (32 - HASH_BITS))
}

let dMatchDist: u32 = 0
/**
 * Bucket searches: each hash of a position's first dMinMatch bytes keeps its last BUCKET
 * positions (newest first) in one 16-byte bucket, so the candidates come from one load rather
 * than a walk of dependent chain links.
 */
const BUCKET: i32 = 4
const BUCKET_BITS: u32 = 14
/** 2^64 / the golden ratio (Fibonacci hashing), written in halves that JavaScript holds exactly. */
const BUCKET_MUL: u64 = ((<u64>0x9e3779b9) << 32) | 0x7f4a7c15
let dBuckets: usize = 0
let dBucketMode = false

/** Puts position `pos` (at `p`) first in its bucket; returns the bucket as it was. */
function bucketInsert(pos: u32, p: usize): v128 {
  const key = load<u64>(p) << dHashShift
  const slot = dBuckets + ((<usize>((key * BUCKET_MUL) >> (64 - BUCKET_BITS))) << 4)
  const v = v128.load(slot)
  const shifted = i8x16.shuffle(v, v, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
  v128.store(slot, i32x4.replace_lane(shifted, 0, pos))
  return v
}

/**
 * Indexes `pos` in its bucket and returns the longest match there among the bucket's earlier
 * positions (0 under dMinMatch bytes), its distance in dMatchDist; the nearest of equal lengths
 * wins.
 */
function bucketMatch(pos: u32, avail: i32): i32 {
  if (avail < dMinMatch) return 0
  const p = dWin + <usize>(pos - dBase)
  const old = bucketInsert(pos, p)
  // Usable distances are 1 .. span: inside the window and the data still held. The four
  // candidates' first 8 bytes are compared without branches (an unusable one compares `p` with
  // itself and is masked out); most searches on photo rows find nothing, and branches on each
  // candidate would mispredict.
  const span = min<u32>(pos - dBase, <u32>WINDOW - 1)
  const dist = i32x4.sub(i32x4.splat(pos), old)
  const ok = i32x4.lt_u(i32x4.sub(dist, i32x4.splat(1)), i32x4.splat(span))
  const use = v128.and(dist, ok)
  const cur = load<u64>(p)
  const short = <u32>min(avail, 8)
  const d0 = <u32>i32x4.extract_lane(use, 0)
  const d1 = <u32>i32x4.extract_lane(use, 1)
  const d2 = <u32>i32x4.extract_lane(use, 2)
  const d3 = <u32>i32x4.extract_lane(use, 3)
  const l0 = prefixLength(p, d0, cur, short)
  const l1 = prefixLength(p, d1, cur, short)
  const l2 = prefixLength(p, d2, cur, short)
  const l3 = prefixLength(p, d3, cur, short)
  // The longest, the nearest (first) of equal lengths.
  let best = l0
  let bestDist = d0
  bestDist = l1 > best ? d1 : bestDist
  best = max(best, l1)
  bestDist = l2 > best ? d2 : bestDist
  best = max(best, l2)
  bestDist = l3 > best ? d3 : bestDist
  best = max(best, l3)
  if (best === 8 && avail > 8) {
    // Some candidates match 8 bytes or more: the longest of them, by their whole length.
    best = 0
    const nice = <u32>dNice
    for (let k = 0; k < 4; k++) {
      const d = k === 0 ? d0 : k === 1 ? d1 : k === 2 ? d2 : d3
      const l = k === 0 ? l0 : k === 1 ? l1 : k === 2 ? l2 : l3
      if (l < 8) continue
      const len = <u32>(8 + matchLength(p - <usize>d + 8, p + 8, avail - 8))
      if (len > best) {
        best = len
        bestDist = d
        if (len >= nice) break
      }
    }
  }
  dMatchDist = bestDist
  return best >= <u32>dMinMatch ? <i32>best : 0
}

/** How many of the first `short` bytes at `p` and `dist` before it agree (0 when dist is 0). */
function prefixLength(p: usize, dist: u32, cur: u64, short: u32): u32 {
  const len = min(<u32>(ctz(load<u64>(p - <usize>dist) ^ cur) >> 3), short)
  return dist !== 0 ? len : 0
}

/** The longest period of a match that indexRun treats as a run. */
const RUN_PERIOD: u32 = 8

/**
 * Indexes position `pos` and returns the longest match there (0 under 4 bytes), its distance in
 * dMatchDist.
 */
function findMatch(pos: u32, avail: i32, maxChain: i32): i32 {
  if (avail < 4) return 0
  const win = dWin
  const base = dBase
  const p = win + <usize>(pos - base)
  const h = hashAt(p)
  let cand = load<u32>(dHead + (h << 2))
  store<u32>(dHead + (h << 2), pos)
  store<u32>(dPrev + ((<usize>(pos & 32767)) << 2), cand)
  const first = load<u32>(p)
  let chain = maxChain
  const nice = dNice
  const floor: u32 = pos > <u32>WINDOW ? pos - <u32>WINDOW : 0
  let best: i32 = 0
  // The 4 bytes ending one past the best match so far: a candidate must match them to beat it.
  let tail: u32 = first
  while (cand > floor && cand >= base && chain > 0) {
    const c = win + <usize>(cand - base)
    if (load<u32>(c + <usize>max(best - 3, 0)) === tail && load<u32>(c) === first) {
      const len = matchLength(c, p, avail)
      if (len > best) {
        best = len
        dMatchDist = pos - cand
        if (len >= nice || len >= avail) break
        tail = load<u32>(p + <usize>(best - 3))
      }
    }
    const next = load<u32>(dPrev + ((<usize>(cand & 32767)) << 2))
    if (next >= cand) break
    cand = next
    chain--
  }
  return best
}

function emitLiteral(v: u8): void {
  store<u32>(dSyms + ((<usize>dSymCount) << 2), <u32>v)
  dSymCount++
  const la = dLitFreq + ((<usize>v) << 2)
  store<u32>(la, load<u32>(la) + 1)
}

/** The distance code of `dist` (RFC 1951 §3.2.5), from the two lookup tables. */
function distSymbol(dist: u32): usize {
  const d = dist - 1
  return <usize>(
    (d < 256 ? load<u8>(DIST_SYMBOL_LO + <usize>d) : load<u8>(DIST_SYMBOL_HI + <usize>(d >> 7)))
  )
}

function emitMatch(length: i32, dist: u32): void {
  const lsym = <usize>load<u16>(LEN_SYMBOL + ((<usize>length) << 1))
  const dsym = distSymbol(dist)
  store<u32>(dSyms + ((<usize>dSymCount) << 2), (dist << 16) | <u32>(256 + length))
  dSymCount++
  const la = dLitFreq + (lsym << 2)
  store<u32>(la, load<u32>(la) + 1)
  const da = dDistFreq + (dsym << 2)
  store<u32>(da, load<u32>(da) + 1)
}

/**
 * Runs the match finder over the input, keeping LOOKAHEAD bytes back unless `last`. A match
 * shorter than `dNice` is deferred by one byte when the next position has a longer one (lazy
 * matching, as zlib's levels 4-9). Returns 1 when a block was written (take the output and call
 * again), 0 when it needs more input.
 */
export function deflateRun(last: bool): i32 {
  const limit: u32 = last ? dEnd : dEnd > LOOKAHEAD ? dEnd - LOOKAHEAD : 0
  if (dBucketMode) return runBuckets(limit)
  let pos = dPos
  while (pos < limit) {
    if (dSymCount >= BLOCK_SYMBOLS - 2) {
      dPos = pos
      writeBlock(false)
      return 1
    }
    let len = findMatch(pos, <i32>min<u32>(258, dEnd - pos), dMaxChain)
    let dist = dMatchDist
    if (len < 4) {
      emitLiteral(load<u8>(dWin + <usize>(pos - dBase)))
      pos++
      continue
    }
    if (len < dMaxLazy && pos + 1 < limit) {
      // A good match already: look less hard for a better one (zlib's good_length).
      const chain = len >= 8 ? dMaxChain >> 2 : dMaxChain
      const next = findMatch(pos + 1, <i32>min<u32>(258, dEnd - pos - 1), max(chain, 1))
      if (next > len) {
        emitLiteral(load<u8>(dWin + <usize>(pos - dBase)))
        pos++
        len = next
        dist = dMatchDist
      } else {
        // pos + 1 is indexed already: the loop below starts after it.
        emitMatch(len, dist)
        indexRun(pos + 2, pos + <u32>len, dist)
        pos += <u32>len
        continue
      }
    }
    emitMatch(len, dist)
    indexRun(pos + 1, pos + <u32>len, dist)
    pos += <u32>len
  }
  dPos = pos
  return 0
}

/** Searches without a match (net of halvings) per byte the step between searches grows. */
const SKIP_SHIFT: u32 = 5
const SKIP_MAX: u32 = 8
/**
 * Searches that found no match, halved at each match and held at most SKIP_MAX << SKIP_SHIFT
 * (LZ4's acceleration counter, on a leash).
 */
let dMisses: u32 = 0

/**
 * deflateRun for bucket searches, up to `limit`. Where matches are rare (photo residuals) the
 * step between searches grows, as LZ4's acceleration: one byte per 2^SKIP_SHIFT searches that
 * found nothing, up to SKIP_MAX; each match halves the count, so a stray match in a photo barely
 * slows the search down and four in a row bring the step back to 1. Every position is still
 * indexed, so a later search finds matches into the skipped ones.
 */
function runBuckets(limit: u32): i32 {
  const win = dWin
  const base = dBase
  const end = dEnd
  const syms = dSyms
  const litFreq = dLitFreq
  const maxLazy = dMaxLazy
  let n = dSymCount
  // Positions before keyEnd have their dMinMatch key bytes in the input.
  const keyEnd = end >= <u32>dMinMatch ? end - <u32>dMinMatch + 1 : 0
  let pos = dPos
  let misses = dMisses
  while (pos < limit) {
    if (n >= BLOCK_SYMBOLS - 2 - <i32>SKIP_MAX) {
      dSymCount = n
      dPos = pos
      dMisses = misses
      writeBlock(false)
      return 1
    }
    let len = bucketMatch(pos, <i32>min<u32>(258, end - pos))
    if (len === 0) {
      const first = pos
      const stop = min(limit, pos + min(1 + (misses >> SKIP_SHIFT), SKIP_MAX))
      misses = min(misses + 1, SKIP_MAX << SKIP_SHIFT)
      for (; pos < stop; pos++) {
        if (pos !== first && pos < keyEnd) bucketInsert(pos, win + <usize>(pos - base))
        const v = <u32>load<u8>(win + <usize>(pos - base))
        store<u32>(syms + ((<usize>n) << 2), v)
        n++
        const la = litFreq + ((<usize>v) << 2)
        store<u32>(la, load<u32>(la) + 1)
      }
      continue
    }
    misses >>= 1
    let dist = dMatchDist
    let from = pos + 1
    if (len < maxLazy && pos + 1 < limit) {
      const next = bucketMatch(pos + 1, <i32>min<u32>(258, end - pos - 1))
      from = pos + 2
      if (next > len) {
        const v = <u32>load<u8>(win + <usize>(pos - base))
        store<u32>(syms + ((<usize>n) << 2), v)
        n++
        const la = litFreq + ((<usize>v) << 2)
        store<u32>(la, load<u32>(la) + 1)
        pos++
        len = next
        dist = dMatchDist
      }
    }
    store<u32>(syms + ((<usize>n) << 2), (dist << 16) | <u32>(256 + len))
    n++
    const la = litFreq + ((<usize>load<u16>(LEN_SYMBOL + ((<usize>len) << 1))) << 2)
    store<u32>(la, load<u32>(la) + 1)
    const da = dDistFreq + (distSymbol(dist) << 2)
    store<u32>(da, load<u32>(da) + 1)
    // Index the covered positions (but only the last two periods of a short-period run).
    const to = pos + <u32>len
    if (dist <= RUN_PERIOD && to - from > 2 * RUN_PERIOD) from = to - 2 * RUN_PERIOD
    const keyStop = min(to, keyEnd)
    for (let q = from; q < keyStop; q++) bucketInsert(q, win + <usize>(q - base))
    pos = to
  }
  dSymCount = n
  dPos = pos
  dMisses = misses
  return 0
}

/**
 * Indexes positions [from, to) that a match covered, so later data can refer into them. A match
 * at a distance of at most RUN_PERIOD is a run with that period (blank rows of a page): inside it
 * every position hashes like the one a period earlier, so only its last 2 · RUN_PERIOD positions
 * are indexed. A later match still finds the run there, at worst a little shorter.
 */
function indexRun(from: u32, to: u32, dist: u32): void {
  if (dist <= RUN_PERIOD && to - from > 2 * RUN_PERIOD) from = to - 2 * RUN_PERIOD
  const hashStop = dEnd >= 3 ? dEnd - 3 : 0
  const stop = min(to, hashStop)
  for (let pos = from; pos < stop; pos++) {
    const h = hashAt(dWin + <usize>(pos - dBase))
    store<u32>(dPrev + ((<usize>(pos & 32767)) << 2), load<u32>(dHead + (h << 2)))
    store<u32>(dHead + (h << 2), pos)
  }
}

/** Ends the stream: the last block, then the Adler-32 of all input. Call after deflateRun(true). */
export function deflateFinish(): void {
  writeBlock(true)
  settleDeflateAdler(dEnd)
  if (dBitCount > 0) putBits(0, (8 - (dBitCount & 7)) & 7)
  while (dBitCount > 0) {
    store<u8>(dOutPos++, <u8>dBits)
    dBits >>= 8
    dBitCount -= 8
  }
  dBitCount = 0
  const adler = (adlerB << 16) | adlerA
  store<u8>(dOutPos++, <u8>(adler >> 24))
  store<u8>(dOutPos++, <u8>(adler >> 16))
  store<u8>(dOutPos++, <u8>(adler >> 8))
  store<u8>(dOutPos++, <u8>adler)
}

/**
 * Huffman code lengths of at most `limit` bits for `count` symbols of `freq` (u32 each) into
 * `lens` (u8): Moffat and Katajainen's in-place minimum-redundancy lengths over the symbols
 * sorted by frequency, then the longest codes folded to `limit` (as miniz does). At least two
 * symbols get a code, so every decoder sees a complete code.
 */
function huffmanLengths(freq: usize, count: i32, lens: usize, limit: i32): void {
  memory.fill(lens, 0, <usize>count)
  let n: i32 = 0
  for (let s = 0; s < count; s++) {
    const f = load<u32>(freq + ((<usize>s) << 2))
    if (f !== 0) {
      store<u32>(SORT_KEYS + ((<usize>n) << 2), (f << 9) | <u32>s)
      n++
    }
  }
  // Fewer than two used symbols: give symbols 0 and 1 (or the used one and another) one bit.
  if (n < 2) {
    const used = n === 1 ? <i32>(load<u32>(SORT_KEYS) & 511) : 0
    store<u8>(lens + <usize>used, 1)
    store<u8>(lens + <usize>(used === 0 ? 1 : 0), 1)
    return
  }
  // Insertion sort by frequency, ascending (ties by symbol).
  for (let i = 1; i < n; i++) {
    const key = load<u32>(SORT_KEYS + ((<usize>i) << 2))
    let j = i - 1
    while (j >= 0 && load<u32>(SORT_KEYS + ((<usize>j) << 2)) > key) {
      store<u32>(SORT_KEYS + ((<usize>(j + 1)) << 2), load<u32>(SORT_KEYS + ((<usize>j) << 2)))
      j--
    }
    store<u32>(SORT_KEYS + ((<usize>(j + 1)) << 2), key)
  }
  // A[i]: the frequencies, then (in place) parent links, depths and finally code lengths.
  const a = HUFF_SCRATCH
  for (let i = 0; i < n; i++)
    store<u32>(a + ((<usize>i) << 2), load<u32>(SORT_KEYS + ((<usize>i) << 2)) >> 9)
  store<u32>(a, load<u32>(a) + load<u32>(a + 4))
  let root: i32 = 0
  let leaf: i32 = 2
  for (let next = 1; next < n - 1; next++) {
    if (leaf >= n || load<u32>(a + ((<usize>root) << 2)) < load<u32>(a + ((<usize>leaf) << 2))) {
      store<u32>(a + ((<usize>next) << 2), load<u32>(a + ((<usize>root) << 2)))
      store<u32>(a + ((<usize>root) << 2), <u32>next)
      root++
    } else {
      store<u32>(a + ((<usize>next) << 2), load<u32>(a + ((<usize>leaf) << 2)))
      leaf++
    }
    if (
      leaf >= n ||
      (root < next && load<u32>(a + ((<usize>root) << 2)) < load<u32>(a + ((<usize>leaf) << 2)))
    ) {
      store<u32>(
        a + ((<usize>next) << 2),
        load<u32>(a + ((<usize>next) << 2)) + load<u32>(a + ((<usize>root) << 2)),
      )
      store<u32>(a + ((<usize>root) << 2), <u32>next)
      root++
    } else {
      store<u32>(
        a + ((<usize>next) << 2),
        load<u32>(a + ((<usize>next) << 2)) + load<u32>(a + ((<usize>leaf) << 2)),
      )
      leaf++
    }
  }
  store<u32>(a + ((<usize>(n - 2)) << 2), 0)
  for (let next = n - 3; next >= 0; next--) {
    const parent = load<u32>(a + ((<usize>next) << 2))
    store<u32>(a + ((<usize>next) << 2), load<u32>(a + ((<usize>parent) << 2)) + 1)
  }
  let avail: i32 = 1
  let used: i32 = 0
  let depth: u32 = 0
  root = n - 2
  let next = n - 1
  while (avail > 0) {
    while (root >= 0 && load<u32>(a + ((<usize>root) << 2)) === depth) {
      used++
      root--
    }
    while (avail > used) {
      store<u32>(a + ((<usize>next) << 2), depth)
      next--
      avail--
    }
    avail = 2 * used
    depth++
    used = 0
  }
  // a[i] is now the code length of the i-th least frequent symbol: count, fold, assign.
  memory.fill(NUM_CODES, 0, 33 * 4)
  for (let i = 0; i < n; i++) {
    const at = NUM_CODES + ((<usize>load<u32>(a + ((<usize>i) << 2))) << 2)
    store<u32>(at, load<u32>(at) + 1)
  }
  const maxAt = NUM_CODES + ((<usize>limit) << 2)
  for (let i = limit + 1; i <= 32; i++) {
    store<u32>(maxAt, load<u32>(maxAt) + load<u32>(NUM_CODES + ((<usize>i) << 2)))
  }
  let total: u32 = 0
  for (let i = limit; i > 0; i--)
    total += load<u32>(NUM_CODES + ((<usize>i) << 2)) << (<u32>(limit - i))
  while (total !== (<u32>1) << (<u32>limit)) {
    store<u32>(maxAt, load<u32>(maxAt) - 1)
    for (let i = limit - 1; i > 0; i--) {
      const at = NUM_CODES + ((<usize>i) << 2)
      if (load<u32>(at) !== 0) {
        store<u32>(at, load<u32>(at) - 1)
        const up = NUM_CODES + ((<usize>(i + 1)) << 2)
        store<u32>(up, load<u32>(up) + 2)
        break
      }
    }
    total--
  }
  // The most frequent symbols (the end of the sorted list) take the shortest codes.
  let j = n
  for (let len = 1; len <= limit; len++) {
    for (let k = <i32>load<u32>(NUM_CODES + ((<usize>len) << 2)); k > 0; k--) {
      j--
      store<u8>(lens + <usize>(load<u32>(SORT_KEYS + ((<usize>j) << 2)) & 511), <u8>len)
    }
  }
}

/** Canonical codes (RFC 1951 §3.2.2) for `count` lengths, stored bit-reversed for LSB-first output. */
function canonicalCodes(lens: usize, count: i32, codes: usize): void {
  countLengths(lens, count, NUM_CODES)
  firstCodes(NUM_CODES)
  for (let s = 0; s < count; s++) {
    const len = <i32>load<u8>(lens + <usize>s)
    if (len === 0) continue
    const at = NEXT + ((<usize>len) << 2)
    const c = load<u32>(at)
    store<u32>(at, c + 1)
    store<u16>(codes + ((<usize>s) << 1), <u16>reverseBits(c, len))
  }
}

/** Writes the pending symbols as one dynamic Huffman block (RFC 1951 §3.2.7). */
function writeBlock(final: bool): void {
  store<u32>(dLitFreq + 256 * 4, 1)
  huffmanLengths(dLitFreq, 286, LIT_LENS, 15)
  huffmanLengths(dDistFreq, 30, DIST_LENS, 15)
  canonicalCodes(LIT_LENS, 286, LIT_CODES)
  canonicalCodes(DIST_LENS, 30, DIST_CODES)
  let hlit: i32 = 286
  while (hlit > 257 && load<u8>(LIT_LENS + <usize>(hlit - 1)) === 0) hlit--
  let hdist: i32 = 30
  while (hdist > 1 && load<u8>(DIST_LENS + <usize>(hdist - 1)) === 0) hdist--
  // The code lengths of both alphabets in a row, run-length coded with 16, 17 and 18.
  memory.copy(LENGTHS, LIT_LENS, <usize>hlit)
  memory.copy(LENGTHS + <usize>hlit, DIST_LENS, <usize>hdist)
  const total = hlit + hdist
  memory.fill(CL_FREQ, 0, 19 * 4)
  let nsyms: i32 = 0
  for (let i = 0; i < total; ) {
    const len = load<u8>(LENGTHS + <usize>i)
    let run: i32 = 1
    while (i + run < total && load<u8>(LENGTHS + <usize>(i + run)) === len) run++
    i += run
    if (len === 0) {
      while (run >= 11) {
        const r = min(run, 138)
        store<u16>(CL_SYMS + ((<usize>nsyms) << 1), <u16>((18 << 8) | (r - 11)))
        nsyms++
        run -= r
      }
      if (run >= 3) {
        store<u16>(CL_SYMS + ((<usize>nsyms) << 1), <u16>((17 << 8) | (run - 3)))
        nsyms++
        run = 0
      }
    } else {
      store<u16>(CL_SYMS + ((<usize>nsyms) << 1), <u16>((<i32>len) << 8))
      nsyms++
      run--
      while (run >= 3) {
        const r = min(run, 6)
        store<u16>(CL_SYMS + ((<usize>nsyms) << 1), <u16>((16 << 8) | (r - 3)))
        nsyms++
        run -= r
      }
    }
    for (; run > 0; run--) {
      store<u16>(CL_SYMS + ((<usize>nsyms) << 1), <u16>((<i32>len) << 8))
      nsyms++
    }
  }
  for (let i = 0; i < nsyms; i++) {
    const at = CL_FREQ + ((<usize>(load<u16>(CL_SYMS + ((<usize>i) << 1)) >> 8)) << 2)
    store<u32>(at, load<u32>(at) + 1)
  }
  huffmanLengths(CL_FREQ, 19, CL_LENS, 7)
  canonicalCodes(CL_LENS, 19, CL_CODES)
  let hclen: i32 = 19
  while (hclen > 4 && load<u8>(CL_LENS + <usize>load<u8>(CLEN_ORDER + <usize>(hclen - 1))) === 0) {
    hclen--
  }
  putBits(final ? 1 : 0, 1)
  putBits(2, 2)
  putBits(<u32>(hlit - 257), 5)
  putBits(<u32>(hdist - 1), 5)
  putBits(<u32>(hclen - 4), 4)
  for (let i = 0; i < hclen; i++) {
    putBits(<u32>load<u8>(CL_LENS + <usize>load<u8>(CLEN_ORDER + <usize>i)), 3)
  }
  for (let i = 0; i < nsyms; i++) {
    const v = <u32>load<u16>(CL_SYMS + ((<usize>i) << 1))
    const sym = <usize>(v >> 8)
    putBits(<u32>load<u16>(CL_CODES + (sym << 1)), <i32>load<u8>(CL_LENS + sym))
    if (sym === 16) putBits(v & 255, 2)
    else if (sym === 17) putBits(v & 255, 3)
    else if (sym === 18) putBits(v & 255, 7)
  }
  // The symbols, with the bit buffer in locals: whole bytes go out after each literal, length and
  // distance (at most 15, 20 and 28 bits, on at most 31 pending after the header, then 7).
  let bits = dBits
  let count = <u64>dBitCount
  let out = dOutPos
  const syms = dSyms
  for (let i = 0; i < dSymCount; i++) {
    const s = load<u32>(syms + ((<usize>i) << 2))
    const v = <usize>(s & 0xffff)
    if (v < 256) {
      bits |= (<u64>load<u16>(LIT_CODES + (v << 1))) << count
      count += <u64>load<u8>(LIT_LENS + v)
    } else {
      const length = <u32>v - 256
      const lsym = <usize>load<u16>(LEN_SYMBOL + ((<usize>length) << 1))
      const li = lsym - 257
      bits |= (<u64>load<u16>(LIT_CODES + (lsym << 1))) << count
      count += <u64>load<u8>(LIT_LENS + lsym)
      bits |= (<u64>(length - <u32>load<u16>(LEN_BASE + (li << 1)))) << count
      count += <u64>load<u8>(LEN_EXTRA + li)
      store<u64>(out, bits)
      const k = count >> 3
      out += <usize>k
      bits >>= k << 3
      count &= 7
      const dist = s >> 16
      const dsym = distSymbol(dist)
      bits |= (<u64>load<u16>(DIST_CODES + (dsym << 1))) << count
      count += <u64>load<u8>(DIST_LENS + dsym)
      bits |= (<u64>(dist - <u32>load<u16>(DIST_BASE + (dsym << 1)))) << count
      count += <u64>load<u8>(DIST_EXTRA + dsym)
    }
    store<u64>(out, bits)
    const k = count >> 3
    out += <usize>k
    bits >>= k << 3
    count &= 7
  }
  dBits = bits
  dBitCount = <i32>count
  dOutPos = out
  putBits(<u32>load<u16>(LIT_CODES + 256 * 2), <i32>load<u8>(LIT_LENS + 256))
  resetBlock()
}

// ---------------------------------------------------------------------------------------------
// PNG row filter (PNG 3rd edition §9, the adaptive heuristic of §12.8), as filterRow in
// src/codecs/png/filter.ts: the same five sums of |signed residual| and the same choice (the
// first smallest of None, Sub, Up, Average, Paeth), 16 bytes per step. The row and the prior row
// live here, each after 16 zero bytes so the left neighbours of the first pixel read as 0.
// ---------------------------------------------------------------------------------------------

let fRow: usize = 0
let fPrior: usize = 0
let fCap: i32 = 0

/** Makes room for rows of `rowBytes` (zeroing the prior row); may grow memory. */
export function filterInit(rowBytes: i32): void {
  if (rowBytes > fCap) {
    fRow = heap.alloc(<usize>rowBytes + 48) + 16
    fPrior = heap.alloc(<usize>rowBytes + 48) + 16
    fCap = rowBytes
  }
  memory.fill(fRow - 16, 0, <usize>fCap + 32)
  memory.fill(fPrior - 16, 0, <usize>fCap + 32)
}

/** Where the next row goes. */
export function filterRowBuffer(): usize {
  return fRow
}

/** The prior row (to overwrite when the caller filtered a row itself). */
export function filterPriorBuffer(): usize {
  return fPrior
}

function signedAbsSum(v: v128): v128 {
  return i32x4.extadd_pairwise_i16x8_u(i16x8.extadd_pairwise_i8x16_u(i8x16.abs(v)))
}

/** The Paeth predictors of 8 pixels (i16 lanes). */
function paeth16(a: v128, b: v128, c: v128): v128 {
  const bc = i16x8.sub(b, c)
  const ac = i16x8.sub(a, c)
  const pa = i16x8.abs(bc)
  const pb = i16x8.abs(ac)
  const pc = i16x8.abs(i16x8.add(bc, ac))
  const useA = v128.and(i16x8.le_s(pa, pb), i16x8.le_s(pa, pc))
  const useB = i16x8.le_s(pb, pc)
  return v128.bitselect(a, v128.bitselect(b, c, useB), useA)
}

function paethBytes(a: v128, b: v128, c: v128): v128 {
  const lo = paeth16(
    i16x8.extend_low_i8x16_u(a),
    i16x8.extend_low_i8x16_u(b),
    i16x8.extend_low_i8x16_u(c),
  )
  const hi = paeth16(
    i16x8.extend_high_i8x16_u(a),
    i16x8.extend_high_i8x16_u(b),
    i16x8.extend_high_i8x16_u(c),
  )
  return i8x16.narrow_i16x8_u(lo, hi)
}

/** (a + b) >> 1 per byte. */
function average(a: v128, b: v128): v128 {
  return i8x16.sub(i8x16.avgr_u(a, b), v128.and(v128.xor(a, b), i8x16.splat(1)))
}

function scalarPaeth(a: i32, b: i32, c: i32): i32 {
  const pa = abs(b - c)
  const pb = abs(a - c)
  const pc = abs(a + b - 2 * c)
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
}

function signedAbs(v: i32): u32 {
  const x = v & 255
  return <u32>(x < 128 ? x : 256 - x)
}

function sumLanes(v: v128): u32 {
  return (
    <u32>i32x4.extract_lane(v, 0) +
    <u32>i32x4.extract_lane(v, 1) +
    <u32>i32x4.extract_lane(v, 2) +
    <u32>i32x4.extract_lane(v, 3)
  )
}

/**
 * Filters the row at filterRowBuffer() against the prior row into `out` (filter byte, then
 * `length` residuals), then makes it the prior row. Returns the filter type.
 */
export function filterRow(length: i32, bpp: i32, out: usize): i32 {
  const row = fRow
  const prior = fPrior
  const step = <usize>bpp
  const n = <usize>length
  let vNone = i32x4.splat(0)
  let vSub = i32x4.splat(0)
  let vUp = i32x4.splat(0)
  let vAvg = i32x4.splat(0)
  let vPaeth = i32x4.splat(0)
  let i: usize = 0
  for (; i + 16 <= n; i += 16) {
    const x = v128.load(row + i)
    const a = v128.load(row + i - step)
    const b = v128.load(prior + i)
    const c = v128.load(prior + i - step)
    vNone = i32x4.add(vNone, signedAbsSum(x))
    vSub = i32x4.add(vSub, signedAbsSum(i8x16.sub(x, a)))
    vUp = i32x4.add(vUp, signedAbsSum(i8x16.sub(x, b)))
    vAvg = i32x4.add(vAvg, signedAbsSum(i8x16.sub(x, average(a, b))))
    vPaeth = i32x4.add(vPaeth, signedAbsSum(i8x16.sub(x, paethBytes(a, b, c))))
  }
  let none = sumLanes(vNone)
  let sub = sumLanes(vSub)
  let up = sumLanes(vUp)
  let avg = sumLanes(vAvg)
  let pae = sumLanes(vPaeth)
  for (; i < n; i++) {
    const x = <i32>load<u8>(row + i)
    const a = <i32>load<u8>(row + i - step)
    const b = <i32>load<u8>(prior + i)
    const c = <i32>load<u8>(prior + i - step)
    none += signedAbs(x)
    sub += signedAbs(x - a)
    up += signedAbs(x - b)
    avg += signedAbs(x - ((a + b) >> 1))
    pae += signedAbs(x - scalarPaeth(a, b, c))
  }
  let type = 0
  let best = none
  if (sub < best) {
    type = 1
    best = sub
  }
  if (up < best) {
    type = 2
    best = up
  }
  if (avg < best) {
    type = 3
    best = avg
  }
  if (pae < best) type = 4
  store<u8>(out, <u8>type)
  const dst = out + 1
  i = 0
  if (type === 0) {
    memory.copy(dst, row, n)
  } else {
    for (; i + 16 <= n; i += 16) {
      const x = v128.load(row + i)
      const a = v128.load(row + i - step)
      const b = v128.load(prior + i)
      let p: v128
      if (type === 1) p = a
      else if (type === 2) p = b
      else if (type === 3) p = average(a, b)
      else p = paethBytes(a, b, v128.load(prior + i - step))
      v128.store(dst + i, i8x16.sub(x, p))
    }
    for (; i < n; i++) {
      const x = <i32>load<u8>(row + i)
      const a = <i32>load<u8>(row + i - step)
      const b = <i32>load<u8>(prior + i)
      let p: i32
      if (type === 1) p = a
      else if (type === 2) p = b
      else if (type === 3) p = (a + b) >> 1
      else p = scalarPaeth(a, b, <i32>load<u8>(prior + i - step))
      store<u8>(dst + i, <u8>(x - p))
    }
  }
  fRow = prior
  fPrior = row
  return type
}

// The filing page's binarization, one row at a time (shared with lineart.wasm).
export { binarizeRow } from './binarize'

/** Room for binarizeRow's six rows of `width` bytes, returned as the first; may grow memory. */
export function binarizeInit(width: i32): usize {
  return heap.alloc(<usize>(width + 16) * 6)
}

/**
 * TIFF Predictor 2 (TIFF 6.0 Section 14) of the row at filterRowBuffer(): each byte minus its
 * left neighbour modulo 256 (the first minus 0), into `out`.
 */
export function diffRow(length: i32, out: usize): void {
  const row = fRow
  const n = <usize>length
  let i: usize = 0
  for (; i + 16 <= n; i += 16) {
    v128.store(out + i, i8x16.sub(v128.load(row + i), v128.load(row + i - 1)))
  }
  for (; i < n; i++) store<u8>(out + i, load<u8>(row + i) - load<u8>(row + i - 1))
}

// ---------------------------------------------------------------------------------------------
// The held filing page (src/engines/filing/held-page.ts): each row coded against the row above,
// 16 pixels at a time. A block equal to the one above costs nothing, one within -8…7 of it 8
// bytes (two differences a byte), any other block its 16 differences. Two flag bits per block
// (0, 1, 2 for those three) come first. Rows are padded to whole blocks with white.
// ---------------------------------------------------------------------------------------------

let hPadded: usize = 0
let hRow: usize = 0
let hPrior: usize = 0
let hCode: usize = 0

/** Room for rows of `width` pixels; may grow memory. Then heldRow() and heldCode() say where. */
export function heldInit(width: i32): void {
  hPadded = (<usize>width + 15) & ~(<usize>15)
  hRow = heap.alloc(hPadded)
  hPrior = heap.alloc(hPadded)
  const blocks = hPadded >> 4
  hCode = heap.alloc(((blocks + 3) >> 2) + (blocks << 4))
  heldRestart()
}

/** Starts a page (coding or decoding): the row above the first is white. */
export function heldRestart(): void {
  memory.fill(hRow, 255, hPadded)
  memory.fill(hPrior, 255, hPadded)
}

/** Where the row to code is written and the decoded row is read (padding stays white). */
export function heldRow(): usize {
  return hRow
}

/** Where a row's code is written by heldCodeRow and read by heldDecodeRow. */
export function heldCode(): usize {
  return hCode
}

/** Codes the row at heldRow() into heldCode(); returns the code's length in bytes. */
export function heldCodeRow(): i32 {
  const blocks = hPadded >> 4
  const flags = (blocks + 3) >> 2
  memory.fill(hCode, 0, flags)
  let out = hCode + flags
  const bias = i8x16.splat(8)
  const limit = i8x16.splat(16)
  const low = i16x8.splat(0x0f)
  for (let b: usize = 0; b < blocks; b++) {
    const at = b << 4
    const cur = v128.load(hRow + at)
    const diff = i8x16.sub(cur, v128.load(hPrior + at))
    v128.store(hPrior + at, cur)
    if (!v128.any_true(diff)) continue
    const biased = i8x16.add(diff, bias)
    let flag: u32 = 2
    if (i8x16.all_true(i8x16.lt_u(biased, limit))) {
      // Lane k of i16 holds differences 2k (low byte) and 2k + 1: pack them as two nibbles.
      const pairs = v128.or(v128.and(biased, low), i16x8.shr_u(biased, 4))
      store<u64>(out, i64x2.extract_lane(i8x16.narrow_i16x8_u(pairs, pairs), 0))
      out += 8
      flag = 1
    } else {
      v128.store(out, diff)
      out += 16
    }
    const f = hCode + (b >> 2)
    store<u8>(f, load<u8>(f) | (flag << ((<u32>b & 3) << 1)))
  }
  return <i32>(out - hCode)
}

/** Decodes the row coded at heldCode() into heldRow(). */
export function heldDecodeRow(): void {
  const blocks = hPadded >> 4
  let code = hCode + ((blocks + 3) >> 2)
  const bias = i8x16.splat(8)
  const low = i16x8.splat(0x0f)
  const high = i16x8.splat(0xf0)
  for (let b: usize = 0; b < blocks; b++) {
    const at = b << 4
    const flag = (<u32>load<u8>(hCode + (b >> 2)) >> ((<u32>b & 3) << 1)) & 3
    const prior = v128.load(hPrior + at)
    if (flag === 0) {
      v128.store(hRow + at, prior)
      continue
    }
    let diff: v128
    if (flag === 1) {
      const lanes = i16x8.extend_low_i8x16_u(v128.load64_zero(code))
      const biased = v128.or(v128.and(lanes, low), i16x8.shl(v128.and(lanes, high), 4))
      diff = i8x16.sub(biased, bias)
      code += 8
    } else {
      diff = v128.load(code)
      code += 16
    }
    const cur = i8x16.add(prior, diff)
    v128.store(hRow + at, cur)
    v128.store(hPrior + at, cur)
  }
}

/**
 * VP8L prefix codes (convert path, decode step): reading a code's lengths from the bitstream and
 * building the lookup table each symbol is decoded with.
 */

import { CodecError } from '../../../lib/codec-error'
import type { BitReader } from './bit-reader'

// ---------------------------------------------------------------------------------------------
// Stage: prefix codes.
// Job: read one prefix code (simple or normal, RFC 9649 §3.7.2.1) and decode symbols with it.
// Input → output: bits → a lookup table; bits → symbol.
// Source: RFC 9649 §3.7.2.1.1 (simple code), §3.7.2.1.2 (normal code: code length code in
// kCodeLengthCodeOrder, repeat codes 16/17/18, max_symbol), canonical codes as in RFC 1951
// §3.2.2. Like libwebp, a code must be complete (or hold one symbol, which then takes 0 bits).
//
// Table layout: an entry is `(bits << 16) | value`. The first 256 entries are indexed by the next
// 8 bits; a code of ≤ 8 bits fills every entry it prefixes. A longer code's root entry holds
// `bits = 8 + k` and `value` = the offset of a 2^k-entry second-level table indexed by the next k
// bits, whose entries hold the code's remaining length.
// ---------------------------------------------------------------------------------------------

/** Bits of the first-level table. */
export const ROOT_BITS = 8
const ROOT_SIZE = 1 << ROOT_BITS
/** Longest code length the format allows. */
const MAX_LENGTH = 15
/** Order in which the code length code's 19 lengths are stored. */
const CODE_LENGTH_ORDER = [17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]

/** A decoding table and, for a one-symbol code, that symbol (else -1). */
export interface PrefixCode {
  readonly table: Int32Array
  readonly single: number
}

/** Reverses the low `n` bits of `code`. */
function reverse(code: number, n: number): number {
  let r = 0
  for (let i = 0; i < n; i++) {
    r = (r << 1) | (code & 1)
    code >>>= 1
  }
  return r
}

/**
 * Builds the table for code lengths `lengths[0..size)` (0 = symbol unused).
 * @returns the code, or undefined when the lengths do not form a complete prefix code
 */
export function buildPrefixCode(lengths: Uint8Array, size: number): PrefixCode | undefined {
  const counts = new Int32Array(MAX_LENGTH + 1)
  let used = 0
  let last = 0
  for (let s = 0; s < size; s++) {
    const n = lengths[s]!
    if (n > 0) {
      counts[n]!++
      used++
      last = s
    }
  }
  if (used === 0) return undefined
  if (used === 1) return { table: new Int32Array(ROOT_SIZE).fill(last), single: last }
  // Kraft sum in units of 2^-15: a complete code sums to exactly 1.
  let kraft = 0
  for (let n = 1; n <= MAX_LENGTH; n++) kraft += counts[n]! << (MAX_LENGTH - n)
  if (kraft !== 1 << MAX_LENGTH) return undefined
  // Canonical first codes by length (RFC 1951 §3.2.2 step 2); counts[0] is 0.
  const next = new Int32Array(MAX_LENGTH + 1)
  for (let n = 1, code = 0; n <= MAX_LENGTH; n++) {
    code = (code + counts[n - 1]!) << 1
    next[n] = code
  }
  // Second-level sizes: the longest code under each 8-bit root prefix.
  const subLength = new Uint8Array(ROOT_SIZE)
  const codes = new Int32Array(size)
  {
    const cursor = next.slice()
    for (let s = 0; s < size; s++) {
      const n = lengths[s]!
      if (n === 0) continue
      const rev = reverse(cursor[n]!++, n)
      codes[s] = rev
      if (n > ROOT_BITS) {
        const root = rev & (ROOT_SIZE - 1)
        if (n > subLength[root]!) subLength[root] = n
      }
    }
  }
  let total = ROOT_SIZE
  for (let r = 0; r < ROOT_SIZE; r++)
    if (subLength[r]! > 0) total += 1 << (subLength[r]! - ROOT_BITS)
  const table = new Int32Array(total)
  for (let r = 0, offset = ROOT_SIZE; r < ROOT_SIZE; r++) {
    const k = subLength[r]!
    if (k === 0) continue
    table[r] = (k << 16) | offset
    offset += 1 << (k - ROOT_BITS)
  }
  for (let s = 0; s < size; s++) {
    const n = lengths[s]!
    if (n === 0) continue
    const rev = codes[s]!
    if (n <= ROOT_BITS) {
      const entry = (n << 16) | s
      for (let i = rev; i < ROOT_SIZE; i += 1 << n) table[i] = entry
    } else {
      const root = table[rev & (ROOT_SIZE - 1)]!
      const offset = root & 0xffff
      const span = 1 << ((root >>> 16) - ROOT_BITS)
      const entry = ((n - ROOT_BITS) << 16) | s
      for (let i = rev >>> ROOT_BITS; i < span; i += 1 << (n - ROOT_BITS)) table[offset + i] = entry
    }
  }
  return { table, single: -1 }
}

/** Decodes one symbol with `table` (call with at least 15 bits buffered). */
export function readSymbol(table: Int32Array, br: BitReader): number {
  if (br.count < MAX_LENGTH) br.fill()
  const val = br.val
  let entry = table[val & (ROOT_SIZE - 1)]!
  let bits = entry >>> 16
  if (bits > ROOT_BITS) {
    entry = table[(entry & 0xffff) + ((val >>> ROOT_BITS) & ((1 << (bits - ROOT_BITS)) - 1))]!
    bits = ROOT_BITS + (entry >>> 16)
  }
  br.val = (val >>> bits) | 0
  br.count -= bits
  return entry & 0xffff
}

const corrupt = (what: string) => new CodecError('corrupt', `The VP8L data has ${what}`)

/**
 * Reads one prefix code for an alphabet of `size` symbols (RFC 9649 §3.7.2.1).
 * @param lengths scratch of at least `size` bytes
 * @throws CodecError('corrupt') for lengths that do not form a usable code
 */
export function readPrefixCode(br: BitReader, size: number, lengths: Uint8Array): PrefixCode {
  lengths.fill(0, 0, size)
  if (br.read(1) === 1) {
    // Simple code: one or two symbols, each of length 1 (one symbol: 0 bits).
    const two = br.read(1)
    const first = br.read(br.read(1) === 1 ? 8 : 1)
    if (first < size) lengths[first] = 1
    if (two === 1) {
      const second = br.read(8)
      if (second < size) lengths[second] = 1
    }
  } else {
    const codeLengthLengths = new Uint8Array(19)
    const n = 4 + br.read(4)
    for (let i = 0; i < n; i++) codeLengthLengths[CODE_LENGTH_ORDER[i]!] = br.read(3)
    const lengthCode = buildPrefixCode(codeLengthLengths, 19)
    if (lengthCode === undefined) throw corrupt('an invalid code length code')
    let maxSymbol = size
    if (br.read(1) === 1) {
      const bits = 2 + 2 * br.read(3)
      maxSymbol = 2 + br.read(bits)
      if (maxSymbol > size) throw corrupt('a prefix code longer than its alphabet')
    }
    let previous = 8
    let s = 0
    while (s < size && maxSymbol-- > 0) {
      const code = readSymbol(lengthCode.table, br)
      if (code < 16) {
        lengths[s++] = code
        if (code !== 0) previous = code
        continue
      }
      const repeat = code === 16 ? 3 + br.read(2) : code === 17 ? 3 + br.read(3) : 11 + br.read(7)
      if (s + repeat > size) throw corrupt('a code length run past its alphabet')
      lengths.fill(code === 16 ? previous : 0, s, s + repeat)
      s += repeat
    }
  }
  br.checkEnd()
  const code = buildPrefixCode(lengths, size)
  if (code === undefined) throw corrupt('an incomplete or oversubscribed prefix code')
  return code
}

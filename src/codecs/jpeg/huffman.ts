/**
 * JPEG Huffman decoding tables (convert path, decode step): built once per DHT table, then used by
 * the sequential and progressive entropy decoders for every symbol.
 */

import type { BitReader } from './bit-reader'

// ---------------------------------------------------------------------------------------------
// Stage: Huffman tables.
// Job: turn BITS/HUFFVAL (the DHT layout) into lookup tables, and decode one symbol.
// Input → output: 16 code counts + symbol list → HuffmanTable; bits → symbol (0..255).
// Source: ITU-T T.81 Annex C (C.1 HUFFSIZE, C.2 HUFFCODE: canonical codes, shortest first) and
// F.2.2.3 (DECODE with MAXCODE / VALPTR / MINCODE, Figures F.15–F.16), F.2.2.1 (EXTEND).
//
// Speed: a symbol whose code has ≤ 9 bits (almost all of them in photos) is one table read on
// the next 9 bits. AC tables also get a second 9-bit table that folds in the magnitude bits when
// code + magnitude fit in 9 bits, so a typical small coefficient costs one lookup and one shift.
// Longer codes walk MAXCODE for lengths 10..16 as in F.16.
// ---------------------------------------------------------------------------------------------

/** Bits looked up at once. 9 keeps the tables at 2 KiB each (512 Int32). */
export const FAST_BITS = 9
const FAST_SIZE = 1 << FAST_BITS

/** A decoding table built from one DHT table. */
export interface HuffmanTable {
  /** By the next 9 bits: `(length << 8) | symbol` when the code has ≤ 9 bits, else 0. */
  readonly fast: Int32Array
  /**
   * AC tables only, by the next 9 bits: `(value << 8) | (run << 4) | bits` when the code and its
   * magnitude bits together take `bits` ≤ 9 bits, else 0. `value` is the signed coefficient.
   */
  readonly fastAc: Int32Array
  /** By code length 0..17: the largest code of that length, -1 when none (F.2.2.3 MAXCODE). */
  readonly maxCode: Int32Array
  /** By code length: index into `values` minus the first code of that length (VALPTR − MINCODE). */
  readonly valueOffset: Int32Array
  /** HUFFVAL, in code order. */
  readonly values: Uint8Array
}

/**
 * Builds the decoding tables for one DHT table.
 * @param counts the 16 BITS counts (codes of length 1..16)
 * @param values HUFFVAL, as many symbols as the counts add up to
 * @param ac true for an AC table, whose symbols are RRRRSSSS run/size pairs
 * @returns the table, or a message when the counts cannot form a prefix code (more codes of a
 *   length than remain, per C.2), there are over 256 symbols, or a DC symbol exceeds 15
 */
export function buildHuffmanTable(
  counts: Uint8Array,
  values: Uint8Array,
  ac: boolean,
): HuffmanTable | string {
  if (values.length > 256) return 'a Huffman table has more than 256 symbols'
  if (!ac) {
    for (const symbol of values) {
      if (symbol > 15) return `a DC Huffman table has the size category ${symbol}`
    }
  }
  const fast = new Int32Array(FAST_SIZE)
  const fastAc = new Int32Array(FAST_SIZE)
  const maxCode = new Int32Array(18).fill(-1)
  const valueOffset = new Int32Array(18)
  let code = 0
  let k = 0
  for (let length = 1; length <= 16; length++) {
    const n = counts[length - 1]!
    valueOffset[length] = k - code
    for (let i = 0; i < n; i++, k++, code++) {
      // C.2: the codes of one length must fit in that many bits.
      if (code >= 1 << length) {
        return 'a Huffman table has more codes than its lengths allow'
      }
      if (length <= FAST_BITS) fillFast(fast, fastAc, code, length, values[k]!, ac)
    }
    if (n > 0) maxCode[length] = code - 1
    code <<= 1
  }
  // A sentinel past length 16 so the slow walk always stops.
  maxCode[17] = 0x7fffffff
  return { fast, fastAc, maxCode, valueOffset, values: values.slice() }
}

function fillFast(
  fast: Int32Array,
  fastAc: Int32Array,
  code: number,
  length: number,
  symbol: number,
  ac: boolean,
): void {
  const spare = FAST_BITS - length
  const first = code << spare
  for (let fill = 0; fill < 1 << spare; fill++) {
    const index = first | fill
    fast[index] = (length << 8) | symbol
    const size = symbol & 15
    if (!ac || size === 0 || length + size > FAST_BITS) continue
    // The magnitude bits follow the code inside the same 9-bit window.
    const bits = (index >> (spare - size)) & ((1 << size) - 1)
    const value = extend(bits, size)
    fastAc[index] = (value * 256) | ((symbol >> 4) << 4) | (length + size)
  }
}

/** EXTEND (F.2.2.1): the `size`-bit magnitude `bits` as a signed value. */
export const extend = (bits: number, size: number): number =>
  bits < 1 << (size - 1) ? bits - (1 << size) + 1 : bits

/**
 * Decodes one symbol (DECODE, F.2.2.3).
 * @returns the symbol 0..255; -1 when the bits match no code (the caller reports corrupt data)
 */
export function decodeSymbol(reader: BitReader, table: HuffmanTable): number {
  if (reader.count < 16) reader.fill()
  const count = reader.count
  const entry = table.fast[(reader.buf >>> (count - FAST_BITS)) & (FAST_SIZE - 1)]!
  if (entry !== 0) {
    reader.count = count - (entry >> 8)
    return entry & 255
  }
  const bits = (reader.buf >>> (count - 16)) & 0xffff
  const maxCode = table.maxCode
  let length = FAST_BITS + 1
  let code = bits >>> (16 - length)
  while (code > maxCode[length]!) {
    length++
    code = bits >>> (16 - length)
  }
  if (length > 16) return -1
  reader.count = count - length
  return table.values[code + table.valueOffset[length]!] ?? -1
}

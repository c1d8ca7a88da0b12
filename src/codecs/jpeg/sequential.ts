/**
 * Sequential (baseline and extended) Huffman decoding of one 8x8 block (convert path, decode
 * step), used by the scan decoder for SOF0 and SOF1 frames.
 */

import type { BitReader } from './bit-reader'
import { decodeSymbol, extend, FAST_BITS, type HuffmanTable } from './huffman'
import { ZIGZAG } from './segments'

// ---------------------------------------------------------------------------------------------
// Stage: sequential entropy decoding.
// Job: read one block's DC difference and 63 AC coefficients.
// Input → output: bits → quantized coefficients in natural order (not yet dequantized).
// Source: ITU-T T.81 F.2.2.1 (DC: size category, then EXTEND, added to the prediction),
// F.2.2.2 (AC: RRRRSSSS run/size symbols, ZRL = 0xF0, EOB = 0x00; Figure F.13),
// Figure A.6 (zigzag order).
// ---------------------------------------------------------------------------------------------

const FAST_MASK = (1 << FAST_BITS) - 1

/**
 * Decodes one block into `coefs[offset .. offset + 63]`, which must be zero on entry; only the
 * non-zero coefficients are written.
 * @param predictions DC predictions by scan component; `predictions[index]` is updated
 * @returns the zigzag index of the last coefficient written (0 when only DC), or -1 when the
 *   bits match no Huffman code (corrupt data)
 */
export function decodeBlock(
  reader: BitReader,
  dc: HuffmanTable,
  ac: HuffmanTable,
  coefs: Int16Array,
  offset: number,
  predictions: Int32Array,
  index: number,
): number {
  const size = decodeSymbol(reader, dc)
  if (size < 0) return -1
  const prediction = predictions[index]! + (size === 0 ? 0 : extend(reader.bits(size), size))
  predictions[index] = prediction
  coefs[offset] = prediction
  // The AC bit buffer lives in locals (only `refill` and the slow Huffman path go through the
  // reader): 12 MP baseline luma 84 → 75 ms (scratch benchmark, Node 22).
  const zigzag = ZIGZAG
  let buf = reader.buf
  let count = reader.count
  const fast = ac.fast
  const fastAc = ac.fastAc
  let last = 0
  for (let k = 1; k < 64; ) {
    if (count < 16) {
      count = reader.refill(count)
      buf = reader.buf
    }
    const peek = (buf >>> (count - FAST_BITS)) & FAST_MASK
    const packed = fastAc[peek]!
    if (packed !== 0) {
      count -= packed & 15
      k += (packed >> 4) & 15
      coefs[offset + zigzag[k]!] = packed >> 8
      last = k++
      continue
    }
    let symbol: number
    const entry = fast[peek]!
    if (entry !== 0) {
      count -= entry >> 8
      symbol = entry & 255
    } else {
      reader.count = count
      symbol = decodeSymbol(reader, ac)
      if (symbol < 0) return -1
      count = reader.count
    }
    const bits = symbol & 15
    if (bits === 0) {
      if (symbol !== 0xf0) break
      k += 16
      continue
    }
    if (count < bits) {
      count = reader.refill(count)
      buf = reader.buf
    }
    count -= bits
    k += symbol >> 4
    coefs[offset + zigzag[k]!] = extend((buf >>> count) & ((1 << bits) - 1), bits)
    last = k++
  }
  reader.count = count
  return last
}

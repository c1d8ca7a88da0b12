/**
 * Progressive Huffman decoding of one 8x8 block per call (convert path, decode step), for SOF2
 * frames: the four kinds of scan (DC first, DC refinement, AC first, AC refinement).
 */

import type { BitReader } from './bit-reader'
import { decodeSymbol, extend, FAST_BITS, type HuffmanTable } from './huffman'
import { ZIGZAG } from './segments'

// ---------------------------------------------------------------------------------------------
// Stage: progressive entropy decoding.
// Job: add one scan's contribution (a spectral band, or one more bit of precision) to a block.
// Input → output: bits + the block's coefficients so far → updated quantized coefficients.
// Source: ITU-T T.81 Annex G: G.1.2.1 (DC first scans: F.2.2.1 decoding, shifted left by Al;
// DC refinement: one raw bit per block), G.1.2.2 (AC first scans: band Ss..Se, EOBn run lengths,
// Table G.1), G.1.2.3 (AC refinement: correction bits for coefficients that are already
// non-zero, new coefficients of magnitude 1 << Al, Figures G.7 and G.8).
// ---------------------------------------------------------------------------------------------

const FAST_MASK = (1 << FAST_BITS) - 1

/** The end-of-band run shared by the blocks of one AC scan (G.1.2.2 EOBRUN). */
export interface EndOfBandRun {
  eobrun: number
}

/**
 * DC first scan: the DC difference, added to the prediction, shifted left by `al`.
 * @returns false when the bits match no Huffman code
 */
export function decodeDcFirst(
  reader: BitReader,
  dc: HuffmanTable,
  coefs: Int16Array,
  offset: number,
  predictions: Int32Array,
  index: number,
  al: number,
): boolean {
  const size = decodeSymbol(reader, dc)
  if (size < 0) return false
  const prediction = predictions[index]! + (size === 0 ? 0 : extend(reader.bits(size), size))
  predictions[index] = prediction
  coefs[offset] = prediction * (1 << al)
  return true
}

/** DC refinement scan: one more bit of the DC coefficient, at bit `al`. */
export function decodeDcRefine(
  reader: BitReader,
  coefs: Int16Array,
  offset: number,
  al: number,
): void {
  if (reader.bit()) coefs[offset] = coefs[offset]! | (1 << al)
}

/**
 * AC first scan over the band `ss..se` of block `block` (coefficients at `block · 64`).
 * @param last per block, the zigzag index of its last non-zero coefficient; raised as needed
 * @returns false when the bits match no Huffman code
 */
export function decodeAcFirst(
  reader: BitReader,
  ac: HuffmanTable,
  coefs: Int16Array,
  block: number,
  last: Uint8Array,
  ss: number,
  se: number,
  al: number,
  run: EndOfBandRun,
): boolean {
  if (run.eobrun > 0) {
    run.eobrun--
    return true
  }
  // Same fast paths as sequential blocks (one-lookup coefficients, bit buffer in locals): the
  // AC 1..12 scan of a 12 MP MozJPEG photo took 57 → 20 ms (scratch benchmark, Node 22).
  const zigzag = ZIGZAG
  const fast = ac.fast
  const fastAc = ac.fastAc
  const scale = 1 << al
  const offset = block * 64
  let buf = reader.buf
  let count = reader.count
  let highest = 0
  for (let k = ss; k <= se; ) {
    if (count < 16) {
      count = reader.refill(count)
      buf = reader.buf
    }
    const peek = (buf >>> (count - FAST_BITS)) & FAST_MASK
    const packed = fastAc[peek]!
    if (packed !== 0) {
      count -= packed & 15
      k += (packed >> 4) & 15
      coefs[offset + zigzag[k]!] = (packed >> 8) * scale
      highest = k++
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
      if (symbol < 0) return false
      count = reader.count
    }
    const zeros = symbol >> 4
    const size = symbol & 15
    if (size === 0) {
      if (zeros === 15) {
        k += 16
        continue
      }
      // EOBn: this block and 2^n − 1 + (n more bits) further blocks end here.
      let eobrun = (1 << zeros) - 1
      if (zeros > 0) {
        if (count < zeros) {
          count = reader.refill(count)
          buf = reader.buf
        }
        count -= zeros
        eobrun += (buf >>> count) & ((1 << zeros) - 1)
      }
      run.eobrun = eobrun
      break
    }
    if (count < size) {
      count = reader.refill(count)
      buf = reader.buf
    }
    count -= size
    k += zeros
    coefs[offset + zigzag[k]!] = extend((buf >>> count) & ((1 << size) - 1), size) * scale
    highest = k++
  }
  reader.count = count
  // A corrupt run can reach past 63 (ZIGZAG maps those to 63).
  if (highest > last[block]!) last[block] = Math.min(highest, 63)
  return true
}

/**
 * AC refinement scan over the band `ss..se` of block `block`: a correction bit for each
 * coefficient that is already non-zero, and new coefficients of magnitude `1 << al` placed after
 * runs of zero-history coefficients.
 * @param last per block, the zigzag index of its last non-zero coefficient; raised as needed,
 *   and used to stop early inside end-of-band runs
 * @returns false when the bits match no Huffman code
 */
export function decodeAcRefine(
  reader: BitReader,
  ac: HuffmanTable,
  coefs: Int16Array,
  block: number,
  last: Uint8Array,
  ss: number,
  se: number,
  al: number,
  run: EndOfBandRun,
): boolean {
  // Bit buffer in locals, as in decodeAcFirst: the two refinement scans of a 12 MP libjpeg
  // progressive photo took 74 + 90 → 35 + 43 ms (scratch benchmark, Node 22).
  const zigzag = ZIGZAG
  const fast = ac.fast
  const plus = 1 << al
  const minus = -plus
  const offset = block * 64
  let buf = reader.buf
  let count = reader.count
  let eobrun = run.eobrun
  let highest = last[block]!
  let k = ss
  if (eobrun === 0) {
    for (; k <= se; k++) {
      if (count < 16) {
        count = reader.refill(count)
        buf = reader.buf
      }
      let symbol: number
      const entry = fast[(buf >>> (count - FAST_BITS)) & FAST_MASK]!
      if (entry !== 0) {
        count -= entry >> 8
        symbol = entry & 255
      } else {
        reader.count = count
        symbol = decodeSymbol(reader, ac)
        if (symbol < 0) return false
        count = reader.count
      }
      let zeros = symbol >> 4
      let value = 0
      if ((symbol & 15) !== 0) {
        // G.1.2.3: a new coefficient always has magnitude 1 here; its sign is the next bit.
        if (count < 1) {
          count = reader.refill(count)
          buf = reader.buf
        }
        count--
        value = (buf >>> count) & 1 ? plus : minus
      } else if (zeros !== 15) {
        eobrun = 1 << zeros
        if (zeros > 0) {
          if (count < zeros) {
            count = reader.refill(count)
            buf = reader.buf
          }
          count -= zeros
          eobrun += (buf >>> count) & ((1 << zeros) - 1)
        }
        break
      }
      // Skip `zeros` zero-history coefficients, correcting the non-zero ones passed on the way.
      for (; k <= se; k++) {
        const at = offset + zigzag[k]!
        const c = coefs[at]!
        if (c !== 0) {
          if (count < 1) {
            count = reader.refill(count)
            buf = reader.buf
          }
          count--
          if ((buf >>> count) & 1 && (c & plus) === 0) coefs[at] = c >= 0 ? c + plus : c + minus
        } else {
          if (zeros === 0) break
          zeros--
        }
      }
      if (value !== 0 && k <= se) {
        coefs[offset + zigzag[k]!] = value
        if (k > highest) highest = k
      }
    }
  }
  if (eobrun > 0) {
    // Inside an end-of-band run: only correction bits for the non-zero coefficients left, none
    // past the last one. Knowing where that is cut the coefficient visits of the two refinement
    // scans of a 12 MP libjpeg progressive photo from 23.6 to 8 million (scratch count).
    const end = Math.min(se, highest)
    for (; k <= end; k++) {
      const at = offset + zigzag[k]!
      const c = coefs[at]!
      if (c === 0) continue
      if (count < 1) {
        count = reader.refill(count)
        buf = reader.buf
      }
      count--
      if ((buf >>> count) & 1 && (c & plus) === 0) coefs[at] = c >= 0 ? c + plus : c + minus
    }
    eobrun--
  }
  run.eobrun = eobrun
  reader.count = count
  last[block] = highest
  return true
}

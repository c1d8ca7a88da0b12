/**
 * A macroblock's DCT/WHT tokens (RFC 6386 §13): contexts from the above/left non-zero flags,
 * dequantization, de-zigzagging and the inverse WHT into the luma DCs, all as libwebp does.
 */

import type { BoolDecoder } from './bool-decoder'
import { BANDS, ZIGZAG } from './tables'
import { inverseWht } from './transform'

/** Token probability types (RFC 6386 §13.3), each 8 bands × 3 contexts × 11 probabilities. */
const TYPE_Y_AFTER_Y2 = 0
const TYPE_Y2 = 1
const TYPE_UV = 2
const TYPE_Y_ALONE = 3
const TYPE_SIZE = 8 * 3 * 11

/** Offset of the band of coefficient position n (0-16) inside a type's probabilities. */
const BAND_OFFSET = Uint16Array.from(BANDS, (b) => b * 33)

/** The extra-bits probabilities of DCT_CAT3 … DCT_CAT6 (RFC 6386 §13.2). */
const CAT_PROBS = [
  new Uint8Array([173, 148, 140]),
  new Uint8Array([176, 155, 140, 135]),
  new Uint8Array([180, 157, 141, 134, 130]),
  new Uint8Array([254, 254, 243, 230, 196, 177, 153, 140, 133, 130, 129]),
]

/** A token of 2 or more: the tree below DCT_ONE, then the category's extra bits. */
function largeValue(br: BoolDecoder, probs: Uint8Array, p: number): number {
  if (!br.getBit(probs[p + 3]!)) {
    if (!br.getBit(probs[p + 4]!)) return 2
    return 3 + br.getBit(probs[p + 5]!)
  }
  if (!br.getBit(probs[p + 6]!)) {
    if (!br.getBit(probs[p + 7]!)) return 5 + br.getBit(159)
    return 7 + 2 * br.getBit(165) + br.getBit(145)
  }
  const bit1 = br.getBit(probs[p + 8]!)
  const cat = 2 * bit1 + br.getBit(probs[p + 9 + bit1]!)
  const tab = CAT_PROBS[cat]!
  let v = 0
  for (let i = 0; i < tab.length; i++) v = 2 * v + br.getBit(tab[i]!)
  return v + 3 + (8 << cat)
}

/**
 * Reads one block's tokens from position `n` into `out[at …]` (raster order, dequantized by
 * `dc` at position 0 and `ac` elsewhere; Int16Array stores wrap as libwebp's int16_t do).
 * Returns the position after the last token that was not an end-of-block, as libwebp's GetCoeffs.
 * The bool decoder's state lives in locals here (its getBit, written out at the four hot reads):
 * this loop is most of a large picture's parse time.
 */
function readBlock(
  br: BoolDecoder,
  probs: Uint8Array,
  type: number,
  ctx: number,
  dc: number,
  ac: number,
  n: number,
  out: Int16Array,
  at: number,
): number {
  const base = type * TYPE_SIZE
  const data = br.data
  const end = br.end
  let value = br.value
  let bits = br.bits
  let range = br.range
  let pos = br.pos
  let split = 0
  let shift = 0
  let bit = 0
  let p = base + BAND_OFFSET[n]! + ctx * 11
  let result = 16
  tokens: for (; n < 16; n++) {
    // End of block?
    if (bits < 0) {
      if (pos + 3 <= end) {
        value = (value << 24) | (data[pos]! << 16) | (data[pos + 1]! << 8) | data[pos + 2]!
        pos += 3
        bits += 24
      } else {
        br.value = value
        br.bits = bits
        br.pos = pos
        br.load()
        value = br.value
        bits = br.bits
        pos = br.pos
      }
    }
    split = (range * probs[p]!) >>> 8
    if (value >>> bits > split) {
      range -= split
      value -= (split + 1) << bits
      bit = 1
    } else {
      range = split + 1
      bit = 0
    }
    shift = Math.clz32(range) - 24
    range = (range << shift) - 1
    bits -= shift
    if (!bit) {
      result = n
      break
    }
    // A run of zeros.
    for (;;) {
      if (bits < 0) {
        if (pos + 3 <= end) {
          value = (value << 24) | (data[pos]! << 16) | (data[pos + 1]! << 8) | data[pos + 2]!
          pos += 3
          bits += 24
        } else {
          br.value = value
          br.bits = bits
          br.pos = pos
          br.load()
          value = br.value
          bits = br.bits
          pos = br.pos
        }
      }
      split = (range * probs[p + 1]!) >>> 8
      if (value >>> bits > split) {
        range -= split
        value -= (split + 1) << bits
        bit = 1
      } else {
        range = split + 1
        bit = 0
      }
      shift = Math.clz32(range) - 24
      range = (range << shift) - 1
      bits -= shift
      if (bit) break
      if (++n === 16) break tokens
      p = base + BAND_OFFSET[n]!
    }
    const next = base + BAND_OFFSET[n + 1]!
    if (bits < 0) {
      if (pos + 3 <= end) {
        value = (value << 24) | (data[pos]! << 16) | (data[pos + 1]! << 8) | data[pos + 2]!
        pos += 3
        bits += 24
      } else {
        br.value = value
        br.bits = bits
        br.pos = pos
        br.load()
        value = br.value
        bits = br.bits
        pos = br.pos
      }
    }
    split = (range * probs[p + 2]!) >>> 8
    if (value >>> bits > split) {
      range -= split
      value -= (split + 1) << bits
      bit = 1
    } else {
      range = split + 1
      bit = 0
    }
    shift = Math.clz32(range) - 24
    range = (range << shift) - 1
    bits -= shift
    let v = 1
    if (!bit) {
      p = next + 11
    } else {
      br.value = value
      br.bits = bits
      br.range = range
      br.pos = pos
      v = largeValue(br, probs, p)
      value = br.value
      bits = br.bits
      range = br.range
      pos = br.pos
      p = next + 22
    }
    // The sign, at probability one half, without a branch (libwebp's VP8GetSigned: the range is
    // at most 253 after any read, so the renormalising shift is always 1).
    if (bits < 0) {
      if (pos + 3 <= end) {
        value = (value << 24) | (data[pos]! << 16) | (data[pos + 1]! << 8) | data[pos + 2]!
        pos += 3
        bits += 24
      } else {
        br.value = value
        br.bits = bits
        br.pos = pos
        br.load()
        value = br.value
        bits = br.bits
        pos = br.pos
      }
    }
    split = range >>> 1
    const mask = (split - (value >>> bits)) >> 31
    range = (range + mask) | 1
    value -= ((split + 1) & mask) << bits
    bits -= 1
    out[at + ZIGZAG[n]!] = ((v ^ mask) - mask) * (n > 0 ? ac : dc)
  }
  br.value = value
  br.bits = bits
  br.range = range
  br.pos = pos
  return result
}

/** The non-zero flags that carry from macroblock to macroblock (RFC 6386 §13.3). */
export class TokenContext {
  /** Per macroblock column: bits 0-3 the luma columns, 4-5 U, 6-7 V of the bottom row. */
  readonly topNz: Uint8Array
  readonly topNzDc: Uint8Array
  /** The same for the right column of the macroblock to the left. */
  leftNz = 0
  leftNzDc = 0

  constructor(mbWidth: number) {
    this.topNz = new Uint8Array(mbWidth)
    this.topNzDc = new Uint8Array(mbWidth)
  }

  /** A skipped macroblock (no tokens) resets its flags; the Y2 flag only without B_PRED. */
  skip(mbX: number, isI4x4: boolean): void {
    this.topNz[mbX] = 0
    this.leftNz = 0
    if (!isI4x4) {
      this.topNzDc[mbX] = 0
      this.leftNzDc = 0
    }
  }
}

/** Scratch for the Y2 block before its inverse WHT. */
const y2 = new Int16Array(16)

/**
 * Reads macroblock `mbX`'s tokens into `coeffs` (zeroed by the caller), with the segment's six
 * factors at `quant[q …]`. Returns bit b set when block b needs an inverse DCT (libwebp's
 * non_zero_y / non_zero_uv, one bit a block); `acBits.value` gets the blocks with tokens past the DC.
 */
export function readResiduals(
  br: BoolDecoder,
  probs: Uint8Array,
  quant: Int32Array,
  q: number,
  isI4x4: boolean,
  tc: TokenContext,
  mbX: number,
  coeffs: Int16Array,
  acBits: { value: number },
): number {
  let ac1 = 0
  let first = 0
  let type = TYPE_Y_ALONE
  if (!isI4x4) {
    y2.fill(0)
    const ctx = tc.topNzDc[mbX]! + tc.leftNzDc
    const nz = readBlock(br, probs, TYPE_Y2, ctx, quant[q + 2]!, quant[q + 3]!, 0, y2, 0)
    const flag = nz > 0 ? 1 : 0
    tc.topNzDc[mbX] = flag
    tc.leftNzDc = flag
    if (nz > 1) {
      inverseWht(y2, coeffs)
    } else {
      const dc0 = (y2[0]! + 3) >> 3
      for (let i = 0; i < 256; i += 16) coeffs[i] = dc0
    }
    first = 1
    type = TYPE_Y_AFTER_Y2
  }
  const dc = quant[q]!
  const ac = quant[q + 1]!
  let nonZero = 0
  let tnz = tc.topNz[mbX]! & 0x0f
  let lnz = tc.leftNz & 0x0f
  for (let y = 0; y < 4; y++) {
    let l = lnz & 1
    for (let x = 0; x < 4; x++) {
      const b = y * 4 + x
      const nz = readBlock(br, probs, type, l + (tnz & 1), dc, ac, first, coeffs, b * 16)
      l = nz > first ? 1 : 0
      tnz = (tnz >> 1) | (l << 7)
      if (nz > 1) ac1 |= 1 << b
      if (nz > 1 || coeffs[b * 16] !== 0) nonZero |= 1 << b
    }
    tnz >>= 4
    lnz = (lnz >> 1) | (l << 7)
  }
  let outTop = tnz
  let outLeft = lnz >> 4
  const uvDc = quant[q + 4]!
  const uvAc = quant[q + 5]!
  for (let ch = 0; ch < 4; ch += 2) {
    tnz = tc.topNz[mbX]! >> (4 + ch)
    lnz = tc.leftNz >> (4 + ch)
    for (let y = 0; y < 2; y++) {
      let l = lnz & 1
      for (let x = 0; x < 2; x++) {
        const b = 16 + ch * 2 + y * 2 + x
        const nz = readBlock(br, probs, TYPE_UV, l + (tnz & 1), uvDc, uvAc, 0, coeffs, b * 16)
        l = nz > 0 ? 1 : 0
        tnz = (tnz >> 1) | (l << 3)
        if (nz > 1) ac1 |= 1 << b
        if (nz > 1 || coeffs[b * 16] !== 0) nonZero |= 1 << b
      }
      tnz >>= 2
      lnz = (lnz >> 1) | (l << 5)
    }
    outTop |= (tnz << 4) << ch
    outLeft |= (lnz & 0xf0) << ch
  }
  tc.topNz[mbX] = outTop
  tc.leftNz = outLeft
  acBits.value = ac1
  return nonZero
}

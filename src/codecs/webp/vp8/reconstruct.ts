/**
 * Turns parsed macroblocks into pixels (RFC 6386 §12, §14): prediction from the unfiltered
 * neighbours in a libwebp-shaped work area, plus the inverse DCT of each non-empty block.
 */

import type { Vp8Frame, Vp8Macroblock } from './macroblock'
import { BPS, predict4, predictBlock } from './predict'
import { dcAdd, idctAdd } from './transform'

/** Work-area offsets: luma at row 1, column 8; U and V side by side below it (libwebp's yuv_b). */
const Y_OFF = BPS + 8
const U_OFF = Y_OFF + 16 * BPS + BPS
const V_OFF = U_OFF + 16
const WORK_SIZE = BPS * 17 + BPS * 9

/** The inverse DCT of block `b` of `coeffs` onto `dst[d …]`: the DC-only form when `ac` is false. */
function addResidual(
  coeffs: Int16Array,
  b: number,
  ac: boolean,
  dst: Uint8ClampedArray,
  d: number,
  stride: number,
): void {
  if (ac) idctAdd(coeffs, b * 16, dst, d, stride)
  else dcAdd(coeffs, b * 16, dst, d, stride)
}

/** Where reconstructed rows go: 16 luma and 8 chroma rows from `yAt` / `uvAt`, macroblock x at column 16x / 8x. */
export interface RowTarget {
  readonly y: Uint8Array
  readonly u: Uint8Array
  readonly v: Uint8Array
  readonly yAt: number
  readonly uvAt: number
  readonly yStride: number
  readonly uvStride: number
}

/**
 * Reconstructs macroblock rows into a target's planes, keeping the unfiltered edges it predicts
 * from. Copies move 4 pixels at a time through 32-bit views (every offset is a multiple of 4).
 */
export class RowReconstructor {
  private readonly ws = new Uint8ClampedArray(WORK_SIZE)
  private readonly ws32 = new Uint32Array(this.ws.buffer)
  /** The unfiltered bottom row of the macroblock row above, per plane. */
  private readonly topY: Uint32Array
  private readonly topU: Uint32Array
  private readonly topV: Uint32Array
  private readonly y32: Uint32Array
  private readonly u32: Uint32Array
  private readonly v32: Uint32Array

  constructor(
    private readonly frame: Vp8Frame,
    private readonly target: RowTarget,
  ) {
    this.topY = new Uint32Array(frame.mbWidth * 4)
    this.topU = new Uint32Array(frame.mbWidth * 2)
    this.topV = new Uint32Array(frame.mbWidth * 2)
    const view = (a: Uint8Array) => new Uint32Array(a.buffer, a.byteOffset, a.byteLength >> 2)
    this.y32 = view(target.y)
    this.u32 = view(target.u)
    this.v32 = view(target.v)
  }

  /** Reconstructs macroblock row `mbY` from its parsed macroblocks `mbs`. */
  row(mbY: number, mbs: readonly Vp8Macroblock[]): void {
    const ws = this.ws
    const w32 = this.ws32
    const { mbWidth, mbHeight } = this.frame
    const { topY, topU, topV, y32, u32, v32 } = this
    const yStride4 = this.target.yStride >> 2
    const uvStride4 = this.target.uvStride >> 2
    const yAt4 = this.target.yAt >> 2
    const uvAt4 = this.target.uvAt >> 2
    const Y4 = Y_OFF >> 2
    const U4 = U_OFF >> 2
    const V4 = V_OFF >> 2
    const BPS4 = BPS >> 2
    // The picture's left edge is 129; its top edge 127, including the above-left and above-right.
    for (let j = 0; j < 16; j++) ws[Y_OFF + j * BPS - 1] = 129
    for (let j = 0; j < 8; j++) {
      ws[U_OFF + j * BPS - 1] = 129
      ws[V_OFF + j * BPS - 1] = 129
    }
    if (mbY > 0) {
      ws[Y_OFF - BPS - 1] = 129
      ws[U_OFF - BPS - 1] = 129
      ws[V_OFF - BPS - 1] = 129
    } else {
      ws.fill(127, Y_OFF - BPS - 1, Y_OFF - BPS + 20)
      ws.fill(127, U_OFF - BPS - 1, U_OFF - BPS + 8)
      ws.fill(127, V_OFF - BPS - 1, V_OFF - BPS + 8)
    }
    for (let mbX = 0; mbX < mbWidth; mbX++) {
      const mb = mbs[mbX]!
      if (mbX > 0) {
        // The left neighbour's right columns (and its above row's) become this one's left edge.
        for (let j = -1; j < 16; j++) w32[Y4 + j * BPS4 - 1] = w32[Y4 + j * BPS4 + 3]!
        for (let j = -1; j < 8; j++) {
          w32[U4 + j * BPS4 - 1] = w32[U4 + j * BPS4 + 1]!
          w32[V4 + j * BPS4 - 1] = w32[V4 + j * BPS4 + 1]!
        }
      }
      if (mbY > 0) {
        for (let k = 0; k < 4; k++) w32[Y4 - BPS4 + k] = topY[mbX * 4 + k]!
        for (let k = 0; k < 2; k++) {
          w32[U4 - BPS4 + k] = topU[mbX * 2 + k]!
          w32[V4 - BPS4 + k] = topV[mbX * 2 + k]!
        }
      }
      const coeffs = mb.coeffs
      const nz = mb.nonZero
      const ac = mb.acNonZero
      if (mb.isI4x4) {
        const tr4 = Y4 - BPS4 + 4
        if (mbY > 0) {
          // Above-right of the top-right sub-block: the next macroblock's above row, or at the
          // picture's right edge this one's last above pixel repeated.
          if (mbX < mbWidth - 1) w32[tr4] = topY[(mbX + 1) * 4]!
          else w32[tr4] = (ws[Y_OFF - BPS + 15]! * 0x01010101) >>> 0
        }
        // Sub-blocks of the right column below the first use the same four pixels.
        w32[tr4 + 4 * BPS4] = w32[tr4]!
        w32[tr4 + 8 * BPS4] = w32[tr4]!
        w32[tr4 + 12 * BPS4] = w32[tr4]!
        const sub = mb.subModes
        for (let n = 0; n < 16; n++) {
          const d = Y_OFF + (n & 3) * 4 + (n >> 2) * 4 * BPS
          predict4(ws, d, sub[n]!)
          if (nz & (1 << n)) addResidual(coeffs, n, (ac & (1 << n)) !== 0, ws, d, BPS)
        }
      } else {
        predictBlock(ws, Y_OFF, 16, mb.yMode, mbY > 0, mbX > 0)
        if (nz & 0xffff) {
          for (let n = 0; n < 16; n++) {
            if (nz & (1 << n)) {
              const d = Y_OFF + (n & 3) * 4 + (n >> 2) * 4 * BPS
              addResidual(coeffs, n, (ac & (1 << n)) !== 0, ws, d, BPS)
            }
          }
        }
      }
      predictBlock(ws, U_OFF, 8, mb.uvMode, mbY > 0, mbX > 0)
      predictBlock(ws, V_OFF, 8, mb.uvMode, mbY > 0, mbX > 0)
      for (let n = 0; n < 4; n++) {
        const o = (n & 1) * 4 + (n >> 1) * 4 * BPS
        const bu = 16 + n
        const bv = 20 + n
        if (nz & (1 << bu)) addResidual(coeffs, bu, (ac & (1 << bu)) !== 0, ws, U_OFF + o, BPS)
        if (nz & (1 << bv)) addResidual(coeffs, bv, (ac & (1 << bv)) !== 0, ws, V_OFF + o, BPS)
      }
      if (mbY < mbHeight - 1) {
        for (let k = 0; k < 4; k++) topY[mbX * 4 + k] = w32[Y4 + 15 * BPS4 + k]!
        for (let k = 0; k < 2; k++) {
          topU[mbX * 2 + k] = w32[U4 + 7 * BPS4 + k]!
          topV[mbX * 2 + k] = w32[V4 + 7 * BPS4 + k]!
        }
      }
      for (let j = 0; j < 16; j++) {
        const o = yAt4 + j * yStride4 + mbX * 4
        const s = Y4 + j * BPS4
        y32[o] = w32[s]!
        y32[o + 1] = w32[s + 1]!
        y32[o + 2] = w32[s + 2]!
        y32[o + 3] = w32[s + 3]!
      }
      for (let j = 0; j < 8; j++) {
        const o = uvAt4 + j * uvStride4 + mbX * 2
        u32[o] = w32[U4 + j * BPS4]!
        u32[o + 1] = w32[U4 + j * BPS4 + 1]!
        v32[o] = w32[V4 + j * BPS4]!
        v32[o + 1] = w32[V4 + j * BPS4 + 1]!
      }
    }
  }
}

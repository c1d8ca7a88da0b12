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

/** The inverse DCT of block `b` of `coeffs` onto `dst[d …]`, skipping the AC pass when only the DC is set. */
function addResidual(
  coeffs: Int16Array,
  b: number,
  dst: Uint8ClampedArray,
  d: number,
  stride: number,
): void {
  const at = b * 16
  for (let i = 1; i < 16; i++) {
    if (coeffs[at + i] !== 0) {
      idctAdd(coeffs, at, dst, d, stride)
      return
    }
  }
  dcAdd(coeffs, at, dst, d, stride)
}

/** Reconstructs macroblock rows into a caller's planes, keeping the unfiltered edges it predicts from. */
export class RowReconstructor {
  private readonly ws = new Uint8ClampedArray(WORK_SIZE)
  /** The unfiltered bottom row of the macroblock row above, per plane. */
  private readonly topY: Uint8Array
  private readonly topU: Uint8Array
  private readonly topV: Uint8Array

  constructor(private readonly frame: Vp8Frame) {
    this.topY = new Uint8Array(frame.mbWidth * 16)
    this.topU = new Uint8Array(frame.mbWidth * 8)
    this.topV = new Uint8Array(frame.mbWidth * 8)
  }

  /**
   * Reconstructs row `mbY` of `mbs` into `y`, `u`, `v` from offsets `yAt`, `uvAt` (16 luma and
   * 8 chroma rows, `yStride` / `uvStride` apart, macroblock x at column 16x / 8x).
   */
  row(
    mbY: number,
    mbs: readonly Vp8Macroblock[],
    y: Uint8Array,
    yAt: number,
    yStride: number,
    u: Uint8Array,
    v: Uint8Array,
    uvAt: number,
    uvStride: number,
  ): void {
    const ws = this.ws
    const { mbWidth, mbHeight } = this.frame
    const { topY, topU, topV } = this
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
        for (let j = -1; j < 16; j++) {
          const o = Y_OFF + j * BPS
          for (let k = 0; k < 4; k++) ws[o - 4 + k] = ws[o + 12 + k]!
        }
        for (let j = -1; j < 8; j++) {
          const ou = U_OFF + j * BPS
          const ov = V_OFF + j * BPS
          for (let k = 0; k < 4; k++) {
            ws[ou - 4 + k] = ws[ou + 4 + k]!
            ws[ov - 4 + k] = ws[ov + 4 + k]!
          }
        }
      }
      if (mbY > 0) {
        for (let k = 0; k < 16; k++) ws[Y_OFF - BPS + k] = topY[mbX * 16 + k]!
        for (let k = 0; k < 8; k++) {
          ws[U_OFF - BPS + k] = topU[mbX * 8 + k]!
          ws[V_OFF - BPS + k] = topV[mbX * 8 + k]!
        }
      }
      const coeffs = mb.coeffs
      const nz = mb.nonZero
      if (mb.isI4x4) {
        const tr = Y_OFF - BPS + 16
        if (mbY > 0) {
          // Above-right of the top-right sub-block: the next macroblock's above row, or at the
          // picture's right edge this one's last above pixel repeated.
          for (let k = 0; k < 4; k++) {
            ws[tr + k] = mbX < mbWidth - 1 ? topY[(mbX + 1) * 16 + k]! : topY[mbX * 16 + 15]!
          }
        }
        // Sub-blocks of the right column below the first use the same four pixels.
        for (let r = 1; r < 4; r++)
          for (let k = 0; k < 4; k++) ws[tr + r * 4 * BPS + k] = ws[tr + k]!
        const sub = mb.subModes
        for (let n = 0; n < 16; n++) {
          const d = Y_OFF + (n & 3) * 4 + (n >> 2) * 4 * BPS
          predict4(ws, d, sub[n]!)
          if (nz & (1 << n)) addResidual(coeffs, n, ws, d, BPS)
        }
      } else {
        predictBlock(ws, Y_OFF, 16, mb.yMode, mbY > 0, mbX > 0)
        if (nz & 0xffff) {
          for (let n = 0; n < 16; n++) {
            if (nz & (1 << n))
              addResidual(coeffs, n, ws, Y_OFF + (n & 3) * 4 + (n >> 2) * 4 * BPS, BPS)
          }
        }
      }
      predictBlock(ws, U_OFF, 8, mb.uvMode, mbY > 0, mbX > 0)
      predictBlock(ws, V_OFF, 8, mb.uvMode, mbY > 0, mbX > 0)
      for (let n = 0; n < 4; n++) {
        const o = (n & 1) * 4 + (n >> 1) * 4 * BPS
        if (nz & (1 << (16 + n))) addResidual(coeffs, 16 + n, ws, U_OFF + o, BPS)
        if (nz & (1 << (20 + n))) addResidual(coeffs, 20 + n, ws, V_OFF + o, BPS)
      }
      if (mbY < mbHeight - 1) {
        for (let k = 0; k < 16; k++) topY[mbX * 16 + k] = ws[Y_OFF + 15 * BPS + k]!
        for (let k = 0; k < 8; k++) {
          topU[mbX * 8 + k] = ws[U_OFF + 7 * BPS + k]!
          topV[mbX * 8 + k] = ws[V_OFF + 7 * BPS + k]!
        }
      }
      for (let j = 0; j < 16; j++) {
        const o = yAt + j * yStride + mbX * 16
        const s = Y_OFF + j * BPS
        for (let k = 0; k < 16; k++) y[o + k] = ws[s + k]!
      }
      for (let j = 0; j < 8; j++) {
        const o = uvAt + j * uvStride + mbX * 8
        const su = U_OFF + j * BPS
        const sv = V_OFF + j * BPS
        for (let k = 0; k < 8; k++) {
          u[o + k] = ws[su + k]!
          v[o + k] = ws[sv + k]!
        }
      }
    }
  }
}

/**
 * Intra prediction (RFC 6386 §12) in a work area laid out as libwebp's: rows `BPS` apart, with
 * the row above and the column to the left of the block at -BPS and -1 (already holding the
 * picture edge's 127 / 129 or the neighbours' unfiltered pixels). The 4 × 4 modes also read four
 * pixels above-right.
 */

import {
  B_DC_PRED,
  B_HD_PRED,
  B_HE_PRED,
  B_HU_PRED,
  B_LD_PRED,
  B_RD_PRED,
  B_TM_PRED,
  B_VE_PRED,
  B_VL_PRED,
  B_VR_PRED,
  DC_PRED,
  H_PRED,
  TM_PRED,
  V_PRED,
} from './macroblock'

/** Row stride of the work area. */
export const BPS = 32

const avg3 = (a: number, b: number, c: number) => (a + 2 * b + c + 2) >> 2
const avg2 = (a: number, b: number) => (a + b + 1) >> 1

/** Sets a size × size block to `v` (loops: TypedArray#fill costs more than a few stores). */
function fill(b: Uint8ClampedArray, d: number, size: number, v: number): void {
  for (let y = 0; y < size; y++) {
    const o = d + y * BPS
    for (let x = 0; x < size; x++) b[o + x] = v
  }
}

/** Sets the 4 pixels of one sub-block row. */
function row4(b: Uint8ClampedArray, o: number, v: number): void {
  b[o] = v
  b[o + 1] = v
  b[o + 2] = v
  b[o + 3] = v
}

/** TrueMotion: above + left - above-left, clamped by the store. */
function trueMotion(b: Uint8ClampedArray, d: number, size: number): void {
  const corner = b[d - BPS - 1]!
  for (let y = 0; y < size; y++) {
    const o = d + y * BPS
    const left = b[o - 1]! - corner
    for (let x = 0; x < size; x++) b[o + x] = b[d - BPS + x]! + left
  }
}

/**
 * A 16 × 16 luma or 8 × 8 chroma mode (`size` 16 or 8); DC_PRED averages only the edges that are
 * inside the picture (`hasTop`, `hasLeft`), and 128 with neither.
 */
export function predictBlock(
  b: Uint8ClampedArray,
  d: number,
  size: number,
  mode: number,
  hasTop: boolean,
  hasLeft: boolean,
): void {
  if (mode === DC_PRED) {
    const shift = size === 16 ? 4 : 3
    let sum = 0
    if (hasTop) for (let x = 0; x < size; x++) sum += b[d - BPS + x]!
    if (hasLeft) for (let y = 0; y < size; y++) sum += b[d + y * BPS - 1]!
    let dc = 0x80
    if (hasTop && hasLeft) dc = (sum + size) >> (shift + 1)
    else if (hasTop || hasLeft) dc = (sum + (size >> 1)) >> shift
    fill(b, d, size, dc)
  } else if (mode === TM_PRED) {
    trueMotion(b, d, size)
  } else if (mode === V_PRED) {
    for (let y = 0; y < size; y++) {
      const o = d + y * BPS
      for (let x = 0; x < size; x++) b[o + x] = b[d - BPS + x]!
    }
  } else if (mode === H_PRED) {
    for (let y = 0; y < size; y++) {
      const o = d + y * BPS
      const left = b[o - 1]!
      for (let x = 0; x < size; x++) b[o + x] = left
    }
  }
}

/** One 4 × 4 luma sub-block mode (RFC 6386 §12.3, libwebp's VE4 … HU4); pixel (x, y) is at d + x + 32·y. */
export function predict4(b: Uint8ClampedArray, d: number, mode: number): void {
  const t = d - BPS
  switch (mode) {
    case B_DC_PRED: {
      let dc = 4
      for (let i = 0; i < 4; i++) dc += b[t + i]! + b[d + i * BPS - 1]!
      fill(b, d, 4, dc >> 3)
      return
    }
    case B_TM_PRED:
      trueMotion(b, d, 4)
      return
    case B_VE_PRED: {
      const v0 = avg3(b[t - 1]!, b[t]!, b[t + 1]!)
      const v1 = avg3(b[t]!, b[t + 1]!, b[t + 2]!)
      const v2 = avg3(b[t + 1]!, b[t + 2]!, b[t + 3]!)
      const v3 = avg3(b[t + 2]!, b[t + 3]!, b[t + 4]!)
      for (let y = 0; y < 4; y++) {
        const o = d + y * BPS
        b[o] = v0
        b[o + 1] = v1
        b[o + 2] = v2
        b[o + 3] = v3
      }
      return
    }
    case B_HE_PRED: {
      const A = b[t - 1]!
      const B = b[d - 1]!
      const C = b[d + BPS - 1]!
      const D = b[d + 2 * BPS - 1]!
      const E = b[d + 3 * BPS - 1]!
      row4(b, d, avg3(A, B, C))
      row4(b, d + BPS, avg3(B, C, D))
      row4(b, d + 2 * BPS, avg3(C, D, E))
      row4(b, d + 3 * BPS, avg3(D, E, E))
      return
    }
    case B_LD_PRED: {
      const A = b[t]!
      const B = b[t + 1]!
      const C = b[t + 2]!
      const D = b[t + 3]!
      const E = b[t + 4]!
      const F = b[t + 5]!
      const G = b[t + 6]!
      const H = b[t + 7]!
      diagonal(
        b,
        d,
        avg3(A, B, C),
        avg3(B, C, D),
        avg3(C, D, E),
        avg3(D, E, F),
        avg3(E, F, G),
        avg3(F, G, H),
        avg3(G, H, H),
      )
      return
    }
    case B_RD_PRED: {
      const I = b[d - 1]!
      const J = b[d + BPS - 1]!
      const K = b[d + 2 * BPS - 1]!
      const L = b[d + 3 * BPS - 1]!
      const X = b[t - 1]!
      const A = b[t]!
      const B = b[t + 1]!
      const C = b[t + 2]!
      const D = b[t + 3]!
      antiDiagonal(
        b,
        d,
        avg3(J, K, L),
        avg3(I, J, K),
        avg3(X, I, J),
        avg3(A, X, I),
        avg3(B, A, X),
        avg3(C, B, A),
        avg3(D, C, B),
      )
      return
    }
    case B_VR_PRED: {
      const I = b[d - 1]!
      const J = b[d + BPS - 1]!
      const K = b[d + 2 * BPS - 1]!
      const X = b[t - 1]!
      const A = b[t]!
      const B = b[t + 1]!
      const C = b[t + 2]!
      const D = b[t + 3]!
      b[d] = avg2(X, A)
      b[d + 65] = avg2(X, A)
      b[d + 1] = avg2(A, B)
      b[d + 66] = avg2(A, B)
      b[d + 2] = avg2(B, C)
      b[d + 67] = avg2(B, C)
      b[d + 3] = avg2(C, D)
      b[d + 96] = avg3(K, J, I)
      b[d + 64] = avg3(J, I, X)
      b[d + 32] = avg3(I, X, A)
      b[d + 97] = avg3(I, X, A)
      b[d + 33] = avg3(X, A, B)
      b[d + 98] = avg3(X, A, B)
      b[d + 34] = avg3(A, B, C)
      b[d + 99] = avg3(A, B, C)
      b[d + 35] = avg3(B, C, D)
      return
    }
    case B_VL_PRED: {
      const A = b[t]!
      const B = b[t + 1]!
      const C = b[t + 2]!
      const D = b[t + 3]!
      const E = b[t + 4]!
      const F = b[t + 5]!
      const G = b[t + 6]!
      const H = b[t + 7]!
      b[d] = avg2(A, B)
      b[d + 1] = avg2(B, C)
      b[d + 64] = avg2(B, C)
      b[d + 2] = avg2(C, D)
      b[d + 65] = avg2(C, D)
      b[d + 3] = avg2(D, E)
      b[d + 66] = avg2(D, E)
      b[d + 32] = avg3(A, B, C)
      b[d + 33] = avg3(B, C, D)
      b[d + 96] = avg3(B, C, D)
      b[d + 34] = avg3(C, D, E)
      b[d + 97] = avg3(C, D, E)
      b[d + 35] = avg3(D, E, F)
      b[d + 98] = avg3(D, E, F)
      b[d + 67] = avg3(E, F, G)
      b[d + 99] = avg3(F, G, H)
      return
    }
    case B_HD_PRED: {
      const I = b[d - 1]!
      const J = b[d + BPS - 1]!
      const K = b[d + 2 * BPS - 1]!
      const L = b[d + 3 * BPS - 1]!
      const X = b[t - 1]!
      const A = b[t]!
      const B = b[t + 1]!
      const C = b[t + 2]!
      b[d] = avg2(I, X)
      b[d + 34] = avg2(I, X)
      b[d + 32] = avg2(J, I)
      b[d + 66] = avg2(J, I)
      b[d + 64] = avg2(K, J)
      b[d + 98] = avg2(K, J)
      b[d + 96] = avg2(L, K)
      b[d + 3] = avg3(A, B, C)
      b[d + 2] = avg3(X, A, B)
      b[d + 1] = avg3(I, X, A)
      b[d + 35] = avg3(I, X, A)
      b[d + 33] = avg3(J, I, X)
      b[d + 67] = avg3(J, I, X)
      b[d + 65] = avg3(K, J, I)
      b[d + 99] = avg3(K, J, I)
      b[d + 97] = avg3(L, K, J)
      return
    }
    case B_HU_PRED: {
      const I = b[d - 1]!
      const J = b[d + BPS - 1]!
      const K = b[d + 2 * BPS - 1]!
      const L = b[d + 3 * BPS - 1]!
      b[d] = avg2(I, J)
      b[d + 2] = avg2(J, K)
      b[d + 32] = avg2(J, K)
      b[d + 34] = avg2(K, L)
      b[d + 64] = avg2(K, L)
      b[d + 1] = avg3(I, J, K)
      b[d + 3] = avg3(J, K, L)
      b[d + 33] = avg3(J, K, L)
      b[d + 35] = avg3(K, L, L)
      b[d + 65] = avg3(K, L, L)
      b[d + 67] = L
      b[d + 66] = L
      row4(b, d + 3 * BPS, L)
      return
    }
  }
}

const diag = new Int32Array(7)

/** Fills anti-diagonals x + y = 0 … 6 with v0 … v6 (the down-left mode). */
function diagonal(
  b: Uint8ClampedArray,
  d: number,
  v0: number,
  v1: number,
  v2: number,
  v3: number,
  v4: number,
  v5: number,
  v6: number,
): void {
  setDiag(v0, v1, v2, v3, v4, v5, v6)
  for (let y = 0; y < 4; y++) for (let x = 0; x < 4; x++) b[d + x + y * BPS] = diag[x + y]!
}

/** Fills diagonals x - y = -3 … 3 with v0 … v6 (the down-right mode). */
function antiDiagonal(
  b: Uint8ClampedArray,
  d: number,
  v0: number,
  v1: number,
  v2: number,
  v3: number,
  v4: number,
  v5: number,
  v6: number,
): void {
  setDiag(v0, v1, v2, v3, v4, v5, v6)
  for (let y = 0; y < 4; y++) for (let x = 0; x < 4; x++) b[d + x + y * BPS] = diag[x - y + 3]!
}

function setDiag(
  v0: number,
  v1: number,
  v2: number,
  v3: number,
  v4: number,
  v5: number,
  v6: number,
): void {
  diag[0] = v0
  diag[1] = v1
  diag[2] = v2
  diag[3] = v3
  diag[4] = v4
  diag[5] = v5
  diag[6] = v6
}

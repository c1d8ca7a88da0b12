/**
 * VP8's inverse transforms (RFC 6386 §14.3, §14.4) with libwebp's exact integer rounding: the
 * Walsh-Hadamard transform of the Y2 block into the luma DCs, and the 4 × 4 inverse DCT added to
 * the prediction.
 */

/** Writes the inverse WHT of `input` (16 raster coefficients) to the DCs `out[0], out[16], … out[240]`. */
export function inverseWht(input: Int16Array, out: Int16Array): void {
  const t = tmp
  for (let i = 0; i < 4; i++) {
    const a0 = input[i]! + input[12 + i]!
    const a1 = input[4 + i]! + input[8 + i]!
    const a2 = input[4 + i]! - input[8 + i]!
    const a3 = input[i]! - input[12 + i]!
    t[i] = a0 + a1
    t[8 + i] = a0 - a1
    t[4 + i] = a3 + a2
    t[12 + i] = a3 - a2
  }
  for (let i = 0; i < 4; i++) {
    const dc = t[i * 4]! + 3
    const a0 = dc + t[3 + i * 4]!
    const a1 = t[1 + i * 4]! + t[2 + i * 4]!
    const a2 = t[1 + i * 4]! - t[2 + i * 4]!
    const a3 = dc - t[3 + i * 4]!
    const o = i * 64
    out[o] = (a0 + a1) >> 3
    out[o + 16] = (a3 + a2) >> 3
    out[o + 32] = (a0 - a1) >> 3
    out[o + 48] = (a3 - a2) >> 3
  }
}

const tmp = new Int32Array(16)

/** x · √2 · cos(π/8) and x · √2 · sin(π/8) in 16-bit fixed point (RFC 6386 §14.3). */
const mul1 = (a: number) => ((a * 20091) >> 16) + a
const mul2 = (a: number) => (a * 35468) >> 16

/**
 * Adds the inverse DCT of the 16 coefficients at `input[at …]` to the 4 × 4 pixels at `dst[d …]`
 * (rows `stride` apart); `dst` clamps to 0-255 as it stores.
 */
export function idctAdd(
  input: Int16Array,
  at: number,
  dst: Uint8ClampedArray,
  d: number,
  stride: number,
): void {
  // Vertical pass, column by column, into locals: cRk is row k of column R's output.
  let i0 = input[at]!
  let i4 = input[at + 4]!
  let i8 = input[at + 8]!
  let i12 = input[at + 12]!
  let a = i0 + i8
  let b = i0 - i8
  let c = mul2(i4) - mul1(i12)
  let e = mul1(i4) + mul2(i12)
  const c00 = a + e
  const c01 = b + c
  const c02 = b - c
  const c03 = a - e
  i0 = input[at + 1]!
  i4 = input[at + 5]!
  i8 = input[at + 9]!
  i12 = input[at + 13]!
  a = i0 + i8
  b = i0 - i8
  c = mul2(i4) - mul1(i12)
  e = mul1(i4) + mul2(i12)
  const c10 = a + e
  const c11 = b + c
  const c12 = b - c
  const c13 = a - e
  i0 = input[at + 2]!
  i4 = input[at + 6]!
  i8 = input[at + 10]!
  i12 = input[at + 14]!
  a = i0 + i8
  b = i0 - i8
  c = mul2(i4) - mul1(i12)
  e = mul1(i4) + mul2(i12)
  const c20 = a + e
  const c21 = b + c
  const c22 = b - c
  const c23 = a - e
  i0 = input[at + 3]!
  i4 = input[at + 7]!
  i8 = input[at + 11]!
  i12 = input[at + 15]!
  a = i0 + i8
  b = i0 - i8
  c = mul2(i4) - mul1(i12)
  e = mul1(i4) + mul2(i12)
  const c30 = a + e
  const c31 = b + c
  const c32 = b - c
  const c33 = a - e
  // Horizontal pass: output row k from row k of the four columns.
  idctRow(dst, d, c00, c10, c20, c30)
  idctRow(dst, d + stride, c01, c11, c21, c31)
  idctRow(dst, d + 2 * stride, c02, c12, c22, c32)
  idctRow(dst, d + 3 * stride, c03, c13, c23, c33)
}

function idctRow(
  dst: Uint8ClampedArray,
  o: number,
  t0: number,
  t1: number,
  t2: number,
  t3: number,
): void {
  const dc = t0 + 4
  const a = dc + t2
  const b = dc - t2
  const c = mul2(t1) - mul1(t3)
  const e = mul1(t1) + mul2(t3)
  dst[o] = dst[o]! + ((a + e) >> 3)
  dst[o + 1] = dst[o + 1]! + ((b + c) >> 3)
  dst[o + 2] = dst[o + 2]! + ((b - c) >> 3)
  dst[o + 3] = dst[o + 3]! + ((a - e) >> 3)
}

/** The inverse DCT of a block whose only non-zero coefficient is its DC. */
export function dcAdd(
  input: Int16Array,
  at: number,
  dst: Uint8ClampedArray,
  d: number,
  stride: number,
): void {
  const v = (input[at]! + 4) >> 3
  for (let i = 0; i < 4; i++) {
    const o = d + i * stride
    dst[o] = dst[o]! + v
    dst[o + 1] = dst[o + 1]! + v
    dst[o + 2] = dst[o + 2]! + v
    dst[o + 3] = dst[o + 3]! + v
  }
}

/**
 * Winograd minimal filtering F(m × m, r × r) for the upscaler's 3 × 3 and 5 × 5 convolutions
 * (Lavin & Gray, "Fast Algorithms for Convolutional Neural Networks", 2016): an m × m block of
 * outputs from an n × n block of inputs, n = m + r − 1, as
 *
 *   Y = Aᵀ [ (G g Gᵀ) ⊙ (Bᵀ d B) ] A
 *
 * with n² multiplications per input channel and output channel instead of m² r². The matrices
 * come from the Toom-Cook construction on n − 1 finite points and the point at infinity: with V
 * the n × n Vandermonde matrix of the points (row ∞ picks the leading coefficient), linear
 * convolution is z = V⁻¹ [(V_r h) ⊙ (V_m x)], and the correlation a conv layer computes is its
 * transpose, y = V_mᵀ [(V_r g) ⊙ (V⁻ᵀ d)]. So Aᵀ = V_mᵀ, G = V_r and Bᵀ = V⁻ᵀ, each row of Bᵀ
 * then scaled to a largest entry of 1 (the scale moves into G, applied once in float64 to the
 * weights): the float32 transforms of the activations stay small. Everything here runs in
 * float64 when the upscaler is made; the kernels get float32.
 */

import type { ConvLayer } from './model'

/** The three matrices of one F(m, r), row major, float64. */
export interface WinogradMatrices {
  m: number
  r: number
  n: number
  /** m × n: output transform. */
  at: Float64Array
  /** n × r: kernel transform. */
  g: Float64Array
  /** n × n: input transform. */
  bt: Float64Array
}

/** Interpolation points: small, exact in binary, paired ± so that the transforms stay tame. */
const POINTS = [0, 1, -1, 2, -2, 0.5, -0.5, 3, -3]

/** Inverts an n × n matrix (Gauss-Jordan with partial pivoting, float64). */
function invert(matrix: Float64Array, n: number): Float64Array {
  const a = Float64Array.from(matrix)
  const inv = new Float64Array(n * n)
  for (let i = 0; i < n; i++) inv[i * n + i] = 1
  for (let col = 0; col < n; col++) {
    let pivot = col
    for (let row = col + 1; row < n; row++) {
      if (Math.abs(a[row * n + col]!) > Math.abs(a[pivot * n + col]!)) pivot = row
    }
    if (a[pivot * n + col] === 0) throw new Error('Expected distinct Winograd points')
    for (let k = 0; k < n; k++) {
      ;[a[col * n + k], a[pivot * n + k]] = [a[pivot * n + k]!, a[col * n + k]!]
      ;[inv[col * n + k], inv[pivot * n + k]] = [inv[pivot * n + k]!, inv[col * n + k]!]
    }
    const p = a[col * n + col]!
    for (let k = 0; k < n; k++) {
      a[col * n + k]! /= p
      inv[col * n + k]! /= p
    }
    for (let row = 0; row < n; row++) {
      const f = a[row * n + col]!
      if (row === col || f === 0) continue
      for (let k = 0; k < n; k++) {
        a[row * n + k]! -= f * a[col * n + k]!
        inv[row * n + k]! -= f * inv[col * n + k]!
      }
    }
  }
  return inv
}

/**
 * The matrices of F(m × m, r × r).
 *
 * @throws Error when n − 1 exceeds the points available (n ≤ 10)
 */
export function winogradMatrices(m: number, r: number): WinogradMatrices {
  const n = m + r - 1
  if (m < 1 || r < 1 || n - 1 > POINTS.length) {
    throw new Error(`Expected a Winograd F(${m}, ${r}) with at most ${POINTS.length + 1} points`)
  }
  /** V[j][c]: point j to the power c; the last row is the point at infinity. */
  const vandermonde = (columns: number) => {
    const v = new Float64Array(n * columns)
    for (let j = 0; j < n - 1; j++) {
      for (let c = 0; c < columns; c++) v[j * columns + c] = POINTS[j]! ** c
    }
    v[(n - 1) * columns + columns - 1] = 1
    return v
  }
  const vm = vandermonde(m)
  const g = vandermonde(r)
  const vInv = invert(vandermonde(n), n)
  const at = new Float64Array(m * n)
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < n; j++) at[i * n + j] = vm[j * m + i]!
  }
  const bt = new Float64Array(n * n)
  for (let j = 0; j < n; j++) {
    let largest = 0
    for (let l = 0; l < n; l++) {
      bt[j * n + l] = vInv[l * n + j]!
      largest = Math.max(largest, Math.abs(bt[j * n + l]!))
    }
    for (let l = 0; l < n; l++) bt[j * n + l]! /= largest
    for (let k = 0; k < r; k++) g[j * r + k]! *= largest
  }
  return { m, r, n, at, g, bt }
}

/**
 * The 3m coefficients of an 8-point Aᵀ whose rows read [i = 0, 1, σ, a, σa, b, σb, i = m − 1]
 * (σ = ±1; what the points 0, ±1, ±2, ±½ and ∞ give: a = 2^i, b = 2^−i, σ = (−1)^i): (a, b, σ)
 * per row. The kernels then form the sums and differences of inputs (1, 2), (3, 4) and (5, 6)
 * once and take two products per output.
 *
 * @returns null when n is not 8 or Aᵀ does not have that shape
 */
export function pairedOutputTransform(w: WinogradMatrices): Float32Array | null {
  if (w.n !== 8) return null
  const out: number[] = []
  for (let i = 0; i < w.m; i++) {
    const row = (col: number) => w.at[i * 8 + col]!
    const sign = row(2)
    const shaped =
      row(0) === (i === 0 ? 1 : 0) &&
      row(7) === (i === w.m - 1 ? 1 : 0) &&
      row(1) === 1 &&
      Math.abs(sign) === 1 &&
      row(4) === sign * row(3) &&
      row(6) === sign * row(5)
    if (!shaped) return null
    out.push(row(3), row(5), sign)
  }
  return Float32Array.from(out)
}

/** Output channels rounded up to a multiple of 4, as the kernels pad them. */
const roundUp4 = (n: number) => (n + 3) & ~3

/** Floats of one conv's Winograd-domain kernel: n² · cin · cout (padded), then no bias. */
export function winogradKernelFloats(layer: ConvLayer, w: WinogradMatrices): number {
  return w.n * w.n * layer.inChannels * roundUp4(layer.channels)
}

/**
 * Writes U = G g Gᵀ for every (input, output) channel pair, in float64 then rounded once, in the
 * layout of the 1 × 1 convolution each of the n² positions runs: `[ξ][block][ci][8 | 4]` with
 * blocks of 8 output channels, then one of 4, padded with zeros.
 */
export function packWinogradKernel(
  layer: ConvLayer,
  w: WinogradMatrices,
  into: Float32Array,
): void {
  const { kernelSize: r, inChannels: cin, channels, kernel } = layer
  const { n, g } = w
  const cout = roundUp4(channels)
  const u = new Float64Array(n * n)
  const gg = new Float64Array(n * r)
  const perPosition = cin * cout
  into.fill(0, 0, n * n * perPosition)
  for (let ci = 0; ci < cin; ci++) {
    for (let co = 0; co < channels; co++) {
      // gg = G · kernel (n × r), then u = gg · Gᵀ (n × n).
      for (let j = 0; j < n; j++) {
        for (let kx = 0; kx < r; kx++) {
          let sum = 0
          for (let ky = 0; ky < r; ky++) {
            sum += g[j * r + ky]! * kernel[((ky * r + kx) * cin + ci) * channels + co]!
          }
          gg[j * r + kx] = sum
        }
      }
      for (let j = 0; j < n; j++) {
        for (let i = 0; i < n; i++) {
          let sum = 0
          for (let kx = 0; kx < r; kx++) sum += gg[j * r + kx]! * g[i * r + kx]!
          u[j * n + i] = sum
        }
      }
      // Block of co: 8 lanes while 8 or more remain, then 4.
      // (A last block of 4 starts at a multiple of 8 too, as cout is a multiple of 4.)
      const block = co - (co % 8)
      const lanes = cout - block >= 8 ? 8 : 4
      for (let xi = 0; xi < n * n; xi++) {
        into[xi * perPosition + block * cin + ci * lanes + (co - block)] = u[xi]!
      }
    }
  }
}

/**
 * The 26 coefficients of an 8-point Bᵀ whose rows pair up as E ± O (what the points 0, ±1, ±2,
 * ±½ and ∞ give): row 0 on inputs 0, 2, 4, 6; row 7 on 1, 3, 5, 7; then for rows (1, 2), (3, 4)
 * and (5, 6) the shared even part on 2, 4, 6 and the odd part on 1, 3, 5, which the second row
 * of the pair negates. The kernels then run 32 products per 8 inputs instead of 64.
 *
 * @returns null when n is not 8 or Bᵀ does not have that shape
 */
export function pairedInputTransform(w: WinogradMatrices): Float32Array | null {
  if (w.n !== 8) return null
  const at = (row: number, col: number) => w.bt[row * 8 + col]!
  // Entries come out of a float64 inversion: equal means equal to well below float32's precision.
  const same = (a: number, b: number) => Math.abs(a - b) <= 1e-12
  const zeroAt = (row: number, cols: number[]) => cols.every((col) => same(at(row, col), 0))
  if (!zeroAt(0, [1, 3, 5, 7]) || !zeroAt(7, [0, 2, 4, 6])) return null
  const out = [at(0, 0), at(0, 2), at(0, 4), at(0, 6), at(7, 1), at(7, 3), at(7, 5), at(7, 7)]
  for (const row of [1, 3, 5]) {
    if (!zeroAt(row, [0, 7]) || !zeroAt(row + 1, [0, 7])) return null
    for (const col of [2, 4, 6]) if (!same(at(row, col), at(row + 1, col))) return null
    for (const col of [1, 3, 5]) if (!same(at(row, col), -at(row + 1, col))) return null
    out.push(at(row, 2), at(row, 4), at(row, 6), at(row, 1), at(row, 3), at(row, 5))
  }
  return Float32Array.from(out)
}

// The Winograd transforms of the upscaler (src/engines/upscale/winograd.ts) in float64 against
// direct correlation, the paired 8-point input transform the kernels hard-code, and the packed
// Winograd-domain kernel layout the 1 × 1 products read; then the phases of a folded nearest
// upsampling (src/engines/upscale/subpixel.ts) against upsample-then-convolve.

import { describe, expect, it } from 'vitest'
import type { ConvLayer } from '../../../src/engines/upscale/model'
import { upsampledPhases } from '../../../src/engines/upscale/subpixel'
import {
  packWinogradKernel,
  pairedInputTransform,
  pairedOutputTransform,
  type WinogradMatrices,
  winogradKernelFloats,
  winogradMatrices,
} from '../../../src/engines/upscale/winograd'

/** Seeded values in −1..1 (a small LCG), so a failure reproduces. */
function values(count: number, seed: number): Float64Array {
  let state = seed
  return Float64Array.from({ length: count }, () => {
    state = (state * 1_103_515_245 + 12_345) >>> 0
    return state / 2 ** 31 - 1
  })
}

/** `matrix` (rows × cols) times `vector`. */
function apply(matrix: Float64Array, rows: number, cols: number, vector: ArrayLike<number>) {
  return Float64Array.from({ length: rows }, (_, i) => {
    let sum = 0
    for (let j = 0; j < cols; j++) sum += matrix[i * cols + j]! * vector[j]!
    return sum
  })
}

/** A conv layer with seeded weights (HWIO) and biases. */
function layer(k: number, cin: number, channels: number, seed: number): ConvLayer {
  return {
    kind: 'conv',
    name: 'test',
    input: 'in',
    kernelSize: k,
    inChannels: cin,
    channels,
    kernel: Float32Array.from(values(k * k * cin * channels, seed)),
    bias: Float32Array.from(values(channels, seed + 1)),
    activation: 'linear',
  }
}

const CASES: [number, number][] = [
  [6, 3],
  [4, 5],
  [2, 3],
  [4, 3],
]

describe('upscale/winograd matrices', () => {
  it.each(CASES)('F(%i, %i) gives the correlation a conv layer computes', (m, r) => {
    const w = winogradMatrices(m, r)
    expect(w.n).toBe(m + r - 1)
    for (let seed = 1; seed <= 5; seed++) {
      const d = values(w.n, seed)
      const g = values(r, seed + 100)
      const u = apply(w.g, w.n, r, g)
      const v = apply(w.bt, w.n, w.n, d)
      const y = apply(
        w.at,
        m,
        w.n,
        Float64Array.from(u, (ui, j) => ui * v[j]!),
      )
      for (let i = 0; i < m; i++) {
        let direct = 0
        for (let k = 0; k < r; k++) direct += g[k]! * d[i + k]!
        expect(y[i]).toBeCloseTo(direct, 9)
      }
    }
  })

  it('keeps the input transform small: every row of Bᵀ has a largest entry of 1', () => {
    const w = winogradMatrices(4, 5)
    for (let j = 0; j < w.n; j++) {
      const row = Array.from(w.bt.subarray(j * w.n, (j + 1) * w.n), Math.abs)
      expect(Math.max(...row)).toBeCloseTo(1, 12)
    }
  })

  it('shares one paired 8-point Bᵀ between F(6, 3) and F(4, 5), and it is Bᵀ', () => {
    const a = pairedInputTransform(winogradMatrices(6, 3))
    const b = pairedInputTransform(winogradMatrices(4, 5))
    expect(a).not.toBeNull()
    expect(Array.from(a!)).toEqual(Array.from(b!))
    // Rebuild Bᵀ d with the pairs, as the kernels do, and compare with the matrix.
    const w = winogradMatrices(6, 3)
    const c = a!
    const d = values(8, 9)
    const paired = [c[0]! * d[0]! + c[1]! * d[2]! + c[2]! * d[4]! + c[3]! * d[6]!]
    for (let p = 0; p < 3; p++) {
      const k = 8 + 6 * p
      const even = c[k]! * d[2]! + c[k + 1]! * d[4]! + c[k + 2]! * d[6]!
      const odd = c[k + 3]! * d[1]! + c[k + 4]! * d[3]! + c[k + 5]! * d[5]!
      paired.push(even + odd, even - odd)
    }
    paired.push(c[4]! * d[1]! + c[5]! * d[3]! + c[6]! * d[5]! + c[7]! * d[7]!)
    const exact = apply(w.bt, 8, 8, d)
    for (const [j, value] of paired.entries()) expect(value).toBeCloseTo(exact[j]!, 6)
  })

  it('has no paired form for other block sizes (the kernels would refuse them)', () => {
    expect(pairedInputTransform(winogradMatrices(2, 3))).toBeNull()
    expect(pairedInputTransform(winogradMatrices(4, 3))).toBeNull()
  })

  it.each([
    [6, 3],
    [4, 5],
  ])('gives F(%i, %i) a paired Aᵀ that is Aᵀ', (m, r) => {
    const w = winogradMatrices(m, r)
    const c = pairedOutputTransform(w)!
    expect(c).toHaveLength(3 * m)
    const x = values(8, 21)
    for (let i = 0; i < m; i++) {
      const [a, b, sign] = [c[3 * i]!, c[3 * i + 1]!, c[3 * i + 2]!]
      const pair = (p: number, q: number) => x[p]! + sign * x[q]!
      let y = pair(1, 2) + a * pair(3, 4) + b * pair(5, 6)
      if (i === 0) y += x[0]!
      if (i === m - 1) y += x[7]!
      expect(y).toBeCloseTo(apply(w.at, m, 8, x)[i]!, 5)
    }
    expect(pairedOutputTransform(winogradMatrices(2, 3))).toBeNull()
  })
})

/** One m × m output block of a conv by the packed Winograd kernel, emulated in float64. */
function winogradBlock(
  w: WinogradMatrices,
  conv: ConvLayer,
  packed: Float32Array,
  input: (x: number, y: number, ci: number) => number,
): Float64Array {
  const { n, m } = w
  const cout = (conv.channels + 3) & ~3
  const out = new Float64Array(m * m * conv.channels)
  for (let co = 0; co < conv.channels; co++) {
    const product = new Float64Array(n * n)
    for (let ci = 0; ci < conv.inChannels; ci++) {
      // V = Bᵀ d B
      const d = Float64Array.from({ length: n * n }, (_, i) => input(i % n, Math.floor(i / n), ci))
      const half = new Float64Array(n * n)
      for (let j = 0; j < n; j++) {
        for (let x = 0; x < n; x++) {
          for (let l = 0; l < n; l++) half[j * n + x]! += w.bt[j * n + l]! * d[l * n + x]!
        }
      }
      const block = co - (co % 8)
      const lanes = cout - block >= 8 ? 8 : 4
      for (let j = 0; j < n; j++) {
        for (let i = 0; i < n; i++) {
          let v = 0
          for (let l = 0; l < n; l++) v += w.bt[i * n + l]! * half[j * n + l]!
          const xi = j * n + i
          const u =
            packed[xi * conv.inChannels * cout + block * conv.inChannels + ci * lanes + co - block]!
          product[xi]! += u * v
        }
      }
    }
    for (let yy = 0; yy < m; yy++) {
      for (let xx = 0; xx < m; xx++) {
        let sum = 0
        for (let j = 0; j < n; j++) {
          for (let i = 0; i < n; i++) {
            sum += w.at[yy * n + j]! * w.at[xx * n + i]! * product[j * n + i]!
          }
        }
        out[(yy * m + xx) * conv.channels + co] = sum
      }
    }
  }
  return out
}

describe('upscale/winograd packed kernels', () => {
  it.each(CASES)('F(%i, %i) packed for the 1 × 1 products gives the direct conv', (m, r) => {
    // 12 outputs: one block of 8 lanes and one of 4, the two layouts the kernels read.
    const conv = layer(r, 4, 12, 31)
    const w = winogradMatrices(m, r)
    const packed = new Float32Array(winogradKernelFloats(conv, w)).fill(Number.NaN)
    packWinogradKernel(conv, w, packed)
    expect(packed.every(Number.isFinite)).toBe(true)
    const image = values(w.n * w.n * conv.inChannels, 77)
    const input = (x: number, y: number, ci: number) => image[(y * w.n + x) * conv.inChannels + ci]!
    const fast = winogradBlock(w, conv, packed, input)
    for (let y = 0; y < m; y++) {
      for (let x = 0; x < m; x++) {
        for (let co = 0; co < conv.channels; co++) {
          let direct = 0
          for (let ky = 0; ky < r; ky++) {
            for (let kx = 0; kx < r; kx++) {
              for (let ci = 0; ci < conv.inChannels; ci++) {
                const weight =
                  conv.kernel[((ky * r + kx) * conv.inChannels + ci) * conv.channels + co]!
                direct += weight * input(x + kx, y + ky, ci)
              }
            }
          }
          // Float32 weights in the Winograd domain: close, not equal.
          expect(Math.abs(fast[(y * m + x) * conv.channels + co]! - direct)).toBeLessThan(1e-4)
        }
      }
    }
  })
})

describe('upscale/subpixel phases', () => {
  for (const s of [2, 4]) {
    it(`at x${s} give what the nearest upsampling and then the conv give, edges included`, () => {
      const conv = layer(3, 2, 3, 5)
      const [w, h] = [5, 4]
      const image = values(w * h * conv.inChannels, 11)
      const at = (x: number, y: number, ci: number) =>
        x < 0 || y < 0 || x >= w || y >= h ? 0 : image[(y * w + x) * conv.inChannels + ci]!
      const phases = upsampledPhases(conv, s)
      expect(phases).toHaveLength(s * s)
      // Taps per phase: 36 over 16 phases at x4 (not 144), 16 over 4 at x2 (not 36).
      const taps = phases.reduce((sum, p) => sum + p.kh * p.kw, 0)
      expect(taps).toBe(s === 4 ? 36 : 16)
      for (const p of phases) {
        for (let y = 0; y < h; y++) {
          for (let x = 0; x < w; x++) {
            const [X, Y] = [x * s + p.sx, y * s + p.sy]
            for (let co = 0; co < conv.channels; co++) {
              let direct = 0
              for (let ky = 0; ky < 3; ky++) {
                for (let kx = 0; kx < 3; kx++) {
                  const [ux, uy] = [X + kx - 1, Y + ky - 1]
                  const inside = ux >= 0 && uy >= 0 && ux < w * s && uy < h * s
                  for (let ci = 0; ci < conv.inChannels; ci++) {
                    const value = inside ? at(Math.floor(ux / s), Math.floor(uy / s), ci) : 0
                    direct +=
                      conv.kernel[((ky * 3 + kx) * conv.inChannels + ci) * conv.channels + co]! *
                      value
                  }
                }
              }
              let phased = 0
              for (let ty = 0; ty < p.kh; ty++) {
                for (let tx = 0; tx < p.kw; tx++) {
                  for (let ci = 0; ci < conv.inChannels; ci++) {
                    const weight =
                      p.kernel[((ty * p.kw + tx) * conv.inChannels + ci) * conv.channels + co]!
                    phased += weight * at(x + p.ox + tx, y + p.oy + ty, ci)
                  }
                }
              }
              expect(Math.abs(phased - direct)).toBeLessThan(1e-6)
            }
          }
        }
      }
    })
  }
})

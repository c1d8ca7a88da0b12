/**
 * A nearest upsampling by s followed by a k × k convolution, as s² small convolutions of the
 * input plane (one per output phase), so neither the upsampled plane nor its repeated taps are
 * ever computed. Output pixel (s·x + sx, s·y + sy) reads upsampled pixel (s·x + sx + kx − r, …),
 * which is input pixel x + ⌊(sx + kx − r) / s⌋: the offset depends on the phase and the tap, not
 * on x. Taps that land on the same input pixel share it, so their weights are summed (in float64,
 * rounded once). At x4 the 3 × 3 window becomes 2 × 2, 2 × 1, 1 × 2 or 1 × 1 windows: 36 taps over
 * 16 phases instead of 144; at x2 always 2 × 2, 16 instead of 36. Past the edge of the input the
 * offsets land on the zero frame, the zero padding of the upsampled plane.
 */

import type { ConvLayer } from './model'

/** One output phase: a `kh × kw` convolution whose top-left tap is input (x + ox, y + oy). */
export interface Phase {
  sy: number
  sx: number
  oy: number
  ox: number
  kh: number
  kw: number
  /** `kh · kw · cin · channels` weights, HWIO like {@link ConvLayer.kernel}. */
  kernel: Float32Array
}

/** The s² phases of `layer` reading the nearest upsampling by `s` of its input. */
export function upsampledPhases(layer: ConvLayer, s: number): Phase[] {
  const { kernelSize: k, inChannels: cin, channels, kernel } = layer
  const r = (k - 1) / 2
  /** Input offset of tap t at phase p along one axis. */
  const offset = (p: number, t: number) => Math.floor((p + t - r) / s)
  const phases: Phase[] = []
  for (let sy = 0; sy < s; sy++) {
    for (let sx = 0; sx < s; sx++) {
      const oy = offset(sy, 0)
      const ox = offset(sx, 0)
      const kh = offset(sy, k - 1) - oy + 1
      const kw = offset(sx, k - 1) - ox + 1
      const sums = new Float64Array(kh * kw * cin * channels)
      for (let ky = 0; ky < k; ky++) {
        for (let kx = 0; kx < k; kx++) {
          const tap = (offset(sy, ky) - oy) * kw + (offset(sx, kx) - ox)
          const from = (ky * k + kx) * cin * channels
          const to = tap * cin * channels
          for (let i = 0; i < cin * channels; i++) sums[to + i]! += kernel[from + i]!
        }
      }
      phases.push({ sy, sx, oy, ox, kh, kw, kernel: Float32Array.from(sums) })
    }
  }
  return phases
}

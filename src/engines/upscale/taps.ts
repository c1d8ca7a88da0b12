/**
 * Centre-aligned enlargement taps, shared by the upscale engine's three filters: Catmull-Rom
 * (alpha), the cubic B-spline (the line-art ink field) and Lanczos-3 (back-projection). Output
 * pixel o at scale s samples the source at (o + 0.5) / s − 0.5, taps clamped to the edge.
 */

export interface Kernel {
  /** Taps either side of the sample point. */
  readonly radius: number
  at(d: number): number
}

/** Catmull-Rom (a = −0.5): interpolating, sharp, overshoots a little. */
export const CATMULL_ROM: Kernel = {
  radius: 2,
  at(d) {
    const x = Math.abs(d)
    if (x < 1) return 1.5 * x ** 3 - 2.5 * x ** 2 + 1
    if (x < 2) return -0.5 * x ** 3 + 2.5 * x ** 2 - 4 * x + 2
    return 0
  },
}

/** The cubic B-spline: smooth, never overshoots, moves a ridge evenly between samples. */
export const B_SPLINE: Kernel = {
  radius: 2,
  at(d) {
    const x = Math.abs(d)
    if (x < 1) return (4 - 6 * x * x + 3 * x * x * x) / 6
    if (x < 2) return (2 - x) ** 3 / 6
    return 0
  },
}

/** Lanczos-3. */
export const LANCZOS3: Kernel = {
  radius: 3,
  at(d) {
    const x = Math.abs(d)
    if (x < 1e-9) return 1
    if (x >= 3) return 0
    const p = Math.PI * x
    return (3 * Math.sin(p) * Math.sin(p / 3)) / (p * p)
  },
}

/** Every output coordinate's taps and weights (normalised to sum 1), `2 · radius` per coordinate. */
export interface Taps {
  readonly count: number
  readonly taps: Int32Array
  readonly weights: Float64Array
}

/** The taps of `outSize` output coordinates enlarging `size` source pixels by `s`. */
export function centredTaps(outSize: number, size: number, s: number, kernel: Kernel): Taps {
  const count = 2 * kernel.radius
  const taps = new Int32Array(outSize * count)
  const weights = new Float64Array(outSize * count)
  for (let o = 0; o < outSize; o++) {
    const source = (o + 0.5) / s - 0.5
    const base = Math.floor(source)
    let sum = 0
    for (let k = 0; k < count; k++) {
      const i = base - kernel.radius + 1 + k
      const weight = kernel.at(source - i)
      taps[o * count + k] = Math.min(size - 1, Math.max(0, i))
      weights[o * count + k] = weight
      sum += weight
    }
    for (let k = 0; k < count; k++) weights[o * count + k]! /= sum
  }
  return { count, taps, weights }
}

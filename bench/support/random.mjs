// Seeded randomness for the benchmarks' made inputs, so every run sees the same bytes.

/** Deterministic PRNG (mulberry32), uniform in [0, 1). */
export function random(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Value noise in [-1, 1]: a grid of random values every `cell` px, bilinearly interpolated. */
export function valueNoise(width, height, cell, rand) {
  const gw = Math.ceil(width / cell) + 2
  const grid = Float32Array.from(
    { length: gw * (Math.ceil(height / cell) + 2) },
    () => rand() * 2 - 1,
  )
  return (x, y) => {
    const fx = x / cell
    const fy = y / cell
    const ix = Math.floor(fx)
    const iy = Math.floor(fy)
    const tx = fx - ix
    const ty = fy - iy
    const i = iy * gw + ix
    const top = grid[i] + (grid[i + 1] - grid[i]) * tx
    const bottom = grid[i + gw] + (grid[i + gw + 1] - grid[i + gw]) * tx
    return top + (bottom - top) * ty
  }
}

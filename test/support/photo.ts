// A photo-like RGBA test image made in code: smooth gradients, soft-edged shapes, two octaves of
// value noise and fine grain, so JPEG encoders produce the coefficient statistics of a camera
// photo (mostly low frequencies, some texture, a few hard edges) at any size.

/** Deterministic pseudo-random numbers in [0, 1) (xorshift32). */
export function random(seed: number): () => number {
  let s = seed | 0 || 1
  return () => {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    return (s >>> 0) / 4294967296
  }
}

/** Value noise in −1…1: a coarse grid of random values, bilinearly interpolated. */
export function valueNoise(width: number, height: number, cell: number, next: () => number) {
  const gw = Math.ceil(width / cell) + 2
  const gh = Math.ceil(height / cell) + 2
  const grid = Float32Array.from({ length: gw * gh }, () => next() * 2 - 1)
  return (x: number, y: number): number => {
    const fx = x / cell
    const fy = y / cell
    const ix = Math.floor(fx)
    const iy = Math.floor(fy)
    const tx = fx - ix
    const ty = fy - iy
    const i = iy * gw + ix
    const top = grid[i]! + (grid[i + 1]! - grid[i]!) * tx
    const bottom = grid[i + gw]! + (grid[i + gw + 1]! - grid[i + gw]!) * tx
    return top + (bottom - top) * ty
  }
}

/**
 * An RGBA photo-like image (alpha 255).
 * @param saturation 0..1, how far the colours stray from gray (1 for vivid, 0.5 for a typical
 *   photo)
 */
export function photo(
  width: number,
  height: number,
  seed = 1,
  saturation = 0.6,
): Uint8ClampedArray {
  const next = random(seed)
  const coarse = valueNoise(width, height, Math.max(4, Math.min(width, height) / 6), next)
  const fine = valueNoise(width, height, Math.max(2, Math.min(width, height) / 60), next)
  const detail = valueNoise(width, height, 3, next)
  const shapes = Array.from({ length: 7 }, () => ({
    x: next() * width,
    y: next() * height,
    r: (0.05 + next() * 0.2) * Math.min(width, height),
    colour: [next() * 255, next() * 255, next() * 255],
  }))
  const data = new Uint8ClampedArray(width * height * 4)
  for (let y = 0; y < height; y++) {
    const sky = y / Math.max(1, height - 1)
    for (let x = 0; x < width; x++) {
      const texture = coarse(x, y) * 30 + fine(x, y) * 14 + detail(x, y) * 20 + (next() - 0.5) * 14
      let r = 90 + 120 * (1 - sky) + (x / width) * 30
      let g = 110 + 90 * (1 - sky)
      let b = 160 - 60 * sky
      for (const s of shapes) {
        const d = Math.hypot(x - s.x, y - s.y) / s.r
        // A disc with a soft 10 % edge, so most edges are smooth and a few are sharp.
        const w = d < 0.9 ? 1 : d < 1 ? (1 - d) * 10 : 0
        if (w > 0) {
          r += (s.colour[0]! - r) * w
          g += (s.colour[1]! - g) * w
          b += (s.colour[2]! - b) * w
        }
      }
      const gray = (r + g + b) / 3
      const i = (y * width + x) * 4
      data[i] = gray + (r - gray) * saturation + texture
      data[i + 1] = gray + (g - gray) * saturation + texture
      data[i + 2] = gray + (b - gray) * saturation + texture
      data[i + 3] = 255
    }
  }
  return data
}

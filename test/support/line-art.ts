// Synthetic pages for the tone and binarization tests: line art drawn at 2.5× and shrunk with the
// engine's own resampler (so edges and thin lines turn gray as in the convert path), continuous
// tone made in code, and the small helpers that measure the results. Pure; runs under workerd.

import { resampleGray } from '../../src/engines/gray/resample'
import { bufferRows } from '../../src/lib/rows'

/** A gray page, row-major. */
export interface Page {
  width: number
  height: number
  pixels: Uint8Array
}

/** Deterministic uniform numbers in [0, 1) (mulberry32). */
export function uniform(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Standard normal deviates (Box–Muller) from a seeded uniform source. */
export function normal(seed: number): () => number {
  const u = uniform(seed)
  return () => Math.sqrt(-2 * Math.log(Math.max(u(), 1e-12))) * Math.cos(2 * Math.PI * u())
}

/** A page from a level function (rounded, clamped). */
export function pageOf(width: number, height: number, at: (x: number, y: number) => number): Page {
  const pixels = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      pixels[y * width + x] = Math.max(0, Math.min(255, Math.round(at(x, y))))
    }
  }
  return { width, height, pixels }
}

/** Adds Gaussian noise of `sigma` levels, in place. */
export function addNoise(page: Page, sigma: number, seed: number): Page {
  const n = normal(seed)
  const p = page.pixels
  for (let i = 0; i < p.length; i++)
    p[i] = Math.max(0, Math.min(255, Math.round(p[i]! + sigma * n())))
  return page
}

/** Resamples a page with the engine's Lanczos-3 stage (as convertImage does). */
export async function resample(page: Page, width: number, height: number): Promise<Page> {
  const out = resampleGray(bufferRows(page.pixels, page.width, page.height, 1), width, height)
  const pixels = new Uint8Array(width * height)
  let y = 0
  for await (const row of out.rows) pixels.set(row, y++ * width)
  return { width, height, pixels }
}

/** Shrinks by `factor` (2.5 turns 2–3 px strokes into ~1 px gray lines). */
export function shrink(page: Page, factor: number): Promise<Page> {
  return resample(page, Math.round(page.width / factor), Math.round(page.height / factor))
}

/** Line art drawn at high resolution: `ink` where `isInk`, else `paper`. */
export function drawing(
  width: number,
  height: number,
  isInk: (x: number, y: number) => boolean,
  paper = 235,
  ink = 20,
): Page {
  return pageOf(width, height, (x, y) => (isInk(x, y) ? ink : paper))
}

/** Thin lines: a frame, horizontals, verticals and diagonals 2–3 px wide. */
export function thinLines(width: number, height: number): Page {
  return drawing(width, height, (x, y) => {
    const frame = x < 3 || y < 3 || x >= width - 3 || y >= height - 3
    const rows = y % 60 < 2
    const columns = x % 75 < 3
    const diagonal = Math.abs(x - y) < 1.5 || Math.abs(x + y - width) < 1.5
    return frame || rows || columns || diagonal
  })
}

/** Text-like strokes: rows of "0"/"8"-like glyphs (rings and bars), strokes 4 px wide. */
export function textStrokes(width: number, height: number): Page {
  return drawing(width, height, (x, y) => {
    const gx = x % 40
    const gy = y % 70
    if (gy < 8 || gy > 62 || gx < 6 || gx > 34) return false
    const ring = Math.abs(Math.hypot((gx - 20) / 14, (gy - 35) / 27) - 0.85) < 0.14
    const bar = gy > 33 && gy < 37 && gx > 8 && gx < 32 && Math.floor(x / 40) % 2 === 0
    return ring || bar
  })
}

/** Stippling: random 2–3 px dots over part of the page, with an outline. */
export function stippling(width: number, height: number, seed: number): Page {
  const u = uniform(seed)
  const dots = new Uint8Array(width * height)
  for (let k = 0; k < (width * height) / 40; k++) {
    const cx = Math.floor(u() * width * 0.6) + Math.floor(width * 0.2)
    const cy = Math.floor(u() * height * 0.6) + Math.floor(height * 0.2)
    const r = 1 + Math.floor(u() * 2)
    for (let y = cy; y < cy + r; y++) for (let x = cx; x < cx + r; x++) dots[y * width + x] = 1
  }
  return drawing(width, height, (x, y) => {
    const outline =
      Math.abs(x - width * 0.15) < 2 ||
      Math.abs(x - width * 0.85) < 2 ||
      Math.abs(y - height * 0.15) < 2 ||
      Math.abs(y - height * 0.85) < 2
    return outline || dots[y * width + x] === 1
  })
}

/** A horizontal and a vertical ramp mixed: every level present. */
export function gradient(width: number, height: number): Page {
  return pageOf(width, height, (x, y) => 20 + (200 * x) / width + (30 * y) / height)
}

/** Smooth noise: a sum of random low-frequency waves. */
export function smoothNoise(width: number, height: number, seed: number): Page {
  const u = uniform(seed)
  const waves = Array.from({ length: 12 }, () => ({
    fx: (u() - 0.5) * 0.05,
    fy: (u() - 0.5) * 0.05,
    phase: u() * 2 * Math.PI,
    amplitude: 10 + 20 * u(),
  }))
  return pageOf(width, height, (x, y) => {
    let v = 128
    for (const w of waves) v += w.amplitude * Math.sin(w.fx * x + w.fy * y + w.phase)
    return v
  })
}

/** A Lambert-shaded sphere filling most of a mid-gray backdrop. */
export function shadedSphere(width: number, height: number): Page {
  const r = Math.min(width, height) * 0.45
  const light = [-0.4, -0.5, 0.77]
  const norm = Math.hypot(light[0]!, light[1]!, light[2]!)
  return pageOf(width, height, (x, y) => {
    const sx = (x - width / 2) / r
    const sy = (y - height / 2) / r
    const d = sx * sx + sy * sy
    if (d >= 1) return 150 - (40 * y) / height
    const nz = Math.sqrt(1 - d)
    const lambert = Math.max(0, (sx * light[0]! + sy * light[1]! + nz * light[2]!) / norm)
    return 25 + 210 * lambert
  })
}

/** Number of 8-connected components of black (0) pixels inside a rectangle. */
export function blackComponents(
  page: Page,
  box = { x: 0, y: 0, width: page.width, height: page.height },
): number {
  const { width } = page
  const seen = new Uint8Array(page.pixels.length)
  let count = 0
  const inside = (x: number, y: number) =>
    x >= box.x && y >= box.y && x < box.x + box.width && y < box.y + box.height
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const i = y * width + x
      if (page.pixels[i] !== 0 || seen[i]) continue
      count++
      const stack = [i]
      seen[i] = 1
      while (stack.length > 0) {
        const j = stack.pop()!
        const jx = j % width
        const jy = (j - jx) / width
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const nx = jx + dx
            const ny = jy + dy
            const k = ny * width + nx
            if (inside(nx, ny) && page.pixels[k] === 0 && !seen[k]) {
              seen[k] = 1
              stack.push(k)
            }
          }
        }
      }
    }
  }
  return count
}

/** Black (0) pixels in a page. */
export function blackCount(pixels: Uint8Array): number {
  let n = 0
  for (let i = 0; i < pixels.length; i++) if (pixels[i] === 0) n++
  return n
}

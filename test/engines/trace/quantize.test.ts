import { describe, expect, it } from 'vitest'
import type { RasterImage } from '../../../src/engines/raster'
import { quantizeColors, TRANSPARENT_INDEX } from '../../../src/engines/trace/quantize'

/** Deterministic uniform numbers in [0, 1) (a linear congruential generator). */
function random(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

/** An RGB image painted by `colour(x, y)` at pixel centres. */
function rgbImage(width: number, height: number, colour: (x: number, y: number) => number[]) {
  const data = new Uint8Array(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(colour(x + 0.5, y + 0.5), 3 * (y * width + x))
  }
  return { width, height, channels: 3 as const, data }
}

/**
 * Gray line art: strokes of the given half-width (px) with a one-pixel anti-aliased edge, on
 * white; a grid of lines plus a circle.
 */
function lineArt(width: number, height: number, halfWidth: number): RasterImage {
  const data = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cx = x + 0.5
      const cy = y + 0.5
      const d = Math.min(
        Math.abs((cx % 40) - 20),
        Math.abs((cy % 30) - 15),
        Math.abs(Math.hypot(cx - width / 2, cy - height / 2) - 50),
      )
      const cover = Math.min(1, Math.max(0, halfWidth + 0.5 - d))
      data[y * width + x] = Math.round(255 * (1 - cover))
    }
  }
  return { width, height, channels: 1, data }
}

describe('quantizeColors', () => {
  it('finds two levels cut at luma 128 when the input is anti-aliased black line art', () => {
    const image = lineArt(200, 150, 1)
    const q = quantizeColors(image, 8)
    expect(q.bilevel).toBe(true)
    expect(q.palette).toHaveLength(2)
    expect(q.palette[0]).toEqual({ r: 0, g: 0, b: 0 })
    for (let i = 0; i < image.data.length; i++) {
      expect(q.indices[i]).toBe(image.data[i]! < 128 ? 0 : 1)
    }
  })

  it('still finds two levels when thin lines are blurred and never reach black', () => {
    const sharp = lineArt(200, 150, 0.6)
    // A 3-tap box blur lifts the ink of 1-px lines to mid-gray.
    const data = sharp.data.map((_, i) => {
      const x = i % 200
      const l = sharp.data[x > 0 ? i - 1 : i]!
      const r = sharp.data[x < 199 ? i + 1 : i]!
      return Math.round((l + sharp.data[i]! + r) / 3)
    })
    const q = quantizeColors({ ...sharp, data }, 8)
    expect(q.bilevel).toBe(true)
    let ink = 0
    for (let i = 0; i < data.length; i++) {
      // Cut at 128; above it, only thin ridges of the lines join the ink (two-levels.ts).
      if (data[i]! < 128) expect(q.indices[i]).toBe(0)
      else if (q.indices[i] === 0) expect(sharp.data[i]).toBeLessThan(255)
      else expect(q.indices[i]).toBe(1)
      ink += data[i]! < 128 ? 1 : 0
    }
    expect(ink).toBeGreaterThan(1000)
  })

  it('keeps a gray fill as its own colour when a drawing has black lines and a flat gray area', () => {
    const image = rgbImage(200, 150, (x, y) => {
      if (Math.abs((x % 50) - 25) < 1.5) return [0, 0, 0]
      if (x > 60 && x < 140 && y > 30 && y < 120) return [150, 150, 150]
      return [255, 255, 255]
    })
    const q = quantizeColors(image, 8)
    expect(q.bilevel).toBe(false)
    expect(q.palette).toEqual(
      expect.arrayContaining([
        { r: 0, g: 0, b: 0 },
        { r: 150, g: 150, b: 150 },
        { r: 255, g: 255, b: 255 },
      ]),
    )
    expect(q.palette).toHaveLength(3)
  })

  it('drops the anti-aliasing blends between two colours when the palette allows more colours', () => {
    // Red disc on blue, with a soft edge two pixels wide: blends of red and blue along the seam.
    const image = rgbImage(160, 160, (x, y) => {
      const t = Math.min(1, Math.max(0, (Math.hypot(x - 80, y - 80) - 48) / 2))
      return [Math.round(230 * (1 - t) + 20 * t), 30, Math.round(40 * (1 - t) + 200 * t)]
    })
    const q = quantizeColors(image, 8)
    expect(q.palette).toHaveLength(2)
    const blue = q.palette.find((c) => c.b > 120)!
    const red = q.palette.find((c) => c.r > 120)!
    expect(Math.abs(blue.r - 20) + Math.abs(blue.b - 200)).toBeLessThanOrEqual(4)
    expect(Math.abs(red.r - 230) + Math.abs(red.b - 40)).toBeLessThanOrEqual(4)
  })

  it('merges a noisy flat colour that k-means would split in two', () => {
    const u = random(7)
    const image = rgbImage(200, 100, (x) => {
      const base = x < 100 ? [90, 160, 220] : [240, 150, 40]
      return base.map((c) => Math.max(0, Math.min(255, Math.round(c + (u() - 0.5) * 40))))
    })
    const q = quantizeColors(image, 8)
    expect(q.palette).toHaveLength(2)
    const blue = q.palette.findIndex((c) => c.b > 150)
    expect(Math.abs(q.palette[blue]!.r - 90)).toBeLessThanOrEqual(4)
    let wrong = 0
    for (let y = 0; y < 100; y++) {
      for (let x = 0; x < 200; x++) if ((q.indices[y * 200 + x] === blue) !== x < 100) wrong++
    }
    expect(wrong).toBe(0)
  })

  it('marks fully transparent pixels transparent and sees half-transparent ones over white', () => {
    const data = new Uint8Array(40 * 40 * 4)
    for (let i = 0; i < 1600; i++) {
      const inside = i % 40 >= 10 && i % 40 < 30
      data.set(inside ? [200, 30, 30, 255] : [0, 0, 0, i % 2 === 0 ? 0 : 127], 4 * i)
    }
    const before = data.slice()
    const q = quantizeColors({ width: 40, height: 40, channels: 4, data }, 8)
    // Black at alpha 127 prints as gray 128; the white of the clear pixels is no colour.
    expect(q.palette).toHaveLength(2)
    const red = q.palette.findIndex((c) => c.r === 200)
    const gray = q.palette.findIndex((c) => c.r === 128 && c.g === 128 && c.b === 128)
    expect(red).toBeGreaterThanOrEqual(0)
    expect(gray).toBeGreaterThanOrEqual(0)
    for (let i = 0; i < 1600; i++) {
      const inside = i % 40 >= 10 && i % 40 < 30
      expect(q.indices[i]).toBe(inside ? red : i % 2 === 0 ? TRANSPARENT_INDEX : gray)
    }
    // The caller's pixels are flattened in a copy unless it hands them over.
    expect(data).toEqual(before)
  })

  it('never exceeds maxColors when the image has many colours', () => {
    const image = rgbImage(120, 120, (x, y) => [Math.floor(x * 2), Math.floor(y * 2), 128])
    const q = quantizeColors(image, 4)
    expect(q.palette.length).toBeLessThanOrEqual(4)
    expect(q.palette.length).toBeGreaterThanOrEqual(2)
    expect(Math.max(...q.indices)).toBeLessThan(q.palette.length)
  })
})

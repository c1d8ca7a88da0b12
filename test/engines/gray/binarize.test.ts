import { describe, expect, it } from 'vitest'
import {
  type BinarizeParams,
  binarizePage,
  chooseThreshold,
} from '../../../src/engines/gray/binarize'
import { pageLevels } from '../../../src/engines/gray/page-levels'
import { classifyTone, pageHistogram } from '../../../src/engines/gray/tone'
import {
  addNoise,
  blackComponents,
  blackCount,
  gradient,
  type Page,
  pageOf,
  shadedSphere,
  uniform,
} from '../../support/line-art'

/** Binarizes a copy with the parameters chosen from its own histogram and tone, as the service does. */
function binarized(page: Page): { out: Page; params: BinarizeParams } {
  const histogram = pageHistogram(page.pixels)
  const params = chooseThreshold(histogram, classifyTone(page.pixels, page, histogram).kind)
  const pixels = page.pixels.slice()
  binarizePage(pixels, page.width, page.height, params)
  return { out: { ...page, pixels }, params }
}

/**
 * The rule of binarize.ts written plainly on a whole-page copy (positions outside the page clamp
 * to the edge): the reference the in-place, row-ring pass must match.
 */
function reference(page: Page, params: BinarizeParams): Uint8Array {
  const { width, height, pixels } = page
  const { low, high, margin } = params
  const at = (x: number, y: number) =>
    pixels[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))]!
  const out = new Uint8Array(pixels.length)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = at(x, y)
      let black = v <= low
      if (!black && v <= high) {
        for (const [dx, dy] of [
          [1, 0],
          [0, 1],
          [1, 1],
          [1, -1],
        ] as const) {
          const side = (s: number) => {
            const near = at(x + s * dx, y + s * dy)
            const far = at(x + 2 * s * dx, y + 2 * s * dy)
            return near - v >= margin || (near >= v && near <= high && far - near >= margin)
          }
          // Not a gap along the line: the neighbours across the flanks' direction both darker.
          const along = (s: number) => {
            const near = at(x - s * dy, y + s * dx)
            const far = at(x - 2 * s * dy, y + 2 * s * dx)
            return v - near >= margin || (near >= v && near > low && near - far >= margin)
          }
          if (side(-1) && side(1) && !(along(-1) && along(1))) black = true
        }
      }
      out[y * width + x] = black ? 0 : 255
    }
  }
  return out
}

/** A white page with a solid black block, so that paper (255) and ink (0) are both known. */
function withInk(width: number, height: number, at: (x: number, y: number) => number): Page {
  return pageOf(width, height, (x, y) => (x < 12 && y < 12 ? 0 : at(x, y)))
}

describe('chooseThreshold', () => {
  it('sets the low cut at the middle of paper and ink and a ridge band above it for line art', () => {
    const page = addNoise(
      withInk(200, 100, (x, y) => (y === 50 || x === 100 ? 180 : 240)),
      2,
      1,
    )
    const params = chooseThreshold(pageHistogram(page.pixels), 'lineart')
    const { paper, ink } = pageLevels(pageHistogram(page.pixels))
    expect(params.low).toBe(Math.floor((paper + ink) / 2))
    expect(params.high).toBeGreaterThan(params.low)
    expect(params.high).toBeLessThan(paper - 8)
    expect(params.margin).toBeGreaterThanOrEqual(1)
  })

  it('uses Otsu with no ridge band when the page is continuous tone', () => {
    for (const page of [gradient(300, 200), shadedSphere(300, 200)]) {
      const histogram = pageHistogram(page.pixels)
      expect(classifyTone(page.pixels, page, histogram).kind).toBe('continuous')
      const params = chooseThreshold(histogram, 'continuous')
      expect(params.low).toBe(pageLevels(histogram).otsu)
      expect(params.high).toBe(params.low)
      const out = page.pixels.slice()
      binarizePage(out, page.width, page.height, params)
      const black = blackCount(out) / out.length
      expect(black).toBeGreaterThan(0.1)
      expect(black).toBeLessThan(0.9)
    }
  })

  it('gives sensible cuts when the histogram is degenerate', () => {
    const cases: [string, Page, (black: number) => boolean][] = [
      ['all white', pageOf(30, 20, () => 255), (b) => b === 0],
      ['all black', pageOf(30, 20, () => 0), (b) => b === 600],
      ['one light gray level', pageOf(30, 20, () => 200), (b) => b === 0],
      ['one dark gray level', pageOf(30, 20, () => 60), (b) => b === 600],
      ['two levels', pageOf(30, 20, (x) => (x < 10 ? 90 : 170)), (b) => b === 200],
      ['uniform', pageOf(256, 4, (x) => x), (b) => Math.abs(b - 512) <= 8],
    ]
    for (const [name, page, expected] of cases) {
      const { out, params } = binarized(page)
      for (const value of [params.low, params.high]) {
        expect(Number.isInteger(value), name).toBe(true)
        expect(value, name).toBeGreaterThanOrEqual(-1)
        expect(value, name).toBeLessThanOrEqual(255)
      }
      expect(expected(blackCount(out.pixels)), `${name}: ${JSON.stringify(params)}`).toBe(true)
    }
    const empty = chooseThreshold(new Uint32Array(256), 'lineart')
    expect(empty.high).toBe(empty.low)
  })
})

describe('binarizePage', () => {
  it('keeps a 1-px gray line (level ~180) on white connected where Otsu breaks it', () => {
    // Levels wander 165–195 along the line, as a resampled thin stroke does with its phase.
    const page = withInk(240, 80, (x, y) =>
      y === 40 && x >= 20 && x < 220 ? 180 + 15 * Math.sin(x / 3) : 255,
    )
    const { out } = binarized(page)
    const line = { x: 20, y: 38, width: 200, height: 5 }
    expect(blackComponents(out, line)).toBe(1)
    for (let x = 20; x < 220; x++) expect(out.pixels[40 * 240 + x]).toBe(0)
    // The neighbours stay white: the line is not thickened.
    for (let x = 20; x < 220; x++) {
      expect(out.pixels[39 * 240 + x]).toBe(255)
      expect(out.pixels[41 * 240 + x]).toBe(255)
    }
    const otsu = pageLevels(pageHistogram(page.pixels)).otsu
    const plain = page.pixels.map((v) => (v <= otsu ? 0 : 255))
    expect(blackComponents({ ...page, pixels: plain }, line)).not.toBe(1)
  })

  it('keeps a gray line straddling two rows and a diagonal gray line connected', () => {
    const page = withInk(200, 120, (x, y) => {
      if ((y === 30 || y === 31) && x >= 20 && x < 180) return 190
      if (x === y + 40 && y >= 50 && y < 110) return 185
      return 250
    })
    const noisy = addNoise(page, 2, 3)
    const { out } = binarized(noisy)
    expect(blackComponents(out, { x: 20, y: 28, width: 160, height: 6 })).toBe(1)
    expect(blackComponents(out, { x: 85, y: 45, width: 70, height: 70 })).toBe(1)
  })

  it('does not thicken a 9-px black bar by more than 1 px each side', () => {
    // Bar columns 40–48 black, edge columns 39 and 49 at partial coverage, noise σ 6.
    const page = addNoise(
      withInk(100, 80, (x) => {
        if (x >= 40 && x <= 48) return 20
        if (x === 39) return 160
        if (x === 49) return 110
        return 235
      }),
      6,
      4,
    )
    const { out } = binarized(page)
    for (let y = 20; y < 80; y++) {
      for (let x = 13; x < 100; x++) {
        const black = out.pixels[y * 100 + x] === 0
        if (x >= 40 && x <= 48) expect(black).toBe(true)
        if (x < 39 || x > 49) expect(black, `x ${x} y ${y}`).toBe(false)
      }
    }
  })

  it('puts no black on flat paper with noise σ 6, beside a drawing or alone', () => {
    const drawing = addNoise(
      pageOf(400, 300, (x, y) => {
        if (x >= 200) return 235
        const line = y % 40 === 0 || x % 50 === 0 ? 170 : 235
        return x > 20 && x < 60 && y > 20 && y < 60 ? 20 : line
      }),
      6,
      5,
    )
    const { out } = binarized(drawing)
    for (let y = 0; y < 300; y++) {
      for (let x = 205; x < 400; x++) expect(out.pixels[y * 400 + x]).toBe(255)
    }
    const blank = binarized(
      addNoise(
        pageOf(400, 300, () => 235),
        6,
        6,
      ),
    ).out
    expect(blackCount(blank.pixels)).toBe(0)
  })

  it('writes only 0 and 255 whatever the page and parameters', () => {
    const u = uniform(7)
    const page = pageOf(97, 61, () => Math.floor(u() * 256))
    for (const params of [
      { low: -1, high: -1, margin: 1 },
      { low: 255, high: 255, margin: 1 },
      { low: 60, high: 200, margin: 3 },
      chooseThreshold(pageHistogram(page.pixels), 'lineart'),
      chooseThreshold(pageHistogram(page.pixels), 'continuous'),
    ]) {
      const out = page.pixels.slice()
      binarizePage(out, page.width, page.height, params)
      expect(out.every((v) => v === 0 || v === 255)).toBe(true)
    }
  })

  it('matches a whole-page reference everywhere, first and last rows and columns included', () => {
    const u = uniform(9)
    const params = { low: 110, high: 200, margin: 12 }
    for (const [width, height] of [
      [64, 48],
      [1, 30],
      [30, 1],
      [2, 2],
      [5, 3],
    ] as const) {
      // Thin gray lines along every border and through the middle, over noisy paper.
      const page = pageOf(width, height, (x, y) => {
        const border = x === 0 || y === 0 || x === width - 1 || y === height - 1
        const middle = x === width >> 1 || y === height >> 1 || x === y
        return (border || middle ? 175 : 238) + (u() - 0.5) * 20
      })
      const out = page.pixels.slice()
      binarizePage(out, width, height, params)
      expect(Array.from(out), `${width}×${height}`).toEqual(Array.from(reference(page, params)))
    }
  })

  it('keeps a vertical gray line black on the first and last rows', () => {
    const page = withInk(40, 30, (x) => (x === 20 ? 185 : 250))
    const { out } = binarized(page)
    for (let y = 0; y < 30; y++) expect(out.pixels[y * 40 + 20], `row ${y}`).toBe(0)
  })

  it('rewrites only its own view when the page is a window of a larger buffer', () => {
    // Memory by construction: the pass works on the caller's bytes (no page copy) and keeps a
    // ring of 3 rows; a view into a larger buffer must come out binarized with its surroundings
    // untouched.
    const width = 50
    const height = 40
    const buffer = new Uint8Array(width * height + 200).fill(123)
    const page = buffer.subarray(100, 100 + width * height)
    const source = withInk(width, height, (x, y) => (x === y ? 180 : 240))
    page.set(source.pixels)
    const params = chooseThreshold(pageHistogram(page), 'lineart')
    binarizePage(page, width, height, params)
    expect(buffer.subarray(0, 100).every((v) => v === 123)).toBe(true)
    expect(buffer.subarray(100 + width * height).every((v) => v === 123)).toBe(true)
    expect(Array.from(page)).toEqual(Array.from(reference(source, params)))
  })

  it('throws when the sizes or parameters are wrong', () => {
    const page = new Uint8Array(12)
    const params = { low: 100, high: 150, margin: 5 }
    expect(() => binarizePage(page, 4, 4, params)).toThrow(RangeError)
    expect(() => binarizePage(page, 0, 12, params)).toThrow(RangeError)
    expect(() => binarizePage(page, 4, 3, { ...params, low: 256 })).toThrow(RangeError)
    expect(() => binarizePage(page, 4, 3, { ...params, high: 1.5 })).toThrow(RangeError)
    expect(() => binarizePage(page, 4, 3, { ...params, margin: 0 })).toThrow(RangeError)
  })
})

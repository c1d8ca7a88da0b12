import { describe, expect, it } from 'vitest'
import { pageLevels } from '../../../src/engines/gray/page-levels'
import {
  classifyTone,
  MAX_BILEVEL_MID_SHARE,
  MAX_LINEART_FLAT_SHARE,
  MAX_NON_PAPER_SHARE,
  MIN_PHOTO_FLAT_SHARE,
  pageHistogram,
  ToneTally,
  toneFeatures,
} from '../../../src/engines/gray/tone'
import {
  addNoise,
  gradient,
  type Page,
  pageOf,
  shadedSphere,
  shrink,
  smoothNoise,
  stippling,
  textStrokes,
  thinLines,
  uniform,
} from '../../support/line-art'

const classify = (page: Page) => classifyTone(page.pixels, page)
const features = (page: Page) => toneFeatures(page.pixels, page.width, page.height)

describe('pageHistogram', () => {
  it('counts every level exactly when given a known page', () => {
    const page = Uint8Array.from([0, 0, 7, 255, 7, 7, 128, 255, 0])
    const h = pageHistogram(page)
    expect(h.length).toBe(256)
    expect(h[0]).toBe(3)
    expect(h[7]).toBe(3)
    expect(h[128]).toBe(1)
    expect(h[255]).toBe(2)
    expect(h.reduce((a, b) => a + b, 0)).toBe(page.length)
  })

  it('matches a per-level count when the page is random', () => {
    const u = uniform(3)
    const page = Uint8Array.from({ length: 10_000 }, () => Math.floor(u() * 256))
    const h = pageHistogram(page)
    for (const level of [0, 1, 100, 200, 255]) {
      expect(h[level]).toBe(page.filter((v) => v === level).length)
    }
    expect(h.reduce((a, b) => a + b, 0)).toBe(page.length)
  })

  it('counts runs of one level and unaligned views exactly (the word-at-a-time path)', () => {
    const u = uniform(5)
    const buffer = new Uint8Array(4103)
    for (let i = 0; i < buffer.length; i++) {
      // Long runs of paper and of one gray, broken by noise, so words flip between the paths.
      buffer[i] = i % 700 < 400 ? 255 : i % 700 < 500 ? 90 : Math.floor(u() * 256)
    }
    for (const offset of [0, 1, 2, 3, 4]) {
      const page = buffer.subarray(offset, buffer.length - (offset % 3))
      const expected = new Uint32Array(256)
      for (const v of page) expected[v]!++
      expect(pageHistogram(page)).toEqual(expected)
    }
  })

  it('returns 256 zero bins when the page is empty', () => {
    const h = pageHistogram(new Uint8Array(0))
    expect(h.length).toBe(256)
    expect(h.every((n) => n === 0)).toBe(true)
  })
})

describe('pageLevels', () => {
  it('finds paper, ink and the Otsu split when the page is two noisy levels', () => {
    const page = addNoise(
      pageOf(200, 200, (x) => (x < 40 ? 30 : 220)),
      4,
      1,
    )
    const levels = pageLevels(pageHistogram(page.pixels))
    expect(Math.abs(levels.paper - 220)).toBeLessThanOrEqual(2)
    expect(Math.abs(levels.ink - 30)).toBeLessThanOrEqual(6)
    expect(levels.otsu).toBeGreaterThan(40)
    expect(levels.otsu).toBeLessThan(210)
    expect(levels.paperNoise).toBeGreaterThan(2)
    expect(levels.paperNoise).toBeLessThan(6)
    expect(levels.separability).toBeGreaterThan(0.95)
  })

  it('rejects a histogram that does not have 256 bins', () => {
    expect(() => pageLevels(new Uint32Array(255))).toThrow(RangeError)
  })
})

describe('classifyTone', () => {
  // Line art drawn at 2.5× and shrunk with the engine's resampler: strokes of 2–4 px become
  // 1–1.6 px with gray edges, as a 600-DPI scan does at the 2K preset.
  it('says line art when thin lines are shrunk 2.5× to gray', async () => {
    const page = addNoise(await shrink(thinLines(1000, 750), 2.5), 3, 2)
    const decision = classify(page)
    expect(decision.kind).toBe('lineart')
    expect(decision.reason).toContain('non-paper')
  })

  it('says line art when text-like strokes are shrunk 2.5×', async () => {
    expect(classify(await shrink(textStrokes(1000, 750), 2.5)).kind).toBe('lineart')
  })

  it('says line art when stippling is shrunk 2.5×', async () => {
    const page = await shrink(stippling(1000, 750, 4), 2.5)
    // The stippled page is rich in mid-tones: it is the paper rule that makes it line art.
    expect(features(page).midTone).toBeGreaterThan(MAX_BILEVEL_MID_SHARE)
    expect(classify(page).kind).toBe('lineart')
  })

  it('says continuous when the page is a gradient', () => {
    expect(classify(gradient(400, 300)).kind).toBe('continuous')
  })

  it('says continuous when the page is smooth noise', () => {
    expect(classify(addNoise(smoothNoise(400, 300, 5), 2, 6)).kind).toBe('continuous')
  })

  it('says continuous when the page is a shaded sphere', () => {
    const decision = classify(shadedSphere(400, 300))
    expect(decision.kind).toBe('continuous')
    expect(decision.reason).toContain('continuous tone')
  })

  it('keeps a margin in smooth gray between the shrunk line art and the continuous pages', async () => {
    const lineArt = [
      await shrink(thinLines(1000, 750), 2.5),
      await shrink(textStrokes(1000, 750), 2.5),
      await shrink(stippling(1000, 750, 4), 2.5),
    ]
    const continuous = [gradient(400, 300), smoothNoise(400, 300, 5), shadedSphere(400, 300)]
    const flat = (p: Page) => features(p).flatMidTone
    expect(Math.max(...lineArt.map(flat))).toBeLessThan(MAX_LINEART_FLAT_SHARE)
    expect(Math.min(...continuous.map(flat))).toBeGreaterThan(2 * MIN_PHOTO_FLAT_SHARE)
  })

  it('says line art when dense text puts over a quarter of the page off paper', async () => {
    const page = await shrink(textStrokes(1000, 750), 2.5)
    expect(features(page).nonPaper).toBeGreaterThan(MAX_NON_PAPER_SHARE)
    const decision = classify(page)
    expect(decision.kind).toBe('lineart')
    expect(decision.reason).toContain('dense line art')
  })

  it('says continuous when a small shaded object sits on a white page', () => {
    // A sphere over ~12 % of the frame: mostly paper, which the histogram alone calls line art.
    const width = 600
    const height = 400
    const r = 90
    const page = pageOf(width, height, (x, y) => {
      const dx = (x - 300) / r
      const dy = (y - 200) / r
      const d = dx * dx + dy * dy
      if (d > 1) return 250
      const z = Math.sqrt(1 - d)
      return 30 + 200 * Math.max(0, -0.5 * dx - 0.5 * dy + 0.7 * z)
    })
    expect(features(page).nonPaper).toBeLessThan(MAX_NON_PAPER_SHARE)
    expect(classify(page).kind).toBe('continuous')
  })

  it('says line art when the page is all white, all black or two levels', () => {
    expect(classify(pageOf(50, 40, () => 255)).kind).toBe('lineart')
    expect(classify(pageOf(50, 40, () => 0)).kind).toBe('lineart')
    // Half and half: far from mostly paper, but already black and white.
    expect(classify(pageOf(50, 40, (x) => (x < 25 ? 40 : 220))).kind).toBe('lineart')
  })

  it('says line art (blank) when the page is paper with noise σ 6', () => {
    const page = addNoise(
      pageOf(300, 200, () => 235),
      6,
      7,
    )
    const decision = classify(page)
    expect(decision.kind).toBe('lineart')
    expect(decision.reason).toContain('blank')
  })

  it('says continuous when every level is equally frequent or a photo is grainy', () => {
    expect(classify(pageOf(256, 64, (x) => x)).kind).toBe('continuous')
    expect(classify(addNoise(smoothNoise(400, 300, 5), 8, 9)).kind).toBe('continuous')
  })

  it('says line art when the page is empty', () => {
    expect(classifyTone(new Uint8Array(0), { width: 0, height: 0 }).kind).toBe('lineart')
  })

  it('throws when the size does not match the page or the histogram', () => {
    const page = new Uint8Array(12)
    expect(() => classifyTone(page, { width: 4, height: 4 })).toThrow(RangeError)
    expect(() => classifyTone(page, { width: 4, height: 3 }, new Uint32Array(10))).toThrow(
      RangeError,
    )
    expect(() => classifyTone(page, { width: 4, height: 3 }, new Uint32Array(256))).toThrow(
      RangeError,
    )
  })
})

describe('ToneTally', () => {
  const tallied = (page: Page, rows = page.height) => {
    const tally = new ToneTally(page.width, page.height)
    // Each row a fresh copy overwritten after the call: the tally must keep what it needs.
    const row = new Uint8Array(page.width)
    for (let y = 0; y < rows; y++) {
      row.set(page.pixels.subarray(y * page.width, (y + 1) * page.width))
      tally.add(row)
      row.fill(7)
    }
    return tally
  }

  it('gives exactly the features of the whole page when its rows come one at a time', async () => {
    const u = uniform(3)
    const pages = [
      await shrink(thinLines(1000, 750), 2.5),
      addNoise(await shrink(textStrokes(900, 700), 1.7), 6, 3),
      await shrink(stippling(800, 600, 5), 2),
      shadedSphere(401, 299),
      gradient(130, 7),
      smoothNoise(203, 150, 4),
      pageOf(97, 61, () => (u() < 0.5 ? 250 : Math.floor(u() * 256))),
      pageOf(3, 3, (x, y) => x * 90 + y),
      pageOf(2, 40, (x, y) => x * 90 + y),
      pageOf(50, 2, (x) => x * 5),
    ]
    for (const page of pages) {
      const tally = tallied(page)
      expect(tally.features(), `${page.width}x${page.height}`).toEqual(features(page))
      expect(tally.histogram).toEqual(pageHistogram(page.pixels))
    }
  })

  it('reads the rows counted so far when the page is not complete', () => {
    const page = shadedSphere(300, 200)
    const top = { width: 300, height: 80, pixels: page.pixels.slice(0, 300 * 80) }
    expect(tallied(page, 80).features()).toEqual(features(top))
  })

  it('refuses a row of the wrong width or one row too many', () => {
    const tally = new ToneTally(4, 1)
    expect(() => tally.add(new Uint8Array(3))).toThrow(RangeError)
    tally.add(new Uint8Array(4))
    expect(() => tally.add(new Uint8Array(4))).toThrow(RangeError)
  })
})

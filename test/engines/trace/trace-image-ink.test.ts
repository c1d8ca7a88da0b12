import { describe, expect, it } from 'vitest'
import type { RasterImage } from '../../../src/engines/raster'
import { traceImageWithStats } from '../../../src/engines/trace'
import type { Rgb } from '../../../src/engines/vector'
import { halfInkNoise } from '../../support/images'
import { paintDrawing } from '../../support/rasterize-vector'
import { inkRecallPrecision, type Rgb3, thinLineCoverage, thinLineImage } from './thin-line-art'

const W = 800
const H = 600

/** traceImageWithStats, which must trace these images whole. */
async function traced(image: RasterImage) {
  const result = await traceImageWithStats(image)
  if (!result.ok) throw new Error(result.message)
  return result
}

const luma = (c: readonly number[]) => 0.299 * c[0]! + 0.587 * c[1]! + 0.114 * c[2]!
const lumaOf = (c: Rgb) => luma([c.r, c.g, c.b])

/** Pixels the drawing paints (over white) at least 40 levels darker than the background. */
function drawnMask(painted: Uint8Array, background: Rgb3 | null): Uint8Array {
  const paper = background ? luma(background) : 255
  const out = new Uint8Array(W * H)
  for (let i = 0; i < out.length; i++) {
    const v = luma([painted[3 * i]!, painted[3 * i + 1]!, painted[3 * i + 2]!])
    out[i] = v < paper - 40 ? 1 : 0
  }
  return out
}

async function traceLines(coverage: Float32Array, image: RasterImage, background: Rgb3 | null) {
  const { drawing, stats } = await traced(image)
  const drawn = drawnMask(paintDrawing(drawing), background)
  return { drawing, stats, ...inkRecallPrecision(coverage, drawn, W, H) }
}

describe('traceImage on thin anti-aliased lines', () => {
  // 1 to 2 px pens at full size; at pen 0.5 the lines never reach half coverage, so a plain cut
  // at half ink (alpha 128, luma 128) keeps nothing of them.
  for (const pen of [1, 0.5]) {
    const coverage = thinLineCoverage(W, H, 1, pen)
    for (const [name, clear] of [
      ['a canvas export (clear pixels black)', [0, 0, 0]],
      ['an export whose clear pixels are white', [255, 255, 255]],
    ] as const) {
      it(`keeps the lines whole with no near-white layer when they lie on transparency, pen × ${pen}, ${name}`, async () => {
        const image = thinLineImage(coverage, W, H, [0, 0, 0], null, clear)
        const { drawing, stats, recall, precision } = await traceLines(coverage, image, null)
        expect(recall).toBeGreaterThanOrEqual(0.95)
        expect(precision).toBeGreaterThanOrEqual(0.95)
        expect(drawing.layers.length).toBeGreaterThan(0)
        for (const layer of drawing.layers) expect(lumaOf(layer.color)).toBeLessThan(160)
        expect(stats.inkDrawn).toBeGreaterThanOrEqual(0.9)
      })
    }
  }

  for (const [name, ink, background] of [
    ['black on white', [0, 0, 0], [255, 255, 255]],
    ['dark gray on white', [64, 64, 64], [255, 255, 255]],
    ['black on light gray', [0, 0, 0], [224, 224, 224]],
    ['dark gray on cream', [64, 64, 64], [255, 243, 200]],
    ['black on light blue', [0, 0, 0], [220, 235, 250]],
  ] as const) {
    it(`keeps 1 px lines whole when they are ${name}, opaque`, async () => {
      const coverage = thinLineCoverage(W, H, 1, 0.5)
      const image = thinLineImage(coverage, W, H, ink, background)
      const { recall, precision, stats } = await traceLines(coverage, image, background)
      expect(recall).toBeGreaterThanOrEqual(0.95)
      expect(precision).toBeGreaterThanOrEqual(0.95)
      expect(stats.inkDrawn).toBeGreaterThanOrEqual(0.9)
    })
  }

  it('traces no white layer for an opaque white page inset in transparency', async () => {
    const coverage = thinLineCoverage(W, H)
    const image = thinLineImage(coverage, W, H, [0, 0, 0], null)
    for (let y = 20; y < H - 20; y++) {
      for (let x = 20; x < W - 20; x++) {
        const p = 4 * (y * W + x)
        const v = 255 - image.data[p + 3]!
        image.data.set([v, v, v, 255], p)
      }
    }
    const { drawing, recall } = await traceLines(coverage, image, null)
    expect(drawing.layers.map((l) => l.color)).toEqual([{ r: 0, g: 0, b: 0 }])
    expect(recall).toBeGreaterThanOrEqual(0.95)
  })

  it('keeps light lines on a dark background and counts them as its ink', async () => {
    const coverage = thinLineCoverage(W, H)
    const image = thinLineImage(coverage, W, H, [255, 255, 255], [20, 30, 90])
    const { drawing, stats } = await traced(image)
    expect(drawing.layers).toHaveLength(2)
    // The navy sheet, then the lines, whose colour is their light core (they never reach white).
    expect(lumaOf(drawing.layers[0]!.color)).toBeLessThan(60)
    expect(lumaOf(drawing.layers[1]!.color)).toBeGreaterThan(200)
    expect(stats.inkDrawn).toBeGreaterThanOrEqual(0.9)
  })
})

describe('traceImageWithStats inkDrawn', () => {
  it('is near 0 when the lines are too faint to tell from the paper', async () => {
    const coverage = thinLineCoverage(W, H).map((c) => 0.1 * c)
    const image = thinLineImage(coverage, W, H, [0, 0, 0], null)
    const { drawing, stats } = await traced(image)
    expect(drawing.layers).toHaveLength(0)
    expect(stats.inkDrawn).toBeLessThan(0.1)
  })

  it('is near 0 when the speckle filter drops a 1 px stipple', async () => {
    const data = new Uint8Array(W * H).fill(255)
    for (let y = 2; y < H - 2; y += 4) for (let x = 2; x < W - 2; x += 4) data[y * W + x] = 0
    const { drawing, stats } = await traced({ width: W, height: H, channels: 1, data })
    expect(drawing.layers).toHaveLength(0)
    expect(stats.inkDrawn).toBeLessThan(0.1)
  })

  it('is 1 for a blank page, white or transparent', async () => {
    const white = { width: 64, height: 48, channels: 1 as const, data: new Uint8Array(64 * 48) }
    white.data.fill(255)
    const clear = { width: 64, height: 48, channels: 4 as const, data: new Uint8Array(64 * 48 * 4) }
    for (const image of [white, clear]) {
      const { drawing, stats } = await traced(image)
      expect(drawing.layers).toHaveLength(0)
      expect(stats.inkDrawn).toBe(1)
    }
  })
})

describe('the segment budget', () => {
  it('stops a texture at the budget with too_detailed, not a partial drawing', async () => {
    const result = await traceImageWithStats(halfInkNoise(300), { maxSegments: 2000 })
    expect(result).toMatchObject({ ok: false, reason: 'too_detailed' })
    if (!result.ok) expect(result.message).toContain('2,000 outline segments')
  })

  it('traces the same texture whole under a budget it fits', async () => {
    const result = await traceImageWithStats(halfInkNoise(300), { maxSegments: 1_000_000 })
    expect(result.ok).toBe(true)
    if (result.ok) {
      let segments = 0
      for (const layer of result.drawing.layers)
        for (const path of layer.paths) segments += path.segments.length
      expect(segments).toBeGreaterThan(2000)
    }
  })
})

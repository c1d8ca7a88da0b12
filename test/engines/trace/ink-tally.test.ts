// The ink tally's word-at-a-time pass over white paper (ink-kept.ts) counts what the pixel-by-pixel
// pass counts: a gray page at every byte offset against the same page with an opaque alpha channel
// (which goes pixel by pixel), on white paper with anti-aliased strokes, faint marks and specks.
import { describe, expect, it } from 'vitest'
import type { RasterImage } from '../../../src/engines/raster'
import { tallyInk } from '../../../src/engines/trace/ink-kept'
import { planLayers } from '../../../src/engines/trace/layers'
import { quantizeColors } from '../../../src/engines/trace/quantize'
import { uniform } from '../../support/line-art'

/** A gray page: white paper, dark strokes with gray edges, faint marks a trace may give to paper. */
function grayPage(seed: number, width: number, height: number): Uint8Array {
  const u = uniform(seed)
  const page = new Uint8Array(width * height).fill(255)
  for (let k = 0; k < 60; k++) {
    const x = Math.floor(u() * width)
    const y = Math.floor(u() * height)
    const horizontal = u() < 0.5
    const level = u() < 0.7 ? 0 : Math.floor(90 + u() * 120)
    for (let t = 0; t < 5 + u() * 40; t++) {
      const px = horizontal ? x + t : x
      const py = horizontal ? y : y + t
      if (px >= width || py >= height) break
      page[py * width + px] = level
      // A lighter edge beside the stroke.
      const ex = horizontal ? px : px + 1
      const ey = horizontal ? py + 1 : py
      if (ex < width && ey < height) page[ey * width + ex] = Math.max(level, 150)
    }
  }
  return page
}

function tallyOf(image: RasterImage) {
  const q = quantizeColors(image, 8, false)
  return tallyInk(q.flattened, q, planLayers(q))
}

describe('tallyInk', () => {
  it('counts the same ink and kept ink word by word as pixel by pixel, at any byte offset', () => {
    for (const [width, height] of [
      [61, 47],
      [64, 40],
      [7, 5],
    ] as const) {
      const page = grayPage(width, width, height)
      const withAlpha = new Uint8Array(2 * page.length)
      for (let i = 0; i < page.length; i++) {
        withAlpha[2 * i] = page[i]!
        withAlpha[2 * i + 1] = 255
      }
      const plain = tallyOf({ width, height, channels: 2, data: withAlpha })
      expect(plain.ink).toBeGreaterThan(0)
      for (let offset = 0; offset < 4; offset++) {
        const buffer = new Uint8Array(page.length + 4)
        const data = buffer.subarray(offset, offset + page.length)
        data.set(page)
        expect(tallyOf({ width, height, channels: 1, data })).toEqual(plain)
      }
    }
  })
})

import { describe, expect, it } from 'vitest'
import { traceImage } from '../../../src/engines/trace'
import { buildLayerMask, SEAM_OVERLAP_PX } from '../../../src/engines/trace/layer-mask'
import { ALL_OPAQUE, planLayers, RANK_UNTRACED } from '../../../src/engines/trace/layers'
import { createPaddedMask, INK, SEED } from '../../../src/engines/trace/padded-mask'
import { type Quantized, quantizeColors } from '../../../src/engines/trace/quantize'
import { rasterizeLayer } from '../../support/rasterize-vector'

/** An RGB image painted by `colour(x, y)` at pixel centres. */
function rgbImage(width: number, height: number, colour: (x: number, y: number) => number[]) {
  const data = new Uint8Array(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(colour(x + 0.5, y + 0.5), 3 * (y * width + x))
  }
  return { width, height, channels: 3 as const, data }
}

const WHITE = [255, 255, 255]
const YELLOW = [250, 220, 40]
const BLUE = [30, 60, 200]
const RED = [220, 40, 30]

/** The palette index of an RGB colour. */
function indexOf(q: Quantized, c: number[]): number {
  return q.palette.findIndex((p) => p.r === c[0] && p.g === c[1] && p.b === c[2])
}

/** The mask bits of pixel (x, y). */
function bits(mask: ReturnType<typeof createPaddedMask>, x: number, y: number): number {
  return mask.data[(y + 1) * mask.stride + x + 1]!
}

describe('planLayers', () => {
  it('leaves a white background out and stacks the other colours largest first', () => {
    const q = quantizeColors(
      rgbImage(100, 80, (x, y) =>
        x > 10 && x < 90 && y > 10 && y < 70 ? (x > 40 && x < 60 ? RED : BLUE) : WHITE,
      ),
      8,
    )
    const { layers, rankOf } = planLayers(q)
    expect(layers.map((l) => l.color)).toEqual([
      { r: 30, g: 60, b: 200 },
      { r: 220, g: 40, b: 30 },
    ])
    expect(layers.map((l) => l.rank)).toEqual([0, 1])
    expect(rankOf[indexOf(q, WHITE)]).toBe(RANK_UNTRACED)
  })

  it('puts a coloured background at the bottom as a layer over every opaque pixel', () => {
    const image = rgbImage(60, 60, (x, y) => (Math.hypot(x - 30, y - 30) < 15 ? BLUE : YELLOW))
    const q = quantizeColors(image, 8)
    const stack = planLayers(q)
    expect(stack.layers[0]).toMatchObject({ index: ALL_OPAQUE, color: { r: 250, g: 220, b: 40 } })
    const mask = createPaddedMask(60, 60)
    buildLayerMask(q, stack, stack.layers[0]!, mask)
    for (let y = 0; y < 60; y++)
      for (let x = 0; x < 60; x++) expect(bits(mask, x, y) & INK).toBe(INK)
  })
})

describe('buildLayerMask', () => {
  it('reaches 2 px under the colour above it along a seam, and not under distant regions', () => {
    // Blue on the left, red on the right, white around; a red island far from the blue.
    const image = rgbImage(120, 60, (x, y) => {
      if (x > 100 && x < 110 && y > 20 && y < 30) return RED
      if (y < 10 || y > 50 || x < 10 || x > 90) return WHITE
      return x < 60 ? BLUE : RED
    })
    const q = quantizeColors(image, 8)
    const stack = planLayers(q)
    const blue = stack.layers.find((l) => l.color.b === 200)!
    expect(blue.rank).toBe(0)
    const mask = createPaddedMask(120, 60)
    expect(buildLayerMask(q, stack, blue, mask)).toBe(true)
    // Along the seam the blue mask covers the first SEAM_OVERLAP_PX red columns, not the next.
    expect(bits(mask, 60 + SEAM_OVERLAP_PX - 1, 30) & INK).toBe(INK)
    expect(bits(mask, 60 + SEAM_OVERLAP_PX, 30) & INK).toBe(0)
    expect(bits(mask, 105, 25) & INK).toBe(0)
    // White is below every layer: a hole over it must stay open.
    expect(bits(mask, 5, 5) & SEED).toBe(SEED)
  })

  it('fills a hole that shows only an upper colour, and keeps one that shows the paper', async () => {
    // A blue square with a big red square inside (a hole of blue showing only red), and a white
    // square inside (a hole showing the paper).
    const image = rgbImage(140, 80, (x, y) => {
      if (x < 10 || x > 130 || y < 10 || y > 70) return WHITE
      if (x > 20 && x < 60 && y > 20 && y < 60) return RED
      if (x > 80 && x < 120 && y > 20 && y < 60) return WHITE
      return BLUE
    })
    const drawing = await traceImage(image)
    const blue = drawing.layers.find((l) => l.color.b === 200)!
    expect(blue.paths).toHaveLength(2)
    const covered = rasterizeLayer(blue, 140, 80)
    expect(covered[40 * 140 + 40]).toBe(1)
    expect(covered[40 * 140 + 100]).toBe(0)
  })
})

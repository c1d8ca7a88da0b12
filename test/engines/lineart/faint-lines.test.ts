// The lineart threshold on gray drawings (a reduced, anti-aliased sheet): a faint shading line
// or a fine texture lighter than a third of the contrast is a tone, not a stroke to draw in black;
// a thin line darker than that, and a small faint dot in company, are strokes and dots.

import { describe, expect, it } from 'vitest'
import { traceLineart } from '../../../src/engines/lineart'
import { thresholdInk } from '../../../src/engines/lineart/threshold'
import type { GrayImage } from '../../../src/engines/raster'
import type { StrokeLayer, VectorDrawing } from '../../../src/engines/vector'
import { canvas, segment } from './shapes'

/** Sets the pixels of a one-pixel row y from x0 to x1 (exclusive) to `level`. */
function row(image: GrayImage, y: number, x0: number, x1: number, level: number): void {
  image.data.fill(level, y * image.width + x0, y * image.width + x1)
}

/** Share of the samples along y = yc, x0…x1 that lie within 2 px of a drawn path point. */
function drawnAlong(drawing: VectorDrawing, yc: number, x0: number, x1: number): number {
  const points = drawing.layers.flatMap((layer) =>
    (layer as StrokeLayer).paths.flatMap((p) => [p.start, ...p.segments.map((s) => s.to)]),
  )
  // Paths are fitted lines: sample their segments densely.
  const samples: { x: number; y: number }[] = []
  for (const layer of drawing.layers) {
    for (const path of (layer as StrokeLayer).paths) {
      let a = path.start
      samples.push(a)
      for (const s of path.segments) {
        const n = Math.max(1, Math.ceil(Math.hypot(s.to.x - a.x, s.to.y - a.y)))
        for (let k = 1; k <= n; k++)
          samples.push({ x: a.x + ((s.to.x - a.x) * k) / n, y: a.y + ((s.to.y - a.y) * k) / n })
        a = s.to
      }
    }
  }
  expect(points.length).toBeGreaterThan(0)
  let near = 0
  let all = 0
  for (let x = x0; x <= x1; x += 2) {
    all++
    if (samples.some((p) => Math.abs(p.x - x) <= 2 && Math.abs(p.y - yc) <= 2)) near++
  }
  return near / all
}

/**
 * A reduced sheet: a dark outline, a gray line (level 150: 40 % of the contrast), a faint
 * shading line (level 200: 22 %) and a row of faint 2 × 2 dots (level 195), all on white.
 */
function reducedSheet(): GrayImage {
  const image = canvas(240, 200)
  segment(image, 10, 10, 230, 10, 2)
  segment(image, 10, 190, 230, 190, 2)
  segment(image, 10, 10, 10, 190, 2)
  segment(image, 230, 10, 230, 190, 2)
  row(image, 40, 30, 210, 150)
  row(image, 70, 30, 210, 200)
  for (let x = 130; x < 210; x += 8) {
    row(image, 150, x, x + 2, 195)
    row(image, 151, x, x + 2, 195)
  }
  return image
}

describe('lineart on a gray, reduced drawing', () => {
  it('draws the gray line and leaves out the faint shading line', async () => {
    const { drawing } = await traceLineart(reducedSheet())
    expect(drawnAlong(drawing, 40, 34, 206)).toBeGreaterThan(0.95)
    expect(drawnAlong(drawing, 70, 34, 206)).toBe(0)
  })

  it('keeps faint dots in a row as dots', () => {
    const mask = thresholdInk(reducedSheet())
    let dots = 0
    for (let x = 130; x < 210; x += 8) {
      const i = (150 + 1) * mask.stride + x + 1
      if (mask.data[i] || mask.data[i + 1] || mask.data[i + mask.stride]) dots++
    }
    expect(dots).toBe(10)
  })

  it('draws a line whose darkness wavers as one stroke, never as dashes', async () => {
    // A thin line reduced at a sub-pixel offset: darker and fainter stretches alternate. Solid
    // drawn as dashed would read as a hidden or broken line.
    const image = reducedSheet()
    for (let x = 30; x < 210; x += 24) {
      row(image, 100, x, x + 6, 150)
      row(image, 100, x + 6, x + 24, 200)
    }
    const { drawing } = await traceLineart(image)
    expect(drawnAlong(drawing, 100, 34, 206)).toBeGreaterThan(0.95)
  })
})

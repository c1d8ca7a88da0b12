// The drawing's pen, read from the ink mask before the despeckle: the width of its strokes at any
// slant, not moved by noise specks or stipple, and what it lets the despeckle keep (a 1 px
// drawing's 1 px dots) and still remove (a scan's specks beside 4 px strokes).

import { describe, expect, it } from 'vitest'
import { traceLineart } from '../../../src/engines/lineart'
import { penWidth } from '../../../src/engines/lineart/pen-width'
import { thresholdInk } from '../../../src/engines/lineart/threshold'
import type { GrayImage } from '../../../src/engines/raster'
import { block, canvas, circle, segment } from './shapes'

/** A deterministic generator in [0, 1). */
function random(seed: number): () => number {
  let s = seed
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff
    return s / 0x80000000
  }
}

/** Lines at 0°, 20°, 45°, 70° and 90°, and a circle, all `width` px wide. */
function strokes(width: number): GrayImage {
  const image = canvas(420, 320)
  for (const [k, angle] of [0, 20, 45, 70, 90].entries()) {
    const a = (angle * Math.PI) / 180
    const x = 30 + 70 * k
    segment(image, x, 40, x + 120 * Math.cos(a) * 0.5, 40 + 120 * Math.sin(a), width)
  }
  circle(image, 300, 230, 60, width)
  return image
}

const dots = (drawing: { layers: { paths: { segments: unknown[] }[] }[] }) =>
  drawing.layers.flatMap((l) => l.paths).filter((p) => p.segments.length === 0).length

describe('lineart pen width', () => {
  it('reads the stroke width at every slant, within a pixel', () => {
    for (const width of [1, 2, 3, 4, 6, 9]) {
      const pen = penWidth(thresholdInk(strokes(width)))
      expect(Math.abs(pen - width), `width ${width}: pen ${pen}`).toBeLessThanOrEqual(1)
    }
  })

  it('is not moved by noise specks or stipple beside the strokes', () => {
    const image = strokes(4)
    const u = random(3)
    for (let k = 0; k < 400; k++) {
      const x = Math.floor(u() * 400)
      const y = 120 + Math.floor(u() * 180)
      block(image, x, y, x + 1 + Math.floor(u() * 2), y + 1)
    }
    expect(penWidth(thresholdInk(image))).toBe(4)
  })

  it('is 0 for a blank page and for solid ink', () => {
    expect(penWidth(thresholdInk(canvas(64, 48)))).toBe(0)
    const solid = canvas(200, 150)
    block(solid, 20, 20, 180, 130)
    expect(penWidth(thresholdInk(solid))).toBe(0)
  })

  it('keeps a 1 px drawing’s 1 px stipple dots, and removes 1 px specks beside 4 px strokes', async () => {
    // A figure copied from a screen: 1 px lines, a patch of 1 px stipple.
    const thin = canvas(300, 200)
    for (let k = 0; k < 4; k++) segment(thin, 20, 20 + 12 * k, 280, 30 + 12 * k, 1)
    const u = random(9)
    const placed: [number, number][] = []
    while (placed.length < 120) {
      const x = 40 + Math.floor(u() * 220)
      const y = 100 + Math.floor(u() * 80)
      if (placed.some(([a, b]) => Math.abs(a - x) < 4 && Math.abs(b - y) < 4)) continue
      placed.push([x, y])
      thin.data[y * 300 + x] = 0
    }
    const kept = await traceLineart(thin)
    expect(kept.stats.specks).toBe(0)
    expect(dots(kept.drawing)).toBeGreaterThanOrEqual(110)
    // The same dots beside 4 px strokes are specks: the pixel despeckle takes them.
    const bold = canvas(300, 200)
    for (let k = 0; k < 4; k++) segment(bold, 20, 20 + 12 * k, 280, 30 + 12 * k, 4)
    for (const [x, y] of placed) bold.data[y * 300 + x] = 0
    const removed = await traceLineart(bold)
    expect(removed.stats.specks).toBe(placed.length)
    expect(dots(removed.drawing)).toBe(0)
  })
})

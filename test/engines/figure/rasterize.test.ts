// The figures' SVG rasterizer (src/engines/figure/rasterize.ts) in workerd with the module and font
// the Worker bundles: the long edge lands where asked (landscape and portrait), the page is white,
// strokes are black, one gray channel comes out, and text is set in the bundled DejaVu Sans (the
// same SVG without its text leaves the text box blank, so the glyphs are the font's doing).

import { describe, expect, it } from 'vitest'
import {
  FIGURE_FONT_FAMILY,
  type GrayRaster,
  rasterizeSvg,
} from '../../../src/engines/figure/rasterize'
import { WORKERD_KERNELS } from '../../../src/kernels/workerd'

/** A block of a block diagram: a box with a name, 400 × 300 units. */
function blockSvg(text: string | null, width = 400, height = 300): string {
  const label =
    text === null
      ? ''
      : `<text x="200" y="160" font-family="${FIGURE_FONT_FAMILY}" font-size="24" text-anchor="middle">${text}</text>`
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 300">` +
    `<rect x="50" y="100" width="300" height="100" fill="none" stroke="black" stroke-width="4"/>` +
    `${label}</svg>`
  )
}

/** Pixels darker than mid-gray inside a box of the raster (in raster pixels). */
function inkIn(r: GrayRaster, x0: number, y0: number, x1: number, y1: number): number {
  let count = 0
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) if (r.data[y * r.width + x]! < 128) count++
  }
  return count
}

describe('figure/rasterize', () => {
  it('renders to the asked long edge over white, with black strokes, one gray channel', async () => {
    const r = await rasterizeSvg(blockSvg('PROCESSOR'), 2048, WORKERD_KERNELS.svg)
    expect([r.width, r.height]).toEqual([2048, 1536])
    expect(r.data.length).toBe(2048 * 1536)
    expect(r.data[0]).toBe(255)
    expect(r.data[r.data.length - 1]).toBe(255)
    // The box's top edge: 4 units = 20 px of black at y = 100 units = 512 px.
    const s = 2048 / 400
    expect(r.data[Math.round(100 * s) * r.width + Math.round(200 * s)]).toBe(0)
    // Inside the box away from the text: white.
    expect(
      inkIn(r, Math.round(60 * s), Math.round(110 * s), Math.round(100 * s), Math.round(130 * s)),
    ).toBe(0)
  })

  it('sets text in the bundled font: the text box is inked, and blank without the text', async () => {
    const s = 2048 / 400
    const box = [120 * s, 135 * s, 280 * s, 170 * s].map(Math.round) as [
      number,
      number,
      number,
      number,
    ]
    const withText = await rasterizeSvg(blockSvg('PROCESSOR'), 2048, WORKERD_KERNELS.svg)
    const without = await rasterizeSvg(blockSvg(null), 2048, WORKERD_KERNELS.svg)
    expect(inkIn(without, ...box)).toBe(0)
    // 9 capitals at 24 units (123 px) high: thousands of inked pixels.
    expect(inkIn(withText, ...box)).toBeGreaterThan(5000)
  })

  it('fits a portrait figure by its height', async () => {
    const r = await rasterizeSvg(
      blockSvg('MEMORY', 300, 400).replace('0 0 400 300', '0 0 300 400'),
      1000,
      WORKERD_KERNELS.svg,
    )
    expect([r.width, r.height]).toEqual([750, 1000])
  })

  it('refuses an SVG it cannot read, and a bad size, with an Error', async () => {
    await expect(rasterizeSvg('<svg', 100, WORKERD_KERNELS.svg)).rejects.toThrow()
    await expect(rasterizeSvg(blockSvg('X'), 0, WORKERD_KERNELS.svg)).rejects.toThrow(
      /positive integer long edge/,
    )
  })
})

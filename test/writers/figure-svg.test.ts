// The figure SVG writer (src/writers/figure-svg.ts) and the outlined SVG /figures serves
// (rasterize.ts outlineText): one stroked path for every line, filled paths only for arrowheads
// and glyphs, the size in inches at 300 DPI, and no <text>, script or reference once outlined.

import { beforeAll, describe, expect, it } from 'vitest'
import { FIGURE_FONT_FAMILY, outlineText, rasterizeSvg } from '../../src/engines/figure/rasterize'
import type { Scene } from '../../src/engines/figure/scene'
import { writeFigureSvg } from '../../src/writers/figure-svg'
import { installFigureFont } from '../support/figures'
import { psnr } from '../support/pixels'

const SCENE: Scene = {
  width: 1600,
  height: 1000,
  pen: 4,
  strokes: [
    {
      start: { x: 200, y: 200 },
      segments: [
        { kind: 'line', to: { x: 800, y: 200 } },
        { kind: 'arc', to: { x: 800, y: 400 }, bulge: -1 },
        { kind: 'line', to: { x: 200, y: 400 } },
        { kind: 'line', to: { x: 200, y: 200 } },
      ],
      closed: true,
    },
    {
      start: { x: 500, y: 400 },
      segments: [{ kind: 'line', to: { x: 500, y: 670 } }],
      closed: false,
    },
  ],
  leads: [],
  arrowheads: [{ tip: { x: 500, y: 700 }, direction: { x: 0, y: 1 } }],
  texts: [
    {
      text: 'A & B <C>',
      x: 500,
      y: 320,
      size: 54,
      anchor: 'middle',
      role: 'label',
      box: { x: 350, y: 280, width: 300, height: 54 },
    },
  ],
}

describe('writeFigureSvg', () => {
  beforeAll(() => installFigureFont())

  it('writes one stroked path, one filled arrowhead path and escaped text, sized in inches', () => {
    const svg = writeFigureSvg(SCENE, { fontFamily: FIGURE_FONT_FAMILY })
    expect(svg).toContain('width="6.8267in" height="4.2667in" viewBox="0 0 1600 1000"')
    expect(svg.match(/<path fill="none" stroke="#000000" stroke-width="4"/g)).toHaveLength(1)
    expect(svg.match(/<path fill="#000000" stroke="none"/g)).toHaveLength(1)
    expect(svg).toContain('A')
    expect(svg).toContain('&#38; B &#60;C&#62;')
    // A half circle (bulge -1) over a 200-unit chord: radius 100, clockwise on screen.
    expect(svg).toMatch(/A100 100 0 0 1 800 400/)
  })

  it('outlines the text so the SVG needs no font, and draws the same picture', async () => {
    const svg = writeFigureSvg(SCENE, { fontFamily: FIGURE_FONT_FAMILY })
    const outlined = await outlineText(svg)
    expect(outlined).not.toMatch(/<text|<script|href=|<style|<image/)
    expect(outlined).toMatch(/^<\?xml[^>]*>\n<svg width="6.8267in" height="4.2667in"/)
    expect(outlined).toContain('viewBox="0 0 1600 1000"')
    const before = await rasterizeSvg(svg, 1600)
    const after = await rasterizeSvg(outlined, 1600)
    expect(psnr(before.data, after.data)).toBeGreaterThan(40)
    // The glyphs are really there: some ink inside the label's box.
    let ink = 0
    for (let y = 280; y < 334; y++) {
      for (let x = 350; x < 650; x++) if (after.data[y * 1600 + x]! < 128) ink++
    }
    expect(ink).toBeGreaterThan(500)
  })
})

// The figure checker (src/engines/figure/check.ts) on figures rendered by resvg with the bundled
// font: a clean block passes; shading, ink in the margin, mixed line widths, small numerals and
// overlapping labels are each caught and named.

import { describe, expect, it } from 'vitest'
import { checkFigure } from '../../../src/engines/figure/check'
import { FIGURE_FONT_FAMILY, rasterizeSvg } from '../../../src/engines/figure/rasterize'
import { WORKERD_KERNELS } from '../../../src/kernels/workerd'

/** 400 × 300 units rendered at 1024 px wide: 2.56 px per unit. */
const SCALE = 1024 / 400
const px = (units: number) => Math.round(units * SCALE)

function figure(extra: string, stroke = 1.5): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">` +
    `<rect x="100" y="100" width="200" height="80" fill="none" stroke="black" stroke-width="${stroke}"/>` +
    `<path d="M200 180 V240 H120" fill="none" stroke="black" stroke-width="${stroke}"/>` +
    `<text x="200" y="146" font-family="${FIGURE_FONT_FAMILY}" font-size="16" text-anchor="middle">PROCESSOR</text>` +
    `${extra}</svg>`
  )
}

/** Where the label is drawn (generous): the renderer reports these boxes. */
const LABEL = { x: px(140), y: px(128), width: px(120), height: px(24) }

describe('figure/check', () => {
  it('passes a clean black-on-white figure, measuring its line width', async () => {
    const result = checkFigure(await rasterizeSvg(figure(''), 1024, WORKERD_KERNELS.svg), {
      marginPx: 40,
      texts: [LABEL],
    })
    expect(result.problems).toEqual([])
    expect(result.ok).toBe(true)
    // 1.5 units at 2.56 px per unit: lines 3 to 5 px wide once anti-aliased.
    expect(result.strokeWidth.p50).toBeGreaterThanOrEqual(3)
    expect(result.strokeWidth.p50).toBeLessThanOrEqual(5)
  })

  it('names a gray fill', async () => {
    const shaded = figure('<rect x="20" y="20" width="60" height="40" fill="#888"/>')
    const result = checkFigure(await rasterizeSvg(shaded, 1024, WORKERD_KERNELS.svg), {
      marginPx: 20,
      texts: [LABEL],
    })
    expect(result.ok).toBe(false)
    expect(result.problems.join()).toMatch(/Gray fill or shading/)
  })

  it('names ink in the margin', async () => {
    const edge = figure('<path d="M2 150 H60" stroke="black" stroke-width="1.5"/>')
    const result = checkFigure(await rasterizeSvg(edge, 1024, WORKERD_KERNELS.svg), {
      marginPx: 40,
      texts: [LABEL],
    })
    expect(result.problems.join()).toMatch(/Ink in the 40 px margin/)
  })

  it('names lines of mixed widths', async () => {
    const mixed = figure(
      '<path d="M100 60 H300 M100 270 H300" fill="none" stroke="black" stroke-width="6"/>',
    )
    const result = checkFigure(await rasterizeSvg(mixed, 1024, WORKERD_KERNELS.svg), {
      marginPx: 40,
      texts: [LABEL],
    })
    expect(result.problems.join()).toMatch(/not uniformly thick/)
  })

  it('names small numerals and labels that overlap', async () => {
    const raster = await rasterizeSvg(figure(''), 1024, WORKERD_KERNELS.svg)
    const result = checkFigure(raster, {
      marginPx: 40,
      texts: [LABEL],
      numerals: [{ x: LABEL.x + 10, y: LABEL.y + 5, width: 40, height: 20 }],
      minNumeralPx: 38,
    })
    expect(result.problems.join('\n')).toMatch(/20 px high, under 38/)
    expect(result.problems.join('\n')).toMatch(/overlaps/)
  })
})

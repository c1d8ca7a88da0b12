// The figure SVG writer (src/writers/figure-svg.ts) and the outlined SVG /figures serves
// (rasterize.ts outlineText): one stroked path for every line, filled paths only for arrowheads
// and glyphs, the size in inches at 300 DPI, and no <text>, script or reference once outlined;
// grouped marks in one <g id> per group, which outlining keeps and labelGroups names.

import { describe, expect, it } from 'vitest'
import { FIGURE_FONT_FAMILY, outlineText, rasterizeSvg } from '../../src/engines/figure/rasterize'
import type { Scene } from '../../src/engines/figure/scene'
import { WORKERD_KERNELS } from '../../src/kernels/workerd'
import { labelGroups, writeFigureSvg } from '../../src/writers/figure-svg'
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
    const outlined = await outlineText(svg, WORKERD_KERNELS.svg)
    expect(outlined).not.toMatch(/<text|<script|href=|<style|<image/)
    expect(outlined).toMatch(/^<\?xml[^>]*>\n<svg width="6.8267in" height="4.2667in"/)
    expect(outlined).toContain('viewBox="0 0 1600 1000"')
    const before = await rasterizeSvg(svg, 1600, WORKERD_KERNELS.svg)
    const after = await rasterizeSvg(outlined, 1600, WORKERD_KERNELS.svg)
    expect(psnr(before.data, after.data)).toBeGreaterThan(40)
    // The glyphs are really there: some ink inside the label's box.
    let ink = 0
    for (let y = 280; y < 334; y++) {
      for (let x = 350; x < 650; x++) if (after.data[y * 1600 + x]! < 128) ink++
    }
    expect(ink).toBeGreaterThan(500)
  })
})

/** A box with its label and numeral, and an arrow from it, each in its group. */
const GROUPED: Scene = {
  ...SCENE,
  strokes: SCENE.strokes.map((s, i) => ({ ...s, group: i === 0 ? 'el-p' : 'cn-0' })),
  arrowheads: SCENE.arrowheads.map((h) => ({ ...h, group: 'cn-0' })),
  texts: [
    { ...SCENE.texts[0]!, text: 'PROCESSOR', group: 'el-p' },
    {
      text: '102',
      x: 850,
      y: 320,
      size: 54,
      anchor: 'start',
      role: 'numeral',
      box: { x: 850, y: 280, width: 100, height: 40 },
      group: 'el-p',
    },
    {
      text: 'FIG. 1',
      x: 800,
      y: 900,
      size: 70,
      anchor: 'middle',
      role: 'legend',
      box: { x: 700, y: 849, width: 200, height: 51 },
      group: 'legend',
    },
  ],
}

/** The body of `<g id="...">` in `svg` (groups in our output do not nest another with an id). */
function groupBody(svg: string, id: string): string {
  const start = svg.indexOf(`<g id="${id}"`)
  expect(start).toBeGreaterThanOrEqual(0)
  let depth = 0
  const tags = /<g\b[^>]*?(\/?)>|<\/g>/g
  tags.lastIndex = start
  for (let m = tags.exec(svg); m; m = tags.exec(svg)) {
    if (m[0] === '</g>') depth--
    else if (!m[1]) depth++
    if (depth === 0) return svg.slice(start, m.index)
  }
  throw new Error(`unclosed group ${id}`)
}

describe('writeFigureSvg groups', () => {
  it('writes each group once, with its own lines, arrowheads and texts', () => {
    const svg = writeFigureSvg(GROUPED, { fontFamily: FIGURE_FONT_FAMILY })
    expect(svg.match(/<g id="/g)).toHaveLength(3)
    const element = groupBody(svg, 'el-p')
    expect(element).toContain('>PROCESSOR</text>')
    expect(element).toContain('>102</text>')
    expect(element.match(/<path fill="none"/g)).toHaveLength(1)
    expect(element).not.toContain('fill="#000000" stroke="none"')
    const connection = groupBody(svg, 'cn-0')
    expect(connection).toContain('M500 400L500 670')
    expect(connection.match(/<path fill="#000000" stroke="none"/g)).toHaveLength(1)
    expect(groupBody(svg, 'legend')).toContain('>FIG. 1</text>')
  })

  it('keeps the group ids through outlining, and labelGroups names them escaped', async () => {
    const outlined = await outlineText(
      writeFigureSvg(GROUPED, { fontFamily: FIGURE_FONT_FAMILY }),
      WORKERD_KERNELS.svg,
    )
    expect(outlined).not.toMatch(/<text/)
    for (const id of ['el-p', 'cn-0', 'legend']) expect(outlined).toContain(`<g id="${id}"`)
    const titles = new Map([
      ['el-p', 'PROCESSOR 102'],
      ['cn-0', 'PROCESSOR → "MEMORY" & <BUS>'],
      ['el-absent', 'NOT DRAWN'],
    ])
    const named = labelGroups(outlined, titles)
    expect(named).toContain('<g id="el-p" aria-label="PROCESSOR 102"><title>PROCESSOR 102</title>')
    expect(named).toContain(
      '<g id="cn-0" aria-label="PROCESSOR → &#34;MEMORY&#34; &#38; &#60;BUS&#62;"><title>PROCESSOR → &#34;MEMORY&#34; &#38; &#60;BUS&#62;</title>',
    )
    // A group without a title, and groups without an id, are left as they were.
    expect(groupBody(named, 'legend')).toBe(groupBody(outlined, 'legend'))
    expect(named).not.toContain('NOT DRAWN')
    expect(named.replace(/ aria-label="[^"]*"><title>[^<]*<\/title>/g, '>')).toBe(outlined)
    // Still a drawing resvg reads, and draws the same.
    const [before, after] = [
      await rasterizeSvg(outlined, 800, WORKERD_KERNELS.svg),
      await rasterizeSvg(named, 800, WORKERD_KERNELS.svg),
    ]
    expect(psnr(before.data, after.data)).toBeGreaterThan(60)
  })

  it('names an empty group written as <g id="..."/>', () => {
    const named = labelGroups('<svg><g id="cn-3"/></svg>', new Map([['cn-3', 'A → B']]))
    expect(named).toBe('<svg><g id="cn-3" aria-label="A → B"><title>A → B</title></g></svg>')
  })
})

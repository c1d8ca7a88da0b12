// Advance widths read from the bundled DejaVu Sans (src/engines/figure/font-metrics.ts), checked
// against the renderer that sets the text: resvg's inked extent of a label matches the measured
// width, so boxes sized and labels wrapped with these numbers fit what is drawn.

import { describe, expect, it } from 'vitest'
import dejaVuSans from '../../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf'
import { readFontMetrics } from '../../../src/engines/figure/font-metrics'
import { FIGURE_FONT_FAMILY, rasterizeSvg } from '../../../src/engines/figure/rasterize'
import { WORKERD_KERNELS } from '../../../src/kernels/workerd'

const font = new Uint8Array(dejaVuSans)
const metrics = readFontMetrics(font)

describe('figure/font-metrics', () => {
  it('reads DejaVu Sans: 2048 units per em, its ascent and descent, wide and narrow glyphs', () => {
    expect(metrics.unitsPerEm).toBe(2048)
    expect(metrics.ascent).toBeCloseTo(1901 / 2048, 3)
    expect(metrics.descent).toBeCloseTo(483 / 2048, 3)
    expect(metrics.advance('M'.codePointAt(0)!)).toBeGreaterThan(2 * metrics.advance(0x69))
    // Digits are tabular: one width for all ten.
    const digits = new Set([...'0123456789'].map((d) => metrics.advance(d.codePointAt(0)!)))
    expect(digits.size).toBe(1)
    expect(metrics.measure('', 20)).toBe(0)
    expect(metrics.measure('AB', 10)).toBeCloseTo(
      10 * (metrics.advance(0x41) + metrics.advance(0x42)),
      9,
    )
    // A code point the font lacks (a private-use one) gets .notdef's advance, not zero.
    expect(metrics.advance(0xe000)).toBeGreaterThan(0)
  })

  it('matches the width resvg inks for a label, within 2 %', async () => {
    for (const label of ['PROCESSOR 102', 'NETWORK INTERFACE 108', 'Receive a request']) {
      const size = 100
      const svg =
        `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="200" viewBox="0 0 1600 200">` +
        `<text x="20" y="150" font-family="${FIGURE_FONT_FAMILY}" font-size="${size}">${label}</text></svg>`
      const r = await rasterizeSvg(svg, 1600, WORKERD_KERNELS.svg)
      let [left, right] = [r.width, -1]
      for (let y = 0; y < r.height; y++) {
        for (let x = 0; x < r.width; x++) {
          if (r.data[y * r.width + x]! < 128) {
            left = Math.min(left, x)
            right = Math.max(right, x)
          }
        }
      }
      const measured = metrics.measure(label, size)
      // Ink starts and ends within the side bearings of the first and last glyphs.
      expect(left).toBeGreaterThanOrEqual(20)
      expect(right + 1).toBeLessThanOrEqual(20 + measured + 1)
      expect(Math.abs(right + 1 - 20 - measured) / measured).toBeLessThan(0.02)
    }
  })

  it('refuses a file without the tables it needs', () => {
    const broken = font.slice(0, 12 + 16 * 2)
    new DataView(broken.buffer).setUint16(4, 0)
    expect(() => readFontMetrics(broken)).toThrow(/Expected a 'head' table/)
  })
})

import { describe, expect, it } from 'vitest'
import { cutKeepingThinLines } from '../../../src/engines/trace/thin-lines'

const CUT = { low: 127, high: 204, margin: 20 }

/** A white page with `paint(x, y)` coverage of black ink (0 … 1) at each pixel. */
function page(width: number, height: number, paint: (x: number, y: number) => number) {
  const data = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data[y * width + x] = Math.round(255 * (1 - paint(x, y)))
  }
  return data
}

const dark = (data: Uint8Array) => data.reduce((n, v) => n + (v === 0 ? 1 : 0), 0)

describe('cutKeepingThinLines', () => {
  it('keeps a 1 px line that straddles two rows at half ink, which the cut alone drops', () => {
    const data = page(40, 10, (_, y) => (y === 4 || y === 5 ? 0.45 : 0))
    expect(cutKeepingThinLines(data, data, 40, 10, CUT)).toBe(80)
    for (let x = 0; x < 40; x++) {
      expect(data[4 * 40 + x]).toBe(0)
      expect(data[5 * 40 + x]).toBe(0)
    }
    expect(dark(data)).toBe(80)
  })

  it('keeps a slanted 0.6 px line connected from end to end', () => {
    // Slope 0.3: the line's ink moves between rows and reaches half in few pixels.
    const data = page(60, 30, (x, y) => {
      let inside = 0
      for (let j = 0; j < 8; j++) {
        for (let i = 0; i < 8; i++) {
          const px = x + (i + 0.5) / 8
          const py = y + (j + 0.5) / 8
          if (Math.abs(py - 5 - 0.3 * px) / Math.hypot(1, 0.3) <= 0.3) inside++
        }
      }
      return inside / 64
    })
    cutKeepingThinLines(data, data, 60, 30, CUT)
    for (let x = 1; x < 59; x++) {
      let found = false
      for (let y = 0; y < 30; y++) if (data[y * 60 + x] === 0) found = true
      expect(found).toBe(true)
    }
  })

  it('does not grow a dot that reaches the cut: its anti-aliased tips stay paper', () => {
    const disc = (x: number, y: number) =>
      Math.max(0, Math.min(1, 2.2 - Math.hypot(x + 0.5 - 10, y + 0.5 - 10)))
    const data = page(20, 20, disc)
    const cutOnly = page(20, 20, disc).map((v) => (v <= 127 ? 0 : 1))
    cutKeepingThinLines(data, data, 20, 20, CUT)
    expect(Array.from(data)).toEqual(Array.from(cutOnly))
  })

  it('draws a 1 px line at 45° whose core reaches the cut 1 px wide, not with its fringe', () => {
    // Each row: the core pixel 0.93 covered, the pixels beside it 0.36 and 0.22 (a 1 px pen at
    // 45°, as an anti-aliased render draws it).
    const covers = [0.22, 0.93, 0.36]
    const data = page(40, 30, (x, y) => {
      const k = x - y - 4
      return k >= -1 && k <= 1 ? covers[k + 1]! : 0
    })
    cutKeepingThinLines(data, data, 40, 30, CUT)
    for (let y = 0; y < 30; y++) {
      for (let x = 0; x < 40; x++) expect(data[y * 40 + x], `${x}, ${y}`).toBe(x - y === 4 ? 0 : 1)
    }
  })

  it('keeps the gaps of a dashed line open', () => {
    // Dashes of 6 px, gaps of 1 px drawn faintly (blur), the dashes themselves at half ink.
    const data = page(41, 9, (x, y) => (y === 4 ? (x % 7 === 6 ? 0.2 : 0.45) : 0))
    cutKeepingThinLines(data, data, 41, 9, CUT)
    for (let x = 0; x < 41; x++) expect(data[4 * 41 + x]).toBe(x % 7 === 6 ? 1 : 0)
  })

  it('gives the same cut into another buffer as in place, leaving the source alone', () => {
    const source = page(60, 40, (x, y) => Math.max(0, 0.5 - Math.abs(y - 0.4 * x - 3) / 2))
    const before = source.slice()
    const out = new Uint8Array(source.length)
    const dark = cutKeepingThinLines(source, out, 60, 40, CUT)
    expect(source).toEqual(before)
    const inPlace = source.slice()
    expect(cutKeepingThinLines(inPlace, inPlace, 60, 40, CUT)).toBe(dark)
    expect(out).toEqual(inPlace)
    expect(dark).toBeGreaterThan(40)
  })

  it('cuts at low alone when the band is empty', () => {
    const data = Uint8Array.from([0, 127, 128, 200, 255])
    cutKeepingThinLines(data, data, 5, 1, { low: 127, high: 127, margin: 1 })
    expect(Array.from(data)).toEqual([0, 0, 1, 1, 1])
  })
})

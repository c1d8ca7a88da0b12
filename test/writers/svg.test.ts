// The SVG writer: the shared cases through a small path-data parser, then SVG-specific checks
// (size attributes, safe elements, flags, number format, compactness).

import { describe, expect, it } from 'vitest'
import type { VectorDrawing } from '../../src/engines/vector'
import { WRITERS, writeSvg } from '../../src/writers'
import { elements, parsePathData, readSvg } from './svg-reader'
import {
  arc,
  BLACK,
  BLUE,
  CASES,
  cubic,
  HEIGHT,
  hausdorff,
  line,
  path,
  sampleModelPath,
  WIDTH,
  withDensity,
  writerCases,
} from './writers.case'

const text = (drawing: VectorDrawing) => writeSvg(drawing)

describe('writers/svg', () => {
  writerCases({
    write: WRITERS.svg.write,
    read: (bytes) => readSvg(bytes),
    // 0.01 px rounding of both ends and of the arc radius.
    tolerancePx: 0.02,
  })

  it('is registered as image/svg+xml with extension svg when looked up in WRITERS', () => {
    expect(WRITERS.svg).toMatchObject({ format: 'svg', mime: 'image/svg+xml', extension: 'svg' })
  })

  it('declares the size in inches when the drawing has a density', () => {
    const { svg } = elements(text(withDensity(CASES['a closed square']!, { x: 300, y: 150 })))
    expect(svg.xmlns).toBe('http://www.w3.org/2000/svg')
    expect(svg.viewBox).toBe(`0 0 ${WIDTH} ${HEIGHT}`)
    expect(svg.width).toBe('0.4in')
    expect(svg.height).toBe('0.6in')
  })

  it('declares the size in pixels when the drawing has no density', () => {
    const { svg } = elements(text(withDensity(CASES['a closed square']!, undefined)))
    expect(svg.width).toBe(String(WIDTH))
    expect(svg.height).toBe(String(HEIGHT))
  })

  it('writes no script, style, foreign object or external reference when given every case', () => {
    for (const drawing of Object.values(CASES)) {
      const out = text(drawing)
      expect(out).not.toMatch(/<script|<style|foreignObject|href|url\(|<image|on\w+=/i)
      const tags = [...out.matchAll(/<(\/?[\w:-]+)/g)].map((m) => m[1])
      expect(new Set(tags)).toEqual(new Set(['svg', 'path', '/svg']))
    }
  })

  it('gives stroke layers round caps and joins and fill layers the even-odd rule', () => {
    const strokes = elements(text(CASES['two stroke widths']!)).paths
    expect(strokes.map((p) => p['stroke-width'])).toEqual(['1', '4.5'])
    for (const p of strokes) {
      expect(p).toMatchObject({
        fill: 'none',
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      })
    }
    const [fill] = elements(text(CASES['a fill layer with a hole']!)).paths
    expect(fill).toMatchObject({ fill: '#336699', 'fill-rule': 'evenodd' })
    expect(fill!.stroke).toBeUndefined()
    const subpaths = parsePathData(fill!.d!)
    expect(subpaths.map((s) => s.closed)).toEqual([true, true])
  })

  it('writes one path element per layer with all its subpaths when a layer has several paths', () => {
    const { paths } = elements(text(CASES['arcs of 180°, more than 180° and clockwise']!))
    expect(paths).toHaveLength(1)
    expect(parsePathData(paths[0]!.d!)).toHaveLength(4)
  })

  it('puts every vertex within 0.01 px of the model when coordinates have many decimals', () => {
    const model = path(10.123456, 20.987654, [
      line(33.333333, 44.444444),
      line(55.555, 20.004999),
      cubic(60.1111, 30.2222, 70.3333, 40.4444, 80.5555, 50.6666),
      arc(90.77777, 60.88888, 0.5),
      line(10.123456, 20.987654),
    ])
    const d = elements(text({ width: WIDTH, height: HEIGHT, layers: [stroke([model])] })).paths[0]!
      .d!
    const [sub] = parsePathData(d)
    const expected = [model.start, ...model.segments.map((s) => s.to)]
    expect(sub!.vertices).toHaveLength(expected.length)
    sub!.vertices.forEach((v, i) => {
      expect(Math.abs(v.x - expected[i]!.x), `vertex ${i} x`).toBeLessThanOrEqual(0.01)
      expect(Math.abs(v.y - expected[i]!.y), `vertex ${i} y`).toBeLessThanOrEqual(0.01)
    })
  })

  it('sets large-arc for |bulge| > 1 and sweep-flag 0 for a positive bulge', () => {
    const d = elements(text(CASES['arcs of 180°, more than 180° and clockwise']!)).paths[0]!.d!
    const arcs = parsePathData(d).flatMap((s) => s.commands.filter((c) => c.letter === 'A'))
    // Bulges 1, 2, −0.4, then 1 and 1: (large-arc, sweep) per arc.
    expect(arcs.map((c) => [c.args[3], c.args[4]])).toEqual([
      [0, 0],
      [1, 0],
      [0, 1],
      [0, 0],
      [0, 0],
    ])
    // Radius = chord · (1 + b²) / (4|b|): 40 → 20, 30 → 18.75, 30 → 21.75, 20 → 10, 20 → 10.
    expect(arcs.map((c) => c.args[0])).toEqual([20, 18.75, 21.75, 10, 10])
  })

  it('puts a half circle with a positive bulge below its chord when drawn left to right', () => {
    // Counterclockwise on screen from 9 o'clock to 3 o'clock passes 6 o'clock: (40, 50).
    const d = writeSvg({
      width: WIDTH,
      height: HEIGHT,
      layers: [stroke([path(20, 30, [arc(60, 30, 1)])])],
    })
    const [sub] = parsePathData(elements(d).paths[0]!.d!)
    const lowest = Math.max(...sub!.points.map((p) => p.y))
    expect(lowest).toBeCloseTo(50, 1)
    expect(Math.min(...sub!.points.map((p) => p.y))).toBeCloseTo(30, 3)
  })

  it('draws a dot as a zero-length subpath when a path has no segments', () => {
    const d = elements(text(CASES.dots!)).paths[0]!.d!
    expect(d).toBe('m60 45h0m30.25-24.5h0')
  })

  it('closes a closed stroke path with z instead of its last line', () => {
    const d = elements(text(CASES['a closed square']!)).paths[0]!.d!
    expect(d).toBe('m20 15h50v50h-50z')
  })

  it('writes numbers with at most 2 decimals, no leading or trailing zeros, when coordinates are fractional', () => {
    const noisy = path(0.5, 0.25, [
      line(10.104, 0.333),
      line(10.999, 20.5),
      line(0.06, 0.1),
      cubic(1.111, 2.222, 3.333, 4.444, 5.555, 6.666),
    ])
    const d = elements(text({ width: WIDTH, height: HEIGHT, layers: [stroke([noisy])] })).paths[0]!
      .d!
    const numbers = d.match(/[-+]?(?:\d+\.?\d*|\.\d+)/g)!
    for (const n of numbers) {
      expect(n).not.toMatch(/\.\d{3}/)
      expect(n).not.toMatch(/^-?0\d*\./)
      expect(n).not.toMatch(/\.\d*0$/)
    }
    expect(d).not.toMatch(/ -/)
    expect(d.startsWith('m.5.25')).toBe(true)
  })

  it('keeps rounding from accumulating when a path has many short relative segments', () => {
    const segments = Array.from({ length: 500 }, (_, i) => line(10 + (i + 1) * 0.0333, 50))
    const d = elements(
      text({ width: WIDTH, height: HEIGHT, layers: [stroke([path(10, 50, segments)])] }),
    ).paths[0]!.d!
    const [sub] = parsePathData(d)
    const end = sub!.vertices.at(-1)!
    expect(Math.abs(end.x - (10 + 500 * 0.0333))).toBeLessThanOrEqual(0.005)
  })

  it('writes at most one decimal and stays within 0.06 px when decimals is 1', async () => {
    const drawing = CASES.cubics!
    const d = elements(writeSvg(drawing, { decimals: 1 })).paths[0]!.d!
    for (const n of d.match(/[-+]?(?:\d+\.?\d*|\.\d+)/g)!) expect(n).not.toMatch(/\.\d{2}/)
    const back = parsePathData(d)
    drawing.layers[0]!.paths.forEach((p, i) => {
      expect(hausdorff(sampleModelPath(p, p.closed), back[i]!.points)).toBeLessThanOrEqual(0.06)
    })
  })

  it('throws a RangeError when decimals is not 0, 1 or 2', () => {
    expect(() => writeSvg(CASES.dots!, { decimals: 3 as 2 })).toThrow(RangeError)
  })

  it('leaves out a layer without paths', () => {
    const out = text({
      width: WIDTH,
      height: HEIGHT,
      layers: [{ kind: 'fill', color: BLUE, paths: [] }, stroke([path(1, 1, [line(2, 2)])])],
    })
    expect(elements(out).paths).toHaveLength(1)
  })

  it('throws a RangeError when the drawing has no area', () => {
    expect(() => writeSvg({ width: 0, height: 10, layers: [] })).toThrow(RangeError)
  })
})

function stroke(paths: ReturnType<typeof path>[]): VectorDrawing['layers'][0] {
  return { kind: 'stroke', color: BLACK, width: 2, paths }
}

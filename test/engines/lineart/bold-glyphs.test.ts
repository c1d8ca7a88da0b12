// Bold strokes as a renderer anti-aliases them (a light fringe row and column on a solid core):
// the fringe grows no skeleton branch, so a bold "I" stays straight, a square period stays a dot
// and a "1" keeps its base. Geometry of the output paths, never strings.

import { describe, expect, it } from 'vitest'
import { traceLineart } from '../../../src/engines/lineart'
import type { GrayImage } from '../../../src/engines/raster'
import type { Point, VectorPath } from '../../../src/engines/vector'
import { flattenPath, rasterizeCoverage } from '../../support/rasterize-vector'
import { canvas, circle, segment } from './shapes'

/** A solid block [x0, x1) × [y0, y1) with a fringe at `fringe` on its left column and bottom row. */
function boldBlock(image: GrayImage, x0: number, y0: number, x1: number, y1: number, fringe = 191) {
  const { width, data } = image
  for (let y = y0; y < y1; y++) data.fill(0, y * width + x0, y * width + x1)
  for (let y = y0; y < y1; y++)
    data[y * width + x0 - 1] = Math.min(data[y * width + x0 - 1]!, fringe)
  for (let x = x0; x < x1; x++) data[y1 * width + x] = Math.min(data[y1 * width + x]!, fringe)
  data[y1 * width + x0 - 1] = Math.min(data[y1 * width + x0 - 1]!, 239)
}

/**
 * Sizes (pixels) of the paper regions (4-connected) of `ink` inside the box that do not touch its
 * edge: the counters, top to bottom.
 */
function counters(ink: Uint8Array, width: number, x0: number, y0: number, x1: number, y1: number) {
  const seen = new Uint8Array(ink.length)
  const sizes: number[] = []
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (ink[y * width + x] || seen[y * width + x]) continue
      let closed = true
      let size = 0
      const stack = [y * width + x]
      seen[y * width + x] = 1
      while (stack.length) {
        const i = stack.pop()!
        size++
        const px = i % width
        const py = (i - px) / width
        if (px === x0 || py === y0 || px === x1 - 1 || py === y1 - 1) closed = false
        for (const [nx, ny] of [
          [px + 1, py],
          [px - 1, py],
          [px, py + 1],
          [px, py - 1],
        ] as const) {
          if (nx < x0 || ny < y0 || nx >= x1 || ny >= y1) continue
          const j = ny * width + nx
          if (!ink[j] && !seen[j]) {
            seen[j] = 1
            stack.push(j)
          }
        }
      }
      if (closed) sizes.push(size)
    }
  }
  return sizes
}

/** The input's ink as a reader cuts it: darker than mid-gray. */
const inkOf = (image: GrayImage) => image.data.map((v) => (v < 128 ? 1 : 0))

/** Paints a glyph given as rows of five gray levels ('#' ink … ' ' paper) at (x0, y0). */
function paint(image: GrayImage, rows: string[], x0: number, y0: number) {
  const level: Record<string, number> = { '#': 0, '+': 96, '-': 160, '.': 220, ' ': 255 }
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++)
      image.data[(y + y0) * image.width + x + x0] = level[row[x]!]!
  })
}

const paths = async (image: GrayImage) =>
  (await traceLineart(image)).drawing.layers.flatMap((l) => l.paths)

/** Every point of a path: its start and each segment's end. */
const points = (p: VectorPath): Point[] => [p.start, ...p.segments.map((s) => s.to)]

describe('lineart on bold anti-aliased strokes', () => {
  it('traces a bold "I" as one straight line down its middle', async () => {
    const image = canvas(120, 100)
    boldBlock(image, 40, 20, 48, 70)
    const out = await paths(image)
    expect(out).toHaveLength(1)
    for (const p of points(out[0]!)) expect(Math.abs(p.x - 44)).toBeLessThan(1)
    expect(out[0]!.segments.every((s) => s.kind === 'line')).toBe(true)
  })

  it('keeps a bold period a dot and a "1" its base', async () => {
    const image = canvas(160, 110)
    boldBlock(image, 20, 80, 28, 88)
    // A "1": stem and a base bar across its foot.
    boldBlock(image, 80, 20, 88, 82)
    boldBlock(image, 66, 82, 102, 90)
    const out = await paths(image)
    const dots = out.filter((p) => p.segments.length === 0)
    expect(dots).toHaveLength(1)
    expect(Math.hypot(dots[0]!.start.x - 24, dots[0]!.start.y - 84)).toBeLessThan(1.5)
    // The base: a stroke from near its left end to near its right end, level.
    const base = out.flatMap(points).filter((p) => Math.abs(p.y - 86) < 1.5)
    expect(Math.min(...base.map((p) => p.x))).toBeLessThan(72)
    expect(Math.max(...base.map((p) => p.x))).toBeGreaterThan(96)
  })

  it('ends a thin stem straight where a pixel beside its foot bent the skeleton', async () => {
    const image = canvas(100, 100)
    // A 2 px stem (the centreline x = 41) with one pixel beside its last row, as a glyph's
    // anti-aliased foot leaves after the threshold: the skeleton's last pixels turn toward it.
    for (let y = 20; y < 70; y++) image.data.fill(0, y * 100 + 40, y * 100 + 42)
    image.data[69 * 100 + 42] = 0
    const out = await paths(image)
    expect(out).toHaveLength(1)
    for (const p of points(out[0]!)) expect(Math.abs(p.x - 41)).toBeLessThan(0.6)
  })

  it('keeps the short middle bar of a bold "F", which thinning makes as short as a spur', async () => {
    const image = canvas(100, 100)
    // Strokes 5 px wide; the middle bar reaches 8 px past the stem (its skeleton 6 px from the
    // junction, under the spur length), and its end lies inside ink, where a spur's does not.
    boldBlock(image, 20, 20, 25, 80, 0)
    boldBlock(image, 20, 20, 45, 25, 0)
    boldBlock(image, 20, 45, 33, 50, 0)
    const bar = (await paths(image))
      .flatMap(points)
      .filter((p) => Math.abs(p.y - 47.5) < 1.5 && p.x > 27)
    expect(bar.length).toBeGreaterThan(0)
  })

  it('keeps the bar of a 22 px bold "F" whose tip anti-aliasing thinned', async () => {
    // DejaVu Sans Bold "F" at 22 px as resvg renders it: the middle bar's last column is light,
    // so its skeleton ends thin, as a spur's does, though its body keeps the pen.
    const glyph = [
      '.+++++++++++',
      '-###########',
      '-###########',
      '-####+++++++',
      '-####       ',
      '-####       ',
      '-####++++++-',
      '-##########+',
      '-##########+',
      '-####++++++-',
      '-####       ',
      '-####       ',
      '-####       ',
      '-####       ',
      '-####       ',
      '-####       ',
      '.----       ',
    ]
    const image = canvas(40, 40)
    paint(image, glyph, 12, 10)
    const bar = (await paths(image))
      .flatMap(points)
      .filter((p) => Math.abs(p.y - 18) < 1.5 && p.x > 19)
    expect(bar.length).toBeGreaterThan(0)
  })

  it('grows no branch from a whisker on a thick straight line, as it does a T its stem', async () => {
    // A 6 px line with a 2 px whisker 4 px out of its edge, as a scan leaves: thinning grows a
    // branch toward it off a straight line, as it does a T's stem, but shorter than the line is
    // wide.
    const image = canvas(120, 60)
    boldBlock(image, 20, 27, 100, 33, 0)
    boldBlock(image, 59, 23, 61, 27, 0)
    const out = await paths(image)
    expect(out).toHaveLength(1)
    for (const p of points(out[0]!)) expect(Math.abs(p.y - 30)).toBeLessThan(1)
  })

  it('keeps both counters of a small bold "8", whose loops are shorter than the junction fit', async () => {
    // DejaVu Sans Bold "8" at 22 px as resvg renders it, in five gray levels.
    const glyph = [
      '  .-+####+-  ',
      ' .#########+ ',
      ' +####++####-',
      ' ####.  -###+',
      ' ####   -####',
      ' ####.  -###+',
      ' -####-+####.',
      '  .#######+. ',
      ' .+########- ',
      ' +###+.-+###+',
      '.###+   .####',
      '-###+    ####',
      '-###+    ####',
      '.####- .+####',
      ' +##########-',
      '  +########- ',
      '   .-++++-   ',
    ]
    const image = canvas(40, 40)
    paint(image, glyph, 12, 10)
    const { drawing } = await traceLineart(image)
    expect(counters(rasterizeCoverage(drawing), 40, 8, 6, 30, 32)).toHaveLength(2)
  })

  it('keeps the counters of a bold "8" whose loop sides a loose fit draws as one straight line', async () => {
    // The same "8" one pixel further along the grid: its strokes link as one closed path that
    // crosses itself at the waist, and each loop's side there is within a pixel of a straight
    // line; fitted so, the upper counter is a triangle too narrow for the pen.
    const glyph = [
      '  .-+####+-  ',
      ' .#########+ ',
      ' #####+#####.',
      '.####   +###+',
      '-###+   -###+',
      '.####   +###-',
      ' -###+-+###+ ',
      '  -#######-  ',
      ' .+########- ',
      '.####---####-',
      '-###+   .###+',
      '+###-    ####',
      '+###-   .####',
      '-####- .+###+',
      ' ###########.',
      ' .+########. ',
      '   .-+++-.   ',
    ]
    const image = canvas(22, 26)
    paint(image, glyph, 4, 4)
    const { drawing } = await traceLineart(image)
    // Each counter keeps two thirds of the input's paper or more (the straight fit kept a third
    // of the upper one's, 4 of 11 px).
    const drawn = counters(rasterizeCoverage(drawing), 22, 0, 0, 22, 26)
    const input = counters(inkOf(image), 22, 0, 0, 22, 26)
    expect(drawn).toHaveLength(2)
    for (let k = 0; k < 2; k++) expect(drawn[k]!).toBeGreaterThanOrEqual((2 / 3) * input[k]!)
  })

  it('draws a bold hook at the end of a stroke round, as a "J" or the tail of a "g"', async () => {
    // A stem 5 px wide ending in a half circle of radius 6: the corner found in the turn is not
    // sharpened to where the arms' lines meet, 6.5 px outside the ink.
    const image = canvas(80, 80)
    segment(image, 40, 10, 40, 40, 5)
    for (let y = 40; y < 60; y++) {
      for (let x = 20; x < 50; x++) {
        if (Math.abs(Math.hypot(x + 0.5 - 34, y + 0.5 - 40) - 6) <= 2.5) image.data[y * 80 + x] = 0
      }
    }
    const { drawing } = await traceLineart(image)
    for (const layer of drawing.layers) {
      if (layer.kind !== 'stroke') continue
      for (const path of layer.paths) {
        const line = flattenPath(path)
        for (let j = 2; j < line.length; j += 2) {
          for (let t = 0; t <= 1; t += 0.1) {
            const x = line[j - 2]! + t * (line[j]! - line[j - 2]!)
            const y = line[j - 1]! + t * (line[j + 1]! - line[j - 1]!)
            if (y > 42) expect(Math.abs(Math.hypot(x - 34, y - 40) - 6)).toBeLessThan(1.25)
          }
        }
      }
    }
  })

  it('draws the bowl of a large bold letter round, with no corners', async () => {
    const image = canvas(80, 80)
    // An "o" 56 px tall: a ring of 8.5 px stroke; the corner test's reach (1.5 widths) spans a
    // third of it, so the whole ring turns as much as a corner does.
    circle(image, 40, 40, 11, 8.5)
    const out = await paths(image)
    for (const p of out) {
      const line = [p.start, ...p.segments.map((s) => s.to)]
      for (const q of line) expect(Math.abs(Math.hypot(q.x - 40, q.y - 40) - 11)).toBeLessThan(1)
    }
  })
})

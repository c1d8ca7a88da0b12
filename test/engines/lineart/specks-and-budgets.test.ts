// The lineart engine on the inputs that used to go wrong: scan specks beside lines (kept as dots,
// each a pair of false line ends), a speck that thinned to two touching pixels (traced as a loop),
// and noise whose skeleton is a maze (quadratic junction work, a graph of hundreds of MB).
// Geometry and counts, never strings.

import { describe, expect, it } from 'vitest'
import { traceLineart } from '../../../src/engines/lineart'
import { createMask } from '../../../src/engines/lineart/mask'
import { graphBytes, skeletonLoad } from '../../../src/engines/lineart/stroke-graph'
import type { Point, VectorDrawing, VectorPath } from '../../../src/engines/vector'
import { block, canvas, segment } from './shapes'

const paths = (drawing: VectorDrawing): VectorPath[] => drawing.layers.flatMap((l) => l.paths)
const dots = (drawing: VectorDrawing) => paths(drawing).filter((p) => p.segments.length === 0)
const near = (p: Point, x: number, y: number, tolerance: number) =>
  Math.hypot(p.x - x, p.y - y) <= tolerance

/** A deterministic generator in [0, 1). */
function random(seed: number): () => number {
  let s = seed
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff
    return s / 0x80000000
  }
}

describe('lineart specks', () => {
  it('drops a noisy scan’s specks beside its lines, keeping dashes and a dash-dot line’s dots', async () => {
    const image = canvas(400, 300)
    // Six long lines 3 px wide, 40 px apart.
    for (let k = 0; k < 6; k++) segment(image, 20, 30 + 40 * k, 380, 30 + 40 * k, 3)
    // A dash-dot line: 20 px dashes, a pen dot in each gap.
    const dashDots: number[] = []
    for (let x = 20; x < 360; x += 40) {
      segment(image, x, 280, x + 20, 280, 3)
      block(image, x + 29, 279, x + 32, 282)
      dashDots.push(x + 30.5)
    }
    // 40 specks of 2 × 2 px, 6 to 12 px from a line: thinner than the pen, alone.
    const u = random(5)
    const specks: Point[] = []
    for (let tries = 0; specks.length < 40 && tries < 10_000; tries++) {
      const x = 25 + Math.floor(u() * 350)
      const line = Math.floor(u() * 6)
      const y = 30 + 40 * line + (u() < 0.5 ? -1 : 1) * (6 + Math.floor(u() * 7))
      if (specks.some((s) => Math.hypot(s.x - x, s.y - y) < 25)) continue
      block(image, x, y, x + 2, y + 2)
      specks.push({ x: x + 1, y: y + 1 })
    }
    const { drawing, stats } = await traceLineart(image, { speckAreaPx: 3 })
    const left = specks.filter((s) =>
      paths(drawing).some(
        (p) =>
          p.segments.length <= 1 && near(p.start, s.x, s.y, 2) && Math.abs(p.start.y - 280) > 5,
      ),
    )
    expect(specks).toHaveLength(40)
    expect(left).toHaveLength(0)
    expect(stats.isolated).toBeGreaterThanOrEqual(40)
    // Every dash-dot dot stays, as a dot, and every dash as a stroke.
    const kept = dots(drawing).filter((d) => Math.abs(d.start.y - 280.5) < 1.5)
    expect(kept.map((d) => Math.round(d.start.x))).toEqual(dashDots.map((x) => Math.round(x)))
    const dashes = paths(drawing).filter(
      (p) => p.segments.length > 0 && Math.abs(p.start.y - 280.5) < 1.5,
    )
    expect(dashes).toHaveLength(dashDots.length)
  })

  it('keeps the period of a clean "FIG." beside its letter', async () => {
    const image = canvas(200, 120)
    // "F", "I", "G" as plain strokes, then a pen-sized period 12 px after the G.
    segment(image, 20, 20, 20, 90, 3)
    segment(image, 20, 20, 50, 20, 3)
    segment(image, 20, 52, 45, 52, 3)
    segment(image, 70, 20, 70, 90, 3)
    segment(image, 95, 20, 135, 20, 3)
    segment(image, 95, 20, 95, 90, 3)
    segment(image, 95, 90, 135, 90, 3)
    segment(image, 135, 90, 135, 58, 3)
    block(image, 147, 87, 150, 90)
    const { drawing } = await traceLineart(image, { speckAreaPx: 3 })
    expect(dots(drawing).filter((d) => near(d.start, 148.5, 88.5, 1))).toHaveLength(1)
  })

  it('keeps the period of large thin lettering, set as far from its "G" as a 44 px font sets it', async () => {
    const image = canvas(200, 120)
    // A 44 px "G" drawn with a 1.5 px pen, then its 4 × 5 period 19.5 px past the G's right side.
    segment(image, 95, 20, 125, 20, 1.5)
    segment(image, 95, 20, 95, 90, 1.5)
    segment(image, 95, 90, 125, 90, 1.5)
    segment(image, 125, 90, 125, 60, 1.5)
    segment(image, 110, 60, 125, 60, 1.5)
    block(image, 143, 86, 147, 91)
    const { drawing } = await traceLineart(image)
    expect(dots(drawing).filter((d) => near(d.start, 145, 88.5, 1.5))).toHaveLength(1)
  })

  it('traces a speck that thins to two touching pixels as a short stroke, not a loop', async () => {
    const image = canvas(80, 60)
    segment(image, 5, 40, 75, 40, 3)
    block(image, 30, 20, 34, 23)
    const { drawing } = await traceLineart(image, { speckAreaPx: 3 })
    const speck = paths(drawing).filter((p) => Math.abs(p.start.y - 21.5) < 2)
    expect(speck).toHaveLength(1)
    expect(speck[0]!.closed).toBe(false)
  })
})

describe('lineart budgets', () => {
  it('counts a skeleton’s load before building its graph: ends and junction pixels are nodes', () => {
    // A plus sign of 1-px arms, 5 px each way: 4 ends, 1 junction pixel, 21 pixels.
    const mask = createMask(20, 20)
    for (let k = -5; k <= 5; k++) {
      mask.data[(10 + 1) * mask.stride + 10 + k + 1] = 1
      mask.data[(10 + k + 1) * mask.stride + 10 + 1] = 1
    }
    const load = skeletonLoad(mask)
    expect(load.pixels).toBe(21)
    // 4 ends, and the centre with its four neighbours (each sees 3+ skeleton pixels: the arms
    // touch diagonally) as junction pixels.
    expect(load.nodePixels).toBe(9)
    // A maze of node pixels weighs far more than a chain of the same pixels.
    expect(graphBytes({ pixels: 1000, nodePixels: 500 })).toBeGreaterThan(
      5 * graphBytes({ pixels: 1000, nodePixels: 2 }),
    )
  })

  it('traces a sheet of noise at a coarser scale instead of building an absurd graph', async () => {
    const width = 400
    const height = 300
    const image = canvas(width, height)
    const u = random(9)
    for (let i = 0; i < image.data.length; i++) image.data[i] = u() < 0.5 ? 0 : 255
    // Half-ink noise thins to a maze: about 40 bytes of graph per pixel, 4.8 MB here.
    const full = await traceLineart(image, { maxGraphBytes: 64 * 2 ** 20 })
    expect(full.stats.coarsened).toBe(1)
    const { drawing, stats } = await traceLineart(image, { maxGraphBytes: 2 ** 20 })
    expect(stats.coarsened).toBeGreaterThanOrEqual(2)
    expect(stats.segments).toBeLessThan(full.stats.segments / 2)
    expect(drawing.width).toBe(width)
    // Back in full-size coordinates: the paths span the sheet.
    const xs = paths(drawing).flatMap((p) => [p.start.x, ...p.segments.map((s) => s.to.x)])
    expect(Math.max(...xs)).toBeGreaterThan(0.9 * width)
  })

  it('gives a maze (noise) a quarter of the budget, and a drawing the whole of it', async () => {
    const width = 400
    const height = 300
    const noise = canvas(width, height)
    const u = random(9)
    for (let i = 0; i < noise.data.length; i++) noise.data[i] = u() < 0.5 ? 0 : 255
    // About 4 MB of graph at full scale: within 8 MB, over a maze's quarter of it.
    expect((await traceLineart(noise, { maxGraphBytes: 64 * 2 ** 20 })).stats.coarsened).toBe(1)
    expect((await traceLineart(noise, { maxGraphBytes: 8 * 2 ** 20 })).stats.coarsened).toBe(2)
    // Dense hatching is no maze (0.17 changes per pixel here, under 0.35): full scale.
    const hatched = canvas(width, height)
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) if ((x + y) % 12 < 2) hatched.data[y * width + x] = 0
    }
    expect((await traceLineart(hatched, { maxGraphBytes: 8 * 2 ** 20 })).stats.coarsened).toBe(1)
  })

  it('leaves a drawing within the budget at full scale', async () => {
    const image = canvas(300, 200)
    for (let k = 0; k < 10; k++) segment(image, 10, 10 + 18 * k, 290, 10 + 18 * k, 3)
    const { stats } = await traceLineart(image)
    expect(stats.coarsened).toBe(1)
    expect(stats.strokes).toBe(10)
  })
})

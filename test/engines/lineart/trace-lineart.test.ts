// The lineart engine end to end on synthetic drawings with known centerlines: geometry of the
// paths it returns (ends, junctions, corners, segment kinds, widths), never strings.

import { describe, expect, it } from 'vitest'
import { traceLineart } from '../../../src/engines/lineart'
import type { Point, StrokeLayer, VectorDrawing, VectorPath } from '../../../src/engines/vector'
import { block, canvas, circle, segment } from './shapes'

const strokes = (drawing: VectorDrawing): VectorPath[] =>
  drawing.layers.flatMap((layer) => layer.paths)

/** Vertices of a path: its start and every segment end. */
const vertices = (path: VectorPath): Point[] => [path.start, ...path.segments.map((s) => s.to)]

const near = (p: Point, x: number, y: number, tolerance: number) =>
  Math.hypot(p.x - x, p.y - y) <= tolerance

/** Paths (as vertex lists) that have a vertex within `tolerance` of (x, y). */
const through = (drawing: VectorDrawing, x: number, y: number, tolerance = 1) =>
  strokes(drawing).filter((p) => vertices(p).some((v) => near(v, x, y, tolerance)))

describe('traceLineart', () => {
  it('returns only stroke layers, black, with round-capped widths near the drawn width', async () => {
    const image = canvas(120, 80)
    segment(image, 10, 40, 110, 40, 5)
    const { drawing } = await traceLineart(image)
    expect(drawing.layers.every((l) => l.kind === 'stroke')).toBe(true)
    const layer = drawing.layers[0] as StrokeLayer
    expect(layer.color).toEqual({ r: 0, g: 0, b: 0 })
    expect(layer.width).toBeGreaterThanOrEqual(4)
    expect(layer.width).toBeLessThanOrEqual(6)
    const [path] = strokes(drawing)
    expect(strokes(drawing)).toHaveLength(1)
    expect(path!.segments).toHaveLength(1)
    expect(path!.segments[0]!.kind).toBe('line')
    // Ends pulled in by about half the width: round caps restore the drawn length.
    const ends = vertices(path!)
      .map((v) => v.x)
      .sort((a, b) => a - b)
    expect(ends[0]).toBeGreaterThan(10)
    expect(ends[0]).toBeLessThan(14)
    expect(ends[1]).toBeGreaterThan(106)
    expect(ends[1]).toBeLessThan(110)
    expect(Math.abs(path!.start.y - 40)).toBeLessThan(0.75)
  })

  it('traces a thick square as one closed path of four lines with sharp corners', async () => {
    const image = canvas(120, 120)
    block(image, 20, 20, 100, 29)
    block(image, 20, 91, 100, 100)
    block(image, 20, 20, 29, 100)
    block(image, 91, 20, 100, 100)
    const { drawing } = await traceLineart(image)
    const paths = strokes(drawing)
    expect(paths).toHaveLength(1)
    expect(paths[0]!.closed).toBe(true)
    expect(paths[0]!.segments.map((s) => s.kind)).toEqual(['line', 'line', 'line', 'line'])
    // The corners are the centerlines' intersections (24.5, 24.5) … (95.5, 95.5), not chamfers.
    for (const [x, y] of [
      [24.5, 24.5],
      [95.5, 24.5],
      [95.5, 95.5],
      [24.5, 95.5],
    ]) {
      expect(through(drawing, x!, y!, 1)).toHaveLength(1)
    }
  })

  it('traces a ring as one closed path of circular arcs on the drawn radius', async () => {
    const image = canvas(120, 120)
    circle(image, 60, 60, 40, 3)
    const { drawing } = await traceLineart(image)
    const paths = strokes(drawing)
    expect(paths).toHaveLength(1)
    const ring = paths[0]!
    expect(ring.closed).toBe(true)
    expect(ring.segments.length).toBeLessThanOrEqual(4)
    expect(ring.segments.every((s) => s.kind === 'arc')).toBe(true)
    for (const v of vertices(ring))
      expect(Math.abs(Math.hypot(v.x - 60, v.y - 60) - 40)).toBeLessThan(1)
    // Half circles: |bulge| = tan(180° / 4) = 1 for two arcs.
    const total = ring.segments.reduce(
      (sum, s) => sum + 4 * Math.atan(Math.abs((s as { bulge: number }).bulge)),
      0,
    )
    expect(total).toBeCloseTo(2 * Math.PI, 1)
  })

  it('meets a T-junction at one point: the bar stays one stroke, the stem ends on it', async () => {
    const image = canvas(120, 120)
    block(image, 10, 20, 110, 29)
    block(image, 56, 20, 65, 100)
    const { drawing } = await traceLineart(image)
    const paths = strokes(drawing)
    expect(paths).toHaveLength(2)
    const bar = paths.find((p) => Math.abs(p.start.y - 24.5) < 1 && vertices(p).length >= 2)!
    const stem = paths.find((p) => p !== bar)!
    expect(bar).toBeDefined()
    // The stem's upper end lies on the bar's centerline, at the stem's centre.
    const top = vertices(stem).sort((a, b) => a.y - b.y)[0]!
    expect(near(top, 60.5, 24.5, 1)).toBe(true)
    expect(vertices(bar).every((v) => Math.abs(v.y - 24.5) < 1)).toBe(true)
  })

  it('crosses an X as two straight strokes meeting at the centre', async () => {
    const image = canvas(120, 120)
    block(image, 10, 56, 110, 65)
    block(image, 56, 10, 65, 110)
    const { drawing } = await traceLineart(image)
    const paths = strokes(drawing)
    expect(paths).toHaveLength(2)
    for (const p of paths) {
      // One straight line through the crossing (its junction vertex joined away as collinear).
      expect(p.segments).toHaveLength(1)
      const [a, b] = [p.start, p.segments[0]!.to]
      expect(Math.abs(a.x - b.x) < 1 || Math.abs(a.y - b.y) < 1).toBe(true)
      const t =
        ((60.5 - a.x) * (b.x - a.x) + (60.5 - a.y) * (b.y - a.y)) /
        ((b.x - a.x) ** 2 + (b.y - a.y) ** 2)
      expect(near({ x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) }, 60.5, 60.5, 1)).toBe(true)
    }
  })

  it('keeps a dashed line dashed: one short stroke per dash', async () => {
    const image = canvas(200, 40)
    for (let x = 10; x < 190; x += 20) segment(image, x, 20, x + 10, 20, 3)
    const { drawing } = await traceLineart(image)
    const paths = strokes(drawing)
    expect(paths).toHaveLength(9)
    for (const p of paths) {
      const xs = vertices(p).map((v) => v.x)
      expect(Math.max(...xs) - Math.min(...xs)).toBeLessThan(11)
    }
  })

  it('traces a 1-px diagonal as one line and the dots of a dotted line as dots', async () => {
    const image = canvas(100, 100)
    for (let i = 10; i < 90; i++) image.data[i * 100 + i] = 0
    for (const x of [60, 66, 72, 78]) block(image, x, 15, x + 3, 18)
    const { drawing, stats } = await traceLineart(image, { speckAreaPx: 3 })
    const paths = strokes(drawing)
    const line = paths.find((p) => p.segments.length > 0)!
    expect(line.segments).toHaveLength(1)
    expect(near(line.start, 10.5, 10.5, 1.5) || near(line.start, 89.5, 89.5, 1.5)).toBe(true)
    const dots = paths.filter((p) => p.segments.length === 0)
    expect(dots.map((d) => Math.round(d.start.x))).toEqual([62, 68, 74, 80])
    expect(dots.every((d) => near(d.start, d.start.x, 16.5, 0.5))).toBe(true)
    expect(stats.isolated).toBe(0)
  })

  it('drops a lone dot far from any other ink (scan noise) but not one beside a line', async () => {
    const image = canvas(120, 120)
    segment(image, 10, 60, 110, 60, 3)
    block(image, 15, 15, 18, 18)
    block(image, 50, 65, 53, 68)
    const { drawing, stats } = await traceLineart(image, { speckAreaPx: 3 })
    expect(stats.isolated).toBe(1)
    const dots = strokes(drawing).filter((p) => p.segments.length === 0)
    expect(dots).toHaveLength(1)
    expect(near(dots[0]!.start, 51.5, 66.5, 1)).toBe(true)
  })

  it('removes specks below the speck size but keeps the strokes', async () => {
    const image = canvas(100, 100)
    segment(image, 10, 50, 90, 50, 3)
    image.data[10 * 100 + 10] = 0
    image.data[80 * 100 + 70] = 0
    const { drawing, stats } = await traceLineart(image, { speckAreaPx: 4 })
    expect(stats.specks).toBe(2)
    expect(strokes(drawing)).toHaveLength(1)
  })

  it('meets a Y at one point', async () => {
    const image = canvas(120, 120)
    segment(image, 60, 60, 60, 110, 5)
    segment(image, 60, 60, 20, 15, 5)
    segment(image, 60, 60, 100, 15, 5)
    const { drawing } = await traceLineart(image)
    const ends = strokes(drawing).flatMap((p) => [p.start, vertices(p).at(-1)!])
    const atCentre = ends.filter((v) => near(v, 60, 60, 2.5))
    // Three branches end at the meeting point, or one passes through it and one ends there.
    const passing = strokes(drawing).filter((p) =>
      vertices(p)
        .slice(1, -1)
        .some((v) => near(v, 60, 60, 2.5)),
    )
    expect(atCentre.length + 2 * passing.length).toBe(3)
    const centre = [
      ...atCentre,
      ...passing.flatMap((p) => vertices(p).filter((v) => near(v, 60, 60, 2.5))),
    ]
    for (const c of centre) expect(near(c, centre[0]!.x, centre[0]!.y, 0.01)).toBe(true)
  })

  it('copies the density and returns an empty drawing for a blank page', async () => {
    const image = { ...canvas(50, 40), density: { x: 300, y: 300 } }
    const { drawing } = await traceLineart(image)
    expect(drawing).toMatchObject({ width: 50, height: 40, density: { x: 300, y: 300 } })
    expect(strokes(drawing)).toHaveLength(0)
  })

  it('simplifies instead of refusing when the segment budget is exceeded', async () => {
    const image = canvas(200, 200)
    for (let k = 0; k < 8; k++) circle(image, 100, 100, 10 + 11 * k, 2)
    const tight = await traceLineart(image, { tolerancePx: 0.3 })
    const capped = await traceLineart(image, { tolerancePx: 0.3, maxSegments: 10 })
    expect(capped.stats.tolerancePx).toBeGreaterThan(0.3)
    expect(capped.stats.segments).toBeLessThanOrEqual(Math.max(10, 2 * 8))
    expect(tight.stats.segments).toBeGreaterThan(capped.stats.segments)
  })
})

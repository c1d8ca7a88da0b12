// The lineart engine on what patent sheets hold besides plain lines: dots that must stay dots,
// dashes that must stay that many dashes, close parallel hatching, periods and letters whose
// counters must stay open. Images are made here; outputs are checked as paths and, for the
// letters, rasterized back and compared by ink components and holes (what a reader sees).

import { describe, expect, it } from 'vitest'
import { flattenPath } from '../../../src/engines/figure/geometry'
import { traceLineart } from '../../../src/engines/lineart'
import type { GrayImage } from '../../../src/engines/raster'
import type { StrokeLayer, VectorDrawing, VectorPath } from '../../../src/engines/vector'
import { block, canvas, circle, disc, segment } from './shapes'

/** Every path with its layer's pen width. */
const pens = (drawing: VectorDrawing): { path: VectorPath; width: number }[] =>
  drawing.layers.flatMap((layer) =>
    (layer as StrokeLayer).paths.map((path) => ({ path, width: (layer as StrokeLayer).width })),
  )

/** The drawing rasterized: pixels whose centres lie within half a pen of a path. */
function rasterize(drawing: VectorDrawing): Uint8Array {
  const { width, height } = drawing
  const ink = new Uint8Array(width * height)
  const dab = (x: number, y: number, r: number) => {
    for (let py = Math.max(0, Math.floor(y - r)); py <= Math.min(height - 1, y + r); py++) {
      for (let px = Math.max(0, Math.floor(x - r)); px <= Math.min(width - 1, x + r); px++) {
        if (Math.hypot(px + 0.5 - x, py + 0.5 - y) <= r) ink[py * width + px] = 1
      }
    }
  }
  for (const { path, width: pen } of pens(drawing)) {
    dab(path.start.x, path.start.y, pen / 2)
    for (const { a, b } of flattenPath(path, 0.5)) {
      const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 0.25))
      for (let k = 1; k <= n; k++)
        dab(a.x + ((b.x - a.x) * k) / n, a.y + ((b.y - a.y) * k) / n, pen / 2)
    }
  }
  return ink
}

/** Ink components (8-connected) and holes (4-connected paper off the box's edge) in a box. */
function topology(
  ink: Uint8Array,
  width: number,
  [x0, y0, x1, y1]: [number, number, number, number],
): { parts: number; holes: number } {
  const w = x1 - x0
  const h = y1 - y0
  const at = (x: number, y: number) => ink[(y0 + y) * width + x0 + x]!
  const seen = new Uint8Array(w * h)
  let parts = 0
  let holes = 0
  for (let start = 0; start < w * h; start++) {
    if (seen[start]) continue
    const inked = at(start % w, Math.floor(start / w))
    const steps = inked
      ? [-1, 0, 1].flatMap((dy) => [-1, 0, 1].map((dx) => [dx, dy] as const))
      : ([
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ] as const)
    let edge = false
    const stack = [start]
    seen[start] = 1
    while (stack.length > 0) {
      const i = stack.pop()!
      const x = i % w
      const y = (i - x) / w
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) edge = true
      for (const [dx, dy] of steps) {
        const nx = x + dx
        const ny = y + dy
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue
        const j = ny * w + nx
        if (!seen[j] && at(nx, ny) === inked) {
          seen[j] = 1
          stack.push(j)
        }
      }
    }
    if (inked) parts++
    else if (!edge) holes++
  }
  return { parts, holes }
}

const inkOf = (image: GrayImage): Uint8Array => image.data.map((v) => (v < 128 ? 1 : 0))

/** A frame around the sheet, so nothing on it is alone on blank paper. */
function framed(width: number, height: number): GrayImage {
  const image = canvas(width, height)
  segment(image, 4, 4, width - 4, 4, 2)
  segment(image, 4, height - 4, width - 4, height - 4, 2)
  segment(image, 4, 4, 4, height - 4, 2)
  segment(image, width - 4, 4, width - 4, height - 4, 2)
  return image
}

describe('lineart on patent sheets', () => {
  it('draws round dots of 3-6 px as dots at their centres and about their size', async () => {
    const image = framed(220, 140)
    segment(image, 20, 30, 200, 30, 2)
    // Rows of separate dots, each row as far apart as a dotted line's: 4 diameters + 4 px.
    const centres: [number, number, number][] = []
    for (const [row, diameter] of [3, 4, 5, 6].entries()) {
      for (let k = 0; k < 5; k++) {
        centres.push([30.5 + (4 * diameter + 4) * k, 52.5 + 22 * row, diameter])
      }
    }
    for (const [x, y, d] of centres) disc(image, x, y, d)
    const { drawing } = await traceLineart(image)
    const dots = pens(drawing).filter((p) => p.path.segments.length === 0)
    for (const [x, y, d] of centres) {
      const found = dots.filter((p) => Math.hypot(p.path.start.x - x, p.path.start.y - y) <= 1)
      expect(found, `dot of ${d} px at ${x}, ${y}`).toHaveLength(1)
      expect(Math.abs(found[0]!.width - d)).toBeLessThanOrEqual(1.5)
    }
    // Nothing else on the dots' rows: no dash, no tick.
    const strays = pens(drawing).filter(
      (p) => p.path.segments.length > 0 && p.path.start.y > 40 && p.path.start.y < 130,
    )
    expect(strays.filter((p) => p.path.start.x > 10 && p.path.start.x < 210)).toHaveLength(0)
  })

  it("draws a black-and-white stipple's dots of 2-5 px with their own ink, at their centres", async () => {
    // One field per size: dots 9 px apart, jittered by up to 3 px, at sub-pixel centres.
    let seed = 7
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
      return seed / 2 ** 32
    }
    for (const diameter of [2, 3, 4, 5]) {
      const image = framed(200, 200)
      const centres: [number, number][] = []
      for (let y = 20; y < 180; y += 9) {
        for (let x = 20; x < 180; x += 9) centres.push([x + 3 * random(), y + 3 * random()])
      }
      for (const [x, y] of centres) disc(image, x, y, diameter)
      let inked = 0
      for (let y = 12; y < 188; y++) {
        for (let x = 12; x < 188; x++) if (image.data[y * 200 + x] === 0) inked++
      }
      const { drawing } = await traceLineart(image)
      // The ink drawn inside the frame: a dot is a disc, a stroke its length plus round caps.
      let drawn = 0
      for (const { path, width } of pens(drawing)) {
        if (path.start.x < 8 || path.start.x > 192 || path.start.y < 8 || path.start.y > 192) {
          continue
        }
        const length = flattenPath(path, 0.5).reduce(
          (sum, { a, b }) => sum + Math.hypot(b.x - a.x, b.y - a.y),
          0,
        )
        drawn += length * width + (Math.PI * width * width) / 4
      }
      expect(drawn / inked, `${diameter} px dots`).toBeGreaterThan(0.9)
      expect(drawn / inked, `${diameter} px dots`).toBeLessThan(1.1)
      const dots = pens(drawing).filter((p) => p.path.segments.length === 0)
      const offsets = centres.map(([x, y]) =>
        Math.min(...dots.map((p) => Math.hypot(p.path.start.x - x, p.path.start.y - y))),
      )
      // A few 4 px dots (5 of 324 here) thin to a chain of four pixels a little longer across
      // than a blob's (1.5 of its chamfer width) and stay 2 px ticks.
      const centred = offsets.filter((offset) => offset <= 0.5).length / offsets.length
      expect(centred, `${diameter} px dots`).toBeGreaterThanOrEqual(0.98)
    }
  })

  it('keeps every dot of a regular field of large dots (16 px on a 22 px grid)', async () => {
    // Each dot's 16 like neighbours were taken in the grid cells' raster order, all above it:
    // none lay opposite another, and a third of the field was dropped as lone specks.
    const image = framed(400, 400)
    const centres: [number, number][] = []
    for (let y = 24.5; y < 380; y += 22) for (let x = 24.5; x < 380; x += 22) centres.push([x, y])
    for (const [x, y] of centres) disc(image, x, y, 16)
    const { drawing, stats } = await traceLineart(image)
    const dots = pens(drawing).filter((p) => p.path.segments.length === 0)
    expect(dots).toHaveLength(centres.length)
    expect(stats.isolated).toBe(0)
    for (const { width } of dots) expect(Math.abs(width - 16)).toBeLessThanOrEqual(0.5)
  })

  it('keeps a dashed line as the same number of dashes', async () => {
    const image = framed(260, 80)
    const dashes = 12
    for (let k = 0; k < dashes; k++) segment(image, 20 + 18 * k, 40, 32 + 18 * k, 40, 2)
    const { drawing } = await traceLineart(image)
    const onLine = pens(drawing).filter(
      (p) =>
        Math.abs(p.path.start.y - 40) < 2 &&
        p.path.segments.every((s) => Math.abs(s.to.y - 40) < 2) &&
        p.path.start.x > 10 &&
        p.path.start.x < 250,
    )
    expect(onLine).toHaveLength(dashes)
    expect(onLine.every((p) => p.path.segments.length > 0)).toBe(true)
  })

  it('keeps parallel hatching at a 4 px pitch as that many parallel strokes', async () => {
    const image = framed(200, 120)
    const lines = 14
    for (let k = 0; k < lines; k++) block(image, 40, 30 + 4 * k, 160, 32 + 4 * k)
    const { drawing } = await traceLineart(image)
    const hatch = pens(drawing).filter((p) => p.path.start.x > 30 && p.path.start.x < 170)
    expect(hatch).toHaveLength(lines)
    const ys = hatch.map((p) => p.path.start.y).sort((a, b) => a - b)
    for (const [k, y] of ys.entries()) expect(Math.abs(y - (31 + 4 * k))).toBeLessThan(1)
    for (const { path } of hatch) {
      const xs = [path.start.x, ...path.segments.map((s) => s.to.x)]
      expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(0.8 * 120)
    }
  })

  it('keeps the period after every "FIG" on a sheet of many labels', async () => {
    // 24 labels: more lone dots than a clean drawing's few, so the noisy-scan rule applies.
    const image = canvas(640, 300)
    const periods: [number, number][] = []
    for (let k = 0; k < 24; k++) {
      const x = 20 + 150 * (k % 4)
      const y = 20 + 45 * Math.floor(k / 4)
      segment(image, x, y, x, y + 24, 3)
      segment(image, x, y, x + 14, y, 3)
      segment(image, x, y + 12, x + 11, y + 12, 3)
      segment(image, x + 24, y, x + 24, y + 24, 3)
      segment(image, x + 36, y, x + 52, y, 3)
      segment(image, x + 36, y, x + 36, y + 24, 3)
      segment(image, x + 36, y + 24, x + 52, y + 24, 3)
      segment(image, x + 52, y + 24, x + 52, y + 13, 3)
      segment(image, x + 52, y + 13, x + 45, y + 13, 3)
      block(image, x + 60, y + 21, x + 64, y + 25)
      periods.push([x + 62, y + 23])
      // The figure's number: a "1".
      segment(image, x + 80, y, x + 80, y + 24, 3)
    }
    const { drawing } = await traceLineart(image)
    const dots = pens(drawing).filter((p) => p.path.segments.length === 0)
    for (const [x, y] of periods) {
      expect(
        dots.filter((p) => Math.hypot(p.path.start.x - x, p.path.start.y - y) <= 1.5),
        `period at ${x}, ${y}`,
      ).toHaveLength(1)
    }
  })

  it('keeps the counters of "e", "a" and "8" open: the same ink components and holes', async () => {
    const image = framed(260, 100)
    // "e": a ring open at the lower right, with its bar.
    circle(image, 50, 50, 16, 4)
    for (let y = 52; y < 66; y++) image.data.fill(255, y * 260 + 52, y * 260 + 70)
    segment(image, 36, 50, 64, 50, 4)
    // "a": a bowl and its stem.
    circle(image, 120, 56, 12, 4)
    segment(image, 133, 30, 133, 70, 4)
    // "8": two rings, one on the other.
    circle(image, 200, 36, 11, 4)
    circle(image, 200, 64, 14, 4)
    const { drawing } = await traceLineart(image)
    const ours = rasterize(drawing)
    const input = inkOf(image)
    for (const [name, box] of [
      ['e', [28, 28, 74, 72]],
      ['a', [102, 24, 142, 76]],
      ['8', [180, 18, 220, 84]],
    ] as const) {
      const boxed = box as unknown as [number, number, number, number]
      expect(topology(ours, 260, boxed), name).toEqual(topology(input, 260, boxed))
    }
    expect(topology(input, 260, [180, 18, 220, 84])).toEqual({ parts: 1, holes: 2 })
  })
})

// The shared case suite of the three vector writers (SVG, DXF, PDF): the same drawings go through
// each writer, a format-specific reader brings the file back to pixel geometry, and the geometry
// must match the model within the writer's tolerance. Each *.test.ts adds its format's own checks.

import { expect, it } from 'vitest'
import type { Point, Rgb, Segment, VectorDrawing, VectorPath } from '../../src/engines/vector'

/** One subpath read back: closedness and points along it, in source pixels (y down). */
export interface ReadBackPath {
  closed: boolean
  /** Points along the subpath, closing segment included when closed, dense enough to measure. */
  points: Point[]
}

/** One layer read back. */
export interface ReadBackLayer {
  kind: 'stroke' | 'fill'
  color: Rgb
  /** Pen width in pixels, when the format records it exactly. */
  width?: number
  paths: ReadBackPath[]
}

/** A file read back into the model's frame (pixels, y down), using the drawing's known scale. */
export interface ReadBack {
  /** Canvas size in pixels, from the file's declared size. */
  width: number
  height: number
  layers: ReadBackLayer[]
}

/** A writer and the reader that parses its output back. */
export interface WriterUnderTest {
  write(drawing: VectorDrawing): Promise<Uint8Array>
  /** Parses `bytes` back; `drawing` gives the expected pixel scale, not the geometry. */
  read(bytes: Uint8Array, drawing: VectorDrawing): Promise<ReadBack>
  /** Largest allowed distance between written and model geometry, in pixels. */
  tolerancePx: number
}

// ---------------------------------------------------------------------------------------------
// Drawings
// ---------------------------------------------------------------------------------------------

const P = (x: number, y: number): Point => ({ x, y })
export const line = (x: number, y: number): Segment => ({ kind: 'line', to: P(x, y) })
export const arc = (x: number, y: number, bulge: number): Segment => ({
  kind: 'arc',
  to: P(x, y),
  bulge,
})
export const cubic = (
  c1x: number,
  c1y: number,
  c2x: number,
  c2y: number,
  x: number,
  y: number,
): Segment => ({ kind: 'cubic', c1: P(c1x, c1y), c2: P(c2x, c2y), to: P(x, y) })
export const path = (x: number, y: number, segments: Segment[], closed = false): VectorPath => ({
  start: P(x, y),
  segments,
  closed,
})

export const BLACK: Rgb = { r: 0, g: 0, b: 0 }
export const BLUE: Rgb = { r: 51, g: 102, b: 153 }
export const RED: Rgb = { r: 200, g: 30, b: 10 }

/** Canvas of every case, in pixels. */
export const WIDTH = 120
export const HEIGHT = 90

const stroke = (width: number, paths: VectorPath[], color = BLACK): VectorDrawing['layers'][0] => ({
  kind: 'stroke',
  color,
  width,
  paths,
})

/** The square case's outline, shared with the format tests. */
export const SQUARE = { left: 20, top: 15, right: 70, bottom: 65 }

/** The drawings, named for what they exercise; no density (the suite adds densities). */
export const CASES: Readonly<Record<string, Omit<VectorDrawing, 'density'>>> = {
  'a closed square': {
    width: WIDTH,
    height: HEIGHT,
    layers: [
      stroke(2, [
        path(
          SQUARE.left,
          SQUARE.top,
          [
            line(SQUARE.right, SQUARE.top),
            line(SQUARE.right, SQUARE.bottom),
            line(SQUARE.left, SQUARE.bottom),
            line(SQUARE.left, SQUARE.top),
          ],
          true,
        ),
      ]),
    ],
  },
  'an open polyline': {
    width: WIDTH,
    height: HEIGHT,
    layers: [
      stroke(1.5, [path(10, 80, [line(30, 60), line(50, 80), line(70, 60.37), line(95.5, 80.25)])]),
    ],
  },
  'arcs of 180°, more than 180° and clockwise': {
    width: WIDTH,
    height: HEIGHT,
    layers: [
      stroke(2, [
        path(20, 30, [arc(60, 30, 1)]),
        path(70, 40, [arc(100, 40, 2)]),
        path(20, 70, [arc(50, 70, -0.4), line(55, 80)]),
        path(80, 70, [arc(100, 70, 1), arc(80, 70, 1)], true),
      ]),
    ],
  },
  cubics: {
    width: WIDTH,
    height: HEIGHT,
    layers: [
      stroke(2, [
        path(10, 50, [cubic(25, 10, 55, 90, 70, 50)]),
        path(80, 20, [cubic(110, 20, 110, 70, 80, 70)]),
        path(20, 75, [cubic(30, 60, 50, 60, 60, 75), cubic(50, 88, 30, 88, 20, 75)], true),
      ]),
    ],
  },
  dots: {
    width: WIDTH,
    height: HEIGHT,
    layers: [stroke(5, [path(60, 45, []), path(90.25, 20.5, [])])],
  },
  'a fill layer with a hole': {
    width: WIDTH,
    height: HEIGHT,
    layers: [
      {
        kind: 'fill',
        color: BLUE,
        paths: [
          path(10, 10, [line(110, 10), line(110, 80), line(10, 80), line(10, 10)], true),
          path(40, 30, [line(80, 30), line(80, 60), line(40, 60), line(40, 30)], true),
        ],
      },
    ],
  },
  'two stroke widths': {
    width: WIDTH,
    height: HEIGHT,
    layers: [
      stroke(1, [path(10, 20, [line(110, 20)])]),
      stroke(4.5, [path(10, 60, [line(110, 60), line(110, 80)])], RED),
    ],
  },
}

/** The densities every case runs with: none, square 300 DPI, and unequal axes. */
export const DENSITIES: readonly (VectorDrawing['density'] | undefined)[] = [
  undefined,
  { x: 300, y: 300 },
  { x: 600, y: 200 },
]

export const densityLabel = (density: VectorDrawing['density']) =>
  density === undefined ? 'absent' : `${density.x}×${density.y} dpi`

// ---------------------------------------------------------------------------------------------
// Geometry
// ---------------------------------------------------------------------------------------------

/** Sample spacing along curves and lines, in pixels. */
const STEP_PX = 0.2

/** Appends points from `a` to `b` (excluding `a`) every STEP_PX at most. */
export function sampleLine(out: Point[], a: Point, b: Point): void {
  const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / STEP_PX))
  for (let i = 1; i <= n; i++) out.push(P(a.x + ((b.x - a.x) * i) / n, a.y + ((b.y - a.y) * i) / n))
}

/**
 * Appends points of a bulge arc from `a` to `b`, excluding `a`, in a frame where a positive bulge
 * is counterclockwise with y pointing UP (DXF's convention). Derived here independently of the
 * writers: θ = 4·atan(b), the centre on the chord's bisector at distance chord/2 · cot(θ/2).
 */
export function sampleBulgeYUp(out: Point[], a: Point, b: Point, bulge: number): void {
  const dx = b.x - a.x
  const dy = b.y - a.y
  const chord = Math.hypot(dx, dy)
  if (bulge === 0 || chord === 0) {
    sampleLine(out, a, b)
    return
  }
  const theta = 4 * Math.atan(bulge)
  const offset = chord / 2 / Math.tan(theta / 2)
  // Unit normal to the left of the chord (counterclockwise quarter turn, y up).
  const nx = -dy / chord
  const ny = dx / chord
  const cx = (a.x + b.x) / 2 + nx * offset
  const cy = (a.y + b.y) / 2 + ny * offset
  const r = Math.hypot(a.x - cx, a.y - cy)
  const start = Math.atan2(a.y - cy, a.x - cx)
  const n = Math.max(2, Math.ceil((Math.abs(theta) * r) / STEP_PX))
  for (let i = 1; i < n; i++) {
    const t = start + (theta * i) / n
    out.push(P(cx + r * Math.cos(t), cy + r * Math.sin(t)))
  }
  out.push(P(b.x, b.y))
}

/** Appends points of a cubic Bézier, excluding its start. */
export function sampleCubic(out: Point[], p0: Point, p1: Point, p2: Point, p3: Point): void {
  const length =
    Math.hypot(p1.x - p0.x, p1.y - p0.y) +
    Math.hypot(p2.x - p1.x, p2.y - p1.y) +
    Math.hypot(p3.x - p2.x, p3.y - p2.y)
  const n = Math.max(2, Math.ceil(length / STEP_PX))
  for (let i = 1; i <= n; i++) {
    const t = i / n
    const u = 1 - t
    const w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t] as const
    out.push(
      P(
        w[0] * p0.x + w[1] * p1.x + w[2] * p2.x + w[3] * p3.x,
        w[0] * p0.y + w[1] * p1.y + w[2] * p2.y + w[3] * p3.y,
      ),
    )
  }
}

/**
 * The model path as points (pixels, y down). The model's arcs turn counterclockwise on screen
 * for a positive bulge: in the mirrored frame (x, −y), which looks the same with y up, that is
 * DXF's counterclockwise, so arcs are sampled there and mirrored back.
 */
export function sampleModelPath(p: VectorPath, closeIt: boolean): Point[] {
  const out = [p.start]
  let at = p.start
  for (const s of p.segments) {
    if (s.kind === 'line') sampleLine(out, at, s.to)
    else if (s.kind === 'cubic') sampleCubic(out, at, s.c1, s.c2, s.to)
    else {
      const up: Point[] = []
      sampleBulgeYUp(up, P(at.x, -at.y), P(s.to.x, -s.to.y), s.bulge)
      for (const q of up) out.push(P(q.x, -q.y))
    }
    at = s.to
  }
  if (closeIt && (at.x !== p.start.x || at.y !== p.start.y)) sampleLine(out, at, p.start)
  return out
}

/** Distance from `q` to the polyline through `points`. */
export function distanceToPolyline(q: Point, points: readonly Point[]): number {
  if (points.length === 1) return Math.hypot(q.x - points[0]!.x, q.y - points[0]!.y)
  let best = Number.POSITIVE_INFINITY
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!
    const b = points[i]!
    const vx = b.x - a.x
    const vy = b.y - a.y
    const vv = vx * vx + vy * vy
    const t = vv === 0 ? 0 : Math.min(1, Math.max(0, ((q.x - a.x) * vx + (q.y - a.y) * vy) / vv))
    best = Math.min(best, Math.hypot(q.x - a.x - t * vx, q.y - a.y - t * vy))
  }
  return best
}

/** Symmetric Hausdorff distance between two sampled polylines, in pixels. */
export function hausdorff(a: readonly Point[], b: readonly Point[]): number {
  let worst = 0
  for (const q of a) worst = Math.max(worst, distanceToPolyline(q, b))
  for (const q of b) worst = Math.max(worst, distanceToPolyline(q, a))
  return worst
}

/** The drawing with `density` set (or left out). */
export function withDensity(
  drawing: Omit<VectorDrawing, 'density'>,
  density: VectorDrawing['density'],
): VectorDrawing {
  return density === undefined ? { ...drawing } : { ...drawing, density }
}

// ---------------------------------------------------------------------------------------------
// The suite
// ---------------------------------------------------------------------------------------------

/**
 * Registers the shared cases (call inside the writer's describe): every drawing at every density
 * is written, read back, and compared with the model: canvas size, layer kinds, colours and
 * widths, subpath count, closedness, and each subpath's geometry within `tolerancePx`.
 */
export function writerCases(subject: WriterUnderTest): void {
  for (const [name, base] of Object.entries(CASES)) {
    for (const density of DENSITIES) {
      it(`reads back ${name} within ${subject.tolerancePx} px when the density is ${densityLabel(density)}`, async () => {
        const drawing = withDensity(base, density)
        const back = await subject.read(await subject.write(drawing), drawing)
        expect(back.width).toBeCloseTo(drawing.width, 3)
        expect(back.height).toBeCloseTo(drawing.height, 3)
        expect(back.layers.map((l) => l.kind)).toEqual(drawing.layers.map((l) => l.kind))
        drawing.layers.forEach((layer, i) => {
          const read = back.layers[i]!
          expect(read.color, `layer ${i} colour`).toEqual(layer.color)
          if (layer.kind === 'stroke' && read.width !== undefined) {
            expect(read.width, `layer ${i} width`).toBeCloseTo(layer.width, 2)
          }
          expect(read.paths).toHaveLength(layer.paths.length)
          layer.paths.forEach((p, j) => {
            const closed = layer.kind === 'fill' || p.closed
            const got = read.paths[j]!
            expect(got.closed, `layer ${i} path ${j} closed`).toBe(closed && p.segments.length > 0)
            const distance = hausdorff(sampleModelPath(p, closed), got.points)
            expect(distance, `layer ${i} path ${j} distance`).toBeLessThanOrEqual(
              subject.tolerancePx,
            )
          })
        })
      })
    }
  }
}

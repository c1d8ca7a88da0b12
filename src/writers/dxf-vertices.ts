/**
 * The DXF writer's path conversion (vectorize path, write step): a model path (pixels, y down)
 * → polyline vertices with bulges in millimetres (y up), for LWPOLYLINE and HATCH loops alike.
 */

import type { VectorPath } from '../engines/vector'
import { grownArray } from '../lib/release'
import { arcToCubics, type CubicSink } from './arc-geometry'
import { type ArcSink, cubicToArcs } from './cubic-to-arcs'
import type { Units } from './dxf-sections'

/** Largest distance between a cubic and the arcs written for it, in source pixels. */
const CUBIC_TOLERANCE_PX = 0.1
/** Error allowed when an arc is first turned into cubics (unequal densities only), in pixels. */
const ARC_TO_CUBIC_TOLERANCE_PX = 0.005
/** Decimals of a bulge: its sagitta error is below 1e-6 of the chord. */
export const BULGE_DECIMALS = 6
const BULGE_STEPS = 1e6

/** Whether a bulge is written: one that rounds to 0 at {@link BULGE_DECIMALS} is a line. */
export function writtenBulge(bulge: number): boolean {
  return Math.round(bulge * BULGE_STEPS) !== 0
}

/**
 * One polyline's vertices in drawing units, each with the bulge of the segment it starts: the
 * first `count` entries of typed arrays kept for every path (JS arrays emptied per path gave up
 * their storage and grew it again: garbage for every one of a noise sheet's 55 000 paths).
 */
export class Vertices {
  x = new Float64Array(64)
  y = new Float64Array(64)
  bulge = new Float64Array(64)
  count = 0
  closed = false
  /** Decimals the coordinates are written with; vertices equal at that precision merge. */
  readonly decimals: number
  readonly #scale: number

  constructor(decimals: number) {
    this.decimals = decimals
    this.#scale = 10 ** decimals
  }

  reset(x: number, y: number, closed: boolean): void {
    this.count = 0
    this.closed = closed
    this.#push(x, y)
  }

  /** Adds a segment to (x, y); one that ends where it starts, as written, is dropped. */
  segment(bulge: number, x: number, y: number): void {
    const last = this.count - 1
    if (this.#same(this.x[last]!, this.y[last]!, x, y)) return
    this.bulge[last] = bulge
    this.#push(x, y)
  }

  /** Drops a closed path's repeated start; makes a lone point a two-vertex dot. */
  finish(): void {
    const last = this.count - 1
    if (last === 0) {
      this.closed = false
      this.#push(this.x[0]!, this.y[0]!)
    } else if (this.closed && this.#same(this.x[0]!, this.y[0]!, this.x[last]!, this.y[last]!)) {
      this.count--
    }
  }

  /** Appends a vertex with bulge 0, growing the arrays when full. */
  #push(x: number, y: number): void {
    if (this.count === this.x.length) {
      this.x = grownArray(this.x, 2 * this.count)
      this.y = grownArray(this.y, 2 * this.count)
      this.bulge = grownArray(this.bulge, 2 * this.count)
    }
    this.x[this.count] = x
    this.y[this.count] = y
    this.bulge[this.count++] = 0
  }

  #same(ax: number, ay: number, bx: number, by: number): boolean {
    const s = this.#scale
    return Math.round(ax * s) === Math.round(bx * s) && Math.round(ay * s) === Math.round(by * s)
  }
}

/**
 * Converts paths to vertices in drawing units (y up). Cubics go through biarcs. Arcs keep their
 * bulge when both axes scale alike; with unequal densities a circle in pixels is an ellipse in
 * millimetres, so its arcs go through cubics (exact under the scaling) and then biarcs. One
 * converter serves every path, its callbacks made once: closures per path were the writer's
 * largest allocation (41 MB of garbage for the 55 000 paths of a noise sheet).
 */
export class PathConverter {
  readonly #units: Units
  readonly #out: Vertices
  readonly #tolerance: number
  readonly #uniform: boolean
  /** The current point in drawing units. */
  #x = 0
  #y = 0
  readonly #emit: ArcSink
  readonly #cubic: CubicSink

  constructor(units: Units, out: Vertices) {
    this.#units = units
    this.#out = out
    this.#tolerance = CUBIC_TOLERANCE_PX * Math.min(units.sx, units.sy)
    this.#uniform = Math.abs(units.sx - units.sy) <= 1e-12 * Math.max(units.sx, units.sy)
    this.#emit = (bulge, ex, ey) => out.segment(bulge, ex, ey)
    this.#cubic = (c1x, c1y, c2x, c2y, ex, ey) => this.#toCubic(c1x, c1y, c2x, c2y, ex, ey)
  }

  #X(x: number): number {
    return x * this.#units.sx
  }

  #Y(y: number): number {
    return (this.#units.height - y) * this.#units.sy
  }

  /** A cubic in pixels from the current point, as biarcs. */
  #toCubic(c1x: number, c1y: number, c2x: number, c2y: number, ex: number, ey: number): void {
    const tx = this.#X(ex)
    const ty = this.#Y(ey)
    cubicToArcs(
      this.#x,
      this.#y,
      this.#X(c1x),
      this.#Y(c1y),
      this.#X(c2x),
      this.#Y(c2y),
      tx,
      ty,
      this.#tolerance,
      this.#emit,
    )
    this.#x = tx
    this.#y = ty
  }

  /**
   * `path`'s vertices into the converter's Vertices.
   * @param closed whether the path is closed: fill layers close every path
   */
  convert(path: VectorPath, closed = path.closed): void {
    const out = this.#out
    // The current point, in pixels (and in drawing units in #x, #y).
    let px = path.start.x
    let py = path.start.y
    this.#x = this.#X(px)
    this.#y = this.#Y(py)
    out.reset(this.#x, this.#y, closed)
    for (const segment of path.segments) {
      const { to } = segment
      if (segment.kind === 'cubic') {
        this.#toCubic(segment.c1.x, segment.c1.y, segment.c2.x, segment.c2.y, to.x, to.y)
      } else if (segment.kind === 'arc' && Number.isFinite(segment.bulge) && !this.#uniform) {
        // In pixels (y down) the model's positive bulge turns towards decreasing atan2 angle.
        arcToCubics(px, py, to.x, to.y, -segment.bulge, ARC_TO_CUBIC_TOLERANCE_PX, this.#cubic)
      } else {
        this.#x = this.#X(to.x)
        this.#y = this.#Y(to.y)
        out.segment(
          segment.kind === 'arc' && Number.isFinite(segment.bulge) ? segment.bulge : 0,
          this.#x,
          this.#y,
        )
      }
      px = to.x
      py = to.y
    }
    out.finish()
  }
}

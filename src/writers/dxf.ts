/**
 * DXF writer (vectorize path, write step): VectorDrawing → an AutoCAD R2000 (AC1015) ASCII DXF
 * with one layer per model layer and one LWPOLYLINE per path, y up, in mm when the DPI is known.
 */

import type { VectorDrawing, VectorPath } from '../engines/vector'
import { concatBytes } from '../lib/bytes'
import { grownArray } from '../lib/release'
import { arcToCubics, type CubicSink } from './arc-geometry'
import { asciiText } from './ascii-writer'
import { checkDrawing } from './check-drawing'
import { type ArcSink, cubicToArcs } from './cubic-to-arcs'
import { Groups, Handles } from './dxf-groups'
import {
  layerNames,
  type Units,
  writeBlocks,
  writeHeader,
  writeObjects,
  writeTables,
} from './dxf-sections'

/*
 * Writer: DXF.
 * Job: serialize every path as an LWPOLYLINE in model space, with the file structure R2000
 * readers require (HEADER, CLASSES, TABLES, BLOCKS, ENTITIES, OBJECTS; handles and owners).
 * Input → output: VectorDrawing (pixels, y down) → DXF text (y up; mm, or pixels when there is
 * no density).
 * Source: AutoCAD DXF Reference (R2000 / AC1015), LWPOLYLINE group codes; the file structure is
 * in ./dxf-sections.ts.
 * Arcs keep their bulge: the y flip is a mirror, but it is undone by viewing y up, so an arc that
 * turns counterclockwise on screen still does, and DXF's positive bulge is counterclockwise.
 * Cubics become arcs (./cubic-to-arcs.ts) within 0.1 px; no SPLINE entities.
 */

/** Largest distance between a cubic and the arcs written for it, in source pixels. */
const CUBIC_TOLERANCE_PX = 0.1
/** Error allowed when an arc is first turned into cubics (unequal densities only), in pixels. */
const ARC_TO_CUBIC_TOLERANCE_PX = 0.005
/** Decimals of coordinates: 0.001 px, or 0.0001 mm (0.0012 px at 300 DPI). */
const PX_DECIMALS = 3
const MM_DECIMALS = 4
/** Decimals of a bulge: its sagitta error is below 1e-6 of the chord. */
const BULGE_DECIMALS = 6
const BULGE_STEPS = 1e6
const MM_PER_INCH = 25.4

/**
 * Writes the drawing as R2000 DXF. With a density, coordinates are millimetres (px / dpi · 25.4,
 * per axis) and $INSUNITS is 4; without, they are pixels and $INSUNITS is 0 (unitless). y is
 * flipped (y' = height − y) so the drawing reads the same way up. Layers: stroke layers are named
 * LINES, LINES_2, …, fill layers FILL_RRGGBB (a suffix _2, _3 … when a colour repeats), each with
 * its colour as true colour (420) and an ACI fallback (62), and stroke layers with the nearest
 * standard lineweight (370) when the density is known. Each path is one LWPOLYLINE (flag 1 when
 * closed): lines as vertices with bulge 0, arcs as the bulge (42) of their first vertex, cubics as
 * biarcs within 0.1 px; a dot as two coincident vertices. Fill layers are written as their
 * outlines (no HATCH).
 * @returns the file, ASCII text with LF line ends
 * @throws RangeError when the drawing's size or density is not positive (caller bug)
 */
export function writeDxf(drawing: VectorDrawing): string {
  return asciiText(dxfBytes(drawing))
}

/** {@link writeDxf}'s file as bytes (ASCII, hence also UTF-8), without a string between. */
export function dxfBytes(drawing: VectorDrawing): Uint8Array {
  return concatBytes(dxfParts(drawing))
}

/**
 * {@link dxfBytes}'s file in the writer's chunks, for a store that takes parts: a DXF is verbose
 * (6.8 MB for the 55 000 paths of a noise sheet), and one whole copy fewer counts.
 */
export function dxfParts(drawing: VectorDrawing): Uint8Array[] {
  checkDrawing(drawing)
  const { density } = drawing
  const units: Units =
    density === undefined
      ? { sx: 1, sy: 1, height: drawing.height, decimals: PX_DECIMALS, insunits: 0 }
      : {
          sx: MM_PER_INCH / density.x,
          sy: MM_PER_INCH / density.y,
          height: drawing.height,
          decimals: MM_DECIMALS,
          insunits: 4,
        }
  const width = drawing.width * units.sx
  const height = drawing.height * units.sy
  const names = layerNames(drawing.layers)
  const handles = new Handles()
  const body = new Groups()

  const spaces = writeTables(body, handles, drawing, names, units, width, height)
  writeBlocks(body, handles, spaces)
  body.section('ENTITIES')
  const vertices = new Vertices(units.decimals)
  const converter = new PathConverter(units, vertices)
  drawing.layers.forEach((layer, i) => {
    for (const path of layer.paths) {
      converter.convert(path)
      writePolyline(body, handles.next(), spaces.model, names[i]!, vertices)
    }
  })
  body.end('ENDSEC')
  writeObjects(body, handles)
  body.end('EOF')

  // The header names the next free handle, known only now, so it is written last and put first.
  const head = new Groups()
  head.add(
    999,
    `Figure API vector drawing; ${units.insunits === 4 ? 'millimetres' : 'pixels'}, y up`,
  )
  writeHeader(head, handles.seed(), units, width, height)
  head.section('CLASSES')
  head.end('ENDSEC')
  return [...head.out.parts(), ...body.out.parts()]
}

// ---------------------------------------------------------------------------------------------
// ENTITIES
// ---------------------------------------------------------------------------------------------

/**
 * One polyline's vertices in drawing units, each with the bulge of the segment it starts: the
 * first `count` entries of typed arrays kept for every path (JS arrays emptied per path gave up
 * their storage and grew it again: garbage for every one of a noise sheet's 55 000 paths).
 */
class Vertices {
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
class PathConverter {
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

  /** `path`'s vertices into the converter's Vertices. */
  convert(path: VectorPath): void {
    const out = this.#out
    // The current point, in pixels (and in drawing units in #x, #y).
    let px = path.start.x
    let py = path.start.y
    this.#x = this.#X(px)
    this.#y = this.#Y(py)
    out.reset(this.#x, this.#y, path.closed)
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

function writePolyline(g: Groups, handle: string, owner: string, layer: string, v: Vertices): void {
  g.add(0, 'LWPOLYLINE')
  g.add(5, handle)
  g.add(330, owner)
  g.add(100, 'AcDbEntity')
  g.add(8, layer)
  g.add(100, 'AcDbPolyline')
  g.add(90, v.count)
  g.add(70, v.closed ? 1 : 0)
  for (let i = 0; i < v.count; i++) {
    g.real(10, v.x[i]!, v.decimals)
    g.real(20, v.y[i]!, v.decimals)
    const bulge = v.bulge[i]!
    if (Math.round(bulge * BULGE_STEPS) !== 0) g.real(42, bulge, BULGE_DECIMALS)
  }
}

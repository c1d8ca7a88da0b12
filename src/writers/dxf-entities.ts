/**
 * The DXF writer's entities (vectorize path, write step): LWPOLYLINE for strokes, and solid
 * HATCH for filled regions, each region's outer loop and holes as polyline boundary paths.
 */

import { grownArray } from '../lib/release'
import type { Groups } from './dxf-groups'
import { BULGE_DECIMALS, type Vertices, writtenBulge } from './dxf-vertices'

/*
 * Source: AutoCAD DXF Reference (R2000 / AC1015): LWPOLYLINE group codes; HATCH group codes and
 * "Boundary Path Data" (polyline boundary: 92 flags with bit 2, 72 has-bulge, 73 closed,
 * 93 vertices, 10/20/42 each, 97 source objects); ezdxf's HATCH export as the tag order readers
 * accept.
 */

/** Boundary path type flags (group 92): external, polyline, outermost. */
const PATH_EXTERNAL = 1
const PATH_POLYLINE = 2
const PATH_OUTERMOST = 16
/** Hatch style 0, "odd parity" (Normal): the even-odd rule the model's fills use. */
const HATCH_STYLE_ODD_PARITY = 0
/** Pattern type 1, predefined (SOLID is one). */
const PATTERN_PREDEFINED = 1

/** The groups every model-space entity opens with: type, handle, owner, AcDbEntity, layer. */
function entityStart(g: Groups, type: string, handle: string, owner: string, layer: string): void {
  g.add(0, type)
  g.add(5, handle)
  g.add(330, owner)
  g.add(100, 'AcDbEntity')
  g.add(8, layer)
}

/** One LWPOLYLINE (flag 1 when closed), the bulge (42) only where it is not 0. */
export function writePolyline(
  g: Groups,
  handle: string,
  owner: string,
  layer: string,
  v: Vertices,
): void {
  entityStart(g, 'LWPOLYLINE', handle, owner, layer)
  g.add(100, 'AcDbPolyline')
  g.add(90, v.count)
  g.add(70, v.closed ? 1 : 0)
  for (let i = 0; i < v.count; i++) {
    g.real(10, v.x[i]!, v.decimals)
    g.real(20, v.y[i]!, v.decimals)
    const bulge = v.bulge[i]!
    if (writtenBulge(bulge)) g.real(42, bulge, BULGE_DECIMALS)
  }
}

/**
 * One region's loops in drawing units, gathered before its HATCH is written because the loop
 * count comes first. Typed arrays kept across regions, as {@link Vertices} does.
 */
export class Loops {
  x = new Float64Array(256)
  y = new Float64Array(256)
  bulge = new Float64Array(256)
  /** Loop k is vertices start[k] … start[k + 1] − 1. */
  readonly start: number[] = [0]

  get count(): number {
    return this.start.length - 1
  }

  clear(): void {
    this.start.length = 1
  }

  /**
   * Appends a converted closed path as a loop.
   * @returns false, adding nothing, when it encloses nothing as written (fewer than three
   *   vertices, or two joined by straight segments)
   */
  add(v: Vertices): boolean {
    if (!v.closed || v.count < 2) return false
    if (v.count === 2 && !writtenBulge(v.bulge[0]!) && !writtenBulge(v.bulge[1]!)) return false
    const at = this.start[this.start.length - 1]!
    const end = at + v.count
    if (end > this.x.length) {
      const length = Math.max(end, 2 * this.x.length)
      this.x = grownArray(this.x, length)
      this.y = grownArray(this.y, length)
      this.bulge = grownArray(this.bulge, length)
    }
    this.x.set(v.x.subarray(0, v.count), at)
    this.y.set(v.y.subarray(0, v.count), at)
    this.bulge.set(v.bulge.subarray(0, v.count), at)
    this.start.push(end)
    return true
  }
}

/**
 * One solid HATCH: pattern SOLID, not associative, odd-parity style, no seed points. The first
 * loop is the outer boundary (flags external + polyline), the others its holes (polyline +
 * outermost: the islands right inside it). A loop writes a bulge for every vertex when any of
 * its segments is an arc, as has-bulge (72) 1 requires.
 */
export function writeHatch(
  g: Groups,
  handle: string,
  owner: string,
  layer: string,
  loops: Loops,
  decimals: number,
): void {
  entityStart(g, 'HATCH', handle, owner, layer)
  g.add(100, 'AcDbHatch')
  // Elevation point and extrusion: the hatch lies in the world XY plane.
  g.point(10, 0, 0, 0)
  g.point(210, 0, 0, 1)
  g.add(2, 'SOLID')
  g.add(70, 1)
  g.add(71, 0)
  g.add(91, loops.count)
  for (let k = 0; k < loops.count; k++) {
    const from = loops.start[k]!
    const to = loops.start[k + 1]!
    let bulged = false
    for (let i = from; i < to && !bulged; i++) bulged = writtenBulge(loops.bulge[i]!)
    g.add(92, k === 0 ? PATH_EXTERNAL | PATH_POLYLINE : PATH_POLYLINE | PATH_OUTERMOST)
    g.add(72, bulged ? 1 : 0)
    g.add(73, 1)
    g.add(93, to - from)
    for (let i = from; i < to; i++) {
      g.real(10, loops.x[i]!, decimals)
      g.real(20, loops.y[i]!, decimals)
      if (bulged) g.real(42, loops.bulge[i]!, BULGE_DECIMALS)
    }
    g.add(97, 0)
  }
  g.add(75, HATCH_STYLE_ODD_PARITY)
  g.add(76, PATTERN_PREDEFINED)
  g.add(98, 0)
}

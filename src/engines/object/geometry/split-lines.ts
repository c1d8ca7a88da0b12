/**
 * Where each segment's visibility may change: where its image crosses the image of an outline
 * (it passes behind or comes out from behind a surface), and where it passes through another
 * part's surface (view-mesh.ts piercings). Crossings are found pair by pair among the segments
 * sharing a grid cell. Parameters are along the world segment (perspective-corrected).
 * Bounded: past MAX_PAIR_TESTS pairs or MAX_SPLITS splits (a 48-spring scene whose coils all
 * cross), the remaining changes of visibility are left to the pieces' bisection
 * (classify-lines.ts), so time and memory stay bounded and the drawing stays close.
 */

import { F64List, I32List } from './buffers'
import { buildGrid, CellList, segmentCells } from './grid-2d'
import { hypot2 } from './vec3'
import { type LineSet, SEG_STRIDE } from './view-lines'
import { piercings, type ViewMesh } from './view-mesh'

const T_SLACK = 1e-9
/** Most segment pairs one view tests for crossings. */
export const MAX_PAIR_TESTS = 4_000_000
/** Most split parameters one view collects (16 bytes each while sorting). */
export const MAX_SPLITS = 100_000

/** Split parameters per segment: those of segment s are params[start[s] .. start[s + 1]), sorted. */
export interface Splits {
  start: Int32Array
  params: Float64Array
}

/** The world parameter of image parameter t on a segment whose ends have nearness ka, kb. */
function worldParam(perspective: boolean, t: number, ka: number, kb: number): number {
  if (!perspective) return t
  return (t * kb) / ((1 - t) * ka + t * kb)
}

/**
 * The split parameters of every segment of `set` in view `vm`; `cellsPerSegment` sizes the grid
 * (0: one cell, every pair tested).
 */
export function splitLines(vm: ViewMesh, set: LineSet, cellsPerSegment: number): Splits {
  const { seg, count, outline } = set
  const perspective = vm.cam.perspective
  const bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity }
  for (let s = 0; s < count; s++) {
    const o = SEG_STRIDE * s
    bounds.minX = Math.min(bounds.minX, seg[o + 6]!, seg[o + 9]!)
    bounds.maxX = Math.max(bounds.maxX, seg[o + 6]!, seg[o + 9]!)
    bounds.minY = Math.min(bounds.minY, seg[o + 7]!, seg[o + 10]!)
    bounds.maxY = Math.max(bounds.maxY, seg[o + 7]!, seg[o + 10]!)
  }
  const foundSeg = new I32List(count)
  const foundT = new F64List(count)
  const add = (s: number, t: number) => {
    if (foundSeg.length >= MAX_SPLITS) return
    foundSeg.push(s)
    foundT.push(t)
  }
  let tests = MAX_PAIR_TESTS
  if (count > 0) {
    const grid = buildGrid(
      bounds,
      cellsPerSegment > 0 ? cellsPerSegment * count : 1,
      count,
      (s, g, list) => {
        const o = SEG_STRIDE * s
        segmentCells(
          g,
          seg[o + 6]!,
          seg[o + 7]!,
          seg[o + 9]!,
          seg[o + 10]!,
          1e-9 * (g.cellW + g.cellH),
          list,
        )
      },
    )
    const cells = new CellList()
    const stamp = new Int32Array(count).fill(-1)
    for (let a = 0; a < count && tests > 0; a++) {
      const oa = SEG_STRIDE * a
      const px = seg[oa + 6]!
      const py = seg[oa + 7]!
      const rx = seg[oa + 9]! - px
      const ry = seg[oa + 10]! - py
      const rl = hypot2(rx, ry)
      cells.count = 0
      segmentCells(grid, px, py, px + rx, py + ry, 1e-9 * (grid.cellW + grid.cellH), cells)
      for (let n = 0; n < cells.count; n++) {
        const cell = cells.cells[n]!
        for (let i = grid.start[cell]!; i < grid.start[cell + 1]!; i++) {
          const b = grid.items[i]!
          if (b <= a || stamp[b] === a) continue
          stamp[b] = a
          if (!outline[a] && !outline[b]) continue
          tests--
          const ob = SEG_STRIDE * b
          const qx = seg[ob + 6]!
          const qy = seg[ob + 7]!
          const sx = seg[ob + 9]! - qx
          const sy = seg[ob + 10]! - qy
          const den = rx * sy - ry * sx
          if (Math.abs(den) <= 1e-12 * rl * hypot2(sx, sy)) continue
          const wx = qx - px
          const wy = qy - py
          const t = (wx * sy - wy * sx) / den
          const u = (wx * ry - wy * rx) / den
          if (t < -T_SLACK || t > 1 + T_SLACK || u < -T_SLACK || u > 1 + T_SLACK) continue
          if (outline[b] && t > T_SLACK && t < 1 - T_SLACK) {
            add(a, worldParam(perspective, t, seg[oa + 8]!, seg[oa + 11]!))
          }
          if (outline[a] && u > T_SLACK && u < 1 - T_SLACK) {
            add(b, worldParam(perspective, u, seg[ob + 8]!, seg[ob + 11]!))
          }
        }
      }
    }
  }
  const pierced: number[] = []
  for (let s = 0; s < count && foundSeg.length < MAX_SPLITS; s++) {
    const line = set.lines[set.segLine[s]!]!
    pierced.length = 0
    piercings(vm, seg, SEG_STRIDE * s, line.part, pierced)
    for (const t of pierced) add(s, t)
  }
  // Counting sort by segment, then each segment's parameters in order.
  const start = new Int32Array(count + 1)
  for (let k = 0; k < foundSeg.length; k++) start[foundSeg.data[k]! + 1]!++
  for (let s = 0; s < count; s++) start[s + 1]! += start[s]!
  const params = new Float64Array(foundSeg.length)
  const fill = start.slice(0, count)
  for (let k = 0; k < foundSeg.length; k++) params[fill[foundSeg.data[k]!]!++] = foundT.data[k]!
  for (let s = 0; s < count; s++) {
    if (start[s + 1]! - start[s]! > 1) params.subarray(start[s]!, start[s + 1]!).sort()
  }
  return { start, params }
}

/**
 * Lines drawn over each other once: a hidden stretch lying along a visible line is dropped (a
 * drawing shows the visible line there, never a dash over it), so is a hidden stretch along an
 * earlier hidden one, and a visible stretch along an earlier visible line of the same part (the
 * back rim of a cylinder seen edge-on, behind its front rim). What is left of each piece is a
 * list of fragments, parameters along its image. Bounded by MAX_OVERLAP_TESTS per view (past it,
 * a line may be drawn twice, which shows the same).
 */

import type { Pieces } from './classify-lines'
import { buildGrid, CellList, segmentCells } from './grid-2d'
import { hypot2 } from './vec3'
import type { LineSet } from './view-lines'

/** Most pairs of pieces one view compares. */
export const MAX_OVERLAP_TESTS = 4_000_000

/** What is left of the pieces: fragment k is piece[k] from ta[k] to tb[k], in piece order. */
export interface Fragments {
  count: number
  piece: Int32Array
  ta: Float64Array
  tb: Float64Array
}

/**
 * Removes doubled stretches from `pieces`; `tol` is how far apart (2D units) two lines may be and
 * still count as one; `cellsPerPiece` sizes the grid (0: one cell).
 */
export function dedupeLines(
  pieces: Pieces,
  set: LineSet,
  tol: number,
  cellsPerPiece: number,
): Fragments {
  const n = pieces.count
  const { x0, y0, x1, y1, hidden } = pieces
  const partOf = (i: number) => set.lines[pieces.line[i]!]!.part
  const bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity }
  for (let i = 0; i < n; i++) {
    bounds.minX = Math.min(bounds.minX, x0[i]!, x1[i]!)
    bounds.maxX = Math.max(bounds.maxX, x0[i]!, x1[i]!)
    bounds.minY = Math.min(bounds.minY, y0[i]!, y1[i]!)
    bounds.maxY = Math.max(bounds.maxY, y0[i]!, y1[i]!)
  }
  const piece: number[] = []
  const ta: number[] = []
  const tb: number[] = []
  if (n === 0)
    return { count: 0, piece: new Int32Array(0), ta: new Float64Array(0), tb: new Float64Array(0) }
  const grid = buildGrid(bounds, cellsPerPiece > 0 ? cellsPerPiece * n : 1, n, (i, g, list) =>
    segmentCells(g, x0[i]!, y0[i]!, x1[i]!, y1[i]!, tol, list),
  )
  const cells = new CellList()
  const stamp = new Int32Array(n).fill(-1)
  let tests = MAX_OVERLAP_TESTS
  // Who covers whom: visible covers hidden; an earlier piece covers a later one of the same
  // status (visible: of the same part only).
  const covers = (j: number, i: number) =>
    hidden[i] ? !hidden[j] || j < i : !hidden[j] && j < i && partOf(j) === partOf(i)
  for (let i = 0; i < n; i++) {
    const px = x0[i]!
    const py = y0[i]!
    const dx = x1[i]! - px
    const dy = y1[i]! - py
    const len = hypot2(dx, dy)
    let keep: number[] = [0, 1]
    cells.count = 0
    segmentCells(grid, px, py, px + dx, py + dy, tol, cells)
    if (len <= tol) {
      // A piece shorter than the tolerance goes when a covering line passes through it.
      for (let n = 0; n < cells.count && keep.length > 0; n++) {
        const cell = cells.cells[n]!
        for (let c = grid.start[cell]!; c < grid.start[cell + 1]! && keep.length > 0; c++) {
          const j = grid.items[c]!
          if (j === i || !covers(j, i)) continue
          if (pointSegmentDistance(px + dx / 2, py + dy / 2, j, pieces) <= tol) keep = []
        }
      }
    } else {
      for (let n = 0; n < cells.count && keep.length > 0; n++) {
        const cell = cells.cells[n]!
        for (let c = grid.start[cell]!; c < grid.start[cell + 1]! && keep.length > 0; c++) {
          const j = grid.items[c]!
          if (j === i || stamp[j] === i) continue
          stamp[j] = i
          if (!covers(j, i) || --tests < 0) continue
          keep = subtractOverlap(keep, px, py, dx, dy, len, j, pieces, tol)
        }
      }
    }
    for (let k = 0; k < keep.length; k += 2) {
      if ((keep[k + 1]! - keep[k]!) * len <= tol && keep.length > 2) continue
      piece.push(i)
      ta.push(keep[k]!)
      tb.push(keep[k + 1]!)
    }
  }
  return {
    count: piece.length,
    piece: Int32Array.from(piece),
    ta: Float64Array.from(ta),
    tb: Float64Array.from(tb),
  }
}

/** `keep` (intervals of piece p, flattened) minus where piece j lies along p within tol. */
function subtractOverlap(
  keep: number[],
  px: number,
  py: number,
  dx: number,
  dy: number,
  len: number,
  j: number,
  pieces: Pieces,
  tol: number,
): number[] {
  const qx = pieces.x0[j]!
  const qy = pieces.y0[j]!
  const ex = pieces.x1[j]! - qx
  const ey = pieces.y1[j]! - qy
  const lq = hypot2(ex, ey)
  if (lq <= tol) return keep
  const ux = ex / lq
  const uy = ey / lq
  // Both ends of p within tol of q's line.
  const d0 = (px - qx) * uy - (py - qy) * ux
  const d1 = (px + dx - qx) * uy - (py + dy - qy) * ux
  if (Math.abs(d0) > tol || Math.abs(d1) > tol) return keep
  const s0 = (px - qx) * ux + (py - qy) * uy
  const s1 = (px + dx - qx) * ux + (py + dy - qy) * uy
  if (Math.abs(s1 - s0) < 1e-12 * len) return keep
  // q covers s ∈ [0, lq] (not more: neighbours along one straight line only touch); in p's
  // parameter:
  const ta = -s0 / (s1 - s0)
  const tb = (lq - s0) / (s1 - s0)
  const lo = Math.max(0, Math.min(ta, tb))
  const hi = Math.min(1, Math.max(ta, tb))
  if (hi <= lo) return keep
  const out: number[] = []
  for (let k = 0; k < keep.length; k += 2) {
    const a = keep[k]!
    const b = keep[k + 1]!
    if (hi <= a || lo >= b) {
      out.push(a, b)
      continue
    }
    if (lo > a) out.push(a, lo)
    if (hi < b) out.push(hi, b)
  }
  return out
}

/** Distance from (x, y) to piece j's image. */
function pointSegmentDistance(x: number, y: number, j: number, pieces: Pieces): number {
  const ax = pieces.x0[j]!
  const ay = pieces.y0[j]!
  const dx = pieces.x1[j]! - ax
  const dy = pieces.y1[j]! - ay
  const l2 = dx * dx + dy * dy
  const t = l2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / l2)) : 0
  return hypot2(x - ax - t * dx, y - ay - t * dy)
}

/**
 * A uniform grid over the view's 2D bounds that lists, per cell, the items (triangles or line
 * segments) touching it, in flat arrays built by counting sort. A 1 × 1 grid is a plain list,
 * which is how the benchmark's peer runs the same code without spatial indexing.
 */

/** Items by cell: the items of cell c are items[start[c] .. start[c + 1]). */
export interface Grid2D {
  minX: number
  minY: number
  /** Cell width and height, 2D units. */
  cellW: number
  cellH: number
  nx: number
  ny: number
  start: Int32Array
  items: Int32Array
}

/** A reusable list of cell indices (grows as needed). */
export class CellList {
  cells = new Int32Array(64)
  count = 0

  push(cell: number): void {
    if (this.count > 0 && this.cells[this.count - 1] === cell) return
    if (this.count === this.cells.length) {
      const grown = new Int32Array(2 * this.cells.length)
      grown.set(this.cells)
      this.cells = grown
    }
    this.cells[this.count++] = cell
  }
}

/** Lists in `out` (emptied first) the cells an item touches. */
export type CellVisitor = (item: number, grid: Grid2D, out: CellList) => void

/** Most cells along one side. */
export const MAX_GRID_SIDE = 256

/**
 * A grid over [minX, maxX] × [minY, maxY] with about `cells` cells (1 for a plain list), filled
 * with `count` items placed by `visit`.
 */
export function buildGrid(
  bounds: { minX: number; minY: number; maxX: number; maxY: number },
  cells: number,
  count: number,
  visit: CellVisitor,
): Grid2D {
  const w = Math.max(bounds.maxX - bounds.minX, 1e-12)
  const h = Math.max(bounds.maxY - bounds.minY, 1e-12)
  const side = Math.sqrt(Math.max(1, cells) / (w * h))
  const nx = Math.max(1, Math.min(MAX_GRID_SIDE, Math.round(w * side)))
  const ny = Math.max(1, Math.min(MAX_GRID_SIDE, Math.round(h * side)))
  const grid: Grid2D = {
    minX: bounds.minX,
    minY: bounds.minY,
    cellW: w / nx,
    cellH: h / ny,
    nx,
    ny,
    start: new Int32Array(nx * ny + 1),
    items: new Int32Array(0),
  }
  // Count, then fill.
  const counts = new Int32Array(nx * ny)
  const list = new CellList()
  for (let i = 0; i < count; i++) {
    list.count = 0
    visit(i, grid, list)
    for (let k = 0; k < list.count; k++) counts[list.cells[k]!]!++
  }
  let total = 0
  for (let c = 0; c < nx * ny; c++) {
    grid.start[c] = total
    total += counts[c]!
  }
  grid.start[nx * ny] = total
  const fill = grid.start.slice(0, nx * ny)
  grid.items = new Int32Array(total)
  for (let i = 0; i < count; i++) {
    list.count = 0
    visit(i, grid, list)
    for (let k = 0; k < list.count; k++) grid.items[fill[list.cells[k]!]!++] = i
  }
  return grid
}

/** The column of x, clamped into the grid. */
export function columnOf(g: Grid2D, x: number): number {
  return Math.max(0, Math.min(g.nx - 1, Math.floor((x - g.minX) / g.cellW)))
}

/** The row of y, clamped into the grid. */
export function rowOf(g: Grid2D, y: number): number {
  return Math.max(0, Math.min(g.ny - 1, Math.floor((y - g.minY) / g.cellH)))
}

/** The cell containing (x, y), or −1 outside the grid. */
export function cellAt(g: Grid2D, x: number, y: number): number {
  const cx = Math.floor((x - g.minX) / g.cellW)
  const cy = Math.floor((y - g.minY) / g.cellH)
  if (cx < -1 || cy < -1 || cx > g.nx || cy > g.ny) return -1
  return Math.max(0, Math.min(g.ny - 1, cy)) * g.nx + Math.max(0, Math.min(g.nx - 1, cx))
}

/** Adds every cell of the box [x0, x1] × [y0, y1] to `out`. */
export function boxCells(
  g: Grid2D,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  out: CellList,
): void {
  const c0 = columnOf(g, x0)
  const c1 = columnOf(g, x1)
  const r0 = rowOf(g, y0)
  const r1 = rowOf(g, y1)
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) out.push(r * g.nx + c)
}

/**
 * Adds to `out` every cell a segment passes through, column by column, each column's rows
 * widened by `pad` so a segment along a cell border is listed on both sides.
 */
export function segmentCells(
  g: Grid2D,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  pad: number,
  out: CellList,
): void {
  if (x1 < x0) {
    ;[x0, x1] = [x1, x0]
    ;[y0, y1] = [y1, y0]
  }
  const c0 = columnOf(g, x0 - pad)
  const c1 = columnOf(g, x1 + pad)
  const slope = x1 > x0 ? (y1 - y0) / (x1 - x0) : 0
  for (let c = c0; c <= c1; c++) {
    const left = Math.max(x0, g.minX + c * g.cellW - pad)
    const right = Math.min(x1, g.minX + (c + 1) * g.cellW + pad)
    let ya: number
    let yb: number
    if (x1 > x0) {
      ya = y0 + slope * (Math.min(left, right) - x0)
      yb = y0 + slope * (Math.max(left, right) - x0)
    } else {
      ya = y0
      yb = y1
    }
    const r0 = rowOf(g, Math.min(ya, yb) - pad)
    const r1 = rowOf(g, Math.max(ya, yb) + pad)
    for (let r = r0; r <= r1; r++) out.push(r * g.nx + c)
  }
}

/**
 * Adds to `out` the cells a triangle overlaps: its box's cells, less those an edge separates
 * from it (a thin diagonal triangle crosses a few of the many cells its box covers; the 48-spring
 * scene's grid went from 3.6 to 2.0 million entries, bench/object-geometry.mjs).
 */
export function triangleCells(
  g: Grid2D,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  out: CellList,
): void {
  const c0 = columnOf(g, Math.min(ax, bx, cx))
  const c1 = columnOf(g, Math.max(ax, bx, cx))
  const r0 = rowOf(g, Math.min(ay, by, cy))
  const r1 = rowOf(g, Math.max(ay, by, cy))
  if ((c1 - c0 + 1) * (r1 - r0 + 1) <= 4) {
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) out.push(r * g.nx + c)
    return
  }
  // Inward edge normals (the triangle on their positive side); a cell is apart from the
  // triangle when its corner farthest along some edge's normal is still outside that edge.
  const s = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax) < 0 ? -1 : 1
  const n0x = -(by - ay) * s
  const n0y = (bx - ax) * s
  const n1x = -(cy - by) * s
  const n1y = (cx - bx) * s
  const n2x = -(ay - cy) * s
  const n2y = (ax - cx) * s
  for (let r = r0; r <= r1; r++) {
    const y0 = g.minY + r * g.cellH
    const y1 = y0 + g.cellH
    for (let c = c0; c <= c1; c++) {
      const x0 = g.minX + c * g.cellW
      const x1 = x0 + g.cellW
      if (n0x * ((n0x > 0 ? x1 : x0) - ax) + n0y * ((n0y > 0 ? y1 : y0) - ay) < 0) continue
      if (n1x * ((n1x > 0 ? x1 : x0) - bx) + n1y * ((n1y > 0 ? y1 : y0) - by) < 0) continue
      if (n2x * ((n2x > 0 ? x1 : x0) - cx) + n2y * ((n2y > 0 ? y1 : y0) - cy) < 0) continue
      out.push(r * g.nx + c)
    }
  }
}

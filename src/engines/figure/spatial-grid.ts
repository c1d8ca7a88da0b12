/**
 * A uniform grid over the sheet that buckets items (segments, boxes) by their bounding boxes, so
 * a test near one place reads only the items near it instead of the whole scene. Numeral
 * placement tries hundreds of candidates per part against every line of the figure; with this
 * index a 40-part diagram is numbered in a small fraction of the time a full scan takes.
 * Queries return a superset (everything whose cells meet the query's cells); the caller's exact
 * predicate decides, so answers are the same as a full scan's.
 */

import type { Rect } from './scene'

/** Items whose box spans more cells than this are kept in one list every query reads. */
const MAX_CELLS_PER_ITEM = 1024

export class SpatialGrid<T> {
  private readonly cells = new Map<number, number[]>()
  private readonly items: T[] = []
  /** Indices of items too large to bucket. */
  private readonly everywhere: number[] = []
  /** Per item: the last query that visited it (so an item in several cells is tested once). */
  private readonly seen: number[] = []
  private query = 0
  /** The cell range `setRange` last computed (fields, so a query makes no array). */
  private x0 = 0
  private y0 = 0
  private x1 = 0
  private y1 = 0

  /** @param cellSize side of one cell, in the items' units (a few numeral heights works well) */
  constructor(
    private readonly cellSize: number,
    private readonly boundsOf: (item: T) => Rect,
  ) {}

  add(item: T): void {
    const index = this.items.length
    this.items.push(item)
    this.seen.push(0)
    this.setRange(this.boundsOf(item))
    const { x0, y0, x1, y1 } = this
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS_PER_ITEM) {
      this.everywhere.push(index)
      return
    }
    for (let cy = y0; cy <= y1; cy++) {
      for (let cx = x0; cx <= x1; cx++) {
        const key = cellKey(cx, cy)
        const list = this.cells.get(key)
        if (list) list.push(index)
        else this.cells.set(key, [index])
      }
    }
  }

  /**
   * True when `test` holds for some item near `rect` (each item tested at most once). Numeral
   * placement asks this hundreds of thousands of times on a large figure, so it allocates nothing.
   */
  some(rect: Rect, test: (item: T) => boolean): boolean {
    return this.someWith(rect, callTest, test)
  }

  /** `some` with a test that takes one argument more, so a caller needs no closure. */
  someWith<A>(rect: Rect, test: (item: T, arg: A) => boolean, arg: A): boolean {
    const stamp = ++this.query
    const { items, seen } = this
    for (const index of this.everywhere) {
      if (seen[index] === stamp) continue
      seen[index] = stamp
      if (test(items[index]!, arg)) return true
    }
    this.setRange(rect)
    const { x0, y0, x1, y1 } = this
    for (let cy = y0; cy <= y1; cy++) {
      for (let cx = x0; cx <= x1; cx++) {
        const list = this.cells.get(cellKey(cx, cy))
        if (!list) continue
        for (let i = 0; i < list.length; i++) {
          const index = list[i]!
          if (seen[index] === stamp) continue
          seen[index] = stamp
          if (test(items[index]!, arg)) return true
        }
      }
    }
    return false
  }

  /** The cells `r` covers, inclusive, into x0..y1. */
  private setRange(r: Rect): void {
    const s = this.cellSize
    this.x0 = Math.floor(r.x / s)
    this.y0 = Math.floor(r.y / s)
    this.x1 = Math.floor((r.x + r.width) / s)
    this.y1 = Math.floor((r.y + r.height) / s)
  }
}

const callTest = <T>(item: T, test: (item: T) => boolean) => test(item)

/** One number per cell; sheets stay far inside ±2^20 cells. */
const cellKey = (cx: number, cy: number) => (cx + 1048576) * 2097152 + (cy + 1048576)

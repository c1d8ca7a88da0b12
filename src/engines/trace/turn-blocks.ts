/**
 * Trace engine (POST /v1/vectorize), stage 5a's shortcut: a block of consecutive turns of a path
 * tested against a point's cone of straight directions at once, from convex hulls, instead of
 * turn by turn (straight-runs.ts).
 */

/*
 * Why: on a long slanted outline every point scans every turn up to where its straight subpath
 * ends, which is quadratic in the outline's length. The scan checks each turn k against the cone
 * left by the turns before it, then narrows the cone by k's tangent corners. A block of BLOCK
 * turns is taken whole when (1) the cone narrowed by all of its turns still holds every one of
 * them: then the scan would not have stopped in it (each turn is checked against a wider cone),
 * and (2) that narrowed cone is found from the block's convex hull:
 * - A corner's offset from its turn depends only on the signs of the turn's coordinates relative
 *   to the point. When those are the same over the block (its bounding box off the point's row
 *   and column, or on them), the corners are the turns moved by one offset, and the most extreme
 *   corner seen from the point is at a vertex of their hull (the box is at least 2 px away on one
 *   side, so all of it lies in an open half-plane through the point).
 * - Holding every turn is linear in the turn, so it holds for all when it holds at the vertices.
 * (1) fails where a later turn narrows the cone past an earlier one, which the scan never tests:
 * near the point (blocks are tried from BLOCK turns away), and along a jagged outline hugging a
 * row or column (there the signs also change within a block). Those go turn by turn.
 * Bounds that point the same way but differ in length are interchangeable: every later test is
 * the sign of a cross product with them, and the steps solved in the last run are a ratio of two
 * of them. Exact: the ends are those of the turn-by-turn scan (test/engines/trace/turn-blocks).
 */

const BLOCK_LOG = 4
/** Turns per block; blocks start at multiples of BLOCK in the path's run list. */
export const BLOCK = 1 << BLOCK_LOG
/** What `take` found. */
export const TAKEN = 1
export const UNTOLD = 0
export const MIXED = -1

/** Block record: min x, max x, min y, max y, the hull's vertex count, then x, y per vertex. */
const HULL = 4
const STRIDE = HULL + 1 + 2 * BLOCK

/**
 * Offsets of the tangent corners a (x, y) and b (x, y) of a turn, by the signs of its coordinates
 * relative to the point: entry 4 · (3 (sx + 1) + sy + 1), as straight-runs.ts computes them.
 */
const CORNER = new Int8Array(36)
for (let sx = -1; sx <= 1; sx++) {
  for (let sy = -1; sy <= 1; sy++) {
    const o = 4 * (3 * (sx + 1) + sy + 1)
    CORNER[o] = sy !== 0 ? sy : -sx
    CORNER[o + 1] = sx !== 0 ? -sx : -sy
    CORNER[o + 2] = sy !== 0 ? -sy : -sx
    CORNER[o + 3] = sx !== 0 ? sx : -sy
  }
}

/**
 * The blocks of one path's run list, their records made when a scan first reaches them. The
 * buffers grow to the longest path and are reused (a stamp per path marks what is current).
 */
export class TurnBlocks {
  /** The cone a, b (x, y each) that `take` reads and, when it takes the block, narrows. */
  readonly cone = new Int32Array(4)
  /** Blocks taken so far. */
  taken = 0
  private records = new Int32Array(0)
  private stamps = new Int32Array(0)
  private stamp = 0
  private runXY: Int32Array = new Int32Array(0)
  /** x, y of the block's turns, to hull. */
  private readonly scratch = new Int32Array(2 * BLOCK)

  /** Starts a path whose run list holds `runs` entries (x, y in runXY). */
  reset(runXY: Int32Array, runs: number): void {
    this.runXY = runXY
    const count = runs >> BLOCK_LOG
    if (count > this.stamps.length) {
      const cap = Math.max(64, 2 ** Math.ceil(Math.log2(count)))
      this.records = new Int32Array(cap * STRIDE)
      this.stamps = new Int32Array(cap)
      this.stamp = 0
    }
    this.stamp = (this.stamp + 1) | 0
  }

  /**
   * Whether the scan from point (xi, yi) passes the whole block starting at run `first` (a
   * multiple of BLOCK), see the banner: TAKEN, and `cone` is narrowed by its turns; else (cone
   * unchanged) the turns go one by one: UNTOLD, or MIXED when the block's turns lie on both sides
   * of the point's row or column (the outline hugs it, and later blocks will too, mostly).
   */
  take(first: number, xi: number, yi: number): number {
    const block = first >> BLOCK_LOG
    const o = block * STRIDE
    const r = this.records
    if (this.stamps[block] !== this.stamp) this.build(block, o)
    const minX = r[o]! - xi
    const maxX = r[o + 1]! - xi
    const minY = r[o + 2]! - yi
    const maxY = r[o + 3]! - yi
    if (!(minX >= 2 || maxX <= -2 || minY >= 2 || maxY <= -2)) return UNTOLD
    const kx = signOf(minX, maxX)
    const ky = signOf(minY, maxY)
    if (kx < 0 || ky < 0) return MIXED
    const q = 4 * (3 * kx + ky)
    const oax = CORNER[q]!
    const oay = CORNER[q + 1]!
    const obx = CORNER[q + 2]!
    const oby = CORNER[q + 3]!
    let ax = this.cone[0]!
    let ay = this.cone[1]!
    let bx = this.cone[2]!
    let by = this.cone[3]!
    const h = o + HULL
    const end = h + 1 + 2 * r[h]!
    for (let v = h + 1; v < end; v += 2) {
      const cx = r[v]! - xi
      const cy = r[v + 1]! - yi
      if (ax * (cy + oay) - ay * (cx + oax) > 0) {
        ax = cx + oax
        ay = cy + oay
      }
      if ((cx + obx) * by - (cy + oby) * bx > 0) {
        bx = cx + obx
        by = cy + oby
      }
    }
    for (let v = h + 1; v < end; v += 2) {
      const cx = r[v]! - xi
      const cy = r[v + 1]! - yi
      if (ax * cy - ay * cx < 0 || cx * by - cy * bx < 0) return UNTOLD
    }
    this.cone[0] = ax
    this.cone[1] = ay
    this.cone[2] = bx
    this.cone[3] = by
    this.taken++
    return TAKEN
  }

  /** Makes the record of `block`: its box and hull. */
  private build(block: number, o: number): void {
    this.stamps[block] = this.stamp
    const { runXY: xy, scratch, records: r } = this
    const first = 2 * block * BLOCK
    let minX = xy[first]!
    let maxX = minX
    let minY = xy[first + 1]!
    let maxY = minY
    for (let k = 0; k < 2 * BLOCK; k += 2) {
      const px = xy[first + k]!
      const py = xy[first + k + 1]!
      scratch[k] = px
      scratch[k + 1] = py
      if (px < minX) minX = px
      if (px > maxX) maxX = px
      if (py < minY) minY = py
      if (py > maxY) maxY = py
    }
    r[o] = minX
    r[o + 1] = maxX
    r[o + 2] = minY
    r[o + 3] = maxY
    hullOf(scratch, r, o + HULL)
  }
}

/**
 * The sign (index into CORNER: 0 negative, 1 zero, 2 positive) of a block's coordinates from min
 * to max relative to the point, −1 when they differ.
 */
function signOf(min: number, max: number): number {
  if (min > 0) return 2
  if (max < 0) return 0
  return min === 0 && max === 0 ? 1 : -1
}

/**
 * Writes the convex hull (Andrew's monotone chain, collinear points dropped) of the BLOCK points
 * in `points` (x, y; reordered) at `out[h]`: the vertex count, then x, y per vertex.
 */
function hullOf(points: Int32Array, out: Int32Array, h: number): void {
  // Insertion sort by x, then y.
  for (let k = 1; k < BLOCK; k++) {
    const px = points[2 * k]!
    const py = points[2 * k + 1]!
    let t = k
    while (t > 0) {
      const qx = points[2 * t - 2]!
      const qy = points[2 * t - 1]!
      if (qx < px || (qx === px && qy <= py)) break
      points[2 * t] = qx
      points[2 * t + 1] = qy
      t--
    }
    points[2 * t] = px
    points[2 * t + 1] = py
  }
  const base = h + 1
  let top = base
  for (let pass = 0; pass < 2; pass++) {
    const start = top
    for (let k = 0; k < BLOCK; k++) {
      const e = 2 * (pass === 0 ? k : BLOCK - 1 - k)
      const px = points[e]!
      const py = points[e + 1]!
      while (top - start >= 4) {
        const ax = out[top - 4]!
        const ay = out[top - 3]!
        if ((out[top - 2]! - ax) * (py - ay) - (out[top - 1]! - ay) * (px - ax) > 0) break
        top -= 2
      }
      out[top] = px
      out[top + 1] = py
      top += 2
    }
    // Each chain's last point starts the other chain (and the first closes it: dropped).
    top -= 2
  }
  // A single point is dropped by both chains but stays in its slot.
  out[h] = Math.max(1, (top - base) >> 1)
}

/**
 * Trace engine (POST /v1/vectorize), stage 5a's shortcut: a block of consecutive turns of a path
 * tested against a point's cone of straight directions at once, from convex hulls, instead of
 * turn by turn (straight-runs.ts).
 */

/*
 * Why: on a long outline every point scans every turn up to where its straight subpath ends,
 * which is quadratic in the outline's length (a slanted side, or a scanned line's jagged edge).
 * The scan checks each turn k against the cone left by the turns before it, then narrows the
 * cone by k's tangent corners. A block of BLOCK turns is taken whole in two cases:
 * - Its hull (the block off the point's row and column, or on them): when (1) the cone narrowed
 *   by all of its turns still holds every one of them, the scan would not have stopped in it
 *   (each turn is checked against a wider cone), and (2) that narrowed cone is found from the
 *   block's convex hull. A corner's offset from its turn depends only on the signs of the turn's
 *   coordinates relative to the point; the same over the block, the corners are the turns moved
 *   by one offset, and the most extreme corner seen from the point is at a vertex of their hull
 *   (the block is at least 2 px away on one side: everything lies in an open half-plane). (1) is
 *   linear in the turn, so it holds for all when it holds at the vertices. It fails where a later
 *   turn narrows the cone past an earlier one, which the scan never tests: near the point, and
 *   along a jagged edge hugging the point's column.
 * - A jagged band (takeBand): the turns on the point's column and the one beside it, moving away;
 *   there every turn is inside the cone of every earlier one, so only the cone the block enters
 *   with is tested, at the ends of the two column segments.
 * Bounds that point the same way but differ in length are interchangeable: every later test is
 * the sign of a cross product with them, and the steps solved in the last run are a ratio of two
 * of them. Exact: the ends are those of the turn-by-turn scan (test/engines/trace/turn-blocks).
 */

const BLOCK_LOG = 5
/**
 * Turns per block (32 beat 16 and 64 on the corpus sheets and the hatching drawing); blocks start
 * at multiples of BLOCK in the path's run list.
 */
export const BLOCK = 1 << BLOCK_LOG
/** What `take` found. */
export const TAKEN = 1
export const UNTOLD = 0
export const MIXED = -1

/**
 * Block record: min x, max x, min y, max y; the hull's vertex count, then x, y per vertex; the
 * band: the least and greatest y of the turns on column min x, then on max x, the least and
 * greatest x of those on row min y, then on max y; and the ORDER flags.
 */
const HULL = 4
const BAND = HULL + 1 + 2 * BLOCK
const ORDER = BAND + 8
const STRIDE = ORDER + 1
/** ORDER flags: y never decreases from turn to turn, never increases; x the same. */
const Y_UP = 1
const Y_DOWN = 2
const X_UP = 4
const X_DOWN = 8

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
  /** Blocks taken so far: by their hull, and as a jagged band. */
  taken = 0
  bands = 0
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
    if (kx > 2 || ky > 2) return this.takeBand(o, kx, ky, xi, yi)
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
    // The band's ends and the order, before the hull reorders the scratch points.
    const b = o + BAND
    r[b] = r[b + 2] = r[b + 4] = r[b + 6] = 2 ** 31 - 1
    r[b + 1] = r[b + 3] = r[b + 5] = r[b + 7] = -(2 ** 31)
    let order = Y_UP | Y_DOWN | X_UP | X_DOWN
    for (let k = 0; k < 2 * BLOCK; k += 2) {
      const px = scratch[k]!
      const py = scratch[k + 1]!
      if (k > 0) {
        const dx = px - scratch[k - 2]!
        const dy = py - scratch[k - 1]!
        if (dy < 0) order &= ~Y_UP
        if (dy > 0) order &= ~Y_DOWN
        if (dx < 0) order &= ~X_UP
        if (dx > 0) order &= ~X_DOWN
      }
      for (let side = 0; side < 4; side++) {
        if (
          (side < 2 ? px : py) !==
          (side === 0 ? minX : side === 1 ? maxX : side === 2 ? minY : maxY)
        )
          continue
        const along = side < 2 ? py : px
        const e = b + 2 * side
        if (along < r[e]!) r[e] = along
        if (along > r[e + 1]!) r[e + 1] = along
      }
    }
    r[o + ORDER] = order
    hullOf(scratch, r, o + HULL)
  }

  /**
   * `take` for a block of a jagged outline along the point's column (or row): its turns on two
   * adjacent columns, the point's one of them, and at least 2 px ahead of the point in an order
   * that only moves away from it. Then every turn is inside the cone of each earlier one: with
   * the point at the origin, turns at y ≥ 2, columns 0 and s = ±1, and y non-decreasing, each of
   * the four cross products of the scan is at least y_k − y_c + 1 or a sum of non-negative terms
   * (the other cases are this one mirrored or transposed, which swaps a and b alike; the order
   * holds anyway before the fourth direction, checked all the same). So only the cone the block
   * enters with is tested, at the ends of its two column segments (linear), and the cone is
   * narrowed by the corners of those ends (the extremes of a segment seen from a point off its
   * line).
   */
  private takeBand(o: number, kx: number, ky: number, xi: number, yi: number): number {
    const r = this.records
    const order = r[o + ORDER]!
    // Along a column (kx mixed) or a row (ky mixed): the fixed axis and the moving one.
    const column = kx > 2
    const kFar = column ? ky : kx
    const lo = column ? r[o]! : r[o + 2]!
    const hi = column ? r[o + 1]! : r[o + 3]!
    if (kFar > 2 || hi - lo > 1) return MIXED
    const near = column ? r[o + 2]! - yi : r[o]! - xi
    const far = column ? r[o + 3]! - yi : r[o + 1]! - xi
    const away = kFar === 2 ? near >= 2 : kFar === 0 && far <= -2
    const ordered =
      (order & (column ? (kFar === 2 ? Y_UP : Y_DOWN) : kFar === 2 ? X_UP : X_DOWN)) !== 0
    if (!away || !ordered) return MIXED
    const cone = this.cone
    const ax = cone[0]!
    const ay = cone[1]!
    const bx = cone[2]!
    const by = cone[3]!
    for (let end = 0; end < 4; end++) {
      const fixed = (end < 2 ? lo : hi) - (column ? xi : yi)
      const along = r[o + BAND + (column ? 0 : 4) + end]! - (column ? yi : xi)
      const cx = column ? fixed : along
      const cy = column ? along : fixed
      if (ax * cy - ay * cx < 0 || cx * by - cy * bx < 0) return UNTOLD
    }
    for (let end = 0; end < 4; end++) {
      const fixed = (end < 2 ? lo : hi) - (column ? xi : yi)
      const along = r[o + BAND + (column ? 0 : 4) + end]! - (column ? yi : xi)
      const cx = column ? fixed : along
      const cy = column ? along : fixed
      const q = 4 * (3 * (Math.sign(cx) + 1) + Math.sign(cy) + 1)
      const nax = cx + CORNER[q]!
      const nay = cy + CORNER[q + 1]!
      const nbx = cx + CORNER[q + 2]!
      const nby = cy + CORNER[q + 3]!
      if (cone[0]! * nay - cone[1]! * nax > 0) {
        cone[0] = nax
        cone[1] = nay
      }
      if (nbx * cone[3]! - nby * cone[2]! > 0) {
        cone[2] = nbx
        cone[3] = nby
      }
    }
    this.bands++
    return TAKEN
  }
}

/**
 * The signs of a block's coordinates from min to max relative to the point: one sign (the index
 * into CORNER: 0 negative, 1 zero, 2 positive), or zero on the least (3) or greatest (4) and the
 * other sign elsewhere, −1 for both signs.
 */
function signOf(min: number, max: number): number {
  if (min > 0) return 2
  if (max < 0) return 0
  if (min === 0) return max === 0 ? 1 : 3
  return max === 0 ? 4 : -1
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

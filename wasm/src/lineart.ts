// Pixel kernels (AssemblyScript, WebAssembly SIMD) of the lineart engine: despeckle, the 3-4
// chamfer distance and Guo–Hall thinning over the framed mask of src/engines/lineart/mask.ts, with
// results identical to the TypeScript stages there. TypeScript owns the memory layout (every
// pointer is a byte offset it computed; src/engines/lineart/kernels-wasm.ts); only the despeckle
// stack, placed last, grows the memory itself. Build: `npm run build:wasm` (committed).

// Despeckle labels, as in despeckle.ts.
const PAPER: u8 = 0
const INK: u8 = 1
const SEEN_INK: u8 = 2
const OUTSIDE: u8 = 3
const SEEN_HOLE: u8 = 4
/** A pinhole filled with ink: its own label, so erasing a speck inside it cannot spread. */
const FILLED: u8 = 5

// Thinning flags held in the mask byte beside the ink bit (neighbourhoods read bit 0 only).
/** Set while a pixel waits to be cleared at the end of its subiteration. */
const REMOVE: u8 = 2
/** Set while a pixel must be tested by the even (first) or the odd (second) table. */
const NEED_EVEN: u8 = 4
const NEED_ODD: u8 = 8

const PAGE_BYTES: usize = 65536

// The tables of skeletonize.ts, built once at instantiation and indexed by the 9-bit window of
// `window` instead of the 8-bit neighbourhood code (see `buildTables`).
const DELETE_FIRST = memory.data(512)
const DELETE_SECOND = memory.data(512)
const SIMPLE = memory.data(512)
const PARENT = memory.data(8)
buildTables()

/** First byte past this module's static data: the layout made in TypeScript starts above it. */
export function heapBase(): usize {
  return __heap_base
}

// The threshold stage's binarization, one row at a time (shared with zlib.wasm).
export { binarizeRow } from './binarize'

// ---------------------------------------------------------------------------------------------
// Despeckle: the same algorithm as despeckle.ts (span flood fills in raster order), so even its
// order effects match; the spans are found 16 bytes at a time.

let stackEnd: usize = 0

/**
 * Removes 8-connected ink components of fewer than `speckArea` pixels and fills enclosed
 * 4-connected paper components of fewer than `holeArea` pixels, in place.
 * @param data framed mask (stride `width + 2`, 1 ink, 0 paper); 16 readable bytes must follow it
 * @param stack where the span stack starts: the end of the layout (memory grows as it needs)
 * @param out receives two i32: specks removed, holes filled
 */
export function despeckle(
  data: usize,
  width: i32,
  height: i32,
  speckArea: i32,
  holeArea: i32,
  stack: usize,
  out: usize,
): void {
  const stride = <usize>(width + 2)
  const n = stride * <usize>(height + 2)
  stackEnd = <usize>memory.size() * PAGE_BYTES
  memory.fill(data, OUTSIDE, stride)
  memory.fill(data + n - stride, OUTSIDE, stride)
  for (let y: usize = 1; y <= <usize>height; y++) {
    store<u8>(data + y * stride, OUTSIDE)
    store<u8>(data + y * stride + stride - 1, OUTSIDE)
  }
  // Paper 4-connected to the frame is outside: the regions reached from the edge pixels are the
  // ones despeckle.ts reaches from every pixel next to the frame.
  for (let x: usize = 1; x <= <usize>width; x++) {
    seedOutside(data + stride + x, stride, stack)
    seedOutside(data + n - 2 * stride + x, stride, stack)
  }
  for (let y: usize = 1; y <= <usize>height; y++) {
    seedOutside(data + y * stride + 1, stride, stack)
    seedOutside(data + y * stride + <usize>width, stride, stack)
  }
  let specks = 0
  let holes = 0
  const one = i8x16.splat(1)
  const last = data + n - stride
  for (let p = data + stride; p < last; p += 16) {
    // Only bytes still PAPER or INK start a region; fills never turn a byte back into either.
    let m = <u32>i8x16.bitmask(i8x16.le_u(v128.load(p), one)) & laneMask(last - p)
    while (m !== 0) {
      const i = p + <usize>ctz(m)
      m &= m - 1
      const v = load<u8>(i)
      if (v === INK) {
        if (fill(i, stride, INK, SEEN_INK, 1, stack) < speckArea) {
          fill(i, stride, SEEN_INK, OUTSIDE, 1, stack)
          specks++
        }
      } else if (v === PAPER) {
        if (fill(i, stride, PAPER, SEEN_HOLE, 0, stack) < holeArea) {
          fill(i, stride, SEEN_HOLE, FILLED, 0, stack)
          holes++
        }
      }
    }
  }
  const seen = i8x16.splat(SEEN_INK)
  const filled = i8x16.splat(FILLED)
  let i: usize = 0
  for (; i + 16 <= n; i += 16) {
    const v = v128.load(data + i)
    v128.store(data + i, v128.and(v128.or(i8x16.eq(v, seen), i8x16.eq(v, filled)), one))
  }
  for (; i < n; i++) {
    const v = load<u8>(data + i)
    store<u8>(data + i, v === SEEN_INK || v === FILLED ? INK : PAPER)
  }
  store<i32>(out, specks)
  store<i32>(out, holes, 4)
}

function seedOutside(i: usize, stride: usize, stack: usize): void {
  if (load<u8>(i) === PAPER) fill(i, stride, PAPER, OUTSIDE, 0, stack)
}

/**
 * Span flood fill (flood-fill.ts): relabels the region of value `from` holding `seed` to `to`,
 * 8-connected when `reach` is 1, 4-connected when 0. The stack holds one entry per span run.
 * @returns the region's area in pixels
 */
function fill(seed: usize, stride: usize, from: u8, to: u8, reach: usize, stack: usize): i32 {
  const same = i8x16.splat(from)
  let top = stack
  let area = 0
  store<u32>(top, <u32>seed)
  top += 4
  while (top > stack) {
    top -= 4
    const i = <usize>load<u32>(top)
    if (load<u8>(i) !== from) continue
    // Extend left and right a vector at a time (the frame, another value, stops both).
    let left = i
    while (true) {
      const m = <u32>i8x16.bitmask(i8x16.eq(v128.load(left - 16), same))
      if (m === 0xffff) {
        left -= 16
        continue
      }
      left -= <usize>(clz(~m & 0xffff) - 16)
      break
    }
    let right = i
    while (true) {
      const m = <u32>i8x16.bitmask(i8x16.eq(v128.load(right + 1), same))
      if (m === 0xffff) {
        right += 16
        continue
      }
      right += <usize>ctz(~m)
      break
    }
    memory.fill(left, to, right - left + 1)
    area += <i32>(right - left + 1)
    // One entry per run of `from` in the row above, then below, left to right; the first byte
    // of the window starts a run even when its left neighbour is `from` too.
    for (let side = 0; side < 2; side++) {
      const start = (side === 0 ? left - stride : left + stride) - reach
      const end = (side === 0 ? right - stride : right + stride) + reach
      let previous: u32 = 0
      for (let j = start; j <= end; j += 16) {
        const m = <u32>i8x16.bitmask(i8x16.eq(v128.load(j), same)) & laneMask(end + 1 - j)
        let starts = m & ~((m << 1) | previous)
        previous = m >> 15
        while (starts !== 0) {
          if (top + 4 > stackEnd) growStack(top)
          store<u32>(top, <u32>(j + <usize>ctz(starts)))
          top += 4
          starts &= starts - 1
        }
      }
    }
  }
  return area
}

/** Grows the memory under the stack by half again (at least 4 pages). */
function growStack(top: usize): void {
  const pages = max<i32>(4, memory.size() >> 1)
  if (memory.grow(pages) < 0) unreachable()
  stackEnd = <usize>memory.size() * PAGE_BYTES
  if (top + 4 > stackEnd) unreachable()
}

// ---------------------------------------------------------------------------------------------
// Chamfer distance: distance.ts's two raster passes, sixteen pixels per step, one byte each. In
// the forward pass d[i] = min(d[i], d[i − 1] + 3, up + 3, up-left + 4, up-right + 4): the three
// terms from the row above are plain lane-wise minima, and the chain along the row,
// d[i] = min(m[i], d[i − 1] + 3), is a min-plus prefix scan done in four shifted steps (1, 2, 4,
// 8 lanes) plus the pixel before the block. Distances saturate at 255 (85 px from paper): every
// term is a minimum of monotone saturating sums, so each byte is exactly min(255, distance.ts's
// exact value), which is what distance.ts stores too. Blocks of paper (0) stay 0 and are skipped.

const THREE = i8x16.splat(3)
const FOUR = i8x16.splat(4)
const SIX = i8x16.splat(6)
const TWELVE = i8x16.splat(12)
const TWENTY_FOUR = i8x16.splat(24)
const FAR = i8x16.splat(-1)
/** Lane j of the forward block is j + 1 steps from the pixel before it, 3 thirds each. */
const STEPS_FORWARD = i8x16(3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42, 45, 48)
/** Lane j of the backward block is 16 − j steps from the pixel after it. */
const STEPS_BACKWARD = i8x16(48, 45, 42, 39, 36, 33, 30, 27, 24, 21, 18, 15, 12, 9, 6, 3)

/**
 * The 3-4 chamfer distance of every ink pixel to paper, in thirds of a pixel (3 next to paper,
 * saturated at 255); paper and frame 0.
 * @param data framed mask (1 ink, 0 paper); 16 readable bytes must follow it
 * @param distance u8 per mask byte, written whole (the last block's stores reach 15 bytes past)
 * @param zeroed 1 when `distance` is known to be all 0 (fresh memory): runs of paper are then
 *   never written, so their pages are never touched
 */
export function chamferDistance(
  data: usize,
  distance: usize,
  width: i32,
  height: i32,
  zeroed: i32,
): void {
  const stride = <usize>(width + 2)
  const n = stride * <usize>(height + 2)
  const zero = i8x16.splat(0)
  for (let i: usize = 0; i < n; i += 16) {
    const v = v128.load(data + i)
    if (zeroed !== 0 && !v128.any_true(v)) continue
    v128.store(distance + i, i8x16.ne(v, zero))
  }

  const firstI = stride + 1
  const lastI = n - stride - 2
  // A block may only read rows that are final: the row above must end before it starts.
  const wide = stride > 16
  let i = firstI
  if (wide) {
    for (; i + 15 <= lastI; i += 16) {
      // Sixteen mask bytes of paper: sixteen distances of 0, not read.
      if (!v128.any_true(v128.load(data + i))) continue
      const p = distance + i
      const up = p - stride
      let m = v128.load(p)
      m = i8x16.min_u(m, i8x16.add_sat_u(v128.load(up), THREE))
      m = i8x16.min_u(m, i8x16.add_sat_u(v128.load(up - 1), FOUR))
      m = i8x16.min_u(m, i8x16.add_sat_u(v128.load(up + 1), FOUR))
      m = i8x16.min_u(
        m,
        i8x16.add_sat_u(
          i8x16.shuffle(m, FAR, 16, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14),
          THREE,
        ),
      )
      m = i8x16.min_u(
        m,
        i8x16.add_sat_u(
          i8x16.shuffle(m, FAR, 16, 17, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13),
          SIX,
        ),
      )
      m = i8x16.min_u(
        m,
        i8x16.add_sat_u(
          i8x16.shuffle(m, FAR, 16, 17, 18, 19, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11),
          TWELVE,
        ),
      )
      m = i8x16.min_u(
        m,
        i8x16.add_sat_u(
          i8x16.shuffle(m, FAR, 16, 17, 18, 19, 20, 21, 22, 23, 0, 1, 2, 3, 4, 5, 6, 7),
          TWENTY_FOUR,
        ),
      )
      m = i8x16.min_u(m, i8x16.add_sat_u(i8x16.splat(load<u8>(p - 1)), STEPS_FORWARD))
      v128.store(p, m)
    }
  }
  for (; i <= lastI; i++) relax(distance + i, -1, -(<isize>stride))
  i = lastI
  if (wide) {
    for (; i >= firstI + 15; i -= 16) {
      if (!v128.any_true(v128.load(data + i - 15))) continue
      const p = distance + i - 15
      const down = p + stride
      let m = v128.load(p)
      m = i8x16.min_u(m, i8x16.add_sat_u(v128.load(down), THREE))
      m = i8x16.min_u(m, i8x16.add_sat_u(v128.load(down - 1), FOUR))
      m = i8x16.min_u(m, i8x16.add_sat_u(v128.load(down + 1), FOUR))
      m = i8x16.min_u(
        m,
        i8x16.add_sat_u(
          i8x16.shuffle(m, FAR, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16),
          THREE,
        ),
      )
      m = i8x16.min_u(
        m,
        i8x16.add_sat_u(
          i8x16.shuffle(m, FAR, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17),
          SIX,
        ),
      )
      m = i8x16.min_u(
        m,
        i8x16.add_sat_u(
          i8x16.shuffle(m, FAR, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19),
          TWELVE,
        ),
      )
      m = i8x16.min_u(
        m,
        i8x16.add_sat_u(
          i8x16.shuffle(m, FAR, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23),
          TWENTY_FOUR,
        ),
      )
      m = i8x16.min_u(m, i8x16.add_sat_u(i8x16.splat(load<u8>(p + 16)), STEPS_BACKWARD))
      v128.store(p, m)
    }
  }
  for (; i >= firstI; i--) relax(distance + i, 1, <isize>stride)
}

/** One pixel of distance.ts's passes: `side` is the previous pixel, `across` the finished row. */
function relax(p: usize, side: isize, across: isize): void {
  const d = <u32>load<u8>(p)
  if (d === 0) return
  let m = d
  const a = <u32>load<u8>(p + side) + 3
  const b = <u32>load<u8>(p + across) + 3
  const c = <u32>load<u8>(p + across - 1) + 4
  const e = <u32>load<u8>(p + across + 1) + 4
  if (a < m) m = a
  if (b < m) m = b
  if (c < m) m = c
  if (e < m) m = e
  store<u8>(p, <u8>m)
}

// ---------------------------------------------------------------------------------------------
// Skeletonize: skeletonize.ts's Guo–Hall subiterations remove exactly the same pixels, but a
// pixel is looked at only when its answer can have changed. skeletonize.ts tests every queued
// ink pixel in every subiteration; an answer depends only on the pixel's neighbourhood and the
// subiteration's table, so a pixel one table kept is kept by it again until a neighbour goes.
// Each queued pixel therefore carries a flag per table (NEED_EVEN, NEED_ODD): both are set when
// it is queued (a border pixel at the start, or the neighbour of a removed one, as in
// skeletonize.ts) and again whenever a neighbour is removed, and a subiteration looks only at
// the pixels flagged for its table, clearing the flag. A bitmap per flag (and one for REMOVE)
// marks the 16-byte blocks of the mask that hold any, so the work follows the changes, not the
// whole skeleton times the number of subiterations: on USD0871728-D00002 (2008 × 3047, 19
// subiterations) 4.4 M neighbourhood tests become 1.7 M.

/** Pixels flagged per table; the thinning ends when both are 0 or nothing changes. */
let pendingEven = 0
let pendingOdd = 0
/** The mask, and the three block bitmaps (`words` u32 each: NEED_EVEN, NEED_ODD, REMOVE). */
let maskBase: usize = 0
let bitmaps: usize = 0
let words: usize = 0

/** Bytes of scratch `skeletonize` needs for a `width × height` mask: three block bitmaps. */
export function skeletonScratchBytes(width: i32, height: i32): usize {
  const n = <usize>(width + 2) * <usize>(height + 2)
  return 12 * (((n + 511) >> 9) + 1)
}

/**
 * Thins the ink of `data` in place to the same 8-connected skeleton as skeletonize.ts.
 * @param data framed mask (1 ink, 0 paper), 16-byte aligned; 32 readable bytes must follow it
 * @param blocks `skeletonScratchBytes(width, height)` bytes: one bit per 16 mask bytes, three
 *   bitmaps (see `markBlock`)
 */
export function skeletonize(data: usize, width: i32, height: i32, blocks: usize): void {
  const stride = <usize>(width + 2)
  const n = stride * <usize>(height + 2)
  maskBase = data
  bitmaps = blocks
  words = ((n + 511) >> 9) + 1
  memory.fill(blocks, 0, 12 * words)
  markBorder(stride, n)
  let idle = 0
  let odd = 0
  // Ends, as in skeletonize.ts, when two subiterations in a row remove nothing.
  while (pendingEven + pendingOdd > 0 && idle < 2) {
    const removed = decide(stride, odd)
    if (removed !== 0) apply(stride, odd)
    idle = removed === 0 ? idle + 1 : 0
    odd ^= 1
  }
  removeStaircases(data, stride, height)
}

/**
 * The 3 × 3 window around `i` as 9 bits, row by row from the north-west (bit 4 is the pixel):
 * bit 0 of three bytes from each row, gathered by one multiply.
 */
function window(i: usize, stride: usize): u32 {
  return (
    rowBits(load<u32>(i - stride - 1)) |
    (rowBits(load<u32>(i - 1)) << 3) |
    (rowBits(load<u32>(i + stride - 1)) << 6)
  )
}

function rowBits(bytes: u32): u32 {
  // Bits 0, 8, 16 land on 14, 15, 16 (the partial products do not overlap, so nothing carries).
  return (((bytes & 0x010101) * 0x4081) >> 14) & 7
}

/** Bits 0 … min(count, 16) − 1 set: the lanes of a 16-byte load that lie before an end. */
function laneMask(count: usize): u32 {
  return count >= 16 ? 0xffff : ((<u32>1) << (<u32>count)) - 1
}

const LANE_BITS = i8x16(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128)

/** 0xff in the lanes whose bit is set in the 16-bit `mask`, 0 elsewhere. */
function lanes(mask: u32): v128 {
  const spread = i8x16.swizzle(
    i16x8.splat(<i16>mask),
    i8x16(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1),
  )
  return i8x16.eq(v128.and(spread, LANE_BITS), LANE_BITS)
}

/** Marks the block holding mask byte `offset` in bitmap `kind` (0 even, 1 odd, 2 REMOVE). */
function markBlock(kind: usize, offset: usize): void {
  const block = offset >> 4
  const word = bitmaps + ((kind * words + (block >> 5)) << 2)
  store<u32>(word, load<u32>(word) | ((<u32>1) << (<u32>block & 31)))
}

/** Queues every ink pixel with a paper 4-neighbour (skeletonize.ts's first candidates). */
function markBorder(stride: usize, n: usize): void {
  const one = i8x16.splat(1)
  const both = i8x16.splat(NEED_EVEN | NEED_ODD)
  const end = n - stride
  let count = 0
  // Blocks from the one holding row 1 to the last row: frame bytes are paper, never border.
  for (let offset = stride & ~15; offset < end; offset += 16) {
    const p = maskBase + offset
    const v = v128.load(p)
    const sides = v128.and(
      v128.and(v128.load(p - stride), v128.load(p + stride)),
      v128.and(v128.load(p - 1), v128.load(p + 1)),
    )
    const border = v128.and(v128.andnot(v, sides), one)
    const m = <u32>i8x16.bitmask(i8x16.ne(border, i8x16.splat(0))) & laneMask(end - offset)
    if (m === 0) continue
    v128.store(p, v128.or(v, v128.and(lanes(m), both)))
    markBlock(0, offset)
    markBlock(1, offset)
    count += popcnt(m)
  }
  pendingEven = count
  pendingOdd = count
}

/**
 * Tests the pixels flagged for this subiteration's table, clearing the flag, and marks REMOVE
 * on those it deletes; every test sees the image as the subiteration found it.
 * @returns how many it marked
 */
function decide(stride: usize, odd: i32): i32 {
  const table = odd !== 0 ? DELETE_SECOND : DELETE_FIRST
  const flag = i8x16.splat(odd !== 0 ? NEED_ODD : NEED_EVEN)
  const gone = i8x16.splat(REMOVE)
  const bitmap = bitmaps + ((<usize>odd * words) << 2)
  let removed = 0
  let tested = 0
  for (let w: usize = 0; w < words; w++) {
    let set = load<u32>(bitmap + (w << 2))
    if (set === 0) continue
    store<u32>(bitmap + (w << 2), 0)
    while (set !== 0) {
      const offset = ((w << 5) + <usize>ctz(set)) << 4
      set &= set - 1
      const p = maskBase + offset
      const v = v128.load(p)
      const flagged = <u32>i8x16.bitmask(i8x16.ne(v128.and(v, flag), i8x16.splat(0)))
      let verdicts: u32 = 0
      let m = flagged
      while (m !== 0) {
        const k = ctz(m)
        m &= m - 1
        verdicts |= (<u32>load<u8>(table + window(p + <usize>k, stride))) << k
      }
      // One store per block: a byte store per pixel would stall the next pixel's wide loads.
      const cleared = v128.andnot(v, v128.and(lanes(flagged), flag))
      v128.store(p, v128.or(cleared, v128.and(lanes(verdicts), gone)))
      tested += popcnt(flagged)
      if (verdicts !== 0) {
        markBlock(2, offset)
        removed += popcnt(verdicts)
      }
    }
  }
  if (odd !== 0) pendingOdd -= tested
  else pendingEven -= tested
  return removed
}

/**
 * Clears the REMOVE pixels and flags their remaining ink neighbours for both tables, a block at
 * a time: the neighbours of a block's removed pixels are columns −1 … 16 of three rows.
 */
function apply(stride: usize, odd: i32): void {
  const other = i8x16.splat(odd !== 0 ? NEED_EVEN : NEED_ODD)
  const gone = i8x16.splat(REMOVE)
  const zero = i8x16.splat(0)
  const bitmap = bitmaps + ((2 * words) << 2)
  let dropped = 0
  for (let w: usize = 0; w < words; w++) {
    let set = load<u32>(bitmap + (w << 2))
    if (set === 0) continue
    store<u32>(bitmap + (w << 2), 0)
    while (set !== 0) {
      const p = maskBase + (((w << 5) + <usize>ctz(set)) << 4)
      set &= set - 1
      const v = v128.load(p)
      const removed = <u32>i8x16.bitmask(i8x16.ne(v128.and(v, gone), zero))
      dropped += popcnt(<u32>i8x16.bitmask(i8x16.ne(v128.and(v, other), zero)) & removed)
      v128.store(p, v128.andnot(v, lanes(removed)))
      // Bit t: column t − 1 of the block, next to a removed pixel (the removed are paper now).
      const around = removed | (removed << 1) | (removed << 2)
      touchRow(p - stride - 1, around)
      touchRow(p - 1, around)
      touchRow(p + stride - 1, around)
    }
  }
  if (odd !== 0) pendingEven -= dropped
  else pendingOdd -= dropped
}

/** Flags for both tables the ink that is not going among the 18 bytes at `at` picked by `around`. */
function touchRow(at: usize, around: u32): void {
  // Next to row 1 of a mask narrower than 16, the window starts before the mask: drop those lanes.
  const before = at < maskBase ? <u32>(maskBase - at) : 0
  touchLanes(at + <usize>before, (around & 0xffff) >> before)
  if (around > 0xffff) touchLanes(at + 16, around >> 16)
}

function touchLanes(at: usize, picked: u32): void {
  // Branch-free: whether a neighbour is ink is a coin toss, and mispredictions cost the most here.
  const zero = i8x16.splat(0)
  const u = v128.load(at)
  const open =
    <u32>i8x16.bitmask(i8x16.eq(v128.and(u, i8x16.splat(INK | REMOVE)), i8x16.splat(INK))) & picked
  const even = open & ~(<u32>i8x16.bitmask(i8x16.ne(v128.and(u, i8x16.splat(NEED_EVEN)), zero)))
  const odd = open & ~(<u32>i8x16.bitmask(i8x16.ne(v128.and(u, i8x16.splat(NEED_ODD)), zero)))
  const flags = v128.or(
    v128.and(lanes(even), i8x16.splat(NEED_EVEN)),
    v128.and(lanes(odd), i8x16.splat(NEED_ODD)),
  )
  v128.store(at, v128.or(u, flags))
  pendingEven += popcnt(even)
  pendingOdd += popcnt(odd)
  const offset = at - maskBase
  markLanes(0, offset, even)
  markLanes(1, offset, odd)
}

/**
 * Marks in bitmap `kind` the one or two blocks holding the picked lanes of 16 bytes at `offset`
 * (branch-free: OR-ing 0 into a word is harmless; each bitmap has a spare word at its end).
 */
function markLanes(kind: usize, offset: usize, picked: u32): void {
  const split = 16 - <u32>(offset & 15)
  const first = <u32>((picked & (((<u32>1) << split) - 1)) !== 0)
  const second = <u32>(picked >> split !== 0)
  const block = offset >> 4
  const a = bitmaps + ((kind * words + (block >> 5)) << 2)
  store<u32>(a, load<u32>(a) | (first << (<u32>block & 31)))
  const next = block + 1
  const b = bitmaps + ((kind * words + (next >> 5)) << 2)
  store<u32>(b, load<u32>(b) | (second << (<u32>next & 31)))
}

/**
 * skeletonize.ts step 2, in the same raster order: an ink pixel whose neighbourhood is SIMPLE
 * goes; every other ink pixel is written back as a plain 1 (dropping the thinning flags).
 */
function removeStaircases(data: usize, stride: usize, height: i32): void {
  const last = data + stride * <usize>(height + 1)
  const zero = i8x16.splat(0)
  for (let p = data + stride; p < last; p += 16) {
    let m = <u32>i8x16.bitmask(i8x16.ne(v128.load(p), zero)) & laneMask(last - p)
    while (m !== 0) {
      const i = p + <usize>ctz(m)
      m &= m - 1
      // The west pixel was just written: read the middle row by bytes, which forward cheaply.
      const bits =
        rowBits(load<u32>(i - stride - 1)) |
        ((<u32>load<u8>(i - 1) & 1) << 3) |
        ((<u32>load<u8>(i + 1) & 1) << 5) |
        (rowBits(load<u32>(i + stride - 1)) << 6)
      store<u8>(i, load<u8>(SIMPLE + bits) !== 0 ? 0 : 1)
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Tables: the same definitions as deletionTable and simplePointTable in skeletonize.ts.

function buildTables(): void {
  for (let bits: u32 = 0; bits < 512; bits++) {
    // Window bits (NW N NE / W · E / SW S SE) → the code's P2 … P9 (N, NE, E, SE, S, SW, W, NW).
    const code =
      ((bits >> 1) & 1) |
      (((bits >> 2) & 1) << 1) |
      (((bits >> 5) & 1) << 2) |
      (((bits >> 8) & 1) << 3) |
      (((bits >> 7) & 1) << 4) |
      (((bits >> 6) & 1) << 5) |
      (((bits >> 3) & 1) << 6) |
      ((bits & 1) << 7)
    const p2 = code & 1
    const p3 = (code >> 1) & 1
    const p4 = (code >> 2) & 1
    const p5 = (code >> 3) & 1
    const p6 = (code >> 4) & 1
    const p7 = (code >> 5) & 1
    const p8 = (code >> 6) & 1
    const p9 = (code >> 7) & 1
    // Guo–Hall A1: C(P) = 1, 2 ≤ N(P) ≤ 3, and each subiteration's side condition.
    const c =
      ((p2 ^ 1) & (p3 | p4)) +
      ((p4 ^ 1) & (p5 | p6)) +
      ((p6 ^ 1) & (p7 | p8)) +
      ((p8 ^ 1) & (p9 | p2))
    const n1 = (p9 | p2) + (p3 | p4) + (p5 | p6) + (p7 | p8)
    const n2 = (p2 | p3) + (p4 | p5) + (p6 | p7) + (p8 | p9)
    const n = min(n1, n2)
    const deletable = c === 1 && n >= 2 && n <= 3
    const side0 = (p6 | p7 | (p9 ^ 1)) & p8
    const side1 = (p2 | p3 | (p5 ^ 1)) & p4
    store<u8>(DELETE_FIRST + bits, deletable && side0 === 0 ? 1 : 0)
    store<u8>(DELETE_SECOND + bits, deletable && side1 === 0 ? 1 : 0)
    store<u8>(SIMPLE + bits, isSimple(code) ? 1 : 0)
  }
}

/**
 * (8, 4) simple point: at least two ink neighbours forming one 8-connected group on the ring
 * (adjacent ring positions, and N–E, E–S, S–W, W–N), and a paper 4-neighbour.
 */
function isSimple(code: u32): bool {
  if (popcnt(code) < 2) return false
  if ((code & 0x55) === 0x55) return false
  for (let k: u32 = 0; k < 8; k++) store<u8>(PARENT + k, <u8>k)
  for (let k: u32 = 0; k < 8; k++) {
    join(code, k, (k + 1) & 7)
    if ((k & 1) === 0) join(code, k, (k + 2) & 7)
  }
  let groups = 0
  for (let k: u32 = 0; k < 8; k++) if (((code >> k) & 1) !== 0 && root(k) === k) groups++
  return groups === 1
}

function join(code: u32, a: u32, b: u32): void {
  if (((code >> a) & 1) !== 0 && ((code >> b) & 1) !== 0) store<u8>(PARENT + root(a), <u8>root(b))
}

function root(a: u32): u32 {
  let r = a
  while (<u32>load<u8>(PARENT + r) !== r) r = <u32>load<u8>(PARENT + r)
  return r
}

// ---------------------------------------------------------------------------------------------
// Ink blocks: where the skeleton is, for the stroke graph's scans (src/engines/lineart/
// stroke-graph.ts), which would otherwise read every byte of a mask that is mostly paper.

/**
 * Sets bit (b & 31) of u32 word b >> 5 of `blocks` when the 16 bytes of `data` from 16 · b hold
 * any nonzero byte, for every block of the first `n` bytes; each word is written whole.
 * @param data 16-byte aligned; 16 readable bytes must follow its `n` (not read as ink)
 * @param blocks room for ceil(n / 512) words (the thinning's scratch has it)
 */
export function inkBlocks(data: usize, n: usize, blocks: usize): void {
  const count = (n + 15) >> 4
  for (let w: usize = 0; w << 5 < count; w++) {
    let bits: u32 = 0
    const first = w << 5
    const last = min(first + 32, count)
    for (let b = first; b < last; b++) {
      bits |= (<u32>v128.any_true(v128.load(data + (b << 4)))) << (<u32>(b - first))
    }
    store<u32>(blocks + (w << 2), bits)
  }
  // A last partial block: only its bytes before `n` count (the rest may be a last pass's).
  const tail = n & 15
  if (tail !== 0) {
    const b = n >> 4
    let any: u32 = 0
    for (let i: usize = 0; i < tail; i++) any |= <u32>load<u8>(data + (b << 4) + i)
    const word = blocks + ((b >> 5) << 2)
    const bit = (<u32>1) << (<u32>b & 31)
    store<u32>(word, any !== 0 ? load<u32>(word) | bit : load<u32>(word) & ~bit)
  }
}

// ---------------------------------------------------------------------------------------------
// Threshold: a binarized row into the mask. Where the row is black the mask takes the code of the
// pixel's level (`codes`, 256 bytes: ink, the core or the faint band of threshold.ts); white
// pixels stay paper. 16 white pixels at a time are passed.
// ---------------------------------------------------------------------------------------------

export function mergeRow(
  binarized: usize,
  levels: usize,
  mask: usize,
  width: i32,
  codes: usize,
): void {
  const white = i8x16.splat(-1)
  let x = 0
  for (; x + 16 <= width; x += 16) {
    if (i8x16.all_true(i8x16.eq(v128.load(binarized + <usize>x), white))) continue
    for (let k = x; k < x + 16; k++) mergePixel(binarized, levels, mask, k, codes)
  }
  for (; x < width; x++) mergePixel(binarized, levels, mask, x, codes)
}

function mergePixel(binarized: usize, levels: usize, mask: usize, x: i32, codes: usize): void {
  const at = <usize>x
  if (load<u8>(binarized + at) === 0)
    store<u8>(mask + at, load<u8>(codes + <usize>load<u8>(levels + at)))
}

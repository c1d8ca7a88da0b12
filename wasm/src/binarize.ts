// The line-preserving binarization of src/engines/gray/binarize.ts (binarizePage, the same rule
// and output), one row at a time, in SIMD where a block of 16 pixels is all outside the ridge
// band. Exported by zlib.wasm (the /convert filing page) and lineart.wasm (its threshold stage).

function flank(v: i32, near: i32, far: i32, high: i32, margin: i32): bool {
  return near - v >= margin || (near >= v && near <= high && far - near >= margin)
}

function gapSide(v: i32, near: i32, far: i32, low: i32, margin: i32): bool {
  return v - near >= margin || (near >= v && near > low && near - far >= margin)
}

function gap(v: i32, nearA: i32, farA: i32, nearB: i32, farB: i32, low: i32, margin: i32): bool {
  return gapSide(v, nearA, farA, low, margin) && gapSide(v, nearB, farB, low, margin)
}

function px(row: usize, x: i32): i32 {
  return <i32>load<u8>(row + <usize>x)
}

/**
 * Binarizes row `cur` into `out` given the rows above (`up1`, `up2`) and below (`down1`,
 * `down2`), already replicated at the page's edges as binarizePage does. Requires low < high.
 */
export function binarizeRow(
  cur: usize,
  up1: usize,
  up2: usize,
  down1: usize,
  down2: usize,
  out: usize,
  width: i32,
  low: i32,
  high: i32,
  margin: i32,
): void {
  const last = width - 1
  const lowV = i8x16.splat(<i8>max(low, 0))
  const highV = i8x16.splat(<i8>high)
  let x = 0
  for (; x + 16 <= width; x += 16) {
    const v = v128.load(cur + <usize>x)
    const black = low >= 0 ? i8x16.le_u(v, lowV) : i8x16.splat(0)
    const white = i8x16.gt_u(v, highV)
    if (i8x16.all_true(v128.or(black, white))) {
      v128.store(out + <usize>x, white)
      continue
    }
    for (let k = x; k < x + 16; k++)
      binarizePixel(cur, up1, up2, down1, down2, out, k, last, low, high, margin)
  }
  for (; x < width; x++) binarizePixel(cur, up1, up2, down1, down2, out, x, last, low, high, margin)
}

function binarizePixel(
  cur: usize,
  up1: usize,
  up2: usize,
  down1: usize,
  down2: usize,
  out: usize,
  x: i32,
  last: i32,
  low: i32,
  high: i32,
  margin: i32,
): void {
  const v = px(cur, x)
  if (v <= low) {
    store<u8>(out + <usize>x, 0)
    return
  }
  if (v > high) {
    store<u8>(out + <usize>x, 255)
    return
  }
  const l1 = x > 0 ? x - 1 : 0
  const l2 = x > 1 ? x - 2 : 0
  const r1 = x < last ? x + 1 : last
  const r2 = x + 1 < last ? x + 2 : last
  const ridge =
    (flank(v, px(cur, l1), px(cur, l2), high, margin) &&
      flank(v, px(cur, r1), px(cur, r2), high, margin) &&
      !gap(v, px(up1, x), px(up2, x), px(down1, x), px(down2, x), low, margin)) ||
    (flank(v, px(up1, x), px(up2, x), high, margin) &&
      flank(v, px(down1, x), px(down2, x), high, margin) &&
      !gap(v, px(cur, l1), px(cur, l2), px(cur, r1), px(cur, r2), low, margin)) ||
    (flank(v, px(up1, l1), px(up2, l2), high, margin) &&
      flank(v, px(down1, r1), px(down2, r2), high, margin) &&
      !gap(v, px(up1, r1), px(up2, r2), px(down1, l1), px(down2, l2), low, margin)) ||
    (flank(v, px(up1, r1), px(up2, r2), high, margin) &&
      flank(v, px(down1, l1), px(down2, l2), high, margin) &&
      !gap(v, px(up1, l1), px(up2, l2), px(down1, r1), px(down2, r2), low, margin))
  store<u8>(out + <usize>x, ridge ? 0 : 255)
}

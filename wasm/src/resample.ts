// Resample kernels (AssemblyScript, WebAssembly SIMD) for src/engines/gray/resample.ts: the two
// separable passes of the Lanczos resampler, four samples per instruction. The TypeScript side
// owns the memory layout (every pointer below is a byte offset it computed) and the weights.
// Build: `npm run build:wasm` (wasm/dist/resample.wasm, committed; CI rebuilds and compares).

/**
 * Horizontal pass of one source row: `out[x] = Σ_k row[start[x] + k] · weights[x · stride + k]`.
 * Weights are f32, zero-padded to `stride` (a multiple of 8) per output pixel, so the loop reads
 * 8 samples at a time with no tail; the row must be followed by max(`stride`, 32) readable bytes.
 * A window of at most 32 equal samples (flat paper, solid ink) is that value exactly, found with
 * two 16-byte compares instead of the multiply-adds.
 */
export function horizontal(
  row: usize,
  starts: usize,
  counts: usize,
  weights: usize,
  stride: i32,
  width: i32,
  out: usize,
): void {
  for (let x = 0; x < width; x++) {
    const rp = row + <usize>load<i32>(starts + ((<usize>x) << 2))
    const count = load<i32>(counts + ((<usize>x) << 2))
    if (count <= 32) {
      const first = load<u8>(rp)
      const same = i8x16.splat(<i8>first)
      let mask = <u32>i8x16.bitmask(i8x16.eq(v128.load(rp), same))
      if (count > 16) mask |= (<u32>i8x16.bitmask(i8x16.eq(v128.load(rp, 16), same))) << 16
      const need: u32 = count === 32 ? 0xffffffff : ((<u32>1) << (<u32>count)) - 1
      if ((mask & need) === need) {
        store<f32>(out + ((<usize>x) << 2), <f32>first)
        continue
      }
    }
    const wp = weights + ((<usize>(x * stride)) << 2)
    let acc0 = f32x4.splat(0)
    let acc1 = f32x4.splat(0)
    for (let k = 0; k < stride; k += 8) {
      const samples = i16x8.extend_low_i8x16_u(v128.load64_zero(rp + <usize>k))
      const lo = f32x4.convert_i32x4_u(i32x4.extend_low_i16x8_u(samples))
      const hi = f32x4.convert_i32x4_u(i32x4.extend_high_i16x8_u(samples))
      const w = wp + ((<usize>k) << 2)
      acc0 = f32x4.add(acc0, f32x4.mul(lo, v128.load(w)))
      acc1 = f32x4.add(acc1, f32x4.mul(hi, v128.load(w, 16)))
    }
    const acc = f32x4.add(acc0, acc1)
    store<f32>(
      out + ((<usize>x) << 2),
      f32x4.extract_lane(acc, 0) +
        f32x4.extract_lane(acc, 1) +
        f32x4.extract_lane(acc, 2) +
        f32x4.extract_lane(acc, 3),
    )
  }
}

/**
 * Vertical pass into one output row: `out[x] = clamp(round(Σ_k rows[k][x] · weights[k]))`, where
 * `rows` is a list of `taps` pointers to f32 rows. Sixteen pixels at a time (four vectors, so each
 * row pointer and weight is loaded once per 16 pixels): rows and `out` must have room for
 * `width` rounded up to a multiple of 16. Rounding is half up and the clamp saturates to 0…255,
 * as the TypeScript pass does.
 */
export function vertical(rows: usize, weights: usize, taps: i32, width: i32, out: usize): void {
  const half = f32x4.splat(0.5)
  for (let x = 0; x < width; x += 16) {
    const offset = (<usize>x) << 2
    let acc0 = f32x4.splat(0)
    let acc1 = f32x4.splat(0)
    let acc2 = f32x4.splat(0)
    let acc3 = f32x4.splat(0)
    for (let k = 0; k < taps; k++) {
      const row = <usize>load<i32>(rows + ((<usize>k) << 2)) + offset
      const w = f32x4.splat(load<f32>(weights + ((<usize>k) << 2)))
      acc0 = f32x4.add(acc0, f32x4.mul(v128.load(row), w))
      acc1 = f32x4.add(acc1, f32x4.mul(v128.load(row, 16), w))
      acc2 = f32x4.add(acc2, f32x4.mul(v128.load(row, 32), w))
      acc3 = f32x4.add(acc3, f32x4.mul(v128.load(row, 48), w))
    }
    const r0 = i32x4.trunc_sat_f32x4_s(f32x4.add(acc0, half))
    const r1 = i32x4.trunc_sat_f32x4_s(f32x4.add(acc1, half))
    const r2 = i32x4.trunc_sat_f32x4_s(f32x4.add(acc2, half))
    const r3 = i32x4.trunc_sat_f32x4_s(f32x4.add(acc3, half))
    const bytes = i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_s(r0, r1), i16x8.narrow_i32x4_s(r2, r3))
    v128.store(out + <usize>x, bytes)
  }
}

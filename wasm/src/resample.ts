// Resample kernels (AssemblyScript, WebAssembly SIMD) for src/engines/export/resample.ts: the two
// separable passes of the Lanczos resampler, four samples per instruction. The TypeScript side
// owns the memory layout (every pointer below is a byte offset it computed) and the weights.
// Build: `npm run build:wasm` (wasm/dist/resample.wasm, committed; CI rebuilds and compares).

/**
 * Horizontal pass of one source row: `out[x] = Σ_k row[start[x] + k] · weights[x · stride + k]`.
 * Weights are f32, zero-padded to `stride` (a multiple of 8) per output pixel, so the loop reads
 * 8 samples at a time with no tail; the row must be followed by `stride` readable bytes.
 */
export function horizontal(
  row: usize,
  starts: usize,
  weights: usize,
  stride: i32,
  width: i32,
  out: usize,
): void {
  for (let x = 0; x < width; x++) {
    const rp = row + <usize>load<i32>(starts + ((<usize>x) << 2))
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
 * `rows` is a list of `taps` pointers to f32 rows. Four pixels at a time: rows and `out` must have
 * room for `width` rounded up to a multiple of 4. Rounding is half up and the clamp saturates
 * to 0…255, as the TypeScript pass does.
 */
export function vertical(rows: usize, weights: usize, taps: i32, width: i32, out: usize): void {
  const half = f32x4.splat(0.5)
  for (let x = 0; x < width; x += 4) {
    const offset = (<usize>x) << 2
    let acc = f32x4.splat(0)
    for (let k = 0; k < taps; k++) {
      const row = <usize>load<i32>(rows + ((<usize>k) << 2))
      acc = f32x4.add(
        acc,
        f32x4.mul(v128.load(row + offset), f32x4.splat(load<f32>(weights + ((<usize>k) << 2)))),
      )
    }
    const rounded = i32x4.trunc_sat_f32x4_s(f32x4.add(acc, half))
    const narrow = i16x8.narrow_i32x4_s(rounded, rounded)
    const bytes = i8x16.narrow_i16x8_u(narrow, narrow)
    v128.store32_lane(out + <usize>x, bytes, 0)
  }
}

// Resample kernels (AssemblyScript, WebAssembly SIMD) for src/engines/gray/resample.ts: the two
// separable passes of the Lanczos resampler, the horizontal one in fixed point and the vertical
// one in f32. The TypeScript side owns the memory layout (every pointer below is a byte offset it
// computed) and the weights.
// Build: `npm run build:wasm` (wasm/dist/resample.wasm, committed; CI rebuilds and compares).

/**
 * Horizontal pass of one source row: `out[x] = Σ_k row[start[x] + k] · weights[x · stride + k]`
 * / unit, as f32. Weights are i16 fixed point summing to exactly `unit` (2^14 or 2^15) per output
 * pixel (so a flat window gives its value exactly), zero-padded to `stride` (a multiple of 8):
 * eight taps are one dot product. Four output pixels are summed together and stored as one
 * vector, so `starts` and `weights` must cover `width` rounded up to 4 (padding: start 0, weights
 * 0), `out` likewise, and the row must be followed by `stride` readable bytes.
 */
export function horizontal(
  row: usize,
  starts: usize,
  weights: usize,
  stride: i32,
  width: i32,
  out: usize,
  unit: f32,
): void {
  const scale = f32x4.splat(1.0 / unit)
  const pixelBytes = <usize>(stride << 1)
  for (let x = 0; x < width; x += 4) {
    const sp = starts + ((<usize>x) << 2)
    const wp = weights + <usize>x * pixelBytes
    const a = dot(row + <usize>load<i32>(sp), wp, stride)
    const b = dot(row + <usize>load<i32>(sp, 4), wp + pixelBytes, stride)
    const c = dot(row + <usize>load<i32>(sp, 8), wp + 2 * pixelBytes, stride)
    const d = dot(row + <usize>load<i32>(sp, 12), wp + 3 * pixelBytes, stride)
    // Lane i of the result is the sum of the four lanes of the i-th of a, b, c, d.
    const ab = i32x4.add(v128.shuffle<i32>(a, b, 0, 4, 1, 5), v128.shuffle<i32>(a, b, 2, 6, 3, 7))
    const cd = i32x4.add(v128.shuffle<i32>(c, d, 0, 4, 1, 5), v128.shuffle<i32>(c, d, 2, 6, 3, 7))
    const sums = i32x4.add(
      v128.shuffle<i32>(ab, cd, 0, 1, 4, 5),
      v128.shuffle<i32>(ab, cd, 2, 3, 6, 7),
    )
    v128.store(out + ((<usize>x) << 2), f32x4.mul(f32x4.convert_i32x4_s(sums), scale))
  }
}

/** Four partial sums of `taps` (a multiple of 8) samples at `samples` times i16 weights. */
function dot(samples: usize, weights: usize, taps: i32): v128 {
  let acc = i32x4.splat(0)
  for (let k = 0; k < taps; k += 8) {
    const s = i16x8.extend_low_i8x16_u(v128.load64_zero(samples + <usize>k))
    acc = i32x4.add(acc, i32x4.dot_i16x8_s(s, v128.load(weights + ((<usize>k) << 1))))
  }
  return acc
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

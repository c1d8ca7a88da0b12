// Convolution kernels (AssemblyScript, WebAssembly SIMD) of the enhance engine: the layers of the
// ESRGAN-slim network (src/engines/upscale/model.ts) over float32 NHWC activations. TypeScript
// owns the memory layout (src/engines/upscale/kernels-wasm.ts): every pointer is a byte offset it
// computed, every stride counts floats. An activation is a plane of `width × height` pixels inside
// a zero frame at least (k − 1) / 2 pixels wide; the kernels write the plane and never the frame,
// so each layer sees zeros past the image edge exactly as 'same' padding does. A pixel may hold
// more floats than the value's channels (`pix` ≥ channels), so a value can live in a channel
// slice of a wider buffer and a concatenation costs no copy. Build: `npm run build:wasm`.

/** First byte past this module's static data: the layout made in TypeScript starts above it. */
export function heapBase(): usize {
  return __heap_base
}

/**
 * Same-size convolution, stride 1: `out[y][x][co] = act(bias[co] + Σ in[y + ky − r][x + kx − r][ci]
 * · w[ky][kx][ci][co])` with r = (k − 1) / 2, over the `width × height` plane.
 *
 * Weights are repacked in blocks of output channels: while 8 or more remain, a block of 8
 * (`[ky][kx][ci][8]`), then one block of 4; `cout` is a multiple of 4 (pad with zero weights and
 * biases; the padded lanes are written). Four output pixels × 8 output channels are summed in
 * eight f32x4 registers; each input sample is broadcast and multiplied by two weight vectors
 * (six pixels, twelve registers, spill under V8 and run at half the speed). Sums are float32,
 * bias first, then taps in kernel order.
 *
 * @param input byte offset of input pixel (0, 0), channel 0; r frame pixels must surround it
 * @param inPix floats from one input pixel to the next (≥ cin)
 * @param inRow floats from one input row to the next
 * @param cin input channels read
 * @param weights repacked weights, `k · k · cin · cout` floats
 * @param bias `cout` floats
 * @param out byte offset of output pixel (0, 0), channel 0
 * @param outPix floats from one output pixel to the next (≥ cout)
 * @param outRow floats from one output row to the next
 * @param cout output channels, a multiple of 4
 * @param k kernel side, odd
 * @param relu 1 to apply max(0, x) after the bias, 0 for linear
 */
export function conv(
  input: usize,
  inPix: i32,
  inRow: i32,
  cin: i32,
  weights: usize,
  bias: usize,
  out: usize,
  outPix: i32,
  outRow: i32,
  cout: i32,
  k: i32,
  width: i32,
  height: i32,
  relu: i32,
): void {
  const r = <usize>((k - 1) >> 1)
  const inPixB = (<usize>inPix) << 2
  const inRowB = (<usize>inRow) << 2
  const outPixB = (<usize>outPix) << 2
  const outRowB = (<usize>outRow) << 2
  const taps = <usize>(k * k)
  const origin = input - r * inRowB - r * inPixB
  // Row by row, every channel block of a row before the next: the k input rows a row reads stay
  // in cache while the weights stream through.
  for (let y = 0; y < height; y++) {
    const src = origin + <usize>y * inRowB
    let block = weights
    for (let co = 0; co < cout; ) {
      const lanes = cout - co >= 8 ? 8 : 4
      const b = bias + ((<usize>co) << 2)
      const dst = out + <usize>y * outRowB + ((<usize>co) << 2)
      if (lanes === 8) row8(src, inPixB, inRowB, cin, k, k, block, b, dst, outPixB, width, relu)
      else row4(src, inPixB, inRowB, cin, k, k, block, b, dst, outPixB, width, relu)
      block += (taps * <usize>cin * <usize>lanes) << 2
      co += lanes
    }
  }
}

function act(v: v128, relu: i32): v128 {
  return relu ? f32x4.max(v, f32x4.splat(0)) : v
}

/**
 * One output row, 8 channels: four pixels at a time in eight f32x4 sums, then the last
 * `width % 4` pixels one at a time. `src` is the top-left tap of the row's first pixel.
 */
function row8(
  src: usize,
  pixB: usize,
  rowB: usize,
  cin: i32,
  kh: i32,
  kw: i32,
  weights: usize,
  bias: usize,
  dst: usize,
  outPixB: usize,
  width: i32,
  relu: i32,
): void {
  const n = (<usize>cin) << 2
  const zero = f32x4.splat(0)
  const low = relu ? zero : f32x4.splat(-Infinity)
  let x = 0
  for (; x + 4 <= width; x += 4) {
    const at = src + <usize>x * pixB
    let a0 = v128.load(bias)
    let a1 = v128.load(bias, 16)
    let b0 = a0
    let b1 = a1
    let c0 = a0
    let c1 = a1
    let d0 = a0
    let d1 = a1
    let w = weights
    for (let ky = 0; ky < kh; ky++) {
      const row = at + <usize>ky * rowB
      for (let kx = 0; kx < kw; kx++) {
        const p0 = row + <usize>kx * pixB
        const p1 = p0 + pixB
        const p2 = p1 + pixB
        const p3 = p2 + pixB
        for (let i: usize = 0; i < n; i += 4) {
          const w0 = v128.load(w)
          const w1 = v128.load(w, 16)
          w += 32
          let s = v128.load32_splat(p0 + i)
          a0 = f32x4.add(a0, f32x4.mul(s, w0))
          a1 = f32x4.add(a1, f32x4.mul(s, w1))
          s = v128.load32_splat(p1 + i)
          b0 = f32x4.add(b0, f32x4.mul(s, w0))
          b1 = f32x4.add(b1, f32x4.mul(s, w1))
          s = v128.load32_splat(p2 + i)
          c0 = f32x4.add(c0, f32x4.mul(s, w0))
          c1 = f32x4.add(c1, f32x4.mul(s, w1))
          s = v128.load32_splat(p3 + i)
          d0 = f32x4.add(d0, f32x4.mul(s, w0))
          d1 = f32x4.add(d1, f32x4.mul(s, w1))
        }
      }
    }
    const o = dst + <usize>x * outPixB
    v128.store(o, f32x4.max(a0, low))
    v128.store(o, f32x4.max(a1, low), 16)
    v128.store(o + outPixB, f32x4.max(b0, low))
    v128.store(o + outPixB, f32x4.max(b1, low), 16)
    v128.store(o + 2 * outPixB, f32x4.max(c0, low))
    v128.store(o + 2 * outPixB, f32x4.max(c1, low), 16)
    v128.store(o + 3 * outPixB, f32x4.max(d0, low))
    v128.store(o + 3 * outPixB, f32x4.max(d1, low), 16)
  }
  for (; x < width; x++) {
    const at = src + <usize>x * pixB
    let a0 = v128.load(bias)
    let a1 = v128.load(bias, 16)
    let w = weights
    for (let ky = 0; ky < kh; ky++) {
      const row = at + <usize>ky * rowB
      for (let kx = 0; kx < kw; kx++) {
        const p0 = row + <usize>kx * pixB
        for (let i: usize = 0; i < n; i += 4) {
          const s = v128.load32_splat(p0 + i)
          a0 = f32x4.add(a0, f32x4.mul(s, v128.load(w)))
          a1 = f32x4.add(a1, f32x4.mul(s, v128.load(w, 16)))
          w += 32
        }
      }
    }
    const o = dst + <usize>x * outPixB
    v128.store(o, f32x4.max(a0, low))
    v128.store(o, f32x4.max(a1, low), 16)
  }
}

/** One output row, 4 channels (the last block when `cout % 8` is 4), as {@link row8}. */
function row4(
  src: usize,
  pixB: usize,
  rowB: usize,
  cin: i32,
  kh: i32,
  kw: i32,
  weights: usize,
  bias: usize,
  dst: usize,
  outPixB: usize,
  width: i32,
  relu: i32,
): void {
  const n = (<usize>cin) << 2
  const low = relu ? f32x4.splat(0) : f32x4.splat(-Infinity)
  let x = 0
  for (; x + 4 <= width; x += 4) {
    const at = src + <usize>x * pixB
    let a = v128.load(bias)
    let b = a
    let c = a
    let d = a
    let w = weights
    for (let ky = 0; ky < kh; ky++) {
      const row = at + <usize>ky * rowB
      for (let kx = 0; kx < kw; kx++) {
        const p0 = row + <usize>kx * pixB
        const p1 = p0 + pixB
        const p2 = p1 + pixB
        const p3 = p2 + pixB
        for (let i: usize = 0; i < n; i += 4) {
          const w0 = v128.load(w)
          w += 16
          a = f32x4.add(a, f32x4.mul(v128.load32_splat(p0 + i), w0))
          b = f32x4.add(b, f32x4.mul(v128.load32_splat(p1 + i), w0))
          c = f32x4.add(c, f32x4.mul(v128.load32_splat(p2 + i), w0))
          d = f32x4.add(d, f32x4.mul(v128.load32_splat(p3 + i), w0))
        }
      }
    }
    const o = dst + <usize>x * outPixB
    v128.store(o, f32x4.max(a, low))
    v128.store(o + outPixB, f32x4.max(b, low))
    v128.store(o + 2 * outPixB, f32x4.max(c, low))
    v128.store(o + 3 * outPixB, f32x4.max(d, low))
  }
  for (; x < width; x++) {
    const at = src + <usize>x * pixB
    let a = v128.load(bias)
    let w = weights
    for (let ky = 0; ky < kh; ky++) {
      const row = at + <usize>ky * rowB
      for (let kx = 0; kx < kw; kx++) {
        const p0 = row + <usize>kx * pixB
        for (let i: usize = 0; i < n; i += 4) {
          a = f32x4.add(a, f32x4.mul(v128.load32_splat(p0 + i), v128.load(w)))
          w += 16
        }
      }
    }
    v128.store(dst + <usize>x * outPixB, f32x4.max(a, low))
  }
}

/**
 * Element-wise `out = a + b` over a plane of `channels` (a multiple of 4) per pixel; the three may
 * have different pixel and row strides (floats). `out` may be `a` or `b`.
 */
export function add(
  a: usize,
  aPix: i32,
  aRow: i32,
  b: usize,
  bPix: i32,
  bRow: i32,
  out: usize,
  outPix: i32,
  outRow: i32,
  channels: i32,
  width: i32,
  height: i32,
): void {
  const n = (<usize>channels) << 2
  for (let y = 0; y < height; y++) {
    let pa = a + ((<usize>(y * aRow)) << 2)
    let pb = b + ((<usize>(y * bRow)) << 2)
    let po = out + ((<usize>(y * outRow)) << 2)
    for (let x = 0; x < width; x++) {
      for (let i: usize = 0; i < n; i += 16) {
        v128.store(po + i, f32x4.add(v128.load(pa + i), v128.load(pb + i)))
      }
      pa += (<usize>aPix) << 2
      pb += (<usize>bPix) << 2
      po += (<usize>outPix) << 2
    }
  }
}

/**
 * Copies a plane of `channels` (a multiple of 4) per pixel into another place, with max(0, x)
 * when `relu` is 1 (a concatenation input that could not be written in place, or an unfused relu).
 */
export function copy(
  input: usize,
  inPix: i32,
  inRow: i32,
  out: usize,
  outPix: i32,
  outRow: i32,
  channels: i32,
  width: i32,
  height: i32,
  relu: i32,
): void {
  const n = (<usize>channels) << 2
  for (let y = 0; y < height; y++) {
    let pi = input + ((<usize>(y * inRow)) << 2)
    let po = out + ((<usize>(y * outRow)) << 2)
    for (let x = 0; x < width; x++) {
      for (let i: usize = 0; i < n; i += 16) v128.store(po + i, act(v128.load(pi + i), relu))
      pi += (<usize>inPix) << 2
      po += (<usize>outPix) << 2
    }
  }
}

/**
 * A convolution with a `kh × kw` window whose top-left tap is given, not centred: output pixel
 * (x, y) sums `in[origin + y · inRow + x · inPix + (ty · inRow + tx · inPix)][ci] · w[ty][tx][ci][co]`,
 * plus bias, then relu; weights in the blocks of {@link conv}. With strided output it runs one
 * phase of a nearest upsampling folded into the convolution that reads it (see
 * src/engines/upscale/kernels-wasm.ts): each of the s² output phases is a small convolution of
 * the input plane.
 */
export function convTaps(
  origin: usize,
  inPix: i32,
  inRow: i32,
  cin: i32,
  weights: usize,
  bias: usize,
  out: usize,
  outPix: i32,
  outRow: i32,
  cout: i32,
  kh: i32,
  kw: i32,
  width: i32,
  height: i32,
  relu: i32,
): void {
  const inPixB = (<usize>inPix) << 2
  const inRowB = (<usize>inRow) << 2
  const outPixB = (<usize>outPix) << 2
  const outRowB = (<usize>outRow) << 2
  const taps = <usize>(kh * kw)
  for (let y = 0; y < height; y++) {
    const src = origin + <usize>y * inRowB
    let block = weights
    for (let co = 0; co < cout; ) {
      const lanes = cout - co >= 8 ? 8 : 4
      const b = bias + ((<usize>co) << 2)
      const dst = out + <usize>y * outRowB + ((<usize>co) << 2)
      if (lanes === 8) row8(src, inPixB, inRowB, cin, kh, kw, block, b, dst, outPixB, width, relu)
      else row4(src, inPixB, inRowB, cin, kh, kw, block, b, dst, outPixB, width, relu)
      block += (taps * <usize>cin * <usize>lanes) << 2
      co += lanes
    }
  }
}

/**
 * Same-size convolution as {@link conv} by Winograd minimal filtering F(m × m, k × k) (see
 * src/engines/upscale/winograd.ts): the plane in blocks of m × m outputs, a row of blocks at a
 * time. Each block's n × n inputs (n = m + k − 1) go through Bᵀ d B, every one of the n²
 * positions is a 1 × 1 convolution over the row of blocks ({@link row8}, with the kernel already
 * in the Winograd domain), and Aᵀ M A gives the outputs, plus bias, then relu. Inputs past the
 * frame of a ragged last block count as zeros ('same' padding) and outputs past the plane are
 * not written.
 *
 * @param weights `[ξ][block of 8 | 4][ci][lanes]` for the n² positions ξ
 * @param bias `cout` floats
 * @param bt the 26 coefficients of the 8-point Bᵀ ({@link transformIn8}): n must be 8
 * @param at the 3m coefficients of the paired Aᵀ ({@link transformOut8})
 * @param scratch room for n² · ⌈width / m⌉ · (cin + cout) floats and 2 n² vectors
 * @param zeros `cout` zero floats (the bias of the 1 × 1 products)
 */
export function convWinograd(
  input: usize,
  inPix: i32,
  inRow: i32,
  cin: i32,
  weights: usize,
  bias: usize,
  out: usize,
  outPix: i32,
  outRow: i32,
  cout: i32,
  k: i32,
  m: i32,
  width: i32,
  height: i32,
  relu: i32,
  bt: usize,
  at: usize,
  scratch: usize,
  zeros: usize,
): void {
  const n = m + k - 1
  const nn = n * n
  const rad = (k - 1) >> 1
  const tiles = (width + m - 1) / m
  const v = scratch
  const mm = v + ((<usize>(nn * tiles * cin)) << 2)
  const tmp = mm + ((<usize>(nn * tiles * cout)) << 2)
  const low = relu ? f32x4.splat(0) : f32x4.splat(-Infinity)
  const blockRows = (height + m - 1) / m
  for (let ty = 0; ty < blockRows; ty++) {
    for (let tx = 0; tx < tiles; tx++) {
      const x0 = tx * m - rad
      const y0 = ty * m - rad
      for (let c = 0; c < cin; c += 4) {
        const d = input + ((<usize>c) << 2)
        const dst = v + ((<usize>(tx * cin + c)) << 2)
        transformIn8(d, inPix, inRow, x0, y0, width + rad, height + rad, bt, tmp, dst, tiles * cin)
      }
    }
    const pixB = (<usize>cin) << 2
    const outPixB = (<usize>cout) << 2
    for (let xi = 0; xi < nn; xi++) {
      const src = v + ((<usize>(xi * tiles * cin)) << 2)
      let block = weights + ((<usize>(xi * cin * cout)) << 2)
      for (let co = 0; co < cout; ) {
        const lanes = cout - co >= 8 ? 8 : 4
        const dst = mm + ((<usize>(xi * tiles * cout + co)) << 2)
        const b = zeros + ((<usize>co) << 2)
        if (lanes === 8) row8(src, pixB, 0, cin, 1, 1, block, b, dst, outPixB, tiles, 0)
        else row4(src, pixB, 0, cin, 1, 1, block, b, dst, outPixB, tiles, 0)
        block += (<usize>(cin * lanes)) << 2
        co += lanes
      }
    }
    for (let tx = 0; tx < tiles; tx++) {
      const x0 = tx * m
      const y0 = ty * m
      const w = min(m, width - x0)
      const h = min(m, height - y0)
      for (let co = 0; co < cout; co += 4) {
        const src = mm + ((<usize>(tx * cout + co)) << 2)
        const o = out + ((<usize>(y0 * outRow + x0 * outPix + co)) << 2)
        transformOut8(
          src,
          tiles * cout,
          m,
          at,
          tmp,
          v128.load(bias + ((<usize>co) << 2)),
          low,
          o,
          outPix,
          outRow,
          w,
          h,
        )
      }
    }
  }
}

/**
 * Aᵀ M A + bias, then `max(·, low)`, for one block and 4 channels, on the 8 points of
 * {@link transformIn8}: row i of Aᵀ is [i = 0, 1, σ, a, σa, b, σb, i = m − 1] with σ = ±1, so
 * each output takes the shared sums or differences of inputs (1, 2), (3, 4) and (5, 6) and two
 * products. `c` holds (a, b, σ) for each of the m rows. Position ξ of the block is at `src + ξ ·
 * stride` floats; writes the top-left `w × h` of the m × m outputs at `o`.
 */
function transformOut8(
  src: usize,
  stride: i32,
  m: i32,
  c: usize,
  tmp: usize,
  bias: v128,
  low: v128,
  o: usize,
  outPix: i32,
  outRow: i32,
  w: i32,
  h: i32,
): void {
  const strideB = (<usize>stride) << 2
  const rowB = (<usize>m) << 4
  // Rows of the block: tmp[j][i] = Σ_l Aᵀ[i][l] M[j][l].
  for (let j = 0; j < 8; j++) {
    const at = src + <usize>(j * 8) * strideB
    at8(
      v128.load(at),
      v128.load(at + strideB),
      v128.load(at + 2 * strideB),
      v128.load(at + 3 * strideB),
      v128.load(at + 4 * strideB),
      v128.load(at + 5 * strideB),
      v128.load(at + 6 * strideB),
      v128.load(at + 7 * strideB),
      m,
      c,
      tmp + <usize>j * rowB,
      16,
      m,
      f32x4.splat(0),
      f32x4.splat(-Infinity),
    )
  }
  // Columns: Y[jj][i] = bias + Σ_j Aᵀ[jj][j] tmp[j][i], written down the output column i.
  const outRowB = (<usize>outRow) << 2
  for (let i = 0; i < w; i++) {
    const at = tmp + ((<usize>i) << 4)
    at8(
      v128.load(at),
      v128.load(at + rowB),
      v128.load(at + 2 * rowB),
      v128.load(at + 3 * rowB),
      v128.load(at + 4 * rowB),
      v128.load(at + 5 * rowB),
      v128.load(at + 6 * rowB),
      v128.load(at + 7 * rowB),
      m,
      c,
      o + ((<usize>(i * outPix)) << 2),
      outRowB,
      h,
      bias,
      low,
    )
  }
}

/**
 * The paired Aᵀ of {@link transformOut8} on one vector of 8: the first `count` of its m
 * outputs, each plus `add` and then `max(·, low)`, written at `out + i · step` bytes.
 */
function at8(
  x0: v128,
  x1: v128,
  x2: v128,
  x3: v128,
  x4: v128,
  x5: v128,
  x6: v128,
  x7: v128,
  m: i32,
  c: usize,
  out: usize,
  step: usize,
  count: i32,
  add: v128,
  low: v128,
): void {
  const s1 = f32x4.add(x1, x2)
  const d1 = f32x4.sub(x1, x2)
  const s2 = f32x4.add(x3, x4)
  const d2 = f32x4.sub(x3, x4)
  const s3 = f32x4.add(x5, x6)
  const d3 = f32x4.sub(x5, x6)
  for (let i = 0; i < count; i++) {
    const k = c + <usize>(i * 12)
    const even = load<f32>(k, 8) > 0
    let y = f32x4.add(add, even ? s1 : d1)
    y = f32x4.add(y, f32x4.mul(v128.load32_splat(k), even ? s2 : d2))
    y = f32x4.add(y, f32x4.mul(v128.load32_splat(k, 4), even ? s3 : d3))
    if (i === 0) y = f32x4.add(y, x0)
    if (i === m - 1) y = f32x4.add(y, x7)
    v128.store(out + <usize>i * step, f32x4.max(y, low))
  }
}

/**
 * Bᵀ d B for n = 8 on the points 0, ±1, ±2, ±½ and ∞, whose rows come in pairs E ± O (E reads
 * the even inputs, O the odd ones): row 0 and row 7 take 4 products each and each pair 6, 32 in
 * all instead of 64. `c` holds the 26 coefficients: row 0 on inputs 0, 2, 4, 6; row 7 on 1, 3,
 * 5, 7; then for each pair E on 2, 4, 6 and O on 1, 3, 5. Otherwise as {@link transformIn}.
 */
function transformIn8(
  d: usize,
  inPix: i32,
  inRow: i32,
  x0: i32,
  y0: i32,
  xEnd: i32,
  yEnd: i32,
  c: usize,
  tmp: usize,
  dst: usize,
  stride: i32,
): void {
  const inside = x0 + 8 <= xEnd && y0 + 8 <= yEnd
  const pixB = (<isize>inPix) << 2
  const rowB = (<isize>inRow) << 2
  const corner = <isize>d + <isize>y0 * rowB + <isize>x0 * pixB
  // Columns: tmp[j][x] = Σ_l Bᵀ[j][l] d[l][x].
  for (let x = 0; x < 8; x++) {
    const at = corner + <isize>x * pixB
    const xOk = x0 + x < xEnd
    let d0: v128, d1: v128, d2: v128, d3: v128, d4: v128, d5: v128, d6: v128, d7: v128
    if (inside) {
      d0 = v128.load(<usize>at)
      d1 = v128.load(<usize>(at + rowB))
      d2 = v128.load(<usize>(at + 2 * rowB))
      d3 = v128.load(<usize>(at + 3 * rowB))
      d4 = v128.load(<usize>(at + 4 * rowB))
      d5 = v128.load(<usize>(at + 5 * rowB))
      d6 = v128.load(<usize>(at + 6 * rowB))
      d7 = v128.load(<usize>(at + 7 * rowB))
    } else {
      d0 = edgeLoad(at, xOk && y0 < yEnd)
      d1 = edgeLoad(at + rowB, xOk && y0 + 1 < yEnd)
      d2 = edgeLoad(at + 2 * rowB, xOk && y0 + 2 < yEnd)
      d3 = edgeLoad(at + 3 * rowB, xOk && y0 + 3 < yEnd)
      d4 = edgeLoad(at + 4 * rowB, xOk && y0 + 4 < yEnd)
      d5 = edgeLoad(at + 5 * rowB, xOk && y0 + 5 < yEnd)
      d6 = edgeLoad(at + 6 * rowB, xOk && y0 + 6 < yEnd)
      d7 = edgeLoad(at + 7 * rowB, xOk && y0 + 7 < yEnd)
    }
    bt8(d0, d1, d2, d3, d4, d5, d6, d7, c, tmp + ((<usize>x) << 4), 128)
  }
  // Rows: V[j][i] = Σ_l Bᵀ[i][l] tmp[j][l].
  const strideB = (<usize>stride) << 2
  for (let j = 0; j < 8; j++) {
    const line = tmp + ((<usize>j) << 7)
    bt8(
      v128.load(line),
      v128.load(line, 16),
      v128.load(line, 32),
      v128.load(line, 48),
      v128.load(line, 64),
      v128.load(line, 80),
      v128.load(line, 96),
      v128.load(line, 112),
      c,
      dst + <usize>(j * 8) * strideB,
      strideB,
    )
  }
}

/** A pixel's 4 channels, or zeros past the valid frame. */
function edgeLoad(at: isize, ok: bool): v128 {
  return ok ? v128.load(<usize>at) : f32x4.splat(0)
}

/** `f32x4.add(a, f32x4.mul(splat(c[i]), v))`. */
function mac(a: v128, c: usize, i: i32, v: v128): v128 {
  return f32x4.add(a, f32x4.mul(v128.load32_splat(c + ((<usize>i) << 2)), v))
}

/** `splat(c[i]) · v`. */
function mul(c: usize, i: i32, v: v128): v128 {
  return f32x4.mul(v128.load32_splat(c + ((<usize>i) << 2)), v)
}

/** The paired Bᵀ of {@link transformIn8} on one vector of 8, written at `out + i · step` bytes. */
function bt8(
  d0: v128,
  d1: v128,
  d2: v128,
  d3: v128,
  d4: v128,
  d5: v128,
  d6: v128,
  d7: v128,
  c: usize,
  out: usize,
  step: usize,
): void {
  v128.store(out, mac(mac(mac(mul(c, 0, d0), c, 1, d2), c, 2, d4), c, 3, d6))
  v128.store(out + 7 * step, mac(mac(mac(mul(c, 4, d1), c, 5, d3), c, 6, d5), c, 7, d7))
  for (let p = 0; p < 3; p++) {
    const k = 8 + p * 6
    const e = mac(mac(mul(c, k, d2), c, k + 1, d4), c, k + 2, d6)
    const o = mac(mac(mul(c, k + 3, d1), c, k + 4, d3), c, k + 5, d5)
    const row = out + <usize>(2 * p + 1) * step
    v128.store(row, f32x4.add(e, o))
    v128.store(row + step, f32x4.sub(e, o))
  }
}

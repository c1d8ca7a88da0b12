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
      if (lanes === 8) row8(src, inPixB, inRowB, cin, k, block, b, dst, outPixB, width, relu)
      else row4(src, inPixB, inRowB, cin, k, block, b, dst, outPixB, width, relu)
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
  k: i32,
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
    for (let ky = 0; ky < k; ky++) {
      const row = at + <usize>ky * rowB
      for (let kx = 0; kx < k; kx++) {
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
    for (let ky = 0; ky < k; ky++) {
      const row = at + <usize>ky * rowB
      for (let kx = 0; kx < k; kx++) {
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
  k: i32,
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
    for (let ky = 0; ky < k; ky++) {
      const row = at + <usize>ky * rowB
      for (let kx = 0; kx < k; kx++) {
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
    for (let ky = 0; ky < k; ky++) {
      const row = at + <usize>ky * rowB
      for (let kx = 0; kx < k; kx++) {
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
 * Nearest-neighbour upsampling by `factor` folded into the same-size convolution that reads it,
 * so the upsampled plane is never stored: output pixel (X, Y) of the `width · factor × height ·
 * factor` plane sums the taps of {@link conv}, tap (ky, kx) reading input pixel
 * (⌊(X + kx − r) / factor⌋, ⌊(Y + ky − r) / factor⌋) of the `width × height` input plane. A tap
 * outside the upsampled plane lands on the input's frame (r ≤ factor needs one frame pixel), so
 * it reads zero: the upsampled plane's own 'same' padding. Weights, bias, channel blocks and
 * the order of the sums are those of {@link conv}.
 *
 * @param width input plane width (the output is `width · factor` wide)
 * @param height input plane height (the output is `height · factor` high)
 * @param factor the upsampling factor, ≥ r
 */
export function convUpsampled(
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
  factor: i32,
  width: i32,
  height: i32,
  relu: i32,
): void {
  const r = (k - 1) >> 1
  const inPixB = inPix << 2
  const inRowB = inRow << 2
  const outRowB = (<usize>outRow) << 2
  const taps = <usize>(k * k)
  const outWidth = width * factor
  for (let y = 0; y < height * factor; y++) {
    let block = weights
    for (let co = 0; co < cout; ) {
      const lanes = cout - co >= 8 ? 8 : 4
      const b = bias + ((<usize>co) << 2)
      const dst = out + <usize>y * outRowB + ((<usize>co) << 2)
      upRow(
        input,
        inPixB,
        inRowB,
        cin,
        k,
        r,
        factor,
        y,
        block,
        b,
        dst,
        outPix << 2,
        outWidth,
        relu,
        lanes,
      )
      block += (taps * <usize>cin * <usize>lanes) << 2
      co += lanes
    }
  }
}

/** ⌊v / s⌋ for v ≥ −r · s (an i32 division truncates toward zero); small, so -O3 inlines it. */
function floorDiv(v: i32, s: i32, r: i32): i32 {
  return (v + r * s) / s - r
}

/**
 * One output row of {@link convUpsampled}, one block of 8 or 4 channels, four pixels at a time and
 * then one at a time. Pointers are computed as i32 so that the frame row and column −1 work.
 */
function upRow(
  input: usize,
  pixB: i32,
  rowB: i32,
  cin: i32,
  k: i32,
  r: i32,
  s: i32,
  y: i32,
  weights: usize,
  bias: usize,
  dst: usize,
  outPixB: i32,
  outWidth: i32,
  relu: i32,
  lanes: i32,
): void {
  const n = (<usize>cin) << 2
  const low = relu ? f32x4.splat(0) : f32x4.splat(-Infinity)
  const step = <usize>(lanes << 2)
  const eight = lanes === 8
  let x = 0
  for (; x + 4 <= outWidth; x += 4) {
    let a0 = v128.load(bias)
    let a1 = eight ? v128.load(bias, 16) : a0
    let b0 = a0
    let b1 = a1
    let c0 = a0
    let c1 = a1
    let d0 = a0
    let d1 = a1
    let w = weights
    for (let ky = 0; ky < k; ky++) {
      const row = <i32>input + floorDiv(y + ky - r, s, r) * rowB
      for (let kx = 0; kx < k; kx++) {
        const p0 = <usize>(row + floorDiv(x + kx - r, s, r) * pixB)
        const p1 = <usize>(row + floorDiv(x + 1 + kx - r, s, r) * pixB)
        const p2 = <usize>(row + floorDiv(x + 2 + kx - r, s, r) * pixB)
        const p3 = <usize>(row + floorDiv(x + 3 + kx - r, s, r) * pixB)
        if (eight) {
          for (let i: usize = 0; i < n; i += 4) {
            const w0 = v128.load(w)
            const w1 = v128.load(w, 16)
            w += 32
            let v = v128.load32_splat(p0 + i)
            a0 = f32x4.add(a0, f32x4.mul(v, w0))
            a1 = f32x4.add(a1, f32x4.mul(v, w1))
            v = v128.load32_splat(p1 + i)
            b0 = f32x4.add(b0, f32x4.mul(v, w0))
            b1 = f32x4.add(b1, f32x4.mul(v, w1))
            v = v128.load32_splat(p2 + i)
            c0 = f32x4.add(c0, f32x4.mul(v, w0))
            c1 = f32x4.add(c1, f32x4.mul(v, w1))
            v = v128.load32_splat(p3 + i)
            d0 = f32x4.add(d0, f32x4.mul(v, w0))
            d1 = f32x4.add(d1, f32x4.mul(v, w1))
          }
        } else {
          for (let i: usize = 0; i < n; i += 4) {
            const w0 = v128.load(w)
            w += 16
            a0 = f32x4.add(a0, f32x4.mul(v128.load32_splat(p0 + i), w0))
            b0 = f32x4.add(b0, f32x4.mul(v128.load32_splat(p1 + i), w0))
            c0 = f32x4.add(c0, f32x4.mul(v128.load32_splat(p2 + i), w0))
            d0 = f32x4.add(d0, f32x4.mul(v128.load32_splat(p3 + i), w0))
          }
        }
      }
    }
    const o = dst + <usize>(x * outPixB)
    const pb = <usize>outPixB
    v128.store(o, f32x4.max(a0, low))
    v128.store(o + pb, f32x4.max(b0, low))
    v128.store(o + 2 * pb, f32x4.max(c0, low))
    v128.store(o + 3 * pb, f32x4.max(d0, low))
    if (eight) {
      v128.store(o, f32x4.max(a1, low), 16)
      v128.store(o + pb, f32x4.max(b1, low), 16)
      v128.store(o + 2 * pb, f32x4.max(c1, low), 16)
      v128.store(o + 3 * pb, f32x4.max(d1, low), 16)
    }
  }
  for (; x < outWidth; x++) {
    let a0 = v128.load(bias)
    let a1 = eight ? v128.load(bias, 16) : a0
    let w = weights
    for (let ky = 0; ky < k; ky++) {
      const row = <i32>input + floorDiv(y + ky - r, s, r) * rowB
      for (let kx = 0; kx < k; kx++) {
        const p0 = <usize>(row + floorDiv(x + kx - r, s, r) * pixB)
        for (let i: usize = 0; i < n; i += 4) {
          const v = v128.load32_splat(p0 + i)
          a0 = f32x4.add(a0, f32x4.mul(v, v128.load(w)))
          if (eight) a1 = f32x4.add(a1, f32x4.mul(v, v128.load(w, 16)))
          w += step
        }
      }
    }
    const o = dst + <usize>(x * outPixB)
    v128.store(o, f32x4.max(a0, low))
    if (eight) v128.store(o, f32x4.max(a1, low), 16)
  }
}

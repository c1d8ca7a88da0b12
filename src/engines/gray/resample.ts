/**
 * Gray toolkit (convert, enhance, figures): resizes a gray row stream to the preset or preview size with a
 * separable, streaming, antialiased kernel, so a 12000 × 9000 scan never exists as a whole page.
 */

import type { GrayRows } from '../../lib/rows'
import { createWasmKernel } from './resample-wasm'

/*
 * Stage: resample.
 * Job: resize gray rows to `width × height` with a separable filter (lanczos3 by default).
 * Input → output: GrayRows (any size) → GrayRows (`width × height`, density left undefined).
 * Source: the two-pass scheme of libvips `reduceh.cpp` / `reducev.cpp` and Pillow
 * `Resample.c`: per-axis weight tables computed once, the kernel stretched by the scale factor
 * when shrinking (Pillow's `support * filterscale`), clamp-to-edge at the borders.
 *
 * Streaming: each source row is resampled horizontally as soon as it arrives and lands in a ring
 * of `ringRows` rows, just enough for the vertical kernel's window; an output row is produced as
 * soon as its last source row is in. Memory (TypeScript kernel): `ringRows × width` float64 for
 * the ring, as many weights for the horizontal pass, and one int32 per source column for run
 * lengths, i.e. O(taps · width) and independent of the height (vertical weights are made per
 * output row); the SIMD kernel holds the same in float32 in its own wasm memory.
 *
 * Kernels: the passes run in our WebAssembly SIMD kernel (./resample-wasm.ts: horizontal in
 * 16-bit fixed point, 8 taps per dot product; vertical in float32) wherever the runtime installed
 * it (the Worker and the benches do); the TypeScript kernel below is the reference its tests
 * compare against (every output within one level).
 *
 * Speed of the TypeScript kernel, measured with scratch scripts under Node 20 on the 2-core dev
 * box (`npm run bench -- sharp` times the whole convert path):
 * - Arithmetic: float64 weights and accumulators are the fastest here. One horizontal pass of
 *   12000 → 2048 over 9000 rows took 503 ms in float64, 567 ms with float32 weights, 573 ms in
 *   int32 Q14 fixed point and 646 ms with int16 Q14 weights: plain JS has no SIMD, so fixed point
 *   buys no speed and costs accuracy.
 * - Box pre-shrink (libvips `shrink` by an integer factor, then the kernel for the rest):
 *   12000 × 9000 → 2048 × 1536 line art took 498 ms with a 2× box first against 568 ms for the
 *   exact kernel (−12 %), but moved pixels by up to 11 levels (PSNR 49.8 dB against the exact
 *   kernel): box shrinking aliases thin lines. Rejected; every output is the exact kernel, within
 *   1 level of a float reference (unit tests).
 * - Flat paper: a window inside one run of equal source values yields that value exactly (the
 *   weights sum to 1), and a window of uniform rows yields a uniform row. Finding runs costs one
 *   backward scan per row, so the scan switches itself off for 32 rows when under 1 window in 8
 *   is flat. 12000 × 9000 → 2048 × 1536: line art (10 % ink) 940 → 590–690 ms; random noise and
 *   grainy scans (no flat runs) 945 → 890 ms, i.e. no loss where it cannot help.
 */

/** The resampling kernels: Lanczos a = 3, Mitchell–Netravali (B = C = 1/3), and linear. */
export type ResampleFilter = 'lanczos3' | 'mitchell' | 'triangle'

/** Options for {@link resampleGray}. */
export interface ResampleOptions {
  /** Kernel; default `'lanczos3'`. */
  filter?: ResampleFilter
  /**
   * The compiled SIMD passes (Kernels.resample, wasm/dist/resample.wasm), which each stream
   * instantiates; without them the TypeScript passes run (float64; outputs agree within a level).
   */
  wasm?: WebAssembly.Module | null
}

/** The resampled stream, with the size of its one buffer that grows with the kernel. */
export interface ResampledRows extends GrayRows {
  /**
   * Rows held in the ring of horizontally resampled rows (each `width` float64 values): the
   * vertical kernel's largest window, fixed when the stream is created and independent of the
   * height. 0 when the size is unchanged and rows pass straight through.
   */
  readonly ringRows: number
  /** Which passes run: the wasm SIMD ones, the TypeScript ones, or none (the size is unchanged). */
  readonly passes: 'wasm' | 'typescript' | 'none'
}

export interface Kernel {
  /** Half-width of the kernel's support at unit scale, in pixels. */
  readonly radius: number
  /** Kernel value at distance `x` (in source pixels at unit scale). */
  readonly at: (x: number) => number
}

const MITCHELL_B = 1 / 3
const MITCHELL_C = 1 / 3

export const KERNELS: Record<ResampleFilter, Kernel> = {
  lanczos3: {
    radius: 3,
    at: (x) => {
      const d = Math.abs(x)
      if (d === 0) return 1
      if (d >= 3) return 0
      const p = Math.PI * d
      return (3 * Math.sin(p) * Math.sin(p / 3)) / (p * p)
    },
  },
  mitchell: {
    radius: 2,
    at: (x) => {
      const d = Math.abs(x)
      const b = MITCHELL_B
      const c = MITCHELL_C
      if (d < 1) {
        return ((12 - 9 * b - 6 * c) * d ** 3 + (-18 + 12 * b + 6 * c) * d ** 2 + (6 - 2 * b)) / 6
      }
      if (d < 2) {
        return (
          ((-b - 6 * c) * d ** 3 +
            (6 * b + 30 * c) * d ** 2 +
            (-12 * b - 48 * c) * d +
            (8 * b + 24 * c)) /
          6
        )
      }
      return 0
    },
  },
  triangle: { radius: 1, at: (x) => Math.max(0, 1 - Math.abs(x)) },
}

/**
 * Phases one axis remembers (each its taps + 2 float64). Where the scale is an exact binary
 * fraction (a source into a power-of-two edge) the phases repeat, n / gcd(m, n) of them: 32 for
 * 64 → 2048. Elsewhere rounding makes most phases differ, and this bounds what is kept.
 */
const MAX_PHASES = 512

/** One axis: how output index `i` maps onto the source and how wide the kernel is there. */
export class Axis {
  /** Source pixels per output pixel. */
  readonly scale: number
  /** Kernel stretch: the scale when shrinking (antialiasing), 1 when enlarging. */
  readonly stretch: number
  /** Half-width of the window in source pixels. */
  readonly support: number
  /** Largest number of taps any output index uses; the size of one weight slot. */
  readonly maxTaps: number
  /** Number of weights the last {@link Axis.window} call wrote. */
  taps = 0
  /**
   * Interior windows by their phase (centre minus first tap). At the presets' power-of-two long
   * edges phases repeat (64 → 2048 has 32), and the kernel's sines were most of a small page's
   * resample time.
   */
  readonly #byPhase = new Map<number, Float64Array>()

  /** Windows given from a remembered phase so far (for tests: that windows are shared at all). */
  sharedWindows = 0

  constructor(
    readonly srcLen: number,
    readonly dstLen: number,
    readonly kernel: Kernel,
  ) {
    this.scale = srcLen / dstLen
    this.stretch = Math.max(1, this.scale)
    this.support = kernel.radius * this.stretch
    this.maxTaps = Math.min(srcLen, Math.ceil(2 * this.support) + 1)
  }

  /**
   * Writes the normalized weights of output index `i` into `into` (from index 0) and returns the
   * first source index they apply to; their count is left in {@link Axis.taps}. Source positions
   * outside 0…srcLen−1 fold onto the edge pixel (clamp-to-edge), exact zeros at both ends are
   * dropped. An unchanged axis gets one tap of weight 1: a copy.
   */
  window(i: number, into: Float64Array): number {
    const n = this.srcLen
    if (n === this.dstLen) {
      into[0] = 1
      this.taps = 1
      return i
    }
    const center = (i + 0.5) * this.scale - 0.5
    const lo = Math.ceil(center - this.support)
    const hi = Math.floor(center + this.support)
    // Away from the origin (centre ≥ 2 × reach, so every `j − center` is an exact difference,
    // Sterbenz) and from the clamped edges, equal phases give bit-identical weights.
    const interior = hi < n && center >= 2 * (this.support + 1)
    const phase = interior ? center - lo : -1
    const known = interior ? this.#byPhase.get(phase) : undefined
    // An entry is [hi − lo, first − lo, weights…]; the span is checked as `center + support` rounds.
    if (known && known[0] === hi - lo) {
      const taps = known.length - 2
      for (let k = 0; k < taps; k++) into[k] = known[k + 2]!
      this.taps = taps
      this.sharedWindows++
      return lo + known[1]!
    }
    let first = Math.min(n - 1, Math.max(0, lo))
    let last = Math.min(n - 1, Math.max(0, hi))
    into.fill(0, 0, last - first + 1)
    let sum = 0
    for (let j = lo; j <= hi; j++) {
      const w = this.kernel.at((j - center) / this.stretch)
      const k = (j < 0 ? 0 : j >= n ? n - 1 : j) - first
      into[k] = into[k]! + w
      sum += w
    }
    let skip = 0
    while (first < last && into[skip] === 0) {
      skip++
      first++
    }
    while (last > first && into[skip + last - first] === 0) last--
    const count = last - first + 1
    for (let k = 0; k < count; k++) into[k] = into[skip + k]! / sum
    this.taps = count
    if (interior && this.#byPhase.size < MAX_PHASES) {
      const entry = new Float64Array(count + 2)
      entry[0] = hi - lo
      entry[1] = first - lo
      entry.set(into.subarray(0, count), 2)
      this.#byPhase.set(phase, entry)
    }
    return first
  }
}

/**
 * Horizontal pass over one source row, with the per-output windows precomputed once. Reports
 * whether the row was uniform, so the vertical pass can skip windows of uniform rows.
 */
export class HorizontalPass {
  readonly #start: Int32Array
  readonly #count: Int32Array
  readonly #weights: Float64Array
  readonly #stride: number
  readonly #srcWidth: number
  /** `runEnd[i]`: one past the last index of the run of equal values starting at `i`. */
  readonly #runEnd: Int32Array
  /** Rows left before run skipping is tried again after it stopped paying. */
  #runsOffFor = 0

  constructor(axis: Axis) {
    const { dstLen, maxTaps } = axis
    this.#srcWidth = axis.srcLen
    this.#stride = maxTaps
    this.#start = new Int32Array(dstLen)
    this.#count = new Int32Array(dstLen)
    this.#weights = new Float64Array(dstLen * maxTaps)
    const slot = new Float64Array(Math.ceil(2 * axis.support) + 3)
    for (let x = 0; x < dstLen; x++) {
      this.#start[x] = axis.window(x, slot)
      this.#count[x] = axis.taps
      this.#weights.set(slot.subarray(0, axis.taps), x * maxTaps)
    }
    this.#runEnd = new Int32Array(axis.srcLen)
  }

  /** Source row length. */
  get srcWidth(): number {
    return this.#srcWidth
  }

  /** The precomputed windows: first source index, tap count and weights (`stride` per output). */
  get windows(): { start: Int32Array; count: Int32Array; weights: Float64Array; stride: number } {
    return { start: this.#start, count: this.#count, weights: this.#weights, stride: this.#stride }
  }

  /**
   * Resamples `row` into `out` (unrounded, unclamped).
   * @returns the value when `row` is uniform (so `out` is that value everywhere), else -1
   */
  run(row: Uint8Array, out: Float64Array): number {
    const n = this.#srcWidth
    const first = row[0]!
    let uniform = true
    for (let i = 1; i < n; i++) {
      if (row[i] !== first) {
        uniform = false
        break
      }
    }
    if (uniform) {
      out.fill(first)
      return first
    }
    const start = this.#start
    const count = this.#count
    const weights = this.#weights
    const stride = this.#stride
    const width = out.length
    if (this.#runsOffFor > 0) {
      this.#runsOffFor--
      for (let x = 0, o = 0; x < width; x++, o += stride) {
        const s = start[x]!
        const c = count[x]!
        let sum = 0
        for (let k = 0; k < c; k++) sum += row[s + k]! * weights[o + k]!
        out[x] = sum
      }
      return -1
    }
    const runEnd = this.#runEnd
    runEnd[n - 1] = n
    for (let i = n - 2; i >= 0; i--) runEnd[i] = row[i] === row[i + 1] ? runEnd[i + 1]! : i + 1
    let flat = 0
    for (let x = 0, o = 0; x < width; x++, o += stride) {
      const s = start[x]!
      const c = count[x]!
      if (runEnd[s]! >= s + c) {
        out[x] = row[s]!
        flat++
        continue
      }
      let sum = 0
      for (let k = 0; k < c; k++) sum += row[s + k]! * weights[o + k]!
      out[x] = sum
    }
    // Fewer than 1 window in 8 flat: the run scan costs more than it saves; retry in 32 rows.
    if (flat * 8 < width) this.#runsOffFor = 32
    return -1
  }
}

function expectSize(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`Expected a positive integer for ${name} but received ${value}`)
  }
}

/**
 * Resizes a gray row stream to `width × height` pixels with a separable kernel, streaming. When
 * shrinking along an axis the kernel is stretched by the scale factor (antialiasing); when
 * enlarging it is used at unit scale. Pixel centres are aligned (`src = (dst + 0.5)·scale − 0.5`),
 * borders clamp to the edge pixel, and each output is rounded to nearest and clamped to 0…255.
 * An axis whose size is unchanged is copied, not filtered (Pillow and libvips skip that pass too;
 * mitchell is not interpolating and would blur), and the same size on both axes returns the
 * source's own rows. A yielded row is valid until the next one is requested.
 *
 * @param source gray rows, any size
 * @param width output width in pixels (positive integer)
 * @param height output height in pixels (positive integer)
 * @param options kernel choice, default lanczos3
 * @returns gray rows of the requested size with `density` undefined (the caller stamps the DPI);
 *   iterating rethrows the source's errors and throws a RangeError when the source yields fewer
 *   or shorter rows than it declared
 * @throws RangeError when `width` or `height` is not a positive integer (a caller bug)
 */
export function resampleGray(
  source: GrayRows,
  width: number,
  height: number,
  options: ResampleOptions = {},
): ResampledRows {
  expectSize(width, 'width')
  expectSize(height, 'height')
  expectSize(source.width, 'source width')
  expectSize(source.height, 'source height')
  if (width === source.width && height === source.height) {
    return {
      width,
      height,
      channels: 1,
      density: undefined,
      rows: source.rows,
      ringRows: 0,
      passes: 'none',
    }
  }
  const kernel = KERNELS[options.filter ?? 'lanczos3']
  const vertical = new Axis(source.height, height, kernel)
  // The ring must hold the widest vertical window: at most floor(2 · support) + 1 source rows
  // (one on an unchanged axis). Bounded, not found by computing every window once more before
  // the first row.
  const ringRows =
    source.height === height ? 1 : Math.min(source.height, Math.floor(2 * vertical.support) + 1)
  const horizontal = new HorizontalPass(new Axis(source.width, width, kernel))
  const wasm = options.wasm ?? null
  const makeKernel = async (): Promise<RingKernel> =>
    wasm
      ? createWasmKernel(wasm, horizontal, width, ringRows, vertical.maxTaps)
      : new JsKernel(horizontal, width, ringRows)
  return {
    width,
    height,
    channels: 1,
    density: undefined,
    ringRows,
    passes: wasm ? 'wasm' : 'typescript',
    rows: resampleRows(source, height, vertical, makeKernel, ringRows),
  }
}

/**
 * The two passes over the ring of horizontally resampled rows. {@link JsKernel} is plain
 * TypeScript (float64); the WebAssembly SIMD kernel (./resample-wasm.ts) does the same sums in
 * float32, four samples per instruction, and is used when its module was installed.
 */
export interface RingKernel {
  /** Resamples source `row` horizontally into ring slot `slot`. */
  horizontal(row: Uint8Array, slot: number): void
  /**
   * The output row from ring slots `first … first + taps − 1` (mod the ring size) with `weights`.
   * @returns the row, valid until the next call
   */
  vertical(first: number, taps: number, weights: Float64Array): Uint8Array
}

/** The TypeScript kernel: float64 ring rows, with the uniform-window shortcut. */
export class JsKernel implements RingKernel {
  readonly #ring: Float64Array[]
  /** Per ring slot: the row's value when the horizontal pass saw a uniform row, else -1. */
  readonly #uniform: Int16Array
  readonly #acc: Float64Array
  readonly #out: Uint8Array

  constructor(
    readonly pass: HorizontalPass,
    readonly width: number,
    readonly ringRows: number,
  ) {
    this.#ring = Array.from({ length: ringRows }, () => new Float64Array(width))
    this.#uniform = new Int16Array(ringRows)
    this.#acc = new Float64Array(width)
    this.#out = new Uint8Array(width)
  }

  horizontal(row: Uint8Array, slot: number): void {
    this.#uniform[slot] = this.pass.run(row, this.#ring[slot]!)
  }

  vertical(first: number, taps: number, weights: Float64Array): Uint8Array {
    const { ringRows, width } = this
    const ring = this.#ring
    const uniform = this.#uniform
    const acc = this.#acc
    const out = this.#out
    const value = uniform[first % ringRows]!
    let flat = value >= 0
    for (let k = 1; flat && k < taps; k++) flat = uniform[(first + k) % ringRows] === value
    if (flat) {
      out.fill(value)
      return out
    }
    const w0 = weights[0]!
    const r0 = ring[first % ringRows]!
    for (let x = 0; x < width; x++) acc[x] = r0[x]! * w0
    for (let k = 1; k < taps; k++) {
      const w = weights[k]!
      const r = ring[(first + k) % ringRows]!
      for (let x = 0; x < width; x++) acc[x] = acc[x]! + r[x]! * w
    }
    for (let x = 0; x < width; x++) {
      const v = acc[x]!
      out[x] = v <= 0 ? 0 : v >= 254.5 ? 255 : (v + 0.5) | 0
    }
    return out
  }
}

async function* resampleRows(
  source: GrayRows,
  height: number,
  vertical: Axis,
  makeKernel: () => Promise<RingKernel>,
  ringRows: number,
): AsyncGenerator<Uint8Array> {
  const kernel = await makeKernel()
  const weights = new Float64Array(Math.ceil(2 * vertical.support) + 3)
  const rows = source.rows[Symbol.asyncIterator]()
  let next = 0
  let finished = false
  // Checks what the source gave; the caller awaits `rows.next()` itself (an async helper would
  // cost each source row one more promise).
  const accept = (item: IteratorResult<Uint8Array>): Uint8Array | undefined => {
    if (item.done) {
      finished = true
      if (next < source.height) {
        throw new RangeError(`Expected ${source.height} rows for resampleGray but received ${next}`)
      }
      return undefined
    }
    if (next >= source.height) {
      throw new RangeError(`Expected ${source.height} rows for resampleGray but received more`)
    }
    if (item.value.length < source.width) {
      throw new RangeError(
        `Expected a row of ${source.width} bytes for resampleGray but received ${item.value.length}`,
      )
    }
    next++
    return item.value
  }
  try {
    for (let y = 0; y < height; y++) {
      const first = vertical.window(y, weights)
      const taps = vertical.taps
      while (next < first + taps) {
        const slot = next % ringRows
        kernel.horizontal(accept(await rows.next())!, slot)
      }
      yield kernel.vertical(first, taps, weights)
    }
    // Read the source to its end, so a decoder's trailing checks (checksums, end markers) run
    // and a source that yields the wrong number of rows is caught.
    while (!finished) accept(await rows.next())
  } finally {
    // Stopped early or failed: close the source so it releases what it holds.
    if (!finished) await rows.return?.()
  }
}

/**
 * The WebAssembly SIMD kernel of the resampler (wasm/src/resample.ts): the same two passes as the
 * TypeScript kernel in ./resample.ts: the horizontal pass in 16-bit fixed point (eight taps per
 * dot product; libvips' reduceh sums in 12-bit), the vertical one in float32. Each resample
 * stream gets its own instance, whose memory holds, at offsets fixed here once:
 *   row      the source row, then `stride` bytes the wide loads may read past its end
 *   starts   int32 first source index of each output pixel, padded to a multiple of 4 pixels
 *   hweights int16 fixed-point weights, `stride` (a multiple of 8, zero-padded) per output pixel
 *   ring     `ringRows` float32 rows, each padded to a multiple of 16 pixels
 *   vweights float32 weights of the current output row
 *   slots    int32 byte offsets of the ring rows the current output row reads, in order
 *   out      the output row, padded to a multiple of 16
 * Memory: about width · (2 · stride + 4 · ringRows) bytes; e.g. 12000 → 2048 px: ~0.5 MB.
 */

import { instantiateKernels } from '../../lib/wasm-instance'
import type { HorizontalPass, RingKernel } from './resample'

/** The kernel module's exports (see wasm/src/resample.ts). */
interface ResampleExports {
  memory: { readonly buffer: ArrayBuffer; grow(pages: number): number }
  horizontal(
    row: number,
    starts: number,
    weights: number,
    stride: number,
    width: number,
    out: number,
    unit: number,
  ): void
  vertical(rows: number, weights: number, taps: number, width: number, out: number): void
}

const PAGE = 65536
/**
 * The fixed-point unit of the horizontal weights: Q15 when every weight is below 1 (shrinking,
 * where the sums are long and precision counts), else Q14, so a weight of 1 still fits in 16 bits.
 */
const Q15 = 32768
const Q14 = 16384
/** The largest |weight| that Q15 holds after {@link quantize}'s correction. */
const Q15_MAX_WEIGHT = 0.99

/** Rounds `n` up to a multiple of `m` (a power of two). */
const roundUp = (n: number, m: number) => (n + m - 1) & ~(m - 1)

/**
 * Instantiates the kernel for one stream.
 * @param module the compiled wasm/dist/resample.wasm
 * @param pass the horizontal windows, computed once in TypeScript
 * @param width output width
 * @param ringRows ring size (the widest vertical window)
 * @param maxVerticalTaps the most taps any output row uses
 */
export async function createWasmKernel(
  module: WebAssembly.Module,
  pass: HorizontalPass,
  width: number,
  ringRows: number,
  maxVerticalTaps: number,
): Promise<RingKernel> {
  const wasm = await instantiateKernels<ResampleExports>(module)
  const { start, count, weights, stride: taps } = pass.windows
  const srcWidth = pass.srcWidth
  const stride = roundUp(Math.max(1, taps), 8)
  const rowStride = roundUp(width, 16) * 4

  // The layout, 16-byte aligned; offset 0 is left unused.
  let end = 16
  const take = (bytes: number) => {
    const at = end
    end = roundUp(end + bytes, 16)
    return at
  }
  const padded = roundUp(width, 4)
  const rowAt = take(srcWidth + stride)
  const startsAt = take(padded * 4)
  const hweightsAt = take(padded * stride * 2)
  const ringAt = take(ringRows * rowStride)
  const vweightsAt = take(maxVerticalTaps * 4)
  const slotsAt = take(maxVerticalTaps * 4)
  const outAt = take(roundUp(width, 16))
  const have = wasm.memory.buffer.byteLength
  if (end > have) wasm.memory.grow(Math.ceil((end - have) / PAGE))

  const buffer = wasm.memory.buffer
  const row = new Uint8Array(buffer, rowAt, srcWidth)
  const starts = new Int32Array(buffer, startsAt, padded)
  const hweights = new Int16Array(buffer, hweightsAt, padded * stride)
  const vweights = new Float32Array(buffer, vweightsAt, maxVerticalTaps)
  const slots = new Int32Array(buffer, slotsAt, maxVerticalTaps)
  const out = new Uint8Array(buffer, outAt, width)
  // Indexed loops, not for-of or subarrays: this runs once a page, interpreted, where each of
  // those allocates an object per weight or per column.
  let largest = 0
  for (let k = 0; k < weights.length; k++) largest = Math.max(largest, Math.abs(weights[k]!))
  const unit = largest <= Q15_MAX_WEIGHT ? Q15 : Q14
  for (let x = 0; x < width; x++) {
    starts[x] = start[x]!
    quantize(weights, x * taps, count[x]!, hweights, x * stride, unit)
  }

  return {
    horizontal(source, slot) {
      row.set(source.length === srcWidth ? source : source.subarray(0, srcWidth))
      wasm.horizontal(rowAt, startsAt, hweightsAt, stride, width, ringAt + slot * rowStride, unit)
    },
    vertical(first, count, rowWeights) {
      for (let k = 0; k < count; k++) {
        vweights[k] = rowWeights[k]!
        slots[k] = ringAt + ((first + k) % ringRows) * rowStride
      }
      wasm.vertical(slotsAt, vweightsAt, count, width, outAt)
      return out
    },
  }
}

/**
 * The `count` weights at `from` (summing to 1) in units of 1 / `unit`, written at `at`: rounded,
 * then corrected on the largest so they sum to exactly `unit` (a window of equal samples then
 * sums to that sample exactly).
 */
function quantize(
  weights: Float64Array,
  from: number,
  count: number,
  into: Int16Array,
  at: number,
  unit: number,
): void {
  let sum = 0
  let largest = at
  for (let k = 0; k < count; k++) {
    const q = Math.round(weights[from + k]! * unit)
    into[at + k] = q
    sum += q
    if (Math.abs(q) > Math.abs(into[largest]!)) largest = at + k
  }
  into[largest] = into[largest]! + unit - sum
}

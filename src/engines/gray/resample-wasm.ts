/**
 * The WebAssembly SIMD kernel of the resampler (wasm/src/resample.ts): the same two passes as the
 * TypeScript kernel in ./resample.ts, in float32, four samples per instruction. Each resample
 * stream gets its own instance, whose memory holds, at offsets fixed here once:
 *   row      the source row, then max(stride, 32) bytes the wide loads may read past its end
 *   starts   int32 first source index of each output pixel
 *   counts   int32 taps of each output pixel (for the flat-window test)
 *   hweights float32 weights, `stride` (a multiple of 8, zero-padded) per output pixel
 *   ring     `ringRows` float32 rows, each padded to a multiple of 16 pixels
 *   vweights float32 weights of the current output row
 *   slots    int32 byte offsets of the ring rows the current output row reads, in order
 *   out      the output row, padded to a multiple of 16
 * Memory: about 4 · width · (stride + ringRows) bytes; e.g. 12000 → 2048 px: ~0.7 MB.
 */

import { instantiateKernels } from '../../lib/wasm-instance'
import type { HorizontalPass, RingKernel } from './resample'

/** The kernel module's exports (see wasm/src/resample.ts). */
interface ResampleExports {
  memory: { readonly buffer: ArrayBuffer; grow(pages: number): number }
  horizontal(
    row: number,
    starts: number,
    counts: number,
    weights: number,
    stride: number,
    width: number,
    out: number,
  ): void
  vertical(rows: number, weights: number, taps: number, width: number, out: number): void
}

const PAGE = 65536

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
  const rowAt = take(srcWidth + Math.max(stride, 32))
  const startsAt = take(width * 4)
  const countsAt = take(width * 4)
  const hweightsAt = take(width * stride * 4)
  const ringAt = take(ringRows * rowStride)
  const vweightsAt = take(maxVerticalTaps * 4)
  const slotsAt = take(maxVerticalTaps * 4)
  const outAt = take(roundUp(width, 16))
  const have = wasm.memory.buffer.byteLength
  if (end > have) wasm.memory.grow(Math.ceil((end - have) / PAGE))

  const buffer = wasm.memory.buffer
  const row = new Uint8Array(buffer, rowAt, srcWidth)
  const starts = new Int32Array(buffer, startsAt, width)
  const counts = new Int32Array(buffer, countsAt, width)
  const hweights = new Float32Array(buffer, hweightsAt, width * stride)
  const vweights = new Float32Array(buffer, vweightsAt, maxVerticalTaps)
  const slots = new Int32Array(buffer, slotsAt, maxVerticalTaps)
  const out = new Uint8Array(buffer, outAt, width)
  for (let x = 0; x < width; x++) {
    starts[x] = start[x]!
    const c = count[x]!
    counts[x] = c
    for (let k = 0; k < c; k++) hweights[x * stride + k] = weights[x * taps + k]!
  }

  return {
    horizontal(source, slot) {
      row.set(source.subarray(0, srcWidth))
      wasm.horizontal(
        rowAt,
        startsAt,
        countsAt,
        hweightsAt,
        stride,
        width,
        ringAt + slot * rowStride,
      )
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

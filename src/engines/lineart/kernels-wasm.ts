/**
 * The WebAssembly pixel kernels of the lineart engine (wasm/src/lineart.ts): despeckle, chamfer
 * distance and skeletonize over one mask held in the module's own memory, with the same results
 * as ./despeckle.ts, ./distance.ts and ./skeletonize.ts. Each trace instantiates its own copy,
 * whose memory holds, at offsets fixed here once (16-byte aligned, above the module's tables):
 *   out      two int32 despeckle counts (specks, holes)
 *   rows     the threshold's binarizer: five source rows and its output (binarize-wasm.ts)
 *   codes    the threshold's 256 mask codes by level
 *   scratch  the thinning's: three bitmaps of one bit per 16 mask bytes (where it must look);
 *            `skeletonScratchBytes` gives the size
 *   mask     the framed mask, (width + 2) · (height + 2) bytes, then 32 bytes the wide loads read
 *   distance one byte per mask byte (saturated at 255), then 32 bytes
 *   stack    despeckle's span stack, last, so the kernel grows the memory under it as it needs
 * Memory: about 2 bytes per pixel, e.g. 2008 × 3047: 12.4 MB (24 MB at the 12 MP cap).
 * Speed (Node 22 on the 2-core dev box, scratch timing, best of 9, each stage on a fresh copy):
 * USD0871728-D00002 (2008 × 3047, shaded) despeckle 89 → 17 ms, distance 28 → 10 ms, skeletonize
 * 119 → 34 ms; USD0871725-D00002 (1798 × 2735, thin lines) 47 → 4, 12 → 6 and 47 → 9 ms. Most
 * of a light sheet's distance time (4.7 of 6.3 ms) is first touches of the fresh 12 MB output.
 */

import {
  type BinarizeKernel,
  binarizeScratchBytes,
  WasmRowBinarizer,
} from '../../lib/binarize-wasm'
import { instantiateKernels } from '../../lib/wasm-instance'
import type { Mask } from './mask'
import type { PixelStages } from './pixel-stages'

/** The kernel module's exports (see wasm/src/lineart.ts). */
interface LineartExports extends BinarizeKernel {
  memory: { readonly buffer: ArrayBuffer; grow(pages: number): number }
  heapBase(): number
  despeckle(
    data: number,
    width: number,
    height: number,
    speckArea: number,
    holeArea: number,
    stack: number,
    out: number,
  ): void
  chamferDistance(
    data: number,
    distance: number,
    width: number,
    height: number,
    zeroed: number,
  ): void
  skeletonScratchBytes(width: number, height: number): number
  skeletonize(data: number, width: number, height: number, scratch: number): void
  inkBlocks(data: number, n: number, blocks: number): void
  mergeRow(binarized: number, levels: number, mask: number, width: number, codes: number): void
}

const PAGE = 65536
/** Room for the first 16 Ki span-stack entries; the kernel grows the memory past that. */
const INITIAL_STACK_BYTES = 65536

/** Rounds `n` up to a multiple of 16. */
const roundUp16 = (n: number) => (n + 15) & ~15

/**
 * Instantiates the kernels for one `width × height` mask, empty (all paper). Fill `mask.data`,
 * then call the stages in the engine's order: despeckle may grow the memory (its stack), which
 * re-points `mask.data` but leaves a distance array taken before it detached.
 * @param module the compiled wasm/dist/lineart.wasm
 * @param width mask width in pixels (without the frame)
 * @param height mask height in pixels (without the frame)
 * @returns the stages, bound to their own mask in the instance's memory
 * @throws RangeError when the memory cannot grow to about 2 bytes per pixel
 */
export async function createWasmStages(
  module: WebAssembly.Module,
  width: number,
  height: number,
): Promise<PixelStages> {
  return layOut(await instantiateKernels<LineartExports>(module), width, height, true)
}

/**
 * Binds the stages to a `width × height` mask in `wasm`'s memory, growing it when needed.
 * @param fresh whether the memory is untouched (all zero), as after instantiation
 */
function layOut(wasm: LineartExports, width: number, height: number, fresh: boolean): PixelStages {
  const stride = width + 2
  const n = stride * (height + 2)

  let end = roundUp16(wasm.heapBase())
  const take = (bytes: number) => {
    const at = end
    end = roundUp16(end + bytes)
    return at
  }
  const outAt = take(8)
  const rowsAt = take(binarizeScratchBytes(width))
  const codesAt = take(256)
  const scratchAt = take(wasm.skeletonScratchBytes(width, height))
  const maskAt = take(n + 32)
  const distanceAt = take(n + 32)
  const stackAt = take(INITIAL_STACK_BYTES)
  const have = wasm.memory.buffer.byteLength
  if (end > have) wasm.memory.grow(Math.ceil((end - have) / PAGE))

  let distanceZeroed = fresh
  const mask: Mask = { width, height, stride, data: new Uint8Array(wasm.memory.buffer, maskAt, n) }
  // A reused memory holds the last trace's pixels: the mask starts as paper, frame included.
  if (!fresh) mask.data.fill(0)
  return {
    mask,
    binarizeInto(levels, params, codes) {
      new Uint8Array(wasm.memory.buffer).set(codes, codesAt)
      const rows = new WasmRowBinarizer(wasm, rowsAt, width, height, params)
      const row = (y: number) => levels.subarray(y * width, (y + 1) * width)
      for (let y = 0; y < Math.min(2, height); y++) rows.load(y, row(y))
      for (let y = 0; y < height; y++) {
        if (y + 2 < height) rows.load(y + 2, row(y + 2))
        rows.binarize(y)
        wasm.mergeRow(rows.outAt, rows.slotAt(y), maskAt + (y + 1) * stride + 1, width, codesAt)
      }
    },
    despeckle(speckAreaPx, holeAreaPx) {
      wasm.despeckle(maskAt, width, height, speckAreaPx, holeAreaPx, stackAt, outAt)
      const buffer = wasm.memory.buffer
      if (mask.data.buffer !== buffer) mask.data = new Uint8Array(buffer, maskAt, n)
      const [specks, holes] = new Int32Array(buffer, outAt, 2)
      return { specks: specks!, holes: holes! }
    },
    chamferDistance() {
      // Fresh memory is zero: the first call leaves the paper's pages untouched.
      wasm.chamferDistance(maskAt, distanceAt, width, height, distanceZeroed ? 1 : 0)
      distanceZeroed = false
      return new Uint8Array(wasm.memory.buffer, distanceAt, n)
    },
    skeletonize() {
      wasm.skeletonize(maskAt, width, height, scratchAt)
    },
    inkBlocks() {
      // Into the thinning's scratch, free once it is done (three bitmaps of this size).
      wasm.inkBlocks(maskAt, n, scratchAt)
      return new Uint32Array(wasm.memory.buffer, scratchAt, (n + 511) >> 9)
    },
    // The same instance and memory for a smaller pass (the coarser traces): a second memory of
    // the first one's size would stay resident as garbage until V8's next full GC.
    resize: async (w, h) => layOut(wasm, w, h, false),
  }
}

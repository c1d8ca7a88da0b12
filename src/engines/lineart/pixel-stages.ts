/**
 * Picks the kernels of the lineart engine's pixel stages (despeckle → distance → skeletonize):
 * our WebAssembly module when the runtime installed it, else the TypeScript stages, which stay
 * the reference the module's tests compare against, byte for byte.
 */

import { despeckle } from './despeckle'
import { chamferDistance8 } from './distance'
import { createWasmStages } from './kernels-wasm'
import { createMask, type Mask } from './mask'
import { skeletonize } from './skeletonize'
import { inkBlocks } from './stroke-graph'
import type { BinarizeInto } from './threshold'

/** The three pixel stages bound to one mask, which they rewrite in place. */
export interface PixelStages {
  /** The mask the stages work on (in wasm memory for the wasm kernels). */
  readonly mask: Mask
  /** The threshold's binarization into `mask`, in the wasm kernels only (./threshold.ts). */
  readonly binarizeInto?: BinarizeInto
  /** ./despeckle.ts. @returns how many specks were removed and holes filled */
  despeckle(speckAreaPx: number, holeAreaPx: number): { specks: number; holes: number }
  /**
   * ./distance.ts. @returns chamfer distances in thirds of a pixel, one byte per mask byte,
   * saturated at 255 (`chamferDistance8`)
   */
  chamferDistance(): Uint8Array
  /** ./skeletonize.ts: thins `mask` to its one-pixel skeleton. */
  skeletonize(): void
  /**
   * ./stroke-graph.ts's `inkBlocks` of the mask, for its scans; valid until the next stage or
   * `resize`.
   */
  inkBlocks(): Uint32Array
  /**
   * Stages for another size (a coarser pass), all paper, reusing this one's memory where it can:
   * the wasm kernels keep their instance. Do not use this one afterwards.
   */
  resize(width: number, height: number): Promise<PixelStages>
}

/**
 * The pixel stages for a `width × height` mask, all paper, for the threshold to write into: with
 * the wasm kernels, the mask lives in their memory (no copy to make); else, or when the wasm
 * memory cannot grow, a mask on the JS heap for the TypeScript stages. Drop the stages once the
 * stroke graph is built: their instance and its memory (about 2 bytes per pixel) go with them.
 */
export async function pixelStages(
  width: number,
  height: number,
  wasm: WebAssembly.Module | null,
): Promise<PixelStages> {
  if (!wasm) return typescriptStages(createMask(width, height))
  try {
    return await createWasmStages(wasm, width, height)
  } catch (error) {
    // No room to grow the wasm memory: the TypeScript stages need less and give the same output.
    if (error instanceof RangeError) return typescriptStages(createMask(width, height))
    throw error
  }
}

/** The TypeScript stages on `mask`. */
export function typescriptStages(mask: Mask): PixelStages {
  return {
    mask,
    despeckle: (speckAreaPx, holeAreaPx) => despeckle(mask, speckAreaPx, holeAreaPx),
    chamferDistance: () => chamferDistance8(mask),
    skeletonize: () => skeletonize(mask),
    inkBlocks: () => inkBlocks(mask.data),
    resize: async (width, height) => typescriptStages(createMask(width, height)),
  }
}

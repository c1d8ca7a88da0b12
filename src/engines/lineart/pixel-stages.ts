/**
 * Picks the kernels of the lineart engine's pixel stages (despeckle → distance → skeletonize):
 * our WebAssembly module when the runtime installed it, else the TypeScript stages, which stay
 * the reference the module's tests compare against, byte for byte.
 */

import { despeckle } from './despeckle'
import { chamferDistance } from './distance'
import { createWasmStages } from './kernels-wasm'
import type { Mask } from './mask'
import { skeletonize } from './skeletonize'

/** The three pixel stages bound to one mask, which they rewrite in place. */
export interface PixelStages {
  /** The mask the stages work on (in wasm memory for the wasm kernels). */
  readonly mask: Mask
  /** ./despeckle.ts. @returns how many specks were removed and holes filled */
  despeckle(speckAreaPx: number, holeAreaPx: number): { specks: number; holes: number }
  /** ./distance.ts. @returns chamfer distances in thirds of a pixel, one per mask byte */
  chamferDistance(): Uint16Array
  /** ./skeletonize.ts: thins `mask` to its one-pixel skeleton. */
  skeletonize(): void
}

let lineartWasm: WebAssembly.Module | null = null

/**
 * Installs the compiled kernels (wasm/dist/lineart.wasm), once per isolate, by the runtime's
 * loader; from then on every trace instantiates its own copy. `null` goes back to TypeScript.
 */
export function useLineartWasm(module: WebAssembly.Module | null): void {
  lineartWasm = module
}

/**
 * The pixel stages for `mask`: with the wasm kernels, a copy of it in their memory (one
 * `width × height` copy, about 1 ms for a 2000 × 3000 sheet); else, or when the wasm memory
 * cannot grow, the TypeScript stages on `mask` itself.
 */
export async function pixelStages(mask: Mask): Promise<PixelStages> {
  if (!lineartWasm) return typescriptStages(mask)
  let stages: PixelStages
  try {
    stages = await createWasmStages(lineartWasm, mask.width, mask.height)
  } catch (error) {
    // No room to grow the wasm memory: the TypeScript stages need less and give the same output.
    if (error instanceof RangeError) return typescriptStages(mask)
    throw error
  }
  stages.mask.data.set(mask.data)
  return stages
}

/** The TypeScript stages on `mask`. */
export function typescriptStages(mask: Mask): PixelStages {
  return {
    mask,
    despeckle: (speckAreaPx, holeAreaPx) => despeckle(mask, speckAreaPx, holeAreaPx),
    chamferDistance: () => chamferDistance(mask),
    skeletonize: () => skeletonize(mask),
  }
}

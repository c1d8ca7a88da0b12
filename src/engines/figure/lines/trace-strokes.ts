/**
 * Last stage of the figure lines engine (… → drop fragments → trace): the cleaned line mask goes
 * through the lineart engine, which thins it and fits single-stroke centerlines.
 */

import { traceLineart } from '../../lineart'
import type { Mask } from '../../lineart/mask'
import type { VectorDrawing } from '../../vector'

/*
 * Stage: trace.
 * Job: centerlines of the mask's lines.
 * Input → output: Mask → VectorDrawing (stroke layers only, working-image pixels) and its path
 * count.
 * Method: the lineart engine (../../lineart/index.ts: despeckle, thinning, stroke graph, pruning,
 * junctions, curve fitting). It takes gray, so the mask is written as 0 / 255, which its
 * threshold splits at the midpoint of the two levels without normalising anything.
 *
 * Memory: the bilevel image, 1 byte per pixel (the engine frees it before its stroke graph),
 * beside what the lineart engine holds (about 2 bytes per pixel and its stroke graph, see its
 * MAX_GRAPH_BYTES).
 */

/** @returns the traced drawing and its number of paths */
export async function traceStrokes(
  mask: Mask,
  wasm: WebAssembly.Module | null,
): Promise<{ drawing: VectorDrawing; strokes: number }> {
  const { width, height, stride, data } = mask
  const gray = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    const src = (y + 1) * stride + 1
    const dst = y * width
    for (let x = 0; x < width; x++) gray[dst + x] = data[src + x] ? 0 : 255
  }
  const { drawing } = await traceLineart(
    { width, height, channels: 1, data: gray },
    { releaseImage: true, wasm },
  )
  let strokes = 0
  for (const layer of drawing.layers) strokes += layer.paths.length
  return { drawing, strokes }
}

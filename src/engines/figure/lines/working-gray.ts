/**
 * First stage of the figure lines engine (working gray → judge → extract → clean → trace): any
 * decoded raster becomes one gray image no larger than the working size, streamed row by row.
 */

import { bufferRows, readAllRows } from '../../../lib/rows'
import { flattenToGray } from '../../gray/flatten-to-gray'
import { resampleGray } from '../../gray/resample'
import type { GrayImage, RasterImage } from '../../raster'

/*
 * Stage: working gray.
 * Job: drop colour and alpha, and shrink the image so its long edge is at most `longEdgePx` and
 * its area at most WORKING_MAX_PIXELS; never enlarge.
 * Input → output: RasterImage (1–4 channels, any size) → GrayImage (0 black … 255 white).
 * Method: the normalize step's Rec. 601 luma over white (../../normalize/flatten-to-gray.ts) feeds
 * the gray toolkit's streaming Lanczos-3 resampler (../../gray/resample.ts) row by row, so
 * neither a full-size gray copy nor an RGBA copy is ever made: the only new whole buffer is the
 * working image itself (≤ 1.5 MB), beside the resampler's ring of about 14 float64 rows.
 */

/**
 * Long edge of the working image, px. Scratch runs (Node 20, wasm kernels, a busy 2-core box)
 * at 768 / 1024 / 1280 / 1400 / 1600 px: the dense car drawing of the corpus (USD0873711, 2231 ×
 * 1644, close hatching and stippling) traced to 1354 / 1725 / 2139 / 2359 / 2601 paths, i.e. its
 * close lines merge more the coarser the image, while the photos' outlines scored the same
 * everywhere (recall 1.000, precision ≥ 0.996 on the 3000 × 2000 test scene) and the times stayed
 * within the box's noise (0.6–0.9 s). 1280 keeps 82 % of the car's paths at 1600 px, and with
 * the area cap below the photo path's float buffers stay near 15 MB (see ./index.ts).
 */
export const WORKING_LONG_EDGE_PX = 1280

/** Area cap of the working image, px (a square stops at ≈ 1225²; memory: see ./index.ts). */
export const WORKING_MAX_PIXELS = 1_500_000

/**
 * The working size of a `width × height` image: scaled down (never up) so the long edge is at
 * most `longEdgePx` and the area at most WORKING_MAX_PIXELS, aspect ratio kept.
 * @returns the size in whole pixels, each at least 1
 */
export function workingSize(
  width: number,
  height: number,
  longEdgePx: number = WORKING_LONG_EDGE_PX,
): { width: number; height: number } {
  const scale = Math.min(
    1,
    longEdgePx / Math.max(width, height),
    Math.sqrt(WORKING_MAX_PIXELS / (width * height)),
  )
  if (scale >= 1) return { width, height }
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  }
}

/**
 * @param image decoded pixels, any layout
 * @param longEdgePx the working long edge (default WORKING_LONG_EDGE_PX)
 * @returns the gray working image: `image` itself when it is gray and small enough already
 *   (callers never write into it), else a new image
 */
export async function toWorkingGray(
  image: RasterImage,
  longEdgePx: number = WORKING_LONG_EDGE_PX,
  resampleWasm: WebAssembly.Module | null = null,
): Promise<GrayImage> {
  const { width, height, channels, data } = image
  const size = workingSize(width, height, longEdgePx)
  const same = size.width === width && size.height === height
  if (same && channels === 1) return { width, height, channels: 1, data }
  const gray = flattenToGray(bufferRows(data, width, height, channels))
  const rows = same ? gray : resampleGray(gray, size.width, size.height, { wasm: resampleWasm })
  return { width: size.width, height: size.height, channels: 1, data: await readAllRows(rows) }
}

/**
 * The `lineart` engine: a raster drawing → single-stroke centerlines (a VectorDrawing of stroke
 * layers only). Also the engine /figures uses for SVG output. Stages, in order, each in its file.
 */

import type { GrayImage } from '../raster'
import type { VectorDrawing, VectorPath } from '../vector'
import { dropIsolatedSpecks } from './drop-isolated'
import { fitStroke } from './fit-curves'
import { groupByWeight, type WeightedPath } from './line-weight'
import { linkStrokes } from './link-strokes'
import { pixelStages } from './pixel-stages'
import { placeJunctions } from './place-junctions'
import { pruneGraph } from './prune-graph'
import { buildStrokeGraph } from './stroke-graph'
import { thresholdInk } from './threshold'

/** Knobs in user units; every one has a default scaled to the image. */
export interface LineartOptions {
  /** Ink components smaller than this many pixels are specks (default: see `deriveParams`). */
  speckAreaPx?: number
  /** Largest distance, in pixels, between a fitted path and the centerline (default 1). */
  tolerancePx?: number
  /** Above this many segments the fit is redone with a looser tolerance (default 200 000). */
  maxSegments?: number
}

/** What the engine reports besides the drawing (for logs and tests). */
export interface LineartStats {
  /** Ink components removed before thinning (smaller than the speck area). */
  specks: number
  holes: number
  /** Lone dots and short strokes removed after thinning (no ink around them). */
  isolated: number
  strokes: number
  segments: number
  /** Tolerance the final fit used, pixels (above the requested one when maxSegments hit). */
  tolerancePx: number
}

const DEFAULT_TOLERANCE_PX = 1
const DEFAULT_MAX_SEGMENTS = 200_000

/**
 * Order, and why:
 * threshold (everything after works on ink/paper) → despeckle (before thinning, or each speck
 * becomes a stroke and each pinhole a loop) → distance (needs the full strokes, which thinning
 * destroys) → skeletonize → stroke graph → prune (spurs would otherwise be taken for lines and
 * pull junctions) → drop isolated specks (needs the pruned strokes' true lengths) → place
 * junctions (needs the pruned graph's true branches) → link strokes
 * (directions are only meaningful once the bent ends are straightened) → fit curves → weights.
 * @param image gray, 0 black … 255 white
 */
export async function traceLineart(
  image: GrayImage,
  options: LineartOptions = {},
): Promise<{ drawing: VectorDrawing; stats: LineartStats }> {
  const { width, height } = image
  const params = deriveParams(width, height, options)
  // The pixel stages run in our wasm kernels when installed (./pixel-stages.ts), same output.
  const stages = await pixelStages(thresholdInk(image))
  const mask = stages.mask
  const cleaned = stages.despeckle(params.speckAreaPx, params.holeAreaPx)
  const distance = stages.chamferDistance()
  stages.skeletonize()
  const graph = buildStrokeGraph(mask, distance)
  pruneGraph(graph)
  const isolated = dropIsolatedSpecks(graph, width, height)
  placeJunctions(graph)
  const strokes = linkStrokes(graph)

  let tolerance = params.tolerancePx
  let fitted: WeightedPath[] = []
  let segments = 0
  for (let attempt = 0; attempt < 6; attempt++) {
    fitted = []
    segments = 0
    for (const stroke of strokes) {
      const path = fitStroke(stroke, { tolerance, width: stroke.width })
      segments += path.segments.length
      fitted.push({ path, width: stroke.width, length: stroke.points.length / 2 })
    }
    if (segments <= params.maxSegments) break
    // Absurd outputs are simplified, not refused: loosen until the drawing fits the budget.
    tolerance *= 2
  }
  for (const dot of graph.dots) {
    const path: VectorPath = { start: { x: dot.x, y: dot.y }, segments: [], closed: false }
    fitted.push({ path, width: dot.width, length: 1 })
  }
  const drawing: VectorDrawing = {
    width,
    height,
    ...(image.density ? { density: image.density } : {}),
    layers: groupByWeight(fitted),
  }
  return {
    drawing,
    stats: { ...cleaned, isolated, strokes: fitted.length, segments, tolerancePx: tolerance },
  }
}

/**
 * User knobs → pixel parameters. Specks scale with the sheet: a 2000 × 3000 scan at 300 DPI
 * gets 8 px (a 3 × 3 blot), never less than 3; pinholes up to the same area are filled.
 */
export function deriveParams(
  width: number,
  height: number,
  options: LineartOptions,
): { speckAreaPx: number; holeAreaPx: number; tolerancePx: number; maxSegments: number } {
  const longEdge = Math.max(width, height)
  const speckAreaPx = options.speckAreaPx ?? Math.max(3, Math.round((longEdge / 1000) ** 2))
  return {
    speckAreaPx,
    holeAreaPx: speckAreaPx,
    tolerancePx: options.tolerancePx ?? DEFAULT_TOLERANCE_PX,
    maxSegments: options.maxSegments ?? DEFAULT_MAX_SEGMENTS,
  }
}

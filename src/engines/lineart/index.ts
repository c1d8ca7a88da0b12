/**
 * The `lineart` engine: a raster drawing → single-stroke centerlines (a VectorDrawing of stroke
 * layers only). Also the engine /figures uses for SVG output. Stages, in order, each in its file.
 */

import { releaseBuffer } from '../../lib/release'
import type { GrayImage } from '../raster'
import type { VectorDrawing, VectorPath } from '../vector'
import { scaleGraph, shrinkGray } from './coarsen'
import { dropIsolatedSpecks } from './drop-isolated'
import { fitStroke } from './fit-curves'
import { groupByWeight, type WeightedPath } from './line-weight'
import { linkStrokes } from './link-strokes'
import type { Mask } from './mask'
import { alignedWords } from './mask'
import { penWidth } from './pen-width'
import { type PixelStages, pixelStages } from './pixel-stages'
import { placeJunctions } from './place-junctions'
import { pruneGraph } from './prune-graph'
import { buildStrokeGraph, graphBytes, type StrokeGraph, skeletonLoad } from './stroke-graph'
import { thresholdInk, twoLevels } from './threshold'

/** Knobs in user units; every one has a default scaled to the image. */
export interface LineartOptions {
  /** Ink components smaller than this many pixels are specks (default: see `deriveParams`). */
  speckAreaPx?: number
  /** Largest distance, in pixels, between a fitted path and the centerline (default 1). */
  tolerancePx?: number
  /** Above this many segments the fit is redone with a looser tolerance (default 100 000). */
  maxSegments?: number
  /**
   * Above this estimated stroke-graph size, in bytes, the image is traced at a coarser scale
   * (default MAX_GRAPH_BYTES, 40 MiB).
   */
  maxGraphBytes?: number
  /**
   * The engine owns `image.data` and frees it (see ../../lib/release.ts) once it is no longer
   * read, before the stroke graph is built: 12 MB less resident at the 12 MP cap. Its views
   * are empty afterwards. Default false.
   */
  releaseImage?: boolean
  /** The compiled pixel stages (Kernels.lineart, wasm/dist/lineart.wasm); else TypeScript's. */
  wasm?: WebAssembly.Module | null
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
  /**
   * 1, or the factor the image was shrunk by because its skeleton's graph would have exceeded
   * MAX_GRAPH_BYTES (noise, a photo's texture): the drawing is then a simplified one.
   */
  coarsened: number
  /**
   * The ink the strokes draw (length × width, dots as discs) over the ink the threshold found:
   * near 1 for a drawing; far under it when the drawing lost its ink (faint or thin lines the
   * threshold or the speck filter dropped). 1 for a blank image.
   */
  inkDrawn: number
}

const DEFAULT_TOLERANCE_PX = 1
/**
 * The vector model costs about 300 bytes per segment: 100 000 segments (three times a stippled
 * 16 MP sheet's) stay near 30 MB.
 */
const DEFAULT_MAX_SEGMENTS = 100_000
/**
 * Budget of the stroke graph (see `graphBytes`), on the scale of the object graph it was fitted
 * to: the typed-array graph (./stroke-graph.ts) takes far less, and the budget stays so that
 * what is traced at full scale, and every output, stayed as it was. A stippled 12 MP sheet
 * needs 36 MB; a skeleton over the budget (noise, a photo's texture) is traced at a coarser
 * scale. Peak memory of the whole request: `npm run memory`.
 */
const MAX_GRAPH_BYTES = 40 * 2 ** 20
/** Coarsening stops here: a 128-pixel trace of any image fits the budget. */
const MIN_COARSE_EDGE = 128

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
  const { graph, cleaned, coarsened, inkPx } = await skeletonGraph(
    image,
    params,
    options.releaseImage === true,
    options.wasm ?? null,
  )
  pruneGraph(graph)
  const isolated = dropIsolatedSpecks(graph, width, height)
  placeJunctions(graph)
  const strokes = linkStrokes(graph)
  // The strokes hold every point now; of the graph only the dots are still needed.
  const dots: WeightedPath[] = []
  for (let d = 0; d < graph.dotCount; d++) {
    const path: VectorPath = {
      start: { x: graph.dotX[d]!, y: graph.dotY[d]! },
      segments: [],
      closed: false,
    }
    dots.push({ path, width: graph.dotWidth[d]!, length: 1 })
  }
  graph.release()

  let tolerance = params.tolerancePx
  let fitted: WeightedPath[] = []
  let segments = 0
  for (let attempt = 0; attempt < 6; attempt++) {
    fitted = []
    segments = 0
    for (let k = 0; k < strokes.count; k++) {
      const stroke = strokes.stroke(k)
      const path = fitStroke(stroke, { tolerance, width: stroke.width })
      segments += path.segments.length
      fitted.push({ path, width: stroke.width, length: strokes.pointCount(k) })
    }
    if (segments <= params.maxSegments) break
    // Absurd outputs are simplified, not refused: loosen until the drawing fits the budget.
    tolerance *= 2
  }
  // The paths are fitted: the strokes are not read again.
  strokes.release()
  for (const dot of dots) fitted.push(dot)
  const drawing: VectorDrawing = {
    width,
    height,
    ...(image.density ? { density: image.density } : {}),
    layers: groupByWeight(fitted),
  }
  return {
    drawing,
    stats: {
      ...cleaned,
      isolated,
      strokes: fitted.length,
      segments,
      tolerancePx: tolerance,
      coarsened,
      inkDrawn: inkDrawn(fitted, dots.length, inkPx),
    },
  }
}

/**
 * The pixel half: threshold → despeckle → distance → skeletonize → stroke graph. Its own function
 * so the mask and distances (2 bytes per pixel, in the wasm kernels' memory when installed: see
 * ./pixel-stages.ts, same output) are garbage once the graph is built. A skeleton whose graph
 * would exceed MAX_GRAPH_BYTES is not built: the image is traced again at half the scale
 * (./coarsen.ts), then a quarter, and so on.
 */
async function skeletonGraph(
  image: GrayImage,
  params: { speckAreaPx: number; holeAreaPx: number; fromPen: boolean; maxGraphBytes: number },
  releaseImage: boolean,
  wasm: WebAssembly.Module | null,
): Promise<{
  graph: StrokeGraph
  cleaned: { specks: number; holes: number }
  coarsened: number
  /** Ink pixels the threshold found, at the image's scale. */
  inkPx: number
}> {
  const maze = isMaze(image)
  // A maze's drawing is thousands of fragments whatever its scale: it gets a quarter of the
  // budget, which a drawing never meets (see MAZE_TRANSITIONS).
  const budget = maze ? params.maxGraphBytes / MAZE_BUDGET_SHARE : params.maxGraphBytes
  let stages: PixelStages | null = null
  for (let factor = maze ? firstFactor(image, budget) : 1; ; factor *= 2) {
    const source = factor === 1 ? image : shrinkGray(image, factor)
    stages =
      stages === null
        ? await pixelStages(source.width, source.height, wasm)
        : await stages.resize(source.width, source.height)
    const levels = twoLevels(source.data)
    thresholdInk(source, stages.mask, stages.binarizeInto, levels)
    if (factor > 1) releaseBuffer(source.data)
    const area = factor * factor
    const inkPx = countInk(stages.mask) * area
    // Nothing the drawing's own pen draws is a speck (a pen's dot covers about 0.8 of its square)
    // or a pinhole (the paper between two strokes a pen apart).
    const pen = params.fromPen ? penWidth(stages.mask) : 0
    const speckCap = pen > 0 ? Math.max(1, Math.floor((pen * pen) / 2)) : Infinity
    const holeCap = pen > 0 ? pen * pen : Infinity
    const cleaned = stages.despeckle(
      Math.min(speckCap, Math.max(1, Math.round(params.speckAreaPx / area))),
      Math.min(holeCap, Math.max(1, Math.round(params.holeAreaPx / area))),
    )
    const distance = stages.chamferDistance()
    stages.skeletonize()
    const longEdge = Math.max(source.width, source.height)
    const blocks = stages.inkBlocks()
    if (graphBytes(skeletonLoad(stages.mask, blocks)) > budget && longEdge > MIN_COARSE_EDGE) {
      continue
    }
    // The gray image is not read again: its memory goes before the graph's comes.
    if (releaseImage) releaseBuffer(image.data)
    // Only a two-level image's mask is its ink exactly: then blobs are measured by their area.
    const graph = buildStrokeGraph(stages.mask, distance, blocks, factor === 1 && levels !== null)
    if (factor > 1) scaleGraph(graph, factor)
    return { graph, cleaned, coarsened: factor, inkPx }
  }
}

/** See LineartStats.inkDrawn; the dots are the last `dotCount` paths of `fitted`. */
function inkDrawn(fitted: readonly WeightedPath[], dotCount: number, inkPx: number): number {
  if (inkPx === 0) return 1
  let drawn = 0
  const strokes = fitted.length - dotCount
  for (let k = 0; k < fitted.length; k++) {
    const { width, length } = fitted[k]!
    drawn += k < strokes ? length * width : (Math.PI * width * width) / 4
  }
  return drawn / inkPx
}

/** Ink pixels of a mask (its frame is paper; codes 0-7), four bytes a word. */
export function countInk(mask: Mask): number {
  const { data } = mask
  const words = new Uint32Array(data.buffer, data.byteOffset, data.length >> 2)
  let ink = 0
  for (let k = 0; k < words.length; k++) {
    const w = words[k]!
    if (w === 0) continue
    // Each byte's low three bits folded into its bit 0, then the four bits summed.
    const bits = (w | (w >>> 1) | (w >>> 2)) & 0x01010101
    ink += Math.imul(bits, 0x01010101) >>> 24
  }
  for (let i = 4 * words.length; i < data.length; i++) if (data[i] !== 0) ink++
  return ink
}

/**
 * A maze: more ink/paper changes along the rows (of gray < 128) per pixel than this. Half-ink
 * noise has 0.50; the corpus's drawings 0.002-0.065 (the shaded sheets the most) and the
 * stippled + hatched bench sheet 0.17.
 */
const MAZE_TRANSITIONS = 0.35
/**
 * A maze's skeleton weighs at least this much graph (`graphBytes`) per pixel: half-ink noise
 * weighs 26-31 at every scale it is traced at (12, 3 and 0.75 MP).
 */
const MAZE_GRAPH_BYTES_PER_PX = 10
/**
 * A maze's graph budget is MAX_GRAPH_BYTES over this. At the full budget half-ink noise at the
 * 12 MP cap came out as 55 000 fragments (a 7 MB DXF), and the request peaked near 100 MB of
 * workerd RSS (`npm run memory`); at a quarter it is traced at an eighth of the scale.
 */
const MAZE_BUDGET_SHARE = 4

/** Rows of the image `isMaze` reads (every row of a smaller one). */
const MAZE_SAMPLED_ROWS = 512

/**
 * Whether `image` is a maze (half-ink noise, a dither): more ink/paper changes along its rows,
 * of gray < 128, than MAZE_TRANSITIONS per pixel.
 */
export function isMaze(image: GrayImage): boolean {
  const { width, height, data } = image
  // Aligned words from byte `shift` on: four pixels on the same side of 128 as the run are skipped.
  const shift = -data.byteOffset & 3
  const words = alignedWords(data, shift)
  // A few hundred rows tell a maze from a drawing (0.35 changes a pixel against under 0.05).
  const step = Math.max(1, Math.floor(height / MAZE_SAMPLED_ROWS))
  let changes = 0
  let rows = 0
  for (let y = 0; y < height; y += step) {
    rows++
    let ink = false
    let i = y * width
    const end = i + width
    for (; i < end && ((i - shift) & 3) !== 0; i++) {
      if (data[i]! < 128 !== ink) {
        ink = !ink
        changes++
      }
    }
    for (; i + 4 <= end; i += 4) {
      // The four pixels' high bits: all set (paper; -0x7f7f7f80 is 0x80808080 as the signed
      // word `&` gives, a literal as V8 folds it) or all clear (ink) continue the run.
      const high = words[(i - shift) >> 2]! & 0x80808080
      if (high === (ink ? 0 : -0x7f7f7f80)) continue
      for (let j = i; j < i + 4; j++) {
        if (data[j]! < 128 !== ink) {
          ink = !ink
          changes++
        }
      }
    }
    for (; i < end; i++) {
      if (data[i]! < 128 !== ink) {
        ink = !ink
        changes++
      }
    }
  }
  return changes > MAZE_TRANSITIONS * width * rows
}

/**
 * The scale a maze's coarsening starts at: the first halving at which its skeleton would not be
 * twice `budget` even at the lower bound above. A full-scale pass there is only rejected, and its
 * kernels' memory (2 bytes per pixel, 24 MB at 12 MP) would stay for the rest of the request.
 * The passes it skips are ones the budget check would reject, so the drawing is the same.
 */
function firstFactor(image: GrayImage, budget: number): number {
  const { width, height } = image
  let factor = 1
  while (
    (MAZE_GRAPH_BYTES_PER_PX * width * height) / (factor * factor) > 2 * budget &&
    Math.max(width, height) / (2 * factor) > MIN_COARSE_EDGE
  ) {
    factor *= 2
  }
  return factor
}

/**
 * The pixel despeckle erases specks up to a third of the pinhole area: a 300 DPI sheet's stipple
 * dots (2 px across, 3-4 px of ink) are ink to keep, and the graph's speck stage tells the rest
 * of the noise from them by company (./drop-isolated.ts).
 */
const SPECK_SHARE = 3

/**
 * User knobs → pixel parameters. Pinholes scale with the sheet: a 2000 × 3000 scan at 300 DPI
 * fills 9 px (a 3 × 3 hole), never less than 3; specks are a third of that (SPECK_SHARE), never
 * less than 3. A `speckAreaPx` given sets both.
 */
export function deriveParams(
  width: number,
  height: number,
  options: LineartOptions,
): {
  speckAreaPx: number
  holeAreaPx: number
  /** Whether the areas are capped by the drawing's pen (./pen-width.ts): unless the user set them. */
  fromPen: boolean
  tolerancePx: number
  maxSegments: number
  maxGraphBytes: number
} {
  const longEdge = Math.max(width, height)
  const scale = (longEdge / 1000) ** 2
  return {
    speckAreaPx: options.speckAreaPx ?? Math.max(3, Math.round(scale / SPECK_SHARE)),
    holeAreaPx: options.speckAreaPx ?? Math.max(3, Math.round(scale)),
    fromPen: options.speckAreaPx === undefined,
    tolerancePx: options.tolerancePx ?? DEFAULT_TOLERANCE_PX,
    maxSegments: options.maxSegments ?? DEFAULT_MAX_SEGMENTS,
    maxGraphBytes: options.maxGraphBytes ?? MAX_GRAPH_BYTES,
  }
}

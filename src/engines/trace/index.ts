/**
 * The `trace` engine of POST /v1/vectorize: filled outlines that keep fills, in colour, at
 * potrace quality. Engine path: decode → normalize → these stages → write.
 */

import { releaseBuffer } from '../../lib/release'
import type { RasterImage } from '../raster'
import type { FillLayer, VectorDrawing, VectorPath } from '../vector'
import { adjustVertices } from './adjust-vertices'
import { fillHole, holeShowsBelow } from './covered-holes'
import { decomposePaths, type LatticePath } from './decompose-paths'
import { defaultSpeckleArea, isSpeckle } from './despeckle'
import { emitPath } from './emit-path'
import { inkDrawnShare, isInkColour, tallyInk } from './ink-kept'
import { buildLayerMask } from './layer-mask'
import { ALL_OPAQUE, planLayers } from './layers'
import { computeSums, findOptimalPolygon } from './optimal-polygon'
import { optimizeCurve } from './optimize-curve'
import { createPaddedMask } from './padded-mask'
import { PathData } from './path-data'
import { quantizeColors } from './quantize'
import { smoothCorners } from './smooth'
import { findStraightRuns } from './straight-runs'

/** The user-facing knobs of the trace engine, all optional. */
export interface TraceOptions {
  /** Most colours traced, background included; 1 … 64. Default 8. */
  maxColors?: number
  /**
   * Outlines and holes enclosing fewer pixels than this are dropped (potrace's turdsize + 1).
   * Default: 3 px² for a bilevel image (potrace's turdsize 2); 12 px² in colour up to a 2000-px
   * long edge, growing with its square above (defaultSpeckleArea).
   */
  speckleAreaPx?: number
  /** Corner threshold (potrace's alphamax): 0 keeps the polygon, above 4/3 no corner. Default 1. */
  alphaMax?: number
  /** Largest deviation of a joined curve, px (potrace's opttolerance). Default 0.2. */
  optTolerance?: number
  /** Join consecutive Bézier segments (potrace's opticurve). Default true. */
  opticurve?: boolean
  /**
   * The engine owns `image.data`: it flattens alpha onto white there, in place, and frees it
   * (../../lib/release.ts) once the colours are quantised and the ink counted, the last time it
   * is read: 8 MB (gray) to 32 MB (RGBA) less resident at the 8 MP cap while the paths are
   * traced and written. Its views are empty afterwards. Default false (an image with alpha is
   * then flattened in a copy).
   */
  releaseImage?: boolean
  /**
   * Most path segments traced before the engine gives up with `too_detailed`: the model costs
   * memory per segment, and a texture (noise, halftone, a dithered photo) traces to millions.
   * Default DEFAULT_MAX_SEGMENTS.
   */
  maxSegments?: number
}

/**
 * Default segment budget: the densest real sheets in the corpus (stippled panels) trace to about
 * 105 000 segments, the 8 MP stippled bench sheet to 178 000; half-ink noise at 8 MP to 1.6 million.
 * Noise stopped at 250 000 had taken 105 MB of workerd RSS (its many short paths cost more per
 * segment than a drawing's), over the memory bench's 100 MB bound.
 */
export const DEFAULT_MAX_SEGMENTS = 200_000

/** What the trace engine measured on its own output. */
export interface TraceStats {
  /**
   * Share of the image's ink (pixels at least half covered, ink-kept.ts) that the layers keep
   * within 1 px, less the ink specks the speckle filter dropped: near 1 for a drawing traced
   * whole, far under it when lines went to the paper (too faint for the cut) or were dropped as
   * specks. 1 for an image without ink.
   */
  inkDrawn: number
}

/** What traceImageWithStats returns: the drawing, or why there is none. */
export type TraceResult =
  | { ok: true; drawing: VectorDrawing; stats: TraceStats }
  | { ok: false; reason: 'too_detailed'; message: string }

/** TraceOptions with every default applied, in derived units. */
interface TraceSettings {
  maxSegments: number
  maxColors: number
  speckleAreaPx: number | undefined
  alphaMax: number
  optTolerance: number
  opticurve: boolean
  releaseImage: boolean
}

/**
 * Traces a raster into stacked fill layers.
 *
 * Cost (Node 22, synthetic 2000 × 2000 line drawing, 331,000 outline points): ~130 ms, potrace
 * 1.16's wasm build ~110 ms on the same bitmap; most of it is stage 5a (straight-runs.ts).
 * Working memory: 2 bytes per pixel (palette indices, layer mask; each freed as soon as it is
 * dead, see release.ts) plus 111 bytes per point of the longest outline and ~1.5 MB of tables; the
 * returned model itself costs ~330 bytes per segment in Node (objects of boxed numbers), about
 * half that in workerd with pointer compression. Peak workerd RSS of a request on the 2828 × 2828
 * stippled + hatched bench sheet (178,000 segments), SVG output: 96–110 MB above idle before
 * the releases and the unboxed stage helpers (optimal-polygon.ts, optimize-curve.ts), 80 MB
 * after with releaseImage (PDF 105 → 81 MB).
 * @param image gray, gray + alpha, RGB or RGBA; alpha is flattened onto white (a half
 *   transparent black line is a gray line), and fully transparent pixels are never traced
 * @returns a drawing of FillLayers (bottom first), width, height and density copied from the
 *   input, coordinates in pixels; no layers for a blank (white or transparent) image
 * @throws RangeError for an option out of range (a bug: requests are validated before)
 */
export async function traceImage(
  image: RasterImage,
  options: TraceOptions = {},
): Promise<VectorDrawing> {
  const result = await traceImageWithStats(image, options)
  if (!result.ok) throw new RangeError(result.message)
  return result.drawing
}

/**
 * {@link traceImage}, with what the engine measured on its output (TraceStats), or `too_detailed`
 * as soon as the paths pass `maxSegments` (so memory stays bounded by the budget, not the image).
 */
export async function traceImageWithStats(
  image: RasterImage,
  options: TraceOptions = {},
): Promise<TraceResult> {
  const settings = resolveOptions(options)
  const { width, height } = image
  // The order: colours before anything geometric, because each layer's mask depends on the
  // whole palette and its stacking; then one layer at a time (one mask buffer, reused), and in a
  // layer one path at a time (one PathData, reused), so memory follows the image and the longest
  // outline, not the number of paths.
  // 1. Colours first: everything after works on palette indices, one byte per pixel.
  const quantized = quantizeColors(image, settings.maxColors, settings.releaseImage)
  // 2. The stacking order decides each layer's mask (a layer runs under those above it).
  const stack = planLayers(quantized)
  // The ink tally is the last read of the pixels.
  const tally = tallyInk(quantized.flattened, quantized, stack)
  if (settings.releaseImage) releaseBuffer(image.data)
  let droppedInk = 0
  const speckleArea =
    settings.speckleAreaPx ?? defaultSpeckleArea(Math.max(width, height), quantized.bilevel)
  const mask = createPaddedMask(width, height)
  const work = new PathData()
  const layers: FillLayer[] = []
  let segments = 0
  for (const [i, layer] of stack.layers.entries()) {
    const checkHoles = buildLayerMask(quantized, stack, layer, mask)
    // The last mask is the last read of the palette indices. Freed now, and the mask after the
    // loop, they no longer wait for a GC that V8 starts only ~64 MB of external memory later:
    // 8 MB each less resident while the paths are built and written (8 MP cap).
    if (i === stack.layers.length - 1) releaseBuffer(quantized.indices)
    const paths: VectorPath[] = []
    const inkLayer = layer.index !== ALL_OPAQUE && isInkColour(tally, layer.color)
    // 3–4. Paths come out one at a time; the speckle filter and the covered-hole test run before
    // a path is traced, and a filled hole removes what is nested in it before the scan gets there.
    decomposePaths(mask, (lattice) => {
      if (isSpeckle(lattice.area, speckleArea)) {
        if (inkLayer && lattice.area > 0) droppedInk += lattice.area
        return
      }
      if (checkHoles && lattice.area < 0 && !holeShowsBelow(mask, lattice)) {
        fillHole(mask, lattice)
        return
      }
      const path = traceOutline(lattice, work, settings)
      paths.push(path)
      segments += path.segments.length
      return segments <= settings.maxSegments
    })
    if (segments > settings.maxSegments) {
      return {
        ok: false,
        reason: 'too_detailed',
        message: `it traces to more than ${settings.maxSegments.toLocaleString('en-US')} outline segments (a texture, noise or halftone rather than a drawing)`,
      }
    }
    if (paths.length > 0) layers.push({ kind: 'fill', color: layer.color, paths })
  }
  releaseBuffer(mask.data)
  return {
    ok: true,
    drawing: { width, height, ...(image.density ? { density: image.density } : {}), layers },
    stats: { inkDrawn: inkDrawnShare(tally, droppedInk) },
  }
}

/**
 * Stages 5–8 on one path, in the paper's order: each consumes the previous one's output (straight
 * runs → polygon → adjusted vertices → corners and curves → joined curves).
 */
function traceOutline(lattice: LatticePath, work: PathData, settings: TraceSettings): VectorPath {
  work.load(lattice.points, lattice.length)
  findStraightRuns(work)
  computeSums(work)
  findOptimalPolygon(work)
  adjustVertices(work)
  smoothCorners(work, settings.alphaMax)
  optimizeCurve(work, settings.optTolerance, settings.opticurve)
  return emitPath(work)
}

function resolveOptions(options: TraceOptions): TraceSettings {
  const {
    maxColors = 8,
    speckleAreaPx,
    alphaMax = 1,
    optTolerance = 0.2,
    opticurve = true,
    releaseImage = false,
    maxSegments = DEFAULT_MAX_SEGMENTS,
  } = options
  expectRange('maxColors', maxColors, 1, 64, true)
  if (speckleAreaPx !== undefined) expectRange('speckleAreaPx', speckleAreaPx, 0, 1e9, false)
  expectRange('alphaMax', alphaMax, 0, 10, false)
  expectRange('optTolerance', optTolerance, 0, 100, false)
  expectRange('maxSegments', maxSegments, 1, Number.MAX_SAFE_INTEGER, true)
  return { maxSegments, maxColors, speckleAreaPx, alphaMax, optTolerance, opticurve, releaseImage }
}

function expectRange(name: string, value: number, lo: number, hi: number, integer: boolean): void {
  if (Number.isFinite(value) && value >= lo && value <= hi && (!integer || Number.isInteger(value)))
    return
  const kind = integer ? 'an integer' : 'a number'
  throw new RangeError(`Expected ${kind} between ${lo} and ${hi} for ${name} but received ${value}`)
}

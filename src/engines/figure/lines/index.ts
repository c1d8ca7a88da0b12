/**
 * The figure lines engine: a raster (a reference image the user sent, or an image model's
 * drawing) → clean single-stroke patent line art, for /figures. Stages in order, each in its file.
 */

import type { Kernels } from '../../../kernels/kernels'
import type { Mask } from '../../lineart/mask'
import type { GrayImage, RasterImage } from '../../raster'
import type { VectorDrawing } from '../../vector'
import { dropFragments } from './drop-fragments'
import { hollowFills } from './hollow-fills'
import { judgeKind } from './judge-kind'
import { smoothEdgePreserving } from './smooth'
import { thresholdDrawing } from './threshold-drawing'
import { traceStrokes } from './trace-strokes'
import { toWorkingGray, workingSize } from './working-gray'
import { xdogLines } from './xdog'

/** Where the raster came from: the user's reference image, or the image model's output. */
export type LineSource = 'reference' | 'model'

/** The extracted drawing. */
export interface LineDrawing {
  /** Stroke layers only, in pixel coordinates of the (possibly downscaled) working image. */
  drawing: VectorDrawing
  /** Size of that working image, px. */
  width: number
  height: number
  /** What the input was judged to be. */
  kind: 'photo' | 'lineart'
  /** Path count. */
  strokes: number
}

/** The outcome: a drawing, or why there is none. */
export type LinesResult =
  | { ok: true; value: LineDrawing }
  | { ok: false; reason: 'blank' | 'too_busy'; message: string }

/**
 * More paths than this is a tangle no examiner would accept. The densest of the 22 corpus sheets
 * (USD0871728, a cleat drawn with stippling) trace to 3298 and 3602 paths at the working size;
 * the others to 96–2674.
 */
export const MAX_STROKES = 4000
/**
 * Line ink covering more than this share of the working image is a tangle too: the corpus sheets
 * cover 0.6–14.2 % after cleaning, the XDoG lines of the street and circuit-board photos 6.8 %
 * and 6.5 %.
 */
export const MAX_INK_SHARE = 0.2
/** Pieces whose box is shorter than this share of the long edge on both sides are fragments. */
const FRAGMENT_SHARE = 0.015
/**
 * On line art a fragment stays when other ink lies within this share of the long edge: the
 * dashes of hidden lines and the dots of stippling are fragments with company. On four corpus
 * sheets with dashed and dotted lines, a 6-px radius (at 1280 px) dropped 1, 48, 96 and 67
 * dashes and dots, 10 px still 17 on one sheet, this (19 px) none.
 */
const FRAGMENT_COMPANY_SHARE = 0.015
/** A busy result is tried again at this share of the working long edge … */
const RETRY_SCALE = 0.5
/** … unless that would be shorter than this, px. */
const MIN_RETRY_LONG_EDGE_PX = 256

/**
 * Photo path parameters (./smooth.ts, ./xdog.ts). Chosen in scratch runs (Node 20) on the scenes
 * of test/engines/figure/lines/images.ts, scored as the tests score them (recall: outline pixels
 * with a stroke within 3 px; precision: stroke pixels within 3 px of an outline), on three
 * 800 × 600 variants of the shaded-objects photo (clean; grain σ 12 with doubled texture,
 * "grainy"; JPEG q40 of grain σ 8), and by eye on two real photos (a robot in a street,
 * 1169 × 584, and a circuit board, 720 × 477). Recall / precision on grainy, then JPEG:
 * - smoothing, 2 passes, r 4 px, flat 10 levels: 0.944 / 0.996, 0.993 / 0.999. No smoothing:
 *   0.745 / 0.977 (grain traced as lines); 1 pass: 0.954 / 0.973 with a stroke inside a flat
 *   region and 32 % more strokes on the street photo; 3 passes, or flat 15: edges soften, recall
 *   0.90 and 0.85. Fitting the models at half size (the fast guided filter) halves the stage's
 *   time (~260 → ~120 ms at 1.5 MP) for the same scores within 0.01.
 * - σ 1.2 px, k 1.6 (the paper's Laplacian ratio): σ 1.0 lost faint outline (grainy recall
 *   0.910); σ 1.5 drew the lines farther from the edges (precision 0.947 on the clean scene).
 * - τ 0.995: τ 1 scored 0.985 / 0.988 on grainy but drew 16 % more strokes on the street photo,
 *   all background; τ 0.99 and 0.98 lost the low-contrast arc (grainy recall 0.876, 0.652).
 * - ε −1, φ 0.5 in DoG spreads, i.e. line pixels 2.1 spreads below zero, seeds 3.9 below: ε −1.5
 *   (2.6 / 4.4) scored 0.929 on grainy; ε −2.5, φ 1 (3.0 / 4.0) 0.920 and 0.965 on JPEG.
 */
export const PHOTO_PARAMS = {
  smooth: { radiusPx: 4, flatLevels: 10, passes: 2, subsample: 2 },
  xdog: { sigmaPx: 1.2, k: 1.6, tau: 0.995, epsilon: -1, phi: 0.5, strong: 0.1, minSpread: 0.002 },
}

/**
 * Memory, at the 1.5 MP working cap (N = 1.5 M pixels), beside the caller's decoded image, which
 * is only read, row by row: the working gray (N bytes); the judge's lighting-corrected copy (N,
 * only when the paper is uneven, dropped before extraction). Photo path: the smoothed image
 * (4N) with the smoother's two quarter-size moments (2N), then XDoG's two Gaussians (8N) and the
 * mask (N): at most ~10N, 15 MB. Line-art path: the corrected page (N), the mask (N), then either
 * hollowing's two distance maps (4N) or the fragments' summed-area table (4N): ~7N, 10 MB. Then
 * the trace: a 0/255 copy of the mask (N) and the lineart engine's own (3N in its wasm memory,
 * and its stroke graph, capped at 40 MiB by its MAX_GRAPH_BYTES).
 * Time, under Node 20 on a busy 2-core box (`node bench/figure-lines.mjs`): a 1.5 MP photo
 * 0.6–1.1 s (smoothing ~150 ms, XDoG ~250 ms, tracing ~100 ms), a 3000 × 2000 photo 0.55–0.9 s
 * at 1280 × 853, corpus sheets and a 1024² model drawing 0.2–0.35 s.
 *
 * Order, and why:
 * working gray first (every later stage costs per pixel, and colour carries nothing a patent
 * line needs) → judge on that image, its lighting divided out (a lamp's falloff is not tone) →
 * extract: a photo's lines are its edges (smooth, then XDoG), a drawing's are its ink
 * (threshold, then hollow the fills, which must happen before fragments are counted, or a
 * fill's inside counts as ink) → drop fragments (before tracing: each would become a stroke) →
 * check the ink share (tracing a tangle is the expensive step and its answer would be refused
 * anyway) → trace → check the stroke count. A busy result is tried again at half the working size, where texture averages
 * out and the same pixel parameters smooth twice as far, before it is refused.
 *
 * @param image decoded pixels (gray or colour, any size)
 * @param source 'reference' (a photo, sketch, scan or screenshot) or 'model' (the image model's
 *   drawing, with its shading and noise)
 * @param kernels the compiled resample and lineart stages (TypeScript runs where null)
 * @returns the drawing, or `blank` (nothing drawable) or `too_busy` (a tangle even when coarse)
 * @throws RangeError when `image.data` does not hold `width · height · channels` bytes (a bug)
 */
export async function extractLineDrawing(
  image: RasterImage,
  source: LineSource,
  kernels: Pick<Kernels, 'resample' | 'lineart'>,
): Promise<LinesResult> {
  const { width, height, channels, data } = image
  if (!(width > 0 && height > 0) || data.length < width * height * channels) {
    const expected = width * height * channels
    throw new RangeError(
      `Expected ${expected} bytes for a ${width} × ${height} image but received ${data.length}`,
    )
  }
  let kind: 'photo' | 'lineart' | null = null
  let busy = ''
  const first = workingSize(width, height)
  const longEdges = [Math.max(first.width, first.height)]
  const coarse = Math.round(longEdges[0]! * RETRY_SCALE)
  if (coarse >= MIN_RETRY_LONG_EDGE_PX) longEdges.push(coarse)
  for (const longEdge of longEdges) {
    const gray = await toWorkingGray(image, longEdge, kernels.resample)
    if (kind === null) {
      const judged = judgeKind(gray)
      if (judged.kind === 'blank') return blank(judged.reason)
      // The model was asked for a line drawing: its grays are shading, never a photo's tone (the
      // tone decision calls a drawing with one shaded face continuous), so it is thresholded.
      kind = source === 'model' ? 'lineart' : judged.kind
    }
    const mask = kind === 'photo' ? photoLines(gray) : drawingLines(gray, source)
    const longSide = Math.max(gray.width, gray.height)
    const fragments = dropFragments(
      mask,
      FRAGMENT_SHARE * longSide,
      kind === 'photo' ? Number.POSITIVE_INFINITY : FRAGMENT_COMPANY_SHARE * longSide,
    )
    // Busy at the working size but empty when coarse: texture without structure, still busy.
    if (fragments.components === 0) return busy ? tooBusy(busy) : blank('no lines left')
    const share = fragments.ink / (gray.width * gray.height)
    if (share > MAX_INK_SHARE) {
      busy = `lines cover ${(share * 100).toFixed(1)} % of the image at ${longSide} px`
      continue
    }
    const { drawing, strokes } = await traceStrokes(mask, kernels.lineart)
    if (strokes === 0) return busy ? tooBusy(busy) : blank('no strokes traced')
    if (strokes > MAX_STROKES) {
      busy = `${strokes} strokes at ${longSide} px`
      continue
    }
    return { ok: true, value: { drawing, width: gray.width, height: gray.height, kind, strokes } }
  }
  return tooBusy(busy)
}

function blank(why: string): LinesResult {
  return { ok: false, reason: 'blank', message: `The image has nothing to draw (${why}).` }
}

function tooBusy(why: string): LinesResult {
  return {
    ok: false,
    reason: 'too_busy',
    message: `The image is too busy to draw as patent line art (${why}).`,
  }
}

/** Photo path: edge-preserving smoothing, then XDoG lines. */
function photoLines(gray: GrayImage): Mask {
  const smoothed = smoothEdgePreserving(gray, PHOTO_PARAMS.smooth)
  return xdogLines(smoothed, gray.width, gray.height, percentiles(gray.data), PHOTO_PARAMS.xdog)
}

/** Line-art path: the lineart engine's threshold, then fills hollowed to outlines. */
function drawingLines(gray: GrayImage, source: LineSource): Mask {
  const mask = thresholdDrawing(gray, source)
  hollowFills(mask)
  return mask
}

/** The 1st and 99th percentile levels. */
function percentiles(data: Uint8Array): { lo: number; hi: number } {
  const histogram = new Uint32Array(256)
  for (let i = 0; i < data.length; i++) histogram[data[i]!]!++
  const at = (share: number) => {
    let seen = 0
    for (let v = 0; v < 256; v++) {
      seen += histogram[v]!
      if (seen >= share * data.length) return v
    }
    return 255
  }
  return { lo: at(0.01), hi: at(0.99) }
}

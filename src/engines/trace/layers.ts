/**
 * Trace engine (POST /v1/vectorize), stage 2: stacks the palette colours into fill layers, the
 * background at the bottom and left out when it is white or transparent.
 */

import type { Rgb } from '../vector'
import { type Quantized, TRANSPARENT_INDEX } from './quantize'

/*
 * Stage: stacked layers.
 * Job: which colours become layers, in which order.
 * Input → output: Quantized → LayerStack (layers bottom to top, and each palette index's rank).
 * Method:
 * - The background is what covers most of the image's border (transparency included). White and
 *   transparency are never traced. Any other background becomes the bottom layer, whose mask is
 *   every opaque pixel. "White" is near-white paper (L* ≥ 90, chroma ≤ 10) for a bilevel image,
 *   so a scan gives one ink layer as potrace does; in colour, where the paper's tint is part of
 *   the picture and costs one rectangle, only white itself (L* ≥ 97, chroma ≤ 5).
 * - On a transparent background, white colours are not traced either: transparency shows the
 *   page, which is white, so a white layer there (an export's white page, the pale fringe of
 *   anti-aliased ink) would only add paths that print nothing.
 * - The other colours stack by area, largest first. A large region is usually the one that
 *   encloses or borders smaller ones, so putting it lower lets it run under them (layer-mask.ts)
 *   with few holes, and the small, detailed regions are traced once, on top.
 */

/** Palette index of the layer that covers every opaque pixel (an opaque, non-white background). */
export const ALL_OPAQUE = -1

/** Rank of colours that are never traced (white background). */
export const RANK_UNTRACED = -1
/** Rank of transparent pixels. */
export const RANK_TRANSPARENT = -2

/** One fill layer to trace. */
export interface LayerPlan {
  /** Palette index traced, or ALL_OPAQUE. */
  readonly index: number
  readonly color: Rgb
  /** Position in the stack: 0 is the bottom; higher ranks paint on top. */
  readonly rank: number
}

/** The layers, bottom to top, and the rank of every palette index (by byte value). */
export interface LayerStack {
  readonly layers: LayerPlan[]
  /** Rank of palette index v at rankOf[v]; TRANSPARENT_INDEX has RANK_TRANSPARENT. */
  readonly rankOf: Int16Array
}

/** Lightness (L*) from which a colour counts as white: bilevel paper, colour images. */
const PAPER_MIN_L = 90
const WHITE_MIN_L = 97
/** Chroma (√(a*² + b*²)) up to which a light colour counts as white: bilevel, colour. */
const PAPER_MAX_CHROMA = 10
const WHITE_MAX_CHROMA = 5

/** Orders the palette into layers (see the banner). */
export function planLayers(q: Quantized): LayerStack {
  const rankOf = new Int16Array(256).fill(RANK_UNTRACED)
  rankOf[TRANSPARENT_INDEX] = RANK_TRANSPARENT
  const background = borderMajority(q)
  const layers: LayerPlan[] = []
  if (background !== TRANSPARENT_INDEX && !isWhite(q, background)) {
    layers.push({ index: ALL_OPAQUE, color: q.palette[background]!, rank: 0 })
  }
  const clear = background === TRANSPARENT_INDEX
  const order = q.palette
    .map((_, i) => i)
    .filter((i) => i !== background && q.counts[i]! > 0 && !(clear && isWhite(q, i)))
    .sort((a, b) => q.counts[b]! - q.counts[a]! || a - b)
  if (layers.length > 0) rankOf[background] = 0
  for (const index of order) {
    const rank = layers.length
    rankOf[index] = rank
    layers.push({ index, color: q.palette[index]!, rank })
  }
  return { layers, rankOf }
}

/** The palette index (or TRANSPARENT_INDEX) that covers most border pixels. */
function borderMajority(q: Quantized): number {
  const { width, height, indices } = q
  const counts = new Float64Array(256)
  for (let x = 0; x < width; x++) {
    counts[indices[x]!]!++
    counts[indices[(height - 1) * width + x]!]!++
  }
  for (let y = 1; y < height - 1; y++) {
    counts[indices[y * width]!]!++
    counts[indices[y * width + width - 1]!]!++
  }
  let best = 0
  for (let v = 1; v < 256; v++) if (counts[v]! > counts[best]!) best = v
  return best
}

function isWhite(q: Quantized, index: number): boolean {
  const l = q.lab[3 * index]!
  const a = q.lab[3 * index + 1]!
  const b = q.lab[3 * index + 2]!
  return q.bilevel
    ? l >= PAPER_MIN_L && Math.hypot(a, b) <= PAPER_MAX_CHROMA
    : l >= WHITE_MIN_L && Math.hypot(a, b) <= WHITE_MAX_CHROMA
}

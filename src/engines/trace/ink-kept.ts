/**
 * Trace engine (POST /v1/vectorize), after stage 2: how much of the image's ink the planned layers
 * keep, so that the operation can warn when a drawing came out without most of its lines.
 */

import { chooseThreshold } from '../gray/binarize'
import type { RasterImage } from '../raster'
import type { Rgb } from '../vector'
import { ALL_OPAQUE, type LayerStack } from './layers'
import type { Quantized } from './quantize'

/*
 * Stage: ink tally.
 * Job: count the image's ink pixels and those the layers keep, in one pass over the pixels.
 * Input → output: the flattened image + Quantized + LayerStack → InkTally.
 * Ink: a pixel whose Rec. 601 luma is at or below the gray path's cut between its paper and ink
 *   levels (../gray/binarize.ts's `low` on the luma histogram: the midpoint, i.e. at least half
 *   covered by ink; on an otherwise blank page, any mark clearly under the paper's noise). It is
 *   the tracer's own decisions that are checked, so the ink is found without them. On a dark
 *   opaque background (the bottom layer darker than luma 128) light marks are the ink.
 * Kept: an ink pixel with, in its 3 × 3 neighbourhood, a pixel of a colour that has a layer of its
 *   own (not the untraced paper, transparency, or the background's bottom layer): a line the
 *   tracer moved by a pixel is kept, one it gave to the paper is not. The speckle filter runs
 *   later, path by path; the orchestrator (index.ts) takes the area of the ink specks it drops
 *   off the kept count.
 */

/** The ink of an image and how much of it the layers keep. */
export interface InkTally {
  /** Ink pixels. */
  readonly ink: number
  /** Ink pixels within 1 px of a traced colour. */
  readonly kept: number
  /** A colour is ink when its luma (reversed on a dark background) is at or below this. */
  readonly cut: number
  /** Luma is reversed: the background is dark and light marks are its ink. */
  readonly reversed: boolean
}

/** Counts ink and kept ink (see the banner); `image` is the flattened image quantised into `q`. */
export function tallyInk(image: RasterImage, q: Quantized, stack: LayerStack): InkTally {
  const bottom = stack.layers[0]
  const opaqueBottom = bottom?.index === ALL_OPAQUE
  const reversed = opaqueBottom && luma(bottom.color) < 128
  const levels = reversed ? q.lumaLevels.slice().reverse() : q.lumaLevels
  const cut = chooseThreshold(levels, 'lineart').low
  // Colours with a layer of their own: under an opaque bottom layer its colour has rank 0.
  const traced = new Uint8Array(256)
  for (let v = 0; v < 256; v++) traced[v] = stack.rankOf[v]! >= (opaqueBottom ? 1 : 0) ? 1 : 0
  // A sheet cut at luma 128 whose ink level is no lighter: every ink pixel is traced itself.
  if (!reversed && cut <= q.darkThrough && traced[0] === 1) {
    let ink = 0
    for (let v = 0; v <= cut; v++) ink += levels[v]!
    return { ink, kept: ink, cut, reversed }
  }
  const isInk = new Uint8Array(256)
  for (let v = 0; v < 256; v++) isInk[v] = (reversed ? 255 - v : v) <= cut ? 1 : 0
  const { data, channels } = image
  const { width, height, indices } = q
  let ink = 0
  let kept = 0
  const n = width * height
  if (channels <= 2) {
    // Gray: one byte per pixel read, the position worked out for the few that look around; one
    // byte in four on white paper (words of four 255s skipped when 255 is no ink).
    const skipWhite = channels === 1 && isInk[255] === 0
    const head = skipWhite ? Math.min(n, (4 - (data.byteOffset & 3)) & 3) : n
    const words = skipWhite
      ? new Uint32Array(data.buffer, data.byteOffset + head, (n - head) >> 2)
      : null
    for (let i = 0, p = 0; i < n; ) {
      // A literal: a module constant this large is compared as a double (thin-lines.ts).
      if (words !== null && i >= head && i + 4 <= n && words[(i - head) >> 2] === 0xffffffff) {
        i += 4
        p += 4
        continue
      }
      const end = i < head || words === null ? i + 1 : Math.min(n, i + 4)
      for (; i < end; i++, p += channels) {
        if (isInk[data[p]!] === 0) continue
        ink++
        if (isKept(indices, traced, i, width, height)) kept++
      }
    }
    return { ink, kept, cut, reversed }
  }
  for (let i = 0, p = 0; i < n; i++, p += channels) {
    const v = ((299 * data[p]! + 587 * data[p + 1]! + 114 * data[p + 2]!) / 1000) | 0
    if (isInk[v] === 0) continue
    ink++
    if (isKept(indices, traced, i, width, height)) kept++
  }
  return { ink, kept, cut, reversed }
}

/**
 * Whether ink pixel i is drawn: most are traced themselves, and only the others look around
 * (their position worked out then).
 */
function isKept(
  indices: Uint8Array,
  traced: Uint8Array,
  i: number,
  width: number,
  height: number,
): boolean {
  if (traced[indices[i]!] === 1) return true
  const y = (i / width) | 0
  return tracedNear(indices, traced, i - y * width, y, width, height)
}

/** Whether a pixel of the 3 × 3 neighbourhood of (x, y) has a traced colour. */
function tracedNear(
  indices: Uint8Array,
  traced: Uint8Array,
  x: number,
  y: number,
  width: number,
  height: number,
): boolean {
  const x0 = x > 0 ? x - 1 : x
  const x1 = x + 1 < width ? x + 1 : x
  const y1 = y + 1 < height ? y + 1 : y
  for (let j = y > 0 ? y - 1 : y; j <= y1; j++) {
    for (let k = j * width + x0, end = j * width + x1; k <= end; k++) {
      if (traced[indices[k]!] === 1) return true
    }
  }
  return false
}

/** Whether a layer's colour is ink by the tally's cut (its dropped specks are lost ink). */
export function isInkColour(tally: InkTally, colour: Rgb): boolean {
  const v = Math.floor(luma(colour))
  return (tally.reversed ? 255 - v : v) <= tally.cut
}

/** The share of the ink kept once `droppedPx` ink pixels went to the speckle filter; 1 with no ink. */
export function inkDrawnShare(tally: InkTally, droppedPx: number): number {
  if (tally.ink === 0) return 1
  return Math.max(0, Math.min(1, (tally.kept - droppedPx) / tally.ink))
}

function luma(c: Rgb): number {
  return 0.299 * c.r + 0.587 * c.g + 0.114 * c.b
}

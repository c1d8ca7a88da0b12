/**
 * Line-art path of the figure lines engine (threshold → hollow fills → drop fragments → trace):
 * dark fills (an image model's shading, solid black parts) become their outlines, because a
 * patent drawing has lines only, and a thinned fill would be a tangle of medial-axis strokes.
 */

import { chamferDistance, strokeWidthAt } from '../../lineart/distance'
import type { Mask } from '../../lineart/mask'

/*
 * Stage: hollow fills.
 * Job: find the ink regions much thicker than the drawing's strokes and keep only a band of one
 * pen width along their edge.
 * Input → output: Mask → the same Mask, edited.
 * Method: the lineart engine's 3-4 chamfer distance to paper (../../lineart/distance.ts,
 * Borgefors 1986). The drawing's pen is the median distance at ridge pixels (local maxima of the
 * distance, i.e. stroke centres), capped by MAX_PEN_SHARE. A fill is ink farther than R from
 * paper, R = max(FILL_MIN_PX, FILL_PEN_FACTOR × the pen's half-width); the fill region is those
 * core pixels grown back by R (a second chamfer pass, from the core): a morphological opening by
 * a disc of radius R, so a stroke that merely touches a fill keeps its own pixels. Inside the
 * fill region, pixels more than one pen width (at least OUTLINE_MIN_PX) from paper become paper.
 * Strokes up to 2R wide are never touched: R = 3 half-widths leaves bold lines of three times the
 * drawing's pen alone. Bolder ones (the 12-px letters of a sheet's "FIG. 1" at the working size)
 * are drawn as outlines.
 *
 * Memory: two uint16 distance maps of the framed mask, 4 bytes per pixel.
 */

/** A fill is at least this far from paper, px (a 12-px-wide blot is still a bold line). */
const FILL_MIN_PX = 6
/** … and at least this many half-widths of the drawing's pen. */
const FILL_PEN_FACTOR = 3
/**
 * The pen is at most this share of the long edge (7.7 px at 1280 px; patent lines drawn at
 * 0.3–0.6 mm on a 17-cm sight are 0.18–0.35 % of it), and never capped under MAX_PEN_MIN_PX: an
 * image that is all fill (a black disc) has no pen of its own, only its fill's ridge.
 */
const MAX_PEN_SHARE = 0.006
const MAX_PEN_MIN_PX = 4
/** The outline left of a fill is at least this wide, px (thinning needs two pixels). */
const OUTLINE_MIN_PX = 2
const CAP = 65535

/** What hollowing did, for logs and tests. */
export interface HollowStats {
  /** Ink pixels before hollowing. */
  ink: number
  /** Ink pixels turned to paper (the inside of fills). */
  hollowed: number
  /** The drawing's typical stroke width, px. */
  penPx: number
}

/** @returns pixel counts and the pen width; `mask` loses the inside of its fills */
export function hollowFills(mask: Mask): HollowStats {
  const { data, stride } = mask
  const distance = chamferDistance(mask)
  let ink = 0
  for (let i = 0; i < data.length; i++) ink += data[i]!
  const longEdge = Math.max(mask.width, mask.height)
  const penPx = Math.min(
    strokeWidthAt(ridgeMedian(distance, stride)),
    Math.max(MAX_PEN_MIN_PX, MAX_PEN_SHARE * longEdge),
  )
  const fillThirds = 3 * Math.max(FILL_MIN_PX, (FILL_PEN_FACTOR * penPx) / 2)
  const core = new Uint16Array(distance.length)
  let any = false
  for (let i = 0; i < core.length; i++) {
    if (distance[i]! > fillThirds) any = true
    core[i] = distance[i]! > fillThirds ? 0 : CAP
  }
  if (!any) return { ink, hollowed: 0, penPx }
  distanceFromCore(core, stride)
  const keepThirds = 3 * Math.max(OUTLINE_MIN_PX, penPx)
  let hollowed = 0
  for (let i = 0; i < data.length; i++) {
    if (data[i] && core[i]! <= fillThirds && distance[i]! > keepThirds) {
      data[i] = 0
      hollowed++
    }
  }
  return { ink, hollowed, penPx }
}

/** Median chamfer distance (thirds) over ridge pixels: ink at least as far as its 8 neighbours. */
function ridgeMedian(distance: Uint16Array, stride: number): number {
  const counts = new Uint32Array(256)
  let total = 0
  for (let i = stride + 1; i < distance.length - stride - 1; i++) {
    const d = distance[i]!
    if (
      d === 0 ||
      d < distance[i - 1]! ||
      d < distance[i + 1]! ||
      d < distance[i - stride]! ||
      d < distance[i + stride]! ||
      d < distance[i - stride - 1]! ||
      d < distance[i - stride + 1]! ||
      d < distance[i + stride - 1]! ||
      d < distance[i + stride + 1]!
    ) {
      continue
    }
    counts[Math.min(d, 255)]!++
    total++
  }
  let seen = 0
  for (let d = 0; d < counts.length; d++) {
    seen += counts[d]!
    if (seen * 2 >= total && total > 0) return d
  }
  return 3
}

/**
 * 3-4 chamfer distance to the nearest 0 of `values` (CAP elsewhere), in place; the frame is
 * never a source, so the image border does not count as core.
 */
function distanceFromCore(values: Uint16Array, stride: number): void {
  const n = values.length
  for (let i = stride + 1; i < n - stride - 1; i++) {
    let m = values[i]!
    if (m === 0) continue
    m = Math.min(
      m,
      values[i - 1]! + 3,
      values[i - stride]! + 3,
      values[i - stride - 1]! + 4,
      values[i - stride + 1]! + 4,
    )
    values[i] = m
  }
  for (let i = n - stride - 2; i > stride; i--) {
    let m = values[i]!
    if (m === 0) continue
    m = Math.min(
      m,
      values[i + 1]! + 3,
      values[i + stride]! + 3,
      values[i + stride + 1]! + 4,
      values[i + stride - 1]! + 4,
    )
    values[i] = m
  }
}

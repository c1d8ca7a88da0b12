/**
 * Second stage of the figure lines engine (working gray → judge → extract → …): is the working
 * image blank, a drawing already (threshold it), or a photo (extract its edges)?
 */

import {
  blankInkCut,
  decideTone,
  MAX_NON_PAPER_SHARE,
  pageHistogram,
  toneFeatures,
} from '../../gray/tone'
import type { GrayImage } from '../../raster'
import { evenPaper } from './even-paper'

/*
 * Stage: judge.
 * Job: classify the working gray image as blank, line art or photo.
 * Input → output: GrayImage → Judgement.
 * Method:
 * - First the paper's lighting is divided out (./even-paper.ts), so a sketch photographed under
 *   a lamp is judged on its lines, not on its lighting.
 * - Then the gray toolkit's tone decision (../../gray/tone.ts: paper and ink levels by Otsu, the
 *   shares of non-paper, mid-tone and flat mid-tone pixels), whose cut-offs were chosen on the
 *   22 corpus sheets against gradients, renders and photos: its 'continuous' is our photo.
 * - Blank: its blank test (Otsu's classes under 16 levels apart, and nothing darker than its
 *   blank ink cut), and a contrast test it does not need: the darkest marks (the 0.02 % quantile)
 *   less than MIN_CONTRAST_LEVELS under the 99th percentile (a uniform gray, a faint wash).
 * - One departure: the tone decision keeps a page with over 25 % non-paper as line art when its
 *   mid-tones are all edges (dense hatching and text at the filing size). A drawing worth tracing
 *   is never that dense at the working size (MAX_INK_SHARE refuses it anyway), while a grainy
 *   photo is exactly that (test/support/photo.ts's, ±20-level grain: 48 % non-paper, 0.1 % flat
 *   mid-tones after normalisation): here it is a photo, whose edges the XDoG stage looks for.
 * Measured in scratch runs: a corpus sheet photographed in simulation (paper lit from 235 down to
 * 145 across it, pencil at 60 % contrast, noise σ 10) reads "dense line art, 48 % non-paper" raw
 * but "already black and white, 1 % mid-tones" normalised; the photos (a street scene, a circuit
 * board, the test scenes) stay continuous after normalising (13–39 % flat mid-tones); all 22
 * corpus sheets stay line art.
 */

/** An image whose darkest marks lie less than this under its 99th percentile is featureless. */
const MIN_CONTRAST_LEVELS = 24
/**
 * The darkest marks: the level under which this share of the pixels lie (and at least
 * MIN_MARK_PX). A sparse drawing has little ink: the thin lines of a corpus sheet at 945 × 1280
 * cover under 1 % (its 1st percentile is paper), but 0.02 % is ~240 pixels, a few short strokes.
 */
const MIN_MARK_SHARE = 0.0002
const MIN_MARK_PX = 16

/** What the working image holds. */
export type InputKind = 'blank' | 'lineart' | 'photo'

/** The judgement, with the reason (feature values) for logs. */
export interface Judgement {
  kind: InputKind
  reason: string
  /** Paper and ink levels after normalisation (Otsu classes, ../../gray/page-levels.ts). */
  paper: number
  ink: number
}

/**
 * @param gray the working image
 * @returns blank, lineart (paper with ink, or bilevel) or photo (continuous tone)
 */
export function judgeKind(gray: GrayImage): Judgement {
  const { width, height } = gray
  const data = evenPaper(gray.data, width, height)
  const histogram = pageHistogram(data)
  const features = toneFeatures(data, width, height, histogram)
  const { paper, ink } = features.levels
  const darkest = percentile(histogram, Math.max(MIN_MARK_PX, MIN_MARK_SHARE * width * height))
  const spread = percentile(histogram, 0.99 * width * height) - darkest
  if (spread < MIN_CONTRAST_LEVELS) {
    return {
      kind: 'blank',
      reason: `levels span ${spread}, under ${MIN_CONTRAST_LEVELS}`,
      paper,
      ink,
    }
  }
  const blankCut = blankInkCut(features.levels)
  if (blankCut !== null && darkerThan(histogram, blankCut) === 0) {
    return { kind: 'blank', reason: 'no ink darker than the paper', paper, ink }
  }
  const tone = decideTone(features)
  if (tone.kind === 'lineart' && !features.blank && features.nonPaper > MAX_NON_PAPER_SHARE) {
    const share = features.nonPaper.toFixed(3)
    return {
      kind: 'photo',
      reason: `${share} of the image is not paper (${tone.reason})`,
      paper,
      ink,
    }
  }
  const kind = tone.kind === 'continuous' ? 'photo' : 'lineart'
  return { kind, reason: tone.reason, paper, ink }
}

/** The lowest level at or below which `count` pixels lie. */
function percentile(histogram: Uint32Array, count: number): number {
  let seen = 0
  for (let v = 0; v < histogram.length; v++) {
    seen += histogram[v]!
    if (seen >= count) return v
  }
  return histogram.length - 1
}

/** Pixels strictly darker than `level`. */
function darkerThan(histogram: Uint32Array, level: number): number {
  let n = 0
  for (let v = 0; v < Math.min(level, histogram.length); v++) n += histogram[v]!
  return n
}

/**
 * Line-weight stage of the lineart engine (fit curves → line weight): groups the fitted strokes
 * into a few pen widths, so the SVG reproduces thick outlines and thin detail lines.
 */

import type { StrokeLayer, VectorPath } from '../vector'

/*
 * Stage: line weight.
 * Job: one pen width per group of strokes of similar measured width.
 * Input → output: fitted paths with their measured widths (px) → StrokeLayers, thickest first.
 * Method: sorted widths are cut into groups, a new group starting where a width exceeds the
 * current group's thinnest by WEIGHT_STEP (1.5 px and 1.8 px are one pen, 1.5 px and 3 px are
 * two), and each group's pen is the length-weighted median of its strokes'
 * widths, rounded to a tenth of a pixel. Drafting standards use a few fixed pens (ISO 128 line
 * widths step by √2), so a handful of buckets is what a drawing really has.
 */

const WEIGHT_STEP = Math.SQRT2
/**
 * Dots are drawn at their measured size to this step (px): a dot's size is all it says, and a
 * 3 px period drawn with a 4.5 px pen group's width is a blot. A quarter pixel: at a half, a
 * 2.26 px dot (4 px of ink) rounded to 2.5 was drawn 23 % heavy.
 */
const DOT_STEP = 0.25
const BLACK = { r: 0, g: 0, b: 0 }

/** A fitted path with what its layer needs to know. */
export interface WeightedPath {
  path: VectorPath
  /** Measured stroke width, pixels. */
  width: number
  /** Length in pixels (weights the median). */
  length: number
}

/**
 * @returns one black stroke layer per pen width, thickest first (thin lines paint on top); dots
 * (paths without segments) have pens of their own, DOT_STEP apart, so each is drawn at its size
 */
export function groupByWeight(paths: WeightedPath[]): StrokeLayer[] {
  // Thinnest first: a group takes every width up to WEIGHT_STEP times its thinnest member.
  const sorted = paths.filter((p) => p.path.segments.length > 0).sort((a, b) => a.width - b.width)
  const groups: WeightedPath[][] = []
  let floor = 0
  for (const p of sorted) {
    if (groups.length === 0 || p.width > floor * WEIGHT_STEP) {
      groups.push([])
      floor = p.width
    }
    groups[groups.length - 1]!.push(p)
  }
  const layers: StrokeLayer[] = []
  for (const members of groups) {
    layers.push({
      kind: 'stroke',
      color: BLACK,
      width: Math.round(weightedMedian(members) * 10) / 10,
      paths: members.map((m) => m.path),
    })
  }
  const dots = new Map<number, VectorPath[]>()
  for (const p of paths) {
    if (p.path.segments.length > 0) continue
    const width = Math.max(DOT_STEP, Math.round(p.width / DOT_STEP) * DOT_STEP)
    const same = dots.get(width)
    if (same) same.push(p.path)
    else dots.set(width, [p.path])
  }
  for (const [width, members] of dots) {
    layers.push({ kind: 'stroke', color: BLACK, width, paths: members })
  }
  // Layers of equal width stay in the order made (strokes before dots).
  return layers.sort((a, b) => b.width - a.width)
}

function weightedMedian(members: WeightedPath[]): number {
  const sorted = [...members].sort((a, b) => a.width - b.width)
  const total = sorted.reduce((sum, m) => sum + Math.max(1, m.length), 0)
  let seen = 0
  for (const m of sorted) {
    seen += Math.max(1, m.length)
    if (seen >= total / 2) return m.width
  }
  return sorted[sorted.length - 1]!.width
}

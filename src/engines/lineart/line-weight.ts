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
const BLACK = { r: 0, g: 0, b: 0 }

/** A fitted path with what its layer needs to know. */
export interface WeightedPath {
  path: VectorPath
  /** Measured stroke width, pixels. */
  width: number
  /** Length in pixels (weights the median). */
  length: number
}

/** @returns one black stroke layer per pen width, thickest first (thin lines paint on top) */
export function groupByWeight(paths: WeightedPath[]): StrokeLayer[] {
  // Thinnest first: a group takes every width up to WEIGHT_STEP times its thinnest member.
  const sorted = [...paths].sort((a, b) => a.width - b.width)
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
  for (const members of groups.reverse()) {
    layers.push({
      kind: 'stroke',
      color: BLACK,
      width: Math.round(weightedMedian(members) * 10) / 10,
      paths: members.map((m) => m.path),
    })
  }
  return layers
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

/**
 * The lineart engine's way out of an absurd skeleton (a scan of noise, a photo's texture): trace
 * the image at a coarser scale and put the graph back in full-size coordinates. The output is a
 * simplified drawing, not a refusal, and the stroke graph stays inside its memory budget.
 */

import type { GrayImage } from '../raster'
import type { StrokeGraph } from './stroke-graph'

/*
 * Stage: coarsen (only when the skeleton's graph would exceed its budget, see ./index.ts).
 * Job: shrink the gray image by an integer factor, and scale a graph traced on it back up.
 * Method: a box average over factor × factor blocks (edge blocks average what they hold); a
 * coarse pixel centre (x + 0.5) maps to the centre of its block, factor · (x + 0.5), and widths
 * scale by the factor.
 */

/** @returns `image` shrunk by `factor` (≥ 2), each pixel the mean of its block */
export function shrinkGray(image: GrayImage, factor: number): GrayImage {
  const width = Math.ceil(image.width / factor)
  const height = Math.ceil(image.height / factor)
  const sums = new Uint32Array(width)
  const counts = new Uint32Array(width)
  const data = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    sums.fill(0)
    counts.fill(0)
    const rowEnd = Math.min(image.height, (y + 1) * factor)
    for (let sy = y * factor; sy < rowEnd; sy++) {
      const row = sy * image.width
      for (let sx = 0; sx < image.width; sx++) {
        const x = (sx / factor) | 0
        sums[x]! += image.data[row + sx]!
        counts[x]!++
      }
    }
    for (let x = 0; x < width; x++) data[y * width + x] = Math.round(sums[x]! / counts[x]!)
  }
  return { width, height, channels: 1, data }
}

/** Scales `graph`, traced on an image shrunk by `factor`, back to full-size coordinates. */
export function scaleGraph(graph: StrokeGraph, factor: number): void {
  for (let n = 0; n < graph.nodeCount; n++) {
    graph.nodeX[n]! *= factor
    graph.nodeY[n]! *= factor
    graph.nodeWidth[n]! *= factor
  }
  for (let e = 0; e < graph.edgeCount; e++) {
    const at = graph.pointsAt[e]!
    const end = at + graph.pointsLength[e]!
    for (let i = at; i < end; i++) graph.points[i]! *= factor
    graph.edgeWidth[e]! *= factor
  }
  for (let d = 0; d < graph.dotCount; d++) {
    graph.dotX[d]! *= factor
    graph.dotY[d]! *= factor
    graph.dotWidth[d]! *= factor
  }
}

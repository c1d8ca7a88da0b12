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
  for (const node of graph.nodes) {
    node.x *= factor
    node.y *= factor
    node.width *= factor
  }
  for (const edge of graph.edges) {
    for (let i = 0; i < edge.points.length; i++) edge.points[i]! *= factor
    edge.width *= factor
  }
  for (const dot of graph.dots) {
    dot.x *= factor
    dot.y *= factor
    dot.width *= factor
  }
}

// Thin anti-aliased line art made in code, as a browser canvas or an Inkscape export draws it: 1 to
// 2 px strokes whose pixel coverage is exact (4 × 4 samples per pixel), put either in alpha over
// transparency or blended onto an opaque background. Shared by the trace engine's unit tests and
// the /v1/vectorize HTTP test of the same behaviour.

import type { RasterImage } from '../../../src/engines/raster'

/** Samples per pixel side. */
const SS = 4

/** One stroke: a polyline in pixel coordinates and its pen width, px. */
interface Stroke {
  points: number[]
  width: number
}

/** Ink coverage of every pixel (0 … 1) of a thin-line drawing: lines, circles, curves. */
/**
 * @param scale multiplies every coordinate (the drawing is laid out for 800 × 600)
 * @param pen multiplies every pen width (1 to 2 px at 1)
 */
export function thinLineCoverage(width: number, height: number, scale = 1, pen = 1): Float32Array {
  const strokes: Stroke[] = []
  const s = (v: number) => v * scale
  // Straight lines at awkward angles and pen widths (1 px straddles two pixels at half ink).
  const angles = [0, 3, 17, 30, 45, 62, 80, 90]
  for (const [k, deg] of angles.entries()) {
    const a = (deg * Math.PI) / 180
    const x0 = s(40 + 45 * k)
    const y0 = s(40)
    strokes.push({
      points: [x0, y0, x0 + s(200) * Math.cos(a) * 0.5, y0 + s(200) * Math.sin(a)],
      width: pen * [1, 1.2, 1.5, 2][k % 4]!,
    })
  }
  // Circles and an ellipse.
  for (const [k, r] of [18, 35, 60, 95].entries()) {
    strokes.push({ points: ellipse(s(560), s(170), s(r), s(r * (k === 3 ? 0.6 : 1))), width: pen })
  }
  // A sine wave, a spiral and a zigzag.
  const wave: number[] = []
  for (let x = 40; x <= 760; x += 2) wave.push(s(x), s(360 + 28 * Math.sin(x / 23)))
  strokes.push({ points: wave, width: pen })
  const spiral: number[] = []
  for (let t = 0; t < 6 * Math.PI; t += 0.05) {
    spiral.push(s(200 + 4 * t * Math.cos(t)), s(480 + 4 * t * Math.sin(t)))
  }
  strokes.push({ points: spiral, width: pen * 1.3 })
  const zigzag: number[] = []
  for (let k = 0; k <= 12; k++) zigzag.push(s(380 + 30 * k), s(k % 2 === 0 ? 470 : 540))
  strokes.push({ points: zigzag, width: pen * 1.5 })
  return rasterize(strokes, width, height)
}

function ellipse(cx: number, cy: number, rx: number, ry: number): number[] {
  const out: number[] = []
  const n = Math.max(24, Math.ceil(Math.max(rx, ry)))
  for (let k = 0; k <= n; k++) {
    const t = (2 * Math.PI * k) / n
    out.push(cx + rx * Math.cos(t), cy + ry * Math.sin(t))
  }
  return out
}

/** Coverage from SS × SS samples per pixel: a sample is inked within width / 2 of a stroke. */
function rasterize(strokes: Stroke[], width: number, height: number): Float32Array {
  const hits = new Uint8Array(width * SS * height * SS)
  const W = width * SS
  for (const { points, width: pen } of strokes) {
    const half = pen / 2
    for (let i = 0; i + 3 < points.length; i += 2) {
      const ax = points[i]!
      const ay = points[i + 1]!
      const bx = points[i + 2]!
      const by = points[i + 3]!
      const x0 = Math.max(0, Math.floor((Math.min(ax, bx) - half) * SS))
      const x1 = Math.min(W - 1, Math.ceil((Math.max(ax, bx) + half) * SS))
      const y0 = Math.max(0, Math.floor((Math.min(ay, by) - half) * SS))
      const y1 = Math.min(height * SS - 1, Math.ceil((Math.max(ay, by) + half) * SS))
      const dx = bx - ax
      const dy = by - ay
      const len2 = dx * dx + dy * dy || 1
      for (let sy = y0; sy <= y1; sy++) {
        const py = (sy + 0.5) / SS
        for (let sx = x0; sx <= x1; sx++) {
          const px = (sx + 0.5) / SS
          const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2))
          if (Math.hypot(px - ax - t * dx, py - ay - t * dy) <= half) hits[sy * W + sx] = 1
        }
      }
    }
  }
  const coverage = new Float32Array(width * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let n = 0
      for (let j = 0; j < SS; j++) {
        for (let i = 0; i < SS; i++) n += hits[(y * SS + j) * W + x * SS + i]!
      }
      coverage[y * width + x] = n / (SS * SS)
    }
  }
  return coverage
}

/** An 8-bit sRGB colour. */
export type Rgb3 = readonly [number, number, number]

/**
 * The drawing as pixels: over transparency (`background` null) the ink colour with the coverage
 * in alpha, and `clear` as the colour of untouched pixels (a canvas gives black, some exporters
 * white); over an opaque background, ink blended onto it by coverage.
 */
export function thinLineImage(
  coverage: Float32Array,
  width: number,
  height: number,
  ink: Rgb3,
  background: Rgb3 | null,
  clear: Rgb3 = [0, 0, 0],
): RasterImage {
  const data = new Uint8Array(width * height * 4)
  for (let i = 0; i < width * height; i++) {
    const c = coverage[i]!
    const p = 4 * i
    if (background === null) {
      const rgb = c > 0 ? ink : clear
      data.set([rgb[0], rgb[1], rgb[2], Math.round(255 * c)], p)
    } else {
      for (let k = 0; k < 3; k++) data[p + k] = Math.round(ink[k]! * c + background[k]! * (1 - c))
      data[p + 3] = 255
    }
  }
  return { width, height, channels: 4, data }
}

/**
 * Recall of the ink (pixels at least `minCoverage` covered) within 1 px of a drawn pixel, and the
 * precision of the drawn pixels (within 1 px of any covered pixel).
 */
export function inkRecallPrecision(
  coverage: Float32Array,
  drawn: Uint8Array,
  width: number,
  height: number,
  minCoverage = 0.3,
): { recall: number; precision: number } {
  const near = (mask: (i: number) => boolean, x: number, y: number): boolean => {
    for (let j = Math.max(0, y - 1); j <= Math.min(height - 1, y + 1); j++) {
      for (let i = Math.max(0, x - 1); i <= Math.min(width - 1, x + 1); i++) {
        if (mask(j * width + i)) return true
      }
    }
    return false
  }
  let ink = 0
  let found = 0
  let drawnCount = 0
  let right = 0
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x
      if (coverage[i]! >= minCoverage) {
        ink++
        if (near((k) => drawn[k] === 1, x, y)) found++
      }
      if (drawn[i] === 1) {
        drawnCount++
        if (near((k) => coverage[k]! > 0, x, y)) right++
      }
    }
  }
  return {
    recall: ink === 0 ? 1 : found / ink,
    precision: drawnCount === 0 ? 1 : right / drawnCount,
  }
}

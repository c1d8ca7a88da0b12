// The line-art upscaler against truth it did not see: drawings made in code at the target size
// (anti-aliased by 4 × 4 supersampling), reduced by an area average, upscaled, and scored with
// PSNR and the share of blurred-edge gray pixels beside a Catmull-Rom bicubic of the same input.

import { describe, expect, it } from 'vitest'
import { upscaleAlpha } from '../../../src/engines/upscale'
import { reconstructTile, upscaleLineArt } from '../../../src/engines/upscale/lineart'

type Shape = (x: number, y: number) => boolean

/** A drawing at `size`², ink where any shape is, 4 × 4 supersampled: gray levels on the edges. */
function render(size: number, shapes: Shape[]): Uint8Array {
  const out = new Uint8Array(size * size)
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let ink = 0
      for (let j = 0; j < 4; j++) {
        for (let i = 0; i < 4; i++) {
          const px = x + (i + 0.5) / 4
          const py = y + (j + 0.5) / 4
          if (shapes.some((shape) => shape(px, py))) ink++
        }
      }
      out[y * size + x] = Math.round(255 * (1 - ink / 16))
    }
  }
  return out
}

const segment =
  (x0: number, y0: number, x1: number, y1: number, width: number): Shape =>
  (x, y) => {
    const ex = x1 - x0
    const ey = y1 - y0
    const t = Math.max(0, Math.min(1, ((x - x0) * ex + (y - y0) * ey) / (ex * ex + ey * ey)))
    return Math.hypot(x - x0 - t * ex, y - y0 - t * ey) <= width / 2
  }
const ring =
  (cx: number, cy: number, r: number, width: number): Shape =>
  (x, y) =>
    Math.abs(Math.hypot(x - cx, y - cy) - r) <= width / 2
const disc =
  (cx: number, cy: number, r: number): Shape =>
  (x, y) =>
    Math.hypot(x - cx, y - cy) <= r

/** A patent-like drawing at 192²: a box, a circle, leads, a thin line, dots, a slanted line. */
function drawing(): Uint8Array {
  const shapes: Shape[] = [
    segment(20, 20, 170, 20, 3),
    segment(170, 20, 170, 110, 3),
    segment(170, 110, 20, 110, 3),
    segment(20, 110, 20, 20, 3),
    ring(95, 65, 30, 2),
    segment(125, 65, 185, 150, 1.5),
    segment(10, 130, 180, 150, 1),
    segment(10, 170, 180, 175, 2.5),
  ]
  for (let i = 0; i < 8; i++) shapes.push(disc(30 + i * 18, 188, 1.6))
  return render(192, shapes)
}

function reduce(src: Uint8Array, size: number, s: number): Uint8Array {
  const n = size / s
  const out = new Uint8Array(n * n)
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      let sum = 0
      for (let j = 0; j < s; j++)
        for (let i = 0; i < s; i++) sum += src[(y * s + j) * size + x * s + i]!
      out[y * n + x] = Math.round(sum / (s * s))
    }
  }
  return out
}

async function upscale(low: Uint8Array, n: number, s: 2 | 4): Promise<Uint8Array> {
  const out = new Uint8Array(n * s * n * s)
  for await (const band of upscaleLineArt(low, n, n, s)) out.set(band.data, band.y * n * s)
  return out
}

function psnr(a: Uint8Array, b: Uint8Array): number {
  let se = 0
  for (let i = 0; i < a.length; i++) se += (a[i]! - b[i]!) ** 2
  return 10 * Math.log10((255 * 255) / (se / a.length))
}

const edgeShare = (a: Uint8Array) => a.filter((v) => v >= 48 && v <= 207).length / a.length

describe('upscaleLineArt', () => {
  for (const s of [2, 4] as const) {
    it(`x${s}: sharper and closer to the truth than bicubic, edges one pixel wide`, async () => {
      const truth = drawing()
      const n = 192 / s
      const low = reduce(truth, 192, s)
      const ours = await upscale(low, n, s)
      const bicubic = upscaleAlpha(low, n, n, 1, s)
      expect(psnr(ours, truth)).toBeGreaterThan(psnr(bicubic, truth) + (s === 4 ? 3 : 2))
      expect(edgeShare(ours)).toBeLessThanOrEqual(1.5 * edgeShare(truth))
    })

    it(`x${s}: every block holds the ink its input pixel said; paper and solid ink stay exact`, async () => {
      const truth = drawing()
      const n = 192 / s
      const low = reduce(truth, 192, s)
      const ours = await upscale(low, n, s)
      const back = reduce(ours, 192, s)
      let worst = 0
      for (let i = 0; i < low.length; i++) {
        worst = Math.max(worst, Math.abs(back[i]! - low[i]!))
        if (low[i] === 255) expect(back[i]).toBe(255)
        if (low[i] === 0) expect(back[i]).toBe(0)
      }
      // Thin lines (1 px at the target size: a quarter of a block at x4) are not dropped.
      expect(worst).toBeLessThanOrEqual(24)
    })
  }

  it('leaves a white page exactly white and a gray tint flat', () => {
    const white = new Uint8Array(20 * 15).fill(255)
    expect(reconstructTile(white, 20, 15, 4).every((v) => v === 255)).toBe(true)
    const tint = new Uint8Array(20 * 15).fill(240)
    const out = reconstructTile(tint, 20, 15, 2)
    expect(Math.min(...out)).toBeGreaterThanOrEqual(238)
    expect(Math.max(...out)).toBeLessThanOrEqual(242)
  })

  it('gives the same pixels tile by tile as in one pass (no seams at tile edges)', async () => {
    const truth = render(320, [ring(160, 160, 120, 2), segment(0, 10, 319, 300, 1.5)])
    const low = reduce(truth, 320, 2)
    const tiled = await upscale(low, 160, 2)
    const whole = reconstructTile(low, 160, 160, 2)
    expect(psnr(tiled, whole)).toBeGreaterThan(45)
  })
})

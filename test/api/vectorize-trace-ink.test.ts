// POST /v1/vectorize with engine trace on thin anti-aliased lines over transparency (an RGBA PNG,
// as a canvas or Inkscape export gives): the SVG read back and filled must cover the lines, with
// no warning; an image whose ink the tracer cannot keep (lines too faint to tell from the paper,
// a 1 px stipple) is traced with a warning that says so.

import { describe, expect, it } from 'vitest'
import type { FillLayer, Point, VectorPath } from '../../src/engines/vector'
import { inkRecallPrecision, thinLineCoverage, thinLineImage } from '../engines/trace/thin-line-art'
import { expectOk, fetchOutput, newAccount, postForm } from '../support/api'
import { type Raster, toPng } from '../support/images'
import { rasterizeLayer } from '../support/rasterize-vector'

interface VectorizeData {
  url: string
  paths: number
  warnings?: string[]
}

const W = 800
const H = 600

async function traceSvg(apiKey: string, raster: Raster): Promise<VectorizeData> {
  const png = await toPng(raster)
  return expectOk<VectorizeData>(
    await postForm('/v1/vectorize', apiKey, { file: new Blob([png]), engine: 'trace' }),
  )
}

/**
 * The filled paths of an SVG as one fill layer of polylines: enough of the path syntax for what
 * the writer emits (m l h v c a z, relative or absolute, implicit repetition); cubics are sampled
 * at 8 points, arcs taken as their chord.
 */
function svgFills(svg: string): FillLayer {
  const paths: VectorPath[] = []
  for (const [, d] of svg.matchAll(/<path[^>]*\sd="([^"]*)"/g)) {
    const tokens = d!.match(/[a-zA-Z]|[-+]?(?:\d*\.\d+|\d+\.?\d*)(?:[eE][-+]?\d+)?/g) ?? []
    let k = 0
    let command = ''
    let x = 0
    let y = 0
    let start: Point = { x: 0, y: 0 }
    let current: Point[] = []
    const flush = () => {
      if (current.length > 1) {
        const [start, ...rest] = current
        paths.push({
          closed: true,
          start: start!,
          segments: rest.map((to) => ({ kind: 'line' as const, to })),
        })
      }
      current = []
    }
    const num = () => Number(tokens[k++])
    while (k < tokens.length) {
      if (/[a-zA-Z]/.test(tokens[k]!)) command = tokens[k++]!
      const rel = command === command.toLowerCase()
      const ox = rel ? x : 0
      const oy = rel ? y : 0
      switch (command.toLowerCase()) {
        case 'm':
          flush()
          x = ox + num()
          y = oy + num()
          start = { x, y }
          current.push({ x, y })
          command = rel ? 'l' : 'L'
          break
        case 'l':
          x = ox + num()
          y = oy + num()
          current.push({ x, y })
          break
        case 'h':
          x = (rel ? x : 0) + num()
          current.push({ x, y })
          break
        case 'v':
          y = (rel ? y : 0) + num()
          current.push({ x, y })
          break
        case 'c': {
          const [x1, y1, x2, y2, x3, y3] = [num(), num(), num(), num(), num(), num()]
          const p0 = { x, y }
          const p1 = { x: ox + x1, y: oy + y1 }
          const p2 = { x: ox + x2, y: oy + y2 }
          const p3 = { x: ox + x3, y: oy + y3 }
          for (let s = 1; s <= 8; s++) {
            const t = s / 8
            const u = 1 - t
            const a = u * u * u
            const b = 3 * u * u * t
            const c = 3 * u * t * t
            const e = t * t * t
            current.push({
              x: a * p0.x + b * p1.x + c * p2.x + e * p3.x,
              y: a * p0.y + b * p1.y + c * p2.y + e * p3.y,
            })
          }
          x = p3.x
          y = p3.y
          break
        }
        case 'a': {
          // rx ry rotation, then two one-character flags that may run into what follows.
          k += 3
          for (let flag = 0; flag < 2; flag++) {
            const t = tokens[k]!
            if (t.length > 1) tokens[k] = t.slice(1)
            else k++
          }
          x = ox + num()
          y = oy + num()
          current.push({ x, y })
          break
        }
        case 'z':
          // The current point returns to the subpath's start, which a relative m follows from.
          flush()
          x = start.x
          y = start.y
          break
        default:
          throw new Error(`Unexpected path command ${command}`)
      }
    }
    flush()
  }
  return { kind: 'fill', color: { r: 0, g: 0, b: 0 }, paths }
}

describe('POST /v1/vectorize engine trace, thin lines on transparency', () => {
  it('traces thin anti-aliased lines of an RGBA PNG whole, with no warning', async () => {
    const { apiKey } = await newAccount(10)
    // Pens of 0.5 to 1 px: alpha stays under 128 along most of every line.
    const coverage = thinLineCoverage(W, H, 1, 0.5)
    const image = thinLineImage(coverage, W, H, [0, 0, 0], null)
    const data = await traceSvg(apiKey, image)
    expect(data.warnings).toBeUndefined()
    const svg = await (await fetchOutput(data.url)).text()
    // One colour, the ink's: no near-white layer for the transparent paper.
    const fills = new Set([...svg.matchAll(/fill="(#[0-9a-fA-F]+)"/g)].map((m) => m[1]))
    expect([...fills]).toEqual(['#000000'])
    const drawn = rasterizeLayer(svgFills(svg), W, H)
    const { recall, precision } = inkRecallPrecision(coverage, drawn, W, H)
    expect(recall).toBeGreaterThanOrEqual(0.95)
    expect(precision).toBeGreaterThanOrEqual(0.95)
  })

  it('warns when the ink cannot be kept: lines too faint for the paper, a 1 px stipple', async () => {
    const { apiKey } = await newAccount(10)
    const faint = thinLineImage(
      thinLineCoverage(W, H).map((c) => 0.1 * c),
      W,
      H,
      [0, 0, 0],
      null,
    )
    const stipple = new Uint8Array(W * H).fill(255)
    for (let y = 2; y < H - 2; y += 4) for (let x = 2; x < W - 2; x += 4) stipple[y * W + x] = 0
    for (const raster of [faint, { width: W, height: H, channels: 1 as const, data: stipple }]) {
      const data = await traceSvg(apiKey, raster)
      expect(data.paths).toBe(0)
      expect(data.warnings).toEqual([expect.stringMatching(/cover about 0 % of the image's ink/)])
    }
  })
})

// The scorer of bench/vectorize.mjs checked on cases whose answer is known: a reference against
// itself, the same strokes drawn as an SVG centerline or as outlines, a filled square, colours,
// path and paint counting, and the bench's thinning. The bench modules are plain .mjs, loaded by
// URL and typed here by what the tests use.

import { describe, expect, it } from 'vitest'

type Mask = Uint8Array
interface Input {
  width: number
  height: number
  channels: 1 | 3
  pixels: Uint8Array
}
interface Drawing {
  name: string
  kind: 'lineart' | 'fill' | 'colour'
  width: number
  height: number
  strokeWidth: number
  strokes: { points: number[][]; closed: boolean }[]
  fills: { rings: number[][][]; color: [number, number, number] }[]
}
interface LineartReference {
  ends: number
  length: number
}
interface LineartScore {
  chamfer: number | null
  precision: number
  recall: number
  f1: number
  lengthRatio: number | null
  endpointRatio: number | null
}
interface TraceScore {
  iou?: number
  boundaryF1?: number
  colourError?: number
}
interface ScoreModule {
  renderSvg(svg: string, width: number, height: number): Promise<Uint8Array>
  svgStats(svg: string): { elements: number; segments: number; strokeOnly: boolean }
  countPathSegments(d: string): number
  inkMask(pixels: Uint8Array, channels: number, width: number, height: number): Mask
  lineartReference(ink: Mask, width: number, height: number, strokeWidth: number): LineartReference
  scoreLineart(ref: LineartReference, ink: Mask): LineartScore
  traceReference(input: Input): unknown
  scoreTrace(ref: unknown, rgba: Uint8Array): TraceScore
  toneError(
    gray: Uint8Array,
    rgba: Uint8Array,
    width: number,
    height: number,
  ): { error: number; input: number; render: number } | null
}
interface RasterModule {
  paint(drawing: Drawing): Input
  centerlineMask(drawing: Drawing): Mask
}
interface SkeletonModule {
  thin(mask: Mask, width: number, height: number): Mask
  countEnds(skeleton: Mask, width: number, height: number): number
}

const load = async <T>(name: string): Promise<T> =>
  (await import(new URL(`../../bench/support/${name}`, import.meta.url).href)) as T
const score = await load<ScoreModule>('vectorize-score.mjs')
const raster = await load<RasterModule>('vectorize-raster.mjs')
const skeleton = await load<SkeletonModule>('vectorize-skeleton.mjs')

const W = 200
const H = 160
const STROKE_PX = 7

/** A frame, a T-junction (one end), a free line (two ends) and a dot (two), 7 px strokes. */
const drawing: Drawing = {
  name: 'scorer check',
  kind: 'lineart',
  width: W,
  height: H,
  strokeWidth: STROKE_PX,
  strokes: [
    {
      points: [
        [30, 30],
        [170, 30],
        [170, 130],
        [30, 130],
      ],
      closed: true,
    },
    {
      points: [
        [100, 30],
        [100, 90],
      ],
      closed: false,
    },
    {
      points: [
        [45, 60],
        [75, 100],
      ],
      closed: false,
    },
    { points: [[140, 100]], closed: false },
  ],
  fills: [],
}

const pathData = (points: number[][], closed: boolean) =>
  `M${points.map(([x, y]) => `${x} ${y}`).join(' L')}${closed ? ' Z' : ''}`

const svgOf = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`

/** The drawing's strokes as SVG centerlines at `width` px, round caps and joins. */
function centerlineSvg(width: number) {
  const paths = drawing.strokes
    .map(
      (s) =>
        `<path d="${s.points.length === 1 ? `M${s.points[0]!.join(' ')} l0 0` : pathData(s.points, s.closed)}"/>`,
    )
    .join('')
  return svgOf(
    `<g fill="none" stroke="#000" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round">${paths}</g>`,
  )
}

async function scoreSvg(svg: string) {
  const ref = score.lineartReference(raster.centerlineMask(drawing), W, H, STROKE_PX)
  const rgba = await score.renderSvg(svg, W, H)
  return score.scoreLineart(ref, score.inkMask(rgba, 4, W, H))
}

describe('vectorize scorer', () => {
  it('gives F1 1, length ratio 1 and endpoint ratio 1 when the reference is scored against itself', () => {
    const centerlines = raster.centerlineMask(drawing)
    const ref = score.lineartReference(centerlines, W, H, STROKE_PX)
    const own = score.scoreLineart(ref, centerlines)
    // Two ends of the free line, two of the dot, one of the T's stem.
    expect(ref.ends).toBe(5)
    expect(own.f1).toBe(1)
    expect(own.lengthRatio).toBe(1)
    expect(own.endpointRatio).toBe(1)
    expect(own.chamfer).toBe(0)
  })

  it('scores F1 ≥ 0.99 with length and endpoint ratios ≈ 1 when the centerlines are drawn at the stroke width', async () => {
    const result = await scoreSvg(centerlineSvg(STROKE_PX))
    expect(result.f1).toBeGreaterThanOrEqual(0.99)
    expect(result.lengthRatio).toBeGreaterThan(0.97)
    expect(result.lengthRatio).toBeLessThan(1.03)
    expect(result.endpointRatio).toBe(1)
    expect(result.chamfer).toBeLessThan(0.7)
  })

  it('gives length ratio ≈ 2 and a low F1 when the strokes are drawn as their outlines', async () => {
    const h = STROKE_PX / 2
    const rect = (x0: number, y0: number, x1: number, y1: number) =>
      `<path d="M${x0} ${y0} H${x1} V${y1} H${x0} Z"/>`
    // The frame's outline only: its inner and outer edges, stroked 1.5 px.
    const frameOnly = {
      ...drawing,
      strokes: drawing.strokes.slice(0, 1),
    }
    const svg = svgOf(
      `<g fill="none" stroke="#000" stroke-width="1.5">${rect(30 - h, 30 - h, 170 + h, 130 + h)}${rect(30 + h, 30 + h, 170 - h, 130 - h)}</g>`,
    )
    const ref = score.lineartReference(raster.centerlineMask(frameOnly), W, H, STROKE_PX)
    const rgba = await score.renderSvg(svg, W, H)
    const result = score.scoreLineart(ref, score.inkMask(rgba, 4, W, H))
    expect(result.lengthRatio).toBeGreaterThan(1.8)
    expect(result.lengthRatio).toBeLessThan(2.2)
    expect(result.f1).toBeLessThan(0.5)
  })

  it('counts two more line ends for each break when the frame is cut twice', async () => {
    const cut = '<path d="M60 20 V40 M140 120 V140" stroke="#fff" stroke-width="6"/>'
    const result = await scoreSvg(centerlineSvg(STROKE_PX).replace('</g>', `</g>${cut}`))
    expect(result.endpointRatio).toBeCloseTo((5 + 4) / 5, 5)
    expect(result.f1).toBeGreaterThan(0.98)
  })

  it('gives IoU ≈ 1 and boundary F1 1 when the render matches a filled input', async () => {
    const square: Drawing = {
      ...drawing,
      kind: 'fill',
      strokes: [],
      fills: [
        {
          rings: [
            [
              [40, 40],
              [120, 40],
              [120, 110],
              [40, 110],
            ],
          ],
          color: [0, 0, 0],
        },
      ],
    }
    const ref = score.traceReference(raster.paint(square))
    const same = score.scoreTrace(
      ref,
      await score.renderSvg(svgOf('<path d="M40 40 H120 V110 H40 Z"/>'), W, H),
    )
    const off = score.scoreTrace(
      ref,
      await score.renderSvg(svgOf('<path d="M50 50 H130 V120 H50 Z"/>'), W, H),
    )
    expect(same.iou).toBeGreaterThan(0.99)
    expect(same.boundaryF1).toBe(1)
    expect(off.iou).toBeLessThan(0.8)
    expect(off.boundaryF1).toBeLessThan(0.5)
  })

  it('measures ΔE ≈ 0 for the same colours and more for another colour', async () => {
    const tile: Drawing = {
      ...drawing,
      kind: 'colour',
      strokes: [],
      fills: [
        {
          rings: [
            [
              [0, 0],
              [W, 0],
              [W, H],
              [0, H],
            ],
          ],
          color: [40, 120, 200],
        },
      ],
    }
    const ref = score.traceReference(raster.paint(tile))
    const fill = (c: string) => svgOf(`<rect width="${W}" height="${H}" fill="${c}"/>`)
    const same = score.scoreTrace(ref, await score.renderSvg(fill('rgb(40,120,200)'), W, H))
    const other = score.scoreTrace(ref, await score.renderSvg(fill('rgb(80,120,200)'), W, H))
    expect(same.colourError).toBeLessThan(0.5)
    expect(other.colourError).toBeGreaterThan(3)
  })

  it('counts implicit repeats and closepaths as segments when a path relies on them', () => {
    expect(score.countPathSegments('M0 0 C1 1 2 2 3 3 4 4 5 5 6 6 Z')).toBe(3)
    expect(score.countPathSegments('M0 0 10 0 10 10')).toBe(2)
    expect(score.countPathSegments('m0 0h10v10z')).toBe(3)
    expect(score.countPathSegments('M1-2.5.5.5L3e1 4')).toBe(2)
  })

  it('is stroke-only only when every shape has no fill and a stroke, inherited or its own', () => {
    expect(score.svgStats(centerlineSvg(3)).strokeOnly).toBe(true)
    expect(score.svgStats(svgOf('<path d="M0 0 L5 5" stroke="#000"/>')).strokeOnly).toBe(false)
    expect(score.svgStats(svgOf('<g fill="none"><path d="M0 0 L5 5"/></g>')).strokeOnly).toBe(false)
    const stats = score.svgStats(
      svgOf('<g style="fill:none;stroke:#000"><path d="M0 0 L5 5"/><path d="M0 0 L5 5"/></g>'),
    )
    expect(stats.strokeOnly).toBe(true)
    expect(stats.elements).toBe(2)
  })

  it('reads no tone error for the input itself, and the lighter render by its missing ink', async () => {
    // Horizontal 2 px lines every 8 px (a quarter inked), then the same drawn 1 px wide.
    const svgLines = (pen: number) =>
      svgOf(
        `<g stroke="#000" stroke-width="${pen}">${Array.from({ length: 18 }, (_, k) => `<path d="M16 ${12 + 8 * k} H176"/>`).join('')}</g>`,
      )
    const input = await score.renderSvg(svgLines(2), W, H)
    const gray = new Uint8Array(W * H).map((_, i) => input[4 * i]!)
    const same = score.toneError(gray, input, W, H)!
    expect(same.error).toBe(0)
    expect(same.input).toBeCloseTo(0.25, 1)
    const light = score.toneError(gray, await score.renderSvg(svgLines(1), W, H), W, H)!
    expect(light.render / light.input).toBeCloseTo(0.5, 1)
    expect(light.error).toBeCloseTo(light.input / 2, 2)
    // Paper and solid ink are outside the blocks read: a blank page gives no reading.
    expect(score.toneError(new Uint8Array(W * H).fill(255), input, W, H)).toBeNull()
  })

  it('thins a 7 px bar to its centre row and a 3 × 3 dot to one pixel', () => {
    const w = 40
    const h = 20
    const mask = new Uint8Array(w * h)
    for (let y = 3; y < 10; y++) for (let x = 5; x < 35; x++) mask[y * w + x] = 1
    for (let y = 14; y < 17; y++) for (let x = 20; x < 23; x++) mask[y * w + x] = 1
    const thin = skeleton.thin(mask, w, h)
    const rows = new Set<number>()
    let dot = 0
    for (let i = 0; i < thin.length; i++) {
      if (!thin[i]) continue
      const y = Math.floor(i / w)
      if (y < 12) rows.add(y)
      else dot++
    }
    expect([...rows]).toEqual([6])
    expect(dot).toBe(1)
    expect(skeleton.countEnds(thin, w, h)).toBe(4)
  })
})

// The figure lines engine end to end: photos, drawings and image-model outputs made in code (and
// two corpus sheets), scored by where the strokes lie against the known lines, never by bytes.

import { describe, expect, it } from 'vitest'
import { openPng } from '../../../../src/codecs/png/decode'
import { extractLineDrawing, type LineDrawing } from '../../../../src/engines/figure/lines'
import type { RasterImage } from '../../../../src/engines/raster'
import { WORKERD_KERNELS } from '../../../../src/kernels/workerd'
import { base64Bytes } from '../../../support/fixtures'
import { resample } from '../../../support/line-art'
import {
  asJpeg,
  type Case,
  cleanDrawing,
  modelDrawing,
  nearShare,
  overlap,
  pureNoise,
  scribbles,
  shadedFace,
  shadedObjects,
  solidDisc,
  strokePixels,
  underLamp,
} from './images'

const SHEETS = import.meta.glob<string>('../../../fixtures/corpus/*.png', {
  query: '?inline',
  import: 'default',
  eager: true,
})

/** Stroke pixels within 3 px of the truth (precision), truth within 3 px of a stroke (recall). */
function score(result: LineDrawing, truth: Uint8Array) {
  const strokes = strokePixels(result.drawing)
  const { width, height } = result
  return {
    strokes,
    recall: nearShare(truth, strokes, width, height, 3),
    precision: nearShare(strokes, truth, width, height, 3),
  }
}

async function drawn(image: RasterImage, source: 'reference' | 'model'): Promise<LineDrawing> {
  const result = await extractLineDrawing(image, source, WORKERD_KERNELS)
  if (!result.ok) throw new Error(`${result.reason}: ${result.message}`)
  expect(result.value.drawing.layers.every((layer) => layer.kind === 'stroke')).toBe(true)
  expect(result.value.drawing.width).toBe(result.value.width)
  expect(result.value.drawing.height).toBe(result.value.height)
  return result.value
}

async function sheet(name: string): Promise<RasterImage> {
  const path = Object.keys(SHEETS).find((p) => p.endsWith(name))!
  const opened = openPng(base64Bytes(SHEETS[path]!))
  if (!opened.ok) throw new Error(opened.error.message)
  const { width, height, rows } = opened.value
  const data = new Uint8Array(width * height)
  let y = 0
  for await (const row of rows) data.set(row, y++ * width)
  return { width, height, channels: 1, data }
}

describe('extractLineDrawing', () => {
  it('draws the outlines of a shaded photo and nothing inside its flat regions', async () => {
    const photo: Case = shadedObjects(640, 480)
    const result = await drawn(photo.image, 'reference')
    expect(result.kind).toBe('photo')
    expect([result.width, result.height]).toEqual([640, 480])
    const { strokes, recall, precision } = score(result, photo.truth)
    expect(recall).toBeGreaterThanOrEqual(0.85)
    expect(precision).toBeGreaterThanOrEqual(0.85)
    expect(overlap(strokes, photo.forbidden)).toBe(0)
  })

  it.each([
    ['under grain of σ 12 and doubled texture', shadedObjects(640, 480, 9, 12, 2)],
    ['through a JPEG at quality 40', asJpeg(shadedObjects(640, 480, 21, 8, 1.5), 40)],
  ])('keeps the outlines of a photo %s', async (_, photo) => {
    const result = await drawn(photo.image, 'reference')
    expect(result.kind).toBe('photo')
    const { strokes, recall, precision } = score(result, photo.truth)
    expect(recall).toBeGreaterThanOrEqual(0.85)
    expect(precision).toBeGreaterThanOrEqual(0.85)
    expect(overlap(strokes, photo.forbidden)).toBe(0)
  })

  it('traces a synthetic line drawing as line art along its lines', async () => {
    const drawing = cleanDrawing(640, 480)
    const result = await drawn(drawing.image, 'reference')
    expect(result.kind).toBe('lineart')
    const { recall, precision } = score(result, drawing.truth)
    expect(recall).toBeGreaterThanOrEqual(0.95)
    expect(precision).toBeGreaterThanOrEqual(0.95)
  })

  it('reads gray, RGB and RGBA alike', async () => {
    const gray = cleanDrawing(320, 240).image
    const rgba = new Uint8Array(gray.data.length * 4)
    const rgb = new Uint8Array(gray.data.length * 3)
    gray.data.forEach((v, i) => {
      rgba.set([v, v, v, 255], 4 * i)
      rgb.set([v, v, v], 3 * i)
    })
    const strokes = await Promise.all(
      [
        gray,
        { ...gray, channels: 3 as const, data: rgb },
        { ...gray, channels: 4 as const, data: rgba },
      ].map(async (image) => (await drawn(image, 'reference')).strokes),
    )
    expect(new Set(strokes).size).toBe(1)
  })

  it.each(['USD0871744-20200107-D00006.png', 'USD0871721-20200107-D00005.png'])(
    'traces corpus sheet %s as line art along its lines, at the working size',
    async (name) => {
      const image = await sheet(name)
      const result = await drawn(image, 'reference')
      expect(result.kind).toBe('lineart')
      expect(Math.max(result.width, result.height)).toBe(1280)
      // The truth: the sheet's ink at the working size (Lanczos-3, as the engine shrinks it).
      const small = await resample(
        { width: image.width, height: image.height, pixels: image.data },
        result.width,
        result.height,
      )
      const ink = small.pixels.map((v) => (v < 160 ? 1 : 0))
      const { recall, precision } = score(result, ink)
      expect(recall).toBeGreaterThanOrEqual(0.85)
      expect(precision).toBeGreaterThanOrEqual(0.85)
    },
  )

  it('judges a sheet photographed under a lamp as line art and keeps its dashes', async () => {
    const clean = await sheet('USD0871744-20200107-D00006.png')
    const result = await drawn(underLamp(clean), 'reference')
    expect(result.kind).toBe('lineart')
    const small = await resample(
      { width: clean.width, height: clean.height, pixels: clean.data },
      result.width,
      result.height,
    )
    const ink = small.pixels.map((v) => (v < 160 ? 1 : 0))
    const { recall, precision } = score(result, ink)
    expect(recall).toBeGreaterThanOrEqual(0.85)
    expect(precision).toBeGreaterThanOrEqual(0.85)
  })

  it('drops an image model’s shading, noise and off-white paper and keeps its lines', async () => {
    const model = modelDrawing(800, 600)
    const result = await drawn(model.image, 'model')
    expect(result.kind).toBe('lineart')
    const { strokes, recall, precision } = score(result, model.truth)
    expect(recall).toBeGreaterThanOrEqual(0.9)
    expect(precision).toBeGreaterThanOrEqual(0.9)
    expect(overlap(strokes, model.forbidden)).toBe(0)
  })

  it('keeps a large shaded face free of strokes inside its outline', async () => {
    const face = shadedFace(800, 600)
    const result = await drawn(face.image, 'model')
    expect(result.strokes).toBe(1)
    const { strokes, recall, precision } = score(result, face.truth)
    expect(recall).toBeGreaterThanOrEqual(0.95)
    expect(precision).toBeGreaterThanOrEqual(0.95)
    expect(overlap(strokes, face.forbidden)).toBe(0)
  })

  it('turns a solid black fill into its outline', async () => {
    const disc = solidDisc(600, 450)
    const result = await drawn(disc.image, 'model')
    expect(result.strokes).toBe(1)
    const { strokes, recall, precision } = score(result, disc.truth)
    expect(recall).toBeGreaterThanOrEqual(0.95)
    expect(precision).toBeGreaterThanOrEqual(0.95)
    expect(overlap(strokes, disc.forbidden)).toBe(0)
  })

  it.each([
    ['white', { width: 400, height: 300, channels: 1, data: new Uint8Array(120_000).fill(255) }],
    [
      'uniform gray',
      { width: 400, height: 300, channels: 3, data: new Uint8Array(360_000).fill(128) },
    ],
    ['noisy paper', noisyPaper(400, 300)],
  ] as Array<[string, RasterImage]>)('reports blank for %s', async (_, image) => {
    for (const source of ['reference', 'model'] as const) {
      const result = await extractLineDrawing(image, source, WORKERD_KERNELS)
      expect(result.ok ? 'ok' : result.reason).toBe('blank')
    }
  })

  it('answers blank, too busy or a small drawing for pure noise, without throwing', async () => {
    for (const source of ['reference', 'model'] as const) {
      const result = await extractLineDrawing(pureNoise(480, 360), source, WORKERD_KERNELS)
      if (result.ok) expect(result.value.strokes).toBeLessThanOrEqual(20)
      else expect(['blank', 'too_busy']).toContain(result.reason)
    }
  })

  it('refuses a tangle of thousands of strokes as too busy, after trying it coarser', async () => {
    const result = await extractLineDrawing(scribbles(1200, 900), 'reference', WORKERD_KERNELS)
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.reason).toBe('too_busy')
      expect(result.message).toMatch(/at 600 px/)
    }
  })

  it('works on a 3000 × 2000 photo at the working size and reports that size', async () => {
    const big = shadedObjects(3000, 2000, 11)
    const result = await drawn(big.image, 'reference')
    expect([result.width, result.height]).toEqual([1280, 853])
    // The scene scales with the image: the same scene made at the working size is the truth.
    const { recall, precision } = score(result, shadedObjects(1280, 853, 11).truth)
    expect(recall).toBeGreaterThanOrEqual(0.85)
    expect(precision).toBeGreaterThanOrEqual(0.85)
  })

  it('throws a RangeError when the buffer is shorter than its size says (a bug)', async () => {
    const image: RasterImage = { width: 10, height: 10, channels: 3, data: new Uint8Array(100) }
    await expect(extractLineDrawing(image, 'reference', WORKERD_KERNELS)).rejects.toThrow(
      RangeError,
    )
  })
})

/** Off-white paper (236) with Gaussian noise of σ 6 and nothing on it. */
function noisyPaper(width: number, height: number): RasterImage {
  const data = new Uint8Array(width * height)
  let seed = 17
  for (let i = 0; i < data.length; i++) {
    let sum = 0
    for (let k = 0; k < 12; k++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      sum += seed / 0x7fffffff
    }
    data[i] = Math.round(236 + 6 * (sum - 6))
  }
  return { width, height, channels: 1, data }
}

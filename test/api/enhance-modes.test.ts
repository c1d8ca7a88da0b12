// POST /v1/enhance's plan through the whole Worker: line art redrawn (gray anti-aliased drawings
// stay gray, black-and-white ones come back 1-bit), photos through the network with colour kept,
// `mode` forcing either output, and paper that stays exactly white on both paths.

import { describe, expect, it } from 'vitest'
import {
  downloadOutput,
  expectError,
  expectOk,
  newAccount,
  postFile,
  postJson,
} from '../support/api'
import { fromPng, lineDrawing, photoLike, pngHeader, type Raster, toPng } from '../support/images'

interface EnhanceData {
  url: string
  width: number
  height: number
  mode: 'bilevel' | 'gray' | 'color'
  method: 'lineart' | 'network'
  warnings?: string[]
  creditsConsumed: number
}

async function enhance(apiKey: string, input: Raster, fields: Record<string, string> = {}) {
  const response = await postFile('/v1/enhance', apiKey, await toPng(input), fields)
  const data = await expectOk<EnhanceData>(response)
  const png = await downloadOutput(data.url)
  return { data, png, out: await fromPng(png) }
}

/** `raster` reduced by an area average of `s × s` blocks (channel 0 only, as gray). */
function reduce(raster: Raster, s: number): Raster {
  const width = raster.width / s
  const height = raster.height / s
  const data = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0
      for (let j = 0; j < s; j++) {
        for (let i = 0; i < s; i++) {
          sum += raster.data[((y * s + j) * raster.width + x * s + i) * raster.channels]!
        }
      }
      data[y * width + x] = Math.round(sum / (s * s))
    }
  }
  return { width, height, channels: 1, data }
}

function psnr(a: Uint8Array, b: Uint8Array): number {
  let se = 0
  for (let i = 0; i < a.length; i++) se += (a[i]! - b[i]!) ** 2
  return 10 * Math.log10((255 * 255) / (se / a.length))
}

/** A gray page of `width × height` with the RGB photo pasted at (x, y). */
function onWhitePage(width: number, height: number, photo: Raster, x0: number, y0: number) {
  const data = new Uint8Array(width * height * 3).fill(255)
  for (let y = 0; y < photo.height; y++) {
    for (let x = 0; x < photo.width; x++) {
      for (let c = 0; c < 3; c++) {
        data[((y0 + y) * width + x0 + x) * 3 + c] =
          photo.data[(y * photo.width + x) * photo.channels + c]!
      }
    }
  }
  return { width, height, channels: 3 as const, data }
}

describe('POST /v1/enhance plans by what the image is', () => {
  it('redraws a gray scan of a drawing at x4 with solid strokes, close to the drawing itself', async () => {
    const { apiKey } = await newAccount(20)
    const truth = lineDrawing(192, 144, 6)
    const { data, png, out } = await enhance(apiKey, reduce(truth, 4), { scale: '4' })
    expect(data).toMatchObject({ width: 192, height: 144, mode: 'gray', method: 'lineart' })
    expect(data.warnings).toBeUndefined()
    expect(pngHeader(png)).toMatchObject({ bitDepth: 8, colourType: 0 })
    // Close to the drawing, and nearly black and white: only a one-pixel edge is gray.
    expect(psnr(out.data, truth.data)).toBeGreaterThan(22)
    const gray = out.data.filter((v) => v >= 48 && v <= 207).length / out.data.length
    expect(gray).toBeLessThan(0.06)
  })

  it('keeps a black-and-white drawing 1-bit, or 8-bit gray when mode is gray', async () => {
    const { apiKey } = await newAccount(20)
    const drawing = lineDrawing(60, 40)
    const auto = await enhance(apiKey, drawing)
    expect(auto.data).toMatchObject({ mode: 'bilevel', method: 'lineart' })
    expect(pngHeader(auto.png)).toMatchObject({ bitDepth: 1, colourType: 0 })
    const gray = await enhance(apiKey, drawing, { mode: 'gray' })
    expect(gray.data).toMatchObject({ mode: 'gray', method: 'lineart' })
    expect(pngHeader(gray.png)).toMatchObject({ bitDepth: 8, colourType: 0 })
  })

  it('sends a colour photo through the network, colour kept, and mode bilevel redraws it 1-bit', async () => {
    const { apiKey } = await newAccount(20)
    const photo = photoLike(48, 32).raster
    const colour = await enhance(apiKey, photo)
    expect(colour.data).toMatchObject({ mode: 'color', method: 'network' })
    expect(colour.out.channels).toBe(4)
    // x2 stamped 300 DPI holds the detail of 150: said, with the number.
    expect(colour.data.warnings).toEqual([expect.stringMatching(/detail of about 150 DPI/)])
    const sharp = await enhance(apiKey, photo, { dpi: '600' })
    expect(sharp.data.warnings).toBeUndefined()
    const bw = await enhance(apiKey, photo, { mode: 'bilevel' })
    expect(bw.data).toMatchObject({ mode: 'bilevel', method: 'lineart' })
    expect(pngHeader(bw.png)).toMatchObject({ bitDepth: 1 })
  })

  it('sends a gray photo through the network as gray', async () => {
    const { apiKey } = await newAccount(20)
    const photo = photoLike(48, 32).raster
    const gray = reduce({ ...photo }, 1)
    const { data, out } = await enhance(apiKey, gray)
    expect(data).toMatchObject({ mode: 'gray', method: 'network' })
    expect(out.channels).toBe(1)
  })

  for (const scale of ['2', '4']) {
    it(`leaves a white page exactly white at x${scale}, gray or colour`, async () => {
      const { apiKey } = await newAccount(20)
      for (const channels of [1, 3] as const) {
        const page: Raster = {
          width: 200,
          height: 150,
          channels,
          data: new Uint8Array(200 * 150 * channels).fill(255),
        }
        const { out } = await enhance(apiKey, page, { scale })
        expect(out.width).toBe(200 * Number(scale))
        expect(out.data.every((v) => v === 255)).toBe(true)
      }
    })
  }

  it('keeps the white margin around a colour photo exactly white (no frame from the network)', async () => {
    const { apiKey } = await newAccount(20)
    const page = onWhitePage(100, 80, photoLike(60, 40).raster, 20, 20)
    const { data, out } = await enhance(apiKey, page)
    expect(data).toMatchObject({ mode: 'color', method: 'network' })
    let off = 0
    for (let y = 0; y < 160; y++) {
      for (let x = 0; x < 200; x++) {
        // The margin, 3 input pixels clear of the photo.
        const inside = x >= 34 && x < 166 && y >= 34 && y < 126
        if (inside) continue
        for (let c = 0; c < out.channels; c++)
          if (out.data[(y * 200 + x) * out.channels + c] !== 255) off++
      }
    }
    expect(off).toBe(0)
  })

  it('refuses an unknown mode with 400 VALIDATION_ERROR', async () => {
    const { apiKey } = await newAccount(20)
    const response = await postJson('/v1/enhance', apiKey, {
      imageUrl: 'https://images.example.com/a.png',
      mode: 'color',
    })
    await expectError(response, 400, 'VALIDATION_ERROR')
  })
})

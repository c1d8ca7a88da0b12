// POST /v1/enhance through the whole Worker (real D1, R2, Durable Objects, and the real model in
// our wasm kernels): x2 and x4 from PNG, JPEG, WebP and TIFF, gray and RGBA; the returned PNG
// downloaded and parsed (IHDR size = input × scale, pHYs = the DPI, channels kept), the upscale
// checked against the input, and every status of spec §4.4 with the balance before and after.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import {
  balanceOf,
  downloadOutput,
  expectError,
  expectLedgerConsistent,
  expectOk,
  newAccount,
  postFile,
  postForm,
  postJson,
} from '../support/api'
import {
  colourWithAlpha,
  fromPng,
  GIF_BYTES,
  lineDrawing,
  photoLike,
  pngHeader,
  pngPhys,
  type Raster,
  toPng,
  toTiff,
  toWebp,
} from '../support/images'
import { serveImage, useFakeNetwork } from '../support/network'

useFakeNetwork()

interface EnhanceData {
  url: string
  scale: number
  dpi: number
  width: number
  height: number
  mode: 'bilevel' | 'gray' | 'color'
  method: 'lineart' | 'network'
  creditsConsumed: number
}

const enhanceOk = (response: Response) => expectOk<EnhanceData>(response)

const download = (url: string) => downloadOutput(url, 'image/png')

/** Mean absolute difference between `big` shrunk by box averaging and `small` (channel 0). */
function shrinkError(big: Raster, small: Raster, scale: number): number {
  let total = 0
  for (let y = 0; y < small.height; y++) {
    for (let x = 0; x < small.width; x++) {
      let sum = 0
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          sum += big.data[((y * scale + dy) * big.width + x * scale + dx) * big.channels]!
        }
      }
      total += Math.abs(sum / scale ** 2 - small.data[(y * small.width + x) * small.channels]!)
    }
  }
  return total / (small.width * small.height)
}

describe('POST /v1/enhance', () => {
  it('upscales a black-and-white PNG x2 to a 1-bit PNG of twice the size with 300 DPI in pHYs (defaults)', async () => {
    const { apiKey, accountId } = await newAccount(10)
    const input = lineDrawing(40, 30)
    const data = await enhanceOk(await postFile('/v1/enhance', apiKey, await toPng(input)))
    expect(data).toMatchObject({
      scale: 2,
      dpi: 300,
      width: 80,
      height: 60,
      mode: 'bilevel',
      method: 'lineart',
      creditsConsumed: 2,
    })
    const png = await download(data.url)
    expect(pngHeader(png)).toMatchObject({ width: 80, height: 60, bitDepth: 1, colourType: 0 })
    expect(pngPhys(png)).toEqual({ x: 11811, y: 11811, unit: 1 })
    const out = await fromPng(png)
    // The upscale, shrunk back, is the drawing: lines where lines were (a blank page would be
    // off by the whole ink).
    const blank = { ...out, data: new Uint8Array(out.data.length).fill(255) }
    expect(shrinkError(out, input, 2)).toBeLessThan(0.4 * shrinkError(blank, input, 2))
    expect(await balanceOf(apiKey)).toBe(8)
    await expectLedgerConsistent(accountId)
  })

  it('upscales x4 at 600 DPI from JSON with an imageUrl, charging 4 credits', async () => {
    const { apiKey } = await newAccount(10)
    const url = 'https://images.example.com/drawing.png'
    serveImage(url, await toPng(lineDrawing(24, 18)))
    const data = await enhanceOk(
      await postJson('/v1/enhance', apiKey, { imageUrl: url, scale: 4, dpi: 600 }),
    )
    expect(data).toMatchObject({ scale: 4, dpi: 600, width: 96, height: 72, creditsConsumed: 4 })
    const png = await download(data.url)
    expect(pngHeader(png)).toMatchObject({ width: 96, height: 72 })
    expect(pngPhys(png)).toEqual({ x: 23622, y: 23622, unit: 1 })
    expect(await balanceOf(apiKey)).toBe(6)
  })

  it('keeps an RGBA image RGBA, alpha upscaled apart, over a tile boundary (150 px wide)', async () => {
    const { apiKey } = await newAccount(10)
    const input = colourWithAlpha(150, 20)
    const data = await enhanceOk(
      await postFile('/v1/enhance', apiKey, await toPng(input), { scale: '2' }),
    )
    const out = await fromPng(await download(data.url))
    expect(out).toMatchObject({ width: 300, height: 40, channels: 4 })
    // The transparent band (x < 15) stays transparent, the rest opaque, with a soft edge only.
    const alphaAt = (x: number, y: number) => out.data[(y * 300 + x) * 4 + 3]!
    expect(alphaAt(10, 20)).toBe(0)
    expect(alphaAt(100, 20)).toBe(255)
    expect(alphaAt(299, 39)).toBe(255)
    // Colour follows the input's gradient: red rises left to right.
    expect(out.data[(20 * 300 + 280) * 4]!).toBeGreaterThan(out.data[(20 * 300 + 60) * 4]! + 100)
  })

  it('stores an output over 5 MiB in parts (R2 multipart) and serves it back whole', async () => {
    const { apiKey } = await newAccount(10)
    // 500 × 500 RGB noise at x4: a 2000 × 2000 output that PNG cannot squeeze under 5 MiB.
    const data = new Uint8Array(500 * 500 * 3)
    let state = 2026
    for (let i = 0; i < data.length; i++) {
      state ^= state << 13
      state ^= state >>> 17
      state ^= state << 5
      data[i] = state & 255
    }
    const input: Raster = { width: 500, height: 500, channels: 3, data }
    const result = await enhanceOk(
      await postFile('/v1/enhance', apiKey, await toPng(input), { scale: '4' }),
    )
    const png = await download(result.url)
    expect(png.length).toBeGreaterThan(5 * 1024 * 1024)
    const out = await fromPng(png)
    expect(out).toMatchObject({ width: 2000, height: 2000, channels: 3 })
    expect(pngPhys(png)).toEqual({ x: 11811, y: 11811, unit: 1 })
    // Every part arrived in order: the bottom right is the input's bottom right, upscaled.
    expect(shrinkError(out, input, 4)).toBeLessThan(40)
  })

  it('takes JPEG, WebP and TIFF inputs, keeping alpha only where the file has it', async () => {
    const { apiKey } = await newAccount(20)
    const photo = photoLike(32, 24)
    for (const [bytes, channels] of [
      [await photo.jpeg(), 3],
      // An opaque WebP has no alpha plane: RGB out, as its JPEG; one with alpha keeps it.
      [await photo.webp(), 3],
      [await toWebp(colourWithAlpha(32, 24), { quality: 90 }), 4],
      [await toTiff(lineDrawing(32, 24)), 1],
    ] as const) {
      const data = await enhanceOk(await postFile('/v1/enhance', apiKey, bytes))
      expect(data).toMatchObject({ width: 64, height: 48 })
      const out = await fromPng(await download(data.url))
      expect(out.channels).toBe(channels)
    }
  })

  it('refuses invalid scale and dpi with 400 VALIDATION_ERROR, charging nothing', async () => {
    const { apiKey } = await newAccount(10)
    const file = new Blob([await toPng(lineDrawing(8, 8))])
    const invalid: Record<string, string>[] = [{ scale: '3' }, { dpi: '150' }, { scale: 'x2' }]
    for (const fields of invalid) {
      await expectError(
        await postForm('/v1/enhance', apiKey, { file, ...fields }),
        400,
        'VALIDATION_ERROR',
      )
    }
    await expectError(
      await postJson('/v1/enhance', apiKey, { imageUrl: 'https://a.example/x.png', scale: 8 }),
      400,
      'VALIDATION_ERROR',
    )
    expect(await balanceOf(apiKey)).toBe(10)
  })

  it('refuses inputs over the per-scale caps with 400 naming the limit', async () => {
    const { apiKey } = await newAccount(10)
    const refuse = async (raster: Raster, scale: string, message: string) => {
      const error = await expectError(
        await postFile('/v1/enhance', apiKey, await toPng(raster), { scale }),
        400,
        'IMAGE_DIMENSIONS_TOO_LARGE',
      )
      expect(error.message).toContain(message)
    }
    // Long edge: 2049 px at x4 would make an 8196 px output.
    await refuse(lineDrawing(2049, 4), '4', '/enhance at x4 is limited to 2048 px on the long edge')
    await refuse(lineDrawing(4097, 2), '2', '/enhance at x2 is limited to 4096 px on the long edge')
    // Pixels: 1500 × 1400 is 2.1 MP, over x4's 2 MP; 1800 × 1700 is 3.06 MP, over x2's 3 MP.
    await refuse(lineDrawing(1500, 1400), '4', '/enhance at x4 is limited to 2.0 MP')
    await refuse(lineDrawing(1800, 1700), '2', '/enhance at x2 is limited to 3.0 MP')
    expect(await balanceOf(apiKey)).toBe(10)
  })

  it('answers 400 for an upload that is not an image, 422 for an unfetchable URL, 402 when short', async () => {
    const { apiKey } = await newAccount(3)
    await expectError(
      await postFile('/v1/enhance', apiKey, GIF_BYTES),
      400,
      'UNSUPPORTED_IMAGE_TYPE',
    )
    await expectError(
      await postJson('/v1/enhance', apiKey, { imageUrl: 'http://127.0.0.1/x.png' }),
      422,
      'IMAGE_URL_NOT_ALLOWED',
    )
    await expectError(
      await postFile('/v1/enhance', apiKey, await toPng(lineDrawing(8, 8)), { scale: '4' }),
      402,
      'INSUFFICIENT_CREDITS',
    )
    expect(await balanceOf(apiKey)).toBe(3)
  })

  it('refunds and stores nothing when the image turns out broken after the first bands', async () => {
    // The input is read row by row as the bands need it, so a file whose rows stop halfway is
    // found out mid-request: 400 INVALID_IMAGE, the charge refunded, the upload aborted.
    const { apiKey, accountId } = await newAccount(10)
    const whole = await toPng(photoLike(300, 300).raster)
    const header = pngHeader(whole)
    expect(header).toMatchObject({ width: 300, height: 300 })
    const cut = whole.slice(0, Math.floor(whole.length * 0.6))
    await expectError(
      await postFile('/v1/enhance', apiKey, cut, { scale: '2' }),
      400,
      'INVALID_IMAGE',
    )
    expect(await balanceOf(apiKey)).toBe(10)
    await expectLedgerConsistent(accountId)
    expect((await env.FILES.list({ prefix: `out/${accountId}/` })).objects).toHaveLength(0)
  })

  it('replays an Idempotency-Key with the same body and refuses it with another (409)', async () => {
    const { apiKey } = await newAccount(10)
    const file = await toPng(lineDrawing(16, 12))
    const key = { 'Idempotency-Key': 'enhance-replay-1' }
    const first = await enhanceOk(await postFile('/v1/enhance', apiKey, file, {}, key))
    const again = await enhanceOk(await postFile('/v1/enhance', apiKey, file, {}, key))
    expect(again.url).toBe(first.url)
    await expectError(
      await postFile('/v1/enhance', apiKey, file, { scale: '4' }, key),
      409,
      'IDEMPOTENCY_CONFLICT',
    )
    expect(await balanceOf(apiKey)).toBe(8)
  })
})

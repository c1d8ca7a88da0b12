// WebP uploads through the whole Worker, now that our own decoder streams them by rows: the sizes
// libwebp's whole-image decode made us refuse (over 5 MP) are admitted at the caps every format
// has, a lossless WebP files exactly as the PNG of the same pixels does, transparency goes onto
// white paper, and a broken file is INVALID_IMAGE with the credit given back.

import { describe, expect, it } from 'vitest'
import {
  balanceOf,
  downloadOutput,
  expectError,
  expectOk,
  newAccount,
  postFile,
} from '../support/api'
import { fromPng, lineDrawing, type Raster, toPng, toWebp } from '../support/images'

interface FileData {
  url: string
  width: number
  height: number
  paths?: number
  segments?: number
  creditsConsumed: number
}

/** Ink on a transparent sheet: black strokes, everything else alpha 0 (as drawing tools export). */
function inkOnTransparency(width: number, height: number): Raster {
  const drawing = lineDrawing(width, height)
  const data = new Uint8Array(width * height * 4)
  for (let i = 0; i < width * height; i++) data[i * 4 + 3] = drawing.data[i]! < 128 ? 255 : 0
  return { width, height, channels: 4, data }
}

describe('WebP uploads', () => {
  it('converts and vectorizes a 2400 × 2400 lossless WebP exactly as the PNG of the same drawing', async () => {
    const { apiKey } = await newAccount(20)
    const drawing = lineDrawing(2400, 2400)
    const webp = await toWebp(drawing, { lossless: 1 })
    const png = await toPng(drawing)
    const fromWebp = await expectOk<FileData>(await postFile('/v1/convert', apiKey, webp))
    const fromPngFile = await expectOk<FileData>(await postFile('/v1/convert', apiKey, png))
    expect(await downloadOutput(fromWebp.url)).toEqual(await downloadOutput(fromPngFile.url))
    const traced = await Promise.all(
      [webp, png].map(async (file) =>
        expectOk<FileData>(await postFile('/v1/vectorize', apiKey, file, { engine: 'lineart' })),
      ),
    )
    expect(traced[0]!.paths).toBeGreaterThan(0)
    expect(traced[0]!.segments).toBe(traced[1]!.segments)
  })

  it('admits a 12 MP WebP, over the old 5 MP cap, under the caps every format has', async () => {
    const { apiKey } = await newAccount(10)
    const webp = await toWebp(lineDrawing(4000, 3000), { lossless: 1, method: 0 })
    const data = await expectOk<FileData>(
      await postFile('/v1/convert', apiKey, webp, { dpi: '600' }),
    )
    expect(Math.max(data.width, data.height)).toBe(4096)
  })

  it('puts the transparent parts of a lossy WebP with alpha onto white paper, as its PNG', async () => {
    const { apiKey } = await newAccount(10)
    const sheet = inkOnTransparency(800, 600)
    const pages = await Promise.all(
      [await toWebp(sheet, { quality: 90 }), await toPng(sheet)].map(async (file) => {
        const data = await expectOk<FileData>(await postFile('/v1/convert', apiKey, file))
        return fromPng(await downloadOutput(data.url))
      }),
    )
    // Transparent black is white paper once flattened; the strokes stay ink, where the PNG's are.
    const [webp, png] = pages as [Raster, Raster]
    let ink = 0
    let disagree = 0
    for (let i = 0; i < png.data.length; i++) {
      const pngInk = png.data[i]! < 128
      if (pngInk) ink++
      if (pngInk !== webp.data[i]! < 128) disagree++
    }
    expect(ink / png.data.length).toBeGreaterThan(0.005)
    expect(disagree).toBeLessThan(0.05 * ink)
  })

  it('refuses a truncated WebP with INVALID_IMAGE and gives the credit back', async () => {
    const { apiKey } = await newAccount(10)
    const webp = await toWebp(lineDrawing(600, 400), { quality: 80 })
    const cut = webp.slice(0, Math.floor(webp.length * 0.6))
    await expectError(await postFile('/v1/convert', apiKey, cut), 400, 'INVALID_IMAGE')
    expect(await balanceOf(apiKey)).toBe(10)
  })
})

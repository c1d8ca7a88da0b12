// POST /v1/vectorize with engine trace on a texture (half-ink noise, as a dithered photo or a
// halftone scan gives): the tracer stops at its segment budget, before the model outgrows the
// Worker's memory, and the request is refused with IMAGE_TOO_DETAILED, naming what to try, with
// the credit refunded. A real drawing of the same size passes.

import { describe, expect, it } from 'vitest'
import { balanceOf, expectError, expectOk, newAccount, postForm } from '../support/api'
import { halfInkNoise, lineDrawing, type Raster, toPng } from '../support/images'

const vectorize = async (apiKey: string, raster: Raster, format: string) =>
  postForm('/v1/vectorize', apiKey, {
    file: new Blob([await toPng(raster)]),
    engine: 'trace',
    format,
  })

describe('trace on a texture', () => {
  it('refuses DXF with IMAGE_TOO_DETAILED and refunds the credit', async () => {
    const { apiKey } = await newAccount(5)
    const error = await expectError(
      await vectorize(apiKey, halfInkNoise(700), 'dxf'),
      400,
      'IMAGE_TOO_DETAILED',
    )
    expect(error.message).toContain('80,000 outline segments')
    expect(error.message).toContain('format svg or pdf')
    expect(await balanceOf(apiKey)).toBe(5)
  })

  it('still traces a drawing of the same size to DXF', async () => {
    const { apiKey } = await newAccount(5)
    await expectOk(await vectorize(apiKey, lineDrawing(700, 700), 'dxf'))
  })
})

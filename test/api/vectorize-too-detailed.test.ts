// POST /v1/vectorize with engine trace on a texture (half-ink noise, as a dithered photo or a
// halftone scan gives): the tracer stops at its segment budget, before the model outgrows the
// Worker's memory, and the request is refused with IMAGE_TOO_DETAILED, naming what to try, with
// the credit refunded. A real drawing of the same size passes.

import { describe, expect, it } from 'vitest'
import { balanceOf, expectError, expectOk, newAccount, postForm } from '../support/api'
import { lineDrawing, type Raster, toPng } from '../support/images'

function noise(side: number): Raster {
  const data = new Uint8Array(side * side)
  let seed = 5
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    data[i] = seed & 0x10000 ? 0 : 255
  }
  return { width: side, height: side, channels: 1, data }
}

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
      await vectorize(apiKey, noise(700), 'dxf'),
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

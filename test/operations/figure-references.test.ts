// Reference images as the figure model takes them: gray PNGs within 512 × 512, aspect kept.

import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/errors'
import { WORKERD_KERNELS } from '../../src/kernels/workerd'
import { referenceForModel, referencesForModel } from '../../src/operations/figure-references'
import {
  colourWithAlpha,
  fromPng,
  lineDrawing,
  photoLike,
  pngHeader,
  toPng,
} from '../support/images'

describe('referenceForModel', () => {
  it('fits a 2000 × 1200 RGB JPEG within 512 × 512 as gray, keeping the aspect', async () => {
    const jpeg = await photoLike(2000, 1200).jpeg()
    const png = await referenceForModel(jpeg, 'jpeg', WORKERD_KERNELS)
    expect(pngHeader(png)).toEqual({ width: 512, height: 307, bitDepth: 8, colourType: 0 })
  })

  it('fits a tall RGBA PNG by its height and flattens transparency onto white', async () => {
    const raster = colourWithAlpha(600, 1500)
    const png = await referenceForModel(await toPng(raster), 'png', WORKERD_KERNELS)
    const out = await fromPng(png)
    expect([out.width, out.height, out.channels]).toEqual([205, 512, 1])
    // The left tenth was transparent: white now, away from the resampling edge.
    expect(out.data[100 * out.width + 5]).toBe(255)
    expect(out.data[100 * out.width + 150]).toBeLessThan(250)
  })

  it('never upscales: a 300 × 200 image stays 300 × 200, its gray values unchanged', async () => {
    const raster = lineDrawing(300, 200)
    const png = await referenceForModel(await toPng(raster), 'png', WORKERD_KERNELS)
    const out = await fromPng(png)
    expect([out.width, out.height, out.channels]).toEqual([300, 200, 1])
    expect(out.data).toEqual(raster.data)
  })

  it('keeps an exactly 512 × 512 image as it is', async () => {
    const png = await referenceForModel(await toPng(lineDrawing(512, 512)), 'png', WORKERD_KERNELS)
    expect(pngHeader(png)).toMatchObject({ width: 512, height: 512 })
  })
})

describe('referencesForModel', () => {
  it('converts in input order', async () => {
    const a = await toPng(lineDrawing(1024, 512))
    const b = await toPng(lineDrawing(100, 50))
    const out = await referencesForModel(
      [
        { bytes: a, type: 'png' },
        { bytes: b, type: 'png' },
      ],
      WORKERD_KERNELS,
    )
    expect(out.map((png) => pngHeader(png).width)).toEqual([512, 100])
  })

  it('names the index of an image that cannot be decoded (400 REFERENCE_IMAGE_UNAVAILABLE)', async () => {
    const good = await toPng(lineDrawing(40, 40))
    const truncated = good.subarray(0, good.length - 30)
    const failure = referencesForModel(
      [
        { bytes: good, type: 'png' },
        { bytes: truncated, type: 'png' },
      ],
      WORKERD_KERNELS,
    )
    await expect(failure).rejects.toBeInstanceOf(ApiError)
    await expect(failure).rejects.toMatchObject({
      code: 'REFERENCE_IMAGE_UNAVAILABLE',
      status: 400,
      message: expect.stringMatching(
        /^referenceImageUrls\[1\] could not be used: the image could not be read/,
      ),
    })
  })
})

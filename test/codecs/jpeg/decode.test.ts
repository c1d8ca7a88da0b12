import { afterAll, describe, expect, it } from 'vitest'
import { openJpeg } from '../../../src/codecs/jpeg/open'
import { openPng } from '../../../src/codecs/png/decode'
import {
  JPEG_FIXTURES,
  jpegFixture,
  mozDecodeRgba,
  mozEncodeJpeg,
  mozjpegReady,
} from '../../support/mozjpeg'
import { photo } from '../../support/photo'
import { collectRows, lumaOf, maxDifference, psnr, rgbOf } from '../../support/pixels'

/** Our decode of `bytes` in one buffer, with the stream's metadata. */
async function ours(bytes: Uint8Array, output: 'luma' | 'color') {
  const opened = openJpeg(bytes, { output })
  if (!opened.ok) throw new Error(`${opened.error.reason}: ${opened.error.message}`)
  return { image: opened.value, pixels: await collectRows(opened.value) }
}

/** The lowest PSNR seen against MozJPEG, printed at the end (the accuracy figure we report). */
const lowest = { luma: Number.POSITIVE_INFINITY, rgb: Number.POSITIVE_INFINITY, where: '' }
afterAll(() => {
  console.log(
    `JPEG vs MozJPEG: lowest luma PSNR ${lowest.luma.toFixed(2)} dB, lowest RGB PSNR ${lowest.rgb.toFixed(2)} dB (${lowest.where})`,
  )
})

/** Decodes with both decoders and checks luma and RGB within 45 dB of MozJPEG. */
async function expectCloseToMozjpeg(bytes: Uint8Array, label: string) {
  const reference = await mozDecodeRgba(bytes)
  const luma = await ours(bytes, 'luma')
  const color = await ours(bytes, 'color')
  expect([luma.image.width, luma.image.height]).toEqual([reference.width, reference.height])
  expect([color.image.width, color.image.height]).toEqual([reference.width, reference.height])
  expect(luma.image.channels).toBe(1)
  expect(color.image.channels).toBe(3)
  const lumaPsnr = psnr(luma.pixels, lumaOf(reference.data, 4))
  const rgbPsnr = psnr(color.pixels, rgbOf(reference.data))
  if (Math.min(lumaPsnr, rgbPsnr) < Math.min(lowest.luma, lowest.rgb)) lowest.where = label
  lowest.luma = Math.min(lowest.luma, lumaPsnr)
  lowest.rgb = Math.min(lowest.rgb, rgbPsnr)
  expect(lumaPsnr, `${label} luma`).toBeGreaterThanOrEqual(45)
  expect(rgbPsnr, `${label} RGB`).toBeGreaterThanOrEqual(45)
  return { luma, color, reference }
}

describe('codecs/jpeg openJpeg on the ImageMagick fixtures', () => {
  it('finds the fixtures', () => {
    expect(JPEG_FIXTURES.length).toBeGreaterThanOrEqual(28)
  })

  for (const name of JPEG_FIXTURES.filter((n) => n !== 'ycck.jpg')) {
    it(`matches MozJPEG within 45 dB when decoding ${name}`, async () => {
      await expectCloseToMozjpeg(jpegFixture(name), name)
    })
  }

  it('reads the frame type, colour model and subsampled sizes', () => {
    const cases: Array<[string, boolean, string, number, number]> = [
      ['s420.jpg', false, 'ycbcr', 61, 43],
      ['progressive.jpg', true, 'ycbcr', 61, 43],
      ['gray.jpg', false, 'gray', 61, 43],
      ['gray-progressive.jpg', true, 'gray', 61, 43],
      ['ycck.jpg', false, 'ycck', 61, 43],
      ['odd-1x1.jpg', false, 'ycbcr', 1, 1],
      ['odd-17x9.jpg', false, 'ycbcr', 17, 9],
      ['odd-33x65-progressive.jpg', true, 'ycbcr', 33, 65],
    ]
    for (const [name, progressive, colour, width, height] of cases) {
      const opened = openJpeg(jpegFixture(name))
      if (!opened.ok) throw new Error(opened.error.message)
      expect([opened.value.progressive, opened.value.colour], name).toEqual([progressive, colour])
      expect([opened.value.width, opened.value.height], name).toEqual([width, height])
    }
  })

  it('turns Adobe YCCK into RGB within 45 dB of ImageMagick', async () => {
    const { image, pixels } = await ours(jpegFixture('ycck.jpg'), 'color')
    const expected = jpegFixture('ycck.rgb')
    expect(image.colour).toBe('ycck')
    expect(psnr(pixels, expected)).toBeGreaterThanOrEqual(45)
    const luma = await ours(jpegFixture('ycck.jpg'), 'luma')
    expect(luma.pixels).toEqual(lumaOf(pixels, 3))
  })

  it('gives 3 equal channels for a gray file in colour output', async () => {
    const { pixels } = await ours(jpegFixture('gray.jpg'), 'color')
    const { pixels: gray } = await ours(jpegFixture('gray.jpg'), 'luma')
    for (let i = 0; i < gray.length; i++) {
      expect(pixels.subarray(i * 3, i * 3 + 3)).toEqual(Uint8Array.of(gray[i]!, gray[i]!, gray[i]!))
    }
  })

  it('gives the Y component as luma, equal to the colour output where no channel clips', async () => {
    const { pixels: luma } = await ours(jpegFixture('s444.jpg'), 'luma')
    const { pixels: rgb } = await ours(jpegFixture('s444.jpg'), 'color')
    expect(maxDifference(luma, lumaOf(rgb, 3))).toBeLessThanOrEqual(2)
  })
})

describe('codecs/jpeg openJpeg on MozJPEG files made in code', () => {
  const width = 67
  const height = 45
  const vivid = photo(width, height, 11, 1)

  const variants: Array<[string, Parameters<typeof mozEncodeJpeg>[3]]> = []
  for (const progressive of [false, true]) {
    for (const quality of [10, 50, 75, 90, 100]) {
      for (const subsample of [1, 2]) {
        variants.push([
          `q${quality} ${progressive ? 'progressive' : 'baseline'} ${subsample === 1 ? '4:4:4' : '4:2:0'}`,
          {
            quality,
            progressive,
            baseline: !progressive,
            auto_subsample: false,
            chroma_subsample: subsample,
          },
        ])
      }
    }
    const kind = progressive ? 'progressive' : 'baseline'
    variants.push([`${kind} grayscale`, { progressive, baseline: !progressive, color_space: 1 }])
    variants.push([`${kind} RGB (Adobe transform 0)`, { progressive, color_space: 2 }])
    variants.push([
      `${kind} standard Huffman tables`,
      { progressive, baseline: !progressive, optimize_coding: false },
    ])
    variants.push([`${kind} trellis`, { progressive, trellis_multipass: true, quality: 60 }])
  }

  for (const [label, options] of variants) {
    it(`matches MozJPEG within 45 dB for ${label}`, async () => {
      await mozjpegReady()
      const bytes = await mozEncodeJpeg(vivid, width, height, options)
      const { color } = await expectCloseToMozjpeg(bytes, label)
      if (options.color_space === 2) expect(color.image.colour).toBe('rgb')
      if (options.color_space === 1) expect(color.image.colour).toBe('gray')
    })
  }

  it('decodes a 1024 x 768 progressive photo within 45 dB of MozJPEG', async () => {
    const big = photo(1024, 768, 5)
    const bytes = await mozEncodeJpeg(big, 1024, 768, { quality: 80, progressive: true })
    await expectCloseToMozjpeg(bytes, '1024x768 progressive')
  })
})

describe('codecs/jpeg JFIF density', () => {
  it('reads 300 dpi', () => {
    const opened = openJpeg(jpegFixture('dpi300.jpg'))
    expect(opened.ok && opened.value.density).toEqual({ x: 300, y: 300 })
  })

  it('converts 118 dots per cm to 299.72 dpi', () => {
    const opened = openJpeg(jpegFixture('dpcm118.jpg'))
    expect(opened.ok && opened.value.density).toEqual({ x: 299.72, y: 299.72 })
  })

  it('swaps the axes for a quarter-turn EXIF orientation', () => {
    const bytes = jpegFixture('dpi300.jpg').slice()
    // APP0 payload: "JFIF\0", version, units, Xdensity, Ydensity; make Ydensity 150.
    expect([bytes[2], bytes[3], bytes[6]]).toEqual([0xff, 0xe0, 0x4a])
    bytes.set([0, 150], 16)
    const exif = jpegFixture('orient-6.jpg').subarray(2, 2 + 4 + 32)
    const turned = new Uint8Array([...bytes.subarray(0, 2), ...exif, ...bytes.subarray(2)])
    const plain = openJpeg(bytes)
    expect(plain.ok && plain.value.density).toEqual({ x: 300, y: 150 })
    const opened = openJpeg(turned)
    expect(opened.ok && opened.value.density).toEqual({ x: 150, y: 300 })
  })

  it('leaves density out for JFIF units 0 (aspect ratio only)', () => {
    const opened = openJpeg(jpegFixture('s420.jpg'))
    expect(opened.ok && 'density' in opened.value).toBe(false)
  })
})

/** The file without the APP1 segment add-exif.mjs put right after SOI. */
function withoutExif(bytes: Uint8Array): Uint8Array {
  expect([bytes[2], bytes[3]]).toEqual([0xff, 0xe1])
  const length = (bytes[4]! << 8) | bytes[5]!
  const out = new Uint8Array(bytes.length - 2 - length)
  out.set(bytes.subarray(0, 2))
  out.set(bytes.subarray(4 + length), 2)
  return out
}

/** Upright pixel (x, y) of a stored w × h image is stored pixel `source(x, y)` (EXIF table). */
function uprightFromStored(
  stored: Uint8Array,
  w: number,
  h: number,
  channels: number,
  orientation: number,
): Uint8Array {
  const swap = orientation >= 5
  const uw = swap ? h : w
  const uh = swap ? w : h
  const out = new Uint8Array(stored.length)
  const sources: Record<number, (x: number, y: number) => [number, number]> = {
    1: (x, y) => [x, y],
    2: (x, y) => [w - 1 - x, y],
    3: (x, y) => [w - 1 - x, h - 1 - y],
    4: (x, y) => [x, h - 1 - y],
    5: (x, y) => [y, x],
    6: (x, y) => [y, h - 1 - x],
    7: (x, y) => [w - 1 - y, h - 1 - x],
    8: (x, y) => [w - 1 - y, x],
  }
  for (let y = 0; y < uh; y++) {
    for (let x = 0; x < uw; x++) {
      const [sx, sy] = sources[orientation]!(x, y)
      for (let c = 0; c < channels; c++) {
        out[(y * uw + x) * channels + c] = stored[(sy * w + sx) * channels + c]!
      }
    }
  }
  return out
}

describe('codecs/jpeg EXIF orientation', () => {
  for (let orientation = 1; orientation <= 8; orientation++) {
    it(`turns orientation ${orientation} upright`, async () => {
      const bytes = jpegFixture(`orient-${orientation}.jpg`)
      const stored = await ours(withoutExif(bytes), 'color')
      const upright = await ours(bytes, 'color')
      expect([upright.image.width, upright.image.height]).toEqual([40, 24])
      expect(upright.pixels).toEqual(
        uprightFromStored(stored.pixels, stored.image.width, stored.image.height, 3, orientation),
      )
      const luma = await ours(bytes, 'luma')
      const storedLuma = await ours(withoutExif(bytes), 'luma')
      expect(luma.pixels).toEqual(
        uprightFromStored(
          storedLuma.pixels,
          stored.image.width,
          stored.image.height,
          1,
          orientation,
        ),
      )
      // Against the upright source (lossy, so about 35 dB; a wrong turn gives about 12 dB).
      const source = openPng(jpegFixture('upright.png'))
      if (!source.ok) throw new Error(source.error.message)
      const reference = await collectRows(source.value)
      expect(psnr(upright.pixels, reference)).toBeGreaterThan(30)
    })
  }

  it('reports the upright size before decoding', () => {
    const opened = openJpeg(jpegFixture('orient-6.jpg'))
    expect(opened.ok && [opened.value.width, opened.value.height]).toEqual([40, 24])
  })
})

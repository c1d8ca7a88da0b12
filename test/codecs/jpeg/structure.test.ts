import { describe, expect, it } from 'vitest'
import { openJpeg } from '../../../src/codecs/jpeg/open'
import { CodecError } from '../../../src/lib/codec-error'
import {
  adobeSegment,
  planes,
  quantTable,
  type WriterOptions,
  writeJpeg,
} from '../../support/jpeg-writer'
import { mozDecodeRgba } from '../../support/mozjpeg'
import { photo } from '../../support/photo'
import { collectRows, lumaOf, psnr, rgbOf } from '../../support/pixels'

// Files no encoder here writes (restart intervals, non-interleaved scans, plain CMYK, unusual
// sampling factors, broken restart markers), made by the test writer and checked against
// MozJPEG where it reads them.

const WIDTH = 45
const HEIGHT = 37
const rgba = photo(WIDTH, HEIGHT, 3)

/** Full-range BT.601 YCbCr of the test photo, interleaved. */
const ycc = (() => {
  const out = new Uint8Array(WIDTH * HEIGHT * 3)
  const clip = (v: number) => Math.max(0, Math.min(255, Math.round(v)))
  for (let i = 0; i < WIDTH * HEIGHT; i++) {
    const r = rgba[i * 4]!
    const g = rgba[i * 4 + 1]!
    const b = rgba[i * 4 + 2]!
    out[i * 3] = clip(0.299 * r + 0.587 * g + 0.114 * b)
    out[i * 3 + 1] = clip(-0.168736 * r - 0.331264 * g + 0.5 * b + 128)
    out[i * 3 + 2] = clip(0.5 * r - 0.418688 * g - 0.081312 * b + 128)
  }
  return out
})()

/** A YCbCr JPEG of the test photo with these sampling factors and options. */
function ycbcrJpeg(
  factors: Array<[number, number]>,
  options: Partial<WriterOptions> = {},
): Uint8Array {
  const components = planes(ycc, WIDTH, HEIGHT, 3, factors).map((samples, i) => ({
    id: i + 1,
    h: factors[i]![0],
    v: factors[i]![1],
    tq: i === 0 ? 0 : 1,
    samples,
  }))
  return writeJpeg({
    width: WIDTH,
    height: HEIGHT,
    components,
    quant: [quantTable(90), quantTable(85)],
    ...options,
  })
}

async function ours(bytes: Uint8Array, output: 'luma' | 'color') {
  const opened = openJpeg(bytes, { output })
  if (!opened.ok) throw new Error(`${opened.error.reason}: ${opened.error.message}`)
  return { image: opened.value, pixels: await collectRows(opened.value) }
}

async function expectCloseToMozjpeg(bytes: Uint8Array) {
  const reference = await mozDecodeRgba(bytes)
  const luma = await ours(bytes, 'luma')
  const color = await ours(bytes, 'color')
  expect(psnr(luma.pixels, lumaOf(reference.data, 4))).toBeGreaterThanOrEqual(45)
  expect(psnr(color.pixels, rgbOf(reference.data))).toBeGreaterThanOrEqual(45)
  return { luma, color }
}

const S420: Array<[number, number]> = [
  [2, 2],
  [1, 1],
  [1, 1],
]

describe('codecs/jpeg restart intervals', () => {
  for (const interval of [1, 2, 7]) {
    it(`matches MozJPEG with a restart every ${interval} MCUs`, async () => {
      const bytes = ycbcrJpeg(S420, { restartInterval: interval })
      await expectCloseToMozjpeg(bytes)
      const plain = await ours(ycbcrJpeg(S420), 'color')
      expect((await ours(bytes, 'color')).pixels).toEqual(plain.pixels)
    })
  }

  it('tolerates a missing RST marker where the data goes on', async () => {
    const whole = await ours(ycbcrJpeg(S420, { restartInterval: 2 }), 'color')
    const missing = ycbcrJpeg(S420, { restartInterval: 2, dropRestarts: (i) => i === 3 })
    expect((await ours(missing, 'color')).pixels).toEqual(whole.pixels)
    const everyOther = ycbcrJpeg(S420, { restartInterval: 1, dropRestarts: (i) => i % 2 === 0 })
    const whole1 = await ours(ycbcrJpeg(S420, { restartInterval: 1 }), 'luma')
    expect((await ours(everyOther, 'luma')).pixels).toEqual(whole1.pixels)
  })

  it('fails as corrupt when an RST marker has the wrong number', async () => {
    const bytes = ycbcrJpeg(S420, { restartInterval: 2, restartNumber: (i) => (i === 2 ? 5 : i) })
    const opened = openJpeg(bytes)
    if (!opened.ok) throw new Error(opened.error.message)
    const failure = await collectRows(opened.value).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(CodecError)
    expect(failure).toMatchObject({
      reason: 'corrupt',
      message: expect.stringMatching(/expected RST2 but found RST5/),
    })
  })
})

describe('codecs/jpeg non-interleaved sequential scans', () => {
  it('matches MozJPEG with one scan per component and restarts', async () => {
    const bytes = ycbcrJpeg(S420, { scans: [[0], [1], [2]], restartInterval: 3 })
    await expectCloseToMozjpeg(bytes)
  })

  it('matches MozJPEG with the chroma scan before the luma scan', async () => {
    const bytes = ycbcrJpeg(S420, { scans: [[1, 2], [0]] })
    const { luma } = await expectCloseToMozjpeg(bytes)
    expect(luma.image.bufferBytes).toBeLessThan((await ours(bytes, 'color')).image.bufferBytes)
  })

  it('fails as corrupt when a component appears in two sequential scans', () => {
    const bytes = ycbcrJpeg(S420, {
      scans: [
        [0, 1],
        [1, 2],
      ],
    })
    const opened = openJpeg(bytes, { output: 'color' })
    expect(!opened.ok && opened.error).toEqual({
      reason: 'corrupt',
      message: 'component 2 appears in two sequential scans',
    })
  })

  it('fails as corrupt when a needed component never gets a scan', () => {
    const bytes = ycbcrJpeg(S420, { scans: [[0, 1]] })
    const color = openJpeg(bytes, { output: 'color' })
    expect(!color.ok && color.error.reason).toBe('corrupt')
    expect(!color.ok && color.error.message).toBe('component 3 has no scan')
    expect(openJpeg(bytes, { output: 'luma' }).ok).toBe(true)
  })
})

describe('codecs/jpeg sampling factors', () => {
  const cases: Array<[string, Array<[number, number]>]> = [
    [
      '3x1 luma (non-integral chroma ratio 3)',
      [
        [3, 1],
        [1, 1],
        [1, 1],
      ],
    ],
    [
      'luma smaller than chroma (1x1, 2x2, 2x2)',
      [
        [1, 1],
        [2, 2],
        [2, 2],
      ],
    ],
    [
      'mixed chroma (2x2, 2x1, 1x2)',
      [
        [2, 2],
        [2, 1],
        [1, 2],
      ],
    ],
    [
      '4x2 luma',
      [
        [4, 2],
        [1, 1],
        [1, 1],
      ],
    ],
    [
      '2x4 luma',
      [
        [2, 4],
        [1, 1],
        [1, 1],
      ],
    ],
    [
      '3x2 luma',
      [
        [3, 2],
        [1, 1],
        [1, 1],
      ],
    ],
  ]
  for (const [label, factors] of cases) {
    it(`matches MozJPEG for ${label}`, async () => {
      await expectCloseToMozjpeg(ycbcrJpeg(factors))
    })
  }

  it('decodes a fractional ratio (1x3, 1x2, 1x1), which MozJPEG refuses, close to the source', async () => {
    const bytes = ycbcrJpeg([
      [1, 3],
      [1, 2],
      [1, 1],
    ])
    const { pixels } = await ours(bytes, 'color')
    expect(psnr(pixels, rgbOf(rgba))).toBeGreaterThan(30)
    // Y is full resolution, so its blocks (and luma) are those of a 4:4:4 file.
    const full = ycbcrJpeg([
      [1, 1],
      [1, 1],
      [1, 1],
    ])
    expect((await ours(bytes, 'luma')).pixels).toEqual((await ours(full, 'luma')).pixels)
  })

  it('fails as corrupt when an interleaved MCU has more than 10 blocks', () => {
    const opened = openJpeg(
      ycbcrJpeg([
        [4, 4],
        [1, 1],
        [1, 1],
      ]),
    )
    expect(!opened.ok && opened.error.reason).toBe('corrupt')
    expect(!opened.ok && opened.error.message).toContain('an MCU of 18 blocks')
  })
})

describe('codecs/jpeg colour models', () => {
  it('reads 3 components with ids R, G, B and no marker as RGB', async () => {
    const rgb = new Uint8Array(rgbOf(rgba))
    const components = planes(rgb, WIDTH, HEIGHT, 3, [
      [1, 1],
      [1, 1],
      [1, 1],
    ]).map((samples, i) => ({ id: 'RGB'.charCodeAt(i), h: 1, v: 1, tq: 0, samples }))
    const bytes = writeJpeg({ width: WIDTH, height: HEIGHT, components, quant: [quantTable(95)] })
    const { image, pixels } = await ours(bytes, 'color')
    expect(image.colour).toBe('rgb')
    expect(psnr(pixels, rgb)).toBeGreaterThan(38)
    expect((await ours(bytes, 'luma')).pixels).toEqual(lumaOf(pixels, 3))
  })

  it('reads Adobe CMYK (transform 0, inverted) as naive RGB', async () => {
    // Adobe stores 255 − ink; naive CMYK of an RGB pixel: K = 1 − max, C = (1 − R − K) / (1 − K).
    const cmyk = new Uint8Array(WIDTH * HEIGHT * 4)
    for (let i = 0; i < WIDTH * HEIGHT; i++) {
      const [r, g, b] = [rgba[i * 4]!, rgba[i * 4 + 1]!, rgba[i * 4 + 2]!]
      const max = Math.max(r, g, b)
      const k = 255 - max
      const ink = (v: number) => (max === 0 ? 0 : Math.round((255 * (max - v)) / max))
      cmyk.set([255 - ink(r), 255 - ink(g), 255 - ink(b), 255 - k], i * 4)
    }
    const components = planes(cmyk, WIDTH, HEIGHT, 4, [
      [1, 1],
      [1, 1],
      [1, 1],
      [1, 1],
    ]).map((samples, i) => ({ id: i + 1, h: 1, v: 1, tq: 0, samples }))
    const bytes = writeJpeg({
      width: WIDTH,
      height: HEIGHT,
      components,
      quant: [quantTable(95)],
      segments: [adobeSegment(0)],
    })
    const { image, pixels } = await ours(bytes, 'color')
    expect(image.colour).toBe('cmyk')
    expect(psnr(pixels, rgbOf(rgba))).toBeGreaterThan(35)
    expect((await ours(bytes, 'luma')).pixels).toEqual(lumaOf(pixels, 3))
  })
})

describe('codecs/jpeg extended sequential (SOF1)', () => {
  it('decodes an SOF1 file as its SOF0 twin', async () => {
    const baseline = ycbcrJpeg(S420)
    const extended = ycbcrJpeg(S420, { sof: 0xc1 })
    expect((await ours(extended, 'color')).pixels).toEqual((await ours(baseline, 'color')).pixels)
  })
})

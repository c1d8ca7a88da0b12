// The WebP container as the Worker opens it (openImage → openWebp), against libwebp (jSquash's
// decode) byte for byte: lossy with and without an ALPH plane of every kind, lossless with and
// without alpha, extended (VP8X) files, and the container's edge cases: the last ALPH chunk wins,
// transparency a header denies is refused rather than dropped, a RIFF size past the data fails.

import { describe, expect, it } from 'vitest'
import { openImage } from '../../../src/codecs/decode'
import { CodecError } from '../../../src/lib/codec-error'
import { decodeWithLibwebp, encodeWebp, type Rgba, riffWebp, webpChunk } from '../../support/webp'

/** A seeded RGBA test image: texture, a gradient, and (with `alpha`) varying transparency. */
function image(width: number, height: number, alpha: boolean): Rgba {
  const data = new Uint8ClampedArray(width * height * 4)
  let seed = width * 31 + height
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
      const i = (y * width + x) * 4
      data[i] = (x * 7 + (seed >>> 28)) & 255
      data[i + 1] = (y * 5) & 255
      data[i + 2] = seed >>> 24
      data[i + 3] = alpha ? (x * 13 + y * 3) & 255 : 255
    }
  }
  return { data, width, height }
}

/** Ours through openImage, as RGBA (RGB rows get alpha 255), or the CodecError it threw. */
async function ours(bytes: Uint8Array): Promise<Uint8Array | CodecError> {
  try {
    const rows = await openImage(bytes, 'webp')
    const { width, height, channels } = rows
    const out = new Uint8Array(width * height * 4).fill(255)
    let y = 0
    for await (const row of rows.rows) {
      for (let x = 0; x < width; x++) {
        for (let c = 0; c < channels; c++) out[(y * width + x) * 4 + c] = row[x * channels + c]!
      }
      y++
    }
    expect(y).toBe(height)
    return out
  } catch (error) {
    if (error instanceof CodecError) return error
    throw error
  }
}

/** A VP8X payload for a `width` × `height` canvas with the alpha flag. */
function vp8x(width: number, height: number): Uint8Array {
  const out = new Uint8Array(10)
  out[0] = 0x10
  for (let i = 0; i < 3; i++) {
    out[4 + i] = ((width - 1) >> (8 * i)) & 255
    out[7 + i] = ((height - 1) >> (8 * i)) & 255
  }
  return out
}

describe('openImage on WebP against libwebp', () => {
  const cases: [string, boolean, Record<string, number>][] = [
    ['lossy', false, { quality: 70 }],
    ['lossy, simple filter, 4 partitions', false, { quality: 40, filter_type: 0, partitions: 2 }],
    ['lossy + raw alpha', true, { quality: 70, alpha_compression: 0 }],
    ['lossy + lossless alpha, no filter', true, { quality: 70, alpha_filtering: 0 }],
    ['lossy + lossless alpha, best filter', true, { quality: 70, alpha_filtering: 2 }],
    ['lossy + quantized alpha', true, { quality: 70, alpha_quality: 30 }],
    ['lossless, opaque', false, { lossless: 1 }],
    ['lossless with alpha', true, { lossless: 1, exact: 1 }],
  ]
  for (const [name, alpha, options] of cases) {
    it(`gives libwebp's pixels: ${name}, at odd sizes`, async () => {
      for (const [w, h] of [
        [1, 1],
        [21, 13],
        [64, 3],
      ] as const) {
        const bytes = await encodeWebp(image(w, h, alpha), options)
        expect(await ours(bytes), `${w}x${h}`).toEqual(await decodeWithLibwebp(bytes))
      }
    })
  }

  it('takes the last ALPH chunk before the frame, as libwebp does', async () => {
    const encoded = await encodeWebp(image(21, 13, true), { quality: 70 })
    const frame = webpChunk(encoded, 'VP8 ')
    const alph = webpChunk(encoded, 'ALPH')
    const transparent = new Uint8Array(1 + 21 * 13)
    const file = riffWebp([
      ['VP8X', vp8x(21, 13)],
      ['ALPH', alph],
      ['ALPH', transparent],
      ['VP8 ', frame],
    ])
    const decoded = await ours(file)
    expect(decoded).toEqual(await decodeWithLibwebp(file))
    expect((decoded as Uint8Array)[3]).toBe(0)
  })

  it('refuses a lossless file whose headers deny the transparency its pixels have', async () => {
    const frame = webpChunk(
      await encodeWebp(image(21, 13, true), { lossless: 1, exact: 1 }),
      'VP8L',
    )
    const denied = frame.slice()
    denied[4]! &= ~0x10
    const error = await ours(riffWebp([['VP8L', denied]]))
    expect(error).toBeInstanceOf(CodecError)
    expect((error as CodecError).reason).toBe('corrupt')
    // With VP8X's alpha flag the pixels' alpha is kept, as libwebp keeps it.
    const flagged = riffWebp([
      ['VP8X', vp8x(21, 13)],
      ['VP8L', denied],
    ])
    expect(await ours(flagged)).toEqual(await decodeWithLibwebp(flagged))
  })

  it('fails a file whose RIFF size runs past the data, or whose first chunk is not a frame', async () => {
    const bytes = await encodeWebp(image(21, 13, false), { quality: 70 })
    const long = bytes.slice()
    new DataView(long.buffer).setUint32(4, bytes.length, true)
    const frame = webpChunk(bytes, 'VP8 ')
    for (const file of [
      long,
      riffWebp([
        ['ALPH', new Uint8Array(1 + 21 * 13)],
        ['VP8 ', frame],
      ]),
    ]) {
      const error = await ours(file)
      expect(error).toBeInstanceOf(CodecError)
      expect((error as CodecError).reason).toBe('corrupt')
    }
  })

  it('refuses an animation (VP8X animation flag) as unsupported, not corrupt', async () => {
    const frame = webpChunk(await encodeWebp(image(21, 13, false), { quality: 70 }), 'VP8 ')
    const flags = vp8x(21, 13)
    flags[0] = 0x02
    const error = await ours(
      riffWebp([
        ['VP8X', flags],
        ['VP8 ', frame],
      ]),
    )
    expect(error).toBeInstanceOf(CodecError)
    expect((error as CodecError).reason).toBe('unsupported')
  })
})

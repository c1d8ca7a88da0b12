// The streaming VP8 (lossy WebP) decoder against libwebp (jSquash's wasm build): images made in
// code, encoded with a spread of encoder options, must decode (through the fancy upsampler) to
// the same RGBA bytes; the bands must tile the picture; truncated and corrupted payloads end in
// a CodecError.

import { describe, expect, it } from 'vitest'
import { decodeVp8 } from '../../../src/codecs/webp/vp8/decode'
import { bandRows } from '../../../src/codecs/webp/vp8/upsample'
import { CodecError } from '../../../src/lib/codec-error'
import { xorshift } from '../../support/fuzz'
import { decodeWithLibwebp, encodeWebp, type Rgba, riffWebp, webpChunk } from '../../support/webp'

/** Our decoder's bands through the fancy upsampler, as one RGBA buffer. */
function ours(payload: Uint8Array, chunkSize = payload.length): Uint8Array {
  const { frame, bands } = decodeVp8(payload, chunkSize)
  const out = new Uint8Array(frame.width * frame.height * 4)
  let at = 0
  for (const row of bandRows(frame.width, frame.height, bands(), 4)) {
    out.set(row, at)
    at += row.length
  }
  expect(at).toBe(out.length)
  return out
}

/** Smooth gradients and waves with grain: a photo's kind of content. */
function photo(width: number, height: number, seed: number): Rgba {
  const next = xorshift(seed)
  const data = new Uint8ClampedArray(width * height * 4)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4
      data[i] = (x * 255) / Math.max(1, width) + (next() % 13) - 6
      data[i + 1] = (y * 255) / Math.max(1, height) + (next() % 9) - 4
      data[i + 2] = 128 + 100 * Math.sin((x + 2 * y) / 7) + (next() % 5)
      data[i + 3] = 255
    }
  }
  return { data, width, height }
}

/** Black lines and a filled box on white: a patent drawing's kind of content. */
function drawing(width: number, height: number): Rgba {
  const data = new Uint8ClampedArray(width * height * 4).fill(255)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ink =
        x % 11 === 3 ||
        (x + y) % 17 === 0 ||
        (x > width / 3 && x < width / 2 && y > height / 4 && y < height / 2)
      if (ink) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3)
    }
  }
  return { data, width, height }
}

function flat(width: number, height: number): Rgba {
  const data = new Uint8ClampedArray(width * height * 4)
  for (let i = 0; i < data.length; i += 4) data.set([200, 40, 90, 255], i)
  return { data, width, height }
}

async function expectSame(image: Rgba, options: Record<string, number>): Promise<void> {
  const file = await encodeWebp(image, options)
  const expected = await decodeWithLibwebp(file)
  const actual = ours(webpChunk(file, 'VP8 '))
  let firstDiff = -1
  for (let i = 0; i < expected.length && firstDiff < 0; i++)
    if (expected[i] !== actual[i]) firstDiff = i
  const where =
    firstDiff < 0
      ? ''
      : `pixel ${(firstDiff >> 2) % image.width},${Math.floor((firstDiff >> 2) / image.width)}`
  expect(where, JSON.stringify(options)).toBe('')
  expect(actual.length).toBe(expected.length)
}

describe('VP8 decode matches libwebp byte for byte', () => {
  const sizes: [number, number][] = [
    [1, 1],
    [15, 17],
    [16, 16],
    [33, 65],
  ]
  // Token partitions: libwebp's encoder writes more than one only at methods 0-2.
  const optionSets: Record<string, number>[] = [
    { quality: 75 },
    { quality: 5 },
    { quality: 50, method: 0 },
    { quality: 100, method: 6 },
    { quality: 75, segments: 1, sns_strength: 0 },
    { quality: 60, segments: 2, sns_strength: 100 },
    { quality: 40, segments: 3, filter_strength: 100, filter_sharpness: 7 },
    { quality: 30, filter_strength: 0 },
    { quality: 30, filter_strength: 60, filter_type: 0 },
    { quality: 30, filter_strength: 60, filter_type: 0, filter_sharpness: 3 },
    { quality: 20, filter_strength: 100, filter_type: 1, filter_sharpness: 5 },
    { quality: 75, partitions: 3, method: 2 },
    { quality: 50, partitions: 2, method: 1, autofilter: 1 },
    { quality: 90, partitions: 1, method: 0 },
    { quality: 60, method: 3, segments: 4, sns_strength: 90 },
    { quality: 85, method: 5, filter_type: 0, filter_strength: 40 },
  ]
  for (const [w, h] of sizes) {
    for (const [kind, make] of [
      ['photo', () => photo(w, h, w * 31 + h)],
      ['drawing', () => drawing(w, h)],
      ['flat', () => flat(w, h)],
    ] as const) {
      it(`${kind} ${w}×${h}`, async () => {
        for (const options of optionSets) await expectSame(make(), options)
      })
    }
  }

  it('photo and drawing 640×480 at several settings', async () => {
    const p = photo(640, 480, 5)
    const d = drawing(640, 480)
    await expectSame(p, { quality: 75 })
    await expectSame(p, {
      quality: 30,
      filter_type: 0,
      filter_strength: 60,
      partitions: 3,
      method: 2,
    })
    await expectSame(d, { quality: 75, method: 6, segments: 4 })
    await expectSame(d, { quality: 95, filter_sharpness: 7, autofilter: 1 })
  })
})

describe('VP8 bands', () => {
  it('tile the picture top to bottom with even tops, holding one macroblock row', async () => {
    for (const [w, h, options] of [
      [40, 70, { quality: 75 }],
      [40, 70, { quality: 75, filter_type: 0 }],
      [40, 70, { quality: 75, filter_strength: 0 }],
    ] as const) {
      const file = await encodeWebp(photo(w, h, 3), options)
      const { frame, bands } = decodeVp8(webpChunk(file, 'VP8 '))
      expect([frame.width, frame.height, frame.mbWidth, frame.mbHeight]).toEqual([w, h, 3, 5])
      let next = 0
      for (const band of bands()) {
        expect(band.top).toBe(next)
        expect(band.top % 2).toBe(0)
        expect(band.rows).toBeGreaterThan(0)
        expect(band.yStride).toBe(48)
        expect(band.y.length).toBeLessThanOrEqual(24 * 48)
        next = band.top + band.rows
      }
      expect(next).toBe(h)
    }
  })
})

describe('VP8 corrupt input', () => {
  /** Decodes fully; returns 'ok' or the CodecError's reason, and fails on any other exception. */
  function outcome(payload: Uint8Array, chunkSize = payload.length): string {
    try {
      const { frame, bands } = decodeVp8(payload, chunkSize)
      for (const _ of bandRows(frame.width, frame.height, bands(), 3)) {
        // drain
      }
      return 'ok'
    } catch (e) {
      if (e instanceof CodecError) return e.reason
      throw e
    }
  }

  it('fails on truncated data exactly where libwebp fails, and agrees with it otherwise', async () => {
    const file = await encodeWebp(photo(64, 48, 9), { quality: 80, partitions: 2, method: 2 })
    const payload = webpChunk(file, 'VP8 ')
    const cuts = [0, 3, 9, 10, 20, payload.length >> 2, payload.length >> 1, payload.length - 40]
    for (let cut = payload.length - 12; cut < payload.length; cut++) cuts.push(cut)
    for (const cut of cuts) {
      // libwebp reads the VP8 data to the end of the file, pad byte included: so do we here.
      const cutFile = riffWebp([['VP8 ', payload.subarray(0, cut)]])
      const part = cutFile.subarray(20)
      const size = cut
      const theirs = await decodeWithLibwebp(cutFile).then(
        (rgba) => rgba,
        () => null,
      )
      if (theirs === null) {
        expect(outcome(part, size), `cut at ${cut}`).toBe('corrupt')
      } else {
        expect(ours(part, size), `cut at ${cut}`).toEqual(theirs)
      }
    }
  })

  it('rejects inter frames as unsupported', async () => {
    const file = await encodeWebp(photo(16, 16, 1), { quality: 50 })
    const payload = webpChunk(file, 'VP8 ').slice()
    payload[0]! |= 1
    expect(outcome(payload)).toBe('unsupported')
  })

  it('ends flipped bytes in the picture libwebp makes, or a CodecError where libwebp fails', async () => {
    // More rounds on demand: VITE_VP8_FLIPS=5000 npx vitest run … -t flipped
    const rounds = Number(import.meta.env.VITE_VP8_FLIPS ?? 200)
    const bases = [
      await encodeWebp(photo(48, 40, 4), { quality: 70, partitions: 1, method: 1 }),
      await encodeWebp(drawing(40, 40), {
        quality: 95,
        partitions: 3,
        method: 2,
        filter_type: 0,
        filter_sharpness: 6,
      }),
    ]
    for (const [b, file] of bases.entries()) {
      const payload = webpChunk(file, 'VP8 ')
      const next = xorshift(77 + b)
      for (let round = 0; round < rounds; round++) {
        const bad = payload.slice()
        const flips = 1 + (next() % 4)
        // Every other round flips within the header and first-partition bytes, where fields live.
        const span = round & 1 ? Math.min(48, bad.length) : bad.length
        for (let f = 0; f < flips; f++) bad[next() % span]! ^= 1 << (next() % 8)
        const badFile = riffWebp([['VP8 ', bad]])
        const result = outcome(badFile.subarray(20), bad.length)
        expect(['ok', 'corrupt', 'unsupported']).toContain(result)
        const theirs = await decodeWithLibwebp(badFile).then(
          (rgba) => rgba,
          () => null,
        )
        const label = `base ${b} round ${round}`
        if (theirs === null) expect(result, label).not.toBe('ok')
        else expect(ours(badFile.subarray(20), bad.length), label).toEqual(theirs)
      }
    }
  })
})

// Speed beside libwebp, on demand: VITE_VP8_BENCH=1 npx vitest run test/codecs/webp/vp8-decode.test.ts -t speed
describe.runIf(import.meta.env.VITE_VP8_BENCH)('VP8 decoder speed', () => {
  /** Wall time of `work`, ms; workerd's clock moves only across I/O, so yield before reading it. */
  async function timed(work: () => Promise<unknown> | unknown): Promise<number> {
    await new Promise((resolve) => setTimeout(resolve, 0))
    const start = performance.now()
    await work()
    await new Promise((resolve) => setTimeout(resolve, 0))
    return performance.now() - start
  }

  it('2000 × 2000 at quality 75 against libwebp', async () => {
    const w = 2000
    const h = 2000
    const next = xorshift(12345)
    const data = new Uint8ClampedArray(w * h * 4)
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 4
        data[i] = (x * 255) / w + (next() % 41) - 20 + 40 * Math.sin(x / 9) * Math.cos(y / 13)
        data[i + 1] = (y * 255) / h + 60 * Math.sin(x / 40) + (next() % 31)
        data[i + 2] = 128 + 100 * Math.sin((x + 2 * y) / 57) + (next() % 9)
        data[i + 3] = 255
      }
    }
    const file = await encodeWebp({ data, width: w, height: h }, { quality: 75 })
    const payload = webpChunk(file, 'VP8 ')
    const yuv: number[] = []
    const rgba: number[] = []
    const theirs: number[] = []
    for (let i = 0; i < 7; i++) {
      yuv.push(
        await timed(() => {
          for (const _ of decodeVp8(payload).bands()) {
            // Bands only; no colour conversion.
          }
        }),
      )
      rgba.push(
        await timed(() => {
          const { frame, bands } = decodeVp8(payload)
          for (const _ of bandRows(frame.width, frame.height, bands(), 4)) {
            // RGBA rows through the fancy upsampler.
          }
        }),
      )
      theirs.push(await timed(() => decodeWithLibwebp(file)))
    }
    const summary = (ms: number[]) => {
      const sorted = ms.sort((a, b) => a - b)
      return `median ${sorted[3]!.toFixed(0)} ms (min ${sorted[0]!.toFixed(0)})`
    }
    console.warn(
      `${file.length} bytes: ours to Y/U/V ${summary(yuv)}, ours to RGBA ${summary(rgba)}, libwebp to RGBA ${summary(theirs)}`,
    )
  })
})

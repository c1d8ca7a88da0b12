// The streaming VP8L decoder against libwebp (jSquash's wasm build): images made in code, encoded
// losslessly with a spread of encoder options, must decode to the same RGBA bytes; corrupt and
// truncated files end in a CodecError; a large image decodes with a ring far below the image.

import { describe, expect, it } from 'vitest'
import { openVp8l } from '../../../src/codecs/webp/vp8l/decode'
import { CodecError } from '../../../src/lib/codec-error'
import { xorshift } from '../../support/fuzz'
import { decodeWithLibwebp, encodeWebp, type Rgba, webpChunk } from '../../support/webp'

/** Our decoder's rows, unpacked to RGBA. */
function ours(payload: Uint8Array): Uint8Array {
  const image = openVp8l(payload)
  const out = new Uint8Array(image.width * image.height * 4)
  let i = 0
  for (const row of image.rows()) {
    for (let x = 0; x < image.width; x++, i += 4) {
      const p = row[x]!
      out[i] = p >>> 16
      out[i + 1] = p >>> 8
      out[i + 2] = p
      out[i + 3] = p >>> 24
    }
  }
  expect(i).toBe(out.length)
  return out
}

type Painter = (x: number, y: number, next: () => number) => [number, number, number, number]

function paint(width: number, height: number, painter: Painter, seed = 1): Rgba {
  const next = xorshift(seed)
  const data = new Uint8ClampedArray(width * height * 4)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(painter(x, y, next), (y * width + x) * 4)
  }
  return { data, width, height }
}

const gradient: Painter = (x, y) => [x & 255, y & 255, (x + y) & 255, 255]
const noise: Painter = (_x, _y, next) => {
  const r = next()
  return [r & 255, (r >>> 8) & 255, (r >>> 16) & 255, 255]
}
const drawing: Painter = (x, y) => {
  const ink = x % 23 === 0 || y % 17 === 0 || Math.abs(x - 2 * y) < 2
  return ink ? [0, 0, 0, 255] : [255, 255, 255, 255]
}
const transparent: Painter = (x, y, next) => [
  (x * 7) & 255,
  (y * 3) & 255,
  next() & 15,
  x < 5 ? 0 : (x * y) & 255,
]
/** `n` colours, in blocks with some grain so the encoder keeps a palette. */
const palette =
  (n: number): Painter =>
  (x, y, next) => {
    const i = (((x >> 2) + (y >> 1) * 3 + (next() % 3)) * 7) % n
    return [(i * 53) & 255, (i * 97) & 255, (i * 31) & 255, i % 5 === 0 ? 128 : 255]
  }

async function expectSameAsLibwebp(image: Rgba, options: Record<string, number>) {
  const file = await encodeWebp(image, { lossless: 1, ...options })
  const mine = ours(webpChunk(file, 'VP8L'))
  const truth = await decodeWithLibwebp(file)
  expect(mine.length).toBe(truth.length)
  const first = mine.findIndex((v, i) => v !== truth[i])
  expect(first, `first differing byte at ${first} (${image.width}×${image.height})`).toBe(-1)
}

describe('VP8L decoder against libwebp', () => {
  const cases: [string, Rgba][] = [
    ['gradient 64×48', paint(64, 48, gradient)],
    ['noise 40×30', paint(40, 30, noise)],
    ['drawing 120×90', paint(120, 90, drawing)],
    ['transparent 33×21', paint(33, 21, transparent)],
    ['1×1', paint(1, 1, noise)],
    ['1×40', paint(1, 40, gradient)],
    ['3×7', paint(3, 7, noise)],
    ['17×9', paint(17, 9, transparent)],
    ['257×5', paint(257, 5, gradient)],
    ['2 colours 50×20', paint(50, 20, palette(2))],
    ['4 colours 37×20', paint(37, 20, palette(4))],
    ['16 colours 41×20', paint(41, 20, palette(16))],
    ['200 colours 64×40', paint(64, 40, palette(200))],
  ]
  for (const [name, image] of cases) {
    it(`${name}, methods 0-6`, async () => {
      for (let method = 0; method <= 6; method++) {
        await expectSameAsLibwebp(image, { method, quality: method === 6 ? 100 : 75 })
      }
    })
  }

  it('exact, near-lossless and low quality settings', async () => {
    const images = [paint(45, 31, transparent), paint(64, 64, gradient), paint(30, 30, noise)]
    for (const image of images) {
      await expectSameAsLibwebp(image, { exact: 1, method: 4 })
      await expectSameAsLibwebp(image, { near_lossless: 60, method: 4 })
      await expectSameAsLibwebp(image, { quality: 0, method: 0 })
      await expectSameAsLibwebp(image, { quality: 100, method: 5, exact: 1 })
    }
  })

  it('larger images with many prefix-code groups and long references', async () => {
    const mixed: Painter = (x, y, next) =>
      x < 150 ? noise(x, y, next) : y < 100 ? drawing(x, y, next) : gradient(x, y, next)
    await expectSameAsLibwebp(paint(300, 200, mixed), { method: 5, quality: 90 })
    await expectSameAsLibwebp(paint(300, 200, palette(16)), { method: 4 })
  })
})

describe('VP8L decoder on damaged data', () => {
  /** Runs the decoder to the end; returns 'ok' or 'codec' and fails on anything else. */
  function outcome(payload: Uint8Array): string {
    try {
      for (const _ of openVp8l(payload).rows()) {
        // Every row is produced.
      }
      return 'ok'
    } catch (error) {
      if (error instanceof CodecError) return 'codec'
      throw error
    }
  }

  it('truncated and flipped files end in rows or a CodecError', async () => {
    const files = [
      await encodeWebp(paint(60, 40, transparent), { lossless: 1, method: 4 }),
      await encodeWebp(paint(60, 40, palette(4)), { lossless: 1, method: 6, quality: 100 }),
      await encodeWebp(paint(80, 60, drawing), { lossless: 1, method: 2 }),
    ]
    const next = xorshift(99)
    for (const file of files) {
      const payload = webpChunk(file, 'VP8L')
      for (const cut of [0, 1, 4, 5, 8, 12, 20, payload.length >> 2, payload.length >> 1]) {
        expect(outcome(payload.subarray(0, Math.min(cut, payload.length - 1)))).toBe('codec')
      }
      for (let i = 0; i < 300; i++) {
        const damaged = payload.slice()
        const at = 5 + (next() % (damaged.length - 5))
        damaged[at] = damaged[at]! ^ (1 << (next() % 8))
        expect(['ok', 'codec']).toContain(outcome(damaged))
      }
    }
  })
})

describe('VP8L decoder memory', () => {
  it('decodes 4000 × 3000 holding a ring far below the image', async () => {
    const width = 4000
    const height = 3000
    const image = paint(width, height, (x, y) => [
      (x >> 4) & 255,
      (y >> 4) & 255,
      (x ^ y) & 255,
      255,
    ])
    const file = await encodeWebp(image, { lossless: 1, method: 0, quality: 0 })
    const decoded = openVp8l(webpChunk(file, 'VP8L'))
    let rows = 0
    for (const row of decoded.rows()) {
      if (rows === 1234) {
        for (let x = 0; x < width; x += 97) {
          const p = row[x]!
          expect([(p >>> 16) & 255, (p >>> 8) & 255, p & 255]).toEqual([
            (x >> 4) & 255,
            (1234 >> 4) & 255,
            (x ^ 1234) & 255,
          ])
        }
      }
      rows++
    }
    expect(rows).toBe(height)
    expect(decoded.held.bytes).toBeGreaterThan(4 << 20)
    expect(decoded.held.bytes).toBeLessThan((width * height * 4) / 8)
  })
})

/** A VP8L payload from (value, bit count) fields, least significant bit first, zero-padded. */
function vp8lBits(fields: [number, number][]): Uint8Array {
  const out = new Uint8Array(64)
  let bit = 0
  for (const [value, count] of fields) {
    for (let i = 0; i < count; i++, bit++) out[bit >> 3]! |= ((value >>> i) & 1) << (bit & 7)
  }
  return out
}

describe('VP8L decoder on hostile sizes', () => {
  it('refuses a stream that would hold more than its cap as too_large, before decoding it', () => {
    // 7000 × 5000 with a predictor transform on 4 × 4 blocks: a 1750 × 1250 sub-image (8.75 MB).
    const data = vp8lBits([
      [0x2f, 8],
      [6999, 14],
      [4999, 14],
      [0, 1],
      [0, 3],
      [1, 1],
      [0, 2],
      [0, 3],
    ])
    const image = openVp8l(data, { maxHeldBytes: 8 << 20 })
    expect([image.width, image.height]).toEqual([7000, 5000])
    let thrown: unknown
    try {
      for (const _ of image.rows()) break
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(CodecError)
    expect((thrown as CodecError).reason).toBe('too_large')
  })
})

// Speed beside libwebp, on demand: VITE_VP8L_BENCH=1 npx vitest run test/codecs/webp/vp8l.test.ts -t speed
describe.runIf(import.meta.env.VITE_VP8L_BENCH)('VP8L decoder speed', () => {
  /** Wall time of `work`, ms; workerd's clock moves only across I/O, so yield before reading it. */
  async function timed(work: () => Promise<unknown> | unknown): Promise<number> {
    await new Promise((resolve) => setTimeout(resolve, 0))
    const start = performance.now()
    await work()
    await new Promise((resolve) => setTimeout(resolve, 0))
    return performance.now() - start
  }

  it('2000 × 2000 against libwebp', async () => {
    const photo: Painter = (x, y, next) => {
      const g = next() & 7
      return [(x >> 3) + g, (y >> 3) + g, ((x + y) >> 4) + g, 255]
    }
    for (const [name, painter] of [
      ['photo-like', photo],
      ['drawing', drawing],
      ['noise', noise],
    ] as const) {
      const file = await encodeWebp(paint(2000, 2000, painter), { lossless: 1 })
      const payload = webpChunk(file, 'VP8L')
      const mine: number[] = []
      const theirs: number[] = []
      for (let i = 0; i < 7; i++) {
        mine.push(
          await timed(() => {
            for (const _ of openVp8l(payload).rows()) {
              // Rows only; no RGBA unpacking.
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
        `${name} (${file.length} bytes): ours ${summary(mine)}, libwebp ${summary(theirs)}`,
      )
    }
  })
})

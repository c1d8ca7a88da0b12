// The PNG codec checked by independent decoders under Node: @jsquash/png (the Rust `png` crate
// as wasm; Node can compile wasm from bytes, workerd cannot) and ImageMagick 6 (`identify`,
// `convert`, skipped with a message when absent). Also prints decode and encode throughput.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decode as jsquashDecode, init as jsquashInit } from '@jsquash/png/decode.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPng } from '../../src/codecs/png/decode'
import { encodePng } from '../../src/codecs/png/encode'
import { concatBytes } from '../../src/lib/bytes'
import type { Channels, PixelRows } from '../../src/lib/rows'

const FIXTURES = join(import.meta.dirname, '../fixtures/png')
const IDENTIFY = '/usr/bin/identify'
const CONVERT = '/usr/bin/convert'
const IMAGEMAGICK_MISSING = `ImageMagick not installed (${IDENTIFY}, ${CONVERT}); apt-get install imagemagick`

/** A deterministic pseudo-random byte sequence (xorshift32). */
function noise(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length)
  let s = seed
  for (let i = 0; i < length; i++) {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    out[i] = s & 0xff
  }
  return out
}

/** Noise in the left half, smooth ramps in the right half. */
function testImage(width: number, height: number, channels: number, seed: number): Uint8Array {
  const pixels = noise(width * height * channels, seed)
  for (let y = 0; y < height; y++) {
    for (let x = width >> 1; x < width; x++) {
      for (let c = 0; c < channels; c++) {
        pixels[(y * width + x) * channels + c] = (x * 3 + y * 5 + c * 40) & 255
      }
    }
  }
  return pixels
}

function source(pixels: Uint8Array, width: number, height: number, channels: Channels): PixelRows {
  const rowBytes = width * channels
  async function* rows() {
    for (let y = 0; y < height; y++) yield pixels.subarray(y * rowBytes, (y + 1) * rowBytes)
  }
  return { width, height, channels, rows: rows() }
}

async function encode(
  pixels: Uint8Array,
  width: number,
  height: number,
  channels: Channels,
  options: Parameters<typeof encodePng>[1] = {},
): Promise<Uint8Array> {
  return concatBytes((await encodePng(source(pixels, width, height, channels), options)).parts)
}

async function decode(bytes: Uint8Array): Promise<{ image: PixelRows; pixels: Uint8Array }> {
  const result = openPng(bytes)
  if (!result.ok) throw new Error(`${result.error.reason}: ${result.error.message}`)
  const image = result.value
  const out = new Uint8Array(image.width * image.height * image.channels)
  let offset = 0
  for await (const row of image.rows) {
    out.set(row, offset)
    offset += row.length
  }
  return { image, pixels: out }
}

/** RGBA → our layout: 1 gray (R), 2 gray + alpha (R, A), 3 RGB, 4 RGBA. */
function toLayout(rgba: ArrayLike<number>, channels: number): Uint8Array {
  const pixels = rgba.length / 4
  const out = new Uint8Array(pixels * channels)
  const pick = [[0], [0, 3], [0, 1, 2], [0, 1, 2, 3]][channels - 1]!
  for (let p = 0; p < pixels; p++) {
    for (let c = 0; c < channels; c++) out[p * channels + c] = rgba[p * 4 + pick[c]!]!
  }
  return out
}

/** Decodes with @jsquash/png at 8 bits; 16-bit files at 16 bits, rounded as the spec's formula. */
async function jsquashRgba(bytes: Uint8Array): Promise<Uint8Array> {
  const buffer = bytes.slice().buffer
  if (bytes[24] === 16) {
    const wide = await jsquashDecode(buffer, { bitDepth: 16 })
    return Uint8Array.from(wide.data, (v) => Math.floor((v * 255 + 32767) / 65535))
  }
  return new Uint8Array((await jsquashDecode(buffer)).data.buffer)
}

function firstDifference(actual: Uint8Array, wanted: Uint8Array) {
  if (actual.length !== wanted.length) return { lengths: [actual.length, wanted.length] }
  const i = actual.findIndex((v, k) => v !== wanted[k])
  return i < 0 ? null : { index: i, actual: actual[i], wanted: wanted[i] }
}

const hasImageMagick = existsSync(IDENTIFY) && existsSync(CONVERT)

describe('codecs/png against @jsquash/png', () => {
  beforeAll(async () => {
    const wasm = createRequire(import.meta.url).resolve(
      '@jsquash/png/codec/pkg/squoosh_png_bg.wasm',
    )
    await jsquashInit(readFileSync(wasm))
  })

  const fixtures = readdirSync(FIXTURES).filter((name) => name.endsWith('.png'))

  it('finds the fixtures', () => {
    expect(fixtures.length).toBeGreaterThan(30)
  })

  it.each(fixtures)('decodes %s to the same pixels as the Rust png crate', async (name) => {
    const bytes = new Uint8Array(readFileSync(join(FIXTURES, name)))
    const { image, pixels } = await decode(bytes)
    const wanted = toLayout(await jsquashRgba(bytes), image.channels)
    expect(firstDifference(pixels, wanted)).toBeNull()
  })

  it.each([1, 2, 3, 4] as const)(
    'encodes %i-channel rows that it decodes exactly',
    async (channels) => {
      const pixels = testImage(45, 31, channels, channels * 13)
      const bytes = await encode(pixels, 45, 31, channels)
      const rgba = await jsquashDecode(bytes.slice().buffer)
      expect([rgba.width, rgba.height]).toEqual([45, 31])
      expect(firstDifference(toLayout(rgba.data, channels), pixels)).toBeNull()
    },
  )

  it('encodes 1-bit files that it decodes to 0 and 255 at the 128 threshold', async () => {
    const pixels = testImage(77, 13, 1, 5)
    const bytes = await encode(pixels, 77, 13, 1, { bitDepth: 1 })
    const rgba = await jsquashDecode(bytes.slice().buffer)
    const wanted = pixels.map((v) => (v >= 128 ? 255 : 0))
    expect(firstDifference(toLayout(rgba.data, 1), wanted)).toBeNull()
  })
})

describe('codecs/png against ImageMagick', () => {
  let dir = ''
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'png-tools-'))
  })
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  const identifyVerbose = (bytes: Uint8Array, name: string): string => {
    const path = join(dir, name)
    writeFileSync(path, bytes)
    return execFileSync(IDENTIFY, ['-verbose', path], { encoding: 'utf8' })
  }

  it('identify reads our 8-bit gray and RGB files: geometry, depth, 300 dpi', async (ctx) => {
    if (!hasImageMagick) ctx.skip(IMAGEMAGICK_MISSING)
    for (const [channels, colourType] of [
      [1, '0 (Grayscale)'],
      [3, '2 (Truecolor)'],
    ] as const) {
      const bytes = await encode(testImage(321, 123, channels, 9), 321, 123, channels, {
        density: { x: 300, y: 300 },
      })
      const report = identifyVerbose(bytes, `rgb-${channels}.png`)
      expect(report).toMatch(/Geometry: 321x123\+0\+0/)
      expect(report).toMatch(/png:IHDR\.bit_depth: 8/)
      expect(report).toContain(`png:IHDR.color_type: ${colourType}`)
      expect(report).toMatch(/png:pHYs: x_res=11811, y_res=11811, units=1/)
      expect(report).toMatch(/Resolution: 118\.11x118\.11/)
      expect(report).toMatch(/Units: PixelsPerCentimeter/)
    }
  })

  it('identify reads our 1-bit file: geometry, 1-bit gray, 600 dpi', async (ctx) => {
    if (!hasImageMagick) ctx.skip(IMAGEMAGICK_MISSING)
    const bytes = await encode(testImage(2550, 33, 1, 4), 2550, 33, 1, {
      bitDepth: 1,
      density: { x: 600, y: 600 },
    })
    const report = identifyVerbose(bytes, 'bilevel.png')
    expect(report).toMatch(/Geometry: 2550x33\+0\+0/)
    expect(report).toMatch(/png:IHDR\.bit_depth: 1/)
    expect(report).toContain('png:IHDR.color_type: 0 (Grayscale)')
    expect(report).toMatch(/png:pHYs: x_res=23622, y_res=23622, units=1/)
    expect(report).toMatch(/Resolution: 236\.22x236\.22/)
  })

  it('convert reads back exactly the pixels we encoded, 1 to 4 channels and 1 bit', async (ctx) => {
    if (!hasImageMagick) ctx.skip(IMAGEMAGICK_MISSING)
    const cases: [Channels, 8 | 1][] = [
      [1, 8],
      [2, 8],
      [3, 8],
      [4, 8],
      [1, 1],
    ]
    for (const [channels, bitDepth] of cases) {
      const pixels = testImage(29, 17, channels, channels + bitDepth)
      const path = join(dir, `back-${channels}-${bitDepth}.png`)
      writeFileSync(path, await encode(pixels, 29, 17, channels, { bitDepth }))
      const run = spawnSync(CONVERT, [path, '-depth', '8', 'rgba:-'], { maxBuffer: 1 << 24 })
      expect(run.status).toBe(0)
      const wanted = bitDepth === 1 ? pixels.map((v) => (v >= 128 ? 255 : 0)) : pixels
      const label = `${channels} channels, ${bitDepth} bits`
      expect(
        firstDifference(toLayout(new Uint8Array(run.stdout), channels), wanted),
        label,
      ).toBeNull()
    }
  })
})

describe('codecs/png throughput under Node (printed, not asserted)', () => {
  /** A 20 MP gray page: soft gradients, ruled lines and a noisy block, like a scanned figure. */
  function page(width: number, height: number): Uint8Array {
    const pixels = new Uint8Array(width * height)
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) pixels[y * width + x] = 200 + (((x >> 5) + (y >> 6)) % 40)
    }
    for (let y = 100; y < height; y += 97) pixels.fill(20, y * width, (y + 3) * width)
    const block = noise(800 * 800, 3)
    for (let y = 0; y < 800; y++)
      pixels.set(block.subarray(y * 800, (y + 1) * 800), (1000 + y) * width + 1000)
    return pixels
  }

  it('decodes and encodes a 5000x4000 gray PNG made in code', async () => {
    const width = 5000
    const height = 4000
    const pixels = page(width, height)
    const megabytes = pixels.length / 1e6

    let started = performance.now()
    const file = await encodePng(source(pixels, width, height, 1))
    const encodeMs = performance.now() - started
    const bytes = concatBytes(file.parts)

    started = performance.now()
    const { pixels: decoded } = await decode(bytes)
    const decodeMs = performance.now() - started
    expect(firstDifference(decoded, pixels)).toBeNull()

    const bilevel = concatBytes(
      (await encodePng(source(pixels, width, height, 1), { bitDepth: 1 })).parts,
    )
    started = performance.now()
    const { pixels: decodedBilevel } = await decode(bilevel)
    const bilevelMs = performance.now() - started
    expect(decodedBilevel.length).toBe(pixels.length)

    const rate = (ms: number) => `${((megabytes / ms) * 1000).toFixed(0)} MB/s`
    console.log(
      [
        `PNG 5000x4000 gray (${megabytes} MB of 8-bit output, ${bytes.length} bytes compressed):`,
        `  decode 8-bit ${decodeMs.toFixed(0)} ms = ${rate(decodeMs)}`,
        `  encode 8-bit ${encodeMs.toFixed(0)} ms = ${rate(encodeMs)}`,
        `  decode 1-bit (${bilevel.length} bytes) ${bilevelMs.toFixed(0)} ms = ${rate(bilevelMs)}`,
      ].join('\n'),
    )
  })
})

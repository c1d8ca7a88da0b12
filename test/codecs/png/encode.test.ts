import { describe, expect, it } from 'vitest'
import { openPng } from '../../../src/codecs/png/decode'
import { createPngEncoder, encodePng, PNG_MAX_IDAT_BYTES } from '../../../src/codecs/png/encode'
import { filterRow } from '../../../src/codecs/png/filter'
import { WORKERD_KERNELS } from '../../../src/kernels/workerd'
import { concatBytes } from '../../../src/lib/bytes'
import { crc32 } from '../../../src/lib/crc32'
import type { Channels, EncodedFile, PixelRows } from '../../../src/lib/rows'
import { inflateAll } from '../../support/inflate'

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

/** Noise in the left half, smooth ramps in the right half: every filter gets used. */
function testImage(width: number, height: number, channels: number, seed: number): Uint8Array {
  const pixels = noise(width * height * channels, seed)
  for (let y = 0; y < height; y++) {
    for (let x = width >> 1; x < width; x++) {
      for (let c = 0; c < channels; c++)
        pixels[(y * width + x) * channels + c] = (x * 3 + y * 5 + c * 40) & 255
    }
  }
  return pixels
}

function source(
  pixels: Uint8Array,
  width: number,
  height: number,
  channels: Channels,
  extra: Partial<PixelRows> = {},
): PixelRows {
  const rowBytes = width * channels
  async function* rows() {
    const row = new Uint8Array(rowBytes)
    for (let y = 0; y < height; y++) {
      // One reused buffer, as decoders do: the encoder must not keep a reference to it.
      row.set(pixels.subarray(y * rowBytes, (y + 1) * rowBytes))
      yield row
    }
  }
  return { width, height, channels, rows: rows(), ...extra }
}

async function encodeImage(
  pixels: Uint8Array,
  width: number,
  height: number,
  channels: Channels,
  options: Parameters<typeof encodePng>[1] = {},
): Promise<Uint8Array> {
  return fileBytes(await encodePng(source(pixels, width, height, channels), options))
}

function fileBytes(file: EncodedFile): Uint8Array {
  const bytes = concatBytes(file.parts)
  expect(bytes.length).toBe(file.byteLength)
  return bytes
}

async function decode(bytes: Uint8Array): Promise<{ image: PixelRows; pixels: Uint8Array }> {
  const result = openPng(bytes)
  if (!result.ok) throw new Error(`${result.error.reason}: ${result.error.message}`)
  const image = result.value
  const rows: Uint8Array[] = []
  for await (const row of image.rows) rows.push(row.slice())
  return { image, pixels: concatBytes(rows) }
}

interface Chunk {
  type: string
  data: Uint8Array
  crcOk: boolean
}

/** Splits a PNG into chunks (after the signature), checking each CRC. */
function chunksOf(bytes: Uint8Array): Chunk[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const chunks: Chunk[] = []
  for (let pos = 8; pos < bytes.length; ) {
    const length = view.getUint32(pos)
    const type = String.fromCharCode(...bytes.subarray(pos + 4, pos + 8))
    const data = bytes.subarray(pos + 8, pos + 8 + length)
    const crcOk =
      crc32(bytes.subarray(pos + 4, pos + 8 + length)) === view.getUint32(pos + 8 + length)
    chunks.push({ type, data, crcOk })
    pos += 12 + length
  }
  return chunks
}

/** The filter type byte of each row, read back by inflating the IDAT data. */
async function filterTypes(bytes: Uint8Array, rowBytes: number): Promise<number[]> {
  const idat = chunksOf(bytes)
    .filter((c) => c.type === 'IDAT')
    .map((c) => c.data)
  const raw = inflateAll(idat)
  const types: number[] = []
  for (let o = 0; o < raw.length; o += rowBytes + 1) types.push(raw[o]!)
  return types
}

describe('codecs/png/encode', () => {
  it.each([1, 2, 3, 4] as const)(
    'round-trips %i-channel 8-bit rows exactly through our decoder',
    async (channels) => {
      const pixels = testImage(37, 23, channels, channels * 101)
      const bytes = await encodeImage(pixels, 37, 23, channels)
      const { image, pixels: decoded } = await decode(bytes)
      expect([image.width, image.height, image.channels]).toEqual([37, 23, channels])
      expect(decoded).toEqual(pixels)
    },
  )

  it('writes colour type 0/4/2/6 and bit depth 8 for 1/2/3/4 channels', async () => {
    for (const [channels, colourType] of [
      [1, 0],
      [2, 4],
      [3, 2],
      [4, 6],
    ] as const) {
      const ihdr = chunksOf(await encodeImage(new Uint8Array(4 * channels), 2, 2, channels))[0]!
      expect(ihdr.type).toBe('IHDR')
      expect([...ihdr.data.subarray(8)]).toEqual([8, colourType, 0, 0, 0])
    }
  })

  it('writes 1-bit gray where a sample >= 128 is white', async () => {
    const width = 19
    const pixels = new Uint8Array(width * 3).map((_, i) => [0, 127, 128, 255, 64, 200][i % 6]!)
    const bytes = await encodeImage(pixels, width, 3, 1, { bitDepth: 1 })
    const ihdr = chunksOf(bytes)[0]!
    expect([...ihdr.data.subarray(8)]).toEqual([1, 0, 0, 0, 0])
    const { pixels: decoded } = await decode(bytes)
    expect(decoded).toEqual(pixels.map((v) => (v >= 128 ? 255 : 0)))
    expect(await filterTypes(bytes, Math.ceil(width / 8))).toEqual([0, 0, 0])
  })

  it('round-trips odd sizes: 1x1, 3x5, 1000x1, 1x1000, 9x7 at 1 bit', async () => {
    const sizes: [number, number, Channels, 8 | 1][] = [
      [1, 1, 1, 8],
      [1, 1, 4, 8],
      [3, 5, 3, 8],
      [3, 5, 2, 8],
      [1000, 1, 4, 8],
      [1, 1000, 3, 8],
      [1, 1, 1, 1],
      [9, 7, 1, 1],
      [1000, 1, 1, 1],
    ]
    for (const [width, height, channels, bitDepth] of sizes) {
      const pixels = testImage(width, height, channels, width * 7 + height)
      const wanted = bitDepth === 1 ? pixels.map((v) => (v >= 128 ? 255 : 0)) : pixels
      const { image, pixels: decoded } = await decode(
        await encodeImage(pixels, width, height, channels, { bitDepth }),
      )
      const label = `${width}x${height}x${channels} at ${bitDepth} bits`
      expect([image.width, image.height, image.channels], label).toEqual([width, height, channels])
      expect(decoded, label).toEqual(wanted)
    }
  })

  it('writes pHYs in pixels per metre: 300 dpi → 11811, 600 dpi → 23622', async () => {
    const cases = [
      [{ x: 300, y: 300 }, 11811, 11811],
      [{ x: 600, y: 600 }, 23622, 23622],
      [{ x: 300, y: 600 }, 11811, 23622],
      [{ x: 72, y: 96 }, 2835, 3780],
    ] as const
    for (const [density, x, y] of cases) {
      for (const bitDepth of [8, 1] as const) {
        const chunks = chunksOf(
          await encodeImage(new Uint8Array(4), 2, 2, 1, { density, bitDepth }),
        )
        expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'pHYs', 'IDAT', 'IEND'])
        const phys = new DataView(chunks[1]!.data.buffer, chunks[1]!.data.byteOffset, 9)
        expect([phys.getUint32(0), phys.getUint32(4), phys.getUint8(8)]).toEqual([x, y, 1])
        expect(chunks.every((c) => c.crcOk)).toBe(true)
      }
    }
    const { image } = await decode(
      await encodeImage(new Uint8Array(4), 2, 2, 1, { density: { x: 300, y: 600 } }),
    )
    expect(image.density).toEqual({ x: 300, y: 600 })
  })

  it('writes no pHYs without a density, and takes the source density by default', async () => {
    const plain = chunksOf(await encodeImage(new Uint8Array(4), 2, 2, 1))
    expect(plain.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND'])
    const withSourceDensity = await encodePng(
      source(new Uint8Array(4), 2, 2, 1, { density: { x: 600, y: 600 } }),
    )
    expect((await decode(fileBytes(withSourceDensity))).image.density).toEqual({ x: 600, y: 600 })
  })

  it('splits compressed data into IDAT chunks of at most 256 KiB, each with a valid CRC', async () => {
    const width = 700
    const height = 500
    const pixels = noise(width * height * 3, 99)
    const file = await encodePng(source(pixels, width, height, 3))
    const bytes = fileBytes(file)
    const idats = chunksOf(bytes).filter((c) => c.type === 'IDAT')
    expect(idats.length).toBeGreaterThan(3)
    expect(idats.every((c) => c.data.length <= PNG_MAX_IDAT_BYTES && c.crcOk)).toBe(true)
    expect(idats.slice(0, -1).every((c) => c.data.length === PNG_MAX_IDAT_BYTES)).toBe(true)
    expect((await decode(bytes)).pixels).toEqual(pixels)
  })

  it('picks Sub for a horizontal ramp and Up for a row that repeats the one above', async () => {
    const width = 64
    const pixels = new Uint8Array(width * 3)
    for (let x = 0; x < width; x++) {
      pixels[x] = x * 3
      pixels[width + x] = x * 3
      pixels[2 * width + x] = noise(1, x + 1)[0]!
    }
    const bytes = await encodeImage(pixels, width, 3, 1)
    const types = await filterTypes(bytes, width)
    expect(types.slice(0, 2)).toEqual([1, 2])
    expect((await decode(bytes)).pixels).toEqual(pixels)
  })

  it('files a repeated row as Up (None when all zero) with the bytes the full heuristic gives', async () => {
    const width = 33
    for (const channels of [1, 2, 3, 4] as const) {
      const rowBytes = width * channels
      const pixels = new Uint8Array(rowBytes * 6)
      // zero, zero again, noise, the same noise, a ramp, the same ramp
      pixels.set(noise(rowBytes, channels), rowBytes * 2)
      pixels.set(noise(rowBytes, channels), rowBytes * 3)
      for (let i = 0; i < rowBytes; i++) pixels[rowBytes * 4 + i] = pixels[rowBytes * 5 + i] = i
      const bytes = await encodeImage(pixels, width, 6, channels)
      const types = await filterTypes(bytes, rowBytes)
      expect([types[1], types[3], types[5]]).toEqual([0, 2, 2])
      expect((await decode(bytes)).pixels).toEqual(pixels)
    }
  })

  it('filters one-level rows under one-level rows exactly as filterRow does, for every pair of levels', async () => {
    const width = 3
    const rows: Uint8Array[] = []
    for (let u = 0; u < 256; u++) {
      for (let v = 0; v < 256; v++)
        rows.push(new Uint8Array(width).fill(u), new Uint8Array(width).fill(v))
    }
    const encoder = createPngEncoder({ width, height: rows.length, channels: 1 })
    for (const row of rows) await encoder.write(row)
    const bytes = fileBytes(await encoder.finish())
    const idat = chunksOf(bytes).filter((c) => c.type === 'IDAT')
    const raw = inflateAll(idat.map((c) => c.data))
    const expected = new Uint8Array(width + 1)
    let prior: Uint8Array = new Uint8Array(width)
    let mismatches = 0
    for (const [y, row] of rows.entries()) {
      filterRow(row, prior, expected, 1)
      const got = raw.subarray(y * (width + 1), (y + 1) * (width + 1))
      if (got.some((b, i) => b !== expected[i])) mismatches++
      prior = row
    }
    expect(mismatches).toBe(0)
  })

  it('compresses a 2048x2048 line drawing to well under 1% of its raw size', async () => {
    const size = 2048
    const pixels = new Uint8Array(size * size).fill(255)
    for (let i = 0; i < 40; i++) {
      const y = 50 + i * 48
      pixels.fill(0, y * size + 100, y * size + 1900)
      for (let t = 0; t < 3; t++) {
        for (let yy = 100; yy < 1900; yy++) pixels[yy * size + 60 + i * 48 + t] = 0
      }
    }
    for (let d = 0; d < 1800; d++) pixels[(120 + d) * size + 120 + d] = 0
    const raw = size * size
    for (const bitDepth of [8, 1] as const) {
      const file = await encodePng(source(pixels, size, size, 1), { bitDepth })
      expect(file.byteLength, `${bitDepth}-bit`).toBeLessThan(raw * 0.005)
      expect((await decode(fileBytes(file))).pixels).toEqual(pixels)
    }
  })

  it('returns the file as parts whose lengths add up to byteLength', async () => {
    const file = await encodePng(source(testImage(40, 30, 3, 5), 40, 30, 3))
    expect(file.parts.length).toBeGreaterThan(3)
    expect(file.parts.reduce((sum, p) => sum + p.length, 0)).toBe(file.byteLength)
    const bytes = fileBytes(file)
    expect([...bytes.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10])
    expect(chunksOf(bytes).at(-1)).toMatchObject({ type: 'IEND', crcOk: true })
  })

  it('re-encodes a decoded stream (decode → encode → decode is lossless at 8 bits)', async () => {
    const pixels = testImage(33, 17, 4, 3)
    const first = await encodeImage(pixels, 33, 17, 4, { density: { x: 300, y: 300 } })
    const opened = openPng(first)
    if (!opened.ok) throw new Error(opened.error.message)
    const second = fileBytes(await encodePng(opened.value))
    const { image, pixels: decoded } = await decode(second)
    expect(decoded).toEqual(pixels)
    expect(image.density).toEqual({ x: 300, y: 300 })
  })

  it('reads 150 dpi back as 150.01 (5906 px/m), which then stays stable', async () => {
    let density = { x: 150, y: 150 }
    for (let round = 0; round < 3; round++) {
      const bytes = await encodeImage(new Uint8Array(1), 1, 1, 1, { density })
      const phys = chunksOf(bytes)[1]!.data
      expect(new DataView(phys.buffer, phys.byteOffset).getUint32(0)).toBe(5906)
      density = (await decode(bytes)).image.density!
      expect(density).toEqual({ x: 150.01, y: 150.01 })
    }
  })

  it('rejects invalid options with a message naming the option and the value', () => {
    const base = { width: 4, height: 4, channels: 1 as Channels }
    const cases: [object, RegExp][] = [
      [{ width: 0 }, /for width but received 0/],
      [{ width: 2.5 }, /for width but received 2.5/],
      [{ height: 2 ** 31 }, /for height but received 2147483648/],
      [{ channels: 5 }, /1, 2, 3 or 4 for channels but received 5/],
      [{ bitDepth: 16 }, /8 or 1 for bitDepth but received 16/],
      [{ channels: 3, bitDepth: 1 }, /1 channel for bitDepth 1 but received 3/],
      [{ density: { x: 0, y: 300 } }, /density.x but received 0/],
      [{ density: { x: 300, y: Number.NaN } }, /density.y but received NaN/],
    ]
    for (const [override, message] of cases) {
      expect(() => createPngEncoder({ ...base, ...override } as never), String(message)).toThrow(
        message,
      )
    }
  })

  it('rejects a row of the wrong length, an extra row, and finish() before the last row', async () => {
    const encoder = createPngEncoder({ width: 3, height: 2, channels: 2 })
    await expect(encoder.write(new Uint8Array(5))).rejects.toThrow(
      /Expected 6 bytes for row 0 but received 5/,
    )
    await encoder.write(new Uint8Array(6))
    await expect(encoder.finish()).rejects.toThrow(
      /Expected 2 rows before finish\(\) but received 1/,
    )
    await encoder.write(new Uint8Array(6))
    await expect(encoder.write(new Uint8Array(6))).rejects.toThrow(
      /Expected 2 rows but received row 3/,
    )
    const file = await encoder.finish()
    expect((await decode(fileBytes(file))).pixels).toEqual(new Uint8Array(12))
  })

  it('rejects a write() that starts before the previous one finished', async () => {
    const encoder = createPngEncoder({ width: 4, height: 2, channels: 1 })
    const first = encoder.write(new Uint8Array(4))
    await expect(encoder.write(new Uint8Array(4))).rejects.toThrow(/finish before the next/)
    await first
    await encoder.write(new Uint8Array(4))
    expect((await encoder.finish()).byteLength).toBeGreaterThan(0)
  })

  it('throws from encodePng when the source yields fewer rows than its height', async () => {
    const short: PixelRows = {
      width: 2,
      height: 3,
      channels: 1,
      rows: (async function* () {
        yield new Uint8Array(2)
      })(),
    }
    await expect(encodePng(short)).rejects.toThrow(
      /Expected 3 rows before finish\(\) but received 1/,
    )
  })
})

describe('codecs/png/encode take()', () => {
  /** 600 × 500 RGB noise: about 0.9 MB compressed, so several 256 KiB IDAT chunks. */
  const [width, height, channels] = [600, 500, 3] as const
  const pixels = new Uint8Array(width * height * channels)
  // xorshift32: an LCG's bytes are so regular that the PNG filters compress them 70-fold.
  let state = 99
  for (let i = 0; i < pixels.length; i++) {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    pixels[i] = state & 255
  }
  const row = (y: number) => pixels.subarray(y * width * channels, (y + 1) * width * channels)

  it('hands the file out as it is made, giving the same bytes as one finish()', async () => {
    const whole = createPngEncoder({ width, height, channels, density: { x: 600, y: 600 } })
    for (let y = 0; y < height; y++) await whole.write(row(y))
    const expected = await whole.finish()

    const streamed = createPngEncoder({ width, height, channels, density: { x: 600, y: 600 } })
    const taken: Uint8Array[][] = []
    for (let y = 0; y < height; y++) {
      await streamed.write(row(y))
      if (y % 50 === 49) taken.push(await streamed.take())
    }
    const rest = await streamed.finish()
    const bytes = concatBytes([...taken.flat(), ...rest.parts])
    expect(bytes).toEqual(concatBytes(expected.parts))
    expect(rest.byteLength).toBe(bytes.length)
    expect(expected.byteLength).toBeGreaterThan(3 * PNG_MAX_IDAT_BYTES)
    // The first take gives the head; whole IDAT chunks came out before the end.
    expect(taken[0]![0]!.subarray(12, 16)).toEqual(new TextEncoder().encode('IHDR'))
    const early = taken
      .slice(0, -1)
      .flat()
      .reduce((sum, part) => sum + part.length, 0)
    expect(early).toBeGreaterThan(PNG_MAX_IDAT_BYTES)
    await expect(streamed.take()).rejects.toThrow(/before finish/)
  })
})

describe('codecs/png/encode with the zlib kernel (wasm deflate)', () => {
  const zlib = WORKERD_KERNELS.zlib

  it('gives files that decode to the same pixels as the platform-zlib files, within 5 % of their size', async () => {
    expect(zlib).toBeInstanceOf(WebAssembly.Module)
    const cases = [
      { pixels: testImage(301, 211, 1, 9), width: 301, height: 211, channels: 1 as const },
      { pixels: testImage(97, 64, 3, 4), width: 97, height: 64, channels: 3 as const },
    ]
    for (const { pixels, width, height, channels } of cases) {
      for (const bitDepth of channels === 1 ? ([8, 1] as const) : ([8] as const)) {
        const platform = await encodePng(source(pixels, width, height, channels), { bitDepth })
        const wasm = await encodePng(source(pixels, width, height, channels), { bitDepth, zlib })
        const expected = await decode(fileBytes(platform))
        expect(
          (await decode(fileBytes(wasm))).pixels,
          `${channels} channels, ${bitDepth}-bit`,
        ).toEqual(expected.pixels)
        expect(wasm.byteLength / platform.byteLength).toBeLessThan(1.05)
      }
    }
  })

  it("filters each row as filterRow does: the inflated image data equals the platform-zlib file's", async () => {
    const idatOf = (file: EncodedFile) =>
      inflateAll(
        chunksOf(fileBytes(file))
          .filter((c) => c.type === 'IDAT')
          .map((c) => c.data),
      )
    // Widths around the 16-byte steps, every channel count, noise, ramps, repeated and one-level
    // rows (which the encoder filters itself and the kernel must still take as the prior row).
    for (const [width, height, channels] of [
      [1, 5, 1],
      [15, 9, 1],
      [16, 9, 2],
      [17, 40, 3],
      [33, 31, 4],
      [250, 61, 1],
    ] as const) {
      const pixels = testImage(width, height, channels, width)
      const stride = width * channels
      pixels.copyWithin(5 * stride, 4 * stride, 5 * stride)
      pixels.fill(77, 7 * stride, 9 * stride)
      const platform = await encodePng(source(pixels, width, height, channels))
      const wasm = await encodePng(source(pixels, width, height, channels), { zlib })
      expect(idatOf(wasm), `${width}x${height}x${channels}`).toEqual(idatOf(platform))
    }
  })

  it('hands the file out as it is made, giving the same bytes as one finish()', async () => {
    const pixels = testImage(400, 300, 1, 2)
    const whole = fileBytes(await encodePng(source(pixels, 400, 300, 1), { zlib }))
    const encoder = createPngEncoder({ width: 400, height: 300, channels: 1, zlib })
    const parts: Uint8Array[] = []
    for (let y = 0; y < 300; y++) {
      await encoder.write(pixels.subarray(y * 400, (y + 1) * 400))
      if (y % 50 === 0) parts.push(...(await encoder.take()))
    }
    parts.push(...(await encoder.finish()).parts)
    expect(concatBytes(parts)).toEqual(whole)
  })
})

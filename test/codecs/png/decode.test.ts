/// <reference types="vite/client" />
import { beforeAll, describe, expect, it } from 'vitest'
import { openPng } from '../../../src/codecs/png/decode'
import { WORKERD_KERNELS } from '../../../src/kernels/workerd'
import { concatBytes } from '../../../src/lib/bytes'
import { CodecError } from '../../../src/lib/codec-error'
import { crc32 } from '../../../src/lib/crc32'
import { DeflateWriter, deflateBytes } from '../../../src/lib/deflate'
import type { PixelRows } from '../../../src/lib/rows'
import expected from '../../fixtures/png/expected-rgba.json'
import { base64Bytes } from '../../support/fixtures'
import { drain } from '../../support/inflate'

// Fixtures arrive as base64 data URLs: workerd has no file system, and Vite inlines PNG assets.
const FIXTURE_URLS = import.meta.glob<string>('../../fixtures/png/*.png', {
  query: '?inline',
  import: 'default',
  eager: true,
})

function fixture(name: string): Uint8Array {
  const url = FIXTURE_URLS[`../../fixtures/png/${name}`]
  if (!url) throw new Error(`no fixture ${name}`)
  return base64Bytes(url)
}

/**
 * ImageMagick's RGBA decode of a fixture, from expected-rgba.json (see README.md), at 8 bits.
 * 16-bit files are stored at 16 bits and reduced here with the spec's rounding, since
 * ImageMagick's own 16 → 8 conversion rounds down.
 */
function imageMagickRgba(name: string): { width: number; height: number; rgba: Uint8Array } {
  const entries = expected as Record<
    string,
    { width: number; height: number; depth: number; rgba: string }
  >
  const entry = entries[name]
  if (!entry) throw new Error(`no expected pixels for ${name}`)
  const bytes = base64Bytes(entry.rgba)
  if (entry.depth === 8) return { width: entry.width, height: entry.height, rgba: bytes }
  const rgba = new Uint8Array(bytes.length / 2)
  for (let i = 0; i < rgba.length; i++) {
    const v = bytes[i * 2]! * 256 + bytes[i * 2 + 1]!
    rgba[i] = Math.floor((v * 255 + 32767) / 65535)
  }
  return { width: entry.width, height: entry.height, rgba }
}

/** RGBA → our layout: 1 gray (R), 2 gray + alpha (R, A), 3 RGB, 4 RGBA. */
function toLayout(rgba: Uint8Array, channels: number): Uint8Array {
  const pixels = rgba.length / 4
  const out = new Uint8Array(pixels * channels)
  for (let p = 0; p < pixels; p++) {
    const s = p * 4
    const o = p * channels
    if (channels === 1) out[o] = rgba[s]!
    else if (channels === 2) {
      out[o] = rgba[s]!
      out[o + 1] = rgba[s + 3]!
    } else {
      for (let c = 0; c < channels; c++) out[o + c] = rgba[s + c]!
    }
  }
  return out
}

/** The zlib kernel the suite runs with: null for TypeScript, the Worker's module for wasm. */
let zlibKernel: WebAssembly.Module | null = null

function openOrThrow(bytes: Uint8Array, options?: { maxInterlacedBytes?: number }): PixelRows {
  const result = openPng(bytes, { ...options, zlib: zlibKernel })
  if (!result.ok) throw new Error(`${result.error.reason}: ${result.error.message}`)
  return result.value
}

/** Reads every row, checking each length, and returns them back to back. */
async function readAll(image: PixelRows): Promise<Uint8Array> {
  const rowBytes = image.width * image.channels
  const out = new Uint8Array(rowBytes * image.height)
  let y = 0
  for await (const row of image.rows) {
    expect(row.length).toBe(rowBytes)
    out.set(row, y * rowBytes)
    y++
  }
  expect(y).toBe(image.height)
  return out
}

/** Index and values of the first differing pixel, or null when equal. */
function firstDifference(actual: Uint8Array, wanted: Uint8Array, channels: number) {
  if (actual.length !== wanted.length) return { lengths: [actual.length, wanted.length] }
  for (let i = 0; i < actual.length; i++) {
    if (actual[i] !== wanted[i]) {
      const p = Math.floor(i / channels) * channels
      return {
        pixel: p / channels,
        actual: [...actual.subarray(p, p + channels)],
        wanted: [...wanted.subarray(p, p + channels)],
      }
    }
  }
  return null
}

// Building PNGs in code for the cases ImageMagick will not write.

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

function ihdr(
  width: number,
  height: number,
  bitDepth: number,
  colourType: number,
  extra = [0, 0, 0],
) {
  const data = new Uint8Array(13)
  const view = new DataView(data.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  data.set([bitDepth, colourType, ...extra], 8)
  return chunk('IHDR', data)
}

const SIGNATURE = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])
const IEND = chunk('IEND', new Uint8Array(0))

function png(...chunks: Uint8Array[]): Uint8Array {
  return concatBytes([SIGNATURE, ...chunks])
}

async function zlib(bytes: Uint8Array): Promise<Uint8Array> {
  return concatBytes((await deflateBytes(bytes)).parts)
}

/** Rows with filter type 0 prepended: the IDAT payload before compression. */
function unfiltered(rows: Uint8Array[]): Uint8Array {
  return concatBytes(rows.flatMap((row) => [new Uint8Array([0]), row]))
}

/**
 * Filters rows with the given type per row, written straight from the spec's definitions
 * (PNG §9.2) as a check independent of the decoder's loops.
 */
function filtered(rows: Uint8Array[], bpp: number, types: number[]): Uint8Array {
  const out: Uint8Array[] = []
  rows.forEach((row, y) => {
    const prev = y > 0 ? rows[y - 1]! : new Uint8Array(row.length)
    const type = types[y % types.length]!
    const line = new Uint8Array(row.length + 1)
    line[0] = type
    for (let i = 0; i < row.length; i++) {
      const a = i >= bpp ? row[i - bpp]! : 0
      const b = prev[i]!
      const c = i >= bpp ? prev[i - bpp]! : 0
      const p = a + b - c
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c
      const predictor = [0, a, b, Math.floor((a + b) / 2), paeth][type]!
      line[i + 1] = (row[i]! - predictor + 256) % 256
    }
    out.push(line)
  })
  return concatBytes(out)
}

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

function rowsOf(bytes: Uint8Array, rowBytes: number): Uint8Array[] {
  const rows: Uint8Array[] = []
  for (let o = 0; o < bytes.length; o += rowBytes) rows.push(bytes.subarray(o, o + rowBytes))
  return rows
}

/** Channels our decoder yields for each fixture (see openPng's output layout). */
const FIXTURE_CHANNELS: Record<string, number> = {
  'gray1.png': 1,
  'gray2.png': 1,
  'gray4.png': 1,
  'gray8.png': 1,
  'gray16.png': 1,
  'graya8.png': 2,
  'graya16.png': 2,
  'rgb8.png': 3,
  'rgb16.png': 3,
  'rgba8.png': 4,
  'rgba16.png': 4,
  'pal1.png': 3,
  'pal2.png': 3,
  'pal4.png': 3,
  'pal8.png': 3,
  'pal2-trns.png': 4,
  'pal4-trns.png': 4,
  'pal8-trns.png': 4,
  'pal8-trns-short.png': 4,
  'gray8-trns.png': 2,
  'gray2-trns.png': 2,
  'rgb8-trns.png': 4,
  'phys300.png': 1,
  'phys-xy.png': 1,
  'phys-aspect.png': 1,
  'rgb8-ancillary.png': 3,
  'adam7-rgb8-1x1.png': 3,
  'adam7-rgb8-2x3.png': 3,
  'adam7-rgb8-7x9.png': 3,
  'adam7-rgb8-33x17.png': 3,
  'adam7-gray1-13x11.png': 1,
  'adam7-pal4-9x10.png': 3,
  'adam7-rgba16-24x20.png': 4,
  'adam7-gray8-trns-24x20.png': 2,
}

// Every test runs with inflate and unfilter in TypeScript, then in wasm (Kernels.zlib).
for (const kind of ['typescript', 'wasm'] as const) {
  describe(`codecs/png/decode in ${kind}`, () => {
    beforeAll(() => {
      zlibKernel = kind === 'wasm' ? (WORKERD_KERNELS.zlib ?? null) : null
      if (kind === 'wasm') expect(zlibKernel).toBeInstanceOf(WebAssembly.Module)
    })

    describe('codecs/png/decode openPng', () => {
      it('has a channel count for every fixture in expected-rgba.json', () => {
        expect(Object.keys(FIXTURE_CHANNELS).sort()).toEqual(Object.keys(expected).sort())
      })

      it.each(Object.entries(FIXTURE_CHANNELS))(
        'decodes every pixel of %s exactly as ImageMagick does',
        async (name, channels) => {
          const image = openOrThrow(fixture(name))
          const want = imageMagickRgba(name)
          expect([image.width, image.height, image.channels]).toEqual([
            want.width,
            want.height,
            channels,
          ])
          if (channels === 1 || channels === 3) {
            // Opaque layouts drop alpha: the reference must be opaque for that to be lossless.
            expect(
              toLayout(want.rgba, 4)
                .filter((_, i) => i % 4 === 3)
                .every((a) => a === 255),
            ).toBe(true)
          }
          const pixels = await readAll(image)
          expect(firstDifference(pixels, toLayout(want.rgba, channels), channels)).toBeNull()
        },
      )

      it('gives alpha 0 to exactly the tRNS key colour of gray, RGB and palette fixtures', async () => {
        for (const name of [
          'gray8-trns.png',
          'gray2-trns.png',
          'rgb8-trns.png',
          'pal8-trns-short.png',
        ]) {
          const pixels = await readAll(openOrThrow(fixture(name)))
          const channels = FIXTURE_CHANNELS[name]!
          const alphas = new Set(pixels.filter((_, i) => i % channels === channels - 1))
          expect(
            [...alphas].sort((a, b) => a - b),
            name,
          ).toEqual([0, 255])
        }
      })

      it('reads pHYs in pixels per metre as pixels per inch rounded to 0.01', () => {
        expect(openOrThrow(fixture('phys300.png')).density).toEqual({ x: 300, y: 300 })
        // 40 x 20 px/cm = 4000 x 2000 px/m = 101.6 x 50.8 dpi
        expect(openOrThrow(fixture('phys-xy.png')).density).toEqual({ x: 101.6, y: 50.8 })
      })

      it('has no density when pHYs is absent or gives only an aspect ratio (unit 0)', () => {
        expect(openOrThrow(fixture('gray8.png')).density).toBeUndefined()
        expect(openOrThrow(fixture('phys-aspect.png')).density).toBeUndefined()
        expect('density' in openOrThrow(fixture('gray8.png'))).toBe(false)
      })

      it('decodes an Adam7 file to the same pixels as the non-interlaced file of the same image', async () => {
        const pairs = [
          ['adam7-rgba16-24x20.png', 'rgba16.png'],
          ['adam7-gray8-trns-24x20.png', 'gray8-trns.png'],
        ] as const
        for (const [interlaced, plain] of pairs) {
          expect(await readAll(openOrThrow(fixture(interlaced)))).toEqual(
            await readAll(openOrThrow(fixture(plain))),
          )
        }
      })

      it('decodes Adam7 images of every size from 1x1 to 9x9, where passes are empty', async () => {
        for (let width = 1; width <= 9; width++) {
          for (let height = 1; height <= 9; height++) {
            const pixels = noise(width * height * 3, width * 31 + height)
            // Adam7 order (PNG §8.2): each pass is a reduced image, rows filtered independently.
            const passes: Uint8Array[] = []
            const origins = [
              [0, 0, 8, 8],
              [4, 0, 8, 8],
              [0, 4, 4, 8],
              [2, 0, 4, 4],
              [0, 2, 2, 4],
              [1, 0, 2, 2],
              [0, 1, 1, 2],
            ]
            for (const [x0, y0, dx, dy] of origins as [number, number, number, number][]) {
              const rows: Uint8Array[] = []
              for (let y = y0; y < height; y += dy) {
                const row: number[] = []
                for (let x = x0; x < width; x += dx)
                  row.push(...pixels.subarray((y * width + x) * 3, (y * width + x + 1) * 3))
                if (row.length > 0) rows.push(new Uint8Array(row))
              }
              if (rows.length > 0) passes.push(filtered(rows, 3, [4, 1, 3, 2, 0]))
            }
            const file = png(
              ihdr(width, height, 8, 2, [0, 0, 1]),
              chunk('IDAT', await zlib(concatBytes(passes))),
              IEND,
            )
            const decoded = await readAll(openOrThrow(file))
            expect(firstDifference(decoded, pixels, 3), `${width}x${height}`).toBeNull()
          }
        }
      })

      it('reverses each filter type at 1, 2, 3, 4, 6 and 8 bytes per pixel', async () => {
        const formats = [
          { colourType: 0, bitDepth: 8, bpp: 1 },
          { colourType: 4, bitDepth: 8, bpp: 2 },
          { colourType: 2, bitDepth: 8, bpp: 3 },
          { colourType: 6, bitDepth: 8, bpp: 4 },
          { colourType: 2, bitDepth: 16, bpp: 6 },
          { colourType: 6, bitDepth: 16, bpp: 8 },
          { colourType: 0, bitDepth: 1, bpp: 1 },
        ]
        for (const { colourType, bitDepth, bpp } of formats) {
          const width = 21
          const height = 12
          const rowBytes = bitDepth === 1 ? Math.ceil(width / 8) : width * bpp
          const raw = rowsOf(noise(rowBytes * height, 7 + bpp), rowBytes)
          const reference = await readAll(
            openOrThrow(
              png(
                ihdr(width, height, bitDepth, colourType),
                chunk('IDAT', await zlib(unfiltered(raw))),
                IEND,
              ),
            ),
          )
          const data = filtered(raw, bpp, [0, 1, 2, 3, 4, 4, 3, 2, 1])
          const decoded = await readAll(
            openOrThrow(
              png(ihdr(width, height, bitDepth, colourType), chunk('IDAT', await zlib(data)), IEND),
            ),
          )
          expect(decoded, `colour type ${colourType}, ${bitDepth} bits`).toEqual(reference)
        }
      })

      it('rounds every 16-bit value to 8 bits as floor((v * 255 + 32767) / 65535)', async () => {
        const rows: Uint8Array[] = []
        for (let y = 0; y < 256; y++) {
          const row = new Uint8Array(512)
          for (let x = 0; x < 256; x++) {
            row[x * 2] = y
            row[x * 2 + 1] = x
          }
          rows.push(row)
        }
        const file = png(ihdr(256, 256, 16, 0), chunk('IDAT', await zlib(unfiltered(rows))), IEND)
        const pixels = await readAll(openOrThrow(file))
        const wanted = new Uint8Array(65536).map((_, v) => Math.floor((v * 255 + 32767) / 65535))
        expect(firstDifference(pixels, wanted, 1)).toBeNull()
      })

      it('compares 16-bit tRNS keys with the full 16-bit sample, not the rounded one', async () => {
        // 0x1234 and 0x1235 both round to 18; only the exact key is transparent.
        const grayRow = new Uint8Array([0x12, 0x34, 0x12, 0x35, 0xff, 0xff])
        const gray = png(
          ihdr(3, 1, 16, 0),
          chunk('tRNS', new Uint8Array([0x12, 0x34])),
          chunk('IDAT', await zlib(unfiltered([grayRow]))),
          IEND,
        )
        const grayImage = openOrThrow(gray)
        expect(grayImage.channels).toBe(2)
        expect([...(await readAll(grayImage))]).toEqual([18, 0, 18, 255, 255, 255])

        const rgbRow = new Uint8Array([0, 1, 0, 2, 0, 3, 0, 1, 0, 2, 0, 4])
        const rgb = png(
          ihdr(2, 1, 16, 2),
          chunk('tRNS', new Uint8Array([0, 1, 0, 2, 0, 3])),
          chunk('IDAT', await zlib(unfiltered([rgbRow]))),
          IEND,
        )
        const rgbImage = openOrThrow(rgb)
        expect(rgbImage.channels).toBe(4)
        expect([...(await readAll(rgbImage))]).toEqual([0, 0, 0, 0, 0, 0, 0, 255])
      })

      it('scales 1, 2 and 4-bit gray to 0..255', async () => {
        const cases = [
          { depth: 1, row: [0b10100000], width: 3, wanted: [255, 0, 255] },
          { depth: 2, row: [0b00011011], width: 4, wanted: [0, 85, 170, 255] },
          { depth: 4, row: [0x0f, 0x79], width: 4, wanted: [0, 255, 119, 153] },
        ]
        for (const { depth, row, width, wanted } of cases) {
          const file = png(
            ihdr(width, 1, depth, 0),
            chunk('IDAT', await zlib(unfiltered([new Uint8Array(row)]))),
            IEND,
          )
          expect([...(await readAll(openOrThrow(file)))], `${depth}-bit`).toEqual(wanted)
        }
      })

      it('decodes IDAT data split over many chunks, some empty, like one chunk', async () => {
        const original = fixture('rgb8.png')
        const reference = await readAll(openOrThrow(original))
        const data = await zlib(unfiltered(rowsOf(reference, 24 * 3)))
        const pieces: Uint8Array[] = [chunk('IDAT', new Uint8Array(0))]
        for (let o = 0; o < data.length; o += 7) pieces.push(chunk('IDAT', data.subarray(o, o + 7)))
        pieces.push(chunk('IDAT', new Uint8Array(0)))
        const file = png(ihdr(24, 20, 8, 2), ...pieces, IEND)
        expect(await readAll(openOrThrow(file))).toEqual(reference)
      })

      it('tolerates a missing IEND after complete image data', async () => {
        const bytes = fixture('gray8.png')
        const withoutIend = bytes.subarray(0, bytes.length - 12)
        expect(await readAll(openOrThrow(withoutIend))).toEqual(await readAll(openOrThrow(bytes)))
      })

      it('ignores a suggested PLTE in RGB files and tRNS chunks that do not fit the colour type', async () => {
        const cases: [number, number, Uint8Array[], Uint8Array, number][] = [
          // RGB with a suggested palette: still 3 channels.
          [2, 8, [chunk('PLTE', new Uint8Array([1, 2, 3]))], new Uint8Array([4, 5, 6]), 3],
          // gray tRNS must be 2 bytes, RGB tRNS 6 bytes; RGBA may not have one.
          [0, 8, [chunk('tRNS', new Uint8Array([0, 4, 0]))], new Uint8Array([4]), 1],
          [2, 8, [chunk('tRNS', new Uint8Array([0, 4]))], new Uint8Array([4, 5, 6]), 3],
          [6, 8, [chunk('tRNS', new Uint8Array(6))], new Uint8Array([4, 5, 6, 7]), 4],
          // palette tRNS longer than the palette
          [
            3,
            8,
            [chunk('PLTE', new Uint8Array([9, 8, 7])), chunk('tRNS', new Uint8Array([0, 0]))],
            new Uint8Array([0]),
            3,
          ],
        ]
        for (const [colourType, depth, extra, row, channels] of cases) {
          const file = png(
            ihdr(1, 1, depth, colourType),
            ...extra,
            chunk('IDAT', await zlib(unfiltered([row]))),
            IEND,
          )
          const image = openOrThrow(file)
          expect(image.channels, `colour type ${colourType}`).toBe(channels)
          await readAll(image)
        }
      })

      it('skips unknown ancillary chunks, before and after the image data', async () => {
        const row = new Uint8Array([1, 2, 3])
        const file = png(
          ihdr(3, 1, 8, 0),
          chunk('abCd', new Uint8Array([9, 9])),
          chunk('IDAT', await zlib(unfiltered([row]))),
          chunk('zzZz', new Uint8Array(0)),
          IEND,
        )
        expect([...(await readAll(openOrThrow(file)))]).toEqual([1, 2, 3])
      })

      it('stops inflating after the last row: a zlib bomb decodes quickly', async () => {
        // 16x16 gray needs 272 bytes; the IDAT inflates to 64 MiB of zeros and then turns corrupt,
        // so reading further than needed would throw.
        const writer = new DeflateWriter()
        const zeros = new Uint8Array(1024 * 1024)
        for (let i = 0; i < 64; i++) await writer.write(zeros)
        const stream = concatBytes((await writer.finish()).parts)
        const broken = concatBytes([
          stream.subarray(0, stream.length - 8),
          new Uint8Array([0xff, 0xff, 0xff, 0xff]),
        ])
        // Inflating all of it fails, so a decoder that read past its rows would fail too.
        expect(() => drain([broken])).toThrow(CodecError)
        const file = png(ihdr(16, 16, 8, 0), chunk('IDAT', broken), IEND)
        expect(file.length).toBeLessThan(128 * 1024)
        const pixels = await readAll(openOrThrow(file))
        expect(pixels.length).toBe(256)
        expect(pixels.every((v) => v === 0)).toBe(true)
      })

      it('releases the stream when the reader stops early', async () => {
        const image = openOrThrow(fixture('rgb16.png'))
        let count = 0
        for await (const _ of image.rows) {
          if (++count === 2) break
        }
        expect(count).toBe(2)
      })

      it('throws when rows are read a second time', async () => {
        const image = openOrThrow(fixture('gray8.png'))
        await readAll(image)
        expect(() => image.rows[Symbol.asyncIterator]()).toThrow(/read once/)
      })
    })

    describe('codecs/png/decode openPng on broken files', () => {
      const failure = (bytes: Uint8Array, options?: { maxInterlacedBytes?: number }) => {
        const result = openPng(bytes, { ...options, zlib: zlibKernel })
        return result.ok ? { reason: 'ok' } : result.error
      }

      /** Reads all rows and returns the CodecError reason and message, or 'ok'. */
      const iterationFailure = async (bytes: Uint8Array) => {
        try {
          await readAll(openOrThrow(bytes))
          return { reason: 'ok' }
        } catch (error) {
          expect(error).toBeInstanceOf(CodecError)
          return { reason: (error as CodecError).reason, message: (error as CodecError).message }
        }
      }

      it('is corrupt when the signature is wrong', () => {
        const bytes = fixture('gray8.png').slice()
        bytes[1] = 0x51
        expect(failure(bytes)).toMatchObject({
          reason: 'corrupt',
          message: expect.stringMatching(/signature/),
        })
      })

      it('is corrupt when any chunk CRC is wrong: IHDR, IDAT, ancillary, IEND', () => {
        const bytes = fixture('rgb8-ancillary.png')
        const offsets: Record<string, number> = {}
        for (let pos = 8; pos < bytes.length; ) {
          const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(pos)
          const type = String.fromCharCode(...bytes.subarray(pos + 4, pos + 8))
          offsets[type] ??= pos + 8 + length
          pos += 12 + length
        }
        for (const type of ['IHDR', 'gAMA', 'IDAT', 'tEXt', 'IEND']) {
          const copy = bytes.slice()
          copy[offsets[type]!]! ^= 1
          expect(failure(copy), type).toMatchObject({
            reason: 'corrupt',
            message: expect.stringMatching(/CRC/),
          })
        }
      })

      it('is corrupt when the file is truncated inside the header, a chunk or the IDAT data', () => {
        const bytes = fixture('rgb8.png')
        for (const length of [7, 20, 40, bytes.length - 100, bytes.length - 13]) {
          expect(failure(bytes.subarray(0, length)), `${length} bytes`).toMatchObject({
            reason: 'corrupt',
          })
        }
      })

      it('is too_large for 2^31-1 x 2^31-1, and corrupt for zero or 2^31', async () => {
        const idat = chunk('IDAT', await zlib(new Uint8Array(2)))
        expect(failure(png(ihdr(0x7fffffff, 0x7fffffff, 8, 0), idat, IEND))).toMatchObject({
          reason: 'too_large',
        })
        expect(failure(png(ihdr(0x7fffffff, 1, 8, 6), idat, IEND))).toMatchObject({
          reason: 'too_large',
        })
        expect(failure(png(ihdr(0x80000000, 1, 8, 0), idat, IEND))).toMatchObject({
          reason: 'corrupt',
        })
        expect(failure(png(ihdr(1, 0x80000000, 8, 0), idat, IEND))).toMatchObject({
          reason: 'corrupt',
        })
        expect(failure(png(ihdr(0, 1, 8, 0), idat, IEND))).toMatchObject({ reason: 'corrupt' })
      })

      it('is too_large when an Adam7 image needs more than maxInterlacedBytes', async () => {
        const idat = chunk('IDAT', await zlib(new Uint8Array(2)))
        // 5000 x 5000 RGB = 75 MB > the 64 MiB default
        expect(failure(png(ihdr(5000, 5000, 8, 2, [0, 0, 1]), idat, IEND))).toMatchObject({
          reason: 'too_large',
        })
        expect(failure(png(ihdr(5000, 5000, 8, 2), idat, IEND))).toMatchObject({ reason: 'ok' })
        const small = fixture('adam7-rgb8-33x17.png')
        expect(failure(small, { maxInterlacedBytes: 33 * 17 * 3 - 1 })).toMatchObject({
          reason: 'too_large',
        })
        expect(failure(small, { maxInterlacedBytes: 33 * 17 * 3 })).toMatchObject({ reason: 'ok' })
      })

      it('is corrupt for IHDR values outside the spec', async () => {
        const idat = chunk('IDAT', await zlib(new Uint8Array(4)))
        const cases: [number, number, number[], RegExp][] = [
          [3, 1, [0, 0, 0], /colour type 1/],
          [16, 3, [0, 0, 0], /bit depth 16/],
          [4, 2, [0, 0, 0], /bit depth 4/],
          [8, 7, [0, 0, 0], /colour type 7/],
          [8, 0, [1, 0, 0], /compression/],
          [8, 0, [0, 1, 0], /filter method/],
          [8, 0, [0, 0, 2], /interlace/],
        ]
        for (const [depth, type, extra, message] of cases) {
          const file = png(
            ihdr(1, 1, depth, type, extra),
            chunk('PLTE', new Uint8Array(3)),
            idat,
            IEND,
          )
          expect(failure(file), String(message)).toMatchObject({
            reason: 'corrupt',
            message: expect.stringMatching(message),
          })
        }
      })

      it('is corrupt without IDAT, with IDATs apart, or with a palette image lacking PLTE', async () => {
        const idat = chunk('IDAT', await zlib(new Uint8Array(2)))
        const text = chunk('tEXt', new Uint8Array([65, 0, 66]))
        expect(failure(png(ihdr(1, 1, 8, 0), IEND))).toMatchObject({
          reason: 'corrupt',
          message: 'no IDAT chunk',
        })
        expect(failure(png(ihdr(1, 1, 8, 0), idat, text, idat, IEND))).toMatchObject({
          reason: 'corrupt',
          message: expect.stringMatching(/consecutive/),
        })
        expect(failure(png(ihdr(1, 1, 8, 3), idat, IEND))).toMatchObject({
          reason: 'corrupt',
          message: expect.stringMatching(/PLTE/),
        })
      })

      it('is corrupt for a misplaced, repeated, oversized or partial PLTE, or a second IHDR', async () => {
        const idat = chunk('IDAT', await zlib(new Uint8Array(2)))
        const plte = chunk('PLTE', new Uint8Array(6))
        const cases: [Uint8Array, RegExp][] = [
          [png(ihdr(1, 1, 8, 3), idat, plte, IEND), /after IDAT/],
          [png(ihdr(1, 1, 8, 3), plte, plte, idat, IEND), /more than one PLTE/],
          [png(ihdr(1, 1, 8, 0), ihdr(1, 1, 8, 0), idat, IEND), /more than one IHDR/],
          [png(ihdr(1, 1, 8, 4), plte, idat, IEND), /colour type 4/],
        ]
        for (const [file, message] of cases) {
          expect(failure(file), String(message)).toMatchObject({
            reason: 'corrupt',
            message: expect.stringMatching(message),
          })
        }
        expect(
          failure(png(ihdr(1, 1, 1, 3), chunk('PLTE', new Uint8Array(9)), idat, IEND)),
        ).toMatchObject({ reason: 'corrupt' })
        expect(
          failure(png(ihdr(1, 1, 8, 3), chunk('PLTE', new Uint8Array(4)), idat, IEND)),
        ).toMatchObject({ reason: 'corrupt' })
        expect(
          failure(png(ihdr(1, 1, 8, 0), chunk('PLTE', new Uint8Array(3)), idat, IEND)),
        ).toMatchObject({ reason: 'corrupt' })
      })

      it('is unsupported for an unknown critical chunk and corrupt for a non-letter chunk type', async () => {
        const idat = chunk('IDAT', await zlib(new Uint8Array(2)))
        expect(
          failure(png(ihdr(1, 1, 8, 0), chunk('ABCD', new Uint8Array(1)), idat, IEND)),
        ).toMatchObject({
          reason: 'unsupported',
          message: expect.stringMatching(/ABCD/),
        })
        expect(
          failure(png(ihdr(1, 1, 8, 0), chunk('ab1d', new Uint8Array(1)), idat, IEND)),
        ).toMatchObject({ reason: 'corrupt' })
      })

      it('throws corrupt while reading when the IDAT zlib stream is truncated', async () => {
        const rows = rowsOf(noise(24 * 20, 5), 24)
        const data = await zlib(unfiltered(rows))
        const file = png(
          ihdr(24, 20, 8, 0),
          chunk('IDAT', data.subarray(0, data.length >> 1)),
          IEND,
        )
        expect(failure(file)).toMatchObject({ reason: 'ok' })
        expect(await iterationFailure(file)).toMatchObject({ reason: 'corrupt' })
      })

      it('throws corrupt when the zlib stream ends after the last row with a wrong Adler-32', async () => {
        const rows = rowsOf(noise(24 * 20, 6), 24)
        const data = await zlib(unfiltered(rows))
        data[data.length - 1]! ^= 1
        const file = png(ihdr(24, 20, 8, 0), chunk('IDAT', data), IEND)
        expect(await iterationFailure(file)).toMatchObject({
          reason: 'corrupt',
          message: expect.stringMatching(/after all 20 rows.*Adler-32 mismatch/),
        })
      })

      it('decodes all rows when the zlib stream is cut off or goes on after the last row', async () => {
        const rows = rowsOf(noise(24 * 20, 7), 24)
        const data = await zlib(unfiltered(rows))
        const cut = png(ihdr(24, 20, 8, 0), chunk('IDAT', data.subarray(0, data.length - 3)), IEND)
        expect([...(await readAll(openOrThrow(cut)))]).toEqual([...concatBytes(rows)])
        // 21 rows of data under an IHDR of 20: the last row and the checksum are never read.
        const extra = [...rows, new Uint8Array(24).fill(9)]
        const longer = await zlib(unfiltered(extra))
        longer[longer.length - 1]! ^= 1
        const file = png(ihdr(24, 20, 8, 0), chunk('IDAT', longer), IEND)
        expect([...(await readAll(openOrThrow(file)))]).toEqual([...concatBytes(rows)])
      })

      it('throws corrupt while reading when the zlib data holds fewer rows than IHDR says', async () => {
        const file = png(ihdr(4, 3, 8, 0), chunk('IDAT', await zlib(new Uint8Array(5 * 2))), IEND)
        expect(await iterationFailure(file)).toMatchObject({
          reason: 'corrupt',
          message: expect.stringMatching(/2 of 3 rows/),
        })
      })

      it('throws corrupt while reading when the IDAT data is not zlib at all', async () => {
        const file = png(ihdr(4, 3, 8, 0), chunk('IDAT', noise(64, 3)), IEND)
        expect(await iterationFailure(file)).toMatchObject({ reason: 'corrupt' })
      })

      it('throws corrupt while reading at a filter type above 4', async () => {
        const data = new Uint8Array([0, 1, 2, 5, 3, 4])
        const file = png(ihdr(2, 2, 8, 0), chunk('IDAT', await zlib(data)), IEND)
        expect(await iterationFailure(file)).toMatchObject({
          reason: 'corrupt',
          message: expect.stringMatching(/filter type 5/),
        })
      })

      it('throws corrupt while reading at a palette index past the palette', async () => {
        const plte = chunk('PLTE', new Uint8Array([1, 2, 3, 4, 5, 6]))
        const eight = png(
          ihdr(3, 1, 8, 3),
          plte,
          chunk('IDAT', await zlib(new Uint8Array([0, 0, 1, 5]))),
          IEND,
        )
        expect(await iterationFailure(eight)).toMatchObject({
          reason: 'corrupt',
          message: expect.stringMatching(/index 5/),
        })
        // 2-bit indices 0, 1, 2: index 2 is past a two-entry palette.
        const two = png(
          ihdr(3, 1, 2, 3),
          plte,
          chunk('IDAT', await zlib(new Uint8Array([0, 0b00011000]))),
          IEND,
        )
        expect(await iterationFailure(two)).toMatchObject({
          reason: 'corrupt',
          message: expect.stringMatching(/index 2/),
        })
      })
    })
  })
}

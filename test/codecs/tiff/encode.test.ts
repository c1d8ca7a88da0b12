import { describe, expect, it } from 'vitest'
import { openTiff } from '../../../src/codecs/tiff/decode'
import { createTiffEncoder, type TiffEncodeOptions } from '../../../src/codecs/tiff/encode'
import { type Ifd, readFirstIfd, readHeader, Tag } from '../../../src/codecs/tiff/ifd'
import { isTiff, probeTiff } from '../../../src/codecs/tiff/meta'
import { WORKERD_KERNELS } from '../../../src/kernels/workerd'
import { concatBytes } from '../../../src/lib/bytes'

/** A gray test page: a gradient, a ring, text-like strokes and noise, `width * height` bytes. */
function page(width: number, height: number, seed = 1): Uint8Array[] {
  let s = seed
  const noise = () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff
    return s / 0x7fffffff
  }
  const rows: Uint8Array[] = []
  for (let y = 0; y < height; y++) {
    const row = new Uint8Array(width)
    for (let x = 0; x < width; x++) {
      const ring = Math.abs(Math.hypot(x - width / 2, y - height / 2) - height / 3) < 2
      const stroke = y % 40 < 3 && x % 17 < 9
      row[x] = ring || stroke ? 10 : Math.min(255, Math.floor((x * 255) / width + noise() * 20))
    }
    rows.push(row)
  }
  return rows
}

async function encode(options: TiffEncodeOptions, rows: Uint8Array[]) {
  const encoder = createTiffEncoder(options)
  for (const row of rows) await encoder.write(row)
  const file = await encoder.finish()
  return { file, bytes: concatBytes(file.parts) }
}

async function decode(bytes: Uint8Array): Promise<Uint8Array[]> {
  const opened = openTiff(bytes)
  if (!opened.ok) throw new Error(opened.error.message)
  const rows: Uint8Array[] = []
  for await (const row of opened.value.rows) rows.push(row.slice())
  return rows
}

function ifdOf(bytes: Uint8Array): Ifd {
  const ifd = readFirstIfd(bytes)
  if (!ifd.ok) throw new Error(ifd.error)
  return ifd.value
}

function values(ifd: Ifd, tag: number): number[] {
  const entry = ifd.entry(tag)
  if (!entry) throw new Error(`tag ${tag} missing`)
  return Array.from({ length: entry.count }, (_, i) => ifd.valueAt(entry, i))
}

function text(bytes: Uint8Array, ifd: Ifd, tag: number): string {
  const entry = ifd.entry(tag)!
  return new TextDecoder().decode(
    bytes.subarray(entry.valueOffset, entry.valueOffset + entry.count),
  )
}

/** The tags PLATFORM.md §7 and the encoder contract require of both kinds. */
function expectCommonTags(bytes: Uint8Array, width: number, height: number, dpi: number): Ifd {
  const ifd = ifdOf(bytes)
  expect(Array.from(bytes.subarray(0, 4))).toEqual([0x49, 0x49, 42, 0])
  const header = readHeader(bytes)
  expect(header.ok && header.value.firstIfdOffset % 2).toBe(0)
  expect(values(ifd, Tag.NewSubfileType)).toEqual([0])
  expect(values(ifd, Tag.ImageWidth)).toEqual([width])
  expect(values(ifd, Tag.ImageLength)).toEqual([height])
  expect(values(ifd, Tag.SamplesPerPixel)).toEqual([1])
  expect(values(ifd, Tag.PlanarConfiguration)).toEqual([1])
  expect(values(ifd, Tag.XResolution)).toEqual([dpi])
  expect(values(ifd, Tag.YResolution)).toEqual([dpi])
  expect(values(ifd, Tag.ResolutionUnit)).toEqual([2])
  expect(text(bytes, ifd, Tag.Software)).toBe('Figure API\0')
  for (const tag of [Tag.XResolution, Tag.YResolution, Tag.Software, Tag.StripOffsets]) {
    const entry = ifd.entry(tag)!
    expect(entry.valueOffset % 2, `tag ${tag} value offset is word-aligned`).toBe(0)
  }
  // Rationals are stored as dpi/1, exactly.
  const x = ifd.entry(Tag.XResolution)!
  const view = new DataView(bytes.buffer, bytes.byteOffset)
  expect([view.getUint32(x.valueOffset, true), view.getUint32(x.valueOffset + 4, true)]).toEqual([
    dpi,
    1,
  ])
  // Strips are laid out back to back from byte 8, and the file ends with the IFD's values.
  const offsets = values(ifd, Tag.StripOffsets)
  const counts = values(ifd, Tag.StripByteCounts)
  expect(offsets[0]).toBe(8)
  for (let i = 1; i < offsets.length; i++) expect(offsets[i]).toBe(offsets[i - 1]! + counts[i - 1]!)
  return ifd
}

describe('createTiffEncoder gray8', () => {
  it('writes Deflate + predictor strips that decode to the same rows', async () => {
    const rows = page(300, 517)
    const { file, bytes } = await encode({ width: 300, height: 517, dpi: 300, kind: 'gray8' }, rows)
    expect(file.byteLength).toBe(bytes.length)
    expect(file.parts.length).toBeGreaterThan(2)
    const ifd = expectCommonTags(bytes, 300, 517, 300)
    expect(values(ifd, Tag.BitsPerSample)).toEqual([8])
    expect(values(ifd, Tag.Compression)).toEqual([8])
    expect(values(ifd, Tag.PhotometricInterpretation)).toEqual([1])
    expect(values(ifd, Tag.Predictor)).toEqual([2])
    const rowsPerStrip = Math.floor(65536 / 300)
    expect(values(ifd, Tag.RowsPerStrip)).toEqual([rowsPerStrip])
    expect(values(ifd, Tag.StripOffsets)).toHaveLength(Math.ceil(517 / rowsPerStrip))
    expect(bytes.length).toBeLessThan(300 * 517)
    expect(await decode(bytes)).toEqual(rows)
    expect(probeTiff(bytes)).toEqual({ ok: true, value: { width: 300, height: 517 } })
    expect(isTiff(bytes)).toBe(true)
  })

  it('uses one row per strip for rows wider than 64 KiB', async () => {
    const rows = page(70_000, 3)
    const { bytes } = await encode({ width: 70_000, height: 3, dpi: 600, kind: 'gray8' }, rows)
    const ifd = expectCommonTags(bytes, 70_000, 3, 600)
    expect(values(ifd, Tag.RowsPerStrip)).toEqual([1])
    expect(values(ifd, Tag.StripByteCounts)).toHaveLength(3)
    expect(await decode(bytes)).toEqual(rows)
  })

  it('writes a one-pixel image', async () => {
    const { bytes } = await encode({ width: 1, height: 1, dpi: 72, kind: 'gray8' }, [
      new Uint8Array([77]),
    ])
    expect(await decode(bytes)).toEqual([new Uint8Array([77])])
  })

  it('reports its dpi back through the decoder', async () => {
    const { bytes } = await encode({ width: 8, height: 2, dpi: 600, kind: 'gray8' }, page(8, 2))
    const opened = openTiff(bytes)
    expect(opened.ok && opened.value.density).toEqual({ x: 600, y: 600 })
  })
})

describe('createTiffEncoder bilevel', () => {
  it('writes one G4 strip, WhiteIsZero, that decodes to the thresholded rows', async () => {
    const rows = page(1001, 700, 5)
    const { file, bytes } = await encode(
      { width: 1001, height: 700, dpi: 300, kind: 'bilevel' },
      rows,
    )
    expect(file.byteLength).toBe(bytes.length)
    const ifd = expectCommonTags(bytes, 1001, 700, 300)
    expect(values(ifd, Tag.BitsPerSample)).toEqual([1])
    expect(values(ifd, Tag.Compression)).toEqual([4])
    expect(values(ifd, Tag.PhotometricInterpretation)).toEqual([0])
    expect(values(ifd, Tag.FillOrder)).toEqual([1])
    expect(values(ifd, Tag.RowsPerStrip)).toEqual([700])
    expect(values(ifd, Tag.StripOffsets)).toEqual([8])
    expect(ifd.entry(Tag.Predictor)).toBeUndefined()
    const want = rows.map((row) => row.map((v) => (v < 128 ? 0 : 255)))
    expect(await decode(bytes)).toEqual(want)
  })

  it('treats 127 as black and 128 as white', async () => {
    const row = new Uint8Array([0, 127, 128, 255, 127, 128])
    const { bytes } = await encode({ width: 6, height: 1, dpi: 300, kind: 'bilevel' }, [row])
    expect(await decode(bytes)).toEqual([new Uint8Array([0, 0, 255, 255, 0, 255])])
  })

  it('compresses a blank A4 page at 300 dpi to a few hundred bytes', async () => {
    const white = new Uint8Array(2480).fill(255)
    const { bytes } = await encode(
      { width: 2480, height: 3508, dpi: 300, kind: 'bilevel' },
      Array.from({ length: 3508 }, () => white),
    )
    expect(bytes.length).toBeLessThan(700)
    const decoded = await decode(bytes)
    expect(decoded.every((r) => r.every((v) => v === 255))).toBe(true)
  })
})

describe('createTiffEncoder misuse', () => {
  it('rejects bad options with a message naming the field', () => {
    expect(() => createTiffEncoder({ width: 0, height: 1, dpi: 300, kind: 'gray8' })).toThrow(
      'Expected an integer >= 1 for width but received 0',
    )
    expect(() => createTiffEncoder({ width: 1, height: 1.5, dpi: 300, kind: 'gray8' })).toThrow(
      /height/,
    )
    expect(() => createTiffEncoder({ width: 1, height: 1, dpi: 0, kind: 'bilevel' })).toThrow(/dpi/)
  })

  it('refuses to finish before every row is written, and extra rows', async () => {
    const encoder = createTiffEncoder({ width: 4, height: 2, dpi: 300, kind: 'bilevel' })
    await encoder.write(new Uint8Array(4))
    await expect(encoder.finish()).rejects.toThrow('1 of 2 rows written')
    await encoder.write(new Uint8Array(4))
    expect(() => encoder.write(new Uint8Array(4))).toThrow('more than 2 rows')
  })

  it('refuses rows shorter than the width', () => {
    const encoder = createTiffEncoder({ width: 4, height: 2, dpi: 300, kind: 'gray8' })
    expect(() => encoder.write(new Uint8Array(3))).toThrow('Expected a row of 4 bytes')
  })
})

describe('createTiffEncoder gray8 with the zlib kernel (wasm deflate)', () => {
  it('writes strips (one instance, restarted per strip) that decode to the same rows, within 5 % of the platform zlib', async () => {
    const zlib = WORKERD_KERNELS.zlib
    expect(zlib).toBeInstanceOf(WebAssembly.Module)
    const rows = page(300, 517)
    const options = { width: 300, height: 517, dpi: 300, kind: 'gray8' } as const
    const platform = await encode(options, rows)
    const wasm = await encode({ ...options, zlib }, rows)
    const ifd = expectCommonTags(wasm.bytes, 300, 517, 300)
    expect(values(ifd, Tag.StripOffsets)).toHaveLength(Math.ceil(517 / Math.floor(65536 / 300)))
    expect(await decode(wasm.bytes)).toEqual(rows)
    expect(wasm.bytes.length / platform.bytes.length).toBeLessThan(1.05)
  })
})

import { describe, expect, it } from 'vitest'
import { G4Encoder } from '../../../src/codecs/ccitt/encode'
import { openTiff } from '../../../src/codecs/tiff/decode'
import { FieldType, Tag } from '../../../src/codecs/tiff/ifd'
import { concatBytes } from '../../../src/lib/bytes'
import { CodecError } from '../../../src/lib/codec-error'
import { deflateBytes } from '../../../src/lib/deflate'

/** One IFD entry for the builder; `count` and `at` override what is written, to break files. */
interface Field {
  tag: number
  type: number
  values: number[]
  count?: number
  at?: number
}

const SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1 }

/**
 * A little-endian TIFF: header, the strips, then the IFD and its out-of-line values.
 * StripOffsets/StripByteCounts are added for `strips` unless `fields` has them.
 */
function buildTiff(
  fields: Field[],
  strips: Uint8Array[] = [],
  options: { nextIfd?: 'self' | number } = {},
): Uint8Array {
  const parts: Uint8Array[] = [new Uint8Array(8)]
  let at = 8
  const offsets: number[] = []
  for (const strip of strips) {
    offsets.push(at)
    parts.push(strip)
    at += strip.length
  }
  const all = [...fields]
  if (!all.some((f) => f.tag === Tag.StripOffsets) && strips.length > 0) {
    all.push({ tag: Tag.StripOffsets, type: FieldType.LONG, values: offsets })
    all.push({
      tag: Tag.StripByteCounts,
      type: FieldType.LONG,
      values: strips.map((s) => s.length),
    })
  }
  all.sort((a, b) => a.tag - b.tag)
  if (at & 1) {
    parts.push(new Uint8Array(1))
    at++
  }
  const ifdAt = at
  const ifd = new Uint8Array(2 + all.length * 12 + 4)
  const view = new DataView(ifd.buffer)
  view.setUint16(0, all.length, true)
  let valuesAt = ifdAt + ifd.length
  const extra: Uint8Array[] = []
  all.forEach((f, i) => {
    const e = 2 + i * 12
    const size = SIZE[f.type]!
    const n = f.type === FieldType.RATIONAL ? f.values.length / 2 : f.values.length
    const bytes = new Uint8Array(n * size + ((n * size) & 1))
    const v = new DataView(bytes.buffer)
    f.values.forEach((x, j) => {
      if (f.type === FieldType.RATIONAL) v.setUint32(j * 4, x, true)
      else if (size === 1) bytes[j] = x
      else if (size === 2) v.setUint16(j * 2, x, true)
      else v.setUint32(j * 4, x, true)
    })
    view.setUint16(e, f.tag, true)
    view.setUint16(e + 2, f.type, true)
    view.setUint32(e + 4, f.count ?? n, true)
    if (f.at !== undefined) view.setUint32(e + 8, f.at, true)
    else if (n * size <= 4) ifd.set(bytes.subarray(0, n * size), e + 8)
    else {
      view.setUint32(e + 8, valuesAt, true)
      extra.push(bytes)
      valuesAt += bytes.length
    }
  })
  const next = options.nextIfd === 'self' ? ifdAt : (options.nextIfd ?? 0)
  view.setUint32(2 + all.length * 12, next, true)
  const file = concatBytes([...parts, ifd, ...extra])
  file.set([0x49, 0x49, 42, 0])
  new DataView(file.buffer).setUint32(4, ifdAt, true)
  return file
}

const short = (tag: number, ...values: number[]): Field => ({ tag, type: FieldType.SHORT, values })
const long = (tag: number, ...values: number[]): Field => ({ tag, type: FieldType.LONG, values })

/** Base tags of a `width` x `height` image with the given samples and compression. */
function tags(
  width: number,
  height: number,
  o: { bits?: number; spp?: number; photometric?: number; compression?: number } = {},
): Field[] {
  const spp = o.spp ?? 1
  return [
    long(Tag.ImageWidth, width),
    long(Tag.ImageLength, height),
    short(Tag.BitsPerSample, ...Array<number>(spp).fill(o.bits ?? 8)),
    short(Tag.Compression, o.compression ?? 1),
    short(Tag.PhotometricInterpretation, o.photometric ?? 1),
    short(Tag.SamplesPerPixel, spp),
    long(Tag.RowsPerStrip, height),
  ]
}

function replace(fields: Field[], ...changes: Field[]): Field[] {
  return [...fields.filter((f) => !changes.some((c) => c.tag === f.tag)), ...changes]
}

async function decode(bytes: Uint8Array): Promise<Uint8Array[]> {
  const opened = openTiff(bytes)
  if (!opened.ok) throw new Error(`${opened.error.reason}: ${opened.error.message}`)
  const rows: Uint8Array[] = []
  for await (const row of opened.value.rows) rows.push(row.slice())
  return rows
}

function openFailure(bytes: Uint8Array) {
  const opened = openTiff(bytes)
  if (opened.ok) throw new Error('expected openTiff to fail')
  return opened.error
}

/** The CodecError reason thrown while iterating rows (the header must have passed). */
async function iterationFailure(bytes: Uint8Array): Promise<string> {
  try {
    await decode(bytes)
  } catch (error) {
    return error instanceof CodecError ? error.reason : `not a CodecError: ${String(error)}`
  }
  return 'no error'
}

/** A valid LZW stream that only uses literals, clearing before the code width would grow. */
function lzwLiterals(bytes: Uint8Array, extraCodes: number[] = [], end = true): Uint8Array {
  const codes: number[] = []
  bytes.forEach((b, i) => {
    if (i % 200 === 0) codes.push(256)
    codes.push(b)
  })
  codes.push(...extraCodes)
  if (end) codes.push(257)
  const out = new Uint8Array(Math.ceil((codes.length * 9) / 8) + 1)
  let bit = 0
  for (const code of codes) {
    for (let k = 8; k >= 0; k--, bit++) if ((code >> k) & 1) out[bit >> 3]! |= 0x80 >> (bit & 7)
  }
  return out
}

function g4(width: number, rows: Uint8Array[]): Uint8Array {
  const encoder = new G4Encoder(width)
  for (const row of rows) encoder.encodeGray(row)
  return concatBytes(encoder.finish())
}

const ramp = (n: number) => new Uint8Array(n).map((_, i) => (i * 37) & 0xff)

describe('openTiff on synthetic files', () => {
  it('decodes an uncompressed 8-bit gray image', async () => {
    const pixels = ramp(12)
    const rows = await decode(buildTiff(tags(4, 3), [pixels]))
    expect(rows).toEqual([pixels.subarray(0, 4), pixels.subarray(4, 8), pixels.subarray(8)])
  })

  it('inverts WhiteIsZero so 255 is white, at 8 and 16 bits', async () => {
    const wiz8 = buildTiff(tags(2, 1, { photometric: 0 }), [new Uint8Array([0, 200])])
    expect(await decode(wiz8)).toEqual([new Uint8Array([255, 55])])
    const wiz16 = buildTiff(tags(2, 1, { photometric: 0, bits: 16 }), [
      new Uint8Array([0, 0, 0xff, 0xff]),
    ])
    expect(await decode(wiz16)).toEqual([new Uint8Array([255, 0])])
  })

  it('scales 2-bit and 4-bit samples to 0..255', async () => {
    const two = buildTiff(tags(4, 1, { bits: 2 }), [new Uint8Array([0b00011011])])
    expect(await decode(two)).toEqual([new Uint8Array([0, 85, 170, 255])])
    const four = buildTiff(tags(3, 1, { bits: 4 }), [new Uint8Array([0x0f, 0x70])])
    expect(await decode(four)).toEqual([new Uint8Array([0, 255, 119])])
  })

  it('rounds 16-bit samples with (v * 255 + 32767) / 65535', async () => {
    const values = [0, 128, 129, 385, 386, 65535]
    const strip = new Uint8Array(values.flatMap((v) => [v & 0xff, v >> 8]))
    const rows = await decode(buildTiff(tags(6, 1, { bits: 16 }), [strip]))
    expect(Array.from(rows[0]!)).toEqual(values.map((v) => Math.floor((v * 255 + 32767) / 65535)))
    expect(Array.from(rows[0]!)).toEqual([0, 0, 1, 1, 2, 255])
  })

  it('converts CMYK naively to RGB', async () => {
    const file = buildTiff(tags(2, 1, { spp: 4, photometric: 5 }), [
      new Uint8Array([0, 0, 0, 0, 255, 0, 128, 51]),
    ])
    const k = 255 - 51
    expect(await decode(file)).toEqual([
      new Uint8Array([255, 255, 255, 0, Math.round(k), Math.round((127 * k) / 255)]),
    ])
  })

  it('ignores extra samples that are not alpha, and those without ExtraSamples', async () => {
    const pixel = new Uint8Array([10, 20, 30, 40])
    const unspecified = buildTiff(
      [...tags(1, 1, { spp: 4, photometric: 2 }), short(Tag.ExtraSamples, 0)],
      [pixel],
    )
    expect(await decode(unspecified)).toEqual([new Uint8Array([10, 20, 30])])
    const untagged = buildTiff(tags(1, 1, { spp: 4, photometric: 2 }), [pixel])
    expect(await decode(untagged)).toEqual([new Uint8Array([10, 20, 30])])
  })

  it('takes the first alpha among several extra samples', async () => {
    const file = buildTiff(
      [...tags(1, 1, { spp: 3 }), short(Tag.ExtraSamples, 0, 2)],
      [new Uint8Array([90, 7, 200])],
    )
    expect(await decode(file)).toEqual([new Uint8Array([90, 200])])
  })

  it('un-premultiplies associated gray alpha, and leaves transparent pixels black', async () => {
    const file = buildTiff(
      [...tags(3, 1, { spp: 2 }), short(Tag.ExtraSamples, 1)],
      [new Uint8Array([100, 255, 40, 160, 0, 0])],
    )
    expect(await decode(file)).toEqual([new Uint8Array([100, 255, 64, 160, 0, 0])])
  })

  it('expands a 1-bit palette through the 16-bit ColorMap', async () => {
    const map = [0xffff, 0x1234, 0x0000, 0x8080, 0xff00, 0x0101]
    const file = buildTiff(
      [...tags(3, 1, { bits: 1, photometric: 3 }), short(Tag.ColorMap, ...map)],
      [new Uint8Array([0b01000000])],
    )
    const r16 = (v: number) => Math.floor((v * 255 + 32767) / 65535)
    const c0 = [r16(map[0]!), r16(map[2]!), r16(map[4]!)]
    const c1 = [r16(map[1]!), r16(map[3]!), r16(map[5]!)]
    expect(await decode(file)).toEqual([new Uint8Array([...c0, ...c1, ...c0])])
  })

  it('decodes PackBits runs and literals that cross rows, and skips the -128 no-op', async () => {
    const packed = new Uint8Array([0x80, 0xfd, 7, 0x02, 1, 2, 3, 0xff, 9])
    const rows = await decode(buildTiff(tags(3, 3, { compression: 32773 }), [packed]))
    expect(rows).toEqual([
      new Uint8Array([7, 7, 7]),
      new Uint8Array([7, 1, 2]),
      new Uint8Array([3, 9, 9]),
    ])
  })

  it('stops reading a Deflate strip once its rows are out (a 16 MiB bomb)', async () => {
    const bomb = await deflateBytes(new Uint8Array(16 * 1024 * 1024).fill(42))
    expect(bomb.byteLength).toBeLessThan(100_000)
    const rows = await decode(buildTiff(tags(5, 2, { compression: 8 }), [concatBytes(bomb.parts)]))
    expect(rows).toEqual([new Uint8Array(5).fill(42), new Uint8Array(5).fill(42)])
  })

  it('reads a G4 strip written by our encoder, WhiteIsZero', async () => {
    const gray = [new Uint8Array([0, 255, 255, 0, 0]), new Uint8Array([255, 255, 0, 0, 255])]
    const file = buildTiff(tags(5, 2, { bits: 1, compression: 4, photometric: 0 }), [g4(5, gray)])
    expect(await decode(file)).toEqual(gray)
  })

  it('stops iterating early without error when the caller breaks', async () => {
    const bomb = await deflateBytes(new Uint8Array(1 << 20))
    const opened = openTiff(
      buildTiff(tags(1024, 1024, { compression: 8 }), [concatBytes(bomb.parts)]),
    )
    expect(opened.ok).toBe(true)
    if (!opened.ok) return
    let seen = 0
    for await (const _ of opened.value.rows) if (++seen === 3) break
    expect(seen).toBe(3)
  })

  it('decodes the first image when the next-IFD offset loops back to itself', async () => {
    const file = buildTiff(tags(2, 1), [new Uint8Array([5, 6])], { nextIfd: 'self' })
    expect(await decode(file)).toEqual([new Uint8Array([5, 6])])
  })
})

describe('openTiff on unsupported files', () => {
  const cases: Array<[string, Field[], string]> = [
    [
      'JPEG',
      replace(tags(1, 1), short(Tag.Compression, 7)),
      'TIFF compression 7 (JPEG) is not supported',
    ],
    [
      'an unknown compression',
      replace(tags(1, 1), short(Tag.Compression, 9999)),
      'TIFF compression 9999 is not supported',
    ],
    [
      'YCbCr',
      replace(tags(1, 1, { spp: 3 }), short(Tag.PhotometricInterpretation, 6)),
      'TIFF PhotometricInterpretation 6 (YCbCr) is not supported',
    ],
    [
      'predictor 3',
      [...tags(1, 1), short(Tag.Predictor, 3)],
      'TIFF predictor 3 (floating point) is not supported',
    ],
    [
      'predictor 2 on 4-bit samples',
      [...tags(2, 1, { bits: 4 }), short(Tag.Predictor, 2)],
      'TIFF predictor 2 with 4-bit samples is not supported',
    ],
    [
      'float samples',
      [...tags(1, 1), short(Tag.SampleFormat, 3)],
      'TIFF floating-point samples are not supported',
    ],
    ['12-bit samples', tags(1, 1, { bits: 12 }), 'TIFF with 12 bits per sample is not supported'],
    [
      'mixed sample sizes',
      replace(tags(1, 1, { spp: 3, photometric: 2 }), short(Tag.BitsPerSample, 8, 8, 16)),
      'TIFF with mixed BitsPerSample (8,8,16) is not supported',
    ],
  ]
  it.each(cases)('reports unsupported for %s', (_, fields, message) => {
    expect(openFailure(buildTiff(fields, [new Uint8Array(8)]))).toEqual({
      reason: 'unsupported',
      message,
    })
  })

  it('reports unsupported for BigTIFF', () => {
    const big = new Uint8Array([0x49, 0x49, 43, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    expect(openFailure(big).reason).toBe('unsupported')
  })

  it('reports unsupported for old-style LZW while reading rows', async () => {
    const file = buildTiff(tags(2, 1, { compression: 5 }), [
      new Uint8Array([0x00, 0x01, 0x02, 0x03]),
    ])
    expect(await iterationFailure(file)).toBe('unsupported')
  })
})

describe('openTiff on corrupt files', () => {
  it('rejects what is not a TIFF, or is cut inside the header', () => {
    expect(openFailure(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])).reason).toBe('corrupt')
    expect(openFailure(new Uint8Array([0x49, 0x49, 42])).reason).toBe('corrupt')
  })

  it('rejects a first IFD offset past the end', () => {
    const file = buildTiff(tags(1, 1), [new Uint8Array(1)])
    new DataView(file.buffer).setUint32(4, file.length + 100, true)
    expect(openFailure(file).reason).toBe('corrupt')
  })

  it('rejects an IFD whose entry count runs past the end', () => {
    const file = buildTiff(tags(1, 1), [new Uint8Array(1)])
    const ifdAt = new DataView(file.buffer).getUint32(4, true)
    new DataView(file.buffer).setUint16(ifdAt, 60_000, true)
    expect(openFailure(file).reason).toBe('corrupt')
  })

  it('rejects a missing ImageWidth and an empty image', () => {
    const noWidth = tags(1, 1).filter((f) => f.tag !== Tag.ImageWidth)
    expect(openFailure(buildTiff(noWidth, [new Uint8Array(1)])).reason).toBe('corrupt')
    const empty = replace(tags(1, 1), long(Tag.ImageLength, 0))
    expect(openFailure(buildTiff(empty, [new Uint8Array(1)])).reason).toBe('corrupt')
  })

  it('rejects strip offsets past the end of the file', () => {
    const file = buildTiff([
      ...tags(4, 1),
      long(Tag.StripOffsets, 1_000_000),
      long(Tag.StripByteCounts, 4),
    ])
    expect(openFailure(file)).toMatchObject({
      reason: 'corrupt',
      message: expect.stringMatching(/strip 0/),
    })
  })

  it('rejects a strip byte count larger than the file', () => {
    const file = buildTiff(
      [...tags(4, 1), long(Tag.StripOffsets, 8), long(Tag.StripByteCounts, 0x7fffffff)],
      [new Uint8Array(4)],
    )
    expect(openFailure(file).reason).toBe('corrupt')
  })

  it('rejects a giant strip count without allocating for it', () => {
    const file = buildTiff([
      ...tags(4, 1),
      { tag: Tag.StripOffsets, type: FieldType.LONG, values: [8], count: 0x3fffffff, at: 8 },
      { tag: Tag.StripByteCounts, type: FieldType.LONG, values: [4], count: 0x3fffffff, at: 8 },
    ])
    expect(openFailure(file)).toMatchObject({
      reason: 'corrupt',
      message: expect.stringMatching(/outside the file/),
    })
  })

  it('rejects fewer strips than the rows need', () => {
    const fields = replace(tags(4, 10), long(Tag.RowsPerStrip, 2))
    expect(openFailure(buildTiff(fields, [new Uint8Array(8), new Uint8Array(8)])).message).toMatch(
      /needs 5/,
    )
  })

  it('rejects an uncompressed strip shorter than its rows', () => {
    expect(openFailure(buildTiff(tags(4, 3), [new Uint8Array(11)])).message).toMatch(/needs 12/)
  })

  it('rejects a palette image without a ColorMap', () => {
    expect(openFailure(buildTiff(tags(1, 1, { photometric: 3 }), [new Uint8Array(1)])).reason).toBe(
      'corrupt',
    )
  })

  it('rejects CCITT compression on 8-bit samples', () => {
    expect(openFailure(buildTiff(tags(1, 1, { compression: 4 }), [new Uint8Array(1)])).reason).toBe(
      'corrupt',
    )
  })

  it('throws corrupt on truncated PackBits, LZW, Deflate and G4 strips', async () => {
    const pixels = ramp(400)
    const zlib = concatBytes((await deflateBytes(pixels)).parts)
    const g4Rows = Array.from({ length: 20 }, (_, y) => ramp(20).map((v) => (v + y * 40) & 0xff))
    const cases: Array<[number, Uint8Array, Field[]]> = [
      [
        32773,
        new Uint8Array([0x7f, ...pixels.subarray(0, 50)]),
        tags(20, 20, { compression: 32773 }),
      ],
      [5, lzwLiterals(pixels.subarray(0, 300)), tags(20, 20, { compression: 5 })],
      [5, lzwLiterals(pixels, [], false).subarray(0, 200), tags(20, 20, { compression: 5 })],
      [8, zlib.subarray(0, zlib.length >> 1), tags(20, 20, { compression: 8 })],
      [
        4,
        g4(20, g4Rows).subarray(0, 30),
        tags(20, 20, { bits: 1, compression: 4, photometric: 0 }),
      ],
    ]
    for (const [compression, strip, fields] of cases) {
      expect(await iterationFailure(buildTiff(fields, [strip])), `compression ${compression}`).toBe(
        'corrupt',
      )
    }
  })

  it('decodes literal-only LZW, and throws corrupt on a code not yet in the table', async () => {
    const pixels = ramp(400)
    const good = buildTiff(tags(20, 20, { compression: 5 }), [lzwLiterals(pixels)])
    expect(concatBytes(await decode(good))).toEqual(pixels)
    const bad = buildTiff(tags(20, 20, { compression: 5 }), [
      lzwLiterals(pixels.subarray(0, 5), [400]),
    ])
    expect(await iterationFailure(bad)).toBe('corrupt')
  })

  it('throws corrupt on bad CCITT codes in G3 and G4 strips', async () => {
    const junk = new Uint8Array([0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00])
    for (const compression of [2, 3, 4]) {
      const file = buildTiff(tags(30, 4, { bits: 1, compression, photometric: 0 }), [junk])
      expect(await iterationFailure(file), `compression ${compression}`).toBe('corrupt')
    }
  })

  it('throws corrupt on a corrupt Deflate stream', async () => {
    const file = buildTiff(tags(4, 4, { compression: 8 }), [
      new Uint8Array([0x78, 0x9c, 1, 2, 3, 4, 5, 6]),
    ])
    expect(await iterationFailure(file)).toBe('corrupt')
  })
})

describe('openTiff size limits', () => {
  it('reports too_large for more than 2^28 pixels', () => {
    const file = buildTiff(
      replace(tags(1, 1), long(Tag.ImageWidth, 100_000), long(Tag.ImageLength, 100_000)),
    )
    expect(openFailure(file).reason).toBe('too_large')
  })

  it('reports too_large for rows of more than 2^20 samples', () => {
    const file = buildTiff(
      replace(tags(1, 1, { spp: 4, photometric: 2 }), long(Tag.ImageWidth, 300_000)),
    )
    expect(openFailure(file).reason).toBe('too_large')
  })

  it('reports too_large for a row of tiles over 32 MiB', () => {
    const fields = [
      ...tags(16_384, 16_384, { bits: 16, spp: 3, photometric: 2 }).filter(
        (f) => f.tag !== Tag.RowsPerStrip,
      ),
      long(Tag.TileWidth, 1024),
      long(Tag.TileLength, 1024),
      long(Tag.TileOffsets, 8),
      long(Tag.TileByteCounts, 0),
    ]
    expect(openFailure(buildTiff(fields)).reason).toBe('too_large')
  })
})

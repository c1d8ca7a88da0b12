import { describe, expect, it } from 'vitest'
import { BitReader } from '../../../src/codecs/jpeg/bit-reader'
import { cmykToRgb, rgbToLuma, ycbcrToRgb } from '../../../src/codecs/jpeg/color'
import { readExifOrientation } from '../../../src/codecs/jpeg/exif'
import { buildHuffmanTable, decodeSymbol, extend } from '../../../src/codecs/jpeg/huffman'
import { idctBlock, scaleQuantTable } from '../../../src/codecs/jpeg/idct'
import { orientRows } from '../../../src/codecs/jpeg/orient'
import { upsampleH2, upsampleH2V2, upsampleNearest } from '../../../src/codecs/jpeg/upsample'
import { random } from '../../support/photo'

describe('codecs/jpeg huffman', () => {
  // Lengths 2, 2, 3, 3, 3, 4, 9, 12, 16 → canonical codes (T.81 C.2).
  const counts = Uint8Array.of(0, 2, 3, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1)
  const values = Uint8Array.of(10, 11, 20, 21, 22, 30, 90, 120, 160)
  const codes: Array<[symbol: number, code: string]> = [
    [10, '00'],
    [11, '01'],
    [20, '100'],
    [21, '101'],
    [22, '110'],
    [30, '1110'],
    [90, '111100000'],
    [120, '111100001000'],
    [160, '1111000010010000'],
  ]

  function readerOf(bits: string): BitReader {
    const padded = bits + '1'.repeat((8 - (bits.length % 8)) % 8)
    const bytes: number[] = []
    for (let i = 0; i < padded.length; i += 8) {
      const byte = Number.parseInt(padded.slice(i, i + 8), 2)
      bytes.push(byte)
      if (byte === 0xff) bytes.push(0)
    }
    return new BitReader(Uint8Array.from([...bytes, 0xff, 0xd9]), 0)
  }

  it('decodes every code, short and long, in sequence', () => {
    const table = buildHuffmanTable(counts, values, true)
    if (typeof table === 'string') throw new Error(table)
    const order = [6, 0, 8, 1, 7, 5, 2, 3, 4, 8, 6]
    const reader = readerOf(order.map((i) => codes[i]![1]).join(''))
    for (const i of order) expect(decodeSymbol(reader, table)).toBe(codes[i]![0])
    expect(reader.overrun).toBe(false)
  })

  it('answers -1 for bits that are no code', () => {
    const table = buildHuffmanTable(counts, values, true)
    if (typeof table === 'string') throw new Error(table)
    expect(decodeSymbol(readerOf('1111111111111111'), table)).toBe(-1)
  })

  it('folds AC magnitude bits into the fast table', () => {
    // One AC symbol 0x12 (run 1, size 2) with code '0', and EOB '10'.
    const table = buildHuffmanTable(
      Uint8Array.of(1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
      Uint8Array.of(0x12, 0x00),
      true,
    )
    if (typeof table === 'string') throw new Error(table)
    // '0' + magnitude '01' = −2 in 3 bits, run 1.
    const packed = table.fastAc[0b001000000]!
    expect([packed >> 8, (packed >> 4) & 15, packed & 15]).toEqual([-2, 1, 3])
    expect(table.fastAc[0b100000000]).toBe(0)
  })

  it('refuses impossible tables', () => {
    expect(
      buildHuffmanTable(Uint8Array.of(3, ...new Array(15).fill(0)), Uint8Array.of(1, 2, 3), true),
    ).toBe('a Huffman table has more codes than its lengths allow')
    expect(
      buildHuffmanTable(Uint8Array.of(1, ...new Array(15).fill(0)), Uint8Array.of(16), false),
    ).toBe('a DC Huffman table has the size category 16')
  })

  it('extends magnitudes to signed values (F.2.2.1)', () => {
    expect([extend(0, 1), extend(1, 1), extend(0b00, 2), extend(0b11, 2), extend(0, 11)]).toEqual([
      -1, 1, -3, 3, -2047,
    ])
  })
})

describe('codecs/jpeg bit reader', () => {
  it('reads stuffed 0xFF00 as 0xFF and pads after a marker', () => {
    const reader = new BitReader(Uint8Array.of(0xff, 0x00, 0xa5, 0xff, 0xd9), 0)
    expect(reader.bits(8)).toBe(0xff)
    expect(reader.bits(8)).toBe(0xa5)
    expect(reader.overrun).toBe(false)
    expect(reader.bits(8)).toBe(0)
    expect(reader.overrun).toBe(true)
  })

  it('crosses a restart marker, and tolerates one that is missing', () => {
    const reader = new BitReader(Uint8Array.of(0xab, 0xff, 0xd0, 0xcd, 0xef, 0x12, 0xff, 0xd9), 0)
    expect(reader.bits(5)).toBe(0xab >> 3)
    expect(reader.restart()).toBeUndefined()
    expect(reader.bits(8)).toBe(0xcd)
    // RST1 is missing here: the data goes on.
    expect(reader.restart()).toBeUndefined()
    expect(reader.bits(8)).toBe(0xef)
  })

  it('refuses a restart where another marker or the end stands', () => {
    const wrong = new BitReader(Uint8Array.of(0xab, 0xff, 0xd3, 0xcd), 0)
    wrong.bits(8)
    expect(wrong.restart()).toBe('expected RST0 but found RST3')
    const eoi = new BitReader(Uint8Array.of(0xab, 0xff, 0xd9), 0)
    eoi.bits(8)
    expect(eoi.restart()).toBe('expected RST0 but found marker 0xFFD9')
    const end = new BitReader(Uint8Array.of(0xab), 0)
    end.bits(8)
    expect(end.restart()).toBe('the entropy-coded data ends before a restart marker')
  })
})

describe('codecs/jpeg idct', () => {
  /** T.81 A.3.3 evaluated directly, rounded and clamped. */
  function reference(coefs: Int16Array, quant: Uint16Array): Uint8Array {
    const out = new Uint8Array(64)
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 8; x++) {
        let s = 0
        for (let v = 0; v < 8; v++) {
          for (let u = 0; u < 8; u++) {
            const c = (u ? 1 : Math.SQRT1_2) * (v ? 1 : Math.SQRT1_2)
            s +=
              c *
              coefs[v * 8 + u]! *
              quant[v * 8 + u]! *
              Math.cos(((2 * x + 1) * u * Math.PI) / 16) *
              Math.cos(((2 * y + 1) * v * Math.PI) / 16)
          }
        }
        out[y * 8 + x] = Math.max(0, Math.min(255, Math.floor(s / 4 + 128.5)))
      }
    }
    return out
  }

  it('stays within 1 level of the exact IDCT on random blocks', () => {
    const next = random(5)
    const quant = Uint16Array.from({ length: 64 }, () => 1 + Math.floor(next() * 30))
    const scaled = scaleQuantTable(quant)
    let worst = 0
    for (let trial = 0; trial < 300; trial++) {
      const coefs = Int16Array.from({ length: 64 }, (_, k) =>
        next() < 0.35 ? Math.round((next() - 0.5) * (k === 0 ? 120 : 40)) : 0,
      )
      const out = new Uint8Array(8 * 16)
      idctBlock(coefs, 0, scaled, out, 4, 16, false)
      const expected = reference(coefs, quant)
      for (let y = 0; y < 8; y++) {
        for (let x = 0; x < 8; x++) {
          worst = Math.max(worst, Math.abs(out[4 + y * 16 + x]! - expected[y * 8 + x]!))
        }
      }
    }
    expect(worst).toBeLessThanOrEqual(1)
  })

  it('fills a DC-only block with one clamped value', () => {
    const coefs = new Int16Array(64)
    coefs[0] = 100
    const out = new Uint8Array(64)
    idctBlock(coefs, 0, scaleQuantTable(new Uint16Array(64).fill(16)), out, 0, 8, true)
    expect([...new Set(out)]).toEqual([255])
    coefs[0] = -3
    idctBlock(coefs, 0, scaleQuantTable(new Uint16Array(64).fill(16)), out, 0, 8, true)
    expect([...new Set(out)]).toEqual([122])
  })
})

describe('codecs/jpeg upsample', () => {
  it('filters ×2 across with ¾ / ¼ weights and edge repeat', () => {
    const out = new Uint8Array(8)
    upsampleH2(Uint8Array.of(0, 100, 200, 40), 0, 4, out)
    expect([...out]).toEqual([0, 25, 75, 125, 175, 160, 80, 40])
  })

  it('filters ×2 both ways with 9 / 3 / 3 / 1 sixteenths', () => {
    const src = Uint8Array.of(0, 160, 80, 80, 240, 0)
    const out = new Uint8Array(6)
    upsampleH2V2(src, 0, 3, 3, out)
    // Column sums 3·near + far: 80, 720, 240; then (3·this + neighbour + 8 or 7) / 16, and
    // (4·this + 8 or 7) / 16 at the edges.
    expect([...out]).toEqual([20, 60, 140, 150, 90, 60])
  })

  it('repeats samples for other ratios', () => {
    const out = new Uint8Array(6)
    upsampleNearest(Uint8Array.of(9, 1, 7), 0, 2, 4, 6, out)
    expect([...out]).toEqual([9, 9, 1, 1, 7, 7])
    upsampleNearest(Uint8Array.of(9, 1, 7, 3), 0, 2, 3, 6, out)
    expect([...out]).toEqual([9, 9, 1, 7, 7, 3])
  })
})

describe('codecs/jpeg colour', () => {
  it('converts YCbCr with the JFIF equations', () => {
    const out = new Uint8Array(9)
    ycbcrToRgb(
      Uint8Array.of(128, 76, 255),
      Uint8Array.of(128, 85, 128),
      Uint8Array.of(128, 255, 128),
      3,
      out,
    )
    expect([...out]).toEqual([128, 128, 128, 254, 0, 0, 255, 255, 255])
  })

  it('converts inverted CMYK and YCCK naively', () => {
    const out = new Uint8Array(6)
    const full = Uint8Array.of(255, 255)
    cmykToRgb(
      Uint8Array.of(255, 0),
      Uint8Array.of(128, 255),
      Uint8Array.of(0, 255),
      Uint8Array.of(255, 128),
      2,
      false,
      out,
    )
    expect([...out]).toEqual([255, 128, 0, 0, 128, 128])
    // YCCK of (255 − C, 255 − M, 255 − Y) = white (no ink) with K stored 255: white.
    cmykToRgb(full, Uint8Array.of(128, 128), Uint8Array.of(128, 128), full, 2, true, out)
    expect([...out]).toEqual([0, 0, 0, 0, 0, 0])
  })

  it('computes Rec. 601 luma like flattenToGray', () => {
    const out = new Uint8Array(2)
    rgbToLuma(Uint8Array.of(255, 0, 0, 10, 200, 30), 2, out)
    expect([...out]).toEqual([76, 124])
  })
})

describe('codecs/jpeg exif', () => {
  const tiff = (order: 'II' | 'MM', entries: Array<[tag: number, type: number, value: number]>) => {
    const bytes = new Uint8Array(8 + 2 + 12 * entries.length + 4)
    const view = new DataView(bytes.buffer)
    const little = order === 'II'
    bytes.set([order.charCodeAt(0), order.charCodeAt(1)])
    view.setUint16(2, 42, little)
    view.setUint32(4, 8, little)
    view.setUint16(8, entries.length, little)
    entries.forEach(([tag, type, value], i) => {
      view.setUint16(10 + 12 * i, tag, little)
      view.setUint16(12 + 12 * i, type, little)
      view.setUint32(14 + 12 * i, 1, little)
      view.setUint16(18 + 12 * i, value, little)
    })
    return bytes
  }

  it('finds Orientation among other tags, in either byte order', () => {
    expect(
      readExifOrientation(
        tiff('II', [
          [0x010f, 3, 1],
          [0x0112, 3, 6],
        ]),
      ),
    ).toBe(6)
    expect(readExifOrientation(tiff('MM', [[0x0112, 3, 8]]))).toBe(8)
  })

  it('answers 1 for a missing, mistyped, out-of-range or truncated tag', () => {
    expect(readExifOrientation(tiff('II', [[0x010f, 3, 6]]))).toBe(1)
    expect(readExifOrientation(tiff('II', [[0x0112, 4, 6]]))).toBe(1)
    expect(readExifOrientation(tiff('MM', [[0x0112, 3, 9]]))).toBe(1)
    expect(readExifOrientation(tiff('MM', [[0x0112, 3, 6]]).subarray(0, 15))).toBe(1)
    expect(readExifOrientation(Uint8Array.of(1, 2, 3))).toBe(1)
  })
})

describe('codecs/jpeg orient', () => {
  // Stored 3 x 2, one byte per pixel: a b c / d e f.
  const stored = [Uint8Array.of(1, 2, 3), Uint8Array.of(4, 5, 6)]
  const expected: Record<number, number[][]> = {
    1: [
      [1, 2, 3],
      [4, 5, 6],
    ],
    2: [
      [3, 2, 1],
      [6, 5, 4],
    ],
    3: [
      [6, 5, 4],
      [3, 2, 1],
    ],
    4: [
      [4, 5, 6],
      [1, 2, 3],
    ],
    5: [
      [1, 4],
      [2, 5],
      [3, 6],
    ],
    6: [
      [4, 1],
      [5, 2],
      [6, 3],
    ],
    7: [
      [6, 3],
      [5, 2],
      [4, 1],
    ],
    8: [
      [3, 6],
      [2, 5],
      [1, 4],
    ],
  }
  for (let orientation = 1; orientation <= 8; orientation++) {
    it(`lays out orientation ${orientation} as EXIF's table says`, () => {
      // Rows are copied as they come: each is valid only until the next one.
      const rows = Array.from(orientRows(stored, 3, 2, 1, orientation), (row) => [...row])
      expect(rows).toEqual(expected[orientation])
    })
  }

  it('moves whole pixels of several channels', () => {
    const rgb = [Uint8Array.of(1, 1, 1, 2, 2, 2)]
    expect(Array.from(orientRows(rgb, 2, 1, 3, 6), (row) => [...row])).toEqual([
      [1, 1, 1],
      [2, 2, 2],
    ])
  })
})

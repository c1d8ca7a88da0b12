import { describe, expect, it } from 'vitest'
import {
  BLACK_BITS,
  BLACK_CODE,
  BLACK_PEEK_BITS,
  BLACK_TABLE,
  EOL_RUN,
  WHITE_BITS,
  WHITE_CODE,
  WHITE_PEEK_BITS,
  WHITE_TABLE,
} from '../../../src/codecs/ccitt/codes'
import { FaxDecoder } from '../../../src/codecs/ccitt/decode'
import { changesFromBits, changesFromGray, G4Encoder } from '../../../src/codecs/ccitt/encode'
import { concatBytes } from '../../../src/lib/bytes'
import { CodecError } from '../../../src/lib/codec-error'
import { uniform as random } from '../../support/line-art'

type Image = { width: number; rows: Uint8Array[] }

/** Packed 1-bit rows (1 = black) from a pixel predicate, padding bits left 0. */
function image(width: number, height: number, black: (x: number, y: number) => boolean): Image {
  const rows: Uint8Array[] = []
  for (let y = 0; y < height; y++) {
    const row = new Uint8Array((width + 7) >> 3)
    for (let x = 0; x < width; x++) if (black(x, y)) row[x >> 3]! |= 0x80 >> (x & 7)
    rows.push(row)
  }
  return { width, rows }
}

/** Random runs whose lengths follow `meanRun`, so both short and long runs occur. */
function runsImage(width: number, height: number, meanRun: number, seed: number): Image {
  const next = random(seed)
  return image(
    width,
    height,
    (() => {
      const cache = new Map<number, Uint8Array>()
      return (x: number, y: number) => {
        let row = cache.get(y)
        if (!row) {
          row = new Uint8Array(width)
          let colour = next() < 0.5 ? 1 : 0
          for (let i = 0; i < width; ) {
            const run = 1 + Math.floor(-Math.log(1 - next()) * meanRun)
            row.fill(colour, i, Math.min(width, i + run))
            i += run
            colour ^= 1
          }
          cache.clear()
          cache.set(y, row)
        }
        return row[x] === 1
      }
    })(),
  )
}

function encodeG4(img: Image): Uint8Array {
  const encoder = new G4Encoder(img.width)
  for (const row of img.rows) encoder.encodeBits(row)
  const parts = encoder.finish()
  const data = concatBytes(parts)
  expect(data.length).toBe(encoder.byteLength)
  return data
}

function expectRoundTrip(img: Image): void {
  const data = encodeG4(img)
  const decoder = new FaxDecoder(data, img.width, { coding: 't6' })
  const out = new Uint8Array((img.width + 7) >> 3)
  img.rows.forEach((row, y) => {
    decoder.decodeRow(out)
    if (!out.every((b, i) => b === row[i])) {
      expect.fail(`row ${y} of a ${img.width}-wide image differs after G4 round trip`)
    }
  })
}

describe('ccitt/codes', () => {
  const cases: Array<[string, Uint16Array, Uint8Array, Int32Array, number]> = [
    ['white', WHITE_CODE, WHITE_BITS, WHITE_TABLE, WHITE_PEEK_BITS],
    ['black', BLACK_CODE, BLACK_BITS, BLACK_TABLE, BLACK_PEEK_BITS],
  ]
  it.each(cases)(
    'looks every %s code up as its own run and length',
    (_, codes, bits, table, peek) => {
      for (let i = 0; i < codes.length; i++) {
        const run = i < 64 ? i : (i - 63) * 64
        const entry = table[codes[i]! << (peek - bits[i]!)]!
        expect([entry >> 4, entry & 15]).toEqual([run, bits[i]])
      }
    },
  )

  it.each(cases)('has a prefix-free %s code set (Kraft sum <= 1)', (_, codes, bits) => {
    let kraft = 2 ** -12
    for (let i = 0; i < codes.length; i++) kraft += 2 ** -bits[i]!
    expect(kraft).toBeLessThanOrEqual(1)
    for (let i = 0; i < codes.length; i++) {
      for (let j = 0; j < codes.length; j++) {
        if (i === j || bits[i]! > bits[j]!) continue
        expect(codes[j]! >> (bits[j]! - bits[i]!), `code ${i} prefixes code ${j}`).not.toBe(
          codes[i],
        )
      }
    }
  })

  it('maps EOL (000000000001) to the EOL marker in both tables', () => {
    expect(WHITE_TABLE[1]! >> 4).toBe(EOL_RUN)
    expect(BLACK_TABLE[2]! >> 4).toBe(EOL_RUN)
  })
})

describe('ccitt changing elements', () => {
  it('finds the same changes from packed bits and from gray samples', () => {
    const next = random(3)
    const width = 203
    const gray = new Uint8Array(width).map(() => (next() < 0.3 ? 0 : 255))
    const bits = new Uint8Array((width + 7) >> 3)
    gray.forEach((g, x) => {
      if (g < 128) bits[x >> 3]! |= 0x80 >> (x & 7)
    })
    const a = new Int32Array(width)
    const b = new Int32Array(width)
    const n = changesFromBits(bits, width, a)
    expect(changesFromGray(gray, width, 128, b)).toBe(n)
    expect(a.subarray(0, n)).toEqual(b.subarray(0, n))
    expect(n).toBeGreaterThan(20)
  })
})

describe('G4Encoder + FaxDecoder (T.6)', () => {
  it('round-trips random pixels at every width from 1 to 70', () => {
    for (let width = 1; width <= 70; width++) {
      const next = random(width)
      expectRoundTrip(image(width, 9, () => next() < 0.4))
    }
  })

  it.each([1728, 2480, 4096])('round-trips random runs at fax and page width %i', (width) => {
    expectRoundTrip(runsImage(width, 40, 12, width))
    expectRoundTrip(runsImage(width, 40, 300, width + 1))
  })

  it('round-trips all-white and all-black pages', () => {
    expectRoundTrip(image(2480, 30, () => false))
    expectRoundTrip(image(2480, 30, () => true))
  })

  it('codes an all-white page as one V0 bit per row', () => {
    const data = encodeG4(image(2480, 800, () => false))
    expect(data.length).toBe(100 + 3)
  })

  it('round-trips 1-pixel-wide images', () => {
    expectRoundTrip(image(1, 50, (_, y) => y % 3 === 0))
    expectRoundTrip(image(1, 5, () => true))
  })

  it('round-trips runs longer than 2560, which chain make-up codes', () => {
    // Horizontal mode is forced by alternating long runs that differ from the row above.
    expectRoundTrip(image(9000, 6, (x, y) => (y % 2 === 0 ? x >= 2561 + y : x < 5200 + y * 7)))
    expectRoundTrip(image(7000, 4, (x, y) => (x > 1 && x < 6999 - y) === (y % 2 === 1)))
  })

  it('round-trips a pixel checkerboard (a change at every pixel)', () => {
    expectRoundTrip(image(333, 12, (x, y) => (x + y) % 2 === 0))
  })

  it('round-trips a line drawing with pass, vertical and horizontal modes', () => {
    const img = image(800, 300, (x, y) => {
      const r = Math.hypot(x - 400, y - 150)
      return Math.abs(r - 120) < 2 || Math.abs(x - y * 2) < 3 || (y > 250 && x % 50 < 4)
    })
    expectRoundTrip(img)
  })
})

describe('FaxDecoder on bad data', () => {
  const decode = (data: Uint8Array, width: number, coding: 'mh' | 't4' | 't6', rows = 1) => {
    const decoder = new FaxDecoder(data, width, { coding })
    const out = new Uint8Array((width + 7) >> 3)
    for (let i = 0; i < rows; i++) decoder.decodeRow(out)
  }
  const reason = (fn: () => void) => {
    try {
      fn()
    } catch (error) {
      return error instanceof CodecError ? error.reason : `not a CodecError: ${String(error)}`
    }
    return 'no error'
  }

  it('throws corrupt on an invalid mode code', () => {
    expect(reason(() => decode(new Uint8Array([0x00, 0x00, 0x00]), 100, 't6'))).toBe('corrupt')
  })

  it('throws corrupt on an invalid run code', () => {
    // 1-D white run: eight 0s then 1 is not a code (and not an EOL either).
    expect(reason(() => decode(new Uint8Array([0x00, 0x80, 0, 0]), 100, 'mh'))).toBe('corrupt')
  })

  it('throws corrupt when a run passes the end of the row', () => {
    // White run 64 (11011) + terminating 0 (00110101) on a 10-pixel row.
    expect(reason(() => decode(new Uint8Array([0b11011001, 0b10101000]), 10, 'mh'))).toBe('corrupt')
  })

  it('throws corrupt when the data ends before the last row', () => {
    const data = encodeG4(runsImage(500, 20, 10, 9))
    expect(reason(() => decode(data.subarray(0, data.length >> 1), 500, 't6', 20))).toBe('corrupt')
  })

  it('throws corrupt, quickly, on a T.4 strip of zeros (an endless EOL)', () => {
    expect(reason(() => decode(new Uint8Array(100_000), 100, 't4'))).toBe('corrupt')
  })

  it('throws unsupported on uncompressed mode (extension 0000001111)', () => {
    expect(reason(() => decode(new Uint8Array([0b00000011, 0b11000000, 0]), 100, 't6'))).toBe(
      'unsupported',
    )
  })

  it('throws unsupported on 1-D uncompressed mode (000000001111)', () => {
    expect(reason(() => decode(new Uint8Array([0b00000000, 0b11110000, 0]), 100, 'mh'))).toBe(
      'unsupported',
    )
  })

  it('throws corrupt on random bytes, never hangs', () => {
    const next = random(77)
    for (let trial = 0; trial < 200; trial++) {
      const data = new Uint8Array(64).map(() => Math.floor(next() * 256))
      for (const coding of ['mh', 't4', 't6'] as const) {
        const r = reason(() => decode(data, 37, coding, 400))
        expect(['corrupt', 'unsupported']).toContain(r)
      }
    }
  })
})

import { describe, expect, it } from 'vitest'
import { openJpeg } from '../../../src/codecs/jpeg/open'
import { CodecError } from '../../../src/lib/codec-error'
import { planes, quantTable, writeJpeg } from '../../support/jpeg-writer'
import { jpegFixture } from '../../support/mozjpeg'
import { random } from '../../support/photo'
import { collectRows } from '../../support/pixels'

/** Marker segments before the first SOS: marker byte, offset of 0xFF, offset after the segment. */
function segmentsOf(bytes: Uint8Array): Array<{ marker: number; start: number; end: number }> {
  const out = []
  let at = 2
  while (at + 4 <= bytes.length) {
    const marker = bytes[at + 1]!
    const end = at + 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!)
    out.push({ marker, start: at, end })
    if (marker === 0xda) break
    at = end
  }
  return out
}

const segment = (bytes: Uint8Array, marker: number) => {
  const found = segmentsOf(bytes).find((s) => s.marker === marker)
  if (!found) throw new Error(`no marker ${marker.toString(16)}`)
  return found
}

function without(bytes: Uint8Array, marker: number): Uint8Array {
  const kept: number[] = [...bytes.subarray(0, 2)]
  const list = segmentsOf(bytes)
  for (const s of list) if (s.marker !== marker) kept.push(...bytes.subarray(s.start, s.end))
  kept.push(...bytes.subarray(list[list.length - 1]!.end))
  return Uint8Array.from(kept)
}

function patched(bytes: Uint8Array, at: number, ...values: number[]): Uint8Array {
  const copy = bytes.slice()
  copy.set(values, at)
  return copy
}

function insert(bytes: Uint8Array, at: number, extra: number[]): Uint8Array {
  return Uint8Array.from([...bytes.subarray(0, at), ...extra, ...bytes.subarray(at)])
}

function expectRefused(bytes: Uint8Array, reason: string, message: string | RegExp) {
  const opened = openJpeg(bytes, { output: 'color' })
  expect(opened.ok).toBe(false)
  if (opened.ok) return
  expect(opened.error.reason).toBe(reason)
  expect(opened.error.message).toMatch(message)
}

/** Reads every row without keeping them (the image may claim gigapixels). */
async function drain(image: { rows: AsyncIterable<Uint8Array> }): Promise<void> {
  for await (const _ of image.rows) {
    // Each row is dropped as soon as it arrives.
  }
}

/** Opens (which must succeed) and reads every row; returns the error iteration threw. */
async function iterationError(bytes: Uint8Array, output: 'luma' | 'color' = 'luma') {
  const opened = openJpeg(bytes, { output })
  if (!opened.ok) throw new Error(`refused at open: ${opened.error.message}`)
  try {
    await drain(opened.value)
  } catch (error) {
    return error
  }
  return undefined
}

const BASELINE = jpegFixture('s420.jpg')
const PROGRESSIVE = jpegFixture('progressive.jpg')

describe('codecs/jpeg refuses unsupported files with a clear reason', () => {
  const sof = segment(BASELINE, 0xc0).start
  const cases: Array<[string, number, RegExp]> = [
    ['arithmetic sequential (SOF9)', 0xc9, /arithmetic-coded sequential \(SOF9\) JPEG is not/],
    ['arithmetic progressive (SOF10)', 0xca, /arithmetic-coded progressive \(SOF10\)/],
    ['lossless (SOF3)', 0xc3, /lossless \(SOF3\) JPEG is not supported/],
    ['hierarchical (SOF5)', 0xc5, /differential sequential \(SOF5, hierarchical\)/],
    ['JPEG-LS (SOF55)', 0xf7, /JPEG-LS is not supported/],
  ]
  for (const [label, marker, message] of cases) {
    it(`refuses ${label} as unsupported`, () => {
      expectRefused(patched(BASELINE, sof + 1, marker), 'unsupported', message)
    })
  }

  it('refuses a hierarchical file (DHP) as unsupported', () => {
    const dhp = [0xff, 0xde, 0, 8, 8, 0, 1, 0, 1, 1]
    expectRefused(insert(BASELINE, 2, dhp), 'unsupported', /hierarchical JPEG/)
  })

  it('refuses 12-bit samples as unsupported', () => {
    const extended = patched(BASELINE, sof + 1, 0xc1)
    expectRefused(patched(extended, sof + 4, 12), 'unsupported', '12-bit JPEG samples')
  })

  it('refuses a height left to a DNL marker as unsupported', () => {
    expectRefused(patched(BASELINE, sof + 5, 0, 0), 'unsupported', /DNL/)
  })

  it('refuses 2 and 5 components as unsupported', () => {
    for (const count of [2, 5]) {
      const components = Array.from({ length: count }, (_, i) => ({
        id: i + 1,
        h: 1,
        v: 1,
        tq: 0,
        samples: new Uint8Array(64).fill(i * 40),
      }))
      const bytes = writeJpeg({ width: 8, height: 8, components, quant: [quantTable(75)] })
      expectRefused(bytes, 'unsupported', `JPEG images with ${count} components`)
    }
  })
})

describe('codecs/jpeg refuses corrupt headers at open', () => {
  it('refuses data without SOI', () => {
    expectRefused(Uint8Array.of(0x89, 0x50, 0x4e, 0x47), 'corrupt', /SOI/)
  })

  it('refuses a file without a frame header', () => {
    expectRefused(Uint8Array.of(0xff, 0xd8, 0xff, 0xd9), 'corrupt', 'no frame header (SOF')
    expectRefused(without(BASELINE, 0xc0), 'corrupt', 'a scan comes before the frame header')
  })

  it('refuses a second frame header', () => {
    const { start, end } = segment(BASELINE, 0xc0)
    const twice = insert(BASELINE, end, [...BASELINE.subarray(start, end)])
    expectRefused(twice, 'corrupt', 'a second frame header')
  })

  it('refuses an over-full Huffman table', () => {
    // Move two codes to length 1: with two 1-bit codes nothing longer fits (T.81 C.2).
    const dht = segment(BASELINE, 0xc4)
    const counts = dht.start + 5
    const copy = BASELINE.slice()
    const from = [...copy.subarray(counts, counts + 16)].findIndex((n, i) => i > 0 && n >= 2)
    copy[counts + from] = copy[counts + from]! - 2
    copy[counts] = copy[counts]! + 2
    expectRefused(copy, 'corrupt', 'a Huffman table has more codes than its lengths allow')
  })

  it('refuses a scan that uses a table never defined', () => {
    expectRefused(without(BASELINE, 0xc4), 'corrupt', /Huffman table 0 is not defined/)
    expectRefused(without(BASELINE, 0xdb), 'corrupt', /quantization table 0, which is not defined/)
  })

  it('refuses junk where a marker should be', () => {
    const { end } = segment(BASELINE, 0xdb)
    expectRefused(
      insert(BASELINE, end, [0x12, 0x34]),
      'corrupt',
      `expected a marker at byte ${end}`,
    )
  })

  it('refuses bad segment lengths and unknown markers', () => {
    const { start } = segment(BASELINE, 0xdb)
    expectRefused(patched(BASELINE, start + 2, 0, 1), 'corrupt', /bad length 1/)
    expectRefused(patched(BASELINE, start + 2, 0xff, 0xff), 'corrupt', /bad length 65535/)
    expectRefused(patched(BASELINE, start + 1, 0x30), 'corrupt', 'unknown marker 0xFF30')
  })

  it('refuses a file cut inside its headers', () => {
    const sos = segment(BASELINE, 0xda).start
    for (let cut = 3; cut < sos; cut += 7) {
      const opened = openJpeg(BASELINE.subarray(0, cut))
      expect(opened.ok, `cut at ${cut}`).toBe(false)
      expect(!opened.ok && opened.error.reason).toBe('corrupt')
    }
  })

  it('refuses a progressive file cut between scans as truncated', () => {
    const scans = [...PROGRESSIVE.keys()].filter(
      (i) => PROGRESSIVE[i] === 0xff && PROGRESSIVE[i + 1] === 0xda,
    )
    expect(scans.length).toBeGreaterThan(5)
    const cut = PROGRESSIVE.subarray(0, scans[scans.length - 2])
    expectRefused(cut, 'corrupt', /the file ends before the data of component \d+ is complete/)
  })
})

describe('codecs/jpeg fails corrupt entropy-coded data while iterating', () => {
  it('throws CodecError corrupt for a baseline file cut inside its data', async () => {
    const sos = segment(BASELINE, 0xda).end
    for (const cut of [sos + 10, sos + 200, BASELINE.length - 120]) {
      const error = await iterationError(BASELINE.subarray(0, cut))
      expect(error, `cut at ${cut}`).toBeInstanceOf(CodecError)
      expect((error as CodecError).reason).toBe('corrupt')
      expect((error as CodecError).message).toMatch(/ends early \(truncated or damaged\)/)
    }
  })

  it('throws CodecError corrupt for a progressive file cut inside its last scan', async () => {
    const error = await iterationError(PROGRESSIVE.subarray(0, PROGRESSIVE.length - 40), 'color')
    expect(error).toBeInstanceOf(CodecError)
    expect((error as CodecError).reason).toBe('corrupt')
  })

  it('throws for bits that match no Huffman code', async () => {
    const sos = segment(BASELINE, 0xda).end
    const junk = BASELINE.slice()
    for (let i = sos + 20; i < sos + 60; i += 2) junk.set([0xff, 0x00], i)
    const error = await iterationError(junk)
    expect(error).toBeInstanceOf(CodecError)
    expect((error as CodecError).message).toMatch(/a Huffman code that is not in its table/)
  })

  it('throws when a marker interrupts the data', async () => {
    const sos = segment(BASELINE, 0xda).end
    const error = await iterationError(patched(BASELINE, sos + 100, 0xff, 0xc4))
    expect(error).toBeInstanceOf(CodecError)
  })

  it('ignores bytes after EOI', async () => {
    const trailing = insert(BASELINE, BASELINE.length, [1, 2, 3, 0xff, 0xd8])
    expect(await iterationError(trailing)).toBeUndefined()
  })

  it('never hangs or throws anything but CodecError on damaged files', async () => {
    const next = random(99)
    for (const source of [BASELINE, PROGRESSIVE]) {
      for (let trial = 0; trial < 150; trial++) {
        const copy = source.slice(0, Math.max(4, Math.floor(source.length * (0.3 + next()))))
        const flips = 1 + Math.floor(next() * 4)
        for (let f = 0; f < flips; f++) {
          copy[Math.floor(next() * copy.length)] = Math.floor(next() * 256)
        }
        const opened = openJpeg(copy, { output: trial % 2 ? 'color' : 'luma' })
        if (!opened.ok) {
          expect(['corrupt', 'unsupported', 'too_large']).toContain(opened.error.reason)
          continue
        }
        try {
          await drain(opened.value)
        } catch (error) {
          expect(error).toBeInstanceOf(CodecError)
        }
      }
    }
  })

  it('refuses over 2^28 pixels, and stops early on a small file that claims 16384 x 16384', async () => {
    const sof = segment(BASELINE, 0xc0).start
    const huge = patched(BASELINE, sof + 5, 0xff, 0xff, 0xff, 0xff)
    expectRefused(huge, 'too_large', 'the JPEG is 65535x65535, over 268435456 pixels')
    const big = patched(BASELINE, sof + 5, 0x40, 0x00, 0x40, 0x00)
    const error = await iterationError(big)
    expect(error).toBeInstanceOf(CodecError)
    expect((error as CodecError).reason).toBe('corrupt')
  })
})

describe('codecs/jpeg memory cap', () => {
  it('refuses as too_large when the buffers exceed the cap, naming the size', () => {
    const opened = openJpeg(BASELINE, { output: 'color', maxBufferBytes: 1000 })
    expect(!opened.ok && opened.error.reason).toBe('too_large')
    expect(!opened.ok && opened.error.message).toMatch(
      /^decoding this 61x43 JPEG needs \d+ bytes of buffers \(cap 1000\)$/,
    )
  })

  it('refuses a rotated 16384 x 16384 image before allocating it', () => {
    const sof = segment(BASELINE, 0xc0).start
    const huge = patched(BASELINE, sof + 5, 0x40, 0x00, 0x40, 0x00)
    const exif = [...jpegFixture('orient-6.jpg').subarray(2, 2 + 4 + 32)]
    const rotated = insert(huge, 2, exif)
    expect(openJpeg(huge).ok).toBe(true)
    const opened = openJpeg(rotated)
    expect(!opened.ok && opened.error).toEqual({
      reason: 'too_large',
      message: expect.stringMatching(/^decoding this 16384x16384 JPEG needs 26\d{7} bytes/),
    })
  })
})

describe('codecs/jpeg one-shot rows', () => {
  it('throws when rows are read twice', async () => {
    const opened = openJpeg(BASELINE)
    if (!opened.ok) throw new Error(opened.error.message)
    await collectRows(opened.value)
    expect(() => opened.value.rows[Symbol.asyncIterator]()).toThrow(/read once/)
  })

  it('makes a writer test file of 2 components fail at open, not later', () => {
    const samples = planes(new Uint8Array(128), 8, 8, 2, [
      [1, 1],
      [1, 1],
    ])
    const components = samples.map((s, i) => ({ id: i + 1, h: 1, v: 1, tq: 0, samples: s }))
    const bytes = writeJpeg({ width: 8, height: 8, components, quant: [quantTable(50)] })
    expect(openJpeg(bytes).ok).toBe(false)
  })
})

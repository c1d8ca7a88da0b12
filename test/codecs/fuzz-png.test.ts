// Property-based fuzzing of the PNG decoder (convert path, decode step), complementing the seeded
// byte mutants of mutations.test.ts with structure-aware cases: random images of every colour
// type, bit depth, filter and IDAT split, plain and Adam7, against pixels computed from the
// samples; single bit flips (every CRC); truncation at every chunk boundary; chunk-level edits
// with valid CRCs; huge IHDR dimensions; zlib bombs. Fixed seed (test/support/fuzz.ts); a long
// run: FUZZ_RUNS=5000 npx vitest run --project unit test/codecs/fuzz-png.test.ts

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { openPng } from '../../src/codecs/png/decode'
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE_PX } from '../../src/http/input/image-input'
import { concatBytes } from '../../src/lib/bytes'
import { CodecError } from '../../src/lib/codec-error'
import { ZlibInflater } from '../../src/lib/inflate'
import type { PixelRows } from '../../src/lib/rows'
import {
  FUZZ_TEST_TIMEOUT_MS,
  fractionArb,
  ihdrChunk,
  outcomeLabel,
  PNG_FORMATS,
  PNG_SIGNATURE,
  pngChunk,
  pngChunks,
  pngExpected,
  pngFile,
  pngSpecArb,
  runProperty,
  Tally,
  throughDecoders,
  within,
  zlib,
  zlibBomb,
} from '../support/fuzz'

/**
 * Reads every row into one buffer; CodecErrors propagate. Rows are gathered as they come, so a
 * header claiming billions of rows costs only what the decoder really yields.
 */
async function readAll(image: PixelRows): Promise<Uint8Array> {
  const rows: Uint8Array[] = []
  for await (const row of image.rows) {
    expect(row.length).toBe(image.width * image.channels)
    rows.push(row.slice())
  }
  expect(rows.length).toBe(image.height)
  return concatBytes(rows)
}

/** The decoded pixels, or the CodecError reason (at open or while reading). */
async function decode(bytes: Uint8Array): Promise<Uint8Array | string> {
  const opened = openPng(bytes)
  if (!opened.ok) return opened.error.reason
  try {
    return await readAll(opened.value)
  } catch (error) {
    if (error instanceof CodecError) return error.reason
    throw error
  }
}

const same = (a: Uint8Array | string, b: Uint8Array) =>
  typeof a !== 'string' && a.length === b.length && a.every((v, i) => v === b[i])

describe('codecs/png/decode under fuzzing', () => {
  it(
    'decodes random images of every colour type and bit depth, plain and Adam7 at 1x1..9x9, to the pixels of their samples',
    async () => {
      const seen = new Set<string>()
      await runProperty(
        'png reference pixels',
        fc.asyncProperty(pngSpecArb(9), async (spec) => {
          const { pixels, channels } = pngExpected(spec)
          for (const interlaced of [false, true]) {
            const opened = openPng(await pngFile(spec, interlaced))
            if (!opened.ok) throw new Error(`${opened.error.reason}: ${opened.error.message}`)
            expect(opened.value.channels).toBe(channels)
            expect(same(await readAll(opened.value), pixels), `interlaced ${interlaced}`).toBe(true)
          }
          seen.add(`${spec.colourType}/${spec.bitDepth}`)
        }),
        200,
      )
      // Every colour type / bit depth pair was generated.
      expect(seen.size).toBe(PNG_FORMATS.length)
    },
    FUZZ_TEST_TIMEOUT_MS,
  )

  it(
    'refuses a file with any single bit flipped as corrupt, before inflating anything',
    async () => {
      await runProperty(
        'png bit flips',
        fc.asyncProperty(
          pngSpecArb(6),
          fc.boolean(),
          fractionArb,
          fc.integer({ min: 0, max: 7 }),
          async (spec, interlaced, where, bit) => {
            const bytes = await pngFile(spec, interlaced)
            const at = Math.floor(where * bytes.length)
            bytes[at]! ^= 1 << bit
            const opened = openPng(bytes)
            expect(opened.ok, `bit ${bit} of byte ${at} of ${bytes.length}`).toBe(false)
            if (!opened.ok) expect(opened.error.reason).toBe('corrupt')
          },
        ),
        300,
      )
    },
    FUZZ_TEST_TIMEOUT_MS,
  )

  it(
    'answers a file cut at every chunk boundary and inside each IDAT with corrupt or the exact pixels',
    async () => {
      const tally = new Tally()
      await runProperty(
        'png truncation',
        fc.asyncProperty(
          pngSpecArb(12, 4).filter((s) => s.idatCuts.length > 0),
          fc.boolean(),
          async (spec, interlaced) => {
            const chunks = await pngChunks(spec, interlaced)
            const { pixels } = pngExpected(spec)
            const cuts: number[] = []
            let at = PNG_SIGNATURE.length
            for (const chunk of chunks) {
              cuts.push(at, at + 4, at + 8, at + 8 + (chunk.length - 12) / 2)
              at += chunk.length
            }
            const whole = concatBytes([PNG_SIGNATURE, ...chunks])
            for (const cut of [0, 5, ...cuts.map(Math.floor)]) {
              const result = await decode(whole.subarray(0, cut))
              if (typeof result === 'string') {
                expect(result, `cut at ${cut} of ${whole.length}`).toBe('corrupt')
                tally.add('corrupt')
              } else {
                expect(same(result, pixels), `cut at ${cut}: wrong pixels`).toBe(true)
                tally.add('exact pixels')
              }
            }
          },
        ),
        80,
        {},
        tally,
      )
      expect(tally.get('corrupt'), tally.toString()).toBeGreaterThan(0)
      expect(tally.get('exact pixels'), tally.toString()).toBeGreaterThan(0)
    },
    FUZZ_TEST_TIMEOUT_MS,
  )

  it(
    'answers chunk-level edits with valid CRCs (dropped, repeated, moved, foreign chunks, random IHDR fields) with rows or a CodecError',
    async () => {
      const chunkType = fc.oneof(
        fc.constantFrom('IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'pHYs', 'gAMA', 'acTL', 'fdAT'),
        fc.stringMatching(/^[A-Za-z]{4}$/),
      )
      const edit = fc.oneof(
        fc.record({ op: fc.constant('drop' as const), i: fc.nat() }),
        fc.record({ op: fc.constant('repeat' as const), i: fc.nat() }),
        fc.record({ op: fc.constant('swap' as const), i: fc.nat() }),
        fc.record({
          op: fc.constant('insert' as const),
          i: fc.nat(),
          type: chunkType,
          data: fc.uint8Array({ maxLength: 64 }),
        }),
        fc.record({
          op: fc.constant('ihdr' as const),
          width: fc.oneof(fc.integer({ min: 0, max: 64 }), fc.constant(0x7fffffff), fc.nat()),
          height: fc.oneof(fc.integer({ min: 0, max: 64 }), fc.constant(0x7fffffff), fc.nat()),
          depth: fc.constantFrom(0, 1, 2, 3, 4, 8, 16, 32),
          colourType: fc.constantFrom(0, 1, 2, 3, 4, 5, 6, 7),
          interlace: fc.constantFrom(0, 1, 2),
        }),
      )
      const tally = new Tally()
      await runProperty(
        'png chunk edits',
        fc.asyncProperty(
          pngSpecArb(16),
          fc.boolean(),
          fc.array(edit, { minLength: 1, maxLength: 4 }),
          async (spec, interlaced, edits) => {
            const chunks = await pngChunks(spec, interlaced)
            for (const e of edits) {
              const i = chunks.length ? (e.op === 'ihdr' ? 0 : e.i % chunks.length) : 0
              if (e.op === 'drop') chunks.splice(i, 1)
              else if (e.op === 'repeat' && chunks[i]) chunks.splice(i, 0, chunks[i]!)
              else if (e.op === 'swap' && i + 1 < chunks.length) {
                ;[chunks[i], chunks[i + 1]] = [chunks[i + 1]!, chunks[i]!]
              } else if (e.op === 'insert') chunks.splice(i, 0, pngChunk(e.type, e.data))
              else if (e.op === 'ihdr') {
                chunks[0] = ihdrChunk(e.width, e.height, e.depth, e.colourType, e.interlace)
              }
            }
            const outcome = await within(2_000, 'one file', () =>
              throughDecoders(concatBytes([PNG_SIGNATURE, ...chunks])),
            )
            tally.add(outcomeLabel(outcome))
          },
        ),
        300,
        {},
        tally,
      )
      // The edits reach every outcome: decoded, refused by the header, codec errors.
      for (const label of ['decoded', 'refused: corrupt', 'codec error: corrupt']) {
        expect(tally.get(label), tally.toString()).toBeGreaterThan(0)
      }
    },
    FUZZ_TEST_TIMEOUT_MS,
  )

  it(
    'refuses huge IHDR dimensions by the header caps, and the decoder fails fast without allocating the image',
    async () => {
      const side = fc.oneof(
        fc.integer({ min: 1, max: 0x7fffffff }),
        fc.constantFrom(1, 12_000, 12_001, 65_535, 65_536, 0x7fffffff),
        fc.integer({ min: 1, max: 20_000 }),
      )
      const idat = pngChunk('IDAT', await zlib(new Uint8Array(16)))
      const tally = new Tally()
      await runProperty(
        'png huge IHDR',
        fc.asyncProperty(
          side,
          side,
          fc.constantFrom(...PNG_FORMATS),
          fc.constantFrom(0, 1),
          async (width, height, format, interlace) => {
            const plte = format.colourType === 3 ? [pngChunk('PLTE', new Uint8Array(6))] : []
            const file = concatBytes([
              PNG_SIGNATURE,
              ihdrChunk(width, height, format.bitDepth, format.colourType, interlace),
              ...plte,
              idat,
              pngChunk('IEND', new Uint8Array(0)),
            ])
            const overCaps =
              width > MAX_IMAGE_SIDE_PX ||
              height > MAX_IMAGE_SIDE_PX ||
              width * height > MAX_IMAGE_PIXELS
            const outcome = await throughDecoders(file)
            expect(outcome.kind === 'over caps', `${width}x${height}`).toBe(overCaps)
            // Without the API's caps the decoder itself must refuse or fail fast: it never holds
            // more than two rows (or, for Adam7, its 64 MiB cap).
            const result = await within(1_000, `${width}x${height} without caps`, () =>
              decode(file),
            )
            tally.add(typeof result === 'string' ? result : 'decoded')
          },
        ),
        200,
        {},
        tally,
      )
      expect(tally.get('too_large'), tally.toString()).toBeGreaterThan(0)
      expect(tally.get('corrupt'), tally.toString()).toBeGreaterThan(0)
    },
    FUZZ_TEST_TIMEOUT_MS,
  )

  it(
    'decodes only the rows it needs from a tiny IDAT that inflates to 1 GiB (a zlib bomb)',
    async () => {
      const bomb = zlibBomb(1024 * 1024 * 1024)
      expect(bomb.length).toBeLessThan(1.1 * 1024 * 1024)
      // The bomb is real: its first 32 MiB inflate to zeros without running out.
      const probe = new ZlibInflater([bomb])
      const buffer = new Uint8Array(1024 * 1024)
      for (let i = 0; i < 32; i++) expect(probe.read(buffer)).toBe(buffer.length)
      expect(buffer.every((v) => v === 0)).toBe(true)

      const formats = PNG_FORMATS.filter((f) => f.colourType !== 3)
      await runProperty(
        'png zlib bomb',
        fc.asyncProperty(
          fc.integer({ min: 1, max: 256 }),
          fc.integer({ min: 1, max: 256 }),
          fc.constantFrom(...formats),
          fc.constantFrom(0, 1),
          async (width, height, format, interlace) => {
            const file = concatBytes([
              PNG_SIGNATURE,
              ihdrChunk(width, height, format.bitDepth, format.colourType, interlace),
              pngChunk('IDAT', bomb),
              pngChunk('IEND', new Uint8Array(0)),
            ])
            // Zero bytes are filter type 0 and zero samples: every pixel decodes to 0.
            const outcome = await within(1_000, `${width}x${height} bomb`, () =>
              throughDecoders(file, { keepPixels: true }),
            )
            expect(outcome.kind).toBe('decoded')
            if (outcome.kind === 'decoded') expect(outcome.pixels.every((v) => v === 0)).toBe(true)
          },
        ),
        40,
      )
    },
    FUZZ_TEST_TIMEOUT_MS,
  )
})

// Property-based fuzzing of the TIFF decoder (convert path, decode step): random images written
// with every compression we read (1, 2, 3, 4, 5, 8, 32773, 32946), strips or tiles, chunky or
// planar, both byte orders, decode to their pixels; then hostile IFDs: any tag given any type,
// count and offset (offsets past the end, giant strip counts and byte counts), every compression
// value, bad bits per sample, tile and strip tags mixed, next-IFD chains that loop. Fixed seed
// (test/support/fuzz.ts); a long run:
//   FUZZ_RUNS=5000 npx vitest run --project unit test/codecs/fuzz-tiff.test.ts

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { openTiff } from '../../src/codecs/tiff/decode'
import { concatBytes } from '../../src/lib/bytes'
import { CodecError } from '../../src/lib/codec-error'
import {
  FUZZ_TEST_TIMEOUT_MS,
  outcomeLabel,
  runProperty,
  Tally,
  type TiffEntry,
  throughDecoders,
  tiffExpected,
  tiffFile,
  tiffParts,
  tiffSpecArb,
  within,
  writeTiff,
} from '../support/fuzz'

/** The decoded pixels, or the failure reason at open or while reading. */
async function decode(bytes: Uint8Array): Promise<Uint8Array | string> {
  const opened = openTiff(bytes)
  if (!opened.ok) return opened.error.reason
  const rows: Uint8Array[] = []
  try {
    for await (const row of opened.value.rows) rows.push(row.slice())
  } catch (error) {
    if (error instanceof CodecError) return error.reason
    throw error
  }
  return concatBytes(rows)
}

/** Every compression value TIFF 6.0 and its tech notes name, plus unknown ones. */
const COMPRESSIONS = [1, 2, 3, 4, 5, 6, 7, 8, 32771, 32773, 32946, 34712, 34887, 50000, 0, 9, 65535]

/** Tags the decoder reads. */
const TAGS = [256, 257, 258, 259, 262, 266, 273, 277, 278, 279, 282, 283, 284, 292, 296, 317, 320]
const TILE_TAGS = [322, 323, 324, 325, 338, 339]

describe('codecs/tiff/decode under fuzzing', () => {
  it(
    'decodes random images of every compression, strips or tiles, chunky or planar, either byte order, to their pixels',
    async () => {
      const seen = new Tally()
      await runProperty(
        'tiff reference pixels',
        fc.asyncProperty(tiffSpecArb(40), async (spec) => {
          const result = await decode(await tiffFile(spec))
          const { pixels } = tiffExpected(spec)
          if (typeof result === 'string') throw new Error(`${result} for a valid file`)
          expect(result.length).toBe(pixels.length)
          expect(result.every((v, i) => v === pixels[i])).toBe(true)
          seen.add(`${spec.compression}`)
          seen.add(spec.tile ? 'tiles' : 'strips')
          if (spec.planar) seen.add('planar')
          if (spec.predictor) seen.add('predictor')
        }),
        150,
        {},
        seen,
      )
      for (const label of ['1', '2', '3', '4', '5', '8', '32773', '32946', 'tiles', 'planar']) {
        expect(seen.get(label), seen.toString()).toBeGreaterThan(0)
      }
    },
    FUZZ_TEST_TIMEOUT_MS,
  )

  it(
    'answers every IFD edit (any tag, type, count, offset; every compression; giant strip counts) with rows or a CodecError, fast',
    async () => {
      const u32 = fc.oneof(
        fc.integer({ min: 0, max: 64 }),
        fc.constantFrom(0x7fff, 0xffff, 0x10000, 0x7fffffff, 0x80000000, 0xffffffff),
        fc.nat(),
      )
      const edit = fc.oneof(
        // Any tag the decoder reads, with a random type, values and possibly a lying count/offset.
        fc.record({
          op: fc.constant('set' as const),
          tag: fc.constantFrom(...TAGS, ...TILE_TAGS),
          type: fc.integer({ min: 0, max: 14 }),
          values: fc.array(u32, { minLength: 0, maxLength: 6 }),
          count: fc.option(u32, { nil: undefined }),
          offset: fc.option(u32, { nil: undefined }),
        }),
        fc.record({
          op: fc.constant('compression' as const),
          value: fc.constantFrom(...COMPRESSIONS),
        }),
        fc.record({
          op: fc.constant('bits' as const),
          values: fc.array(fc.constantFrom(0, 1, 2, 3, 4, 5, 8, 12, 16, 24, 32, 64, 255), {
            minLength: 1,
            maxLength: 5,
          }),
        }),
        fc.record({ op: fc.constant('drop' as const), i: fc.nat() }),
        fc.record({ op: fc.constant('duplicate' as const), i: fc.nat() }),
        fc.record({ op: fc.constant('strips' as const), count: u32, byteCount: u32 }),
      )
      const tally = new Tally()
      await runProperty(
        'tiff IFD edits',
        fc.asyncProperty(
          tiffSpecArb(24),
          fc.array(edit, { minLength: 1, maxLength: 4 }),
          fc.oneof(fc.constant(undefined), fc.constant('self' as const), u32),
          fc.integer({ min: 0, max: 3 }),
          async (spec, edits, next, loopIfds) => {
            const parts = await tiffParts(spec)
            const entries: TiffEntry[] = parts.entries
            const put = (entry: TiffEntry) => {
              const at = entries.findIndex((e) => e.tag === entry.tag)
              if (at >= 0) entries[at] = entry
              else entries.push(entry)
            }
            for (const e of edits) {
              const i = entries.length ? ('i' in e ? e.i % entries.length : 0) : 0
              if (e.op === 'set') put(e)
              else if (e.op === 'compression') put({ tag: 259, type: 3, values: [e.value] })
              else if (e.op === 'bits') put({ tag: 258, type: 3, values: e.values })
              else if (e.op === 'drop') entries.splice(i, 1)
              else if (e.op === 'duplicate' && entries[i]) entries.splice(i, 0, entries[i]!)
              else if (e.op === 'strips') {
                // A count the file cannot hold, or byte counts past its end.
                const tag = entries.some((x) => x.tag === 324) ? 324 : 273
                put({ tag, type: 4, values: [8], count: e.count, offset: 8 })
                put({ tag: tag + 1 === 325 ? 325 : 279, type: 4, values: [e.byteCount] })
              }
            }
            entries.sort((a, b) => a.tag - b.tag)
            const file = writeTiff({ ...parts, entries, next, loopIfds })
            const outcome = await within(2_000, 'one file', () => throughDecoders(file))
            tally.add(outcomeLabel(outcome))
          },
        ),
        400,
        {},
        tally,
      )
      for (const label of [
        'decoded',
        'refused: corrupt',
        'codec error: corrupt',
        'codec error: unsupported',
      ]) {
        expect(tally.get(label), tally.toString()).toBeGreaterThan(0)
      }
    },
    FUZZ_TEST_TIMEOUT_MS,
  )

  it(
    'refuses every compression it does not read as unsupported, and CCITT on multi-bit samples as corrupt',
    async () => {
      await runProperty(
        'tiff compression values',
        fc.asyncProperty(
          tiffSpecArb(16).filter((s) => s.kind !== 'bilevel'),
          fc.oneof(fc.constantFrom(...COMPRESSIONS), fc.integer({ min: 0, max: 65535 })),
          async (spec, compression) => {
            const parts = await tiffParts(spec)
            const entries = parts.entries.map((e) =>
              e.tag === 259 ? { ...e, values: [compression] } : e,
            )
            const opened = openTiff(writeTiff({ ...parts, entries }))
            if ([1, 5, 8, 32773, 32946].includes(compression)) return
            expect(opened.ok, `compression ${compression}`).toBe(false)
            if (opened.ok) return
            if (compression >= 2 && compression <= 4) expect(opened.error.reason).toBe('corrupt')
            else {
              expect(opened.error.reason).toBe('unsupported')
              expect(opened.error.message).toContain(`compression ${compression}`)
            }
          },
        ),
        150,
      )
    },
    FUZZ_TEST_TIMEOUT_MS,
  )

  it(
    'decodes the first image when the IFD chain loops, to itself or through several IFDs',
    async () => {
      await runProperty(
        'tiff IFD loops',
        fc.asyncProperty(
          tiffSpecArb(16),
          fc.oneof(fc.constant('self' as const), fc.constant(8)),
          fc.integer({ min: 0, max: 5 }),
          async (spec, next, loopIfds) => {
            const parts = await tiffParts(spec)
            const file = writeTiff({ ...parts, next, loopIfds })
            const result = await within(1_000, 'a looping chain', () => decode(file))
            expect(result).toEqual(tiffExpected(spec).pixels)
          },
        ),
        60,
      )
    },
    FUZZ_TEST_TIMEOUT_MS,
  )
})

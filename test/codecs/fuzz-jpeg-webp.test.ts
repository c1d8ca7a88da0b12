// Property-based fuzzing of our streaming JPEG and WebP decoders on the convert path's decode
// step: files cut at every marker or chunk boundary and inside the coded data, marker segments
// dropped, repeated, moved or made up, lengths bent, and huge dimensions written into SOF, VP8,
// VP8L and VP8X headers. Every case must end in rows or a CodecError, quickly, and never decode
// more pixels than the header that was admitted (under the global caps, which WebP now shares
// with the other formats). Fixed seed (test/support/fuzz.ts); a long run:
//   FUZZ_RUNS=5000 npx vitest run --project unit test/codecs/fuzz-jpeg-webp.test.ts

import webpEncoderWasm from '@jsquash/webp/codec/enc/webp_enc.wasm'
import encodeWebp, { init as initWebpEncoder } from '@jsquash/webp/encode.js'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { openJpeg } from '../../src/codecs/jpeg/open'
import { concatBytes } from '../../src/lib/bytes'
import { CodecError } from '../../src/lib/codec-error'
import {
  FUZZ_TEST_TIMEOUT_MS,
  fractionArb,
  mutate,
  mutationArb,
  outcomeLabel,
  runProperty,
  Tally,
  throughDecoders,
  within,
  xorshift,
} from '../support/fuzz'
import { planes, quantTable, writeJpeg } from '../support/jpeg-writer'
import { mozEncodeJpeg } from '../support/mozjpeg'

/** A smooth RGBA test image with grain and, when asked, a transparent band. */
function rgba(width: number, height: number, seed: number, alpha = false): Uint8ClampedArray {
  const next = xorshift(seed)
  const data = new Uint8ClampedArray(width * height * 4)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4
      data[i] = (x * 255) / width + (next() % 9)
      data[i + 1] = (y * 255) / height
      data[i + 2] = 128 + 100 * Math.sin((x + y) / 5)
      data[i + 3] = alpha && x < width / 4 ? 0 : 255
    }
  }
  return data
}

// ---------------------------------------------------------------------------------------------
// JPEG: base files and marker segments
// ---------------------------------------------------------------------------------------------

/** Small JPEGs of the kinds the decoder distinguishes: gray, 4:2:0, restarts, separate scans, progressive. */
async function jpegBases(): Promise<Uint8Array[]> {
  const w = 40
  const h = 24
  const pixels = rgba(w, h, 7)
  const rgb = new Uint8Array(w * h * 3)
  for (let p = 0; p < w * h; p++) rgb.set(pixels.subarray(p * 4, p * 4 + 3), p * 3)
  const q = [quantTable(75), quantTable(60)]
  const gray = planes(rgb, w, h, 3, [[1, 1]])
  const colour = planes(rgb, w, h, 3, [
    [2, 2],
    [1, 1],
    [1, 1],
  ])
  const components = colour.map((samples, i) => ({
    id: i + 1,
    h: i === 0 ? 2 : 1,
    v: i === 0 ? 2 : 1,
    tq: i === 0 ? 0 : 1,
    samples,
  }))
  return [
    writeJpeg({
      width: w,
      height: h,
      quant: q,
      components: [{ id: 1, h: 1, v: 1, tq: 0, samples: gray[0]! }],
    }),
    writeJpeg({ width: w, height: h, quant: q, components }),
    writeJpeg({ width: w, height: h, quant: q, components, restartInterval: 2 }),
    writeJpeg({ width: w, height: h, quant: q, components, scans: [[0], [1], [2]] }),
    await mozEncodeJpeg(pixels, w, h, { quality: 80, progressive: true }),
  ]
}

/** One marker segment: its marker byte and everything after FF xx up to the next marker. */
interface Segment {
  marker: number
  body: Uint8Array
}

/** Splits a JPEG into segments; an SOS segment keeps its entropy-coded data. */
function jpegSegments(bytes: Uint8Array): Segment[] {
  const out: Segment[] = []
  let pos = 2
  while (pos + 1 < bytes.length) {
    const marker = bytes[pos + 1]!
    let end = pos + 2
    if (marker !== 0xd9 && !(marker >= 0xd0 && marker <= 0xd7) && end + 2 <= bytes.length) {
      end += (bytes[end]! << 8) | bytes[end + 1]!
    }
    if (marker === 0xda || (marker >= 0xd0 && marker <= 0xd7)) {
      while (end + 1 < bytes.length) {
        if (
          bytes[end] === 0xff &&
          bytes[end + 1] !== 0 &&
          !(bytes[end + 1]! >= 0xd0 && bytes[end + 1]! <= 0xd7)
        )
          break
        end++
      }
    }
    end = Math.min(end, bytes.length)
    out.push({ marker, body: bytes.subarray(pos + 2, end) })
    pos = end
  }
  return out
}

const joinJpeg = (segments: Segment[]) =>
  concatBytes([
    new Uint8Array([0xff, 0xd8]),
    ...segments.flatMap((s) => [new Uint8Array([0xff, s.marker]), s.body]),
  ])

/** Writes `width` and `height` into every SOF segment. */
function withFrameSize(bytes: Uint8Array, width: number, height: number): Uint8Array {
  const segments = jpegSegments(bytes).map((s) => {
    if (s.marker < 0xc0 || s.marker > 0xcf || [0xc4, 0xc8, 0xcc].includes(s.marker)) return s
    const body = s.body.slice()
    body[3] = height >> 8
    body[4] = height & 0xff
    body[5] = width >> 8
    body[6] = width & 0xff
    return { marker: s.marker, body }
  })
  return joinJpeg(segments)
}

// ---------------------------------------------------------------------------------------------
// WebP: base files and chunks
// ---------------------------------------------------------------------------------------------

async function webpBases(): Promise<Uint8Array[]> {
  await (initWebpEncoder as unknown as (m: WebAssembly.Module) => Promise<void>)(webpEncoderWasm)
  const encode = async (alpha: boolean, options: Record<string, number>) => {
    const image = { data: rgba(40, 24, 3, alpha), width: 40, height: 24 }
    return new Uint8Array(await encodeWebp(image as Parameters<typeof encodeWebp>[0], options))
  }
  return [
    await encode(false, { quality: 75 }), // VP8
    await encode(false, { lossless: 1 }), // VP8L
    await encode(true, { quality: 75 }), // VP8X + ALPH + VP8
  ]
}

/** Byte offsets where each RIFF chunk (header and payload) starts and ends. */
function webpBoundaries(bytes: Uint8Array): number[] {
  const cuts = [0, 4, 8, 12]
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  for (let pos = 12; pos + 8 <= bytes.length; ) {
    const size = view.getUint32(pos + 4, true)
    cuts.push(pos + 4, pos + 8, pos + 8 + Math.floor(size / 2), pos + 8 + size)
    pos += 8 + size + (size & 1)
  }
  return cuts.filter((c) => c <= bytes.length)
}

/** Writes a canvas size into the first chunk's header: VP8 14-bit fields, VP8L 14-bit, VP8X 24-bit. */
function withWebpSize(bytes: Uint8Array, width: number, height: number): Uint8Array {
  const b = bytes.slice()
  const chunk = String.fromCharCode(...b.subarray(12, 16))
  if (chunk === 'VP8X') {
    for (let i = 0; i < 3; i++) {
      b[24 + i] = ((width - 1) >> (8 * i)) & 0xff
      b[27 + i] = ((height - 1) >> (8 * i)) & 0xff
    }
  } else if (chunk === 'VP8L') {
    const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14) | ((b[24]! & 0xf0) << 24)
    new DataView(b.buffer).setUint32(21, bits >>> 0, true)
  } else {
    new DataView(b.buffer).setUint16(26, width & 0x3fff, true)
    new DataView(b.buffer).setUint16(28, height & 0x3fff, true)
  }
  return b
}

let jpegs: Uint8Array[] = []
let webps: Uint8Array[] = []

beforeAll(async () => {
  jpegs = await jpegBases()
  webps = await webpBases()
})

describe('codecs/jpeg under fuzzing', () => {
  it('has base files that decode', async () => {
    for (const bytes of jpegs) expect(outcomeLabel(await throughDecoders(bytes))).toBe('decoded')
  })

  it(
    'answers a file cut at every marker boundary, or anywhere in its coded data, with rows or a CodecError',
    async () => {
      const tally = new Tally()
      for (const bytes of jpegs) {
        let at = 2
        for (const segment of jpegSegments(bytes)) {
          for (const cut of [at, at + 1, at + 2, at + 3, at + 2 + (segment.body.length >> 1)]) {
            tally.add(outcomeLabel(await throughDecoders(bytes.subarray(0, cut))))
          }
          at += 2 + segment.body.length
        }
      }
      await runProperty(
        'jpeg truncation',
        fc.asyncProperty(fc.nat(), fractionArb, async (pick, where) => {
          const bytes = jpegs[pick % jpegs.length]!
          const outcome = await within(2_000, 'a cut file', () =>
            throughDecoders(bytes.subarray(0, Math.floor(where * bytes.length))),
          )
          tally.add(outcomeLabel(outcome))
        }),
        300,
        {},
        tally,
      )
      expect(tally.get('codec error: corrupt'), tally.toString()).toBeGreaterThan(0)
    },
    FUZZ_TEST_TIMEOUT_MS,
  )

  it(
    'answers dropped, repeated, moved and made-up markers, and bent segment lengths, with rows or a CodecError',
    async () => {
      const edit = fc.oneof(
        fc.record({ op: fc.constant('drop' as const), i: fc.nat() }),
        fc.record({ op: fc.constant('repeat' as const), i: fc.nat() }),
        fc.record({ op: fc.constant('swap' as const), i: fc.nat() }),
        fc.record({
          op: fc.constant('insert' as const),
          i: fc.nat(),
          marker: fc.oneof(
            fc.constantFrom(
              0xc0,
              0xc1,
              0xc2,
              0xc3,
              0xc4,
              0xc9,
              0xcc,
              0xd0,
              0xd8,
              0xd9,
              0xda,
              0xdb,
              0xdd,
              0xdc,
              0xe0,
              0xe1,
              0xee,
              0xfe,
              0xff,
              0x01,
            ),
            fc.integer({ min: 0, max: 255 }),
          ),
          body: fc.uint8Array({ maxLength: 80 }),
          withLength: fc.boolean(),
        }),
        fc.record({
          op: fc.constant('length' as const),
          i: fc.nat(),
          length: fc.integer({ min: 0, max: 0xffff }),
        }),
        fc.record({
          op: fc.constant('bytes' as const),
          i: fc.nat(),
          mutations: fc.array(mutationArb, { minLength: 1, maxLength: 3 }),
        }),
      )
      const tally = new Tally()
      await runProperty(
        'jpeg marker edits',
        fc.asyncProperty(
          fc.nat(),
          fc.array(edit, { minLength: 1, maxLength: 4 }),
          async (pick, edits) => {
            const segments = jpegSegments(jpegs[pick % jpegs.length]!)
            for (const e of edits) {
              const i = segments.length ? e.i % segments.length : 0
              const s = segments[i]
              if (e.op === 'drop') segments.splice(i, 1)
              else if (e.op === 'repeat' && s) segments.splice(i, 0, s)
              else if (e.op === 'swap' && i + 1 < segments.length) {
                ;[segments[i], segments[i + 1]] = [segments[i + 1]!, segments[i]!]
              } else if (e.op === 'insert') {
                const length = e.body.length + 2
                const body = e.withLength
                  ? concatBytes([new Uint8Array([length >> 8, length & 0xff]), e.body])
                  : e.body
                segments.splice(i, 0, { marker: e.marker, body })
              } else if (e.op === 'length' && s && s.body.length >= 2) {
                const body = s.body.slice()
                body[0] = e.length >> 8
                body[1] = e.length & 0xff
                segments[i] = { marker: s.marker, body }
              } else if (e.op === 'bytes' && s) {
                segments[i] = { marker: s.marker, body: mutate(s.body, e.mutations) }
              }
            }
            const outcome = await within(2_000, 'an edited file', () =>
              throughDecoders(joinJpeg(segments)),
            )
            tally.add(outcomeLabel(outcome))
          },
        ),
        400,
        {},
        tally,
      )
      for (const label of ['decoded', 'refused: corrupt', 'codec error: corrupt']) {
        expect(tally.get(label), tally.toString()).toBeGreaterThan(0)
      }
    },
    FUZZ_TEST_TIMEOUT_MS,
  )

  it(
    'refuses huge SOF dimensions by the caps, and otherwise fails fast within its buffer cap',
    async () => {
      const tally = new Tally()
      const side = fc.oneof(
        fc.integer({ min: 1, max: 65_535 }),
        fc.constantFrom(1, 12_000, 12_001, 16_384, 65_535),
      )
      await runProperty(
        'jpeg huge SOF',
        fc.asyncProperty(fc.nat(), side, side, async (pick, width, height) => {
          const bytes = withFrameSize(jpegs[pick % jpegs.length]!, width, height)
          const outcome = await within(3_000, `${width}x${height} through the caps`, () =>
            throughDecoders(bytes),
          )
          tally.add(outcomeLabel(outcome))
          // Without the caps: refused as too large, or opened with buffers within the 64 MiB cap,
          // and the rows then end early as corrupt, since the data is for a 40x24 image.
          const opened = openJpeg(bytes)
          if (!opened.ok) {
            tally.add(`open: ${opened.error.reason}`)
            return
          }
          expect(opened.value.bufferBytes).toBeLessThanOrEqual(64 * 1024 * 1024)
          if (width * height > 4_000_000) return
          await within(3_000, `${width}x${height} rows`, async () => {
            try {
              for await (const _ of opened.value.rows) {
                // drain
              }
            } catch (error) {
              if (!(error instanceof CodecError)) throw error
            }
          })
        }),
        100,
        {},
        tally,
      )
      expect(tally.get('over caps'), tally.toString()).toBeGreaterThan(0)
      expect(tally.get('open: too_large'), tally.toString()).toBeGreaterThan(0)
    },
    FUZZ_TEST_TIMEOUT_MS,
  )
})

describe('codecs/webp under fuzzing', () => {
  it('has base files of each kind (VP8, VP8L, VP8X) that decode', async () => {
    const kinds = webps.map((b) => String.fromCharCode(...b.subarray(12, 16)))
    expect(kinds).toEqual(['VP8 ', 'VP8L', 'VP8X'])
    for (const bytes of webps) expect(outcomeLabel(await throughDecoders(bytes))).toBe('decoded')
  })

  it(
    'answers a file cut at every chunk boundary, or anywhere, with rows or a corrupt CodecError',
    async () => {
      const tally = new Tally()
      for (const bytes of webps) {
        for (const cut of webpBoundaries(bytes)) {
          tally.add(outcomeLabel(await throughDecoders(bytes.subarray(0, cut))))
        }
      }
      await runProperty(
        'webp truncation',
        fc.asyncProperty(fc.nat(), fractionArb, async (pick, where) => {
          const bytes = webps[pick % webps.length]!
          const cut = bytes.subarray(0, Math.floor(where * bytes.length))
          const outcome = await within(2_000, 'a cut file', () => throughDecoders(cut))
          if (outcome.kind === 'codec error') expect(outcome.reason).toBe('corrupt')
          tally.add(outcomeLabel(outcome))
        }),
        150,
        {},
        tally,
      )
      expect(tally.get('codec error: corrupt'), tally.toString()).toBeGreaterThan(0)
    },
    FUZZ_TEST_TIMEOUT_MS,
  )

  it(
    'answers byte mutants with rows or a CodecError, never decoding more pixels than the header admitted',
    async () => {
      const tally = new Tally()
      await runProperty(
        'webp mutants',
        fc.asyncProperty(
          fc.nat(),
          fc.array(mutationArb, { minLength: 1, maxLength: 4 }),
          async (pick, mutations) => {
            const bytes = mutate(webps[pick % webps.length]!, mutations, 16)
            const outcome = await within(2_000, 'a mutant', () => throughDecoders(bytes))
            tally.add(outcomeLabel(outcome))
          },
        ),
        200,
        {},
        tally,
      )
      expect(tally.get('codec error: corrupt'), tally.toString()).toBeGreaterThan(0)
    },
    FUZZ_TEST_TIMEOUT_MS,
  )

  it(
    'refuses huge VP8, VP8L and VP8X dimensions by the caps, and decodes no image larger than its header',
    async () => {
      const tally = new Tally()
      const side = fc.oneof(
        fc.integer({ min: 1, max: 16_384 }),
        fc.constantFrom(1, 2_236, 2_237, 12_000, 16_383, 16_384),
      )
      await runProperty(
        'webp huge headers',
        fc.asyncProperty(fc.nat(), side, side, async (pick, width, height) => {
          const bytes = withWebpSize(webps[pick % webps.length]!, width, height)
          const outcome = await within(3_000, `${width}x${height}`, () => throughDecoders(bytes))
          tally.add(outcomeLabel(outcome))
        }),
        100,
        {},
        tally,
      )
      expect(tally.get('over caps'), tally.toString()).toBeGreaterThan(0)
    },
    FUZZ_TEST_TIMEOUT_MS,
  )
})

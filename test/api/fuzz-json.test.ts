// Hostile JSON bodies through the real Worker, on every POST endpoint: deep nesting (to 1e5
// levels), huge strings, invalid UTF-8, a BOM, 1e999, duplicate keys, bodies that are not JSON,
// and a property that gives each field of each endpoint's zod schema a value of the wrong type.
// Every answer is a 4xx with a specific code, never a 500. Fixed seed (test/support/fuzz.ts); a
// long run: FUZZ_RUNS=5000 npx vitest run --project api test/api/fuzz-json.test.ts

import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ConvertJsonSchema,
  EnhanceJsonSchema,
  FiguresJsonSchema,
  VectorizeJsonSchema,
} from '../../src/http/input/schemas'
import { balanceOf, bearer, call, expectError, newAccount } from '../support/api'
import { FUZZ_TEST_TIMEOUT_MS, runProperty, Tally, within } from '../support/fuzz'

/** A refused imageUrl: loopback, turned away by the SSRF guard before any fetch (422). */
const BLOCKED_URL = 'http://127.0.0.1/figure.png'

/** Each JSON endpoint with a body that passes validation and the schema it is checked against. */
const ENDPOINTS = [
  {
    path: '/v1/convert',
    schema: ConvertJsonSchema,
    valid: { imageUrl: BLOCKED_URL, format: 'pdf', dpi: 300, mode: 'auto', page: 'a4' },
  },
  {
    path: '/v1/vectorize',
    schema: VectorizeJsonSchema,
    valid: { imageUrl: BLOCKED_URL, format: 'svg', engine: 'lineart' },
  },
  {
    path: '/v1/enhance',
    schema: EnhanceJsonSchema,
    valid: { imageUrl: BLOCKED_URL, scale: 2, dpi: 300 },
  },
  {
    path: '/v1/figures',
    schema: FiguresJsonSchema,
    // The reference URL is refused (400) before anything is drawn, so no case costs a figure.
    valid: {
      prompt: 'a system 100 comprising a processor 102',
      referenceImageUrls: [BLOCKED_URL],
      output: 'png',
      labeled: false,
    },
  },
] as const

/** Codes a hostile JSON body may get (the URL ones only when the body was valid). */
const JSON_CODES = [
  'VALIDATION_ERROR',
  'UNSUPPORTED_CONTENT_TYPE',
  'IMAGE_URL_NOT_ALLOWED',
  'REFERENCE_IMAGE_UNAVAILABLE',
  // /figures: a prompt of mangled text is valid JSON and a valid string, but not drawable, or
  // not readable as the diagram it asks for
  'PROMPT_NOT_DRAWABLE',
  'PROMPT_NOT_UNDERSTOOD',
]

let apiKey = ''

beforeAll(async () => {
  apiKey = (await newAccount(1_000_000)).apiKey
})

/** POSTs raw bytes (or a stream, with no Content-Length) as application/json. */
function postRaw(
  path: string,
  body: BodyInit,
  contentType = 'application/json',
): Promise<Response> {
  return call(path, {
    method: 'POST',
    headers: { ...bearer(apiKey), 'content-type': contentType },
    body,
  })
}

/** Streams `bytes` in chunks, so the Worker sees no Content-Length. */
function chunked(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let at = 0
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close()
      controller.enqueue(bytes.slice(at, at + 16 * 1024))
      at += 16 * 1024
    },
  })
}

/** The status and code of a response, checked to be an error envelope from the catalogue. */
async function refusal(response: Response): Promise<string> {
  const text = await response.text()
  expect(response.status, text).toBeGreaterThanOrEqual(400)
  expect(response.status, text).toBeLessThan(500)
  const body = JSON.parse(text) as { success: boolean; error: { code: string; message: string } }
  expect(body.success).toBe(false)
  expect(body.error.message.length).toBeGreaterThan(0)
  return `${response.status} ${body.error.code}`
}

const utf8 = (text: string) => new TextEncoder().encode(text)

describe('JSON bodies under fuzzing', () => {
  it('refuses nesting 1e5 levels deep as too large, and 3e4 levels within the size cap as invalid', async () => {
    for (const { path } of ENDPOINTS) {
      const deep = utf8(`{"imageUrl":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)
      await expectError(await postRaw(path, deep), 400, 'VALIDATION_ERROR')
      await expectError(await postRaw(path, chunked(deep)), 400, 'VALIDATION_ERROR')
      const objects = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`
      expect(objects.length).toBeLessThan(64 * 1024)
      await expectError(await postRaw(path, utf8(objects)), 400, 'VALIDATION_ERROR')
      const arrays = `{"prompt":${'['.repeat(30_000)}${']'.repeat(30_000)}}`
      await expectError(await postRaw(path, utf8(arrays)), 400, 'VALIDATION_ERROR')
    }
  }, 60_000)

  it('refuses huge strings: over the field limit, and over the 64 KiB body cap, streamed or not', async () => {
    for (const { path, valid } of ENDPOINTS) {
      const field = 'prompt' in valid ? 'prompt' : 'imageUrl'
      const long = { ...valid, [field]: `https://example.com/${'a'.repeat(60_000)}` }
      await expectError(await postRaw(path, JSON.stringify(long)), 400, 'VALIDATION_ERROR')
      const huge = utf8(JSON.stringify({ ...valid, [field]: 'x'.repeat(2 * 1024 * 1024) }))
      await expectError(await postRaw(path, huge), 400, 'VALIDATION_ERROR')
      await expectError(await postRaw(path, chunked(huge)), 400, 'VALIDATION_ERROR')
    }
  })

  it('answers odd but parseable or broken JSON with a 4xx code, never a 500', async () => {
    const tally = new Tally()
    for (const { path, valid } of ENDPOINTS) {
      const text = JSON.stringify(valid)
      const inner = text.slice(1, -1)
      const bodies: (string | Uint8Array)[] = [
        '',
        ' ',
        'null',
        'true',
        '[]',
        '"a string"',
        '1e999',
        '{',
        `${text}garbage`,
        `${text}${text}`,
        `\uFEFF${text}`,
        `{${inner},"dpi":1e999}`,
        `{${inner},"scale":-0}`,
        `{${inner},"labeled":1e-999}`,
        `{${inner},"dpi":NaN}`,
        `{${inner},${inner}}`,
        `{"format":1,${inner}}`,
        `{${inner},"format":null}`,
        `{${inner},"__proto__":{"admin":true}}`,
        `{${inner},"constructor":{"prototype":{}}}`,
        `{"\\ud800":1,${inner}}`,
        concatUtf8(`{"prompt":"`, new Uint8Array([0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80]), `"}`),
        concatUtf8(`{${inner},"mode":"`, new Uint8Array([0xf8, 0x88, 0x80, 0x80, 0x80]), `"}`),
        new Uint8Array([0xfe, 0xff, 0, 0x7b, 0, 0x7d]),
        new Uint8Array([0xff, 0xfe, 0x7b, 0, 0x7d, 0]),
      ]
      for (const body of bodies) {
        const response = await postRaw(path, body)
        const label = await refusal(response)
        tally.add(label)
        const code = label.split(' ')[1]!
        expect(JSON_CODES, `${path} ${String(body).slice(0, 40)}`).toContain(code)
      }
    }
    // Both kinds of answer happened: the body refused, and a valid body reaching the URL guard.
    expect(tally.get('400 VALIDATION_ERROR'), tally.toString()).toBeGreaterThan(0)
    expect(tally.get('422 IMAGE_URL_NOT_ALLOWED'), tally.toString()).toBeGreaterThan(0)
  }, 60_000)

  it(
    'refuses a value of the wrong type in any field of any endpoint with VALIDATION_ERROR naming the field',
    async () => {
      const cases = fc
        .record({
          endpoint: fc.constantFrom(...ENDPOINTS),
          value: fc.jsonValue({ maxDepth: 3 }),
          pick: fc.nat(),
          extra: fc.option(
            fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 })),
            {
              nil: undefined,
            },
          ),
        })
        .map(({ endpoint, value, pick, extra }) => {
          const keys = Object.keys(endpoint.schema.shape)
          return { endpoint, key: keys[pick % keys.length]!, value, extra }
        })
        // Only values the field itself refuses (a valid value of the right type is no case).
        .filter(({ endpoint, key, value }) => {
          const field = endpoint.schema.shape[key as keyof typeof endpoint.schema.shape] as {
            safeParse: (v: unknown) => { success: boolean }
          }
          return !field.safeParse(value).success
        })
      const tally = new Tally()
      await runProperty(
        'json wrong types',
        fc.asyncProperty(cases, async ({ endpoint, key, value, extra }) => {
          const body = { ...extra, ...endpoint.valid, [key]: value }
          const response = await within(5_000, endpoint.path, () =>
            postRaw(endpoint.path, JSON.stringify(body)),
          )
          const error = await expectError(response, 400, 'VALIDATION_ERROR')
          expect(error.message).toContain(key)
          tally.add(`${endpoint.path} ${key}`)
        }),
        100,
        {},
        tally,
      )
      expect(Object.keys(tally.counts).length, tally.toString()).toBeGreaterThanOrEqual(12)
    },
    FUZZ_TEST_TIMEOUT_MS,
  )

  it(
    'answers random JSON values and objects with a 4xx code, and charges nothing',
    async () => {
      const before = await balanceOf(apiKey)
      const tally = new Tally()
      await runProperty(
        'json random bodies',
        fc.asyncProperty(
          fc.constantFrom(...ENDPOINTS.filter((e) => e.path !== '/v1/figures')),
          fc.oneof(
            fc.jsonValue({ maxDepth: 4 }),
            fc.dictionary(
              fc.constantFrom('imageUrl', 'format', 'dpi', 'mode', 'page', 'scale', 'engine', 'x'),
              fc.jsonValue({ maxDepth: 2 }),
            ),
          ),
          async (endpoint, value) => {
            const response = await postRaw(endpoint.path, JSON.stringify(value) ?? 'null')
            const label = await refusal(response)
            expect(JSON_CODES).toContain(label.split(' ')[1])
            tally.add(label)
          },
        ),
        100,
        {},
        tally,
      )
      expect(await balanceOf(apiKey)).toBe(before)
    },
    FUZZ_TEST_TIMEOUT_MS,
  )
})

function concatUtf8(before: string, bytes: Uint8Array, after: string): Uint8Array {
  const a = utf8(before)
  const c = utf8(after)
  const out = new Uint8Array(a.length + bytes.length + c.length)
  out.set(a)
  out.set(bytes, a.length)
  out.set(c, a.length + bytes.length)
  return out
}

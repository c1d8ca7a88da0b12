// Hostile multipart bodies through the real Worker on the three upload endpoints: a missing or
// mismatched boundary, parts nested as multipart/mixed, huge part headers, thousands of parts,
// duplicate and non-file `file` fields, random bytes, and a property that writes bodies from a
// grammar of parts (names, filenames, headers, contents, line endings, preamble, a missing close).
// Every answer is a 200 or a 400 with a specific code, never a 500; credits move only for 200s.
// Also the worst images by header: huge dimensions in every format and a 1 GiB zlib bomb.
// Fixed seed (test/support/fuzz.ts); a long run:
//   FUZZ_RUNS=5000 npx vitest run --project api test/api/fuzz-multipart.test.ts

import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { concatBytes } from '../../src/lib/bytes'
import {
  balanceOf,
  bearer,
  call,
  expectError,
  expectLedgerConsistent,
  newAccount,
  postForm,
} from '../support/api'
import {
  FUZZ_TEST_TIMEOUT_MS,
  ihdrChunk,
  PNG_SIGNATURE,
  pngChunk,
  runProperty,
  Tally,
  within,
  zlibBomb,
} from '../support/fuzz'
import { GIF_BYTES, lineDrawing, toPng, toTiff } from '../support/images'

const UPLOAD_PATHS = ['/v1/convert', '/v1/vectorize', '/v1/enhance'] as const

/** The 400 codes an upload may get. */
const UPLOAD_CODES = [
  'VALIDATION_ERROR',
  'UNSUPPORTED_CONTENT_TYPE',
  'FILE_TOO_LARGE',
  'UNSUPPORTED_IMAGE_TYPE',
  'INVALID_IMAGE',
  'IMAGE_DIMENSIONS_TOO_LARGE',
]

let account = { accountId: '', apiKey: '' }
let png: Uint8Array = new Uint8Array(0)
let tiff: Uint8Array = new Uint8Array(0)

beforeAll(async () => {
  account = await newAccount(1_000_000)
  png = await toPng(lineDrawing(24, 16))
  tiff = await toTiff(lineDrawing(24, 16))
})

const encoder = new TextEncoder()
const bytesOf = (part: string | Uint8Array) =>
  typeof part === 'string' ? encoder.encode(part) : part

/** POSTs a raw body with the given Content-Type. */
function postBody(path: string, contentType: string | null, body: BodyInit): Promise<Response> {
  const headers: Record<string, string> = bearer(account.apiKey)
  if (contentType !== null) headers['content-type'] = contentType
  return call(path, { method: 'POST', headers, body })
}

/** One part of a hand-written multipart body. */
interface Part {
  name: string
  filename?: string
  contentType?: string
  headers?: [string, string][]
  content: string | Uint8Array
}

/** Writes parts as multipart/form-data with `boundary` (RFC 7578), `eol` between lines. */
function multipart(
  boundary: string,
  parts: Part[],
  options: { eol?: string; preamble?: string; close?: boolean } = {},
): Uint8Array {
  const eol = options.eol ?? '\r\n'
  const chunks: (string | Uint8Array)[] = []
  if (options.preamble) chunks.push(options.preamble, eol)
  for (const part of parts) {
    let head = `--${boundary}${eol}Content-Disposition: form-data; name="${part.name}"`
    if (part.filename !== undefined) head += `; filename="${part.filename}"`
    head += eol
    if (part.contentType) head += `Content-Type: ${part.contentType}${eol}`
    for (const [name, value] of part.headers ?? []) head += `${name}: ${value}${eol}`
    chunks.push(head, eol, part.content, eol)
  }
  if (options.close ?? true) chunks.push(`--${boundary}--${eol}`)
  return concatBytes(chunks.map(bytesOf))
}

/** Checks an answer: 200, or a 400 from the upload codes. Returns "status code". */
async function answer(response: Response, context: string): Promise<string> {
  const text = await response.text()
  if (response.status === 200) return '200'
  expect(response.status, `${context}: ${text}`).toBe(400)
  const body = JSON.parse(text) as { success: boolean; error: { code: string } }
  expect(body.success).toBe(false)
  expect(UPLOAD_CODES, `${context}: ${text}`).toContain(body.error.code)
  return `400 ${body.error.code}`
}

describe('multipart bodies under fuzzing', () => {
  it('refuses a missing boundary, a mismatched one, and bodies that are not multipart', async () => {
    const body = multipart('B0undary', [{ name: 'file', filename: 'a.png', content: png }])
    for (const path of UPLOAD_PATHS) {
      // hono/zod-openapi matches the Content-Type against /boundary=[bchars]+/ before the body
      // is parsed: an empty boundary, a space in it or a parameter after it is a 415 there,
      // which the error handler turns into 400 UNSUPPORTED_CONTENT_TYPE.
      for (const [type, code] of [
        ['multipart/form-data', 'VALIDATION_ERROR'],
        ['multipart/form-data; boundary=Other', 'VALIDATION_ERROR'],
        ['multipart/form-data; boundary="Other"', 'VALIDATION_ERROR'],
        [`multipart/form-data; boundary=${'x'.repeat(100)}`, 'VALIDATION_ERROR'],
        ['multipart/form-data; boundary=', 'UNSUPPORTED_CONTENT_TYPE'],
        ['multipart/form-data; boundary=B0 undary', 'UNSUPPORTED_CONTENT_TYPE'],
      ] as const) {
        await expectError(await postBody(path, type, body), 400, code)
      }
      await expectError(
        await postBody(path, 'multipart/mixed; boundary=B0undary', body),
        400,
        'UNSUPPORTED_CONTENT_TYPE',
      )
      await expectError(await postBody(path, null, body), 400, 'UNSUPPORTED_CONTENT_TYPE')
      const random = crypto.getRandomValues(new Uint8Array(4096))
      await expectError(
        await postBody(path, 'multipart/form-data; boundary=B0undary', random),
        400,
        'VALIDATION_ERROR',
      )
    }
  })

  it('refuses duplicate file fields, a text file field, a nested multipart part and no file at all', async () => {
    const type = 'multipart/form-data; boundary=XyZ'
    const nested = multipart('inner', [{ name: 'file', filename: 'a.png', content: png }])
    const cases: [Part[], string][] = [
      [
        [
          { name: 'file', filename: 'a.png', content: png },
          { name: 'file', filename: 'b.png', content: png },
        ],
        'VALIDATION_ERROR',
      ],
      [[{ name: 'file', content: 'not a file' }], 'VALIDATION_ERROR'],
      [[{ name: 'format', content: 'png' }], 'VALIDATION_ERROR'],
      [
        [{ name: 'file', contentType: 'multipart/mixed; boundary=inner', content: nested }],
        'VALIDATION_ERROR',
      ],
      [
        [
          {
            name: 'file',
            filename: 'n.bin',
            contentType: 'multipart/mixed; boundary=inner',
            content: nested,
          },
        ],
        'UNSUPPORTED_IMAGE_TYPE',
      ],
      [[{ name: 'file', filename: 'g.gif', content: GIF_BYTES }], 'UNSUPPORTED_IMAGE_TYPE'],
      [[{ name: 'file', filename: 'e.png', content: new Uint8Array(0) }], 'UNSUPPORTED_IMAGE_TYPE'],
    ]
    for (const path of UPLOAD_PATHS) {
      for (const [parts, code] of cases) {
        await expectError(await postBody(path, type, multipart('XyZ', parts)), 400, code)
      }
    }
  })

  it('refuses huge part headers and thousands of parts with a 400, quickly', async () => {
    const type = 'multipart/form-data; boundary=HdR'
    for (const path of UPLOAD_PATHS) {
      const hugeHeader = multipart('HdR', [
        { name: 'file', filename: 'a.png', content: png, headers: [['X-Pad', 'a'.repeat(60_000)]] },
        { name: 'format', content: 'nope' },
      ])
      await within(5_000, 'a 60 KB part header', async () =>
        expectError(await postBody(path, type, hugeHeader), 400, 'VALIDATION_ERROR'),
      )
      const hugeName = multipart('HdR', [
        { name: 'n'.repeat(60_000), content: 'x' },
        { name: 'file', filename: 'a.png', content: png },
      ])
      await within(5_000, 'a 60 KB field name', async () =>
        expectError(await postBody(path, type, hugeName), 400, 'VALIDATION_ERROR'),
      )
      const manyHeaders = multipart('HdR', [
        {
          name: 'file',
          filename: 'a.png',
          content: png,
          headers: Array.from({ length: 2_000 }, (_, i): [string, string] => [`X-H${i}`, 'v']),
        },
        { name: 'format', content: 'nope' },
      ])
      await within(5_000, '2,000 part headers', async () =>
        expectError(await postBody(path, type, manyHeaders), 400, 'VALIDATION_ERROR'),
      )
      const parts: Part[] = Array.from({ length: 5_000 }, (_, i) => ({
        name: `f${i}`,
        content: 'x',
      }))
      parts.push({ name: 'file', filename: 'a.png', content: png })
      await within(10_000, '5,000 parts', async () =>
        expectError(await postBody(path, type, multipart('HdR', parts)), 400, 'VALIDATION_ERROR'),
      )
      const manyFiles = Array.from(
        { length: 500 },
        (): Part => ({ name: 'file', filename: 'a.png', content: png }),
      )
      await within(10_000, '500 file parts', async () =>
        expectError(
          await postBody(path, type, multipart('HdR', manyFiles)),
          400,
          'VALIDATION_ERROR',
        ),
      )
    }
  }, 120_000)

  it(
    'answers bodies written from a grammar of parts with 200 or a specific 400, and keeps the ledger consistent',
    async () => {
      const content = fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom('png', 'tiff', 'gif', 'empty') },
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            '300',
            '600',
            '2',
            '4',
            'png',
            'pdf',
            'svg',
            'auto',
            'a4',
            'lineart',
          ),
        },
        { weight: 2, arbitrary: fc.uint8Array({ maxLength: 300 }) },
        { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
      )
      const part = fc.record({
        name: fc.oneof(
          {
            weight: 4,
            arbitrary: fc.constantFrom('file', 'format', 'dpi', 'mode', 'page', 'scale', 'engine'),
          },
          { weight: 1, arbitrary: fc.constantFrom('file[]', '', 'FILE', 'imageUrl', '__proto__') },
          {
            weight: 1,
            arbitrary: fc.string({ maxLength: 12 }).map((s) => s.replace(/["\r\n]/g, '')),
          },
        ),
        filename: fc.option(fc.constantFrom('a.png', '', 'x.tif', '../../etc/passwd', 'é.png'), {
          nil: undefined,
        }),
        contentType: fc.option(
          fc.constantFrom(
            'image/png',
            'text/plain',
            'application/octet-stream',
            'multipart/mixed; boundary=in',
            'image/gif',
          ),
          { nil: undefined },
        ),
        headers: fc.array(
          fc.tuple(
            fc.constantFrom(
              'X-Pad',
              'Content-Transfer-Encoding',
              'Content-Length',
              'Content-Disposition',
            ),
            fc.oneof(
              fc.constantFrom('base64', '0', '999999999', 'form-data; name="file"'),
              fc.nat({ max: 8_000 }).map((n) => 'p'.repeat(n)),
            ),
          ),
          { maxLength: 2 },
        ),
        content,
      })
      const body = fc.record({
        path: fc.constantFrom(...UPLOAD_PATHS),
        boundary: fc.oneof(
          fc.constantFrom('b', '----WebKitFormBoundary7MA4YWxkTrZu0gW', "'()+_,-./:=? "),
          fc.stringMatching(/^[0-9A-Za-z'()+_,\-./:=?]{1,70}$/),
        ),
        parts: fc.oneof(
          fc.array(part, { minLength: 0, maxLength: 8 }),
          // A file part first, then a few fields: the bodies that can succeed.
          fc
            .tuple(
              fc.constantFrom('png', 'tiff'),
              fc.array(
                fc.record({
                  name: fc.constantFrom('format', 'dpi', 'mode', 'page', 'scale', 'engine'),
                  content: fc.constantFrom(
                    '300',
                    '2',
                    'png',
                    'pdf',
                    'svg',
                    'auto',
                    'a4',
                    'lineart',
                  ),
                }),
                { maxLength: 2 },
              ),
            )
            .map(([image, fields]) => [
              { name: 'file', filename: 'a', headers: [] as [string, string][], content: image },
              ...fields.map((f) => ({ ...f, headers: [] as [string, string][] })),
            ]),
        ),
        eol: fc.constantFrom('\r\n', '\r\n', '\n'),
        preamble: fc.option(
          fc.string({ maxLength: 30 }).map((s) => s.replace(/-/g, '')),
          { nil: undefined },
        ),
        close: fc.boolean(),
        typeBoundary: fc.constantFrom('same', 'same', 'same', 'quoted', 'other', 'none'),
      })
      const tally = new Tally()
      await runProperty(
        'multipart grammar',
        fc.asyncProperty(body, async (b) => {
          const generated = b.parts as (Omit<Part, 'content'> & { content: string | Uint8Array })[]
          const parts: Part[] = generated.map((p) => ({
            ...p,
            content:
              p.content === 'png'
                ? png
                : p.content === 'tiff'
                  ? tiff
                  : p.content === 'gif'
                    ? GIF_BYTES
                    : p.content === 'empty'
                      ? new Uint8Array(0)
                      : p.content,
          }))
          const raw = multipart(b.boundary, parts, {
            eol: b.eol,
            preamble: b.preamble,
            close: b.close,
          })
          const boundary =
            b.typeBoundary === 'same'
              ? `; boundary=${b.boundary}`
              : b.typeBoundary === 'quoted'
                ? `; boundary="${b.boundary}"`
                : b.typeBoundary === 'other'
                  ? '; boundary=zz'
                  : ''
          const response = await within(20_000, b.path, () =>
            postBody(b.path, `multipart/form-data${boundary}`, raw),
          )
          tally.add(await answer(response, `${b.path} ${JSON.stringify(b).slice(0, 300)}`))
        }),
        60,
        {},
        tally,
      )
      // Every charge of a 200 is resolved and the balance is the sum of the ledger.
      await expectLedgerConsistent(account.accountId)
      expect(tally.get('400 VALIDATION_ERROR'), tally.toString()).toBeGreaterThan(0)
    },
    FUZZ_TEST_TIMEOUT_MS,
  )
})

describe('the worst images by their headers, uploaded', () => {
  /** A PNG header claiming `width` x `height`, with a small valid-looking IDAT. */
  const hugePng = (width: number, height: number) =>
    concatBytes([
      PNG_SIGNATURE,
      ihdrChunk(width, height, 8, 0),
      pngChunk('IDAT', new Uint8Array([0x78, 0x01, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
      pngChunk('IEND', new Uint8Array(0)),
    ])

  it('refuses huge dimensions in PNG, JPEG, WebP and TIFF headers with IMAGE_DIMENSIONS_TOO_LARGE, fast', async () => {
    const jpeg = (w: number, h: number) =>
      new Uint8Array([
        0xff,
        0xd8,
        0xff,
        0xc0,
        0,
        11,
        8,
        h >> 8,
        h & 0xff,
        w >> 8,
        w & 0xff,
        1,
        1,
        0x11,
        0,
        0xff,
        0xd9,
      ])
    const webp = (w: number, h: number) => {
      const b = new Uint8Array(30)
      b.set(encoder.encode('RIFF'))
      new DataView(b.buffer).setUint32(4, 22, true)
      b.set(encoder.encode('WEBPVP8X'), 8)
      new DataView(b.buffer).setUint32(16, 10, true)
      for (let i = 0; i < 3; i++) {
        b[24 + i] = ((w - 1) >> (8 * i)) & 0xff
        b[27 + i] = ((h - 1) >> (8 * i)) & 0xff
      }
      return b
    }
    const tiffHeader = (w: number, h: number) => {
      const b = new Uint8Array(8 + 2 + 24 + 4)
      const v = new DataView(b.buffer)
      b.set([0x49, 0x49, 42, 0])
      v.setUint32(4, 8, true)
      v.setUint16(8, 2, true)
      for (const [i, tag, value] of [
        [0, 256, w],
        [1, 257, h],
      ] as const) {
        v.setUint16(10 + i * 12, tag, true)
        v.setUint16(12 + i * 12, 4, true)
        v.setUint32(14 + i * 12, 1, true)
        v.setUint32(18 + i * 12, value, true)
      }
      return b
    }
    const files: [string, Uint8Array][] = [
      ['png 2^31-1 square', hugePng(0x7fffffff, 0x7fffffff)],
      ['png 12001 wide', hugePng(12_001, 1)],
      ['png 7000 x 7000', hugePng(7_000, 7_000)],
      ['jpeg 65535 square', jpeg(65_535, 65_535)],
      ['jpeg 12001 tall', jpeg(1, 12_001)],
      ['webp 16M square', webp(1 << 24, 1 << 24)],
      ['webp 7000 x 7000', webp(7_000, 7_000)],
      ['tiff 2^32-1 square', tiffHeader(0xffffffff, 0xffffffff)],
      ['tiff 40001 x 1000', tiffHeader(40_001, 1_000)],
    ]
    const before = await balanceOf(account.apiKey)
    for (const path of UPLOAD_PATHS) {
      for (const [name, bytes] of files) {
        await within(2_000, `${path} ${name}`, async () => {
          const response = await postForm(path, account.apiKey, { file: new Blob([bytes]) })
          await expectError(response, 400, 'IMAGE_DIMENSIONS_TOO_LARGE')
        })
      }
    }
    expect(await balanceOf(account.apiKey)).toBe(before)
  })

  it('converts a PNG whose 1 MiB IDAT inflates to 2 GiB by reading only its rows', async () => {
    const bomb = zlibBomb(2 * 1024 * 1024 * 1024)
    expect(bomb.length).toBeLessThan(2.2 * 1024 * 1024)
    const file = concatBytes([
      PNG_SIGNATURE,
      ihdrChunk(300, 200, 8, 0),
      pngChunk('IDAT', bomb),
      pngChunk('IEND', new Uint8Array(0)),
    ])
    const before = await balanceOf(account.apiKey)
    const response = await within(20_000, 'the bomb', () =>
      postForm('/v1/convert', account.apiKey, { file: new Blob([file]) }),
    )
    // A black 300 x 200 page: valid, so converted and charged once.
    const text = await response.text()
    expect(response.status, text).toBe(200)
    expect(await balanceOf(account.apiKey)).toBe(before - 1)
    await expectLedgerConsistent(account.accountId)
  }, 60_000)
})

// Oversized and repeated headers: a huge Authorization or x-api-key, an Idempotency-Key past the
// spec's 255 characters, a huge or odd Content-Type, hundreds of headers. Each gets the specific
// 4xx of the step that reads the header (never a 500), and the answer stays small: the request's
// junk is not echoed back.
import { beforeAll, describe, expect, it } from 'vitest'
import { bearer, call, expectError, newAccount } from '../support/api'
import { lineDrawing, toPng } from '../support/images'

let apiKey: string
let png: Uint8Array

beforeAll(async () => {
  apiKey = (await newAccount(1000)).apiKey
  png = await toPng(lineDrawing(20, 20))
})

/** A /v1/convert upload with `headers` on top of the key. */
function upload(headers: Record<string, string> | Headers, key = apiKey) {
  const body = new FormData()
  body.append('file', new Blob([png]), 'a.png')
  const all = new Headers(headers)
  if (!all.has('authorization') && !all.has('x-api-key')) all.set('authorization', `Bearer ${key}`)
  return call('/v1/convert', { method: 'POST', headers: all, body })
}

/** Asserts the error and that the answer does not carry the oversized value back. */
async function expectSmallError(response: Response, status: number, code: string) {
  const length = Number(response.headers.get('content-length') ?? 0)
  const error = await expectError(response, status, code)
  expect(error.message.length).toBeLessThan(300)
  expect(length).toBeLessThan(1024)
}

const SIZES = [
  ['8 KiB', 8 * 1024],
  ['64 KiB', 64 * 1024],
  ['1 MiB', 1024 * 1024],
] as const

describe('oversized credentials', () => {
  it.each(SIZES)('refuses a %s Authorization with 401 INVALID_API_KEY', async (_size, n) => {
    await expectSmallError(
      await call('/v1/credits', { headers: bearer(`pfg_live_${'a'.repeat(n)}`) }),
      401,
      'INVALID_API_KEY',
    )
    await expectSmallError(
      await upload({ authorization: `Bearer ${'A'.repeat(n)}` }),
      401,
      'INVALID_API_KEY',
    )
  })

  it.each(SIZES)('refuses a %s x-api-key with 401 INVALID_API_KEY', async (_size, n) => {
    await expectSmallError(
      await call('/v1/credits', { headers: { 'x-api-key': 'k'.repeat(n) } }),
      401,
      'INVALID_API_KEY',
    )
  })

  it.each(SIZES)('refuses a valid key followed by %s of junk', async (_size, n) => {
    await expectSmallError(
      await call('/v1/credits', { headers: bearer(apiKey + 'x'.repeat(n)) }),
      401,
      'INVALID_API_KEY',
    )
  })

  it('refuses a repeated Authorization header (joined into one value)', async () => {
    const headers = new Headers()
    headers.append('authorization', `Bearer ${apiKey}`)
    headers.append('authorization', `Bearer ${apiKey}`)
    await expectSmallError(await call('/v1/credits', { headers }), 401, 'INVALID_API_KEY')
  })
})

describe('oversized Idempotency-Key', () => {
  it.each([
    ['256 characters (one past the spec)', 256],
    ['4 KiB', 4096],
    ['64 KiB', 64 * 1024],
    ['1 MiB', 1024 * 1024],
  ])('refuses %s with 400 INVALID_IDEMPOTENCY_KEY', async (_case, n) => {
    await expectSmallError(
      await upload({ 'idempotency-key': 'k'.repeat(n) }),
      400,
      'INVALID_IDEMPOTENCY_KEY',
    )
  })

  it('refuses a repeated Idempotency-Key header', async () => {
    const headers = new Headers({ authorization: `Bearer ${apiKey}` })
    headers.append('idempotency-key', 'one')
    headers.append('idempotency-key', 'two')
    await expectSmallError(await upload(headers), 400, 'INVALID_IDEMPOTENCY_KEY')
  })

  it('accepts exactly 255 characters (control)', async () => {
    const response = await upload({ 'idempotency-key': `${crypto.randomUUID()}`.padEnd(255, 'k') })
    expect(response.status).toBe(200)
  })
})

describe('oversized Content-Type', () => {
  it.each(SIZES)(
    'refuses a %s unknown Content-Type with 400 UNSUPPORTED_CONTENT_TYPE',
    async (_s, n) => {
      const response = await call('/v1/convert', {
        method: 'POST',
        headers: { ...bearer(apiKey), 'content-type': `image/${'x'.repeat(n)}` },
        body: png,
      })
      await expectSmallError(response, 400, 'UNSUPPORTED_CONTENT_TYPE')
    },
  )

  it.each(SIZES)(
    'refuses a multipart body with a %s boundary as 400 VALIDATION_ERROR',
    async (_s, n) => {
      const boundary = 'b'.repeat(n)
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="format"\r\n\r\npng\r\n--${boundary}--\r\n`
      const response = await call('/v1/convert', {
        method: 'POST',
        headers: { ...bearer(apiKey), 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
      })
      await expectSmallError(response, 400, 'VALIDATION_ERROR')
    },
  )

  it.each(SIZES)('reads JSON whose Content-Type carries %s of parameters', async (_s, n) => {
    const response = await call('/v1/keys', {
      method: 'POST',
      headers: { ...bearer(apiKey), 'content-type': `application/json; x=${'y'.repeat(n)}` },
      body: JSON.stringify({ name: 'long content type' }),
    })
    expect(response.status).toBe(201)
  })
})

describe('many headers', () => {
  it.each([100, 1000])('answers %i extra headers as if they were not there', async (count) => {
    const headers = new Headers(bearer(apiKey))
    for (let i = 0; i < count; i++) headers.set(`x-filler-${i}`, 'v'.repeat(64))
    expect((await call('/v1/credits', { headers })).status).toBe(200)
    expect((await upload(headers)).status).toBe(200)
  })

  it('still refuses a missing key among 1000 headers with 401 UNAUTHORIZED', async () => {
    const headers = new Headers()
    for (let i = 0; i < 1000; i++) headers.set(`x-filler-${i}`, 'v'.repeat(64))
    await expectSmallError(await call('/v1/credits', { headers }), 401, 'UNAUTHORIZED')
  })
})

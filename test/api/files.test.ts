import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { signFileUrl } from '../../src/http/signed-urls'
import { call, callWithBindings, expectError, expectOk, newAccount, postFile } from '../support/api'
import { lineDrawing, toPng } from '../support/images'

const keys = { current: { version: 1, secret: env.OUTPUT_URL_SECRET }, previous: null }

async function converted(format = 'png') {
  const { apiKey, accountId } = await newAccount(10)
  const png = await toPng(lineDrawing(40, 30))
  const response = await postFile('/v1/convert', apiKey, png, { format })
  const data = await expectOk<{ url: string; previewUrl?: string }>(response)
  return { url: new URL(data.url), accountId, data }
}

const path = (url: URL) => url.pathname + url.search

describe('GET /v1/files (signed output URLs)', () => {
  it('serves the file with its type, disposition, nosniff, ETag and a bounded private cache', async () => {
    const { url } = await converted()
    const params = url.searchParams
    expect(params.get('kid')).toBe('1')
    const exp = Number(params.get('exp'))
    const now = Math.floor(Date.now() / 1000)
    expect(exp - now).toBeGreaterThan(7 * 86400 - 60)
    expect(exp - now).toBeLessThanOrEqual(7 * 86400)
    const response = await call(path(url))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cache-control')).toBe('private, max-age=86400, immutable')
    expect(response.headers.get('etag')).toMatch(/^"/)
    expect(Number(response.headers.get('content-length'))).toBe(
      (await response.arrayBuffer()).byteLength,
    )
  })

  it('answers HEAD without a body and If-None-Match with 304', async () => {
    const { url } = await converted()
    const head = await call(path(url), { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    const etag = head.headers.get('etag')!
    const again = await call(path(url), { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
  })

  it('rejects a tampered path, expiry or signature with 403 INVALID_SIGNATURE', async () => {
    const { url } = await converted()
    const otherPath = new URL(url)
    otherPath.pathname = otherPath.pathname.replace('converted.png', 'preview.png')
    await expectError(await call(path(otherPath)), 403, 'INVALID_SIGNATURE')
    const later = new URL(url)
    later.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 1))
    await expectError(await call(path(later)), 403, 'INVALID_SIGNATURE')
    const badSig = new URL(url)
    const sig = badSig.searchParams.get('sig')!
    badSig.searchParams.set('sig', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1))
    await expectError(await call(path(badSig)), 403, 'INVALID_SIGNATURE')
    const noSig = new URL(url)
    noSig.searchParams.delete('sig')
    await expectError(await call(path(noSig)), 403, 'INVALID_SIGNATURE')
    const otherKid = new URL(url)
    otherKid.searchParams.set('kid', '2')
    await expectError(await call(path(otherKid)), 403, 'INVALID_SIGNATURE')
  })

  it("cannot be pointed at another account's object", async () => {
    const a = await converted()
    const b = await converted()
    const crossed = new URL(a.url)
    crossed.pathname = a.url.pathname.replace(a.accountId, b.accountId)
    await expectError(await call(path(crossed)), 403, 'INVALID_SIGNATURE')
    const traversal = new URL(a.url)
    traversal.pathname = `/v1/files/out/${a.accountId}/../${b.accountId}/x.png`
    await expectError(await call(path(traversal)), 403, 'INVALID_SIGNATURE')
  })

  it('rejects an expired URL with 403 URL_EXPIRED', async () => {
    const { url } = await converted()
    const key = url.pathname.replace('/v1/files/', '')
    const old = new URL(await signFileUrl('https://api.test', key, keys, 60, Date.now() - 120_000))
    await expectError(await call(path(old)), 403, 'URL_EXPIRED')
  })

  it('rejects a URL signed to outlive the 7-day policy', async () => {
    const { url } = await converted()
    const key = url.pathname.replace('/v1/files/', '')
    const long = new URL(await signFileUrl('https://api.test', key, keys, 30 * 86400))
    await expectError(await call(path(long)), 403, 'INVALID_SIGNATURE')
  })

  it('answers 404 when the object is gone', async () => {
    const { url } = await converted()
    await env.FILES.delete(url.pathname.replace('/v1/files/', ''))
    await expectError(await call(path(url)), 404, 'NOT_FOUND')
  })

  it('sets a strict CSP on SVG files', async () => {
    const key = 'out/acct_test/01TESTSVG000000000000000000/vector.svg'
    await env.FILES.put(key, '<svg xmlns="http://www.w3.org/2000/svg"/>', {
      httpMetadata: {
        contentType: 'image/svg+xml',
        contentDisposition: 'attachment; filename="a.svg"',
      },
    })
    const url = new URL(await signFileUrl('https://api.test', key, keys, 3600))
    const response = await call(path(url))
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    )
    expect(response.headers.get('cache-control')).toMatch(
      /^private, max-age=(3[56]\d\d), immutable$/,
    )
  })

  it('still verifies URLs signed with the previous key during a rotation', async () => {
    const { url } = await converted()
    const rotated = {
      OUTPUT_URL_KID: '2',
      OUTPUT_URL_SECRET: 'a-new-secret-for-kid-2-0123456789abcdef',
      OUTPUT_URL_SECRET_PREVIOUS: env.OUTPUT_URL_SECRET,
    }
    const response = await callWithBindings(rotated, path(url))
    expect(response.status).toBe(200)
  })
})

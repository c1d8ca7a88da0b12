// Signed output URLs tampered with (PLATFORM.md §5 rules 1-2): every part of
// /v1/files/{key}?exp&kid&sig changed, dropped or borrowed from another account's URL is a 403
// with no byte of the file in the answer; expiry and the 7-day ceiling hold; a URL signed under
// the previous kid still works during a rotation and stops when the rotation ends.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/app'
import { signFileUrl, type UrlKeys } from '../../src/http/signed-urls'
import { call, expectError, newAccount, postForm } from '../support/api'
import { lineDrawing, toPng } from '../support/images'

const KEYS: UrlKeys = { current: { version: 1, secret: env.OUTPUT_URL_SECRET }, previous: null }
const NEW_SECRET = 'a-new-url-secret-for-kid-2-0123456789abcdef'

/** A converted PNG and its signed URL, for one new account. */
async function output() {
  const { apiKey, accountId } = await newAccount(10)
  const png = await toPng(lineDrawing(40, 30))
  const response = await postForm('/v1/convert', apiKey, { file: new Blob([png]), format: 'png' })
  expect(response.status).toBe(200)
  const { data } = (await response.json()) as { data: { url: string } }
  const url = new URL(data.url)
  return { url, accountId, key: url.pathname.replace('/v1/files/', '') }
}

let a: Awaited<ReturnType<typeof output>>
let b: Awaited<ReturnType<typeof output>>

beforeAll(async () => {
  a = await output()
  b = await output()
})

const relative = (url: URL) => url.pathname + url.search

/** A copy of `url` with `change` applied. */
function tampered(url: URL, change: (u: URL) => void): URL {
  const copy = new URL(url)
  change(copy)
  return copy
}

/** Replaces character `i` of `text` with a different base64url character. */
const flip = (text: string, i: number) =>
  text.slice(0, i) + (text[i] === 'A' ? 'B' : 'A') + text.slice(i + 1)

const setParam = (name: string, value: string) => (u: URL) => u.searchParams.set(name, value)
const dropParam = (name: string) => (u: URL) => u.searchParams.delete(name)
const setPath = (path: (u: URL) => string) => (u: URL) => {
  u.pathname = path(u)
}
const exp = (u: URL) => Number(u.searchParams.get('exp'))
const sig = (u: URL) => u.searchParams.get('sig')!

/** Asserts a 403 with `code` that carries no byte of the file (GET and HEAD). */
async function expectForbidden(url: URL, code: 'INVALID_SIGNATURE' | 'URL_EXPIRED') {
  const response = await call(relative(url))
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  expect(response.headers.get('content-disposition')).toBeNull()
  expect(response.headers.get('etag')).toBeNull()
  const bytes = new Uint8Array(await response.clone().arrayBuffer())
  expect(bytes.slice(0, 4)).not.toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))
  await expectError(response, 403, code)
  const head = await call(relative(url), { method: 'HEAD' })
  expect(head.status).toBe(403)
  expect(head.headers.get('etag')).toBeNull()
  expect(await head.text()).toBe('')
}

describe('signed file URLs, tampered', () => {
  it('serves the untouched URL (control)', async () => {
    const response = await call(relative(a.url))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
  })

  it.each<[string, (u: URL) => void]>([
    // The path: another file, another output, another account, traversal and spelling tricks.
    [
      'another file of the same output',
      setPath((u) => u.pathname.replace('converted.png', 'preview.png')),
    ],
    ['another extension', setPath((u) => u.pathname.replace('.png', '.svg'))],
    [
      'another output id',
      setPath((u) =>
        u.pathname.replace(/\/out\/([^/]+)\/[^/]+\//, '/out/$1/01AAAAAAAAAAAAAAAAAAAAAAAA/'),
      ),
    ],
    [
      'a traversal into another account',
      setPath(() => `/v1/files/out/${a.accountId}/../${b.accountId}/x.png`),
    ],
    [
      'an encoded traversal',
      setPath((u) => u.pathname.replace(`out/${a.accountId}/`, `out/${a.accountId}/%2e%2e/`)),
    ],
    [
      'an encoded slash',
      setPath((u) => u.pathname.replace(`out/${a.accountId}/`, `out%2F${a.accountId}/`)),
    ],
    ['a doubled slash', setPath((u) => u.pathname.replace(`out/`, 'out//'))],
    ['a trailing slash', setPath((u) => `${u.pathname}/`)],
    ['a trailing dot segment', setPath((u) => `${u.pathname}/.`)],
    ['a changed letter case', setPath((u) => u.pathname.replace('converted', 'Converted'))],
    ['a path prefix only', setPath(() => '/v1/files/out/')],
    // The expiry: any change breaks the signature, even to an earlier time.
    ['the expiry one second later', (u) => u.searchParams.set('exp', String(exp(u) + 1))],
    ['the expiry one second earlier', (u) => u.searchParams.set('exp', String(exp(u) - 1))],
    ['the expiry a year later', (u) => u.searchParams.set('exp', String(exp(u) + 365 * 86400))],
    ['the expiry with a leading zero', (u) => u.searchParams.set('exp', `0${exp(u)}`)],
    ['the expiry as a decimal', (u) => u.searchParams.set('exp', `${exp(u)}.0`)],
    ['the expiry in exponent form', (u) => u.searchParams.set('exp', `${exp(u) / 1000}e3`)],
    ['a negative expiry', (u) => u.searchParams.set('exp', `-${exp(u)}`)],
    ['an empty expiry', setParam('exp', '')],
    ['no expiry', dropParam('exp')],
    // The signature: one character changed anywhere, truncated, padded, re-encoded, borrowed.
    ['the first signature character changed', (u) => u.searchParams.set('sig', flip(sig(u), 0))],
    ['a middle signature character changed', (u) => u.searchParams.set('sig', flip(sig(u), 21))],
    ['the last signature character changed', (u) => u.searchParams.set('sig', flip(sig(u), 42))],
    [
      'the last signature character changed in its unused bits only',
      (u) => {
        const s = sig(u)
        const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
        const last = alphabet.indexOf(s.at(-1)!)
        u.searchParams.set('sig', s.slice(0, -1) + alphabet[last ^ 1])
      },
    ],
    ['the signature truncated', (u) => u.searchParams.set('sig', sig(u).slice(0, -1))],
    ['the signature with padding', (u) => u.searchParams.set('sig', `${sig(u)}=`)],
    ['the signature extended', (u) => u.searchParams.set('sig', `${sig(u)}A`)],
    [
      'the signature in standard base64',
      (u) => u.searchParams.set('sig', `${sig(u).replace(/-/g, '+').replace(/_/g, '/')}+`),
    ],
    ['the signature lowercased', (u) => u.searchParams.set('sig', sig(u).toLowerCase())],
    ['an empty signature', setParam('sig', '')],
    ['no signature', dropParam('sig')],
    ['an all-zero signature', setParam('sig', 'A'.repeat(43))],
    // The key id: unknown, missing, or spelled another way.
    ['kid 2 (unknown)', setParam('kid', '2')],
    ['kid 0', setParam('kid', '0')],
    ['a negative kid', setParam('kid', '-1')],
    ['a non-numeric kid', setParam('kid', 'current')],
    ['kid with a leading zero', setParam('kid', '01')],
    ['kid as a decimal', setParam('kid', '1.0')],
    ['kid in hex', setParam('kid', '0x1')],
    ['an empty kid', setParam('kid', '')],
    ['no kid', dropParam('kid')],
    [
      'no parameters at all',
      (u) => {
        u.search = ''
      },
    ],
  ])('refuses %s with 403 INVALID_SIGNATURE and no bytes', async (_case, change) => {
    await expectForbidden(tampered(a.url, change), 'INVALID_SIGNATURE')
  })

  it("refuses another account's object key carrying this URL's valid signature", async () => {
    const crossed = tampered(a.url, (u) => {
      u.pathname = b.url.pathname
    })
    await expectForbidden(crossed, 'INVALID_SIGNATURE')
    // And the other way round: b's parameters on a's path.
    await expectForbidden(
      new URL(`${a.url.origin}${a.url.pathname}${b.url.search}`),
      'INVALID_SIGNATURE',
    )
  })

  it('refuses a signature made with another secret', async () => {
    const forged = await signFileUrl(
      'https://api.test',
      a.key,
      {
        current: { version: 1, secret: 'guessed-secret-0123456789abcdef0123456789' },
        previous: null,
      },
      3600,
    )
    await expectForbidden(new URL(forged), 'INVALID_SIGNATURE')
  })
})

describe('signed file URLs, expiry', () => {
  it.each([
    ['a second ago', 1],
    ['a minute ago', 60],
    ['a week ago', 7 * 86400],
  ])('refuses a URL that expired %s with 403 URL_EXPIRED', async (_case, agoSeconds) => {
    const signedAt = Date.now() - (agoSeconds + 60) * 1000
    const url = new URL(await signFileUrl('https://api.test', a.key, KEYS, 60, signedAt))
    await expectForbidden(url, 'URL_EXPIRED')
  })

  it('reports a tampered expired URL as an invalid signature, not as expired', async () => {
    const url = new URL(
      await signFileUrl('https://api.test', a.key, KEYS, 60, Date.now() - 120_000),
    )
    await expectForbidden(
      tampered(url, (u) => u.searchParams.set('sig', flip(sig(u), 0))),
      'INVALID_SIGNATURE',
    )
  })

  it.each([
    ['8 days', 8 * 86400],
    ['30 days', 30 * 86400],
    ['100 years', 100 * 365 * 86400],
  ])(
    'refuses a validly signed URL that would live %s (beyond the 7-day policy)',
    async (_case, ttl) => {
      const url = new URL(await signFileUrl('https://api.test', a.key, KEYS, ttl))
      await expectForbidden(url, 'INVALID_SIGNATURE')
    },
  )

  it('serves a URL signed for exactly 7 days (control)', async () => {
    const url = new URL(await signFileUrl('https://api.test', a.key, KEYS, 7 * 86400))
    expect((await call(relative(url))).status).toBe(200)
  })
})

describe('signed file URLs, key rotation', () => {
  const rotated = {
    ...env,
    OUTPUT_URL_KID: '2',
    OUTPUT_URL_SECRET: NEW_SECRET,
    OUTPUT_URL_SECRET_PREVIOUS: env.OUTPUT_URL_SECRET,
  }
  const request = (url: URL, bindings: Record<string, unknown>) =>
    createApp().request(relative(url), {}, bindings)

  it('accepts a kid-1 URL while kid 1 is the previous key', async () => {
    expect((await request(a.url, rotated)).status).toBe(200)
  })

  it('accepts a URL signed with the new kid 2', async () => {
    const url = new URL(
      await signFileUrl(
        'https://api.test',
        a.key,
        { current: { version: 2, secret: NEW_SECRET }, previous: null },
        3600,
      ),
    )
    expect((await request(url, rotated)).status).toBe(200)
  })

  it.each<[string, (u: URL) => void]>([
    ['kid 1 relabelled as kid 2', setParam('kid', '2')],
    ['kid 1 relabelled as kid 3', setParam('kid', '3')],
  ])('refuses %s', async (_case, change) => {
    await expectError(await request(tampered(a.url, change), rotated), 403, 'INVALID_SIGNATURE')
  })

  it('refuses a URL signed with the new secret but labelled with the old kid', async () => {
    const url = new URL(
      await signFileUrl(
        'https://api.test',
        a.key,
        { current: { version: 1, secret: NEW_SECRET }, previous: null },
        3600,
      ),
    )
    await expectError(await request(url, rotated), 403, 'INVALID_SIGNATURE')
  })

  it('refuses kid-1 URLs once the rotation ends (previous secret removed)', async () => {
    const done = { ...rotated, OUTPUT_URL_SECRET_PREVIOUS: undefined }
    await expectError(await request(a.url, done), 403, 'INVALID_SIGNATURE')
  })
})

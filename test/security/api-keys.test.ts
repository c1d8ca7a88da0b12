// API keys presented wrongly (PLATFORM.md §3 rules 4-8): malformed, mis-checksummed, truncated,
// wrongly prefixed, revoked, sent in the query or a cookie, or sent twice with different values,
// and another account's key id in DELETE /v1/keys/{id}. A bad checksum is refused before any
// database query (counted through a D1 binding that records its statements).
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/app'
import { generateApiKey } from '../../src/lib/api-key-format'
import { bearer, call, expectError, newAccount } from '../support/api'

interface Account {
  apiKey: string
  accountId: string
}

let a: Account
let b: Account

beforeAll(async () => {
  a = await newAccount(7)
  b = await newAccount(9)
})

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
/** `key` with character `i` replaced by another base62 character. */
const changeAt = (key: string, i: number) =>
  key.slice(0, i) + BASE62[(BASE62.indexOf(key[i]!) + 1) % 62] + key.slice(i + 1)

/** Malformed or forged forms of a real key `k`; all must be 401 INVALID_API_KEY. */
const BAD_KEYS: [string, (k: string) => string][] = [
  ['the last checksum character changed', (k) => changeAt(k, 46)],
  ['the first checksum character changed', (k) => changeAt(k, 41)],
  ['a random character changed (checksum no longer matches)', (k) => changeAt(k, 20)],
  ['the checksum of another key', (k) => k.slice(0, 41) + generateApiKey().slice(41)],
  ['truncated by one character', (k) => k.slice(0, -1)],
  ['truncated to the prefix and random part', (k) => k.slice(0, 41)],
  ['the prefix only', () => 'pfg_live_'],
  ['one character too long', (k) => `${k}a`],
  ['a test-mode prefix', (k) => k.replace('pfg_live_', 'pfg_test_')],
  ["Stripe's prefix", (k) => k.replace('pfg_live_', 'sk_live_')],
  ['no prefix', (k) => k.slice('pfg_live_'.length)],
  ['an uppercase prefix', (k) => k.replace('pfg_live_', 'PFG_LIVE_')],
  [
    'the random part case-swapped',
    (k) =>
      k.slice(0, 9) +
      [...k.slice(9)]
        .map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()))
        .join(''),
  ],
  ['a space inside', (k) => `${k.slice(0, 20)} ${k.slice(20)}`],
  ['a URL-encoded key', (k) => encodeURIComponent(`${k}/`)],
  ['a well-formed key that was never issued', () => generateApiKey()],
]

describe('API keys, malformed and forged', () => {
  it.each(BAD_KEYS)('refuses %s as Authorization: Bearer', async (_case, make) => {
    const response = await call('/v1/credits', { headers: bearer(make(a.apiKey)) })
    await expectError(response, 401, 'INVALID_API_KEY')
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="api"')
  })

  it.each(BAD_KEYS)('refuses %s as x-api-key', async (_case, make) => {
    const response = await call('/v1/credits', { headers: { 'x-api-key': make(a.apiKey) } })
    await expectError(response, 401, 'INVALID_API_KEY')
  })

  it.each(BAD_KEYS)('refuses %s on a paid POST before charging', async (_case, make) => {
    const response = await call('/v1/convert', {
      method: 'POST',
      headers: { ...bearer(make(a.apiKey)), 'content-type': 'application/json' },
      body: JSON.stringify({ imageUrl: 'https://images.example.com/a.png' }),
    })
    await expectError(response, 401, 'INVALID_API_KEY')
  })
})

/** Sends GET /v1/credits through a D1 binding that records every statement it prepares. */
async function creditsCountingQueries(headers: Record<string, string>) {
  const statements: string[] = []
  const db = new Proxy(env.DB, {
    get(target, property, receiver) {
      if (property === 'prepare') {
        return (sql: string) => {
          statements.push(sql)
          return target.prepare(sql)
        }
      }
      const value = Reflect.get(target, property, receiver)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  const response = await createApp().request('/v1/credits', { headers }, { ...env, DB: db })
  return { response, statements }
}

describe('API key format and checksum', () => {
  it.each([
    ['the last checksum character changed', (k: string) => changeAt(k, 46)],
    ['a random character changed', (k: string) => changeAt(k, 9)],
    ['the checksum of another key', (k: string) => k.slice(0, 41) + generateApiKey().slice(41)],
    ['a test-mode prefix on a valid body', (k: string) => k.replace('pfg_live_', 'pfg_test_')],
    ['an uppercase prefix on a valid body', (k: string) => k.replace('pfg_live_', 'PFG_LIVE_')],
    ['one character too long', (k: string) => `${k}a`],
  ])('refuses %s without querying the database', async (_case, make) => {
    const { response, statements } = await creditsCountingQueries(bearer(make(a.apiKey)))
    await expectError(response, 401, 'INVALID_API_KEY')
    expect(statements).toEqual([])
  })

  it('looks a well-formed unknown key up (control: the counter sees queries)', async () => {
    const { response, statements } = await creditsCountingQueries(bearer(generateApiKey()))
    await expectError(response, 401, 'INVALID_API_KEY')
    expect(statements.length).toBeGreaterThan(0)
  })
})

describe('API keys, where they are sent', () => {
  it.each(['api_key', 'apiKey', 'key', 'x-api-key', 'access_token', 'token', 'authorization'])(
    'ignores a key in the query string (?%s=) and answers 401 UNAUTHORIZED',
    async (name) => {
      const query = new URLSearchParams({ [name]: a.apiKey })
      await expectError(await call(`/v1/credits?${query}`), 401, 'UNAUTHORIZED')
    },
  )

  it.each([
    ['a cookie', { cookie: `api_key=${'KEY'}` }],
    ['X-Api-Token', { 'x-api-token': 'KEY' }],
    ['Proxy-Authorization', { 'proxy-authorization': 'Bearer KEY' }],
    ['X-Authorization', { 'x-authorization': 'Bearer KEY' }],
  ])('ignores a key in %s', async (_case, headers) => {
    const sent = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name, value.replace('KEY', a.apiKey)]),
    )
    await expectError(await call('/v1/credits', { headers: sent }), 401, 'UNAUTHORIZED')
  })

  it('lets a valid Authorization win over a bad x-api-key', async () => {
    const response = await call('/v1/credits', {
      headers: { ...bearer(a.apiKey), 'x-api-key': 'pfg_live_garbage' },
    })
    expect(response.status).toBe(200)
  })

  it('does not fall back to a valid x-api-key when Authorization is bad', async () => {
    for (const authorization of [
      `Bearer ${changeAt(a.apiKey, 46)}`,
      'Basic Zm9vOmJhcg==',
      'Bearer',
    ]) {
      const response = await call('/v1/credits', {
        headers: { authorization, 'x-api-key': a.apiKey },
      })
      await expectError(response, 401, 'INVALID_API_KEY')
    }
  })

  it('acts for the account of Authorization when the two headers name different accounts', async () => {
    const response = await call('/v1/credits', {
      headers: { ...bearer(b.apiKey), 'x-api-key': a.apiKey },
    })
    const { data } = (await response.json()) as { data: { balance: number } }
    expect(data.balance).toBe(9)
  })

  it('refuses two keys joined in one Authorization header', async () => {
    const response = await call('/v1/credits', {
      headers: { authorization: `Bearer ${a.apiKey}, Bearer ${b.apiKey}` },
    })
    await expectError(response, 401, 'INVALID_API_KEY')
  })
})

/** Creates a second key for `owner` and returns its id and secret. */
async function extraKey(owner: string) {
  const response = await call('/v1/keys', {
    method: 'POST',
    headers: { ...bearer(owner), 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'extra' }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { data: { id: string; key: string } }).data
}

const revoke = (owner: string, id: string) =>
  call(`/v1/keys/${id}`, { method: 'DELETE', headers: bearer(owner) })

describe('API keys, revocation and ownership', () => {
  it('refuses a revoked key everywhere, as an unknown key', async () => {
    const extra = await extraKey(a.apiKey)
    expect((await revoke(a.apiKey, extra.id)).status).toBe(200)
    for (const [path, init] of [
      ['/v1/credits', {}],
      ['/v1/keys', {}],
      ['/v1/keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }],
      [`/v1/keys/${extra.id}`, { method: 'DELETE' }],
    ] as const) {
      const response = await call(path, {
        ...init,
        headers: { ...('headers' in init ? init.headers : {}), ...bearer(extra.key) },
      })
      const error = await expectError(response, 401, 'INVALID_API_KEY')
      expect(error.message).toBe('The API key is invalid or has been revoked')
    }
  })

  it("cannot revoke another account's key: 404, and that key keeps working", async () => {
    const target = await extraKey(b.apiKey)
    await expectError(await revoke(a.apiKey, target.id), 404, 'NOT_FOUND')
    expect((await call('/v1/credits', { headers: bearer(target.key) })).status).toBe(200)
  })

  it("does not list another account's keys", async () => {
    const target = await extraKey(b.apiKey)
    const text = await (await call('/v1/keys', { headers: bearer(a.apiKey) })).text()
    expect(text).not.toContain(target.id)
    expect(text).not.toContain(b.accountId)
  })

  it.each([
    ['a made-up id', 'key_01AAAAAAAAAAAAAAAAAAAAAAAA'],
    ['a SQL wildcard', '%'],
    ['a quote', "key_' OR '1'='1"],
    ['an encoded traversal', '..%2Fadmin'],
  ])('answers 404 NOT_FOUND for %s and revokes nothing', async (_case, id) => {
    await expectError(await revoke(a.apiKey, encodeURIComponent(id)), 404, 'NOT_FOUND')
    expect((await call('/v1/credits', { headers: bearer(a.apiKey) })).status).toBe(200)
    expect((await call('/v1/credits', { headers: bearer(b.apiKey) })).status).toBe(200)
  })
})

// The operator API without the operator (PLATFORM.md §3, README "operator API"): every admin
// route, with no token, a wrong one, the token in the wrong place, an API key in its place, and
// with ADMIN_TOKEN unset (the routes then do not exist). Nothing is created or credited; and the
// operator token is not an API key either.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/app'
import { balanceOf, bearer, call, expectError, newAccount } from '../support/api'

let accountId: string
let apiKey: string

beforeAll(async () => {
  ;({ accountId, apiKey } = await newAccount(5))
})

/** Every operator route, with a body that would succeed given the token. */
const ADMIN_ROUTES: { method: string; path: string; body?: unknown }[] = [
  { method: 'POST', path: '/v1/admin/accounts', body: { name: 'Intruder', credits: 1_000_000 } },
  { method: 'GET', path: '/v1/admin/accounts/{id}' },
  { method: 'POST', path: '/v1/admin/accounts/{id}/credits', body: { amount: 1_000_000 } },
  { method: 'POST', path: '/v1/admin/accounts/{id}/keys', body: { name: 'backdoor' } },
]

const TOKEN = env.ADMIN_TOKEN

/** Ways to present (or not) the operator token; all refused with the given code. */
const BAD_CREDENTIALS: [string, () => Record<string, string>, string][] = [
  ['no credentials', () => ({}), 'UNAUTHORIZED'],
  ['the token as x-api-key', () => ({ 'x-api-key': TOKEN }), 'UNAUTHORIZED'],
  ['the token in a cookie', () => ({ cookie: `admin_token=${TOKEN}` }), 'UNAUTHORIZED'],
  ['a wrong token', () => bearer('wrong-token'), 'INVALID_ADMIN_TOKEN'],
  ['the token without its last character', () => bearer(TOKEN.slice(0, -1)), 'INVALID_ADMIN_TOKEN'],
  ['the token with one more character', () => bearer(`${TOKEN}x`), 'INVALID_ADMIN_TOKEN'],
  ['the token uppercased', () => bearer(TOKEN.toUpperCase()), 'INVALID_ADMIN_TOKEN'],
  ['the token as Basic', () => ({ authorization: `Basic ${TOKEN}` }), 'INVALID_ADMIN_TOKEN'],
  ['the token without a scheme', () => ({ authorization: TOKEN }), 'INVALID_ADMIN_TOKEN'],
  ['Bearer and nothing else', () => ({ authorization: 'Bearer ' }), 'INVALID_ADMIN_TOKEN'],
  ['the token twice', () => bearer(`${TOKEN},${TOKEN}`), 'INVALID_ADMIN_TOKEN'],
  ['an API key', () => bearer(apiKey), 'INVALID_ADMIN_TOKEN'],
  [
    'an API key, with the token as x-api-key',
    () => ({ ...bearer(apiKey), 'x-api-key': TOKEN }),
    'INVALID_ADMIN_TOKEN',
  ],
]

const request = (route: (typeof ADMIN_ROUTES)[number], headers: Record<string, string>) =>
  ({
    method: route.method,
    headers: { ...headers, ...(route.body ? { 'content-type': 'application/json' } : {}) },
    ...(route.body ? { body: JSON.stringify(route.body) } : {}),
  }) satisfies RequestInit

const pathOf = (route: (typeof ADMIN_ROUTES)[number]) => route.path.replace('{id}', accountId)

const accountCount = () => env.DB.prepare('SELECT count(*) AS n FROM accounts').first<number>('n')
const keyCount = () =>
  env.DB.prepare('SELECT count(*) AS n FROM api_keys WHERE account_id = ?')
    .bind(accountId)
    .first<number>('n')

describe('operator API without the operator token', () => {
  it('covers every operator route the app serves', () => {
    const served = createApp()
      .routes.filter((r) => r.path.startsWith('/v1/admin') && r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`)
    expect([...new Set(served)].sort()).toEqual(
      ADMIN_ROUTES.map((r) => `${r.method} ${r.path}`).sort(),
    )
  })

  describe.each(ADMIN_ROUTES)('$method $path', (route) => {
    it.each(BAD_CREDENTIALS)('refuses %s and changes nothing', async (_case, headers, code) => {
      const [accounts, keys] = [await accountCount(), await keyCount()]
      const response = await call(pathOf(route), request(route, headers()))
      const error = await expectError(response, 401, code)
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="api"')
      expect(JSON.stringify(error)).not.toContain(accountId)
      expect(await accountCount()).toBe(accounts)
      expect(await keyCount()).toBe(keys)
      expect(await balanceOf(apiKey)).toBe(5)
    })

    it.each([
      ['an empty ADMIN_TOKEN', ''],
      ['no ADMIN_TOKEN', undefined],
    ])('does not exist with %s, whatever is sent', async (_case, adminToken) => {
      const bindings = { ...env, ADMIN_TOKEN: adminToken } as unknown as typeof env
      for (const headers of [
        {},
        bearer(''),
        bearer('undefined'),
        bearer('null'),
        bearer(TOKEN),
        bearer(apiKey),
      ]) {
        const response = await createApp().request(pathOf(route), request(route, headers), bindings)
        await expectError(response, 404, 'NOT_FOUND')
      }
      expect(await balanceOf(apiKey)).toBe(5)
    })
  })

  it('works with the token (control)', async () => {
    const response = await call(`/v1/admin/accounts/${accountId}`, { headers: bearer(TOKEN) })
    expect(response.status).toBe(200)
  })
})

describe('operator token used as an API key', () => {
  it.each([
    ['Authorization: Bearer', () => bearer(TOKEN)],
    ['x-api-key', () => ({ 'x-api-key': TOKEN })],
  ])('is refused as %s on the account API', async (_case, headers) => {
    for (const [path, init] of [
      ['/v1/credits', {}],
      ['/v1/keys', {}],
      ['/v1/keys', { method: 'POST', body: '{}' }],
    ] as const) {
      const response = await call(path, {
        ...init,
        headers: { ...headers(), 'content-type': 'application/json' },
      })
      await expectError(response, 401, 'INVALID_API_KEY')
    }
  })
})

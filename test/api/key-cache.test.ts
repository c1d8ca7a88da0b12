// The isolate's cache of verified API keys (src/http/middleware/key-cache.ts): what it may serve,
// for how long, and that revocation and balances stay as PLATFORM.md §3 and §4 require. Requests
// go through the real middleware, D1 and routes; the cache's clock is injected, never slept on.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { ApiKeyStore } from '../../src/adapters/ports'
import { createDeps } from '../../src/deps'
import type { AppEnv } from '../../src/env'
import { ApiError } from '../../src/errors'
import { apiKeyAuth } from '../../src/http/middleware/auth'
import { isolateKeyCache, KeyCache } from '../../src/http/middleware/key-cache'
import { requestContext } from '../../src/http/middleware/request-context'
import { keysRoutes } from '../../src/http/routes/keys'
import { generateApiKey } from '../../src/lib/api-key-format'
import { hashApiKey } from '../../src/operations/api-keys'
import { balanceOf, bearer, callWithKey, expectError, newAccount, postFile } from '../support/api'
import { lineDrawing, toPng } from '../support/images'

/** A clock the test moves by hand. */
const manualClock = (start = 1_000_000) => {
  const clock = { now: start, read: () => clock.now }
  return clock
}

/**
 * An app with the real request context and auth in front of two echo routes: `POST /paid` takes
 * recently verified keys (as the paid endpoints do), `GET /current` reads D1 every time (as
 * /credits does). The real /keys routes are mounted too. D1 key lookups are counted.
 */
function testApp(cache?: KeyCache) {
  const lookups = { count: 0 }
  const app = new Hono<AppEnv>()
  app.onError(
    (error) => new Response(null, { status: error instanceof ApiError ? error.status : 500 }),
  )
  app.use(
    '*',
    requestContext({
      deps: (bindings) => {
        const deps = createDeps(bindings)
        const apiKeys: ApiKeyStore = Object.create(deps.apiKeys)
        apiKeys.findActiveByHash = (hash) => {
          lookups.count++
          return deps.apiKeys.findActiveByHash(hash)
        }
        return { ...deps, apiKeys }
      },
    }),
  )
  const echo = (c: { json: (body: unknown) => Response; var: AppEnv['Variables'] }) =>
    c.json(c.var.auth)
  app.post('/paid', apiKeyAuth({ recent: true, ...(cache ? { cache } : {}) }), echo)
  app.get('/current', apiKeyAuth(cache ? { cache } : {}), echo)
  app.route('/v1', keysRoutes)
  const request = async (path: string, key: string, init: RequestInit = {}) => {
    const ctx = createExecutionContext()
    const response = await app.request(
      path,
      { ...init, headers: { ...bearer(key), ...(init.headers as Record<string, string>) } },
      env,
      ctx,
    )
    await waitOnExecutionContext(ctx)
    return response
  }
  /** The status of a request to one of the echo routes: 200 when auth let it through. */
  const status = async (path: '/paid' | '/current', key: string) =>
    (await request(path, key, { method: path === '/paid' ? 'POST' : 'GET' })).status
  return { app, lookups, request, status }
}

/** Another key for the account of `apiKey`, made through POST /v1/keys. */
async function secondKey(apiKey: string): Promise<{ id: string; key: string }> {
  const response = await callWithKey('/v1/keys', apiKey, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'second' }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { data: { id: string; key: string } }).data
}

describe('KeyCache', () => {
  const key = { accountId: 'acct_1', keyId: 'key_1', balance: 50 }

  it('serves an entry until its TTL is up, and never at or after it', () => {
    const clock = manualClock()
    const cache = new KeyCache({ ttlMs: 5_000, now: clock.read })
    cache.set('h1', key)
    clock.now += 4_999
    expect(cache.get('h1')).toEqual(key)
    clock.now += 1
    expect(cache.get('h1')).toBeNull()
    expect(cache.size).toBe(0)
  })

  it('drops the oldest entry when full', () => {
    const cache = new KeyCache({ maxEntries: 2, now: manualClock().read })
    cache.set('h1', key)
    cache.set('h2', { ...key, keyId: 'key_2' })
    cache.set('h3', { ...key, keyId: 'key_3' })
    expect(cache.size).toBe(2)
    expect(cache.get('h1')).toBeNull()
    expect(cache.get('h3')?.keyId).toBe('key_3')
  })

  it('forgets every entry of a revoked key id', () => {
    const cache = new KeyCache({ now: manualClock().read })
    cache.set('h1', key)
    cache.set('h2', { ...key, keyId: 'key_2' })
    cache.forgetKey('key_1')
    expect(cache.get('h1')).toBeNull()
    expect(cache.get('h2')).not.toBeNull()
  })
})

describe('API key cache in the auth middleware', () => {
  it('takes a verified key without D1 within the TTL, and asks D1 again once it is up', async () => {
    const clock = manualClock()
    const { status, lookups } = testApp(new KeyCache({ ttlMs: 5_000, now: clock.read }))
    const { apiKey } = await newAccount(100)
    expect(await status('/paid', apiKey)).toBe(200)
    expect(lookups.count).toBe(1)
    clock.now += 4_999
    expect(await status('/paid', apiKey)).toBe(200)
    expect(lookups.count).toBe(1)
    clock.now += 1
    expect(await status('/paid', apiKey)).toBe(200)
    expect(lookups.count).toBe(2)
  })

  it('refuses a key revoked by another isolate once the TTL is up, never later', async () => {
    const clock = manualClock()
    const { status } = testApp(new KeyCache({ ttlMs: 5_000, now: clock.read }))
    const { apiKey, accountId } = await newAccount(100)
    const other = await secondKey(apiKey)
    expect(await status('/paid', other.key)).toBe(200)
    // Revoked in D1 directly, as another isolate's DELETE /v1/keys/{id} would: this cache has
    // not heard of it, so within the window the key still passes here...
    expect(await createDeps(env).apiKeys.revoke(accountId, other.id, Date.now())).toBe(true)
    clock.now += 4_999
    expect(await status('/paid', other.key)).toBe(200)
    // ...and from the TTL on it is refused.
    clock.now += 1
    expect(await status('/paid', other.key)).toBe(401)
    // A route that reads D1 every time refuses it at once.
    expect(await status('/current', other.key)).toBe(401)
  })

  it('refuses a key revoked in this isolate on its very next request', async () => {
    // The isolate's own cache, which DELETE /v1/keys/{id} clears.
    const { status, request } = testApp()
    const { apiKey } = await newAccount(100)
    const other = await secondKey(apiKey)
    expect(await status('/paid', other.key)).toBe(200)
    const revoked = await request(`/v1/keys/${other.id}`, apiKey, { method: 'DELETE' })
    expect(revoked.status).toBe(200)
    expect(await status('/paid', other.key)).toBe(401)
  })

  it('never caches a wrong key as valid', async () => {
    const cache = new KeyCache({ now: manualClock().read })
    const { status, lookups } = testApp(cache)
    const { apiKey } = await newAccount(100)
    expect(await status('/paid', apiKey)).toBe(200)
    const wrong = generateApiKey()
    expect(await status('/paid', wrong)).toBe(401)
    expect(await status('/paid', wrong)).toBe(401)
    // Each wrong attempt went to D1; only the real key is held.
    expect(lookups.count).toBe(3)
    expect(cache.size).toBe(1)
    expect(cache.get(await hashApiKey(env.API_KEY_PEPPER, wrong))).toBeNull()
  })

  it('re-reads a cached balance too low to cover every price, so the pre-check never refuses on an old one', async () => {
    const cache = new KeyCache({ now: manualClock().read })
    const { request, lookups } = testApp(cache)
    const { apiKey } = await newAccount(3)
    const first = (await (await request('/paid', apiKey, { method: 'POST' })).json()) as {
      balance: number
    }
    expect(first.balance).toBe(3)
    const second = (await (await request('/paid', apiKey, { method: 'POST' })).json()) as {
      balance: number
    }
    expect(second.balance).toBe(3)
    expect(lookups.count).toBe(2)
  })
})

describe('GET /v1/credits with the key cache', () => {
  it('reports the balance D1 holds, not a cached one', async () => {
    const { apiKey, accountId } = await newAccount(40)
    const hash = await hashApiKey(env.API_KEY_PEPPER, apiKey)
    const keyId = (await createDeps(env).apiKeys.findActiveByHash(hash))!.id
    isolateKeyCache.set(hash, { accountId, keyId, balance: 999 })
    expect(await balanceOf(apiKey)).toBe(40)
  })

  it('reports the balance after a charge', async () => {
    const { apiKey } = await newAccount(5)
    expect(await balanceOf(apiKey)).toBe(5)
    const png = await toPng(lineDrawing(64, 48))
    const response = await postFile('/v1/convert', apiKey, png)
    expect(response.status).toBe(200)
    expect(await balanceOf(apiKey)).toBe(4)
  })

  it('refuses a revoked key at once', async () => {
    const { apiKey } = await newAccount(5)
    const other = await secondKey(apiKey)
    expect(await balanceOf(other.key)).toBe(5)
    const revoked = await callWithKey(`/v1/keys/${other.id}`, apiKey, { method: 'DELETE' })
    expect(revoked.status).toBe(200)
    await expectError(await callWithKey('/v1/credits', other.key), 401, 'INVALID_API_KEY')
  })
})

/**
 * Step 1 of every authenticated route: the API key, from `Authorization: Bearer` (which wins
 * when present) or `x-api-key` (PLATFORM.md §3 rules 4-6). Every 401 carries WWW-Authenticate.
 */

import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../../env'
import { ApiError } from '../../errors'
import { isWellFormedApiKey } from '../../lib/api-key-format'
import { hashApiKey, type KeyIdentity, verifyApiKey } from '../../operations/api-keys'
import { PRICES } from '../../operations/pricing'
import { isolateKeyCache, type KeyCache } from './key-cache'

export interface AuthVariables {
  /**
   * The authenticated account and key, and the account's balance as read with the key (the same
   * D1 query on the primary, so as fresh as a separate read in this request would be; with
   * `recent`, possibly read by an earlier request within the key cache's TTL, and then at least
   * what any request costs).
   */
  auth: { accountId: string; keyId: string; balance: number }
}

/** Minimum time between two last-used writes for one key from this isolate, ms. */
const TOUCH_INTERVAL_MS = 60_000
/** Last time this isolate recorded each key's use; bounded so it cannot grow without limit. */
const lastTouch = new Map<string, number>()
const MAX_TRACKED_KEYS = 10_000

/** True when this request should record the key's use (at most once a minute per key). */
function shouldTouch(keyId: string, now: number): boolean {
  const last = lastTouch.get(keyId)
  if (last !== undefined && now - last < TOUCH_INTERVAL_MS) return false
  if (lastTouch.size >= MAX_TRACKED_KEYS) lastTouch.clear()
  lastTouch.set(keyId, now)
  return true
}

/** Header sent with every 401. */
export const WWW_AUTHENTICATE = { 'WWW-Authenticate': 'Bearer realm="api"' }

const BEARER = /^Bearer\s+(\S+)$/i

/** Reads the presented key; null when none was sent. Throws 401 for a malformed Authorization. */
export function presentedKey(authorization: string | undefined, apiKey: string | undefined) {
  if (authorization !== undefined) {
    const match = BEARER.exec(authorization.trim())
    if (!match) {
      throw new ApiError('INVALID_API_KEY', 'Expected "Authorization: Bearer <API key>"', {
        headers: WWW_AUTHENTICATE,
      })
    }
    return match[1]!
  }
  return apiKey === undefined || apiKey === '' ? null : apiKey.trim()
}

/** The most any one request costs: a recent balance at least this high passes every pre-check. */
const MOST_A_REQUEST_COSTS = Math.max(
  ...Object.values(PRICES).flatMap((price) =>
    typeof price === 'number' ? [price] : Object.values(price),
  ),
)

export interface ApiKeyAuthOptions {
  /**
   * Takes a key this isolate verified within the key cache's TTL (5 s) without asking D1, when
   * the balance read with it then covers any request's price. For the paid POST endpoints, whose
   * balance is only the pre-check's hint (the atomic charge decides): a revoked key is then
   * refused within the TTL at most, at once in the isolate that revoked it. Default false: the
   * key and the balance are read on every request (GET /credits reports the real balance).
   */
  recent?: boolean
  /** Where verified keys are kept (default: the isolate's; tests pass one with their own clock). */
  cache?: KeyCache
}

/**
 * Authenticates the caller by API key and sets `auth`. Records key use after responding.
 * @example api.use('/credits', apiKeyAuth())
 */
export function apiKeyAuth(options: ApiKeyAuthOptions = {}): MiddlewareHandler<AppEnv> {
  const cache = options.cache ?? isolateKeyCache
  const recent = options.recent ?? false
  return async function apiKeyAuth(c, next) {
    const key = presentedKey(c.req.header('authorization'), c.req.header('x-api-key'))
    if (key === null) {
      throw new ApiError(
        'UNAUTHORIZED',
        'An API key is required: send "Authorization: Bearer <API key>" or "x-api-key"',
        { headers: WWW_AUTHENTICATE },
      )
    }
    const { apiKeys, config } = c.var.deps
    const ports = { apiKeys, peppers: config.peppers }
    // The cache is keyed by the hash under the current pepper; a malformed key skips it.
    const pepper = recent && isWellFormedApiKey(key) ? config.peppers.current : null
    const keyHash = pepper ? await hashApiKey(pepper.secret, key) : null
    const cached = keyHash ? cache.get(keyHash) : null
    let identity: KeyIdentity | null
    if (cached && cached.balance >= MOST_A_REQUEST_COSTS) identity = cached
    else {
      identity = await verifyApiKey(ports, key)
      // Only a key D1 found active is remembered: unknown and revoked keys never are.
      if (identity && keyHash) cache.set(keyHash, identity)
    }
    if (!identity) {
      throw new ApiError('INVALID_API_KEY', 'The API key is invalid or has been revoked', {
        headers: WWW_AUTHENTICATE,
      })
    }
    const { accountId, keyId, balance, followUp } = identity
    c.set('auth', { accountId, keyId, balance })
    // Bookkeeping after the response: last use (skipped when this isolate wrote it within the
    // minute: one D1 round trip less per request) and re-hashing under a rotated pepper.
    const now = Date.now()
    const work = [shouldTouch(keyId, now) ? apiKeys.touch(keyId, now) : null, followUp?.()]
    if (work.some(Boolean)) c.executionCtx.waitUntil(Promise.all(work).catch(() => {}))
    await next()
  }
}

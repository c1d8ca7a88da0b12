/**
 * Step 1 of every authenticated route: the API key, from `Authorization: Bearer` (which wins
 * when present) or `x-api-key` (PLATFORM.md §3 rules 4-6). Every 401 carries WWW-Authenticate.
 */

import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../../env'
import { ApiError } from '../../errors'
import { verifyApiKey } from '../../operations/api-keys'

export interface AuthVariables {
  /**
   * The authenticated account and key, and the account's balance as read with the key (the same
   * D1 query on the primary, so as fresh as a separate read in this request would be).
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

/**
 * Authenticates the caller by API key and sets `auth`. Records key use after responding.
 * @example api.use('/credits', apiKeyAuth())
 */
export function apiKeyAuth(): MiddlewareHandler<AppEnv> {
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
    const identity = await verifyApiKey({ apiKeys, peppers: config.peppers }, key)
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

/**
 * Step 1 of every authenticated route: the API key, from `Authorization: Bearer` (which wins
 * when present) or `x-api-key` (PLATFORM.md §3 rules 4-6). Every 401 carries WWW-Authenticate.
 */

import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../../env'
import { ApiError } from '../../errors'
import { verifyApiKey } from '../../operations/api-keys'

export interface AuthVariables {
  /** The authenticated account and key. */
  auth: { accountId: string; keyId: string }
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
    c.set('auth', { accountId: identity.accountId, keyId: identity.keyId })
    const followUp = identity.followUp
    c.executionCtx.waitUntil(
      Promise.all([apiKeys.touch(identity.keyId, Date.now()), followUp?.()]).catch(() => {}),
    )
    await next()
  }
}

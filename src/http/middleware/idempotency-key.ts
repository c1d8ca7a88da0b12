/**
 * Step 3 of the paid POST endpoints: the `Idempotency-Key` header's format (spec §4.1 rule 1).
 * Runs before body validation so a bad key is reported as INVALID_IDEMPOTENCY_KEY. The value is
 * not trimmed, and a repeated header (joined with ", ") or the quoted sf-string form fails.
 */

import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../../env'
import { ApiError } from '../../errors'

export interface IdempotencyKeyVariables {
  /** The client's key, or null when the request has none. */
  idempotencyKey: string | null
}

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{1,255}$/

/**
 * Validates and records the key.
 * @example api.post('/convert', idempotencyKey(), ...)
 */
export function idempotencyKey(): MiddlewareHandler<AppEnv> {
  return async function idempotencyKey(c, next) {
    const key = c.req.header('idempotency-key')
    if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw new ApiError(
        'INVALID_IDEMPOTENCY_KEY',
        'Expected Idempotency-Key of 1 to 255 characters from A-Z a-z 0-9 . _ : -',
      )
    }
    c.set('idempotencyKey', key ?? null)
    await next()
  }
}

/**
 * The operator API's guard: on only when the ADMIN_TOKEN secret is set (404 otherwise, as if the
 * routes did not exist), and then the token must be presented as `Authorization: Bearer`.
 */

import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../../env'
import { ApiError } from '../../errors'
import { sha256Hex } from '../../lib/crypto'
import { WWW_AUTHENTICATE } from './auth'

/** Constant-time equality of two strings, by comparing their SHA-256 digests. */
async function sameSecret(presented: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([sha256Hex(presented), sha256Hex(expected)])
  const encoder = new TextEncoder()
  return crypto.subtle.timingSafeEqual(encoder.encode(a), encoder.encode(b))
}

/**
 * Admits only the operator.
 * @example admin.use('*', adminAuth())
 */
export function adminAuth(): MiddlewareHandler<AppEnv> {
  return async function adminAuth(c, next) {
    const token = c.var.deps.config.adminToken
    if (!token) throw new ApiError('NOT_FOUND', 'No such route')
    const header = c.req.header('authorization')
    if (header === undefined) {
      throw new ApiError('UNAUTHORIZED', 'The operator token is required', {
        headers: WWW_AUTHENTICATE,
      })
    }
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim())
    if (!match || !(await sameSecret(match[1]!, token))) {
      throw new ApiError('INVALID_ADMIN_TOKEN', 'The operator token is invalid', {
        headers: WWW_AUTHENTICATE,
      })
    }
    await next()
  }
}

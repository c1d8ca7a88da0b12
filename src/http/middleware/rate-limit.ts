/**
 * Step 2 of the paid POST endpoints: the account's AccountGate (PLATFORM.md §2). Every admitted
 * request holds a concurrency lease until its response is ready (the release is sent then); every
 * response after this point carries RateLimit-Policy and RateLimit, and a 429 also Retry-After.
 */

import type { MiddlewareHandler } from 'hono'
import type { GateLimits } from '../../adapters/ports'
import type { AppEnv } from '../../env'
import { ApiError } from '../../errors'
import { log } from '../../lib/log'

/** The `RateLimit-Policy` field for the configured limits (IETF draft-11 syntax). */
export const rateLimitPolicy = (limits: GateLimits): string =>
  `"minute";q=${limits.perMinute};w=60, "concurrency";q=${limits.maxInflight};qu="concurrent-requests"`

/**
 * Admits the request or answers 429 RATE_LIMITED naming the policy that refused it.
 * @example api.post('/convert', rateLimit(), ...)
 */
export function rateLimit(): MiddlewareHandler<AppEnv> {
  return async function rateLimit(c, next) {
    const { deps, auth } = c.var
    const limits = deps.config.rateLimits
    const gate = deps.gate(auth.accountId)
    const decision = await gate.acquire(limits)
    const policy = rateLimitPolicy(limits)
    if (!decision.ok) {
      const wait = decision.retryAfterSeconds
      const what =
        decision.policy === 'minute'
          ? `more than ${limits.perMinute} requests in a minute`
          : `more than ${limits.maxInflight} requests in flight`
      throw new ApiError('RATE_LIMITED', `Rate limit "${decision.policy}" exceeded: ${what}`, {
        headers: {
          'Retry-After': String(wait),
          'RateLimit-Policy': policy,
          RateLimit: `"${decision.policy}";r=0;t=${wait}`,
        },
      })
    }
    try {
      await next()
    } finally {
      // Sent as the response is ready but not awaited: the response leaves a DO round trip
      // sooner, and a failed release is logged, not turned into a 500 for finished (maybe paid)
      // work; its lease then lapses on its own (GATE_LEASE_MS).
      const released = gate
        .release(decision.leaseId)
        .catch((error: unknown) =>
          log('warn', 'rate-limit lease release failed', { requestId: c.var.requestId, error }),
        )
      try {
        c.executionCtx.waitUntil(released)
      } catch {
        // No execution context (a test's app.request): the release still runs in this isolate.
      }
    }
    c.res.headers.set('RateLimit-Policy', policy)
    c.res.headers.set('RateLimit', `"minute";r=${decision.remaining};t=${decision.resetSeconds}`)
  }
}

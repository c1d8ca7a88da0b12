/** First middleware of every request: a request id, the ports, and one structured access log line. */

import type { MiddlewareHandler } from 'hono'
import { createDeps, type Deps } from '../../deps'
import type { AppEnv, Bindings } from '../../env'
import { newId } from '../../lib/ids'
import { log } from '../../lib/log'

export interface RequestContextVariables {
  /** `req_` + ULID, returned as X-Request-Id and in every log line. */
  requestId: string
  deps: Deps
  /** The error code of the response, when it is an error (set by the error handler, for logs). */
  errorCode?: string
  /** What a paid operation produced, for the access line (one log line per request). */
  result?: Record<string, unknown>
}

export interface RequestContextOptions {
  /** Builds the ports of one request from the bindings (default `createDeps`). */
  deps?: (env: Bindings) => Deps
}

/**
 * Sets `requestId` and `deps`, adds `X-Request-Id` to the response, and logs the request.
 * @example app.use('*', requestContext())
 */
export function requestContext(options: RequestContextOptions = {}): MiddlewareHandler<AppEnv> {
  const depsOf = options.deps ?? createDeps
  return async function requestContext(c, next) {
    const requestId = newId('req')
    const started = Date.now()
    c.set('requestId', requestId)
    c.set('deps', depsOf(c.env))
    await next()
    try {
      c.res.headers.set('X-Request-Id', requestId)
    } catch {
      // Responses passed through from R2 or fetch have immutable headers: copy once.
      c.res = new Response(c.res.body, c.res)
      c.res.headers.set('X-Request-Id', requestId)
    }
    log(c.res.status >= 500 ? 'error' : 'info', 'request', {
      requestId,
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      status: c.res.status,
      errorCode: c.get('errorCode'),
      accountId: c.get('auth')?.accountId,
      durationMs: Date.now() - started,
      result: c.get('result'),
    })
  }
}

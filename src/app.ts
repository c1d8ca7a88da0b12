/**
 * Builds the Hono app. Every request gets a request id and the ports; everything lives under /v1;
 * each route declares its own middleware chain in the order of PLATFORM.md §0 (auth → rate limit
 * → Idempotency-Key → body guard → validation → the paid pipeline). One error handler renders
 * the envelope for everything, including 404 and 405.
 */

import { OpenAPIHono } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { HTTPException } from 'hono/http-exception'
import type { AppEnv } from './env'
import { ApiError, ERROR_STATUS, type ErrorCode } from './errors'
import { type RequestContextOptions, requestContext } from './http/middleware/request-context'
import { registerSecuritySchemes } from './http/openapi'
import { errorResponse } from './http/respond'
import { adminRoutes } from './http/routes/admin'
import { convertRoutes } from './http/routes/convert'
import { creditsRoutes } from './http/routes/credits'
import { mountDocs } from './http/routes/docs'
import { enhanceRoutes } from './http/routes/enhance'
import { figuresRoutes } from './http/routes/figures'
import { filesRoutes } from './http/routes/files'
import { keysRoutes } from './http/routes/keys'
import { mcpRoutes } from './http/routes/mcp'
import { vectorizeRoutes } from './http/routes/vectorize'
import { validationHook } from './http/validation'
import { log } from './lib/log'

/** Headers browsers may send and read cross-origin (keys are not cookies, so any origin is fine). */
const CORS = cors({
  origin: '*',
  allowMethods: ['GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'],
  allowHeaders: [
    'Authorization',
    'x-api-key',
    'Idempotency-Key',
    'Content-Type',
    'MCP-Protocol-Version',
  ],
  exposeHeaders: [
    'X-Request-Id',
    'RateLimit',
    'RateLimit-Policy',
    'Retry-After',
    'Idempotent-Replayed',
    'WWW-Authenticate',
  ],
  maxAge: 86_400,
})

/** Statuses Hono's own exceptions carry, mapped to our codes (no 413/415 leave the API). */
const HTTP_EXCEPTION_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  413: 'FILE_TOO_LARGE',
  415: 'UNSUPPORTED_CONTENT_TYPE',
}

/** How the app is built: the defaults serve production; tests wrap the ports to inject faults. */
export interface AppOptions {
  /** Builds the ports of one request from the bindings (default `createDeps`). */
  deps?: RequestContextOptions['deps']
}

export function createApp(options: AppOptions = {}) {
  const app = new Hono<AppEnv>()
  app.use('*', requestContext({ deps: options.deps }))
  app.use('/v1/*', CORS)

  const api = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  registerSecuritySchemes(api as unknown as OpenAPIHono<never>)
  api.route('/', figuresRoutes)
  api.route('/', convertRoutes)
  api.route('/', vectorizeRoutes)
  api.route('/', enhanceRoutes)
  api.route('/', creditsRoutes)
  api.route('/', keysRoutes)
  api.route('/', adminRoutes)
  api.route('/', filesRoutes)
  api.route('/', mcpRoutes(app.fetch))
  mountDocs(api)
  app.route('/v1', api)

  app.notFound((c) => {
    const allowed = allowedMethods(app, new URL(c.req.url).pathname)
    c.set('errorCode', allowed.length ? 'METHOD_NOT_ALLOWED' : 'NOT_FOUND')
    return allowed.length
      ? errorResponse(
          405,
          'METHOD_NOT_ALLOWED',
          `${c.req.method} is not allowed here; use ${allowed.join(' or ')}`,
          {
            Allow: allowed.join(', '),
          },
        )
      : errorResponse(
          404,
          'NOT_FOUND',
          `No route for ${c.req.method} ${new URL(c.req.url).pathname}`,
        )
  })

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      c.set('errorCode', error.code)
      if (error.status >= 500) {
        log('error', error.message, {
          requestId: c.get('requestId'),
          internal: error.internal,
          error: error.cause,
        })
      }
      return errorResponse(error.status, error.code, error.message, error.headers)
    }
    if (error instanceof HTTPException && HTTP_EXCEPTION_CODES[error.status]) {
      const code = HTTP_EXCEPTION_CODES[error.status]!
      c.set('errorCode', code)
      return errorResponse(ERROR_STATUS[code], code, error.message || 'The request is invalid')
    }
    c.set('errorCode', 'INTERNAL_ERROR')
    log('error', 'unhandled error', { requestId: c.get('requestId'), error })
    return errorResponse(
      500,
      'INTERNAL_ERROR',
      'An internal error occurred; quote the X-Request-Id header if you contact support',
    )
  })
  return app
}

/** The methods registered for `pathname`, so a wrong method gets 405 and an Allow header. */
function allowedMethods(app: Hono<AppEnv>, pathname: string): string[] {
  const methods = new Set<string>()
  for (const route of app.routes) {
    if (route.method === 'ALL') continue
    const pattern = new RegExp(
      `^${route.path
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\\\*|\*/g, '.*')
        .replace(/:[^/]+/g, '[^/]+')}$`,
    )
    if (pattern.test(pathname)) methods.add(route.method)
  }
  if (methods.has('GET')) methods.add('HEAD')
  return [...methods].sort()
}

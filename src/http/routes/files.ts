/**
 * GET|HEAD /files/{objectKey}: output downloads behind signed, expiring URLs (PLATFORM.md §5).
 * Unauthenticated (the signature is the credential), never rate limited, hidden from OpenAPI.
 */

import { Hono } from 'hono'
import type { AppEnv } from '../../env'
import { ApiError } from '../../errors'
import { verifyFileUrl } from '../signed-urls'

/** Longest a browser may cache a download, seconds. */
const MAX_CACHE_SECONDS = 86_400
/** SVG outputs must never run script on our origin. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

export const filesRoutes = new Hono<AppEnv>().on(['GET', 'HEAD'], '/files/*', async (c) => {
  const { config, outputs } = c.var.deps
  const verdict = await verifyFileUrl(new URL(c.req.url), config.urlKeys, config.urlTtlSeconds)
  if (!verdict.ok) {
    throw verdict.reason === 'expired'
      ? new ApiError(
          'URL_EXPIRED',
          'This file URL has expired; run the request again for a new one',
        )
      : new ApiError('INVALID_SIGNATURE', 'This file URL is not valid')
  }
  const head = c.req.method === 'HEAD'
  const object = head ? await outputs.head(verdict.objectKey) : await outputs.get(verdict.objectKey)
  if (!object) throw new ApiError('NOT_FOUND', 'The file no longer exists')

  const headers = new Headers()
  object.writeHttpMetadata(headers)
  headers.set('ETag', object.httpEtag)
  headers.set('X-Content-Type-Options', 'nosniff')
  const maxAge = Math.max(
    0,
    Math.min(verdict.expiresAt - Math.floor(Date.now() / 1000), MAX_CACHE_SECONDS),
  )
  headers.set('Cache-Control', `private, max-age=${maxAge}, immutable`)
  if (headers.get('content-type')?.startsWith('image/svg+xml')) {
    headers.set('Content-Security-Policy', SVG_CSP)
  }
  const body = 'body' in object ? (object as R2ObjectBody).body : null
  if (c.req.header('if-none-match') === object.httpEtag) {
    await body?.cancel()
    return new Response(null, { status: 304, headers })
  }
  headers.set('Content-Length', String(object.size))
  return new Response(head ? null : body, { status: 200, headers })
})

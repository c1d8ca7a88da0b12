/**
 * Step 4 of the POST endpoints: the Content-Type and size guard (PLATFORM.md §6 rules 11-12).
 * Only JSON and multipart/form-data are accepted (400 UNSUPPORTED_CONTENT_TYPE otherwise; no 415).
 * The body is read here, counted as it streams and cut off at the limit, whatever Content-Length
 * or Transfer-Encoding claim, and only then handed to the validators as a fixed buffer.
 */

import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../../env'
import { ApiError } from '../../errors'
import { readLimited } from '../../lib/read-limited'

/** Largest accepted image, bytes (spec §8). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
/** Largest JSON body, bytes. */
export const MAX_JSON_BYTES = 64 * 1024
/** Largest multipart body: one image plus room for the form fields and part headers, bytes. */
export const MAX_MULTIPART_BYTES = MAX_IMAGE_BYTES + 64 * 1024

export interface BodyGuardOptions {
  /** Whether multipart/form-data (an image upload) is accepted besides JSON. */
  multipart: boolean
  /** Images a multipart body may carry (default 1): the cap is that many MAX_IMAGE_BYTES. */
  files?: number
}

type BodyKind = 'json' | 'multipart'

function bodyKind(contentType: string | undefined): BodyKind | null {
  const essence = contentType?.split(';')[0]?.trim().toLowerCase()
  if (essence === 'application/json') return 'json'
  if (essence === 'multipart/form-data') return 'multipart'
  return null
}

/** Longest part of a received header quoted back in a message, characters. */
const MAX_ECHO_CHARS = 100

/** A header value as a message quotes it: cut short, so the answer never mirrors a huge header. */
const echo = (value: string | undefined): string =>
  value === undefined
    ? 'none'
    : value.length > MAX_ECHO_CHARS
      ? `${value.slice(0, MAX_ECHO_CHARS)}… (${value.length} characters)`
      : value

const tooLarge = (kind: BodyKind, files: number): ApiError =>
  kind === 'json'
    ? new ApiError('VALIDATION_ERROR', `The JSON body exceeds ${MAX_JSON_BYTES} bytes`)
    : files === 1
      ? new ApiError('FILE_TOO_LARGE', `The upload exceeds ${MAX_IMAGE_BYTES} bytes (10 MiB)`)
      : new ApiError(
          'FILE_TOO_LARGE',
          `The upload exceeds ${files * MAX_IMAGE_BYTES} bytes (${files} images of 10 MiB)`,
        )

/**
 * Accepts JSON (and multipart when asked), enforces the size caps while reading, and replaces the
 * request body with the bytes read.
 * @example api.post('/convert', bodyGuard({ multipart: true }), ...)
 */
export function bodyGuard(options: BodyGuardOptions): MiddlewareHandler<AppEnv> {
  const accepted = options.multipart
    ? 'application/json or multipart/form-data'
    : 'application/json'
  return async function bodyGuard(c, next) {
    const kind = bodyKind(c.req.header('content-type'))
    if (!kind || (kind === 'multipart' && !options.multipart)) {
      throw new ApiError(
        'UNSUPPORTED_CONTENT_TYPE',
        `Expected Content-Type ${accepted} but received ${echo(c.req.header('content-type'))}`,
      )
    }
    const files = options.files ?? 1
    const limit =
      kind === 'json' ? MAX_JSON_BYTES : MAX_MULTIPART_BYTES + (files - 1) * MAX_IMAGE_BYTES
    const declared = Number(c.req.header('content-length'))
    if (Number.isFinite(declared) && declared > limit) throw tooLarge(kind, files)
    const read = await readLimited(c.req.raw.body, limit)
    if (!read.ok) throw tooLarge(kind, files)
    const raw = c.req.raw
    const headers = new Headers(raw.headers)
    headers.delete('content-length')
    headers.delete('transfer-encoding')
    c.req.raw = new Request(raw.url, { method: raw.method, headers, body: read.bytes })
    await next()
  }
}

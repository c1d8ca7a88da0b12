/** The SDK's two error classes: an error answer from the API, and a request that never got one. */

import type { ApiErrorCode } from './types.js'

/**
 * The code of a FigureApiError: one of the API's codes, or `UNEXPECTED_RESPONSE` when the answer
 * was not the API's JSON envelope (a proxy's HTML error page, say); `details` then holds its text.
 */
export type FigureApiErrorCode = ApiErrorCode | 'UNEXPECTED_RESPONSE'

export interface FigureApiErrorInit {
  code: FigureApiErrorCode
  status: number
  message: string
  requestId: string | null
  details?: unknown
  retryAfter?: number | null
}

/**
 * The API answered with an error (any non-2xx status). Retryable answers (409
 * REQUEST_IN_PROGRESS, 429, 5xx other than PROCESSING_FAILED) are thrown only once the retries
 * are used up.
 */
export class FigureApiError extends Error {
  override readonly name = 'FigureApiError'
  /** Machine-readable code from the error envelope, e.g. `INSUFFICIENT_CREDITS`. */
  readonly code: FigureApiErrorCode
  /** HTTP status, e.g. 402. */
  readonly status: number
  /** The X-Request-Id response header: quote it when you contact support. */
  readonly requestId: string | null
  /** Anything else the answer carried: extra envelope fields, or the body of a non-JSON answer. */
  readonly details: unknown
  /** Retry-After, seconds (409 REQUEST_IN_PROGRESS and 429), or null. */
  readonly retryAfter: number | null

  constructor(init: FigureApiErrorInit) {
    super(init.message)
    this.code = init.code
    this.status = init.status
    this.requestId = init.requestId
    this.details = init.details
    this.retryAfter = init.retryAfter ?? null
  }
}

/**
 * No answer arrived: the connection failed or dropped on every attempt (`cause` holds the last
 * fetch error). A paid POST may still have run on the server; calling again with the same
 * `idempotencyKey` is safe and returns its result without a second charge.
 */
export class FigureApiConnectionError extends Error {
  override readonly name = 'FigureApiConnectionError'
  /** How many attempts were made. */
  readonly attempts: number
  /** The Idempotency-Key the attempts carried (paid POSTs), to retry the call later. */
  readonly idempotencyKey: string | null

  constructor(
    message: string,
    options: { cause: unknown; attempts: number; idempotencyKey?: string | null },
  ) {
    super(message, { cause: options.cause })
    this.attempts = options.attempts
    this.idempotencyKey = options.idempotencyKey ?? null
  }
}

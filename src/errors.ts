/**
 * The API error contract: every error code, its HTTP status, and ApiError. This file is the only
 * copy of the catalogue in code (PLATFORM.md §0); the README table mirrors it.
 */

/** HTTP status for each error code. */
export const ERROR_STATUS = {
  // 400: invalid input
  INVALID_IDEMPOTENCY_KEY: 400,
  VALIDATION_ERROR: 400,
  UNSUPPORTED_CONTENT_TYPE: 400,
  FILE_TOO_LARGE: 400,
  REFERENCE_IMAGE_UNAVAILABLE: 400,
  // 400 on /figures: what the prompt asks for cannot be drawn here
  PROMPT_NOT_DRAWABLE: 400,
  PROMPT_NOT_UNDERSTOOD: 400,
  FIGURE_TOO_COMPLEX: 400,
  // 401: who is calling
  UNAUTHORIZED: 401,
  INVALID_API_KEY: 401,
  INVALID_ADMIN_TOKEN: 401,
  // 402: credits
  INSUFFICIENT_CREDITS: 402,
  // 403: signed file URLs
  INVALID_SIGNATURE: 403,
  URL_EXPIRED: 403,
  // 404 / 405: routing and unknown resources
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  // 409: idempotency (spec §4.1 names these two codes)
  REQUEST_IN_PROGRESS: 409,
  IDEMPOTENCY_CONFLICT: 409,
  // 422: imageUrl could not be used (vectorize, enhance, convert)
  IMAGE_URL_NOT_ALLOWED: 422,
  IMAGE_FETCH_FAILED: 422,
  IMAGE_TOO_LARGE: 422,
  // 400 for an uploaded file, 422 for an imageUrl: see imageError() below
  UNSUPPORTED_IMAGE_TYPE: 400,
  IMAGE_DIMENSIONS_TOO_LARGE: 400,
  INVALID_IMAGE: 400,
  IMAGE_TOO_DETAILED: 400,
  // 429
  RATE_LIMITED: 429,
  // 500
  PROCESSING_FAILED: 500,
  INTERNAL_ERROR: 500,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode]

/** Where an input image came from, which decides 400 vs 422 for image errors (PLATFORM.md §6 rule 10). */
export type ImageSource = 'upload' | 'url'

/** Codes that describe an input image and whose status depends on its source. */
export type ImageErrorCode =
  | 'UNSUPPORTED_IMAGE_TYPE'
  | 'IMAGE_DIMENSIONS_TOO_LARGE'
  | 'INVALID_IMAGE'
  | 'IMAGE_TOO_DETAILED'

export interface ApiErrorOptions {
  /** Overrides the table's status (image errors on the imageUrl path are 422). */
  status?: ErrorStatus | 422
  /** Details for logs only; never sent to the client. */
  internal?: string
  cause?: unknown
  headers?: Record<string, string>
}

/**
 * An expected failure with a public code and message. `app.onError` renders it as the envelope;
 * anything that is not an ApiError becomes a 500 INTERNAL_ERROR with a generic message.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly internal?: string
  readonly headers?: Record<string, string>

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message, { cause: options.cause })
    this.status = options.status ?? ERROR_STATUS[code]
    this.internal = options.internal
    this.headers = options.headers
  }
}

/** An image error with the status its source calls for: 400 for uploads, 422 for imageUrl. */
export function imageError(code: ImageErrorCode, source: ImageSource, message: string): ApiError {
  return new ApiError(code, message, { status: source === 'url' ? 422 : 400 })
}

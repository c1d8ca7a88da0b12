/**
 * The examples the OpenAPI document shows: named request and response values exactly as the
 * Worker sends them, the shared error examples, and the example ids and file URLs they use.
 */

import type { ErrorCode } from '../errors'

/** A named example as OpenAPI 3.1 shows it: a one-line summary and the exact value. */
export interface Example {
  summary: string
  description?: string
  value: unknown
}

/** Named examples of one media type or response. */
export type Examples = Record<string, Example>

/** An error envelope exactly as the Worker sends it. */
export const errorExample = (summary: string, code: ErrorCode, message: string): Example => ({
  summary,
  value: { success: false, error: { code, message } },
})

/** A success envelope exactly as the Worker sends it. */
export const successExample = (summary: string, data: object, description?: string): Example => ({
  summary,
  ...(description ? { description } : {}),
  value: { success: true, data },
})

/** Placeholder ids in examples, shaped like the real ones (ULIDs, Crockford base32). */
export const EXAMPLE_IDS = {
  accountId: 'acct_01JF8Z3K7QW2N5R8T1V4X6Y9BC',
  keyId: 'key_01JF8Z3K7R0A1B2C3D4E5F6G7H',
  newKeyId: 'key_01JF9A6D2M4P6R8T0V2X4Z6B8D',
  /** A well-formed key (pfg_live_ + 38 base62); not a key of any account. */
  apiKey: 'pfg_live_7Qm2Xc9LbV4tR8nK1pZ6wY3sD0fH5jG2aE9uTq',
} as const

/**
 * A signed output URL as responses carry it (`GET` it without a key until `exp`).
 * @param name the stored object's name, e.g. `converted.pdf`
 */
export function exampleFileUrl(name: string, objectId = '01JF8Z4M2D6G9H3J5K7N8P0Q1R'): string {
  return `https://figure-api.example.com/v1/files/out/${EXAMPLE_IDS.accountId}/${objectId}/${name}?exp=1767225600&kid=1&sig=Jx3kP0vQ8mB2nR7tW5yZ1aC4dF6gH9jK2lM5nP8qS0u`
}

/** Error examples shared by routes, worded exactly as the middleware words them. */
export const ERROR_EXAMPLES = {
  unauthorized: errorExample(
    'No API key sent',
    'UNAUTHORIZED',
    'An API key is required: send "Authorization: Bearer <API key>" or "x-api-key"',
  ),
  invalidApiKey: errorExample(
    'Unknown or revoked API key',
    'INVALID_API_KEY',
    'The API key is invalid or has been revoked',
  ),
  missingFile: errorExample(
    'A multipart body without a file part',
    'VALIDATION_ERROR',
    'file is required',
  ),
  unsupportedImageType: errorExample(
    'An uploaded GIF (the type is read from the bytes)',
    'UNSUPPORTED_IMAGE_TYPE',
    'Expected a PNG, JPEG, WebP or TIFF file (checked by its first bytes)',
  ),
  invalidIdempotencyKey: errorExample(
    'Malformed Idempotency-Key (here: it contains a space)',
    'INVALID_IDEMPOTENCY_KEY',
    'Expected Idempotency-Key of 1 to 255 characters from A-Z a-z 0-9 . _ : -',
  ),
  requestInProgress: errorExample(
    'The same Idempotency-Key is still processing (retry after Retry-After)',
    'REQUEST_IN_PROGRESS',
    'A request with this Idempotency-Key is still processing',
  ),
  idempotencyConflict: errorExample(
    'The Idempotency-Key was used for a different request',
    'IDEMPOTENCY_CONFLICT',
    'This Idempotency-Key was already used for a different request',
  ),
  rateLimited: errorExample(
    'More than 60 POST requests in a minute (the default limit)',
    'RATE_LIMITED',
    'Rate limit "minute" exceeded: more than 60 requests in a minute',
  ),
  processingFailed: errorExample(
    'Processing failed; the charge was refunded',
    'PROCESSING_FAILED',
    'Processing failed; no credits were charged',
  ),
  adminTokenMissing: errorExample(
    'No operator token sent',
    'UNAUTHORIZED',
    'The operator token is required',
  ),
  adminTokenInvalid: errorExample(
    'Wrong operator token',
    'INVALID_ADMIN_TOKEN',
    'The operator token is invalid',
  ),
} satisfies Examples

/** 400 UNSUPPORTED_CONTENT_TYPE for a `text/plain` body, as the body guard words it. */
export const unsupportedContentType = (multipart: boolean): Example =>
  errorExample(
    'Neither JSON nor multipart (here: text/plain)',
    'UNSUPPORTED_CONTENT_TYPE',
    `Expected Content-Type ${multipart ? 'application/json or multipart/form-data' : 'application/json'} but received text/plain`,
  )

/** 402 INSUFFICIENT_CREDITS for a request costing `cost` with `balance` left. */
export const insufficientCredits = (cost: number, balance: number): Example =>
  errorExample(
    `The balance (${balance}) is below the price (${cost}); nothing is charged`,
    'INSUFFICIENT_CREDITS',
    `This request needs ${cost} credits; the balance is ${balance}`,
  )

/** The 422 examples of the imageUrl operations (the SSRF guard and the download). */
export const IMAGE_URL_ERROR_EXAMPLES = {
  imageFetchFailed: errorExample(
    'The image host answered 404',
    'IMAGE_FETCH_FAILED',
    'The server answered 404; expected 200',
  ),
  imageUrlNotAllowed: errorExample(
    'An internal host is refused before anything is fetched',
    'IMAGE_URL_NOT_ALLOWED',
    'localhost is an internal hostname',
  ),
  imageTooLarge: errorExample(
    'The download passed 10 MiB',
    'IMAGE_TOO_LARGE',
    'The image exceeds 10485760 bytes',
  ),
} satisfies Examples

/** Default examples for statuses whose errors read the same on every API-key route. */
export const DEFAULT_ERROR_EXAMPLES: Partial<Record<number, Examples>> = {
  401: {
    unauthorized: ERROR_EXAMPLES.unauthorized,
    invalidApiKey: ERROR_EXAMPLES.invalidApiKey,
  },
  409: {
    requestInProgress: ERROR_EXAMPLES.requestInProgress,
    idempotencyConflict: ERROR_EXAMPLES.idempotencyConflict,
  },
  422: IMAGE_URL_ERROR_EXAMPLES,
  429: { rateLimited: ERROR_EXAMPLES.rateLimited },
  500: { processingFailed: ERROR_EXAMPLES.processingFailed },
}

/**
 * The OpenAPI 3.1 building blocks every route shares (PLATFORM.md §8): the envelopes, error
 * responses for exactly the spec's status sets, the two security schemes, the Idempotency-Key
 * header, and the document's top-level description. Routes describe themselves with these.
 */

import { type OpenAPIHono, z } from '@hono/zod-openapi'
import { IDEMPOTENCY_TTL_MS } from '../adapters/durable-objects/idempotency-record'
import { ERROR_STATUS, type ErrorCode } from '../errors'
import { IDEMPOTENCY_KEY_PATTERN } from './middleware/idempotency-key'
import { DEFAULT_ERROR_EXAMPLES, type Examples } from './openapi-examples'

/** An OpenAPI security requirement list: any one entry suffices. */
type Security = Record<string, string[]>[]

/** Either API-key scheme authenticates an operation. */
export const API_KEY_SECURITY: Security = [{ Bearer: [] }, { ApiKeyHeader: [] }]
/** The operator API takes the operator token as a bearer token. */
export const ADMIN_SECURITY: Security = [{ AdminToken: [] }]

const IDEMPOTENCY_HOURS = IDEMPOTENCY_TTL_MS / 3_600_000

export const ErrorEnvelopeSchema = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]).openapi({
        description: 'Machine-readable error code (see the README for what to do about each).',
      }),
      message: z.string().openapi({ description: 'Human-readable explanation.' }),
    }),
  })
  .openapi('ErrorEnvelope')

/** `{ success: true, data }` around a result schema. */
export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data })

/** A JSON success response: `schema` in the envelope, with its examples. */
export const jsonSuccess = <T extends z.ZodType>(
  description: string,
  schema: T,
  examples: Examples,
) => ({
  description,
  content: { 'application/json': { schema: successEnvelope(schema), examples } },
})

/** A required JSON request body with its examples. */
export const jsonBody = <T extends z.ZodType>(schema: T, examples: Examples) => ({
  required: true,
  content: { 'application/json': { schema, examples } },
})

const rateLimitHeaders = {
  'RateLimit-Policy': {
    description: 'The limits that apply (IETF RateLimit header fields, draft 11).',
    schema: { type: 'string' as const },
  },
  RateLimit: {
    description: 'Remaining quota `r` and seconds until the window resets `t`.',
    schema: { type: 'string' as const },
  },
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input or Idempotency-Key (`VALIDATION_ERROR`, `INVALID_IDEMPOTENCY_KEY`, `UNSUPPORTED_CONTENT_TYPE`, `FILE_TOO_LARGE`, `UNSUPPORTED_IMAGE_TYPE`, `IMAGE_DIMENSIONS_TOO_LARGE`, `INVALID_IMAGE`).',
  401: 'Missing or invalid API key (`UNAUTHORIZED`, `INVALID_API_KEY`).',
  402: 'Insufficient credits (`INSUFFICIENT_CREDITS`); nothing was charged.',
  404: 'No such resource (`NOT_FOUND`).',
  409: '`REQUEST_IN_PROGRESS` (the same key is still processing; see Retry-After) or `IDEMPOTENCY_CONFLICT` (the key was used for a different request).',
  422: 'The imageUrl could not be used (`IMAGE_URL_NOT_ALLOWED`, `IMAGE_FETCH_FAILED`, `IMAGE_TOO_LARGE`, `UNSUPPORTED_IMAGE_TYPE`, `IMAGE_DIMENSIONS_TOO_LARGE`, `INVALID_IMAGE`).',
  429: 'Rate limit exceeded (`RATE_LIMITED`); wait Retry-After seconds.',
  500: 'Processing failed (`PROCESSING_FAILED`, `INTERNAL_ERROR`); any charge was refunded.',
}

/**
 * Error responses for the given statuses, each with the shared envelope, its headers and named
 * examples: `examples[status]` when given, else the defaults above (401, 409, 422, 429, 500).
 */
export function errorResponses(
  statuses: readonly number[],
  examples: Partial<Record<number, Examples>> = {},
) {
  const out: Record<number, object> = {}
  for (const status of statuses) {
    const headers =
      status === 429
        ? {
            'Retry-After': {
              description: 'Seconds to wait before retrying.',
              schema: { type: 'integer' as const },
            },
            ...rateLimitHeaders,
          }
        : status === 401
          ? {
              'WWW-Authenticate': {
                description: 'The expected scheme.',
                schema: { type: 'string' as const },
              },
            }
          : status === 409
            ? {
                'Retry-After': {
                  description: 'With REQUEST_IN_PROGRESS: seconds to wait before retrying.',
                  schema: { type: 'integer' as const },
                },
              }
            : undefined
    const named = examples[status] ?? DEFAULT_ERROR_EXAMPLES[status]
    out[status] = {
      description: ERROR_DESCRIPTIONS[status] ?? 'Error',
      ...(headers ? { headers } : {}),
      content: {
        'application/json': { schema: ErrorEnvelopeSchema, ...(named ? { examples: named } : {}) },
      },
    }
  }
  return out
}

/**
 * The body of the image operations (spec §4.7): JSON with imageUrl or multipart with a file part,
 * in one optional `requestBody` (PLATFORM.md §8, dual-body operations). Multipart examples show
 * form fields as the strings sent on the wire, and the file part by its name.
 */
export const IMAGE_BODY = {
  description: 'Either a JSON body with imageUrl, or a multipart/form-data body with a file part.',
  encoding: { file: { contentType: 'image/png, image/jpeg, image/webp, image/tiff' } },
}

/** Headers every paid POST success carries. */
export const PAID_SUCCESS_HEADERS = {
  ...rateLimitHeaders,
  'Idempotent-Replayed': {
    description:
      'Present and `true` when this is the stored response of an earlier request with the same Idempotency-Key; nothing was charged again.',
    schema: { type: 'string' as const, enum: ['true'] },
  },
}

/** The optional Idempotency-Key header of the paid POST endpoints. */
export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .regex(IDEMPOTENCY_KEY_PATTERN)
    .optional()
    .openapi({
      description: `Makes a retry safe. Reuse the same key with the same request for up to ${IDEMPOTENCY_HOURS} hours: a completed request's 200 response is returned again byte for byte with \`Idempotent-Replayed: true\` and is not charged again. The key is scoped to your account and shared by all four POST endpoints. A request still running with the key gets 409 \`REQUEST_IN_PROGRESS\`; the key with a different request (body, parameters or endpoint) gets 409 \`IDEMPOTENCY_CONFLICT\`. Failed requests are not stored: after a refusal (any 4xx) the key is free for a corrected request, and after a 500 the same request can be retried with it. Keys and stored responses are deleted after ${IDEMPOTENCY_HOURS} hours.`,
      example: 'convert-7f3c2a10',
    }),
})

/** Registers the security schemes on the app's registry. */
export function registerSecuritySchemes(app: OpenAPIHono<never>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'Bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'Your API key: `Authorization: Bearer pfg_live_...`.',
  })
  app.openAPIRegistry.registerComponent('securitySchemes', 'ApiKeyHeader', {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: 'Your API key in the `x-api-key` header.',
  })
  app.openAPIRegistry.registerComponent('securitySchemes', 'AdminToken', {
    type: 'http',
    scheme: 'bearer',
    description:
      'The operator token (the ADMIN_TOKEN secret). Operator routes exist only when it is set.',
  })
}

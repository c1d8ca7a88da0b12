/**
 * A paid POST endpoint as one typed definition: its OpenAPI description, and the steps the
 * paid-request path runs (price, fingerprint parameters, input, operation, response data). A route
 * file holds only what differs, and the data it returns is checked against its result schema.
 */

import { createRoute, OpenAPIHono, type z } from '@hono/zod-openapi'
import type { OutputBatch } from '../adapters/ports'
import type { Deps } from '../deps'
import type { AppEnv } from '../env'
import type { PaidOperation } from '../operations/pricing'
import { isJsonContentType } from './input/image-input'
import { apiKeyAuth } from './middleware/auth'
import { bodyGuard } from './middleware/body-guard'
import { idempotencyKey } from './middleware/idempotency-key'
import { rateLimit } from './middleware/rate-limit'
import {
  API_KEY_SECURITY,
  errorResponses,
  IdempotencyHeaders,
  PAID_SUCCESS_HEADERS,
  successEnvelope,
} from './openapi'
import {
  ERROR_EXAMPLES,
  type Examples,
  insufficientCredits,
  unsupportedContentType,
} from './openapi-examples'
import { runPaid } from './paid-request'
import { outputUrl } from './signed-urls'
import { validationHook } from './validation'

/** The request body: JSON or multipart, with the multipart file parts it accepts. */
export interface PaidBody<J extends z.ZodType, F extends z.ZodType> {
  json: J
  form: F
  examples: { json: Examples; form: Examples }
  description?: string
  /** The media types of each multipart file part. */
  encoding: Record<string, { contentType: string }>
  /** Files a multipart body may carry (default 1). */
  maxFiles?: number
}

/** One paid endpoint. `Req` is the request as its steps share it, `In` its input, `Out` its result. */
export interface PaidRouteDefinition<
  J extends z.ZodType,
  F extends z.ZodType,
  R extends z.ZodType,
  Req,
  In,
  Out,
> {
  path: `/${string}`
  operationId: PaidOperation
  tag: 'Images' | 'Figures'
  summary: string
  description: string
  body: PaidBody<J, F>
  result: { schema: R; description: string; examples: Examples }
  /**
   * The statuses it can answer besides 200, with the refusals particular to it, and the cost and
   * balance its 402 example shows (the refusals every paid POST shares are added).
   */
  errors: {
    statuses: readonly number[]
    examples: Partial<Record<number, Examples>>
    insufficient: [cost: number, balance: number]
  }
  /** Reads the validated body into what the steps share (defaults applied, uploads read). */
  prepare(body: z.infer<J> | z.infer<F>): Promise<Req> | Req
  /** Credits the request costs. */
  price(request: Req): number
  /** The normalised parameters its Idempotency-Key fingerprint covers (a file as its SHA-256). */
  parameters(request: Req): Record<string, unknown>
  /** Step 8: fetch, sniff and admit the input; throws 400/422 ApiErrors. */
  load(request: Req, deps: Deps): Promise<In>
  /** Steps 10-11: runs the operation, which stores its files in `outputs`. */
  run(input: In, request: Req, ports: { deps: Deps; outputs: OutputBatch }): Promise<Out>
  /** What the request's log line says about the result (what support needs when a user asks). */
  logged(out: Out, request: Req): Record<string, unknown>
  /** The response data, without `creditsConsumed` (the paid-request path adds it). */
  present(
    out: Out,
    request: Req,
    sign: (key: string) => Promise<string>,
  ): Promise<Omit<z.infer<R>, 'creditsConsumed'>>
}

/** Builds the endpoint's sub-app: auth, rate limit, Idempotency-Key, body guard, then runPaid. */
export function paidRoute<
  J extends z.ZodType,
  F extends z.ZodType,
  R extends z.ZodType,
  Req,
  In,
  Out,
>(definition: PaidRouteDefinition<J, F, R, Req, In, Out>) {
  const { body, result, errors } = definition
  const route = createRoute({
    method: 'post',
    path: definition.path,
    operationId: definition.operationId,
    tags: [definition.tag],
    summary: definition.summary,
    description: definition.description,
    security: API_KEY_SECURITY,
    middleware: [
      apiKeyAuth({ recent: true }),
      rateLimit(),
      idempotencyKey(),
      bodyGuard({ multipart: true, ...(body.maxFiles ? { files: body.maxFiles } : {}) }),
    ] as const,
    request: {
      headers: IdempotencyHeaders,
      body: {
        required: false,
        ...(body.description ? { description: body.description } : {}),
        content: {
          'application/json': { schema: body.json, examples: body.examples.json },
          'multipart/form-data': {
            schema: body.form,
            examples: body.examples.form,
            encoding: body.encoding,
          },
        },
      },
    },
    responses: {
      200: {
        description: result.description,
        headers: PAID_SUCCESS_HEADERS,
        content: {
          'application/json': { schema: successEnvelope(result.schema), examples: result.examples },
        },
      },
      ...errorResponses(errors.statuses, {
        ...errors.examples,
        400: {
          ...errors.examples[400],
          invalidIdempotencyKey: ERROR_EXAMPLES.invalidIdempotencyKey,
          unsupportedContentType: unsupportedContentType(true),
        },
        402: { insufficientCredits: insufficientCredits(...errors.insufficient) },
      }),
    },
  })
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(route, async (c) => {
    const isJson = isJsonContentType(c.req.header('content-type'))
    const body = isJson ? c.req.valid('json' as never) : c.req.valid('form' as never)
    const request = await definition.prepare(body as z.infer<J> | z.infer<F>)
    const { deps } = c.var
    // runPaid writes the 200 body itself (byte-exact, so replays can return it unchanged).
    const response = runPaid(c, {
      operation: definition.operationId,
      route: definition.path,
      cost: definition.price(request),
      parameters: definition.parameters(request),
      loadInput: () => definition.load(request, deps),
      run: async (input, outputs) => {
        const out = await definition.run(input, request, { deps, outputs })
        c.set('result', definition.logged(out, request))
        const data = await definition.present(out, request, (key) => outputUrl(c, key))
        return data as Record<string, unknown>
      },
    })
    return response as never
  })
}

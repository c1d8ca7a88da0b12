/** POST /vectorize (vectorizeImage, spec §4.3): the route, its middleware chain and handler. */

import { createRoute, OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../env'
import { log } from '../../lib/log'
import { vectorizeCost } from '../../operations/pricing'
import { vectorizeImage, vectorizeLimits } from '../../operations/vectorize-image'
import { imageInputOf, inputParameters, isJsonContentType, loadImage } from '../input/image-input'
import { VectorizeFormSchema, VectorizeJsonSchema, VectorizeResultSchema } from '../input/schemas'
import { apiKeyAuth } from '../middleware/auth'
import { bodyGuard } from '../middleware/body-guard'
import { idempotencyKey } from '../middleware/idempotency-key'
import { rateLimit } from '../middleware/rate-limit'
import {
  API_KEY_SECURITY,
  errorResponses,
  IdempotencyHeaders,
  imageRequestBody,
  PAID_SUCCESS_HEADERS,
  successEnvelope,
} from '../openapi'
import { runPaid } from '../paid-request'
import { outputUrl } from '../signed-urls'
import { validationHook } from '../validation'

const route = createRoute({
  method: 'post',
  path: '/vectorize',
  operationId: 'vectorizeImage',
  tags: ['Images'],
  summary: 'Vectorize a raster image to SVG, DXF or PDF',
  description:
    'Traces the image with one of two engines. `lineart` (default) redraws it as single-stroke centerlines: the paper is evened out and the ink thresholded, specks removed, strokes thinned to their centerlines, junctions placed where the lines meet, corners kept sharp, and each stroke fitted with lines, circular arcs and cubic Béziers within 1 px; the measured line weights become the pen widths. `trace` keeps fills: outlines of each colour region (bilevel images: black on white) fitted with corners and curves. SVG, DXF (R2000, LWPOLYLINE with arcs, layers per pen or colour) and PDF (vector paths) carry the same geometry. Costs 2 credits. Images up to 12 MP (`trace`: 8 MP; WebP 5 MP).',
  security: API_KEY_SECURITY,
  middleware: [
    apiKeyAuth(),
    rateLimit(),
    idempotencyKey(),
    bodyGuard({ multipart: true }),
  ] as const,
  request: {
    headers: IdempotencyHeaders,
    body: imageRequestBody(VectorizeJsonSchema, VectorizeFormSchema, {
      imageUrl: 'https://example.com/sketch.png',
      format: 'dxf',
      engine: 'lineart',
    }),
  },
  responses: {
    200: {
      description: 'The vector file.',
      headers: PAID_SUCCESS_HEADERS,
      content: {
        'application/json': {
          schema: successEnvelope(VectorizeResultSchema),
          example: {
            success: true,
            data: {
              url: 'https://api.example.com/v1/files/out/acct_01J/01J/vector.dxf?exp=1767225600&kid=1&sig=…',
              format: 'dxf',
              engine: 'lineart',
              width: 1900,
              height: 2819,
              paths: 239,
              segments: 715,
              creditsConsumed: 2,
            },
          },
        },
      },
    },
    ...errorResponses([400, 401, 402, 409, 422, 429, 500]),
  },
})

export const vectorizeRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  route,
  async (c) => {
    const isJson = isJsonContentType(c.req.header('content-type'))
    const body = isJson ? c.req.valid('json') : c.req.valid('form')
    const source = await imageInputOf(body)
    const { format, engine } = body
    const { deps, auth } = c.var
    // runPaid writes the 200 body itself (byte-exact, so replays can return it unchanged); it is
    // this route's success schema, which the OpenAPI test checks against real responses.
    const response = runPaid(c, {
      operation: 'vectorizeImage',
      route: '/vectorize',
      cost: vectorizeCost(),
      parameters: { ...inputParameters(source), format, engine },
      loadInput: () => loadImage(source, deps, vectorizeLimits(engine)),
      run: async (image) => {
        const out = await vectorizeImage(
          { image, format, engine },
          { outputs: deps.outputs, accountId: auth.accountId },
        )
        log('info', 'vectorize result', {
          requestId: c.var.requestId,
          engine,
          paths: out.paths,
          segments: out.segments,
          bytes: out.file.byteLength,
        })
        return {
          data: {
            url: await outputUrl(c, out.file.key),
            format,
            engine,
            width: out.file.width,
            height: out.file.height,
            paths: out.paths,
            segments: out.segments,
          },
          storedKeys: [out.file.key],
        }
      },
    })
    return response as never
  },
)

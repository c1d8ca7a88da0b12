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
  ERROR_EXAMPLES,
  errorExample,
  errorResponses,
  exampleFileUrl,
  IdempotencyHeaders,
  imageRequestBody,
  insufficientCredits,
  PAID_SUCCESS_HEADERS,
  successEnvelope,
  successExample,
  unsupportedContentType,
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
      json: {
        dxfLineart: {
          summary: 'Centerlines as DXF for CAD, from a URL',
          value: {
            imageUrl: 'https://example.com/drawings/sketch.png',
            format: 'dxf',
            engine: 'lineart',
          },
        },
        svgTrace: {
          summary: 'Filled outlines (fills and colours kept) as SVG',
          value: { imageUrl: 'https://example.com/drawings/logo.png', engine: 'trace' },
        },
      },
      form: {
        pdfUpload: {
          summary: 'Upload: centerlines as a vector PDF',
          description: 'curl: `-F file=@sketch.png -F format=pdf`',
          value: { file: 'sketch.png', format: 'pdf', engine: 'lineart' },
        },
      },
    }),
  },
  responses: {
    200: {
      description: 'The vector file.',
      headers: PAID_SUCCESS_HEADERS,
      content: {
        'application/json': {
          schema: successEnvelope(VectorizeResultSchema),
          examples: {
            dxfLineart: successExample(
              'DXF centerlines, 2 credits',
              {
                url: exampleFileUrl('vector.dxf'),
                format: 'dxf',
                engine: 'lineart',
                width: 1700,
                height: 2200,
                paths: 239,
                segments: 715,
                creditsConsumed: 2,
              },
              '`width` and `height` are the traced image in pixels; `paths` and `segments` count what was written.',
            ),
            svgTrace: successExample('SVG filled outlines, 2 credits', {
              url: exampleFileUrl('vector.svg'),
              format: 'svg',
              engine: 'trace',
              width: 1200,
              height: 800,
              paths: 6,
              segments: 412,
              creditsConsumed: 2,
            }),
            pdfUpload: successExample('Vector PDF, 2 credits', {
              url: exampleFileUrl('vector.pdf'),
              format: 'pdf',
              engine: 'lineart',
              width: 1700,
              height: 2200,
              paths: 239,
              segments: 715,
              creditsConsumed: 2,
            }),
          },
        },
      },
    },
    ...errorResponses([400, 401, 402, 409, 422, 429, 500], {
      400: {
        invalidEngine: errorExample(
          'An engine other than lineart or trace',
          'VALIDATION_ERROR',
          'Expected lineart or trace for engine but received "potrace"',
        ),
        unknownField: errorExample(
          'An unknown field (JSON bodies are strict)',
          'VALIDATION_ERROR',
          'Unknown field dpi',
        ),
        unsupportedImageType: errorExample(
          'An uploaded GIF (the type is read from the bytes)',
          'UNSUPPORTED_IMAGE_TYPE',
          'Expected a PNG, JPEG, WebP or TIFF file (checked by its first bytes)',
        ),
        invalidIdempotencyKey: ERROR_EXAMPLES.invalidIdempotencyKey,
        unsupportedContentType: unsupportedContentType(true),
      },
      402: { insufficientCredits: insufficientCredits(2, 1) },
    }),
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
            ...(out.warnings.length > 0 ? { warnings: out.warnings } : {}),
          },
          storedKeys: [out.file.key],
        }
      },
    })
    return response as never
  },
)

/** POST /enhance (enhanceImage, spec §4.4): the route, its middleware chain and handler. */

import { createRoute, OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../env'
import { log } from '../../lib/log'
import { ENHANCE_LIMITS, enhanceImage } from '../../operations/enhance-image'
import { enhanceCost } from '../../operations/pricing'
import { imageInputOf, inputParameters, isJsonContentType, loadImage } from '../input/image-input'
import { EnhanceFormSchema, EnhanceJsonSchema, EnhanceResultSchema } from '../input/schemas'
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
  path: '/enhance',
  operationId: 'enhanceImage',
  tags: ['Images'],
  summary: 'Upscale an image x2 or x4 (line art redrawn, photos by super-resolution), to PNG',
  description:
    "Line art (drawings, scans, sketches, screenshots of figures, as /convert judges them) is redrawn at the new size: each input pixel says how much of its block was ink, and the strokes are rebuilt to hold exactly that ink, solid with a one-pixel anti-aliased edge on white paper, thin lines kept; a black-and-white input comes back black and white (`mode`). Photos and gray artwork go through a learned super-resolution network (ESRGAN-slim, run in our own WebAssembly SIMD engine inside the Worker); an alpha channel is upscaled separately with a bicubic filter. Flat areas and blank paper come back exactly as they were. Tile by tile, so any allowed size fits in memory; the PNG's pHYs carries the requested DPI. Costs 2 credits at x2 and 4 at x4. Inputs up to 3 MP (x2) or 2 MP (x4), and 4096 or 2048 px on the long edge, so the output stays within 8192 px.",
  security: API_KEY_SECURITY,
  middleware: [
    apiKeyAuth(),
    rateLimit(),
    idempotencyKey(),
    bodyGuard({ multipart: true }),
  ] as const,
  request: {
    headers: IdempotencyHeaders,
    body: imageRequestBody(EnhanceJsonSchema, EnhanceFormSchema, {
      json: {
        x2: {
          summary: 'x2 at 300 DPI, from a URL',
          value: { imageUrl: 'https://example.com/scans/fig2-scan.png', scale: 2, dpi: 300 },
        },
        x2At600: {
          summary: 'x2 with 600 DPI stamped (the pixels are the same as at 300)',
          value: { imageUrl: 'https://example.com/scans/fig2-scan.png', scale: 2, dpi: 600 },
        },
      },
      form: {
        x4Upload: {
          summary: 'Upload: x4 at 600 DPI, black and white',
          description: 'curl: `-F file=@scan.png -F scale=4 -F dpi=600 -F mode=bilevel`',
          value: { file: 'scan.png', scale: '4', dpi: '600', mode: 'bilevel' },
        },
      },
    }),
  },
  responses: {
    200: {
      description: 'The upscaled PNG.',
      headers: PAID_SUCCESS_HEADERS,
      content: {
        'application/json': {
          schema: successEnvelope(EnhanceResultSchema),
          examples: {
            x2: successExample(
              'A 1024 x 768 scan upscaled x2, 2 credits',
              {
                url: exampleFileUrl('enhanced.png'),
                scale: 2,
                dpi: 300,
                width: 2048,
                height: 1536,
                mode: 'bilevel',
                method: 'lineart',
                creditsConsumed: 2,
              },
              '`width` and `height` are the PNG written: the input size times `scale`. A black-and-white scan of a drawing is redrawn as line art (`method`) and stays black and white (`mode`); a gray one comes back gray.',
            ),
            x2At600: successExample('The same pixels, 600 DPI in pHYs, 2 credits', {
              url: exampleFileUrl('enhanced.png'),
              scale: 2,
              dpi: 600,
              width: 2048,
              height: 1536,
              mode: 'bilevel',
              method: 'lineart',
              creditsConsumed: 2,
            }),
            x4Upload: successExample('A 512 x 384 scan upscaled x4, 4 credits', {
              url: exampleFileUrl('enhanced.png'),
              scale: 4,
              dpi: 600,
              width: 2048,
              height: 1536,
              mode: 'bilevel',
              method: 'lineart',
              creditsConsumed: 4,
            }),
          },
        },
      },
    },
    ...errorResponses([400, 401, 402, 409, 422, 429, 500], {
      400: {
        invalidScale: errorExample(
          'A scale other than 2 or 4',
          'VALIDATION_ERROR',
          'Expected 2 or 4 for scale but received 3',
        ),
        missingFile: errorExample(
          'A multipart body without a file part',
          'VALIDATION_ERROR',
          'file is required',
        ),
        invalidIdempotencyKey: ERROR_EXAMPLES.invalidIdempotencyKey,
        unsupportedContentType: unsupportedContentType(true),
      },
      402: { insufficientCredits: insufficientCredits(4, 3) },
    }),
  },
})

export const enhanceRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  route,
  async (c) => {
    const isJson = isJsonContentType(c.req.header('content-type'))
    const body = isJson ? c.req.valid('json') : c.req.valid('form')
    const source = await imageInputOf(body)
    const scale = body.scale as 2 | 4
    const dpi = body.dpi as 300 | 600
    const mode = body.mode
    const { deps, auth } = c.var
    // runPaid writes the 200 body itself (byte-exact, so replays can return it unchanged).
    const response = runPaid(c, {
      operation: 'enhanceImage',
      route: '/enhance',
      cost: enhanceCost(scale),
      parameters: { ...inputParameters(source), scale, dpi, mode },
      loadInput: () => loadImage(source, deps, ENHANCE_LIMITS[scale]),
      run: async (image) => {
        const out = await enhanceImage(
          { image, scale, dpi, mode },
          { outputs: deps.outputs, accountId: auth.accountId },
        )
        log('info', 'enhance result', {
          requestId: c.var.requestId,
          scale,
          method: out.plan.method,
          mode: out.plan.output,
          reason: out.modeReason,
          width: out.file.width,
          height: out.file.height,
          bytes: out.file.byteLength,
        })
        return {
          data: {
            url: await outputUrl(c, out.file.key),
            scale,
            dpi,
            width: out.file.width,
            height: out.file.height,
            mode: out.plan.output,
            method: out.plan.method,
            ...(out.warnings.length > 0 ? { warnings: out.warnings } : {}),
          },
          storedKeys: [out.file.key],
        }
      },
    })
    return response as never
  },
)

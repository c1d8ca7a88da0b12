/** POST /convert (convertImage, spec §4.5): the route, its middleware chain and handler. */

import { createRoute, OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../env'
import { log } from '../../lib/log'
import { CONVERT_LIMITS, convertImage } from '../../operations/convert-image'
import { convertCost } from '../../operations/pricing'
import { imageInputOf, inputParameters, isJsonContentType, loadImage } from '../input/image-input'
import { ConvertFormSchema, ConvertJsonSchema, ConvertResultSchema } from '../input/schemas'
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
  path: '/convert',
  operationId: 'convertImage',
  tags: ['Images'],
  summary: 'Export a filing-ready PNG, TIFF or PDF',
  description:
    'Flattens the image onto white and resizes it in gray so the long edge is 2048 px (300 DPI) or 4096 px (600 DPI), aspect kept; line art is then filed black and white (1-bit, CCITT G4 in TIFF and PDF) and continuous tone as 8-bit gray (`mode` can force either). The DPI is stamped in the file: PNG pHYs, TIFF resolution tags, PDF image placed at that density inside the sight of an A4 or Letter page (a landscape figure is turned so its top is on the left). TIFF and PDF also return a PNG preview of the filed page. Costs 1 credit at 300 DPI and 2 at 600 DPI.',
  security: API_KEY_SECURITY,
  middleware: [
    apiKeyAuth(),
    rateLimit(),
    idempotencyKey(),
    bodyGuard({ multipart: true }),
  ] as const,
  request: {
    headers: IdempotencyHeaders,
    body: imageRequestBody(ConvertJsonSchema, ConvertFormSchema, {
      imageUrl: 'https://example.com/fig1.png',
      format: 'pdf',
      dpi: 600,
      mode: 'auto',
      page: 'a4',
    }),
  },
  responses: {
    200: {
      description: 'The converted file.',
      headers: PAID_SUCCESS_HEADERS,
      content: {
        'application/json': {
          schema: successEnvelope(ConvertResultSchema),
          example: {
            success: true,
            data: {
              url: 'https://api.example.com/v1/files/out/acct_01J/01J/converted.pdf?exp=1767225600&kid=1&sig=…',
              previewUrl:
                'https://api.example.com/v1/files/out/acct_01J/01J/preview.png?exp=1767225600&kid=1&sig=…',
              format: 'pdf',
              dpi: 600,
              mode: 'bilevel',
              width: 2864,
              height: 4096,
              page: 'a4',
              creditsConsumed: 2,
            },
          },
        },
      },
    },
    ...errorResponses([400, 401, 402, 409, 422, 429, 500]),
  },
})

export const convertRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  route,
  async (c) => {
    const isJson = isJsonContentType(c.req.header('content-type'))
    const body = isJson ? c.req.valid('json') : c.req.valid('form')
    const source = await imageInputOf(body)
    const { format, mode } = body
    const dpi = body.dpi as 300 | 600
    const page = format === 'pdf' ? (body.page ?? 'a4') : undefined
    const { deps, auth } = c.var
    const sign = (key: string) => outputUrl(c, key)
    // runPaid writes the 200 body itself (byte-exact, so replays can return it unchanged); it is
    // this route's success schema, which the OpenAPI test checks against real responses.
    const response = runPaid(c, {
      operation: 'convertImage',
      route: '/convert',
      cost: convertCost(dpi),
      parameters: { ...inputParameters(source), format, dpi, mode, page },
      loadInput: () => loadImage(source, deps, CONVERT_LIMITS),
      run: async (image) => {
        const out = await convertImage(
          { image, format, dpi, mode, page: page ?? 'a4' },
          { outputs: deps.outputs, accountId: auth.accountId },
        )
        // Why the page is black and white or gray: what support needs when a user asks.
        log('info', 'convert tone', {
          requestId: c.var.requestId,
          mode: out.tone,
          reason: out.toneReason,
        })
        return {
          data: {
            url: await sign(out.file.key),
            ...(out.preview ? { previewUrl: await sign(out.preview.key) } : {}),
            format,
            dpi,
            mode: out.tone,
            width: out.file.width,
            height: out.file.height,
            ...(page ? { page } : {}),
          },
          storedKeys: [out.file.key, ...(out.preview ? [out.preview.key] : [])],
        }
      },
    })
    return response as never
  },
)

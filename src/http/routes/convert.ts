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
      json: {
        pdfA4: {
          summary: 'PDF on an A4 page at 600 DPI, from a URL',
          value: {
            imageUrl: 'https://example.com/drawings/fig1.png',
            format: 'pdf',
            dpi: 600,
            page: 'a4',
          },
        },
        pngDefaults: {
          summary: 'PNG at 300 DPI (every default)',
          value: { imageUrl: 'https://example.com/drawings/fig1.png' },
        },
      },
      form: {
        tiffUpload: {
          summary: 'Upload: TIFF (CCITT G4) at 600 DPI',
          description: 'curl: `-F file=@fig1.png -F format=tiff -F dpi=600`',
          value: { file: 'fig1.png', format: 'tiff', dpi: '600' },
        },
      },
    }),
  },
  responses: {
    200: {
      description: 'The converted file.',
      headers: PAID_SUCCESS_HEADERS,
      content: {
        'application/json': {
          schema: successEnvelope(ConvertResultSchema),
          examples: {
            pdfA4: successExample(
              'PDF: the filed page and its PNG preview, 2 credits',
              {
                url: exampleFileUrl('converted.pdf'),
                previewUrl: exampleFileUrl('preview.png'),
                format: 'pdf',
                dpi: 600,
                mode: 'bilevel',
                width: 3072,
                height: 4096,
                page: 'a4',
                warnings: [
                  'The image is 600 × 800 px: filed at 600 DPI (3072 × 4096 px) it is enlarged 5.12×, so it holds the detail of about 117 DPI; send a larger original, or enhance it first (/v1/enhance)',
                ],
                creditsConsumed: 2,
              },
              'A portrait line drawing (3:4): long edge 4096 px at 600 DPI, filed black and white.',
            ),
            pngDefaults: successExample('PNG at 300 DPI: no preview, 1 credit', {
              url: exampleFileUrl('converted.png'),
              format: 'png',
              dpi: 300,
              mode: 'bilevel',
              width: 1536,
              height: 2048,
              warnings: [
                'The image is 600 × 800 px: filed at 300 DPI (1536 × 2048 px) it is enlarged 2.56×, so it holds the detail of about 117 DPI; send a larger original, or enhance it first (/v1/enhance)',
              ],
              creditsConsumed: 1,
            }),
            tiffUpload: successExample('TIFF at 600 DPI with its PNG preview, 2 credits', {
              url: exampleFileUrl('converted.tif'),
              previewUrl: exampleFileUrl('preview.png'),
              format: 'tiff',
              dpi: 600,
              mode: 'bilevel',
              width: 3072,
              height: 4096,
              warnings: [
                'The image is 600 × 800 px: filed at 600 DPI (3072 × 4096 px) it is enlarged 5.12×, so it holds the detail of about 117 DPI; send a larger original, or enhance it first (/v1/enhance)',
              ],
              creditsConsumed: 2,
            }),
          },
        },
      },
    },
    ...errorResponses([400, 401, 402, 409, 422, 429, 500], {
      400: {
        invalidDpi: errorExample(
          'A dpi other than 300 or 600',
          'VALIDATION_ERROR',
          'Expected 300 or 600 for dpi but received 72',
        ),
        pageWithoutPdf: errorExample(
          'page sent with a format other than pdf',
          'VALIDATION_ERROR',
          'page applies to PDF output only; received it with format png',
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
        invalidIdempotencyKey: ERROR_EXAMPLES.invalidIdempotencyKey,
        unsupportedContentType: unsupportedContentType(true),
      },
      402: { insufficientCredits: insufficientCredits(2, 1) },
    }),
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
          mode: out.mode,
          reason: out.modeReason,
        })
        return {
          data: {
            url: await sign(out.file.key),
            ...(out.preview ? { previewUrl: await sign(out.preview.key) } : {}),
            format,
            dpi,
            mode: out.mode,
            width: out.file.width,
            height: out.file.height,
            ...(page ? { page } : {}),
            ...(out.warnings.length > 0 ? { warnings: out.warnings } : {}),
          },
          storedKeys: [out.file.key, ...(out.preview ? [out.preview.key] : [])],
        }
      },
    })
    return response as never
  },
)

/** POST /figures (generateFigure, spec §4.2): the route, its middleware chain and handler. */

import { createRoute, OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../env'
import { log } from '../../lib/log'
import { generateFigure } from '../../operations/generate-figure'
import { planFigure } from '../../operations/plan-figure'
import { figureCost } from '../../operations/pricing'
import { loadReferenceImages } from '../input/reference-images'
import { FiguresJsonSchema, FiguresResultSchema } from '../input/schemas'
import { apiKeyAuth } from '../middleware/auth'
import { bodyGuard } from '../middleware/body-guard'
import { idempotencyKey } from '../middleware/idempotency-key'
import { rateLimit } from '../middleware/rate-limit'
import {
  API_KEY_SECURITY,
  errorResponses,
  IdempotencyHeaders,
  PAID_SUCCESS_HEADERS,
  successEnvelope,
} from '../openapi'
import { runPaid } from '../paid-request'
import { outputUrl } from '../signed-urls'
import { validationHook } from '../validation'

const route = createRoute({
  method: 'post',
  path: '/figures',
  operationId: 'generateFigure',
  tags: ['Figures'],
  summary: 'Generate a patent figure from a prompt and/or reference images',
  description:
    'Block diagrams and flowcharts are drafted from the prompt: parts, parts inside parts, connections ("coupled to", "sends ... to", "communicates with"), method steps with decisions and loops, numerals given in the prompt kept. They are laid out with ELK, drawn in one uniform black pen on white (no colour, shading or frame) with text at least 0.32 cm high, and rendered with resvg. Objects described in words and reference images go to the image model (Workers AI FLUX.2) when the deployment has one, and its drawing is cleaned into line art; without it, reference images become line-drawing views. `labeled` adds numerals 100, 102, ... with lead lines. PNG: black and white (1-bit), long edge 2048 px, 300 DPI. SVG: strokes only (text as glyph outlines). Costs 10 credits (PNG) or 8 (SVG).',
  security: API_KEY_SECURITY,
  middleware: [
    apiKeyAuth(),
    rateLimit(),
    idempotencyKey(),
    bodyGuard({ multipart: false }),
  ] as const,
  request: {
    headers: IdempotencyHeaders,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: FiguresJsonSchema,
          example: {
            prompt:
              'A system 100 comprising a processor 102, a memory 104 coupled to the processor, and a network interface 106 that communicates with a server 110.',
            output: 'svg',
            labeled: true,
          },
        },
      },
    },
  },
  responses: {
    200: {
      description: 'The figure.',
      headers: PAID_SUCCESS_HEADERS,
      content: {
        'application/json': {
          schema: successEnvelope(FiguresResultSchema),
          example: {
            success: true,
            data: {
              url: 'https://api.example.com/v1/files/out/acct_01J/01J/figure.png?exp=1767225600&kid=1&sig=…',
              format: 'png',
              width: 2048,
              height: 1609,
              method: 'drafter',
              references: [
                { numeral: 100, label: 'SYSTEM' },
                { numeral: 102, label: 'PROCESSOR' },
              ],
              creditsConsumed: 10,
            },
          },
        },
      },
    },
    ...errorResponses([400, 401, 402, 409, 429, 500]),
  },
})

export const figuresRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  route,
  async (c) => {
    const body = c.req.valid('json')
    const { prompt, output, labeled, referenceImageUrls } = body
    const { deps, auth } = c.var
    const urls = referenceImageUrls ?? []
    const response = runPaid(c, {
      operation: 'generateFigure',
      route: '/figures',
      cost: figureCost(output),
      parameters: { prompt: prompt ?? null, output, labeled, referenceImageUrls: urls },
      // Step 8: the references are fetched and the plan made before the charge, so a prompt we
      // cannot draw or a reference we cannot fetch costs nothing.
      loadInput: async () => {
        const references = await loadReferenceImages(urls, deps)
        const plan = planFigure({
          prompt,
          references: references.length,
          hasModel: deps.figureModel !== null,
        })
        return { references, plan }
      },
      run: async ({ references, plan }) => {
        const out = await generateFigure(
          { plan, output, labeled, references },
          { outputs: deps.outputs, accountId: auth.accountId, model: deps.figureModel },
        )
        log('info', 'figure result', {
          requestId: c.var.requestId,
          method: out.method,
          bytes: out.file.byteLength,
          warnings: out.warnings.length,
        })
        return {
          data: {
            url: await outputUrl(c, out.file.key),
            format: output,
            ...(out.svg === undefined ? {} : { svg: out.svg }),
            width: Math.round(out.file.width),
            height: Math.round(out.file.height),
            method: out.method,
            ...(out.references ? { references: out.references } : {}),
            ...(out.warnings.length > 0 ? { warnings: out.warnings } : {}),
          },
          storedKeys: [out.file.key],
        }
      },
    })
    return response as never
  },
)

/**
 * GET /openapi.json (the OpenAPI 3.1 document, generated from the route schemas) and GET /docs
 * (an interactive reference). Public and never rate limited. The reference's script is served
 * from our own static assets, so no third-party CDN is involved at run time.
 */

import type { OpenAPIHono } from '@hono/zod-openapi'
import { Scalar } from '@scalar/hono-api-reference'
import type { AppEnv } from '../../env'
import { PRICES } from '../../operations/pricing'

/** Where scripts/copy-assets.mjs puts the reference's bundle under public/. */
const SCALAR_SCRIPT = '/v1/docs/scalar/standalone.js'

const DESCRIPTION = `Patent-office figures and filing-ready files over HTTP/JSON.

Authenticate every call with an API key: \`Authorization: Bearer <key>\` or \`x-api-key: <key>\`.
Every POST is charged in credits and reports \`creditsConsumed\`: convert ${PRICES.convertImage[300]} at 300 DPI and ${PRICES.convertImage[600]} at 600 DPI; vectorize ${PRICES.vectorizeImage}; enhance ${PRICES.enhanceImage[2]} at x2 and ${PRICES.enhanceImage[4]} at x4; figures ${PRICES.generateFigure.png} for PNG and ${PRICES.generateFigure.svg} for SVG. A request that fails is not charged (a charge is refunded before a 500 is returned).

Send \`Idempotency-Key\` to retry a POST safely: keys are kept for 24 hours, and a completed request is answered again with its stored response and \`Idempotent-Replayed: true\`, without a second charge.

Each account may make 60 POST requests a minute with 4 in flight (see the \`RateLimit\` and \`RateLimit-Policy\` headers); \`GET /credits\` is never limited.

Every response carries \`X-Request-Id\`. A success is \`{"success": true, "data": {...}}\`; an error is \`{"success": false, "error": {"code": "...", "message": "..."}}\`, and each operation below shows the codes it can answer with as named examples.

Output URLs (\`url\`, \`previewUrl\`) are signed and valid for 7 days; files are deleted after 8. Download them with a plain GET, no API key: the signature is the credential. A changed or truncated URL answers 403 \`INVALID_SIGNATURE\`, an expired one 403 \`URL_EXPIRED\` (run the request again for a new URL), a deleted file 404 \`NOT_FOUND\`.`

/** Adds the document and the reference to `api` (which must hold every documented route). */
export function mountDocs(api: OpenAPIHono<AppEnv>): void {
  api.doc31('/openapi.json', (c) => ({
    openapi: '3.1.0',
    info: { title: 'Figure API', version: '1.0.0', description: DESCRIPTION },
    servers: [{ url: `${new URL(c.req.url).origin}/v1` }],
    tags: [
      {
        name: 'Figures',
        description: 'Patent figures drafted from prompts or drawn from reference images.',
      },
      { name: 'Images', description: 'Convert, vectorize and enhance images.' },
      { name: 'Account', description: 'Credits and API keys.' },
      {
        name: 'Operator',
        description: 'Provisioning; only when the operator token is configured.',
      },
    ],
  }))
  api.get(
    '/docs',
    Scalar({
      url: '/v1/openapi.json',
      cdn: SCALAR_SCRIPT,
      pageTitle: 'Figure API reference',
      withDefaultFonts: false,
    }),
  )
}

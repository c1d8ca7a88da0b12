/** GET /credits (getCredits, spec §4.6): the balance. Authenticated, never rate limited. */

import { createRoute, OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../env'
import { CreditsResultSchema } from '../input/schemas'
import { apiKeyAuth } from '../middleware/auth'
import { API_KEY_SECURITY, errorResponses, jsonSuccess } from '../openapi'
import { successExample } from '../openapi-examples'
import { successBody } from '../respond'

const route = createRoute({
  method: 'get',
  path: '/credits',
  operationId: 'getCredits',
  tags: ['Account'],
  summary: 'Get the credit balance',
  description: 'The credit balance of the account the API key belongs to.',
  security: API_KEY_SECURITY,
  middleware: [apiKeyAuth()] as const,
  responses: {
    200: jsonSuccess('The balance.', CreditsResultSchema, {
      balance: successExample('The current balance', { balance: 120 }),
    }),
    ...errorResponses([401]),
  },
})

// getCredits (spec §4.6): authentication already read the balance from the D1 primary, in the
// same query as the key, so answering takes no further round trip.
export const creditsRoutes = new OpenAPIHono<AppEnv>().openapi(route, (c) =>
  c.json(successBody({ balance: c.var.auth.balance }), 200),
)

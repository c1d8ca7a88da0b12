/** GET /credits (getCredits, spec §4.6): the balance. Authenticated, never rate limited. */

import { createRoute, OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../env'
import { ApiError } from '../../errors'
import { getCredits } from '../../operations/get-credits'
import { CreditsResultSchema } from '../input/schemas'
import { apiKeyAuth } from '../middleware/auth'
import { API_KEY_SECURITY, errorResponses, successEnvelope } from '../openapi'
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
    200: {
      description: 'The balance.',
      content: {
        'application/json': {
          schema: successEnvelope(CreditsResultSchema),
          example: { success: true, data: { balance: 120 } },
        },
      },
    },
    ...errorResponses([401]),
  },
})

export const creditsRoutes = new OpenAPIHono<AppEnv>().openapi(route, async (c) => {
  const balance = await getCredits(c.var.deps.accounts, c.var.auth.accountId)
  if (balance === null) throw new ApiError('INVALID_API_KEY', 'The account no longer exists')
  return c.json(successBody({ balance }), 200)
})

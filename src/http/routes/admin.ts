/**
 * The operator's API (on only when ADMIN_TOKEN is set): provision accounts, adjust credits and
 * issue recovery keys. These response shapes are a contract other tools provision through.
 */

import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import type { AppEnv } from '../../env'
import { ApiError } from '../../errors'
import { createAccount } from '../../operations/accounts'
import { issueApiKey } from '../../operations/api-keys'
import { adminAuth } from '../middleware/admin-auth'
import { bodyGuard } from '../middleware/body-guard'
import { ADMIN_SECURITY, errorResponses, jsonBody, jsonSuccess } from '../openapi'
import { ERROR_EXAMPLES, EXAMPLE_IDS, errorExample, successExample } from '../openapi-examples'
import { successBody } from '../respond'
import { validationHook } from '../validation'
import { CreatedKeySchema } from './keys'

/** Largest single grant or adjustment, credits. */
const MAX_CREDITS = 1_000_000_000

const AccountIdParams = z.object({
  id: z.string().min(1).max(64).openapi({ example: EXAMPLE_IDS.accountId }),
})

/** The operator routes' 401 and 404 examples; `withAccount` when the path names an account. */
const adminErrors = (withAccount: boolean) => ({
  401: {
    adminTokenMissing: ERROR_EXAMPLES.adminTokenMissing,
    adminTokenInvalid: ERROR_EXAMPLES.adminTokenInvalid,
  },
  404: {
    ...(withAccount
      ? {
          noAccount: errorExample(
            'No account with this id',
            'NOT_FOUND',
            `No account ${EXAMPLE_IDS.accountId}`,
          ),
        }
      : {}),
    operatorApiOff: errorExample(
      'The operator API is off (ADMIN_TOKEN is not set)',
      'NOT_FOUND',
      'No such route',
    ),
  },
})

const createAccountRoute = createRoute({
  method: 'post',
  path: '/admin/accounts',
  operationId: 'adminCreateAccount',
  tags: ['Operator'],
  summary: 'Create an account with its first API key',
  description:
    'Operator only. Creates an account with an opening balance and returns its first API key (shown once).',
  security: ADMIN_SECURITY,
  middleware: [adminAuth(), bodyGuard({ multipart: false })] as const,
  request: {
    body: jsonBody(
      z
        .object({
          name: z.string().trim().min(1).max(200),
          credits: z.int().min(0).max(MAX_CREDITS).default(0),
        })
        .strict(),
      {
        withCredits: {
          summary: 'An account with 100 credits to start',
          value: { name: 'Acme Patent Drafting', credits: 100 },
        },
      },
    ),
  },
  responses: {
    201: jsonSuccess(
      'The account, its first key and its balance.',
      z.object({ accountId: z.string(), apiKey: z.string(), balance: z.int() }),
      {
        withCredits: successExample(
          'The first key is in this response only',
          { accountId: EXAMPLE_IDS.accountId, apiKey: EXAMPLE_IDS.apiKey, balance: 100 },
          'Sent with `Cache-Control: no-store`. Hand `apiKey` to the account holder.',
        ),
      },
    ),
    ...errorResponses([400, 401, 404], {
      400: {
        missingName: errorExample('No name', 'VALIDATION_ERROR', 'name is required'),
      },
      ...adminErrors(false),
    }),
  },
})

const getAccountRoute = createRoute({
  method: 'get',
  path: '/admin/accounts/{id}',
  operationId: 'adminGetAccount',
  tags: ['Operator'],
  summary: 'Get an account',
  security: ADMIN_SECURITY,
  middleware: [adminAuth()] as const,
  request: { params: AccountIdParams },
  responses: {
    200: jsonSuccess(
      'The account.',
      z.object({
        accountId: z.string(),
        name: z.string(),
        balance: z.int(),
        createdAt: z.iso.datetime(),
      }),
      {
        account: successExample('The account and its balance', {
          accountId: EXAMPLE_IDS.accountId,
          name: 'Acme Patent Drafting',
          balance: 100,
          createdAt: '2026-01-05T09:30:00.000Z',
        }),
      },
    ),
    ...errorResponses([401, 404], adminErrors(true)),
  },
})

const adjustCreditsRoute = createRoute({
  method: 'post',
  path: '/admin/accounts/{id}/credits',
  operationId: 'adminAdjustCredits',
  tags: ['Operator'],
  summary: 'Add or remove credits',
  description:
    'Operator only. A positive amount adds credits, a negative one removes them; an adjustment that would take the balance below zero is refused with 400 and changes nothing.',
  security: ADMIN_SECURITY,
  middleware: [adminAuth(), bodyGuard({ multipart: false })] as const,
  request: {
    params: AccountIdParams,
    body: jsonBody(
      z
        .object({
          amount: z
            .int()
            .min(-MAX_CREDITS)
            .max(MAX_CREDITS)
            .refine((n) => n !== 0, 'Expected a non-zero amount'),
        })
        .strict(),
      {
        topUp: { summary: 'Add 50 credits', value: { amount: 50 } },
        remove: { summary: 'Remove 20 credits', value: { amount: -20 } },
      },
    ),
  },
  responses: {
    200: jsonSuccess('The new balance.', z.object({ balance: z.int() }), {
      topUp: successExample('100 + 50', { balance: 150 }),
      remove: successExample('100 - 20', { balance: 80 }),
    }),
    ...errorResponses([400, 401, 404], {
      400: {
        zeroAmount: errorExample(
          'An amount of 0',
          'VALIDATION_ERROR',
          'Expected a non-zero amount',
        ),
        belowZero: errorExample(
          'More than the balance removed; nothing changes',
          'VALIDATION_ERROR',
          'An amount of -500 would take the balance below zero (balance 100)',
        ),
      },
      ...adminErrors(true),
    }),
  },
})

const issueKeyRoute = createRoute({
  method: 'post',
  path: '/admin/accounts/{id}/keys',
  operationId: 'adminCreateApiKey',
  tags: ['Operator'],
  summary: 'Issue an API key for an account',
  description: 'Operator only: a recovery path when an account has revoked all of its keys.',
  security: ADMIN_SECURITY,
  middleware: [adminAuth(), bodyGuard({ multipart: false })] as const,
  request: {
    params: AccountIdParams,
    body: jsonBody(z.object({ name: z.string().trim().min(1).max(100).optional() }).strict(), {
      recovery: { summary: 'A named recovery key', value: { name: 'Recovery key' } },
    }),
  },
  responses: {
    201: jsonSuccess('The new key, with its secret.', CreatedKeySchema, {
      recovery: successExample('The secret is in this response only', {
        id: EXAMPLE_IDS.newKeyId,
        key: EXAMPLE_IDS.apiKey,
        name: 'Recovery key',
        createdAt: '2026-01-12T14:05:00.000Z',
      }),
    }),
    ...errorResponses([400, 401, 404], {
      400: {
        emptyName: errorExample(
          'An empty name',
          'VALIDATION_ERROR',
          'Expected at least 1 characters for name but received 0 characters',
        ),
      },
      ...adminErrors(true),
    }),
  },
})

const noAccount = (id: string) => new ApiError('NOT_FOUND', `No account ${id}`)

export const adminRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(createAccountRoute, async (c) => {
    const { deps, requestId } = c.var
    const body = c.req.valid('json')
    const created = await createAccount(
      { accounts: deps.accounts, peppers: deps.config.peppers },
      { name: body.name, credits: body.credits, requestId },
    )
    c.header('Cache-Control', 'no-store')
    return c.json(successBody(created), 201)
  })
  .openapi(getAccountRoute, async (c) => {
    const { id } = c.req.valid('param')
    const account = await c.var.deps.accounts.get(id)
    if (!account) throw noAccount(id)
    return c.json(
      successBody({
        accountId: account.id,
        name: account.name,
        balance: account.balance,
        createdAt: new Date(account.createdAt).toISOString(),
      }),
      200,
    )
  })
  .openapi(adjustCreditsRoute, async (c) => {
    const { id } = c.req.valid('param')
    const { amount } = c.req.valid('json')
    const result = await c.var.deps.accounts.adjust(id, amount, c.var.requestId)
    if (!result.ok && result.reason === 'not_found') throw noAccount(id)
    if (!result.ok) {
      const balance = await c.var.deps.accounts.balance(id)
      throw new ApiError(
        'VALIDATION_ERROR',
        `An amount of ${amount} would take the balance below zero (balance ${balance})`,
      )
    }
    return c.json(successBody({ balance: result.balance }), 200)
  })
  .openapi(issueKeyRoute, async (c) => {
    const { id } = c.req.valid('param')
    const { deps } = c.var
    if (!(await deps.accounts.get(id))) throw noAccount(id)
    const issued = await issueApiKey(
      { apiKeys: deps.apiKeys, peppers: deps.config.peppers },
      id,
      c.req.valid('json').name ?? 'Operator-issued key',
    )
    c.header('Cache-Control', 'no-store')
    return c.json(
      successBody({ ...issued, createdAt: new Date(issued.createdAt).toISOString() }),
      201,
    )
  })

/**
 * The account holder's API keys section as an API (spec §5 rule 3): create (the secret is shown
 * once), list (no secrets) and revoke. Any active key of the account may manage its keys.
 */

import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import type { ApiKeyInfo } from '../../adapters/ports'
import type { AppEnv } from '../../env'
import { ApiError } from '../../errors'
import { issueApiKey, listApiKeys, revokeApiKey } from '../../operations/api-keys'
import { apiKeyAuth } from '../middleware/auth'
import { bodyGuard } from '../middleware/body-guard'
import { isolateKeyCache } from '../middleware/key-cache'
import { API_KEY_SECURITY, errorResponses, jsonBody, jsonSuccess } from '../openapi'
import {
  EXAMPLE_IDS,
  errorExample,
  successExample,
  unsupportedContentType,
} from '../openapi-examples'
import { successBody } from '../respond'
import { validationHook } from '../validation'

const KeyNameSchema = z.string().trim().min(1).max(100).openapi({
  description: 'A label to tell keys apart, e.g. "CI" or "drafting plugin".',
  example: 'drafting plugin',
})

export const CreatedKeySchema = z
  .object({
    id: z.string().openapi({ example: EXAMPLE_IDS.newKeyId }),
    key: z.string().openapi({
      description: 'The secret API key. It is shown only in this response: store it now.',
      example: EXAMPLE_IDS.apiKey,
    }),
    name: z.string(),
    createdAt: z.iso.datetime(),
  })
  .openapi('CreatedApiKey')

const KeyInfoSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().openapi({ description: 'The first 12 characters of the key.' }),
    last4: z.string().openapi({ description: 'The last 4 characters of the key.' }),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
  })
  .openapi('ApiKey')

const CREATED_KEY_EXAMPLE = {
  id: EXAMPLE_IDS.newKeyId,
  key: EXAMPLE_IDS.apiKey,
  name: 'CI',
  createdAt: '2026-01-12T14:05:00.000Z',
}

const iso = (ms: number) => new Date(ms).toISOString()

const toKeyInfo = (key: ApiKeyInfo) => ({
  id: key.id,
  name: key.name,
  prefix: key.displayPrefix,
  last4: key.last4,
  createdAt: iso(key.createdAt),
  lastUsedAt: key.lastUsedAt === null ? null : iso(key.lastUsedAt),
})

const createKey = createRoute({
  method: 'post',
  path: '/keys',
  operationId: 'createApiKey',
  tags: ['Account'],
  summary: 'Create an API key',
  description: 'Creates a key for your account. The secret is in this response only.',
  security: API_KEY_SECURITY,
  middleware: [apiKeyAuth(), bodyGuard({ multipart: false })] as const,
  request: {
    body: jsonBody(z.object({ name: KeyNameSchema.optional() }).strict(), {
      named: { summary: 'A key named for where it is used', value: { name: 'CI' } },
      unnamed: { summary: 'No name (the key is named "API key")', value: {} },
    }),
  },
  responses: {
    201: jsonSuccess('The new key, with its secret.', CreatedKeySchema, {
      named: successExample(
        'The secret is in this response only',
        CREATED_KEY_EXAMPLE,
        'Sent with `Cache-Control: no-store`. Store `key` now; later only its prefix and last 4 characters are shown.',
      ),
      unnamed: successExample('Created with the default name', {
        ...CREATED_KEY_EXAMPLE,
        name: 'API key',
      }),
    }),
    ...errorResponses([400, 401], {
      400: {
        emptyName: errorExample(
          'An empty name',
          'VALIDATION_ERROR',
          'Expected at least 1 characters for name but received 0 characters',
        ),
        unsupportedContentType: unsupportedContentType(false),
      },
    }),
  },
})

const listKeys = createRoute({
  method: 'get',
  path: '/keys',
  operationId: 'listApiKeys',
  tags: ['Account'],
  summary: 'List API keys',
  description: 'The active keys of your account, oldest first, without their secrets.',
  security: API_KEY_SECURITY,
  middleware: [apiKeyAuth()] as const,
  responses: {
    200: jsonSuccess('The keys.', z.object({ keys: z.array(KeyInfoSchema) }), {
      keys: successExample('Two active keys, oldest first', {
        keys: [
          {
            id: EXAMPLE_IDS.keyId,
            name: 'Default key',
            prefix: 'pfg_live_Hk4',
            last4: 'x9Qe',
            createdAt: '2026-01-05T09:30:00.000Z',
            lastUsedAt: '2026-01-12T14:03:51.000Z',
          },
          {
            id: EXAMPLE_IDS.newKeyId,
            name: 'CI',
            prefix: 'pfg_live_7Qm',
            last4: '9uTq',
            createdAt: '2026-01-12T14:05:00.000Z',
            lastUsedAt: null,
          },
        ],
      }),
    }),
    ...errorResponses([401]),
  },
})

const revokeKey = createRoute({
  method: 'delete',
  path: '/keys/{id}',
  operationId: 'revokeApiKey',
  tags: ['Account'],
  summary: 'Revoke an API key',
  description:
    'Revokes one of your keys: its next request gets 401, except that a paid request reaching another Worker instance may still be accepted for up to 5 seconds. You may revoke the key you are calling with.',
  security: API_KEY_SECURITY,
  middleware: [apiKeyAuth()] as const,
  request: {
    params: z.object({
      id: z.string().min(1).max(64).openapi({ example: EXAMPLE_IDS.newKeyId }),
    }),
  },
  responses: {
    200: jsonSuccess(
      'The key is revoked.',
      z.object({ id: z.string(), revokedAt: z.iso.datetime() }),
      {
        revoked: successExample('Revoked now', {
          id: EXAMPLE_IDS.newKeyId,
          revokedAt: '2026-01-12T15:20:00.000Z',
        }),
      },
    ),
    ...errorResponses([401, 404], {
      404: {
        notFound: errorExample(
          'No active key with this id in your account (or already revoked)',
          'NOT_FOUND',
          `No active API key ${EXAMPLE_IDS.newKeyId} in this account`,
        ),
      },
    }),
  },
})

export const keysRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(createKey, async (c) => {
    const { deps, auth } = c.var
    const name = c.req.valid('json').name ?? 'API key'
    const issued = await issueApiKey(
      { apiKeys: deps.apiKeys, peppers: deps.config.peppers },
      auth.accountId,
      name,
    )
    c.header('Cache-Control', 'no-store')
    return c.json(successBody({ ...issued, createdAt: iso(issued.createdAt) }), 201)
  })
  .openapi(listKeys, async (c) => {
    const keys = await listApiKeys(c.var.deps.apiKeys, c.var.auth.accountId)
    return c.json(successBody({ keys: keys.map(toKeyInfo) }), 200)
  })
  .openapi(revokeKey, async (c) => {
    const { id } = c.req.valid('param')
    const revokedAt = Date.now()
    if (!(await revokeApiKey(c.var.deps.apiKeys, c.var.auth.accountId, id, revokedAt))) {
      throw new ApiError('NOT_FOUND', `No active API key ${id} in this account`)
    }
    // This isolate refuses it from the next request on; others within the key cache's TTL.
    isolateKeyCache.forgetKey(id)
    return c.json(successBody({ id, revokedAt: iso(revokedAt) }), 200)
  })

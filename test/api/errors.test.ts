import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/app'
import { bearer, call, expectError, newAccount, postJson } from '../support/api'

describe('error envelope', () => {
  it('answers unknown paths with 404 NOT_FOUND in the envelope', async () => {
    const response = await call('/v1/nothing-here')
    await expectError(response, 404, 'NOT_FOUND')
    await expectError(await call('/'), 404, 'NOT_FOUND')
  })

  it('answers a wrong method with 405 and Allow', async () => {
    const { apiKey } = await newAccount(1)
    const response = await call('/v1/convert', { method: 'GET', headers: bearer(apiKey) })
    await expectError(response, 405, 'METHOD_NOT_ALLOWED')
    expect(response.headers.get('allow')).toBe('POST')
    const keys = await call('/v1/keys/key_x', { method: 'POST', headers: bearer(apiKey) })
    await expectError(keys, 405, 'METHOD_NOT_ALLOWED')
    expect(keys.headers.get('allow')).toBe('DELETE')
  })

  it('answers malformed JSON with 400 VALIDATION_ERROR', async () => {
    const { apiKey } = await newAccount(5)
    const response = await call('/v1/convert', {
      method: 'POST',
      headers: { ...bearer(apiKey), 'content-type': 'application/json' },
      body: '{"imageUrl": ',
    })
    const error = await expectError(response, 400, 'VALIDATION_ERROR')
    expect(error.message).toMatch(/JSON/)
  })

  it('names the field in validation errors', async () => {
    const { apiKey } = await newAccount(5)
    const error = await expectError(
      await postJson('/v1/convert', apiKey, { imageUrl: 'https://example.com/a.png', dpi: 72 }),
      400,
      'VALIDATION_ERROR',
    )
    expect(error.message).toBe('Expected 300 or 600 for dpi but received 72')
  })

  it('sets X-Request-Id on every response, unique per request', async () => {
    const a = await call('/v1/credits')
    const b = await call('/v1/credits')
    expect(a.headers.get('x-request-id')).toMatch(/^req_/)
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'))
    const { apiKey } = await newAccount(1)
    const ok = await call('/v1/credits', { headers: bearer(apiKey) })
    expect(ok.headers.get('x-request-id')).toMatch(/^req_/)
  })

  it('turns an unexpected exception into 500 INTERNAL_ERROR without leaking it', async () => {
    const app = createApp()
    app.get('/v1/explode', () => {
      throw new Error('secret detail at /internal/path.ts:12')
    })
    const response = await app.request('/v1/explode', {}, env)
    const error = await expectError(response, 500, 'INTERNAL_ERROR')
    expect(error.message).not.toContain('secret')
    expect(error.message).not.toContain('path.ts')
  })

  it('answers CORS preflight for browser clients', async () => {
    const response = await call('/v1/convert', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://drafting.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, idempotency-key, content-type',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'idempotency-key',
    )
  })
})

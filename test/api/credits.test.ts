import { describe, expect, it } from 'vitest'
import { call, callWithKey, expectError, newAccount } from '../support/api'

describe('GET /v1/credits', () => {
  it('returns 200 with the balance in the success envelope', async () => {
    const { apiKey } = await newAccount(42)
    const response = await callWithKey('/v1/credits', apiKey)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(await response.json()).toEqual({ success: true, data: { balance: 42 } })
  })

  it('returns 401 without a key', async () => {
    await expectError(await call('/v1/credits'), 401, 'UNAUTHORIZED')
  })

  it('ignores an Idempotency-Key header, even a malformed one', async () => {
    const { apiKey } = await newAccount(7)
    const response = await callWithKey('/v1/credits', apiKey, {
      headers: { 'idempotency-key': 'not valid!' },
    })
    expect(response.status).toBe(200)
  })

  it('carries no rate-limit headers (it is never limited)', async () => {
    const { apiKey } = await newAccount(7)
    const response = await callWithKey('/v1/credits', apiKey)
    expect(response.headers.get('ratelimit')).toBeNull()
  })

  it('answers 405 with Allow for other methods', async () => {
    const { apiKey } = await newAccount(7)
    const response = await callWithKey('/v1/credits', apiKey, { method: 'POST' })
    await expectError(response, 405, 'METHOD_NOT_ALLOWED')
    expect(response.headers.get('allow')).toBe('GET, HEAD')
  })
})

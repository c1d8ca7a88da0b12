import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/app'
import { balanceOf, call, expectError, newAccount } from '../support/api'

const admin = (path: string, body?: unknown, token = env.ADMIN_TOKEN) =>
  call(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

describe('operator API', () => {
  it('creates an account: 201 {accountId, apiKey, balance}', async () => {
    const response = await admin('/v1/admin/accounts', { name: 'Acme', credits: 25 })
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await response.json()) as {
      success: boolean
      data: { accountId: string; apiKey: string; balance: number }
    }
    expect(body.success).toBe(true)
    expect(Object.keys(body.data).sort()).toEqual(['accountId', 'apiKey', 'balance'])
    expect(body.data.balance).toBe(25)
    expect(await balanceOf(body.data.apiKey)).toBe(25)
  })

  it('defaults credits to 0', async () => {
    const response = await admin('/v1/admin/accounts', { name: 'Zero' })
    const body = (await response.json()) as { data: { balance: number } }
    expect(body.data.balance).toBe(0)
  })

  it('adjusts credits up and down and returns the balance', async () => {
    const { accountId, apiKey } = await newAccount(10)
    const up = await admin(`/v1/admin/accounts/${accountId}/credits`, { amount: 15 })
    expect(up.status).toBe(200)
    expect(await up.json()).toEqual({ success: true, data: { balance: 25 } })
    const down = await admin(`/v1/admin/accounts/${accountId}/credits`, { amount: -20 })
    expect(await down.json()).toEqual({ success: true, data: { balance: 5 } })
    expect(await balanceOf(apiKey)).toBe(5)
  })

  it('refuses an adjustment below zero and changes nothing', async () => {
    const { accountId, apiKey } = await newAccount(3)
    const error = await expectError(
      await admin(`/v1/admin/accounts/${accountId}/credits`, { amount: -4 }),
      400,
      'VALIDATION_ERROR',
    )
    expect(error.message).toContain('below zero')
    expect(await balanceOf(apiKey)).toBe(3)
    const exact = await admin(`/v1/admin/accounts/${accountId}/credits`, { amount: -3 })
    expect(await exact.json()).toEqual({ success: true, data: { balance: 0 } })
  })

  it('rejects a zero or fractional amount', async () => {
    const { accountId } = await newAccount(3)
    await expectError(
      await admin(`/v1/admin/accounts/${accountId}/credits`, { amount: 0 }),
      400,
      'VALIDATION_ERROR',
    )
    await expectError(
      await admin(`/v1/admin/accounts/${accountId}/credits`, { amount: 1.5 }),
      400,
      'VALIDATION_ERROR',
    )
  })

  it('returns 404 for an unknown account', async () => {
    await expectError(
      await admin('/v1/admin/accounts/acct_nope/credits', { amount: 1 }),
      404,
      'NOT_FOUND',
    )
    await expectError(await admin('/v1/admin/accounts/acct_nope'), 404, 'NOT_FOUND')
  })

  it('reads an account', async () => {
    const { accountId } = await newAccount(9, 'Reader')
    const response = await admin(`/v1/admin/accounts/${accountId}`)
    const body = (await response.json()) as {
      data: { accountId: string; name: string; balance: number }
    }
    expect(body.data).toMatchObject({ accountId, name: 'Reader', balance: 9 })
  })

  it('issues a recovery key for an account', async () => {
    const { accountId } = await newAccount(4)
    const response = await admin(`/v1/admin/accounts/${accountId}/keys`, { name: 'recovery' })
    expect(response.status).toBe(201)
    const body = (await response.json()) as { data: { key: string } }
    expect(await balanceOf(body.data.key)).toBe(4)
  })

  it('requires the operator token', async () => {
    const missing = await call('/v1/admin/accounts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x' }),
    })
    await expectError(missing, 401, 'UNAUTHORIZED')
    await expectError(
      await admin('/v1/admin/accounts', { name: 'x' }, 'wrong-token'),
      401,
      'INVALID_ADMIN_TOKEN',
    )
  })

  it('does not accept an API key as the operator token', async () => {
    const { apiKey } = await newAccount(1)
    await expectError(
      await admin('/v1/admin/accounts', { name: 'x' }, apiKey),
      401,
      'INVALID_ADMIN_TOKEN',
    )
  })

  it('does not exist when ADMIN_TOKEN is not set', async () => {
    const app = createApp()
    const response = await app.request(
      '/v1/admin/accounts',
      {
        method: 'POST',
        headers: { authorization: 'Bearer anything', 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'x' }),
      },
      { ...env, ADMIN_TOKEN: '' },
    )
    await expectError(response, 404, 'NOT_FOUND')
  })

  it('validates the body', async () => {
    await expectError(
      await admin('/v1/admin/accounts', { name: '', credits: 1 }),
      400,
      'VALIDATION_ERROR',
    )
    await expectError(
      await admin('/v1/admin/accounts', { name: 'x', credits: -1 }),
      400,
      'VALIDATION_ERROR',
    )
    await expectError(
      await admin('/v1/admin/accounts', { name: 'x', bonus: 1 }),
      400,
      'VALIDATION_ERROR',
    )
  })
})

import { describe, expect, it } from 'vitest'
import {
  adjustCredits,
  admin,
  balanceOf,
  call,
  callWithBindings,
  expectError,
  expectOk,
  newAccount,
} from '../support/api'

describe('operator API', () => {
  it('creates an account: 201 {accountId, apiKey, balance}', async () => {
    const response = await admin('/v1/admin/accounts', { name: 'Acme', credits: 25 })
    expect(response.headers.get('cache-control')).toBe('no-store')
    const data = await expectOk<{ accountId: string; apiKey: string; balance: number }>(
      response,
      201,
    )
    expect(Object.keys(data).sort()).toEqual(['accountId', 'apiKey', 'balance'])
    expect(data.balance).toBe(25)
    expect(await balanceOf(data.apiKey)).toBe(25)
  })

  it('defaults credits to 0', async () => {
    const response = await admin('/v1/admin/accounts', { name: 'Zero' })
    expect((await expectOk<{ balance: number }>(response, 201)).balance).toBe(0)
  })

  it('adjusts credits up and down and returns the balance', async () => {
    const { accountId, apiKey } = await newAccount(10)
    const up = await adjustCredits(accountId, 15)
    expect(up.status).toBe(200)
    expect(await up.json()).toEqual({ success: true, data: { balance: 25 } })
    const down = await adjustCredits(accountId, -20)
    expect(await down.json()).toEqual({ success: true, data: { balance: 5 } })
    expect(await balanceOf(apiKey)).toBe(5)
  })

  it('refuses an adjustment below zero and changes nothing', async () => {
    const { accountId, apiKey } = await newAccount(3)
    const error = await expectError(await adjustCredits(accountId, -4), 400, 'VALIDATION_ERROR')
    expect(error.message).toContain('below zero')
    expect(await balanceOf(apiKey)).toBe(3)
    const exact = await adjustCredits(accountId, -3)
    expect(await exact.json()).toEqual({ success: true, data: { balance: 0 } })
  })

  it.each([0, 1.5])('rejects an amount of %s', async (amount) => {
    const { accountId } = await newAccount(3)
    await expectError(await adjustCredits(accountId, amount), 400, 'VALIDATION_ERROR')
  })

  it('returns 404 for an unknown account', async () => {
    await expectError(await adjustCredits('acct_nope', 1), 404, 'NOT_FOUND')
    await expectError(await admin('/v1/admin/accounts/acct_nope'), 404, 'NOT_FOUND')
  })

  it('reads an account', async () => {
    const { accountId } = await newAccount(9, 'Reader')
    const data = await expectOk(await admin(`/v1/admin/accounts/${accountId}`))
    expect(data).toMatchObject({ accountId, name: 'Reader', balance: 9 })
  })

  it('issues a recovery key for an account', async () => {
    const { accountId } = await newAccount(4)
    const response = await admin(`/v1/admin/accounts/${accountId}/keys`, { name: 'recovery' })
    const { key } = await expectOk<{ key: string }>(response, 201)
    expect(await balanceOf(key)).toBe(4)
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
    const response = await callWithBindings({ ADMIN_TOKEN: '' }, '/v1/admin/accounts', {
      method: 'POST',
      headers: { authorization: 'Bearer anything', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x' }),
    })
    await expectError(response, 404, 'NOT_FOUND')
  })

  it.each([
    { name: '', credits: 1 },
    { name: 'x', credits: -1 },
    { name: 'x', bonus: 1 },
  ])('refuses the account body %j', async (body) => {
    await expectError(await admin('/v1/admin/accounts', body), 400, 'VALIDATION_ERROR')
  })
})

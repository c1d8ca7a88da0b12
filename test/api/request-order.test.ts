// PLATFORM.md §0 rule 1: the first failing step decides the status. Each case breaks one step
// and every later one, and expects the earlier step's answer.
import { describe, expect, it } from 'vitest'
import { balanceOf, call, expectError, ledgerOf, newAccount, postJson } from '../support/api'
import { dnsRecord, useFakeNetwork } from '../support/network'

useFakeNetwork()

const junk = (headers: Record<string, string>) =>
  call('/v1/convert', {
    method: 'POST',
    headers: { 'content-type': 'text/plain', ...headers },
    body: 'x',
  })

describe('request pipeline order', () => {
  it('1 auth beats Idempotency-Key format, content type and body', async () => {
    await expectError(await junk({ 'idempotency-key': 'bad key' }), 401, 'UNAUTHORIZED')
    await expectError(
      await junk({ authorization: 'Bearer nope', 'idempotency-key': 'bad key' }),
      401,
      'INVALID_API_KEY',
    )
  })

  it('3 Idempotency-Key format beats content type and body', async () => {
    const { apiKey } = await newAccount(0)
    await expectError(
      await junk({ authorization: `Bearer ${apiKey}`, 'idempotency-key': 'bad key' }),
      400,
      'INVALID_IDEMPOTENCY_KEY',
    )
  })

  it('4 content type beats body validation', async () => {
    const { apiKey } = await newAccount(0)
    await expectError(
      await junk({ authorization: `Bearer ${apiKey}`, 'idempotency-key': 'ok-key' }),
      400,
      'UNSUPPORTED_CONTENT_TYPE',
    )
  })

  it('5 validation beats idempotency and credits', async () => {
    const { apiKey } = await newAccount(0)
    await expectError(
      await postJson(
        '/v1/convert',
        apiKey,
        { imageUrl: 'https://a.example.com/a.png', dpi: 1 },
        { 'idempotency-key': 'k1' },
      ),
      400,
      'VALIDATION_ERROR',
    )
  })

  it('6 idempotency (409) beats the credit check', async () => {
    const { apiKey, accountId } = await newAccount(0)
    const { env } = await import('cloudflare:workers')
    const stub = env.IDEM.get(env.IDEM.idFromName(`idem:${accountId}:held`))
    await (stub as unknown as { begin(i: object): Promise<unknown> }).begin({
      fingerprint: 'other'.padEnd(64, '0'),
      accountId,
      key: 'held',
    })
    await expectError(
      await postJson(
        '/v1/convert',
        apiKey,
        { imageUrl: 'https://a.example.com/a.png' },
        { 'idempotency-key': 'held' },
      ),
      409,
      'IDEMPOTENCY_CONFLICT',
    )
  })

  it('7 the credit pre-check beats fetching the input', async () => {
    const { apiKey } = await newAccount(0)
    dnsRecord('blocked.example.com', ['10.1.2.3'])
    await expectError(
      await postJson('/v1/convert', apiKey, { imageUrl: 'https://blocked.example.com/a.png' }),
      402,
      'INSUFFICIENT_CREDITS',
    )
  })

  it('8 input failures come before the charge: nothing is charged for a 422', async () => {
    const { apiKey, accountId } = await newAccount(5)
    dnsRecord('blocked.example.com', ['10.1.2.3'])
    await expectError(
      await postJson('/v1/convert', apiKey, { imageUrl: 'https://blocked.example.com/a.png' }),
      422,
      'IMAGE_URL_NOT_ALLOWED',
    )
    expect(await balanceOf(apiKey)).toBe(5)
    expect(await ledgerOf(accountId)).toEqual([expect.objectContaining({ kind: 'topup' })])
  })
})

import { describe, expect, it } from 'vitest'
import { generateApiKey } from '../../src/lib/api-key-format'
import {
  bearer,
  call,
  callWithBindings,
  callWithKey,
  expectError,
  expectOk,
  newAccount,
  postJson,
} from '../support/api'

describe('API key authentication', () => {
  it('returns 401 UNAUTHORIZED with WWW-Authenticate when no key is sent', async () => {
    const response = await call('/v1/credits')
    await expectError(response, 401, 'UNAUTHORIZED')
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="api"')
  })

  it('accepts the key as Authorization: Bearer, any scheme case', async () => {
    const { apiKey } = await newAccount(5)
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const response = await call('/v1/credits', {
        headers: { authorization: `${scheme} ${apiKey}` },
      })
      expect(response.status).toBe(200)
    }
  })

  it('accepts the key as x-api-key', async () => {
    const { apiKey } = await newAccount(5)
    const response = await call('/v1/credits', { headers: { 'x-api-key': apiKey } })
    expect(response.status).toBe(200)
  })

  it('lets Authorization win over x-api-key when both are sent', async () => {
    const { apiKey } = await newAccount(5)
    const wrongBearer = await call('/v1/credits', {
      headers: { authorization: `Bearer ${generateApiKey()}`, 'x-api-key': apiKey },
    })
    await expectError(wrongBearer, 401, 'INVALID_API_KEY')
  })

  it('returns 401 INVALID_API_KEY for a malformed Authorization header', async () => {
    const { apiKey } = await newAccount(5)
    for (const header of [`Basic ${apiKey}`, 'Bearer', `Bearer ${apiKey} extra`, apiKey]) {
      const response = await call('/v1/credits', { headers: { authorization: header } })
      await expectError(response, 401, 'INVALID_API_KEY')
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="api"')
    }
  })

  it('returns 401 INVALID_API_KEY for a key with a wrong checksum', async () => {
    const { apiKey } = await newAccount(5)
    const last = apiKey.at(-1) === 'a' ? 'b' : 'a'
    const response = await call('/v1/credits', { headers: bearer(apiKey.slice(0, -1) + last) })
    await expectError(response, 401, 'INVALID_API_KEY')
  })

  it('returns 401 INVALID_API_KEY for a well-formed key that was never issued', async () => {
    const response = await call('/v1/credits', { headers: bearer(generateApiKey()) })
    await expectError(response, 401, 'INVALID_API_KEY')
  })

  it('gives unknown and revoked keys the same answer', async () => {
    const { apiKey } = await newAccount(5)
    const created = await postJson('/v1/keys', apiKey, { name: 'to revoke' })
    const data = await expectOk<{ id: string; key: string }>(created, 201)
    await callWithKey(`/v1/keys/${data.id}`, apiKey, { method: 'DELETE' })
    const revoked = await expectError(
      await callWithKey('/v1/credits', data.key),
      401,
      'INVALID_API_KEY',
    )
    const unknown = await expectError(
      await callWithKey('/v1/credits', generateApiKey()),
      401,
      'INVALID_API_KEY',
    )
    expect(revoked.message).toBe(unknown.message)
  })

  it('stores only a keyed hash of the key', async () => {
    const { env } = await import('cloudflare:workers')
    const { apiKey, accountId } = await newAccount(5)
    const row = await env.DB.prepare('SELECT * FROM api_keys WHERE account_id = ?')
      .bind(accountId)
      .first<Record<string, unknown>>()
    expect(JSON.stringify(row)).not.toContain(apiKey.slice(12, -4))
    expect(row!.key_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(row!.display_prefix).toBe(apiKey.slice(0, 12))
    expect(row!.last4).toBe(apiKey.slice(-4))
  })

  it('issues keys in the checksummed pfg_live_ format', async () => {
    const { apiKey } = await newAccount(5)
    expect(apiKey).toMatch(/^pfg_live_[0-9A-Za-z]{38}$/)
    expect(apiKey).toHaveLength(47)
  })

  it('accepts keys hashed with the previous pepper during a rotation and re-hashes them', async () => {
    const { env } = await import('cloudflare:workers')
    const { apiKey, accountId } = await newAccount(6)
    const rotated = {
      API_KEY_PEPPER_VERSION: '2',
      API_KEY_PEPPER: 'a-brand-new-pepper-0123456789abcdef01234',
      API_KEY_PEPPER_PREVIOUS: env.API_KEY_PEPPER,
    }
    const response = await callWithBindings(rotated, '/v1/credits', { headers: bearer(apiKey) })
    expect(response.status).toBe(200)
    const row = await env.DB.prepare('SELECT pepper_version FROM api_keys WHERE account_id = ?')
      .bind(accountId)
      .first<number>('pepper_version')
    expect(row).toBe(2)
    // Re-hashed under the new pepper: it now works without the previous one...
    const onlyNew = { ...rotated, API_KEY_PEPPER_PREVIOUS: undefined }
    expect(
      (await callWithBindings(onlyNew, '/v1/credits', { headers: bearer(apiKey) })).status,
    ).toBe(200)
    // ...and no longer under the old configuration.
    await expectError(
      await call('/v1/credits', { headers: bearer(apiKey) }),
      401,
      'INVALID_API_KEY',
    )
  })
})

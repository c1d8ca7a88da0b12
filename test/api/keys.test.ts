import { describe, expect, it } from 'vitest'
import { bearer, call, expectError, newAccount } from '../support/api'

const createKey = (key: string, body: unknown) =>
  call('/v1/keys', {
    method: 'POST',
    headers: { ...bearer(key), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

interface KeyListing {
  keys: {
    id: string
    name: string
    prefix: string
    last4: string
    createdAt: string
    lastUsedAt: string | null
  }[]
}

describe('API keys section', () => {
  it('creates a key: 201 with the secret once, not cacheable', async () => {
    const { apiKey } = await newAccount(1)
    const response = await createKey(apiKey, { name: 'CI' })
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const { success, data } = (await response.json()) as {
      success: boolean
      data: { id: string; key: string; name: string; createdAt: string }
    }
    expect(success).toBe(true)
    expect(data.key).toMatch(/^pfg_live_[0-9A-Za-z]{38}$/)
    expect(data.name).toBe('CI')
    expect(data.id).toMatch(/^key_/)
    expect(new Date(data.createdAt).toISOString()).toBe(data.createdAt)
    const works = await call('/v1/credits', { headers: bearer(data.key) })
    expect(works.status).toBe(200)
  })

  it('lists the active keys without secrets', async () => {
    const { apiKey } = await newAccount(1)
    const created = (await (await createKey(apiKey, { name: 'plugin' })).json()) as {
      data: { id: string; key: string }
    }
    const response = await call('/v1/keys', { headers: bearer(apiKey) })
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).not.toContain(created.data.key)
    expect(text).not.toContain(apiKey)
    const { data } = JSON.parse(text) as { data: KeyListing }
    expect(data.keys.map((k) => k.name)).toEqual(['Default key', 'plugin'])
    const listed = data.keys.find((k) => k.id === created.data.id)!
    expect(listed.prefix).toBe(created.data.key.slice(0, 12))
    expect(listed.last4).toBe(created.data.key.slice(-4))
  })

  it('records when a key was last used', async () => {
    const { apiKey } = await newAccount(1)
    await call('/v1/credits', { headers: bearer(apiKey) })
    // A use is written after its response; the listing shows it on a later request.
    await new Promise((resolve) => setTimeout(resolve, 50))
    const after = (await (await call('/v1/keys', { headers: bearer(apiKey) })).json()) as {
      data: KeyListing
    }
    const lastUsed = after.data.keys[0]!.lastUsedAt
    expect(lastUsed).not.toBeNull()
    expect(Date.now() - Date.parse(lastUsed!)).toBeLessThan(60_000)
  })

  it('revokes a key: 200, then that key gets 401 on its next request', async () => {
    const { apiKey } = await newAccount(1)
    const created = (await (await createKey(apiKey, { name: 'temp' })).json()) as {
      data: { id: string; key: string }
    }
    const revoked = await call(`/v1/keys/${created.data.id}`, {
      method: 'DELETE',
      headers: bearer(apiKey),
    })
    expect(revoked.status).toBe(200)
    const body = (await revoked.json()) as {
      success: boolean
      data: { id: string; revokedAt: string }
    }
    expect(body.success).toBe(true)
    expect(body.data.id).toBe(created.data.id)
    await expectError(
      await call('/v1/credits', { headers: bearer(created.data.key) }),
      401,
      'INVALID_API_KEY',
    )
    const listing = (await (await call('/v1/keys', { headers: bearer(apiKey) })).json()) as {
      data: KeyListing
    }
    expect(listing.data.keys.map((k) => k.id)).not.toContain(created.data.id)
  })

  it('lets a key revoke itself', async () => {
    const { apiKey } = await newAccount(1)
    const listing = (await (await call('/v1/keys', { headers: bearer(apiKey) })).json()) as {
      data: KeyListing
    }
    const own = listing.data.keys[0]!.id
    expect(
      (await call(`/v1/keys/${own}`, { method: 'DELETE', headers: bearer(apiKey) })).status,
    ).toBe(200)
    await expectError(
      await call('/v1/credits', { headers: bearer(apiKey) }),
      401,
      'INVALID_API_KEY',
    )
  })

  it("returns 404 for another account's key and leaves it working", async () => {
    const a = await newAccount(1)
    const b = await newAccount(1)
    const bKeys = (await (await call('/v1/keys', { headers: bearer(b.apiKey) })).json()) as {
      data: KeyListing
    }
    const target = bKeys.data.keys[0]!.id
    await expectError(
      await call(`/v1/keys/${target}`, { method: 'DELETE', headers: bearer(a.apiKey) }),
      404,
      'NOT_FOUND',
    )
    expect((await call('/v1/credits', { headers: bearer(b.apiKey) })).status).toBe(200)
  })

  it('returns 404 when revoking twice', async () => {
    const { apiKey } = await newAccount(1)
    const created = (await (await createKey(apiKey, {})).json()) as {
      data: { id: string; name: string }
    }
    expect(created.data.name).toBe('API key')
    await call(`/v1/keys/${created.data.id}`, { method: 'DELETE', headers: bearer(apiKey) })
    await expectError(
      await call(`/v1/keys/${created.data.id}`, { method: 'DELETE', headers: bearer(apiKey) }),
      404,
      'NOT_FOUND',
    )
  })

  it('validates the name', async () => {
    const { apiKey } = await newAccount(1)
    const error = await expectError(await createKey(apiKey, { name: '' }), 400, 'VALIDATION_ERROR')
    expect(error.message).toContain('name')
    await expectError(await createKey(apiKey, { name: 'x'.repeat(101) }), 400, 'VALIDATION_ERROR')
    await expectError(await createKey(apiKey, { label: 'x' }), 400, 'VALIDATION_ERROR')
  })

  it('requires a key to manage keys', async () => {
    await expectError(await call('/v1/keys'), 401, 'UNAUTHORIZED')
  })
})

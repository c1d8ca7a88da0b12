import { describe, expect, it } from 'vitest'
import {
  call,
  callWithKey,
  expectError,
  expectOk,
  getOk,
  newAccount,
  postJson,
} from '../support/api'

const createKey = (key: string, body: unknown) => postJson('/v1/keys', key, body)

/** A key made with `key` through POST /v1/keys (asserted 201). */
const newKey = async (key: string, body: unknown) =>
  expectOk<{ id: string; key: string; name: string }>(await createKey(key, body), 201)

/** DELETE /v1/keys/{id} with `key`. */
const revoke = (key: string, id: string) => callWithKey(`/v1/keys/${id}`, key, { method: 'DELETE' })

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

const listKeys = (key: string) => getOk<KeyListing>('/v1/keys', key)

describe('API keys section', () => {
  it('creates a key: 201 with the secret once, not cacheable', async () => {
    const { apiKey } = await newAccount(1)
    const response = await createKey(apiKey, { name: 'CI' })
    expect(response.headers.get('cache-control')).toBe('no-store')
    const data = await expectOk<{ id: string; key: string; name: string; createdAt: string }>(
      response,
      201,
    )
    expect(data.key).toMatch(/^pfg_live_[0-9A-Za-z]{38}$/)
    expect(data.name).toBe('CI')
    expect(data.id).toMatch(/^key_/)
    expect(new Date(data.createdAt).toISOString()).toBe(data.createdAt)
    const works = await callWithKey('/v1/credits', data.key)
    expect(works.status).toBe(200)
  })

  it('lists the active keys without secrets', async () => {
    const { apiKey } = await newAccount(1)
    const created = await newKey(apiKey, { name: 'plugin' })
    const response = await callWithKey('/v1/keys', apiKey)
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).not.toContain(created.key)
    expect(text).not.toContain(apiKey)
    const { data } = JSON.parse(text) as { data: KeyListing }
    expect(data.keys.map((k) => k.name)).toEqual(['Default key', 'plugin'])
    const listed = data.keys.find((k) => k.id === created.id)!
    expect(listed.prefix).toBe(created.key.slice(0, 12))
    expect(listed.last4).toBe(created.key.slice(-4))
  })

  it('records when a key was last used', async () => {
    const { apiKey } = await newAccount(1)
    await callWithKey('/v1/credits', apiKey)
    // A use is written after its response; the listing shows it on a later request.
    await new Promise((resolve) => setTimeout(resolve, 50))
    const lastUsed = (await listKeys(apiKey)).keys[0]!.lastUsedAt
    expect(lastUsed).not.toBeNull()
    expect(Date.now() - Date.parse(lastUsed!)).toBeLessThan(60_000)
  })

  it('revokes a key: 200, then that key gets 401 on its next request', async () => {
    const { apiKey } = await newAccount(1)
    const created = await newKey(apiKey, { name: 'temp' })
    const revoked = await expectOk<{ id: string; revokedAt: string }>(
      await revoke(apiKey, created.id),
    )
    expect(revoked.id).toBe(created.id)
    await expectError(await callWithKey('/v1/credits', created.key), 401, 'INVALID_API_KEY')
    expect((await listKeys(apiKey)).keys.map((k) => k.id)).not.toContain(created.id)
  })

  it('lets a key revoke itself', async () => {
    const { apiKey } = await newAccount(1)
    const own = (await listKeys(apiKey)).keys[0]!.id
    expect((await revoke(apiKey, own)).status).toBe(200)
    await expectError(await callWithKey('/v1/credits', apiKey), 401, 'INVALID_API_KEY')
  })

  it("returns 404 for another account's key and leaves it working", async () => {
    const a = await newAccount(1)
    const b = await newAccount(1)
    const target = (await listKeys(b.apiKey)).keys[0]!.id
    await expectError(await revoke(a.apiKey, target), 404, 'NOT_FOUND')
    expect((await callWithKey('/v1/credits', b.apiKey)).status).toBe(200)
  })

  it('returns 404 when revoking twice', async () => {
    const { apiKey } = await newAccount(1)
    const created = await newKey(apiKey, {})
    expect(created.name).toBe('API key')
    await revoke(apiKey, created.id)
    await expectError(await revoke(apiKey, created.id), 404, 'NOT_FOUND')
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

// Runs with RL_PER_MINUTE=5 and RL_MAX_INFLIGHT=2 (the "limits" project in vitest.config.ts).

import { runInDurableObject } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeEach, describe, expect, it } from 'vitest'
import type { AccountGate } from '../../src/adapters/durable-objects/account-gate'
import { bearer, call, expectError, newAccount, postForm, postJson } from '../support/api'
import { lineDrawing, toPng } from '../support/images'
import { HttpResponse, http, server, useFakeNetwork } from '../support/network'

useFakeNetwork()

const POLICY = '"minute";q=5;w=60, "concurrency";q=2;qu="concurrent-requests"'

/** Fixed windows reset on the minute: start a burst well inside one. */
async function awayFromMinuteEdge() {
  const intoMinute = Date.now() % 60_000
  if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100))
}

const gate = (accountId: string) =>
  env.GATE.get(env.GATE.idFromName(`gate:${accountId}`)) as DurableObjectStub<AccountGate>

describe('rate limits per account', () => {
  let png: Uint8Array
  beforeEach(async () => {
    png = await toPng(lineDrawing(16, 16))
    await awayFromMinuteEdge()
  })

  it('admits 5 POSTs a minute with RateLimit headers, then answers 429 with Retry-After', async () => {
    const { apiKey } = await newAccount(100)
    const remaining: string[] = []
    for (let i = 0; i < 5; i++) {
      const response = await postForm('/v1/convert', apiKey, { file: new Blob([png]) })
      expect(response.status).toBe(200)
      expect(response.headers.get('ratelimit-policy')).toBe(POLICY)
      remaining.push(response.headers.get('ratelimit')!.replace(/;t=\d+$/, ''))
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0].map((r) => `"minute";r=${r}`))
    const limited = await postForm('/v1/convert', apiKey, { file: new Blob([png]) })
    const error = await expectError(limited, 429, 'RATE_LIMITED')
    expect(error.message).toContain('minute')
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(limited.headers.get('ratelimit')).toBe(`"minute";r=0;t=${retryAfter}`)
    expect(limited.headers.get('ratelimit-policy')).toBe(POLICY)
  })

  it('counts failures too, and answers 429 before looking at the Idempotency-Key or body', async () => {
    const { apiKey } = await newAccount(100)
    for (let i = 0; i < 5; i++) {
      const response = await postJson('/v1/convert', apiKey, { dpi: 7 })
      expect(response.status).toBe(400)
      expect(response.headers.get('ratelimit')).toMatch(/^"minute";r=\d;t=\d+$/)
    }
    const limited = await call('/v1/convert', {
      method: 'POST',
      headers: { ...bearer(apiKey), 'content-type': 'text/plain', 'idempotency-key': 'bad key' },
      body: 'x',
    })
    await expectError(limited, 429, 'RATE_LIMITED')
  })

  it('never limits GET /credits, and limits each account separately', async () => {
    const a = await newAccount(100)
    const b = await newAccount(100)
    for (let i = 0; i < 6; i++) await postForm('/v1/convert', a.apiKey, { file: new Blob([png]) })
    for (let i = 0; i < 20; i++) {
      expect((await call('/v1/credits', { headers: bearer(a.apiKey) })).status).toBe(200)
    }
    expect((await postForm('/v1/convert', b.apiKey, { file: new Blob([png]) })).status).toBe(200)
  })

  it('limits requests in flight to 2 and frees the slot when one completes', async () => {
    const { apiKey } = await newAccount(100)
    let release!: () => void
    const parked = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.get('https://img.example.com/slow.png', async () => {
        await parked
        return new HttpResponse(png)
      }),
    )
    const slow = () =>
      postJson('/v1/convert', apiKey, { imageUrl: 'https://img.example.com/slow.png' })
    const first = slow()
    const second = slow()
    await new Promise((resolve) => setTimeout(resolve, 150))
    const third = await postForm('/v1/convert', apiKey, { file: new Blob([png]) })
    const error = await expectError(third, 429, 'RATE_LIMITED')
    expect(error.message).toContain('concurrency')
    expect(third.headers.get('retry-after')).toBe('1')
    expect(third.headers.get('ratelimit')).toBe('"concurrency";r=0;t=1')
    release()
    expect((await first).status).toBe(200)
    expect((await second).status).toBe(200)
    expect((await postForm('/v1/convert', apiKey, { file: new Blob([png]) })).status).toBe(200)
  })

  it('rolls the minute window over (gate driven with a fake clock)', async () => {
    const { accountId } = await newAccount(1)
    const stub = gate(accountId)
    const limits = { perMinute: 3, maxInflight: 10 }
    const t0 = 1_800_000_000_000 // exactly on a minute boundary
    const results = []
    for (let i = 0; i < 4; i++) results.push(await stub.acquire({ ...limits, now: t0 + 1000 * i }))
    expect(results.map((r) => r.ok)).toEqual([true, true, true, false])
    expect(results[3]).toMatchObject({ policy: 'minute', retryAfterSeconds: 57, remaining: 0 })
    const next = await stub.acquire({ ...limits, now: t0 + 60_000 })
    expect(next).toMatchObject({ ok: true, remaining: 2, resetSeconds: 60 })
  })

  it('expires leases of requests that never released them (crashed Workers)', async () => {
    const { accountId } = await newAccount(1)
    const stub = gate(accountId)
    const limits = { perMinute: 100, maxInflight: 1 }
    const t0 = 1_800_000_000_000
    expect((await stub.acquire({ ...limits, now: t0 })).ok).toBe(true)
    expect(await stub.acquire({ ...limits, now: t0 + 1000 })).toMatchObject({
      ok: false,
      policy: 'concurrency',
    })
    const later = await stub.acquire({ ...limits, now: t0 + 15 * 60_000 + 1 })
    expect(later.ok).toBe(true)
    const leases = await runInDurableObject(
      stub,
      (_g: AccountGate, state) =>
        state.storage.sql.exec('SELECT count(*) AS n FROM leases').one().n,
    )
    expect(leases).toBe(1)
  })
})

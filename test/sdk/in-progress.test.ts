// 409 REQUEST_IN_PROGRESS through the SDK against the real Worker: a request with the same key is
// still running (parked in its image download), so the SDK waits Retry-After (2 s) and then gets
// the finished result replayed, charged once. In a file of its own: the parked fake image host
// must not share an msw server with other tests.
import { describe, expect, it, vi } from 'vitest'
import type { RetryInfo } from '../../packages/sdk/src/index'
import { balanceOf, ledgerOf, newAccount, postJson } from '../support/api'
import { lineDrawing, toPng } from '../support/images'
import { HttpResponse, http, server, useFakeNetwork } from '../support/network'
import { sdkFor } from './support'

useFakeNetwork()

describe('FigureApi and REQUEST_IN_PROGRESS', () => {
  it('waits Retry-After on 409 REQUEST_IN_PROGRESS, then gets the finished result', async () => {
    const { apiKey, accountId } = await newAccount(10)
    const png = await toPng(lineDrawing(50, 50))
    let release!: () => void
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let reached!: () => void
    const downloading = new Promise<void>((resolve) => {
      reached = resolve
    })
    server.use(
      http.get('https://img.example.com/slow.png', async () => {
        reached()
        await gate
        return new HttpResponse(png)
      }),
    )
    const body = { imageUrl: 'https://img.example.com/slow.png' }
    const headers = { 'idempotency-key': 'in-progress-1' }
    const first = postJson('/v1/convert', apiKey, body, headers)
    await downloading // the first request holds the key, parked in its image download

    const retries: RetryInfo[] = []
    const { api, log } = sdkFor(apiKey)
    const started = Date.now()
    const pending = api.convert(body, {
      idempotencyKey: 'in-progress-1',
      onRetry: (info) => retries.push(info),
    })
    // Let the first request finish while the SDK waits out Retry-After (released from the
    // test's own context: workerd ties I/O to the request that created it).
    await vi.waitUntil(() => retries.length === 1, { timeout: 5000 })
    release()
    const result = await pending
    const elapsedMs = Date.now() - started
    // (The first response's body is not read here: it was made while the test's fake image host
    // ran, and workerd does not let another context read it.)
    expect((await first).status).toBe(200)
    expect(result).toMatchObject({ format: 'png', creditsConsumed: 1 })
    expect(retries).toMatchObject([{ attempt: 2, delayMs: 2000, reason: 'REQUEST_IN_PROGRESS' }])
    expect(elapsedMs).toBeGreaterThanOrEqual(2000)
    expect(log.map((e) => e.status)).toEqual([409, 200])
    expect(await balanceOf(apiKey)).toBe(9)
    const charges = (await ledgerOf(accountId)).filter((row) => row.kind === 'charge')
    expect(charges).toHaveLength(1) // the SDK's retry was a replay
  })
})

import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { IdempotencyRecord } from '../../src/adapters/durable-objects/idempotency-record'
import {
  adjustCredits,
  balanceOf,
  callWithKey,
  expectError,
  expectLedgerConsistent,
  ledgerOf,
  newAccount,
  postForm,
  postJson,
} from '../support/api'
import { expireLease, recordStub } from '../support/faults'
import { lineDrawing, toPng } from '../support/images'
import { HttpResponse, http, serveImage, server, useFakeNetwork } from '../support/network'

useFakeNetwork()

const IMAGE = 'https://img.example.com/idem.png'

async function withImage() {
  serveImage(IMAGE, await toPng(lineDrawing(120, 80)))
}

/** POSTs /v1/convert of IMAGE (with `fields` beside it) under an Idempotency-Key. */
const convertImage = (apiKey: string, key: string, fields: Record<string, unknown> = {}) =>
  postJson('/v1/convert', apiKey, { imageUrl: IMAGE, ...fields }, { 'idempotency-key': key })

/** Writes the open charge a crashed attempt under `key` left, as the ledger writes one. */
async function crashedCharge(accountId: string, key: string, id: string, amount: number) {
  await env.DB.prepare(
    `INSERT INTO credit_ledger (id, account_id, kind, amount, operation, request_id, idempotency_key, created_at)
     VALUES (?, ?, 'charge', ?, 'convertImage', 'req_crashed', ?, ?)`,
  )
    .bind(id, accountId, -amount, key, Date.now())
    .run()
}

/** Makes the record of `key` `ageMs` old, as if it had been written that long ago. */
function ageRecord(accountId: string, key: string, ageMs: number) {
  return runInDurableObject(recordStub(accountId, key), (_i: IdempotencyRecord, state) => {
    state.storage.sql.exec('UPDATE record SET created_at = ?', Date.now() - ageMs)
  })
}

describe('Idempotency-Key', () => {
  it('replays a completed request byte for byte, marked, without a second charge', async () => {
    const { apiKey, accountId } = await newAccount(10)
    await withImage()
    const first = await convertImage(apiKey, 'order-1')
    expect(first.status).toBe(200)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    const firstBody = await first.text()
    const second = await convertImage(apiKey, 'order-1')
    expect(second.status).toBe(200)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(await second.text()).toBe(firstBody)
    expect(JSON.parse(firstBody).data.creditsConsumed).toBe(1)
    expect(await balanceOf(apiKey)).toBe(9)
    const charges = (await ledgerOf(accountId)).filter((r) => r.kind === 'charge')
    expect(charges).toHaveLength(1)
    expect(charges[0]!.idempotency_key).toBe('order-1')
    // Replays get fresh rate-limit headers.
    expect(second.headers.get('ratelimit')).toMatch(/^"minute";r=\d+;t=\d+$/)
  })

  it('treats key order, whitespace and defaults as the same request', async () => {
    const { apiKey } = await newAccount(10)
    await withImage()
    expect((await convertImage(apiKey, 'same-1')).status).toBe(200)
    const explicit = await callWithKey('/v1/convert', apiKey, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'same-1' },
      body: `{ "dpi": 300,  "format": "png", "imageUrl": "${IMAGE}" }`,
    })
    expect(explicit.headers.get('idempotent-replayed')).toBe('true')
  })

  it('matches uploads by their bytes, not the multipart boundary', async () => {
    const { apiKey } = await newAccount(10)
    const png = await toPng(lineDrawing(50, 40))
    const headers = { 'idempotency-key': 'upload-1' }
    const first = await postForm('/v1/convert', apiKey, { file: new Blob([png]) }, headers)
    expect(first.status).toBe(200)
    const again = await postForm('/v1/convert', apiKey, { file: new Blob([png]) }, headers)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    const other = png.slice()
    other[other.length - 20] = other[other.length - 20]! ^ 1
    await expectError(
      await postForm('/v1/convert', apiKey, { file: new Blob([other]) }, headers),
      409,
      'IDEMPOTENCY_CONFLICT',
    )
    expect(await balanceOf(apiKey)).toBe(9)
  })

  it('answers 409 IDEMPOTENCY_CONFLICT for the key with different parameters', async () => {
    const { apiKey } = await newAccount(10)
    await withImage()
    const key = 'k-conflict'
    expect((await convertImage(apiKey, key)).status).toBe(200)
    const conflict = async (fields: Record<string, unknown>, on = key) =>
      expectError(await convertImage(apiKey, on, fields), 409, 'IDEMPOTENCY_CONFLICT')
    await conflict({ dpi: 600 })
    // The tone and the page are parameters too; `mode: auto` is the default, so it replays.
    await conflict({ mode: 'gray' })
    const same = await convertImage(apiKey, key, { mode: 'auto' })
    expect(same.headers.get('idempotent-replayed')).toBe('true')
    const pdf = 'k-conflict-pdf'
    expect((await convertImage(apiKey, pdf, { format: 'pdf' })).status).toBe(200)
    await conflict({ format: 'pdf', page: 'letter' }, pdf)
    const a4 = await convertImage(apiKey, pdf, { format: 'pdf', page: 'a4' })
    expect(a4.headers.get('idempotent-replayed')).toBe('true')
    expect(await balanceOf(apiKey)).toBe(8)
  })

  it('answers 409 IDEMPOTENCY_CONFLICT when the key was first used on another endpoint', async () => {
    const { apiKey, accountId } = await newAccount(10)
    await withImage()
    const key = 'cross-endpoint'
    const { requestFingerprint } = await import('../../src/http/paid-request')
    // The same parameters first sent to another paid endpoint (the route is part of the fingerprint).
    const elsewhere = await requestFingerprint('/vectorize', {
      imageUrl: IMAGE,
      format: 'png',
      dpi: 300,
    })
    await recordStub(accountId, key).begin({ fingerprint: elsewhere, accountId, key })
    await expectError(await convertImage(apiKey, key), 409, 'IDEMPOTENCY_CONFLICT')
    expect(await balanceOf(apiKey)).toBe(10)
  })

  it('keeps a response over 1.5 MB in R2 and replays it byte for byte', async () => {
    const { DurableIdempotencyStore, INLINE_BODY_LIMIT } = await import(
      '../../src/adapters/durable-objects/idempotency-client'
    )
    const { accountId } = await newAccount(1)
    const store = new DurableIdempotencyStore(
      env.IDEM as DurableObjectNamespace<IdempotencyRecord>,
      env.FILES,
      accountId,
      'big-body',
    )
    const begun = await store.begin('a'.repeat(64))
    if (begun.kind !== 'proceed') throw new Error('expected proceed')
    const body = JSON.stringify({
      success: true,
      data: { svg: 'x'.repeat(INLINE_BODY_LIMIT + 10) },
    })
    await store.complete(begun.attempt, { status: 200, contentType: 'application/json', body })
    const listed = await env.FILES.list({ prefix: `idem/${accountId}/` })
    expect(listed.objects).toHaveLength(1)
    const replay = await store.begin('a'.repeat(64))
    expect(replay.kind).toBe('replay')
    if (replay.kind === 'replay') expect(replay.response.body).toBe(body)
  })

  it('keys are per account: another account may use the same key', async () => {
    const a = await newAccount(10)
    const b = await newAccount(10)
    await withImage()
    expect((await convertImage(a.apiKey, 'shared-name')).status).toBe(200)
    const other = await convertImage(b.apiKey, 'shared-name', { dpi: 600 })
    expect(other.status).toBe(200)
    expect(other.headers.get('idempotent-replayed')).toBeNull()
    expect(await balanceOf(b.apiKey)).toBe(8)
  })

  it('answers 409 REQUEST_IN_PROGRESS to a concurrent duplicate, and one 200', async () => {
    const { apiKey } = await newAccount(10)
    const png = await toPng(lineDrawing(100, 100))
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.get('https://img.example.com/slow.png', async () => {
        await gate
        return new HttpResponse(png)
      }),
    )
    const headers = { 'idempotency-key': 'race-1' }
    const body = { imageUrl: 'https://img.example.com/slow.png' }
    const first = postJson('/v1/convert', apiKey, body, headers)
    // Wait until the first request holds the key (it is parked in the image download).
    await new Promise((resolve) => setTimeout(resolve, 100))
    const second = await postJson('/v1/convert', apiKey, body, headers)
    await expectError(second, 409, 'REQUEST_IN_PROGRESS')
    expect(second.headers.get('retry-after')).toBe('2')
    release()
    expect((await first).status).toBe(200)
    expect(await balanceOf(apiKey)).toBe(9)
  })

  it('resolves many simultaneous duplicates to exactly one execution and one charge', async () => {
    const { apiKey, accountId } = await newAccount(10)
    await withImage()
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => convertImage(apiKey, 'burst-1')),
    )
    const statuses = responses.map((r) => r.status)
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1)
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true)
    const fresh = responses.filter((r) => r.status === 200 && !r.headers.get('idempotent-replayed'))
    expect(fresh).toHaveLength(1)
    expect((await ledgerOf(accountId)).filter((r) => r.kind === 'charge')).toHaveLength(1)
    expect(await balanceOf(apiKey)).toBe(9)
  })

  it('does not store failures: a 402 can be retried with the same key after a top-up', async () => {
    const { apiKey, accountId } = await newAccount(0)
    await withImage()
    await expectError(await convertImage(apiKey, 'topup-retry'), 402, 'INSUFFICIENT_CREDITS')
    await adjustCredits(accountId, 3)
    const retry = await convertImage(apiKey, 'topup-retry')
    expect(retry.status).toBe(200)
    expect(retry.headers.get('idempotent-replayed')).toBeNull()
    expect(await balanceOf(apiKey)).toBe(2)
  })

  it('does not store a 422 either', async () => {
    const { apiKey } = await newAccount(5)
    const headers = { 'idempotency-key': 'fetch-retry' }
    server.use(
      http.get('https://img.example.com/flaky.png', () => new HttpResponse(null, { status: 503 })),
    )
    await expectError(
      await postJson(
        '/v1/convert',
        apiKey,
        { imageUrl: 'https://img.example.com/flaky.png' },
        headers,
      ),
      422,
      'IMAGE_FETCH_FAILED',
    )
    serveImage('https://img.example.com/flaky.png', await toPng(lineDrawing(20, 20)))
    const retry = await postJson(
      '/v1/convert',
      apiKey,
      { imageUrl: 'https://img.example.com/flaky.png' },
      headers,
    )
    expect(retry.status).toBe(200)
  })

  it('frees the key after a refusal: the corrected request runs under it (as with Stripe)', async () => {
    const { apiKey, accountId } = await newAccount(100)
    const headers = { 'idempotency-key': 'fix-and-retry' }
    await expectError(
      await postForm('/v1/convert', apiKey, { file: new Blob(['not an image']) }, headers),
      400,
      'UNSUPPORTED_IMAGE_TYPE',
    )
    const png = await toPng(lineDrawing(50, 40))
    const fixed = await postForm('/v1/convert', apiKey, { file: new Blob([png]) }, headers)
    expect(fixed.status).toBe(200)
    const again = await postForm('/v1/convert', apiKey, { file: new Blob([png]) }, headers)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await balanceOf(apiKey)).toBe(99)

    // Refused while processing (nothing drawable), refunded: the key is free too.
    const figureKey = { 'idempotency-key': 'reword-and-retry' }
    await expectError(
      await postJson(
        '/v1/figures',
        apiKey,
        { prompt: 'A sunset over snowy mountains with pine trees.' },
        figureKey,
      ),
      400,
      'PROMPT_NOT_DRAWABLE',
    )
    const reworded = await postJson(
      '/v1/figures',
      apiKey,
      { prompt: 'A system 100 comprising a processor 102 coupled to a memory 104.', output: 'svg' },
      figureKey,
    )
    expect(reworded.status).toBe(200)
    await expectLedgerConsistent(accountId)
  })

  it('takes over a crashed attempt without charging again', async () => {
    const { apiKey, accountId } = await newAccount(10)
    await withImage()
    const key = 'crash-1'
    // First attempt: it ran and was charged, then its Worker died (lease expired, charge open).
    const stub = recordStub(accountId, key)
    const { requestFingerprint } = await import('../../src/http/paid-request')
    const fingerprint = await requestFingerprint('/convert', {
      imageUrl: IMAGE,
      format: 'png',
      dpi: 300,
      mode: 'auto',
    })
    const begun = await stub.begin({ fingerprint, accountId, key })
    expect(begun).toMatchObject({ kind: 'proceed', attempt: 1, takeover: false })
    if (begun.kind !== 'proceed') throw new Error('expected proceed')
    const { sha256Hex } = await import('../../src/lib/crypto')
    const chargeId = `chg_${(await sha256Hex(`${accountId}|${key}|${begun.generation}|1|0`)).slice(0, 40)}`
    await crashedCharge(accountId, key, chargeId, 1)
    expect(await balanceOf(apiKey)).toBe(9)
    await expireLease(accountId, key)
    // The retry takes the key over and finishes the work on the open charge.
    const retry = await convertImage(apiKey, key)
    expect(retry.status).toBe(200)
    expect(await balanceOf(apiKey)).toBe(9)
    const charges = (await ledgerOf(accountId)).filter((r) => r.kind === 'charge')
    expect(charges).toHaveLength(1)
    expect(charges[0]!.outcome).toBe('succeeded')
    await expectLedgerConsistent(accountId)
  })

  it('refunds a crashed attempt from the alarm and lets a retry charge anew', async () => {
    const { apiKey, accountId } = await newAccount(10)
    await withImage()
    const key = 'crash-2'
    const stub = recordStub(accountId, key)
    await stub.begin({ fingerprint: 'f'.repeat(64), accountId, key })
    await crashedCharge(accountId, key, 'chg_crash2', 2)
    expect(await balanceOf(apiKey)).toBe(8)
    await expireLease(accountId, key)
    expect(await runDurableObjectAlarm(stub)).toBe(true)
    expect(await balanceOf(apiKey)).toBe(10)
    const rows = await ledgerOf(accountId)
    expect(rows.find((r) => r.id === 'chg_crash2')!.outcome).toBe('failed')
    expect(rows.filter((r) => r.kind === 'refund')).toHaveLength(1)
    // A second alarm run refunds nothing more.
    await runInDurableObject(stub, (_i: IdempotencyRecord, state) => {
      state.storage.sql.exec(
        "UPDATE record SET state = 'processing', lease_until = ?",
        Date.now() - 1,
      )
    })
    await runDurableObjectAlarm(stub)
    expect(await balanceOf(apiKey)).toBe(10)
    await expectLedgerConsistent(accountId)
  })

  it('expires a key after 24 hours (alarm deletes the record)', async () => {
    const { apiKey, accountId } = await newAccount(10)
    await withImage()
    const key = 'expiry-1'
    expect((await convertImage(apiKey, key)).status).toBe(200)
    const stub = recordStub(accountId, key)
    const stored = await runInDurableObject(stub, (_i: IdempotencyRecord, state) =>
      state.storage.sql.exec('SELECT state FROM record').toArray(),
    )
    expect(stored).toEqual([{ state: 'completed' }])
    await ageRecord(accountId, key, 24 * 3600 * 1000 + 1)
    expect(await runDurableObjectAlarm(stub)).toBe(true)
    const after = await runInDurableObject(stub, async (_i: IdempotencyRecord, state) => ({
      rows: state.storage.sql.exec('SELECT count(*) AS n FROM record').one().n,
      alarm: await state.storage.getAlarm(),
    }))
    expect(after).toEqual({ rows: 0, alarm: null })
    // The key is free again: the same key with different parameters now runs (and is charged).
    const reused = await convertImage(apiKey, key, { dpi: 600 })
    expect(reused.status).toBe(200)
    expect(await balanceOf(apiKey)).toBe(7)
  })

  it('treats a record older than 24 hours as absent even if its alarm is late', async () => {
    const { apiKey, accountId } = await newAccount(10)
    await withImage()
    const key = 'late-alarm'
    expect((await convertImage(apiKey, key)).status).toBe(200)
    await ageRecord(accountId, key, 25 * 3600 * 1000)
    const again = await convertImage(apiKey, key, { dpi: 600 })
    expect(again.status).toBe(200)
    expect(again.headers.get('idempotent-replayed')).toBeNull()
    expect(await balanceOf(apiKey)).toBe(7)
    await expectLedgerConsistent(accountId)
  })
})

// The 500 path of /convert: a storage failure after the charge. The Worker runs with its real
// D1 and Durable Objects and an R2 binding whose writes fail, as an outage would.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { Bindings } from '../../src/env'
import {
  balanceOf,
  bearer,
  callWithBindings,
  expectError,
  expectLedgerConsistent,
  formData,
  ledgerOf,
  newAccount,
  postForm,
} from '../support/api'
import { type FaultLog, type Faults, faultyBucket } from '../support/faults'
import { lineDrawing, toPng } from '../support/images'

/** The test R2 binding with `faults` on it, and the log of what reached the bucket. */
function brokenR2(faults: Faults) {
  const log: FaultLog = { puts: [], multiparts: [], fired: [] }
  return { files: faultyBucket(env.FILES, faults, log), log }
}

/** POSTs `fields` to /v1/convert through an app whose R2 binding is `files`. */
const convertWith = (
  files: R2Bucket,
  apiKey: string,
  fields: Record<string, string | Blob>,
  headers: Record<string, string> = {},
) =>
  callWithBindings({ FILES: files }, '/v1/convert', {
    method: 'POST',
    headers: { ...bearer(apiKey), ...headers },
    body: formData(fields),
  })

describe('POST /v1/convert when processing fails', () => {
  it('answers 500 PROCESSING_FAILED, refunds exactly once and releases the key', async () => {
    const { apiKey, accountId } = await newAccount(5)
    const file = new Blob([await toPng(lineDrawing(40, 40))])
    const key = { 'idempotency-key': 'retry-me' }
    const { files } = brokenR2({ r2: { put: 'before' } })
    const failed = await convertWith(files, apiKey, { file }, key)
    const error = await expectError(failed, 500, 'PROCESSING_FAILED')
    expect(error.message).not.toContain('503')
    expect(await balanceOf(apiKey)).toBe(5)
    const rows = await ledgerOf(accountId)
    expect(rows.filter((r) => r.kind === 'charge')).toEqual([
      expect.objectContaining({ outcome: 'failed' }),
    ])
    expect(rows.filter((r) => r.kind === 'refund')).toHaveLength(1)
    await expectLedgerConsistent(accountId)
    // The key was released, not stored: the same request runs again once storage is back.
    const retry = await convertWith(env.FILES, apiKey, { file }, key)
    expect(retry.status).toBe(200)
    expect(retry.headers.get('idempotent-replayed')).toBeNull()
    expect(await balanceOf(apiKey)).toBe(4)
  })

  it('leaves no output behind when only the second write fails', async () => {
    const { apiKey, accountId } = await newAccount(5)
    const { files, log } = brokenR2({ r2: { put: 'before' }, r2PutNumber: 2 })
    const file = new Blob([await toPng(lineDrawing(30, 30))])
    const failed = await convertWith(files, apiKey, { file, format: 'tiff' })
    await expectError(failed, 500, 'PROCESSING_FAILED')
    expect(log.puts).toHaveLength(1)
    expect(await env.FILES.head(log.puts[0]!)).toBeNull()
    expect(await balanceOf(apiKey)).toBe(5)
    await expectLedgerConsistent(accountId)
  })

  it('is a 200 with the same upload when storage works (control)', async () => {
    const { apiKey } = await newAccount(5)
    const response = await postForm('/v1/convert', apiKey, {
      file: new Blob([await toPng(lineDrawing(30, 30))]),
    })
    expect(response.status).toBe(200)
  })

  it('answers 500 INTERNAL_ERROR and charges nothing when the idempotency store is down', async () => {
    const { apiKey, accountId } = await newAccount(5)
    const down = {
      idFromName: (name: string) => env.IDEM.idFromName(name),
      get: () => ({
        begin: () => Promise.reject(new Error('Durable Object overloaded')),
        complete: () => Promise.reject(new Error('unreachable')),
        release: () => Promise.reject(new Error('unreachable')),
      }),
    } as unknown as Bindings['IDEM']
    const response = await callWithBindings({ IDEM: down }, '/v1/convert', {
      method: 'POST',
      headers: { ...bearer(apiKey), 'idempotency-key': 'k-down' },
      body: formData({ file: new Blob([await toPng(lineDrawing(20, 20))]) }),
    })
    const error = await expectError(response, 500, 'INTERNAL_ERROR')
    expect(error.message).not.toContain('overloaded')
    expect(await balanceOf(apiKey)).toBe(5)
    expect((await ledgerOf(accountId)).filter((r) => r.kind === 'charge')).toHaveLength(0)
  })
})

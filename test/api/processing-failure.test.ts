// The 500 path of /convert: a storage failure after the charge. The Worker runs with its real
// D1 and Durable Objects and an R2 binding whose writes fail, as an outage would.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/app'
import {
  balanceOf,
  expectError,
  expectLedgerConsistent,
  ledgerOf,
  newAccount,
  postForm,
} from '../support/api'
import { lineDrawing, toPng } from '../support/images'

function brokenR2(): R2Bucket {
  return new Proxy(env.FILES, {
    get(target, property, receiver) {
      if (property === 'put') return () => Promise.reject(new Error('R2 put failed: 503'))
      const value = Reflect.get(target, property, receiver)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

async function convertWith(files: R2Bucket, apiKey: string, body: FormData, key?: string) {
  const ctx = createExecutionContext()
  const response = await createApp().request(
    '/v1/convert',
    {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, ...(key ? { 'idempotency-key': key } : {}) },
      body,
    },
    { ...env, FILES: files },
    ctx,
  )
  await waitOnExecutionContext(ctx)
  return response
}

describe('POST /v1/convert when processing fails', () => {
  it('answers 500 PROCESSING_FAILED, refunds exactly once and releases the key', async () => {
    const { apiKey, accountId } = await newAccount(5)
    const png = await toPng(lineDrawing(40, 40))
    const form = () => {
      const body = new FormData()
      body.append('file', new Blob([png]), 'a.png')
      return body
    }
    const failed = await convertWith(brokenR2(), apiKey, form(), 'retry-me')
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
    const retry = await convertWith(env.FILES, apiKey, form(), 'retry-me')
    expect(retry.status).toBe(200)
    expect(retry.headers.get('idempotent-replayed')).toBeNull()
    expect(await balanceOf(apiKey)).toBe(4)
  })

  it('leaves no output behind when only the second write fails', async () => {
    const { apiKey, accountId } = await newAccount(5)
    let puts = 0
    const written: string[] = []
    const flaky = new Proxy(env.FILES, {
      get(target, property, receiver) {
        if (property === 'put') {
          return (key: string, value: unknown, options: R2PutOptions) => {
            puts++
            if (puts === 2) return Promise.reject(new Error('R2 put failed'))
            written.push(key)
            return target.put(key, value as Blob, options)
          }
        }
        const value = Reflect.get(target, property, receiver)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const body = new FormData()
    body.append('file', new Blob([await toPng(lineDrawing(30, 30))]), 'a.png')
    body.append('format', 'tiff')
    await expectError(await convertWith(flaky, apiKey, body), 500, 'PROCESSING_FAILED')
    expect(written).toHaveLength(1)
    expect(await env.FILES.head(written[0]!)).toBeNull()
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
    } as unknown as DurableObjectNamespace
    const body = new FormData()
    body.append('file', new Blob([await toPng(lineDrawing(20, 20))]), 'a.png')
    const ctx = createExecutionContext()
    const response = await createApp().request(
      '/v1/convert',
      {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'idempotency-key': 'k-down' },
        body,
      },
      { ...env, IDEM: down },
      ctx,
    )
    await waitOnExecutionContext(ctx)
    const error = await expectError(response, 500, 'INTERNAL_ERROR')
    expect(error.message).not.toContain('overloaded')
    expect(await balanceOf(apiKey)).toBe(5)
    expect((await ledgerOf(accountId)).filter((r) => r.kind === 'charge')).toHaveLength(0)
  })
})

// Recovery after faults that leave work half way (issue 8, "Faults"): the idempotency object
// failing on complete, release or begin; the image model failing; R2 failing on reads; and
// requests abandoned after their charge (the isolate torn down), which the sweep or the key's
// alarm refunds and a retry with the same key takes over without a second charge. The real
// Worker, D1, R2 and Durable Objects throughout; faults are injected at the ports.

import { runDurableObjectAlarm } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { DurableIdempotencyStore } from '../../src/adapters/durable-objects/idempotency-client'
import type { IdempotencyRecord } from '../../src/adapters/durable-objects/idempotency-record'
import type { FigureModel } from '../../src/adapters/ports'
import { createDeps } from '../../src/deps'
import { requestFingerprint } from '../../src/http/paid-request'
import { sweepAbandonedCharges } from '../../src/operations/sweep-charges'
import { downloadOutput, expectOk, ledgerOf, newAccount, postForm } from '../support/api'
import {
  deferred,
  expectSentError,
  expectSettled,
  expectSuccess,
  expireLease,
  type Faults,
  InjectedFault,
  idempotencyState,
  jsonRequest,
  outputsOf,
  paidEndpoints,
  recordStub,
  type Send,
  sendWithFaults,
  settledLedger,
  until,
} from '../support/faults'
import { lineDrawing, toPng } from '../support/images'

const START = 20
/** Past the sweep's cutoff (30 minutes). */
const AFTER_CUTOFF_MS = 31 * 60 * 1000

type Endpoint = 'convert' | 'vectorize' | 'enhance' | 'figures'
const ALL: Endpoint[] = ['convert', 'vectorize', 'enhance', 'figures']
let endpoints: Record<Endpoint, { send: Send; cost: number }>
let drawing: Uint8Array

beforeAll(async () => {
  ;({ drawing, endpoints } = await paidEndpoints())
})

const idem = (key: string) => ({ 'idempotency-key': key })

/** What happens once the key's 15-minute lease has run out: its alarm fires, or a retry comes first. */
type LeaseEnd = 'alarm' | 'takeover'

/** Lets the lease run out and, for 'alarm', fires the key's alarm as the runtime would. */
async function endLease(accountId: string, key: string, how: LeaseEnd) {
  await expireLease(accountId, key)
  if (how === 'alarm') expect(await runDurableObjectAlarm(recordStub(accountId, key))).toBe(true)
}

/** A fault of the key's idempotency object, and what the first request comes to under it. */
interface KeyFault {
  /** What fails, and what the first request answers (the test's title). */
  fault: string
  faults: Faults
  /** The first request's answer: the paid 200, or a 500 with this code. */
  first: 200 | 'PROCESSING_FAILED' | 'INTERNAL_ERROR'
  /** Refunds of the first request's charge (0 when it was paid, or never charged). */
  refunded: 0 | 1
}

const COMPLETE: KeyFault = {
  fault: 'complete rejects: the paid 200 stands',
  faults: { idempotency: { complete: 'before' } },
  first: 200,
  refunded: 0,
}
const RELEASE: KeyFault = {
  fault: 'release rejects after a failure: refunded once',
  faults: { engine: { kind: 'throw' }, idempotency: { release: 'before' } },
  first: 'PROCESSING_FAILED',
  refunded: 1,
}
const BEGIN: KeyFault = {
  fault: 'begin stores, then rejects: 500 INTERNAL_ERROR, nothing charged',
  faults: { idempotency: { begin: 'after' } },
  first: 'INTERNAL_ERROR',
  refunded: 0,
}

type KeyRow = KeyFault & { endpoint: Endpoint; how: LeaseEnd }
/** The fault on every endpoint with the alarm ending the lease, and on /convert with a takeover. */
const everywhere = (fault: KeyFault): KeyRow[] => [
  ...ALL.map((endpoint): KeyRow => ({ ...fault, endpoint, how: 'alarm' })),
  { ...fault, endpoint: 'convert', how: 'takeover' },
]
const KEY_FAULTS: KeyRow[] = [
  ...everywhere(COMPLETE),
  ...everywhere(RELEASE),
  { ...BEGIN, endpoint: 'convert', how: 'alarm' },
  { ...BEGIN, endpoint: 'convert', how: 'takeover' },
]

describe('the idempotency object fails mid-request', () => {
  it.each(KEY_FAULTS)(
    '/$endpoint, $fault; after the lease ($how) a retry runs, charged once in all',
    async ({ faults, first: answer, refunded, endpoint, how }) => {
      const { send, cost } = endpoints[endpoint]
      const { apiKey, accountId } = await newAccount(START)
      const first = await sendWithFaults(faults, send, apiKey, idem('k'))
      await first.settled()
      const paid = answer === 200 ? 1 : 0
      if (answer === 200) {
        // The work is stored and paid for, so the 200 goes out though its record could not be kept.
        await expectSuccess(first.text, accountId, cost)
      } else {
        await expectSentError(first, 500, answer)
        expect(await outputsOf(accountId)).toEqual([])
      }
      await expectSettled(accountId, { succeeded: paid, refunded, balance: START - paid * cost })
      // The key could be neither completed nor released: it holds until its lease ends, and a
      // retry meanwhile is told to wait, not charged.
      expect(await idempotencyState(accountId, 'k')).toMatchObject({ state: 'processing' })
      const early = await sendWithFaults({}, send, apiKey, idem('k'))
      await expectSentError(early, 409, 'REQUEST_IN_PROGRESS')
      await endLease(accountId, 'k', how)
      const retry = await sendWithFaults({}, send, apiKey, idem('k'))
      await retry.settled()
      if (answer === 200) {
        // The retry re-runs the paid work free; the first run's files stay, and every URL handed
        // out still resolves.
        expect(retry.response.status, retry.text).toBe(200)
        expect(JSON.parse(retry.text).data.creditsConsumed).toBe(cost)
        for (const text of [first.text, retry.text]) {
          for (const name of ['url', 'previewUrl']) {
            const url = JSON.parse(text).data[name]
            if (typeof url === 'string') await downloadOutput(url)
          }
        }
      } else {
        await expectSuccess(retry.text, accountId, cost)
      }
      // One charge for the key, however often its work ran.
      await expectSettled(accountId, { succeeded: 1, refunded, balance: START - cost })
      const replay = await sendWithFaults({}, send, apiKey, idem('k'))
      expect(replay.response.headers.get('idempotent-replayed')).toBe('true')
      expect(replay.text).toBe(retry.text)
    },
  )
})

describe('the image model fails (/figures, the FigureModel port)', () => {
  // A scene only the image model can draw (an object would go to the object drafter).
  const OBJECT_PROMPT = 'A sunset over snowy mountains with pine trees.'

  it('answers 500 PROCESSING_FAILED, refunds once and releases the key', async () => {
    const { apiKey, accountId } = await newAccount(START)
    const send = jsonRequest('/v1/figures', { prompt: OBJECT_PROMPT, output: 'svg' })
    const down: FigureModel = { draw: () => Promise.reject(new InjectedFault('model')) }
    const first = await sendWithFaults({ figureModel: down }, send, apiKey, idem('k'))
    await first.settled()
    await expectSentError(first, 500, 'PROCESSING_FAILED')
    expect(first.text).not.toContain('secret-detail')
    await expectSettled(accountId, { succeeded: 0, refunded: 1, balance: START })
    expect(await outputsOf(accountId)).toEqual([])
    const sketch = await toPng(lineDrawing(512, 512, 6))
    const up: FigureModel = { draw: async () => sketch }
    const retry = await sendWithFaults({ figureModel: up }, send, apiKey, idem('k'))
    await retry.settled()
    await expectSuccess(retry.text, accountId, 8)
    await expectSettled(accountId, { succeeded: 1, refunded: 1, balance: START - 8 })
  })
})

describe('R2 reads fail', () => {
  it.each(['GET', 'HEAD'] as const)(
    '%s /v1/files answers 500 INTERNAL_ERROR while R2 fails, and serves the file once it is back',
    async (method) => {
      const { apiKey } = await newAccount(START)
      const made = await postForm('/v1/convert', apiKey, { file: new Blob([drawing]) })
      const { url } = await expectOk<{ url: string }>(made)
      const { pathname, search } = new URL(url)
      const send: Send = { path: pathname + search, init: () => ({ method }) }
      const faults: Faults = { r2: method === 'GET' ? { get: 'before' } : { head: 'before' } }
      const failed = await sendWithFaults(faults, send, '')
      expect(failed.log.fired).toEqual([method === 'GET' ? 'r2.get' : 'r2.head'])
      // A HEAD answer has no body to hold the envelope.
      if (method === 'GET') await expectSentError(failed, 500, 'INTERNAL_ERROR')
      else expect(failed.response.status).toBe(500)
      expect(failed.text).not.toContain('secret-detail')
      const served = await sendWithFaults({}, send, '')
      expect(served.response.status).toBe(200)
      expect(served.response.headers.get('content-type')).toBe('image/png')
    },
  )

  it('a replay stored in R2 answers 500 INTERNAL_ERROR while R2 fails, uncharged, then replays', async () => {
    const { apiKey, accountId } = await newAccount(START)
    const imageUrl = 'https://img.example.com/replay.png'
    const key = 'big-replay'
    // A completed request whose response (over 1.5 MB) was kept in R2, as the record does.
    const store = new DurableIdempotencyStore(
      env.IDEM as DurableObjectNamespace<IdempotencyRecord>,
      env.FILES,
      accountId,
      key,
    )
    const fingerprint = await requestFingerprint('/convert', {
      imageUrl,
      format: 'png',
      dpi: 300,
      mode: 'auto',
    })
    const begun = await store.begin(fingerprint)
    if (begun.kind !== 'proceed') throw new Error('expected proceed')
    const body = JSON.stringify({
      success: true,
      data: { note: 'x'.repeat(1_600_000), creditsConsumed: 1 },
    })
    await store.complete(begun.attempt, { status: 200, contentType: 'application/json', body })
    const send = jsonRequest('/v1/convert', { imageUrl })
    const failed = await sendWithFaults({ r2: { get: 'before' } }, send, apiKey, idem(key))
    expect(failed.log.fired).toEqual(['r2.get'])
    await expectSentError(failed, 500, 'INTERNAL_ERROR')
    await expectSettled(accountId, { succeeded: 0, refunded: 0, balance: START })
    // The record is untouched: once R2 answers, the stored response comes back byte for byte.
    const replay = await sendWithFaults({}, send, apiKey, idem(key))
    expect(replay.response.status).toBe(200)
    expect(replay.response.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.text).toBe(body)
  })
})

describe('a request abandoned after its charge (the isolate torn down)', () => {
  /**
   * Starts a request whose engine never returns and waits until its charge is written: from
   * then on it is what a crash leaves, a charge with no outcome and a key held by a lease.
   */
  async function abandon(apiKey: string, accountId: string, headers: Record<string, string>) {
    const wake = deferred()
    const faults: Faults = { engine: { kind: 'stall', wake: wake.promise }, timeoutMs: 10 * 60_000 }
    const zombie = sendWithFaults(faults, endpoints.convert.send, apiKey, headers)
    await until(async () => (await ledgerOf(accountId)).some((r) => r.kind === 'charge'))
    expect(await settledLedger(accountId)).toMatchObject({ open: 1, balance: START - 1 })
    return { zombie, wake }
  }

  const sweep = () => sweepAbandonedCharges(createDeps(env).ledger, Date.now() + AFTER_CUTOFF_MS)

  it('a retry after the lease takes over the open charge: one charge, no refund, and the sweep finds nothing', async () => {
    const { apiKey, accountId } = await newAccount(START)
    const { zombie, wake } = await abandon(apiKey, accountId, idem('lost'))
    const early = await sendWithFaults({}, endpoints.convert.send, apiKey, idem('lost'))
    await expectSentError(early, 409, 'REQUEST_IN_PROGRESS')
    await expireLease(accountId, 'lost')
    const retry = await sendWithFaults({}, endpoints.convert.send, apiKey, idem('lost'))
    await retry.settled()
    const data = await expectSuccess(retry.text, accountId, 1)
    await expectSettled(accountId, { succeeded: 1, refunded: 0, balance: START - 1 })
    expect(await sweep()).toBe(0)
    // Should the lost attempt ever wake, it changes nothing: no refund of paid work, no files.
    wake.reject(new InjectedFault('isolate torn down'))
    const late = await zombie
    await late.settled()
    expect(late.response.status).toBe(500)
    await expectSettled(accountId, { succeeded: 1, refunded: 0, balance: START - 1 })
    expect(await outputsOf(accountId)).toEqual([
      (data.url as string).split('/v1/files/')[1]!.split('?')[0],
    ])
  })

  it.each(['sweep', 'alarm'] as const)(
    'the %s refunds it once; a retry with the key then runs, charged once in all',
    async (refunder) => {
      const { apiKey, accountId } = await newAccount(START)
      const { zombie, wake } = await abandon(apiKey, accountId, idem('lost'))
      if (refunder === 'sweep') {
        expect(await sweep()).toBe(1)
        expect(await sweep()).toBe(0)
        await expireLease(accountId, 'lost')
      } else {
        await endLease(accountId, 'lost', 'alarm')
        expect(await sweep()).toBe(0)
      }
      await expectSettled(accountId, { succeeded: 0, refunded: 1, balance: START })
      const retry = await sendWithFaults({}, endpoints.convert.send, apiKey, idem('lost'))
      await retry.settled()
      await expectSuccess(retry.text, accountId, 1)
      await expectSettled(accountId, { succeeded: 1, refunded: 1, balance: START - 1 })
      // The lost attempt wakes and finishes its work: refunded already, so it fails and deletes
      // what it stored; the ledger and the retry's output are untouched.
      wake.resolve()
      const late = await zombie
      await late.settled()
      await expectSentError(late, 500, 'PROCESSING_FAILED')
      await expectSettled(accountId, { succeeded: 1, refunded: 1, balance: START - 1 })
      await expectSuccess(retry.text, accountId, 1)
    },
  )

  it('without a key, the sweep refunds it once and a late finish stores nothing', async () => {
    const { apiKey, accountId } = await newAccount(START)
    const { zombie, wake } = await abandon(apiKey, accountId, {})
    expect(await sweep()).toBe(1)
    expect(await sweep()).toBe(0)
    await expectSettled(accountId, { succeeded: 0, refunded: 1, balance: START })
    wake.resolve()
    const late = await zombie
    await late.settled()
    await expectSentError(late, 500, 'PROCESSING_FAILED')
    expect(await outputsOf(accountId)).toEqual([])
    await expectSettled(accountId, { succeeded: 0, refunded: 1, balance: START })
  })
})

// Fault injection on the four paid endpoints (issue 8, "Faults"): each boundary after the charge
// fails the way an outage would (R2 writes, D1 after the charge, the idempotency object, the
// engine and its time budget), through the real Worker with its real D1, R2 and Durable Objects.
// Every row checks the status and code, that the ledger refunded the charge exactly once, that
// the key was released (a retry with it runs and is charged once), and that R2 holds no output
// of the failed request and no URL of a success points at a missing file.

import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { createDeps } from '../../src/deps'
import { sweepAbandonedCharges } from '../../src/operations/sweep-charges'
import { newAccount } from '../support/api'
import {
  expectSentError,
  expectSettled,
  expectSuccess,
  type Faults,
  idempotencyState,
  multipartGone,
  outputsOf,
  type PaidEndpoint,
  paidEndpoints,
  type Send,
  sendWithFaults,
  settledLedger,
} from '../support/faults'

/** Credits every test account starts with. */
const START = 20
/** Past the sweep's cutoff (30 minutes). */
const AFTER_CUTOFF_MS = 31 * 60 * 1000
/** Parts this small make the enhanced PNG of a 40 × 40 photo a multipart upload. */
const SMALL_PARTS = 2048

type Endpoint = PaidEndpoint
let endpoints: Record<Endpoint, { send: Send; cost: number }>

beforeAll(async () => {
  endpoints = (await paidEndpoints()).endpoints
})

/** What the first request must come to. */
interface Outcome {
  status: 200 | 500
  code?: 'PROCESSING_FAILED' | 'INTERNAL_ERROR'
  /** Whether a charge was made (false when the failure came before step 9). */
  charged: boolean
  /** The refund could not be written: the charge stays open until the sweep refunds it. */
  leftToSweep?: boolean
}

const REFUNDED: Outcome = { status: 500, code: 'PROCESSING_FAILED', charged: true }
const SWEPT: Outcome = { ...REFUNDED, leftToSweep: true }
const UNCHARGED: Outcome = { status: 500, code: 'INTERNAL_ERROR', charged: false }
const PAID: Outcome = { status: 200, charged: true }

type Row = [boundary: string, endpoint: Endpoint, faults: () => Faults, outcome: Outcome]

const ALL: Endpoint[] = ['convert', 'vectorize', 'enhance', 'figures']
const onEvery = (boundary: string, faults: () => Faults, outcome: Outcome): Row[] =>
  ALL.map((endpoint) => [boundary, endpoint, faults, outcome])

/** The matrix: boundary × endpoint → outcome. Faults fire on every call unless a row narrows it. */
const MATRIX: Row[] = [
  ...onEvery('R2 put rejects', () => ({ r2: { put: 'before' } }), REFUNDED),
  ...onEvery('R2 put stores, then rejects', () => ({ r2: { put: 'after' } }), REFUNDED),
  [
    'R2 second put rejects',
    'convert to TIFF',
    () => ({ r2: { put: 'before' }, r2PutNumber: 2 }),
    REFUNDED,
  ],
  [
    'R2 second put stores, then rejects',
    'convert to TIFF',
    () => ({ r2: { put: 'after' }, r2PutNumber: 2 }),
    REFUNDED,
  ],
  [
    'R2 multipart start rejects',
    'enhance',
    () => ({ partBytes: SMALL_PARTS, r2: { createMultipartUpload: 'before' } }),
    REFUNDED,
  ],
  [
    'R2 multipart part rejects',
    'enhance',
    () => ({ partBytes: SMALL_PARTS, r2: { uploadPart: 'before' } }),
    REFUNDED,
  ],
  [
    'R2 multipart complete rejects',
    'enhance',
    () => ({ partBytes: SMALL_PARTS, r2: { complete: 'before' } }),
    REFUNDED,
  ],
  ...onEvery('D1 ledger.succeed rejects', () => ({ ledger: { succeed: 'before' } }), REFUNDED),
  ...onEvery(
    'D1 ledger.succeed commits, then rejects',
    () => ({ ledger: { succeed: 'after' } }),
    PAID,
  ),
  ...onEvery(
    'D1 down after the charge (succeed and the refund batch reject)',
    () => ({ ledger: { succeed: 'before' }, d1Batch: 'before' }),
    SWEPT,
  ),
  ...onEvery('idempotency begin rejects', () => ({ idempotency: { begin: 'before' } }), UNCHARGED),
  ...onEvery('engine throws', () => ({ engine: { kind: 'throw' } }), REFUNDED),
  ...onEvery(
    'engine throws and the refund batch rejects',
    () => ({ engine: { kind: 'throw' }, d1Batch: 'before' }),
    SWEPT,
  ),
  ...onEvery(
    'engine overruns its time budget',
    () => ({ engine: { kind: 'overrun' }, timeoutMs: 50 }),
    REFUNDED,
  ),
]

describe('paid endpoints under injected faults', () => {
  it.each(MATRIX)('%s on /%s', async (boundary, endpoint, faults, outcome) => {
    const { send, cost } = endpoints[endpoint]
    const { apiKey, accountId } = await newAccount(START)
    const key = `fault-${endpoint.replace(/\W/g, '-')}`
    const first = await sendWithFaults(faults(), send, apiKey, { 'idempotency-key': key })
    // Background work (waitUntil) ends before the checks, as it would before the isolate goes.
    await first.settled()
    expect(first.log.fired.length, `the ${boundary} fault fired`).toBeGreaterThan(0)
    expect(first.response.status, first.text).toBe(outcome.status)
    expect(first.response.headers.get('x-request-id')).toMatch(/^req_/)
    expect(first.text).not.toContain('secret-detail')

    if (outcome.status === 200) {
      // The work was done, stored and paid for: the 200 stands, its URLs resolve, it replays.
      await expectSuccess(first.text, accountId, cost)
      await expectSettled(accountId, { succeeded: 1, refunded: 0, balance: START - cost })
      const replay = await sendWithFaults({}, send, apiKey, { 'idempotency-key': key })
      expect(replay.response.headers.get('idempotent-replayed')).toBe('true')
      expect(replay.text).toBe(first.text)
      return
    }

    await expectSentError(first, outcome.status, outcome.code!)
    if (outcome.leftToSweep) {
      // The refund could not be written: the charge is open until the sweep, which refunds once.
      expect(await settledLedger(accountId)).toMatchObject({ open: 1, refunded: 0 })
      const ledger = createDeps(env).ledger
      expect(await sweepAbandonedCharges(ledger, Date.now() + AFTER_CUTOFF_MS)).toBe(1)
      expect(await sweepAbandonedCharges(ledger, Date.now() + AFTER_CUTOFF_MS)).toBe(0)
    }
    const refunded = outcome.charged ? 1 : 0
    await expectSettled(accountId, { succeeded: 0, refunded, balance: START })
    // Nothing half written: no output object, no multipart upload left open.
    expect(await outputsOf(accountId)).toEqual([])
    for (const upload of first.log.multiparts) {
      expect(await multipartGone(upload.key, upload.uploadId), upload.key).toBe(true)
    }
    // The key was released (or never taken), not stored: the request runs again, charged once.
    const state = await idempotencyState(accountId, key)
    expect(state?.state ?? 'never begun').toBe(outcome.charged ? 'released' : 'never begun')
    const retry = await sendWithFaults({}, send, apiKey, { 'idempotency-key': key })
    await retry.settled()
    expect(retry.response.headers.get('idempotent-replayed')).toBeNull()
    await expectSuccess(retry.text, accountId, cost)
    await expectSettled(accountId, { succeeded: 1, refunded, balance: START - cost })
  })
})

// Fault injection for the Worker in workerd: the real app (createApp) with its real ports, each
// wrapped so that one boundary fails the way an outage would: an R2 call, a D1 statement, the
// idempotency Durable Object, or the engine (through Deps.processing). Nothing under test is
// mocked; a fault is a rejection at a port or binding, before or after the real call committed.

import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { expect } from 'vitest'
import type { IdempotencyRecord } from '../../src/adapters/durable-objects/idempotency-record'
import { openOutputBatch } from '../../src/adapters/output-batch'
import type { IdempotencyStore, Ledger, OutputStore } from '../../src/adapters/ports'
import { R2Upload } from '../../src/adapters/r2/upload'
import { createApp } from '../../src/app'
import { createDeps, type Deps } from '../../src/deps'
import type { Bindings } from '../../src/env'
import { BASE, bearer, downloadOutput, expectError, formData, ledgerOf } from './api'
import { lineDrawing, photoLike, toPng } from './images'

/**
 * How a faulty call fails: `before` rejects instead of the real call (nothing happened);
 * `after` makes the real call, then rejects (it committed, the answer was lost).
 */
export type FaultMode = 'before' | 'after'

/** What the engine does when a fault is set on it. */
export type EngineFault =
  /** rejects at once, before anything is stored (an engine bug) */
  | { kind: 'throw' }
  /**
   * overruns its budget: the work starts only once the request has been answered, then runs to
   * the end and stores its outputs (sendWithFaults lets it go when the request settles)
   */
  | { kind: 'overrun' }
  /** runs only once `wake` settles (never, unless the test settles it): an isolate that died */
  | { kind: 'stall'; wake: Promise<void> }

/** The faults of one request; anything not named works normally. */
export interface Faults {
  r2?: Partial<
    Record<'put' | 'get' | 'head' | 'createMultipartUpload' | 'uploadPart' | 'complete', FaultMode>
  >
  /** Fails only the n-th R2 put of the request (1-based), e.g. a TIFF's preview after its file. */
  r2PutNumber?: number
  /** Outputs are written through R2Upload with parts this small, so a tiny file is multipart. */
  partBytes?: number
  ledger?: Partial<Record<'succeed' | 'refund', FaultMode>>
  /** Every D1 batch fails (the ledger's refund is one). */
  d1Batch?: FaultMode
  idempotency?: Partial<Record<'begin' | 'complete' | 'release' | 'forget', FaultMode>>
  engine?: EngineFault
  /** The processing budget, ms (production: 5 minutes). */
  timeoutMs?: number
  /** The image model /figures uses, when the test wants the image-model plan. */
  figureModel?: Deps['figureModel']
}

/** What the faulty bindings saw, for assertions on clean-up. */
export interface FaultLog {
  /** Keys of R2 puts that reached the bucket. */
  puts: string[]
  /** Multipart uploads started, with whether abort() was called on them. */
  multiparts: { key: string; uploadId: string; aborted: boolean }[]
  /** Faults that actually fired, as `boundary.method`. */
  fired: string[]
}

/** An error as an infrastructure outage throws it (the message must never reach the client). */
export class InjectedFault extends Error {
  constructor(where: string) {
    super(`injected fault: ${where} (503 upstream secret-detail)`)
    this.name = 'InjectedFault'
  }
}

async function faulty<T>(
  log: FaultLog,
  where: string,
  mode: FaultMode | undefined,
  call: () => Promise<T>,
): Promise<T> {
  if (mode === 'before') {
    log.fired.push(where)
    throw new InjectedFault(where)
  }
  const result = await call()
  if (mode === 'after') {
    log.fired.push(where)
    throw new InjectedFault(where)
  }
  return result
}

function faultyMultipart(upload: R2MultipartUpload, faults: Faults, log: FaultLog) {
  const entry = { key: upload.key, uploadId: upload.uploadId, aborted: false }
  log.multiparts.push(entry)
  return new Proxy(upload, {
    get(target, name) {
      if (name === 'uploadPart') {
        return (n: number, body: Uint8Array) =>
          faulty(log, 'r2.uploadPart', faults.r2?.uploadPart, () => target.uploadPart(n, body))
      }
      if (name === 'complete') {
        return (parts: R2UploadedPart[]) =>
          faulty(log, 'r2.complete', faults.r2?.complete, () => target.complete(parts))
      }
      if (name === 'abort') {
        return () => {
          entry.aborted = true
          return target.abort()
        }
      }
      const value = Reflect.get(target, name)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** The R2 binding with the planned faults. */
export function faultyBucket(bucket: R2Bucket, faults: Faults, log: FaultLog): R2Bucket {
  let puts = 0
  return new Proxy(bucket, {
    get(target, name) {
      switch (name) {
        case 'put':
          return async (key: string, value: Blob | string, options?: R2PutOptions) => {
            puts++
            const mode =
              faults.r2PutNumber === undefined || faults.r2PutNumber === puts
                ? faults.r2?.put
                : undefined
            const object = await faulty(log, 'r2.put', mode, async () => {
              const stored = await target.put(key, value, options)
              log.puts.push(key)
              return stored
            })
            return object
          }
        case 'get':
          return (key: string) => faulty(log, 'r2.get', faults.r2?.get, () => target.get(key))
        case 'head':
          return (key: string) => faulty(log, 'r2.head', faults.r2?.head, () => target.head(key))
        case 'createMultipartUpload':
          return async (key: string, options?: R2MultipartOptions) => {
            const upload = await faulty(
              log,
              'r2.createMultipartUpload',
              faults.r2?.createMultipartUpload,
              () => target.createMultipartUpload(key, options),
            )
            return faultyMultipart(upload, faults, log)
          }
      }
      const value = Reflect.get(target, name)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** The D1 binding with batches failing as planned (single statements work). */
function faultyDb(db: D1Database, faults: Faults, log: FaultLog): D1Database {
  if (!faults.d1Batch) return db
  return new Proxy(db, {
    get(target, name) {
      if (name === 'batch') {
        return (statements: D1PreparedStatement[]) =>
          faulty(log, 'd1.batch', faults.d1Batch, () => target.batch(statements))
      }
      const value = Reflect.get(target, name)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

function faultyLedger(ledger: Ledger, faults: Faults, log: FaultLog): Ledger {
  return {
    charge: (input) => ledger.charge(input),
    succeed: (id) =>
      faulty(log, 'ledger.succeed', faults.ledger?.succeed, () => ledger.succeed(id)),
    refund: (id, requestId) =>
      faulty(log, 'ledger.refund', faults.ledger?.refund, () => ledger.refund(id, requestId)),
    outcome: (id) => ledger.outcome(id),
    refundOpenForKey: (...args) => ledger.refundOpenForKey(...args),
    sweep: (...args) => ledger.sweep(...args),
  }
}

function faultyIdempotency(store: IdempotencyStore, faults: Faults, log: FaultLog) {
  const idem = faults.idempotency ?? {}
  return {
    begin: (fingerprint) => faulty(log, 'idem.begin', idem.begin, () => store.begin(fingerprint)),
    complete: (attempt, response) =>
      faulty(log, 'idem.complete', idem.complete, () => store.complete(attempt, response)),
    release: (attempt) => faulty(log, 'idem.release', idem.release, () => store.release(attempt)),
    forget: (attempt) => faulty(log, 'idem.forget', idem.forget, () => store.forget(attempt)),
  } satisfies IdempotencyStore
}

/** The output store, its uploads cut into parts of `partBytes`. */
function smallParts(outputs: OutputStore, files: R2Bucket, partBytes: number): OutputStore {
  const store: OutputStore = {
    put: (key, parts, meta) => outputs.put(key, parts, meta),
    upload: (key, meta) => new R2Upload(files, key, meta, partBytes),
    get: (key) => outputs.get(key),
    head: (key) => outputs.head(key),
    delete: (keys) => outputs.delete(keys),
    batch: (accountId) => openOutputBatch(store, accountId),
  }
  return store
}

/**
 * The ports of one request with `faults` injected: the real adapters over faulty bindings, then
 * the ports themselves wrapped. Returns the factory createApp takes and the log it fills.
 */
export function faultyDeps(faults: Faults) {
  const log: FaultLog = { puts: [], multiparts: [], fired: [] }
  const overrun = deferred()
  const build = (bindings: Bindings): Deps => {
    const files = faultyBucket(bindings.FILES, faults, log)
    const deps = createDeps({ ...bindings, FILES: files, DB: faultyDb(bindings.DB, faults, log) })
    const { engine } = faults
    const outputs = deps.outputs
    return {
      ...deps,
      ledger: faultyLedger(deps.ledger, faults, log),
      outputs:
        faults.partBytes === undefined ? outputs : smallParts(outputs, files, faults.partBytes),
      idempotency: (accountId, key) =>
        faultyIdempotency(deps.idempotency(accountId, key), faults, log),
      ...(faults.figureModel === undefined ? {} : { figureModel: faults.figureModel }),
      processing: {
        timeoutMs: faults.timeoutMs ?? deps.processing.timeoutMs,
        run: async (operation, work) => {
          if (engine?.kind === 'throw') {
            log.fired.push('engine.throw')
            throw new InjectedFault(`engine ${operation}`)
          }
          if (engine?.kind === 'stall' || engine?.kind === 'overrun') {
            log.fired.push(`engine.${engine.kind}`)
            await (engine.kind === 'stall' ? engine.wake : overrun.promise)
          }
          return deps.processing.run(operation, work)
        },
      },
    }
  }
  return { build, log, endOverrun: () => overrun.resolve() }
}

/** A request as the matrix sends it: a path and a fresh RequestInit each time (bodies are streams). */
export interface Send {
  path: string
  init: (apiKey: string, headers?: Record<string, string>) => RequestInit
}

/**
 * Sends one request through a Worker app whose ports carry `faults`, waiting for its background
 * work (waitUntil) as the runtime would before tearing the request down.
 */
export async function sendWithFaults(
  faults: Faults,
  send: Send,
  apiKey: string,
  headers: Record<string, string> = {},
) {
  const { build, log, endOverrun } = faultyDeps(faults)
  const ctx = createExecutionContext()
  const response = await createApp({ deps: build }).request(
    `${BASE}${send.path}`,
    send.init(apiKey, headers),
    env,
    ctx,
  )
  const text = await response.text()
  const settled = () => {
    // An overrunning engine finishes now that the request has been answered.
    endOverrun()
    return waitOnExecutionContext(ctx)
  }
  return { response, text, log, settled }
}

/**
 * Asserts the answer of {@link sendWithFaults} is the error envelope with `status` and `code`,
 * as {@link expectError} checks a response.
 */
export function expectSentError(
  sent: { response: Response; text: string },
  status: number,
  code: string,
) {
  const { response, text } = sent
  return expectError(
    new Response(text, { status: response.status, headers: response.headers }),
    status,
    code,
  )
}

/** A multipart form request. */
export const formRequest = (path: string, fields: () => Record<string, string | Blob>): Send => ({
  path,
  init: (apiKey, headers = {}) => ({
    method: 'POST',
    headers: { ...bearer(apiKey), ...headers },
    body: formData(fields()),
  }),
})

/** A JSON request. */
export const jsonRequest = (path: string, body: unknown): Send => ({
  path,
  init: (apiKey, headers = {}) => ({
    method: 'POST',
    headers: { ...bearer(apiKey), 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  }),
})

/** Output objects of an account in R2 (`out/{accountId}/…`). */
export async function outputsOf(accountId: string): Promise<string[]> {
  const listed = await env.FILES.list({ prefix: `out/${accountId}/` })
  return listed.objects.map((o) => o.key)
}

/** True when the multipart upload is gone (completed or aborted): a part can no longer be added. */
export async function multipartGone(key: string, uploadId: string): Promise<boolean> {
  try {
    await env.FILES.resumeMultipartUpload(key, uploadId).uploadPart(1, new Uint8Array(8))
    return false
  } catch {
    return true
  }
}

/** The R2 object keys the output URLs of a success body point at. */
export function urlKeys(data: Record<string, unknown>): string[] {
  return ['url', 'previewUrl']
    .map((name) => data[name])
    .filter((url): url is string => typeof url === 'string')
    .map((url) => decodeURIComponent(new URL(url).pathname.replace(/^\/v1\/files\//, '')))
}

/**
 * The ledger's account of one account's charges: every charge resolved, every failed charge
 * refunded exactly once (and nothing else refunded), and the balance equal to the ledger's sum.
 * @returns the charges by outcome
 */
export async function settledLedger(accountId: string) {
  const rows = await ledgerOf(accountId)
  const charges = rows.filter((r) => r.kind === 'charge')
  const refunds = rows.filter((r) => r.kind === 'refund')
  for (const charge of charges) {
    const its = refunds.filter((r) => r.ref_id === charge.id)
    expect(its, `refunds of ${charge.id} (${charge.outcome})`).toHaveLength(
      charge.outcome === 'failed' ? 1 : 0,
    )
    if (its[0]) expect(its[0].amount).toBe(-charge.amount)
  }
  expect(refunds.every((r) => charges.some((c) => c.id === r.ref_id))).toBe(true)
  const total = rows.reduce((sum, r) => sum + r.amount, 0)
  const balance = await env.DB.prepare('SELECT balance FROM accounts WHERE id = ?')
    .bind(accountId)
    .first<number>('balance')
  expect(balance).toBe(total)
  return {
    open: charges.filter((c) => c.outcome === null).length,
    succeeded: charges.filter((c) => c.outcome === 'succeeded').length,
    refunded: charges.filter((c) => c.outcome === 'failed').length,
    balance: balance!,
  }
}

/**
 * Asserts {@link settledLedger} holds with no charge left open and exactly these counts and
 * balance (the row every fault scenario ends on).
 */
export async function expectSettled(
  accountId: string,
  expected: { succeeded: number; refunded: number; balance: number },
) {
  expect(await settledLedger(accountId)).toEqual({ open: 0, ...expected })
}

/** The idempotency record of (account, key), for direct inspection. */
export const recordStub = (accountId: string, key: string) =>
  env.IDEM.get(
    env.IDEM.idFromName(`idem:${accountId}:${key}`),
  ) as DurableObjectStub<IdempotencyRecord>

/** The idempotency record's state and attempt, straight from the Durable Object. */
export function idempotencyState(accountId: string, key: string) {
  return runInDurableObject(recordStub(accountId, key), (_i: IdempotencyRecord, state) => {
    const rows = state.storage.sql
      .exec<{ state: string; attempt: number }>('SELECT state, attempt FROM record')
      .toArray()
    return rows[0] ?? null
  })
}

/** Lets the key's lease run out, as it does 15 minutes after a Worker died holding it. */
export function expireLease(accountId: string, key: string) {
  return runInDurableObject(recordStub(accountId, key), (_i: IdempotencyRecord, state) => {
    state.storage.sql.exec('UPDATE record SET lease_until = ?', Date.now() - 1)
  })
}

/** A promise and the functions that settle it. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/**
 * Asserts a 200 success body: `creditsConsumed` is `cost`, every URL in it downloads, and the
 * account's output objects are exactly the ones the URLs name (nothing orphaned beside them).
 * @returns the body's data
 */
export async function expectSuccess(text: string, accountId: string, cost: number) {
  const body = JSON.parse(text) as { success: boolean; data: Record<string, unknown> }
  expect(body.success, text).toBe(true)
  expect(body.data.creditsConsumed).toBe(cost)
  const keys = urlKeys(body.data)
  expect(keys.length).toBeGreaterThan(0)
  expect((await outputsOf(accountId)).sort()).toEqual([...keys].sort())
  for (const name of ['url', 'previewUrl']) {
    const url = body.data[name]
    if (typeof url === 'string') await downloadOutput(url)
  }
  return body.data
}

/** Polls `check` every 20 ms until it holds (at most `ms`). */
export async function until(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting for a condition')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** The paid requests the fault suites send, with their prices. */
export type PaidEndpoint = 'convert' | 'convert to TIFF' | 'vectorize' | 'enhance' | 'figures'

/**
 * Small requests to every paid endpoint (tiny inputs keep the suites fast). `convert to TIFF`
 * stores two objects (the file, then its preview), so a failure can fall between them; the
 * enhanced 40 × 40 photo is large enough for a multipart upload when parts are made small.
 */
export async function paidEndpoints(): Promise<{
  drawing: Uint8Array
  endpoints: Record<PaidEndpoint, { send: Send; cost: number }>
}> {
  const drawing = await toPng(lineDrawing(24, 24))
  const photo = await toPng(photoLike(40, 40).raster)
  const convert = (format: string) =>
    formRequest('/v1/convert', () => ({ file: new Blob([drawing]), format }))
  return {
    drawing,
    endpoints: {
      convert: { send: convert('png'), cost: 1 },
      'convert to TIFF': { send: convert('tiff'), cost: 1 },
      vectorize: {
        send: formRequest('/v1/vectorize', () => ({ file: new Blob([drawing]) })),
        cost: 2,
      },
      enhance: {
        send: formRequest('/v1/enhance', () => ({ file: new Blob([photo]), scale: '2' })),
        cost: 2,
      },
      figures: {
        send: jsonRequest('/v1/figures', {
          prompt:
            'A system 100 comprising a processor 102 and a memory 104 coupled to the processor.',
          output: 'svg',
        }),
        cost: 8,
      },
    },
  }
}

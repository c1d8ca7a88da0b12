/**
 * Steps 6-13 of a paid POST (PLATFORM.md §0), in order: idempotency begin (409 or replay), credit
 * pre-check (402), input (400/422), atomic charge (402), processing and storage (500), then the
 * ledger outcome and the idempotency record, and only then the 200. Any failure after the charge
 * refunds it exactly once; after `begin`, a refusal (4xx) frees the key for a corrected request and
 * a failure (5xx) releases it so the same request can be retried.
 */

import type { Context } from 'hono'
import type { IdempotencyStore, OutputBatch } from '../adapters/ports'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
import { canonicalJson } from '../lib/canonical-json'
import { sha256Hex } from '../lib/crypto'
import { log } from '../lib/log'
import type { PaidOperation } from '../operations/pricing'
import { successBody } from './respond'

/** How many refunded charges of one attempt may be passed over before giving up. */
const MAX_CHARGE_CHAIN = 8

/** What a route hands to the pipeline. */
export interface PaidRequest<TInput> {
  operation: PaidOperation
  /** Route path, part of the fingerprint: a key reused on another endpoint conflicts. */
  route: string
  /** Credits this request costs (from the price table). */
  cost: number
  /** The validated, normalised parameters (defaults applied; a file as its SHA-256). */
  parameters: Record<string, unknown>
  /** Step 8: fetch, sniff and admit the input; throws 400/422 ApiErrors. */
  loadInput: () => Promise<TInput>
  /** Steps 10-11: run the engine and store its files in `outputs`. @returns the response data */
  run: (input: TInput, outputs: OutputBatch) => Promise<Record<string, unknown>>
}

/** The charge this request owns. */
interface Charge {
  id: string
  /** False when an earlier attempt already succeeded and paid: nothing to settle or refund. */
  open: boolean
}

/** sha256 over method, route and canonical parameters (PLATFORM.md §1 rule 3). */
export const requestFingerprint = (route: string, parameters: Record<string, unknown>) =>
  sha256Hex(`POST\n${route}\n${canonicalJson(parameters)}`)

/** Runs a paid request through steps 6-13 and returns the response. */
export async function runPaid<TInput>(
  c: Context<AppEnv>,
  request: PaidRequest<TInput>,
): Promise<Response> {
  const { deps, auth, requestId, idempotencyKey: key } = c.var
  const idem = key ? deps.idempotency(auth.accountId, key) : null

  // 6. Idempotency: a replay or a 409 ends the request here, uncharged.
  let generation = 0
  let attempt = 0
  let takeover = false
  if (idem) {
    const begun = await idem.begin(await requestFingerprint(request.route, request.parameters))
    switch (begun.kind) {
      case 'replay':
        return new Response(begun.response.body, {
          status: begun.response.status,
          headers: { 'content-type': begun.response.contentType, 'Idempotent-Replayed': 'true' },
        })
      case 'conflict':
        throw new ApiError(
          'IDEMPOTENCY_CONFLICT',
          'This Idempotency-Key was already used for a different request',
        )
      case 'in_progress':
        throw new ApiError(
          'REQUEST_IN_PROGRESS',
          'A request with this Idempotency-Key is still processing',
          {
            headers: { 'Retry-After': String(begun.retryAfterSeconds) },
          },
        )
      case 'proceed':
        generation = begun.generation
        attempt = begun.attempt
        takeover = begun.takeover
    }
  }

  try {
    // 7. Pre-check, to fail before fetching anything. A takeover may already hold its charge.
    if (!takeover) precheck(c, request.cost)
    // 8. Input.
    const input = await request.loadInput()
    // 9. Atomic charge: the CHECK constraint decides.
    const charge = await chargeCredits(c, request, `${generation}|${attempt}`)
    const outputs = deps.outputs.batch(auth.accountId)
    try {
      // 10-11. Processing and storage, within the time budget.
      const data = await processWithin(c, request, input, outputs)
      // 12. Ledger outcome, then the idempotency record; only then the 200.
      if (charge.open && !(await settle(c, charge.id))) {
        throw new ApiError('PROCESSING_FAILED', 'The request took too long and was refunded', {
          internal: `charge ${charge.id} was resolved before the request finished`,
        })
      }
      const body = JSON.stringify(successBody({ ...data, creditsConsumed: request.cost }))
      if (idem) await completeQuietly(idem, attempt, body, requestId)
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } })
    } catch (error) {
      // If the refund itself fails, the charge stays open and the sweep refunds it later.
      if (charge.open) await quietly('refund', requestId, deps.ledger.refund(charge.id, requestId))
      // The only place outputs are deleted: a response never references a failed request's files.
      await quietly('delete outputs', requestId, outputs.discard())
      throw asProcessingError(error)
    }
  } catch (error) {
    // If the release fails, the key's lease expires and its alarm frees it. A takeover keeps the
    // key: the attempt it took over may have been paid.
    if (idem) {
      const refused = error instanceof ApiError && error.status < 500 && !takeover
      await quietly(
        'release key',
        requestId,
        refused ? idem.forget(attempt) : idem.release(attempt),
      )
    }
    throw error
  }
}

/**
 * Marks the charge succeeded. D1 can commit and still fail to answer; the charge's recorded
 * outcome then decides, so paid work is never reported as failed (and refunded in words only).
 * @returns false when the charge was resolved elsewhere (swept while the request ran)
 */
async function settle(c: Context<AppEnv>, chargeId: string): Promise<boolean> {
  const { ledger } = c.var.deps
  try {
    return await ledger.succeed(chargeId)
  } catch (error) {
    if ((await ledger.outcome(chargeId).catch(() => null)) === 'succeeded') return true
    throw error
  }
}

/** Awaits clean-up work whose failure has a backstop, logging instead of masking the real error. */
async function quietly(what: string, requestId: string, work: Promise<unknown>): Promise<void> {
  try {
    await work
  } catch (error) {
    log('error', `${what} failed`, { requestId, error })
  }
}

/** The balance authentication read (same request, primary) against the cost; the charge decides. */
function precheck(c: Context<AppEnv>, cost: number): void {
  const { balance } = c.var.auth
  if (balance < cost) throw insufficient(balance, cost)
}

const insufficient = (balance: number | null, cost: number) =>
  new ApiError(
    'INSUFFICIENT_CREDITS',
    balance === null
      ? `This request needs ${cost} credits and the balance is too low`
      : `This request needs ${cost} credits; the balance is ${balance}`,
  )

/**
 * Charges the request. With an Idempotency-Key the charge id is derived from (account, key,
 * key generation, attempt), so a takeover after a crash finds the open charge instead of charging
 * twice; a charge the sweep already refunded is passed over for the next id in the chain.
 */
async function chargeCredits<T>(
  c: Context<AppEnv>,
  request: PaidRequest<T>,
  attempt: string,
): Promise<Charge> {
  const { deps, auth, requestId, idempotencyKey: key } = c.var
  for (let n = 0; n < MAX_CHARGE_CHAIN; n++) {
    const id = key
      ? `chg_${(await sha256Hex(`${auth.accountId}|${key}|${attempt}|${n}`)).slice(0, 40)}`
      : `chg_${requestId.slice('req_'.length)}`
    const outcome = await deps.ledger.charge({
      id,
      accountId: auth.accountId,
      amount: request.cost,
      operation: request.operation,
      requestId,
      idempotencyKey: key,
    })
    switch (outcome) {
      case 'charged':
      case 'open':
        return { id, open: true }
      case 'succeeded':
        return { id, open: false }
      case 'insufficient':
        throw insufficient(await deps.accounts.balance(auth.accountId), request.cost)
      case 'refunded':
        continue
    }
  }
  throw new ApiError('PROCESSING_FAILED', 'The request could not be charged', {
    internal: `no free charge id after ${MAX_CHARGE_CHAIN} refunded attempts`,
  })
}

/**
 * Stores the response for replays. If the record cannot be written, the work is still done and
 * paid for, so the 200 still goes out; a retry with the key then re-runs without a new charge.
 */
const completeQuietly = (
  idem: IdempotencyStore,
  attempt: number,
  body: string,
  requestId: string,
) =>
  quietly(
    'complete idempotency record',
    requestId,
    idem.complete(attempt, { status: 200, contentType: 'application/json', body }),
  )

/** Expected failures keep their code; anything else becomes PROCESSING_FAILED (refunded). */
function asProcessingError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  return new ApiError('PROCESSING_FAILED', 'Processing failed; no credits were charged', {
    internal: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    cause: error,
  })
}

/**
 * Runs steps 10-11 through `deps.processing`, failing once its budget is spent. An engine cannot
 * be interrupted, so overrunning work goes on; whatever it stores is deleted once it ends: the
 * request was refunded and no response references it.
 */
async function processWithin<TInput>(
  c: Context<AppEnv>,
  request: PaidRequest<TInput>,
  input: TInput,
  outputs: OutputBatch,
): Promise<Record<string, unknown>> {
  const { deps, requestId } = c.var
  const work = deps.processing.run(request.operation, () => request.run(input, outputs))
  let timer: ReturnType<typeof setTimeout> | undefined
  const ms = deps.processing.timeoutMs
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms)
  })
  try {
    const first = await Promise.race([work, timeout])
    if (first !== 'timeout') return first
  } finally {
    if (timer !== undefined) clearTimeout(timer)
  }
  // Whether the late work ends in outputs or in an error, what it stored goes.
  const late = work
    .catch(() => {})
    .then(() => quietly('delete late outputs', requestId, outputs.discard()))
  try {
    c.executionCtx.waitUntil(late)
  } catch {
    // No execution context (a test's app.request): the clean-up still runs while the isolate does.
  }
  throw new Error(`processing exceeded ${ms} ms`)
}

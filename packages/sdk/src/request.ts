/**
 * The retry loop every call runs through: one attempt per request, then retry or throw.
 * What is retried, and why it is safe (PLATFORM.md §0-§1):
 * - 409 REQUEST_IN_PROGRESS and 429 RATE_LIMITED, after Retry-After: the request was turned away
 *   before it ran (the rate limiter and the idempotency check come before any work or charge);
 * - a failed connection (fetch rejected, or the body broke off) and 5xx other than
 *   PROCESSING_FAILED, with backoff, only for calls that are safe to repeat: GETs, DELETE, and
 *   paid POSTs, which always carry an Idempotency-Key. The API stores only 200s under a key, so a
 *   retry after a lost 200 gets that 200 replayed (charged once), while a 500 was refunded and
 *   released the key, so the retry runs the operation again;
 * - never other 4xx (the request itself must change), nor PROCESSING_FAILED (the operation ran
 *   and failed on this input; running it again would fail the same way).
 */

import { FigureApiConnectionError, FigureApiError, type FigureApiErrorCode } from './errors.js'
import { backoffMs, type RetryPolicy, retryAfterSeconds, sleep } from './retry.js'
import type { RequestOptions } from './types.js'

/** The transport the SDK sends through: a `fetch` that takes a Request. */
export type FetchLike = (request: Request) => Promise<Response>

/** One attempt's outcome: the unwrapped value, or the error answer as openapi-fetch parsed it. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; response: Response; body: unknown }

/** Makes one attempt; `fetch` must be used for the request so the loop can see the response. */
export type Attempt<T> = (fetch: FetchLike) => Promise<Outcome<T>>

/** What the loop needs to know about a call. */
export interface CallContext {
  /** Whether a lost answer may be repeated without a second effect (see the module comment). */
  safe: boolean
  /** The Idempotency-Key the attempts carry, if any (reported in a FigureApiConnectionError). */
  idempotencyKey: string | null
  options: RequestOptions
}

/** The most of a non-JSON error body kept in `details`, characters. */
const MAX_DETAILS_CHARS = 2000

/**
 * Runs `attempt` until it succeeds, fails for good, or the retries run out.
 * @returns the attempt's value
 * @throws FigureApiError for an error answer; FigureApiConnectionError when no answer came;
 *   the signal's reason when the caller aborts
 */
export async function send<T>(
  fetch: FetchLike,
  policy: RetryPolicy,
  call: CallContext,
  attempt: Attempt<T>,
): Promise<T> {
  const { signal, onRetry } = call.options
  for (let number = 1; ; number++) {
    let seen: Response | null = null
    const watched: FetchLike = async (request) => {
      seen = await fetch(request)
      return seen
    }
    let error: Error
    let retryable: boolean
    let waitMs: number | null = null
    let reason: string
    try {
      const outcome = await attempt(watched)
      if (outcome.ok) return outcome.value
      const apiError = errorFromResponse(outcome.response, outcome.body)
      error = apiError
      reason = apiError.code === 'UNEXPECTED_RESPONSE' ? `HTTP_${apiError.status}` : apiError.code
      retryable = isRetryable(apiError, call.safe)
      if (apiError.retryAfter !== null) waitMs = apiError.retryAfter * 1000
    } catch (thrown) {
      if (signal?.aborted) throw signal.reason
      if (thrown instanceof FigureApiError) throw thrown
      // A 2xx whose body is not JSON: the answer came, so repeating cannot help.
      if (thrown instanceof SyntaxError && seen !== null) {
        throw unexpected(seen as Response, 'The API answered with a body that is not JSON')
      }
      error = thrown instanceof Error ? thrown : new Error(String(thrown))
      reason = 'NETWORK_ERROR'
      retryable = call.safe
    }
    const delayMs = waitMs ?? backoffMs(number, policy)
    if (!retryable || number > policy.maxRetries || delayMs > policy.maxRetryAfterMs) {
      if (reason !== 'NETWORK_ERROR') throw error
      throw new FigureApiConnectionError(
        `No answer from the Figure API after ${number} attempt${number === 1 ? '' : 's'}: ${error.message}`,
        { cause: error, attempts: number, idempotencyKey: call.idempotencyKey },
      )
    }
    onRetry?.({ attempt: number + 1, delayMs, reason, error })
    await sleep(delayMs, signal)
  }
}

/** Whether an error answer is worth another attempt (see the module comment). */
function isRetryable(error: FigureApiError, safe: boolean): boolean {
  if (error.status === 429) return true
  if (error.status === 409) return error.code === 'REQUEST_IN_PROGRESS'
  if (error.status >= 500) return safe && error.code !== 'PROCESSING_FAILED'
  return false
}

/**
 * The FigureApiError for an error answer: the envelope's code and message, or
 * UNEXPECTED_RESPONSE with the body's text in `details` when it is not the envelope.
 */
export function errorFromResponse(response: Response, body: unknown): FigureApiError {
  const requestId = response.headers.get('x-request-id')
  const retryAfter = retryAfterSeconds(response.headers.get('retry-after'))
  const envelope = body as { success?: unknown; error?: Record<string, unknown> } | null
  const inner = envelope?.error
  if (
    envelope?.success === false &&
    typeof inner?.code === 'string' &&
    typeof inner.message === 'string'
  ) {
    const { code, message, ...rest } = inner
    return new FigureApiError({
      code: code as FigureApiErrorCode,
      status: response.status,
      message,
      requestId,
      details: Object.keys(rest).length > 0 ? rest : undefined,
      retryAfter,
    })
  }
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? null)
  return new FigureApiError({
    code: 'UNEXPECTED_RESPONSE',
    status: response.status,
    message: `The API answered ${response.status} without its error envelope`,
    requestId,
    details: text.slice(0, MAX_DETAILS_CHARS),
    retryAfter,
  })
}

/** The `data` of a success envelope. */
export function dataOf<T>(response: Response, body: unknown): T {
  const envelope = body as { success?: unknown; data?: unknown } | null
  if (envelope?.success === true && envelope.data !== undefined) return envelope.data as T
  throw unexpected(response, 'The API answered without its success envelope')
}

function unexpected(response: Response, message: string): FigureApiError {
  return new FigureApiError({
    code: 'UNEXPECTED_RESPONSE',
    status: response.status,
    message,
    requestId: response.headers.get('x-request-id'),
  })
}

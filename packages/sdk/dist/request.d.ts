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
import { FigureApiError } from './errors.js';
import { type RetryPolicy } from './retry.js';
import type { RequestOptions } from './types.js';
/** The transport the SDK sends through: a `fetch` that takes a Request. */
export type FetchLike = (request: Request) => Promise<Response>;
/** One attempt's outcome: the unwrapped value, or the error answer as openapi-fetch parsed it. */
export type Outcome<T> = {
    ok: true;
    value: T;
} | {
    ok: false;
    response: Response;
    body: unknown;
};
/** Makes one attempt; `fetch` must be used for the request so the loop can see the response. */
export type Attempt<T> = (fetch: FetchLike) => Promise<Outcome<T>>;
/** What the loop needs to know about a call. */
export interface CallContext {
    /** Whether a lost answer may be repeated without a second effect (see the module comment). */
    safe: boolean;
    /** The Idempotency-Key the attempts carry, if any (reported in a FigureApiConnectionError). */
    idempotencyKey: string | null;
    options: RequestOptions;
}
/**
 * Runs `attempt` until it succeeds, fails for good, or the retries run out.
 * @returns the attempt's value
 * @throws FigureApiError for an error answer; FigureApiConnectionError when no answer came;
 *   the signal's reason when the caller aborts
 */
export declare function send<T>(fetch: FetchLike, policy: RetryPolicy, call: CallContext, attempt: Attempt<T>): Promise<T>;
/**
 * The FigureApiError for an error answer: the envelope's code and message, or
 * UNEXPECTED_RESPONSE with the body's text in `details` when it is not the envelope.
 */
export declare function errorFromResponse(response: Response, body: unknown): FigureApiError;
/** The `data` of a success envelope. */
export declare function dataOf<T>(response: Response, body: unknown): T;

/**
 * Backoff and waiting for the retry loop (request.ts): exponential backoff with jitter, the
 * Retry-After header, and a sleep that a caller's AbortSignal cuts short.
 */
/** How the SDK retries; every field has a default in FigureApi. */
export interface RetryPolicy {
    /** Retries after the first attempt (so at most maxRetries + 1 requests). */
    maxRetries: number;
    /** First backoff step, milliseconds; it doubles at each retry. */
    baseDelayMs: number;
    /** Cap on one backoff step, milliseconds. */
    maxDelayMs: number;
    /** The longest Retry-After the SDK waits for, milliseconds; a longer one ends the retries. */
    maxRetryAfterMs: number;
}
/**
 * The wait before retry number `retry` (1 for the first): base × 2^(retry−1), capped, with
 * "equal jitter" (a random point in its upper half), so clients that failed together spread out
 * but never retry at once.
 * @param random a number in [0, 1); Math.random() unless a test fixes it
 * @returns milliseconds
 */
export declare function backoffMs(retry: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>, random?: number): number;
/**
 * Reads Retry-After: delay-seconds or an HTTP-date (RFC 9110 §10.2.3).
 * @returns seconds (not negative), or null when absent or unreadable
 */
export declare function retryAfterSeconds(value: string | null, now?: number): number | null;
/** Waits `ms` milliseconds; rejects with the signal's reason as soon as it aborts. */
export declare function sleep(ms: number, signal?: AbortSignal): Promise<void>;

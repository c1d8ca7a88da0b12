/** A tagged result for expected failures (STYLE.md §3): engines and codecs return these, never throw them. */
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E }

/** Wraps a success value. */
export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value })

/** Wraps an expected failure. */
export const err = <E>(error: E): { ok: false; error: E } => ({ ok: false, error })

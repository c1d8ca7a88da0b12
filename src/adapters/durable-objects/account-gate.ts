/**
 * AccountGate: one Durable Object per account (`gate:{accountId}`) enforcing the two rate-limit
 * policies of PLATFORM.md §2: "minute" (a fixed 60 s window of admitted requests) and
 * "concurrency" (requests in flight, each holding a lease that expires if never released).
 * Exact and single-threaded: every method is synchronous SQLite work.
 */

import { DurableObject } from 'cloudflare:workers'
import type { GateDecision, GateLimits } from '../ports'

/** Length of the "minute" window, ms. */
export const GATE_WINDOW_MS = 60_000
/** A lease not released by then (a crashed request) stops counting as in flight, ms. */
export const GATE_LEASE_MS = 15 * 60 * 1000

/** Limits plus an optional clock reading, so tests can drive time. */
export interface AcquireInput extends GateLimits {
  /** Current time in epoch ms; defaults to `Date.now()`. */
  now?: number
}

export class AccountGate extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    ctx.storage.sql.exec(`
      CREATE TABLE IF NOT EXISTS window (id INTEGER PRIMARY KEY CHECK (id = 1),
        start INTEGER NOT NULL, admitted INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS leases (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);
    `)
  }

  /**
   * Admits a request or says which policy refuses it. Only admitted requests use quota: a 429
   * does not make the wait longer.
   */
  acquire(input: AcquireInput): GateDecision {
    const now = input.now ?? Date.now()
    const sql = this.ctx.storage.sql
    const start = Math.floor(now / GATE_WINDOW_MS) * GATE_WINDOW_MS
    const resetSeconds = Math.max(1, Math.ceil((start + GATE_WINDOW_MS - now) / 1000))
    const window = sql
      .exec<{ start: number; admitted: number }>('SELECT start, admitted FROM window')
      .toArray()[0]
    const admitted = window && window.start === start ? window.admitted : 0

    if (admitted >= input.perMinute) {
      return {
        ok: false,
        policy: 'minute',
        retryAfterSeconds: resetSeconds,
        remaining: 0,
        resetSeconds,
      }
    }
    sql.exec('DELETE FROM leases WHERE expires_at <= ?', now)
    const inflight = sql.exec<{ n: number }>('SELECT count(*) AS n FROM leases').one().n
    if (inflight >= input.maxInflight) {
      return {
        ok: false,
        policy: 'concurrency',
        retryAfterSeconds: 1,
        remaining: input.perMinute - admitted,
        resetSeconds,
      }
    }
    const leaseId = crypto.randomUUID()
    sql.exec(
      'INSERT INTO window (id, start, admitted) VALUES (1, ?, ?) ' +
        'ON CONFLICT (id) DO UPDATE SET start = excluded.start, admitted = excluded.admitted',
      start,
      admitted + 1,
    )
    sql.exec('INSERT INTO leases (id, expires_at) VALUES (?, ?)', leaseId, now + GATE_LEASE_MS)
    return { ok: true, leaseId, remaining: input.perMinute - admitted - 1, resetSeconds }
  }

  /** Ends a request's lease (idempotent). */
  release(leaseId: string): void {
    this.ctx.storage.sql.exec('DELETE FROM leases WHERE id = ?', leaseId)
  }
}

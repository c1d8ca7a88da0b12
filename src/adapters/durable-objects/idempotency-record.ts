/**
 * IdempotencyRecord: one Durable Object per (account, Idempotency-Key), named
 * `idem:{accountId}:{key}` (PLATFORM.md §1). It holds the request fingerprint, the attempt state
 * and the stored 200 response for 24 hours. `begin`, `complete` and `release` only touch this
 * object's SQLite storage, so under the input gate each runs atomically.
 */

import { DurableObject } from 'cloudflare:workers'
import { newId } from '../../lib/ids'
import { D1Ledger } from '../d1/ledger'
import type { IdempotencyBegin, StoredResponse } from '../ports'

/** How long a key and its stored response live, ms (published in the OpenAPI description). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
/** How long a request may hold a key before a retry may take it over, ms. */
export const IDEMPOTENCY_LEASE_MS = 15 * 60 * 1000
/** Seconds a client is told to wait when the key is still in progress. */
const IN_PROGRESS_RETRY_AFTER_SECONDS = 2

type RecordState = 'processing' | 'completed' | 'released'

interface RecordRow {
  fingerprint: string
  state: RecordState
  attempt: number
  lease_until: number
  created_at: number
  account_id: string
  idem_key: string
  status: number | null
  content_type: string | null
  body: string | null
  body_ref: string | null
}

/** What the Worker passes to {@link IdempotencyRecord.begin}. */
export interface BeginInput {
  fingerprint: string
  accountId: string
  key: string
}

/** A response to store; `bodyRef` names an R2 object when the body was too large for the record. */
export interface CompleteInput {
  attempt: number
  response: StoredResponse & { bodyRef?: string }
}

/** A replay as the record returns it: the body inline, or a pointer to it in R2. */
export type RecordBegin =
  | Exclude<IdempotencyBegin, { kind: 'replay' }>
  | { kind: 'replay'; response: StoredResponse & { bodyRef?: string } }

export class IdempotencyRecord extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    this.#createSchema()
  }

  #createSchema(): void {
    this.ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS record (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      fingerprint TEXT NOT NULL,
      state TEXT NOT NULL,
      attempt INTEGER NOT NULL,
      lease_until INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      account_id TEXT NOT NULL,
      idem_key TEXT NOT NULL,
      status INTEGER,
      content_type TEXT,
      body TEXT,
      body_ref TEXT
    )`)
  }

  /**
   * Starts (or resumes) a request under this key. A fresh or expired key starts attempt 1; the
   * same fingerprint gets the stored response, a 409 while another attempt holds a valid lease,
   * a takeover of the same attempt when that lease expired (the earlier Worker crashed), or a
   * new attempt after a released (failed) one. Any other fingerprint is a conflict.
   */
  async begin(input: BeginInput): Promise<RecordBegin> {
    const now = Date.now()
    let row = this.#load()
    if (row && now >= row.created_at + IDEMPOTENCY_TTL_MS) {
      this.#dropBody(row)
      this.ctx.storage.sql.exec('DELETE FROM record')
      row = null
    }
    if (!row) {
      this.ctx.storage.sql.exec(
        `INSERT INTO record (id, fingerprint, state, attempt, lease_until, created_at, account_id,
           idem_key) VALUES (1, ?, 'processing', 1, ?, ?, ?, ?)`,
        input.fingerprint,
        now + IDEMPOTENCY_LEASE_MS,
        now,
        input.accountId,
        input.key,
      )
      await this.ctx.storage.setAlarm(now + IDEMPOTENCY_LEASE_MS)
      return { kind: 'proceed', generation: now, attempt: 1, takeover: false }
    }
    if (row.fingerprint !== input.fingerprint) return { kind: 'conflict' }
    switch (row.state) {
      case 'completed':
        return {
          kind: 'replay',
          response: {
            status: row.status ?? 200,
            contentType: row.content_type ?? 'application/json',
            body: row.body ?? '',
            ...(row.body_ref ? { bodyRef: row.body_ref } : {}),
          },
        }
      case 'processing':
        if (now < row.lease_until) {
          return { kind: 'in_progress', retryAfterSeconds: IN_PROGRESS_RETRY_AFTER_SECONDS }
        }
        return this.#lease(row, row.attempt, now, true)
      case 'released':
        return this.#lease(row, row.attempt + 1, now, false)
    }
  }

  /** Stores the 200 response of `attempt`; ignored when another attempt owns the key now. */
  async complete(input: CompleteInput): Promise<boolean> {
    const row = this.#load()
    if (row?.state !== 'processing' || row.attempt !== input.attempt) return false
    const { response } = input
    this.ctx.storage.sql.exec(
      `UPDATE record SET state = 'completed', status = ?, content_type = ?, body = ?, body_ref = ?`,
      response.status,
      response.contentType,
      response.body,
      response.bodyRef ?? null,
    )
    await this.ctx.storage.setAlarm(row.created_at + IDEMPOTENCY_TTL_MS)
    return true
  }

  /** Frees the key after a failed `attempt` (nothing stored), so a retry can run again. */
  async release(input: { attempt: number }): Promise<boolean> {
    const row = this.#load()
    if (row?.state !== 'processing' || row.attempt !== input.attempt) return false
    this.ctx.storage.sql.exec(`UPDATE record SET state = 'released'`)
    await this.ctx.storage.setAlarm(row.created_at + IDEMPOTENCY_TTL_MS)
    return true
  }

  /**
   * Deletes the key after `attempt` was refused (a 4xx: bad input, not drawable, no credits), as
   * if it had never been sent, so a corrected request may use it (as with Stripe). A charge it
   * made was refunded by the Worker; an open one is the ledger sweep's.
   */
  async forget(input: { attempt: number }): Promise<boolean> {
    const row = this.#load()
    if (row?.state !== 'processing' || row.attempt !== input.attempt) return false
    this.#dropBody(row)
    this.ctx.storage.sql.exec('DELETE FROM record')
    await this.ctx.storage.deleteAlarm()
    return true
  }

  /**
   * Expiry and crash recovery. After 24 h the record (and any R2 body) is deleted. Before that,
   * a request whose lease ran out never finished: its unresolved charge is refunded and the key
   * released, so a later retry starts a new, newly charged attempt. With no charge to refund,
   * the key stays for a retry to take over (one that finds the charge paid is not charged again).
   */
  override async alarm(): Promise<void> {
    const row = this.#load()
    const now = Date.now()
    if (!row || now >= row.created_at + IDEMPOTENCY_TTL_MS) {
      if (row) this.#dropBody(row)
      await this.ctx.storage.deleteAll()
      // This instance may live on and see the key again: give it its (empty) table back.
      this.#createSchema()
      return
    }
    if (row.state === 'processing' && now >= row.lease_until) {
      // Block other events while D1 is awaited, so no takeover interleaves with the refund.
      await this.ctx.blockConcurrencyWhile(async () => {
        const refunded = await new D1Ledger(this.env.DB).refundOpenForKey(
          row.account_id,
          row.idem_key,
          newId('alarm'),
        )
        // Nothing open means the attempt never charged, or its charge succeeded and only the
        // record was lost (the 200 went out). Released, the key's next retry would be a new
        // attempt, charged again; left as it is, a retry takes the attempt over and finds it paid.
        if (refunded > 0) this.ctx.storage.sql.exec(`UPDATE record SET state = 'released'`)
      })
    }
    const current = this.#load()
    if (!current) return
    const next =
      current.state === 'processing' && now < current.lease_until
        ? current.lease_until
        : current.created_at + IDEMPOTENCY_TTL_MS
    await this.ctx.storage.setAlarm(next)
  }

  async #lease(
    row: RecordRow,
    attempt: number,
    now: number,
    takeover: boolean,
  ): Promise<RecordBegin> {
    this.ctx.storage.sql.exec(
      `UPDATE record SET state = 'processing', attempt = ?, lease_until = ?`,
      attempt,
      now + IDEMPOTENCY_LEASE_MS,
    )
    await this.ctx.storage.setAlarm(now + IDEMPOTENCY_LEASE_MS)
    return { kind: 'proceed', generation: row.created_at, attempt, takeover }
  }

  #load(): RecordRow | null {
    const rows = this.ctx.storage.sql.exec<Record<string, SqlStorageValue>>(
      'SELECT * FROM record WHERE id = 1',
    )
    const row = rows.toArray()[0]
    return row ? (row as unknown as RecordRow) : null
  }

  #dropBody(row: RecordRow): void {
    if (row.body_ref) this.ctx.waitUntil(this.env.FILES.delete(row.body_ref))
  }
}

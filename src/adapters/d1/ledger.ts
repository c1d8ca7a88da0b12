/**
 * The credit ledger in D1 (PLATFORM.md §4). A charge is one INSERT of a negative row; the
 * migration's trigger lowers the balance in the same statement, so an insufficient balance fails
 * the INSERT with a CHECK violation. Refunds are INSERT … SELECT on the unresolved charge, so a
 * charge is refunded at most once (also guarded by UNIQUE(ref_id)).
 */

import type { ChargeOutcome, ChargeRequest, ChargeState, Ledger } from '../ports'
import { isCheckViolation, isUniqueViolation } from './constraint'

const REFUND_INSERT = `INSERT INTO credit_ledger
    (id, account_id, kind, amount, ref_id, operation, request_id, idempotency_key, created_at)
  SELECT 'rfd_' || substr(id, 5), account_id, 'refund', -amount, id, operation, ?2,
    idempotency_key, ?3
  FROM credit_ledger WHERE id = ?1 AND kind = 'charge' AND outcome IS NULL`

const MARK_FAILED = `UPDATE credit_ledger SET outcome = 'failed'
  WHERE id = ?1 AND kind = 'charge' AND outcome IS NULL`

/** D1-backed {@link Ledger}. */
export class D1Ledger implements Ledger {
  constructor(private readonly db: D1Database) {}

  async charge(input: ChargeRequest): Promise<ChargeOutcome> {
    try {
      await this.db
        .prepare(
          `INSERT INTO credit_ledger
             (id, account_id, kind, amount, operation, request_id, idempotency_key, created_at)
           VALUES (?1, ?2, 'charge', ?3, ?4, ?5, ?6, ?7)`,
        )
        .bind(
          input.id,
          input.accountId,
          -input.amount,
          input.operation,
          input.requestId,
          input.idempotencyKey,
          Date.now(),
        )
        .run()
      return 'charged'
    } catch (error) {
      if (isCheckViolation(error)) return 'insufficient'
      if (!isUniqueViolation(error, 'credit_ledger.id')) throw error
    }
    return (await this.outcome(input.id)) ?? 'open'
  }

  async succeed(chargeId: string): Promise<boolean> {
    const row = await this.db
      .prepare(
        `UPDATE credit_ledger SET outcome = 'succeeded'
         WHERE id = ?1 AND kind = 'charge' AND outcome IS NULL RETURNING id`,
      )
      .bind(chargeId)
      .first()
    return row !== null
  }

  async refund(chargeId: string, requestId: string): Promise<boolean> {
    const [, marked] = await this.db.batch([
      this.db.prepare(REFUND_INSERT).bind(chargeId, requestId, Date.now()),
      this.db.prepare(MARK_FAILED).bind(chargeId),
    ])
    // The INSERT's count includes the balance trigger's UPDATE (2 for one refund), so the
    // outcome UPDATE, which matches exactly when the INSERT did, tells whether one was made.
    return (marked?.meta.changes ?? 0) === 1
  }

  async outcome(chargeId: string): Promise<ChargeState | null> {
    const row = await this.db
      .prepare(`SELECT outcome FROM credit_ledger WHERE id = ?1 AND kind = 'charge'`)
      .bind(chargeId)
      .first<{ outcome: string | null }>()
    if (!row) return null
    if (row.outcome === 'succeeded') return 'succeeded'
    if (row.outcome === 'failed') return 'refunded'
    return 'open'
  }

  async refundOpenForKey(accountId: string, idempotencyKey: string, requestId: string) {
    const { results } = await this.db
      .prepare(
        `SELECT id FROM credit_ledger WHERE account_id = ?1 AND idempotency_key = ?2
         AND kind = 'charge' AND outcome IS NULL`,
      )
      .bind(accountId, idempotencyKey)
      .all<{ id: string }>()
    return this.#refundAll(results, requestId)
  }

  async sweep(before: number, requestId: string): Promise<number> {
    const { results } = await this.db
      .prepare(
        `SELECT id FROM credit_ledger WHERE kind = 'charge' AND outcome IS NULL
         AND created_at < ?1 ORDER BY created_at LIMIT 500`,
      )
      .bind(before)
      .all<{ id: string }>()
    return this.#refundAll(results, requestId)
  }

  async #refundAll(rows: readonly { id: string }[], requestId: string): Promise<number> {
    let refunded = 0
    for (const { id } of rows) if (await this.refund(id, requestId)) refunded++
    return refunded
  }
}

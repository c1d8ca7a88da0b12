/** Accounts in D1. Balances change only through ledger rows (the migration's trigger applies them). */

import { newId } from '../../lib/ids'
import type { Account, AccountStore, NewApiKey } from '../ports'
import { insertKeyStatement } from './api-keys'
import { isCheckViolation } from './constraint'

interface AccountRow {
  id: string
  name: string
  balance: number
  created_at: number
}

const toAccount = (row: AccountRow): Account => ({
  id: row.id,
  name: row.name,
  balance: row.balance,
  createdAt: row.created_at,
})

/** D1-backed {@link AccountStore}. */
export class D1AccountStore implements AccountStore {
  constructor(private readonly db: D1Database) {}

  async create(input: {
    id: string
    name: string
    credits: number
    requestId: string
    firstKey: NewApiKey
  }): Promise<Account> {
    const now = Date.now()
    const { id } = input
    const statements = [
      this.db
        .prepare('INSERT INTO accounts (id, name, balance, created_at) VALUES (?1, ?2, 0, ?3)')
        .bind(id, input.name, now),
      insertKeyStatement(this.db, input.firstKey),
    ]
    if (input.credits > 0) {
      statements.push(
        this.db
          .prepare(
            `INSERT INTO credit_ledger (id, account_id, kind, amount, request_id, created_at)
             VALUES (?1, ?2, 'topup', ?3, ?4, ?5)`,
          )
          .bind(newId('top'), id, input.credits, input.requestId, now),
      )
    }
    await this.db.batch(statements)
    return { id, name: input.name, balance: input.credits, createdAt: now }
  }

  async get(id: string): Promise<Account | null> {
    const row = await this.db
      .prepare('SELECT id, name, balance, created_at FROM accounts WHERE id = ?1')
      .bind(id)
      .first<AccountRow>()
    return row ? toAccount(row) : null
  }

  async balance(id: string): Promise<number | null> {
    return this.db
      .prepare('SELECT balance FROM accounts WHERE id = ?1')
      .bind(id)
      .first<number>('balance')
  }

  async adjust(id: string, amount: number, requestId: string) {
    try {
      const rows = await this.db.batch<{ balance: number }>([
        this.db
          .prepare(
            `INSERT INTO credit_ledger (id, account_id, kind, amount, request_id, created_at)
             SELECT ?1, id, 'adjustment', ?2, ?3, ?4 FROM accounts WHERE id = ?5`,
          )
          .bind(newId('adj'), amount, requestId, Date.now(), id),
        this.db.prepare('SELECT balance FROM accounts WHERE id = ?1').bind(id),
      ])
      const balance = rows[1]?.results[0]?.balance
      if (balance === undefined) return { ok: false as const, reason: 'not_found' as const }
      return { ok: true as const, balance }
    } catch (error) {
      if (isCheckViolation(error)) return { ok: false as const, reason: 'negative' as const }
      throw error
    }
  }
}

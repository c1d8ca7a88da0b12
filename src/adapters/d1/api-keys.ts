/** API keys in D1: only keyed hashes are stored (PLATFORM.md §3 rule 2). */

import type { ApiKeyInfo, ApiKeyStore, NewApiKey } from '../ports'

/** Minimum time between two `last_used_at` writes for one key, ms. */
const TOUCH_INTERVAL_MS = 60_000

interface KeyRow {
  balance?: number
  id: string
  account_id: string
  name: string
  display_prefix: string
  last4: string
  created_at: number
  last_used_at: number | null
  pepper_version: number
}

const toInfo = (row: KeyRow): ApiKeyInfo => ({
  id: row.id,
  accountId: row.account_id,
  name: row.name,
  displayPrefix: row.display_prefix,
  last4: row.last4,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
})

const COLUMNS =
  'id, account_id, name, display_prefix, last4, created_at, last_used_at, pepper_version'

/** The INSERT for a new key, so account creation can batch it with the account row. */
export function insertKeyStatement(db: D1Database, key: NewApiKey): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO api_keys (id, account_id, name, display_prefix, last4, key_hash,
         pepper_version, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`,
    )
    .bind(
      key.id,
      key.accountId,
      key.name,
      key.displayPrefix,
      key.last4,
      key.keyHash,
      key.pepperVersion,
      key.createdAt,
    )
}

/** D1-backed {@link ApiKeyStore}. */
export class D1ApiKeyStore implements ApiKeyStore {
  constructor(private readonly db: D1Database) {}

  async insert(key: NewApiKey): Promise<void> {
    await insertKeyStatement(this.db, key).run()
  }

  async findActiveByHash(keyHash: string) {
    // One round trip for both: authentication and the balance every caller needs next.
    const row = await this.db
      .prepare(
        `SELECT k.id, k.account_id, k.name, k.display_prefix, k.last4, k.created_at,
           k.last_used_at, k.pepper_version, a.balance
         FROM api_keys k JOIN accounts a ON a.id = k.account_id
         WHERE k.key_hash = ?1 AND k.revoked_at IS NULL`,
      )
      .bind(keyHash)
      .first<KeyRow>()
    return row
      ? { ...toInfo(row), pepperVersion: row.pepper_version, accountBalance: row.balance ?? 0 }
      : null
  }

  async listActive(accountId: string): Promise<ApiKeyInfo[]> {
    const { results } = await this.db
      .prepare(
        `SELECT ${COLUMNS} FROM api_keys WHERE account_id = ?1 AND revoked_at IS NULL
         ORDER BY created_at, id`,
      )
      .bind(accountId)
      .all<KeyRow>()
    return results.map(toInfo)
  }

  async revoke(accountId: string, id: string, now: number): Promise<boolean> {
    const result = await this.db
      .prepare(
        `UPDATE api_keys SET revoked_at = ?1
         WHERE id = ?2 AND account_id = ?3 AND revoked_at IS NULL`,
      )
      .bind(now, id, accountId)
      .run()
    return result.meta.changes === 1
  }

  async touch(id: string, now: number): Promise<void> {
    await this.db
      .prepare(
        `UPDATE api_keys SET last_used_at = ?1
         WHERE id = ?2 AND (last_used_at IS NULL OR last_used_at < ?1 - ?3)`,
      )
      .bind(now, id, TOUCH_INTERVAL_MS)
      .run()
  }

  async rehash(id: string, keyHash: string, pepperVersion: number): Promise<void> {
    await this.db
      .prepare('UPDATE api_keys SET key_hash = ?1, pepper_version = ?2 WHERE id = ?3')
      .bind(keyHash, pepperVersion, id)
      .run()
  }
}

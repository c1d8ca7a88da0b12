/**
 * API keys as the account holder and the operator manage them (PLATFORM.md §3): issue (the
 * secret is returned once), verify (checksum, then keyed-hash lookup, with pepper rotation),
 * list and revoke. Keys are stored only as HMAC-SHA-256(pepper, key).
 */

import type { ApiKeyInfo, ApiKeyStore, NewApiKey } from '../adapters/ports'
import type { VersionedSecret } from '../config'
import { displayParts, generateApiKey, isWellFormedApiKey } from '../lib/api-key-format'
import { toHex } from '../lib/bytes'
import { hmacSha256 } from '../lib/crypto'
import { newId } from '../lib/ids'

/** The peppers in use: `current` hashes new keys, `previous` still verifies old hashes. */
export interface Peppers {
  current: VersionedSecret | null
  previous: VersionedSecret | null
}

/** A key as returned at creation, the only time the secret is shown. */
export interface IssuedKey {
  id: string
  key: string
  name: string
  createdAt: number
}

/** The caller a key identifies. */
export interface KeyIdentity {
  accountId: string
  keyId: string
  /** The account's balance, read in the same query as the key (on the primary). */
  balance: number
  /** Work to do after responding (re-hashing under the current pepper), if any. */
  followUp?: () => Promise<void>
}

/** Thrown when no pepper is configured: keys can be neither issued nor verified. */
export class MissingPepperError extends Error {
  constructor() {
    super('API_KEY_PEPPER is not configured')
  }
}

const requireCurrent = (peppers: Peppers): VersionedSecret => {
  if (!peppers.current) throw new MissingPepperError()
  return peppers.current
}

/** Hex HMAC-SHA-256 of `key` under `pepper`. */
export const hashApiKey = async (pepper: string, key: string): Promise<string> =>
  toHex(await hmacSha256(pepper, key))

/** Makes a new key for `accountId`: the record to store and the one-time secret. */
export async function mintApiKey(
  peppers: Peppers,
  accountId: string,
  name: string,
): Promise<{ record: NewApiKey; issued: IssuedKey }> {
  const pepper = requireCurrent(peppers)
  const key = generateApiKey()
  const record: NewApiKey = {
    id: newId('key'),
    accountId,
    name,
    ...displayParts(key),
    createdAt: Date.now(),
    lastUsedAt: null,
    keyHash: await hashApiKey(pepper.secret, key),
    pepperVersion: pepper.version,
  }
  return { record, issued: { id: record.id, key, name, createdAt: record.createdAt } }
}

/** Issues and stores a new key for an existing account. */
export async function issueApiKey(
  ports: { apiKeys: ApiKeyStore; peppers: Peppers },
  accountId: string,
  name: string,
): Promise<IssuedKey> {
  const { record, issued } = await mintApiKey(ports.peppers, accountId, name)
  await ports.apiKeys.insert(record)
  return issued
}

/**
 * Identifies the caller of `key`, or returns null for a malformed, unknown or revoked key (one
 * answer for all three). Malformed keys and bad checksums never reach the database.
 */
export async function verifyApiKey(
  ports: { apiKeys: ApiKeyStore; peppers: Peppers },
  key: string,
): Promise<KeyIdentity | null> {
  if (!isWellFormedApiKey(key)) return null
  const current = requireCurrent(ports.peppers)
  const hash = await hashApiKey(current.secret, key)
  const found = await ports.apiKeys.findActiveByHash(hash)
  if (found) return { accountId: found.accountId, keyId: found.id, balance: found.accountBalance }
  const previous = ports.peppers.previous
  if (!previous) return null
  const old = await ports.apiKeys.findActiveByHash(await hashApiKey(previous.secret, key))
  if (!old) return null
  return {
    accountId: old.accountId,
    keyId: old.id,
    balance: old.accountBalance,
    followUp: () => ports.apiKeys.rehash(old.id, hash, current.version),
  }
}

/** The account's active keys, oldest first (no secrets). */
export const listApiKeys = (apiKeys: ApiKeyStore, accountId: string): Promise<ApiKeyInfo[]> =>
  apiKeys.listActive(accountId)

/** Revokes one of the account's keys at `now`; false when it has no such active key. */
export const revokeApiKey = (apiKeys: ApiKeyStore, accountId: string, id: string, now: number) =>
  apiKeys.revoke(accountId, id, now)

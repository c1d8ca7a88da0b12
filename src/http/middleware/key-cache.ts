/**
 * API keys this isolate verified a moment ago (PLATFORM.md §3 rule 8: isolate memory only, a
 * short TTL, documented in docs/api.md). Keyed by the key's keyed hash, never the key itself.
 * Only keys D1 found active are stored: an unknown or revoked key is looked up every time.
 */

/** How long a verified key is taken on trust, ms: a key revoked elsewhere works this long at most. */
export const KEY_CACHE_TTL_MS = 5_000

/** Keys remembered at most per isolate; the oldest entry goes first when full. */
export const KEY_CACHE_MAX_ENTRIES = 10_000

/** A verified key: whose it is, and the balance D1 returned with it. */
export interface VerifiedKey {
  accountId: string
  keyId: string
  /** The account's balance when the key was read (a hint for the pre-check, never reported). */
  balance: number
}

export interface KeyCacheOptions {
  /** How long an entry is served, ms (default {@link KEY_CACHE_TTL_MS}). */
  ttlMs?: number
  /** Most entries kept (default {@link KEY_CACHE_MAX_ENTRIES}). */
  maxEntries?: number
  /** The clock, epoch ms (default `Date.now`); tests drive it instead of sleeping. */
  now?: () => number
}

interface Entry extends VerifiedKey {
  keyHash: string
  expiresAt: number
}

/** A bounded map of verified keys that forgets each one after the TTL. */
export class KeyCache {
  readonly #ttlMs: number
  readonly #maxEntries: number
  readonly #now: () => number
  /** By key hash, oldest write first (a Map keeps insertion order). */
  readonly #byHash = new Map<string, Entry>()

  constructor(options: KeyCacheOptions = {}) {
    this.#ttlMs = options.ttlMs ?? KEY_CACHE_TTL_MS
    this.#maxEntries = options.maxEntries ?? KEY_CACHE_MAX_ENTRIES
    this.#now = options.now ?? Date.now
  }

  /** The key verified under `keyHash` within the TTL, or null. */
  get(keyHash: string): VerifiedKey | null {
    const entry = this.#byHash.get(keyHash)
    if (!entry) return null
    if (this.#now() >= entry.expiresAt) {
      this.#byHash.delete(keyHash)
      return null
    }
    return { accountId: entry.accountId, keyId: entry.keyId, balance: entry.balance }
  }

  /** Remembers a key D1 just found active, for one TTL from now. */
  set(keyHash: string, key: VerifiedKey): void {
    this.#byHash.delete(keyHash)
    if (this.#byHash.size >= this.#maxEntries) {
      const oldest = this.#byHash.keys().next()
      if (!oldest.done) this.#byHash.delete(oldest.value)
    }
    this.#byHash.set(keyHash, { ...key, keyHash, expiresAt: this.#now() + this.#ttlMs })
  }

  /** Forgets a key by its id (it was revoked): its next request here goes to D1 and gets 401. */
  forgetKey(keyId: string): void {
    for (const [hash, entry] of this.#byHash) {
      if (entry.keyId === keyId) this.#byHash.delete(hash)
    }
  }

  /** Entries held, expired ones included until they are next read. */
  get size(): number {
    return this.#byHash.size
  }
}

/** The cache of this isolate, shared by every request it serves. */
export const isolateKeyCache = new KeyCache()

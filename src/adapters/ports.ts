/**
 * Storage ports: what the request path needs from D1, R2, the Durable Objects and Workers AI, as
 * interfaces. Implementations live beside this file; `src/deps.ts` wires them from bindings.
 * Times are epoch ms.
 */

/** An account as the API sees it. */
export interface Account {
  id: string
  name: string
  balance: number
  createdAt: number
}

/** A new API key as stored: its display parts and keyed hash, never the secret. */
export type NewApiKey = ApiKeyInfo & { keyHash: string; pepperVersion: number }

/** Accounts and their balances (D1). */
export interface AccountStore {
  /**
   * Creates an account with its first API key and, when `credits > 0`, its opening top-up, all
   * in one transaction.
   */
  create(input: {
    id: string
    name: string
    credits: number
    requestId: string
    firstKey: NewApiKey
  }): Promise<Account>
  get(id: string): Promise<Account | null>
  /** Current balance read from the primary, or null when the account does not exist. */
  balance(id: string): Promise<number | null>
  /** Applies a signed operator adjustment; refused (not clamped) when it would go below zero. */
  adjust(
    id: string,
    amount: number,
    requestId: string,
  ): Promise<{ ok: true; balance: number } | { ok: false; reason: 'not_found' | 'negative' }>
}

/** An API key as listed to its owner (never the secret). */
export interface ApiKeyInfo {
  id: string
  accountId: string
  name: string
  displayPrefix: string
  last4: string
  createdAt: number
  lastUsedAt: number | null
}

/** API keys (D1), stored only as keyed hashes. */
export interface ApiKeyStore {
  insert(key: NewApiKey): Promise<void>
  /**
   * The active (not revoked) key with this hash and its account's balance, read together in one
   * query on the primary; null when there is no such key.
   */
  findActiveByHash(
    keyHash: string,
  ): Promise<(ApiKeyInfo & { pepperVersion: number; accountBalance: number }) | null>
  listActive(accountId: string): Promise<ApiKeyInfo[]>
  /** Revokes an active key of this account; false when there is none with that id. */
  revoke(accountId: string, id: string, now: number): Promise<boolean>
  /** Records use, at most once per minute per key. */
  touch(id: string, now: number): Promise<void>
  /** Re-hashes a key under the current pepper after it verified under the previous one. */
  rehash(id: string, keyHash: string, pepperVersion: number): Promise<void>
}

/** What a charge attempt found. */
export type ChargeOutcome =
  /** a new charge row was written and the balance lowered */
  | 'charged'
  /** the balance is too low (the CHECK constraint refused it) */
  | 'insufficient'
  /** a charge with this id exists and is unresolved: a crashed attempt this request takes over */
  | 'open'
  /** a charge with this id exists and already succeeded: the work is paid for */
  | 'succeeded'
  /** a charge with this id exists and was refunded: a new id is needed */
  | 'refunded'

/** Where an existing charge stands. */
export type ChargeState = Extract<ChargeOutcome, 'open' | 'succeeded' | 'refunded'>

/** One charge as the paid-request path asks for it. */
export interface ChargeRequest {
  id: string
  accountId: string
  amount: number
  operation: string
  requestId: string
  idempotencyKey: string | null
}

/** The append-only credit ledger (D1). */
export interface Ledger {
  charge(input: ChargeRequest): Promise<ChargeOutcome>
  /** Marks an unresolved charge succeeded; false when it was already resolved (e.g. swept). */
  succeed(chargeId: string): Promise<boolean>
  /** What became of a charge; null when there is no charge with this id. */
  outcome(chargeId: string): Promise<ChargeState | null>
  /** Refunds an unresolved charge exactly once; false when there was nothing to refund. */
  refund(chargeId: string, requestId: string): Promise<boolean>
  /** Refunds every unresolved charge of an idempotency key (crash recovery by the key's record). */
  refundOpenForKey(accountId: string, idempotencyKey: string, requestId: string): Promise<number>
  /** Refunds unresolved charges created before `before` (the cron sweep); returns how many. */
  sweep(before: number, requestId: string): Promise<number>
}

/** Metadata stored with an output object. */
export interface OutputMeta {
  contentType: string
  contentDisposition: string
}

/**
 * A file stored while it is being made, so a large one never sits whole in memory (R2: a
 * multipart upload once more than one part's worth has arrived, one put otherwise).
 */
export interface OutputUpload {
  /** Appends `parts` to the file; they must not change afterwards (views are kept until sent). */
  write(parts: readonly Uint8Array[]): Promise<void>
  /** Stores everything written as one object under the key. @returns its byte length */
  finish(): Promise<number>
  /** Gives up: nothing is stored and parts already sent are discarded. Never rejects. */
  abort(): Promise<void>
}

/** Output files (R2). */
export interface OutputStore {
  put(key: string, parts: readonly Uint8Array[], meta: OutputMeta): Promise<void>
  /** Starts a file written in pieces ({@link OutputUpload}). */
  upload(key: string, meta: OutputMeta): OutputUpload
  get(key: string): Promise<R2ObjectBody | null>
  head(key: string): Promise<R2Object | null>
  delete(keys: readonly string[]): Promise<void>
  /** The outputs one request is about to write, under a new `out/{accountId}/{ulid}/`. */
  batch(accountId: string): OutputBatch
}

/** How an output file is served. */
export interface OutputFileMeta {
  contentType: string
  /** `inline` shows it in a browser, `attachment` downloads it. */
  disposition: 'inline' | 'attachment'
  /** The name it downloads under. */
  filename: string
}

/**
 * The files of one paid request, under `out/{accountId}/{id}/{name}` (PLATFORM.md §5 rule 4).
 * A file joins the batch before its first byte is sent, so `discard()` also removes one whose put
 * was stored but never answered. Operations only write; the paid-request path alone discards.
 */
export interface OutputBatch {
  /** The batch's ULID: its folder, and the name its files download under. */
  readonly id: string
  /** The keys of the files written or being written. */
  readonly keys: readonly string[]
  /** Stores a finished file as `{name}` in the batch. @returns its key */
  put(name: string, parts: readonly Uint8Array[], meta: OutputFileMeta): Promise<string>
  /** Starts a file written in pieces as `{name}` in the batch. */
  upload(name: string, meta: OutputFileMeta): { key: string; upload: OutputUpload }
  /** Deletes every file of the batch (a failed or abandoned request). */
  discard(): Promise<void>
}

/** A stored response that an idempotent retry gets back byte for byte. */
export interface StoredResponse {
  status: number
  contentType: string
  body: string
}

/** What `begin` decided for an idempotency key. */
export type IdempotencyBegin =
  /**
   * `generation` identifies this life of the key (its creation time, ms): a key reused after it
   * expired starts a new generation, so its charges never collide with the old ones. `takeover`:
   * an earlier attempt crashed holding the key; its charge may still be open.
   */
  | { kind: 'proceed'; generation: number; attempt: number; takeover: boolean }
  | { kind: 'conflict' }
  | { kind: 'in_progress'; retryAfterSeconds: number }
  | { kind: 'replay'; response: StoredResponse }

/** The idempotency record of one (account, key) pair (a Durable Object). */
export interface IdempotencyStore {
  begin(fingerprint: string): Promise<IdempotencyBegin>
  complete(attempt: number, response: StoredResponse): Promise<void>
  release(attempt: number): Promise<void>
  /** Frees the key for any request: `attempt` was refused (a 4xx), so there is nothing to retry. */
  forget(attempt: number): Promise<void>
}

/** The per-account limits a gate enforces. */
export interface GateLimits {
  perMinute: number
  maxInflight: number
}

/** A gate decision with what the RateLimit headers report. */
export type GateDecision =
  | { ok: true; leaseId: string; remaining: number; resetSeconds: number }
  | {
      ok: false
      policy: 'minute' | 'concurrency'
      retryAfterSeconds: number
      remaining: number
      resetSeconds: number
    }

/** The per-account rate and concurrency gate (a Durable Object). */
export interface RateGate {
  acquire(limits: GateLimits): Promise<GateDecision>
  release(leaseId: string): Promise<void>
}

/** The image model /figures draws object figures with (Workers AI FLUX.2 when the AI binding is configured). */
export interface FigureModel {
  /**
   * Draws from an instruction and up to 4 reference images (each PNG, ≤ 512×512 px).
   * @param input.width output width, pixels (256..1920)
   * @param input.height output height, pixels (256..1920)
   * @returns the image file bytes (PNG or JPEG; WebP is let through too, as the decoders read it)
   * @throws on infrastructure failure (the model's error, or an answer that is not an image)
   */
  draw(input: {
    prompt: string
    references: Uint8Array[]
    width: number
    height: number
  }): Promise<Uint8Array>
}

/**
 * The text model /figures may ask to propose a figure's structure (Workers AI with JSON mode,
 * when the AI binding is configured). Its answer is only a proposal: the operation validates it
 * and holds it to the faithfulness checker like the rule reader's.
 */
export interface FigureReader {
  /**
   * Proposes the structure of the figure `prompt` describes.
   * @param schema the JSON schema the answer must follow
   * @returns the model's JSON answer, unvalidated
   * @throws on infrastructure failure (the model's error, or an answer that is not JSON)
   */
  propose(prompt: string, schema: Record<string, unknown>): Promise<unknown>
}

/**
 * The Worker's side of an IdempotencyRecord: implements the IdempotencyStore port over the DO stub
 * and keeps bodies above ~1.5 MB in R2 (a record row holds at most 2 MB; PLATFORM.md §1 rule 5).
 */

import { sha256Hex } from '../../lib/crypto'
import type { IdempotencyBegin, IdempotencyStore, StoredResponse } from '../ports'
import type { IdempotencyRecord } from './idempotency-record'

/** Bodies longer than this (UTF-16 code units, ≈ bytes for JSON) are stored in R2. */
export const INLINE_BODY_LIMIT = 1_500_000

/** {@link IdempotencyStore} for one account and key. */
export class DurableIdempotencyStore implements IdempotencyStore {
  readonly #stub: DurableObjectStub<IdempotencyRecord>

  constructor(
    namespace: DurableObjectNamespace<IdempotencyRecord>,
    private readonly files: R2Bucket,
    private readonly accountId: string,
    private readonly key: string,
  ) {
    this.#stub = namespace.get(namespace.idFromName(`idem:${accountId}:${key}`))
  }

  async begin(fingerprint: string): Promise<IdempotencyBegin> {
    const result = await this.#stub.begin({ fingerprint, accountId: this.accountId, key: this.key })
    if (result.kind !== 'replay' || !result.response.bodyRef) return result
    const object = await this.files.get(result.response.bodyRef)
    if (!object) throw new Error(`stored idempotent response ${result.response.bodyRef} is missing`)
    const { status, contentType } = result.response
    return { kind: 'replay', response: { status, contentType, body: await object.text() } }
  }

  async complete(attempt: number, response: StoredResponse): Promise<void> {
    if (response.body.length <= INLINE_BODY_LIMIT) {
      await this.#stub.complete({ attempt, response })
      return
    }
    const bodyRef = `idem/${this.accountId}/${await sha256Hex(this.key)}/${attempt}.json`
    await this.files.put(bodyRef, response.body, {
      httpMetadata: { contentType: response.contentType },
    })
    await this.#stub.complete({ attempt, response: { ...response, body: '', bodyRef } })
  }

  async release(attempt: number): Promise<void> {
    await this.#stub.release({ attempt })
  }

  async forget(attempt: number): Promise<void> {
    await this.#stub.forget({ attempt })
  }
}

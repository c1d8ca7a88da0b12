/** The Worker's side of an AccountGate: implements the RateGate port over the DO stub. */

import type { GateDecision, GateLimits, RateGate } from '../ports'
import type { AccountGate } from './account-gate'

/** {@link RateGate} for one account. */
export class DurableRateGate implements RateGate {
  readonly #stub: DurableObjectStub<AccountGate>

  constructor(namespace: DurableObjectNamespace<AccountGate>, accountId: string) {
    this.#stub = namespace.get(namespace.idFromName(`gate:${accountId}`))
  }

  acquire(limits: GateLimits): Promise<GateDecision> {
    return this.#stub.acquire(limits)
  }

  async release(leaseId: string): Promise<void> {
    await this.#stub.release(leaseId)
  }
}

/**
 * The crash-safety sweep (PLATFORM.md §4 rule 6), run by a Cron Trigger every 5 minutes: charges
 * still unresolved 30 minutes after they were made belong to requests that died (the processing
 * timeout is 5 minutes), so they are refunded.
 */

import type { Ledger } from '../adapters/ports'
import { newId } from '../lib/ids'

/** Age after which an unresolved charge is considered abandoned, ms. */
export const ABANDONED_CHARGE_MS = 30 * 60 * 1000

/** Refunds abandoned charges; returns how many were refunded. */
export function sweepAbandonedCharges(ledger: Ledger, nowMs = Date.now()): Promise<number> {
  return ledger.sweep(nowMs - ABANDONED_CHARGE_MS, newId('sweep'))
}

/**
 * The Worker entry: the HTTP app, the refund sweep (Cron Trigger), and the Durable Object
 * classes.
 */

import { createApp } from './app'
import { createDeps } from './deps'
import type { Bindings } from './env'
import { log } from './lib/log'
import { sweepAbandonedCharges } from './operations/sweep-charges'

export { AccountGate } from './adapters/durable-objects/account-gate'
export { IdempotencyRecord } from './adapters/durable-objects/idempotency-record'

const app = createApp()

export default {
  fetch: app.fetch,
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(
      sweepAbandonedCharges(createDeps(env).ledger).then(
        (refunded) => log('info', 'charge sweep', { refunded }),
        (error) => log('error', 'charge sweep failed', { error }),
      ),
    )
  },
} satisfies ExportedHandler<Bindings>

/**
 * The composition root: turns bindings into the ports the request path uses. Apart from the
 * Durable Objects themselves, this is the only file outside adapters/ that touches bindings.
 */

import { FluxFigureModel } from './adapters/ai/flux-figure-model'
import { WorkersAiFigureReader } from './adapters/ai/text-figure-reader'
import { D1AccountStore } from './adapters/d1/accounts'
import { D1ApiKeyStore } from './adapters/d1/api-keys'
import { D1Ledger } from './adapters/d1/ledger'
import { dohResolver, type Resolver } from './adapters/dns/doh-resolver'
import { DurableRateGate } from './adapters/durable-objects/gate-client'
import { DurableIdempotencyStore } from './adapters/durable-objects/idempotency-client'
import type {
  AccountStore,
  ApiKeyStore,
  FigureModel,
  FigureReader,
  IdempotencyStore,
  Ledger,
  OutputStore,
  RateGate,
} from './adapters/ports'
import { R2OutputStore } from './adapters/r2/outputs'
import { type Config, readConfig } from './config'
import type { Bindings } from './env'
import type { Kernels } from './kernels/kernels'
import { WORKERD_KERNELS } from './kernels/workerd'
import type { PaidOperation } from './operations/pricing'

/** Longest a paid request may process before it fails and is refunded, ms. */
const PROCESSING_TIMEOUT_MS = 5 * 60 * 1000

/**
 * Steps 10-11 of a paid request (engine and storage) run through this, within its time budget.
 * Production runs the work as it is; fault tests wrap it to make an engine throw or overrun.
 */
export interface Processing {
  /** Longest a request may process before it fails and is refunded, ms. */
  timeoutMs: number
  /** Runs one operation's engine and storage work and returns what it returns. */
  run<T>(operation: PaidOperation, work: () => Promise<T>): Promise<T>
}

/** Everything a request needs, behind ports. */
export interface Deps {
  config: Config
  accounts: AccountStore
  apiKeys: ApiKeyStore
  ledger: Ledger
  outputs: OutputStore
  /** The idempotency record for one account and key. */
  idempotency(accountId: string, key: string): IdempotencyStore
  /** The rate/concurrency gate of one account. */
  gate(accountId: string): RateGate
  /** DNS for the SSRF guard. */
  resolver: Resolver
  /** The image model /figures draws with; null when the AI binding is not configured. */
  figureModel: FigureModel | null
  /** The text model /figures may ask to read a prompt; null without the AI binding. */
  figureReader: FigureReader | null
  processing: Processing
  /** The compiled wasm modules and bundled data the operations run with. */
  kernels: Kernels
}

/** Builds the ports for one request (cheap: no I/O happens here). */
export function createDeps(env: Bindings): Deps {
  const config = readConfig(env)
  return {
    config,
    accounts: new D1AccountStore(env.DB),
    apiKeys: new D1ApiKeyStore(env.DB),
    ledger: new D1Ledger(env.DB),
    outputs: new R2OutputStore(env.FILES),
    idempotency: (accountId, key) =>
      new DurableIdempotencyStore(env.IDEM, env.FILES, accountId, key),
    gate: (accountId) => new DurableRateGate(env.GATE, accountId),
    resolver: dohResolver(config.dohUrl),
    figureModel: env.AI ? new FluxFigureModel(env.AI) : null,
    figureReader: env.AI ? new WorkersAiFigureReader(env.AI) : null,
    processing: { timeoutMs: PROCESSING_TIMEOUT_MS, run: (_operation, work) => work() },
    kernels: WORKERD_KERNELS,
  }
}

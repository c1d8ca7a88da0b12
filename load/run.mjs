// `npm run load [-- --duration 30 --accounts 20 --connections 16]`: a fixed-time load run against
// `wrangler dev` on 127.0.0.1 (fresh local D1/R2/DO state, migrations applied), then the ledger
// invariants straight from D1. Prints one table per endpoint and each invariant with PASS/FAIL,
// writes bench/out/load/report-<time>.json, and exits 1 on any violation.
//
// Rate limits (the --var overrides): RL_MAX_INFLIGHT stays at the production 4, so the
// concurrency gate is live and its 429s are counted in their own column; RL_PER_MINUTE is raised
// from 60 to 6000 per account, because 60 a minute across 20 accounts would cap the whole run at
// 20 POSTs a second and the run would measure the limiter instead of the service.

import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { printTable } from '../bench/support/table.mjs'
import {
  benchStateDir,
  createBenchAccount,
  startWranglerDev,
} from '../bench/support/wrangler-dev.mjs'
import { requestBodies } from './fixtures.mjs'
import { checkInvariants, printChecks, settle } from './invariants.mjs'
import { createMix } from './mix.mjs'
import { ENDPOINT_LABELS, printEndpointTables, scenarioTable, summarize } from './stats.mjs'

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    accounts: { type: 'string', default: '20' },
    'poor-accounts': { type: 'string', default: '2' },
    'poor-credits': { type: 'string', default: '3' },
    connections: { type: 'string', default: '16' },
    drain: { type: 'string', default: '5' },
    seed: { type: 'string', default: '1' },
    'rl-per-minute': { type: 'string', default: '6000' },
    'rl-inflight': { type: 'string', default: '4' },
    // A copy of the tree's wrangler.toml, so edits saved during the run do not reload the Worker.
    config: { type: 'string', default: 'wrangler.toml' },
  },
})
const DURATION_S = Number(args.duration)
const CONNECTIONS = Number(args.connections)
/** The last seconds send only GET /v1/credits, so the POSTs in flight finish before the stop. */
const DRAIN_S = Math.min(Number(args.drain), DURATION_S / 3)
const NAME = 'load'
const state = benchStateDir(NAME)

/** A case-insensitive header read from autocannon's header object. */
const header = (headers, name) => {
  for (const [k, v] of Object.entries(headers ?? {})) {
    if (k.toLowerCase() === name) return Array.isArray(v) ? v[0] : v
  }
  return null
}

/** The record of one response. */
function record(job, status, body, headers, latencyMs, phase) {
  let code = null
  if (status >= 400) {
    try {
      code = JSON.parse(body).error.code
    } catch {}
  }
  return {
    phase,
    endpoint: job.endpoint,
    scenario: job.scenario,
    accountId: job.account.accountId,
    key: job.key ?? null,
    cost: job.cost ?? 0,
    status,
    code,
    latencyMs,
    requestId: header(headers, 'x-request-id'),
    // wrangler dev's own 503 when a source file changed and it reloaded the Worker mid-request
    // (other work in the same tree): the isolate was torn down, as in a crash.
    devReload: status === 503 && body.includes('restarted mid-request'),
    replayed: header(headers, 'idempotent-replayed') === 'true',
    // Bodies are kept for paid 200s only: the invariants compare replays and creditsConsumed.
    body: status === 200 && job.endpoint !== 'credits' ? body : '',
  }
}

async function send(url, job) {
  const started = performance.now()
  const response = await fetch(`${url}${job.path}`, {
    method: job.method,
    headers: job.headers,
    body: job.body,
  })
  const body = await response.text()
  return record(
    job,
    response.status,
    body,
    Object.fromEntries(response.headers),
    performance.now() - started,
    'warm-up',
  )
}

function runAutocannon(url, next, records) {
  const startedAt = performance.now()
  const drainAt = startedAt + (DURATION_S - DRAIN_S) * 1000
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION_S,
        // A slow /enhance under contention must not be cut off by the client: an abandoned
        // request leaves its charge to the sweep.
        timeout: 120,
        requests: [
          {
            setupRequest(request, context) {
              const job = next(performance.now() >= drainAt)
              context.job = job
              context.sentAt = performance.now()
              return {
                ...request,
                method: job.method,
                path: job.path,
                headers: job.headers,
                body: job.body,
              }
            },
            onResponse(status, body, context, headers) {
              records.push(
                record(
                  context.job,
                  status,
                  body,
                  headers,
                  performance.now() - context.sentAt,
                  'load',
                ),
              )
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    )
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false })
  })
}

async function main() {
  // Fresh state: the invariants are about this run's ledger only.
  rmSync(join(state, 'v3'), { recursive: true, force: true })
  const vars = { RL_PER_MINUTE: args['rl-per-minute'], RL_MAX_INFLIGHT: args['rl-inflight'] }
  console.log(
    `Load: wrangler dev on 127.0.0.1, ${args.accounts} accounts + ${args['poor-accounts']} with ${args['poor-credits']} credits, ${CONNECTIONS} connections, ${DURATION_S} s (last ${DRAIN_S.toFixed(1)} s GET /v1/credits only), RL_PER_MINUTE=${vars.RL_PER_MINUTE}, RL_MAX_INFLIGHT=${vars.RL_MAX_INFLIGHT}`,
  )
  const app = await startWranglerDev({ name: NAME, config: args.config, migrate: true, vars })
  let stopped = false
  const stop = async () => {
    if (!stopped) {
      stopped = true
      await app.stop()
    }
  }
  try {
    const accounts = []
    for (let i = 0; i < Number(args.accounts); i++) {
      accounts.push(await createBenchAccount(app.url, { name: `load-${i}`, credits: 1_000_000 }))
    }
    for (let i = 0; i < Number(args['poor-accounts']); i++) {
      const poor = await createBenchAccount(app.url, {
        name: `load-poor-${i}`,
        credits: Number(args['poor-credits']),
      })
      accounts.push({ ...poor, poor: true })
    }
    const bodies = requestBodies()
    const runId = Date.now().toString(36)
    const next = createMix({ accounts, bodies, seed: Number(args.seed), runId })

    // Warm-up: one request per endpoint from the first account (isolate start, wasm and model
    // instantiation), outside the timed window but inside the ledger checks.
    const records = []
    const rich = accounts[0]
    for (const [endpoint, variants] of Object.entries(bodies)) {
      const body = variants[0]
      records.push(
        await send(app.url, {
          endpoint,
          scenario: 'warm-up',
          account: rich,
          cost: body.cost,
          method: 'POST',
          path: body.path,
          headers: { authorization: `Bearer ${rich.apiKey}`, 'content-type': body.contentType },
          body: body.body,
        }),
      )
    }
    const warm = records.filter((r) => r.status !== 200)
    if (warm.length) throw new Error(`warm-up failed: ${JSON.stringify(warm)}`)

    const result = await runAutocannon(app.url, next, records)
    const loadRecords = records.filter((r) => r.phase === 'load')
    const openAtEnd = await settle(state, args.config)
    await stop()

    const summaries = Object.keys(ENDPOINT_LABELS).map((endpoint) =>
      summarize(
        endpoint,
        loadRecords.filter((r) => r.endpoint === endpoint),
        DURATION_S,
      ),
    )
    console.log(
      `\n${loadRecords.length} responses in ${DURATION_S} s (${(loadRecords.length / DURATION_S).toFixed(1)} req/s); autocannon: ${result.errors} socket errors, ${result.timeouts} timeouts, ${result.requests.sent - result.requests.total} requests unanswered when the clients stopped`,
    )
    printEndpointTables(summaries)

    const scenarios = scenarioTable(loadRecords)
    const statusLabels = [...new Set(scenarios.flatMap((r) => Object.keys(r)))]
      .filter((k) => k.startsWith('HTTP'))
      .sort()
    const labels = ['scenario', 'requests', ...statusLabels]
    console.log('\nPOSTs by Idempotency-Key scenario (status and code)')
    printTable(scenarios.map((r) => Object.fromEntries(labels.map((k) => [k, r[k] ?? 0]))))

    console.log(`\nInvariants (local D1 at ${state}; ${openAtEnd} charges open after settling)`)
    const { checks, ledger } = await checkInvariants(state, records, args.config)
    printChecks(checks)
    const failed = checks.filter((c) => !c.pass)

    const report = {
      at: new Date().toISOString(),
      options: { ...args, drainSeconds: DRAIN_S },
      environment: 'wrangler dev (workerd) on 127.0.0.1; local D1/R2/DO; machine shared',
      autocannon: {
        sent: result.requests.sent,
        answered: result.requests.total,
        errors: result.errors,
        timeouts: result.timeouts,
      },
      endpoints: summaries,
      scenarios,
      ledger,
      invariants: checks,
      pass: failed.length === 0,
    }
    const path = join(state, `report-${report.at.replace(/[:.]/g, '-')}.json`)
    writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`)
    console.log(`\nReport: ${path}`)
    if (failed.length) {
      console.log(`${failed.length} invariant(s) violated`)
      process.exitCode = 1
    }
  } finally {
    await stop()
  }
}

await main()

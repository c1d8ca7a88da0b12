// Per-endpoint statistics of the load run, computed from one record per response (autocannon's
// own histograms are per run, not per endpoint): throughput, latency percentiles, status
// breakdown and error rate, printed as one table per endpoint.

import { printTable } from '../bench/support/table.mjs'

/** Statuses each endpoint may return (PLATFORM.md §0); anything else is a contract violation. */
export const SPEC_STATUSES = {
  credits: [200, 401],
  convert: [200, 400, 401, 402, 409, 422, 429, 500],
  vectorize: [200, 400, 401, 402, 409, 422, 429, 500],
  enhance: [200, 400, 401, 402, 409, 422, 429, 500],
}

export const ENDPOINT_LABELS = {
  credits: 'GET /v1/credits',
  convert: 'POST /v1/convert',
  vectorize: 'POST /v1/vectorize',
  enhance: 'POST /v1/enhance',
}

/** The value at quantile `q` (0-1) of ascending `sorted`, nearest rank. */
export function quantile(sorted, q) {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]
}

const fixed = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-')

/**
 * Summary of the records of one endpoint over `seconds` of load.
 * Error rate counts 5xx and statuses outside the spec set; 402, 409 and 429 are answers the mix
 * provokes on purpose (poor accounts, reused keys, the concurrency gate) and have their own columns,
 * as do the 503s of `wrangler dev` itself when it reloads the Worker after a source file changed.
 */
export function summarize(endpoint, records, seconds) {
  const latencies = records.map((r) => r.latencyMs).sort((a, b) => a - b)
  const count = (test) => records.filter(test).length
  const allowed = SPEC_STATUSES[endpoint]
  const reloads = count((r) => r.devReload)
  const server = count((r) => r.status >= 500 && !r.devReload)
  const offSpec = count((r) => !allowed.includes(r.status) && !r.devReload)
  const statuses = {}
  for (const r of records) {
    const label = r.devReload
      ? '503 wrangler dev reload'
      : r.code
        ? `${r.status} ${r.code}`
        : String(r.status)
    statuses[label] = (statuses[label] ?? 0) + 1
  }
  return {
    endpoint,
    requests: records.length,
    rps: records.length / seconds,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
    ok: count((r) => r.status === 200 && !r.replayed),
    replayed: count((r) => r.replayed),
    s402: count((r) => r.status === 402),
    s409: count((r) => r.status === 409),
    s429: count((r) => r.status === 429),
    otherClient: count(
      (r) => r.status >= 400 && r.status < 500 && ![402, 409, 429].includes(r.status),
    ),
    server,
    offSpec,
    reloads,
    errorRate: records.length ? (server + offSpec) / records.length : 0,
    statuses,
  }
}

/** One table per endpoint: the figures, then its status breakdown by error code. */
export function printEndpointTables(summaries) {
  for (const s of summaries) {
    console.log(`\n${ENDPOINT_LABELS[s.endpoint]}`)
    printTable([
      {
        requests: s.requests,
        'req/s': fixed(s.rps),
        'p50 ms': fixed(s.p50, 0),
        'p95 ms': fixed(s.p95, 0),
        'p99 ms': fixed(s.p99, 0),
        'max ms': fixed(s.max, 0),
        'new 200': s.ok,
        'replayed 200': s.replayed,
        'HTTP 402': s.s402,
        'HTTP 409': s.s409,
        'HTTP 429': s.s429,
        'other 4xx': s.otherClient,
        'HTTP 5xx': s.server,
        'dev reload 503': s.reloads,
        'error rate': `${fixed(s.errorRate * 100, 2)}%`,
      },
    ])
    const breakdown = Object.entries(s.statuses).sort(([a], [b]) => a.localeCompare(b))
    console.log(`  statuses: ${breakdown.map(([k, v]) => `${k}: ${v}`).join(', ') || 'none'}`)
  }
}

/** Status counts per idempotency scenario (none, fresh key, replay, conflict), all POSTs. */
export function scenarioTable(records) {
  const rows = new Map()
  for (const r of records) {
    if (r.endpoint === 'credits') continue
    const row = rows.get(r.scenario) ?? { scenario: r.scenario, requests: 0 }
    row.requests++
    const label = r.devReload
      ? 'HTTP 503 wrangler dev reload'
      : r.replayed
        ? 'HTTP 200 replayed'
        : r.code
          ? `HTTP ${r.status} ${r.code}`
          : `HTTP ${r.status}`
    row[label] = (row[label] ?? 0) + 1
    rows.set(r.scenario, row)
  }
  return [...rows.values()]
}

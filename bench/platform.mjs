// Platform overhead under `wrangler dev`: requests/s and p50/p99 latency of GET /v1/credits and a
// small POST /v1/convert, beside a bare Hono handler in the same runtime, printed as ratios.
// The four loads run in turns, BENCH_ROUNDS times, and each figure is the median of its rounds,
// so a neighbour's load on the machine weighs on all four alike. Beside throughput, the CPU time
// each `wrangler dev` spends per request, read from /proc for its processes (the workerd that
// runs the Worker with D1, R2 and the Durable Objects, the proxy workerd in front of it, and
// wrangler's Node process, which relays the Worker's console output): a figure that stays put
// when other work shares the cores, where requests/s do not.
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'
import { loadEngine } from './support/engine.mjs'
import { benchAccount, multipart, startWranglerDev } from './support/wrangler-dev.mjs'

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8)
/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_S = 100

function load(options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION_S, connections: CONNECTIONS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    )
  })
}

/** The processes of one `wrangler dev`, each named for its role. */
function processesOf(server) {
  const roles = new Map()
  for (const pid of server.workerdPids()) {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    roles.set(pid, args.includes('--inspector-addr') ? 'runtime' : 'proxy')
    // wrangler's Node process (and npx's shell, which idles) sit between workerd and us.
    for (let p = parentOf(pid); p > 1 && p !== process.pid; p = parentOf(p)) {
      if (!roles.has(p)) roles.set(p, 'wrangler')
    }
  }
  return roles
}

const parentOf = (pid) =>
  Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1])

/** CPU seconds used so far by each role. */
function cpuByRole(roles) {
  const out = { runtime: 0, proxy: 0, wrangler: 0 }
  for (const [pid, role] of roles) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
      out[role] += (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S
    } catch {
      // The process ended: it used nothing more.
    }
  }
  return out
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** Runs one load against a server and returns its figures, CPU included. */
async function measure(roles, options) {
  const before = cpuByRole(roles)
  const r = await load(options)
  const after = cpuByRole(roles)
  const n = Math.max(1, r.requests.total)
  const cpuMs = Object.fromEntries(
    Object.keys(after).map((role) => [role, ((after[role] - before[role]) * 1000) / n]),
  )
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors + r.timeouts,
    total: r.requests.total,
    cpuMs: { ...cpuMs, all: cpuMs.runtime + cpuMs.proxy + cpuMs.wrangler },
  }
}

/** The medians of a scenario's rounds (counts summed). */
function summarize(name, rounds) {
  const pick = (f) => median(rounds.map(f))
  return {
    name,
    rps: pick((r) => r.rps),
    p50: pick((r) => r.p50),
    p99: pick((r) => r.p99),
    bad: rounds.reduce((s, r) => s + r.bad, 0),
    total: rounds.reduce((s, r) => s + r.total, 0),
    cpuMs: Object.fromEntries(
      Object.keys(rounds[0].cpuMs).map((role) => [role, pick((r) => r.cpuMs[role])]),
    ),
  }
}

export async function runPlatformBench() {
  const engine = await loadEngine()
  const app = await startWranglerDev({
    name: 'platform',
    migrate: true,
    vars: { RL_PER_MINUTE: '1000000000', RL_MAX_INFLIGHT: '100000' },
  })
  const bare = await startWranglerDev({ name: 'bare', config: 'bench/bare/wrangler.toml' })
  try {
    const key = await benchAccount(app.url)
    const auth = { authorization: `Bearer ${key}` }
    // A small drawing: 64x48 px in, a 2048 px PNG out (the 300 DPI preset).
    const encoder = engine.createPngEncoder({ width: 64, height: 48, channels: 1 })
    for (let y = 0; y < 48; y++) await encoder.write(new Uint8Array(64).fill(y % 8 ? 255 : 0))
    const png = engine.concatBytes((await encoder.finish()).parts)
    const form = multipart(png)
    const appRoles = processesOf(app)
    const bareRoles = processesOf(bare)

    const scenarios = [
      ['bare Hono GET', bareRoles, { url: `${bare.url}/` }],
      ['GET /v1/credits', appRoles, { url: `${app.url}/v1/credits`, headers: auth }],
      ['bare Hono GET + one D1 query', bareRoles, { url: `${bare.url}/d1` }],
      [
        'bare Hono POST (same body)',
        bareRoles,
        {
          url: `${bare.url}/`,
          method: 'POST',
          body: form.body,
          headers: { 'content-type': form.contentType },
        },
      ],
      [
        'POST /v1/convert (64x48 PNG -> 2048 px PNG)',
        appRoles,
        {
          url: `${app.url}/v1/convert`,
          method: 'POST',
          body: form.body,
          headers: { ...auth, 'content-type': form.contentType },
        },
      ],
    ]
    // One short pass first: module compilation, JIT and the first D1 and DO calls are not load.
    for (const [, , options] of scenarios) await load({ ...options, duration: 1 })
    const rounds = scenarios.map(() => [])
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, [, roles, options]] of scenarios.entries()) {
        rounds[i].push(await measure(roles, options))
      }
    }
    const results = scenarios.map(([name], i) => summarize(name, rounds[i]))
    const [bareGet, credits, bareD1, barePost, convert] = results
    console.log(
      `\nPlatform under wrangler dev (${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s ` +
        'each in turn, medians; one workerd per server)\n',
    )
    console.table(
      results.map((r) => ({
        request: r.name,
        'req/s': r.rps.toFixed(1),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'non-2xx/errors': r.bad,
        requests: r.total,
        'CPU ms/req': r.cpuMs.all.toFixed(2),
        runtime: r.cpuMs.runtime.toFixed(2),
        proxy: r.cpuMs.proxy.toFixed(2),
        wrangler: r.cpuMs.wrangler.toFixed(2),
      })),
    )
    const ratios = (a, b) =>
      `${(a.rps / b.rps).toFixed(3)}x the throughput (${(b.cpuMs.all / a.cpuMs.all).toFixed(3)}x by CPU per request), +${(a.p50 - b.p50).toFixed(1)} ms p50`
    console.log(
      `GET /v1/credits vs bare GET: ${ratios(credits, bareGet)} (auth: HMAC-SHA-256 + one D1 query that returns the key and the balance, one access-log line)`,
    )
    console.log(
      `GET /v1/credits vs bare GET + one D1 query: ${ratios(credits, bareD1)} (the floor of a route that reads the primary once, as PLATFORM.md requires of the balance; bare GET + D1 vs bare GET: ${ratios(bareD1, bareGet)})`,
    )
    console.log(
      `POST /v1/convert vs bare POST: ${ratios(convert, barePost)} (gate DO, D1 charge, decode/resample/encode a 2048x1536 PNG, R2 put, ledger)`,
    )
    return results
  } finally {
    await Promise.all([app.stop(), bare.stop()])
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runPlatformBench()

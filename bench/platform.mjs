// Platform overhead under `wrangler dev`: requests/s and p50/p99 latency of GET /v1/credits and a
// small POST /v1/convert, beside a bare Hono handler in the same runtime, printed as ratios.
import autocannon from 'autocannon'
import { loadEngine } from './support/engine.mjs'
import { benchAccount, multipart, startWranglerDev } from './support/wrangler-dev.mjs'

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8)

function load(options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION_S, connections: CONNECTIONS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    )
  })
}

const row = (name, r) => ({
  name,
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  bad: r.non2xx + r.errors + r.timeouts,
  total: r.requests.total,
})

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

    const results = []
    results.push(row('bare Hono GET', await load({ url: `${bare.url}/` })))
    results.push(
      row('GET /v1/credits', await load({ url: `${app.url}/v1/credits`, headers: auth })),
    )
    results.push(
      row(
        'bare Hono POST (same body)',
        await load({
          url: `${bare.url}/`,
          method: 'POST',
          body: form.body,
          headers: { 'content-type': form.contentType },
        }),
      ),
    )
    results.push(
      row(
        'POST /v1/convert (64x48 PNG -> 2048 px PNG)',
        await load({
          url: `${app.url}/v1/convert`,
          method: 'POST',
          body: form.body,
          headers: { ...auth, 'content-type': form.contentType },
        }),
      ),
    )
    const [bareGet, credits, barePost, convert] = results
    console.log(
      `\nPlatform under wrangler dev (${CONNECTIONS} connections, ${DURATION_S} s each, one workerd)\n`,
    )
    console.table(
      results.map((r) => ({
        request: r.name,
        'req/s': r.rps.toFixed(0),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'non-2xx/errors': r.bad,
        requests: r.total,
      })),
    )
    console.log(
      `GET /v1/credits vs bare GET: ${(credits.rps / bareGet.rps).toFixed(2)}x the throughput, ` +
        `+${(credits.p50 - bareGet.p50).toFixed(1)} ms p50 (auth: HMAC-SHA-256 + one D1 query that returns the key and the balance)`,
    )
    console.log(
      `POST /v1/convert vs bare POST: ${(convert.rps / barePost.rps).toFixed(3)}x the throughput, ` +
        `+${(convert.p50 - barePost.p50).toFixed(1)} ms p50 (gate DO, D1 charge, decode/resample/encode a 2048x1536 PNG, R2 put, ledger)`,
    )
    return results
  } finally {
    await Promise.all([app.stop(), bare.stop()])
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runPlatformBench()

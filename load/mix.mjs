// The request mix of the load run: which endpoint, account and Idempotency-Key scenario each next
// request gets, drawn from a seeded generator so two runs send the same sequence of choices.
// Keyed scenarios: `fresh` (a new key), `replay` (an earlier key of the account with its exact
// body: a replay, or 409 REQUEST_IN_PROGRESS while the first is still running) and `conflict`
// (an earlier key with the other variant's body: 409 IDEMPOTENCY_CONFLICT).

import { random as seededRandom } from '../bench/support/random.mjs'

/** Share of requests per endpoint (the rest of the mix is POSTs). */
export const ENDPOINT_WEIGHTS = { credits: 0.3, convert: 0.3, vectorize: 0.2, enhance: 0.2 }
/** Share of POSTs per Idempotency-Key scenario. */
export const SCENARIO_WEIGHTS = { none: 0.5, fresh: 0.3, replay: 0.12, conflict: 0.08 }

/** Share of requests sent by the accounts with few credits, so 402s happen even in short runs. */
export const POOR_SHARE = 0.1

function pick(random, weights) {
  let r = random() * Object.values(weights).reduce((a, b) => a + b, 0)
  for (const [name, weight] of Object.entries(weights)) {
    r -= weight
    if (r < 0) return name
  }
  return Object.keys(weights).at(-1)
}

/**
 * Builds the generator of jobs.
 * @param {{ accounts: { accountId: string, apiKey: string }[], bodies: ReturnType<typeof import('./fixtures.mjs').requestBodies>, seed: number, runId: string }} options
 * @returns {(drain: boolean) => Job} next job; while draining only GET /v1/credits, so the POSTs
 *   in flight finish before the clients are stopped
 */
export function createMix({ accounts, bodies, seed, runId }) {
  const random = seededRandom(seed)
  const poor = accounts.filter((a) => a.poor)
  const rich = accounts.filter((a) => !a.poor)
  /** Keys each account has sent, with the endpoint and variant their first use had. */
  const usedKeys = new Map(accounts.map((a) => [a.accountId, []]))
  let keyCounter = 0
  return function next(drain) {
    const pool = poor.length > 0 && random() < POOR_SHARE ? poor : rich
    const account = pool[Math.floor(random() * pool.length)]
    const endpoint = drain ? 'credits' : pick(random, ENDPOINT_WEIGHTS)
    const headers = { authorization: `Bearer ${account.apiKey}` }
    if (endpoint === 'credits') {
      return { endpoint, scenario: 'none', account, method: 'GET', path: '/v1/credits', headers }
    }
    let scenario = pick(random, SCENARIO_WEIGHTS)
    const history = usedKeys.get(account.accountId)
    if ((scenario === 'replay' || scenario === 'conflict') && history.length === 0)
      scenario = 'fresh'
    let key = null
    let target = endpoint
    let variant = 0
    if (scenario === 'fresh') {
      key = `load-${runId}-${++keyCounter}`
      variant = random() < 0.5 ? 0 : 1
      history.push({ key, endpoint, variant })
    } else if (scenario !== 'none') {
      const used = history[Math.floor(random() * history.length)]
      key = used.key
      target = used.endpoint
      variant = scenario === 'replay' ? used.variant : 1 - used.variant
    }
    const body = bodies[target][variant]
    if (key) headers['idempotency-key'] = key
    headers['content-type'] = body.contentType
    return {
      endpoint: target,
      scenario,
      account,
      key,
      variant,
      cost: body.cost,
      method: 'POST',
      path: body.path,
      headers,
      body: body.body,
    }
  }
}

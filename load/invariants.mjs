// The ledger invariants, checked straight from the local D1 database after the run has settled
// (PLATFORM.md §4): balances equal their ledgers, every charge is resolved exactly once, no 5xx
// keeps its credits, no Idempotency-Key is charged twice. The responses collected during the run
// (status, X-Request-Id, body) are matched against the ledger's request ids.

import { d1Query } from '../bench/support/wrangler-dev.mjs'
import { SPEC_STATUSES } from './stats.mjs'

const BALANCES = `SELECT a.id AS account_id, a.balance AS balance,
  COALESCE((SELECT SUM(amount) FROM credit_ledger l WHERE l.account_id = a.id), 0) AS ledger_sum
  FROM accounts a ORDER BY a.id`

const LEDGER = `SELECT id, account_id, kind, amount, ref_id, request_id, idempotency_key, outcome,
  created_at FROM credit_ledger WHERE kind IN ('charge', 'refund') ORDER BY created_at`

const OPEN_CHARGES = `SELECT COUNT(*) AS open FROM credit_ledger WHERE kind = 'charge' AND outcome IS NULL`

/** Number of unresolved charges right now (the reservation of a request still running). */
export async function openCharges(state, config) {
  const [[row]] = await d1Query(state, OPEN_CHARGES, config)
  return Number(row.open)
}

/** Polls until no charge is open, or the count stops changing; returns the last count. */
export async function settle(state, config, { timeoutMs = 60_000, pollMs = 2_000 } = {}) {
  const deadline = Date.now() + timeoutMs
  let last = await openCharges(state, config)
  while (last > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, pollMs))
    const now = await openCharges(state, config)
    if (now === last) break
    last = now
  }
  return last
}

const check = (name, violations, detail, total) => ({
  name,
  checked: total,
  violations: violations.length,
  pass: violations.length === 0,
  detail,
  examples: violations.slice(0, 5),
})

/**
 * Reads the ledger and checks every invariant.
 * @param {string} state the `--persist-to` folder
 * @param {{ endpoint: string, status: number, requestId: string|null, replayed: boolean, body: string, key: string|null, accountId: string, cost: number }[]} records
 *   one per response received
 * @returns {Promise<{ checks: object[], ledger: object }>}
 */
export async function checkInvariants(state, allRecords, config) {
  const [balances, rows] = await d1Query(state, `${BALANCES}; ${LEDGER}`, config)
  const charges = rows.filter((r) => r.kind === 'charge')
  const refundsOf = new Map()
  for (const r of rows.filter((r) => r.kind === 'refund')) {
    refundsOf.set(r.ref_id, [...(refundsOf.get(r.ref_id) ?? []), r])
  }
  const chargesByRequest = new Map()
  for (const c of charges) {
    chargesByRequest.set(c.request_id, [...(chargesByRequest.get(c.request_id) ?? []), c])
  }
  const answered = new Set(allRecords.map((r) => r.requestId).filter(Boolean))
  // wrangler dev's reload 503s come from its proxy, not the Worker: no request id, and the
  // request was torn down mid-flight. Their charges are judged like a crash (left to the sweep).
  const reloads = allRecords.filter((r) => r.devReload)
  const records = allRecords.filter((r) => !r.devReload)
  const checks = []

  // 1. Every account's balance is the sum of its ledger rows.
  const unbalanced = balances.filter((b) => Number(b.balance) !== Number(b.ledger_sum))
  checks.push(
    check(
      'balance = sum of ledger, per account',
      unbalanced,
      `${balances.length} accounts`,
      balances.length,
    ),
  )

  // 2. Every charge has exactly one outcome: succeeded with no refund, or failed with one refund
  //    of the same amount. Refunds without their charge are violations too.
  const chargeIds = new Set(charges.map((c) => c.id))
  const badOutcome = []
  for (const c of charges.filter((c) => c.outcome !== null)) {
    const refunds = refundsOf.get(c.id) ?? []
    const ok =
      c.outcome === 'succeeded'
        ? refunds.length === 0
        : refunds.length === 1 && Number(refunds[0].amount) === -Number(c.amount)
    if (!ok) badOutcome.push({ charge: c.id, outcome: c.outcome, refunds: refunds.length })
  }
  for (const [ref] of refundsOf) if (!chargeIds.has(ref)) badOutcome.push({ orphanRefund: ref })
  for (const c of charges.filter((c) => c.outcome === null && refundsOf.has(c.id))) {
    badOutcome.push({ charge: c.id, outcome: null, refunds: refundsOf.get(c.id).length })
  }
  const resolved = charges.filter((c) => c.outcome !== null).length
  const succeeded = charges.filter((c) => c.outcome === 'succeeded').length
  checks.push(
    check(
      'every charge: succeeded, or failed with exactly one refund',
      badOutcome,
      `${charges.length} charges: ${succeeded} succeeded, ${resolved - succeeded} failed+refunded`,
      charges.length,
    ),
  )

  // 3. No open charge after the run settled. A charge whose request was answered must be
  //    resolved; one whose client was cut off when the clients stopped (no response) is left
  //    to the sweep (refunded 30 min after it was made) and only counted.
  const open = charges.filter((c) => c.outcome === null)
  const openAnswered = open.filter((c) => answered.has(c.request_id))
  const openCutOff = open.length - openAnswered.length
  checks.push(
    check(
      'no open charge for an answered request',
      openAnswered.map((c) => ({ charge: c.id, requestId: c.request_id })),
      `${open.length} open after settling; ${openCutOff} of them for requests the Worker never answered (cut off when the clients stopped, or torn down by one of ${reloads.length} wrangler dev reloads), left to the sweep 30 min after their charge`,
      charges.length,
    ),
  )

  // 4. No 5xx keeps its credits: every charge made by a request answered 5xx is refunded.
  const serverErrors = records.filter((r) => r.status >= 500)
  const unrefunded5xx = []
  let charged5xx = 0
  for (const r of serverErrors) {
    const own = chargesByRequest.get(r.requestId) ?? []
    if (own.length > 0) charged5xx++
    for (const c of own) {
      if (c.outcome !== 'failed' || (refundsOf.get(c.id) ?? []).length !== 1) {
        unrefunded5xx.push({ requestId: r.requestId, charge: c.id, outcome: c.outcome })
      }
    }
    if (!r.requestId) unrefunded5xx.push({ missingRequestId: true, status: r.status })
  }
  checks.push(
    check(
      'no 5xx without a refund',
      unrefunded5xx,
      `${serverErrors.length} 5xx responses, ${charged5xx} of them had charged`,
      serverErrors.length,
    ),
  )

  // 5. No Idempotency-Key charged twice: per account and key, at most one charge is not refunded
  //    (a failed attempt may be retried and charged again). The key's generation is not stored in
  //    the ledger; it changes only when the record expires after 24 h, so within a run account +
  //    key is account + key + generation.
  const byKey = new Map()
  for (const c of charges.filter((c) => c.idempotency_key !== null)) {
    const group = `${c.account_id}|${c.idempotency_key}`
    byKey.set(group, [...(byKey.get(group) ?? []), c])
  }
  const doubleCharged = []
  for (const [group, list] of byKey) {
    const kept = list.filter((c) => c.outcome !== 'failed')
    if (kept.length > 1) doubleCharged.push({ key: group, charges: kept.map((c) => c.id) })
  }
  checks.push(
    check(
      'no Idempotency-Key charged twice',
      doubleCharged,
      `${byKey.size} keys charged, ${[...byKey.values()].filter((l) => l.length > 1).length} with a retried charge after a refund`,
      byKey.size,
    ),
  )

  // 6. Every fresh 200 of a paid endpoint has exactly one succeeded charge with its request id,
  //    of its creditsConsumed; a replay has none.
  const paid200 = records.filter((r) => r.endpoint !== 'credits' && r.status === 200)
  const unpaid = []
  for (const r of paid200) {
    const own = chargesByRequest.get(r.requestId) ?? []
    let consumed = null
    try {
      consumed = JSON.parse(r.body).data.creditsConsumed
    } catch {}
    if (r.replayed) {
      if (own.length !== 0) unpaid.push({ requestId: r.requestId, replayCharged: own.length })
      continue
    }
    const ok =
      own.length === 1 &&
      own[0].outcome === 'succeeded' &&
      -Number(own[0].amount) === consumed &&
      consumed === r.cost
    if (!ok) {
      unpaid.push({
        requestId: r.requestId,
        charges: own.map((c) => `${c.id}:${c.outcome}:${c.amount}`),
        consumed,
        cost: r.cost,
      })
    }
  }
  const lateSucceeded = charges.filter(
    (c) => c.outcome === 'succeeded' && !answered.has(c.request_id),
  ).length
  checks.push(
    check(
      'every 200 paid exactly once at its price (replays: not at all)',
      unpaid,
      `${paid200.length} paid 200s (${paid200.filter((r) => r.replayed).length} replays); ${lateSucceeded} succeeded charges for requests the client never saw answered`,
      paid200.length,
    ),
  )

  // 7. A replay returns the first 200's body byte for byte.
  const firstBody = new Map()
  for (const r of paid200.filter((r) => !r.replayed && r.key)) {
    firstBody.set(`${r.accountId}|${r.key}`, r.body)
  }
  const replays = paid200.filter((r) => r.replayed)
  const differing = replays
    .filter((r) => {
      const first = firstBody.get(`${r.accountId}|${r.key}`)
      return first !== undefined && first !== r.body
    })
    .map((r) => ({ requestId: r.requestId, key: r.key }))
  checks.push(
    check(
      'replays are byte-identical to the first 200',
      differing,
      `${replays.length} replays, ${replays.filter((r) => firstBody.has(`${r.accountId}|${r.key}`)).length} with the first 200 seen in this run`,
      replays.length,
    ),
  )

  // 8. Statuses stay inside each endpoint's spec set (no 429 on GET /credits, no 413/415).
  const offSpec = records
    .filter((r) => !SPEC_STATUSES[r.endpoint].includes(r.status))
    .map((r) => ({ endpoint: r.endpoint, status: r.status, requestId: r.requestId }))
  checks.push(
    check(
      'statuses within each endpoint spec set',
      offSpec,
      `${records.length} responses`,
      records.length,
    ),
  )

  return {
    checks,
    ledger: {
      accounts: balances.length,
      charges: charges.length,
      succeeded,
      refunds: rows.length - charges.length,
      open: open.length,
      openCutOff,
      devReloads: reloads.length,
    },
  }
}

/** Prints each invariant with its count and PASS/FAIL. */
export function printChecks(checks) {
  for (const c of checks) {
    console.log(
      `${c.pass ? 'PASS' : 'FAIL'}  ${c.name}: ${c.violations} violations of ${c.checked} (${c.detail})`,
    )
    for (const example of c.examples) console.log(`      e.g. ${JSON.stringify(example)}`)
  }
}

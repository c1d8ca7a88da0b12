// Calls the real Worker (same isolate, real local D1/R2/DO) and provisions accounts through the
// operator API, exactly as other tools do.
import { env, exports } from 'cloudflare:workers'
import { expect } from 'vitest'

export const BASE = 'https://api.test'

/** Sends a request to the Worker under test. */
export function call(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(`${BASE}${path}`, init))
}

/** Headers for an API key. */
export const bearer = (key: string): Record<string, string> => ({ authorization: `Bearer ${key}` })

/** A new account with `credits` and its first key, made through POST /v1/admin/accounts. */
export async function newAccount(credits = 100, name = 'Test account') {
  const response = await call('/v1/admin/accounts', {
    method: 'POST',
    headers: { authorization: `Bearer ${env.ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, credits }),
  })
  expect(response.status).toBe(201)
  const body = (await response.json()) as {
    data: { accountId: string; apiKey: string; balance: number }
  }
  return body.data
}

/** The balance as GET /v1/credits reports it. */
export async function balanceOf(key: string): Promise<number> {
  const response = await call('/v1/credits', { headers: bearer(key) })
  expect(response.status).toBe(200)
  return ((await response.json()) as { data: { balance: number } }).data.balance
}

/** POSTs JSON with a key (and optionally an Idempotency-Key). */
export function postJson(
  path: string,
  key: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return call(path, {
    method: 'POST',
    headers: { ...bearer(key), 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

/** POSTs a multipart form with a key. */
export function postForm(
  path: string,
  key: string,
  fields: Record<string, string | Blob>,
  headers: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(name, value, 'upload.bin')
    else form.append(name, value)
  }
  return call(path, { method: 'POST', headers: { ...bearer(key), ...headers }, body: form })
}

/** Asserts the error envelope and returns it. */
export async function expectError(response: Response, status: number, code: string) {
  const text = await response.text()
  expect({ status: response.status, text }).toMatchObject({ status })
  const body = JSON.parse(text) as { success: boolean; error: { code: string; message: string } }
  expect(body.success).toBe(false)
  expect(body.error.code).toBe(code)
  expect(typeof body.error.message).toBe('string')
  expect(body.error.message.length).toBeGreaterThan(0)
  expect(Object.keys(body).sort()).toEqual(['error', 'success'])
  expect(response.headers.get('x-request-id')).toMatch(/^req_[0-9A-Z]{26}$/)
  return body.error
}

/** Rows of the ledger for an account, straight from D1. */
export async function ledgerOf(accountId: string) {
  const { results } = await env.DB.prepare(
    'SELECT id, kind, amount, outcome, ref_id, idempotency_key FROM credit_ledger WHERE account_id = ? ORDER BY created_at, id',
  )
    .bind(accountId)
    .all<{
      id: string
      kind: string
      amount: number
      outcome: string | null
      ref_id: string | null
      idempotency_key: string | null
    }>()
  return results
}

/** Checks the ledger invariant for an account: balance = SUM(amount), every charge resolved. */
export async function expectLedgerConsistent(accountId: string) {
  const row = await env.DB.prepare(
    'SELECT balance, (SELECT COALESCE(SUM(amount), 0) FROM credit_ledger WHERE account_id = a.id) AS total FROM accounts a WHERE id = ?',
  )
    .bind(accountId)
    .first<{ balance: number; total: number }>()
  expect(row).not.toBeNull()
  expect(row!.balance).toBe(row!.total)
  const open = await env.DB.prepare(
    "SELECT count(*) AS n FROM credit_ledger WHERE account_id = ? AND kind = 'charge' AND outcome IS NULL",
  )
    .bind(accountId)
    .first<number>('n')
  expect(open).toBe(0)
}

/** The `data` of a 200 success envelope; the body text shows in the failure when it is not one. */
export async function expectOk<T>(response: Response): Promise<T> {
  const text = await response.text()
  expect(response.status, text).toBe(200)
  const body = JSON.parse(text) as { success: boolean; data: T }
  expect(body.success).toBe(true)
  return body.data
}

/** GETs a signed output URL (absolute, as responses give it) through the Worker. */
export function fetchOutput(url: string): Promise<Response> {
  const { pathname, search } = new URL(url)
  return call(pathname + search)
}

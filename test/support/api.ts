// Calls the real Worker (same isolate, real local D1/R2/DO) and provisions accounts through the
// operator API, exactly as other tools do.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env, exports } from 'cloudflare:workers'
import { expect } from 'vitest'
import { createApp } from '../../src/app'
import type { Bindings } from '../../src/env'

export const BASE = 'https://api.test'

/** Sends a request to the Worker under test. */
export function call(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(`${BASE}${path}`, init))
}

/** Headers for an API key. */
export const bearer = (key: string): Record<string, string> => ({ authorization: `Bearer ${key}` })

/** A RequestInit whose headers are a plain record, so that more can be merged in. */
export type InitWithHeaders = Omit<RequestInit, 'headers'> & { headers?: Record<string, string> }

/** Sends a request with a key, beside any headers `init` has. */
export function callWithKey(path: string, key: string, init: InitWithHeaders = {}) {
  return call(path, { ...init, headers: { ...bearer(key), ...init.headers } })
}

/**
 * Sends a request to a fresh app whose bindings are the test env with `bindings` over it (a
 * broken R2, another secret), waiting for its background work as the runtime would.
 */
export async function callWithBindings(
  bindings: { [K in keyof Bindings]?: Bindings[K] extends string ? string : Bindings[K] },
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const ctx = createExecutionContext()
  const bound = { ...env, ...bindings } as Bindings
  const response = await createApp().request(`${BASE}${path}`, init, bound, ctx)
  await waitOnExecutionContext(ctx)
  return response
}

/** The operator API: GETs `path`, or POSTs `body` as JSON, with the operator token (or `token`). */
export function admin(path: string, body?: unknown, token: string = env.ADMIN_TOKEN) {
  return call(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
}

/** POST /v1/admin/accounts/{accountId}/credits: adds `amount` (negative: takes it away). */
export const adjustCredits = (accountId: string, amount: number) =>
  admin(`/v1/admin/accounts/${accountId}/credits`, { amount })

/** A new account with `credits` and its first key, made through POST /v1/admin/accounts. */
export async function newAccount(credits = 100, name = 'Test account') {
  const response = await admin('/v1/admin/accounts', { name, credits })
  return expectOk<{ accountId: string; apiKey: string; balance: number }>(response, 201)
}

/** The balance as GET /v1/credits reports it. */
export async function balanceOf(key: string): Promise<number> {
  return (await getOk<{ balance: number }>('/v1/credits', key)).balance
}

/** POSTs JSON with a key (and optionally an Idempotency-Key). */
export function postJson(
  path: string,
  key: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return callWithKey(path, key, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

/** POSTs a multipart form of `fields` (see {@link formData}) with a key. */
export function postForm(
  path: string,
  key: string,
  fields: Record<string, string | Blob | Blob[]>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return callWithKey(path, key, { method: 'POST', headers, body: formData(fields) })
}

/** POSTs an upload: `bytes` as the form's `file`, beside the text `fields`, with a key. */
export function postFile(
  path: string,
  key: string,
  bytes: Uint8Array,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<Response> {
  return postForm(path, key, { file: new Blob([bytes]), ...fields }, headers)
}

/** A multipart form of `fields`; a field given several blobs holds one part per blob. */
export function formData(fields: Record<string, string | Blob | Blob[]>): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    for (const part of Array.isArray(value) ? value : [value]) {
      if (part instanceof Blob) form.append(name, part, 'upload.bin')
      else form.append(name, part)
    }
  }
  return form
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

/**
 * The `data` of a success envelope with `status` (200 unless given); the body text shows in the
 * failure when it is not one.
 */
export async function expectOk<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text()
  expect(response.status, text).toBe(status)
  const body = JSON.parse(text) as { success: boolean; data: T }
  expect(body.success).toBe(true)
  return body.data
}

/** The `data` of GET `path` with a key, asserted a 200 success envelope. */
export async function getOk<T>(path: string, key: string): Promise<T> {
  return expectOk<T>(await callWithKey(path, key))
}

/** GETs a signed output URL (absolute, as responses give it) through the Worker. */
export function fetchOutput(url: string): Promise<Response> {
  const { pathname, search } = new URL(url)
  return call(pathname + search)
}

/** Downloads an output URL: a 200 (of `contentType`, when given), and its bytes. */
export async function downloadOutput(url: string, contentType?: string): Promise<Uint8Array> {
  const response = await fetchOutput(url)
  expect(response.status, url).toBe(200)
  if (contentType !== undefined) expect(response.headers.get('content-type')).toBe(contentType)
  return new Uint8Array(await response.arrayBuffer())
}

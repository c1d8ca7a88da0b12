// The SDK under test, wired to the real Worker: its `fetch` hands each Request to the Worker's
// own fetch handler (same isolate, real local D1/R2/DO), and records what was sent and answered.
// Tests may wrap that transport to lose or replace answers, as a flaky network would.
import { exports } from 'cloudflare:workers'
import { FigureApi, type FigureApiOptions } from '../../packages/sdk/src/index'
import { BASE } from '../support/api'

/** One request the SDK sent and what came back (null when the transport failed it). */
export interface Exchange {
  method: string
  path: string
  idempotencyKey: string | null
  contentType: string | null
  status: number | null
}

/** A transport: what the SDK calls instead of the network. */
export type Transport = (request: Request) => Promise<Response>

/** Sends to the Worker under test. */
export const toWorker: Transport = (request) => exports.default.fetch(request)

/** Wraps `next` so every exchange is recorded in `log`. */
export function recording(log: Exchange[], next: Transport = toWorker): Transport {
  return async (request) => {
    const url = new URL(request.url)
    const exchange: Exchange = {
      method: request.method,
      path: url.pathname,
      idempotencyKey: request.headers.get('idempotency-key'),
      contentType: request.headers.get('content-type'),
      status: null,
    }
    log.push(exchange)
    const response = await next(request)
    exchange.status = response.status
    return response
  }
}

/** Test defaults: short backoff so retries take milliseconds. */
export const FAST_RETRIES = { retryBaseDelayMs: 5, retryMaxDelayMs: 20 } as const

/** An SDK client for `apiKey` that talks to the Worker, and the log of its exchanges. */
export function sdkFor(
  apiKey: string,
  options: Partial<FigureApiOptions> & { transport?: Transport } = {},
) {
  const log: Exchange[] = []
  const { transport = toWorker, ...rest } = options
  const api = new FigureApi({
    apiKey,
    baseUrl: BASE,
    fetch: recording(log, transport),
    ...FAST_RETRIES,
    ...rest,
  })
  return { api, log }
}

/** A JSON error envelope response, as the API or a test's fake answer sends it. */
export function envelope(status: number, code: string, headers: Record<string, string> = {}) {
  return new Response(
    JSON.stringify({ success: false, error: { code, message: `fake ${code}` } }),
    {
      status,
      headers: { 'content-type': 'application/json', 'x-request-id': 'req_FAKE', ...headers },
    },
  )
}

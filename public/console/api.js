/**
 * The console's HTTP client for the Figure API on this origin: bearer auth, the success and
 * error envelopes (spec §2.1-2.2), and an Idempotency-Key on every POST that is charged.
 */

/** Where the API lives: the Worker serving this page, under /v1. */
export const API_BASE = `${location.origin}/v1`

/** An error envelope (or a network failure) as the console shows it. */
export class ApiError extends Error {
  /**
   * @param {number} status  HTTP status, 0 when the request never got an answer
   * @param {string} code  the envelope's error.code
   * @param {string} message  the envelope's error.message
   * @param {string | null} requestId  X-Request-Id, for support
   */
  constructor(status, code, message, requestId) {
    super(message)
    this.status = status
    this.code = code
    this.requestId = requestId
  }
}

/**
 * @typedef {object} CallOptions
 * @property {string} key  the API key
 * @property {string} [method]  GET unless a body is given
 * @property {unknown} [json]  a JSON body
 * @property {FormData} [form]  a multipart body
 * @property {string} [idempotencyKey]  sent as Idempotency-Key
 * @property {AbortSignal} [signal]
 */

/**
 * @template T
 * @typedef {object} CallResult
 * @property {T} data  the envelope's data
 * @property {number} status
 * @property {string | null} requestId
 */

/**
 * Calls `path` (relative to /v1) and returns the envelope's data.
 * @template T
 * @param {string} path  e.g. "/credits"
 * @param {CallOptions} options
 * @returns {Promise<CallResult<T>>}
 * @throws {ApiError} for any error envelope, a non-JSON answer or a network failure
 */
export async function call(path, options) {
  const headers = new Headers({ authorization: `Bearer ${options.key}` })
  /** @type {BodyInit | undefined} */
  let body
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json')
    body = JSON.stringify(options.json)
  } else if (options.form) {
    body = options.form
  }
  if (options.idempotencyKey) headers.set('idempotency-key', options.idempotencyKey)
  /** @type {Response} */
  let response
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: options.signal,
      cache: 'no-store',
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError(
      0,
      'NETWORK_ERROR',
      'The API could not be reached. Check your connection and try again.',
      null,
    )
  }
  const requestId = response.headers.get('x-request-id')
  /** @type {any} */
  let envelope = null
  try {
    envelope = await response.json()
  } catch {
    // Not JSON: reported below with the status alone.
  }
  if (response.ok && envelope?.success === true) {
    return { data: envelope.data, status: response.status, requestId }
  }
  const error = envelope?.error
  throw new ApiError(
    response.status,
    typeof error?.code === 'string' ? error.code : `HTTP_${response.status}`,
    typeof error?.message === 'string'
      ? error.message
      : `The API answered ${response.status} without an error envelope.`,
    requestId,
  )
}

/**
 * A fresh Idempotency-Key (spec §4.1: 1-255 of A-Z a-z 0-9 . _ : -), one per submit.
 * @returns {string}
 */
export function newIdempotencyKey() {
  if (typeof crypto.randomUUID === 'function') return `console-${crypto.randomUUID()}`
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return `console-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

/**
 * FigureApi: the typed client. Each method builds its request with openapi-fetch and the
 * generated `paths` types, and runs it through the retry loop (request.ts).
 */

import createClient, { type Client } from 'openapi-fetch'
import { prepareFile } from './file-input.js'
import { dataOf, type FetchLike, type Outcome, send } from './request.js'
import type { RetryPolicy } from './retry.js'
import type { paths } from './schema.js'
import type {
  ConvertInput,
  ConvertResult,
  CreatedKey,
  CreateKeyInput,
  CreditsResult,
  EnhanceInput,
  EnhanceResult,
  FigureInput,
  FigureResult,
  KeyList,
  RequestOptions,
  RevokedKey,
  UploadedImage,
  UrlImage,
  VectorizeInput,
  VectorizeResult,
} from './types.js'
import { SDK_VERSION } from './version.js'

/** Options of `new FigureApi()`. */
export interface FigureApiOptions {
  /** Your API key (`pfg_live_...`), sent as `Authorization: Bearer <key>`. */
  apiKey: string
  /** Where the API is, e.g. `https://api.example.com`; a trailing `/` or `/v1` is fine. */
  baseUrl: string
  /** The transport; `globalThis.fetch` by default. Any function that takes a Request. */
  fetch?: FetchLike
  /** Retries after the first attempt; 3 by default, 0 turns retrying off. */
  maxRetries?: number
  /** First backoff step, milliseconds (doubles at each retry, with jitter); 500 by default. */
  retryBaseDelayMs?: number
  /** Cap on one backoff step, milliseconds; 8000 by default. */
  retryMaxDelayMs?: number
  /** The longest Retry-After the SDK waits for, milliseconds; 60000 by default. */
  maxRetryAfterMs?: number
  /** User-Agent outside browsers (browsers send their own); `figure-api-sdk/<version>` by default. */
  userAgent?: string
}

/**
 * A client of the Figure API.
 * @example
 * const api = new FigureApi({ apiKey: process.env.FIGAPI_KEY!, baseUrl: 'https://api.example.com' })
 * const { url } = await api.convert({ file: './fig1.png', format: 'tiff', dpi: 300 })
 */
export class FigureApi {
  /** POST /figures. */
  readonly figures: {
    /**
     * Draws a patent figure from a prompt, a `figure` structure (for example an edited
     * `result.figure`), reference images (URLs, or files as `referenceImages`), or a prompt with
     * either (POST /figures). A drafted
     * figure returns its structure (`figure`), where it came from (`reader`) and every sheet
     * (`sheets`: one, or FIG. nA, nB, ... for a figure continued over sheets).
     * @throws FigureApiError 400 `PROMPT_NOT_UNDERSTOOD` (the message quotes the prompt),
     * `VALIDATION_ERROR` (a structure that does not hold together, naming the element),
     * `PROMPT_NOT_DRAWABLE`, `FIGURE_TOO_COMPLEX`
     */
    create(input: FigureInput, options?: RequestOptions): Promise<FigureResult>
  }
  /** GET /credits. */
  readonly credits: {
    /** The account's credit balance (GET /credits). */
    get(options?: RequestOptions): Promise<CreditsResult>
  }
  /** The account's API keys (/keys). */
  readonly keys: {
    /** Creates a key; its secret (`key`) is in this result only (POST /keys). Never retried on a lost answer: that could make two keys. */
    create(input?: CreateKeyInput, options?: RequestOptions): Promise<CreatedKey>
    /** The active keys, without secrets (GET /keys). */
    list(options?: RequestOptions): Promise<KeyList>
    /** Revokes a key by id; its next request gets 401 (DELETE /keys/{id}). */
    revoke(id: string, options?: RequestOptions): Promise<RevokedKey>
  }

  readonly #client: Client<paths>
  readonly #fetch: FetchLike
  readonly #policy: RetryPolicy
  readonly #headers: Record<string, string>

  constructor(options: FigureApiOptions) {
    if (typeof options?.apiKey !== 'string' || options.apiKey.length === 0) {
      throw new TypeError(
        `Expected a non-empty string for apiKey but received ${typeof options?.apiKey}`,
      )
    }
    if (typeof options.baseUrl !== 'string' || !/^https?:\/\//.test(options.baseUrl)) {
      throw new TypeError(
        `Expected an http(s) URL for baseUrl but received ${JSON.stringify(options.baseUrl)}`,
      )
    }
    const maxRetries = options.maxRetries ?? 3
    if (!Number.isInteger(maxRetries) || maxRetries < 0) {
      throw new TypeError(`Expected an integer ≥ 0 for maxRetries but received ${maxRetries}`)
    }
    this.#policy = {
      maxRetries,
      baseDelayMs: options.retryBaseDelayMs ?? 500,
      maxDelayMs: options.retryMaxDelayMs ?? 8000,
      maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
    }
    // Looked up at call time, so a fetch replaced after construction (tests, polyfills) is used.
    this.#fetch = options.fetch ?? ((request) => globalThis.fetch(request))
    this.#headers = { authorization: `Bearer ${options.apiKey}` }
    // A browser sends its own User-Agent, and a custom one would need a CORS preflight allowance.
    if (!('document' in globalThis)) {
      this.#headers['user-agent'] = options.userAgent ?? `figure-api-sdk/${SDK_VERSION}`
    }
    this.#client = createClient<paths>({
      baseUrl: apiBase(options.baseUrl),
      headers: this.#headers,
    })

    this.figures = {
      create: async (input, callOptions = {}) => {
        if (input.referenceImages === undefined) {
          return this.#paid(callOptions, (fetch, headers) =>
            this.#client.POST('/figures', {
              body: input,
              headers,
              fetch,
              signal: callOptions.signal,
            }),
          )
        }
        const { referenceImages, ...fields } = input
        // Read once, before the first attempt, so every retry sends the same bytes.
        const files = await Promise.all(referenceImages.map((file) => prepareFile(file)))
        return this.#paid(callOptions, (fetch, headers) => {
          const form = new FormData()
          for (const [name, value] of Object.entries(fields as Record<string, unknown>)) {
            if (value !== undefined && value !== null) form.append(name, String(value))
          }
          for (const file of files) form.append('referenceImages', file.blob, file.filename)
          return this.#client.POST('/figures', {
            body: form as never,
            headers,
            fetch,
            signal: callOptions.signal,
          })
        })
      },
    }
    this.credits = {
      get: (callOptions = {}) =>
        this.#call(true, callOptions, (fetch) =>
          this.#client.GET('/credits', { fetch, signal: callOptions.signal }),
        ),
    }
    this.keys = {
      // POST /keys takes no Idempotency-Key: a retry after a lost answer would create a second
      // key, so only answers that say the request did not run are retried.
      create: (input = {}, callOptions = {}) =>
        this.#call(false, callOptions, (fetch) =>
          this.#client.POST('/keys', { body: input, fetch, signal: callOptions.signal }),
        ),
      list: (callOptions = {}) =>
        this.#call(true, callOptions, (fetch) =>
          this.#client.GET('/keys', { fetch, signal: callOptions.signal }),
        ),
      // Revoking twice leaves the key revoked, so a lost answer may be retried; the retry then
      // gets 404 NOT_FOUND, because the key is no longer active.
      revoke: (id, callOptions = {}) =>
        this.#call(true, callOptions, (fetch) =>
          this.#client.DELETE('/keys/{id}', {
            params: { path: { id } },
            fetch,
            signal: callOptions.signal,
          }),
        ),
    }
  }

  /** Turns an image into SVG, DXF or PDF vectors (POST /vectorize). */
  vectorize(input: VectorizeInput, options: RequestOptions = {}): Promise<VectorizeResult> {
    return this.#image('/vectorize', input, options)
  }

  /** Upscales an image ×2 or ×4 and stamps its DPI (POST /enhance). */
  enhance(input: EnhanceInput, options: RequestOptions = {}): Promise<EnhanceResult> {
    return this.#image('/enhance', input, options)
  }

  /** Exports a filing-ready PNG, TIFF or PDF at 300 or 600 DPI (POST /convert). */
  convert(input: ConvertInput, options: RequestOptions = {}): Promise<ConvertResult> {
    return this.#image('/convert', input, options)
  }

  /**
   * Downloads a result file by its signed `url` (from any result). The API key is not sent: the
   * signature is the credential.
   * @returns the file's bytes
   * @throws FigureApiError 403 `URL_EXPIRED` or `INVALID_SIGNATURE`, 404 `NOT_FOUND`
   */
  download(url: string, options: RequestOptions = {}): Promise<Uint8Array> {
    return this.#download(url, options, async (response) => {
      return new Uint8Array(await response.arrayBuffer())
    })
  }

  /** Like download(), but returns the body as a stream once the answer's headers are in. */
  downloadStream(url: string, options: RequestOptions = {}): Promise<ReadableStream<Uint8Array>> {
    return this.#download(url, options, async (response) => {
      if (response.body === null) return new Blob([]).stream()
      return response.body
    })
  }

  /** A paid POST: always with an Idempotency-Key, the same for every attempt of the call. */
  #paid<T>(
    options: RequestOptions,
    request: (
      fetch: FetchLike,
      headers: Record<string, string>,
    ) => Promise<{ data?: unknown; error?: unknown; response: Response }>,
  ): Promise<T> {
    const key = options.idempotencyKey ?? crypto.randomUUID()
    const headers = { 'idempotency-key': key }
    return send(this.#fetch, this.#policy, { safe: true, idempotencyKey: key, options }, (fetch) =>
      request(fetch, headers).then((result) => {
        const outcome = outcomeOf<T>(result)
        if (!outcome.ok) return outcome
        const replayed = result.response.headers.get('idempotent-replayed') === 'true'
        return { ok: true, value: { ...outcome.value, replayed } as T }
      }),
    )
  }

  #call<T>(
    safe: boolean,
    options: RequestOptions,
    request: (fetch: FetchLike) => Promise<{ data?: unknown; error?: unknown; response: Response }>,
  ): Promise<T> {
    return send(this.#fetch, this.#policy, { safe, idempotencyKey: null, options }, (fetch) =>
      request(fetch).then(outcomeOf<T>),
    )
  }

  /** vectorize, enhance and convert: JSON for an imageUrl, multipart for a file. */
  async #image<T>(
    path: '/vectorize' | '/enhance' | '/convert',
    input: UrlImage | UploadedImage,
    options: RequestOptions,
  ): Promise<T> {
    const { file, filename, imageUrl, ...fields } = input
    if (typeof imageUrl === 'string') {
      return this.#paid(options, (fetch, headers) =>
        this.#client.POST(path, {
          body: { imageUrl, ...fields } as never,
          headers,
          fetch,
          signal: options.signal,
        }),
      )
    }
    if (file === undefined || file === null) {
      throw new TypeError(`Expected imageUrl or file for ${path.slice(1)} but received neither`)
    }
    const prepared = await prepareFile(file, filename)
    return this.#paid(options, (fetch, headers) => {
      // A fresh form per attempt; the file's bytes were read once above.
      const form = new FormData()
      for (const [name, value] of Object.entries(fields as Record<string, unknown>)) {
        if (value !== undefined && value !== null) form.append(name, String(value))
      }
      form.append('file', prepared.blob, prepared.filename)
      // openapi-fetch sends a FormData body as is, and fetch sets its multipart boundary.
      return this.#client.POST(path, {
        body: form as never,
        headers,
        fetch,
        signal: options.signal,
      })
    })
  }

  #download<T>(
    url: string,
    options: RequestOptions,
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    return send(
      this.#fetch,
      this.#policy,
      { safe: true, idempotencyKey: null, options },
      async (fetch) => {
        const headers: Record<string, string> = {}
        if (this.#headers['user-agent']) headers['user-agent'] = this.#headers['user-agent']
        const response = await fetch(new Request(url, { headers, signal: options.signal }))
        if (response.ok) return { ok: true, value: await read(response) }
        const text = await response.text()
        let body: unknown = text
        try {
          body = JSON.parse(text)
        } catch {}
        return { ok: false, response, body }
      },
    )
  }
}

/** openapi-fetch's result as an Outcome: `data` unwrapped from the success envelope. */
function outcomeOf<T>(result: { data?: unknown; error?: unknown; response: Response }): Outcome<T> {
  if (result.response.ok) return { ok: true, value: dataOf<T>(result.response, result.data) }
  return { ok: false, response: result.response, body: result.error }
}

/** The API's root, with the version prefix: `https://host` and `https://host/v1/` both give `https://host/v1`. */
export function apiBase(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '')
  return trimmed.endsWith('/v1') ? trimmed : `${trimmed}/v1`
}

// Retries and idempotency through the SDK against the real Worker: a lost answer is retried with
// the same Idempotency-Key and replayed (charged once); 409 REQUEST_IN_PROGRESS and 429 wait for
// Retry-After; other 4xx are never retried; 5xx and dropped connections follow the documented
// rules. The transport is the only fake: it loses or replaces answers as a network would.
import { describe, expect, it } from 'vitest'
import {
  FigureApiConnectionError,
  FigureApiError,
  type RetryInfo,
} from '../../packages/sdk/src/index'
import { backoffMs, retryAfterSeconds } from '../../packages/sdk/src/retry'
import { balanceOf, expectLedgerConsistent, ledgerOf, newAccount } from '../support/api'
import { lineDrawing, toPng } from '../support/images'
import { serveImage, useFakeNetwork } from '../support/network'
import { envelope, sdkFor, type Transport, toWorker } from './support'

useFakeNetwork()

const IMAGE = 'https://img.example.com/drawing.png'

/** A transport that answers the first `n` requests with `fake()` and the rest from the Worker. */
function firstAnswers(
  n: number,
  fake: (request: Request) => Response | Promise<Response>,
): Transport {
  let seen = 0
  return (request) => (seen++ < n ? Promise.resolve(fake(request)) : toWorker(request))
}

/** A stream of `bytes` in small chunks, as a file read would give. */
function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close()
      controller.enqueue(bytes.slice(offset, offset + 100))
      offset += 100
    },
  })
}

describe('FigureApi retries', () => {
  it('replays a paid POST whose answer was lost, with the same key and one charge', async () => {
    const { apiKey, accountId } = await newAccount(10)
    let lost = 0
    // The Worker runs the request (and charges it); the answer never reaches the SDK.
    const dropFirstAnswer: Transport = async (request) => {
      const response = await toWorker(request)
      if (lost++ === 0) {
        await response.arrayBuffer()
        throw new TypeError('Network connection lost')
      }
      return response
    }
    const retries: RetryInfo[] = []
    const { api, log } = sdkFor(apiKey, { transport: dropFirstAnswer })
    const png = await toPng(lineDrawing(40, 30))
    // A stream can be read once: the retry resends the bytes the SDK buffered.
    const result = await api.convert(
      { file: streamOf(png), format: 'tiff' },
      { onRetry: (info) => retries.push(info) },
    )
    expect(result).toMatchObject({ format: 'tiff', creditsConsumed: 1 })
    expect(log).toHaveLength(2)
    expect(log[0]!.status).toBeNull() // the answer was lost on the way back
    expect(log[1]!.idempotencyKey).toBe(log[0]!.idempotencyKey)
    expect(retries).toEqual([
      {
        attempt: 2,
        delayMs: expect.any(Number),
        reason: 'NETWORK_ERROR',
        error: expect.any(TypeError),
      },
    ])
    expect(await balanceOf(apiKey)).toBe(9)
    const charges = (await ledgerOf(accountId)).filter((row) => row.kind === 'charge')
    expect(charges).toHaveLength(1)
    expect(charges[0]!.idempotency_key).toBe(log[0]!.idempotencyKey)
    await expectLedgerConsistent(accountId)
  })

  it('uses the caller’s idempotencyKey, so a second call is a replay', async () => {
    const { apiKey } = await newAccount(10)
    serveImage(IMAGE, await toPng(lineDrawing(30, 30)))
    const { api, log } = sdkFor(apiKey)
    const first = await api.convert({ imageUrl: IMAGE }, { idempotencyKey: 'job-42' })
    const again = await api.convert({ imageUrl: IMAGE }, { idempotencyKey: 'job-42' })
    // The same answer, marked: the first call paid, this one charged nothing.
    expect(first.replayed).toBe(false)
    expect(again).toEqual({ ...first, replayed: true })
    expect(log.map((e) => e.idempotencyKey)).toEqual(['job-42', 'job-42'])
    expect(await balanceOf(apiKey)).toBe(9)
  })

  it('retries 429 after Retry-After with the same key', async () => {
    const { apiKey } = await newAccount(10)
    serveImage(IMAGE, await toPng(lineDrawing(30, 30)))
    const retries: RetryInfo[] = []
    const { api, log } = sdkFor(apiKey, {
      transport: firstAnswers(1, () => envelope(429, 'RATE_LIMITED', { 'retry-after': '1' })),
    })
    const started = Date.now()
    const result = await api.vectorize(
      { imageUrl: IMAGE, format: 'svg' },
      { onRetry: (info) => retries.push(info) },
    )
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
    expect(result.format).toBe('svg')
    expect(retries).toMatchObject([{ attempt: 2, delayMs: 1000, reason: 'RATE_LIMITED' }])
    expect(log.map((e) => e.status)).toEqual([429, 200])
    expect(log[1]!.idempotencyKey).toBe(log[0]!.idempotencyKey)
  })

  it('gives up on a Retry-After longer than maxRetryAfterMs, with retryAfter set', async () => {
    const { apiKey } = await newAccount(10)
    const { api, log } = sdkFor(apiKey, {
      maxRetryAfterMs: 5000,
      transport: firstAnswers(1, () => envelope(429, 'RATE_LIMITED', { 'retry-after': '30' })),
    })
    const error = await api.figures.create({ prompt: 'x' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfter: 30 })
    expect(log).toHaveLength(1)
  })

  it('never retries 400, 401 or 402, and fills the error from the envelope', async () => {
    const { apiKey } = await newAccount(0)
    serveImage(IMAGE, await toPng(lineDrawing(30, 30)))
    const cases = [
      {
        key: apiKey,
        run: (api: ReturnType<typeof sdkFor>['api']) =>
          api.convert({ imageUrl: IMAGE, dpi: 72 as never }),
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        key: 'pfg_live_000000000000000000000000000000000000AA',
        run: (api: ReturnType<typeof sdkFor>['api']) => api.convert({ imageUrl: IMAGE }),
        status: 401,
        code: 'INVALID_API_KEY',
      },
      {
        key: apiKey,
        run: (api: ReturnType<typeof sdkFor>['api']) => api.convert({ imageUrl: IMAGE }),
        status: 402,
        code: 'INSUFFICIENT_CREDITS',
      },
    ]
    for (const { key, run, status, code } of cases) {
      const { api, log } = sdkFor(key)
      const error = await run(api).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(FigureApiError)
      const apiError = error as FigureApiError
      expect(apiError).toMatchObject({ name: 'FigureApiError', status, code, retryAfter: null })
      expect(apiError.message).not.toBe('')
      expect(apiError.requestId).toMatch(/^req_[0-9A-Z]{26}$/)
      expect(apiError.details).toBeUndefined()
      expect(log).toHaveLength(1)
    }
  })

  it('does not retry 409 IDEMPOTENCY_CONFLICT', async () => {
    const { apiKey } = await newAccount(10)
    serveImage(IMAGE, await toPng(lineDrawing(30, 30)))
    const { api, log } = sdkFor(apiKey)
    await api.convert({ imageUrl: IMAGE }, { idempotencyKey: 'shared' })
    const error = await api
      .convert({ imageUrl: IMAGE, format: 'pdf' }, { idempotencyKey: 'shared' })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 409, code: 'IDEMPOTENCY_CONFLICT' })
    expect(log).toHaveLength(2)
  })

  it('retries 500 INTERNAL_ERROR and a non-JSON 503, but not PROCESSING_FAILED', async () => {
    const { apiKey } = await newAccount(10)
    serveImage(IMAGE, await toPng(lineDrawing(30, 30)))
    let answers = [
      () => envelope(500, 'INTERNAL_ERROR'),
      () => new Response('<html>upstream unavailable</html>', { status: 503 }),
    ]
    const reasons: string[] = []
    const flaky = sdkFor(apiKey, {
      transport: (request) =>
        answers.length ? Promise.resolve(answers.shift()!()) : toWorker(request),
    })
    const result = await flaky.api.convert(
      { imageUrl: IMAGE },
      { onRetry: (info) => reasons.push(info.reason) },
    )
    expect(result.creditsConsumed).toBe(1)
    expect(reasons).toEqual(['INTERNAL_ERROR', 'HTTP_503'])
    expect(flaky.log.map((e) => e.status)).toEqual([500, 503, 200])

    answers = []
    const failing = sdkFor(apiKey, {
      transport: () => Promise.resolve(envelope(500, 'PROCESSING_FAILED')),
    })
    const error = await failing.api.convert({ imageUrl: IMAGE }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 500, code: 'PROCESSING_FAILED', requestId: 'req_FAKE' })
    expect(failing.log).toHaveLength(1)
  })

  it('reports a non-envelope error as UNEXPECTED_RESPONSE with its body in details', async () => {
    const { api } = sdkFor('pfg_live_x', {
      maxRetries: 1,
      transport: () => Promise.resolve(new Response('Bad gateway', { status: 502 })),
    })
    const error = await api.credits.get().catch((e: unknown) => e)
    expect(error).toMatchObject({
      status: 502,
      code: 'UNEXPECTED_RESPONSE',
      details: 'Bad gateway',
    })
  })

  it('throws FigureApiConnectionError once the network retries are used up', async () => {
    const { api, log } = sdkFor('pfg_live_x', {
      maxRetries: 2,
      transport: () => Promise.reject(new TypeError('connect ECONNREFUSED')),
    })
    const error = await api.convert({ imageUrl: IMAGE }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FigureApiConnectionError)
    const connection = error as FigureApiConnectionError
    expect(connection.attempts).toBe(3)
    expect(connection.cause).toBeInstanceOf(TypeError)
    expect(log).toHaveLength(3)
    expect(new Set(log.map((e) => e.idempotencyKey)).size).toBe(1)
    expect(connection.idempotencyKey).toBe(log[0]!.idempotencyKey)
  })

  it('never repeats keys.create after a lost answer or a 500 (it has no Idempotency-Key)', async () => {
    const { apiKey } = await newAccount(1)
    const lost = sdkFor(apiKey, {
      transport: async (request) => {
        await (await toWorker(request)).arrayBuffer()
        throw new TypeError('Network connection lost')
      },
    })
    const error = await lost.api.keys.create({ name: 'once' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FigureApiConnectionError)
    expect(lost.log).toHaveLength(1)
    const failing = sdkFor(apiKey, {
      transport: () => Promise.resolve(envelope(500, 'INTERNAL_ERROR')),
    })
    await expect(failing.api.keys.create()).rejects.toMatchObject({ code: 'INTERNAL_ERROR' })
    expect(failing.log).toHaveLength(1)
    const { keys } = await sdkFor(apiKey).api.keys.list()
    expect(keys.filter((k) => k.name === 'once')).toHaveLength(1)
  })

  it('stops waiting and sends nothing more when the signal aborts', async () => {
    const controller = new AbortController()
    const { api, log } = sdkFor('pfg_live_x', {
      transport: () => Promise.resolve(envelope(429, 'RATE_LIMITED', { 'retry-after': '10' })),
    })
    const call = api.credits.get({
      signal: controller.signal,
      onRetry: () => controller.abort(new Error('user cancelled')),
    })
    await expect(call).rejects.toThrow('user cancelled')
    expect(log).toHaveLength(1)
  })
})

describe('backoff', () => {
  it('doubles from the base, jittered into the upper half, and caps', () => {
    const policy = { baseDelayMs: 100, maxDelayMs: 1000 }
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, policy, 0))).toEqual([50, 100, 200, 400, 500])
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, policy, 0.999))).toEqual([
      100, 200, 400, 800, 1000,
    ])
  })

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(retryAfterSeconds('2', now)).toBe(2)
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5)
    expect(retryAfterSeconds('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0)
    expect(retryAfterSeconds('soon', now)).toBeNull()
    expect(retryAfterSeconds(null, now)).toBeNull()
  })
})

/**
 * Downloads an image URL behind the SSRF guard (PLATFORM.md §6 rules 3-7): every hop is checked
 * (syntax, hostname, every DNS answer), redirects are followed by hand (at most 3, no https→http),
 * only a 200 is accepted, and the body is counted while it streams and cut off past the limit,
 * which is what caps chunked responses.
 */

import type { Resolver } from '../../adapters/dns/doh-resolver'
import { isBlockedAddress } from '../../lib/ip'
import { log } from '../../lib/log'
import { readLimited } from '../../lib/read-limited'
import type { Result } from '../../lib/result'
import { err, ok } from '../../lib/result'
import { normalizeHostname, urlRefusal } from './url-guard'

/** Why a URL could not be used; the codes are the 422 codes of the imageUrl path. */
export interface FetchFailure {
  code: 'IMAGE_URL_NOT_ALLOWED' | 'IMAGE_FETCH_FAILED' | 'IMAGE_TOO_LARGE'
  message: string
}

export interface FetchImageOptions {
  resolver: Resolver
  maxBytes: number
  /** Time allowed until response headers, ms. */
  headersTimeoutMs?: number
  /** Time allowed for the whole download, ms. */
  totalTimeoutMs?: number
}

const MAX_REDIRECTS = 3
const REDIRECTS = new Set([301, 302, 303, 307, 308])
const HEADERS = {
  'user-agent': 'figure-api-fetcher/1',
  accept: 'image/png,image/jpeg,image/webp,image/tiff',
}

const notAllowed = (message: string) =>
  err<FetchFailure>({ code: 'IMAGE_URL_NOT_ALLOWED', message })
const failed = (message: string) => err<FetchFailure>({ code: 'IMAGE_FETCH_FAILED', message })
const tooLarge = (maxBytes: number) =>
  err<FetchFailure>({ code: 'IMAGE_TOO_LARGE', message: `The image exceeds ${maxBytes} bytes` })

/**
 * Fetches `rawUrl` and returns its bytes, or the reason it cannot be used. An unreachable URL is
 * an ordinary event: one structured warning line, the host and why, never a stack.
 */
export async function fetchImage(
  rawUrl: string,
  options: FetchImageOptions,
): Promise<Result<Uint8Array, FetchFailure>> {
  const result = await download(rawUrl, options)
  if (!result.ok && result.error.code === 'IMAGE_FETCH_FAILED') {
    log('warn', 'image url unreachable', { host: hostOf(rawUrl), reason: result.error.message })
  }
  return result
}

const hostOf = (rawUrl: string): string | null => {
  try {
    return new URL(rawUrl).host
  } catch {
    return null
  }
}

async function download(
  rawUrl: string,
  options: FetchImageOptions,
): Promise<Result<Uint8Array, FetchFailure>> {
  let url: URL
  try {
    url = new URL(rawUrl)
  } catch {
    return notAllowed('imageUrl is not a valid URL')
  }
  const total = AbortSignal.timeout(options.totalTimeoutMs ?? 30_000)
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const refusal = await checkUrl(url, options.resolver)
    if (refusal) return refusal
    const headersTimer = new AbortController()
    const timer = setTimeout(() => headersTimer.abort(), options.headersTimeoutMs ?? 10_000)
    let response: Response
    try {
      response = await fetch(url, {
        redirect: 'manual',
        headers: HEADERS,
        signal: AbortSignal.any([total, headersTimer.signal]),
      })
    } catch (error) {
      return failed(`Could not fetch the image: ${describe(error)}`)
    } finally {
      clearTimeout(timer)
    }
    if (REDIRECTS.has(response.status)) {
      await response.body?.cancel().catch(() => {})
      const location = response.headers.get('location')
      if (!location) return failed(`The server answered ${response.status} without a Location`)
      const next = new URL(location, url)
      if (url.protocol === 'https:' && next.protocol === 'http:') {
        return notAllowed('A redirect from https to http is not followed')
      }
      url = next
      continue
    }
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => {})
      return failed(`The server answered ${response.status}; expected 200`)
    }
    const declared = Number(response.headers.get('content-length'))
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      await response.body?.cancel().catch(() => {})
      return tooLarge(options.maxBytes)
    }
    try {
      const read = await readLimited(response.body, options.maxBytes)
      return read.ok ? ok(read.bytes) : tooLarge(options.maxBytes)
    } catch (error) {
      return failed(`The download broke off: ${describe(error)}`)
    }
  }
  return failed(`More than ${MAX_REDIRECTS} redirects`)
}

async function checkUrl(url: URL, resolver: Resolver) {
  const refusal = urlRefusal(url)
  if (refusal) return notAllowed(refusal)
  const host = normalizeHostname(url.hostname)!
  let addresses: string[]
  try {
    addresses = await resolver(host)
  } catch (error) {
    return failed(`Could not resolve ${host}: ${describe(error)}`)
  }
  if (addresses.length === 0) return failed(`${host} does not resolve`)
  if (addresses.some(isBlockedAddress)) {
    return notAllowed(`${host} resolves to a private or reserved address`)
  }
  return null
}

const describe = (error: unknown): string =>
  error instanceof Error && error.name === 'TimeoutError'
    ? 'timed out'
    : error instanceof Error && error.name === 'AbortError'
      ? 'timed out'
      : 'network error'

// The outside world for tests: a fake DNS-over-HTTPS resolver that answers like
// cloudflare-dns.com's JSON API, and image hosts served by msw. Unhandled requests fail the test.
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'

/** Public documentation-free addresses the fake DNS hands out for ordinary test hosts. */
export const PUBLIC_V4 = '93.184.215.14'

/** Host → addresses; hosts not listed resolve to PUBLIC_V4. `[]` means NXDOMAIN. */
const zones = new Map<string, string[]>()

/** Makes `host` resolve to `addresses` for the rest of the test. */
export function dnsRecord(host: string, addresses: string[]) {
  zones.set(host, addresses)
}

const doh = http.get('https://cloudflare-dns.com/dns-query', ({ request }) => {
  const url = new URL(request.url)
  const name = url.searchParams.get('name') ?? ''
  const type = url.searchParams.get('type')
  if (request.headers.get('accept') !== 'application/dns-json') {
    return new HttpResponse('unsupported accept', { status: 415 })
  }
  const addresses = zones.get(name) ?? [PUBLIC_V4]
  if (addresses.length === 0) return HttpResponse.json({ Status: 3, Answer: [] })
  const wantV6 = type === 'AAAA'
  const answer = addresses
    .filter((a) => a.includes(':') === wantV6)
    .map((data) => ({ name: `${name}.`, type: wantV6 ? 28 : 1, TTL: 300, data }))
  return HttpResponse.json({ Status: 0, Answer: answer })
})

export const server = setupServer(doh)

/** Installs the fake network for a test file. */
export function useFakeNetwork() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => {
    server.resetHandlers()
    zones.clear()
  })
  afterAll(() => server.close())
}

/** Serves `bytes` at `url` (200, with Content-Length). */
export function serveImage(url: string, bytes: Uint8Array, contentType = 'image/png') {
  server.use(
    http.get(
      url,
      () => new HttpResponse(bytes.slice(), { headers: { 'content-type': contentType } }),
    ),
  )
}

/**
 * Answers `url` with a 500 and records whether anything asked for it, for tests that a request
 * was refused before its image was fetched.
 * @returns whether `url` has been fetched so far
 */
export function watchUnfetched(url: string): () => boolean {
  let fetched = false
  server.use(
    http.get(url, () => {
      fetched = true
      return new HttpResponse(null, { status: 500 })
    }),
  )
  return () => fetched
}

export { HttpResponse, http }

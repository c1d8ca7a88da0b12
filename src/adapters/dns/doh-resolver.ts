/**
 * A DNS resolver over DNS-over-HTTPS (the JSON API of RFC 8484 resolvers such as 1.1.1.1), used
 * by the SSRF guard to see every address a hostname resolves to before fetching it. It is plain
 * `fetch`, so it behaves the same in production, under `wrangler dev`, and in tests.
 */

/** Resolves a hostname to all its A and AAAA addresses. Throws when the resolver fails. */
export type Resolver = (hostname: string) => Promise<string[]>

interface DohAnswer {
  type: number
  data: string
}

const TYPE_A = 1
const TYPE_AAAA = 28
/** Per-query timeout, ms. */
const DOH_TIMEOUT_MS = 5_000

/** A {@link Resolver} that queries `endpoint` (e.g. https://cloudflare-dns.com/dns-query). */
export function dohResolver(endpoint: string): Resolver {
  const query = async (name: string, type: 'A' | 'AAAA'): Promise<string[]> => {
    const url = new URL(endpoint)
    url.searchParams.set('name', name)
    url.searchParams.set('type', type)
    const response = await fetch(url, {
      headers: { accept: 'application/dns-json' },
      signal: AbortSignal.timeout(DOH_TIMEOUT_MS),
    })
    if (!response.ok) throw new Error(`DoH ${type} query for ${name}: HTTP ${response.status}`)
    const body = (await response.json()) as { Status?: number; Answer?: DohAnswer[] }
    // NXDOMAIN (3) is an empty answer; other failures are resolver errors.
    if (body.Status !== 0 && body.Status !== 3) {
      throw new Error(`DoH ${type} query for ${name}: status ${body.Status}`)
    }
    const wanted = type === 'A' ? TYPE_A : TYPE_AAAA
    return (body.Answer ?? []).filter((a) => a.type === wanted).map((a) => a.data)
  }
  return async (hostname) => {
    const [v4, v6] = await Promise.all([query(hostname, 'A'), query(hostname, 'AAAA')])
    return [...v4, ...v6]
  }
}

/**
 * The SSRF guard's static checks on an image URL (PLATFORM.md §6 rules 1-2): scheme, credentials,
 * port and hostname, on the parsed URL (never the raw string). DNS answers are checked by
 * `fetch-image.ts` with the resolver, on every redirect hop.
 */

import { parseIpv4, parseIpv6 } from '../../lib/ip'

/** Hostname suffixes that only ever name internal machines. */
const INTERNAL_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa', '.localdomain']

/** Why a URL is refused, in words a caller can act on; null when it passes. */
export function urlRefusal(url: URL): string | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return `Expected an http or https URL but received ${url.protocol.replace(':', '')}`
  }
  if (url.username || url.password) return 'URLs with credentials are not fetched'
  if (url.port !== '' && url.port !== '80' && url.port !== '443') {
    return `Port ${url.port} is not allowed; use 80 or 443`
  }
  const host = normalizeHostname(url.hostname)
  if (host === null) return 'The URL has no usable hostname'
  if (parseIpv4(host) !== null || parseIpv6(host) !== null || host.startsWith('[')) {
    return 'IP address hosts are not fetched; use a public hostname'
  }
  if (host === 'localhost' || INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
    return `${host} is an internal hostname`
  }
  if (!host.includes('.')) return `${host} is not a public hostname`
  return null
}

/** Lower-cases a hostname and strips one trailing dot; null when nothing usable is left. */
export function normalizeHostname(hostname: string): string | null {
  let host = hostname.toLowerCase()
  if (host.endsWith('.')) host = host.slice(0, -1)
  if (host === '' || host.endsWith('.') || host.startsWith('.') || host.includes('..')) return null
  return host
}

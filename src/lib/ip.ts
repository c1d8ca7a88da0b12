/**
 * IP address parsing and the blocked ranges of the SSRF guard (PLATFORM.md §6 rule 3): private,
 * loopback, link-local, shared, documentation, benchmarking, multicast and reserved space, and the
 * IPv6 forms that embed IPv4 (mapped, compatible, NAT64, 6to4, Teredo).
 */

/** Parses dotted-quad IPv4 (exactly four decimal parts, no leading zeros) to a 32-bit number. */
export function parseIpv4(text: string): number | null {
  const parts = text.split('.')
  if (parts.length !== 4) return null
  let value = 0
  for (const part of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return null
    const n = Number(part)
    if (n > 255) return null
    value = value * 256 + n
  }
  return value
}

/** Parses IPv6 text (with `::` compression and an optional trailing dotted quad) to a 128-bit bigint. */
export function parseIpv6(text: string): bigint | null {
  let rest = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text
  if (rest.includes('%')) return null
  let tail: number[] = []
  const lastColon = rest.lastIndexOf(':')
  if (rest.includes('.', lastColon)) {
    const v4 = parseIpv4(rest.slice(lastColon + 1))
    if (v4 === null) return null
    tail = [v4 >>> 16, v4 & 0xffff]
    const prefix = rest.slice(0, lastColon + 1)
    rest = prefix.endsWith('::') ? prefix : prefix.slice(0, -1)
  }
  const halves = rest.split('::')
  if (halves.length > 2) return null
  const parse = (part: string): number[] | null => {
    if (part === '') return []
    const groups = part.split(':')
    const out: number[] = []
    for (const group of groups) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null
      out.push(Number.parseInt(group, 16))
    }
    return out
  }
  const head = parse(halves[0]!)
  const back = halves.length === 2 ? parse(halves[1]!) : []
  if (!head || !back) return null
  const explicit = head.length + back.length + tail.length
  if (halves.length === 1 ? explicit !== 8 : explicit > 7) return null
  const groups = [...head, ...new Array<number>(8 - explicit).fill(0), ...back, ...tail]
  let value = 0n
  for (const group of groups) value = (value << 16n) | BigInt(group)
  return value
}

const V4_BLOCKED: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
  ['255.255.255.255', 32],
]

const V6_BLOCKED: readonly (readonly [string, number])[] = [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['::ffff:0:0', 96], // IPv4-mapped
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215)
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
]

const V4_RANGES = V4_BLOCKED.map(([base, bits]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0
  return { base: (parseIpv4(base)! & mask) >>> 0, mask }
})

const V6_RANGES = V6_BLOCKED.map(([base, bits]) => {
  const mask = ((1n << BigInt(bits)) - 1n) << BigInt(128 - bits)
  return { base: parseIpv6(base)! & mask, mask }
})

/** True when an IPv4 address (32-bit number) is in a blocked range. */
export const isBlockedIpv4 = (ip: number): boolean =>
  V4_RANGES.some(({ base, mask }) => (ip & mask) >>> 0 === base)

/**
 * True when an IPv6 address is in a blocked range. Every form that embeds an IPv4 address
 * (mapped, compatible, NAT64, 6to4, Teredo) is blocked as a whole prefix, which is stricter than
 * unwrapping the IPv4 part and checking it: a public IPv4 behind such a prefix is refused too.
 */
export const isBlockedIpv6 = (ip: bigint): boolean =>
  V6_RANGES.some(({ base, mask }) => (ip & mask) === base)

/** True when `text` is an IP literal (v4 or v6) in a blocked range; false for public ones. */
export function isBlockedAddress(text: string): boolean {
  const v4 = parseIpv4(text)
  if (v4 !== null) return isBlockedIpv4(v4)
  const v6 = parseIpv6(text)
  return v6 === null ? true : isBlockedIpv6(v6)
}

// The SSRF guard through the real endpoints (PLATFORM.md §6): every blocked range, as a DNS answer
// (A and AAAA, alone and mixed with public ones), every way of spelling an address or an internal
// name in a URL, every scheme and port trick, and redirects from a public host into each of them.
// Every other host on the fake network answers with a real PNG, so a URL the guard lets through
// would come back 200; each case also checks that the target was never contacted.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { balanceOf, expectError, expectOk, newAccount, postJson } from '../support/api'
import { lineDrawing, toPng } from '../support/images'
import { dnsRecord, PUBLIC_V4, serveImage, useFakeNetwork } from '../support/network'
import {
  contactedHosts,
  outbound,
  recordOutbound,
  redirect,
  resolvedNames,
  serveEverywhere,
  URL_ENDPOINTS,
  type UrlEndpoint,
} from '../support/security'

useFakeNetwork()
recordOutbound(beforeEach)

let apiKey: string
let png: Uint8Array

beforeAll(async () => {
  png = await toPng(lineDrawing(40, 30))
})

beforeEach(async () => {
  apiKey = (await newAccount(1000)).apiKey
  serveEverywhere(png)
})

const byPath = (path: string) => URL_ENDPOINTS.find((e) => e.path === path)!
const CONVERT = byPath('/v1/convert')

/** Sends `url` to `endpoint`, expects the guard's refusal, and that nothing was charged. */
async function expectRefused(endpoint: UrlEndpoint, url: string, kind: 'refused' | 'failed') {
  const before = await balanceOf(apiKey)
  const { status, code } = endpoint[kind]
  const error = await expectError(
    await postJson(endpoint.path, apiKey, endpoint.body(url)),
    status,
    code,
  )
  expect(await balanceOf(apiKey)).toBe(before)
  return error
}

// One address inside each blocked range of PLATFORM.md §6 rule 3 (and its edges).
const BLOCKED_V4: [string, string][] = [
  ['0.0.0.0/8 "this network"', '0.0.0.0'],
  ['0.0.0.0/8, not the first address', '0.1.2.3'],
  ['10/8 private', '10.0.0.1'],
  ['10/8 private, last address', '10.255.255.255'],
  ['100.64/10 CGNAT, first', '100.64.0.1'],
  ['100.64/10 CGNAT, last', '100.127.255.254'],
  ['127/8 loopback', '127.0.0.1'],
  ['127/8 loopback, not .1', '127.53.0.9'],
  ['169.254/16 cloud metadata', '169.254.169.254'],
  ['169.254/16 link-local', '169.254.0.1'],
  ['172.16/12 private, first', '172.16.0.1'],
  ['172.16/12 private, last', '172.31.255.254'],
  ['192.0.0/24 IETF protocol assignments', '192.0.0.170'],
  ['192.0.2/24 TEST-NET-1', '192.0.2.1'],
  ['192.88.99/24 6to4 relay anycast', '192.88.99.1'],
  ['192.168/16 private', '192.168.1.1'],
  ['198.18/15 benchmarking, first', '198.18.0.1'],
  ['198.18/15 benchmarking, last', '198.19.255.254'],
  ['198.51.100/24 TEST-NET-2', '198.51.100.7'],
  ['203.0.113/24 TEST-NET-3', '203.0.113.9'],
  ['224/4 multicast', '224.0.0.251'],
  ['224/4 multicast, last', '239.255.255.250'],
  ['240/4 reserved', '240.0.0.1'],
  ['240/4 reserved, high', '254.1.2.3'],
  ['255.255.255.255 broadcast', '255.255.255.255'],
]

const BLOCKED_V6: [string, string][] = [
  [':: unspecified', '::'],
  ['::1 loopback', '::1'],
  ['::1 loopback, written out', '0:0:0:0:0:0:0:1'],
  ['::ffff:0:0/96 IPv4-mapped loopback', '::ffff:127.0.0.1'],
  ['::ffff:0:0/96 IPv4-mapped metadata, hex', '::ffff:a9fe:a9fe'],
  ['::ffff:0:0/96 IPv4-mapped public address', '::ffff:93.184.215.14'],
  ['::/96 IPv4-compatible', '::127.0.0.1'],
  ['64:ff9b::/96 NAT64 of loopback', '64:ff9b::7f00:1'],
  ['64:ff9b::/96 NAT64 of 10.0.0.1', '64:ff9b::10.0.0.1'],
  ['64:ff9b:1::/48 local-use NAT64', '64:ff9b:1::a00:1'],
  ['100::/64 discard-only', '100::1'],
  ['2001::/32 Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ['2001:db8::/32 documentation', '2001:db8::1'],
  ['2002::/16 6to4 of 127.0.0.1', '2002:7f00:1::1'],
  ['fc00::/7 unique local (fc)', 'fc00::1'],
  ['fc00::/7 unique local (fd)', 'fd12:3456:789a::1'],
  ['fe80::/10 link-local', 'fe80::1'],
  ['fe80::/10 link-local, upper edge', 'febf::1'],
  ['fec0::/10 site-local', 'fec0::1'],
  ['ff00::/8 multicast', 'ff02::1'],
]

// Just outside the ranges: these must still be fetched (the checks are not over-broad).
const PUBLIC_EDGES: [string, string][] = [
  ['below 10/8', '9.255.255.255'],
  ['above 10/8', '11.0.0.0'],
  ['below CGNAT', '100.63.255.255'],
  ['above CGNAT', '100.128.0.0'],
  ['below 172.16/12', '172.15.255.255'],
  ['above 172.16/12', '172.32.0.0'],
  ['above 198.18/15', '198.20.0.0'],
  ['below multicast', '223.255.255.255'],
  ['public IPv6', '2606:4700:4700::1111'],
  ['public IPv6 beside NAT64', '64:ff9c::1'],
]

describe('SSRF: DNS answers in blocked ranges', () => {
  describe.each(URL_ENDPOINTS)('$path', (endpoint) => {
    it.each([...BLOCKED_V4, ...BLOCKED_V6])(
      'refuses a host resolving to %s (%s) without contacting it',
      async (_range, address) => {
        dnsRecord('target.example.com', [address])
        await expectRefused(endpoint, 'https://target.example.com/a.png', 'refused')
        expect(resolvedNames()).toContain('target.example.com')
        expect(contactedHosts()).toEqual([])
      },
    )
  })

  it.each([
    ['a public A and a blocked A', ['93.184.215.14', '10.1.2.3']],
    ['a blocked A before a public A', ['127.0.0.1', '93.184.215.14']],
    ['a public A and a blocked AAAA', ['93.184.215.14', 'fd00::1']],
    ['a blocked A and a public AAAA', ['169.254.169.254', '2606:4700::6810:84e5']],
    ['a public AAAA and a mapped-loopback AAAA', ['2606:4700::1', '::ffff:127.0.0.1']],
    ['an answer in a form the guard cannot read (fails closed)', ['0177.0.0.1']],
    ['a short-form answer (fails closed)', ['127.1']],
  ])('refuses a host with %s', async (_case, addresses) => {
    dnsRecord('mixed.example.com', addresses)
    await expectRefused(CONVERT, 'https://mixed.example.com/a.png', 'refused')
    expect(contactedHosts()).toEqual([])
  })

  it('answers IMAGE_FETCH_FAILED for a name that does not resolve, without fetching it', async () => {
    dnsRecord('nowhere.example.com', [])
    await expectRefused(CONVERT, 'https://nowhere.example.com/a.png', 'failed')
    expect(contactedHosts()).toEqual([])
  })

  it.each(PUBLIC_EDGES)('fetches a host resolving %s (%s)', async (_case, address) => {
    dnsRecord('edge.example.com', [address])
    await expectOk(
      await postJson('/v1/convert', apiKey, { imageUrl: 'https://edge.example.com/a.png' }),
    )
    expect(contactedHosts()).toEqual(['edge.example.com'])
  })

  it.each(URL_ENDPOINTS)('accepts a public host on $path (control)', async (endpoint) => {
    // A drawing large enough for /figures to find lines in; the other endpoints take it too.
    serveImage('https://ok.example.com/a.png', await toPng(lineDrawing(480, 360, 4)))
    const body =
      endpoint.path === '/v1/figures'
        ? { referenceImageUrls: ['https://ok.example.com/a.png'] }
        : { imageUrl: 'https://ok.example.com/a.png' }
    await expectOk(await postJson(endpoint.path, apiKey, body))
    expect(contactedHosts()).toEqual(['ok.example.com'])
  })
})

// Literal hosts and spellings the WHATWG parser turns into addresses or internal names. Every one
// would be fetched (and answered with a PNG) without the static checks.
const LITERALS: [string, string][] = [
  ['dotted loopback', 'http://127.0.0.1/a.png'],
  ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
  ['a private address', 'http://10.0.0.5/a.png'],
  ['0.0.0.0', 'http://0.0.0.0/a.png'],
  ['a public address (IP literals are never fetched)', `http://${PUBLIC_V4}/a.png`],
  ['decimal', 'http://2130706433/a.png'],
  ['decimal metadata', 'http://2852039166/a.png'],
  ['octal', 'http://0177.0.0.1/a.png'],
  ['octal with many zeros', 'http://00000177.0.0.01/a.png'],
  ['hex per part', 'http://0x7f.0.0.1/a.png'],
  ['hex whole', 'http://0x7f000001/a.png'],
  ['short form 127.1', 'http://127.1/a.png'],
  ['short form 127.0.1', 'http://127.0.1/a.png'],
  ['short form 10.1', 'http://10.1/a.png'],
  ['mixed octal and hex', 'http://0177.0x0.0.01/a.png'],
  ['mixed hex and short', 'http://0xa9.0376.43518/a.png'],
  ['trailing dot', 'http://127.0.0.1./a.png'],
  ['percent-encoded digits', 'http://%31%32%37.0.0.1/a.png'],
  ['fullwidth digits (IDNA)', 'http://１２７.０.０.１/a.png'],
  ['ideographic full stops', 'http://127。0。0。1/a.png'],
  ['backslashes', 'http:\\\\127.0.0.1\\a.png'],
  ['no slashes', 'http:127.0.0.1/a.png'],
  ['a tab inside the host', 'http://127.0.\t0.1/a.png'],
  ['bracketed ::1', 'http://[::1]/a.png'],
  ['bracketed ::1, written out', 'http://[0:0:0:0:0:0:0:1]/a.png'],
  ['bracketed unspecified', 'http://[::]/a.png'],
  ['IPv4-mapped', 'http://[::ffff:127.0.0.1]/a.png'],
  ['IPv4-mapped metadata', 'http://[::ffff:169.254.169.254]/a.png'],
  ['IPv4-compatible', 'http://[::127.0.0.1]/a.png'],
  ['NAT64', 'http://[64:ff9b::127.0.0.1]/a.png'],
  ['6to4', 'http://[2002:7f00:1::1]/a.png'],
  ['Teredo', 'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/a.png'],
  ['unique local', 'http://[fd00::1]/a.png'],
  ['link-local', 'http://[fe80::1]/a.png'],
  ['documentation', 'http://[2001:db8::1]/a.png'],
  ['a public IPv6 literal', 'http://[2606:4700:4700::1111]/a.png'],
  ['uppercase IPv6', 'http://[::FFFF:7F00:1]/a.png'],
]

const INTERNAL_NAMES: [string, string][] = [
  ['localhost', 'http://localhost/a.png'],
  ['uppercase', 'http://LOCALHOST/a.png'],
  ['mixed case with a trailing dot', 'http://LocalHost./a.png'],
  ['a subdomain of localhost', 'http://api.localhost/a.png'],
  ['percent-encoded localhost', 'http://%6c%6f%63%61%6c%68%6f%73%74/a.png'],
  ['fullwidth localhost (IDNA)', 'http://ｌｏｃａｌｈｏｓｔ/a.png'],
  ['mDNS .local', 'http://printer.local/a.png'],
  ['.internal', 'http://metadata.google.internal/computeMetadata/v1/'],
  ['.internal with a trailing dot', 'http://METADATA.GOOGLE.INTERNAL./x'],
  ['punycode under .internal', 'http://bücher.internal/a.png'],
  ['.home.arpa', 'http://router.home.arpa/a.png'],
  ['.localdomain', 'http://nas.localdomain/a.png'],
  ['a single label', 'http://intranet/a.png'],
  ['a single label with a trailing dot', 'http://metadata./a.png'],
  ['two trailing dots', 'http://images.example.com../a.png'],
]

const SCHEMES_PORTS_USERINFO: [string, string][] = [
  ['file:', 'file:///etc/passwd'],
  ['file: with a host', 'file://images.example.com/a.png'],
  ['ftp:', 'ftp://images.example.com/a.png'],
  ['gopher:', 'gopher://images.example.com:70/_GET%20/'],
  ['ws:', 'ws://images.example.com/a.png'],
  ['blob:', 'blob:https://images.example.com/0b2a1c4e-0000-4000-8000-000000000000'],
  ['javascript:', 'javascript:alert(1)'],
  ['data:', 'data:image/png;base64,iVBORw0KGgo='],
  ['port 8080', 'http://images.example.com:8080/a.png'],
  ['port 22', 'http://images.example.com:22/a.png'],
  ['port 6379 (redis)', 'http://images.example.com:6379/a.png'],
  ['port 65535', 'https://images.example.com:65535/a.png'],
  ['userinfo before a loopback host', 'http://a@127.0.0.1/a.png'],
  ['userinfo before a public host', 'https://user:secret@images.example.com/a.png'],
  ['an address as userinfo', 'http://127.0.0.1@images.example.com/a.png'],
  ['an empty password', 'https://user:@images.example.com/a.png'],
]

describe('SSRF: addresses, names, schemes and ports in the URL', () => {
  describe.each(URL_ENDPOINTS)('$path', (endpoint) => {
    it.each([...LITERALS, ...INTERNAL_NAMES, ...SCHEMES_PORTS_USERINFO])(
      'refuses %s (%s) without resolving or contacting it',
      async (_case, url) => {
        await expectRefused(endpoint, url, 'refused')
        expect(outbound).toEqual([])
      },
    )
  })

  it.each([
    ['an invalid IPv6 zone id', 'http://[fe80::1%25eth0]/a.png'],
    ['an out-of-range IPv4', 'http://127.0.0.256/a.png'],
  ])('answers %s (%s) as an invalid field, never fetching it', async (_case, url) => {
    const before = await balanceOf(apiKey)
    await expectError(
      await postJson('/v1/convert', apiKey, { imageUrl: url }),
      400,
      'VALIDATION_ERROR',
    )
    expect(await balanceOf(apiKey)).toBe(before)
    expect(outbound).toEqual([])
  })

  it('resolves an IDN host by its punycode name and refuses it when that is private', async () => {
    dnsRecord('xn--bcher-kva.example.com', ['10.0.0.1'])
    await expectRefused(CONVERT, 'https://bücher.example.com/a.png', 'refused')
    expect(resolvedNames()).toContain('xn--bcher-kva.example.com')
    expect(contactedHosts()).toEqual([])
  })

  it('resolves a trailing-dot host by its normalised name', async () => {
    dnsRecord('rebind.example.com', ['127.0.0.1'])
    await expectRefused(CONVERT, 'https://REBIND.Example.COM./a.png', 'refused')
    expect(resolvedNames()).toEqual(['rebind.example.com', 'rebind.example.com'])
    expect(contactedHosts()).toEqual([])
  })

  it.each([
    ['port 80 on http', 'http://images.example.com:80/a.png'],
    ['port 443 on https', 'https://images.example.com:443/a.png'],
    ['port 443 on http', 'http://images.example.com:443/a.png'],
    ['an uppercase public host', 'https://IMAGES.Example.com/a.png'],
  ])('fetches %s (control)', async (_case, url) => {
    await expectOk(await postJson('/v1/convert', apiKey, { imageUrl: url }))
    expect(contactedHosts()).toHaveLength(1)
  })
})

// Where a redirect from a public host may point; each is refused on the hop that reaches it.
const REDIRECT_TARGETS: [string, string][] = [
  ['loopback literal', 'http://127.0.0.1/a.png'],
  ['metadata literal', 'http://169.254.169.254/latest/meta-data/'],
  ['decimal loopback', 'http://2130706433/a.png'],
  ['bracketed IPv6 loopback', 'http://[::1]/a.png'],
  ['IPv4-mapped IPv6', 'http://[::ffff:10.0.0.1]/a.png'],
  ['localhost', 'http://localhost/a.png'],
  ['.internal', 'http://metadata.google.internal/computeMetadata/v1/'],
  ['a private port', 'http://images.example.com:6379/a.png'],
  ['userinfo', 'http://admin:admin@images.example.com/a.png'],
  ['file:', 'file:///etc/passwd'],
  ['ftp:', 'ftp://images.example.com/a.png'],
  ['a host resolving to 10.0.0.1', 'http://private-a.example.com/a.png'],
  ['a host resolving to fd00::1', 'http://private-aaaa.example.com/a.png'],
  ['a host resolving to ::ffff:127.0.0.1', 'http://mapped.example.com/a.png'],
  ['a host resolving to 169.254.169.254', 'http://imds.example.com/a.png'],
  ['a host with one private answer among public ones', 'http://mixed.example.com/a.png'],
]

const REDIRECT_STATUSES = [301, 302, 303, 307, 308]

describe('SSRF: redirects', () => {
  beforeEach(() => {
    dnsRecord('private-a.example.com', ['10.0.0.1'])
    dnsRecord('private-aaaa.example.com', ['fd00::1'])
    dnsRecord('mapped.example.com', ['::ffff:127.0.0.1'])
    dnsRecord('imds.example.com', ['169.254.169.254'])
    dnsRecord('mixed.example.com', [PUBLIC_V4, '192.168.0.10'])
  })

  // Every redirect status on /convert; the other endpoints share the fetcher, so one status each
  // proves they use it.
  const cases = [
    ...REDIRECT_STATUSES.flatMap((status) =>
      REDIRECT_TARGETS.map(([c, to]) => [CONVERT.path, status, c, to] as const),
    ),
    ...URL_ENDPOINTS.filter((e) => e !== CONVERT).flatMap(({ path }) =>
      REDIRECT_TARGETS.map(([c, to]) => [path, 302, c, to] as const),
    ),
  ]
  it.each(cases)('%s refuses a %i from a public host to %s', async (path, status, _case, to) => {
    redirect('http://public.example.com/start', status, to)
    await expectRefused(byPath(path), 'http://public.example.com/start', 'refused')
    expect(contactedHosts()).toEqual(['public.example.com'])
    expect(contactedHosts()).not.toContain(new URL(to).host)
  })

  it('refuses a relative redirect that climbs into a blocked host via a scheme-relative URL', async () => {
    redirect('http://public.example.com/start', 302, '//127.0.0.1/a.png')
    await expectRefused(CONVERT, 'http://public.example.com/start', 'refused')
    expect(contactedHosts()).toEqual(['public.example.com'])
  })

  it('refuses a downgrade from https to http, even to a public host', async () => {
    redirect('https://public.example.com/start', 302, 'http://images.example.com/a.png')
    await expectRefused(CONVERT, 'https://public.example.com/start', 'refused')
    expect(contactedHosts()).toEqual(['public.example.com'])
  })

  it('refuses the 2nd and 3rd hop too, not only the first', async () => {
    redirect('http://public.example.com/1', 302, 'http://public.example.com/2')
    redirect('http://public.example.com/2', 307, 'http://public.example.com/3')
    redirect('http://public.example.com/3', 308, 'http://private-a.example.com/a.png')
    await expectRefused(CONVERT, 'http://public.example.com/1', 'refused')
    expect(contactedHosts()).toEqual(Array(3).fill('public.example.com'))
  })

  it('follows 3 redirects between public hosts (control)', async () => {
    redirect('http://public.example.com/1', 301, 'http://public.example.com/2')
    redirect('http://public.example.com/2', 302, 'https://public.example.com/3')
    redirect('https://public.example.com/3', 303, 'https://images.example.com/a.png')
    await expectOk(
      await postJson('/v1/convert', apiKey, { imageUrl: 'http://public.example.com/1' }),
    )
    expect(contactedHosts()).toEqual([
      'public.example.com',
      'public.example.com',
      'public.example.com',
      'images.example.com',
    ])
  })

  it.each(URL_ENDPOINTS)('gives up after 3 redirects on $path', async (endpoint) => {
    for (const hop of [1, 2, 3, 4]) {
      redirect(`http://public.example.com/${hop}`, 302, `http://public.example.com/${hop + 1}`)
    }
    const error = await expectRefused(endpoint, 'http://public.example.com/1', 'failed')
    expect(error.message).toContain('redirects')
    expect(contactedHosts()).toEqual(Array(4).fill('public.example.com'))
  })

  it('gives up on a redirect loop', async () => {
    redirect('http://loop.example.com/a', 302, '/b')
    redirect('http://loop.example.com/b', 302, '/a')
    await expectRefused(CONVERT, 'http://loop.example.com/a', 'failed')
    expect(contactedHosts()).toEqual(Array(4).fill('loop.example.com'))
  })

  it('gives up on a redirect to itself', async () => {
    redirect('http://loop.example.com/self', 307, 'http://loop.example.com/self')
    await expectRefused(CONVERT, 'http://loop.example.com/self', 'failed')
    expect(contactedHosts()).toHaveLength(4)
  })

  it('does not follow a redirect without a Location', async () => {
    redirect('http://public.example.com/start', 302, '')
    await expectRefused(CONVERT, 'http://public.example.com/start', 'failed')
    expect(contactedHosts()).toEqual(['public.example.com'])
  })
})

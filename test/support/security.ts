// Shared by the security suites (test/security/): an outbound-request recorder on the fake
// network, a host that answers every URL with a real PNG (so a guard that lets a URL through
// turns the refusal into a 200, and the test fails), the four endpoints that take image URLs, and
// a small strict XML reader that lists what an SVG contains.
import { HttpResponse, http, server } from './network'

/** The fake DNS-over-HTTPS endpoint (network.ts); its queries are not "contacting the target". */
export const DOH_HOST = 'cloudflare-dns.com'

/** Every outbound request the Worker made in this test, DNS queries included. */
export const outbound: URL[] = []

let recording = false

/**
 * Records outbound requests for every test of the file (cleared before each test). Call after
 * `useFakeNetwork()`, at the top level of a test file.
 */
export function recordOutbound(beforeEach: (fn: () => void) => void) {
  if (!recording) {
    server.events.on('request:start', ({ request }) => {
      outbound.push(new URL(request.url))
    })
    recording = true
  }
  beforeEach(() => {
    outbound.length = 0
  })
}

/** Hosts (host:port as URL.host gives it) contacted other than the DNS resolver. */
export const contactedHosts = (): string[] =>
  outbound.filter((url) => url.hostname !== DOH_HOST).map((url) => url.host)

/** The names the resolver was asked about. */
export const resolvedNames = (): string[] =>
  outbound
    .filter((url) => url.hostname === DOH_HOST)
    .map((url) => url.searchParams.get('name') ?? '')

/**
 * Answers every GET to any host but the resolver with `png`: whatever a URL points at, if the
 * Worker fetched it the request would succeed. Refusals must therefore come from the guard.
 */
export function serveEverywhere(png: Uint8Array) {
  server.use(
    http.get(/.*/, ({ request }) => {
      if (new URL(request.url).hostname === DOH_HOST) return undefined
      return new HttpResponse(png.slice(), { headers: { 'content-type': 'image/png' } })
    }),
  )
}

/** `from` answers `status` with `Location: to` (resolved by the Worker against `from`). */
export function redirect(from: string, status: number, to: string) {
  server.use(http.get(from, () => new HttpResponse(null, { status, headers: { location: to } })))
}

/** An endpoint that takes an image URL, how to send one, and what a refusal looks like. */
export interface UrlEndpoint {
  path: string
  body: (url: string) => Record<string, unknown>
  /** Status and code of a URL the SSRF guard refuses. */
  refused: { status: number; code: string }
  /** Status and code when the download itself fails (redirect limits, no answer). */
  failed: { status: number; code: string }
}

/** The imageUrl endpoints answer 422 with the specific code; /figures has no 422 (PLATFORM §0). */
export const URL_ENDPOINTS: UrlEndpoint[] = [
  {
    path: '/v1/convert',
    body: (imageUrl) => ({ imageUrl }),
    refused: { status: 422, code: 'IMAGE_URL_NOT_ALLOWED' },
    failed: { status: 422, code: 'IMAGE_FETCH_FAILED' },
  },
  {
    path: '/v1/vectorize',
    body: (imageUrl) => ({ imageUrl }),
    refused: { status: 422, code: 'IMAGE_URL_NOT_ALLOWED' },
    failed: { status: 422, code: 'IMAGE_FETCH_FAILED' },
  },
  {
    path: '/v1/enhance',
    body: (imageUrl) => ({ imageUrl }),
    refused: { status: 422, code: 'IMAGE_URL_NOT_ALLOWED' },
    failed: { status: 422, code: 'IMAGE_FETCH_FAILED' },
  },
  {
    path: '/v1/figures',
    body: (url) => ({ referenceImageUrls: [url] }),
    refused: { status: 400, code: 'REFERENCE_IMAGE_UNAVAILABLE' },
    failed: { status: 400, code: 'REFERENCE_IMAGE_UNAVAILABLE' },
  },
]

/** One element of a parsed SVG. */
export interface XmlElement {
  name: string
  attributes: Record<string, string>
}

/** What an SVG document holds, as a browser's XML parser would see it. */
export interface XmlReport {
  elements: XmlElement[]
  /** `<!DOCTYPE`, `<!ENTITY`, `<![CDATA[`, processing instructions other than the XML declaration. */
  declarations: string[]
  /** Entity references other than the five predefined ones and numeric character references. */
  customEntities: string[]
  /** The concatenated character data. */
  text: string
}

const NAME = /^[A-Za-z_][\w.:-]*/
const ATTRIBUTE = /^\s+([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/
const PREDEFINED = new Set(['lt', 'gt', 'amp', 'quot', 'apos'])

/**
 * Reads `xml` strictly: well-formed tags (balanced, attributes quoted, no duplicates) or it throws.
 * Comments are skipped; everything else that could carry behaviour is reported.
 */
export function readXml(xml: string): XmlReport {
  const report: XmlReport = { elements: [], declarations: [], customEntities: [], text: '' }
  const open: string[] = []
  let i = 0
  const noteEntities = (s: string) => {
    for (const m of s.matchAll(/&([^;\s]*);?/g)) {
      const name = m[1] ?? ''
      if (!m[0].endsWith(';')) throw new Error(`bare & at ${i}`)
      if (!PREDEFINED.has(name) && !/^#(\d+|x[0-9a-fA-F]+)$/.test(name)) {
        report.customEntities.push(name)
      }
    }
  }
  while (i < xml.length) {
    const lt = xml.indexOf('<', i)
    const text = xml.slice(i, lt === -1 ? xml.length : lt)
    noteEntities(text)
    report.text += text
    if (lt === -1) break
    i = lt
    if (xml.startsWith('<!--', i)) {
      const end = xml.indexOf('-->', i)
      if (end === -1) throw new Error('unterminated comment')
      i = end + 3
      continue
    }
    if (xml.startsWith('<?', i)) {
      const end = xml.indexOf('?>', i)
      if (end === -1) throw new Error('unterminated processing instruction')
      const pi = xml.slice(i, end + 2)
      if (!(i === 0 && pi.startsWith('<?xml '))) report.declarations.push(pi)
      i = end + 2
      continue
    }
    if (xml.startsWith('<!', i)) {
      const end = xml.indexOf('>', i)
      report.declarations.push(xml.slice(i, end === -1 ? xml.length : end + 1))
      i = end === -1 ? xml.length : end + 1
      continue
    }
    if (xml.startsWith('</', i)) {
      const name = NAME.exec(xml.slice(i + 2))?.[0]
      if (!name || open.pop() !== name) throw new Error(`unbalanced </${name}> at ${i}`)
      i = xml.indexOf('>', i) + 1
      continue
    }
    const name = NAME.exec(xml.slice(i + 1))?.[0]
    if (!name) throw new Error(`bad tag at ${i}`)
    i += 1 + name.length
    const attributes: Record<string, string> = {}
    for (;;) {
      const m = ATTRIBUTE.exec(xml.slice(i))
      if (!m) break
      if (m[1]! in attributes) throw new Error(`duplicate attribute ${m[1]}`)
      const value = m[3] ?? m[4] ?? ''
      if (value.includes('<')) throw new Error(`< in attribute ${m[1]}`)
      noteEntities(value)
      attributes[m[1]!] = value
      i += m[0].length
    }
    const close = /^\s*(\/?)>/.exec(xml.slice(i))
    if (!close) throw new Error(`bad attribute syntax in <${name}> at ${i}`)
    i += close[0].length
    report.elements.push({ name, attributes })
    if (close[1] !== '/') open.push(name)
  }
  if (open.length > 0) throw new Error(`unclosed <${open.join('>, <')}>`)
  return report
}

/** Elements that run script or embed other documents. */
const ACTIVE_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'object',
  'embed',
  'handler',
  'listener',
  'set',
  'animate',
])

/**
 * Everything in `svg` that could run script or load something: active elements, `on*` handlers,
 * any href that is not a same-document fragment, url(...) references that are not fragments,
 * DOCTYPE/ENTITY/CDATA/processing instructions and custom entities. Empty when the SVG is inert.
 */
export function svgHazards(svg: string): string[] {
  const report = readXml(svg)
  const hazards: string[] = [...report.declarations, ...report.customEntities.map((e) => `&${e};`)]
  if (report.elements[0]?.name !== 'svg') hazards.push(`root is <${report.elements[0]?.name}>`)
  for (const { name, attributes } of report.elements) {
    if (ACTIVE_ELEMENTS.has(name.toLowerCase())) hazards.push(`<${name}>`)
    for (const [attribute, value] of Object.entries(attributes)) {
      const lower = attribute.toLowerCase()
      if (lower.startsWith('on')) hazards.push(`${name}@${attribute}`)
      if ((lower === 'href' || lower.endsWith(':href')) && !value.startsWith('#')) {
        hazards.push(`${name}@${attribute}=${value}`)
      }
      if (/url\(\s*['"]?(?!#)/i.test(value)) hazards.push(`${name}@${attribute}=${value}`)
      if (/javascript:/i.test(value)) hazards.push(`${name}@${attribute}=${value}`)
    }
  }
  return hazards
}

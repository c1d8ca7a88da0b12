// SVG outputs cannot carry script (PLATFORM.md §5 rules 7-8): what /vectorize (both engines) and
// /figures (prompts written to break out of the markup) store and return is parsed as XML and
// must hold no script, foreignObject, event handler, external reference, DOCTYPE or entity; and
// /v1/files serves SVG so a browser cannot run it even if it did (CSP sandbox, attachment, nosniff).
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { signFileUrl } from '../../src/http/signed-urls'
import { call, expectOk, fetchOutput, newAccount, postForm, postJson } from '../support/api'
import { lineDrawing, toPng } from '../support/images'
import { svgHazards } from '../support/security'

const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

let apiKey: string
beforeAll(async () => {
  apiKey = (await newAccount(1000)).apiKey
})

/** Downloads an SVG output and checks the headers that keep a browser from running it. */
async function servedSvg(url: string): Promise<string> {
  const response = await fetchOutput(url)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('image/svg+xml')
  expect(response.headers.get('content-security-policy')).toBe(SVG_CSP)
  expect(response.headers.get('content-disposition')).toMatch(
    /^attachment; filename="[\w.-]+\.svg"$/,
  )
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  return response.text()
}

describe('SVG from /v1/vectorize', () => {
  it.each(['lineart', 'trace'])('is inert and served sandboxed (%s engine)', async (engine) => {
    const png = await toPng(lineDrawing(120, 90, 4))
    const data = await expectOk<{ url: string; format: string }>(
      await postForm('/v1/vectorize', apiKey, { file: new Blob([png]), format: 'svg', engine }),
    )
    expect(data.format).toBe('svg')
    const svg = await servedSvg(data.url)
    expect(svg).toMatch(/<path /)
    expect(svgHazards(svg)).toEqual([])
  })
})

// Prompts that put markup where the drafter writes labels: a part named with a script tag, an
// attribute breakout, entities, a CDATA terminator, a DOCTYPE with an external entity, a link.
// The prompt reader keeps only `&` and `'` inside words (R&D, O'Neil), so those cases also check
// that the label reached the figure: unescaped, it would break the SVG the rasterizer reads.
const HOSTILE_PROMPTS: [string, string][] = [
  [
    'a script tag',
    'A system 100 comprising a <script>alert(1)</script> processor 102 and a memory 104 coupled to the processor.',
  ],
  [
    'an attribute breakout',
    'A system 100 comprising a "><svg onload=alert(1)> controller 102 and a memory 104 coupled to the controller.',
  ],
  [
    'single-quote breakout',
    "A system 100 comprising a '/><image href='https://evil.example/x.png'/> sensor 102 and a memory 104 coupled to the sensor.",
  ],
  [
    'entities',
    'A system 100 comprising a &xxe; &lt;b&gt; &amp;amp; &#60;script&#62; module 102 and a memory 104 coupled to the module.',
  ],
  [
    'a CDATA terminator',
    'A system 100 comprising a ]]> buffer 102 and a <![CDATA[ cache 104 coupled to the buffer.',
  ],
  [
    'a DOCTYPE with an external entity',
    'A system 100 comprising a <!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]> parser 102 and a memory 104 coupled to the parser.',
  ],
  [
    'foreignObject and a javascript: link',
    'A system 100 comprising a <foreignObject><a xlink:href="javascript:alert(1)">link</a></foreignObject> widget 102 and a memory 104 coupled to the widget.',
  ],
  [
    'a processing instruction and a comment',
    'A system 100 comprising a <?xml-stylesheet href="https://evil.example/x.xsl"?> loader 102 and a <!-- x --> memory 104 coupled to the loader.',
  ],
]

interface FigureData {
  url: string
  format: string
  svg?: string
  references?: { numeral: number; label: string }[]
}

describe('SVG from /v1/figures with hostile prompts', () => {
  it.each([
    [
      'ampersands in part names',
      'A system 100 comprising an R&D unit 102, an AT&T&amp gateway 104 coupled to the R&D unit, and a memory 106.',
      '&',
    ],
    [
      'apostrophes in part names',
      "A system 100 comprising an O'Neil sensor 102 and a memory 104 coupled to the O'Neil sensor.",
      "'",
    ],
  ])('escapes %s that reach the labels', async (_case, prompt, character) => {
    const data = await expectOk<FigureData>(
      await postJson('/v1/figures', apiKey, { prompt, output: 'svg', labeled: true }),
    )
    expect(data.references!.some((r) => r.label.includes(character))).toBe(true)
    expect(svgHazards(await servedSvg(data.url))).toEqual([])
  })

  it.each(HOSTILE_PROMPTS)('stays inert with %s in the prompt', async (_case, prompt) => {
    const data = await expectOk<FigureData>(
      await postJson('/v1/figures', apiKey, { prompt, output: 'svg', labeled: true }),
    )
    expect(data.format).toBe('svg')
    const served = await servedSvg(data.url)
    expect(data.svg).toBe(served)
    expect(svgHazards(served)).toEqual([])
    expect(served).not.toMatch(/alert\(|evil\.example|etc\/passwd|<!\[CDATA|<!DOCTYPE|<!ENTITY/i)
  })

  it.each(HOSTILE_PROMPTS)(
    'draws a PNG (never a 500) with %s in the prompt',
    async (_case, prompt) => {
      const data = await expectOk<FigureData>(await postJson('/v1/figures', apiKey, { prompt }))
      expect(data.format).toBe('png')
    },
  )
})

describe('SVG served from /v1/files', () => {
  const keys = { current: { version: 1, secret: env.OUTPUT_URL_SECRET }, previous: null }

  // Even an SVG that does carry script (as if a writer regressed) must not run on our origin.
  it.each([
    ['image/svg+xml', 'attachment; filename="vector.svg"'],
    ['image/svg+xml; charset=utf-8', 'attachment; filename="vector.svg"'],
    ['image/svg+xml', 'inline; filename="vector.svg"'],
  ])('sends the sandbox CSP and nosniff for %s (%s)', async (contentType, disposition) => {
    const key = `out/acct_svgtest/01SVG${crypto.randomUUID().replaceAll('-', '').slice(0, 21).toUpperCase()}/vector.svg`
    await env.FILES.put(
      key,
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
      { httpMetadata: { contentType, contentDisposition: disposition } },
    )
    const { pathname, search } = new URL(await signFileUrl('https://api.test', key, keys, 3600))
    for (const method of ['GET', 'HEAD']) {
      const response = await call(pathname + search, { method })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-security-policy')).toBe(SVG_CSP)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      await response.body?.cancel()
    }
  })
})

// POST /v1/figures through the whole Worker: diagrams and flowcharts drafted from prompts (PNG
// and SVG, labeled and not), reference images through the fake Workers AI binding and without
// one, both together, and every status of spec §4.2 with the balance before and after. Every
// figure served is held to the figure checker: the PNG's pixels with the layout's own text boxes
// (the same prompt drafted again in the test), the SVG's elements and its rendering.

import { describe, expect, it } from 'vitest'
import { checkFigure } from '../../src/engines/figure/check'
import { draftFigure } from '../../src/engines/figure/draft'
import { parsePrompt } from '../../src/engines/figure/parse'
import { figureFontMetrics, rasterizeSvg } from '../../src/engines/figure/rasterize'
import { WORKERD_KERNELS } from '../../src/kernels/workerd'
import {
  balanceOf,
  bearer,
  call,
  expectError,
  expectLedgerConsistent,
  expectOk,
  fetchOutput,
  newAccount,
  postJson,
} from '../support/api'
import { FakeAi, postJsonWithAi } from '../support/fake-ai'
import { CHECK_MARGIN_PX, figureProblems, renderScene } from '../support/figures'
import { fromPng, lineDrawing, pngHeader, pngPhys, toPng } from '../support/images'
import { HttpResponse, http, serveImage, server, useFakeNetwork } from '../support/network'
import { psnr } from '../support/pixels'

useFakeNetwork()

interface FigureData {
  url: string
  format: 'png' | 'svg'
  svg?: string
  width: number
  height: number
  method: 'drafter' | 'image-model' | 'reference-lines'
  references?: { numeral: string; label: string }[]
  /** The structure drawn (drafter only). */
  figure?: { elements: { label: string }[] }
  warnings?: string[]
  creditsConsumed: number
}

const SYSTEM_PROMPT =
  'A system 100 comprising a processor 102, a memory 104 coupled to the processor, a display, ' +
  'and a network interface 106. The network interface communicates with a remote server 110, ' +
  'and the remote server is coupled to a database 112.'

const METHOD_PROMPT =
  'A method comprising: receiving a request from a client; authenticating the client; ' +
  'determining whether the client is authorized; if so, retrieving a record; otherwise, ' +
  'sending an error message; and sending the response.'

const OBJECT_PROMPT = 'A folding chair with four legs, a padded seat and a curved backrest.'
/** A scene, not a thing made of parts: only an image model could draw it. */
const SCENERY_PROMPT = 'A sunset over snowy mountains with pine trees.'

const ok = (response: Response) => expectOk<FigureData>(response)

async function download(url: string): Promise<Response> {
  const response = await fetchOutput(url)
  expect(response.status).toBe(200)
  return response
}

/** Serves a test image at `url` (through the fake network) and returns the URL. */
async function hostedDrawing(url: string, width = 480, height = 360): Promise<string> {
  serveImage(url, await toPng(lineDrawing(width, height, 4)))
  return url
}

/** The PNG's pixels, checked: black and white (1-bit), 2048 px long edge, 300 DPI in pHYs. */
async function servedPng(url: string) {
  const file = await download(url)
  expect(file.headers.get('content-type')).toBe('image/png')
  const bytes = new Uint8Array(await file.arrayBuffer())
  const header = pngHeader(bytes)
  expect(header).toMatchObject({ colourType: 0, bitDepth: 1 })
  expect(Math.max(header.width, header.height)).toBe(2048)
  expect(pngPhys(bytes)).toEqual({ x: 11811, y: 11811, unit: 1 })
  const raster = await fromPng(bytes)
  return { width: raster.width, height: raster.height, data: raster.data }
}

/**
 * The figure checker on a drafted PNG: the test drafts the same prompt again (the drafter is
 * deterministic), renders it, checks it is the image served, and runs every rule with that
 * layout's text and numeral boxes.
 */
async function expectDraftedFigurePasses(prompt: string, labeled: boolean, url: string) {
  const served = await servedPng(url)
  const parsed = parsePrompt(prompt)
  if (!parsed.ok) throw new Error(parsed.message)
  const figure = await draftFigure(parsed.figure, {
    labeled,
    metrics: figureFontMetrics(WORKERD_KERNELS.svg),
  })
  const again = await renderScene(figure.sheets[0]!.scene)
  expect([served.width, served.height]).toEqual([again.width, again.height])
  // The served file is the render cut at 50 %, pixel for pixel.
  const cut = again.data.map((v) => (v >= 128 ? 255 : 0))
  expect(psnr(served.data, cut)).toBe(Number.POSITIVE_INFINITY)
  expect(figureProblems(served, figure.sheets[0]!.scene)).toEqual([])
}

/** Pixel rules alone (tone, margins), for figures drawn from images: no text boxes to pass. */
function expectCleanLineArt(raster: { width: number; height: number; data: Uint8Array }) {
  const result = checkFigure(raster, { marginPx: CHECK_MARGIN_PX })
  const tone = result.problems.filter((p) => !p.startsWith('Lines are not uniformly thick'))
  expect(tone).toEqual([])
  // One pen: most measured widths within a factor of two (crossings and curves widen a few).
  expect(result.strokeWidth.p90).toBeLessThanOrEqual(2 * Math.max(1, result.strokeWidth.p10) + 2)
  let ink = 0
  for (const v of raster.data) if (v < 128) ink++
  expect(ink).toBeGreaterThan(2000)
}

/** The SVG rules: a viewBox, strokes only (fills only for glyphs and arrowheads), nothing active. */
function expectStrokeOnlySvg(svg: string) {
  expect(svg).toMatch(/<svg[^>]*viewBox="0 0 [\d.]+ [\d.]+"/)
  expect(svg).not.toMatch(/<script|<foreignObject|<image|href=|url\(|on[a-z]+=|<style|<text/i)
  for (const path of svg.match(/<path[^>]*>/g) ?? []) {
    const filled = !/fill="none"/.test(path)
    if (filled) {
      expect(path).toMatch(/fill="#000000"/)
      expect(path).toMatch(/stroke="none"|^(?!.*stroke=)/)
    } else {
      expect(path).toMatch(/stroke="#000000"/)
    }
  }
  expect(svg).not.toMatch(/<(rect|circle|ellipse|polygon)[^>]*fill="(?!none)/)
}

describe('POST /v1/figures', () => {
  it('drafts a block diagram from a prompt as a checked 2048 px PNG, 10 credits', async () => {
    const { apiKey, accountId } = await newAccount(100)
    const data = await ok(await postJson('/v1/figures', apiKey, { prompt: SYSTEM_PROMPT }))
    expect(data).toMatchObject({ format: 'png', method: 'drafter', creditsConsumed: 10 })
    expect(data.svg).toBeUndefined()
    expect(data.references).toBeUndefined()
    expect(Math.max(data.width, data.height)).toBe(2048)
    await expectDraftedFigurePasses(SYSTEM_PROMPT, false, data.url)
    expect(await balanceOf(apiKey)).toBe(90)
    await expectLedgerConsistent(accountId)
  })

  it('draws exactly the numerals the prompt gave when labeled, and names the part it left unnumbered', async () => {
    const { apiKey } = await newAccount(100)
    const data = await ok(
      await postJson('/v1/figures', apiKey, { prompt: SYSTEM_PROMPT, labeled: true }),
    )
    const numerals = data.references!.map((r) => r.numeral)
    expect([...numerals].sort()).toEqual(['100', '102', '104', '106', '110', '112'])
    const byNumeral = Object.fromEntries(data.references!.map((r) => [r.numeral, r.label]))
    expect(byNumeral['102']).toBe('PROCESSOR')
    expect(byNumeral['104']).toBe('MEMORY')
    expect(byNumeral['112']).toBe('DATABASE')
    // The display was written without one: none is invented, and the response says so.
    expect(data.warnings!.join(' ')).toMatch(/DISPLAY/)
    await expectDraftedFigurePasses(SYSTEM_PROMPT, true, data.url)
  })

  it('names every part of an informal prompt it could not draw, never drops one silently', async () => {
    const { apiKey } = await newAccount(100)
    const prompt =
      'can you draw a block diagram of the electronics on my drone? flight controller in the middle. GPS and IMU feed into it. a 4S LiPo battery powers the flight controller through a power distribution board.'
    const data = await ok(await postJson('/v1/figures', apiKey, { prompt }))
    const labels = data.figure!.elements.map((e) => e.label)
    const warned = (data.warnings ?? []).join(' ')
    for (const part of ['GPS', 'IMU', 'FLIGHT CONTROLLER', 'POWER DISTRIBUTION BOARD']) {
      expect(labels.includes(part) || warned.includes(part), part).toBe(true)
    }
  })

  it('drafts a flowchart as stroke-only SVG returned in data.svg, 8 credits', async () => {
    const { apiKey } = await newAccount(100)
    const data = await ok(
      await postJson('/v1/figures', apiKey, { prompt: METHOD_PROMPT, output: 'svg' }),
    )
    expect(data).toMatchObject({ format: 'svg', method: 'drafter', creditsConsumed: 8 })
    const file = await download(data.url)
    expect(file.headers.get('content-type')).toBe('image/svg+xml')
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="figure-.*\.svg"$/,
    )
    const text = await file.text()
    expect(text).toBe(data.svg)
    expectStrokeOnlySvg(text)
    // The outlined SVG draws what the PNG path draws: same layout, text as glyph outlines.
    const parsed = parsePrompt(METHOD_PROMPT)
    if (!parsed.ok) throw new Error(parsed.message)
    const figure = await draftFigure(parsed.figure, {
      labeled: false,
      metrics: figureFontMetrics(WORKERD_KERNELS.svg),
    })
    const expected = await renderScene(figure.sheets[0]!.scene)
    const drawn = await rasterizeSvg(text, 2048, WORKERD_KERNELS.svg)
    expect([drawn.width, drawn.height]).toEqual([expected.width, expected.height])
    expect(psnr(drawn.data, expected.data)).toBeGreaterThan(30)
    expect(figureProblems(drawn, figure.sheets[0]!.scene)).toEqual([])
    expect(await balanceOf(apiKey)).toBe(92)
  })

  it('labels a flowchart in SVG with numerals on the steps and decisions, not START/END', async () => {
    const { apiKey } = await newAccount(100)
    const data = await ok(
      await postJson('/v1/figures', apiKey, {
        prompt: METHOD_PROMPT,
        output: 'svg',
        labeled: true,
      }),
    )
    const labels = data.references!.map((r) => r.label)
    expect(labels).not.toContain('START')
    expect(labels).not.toContain('END')
    expect(labels.some((l) => l.endsWith('?'))).toBe(true)
    expect(labels.length).toBeGreaterThanOrEqual(6)
    expectStrokeOnlySvg(data.svg!)
  })

  it('accepts a prompt of exactly 10,000 characters', async () => {
    const { apiKey } = await newAccount(100)
    const head = 'A system comprising a sensor, a controller coupled to the sensor, and a motor. '
    const filler = 'In some embodiments, the controller may be implemented in any suitable way. '
    let prompt = head
    while (prompt.length + filler.length <= 10_000) prompt += filler
    prompt = prompt.padEnd(10_000, '.')
    expect(prompt).toHaveLength(10_000)
    const data = await ok(await postJson('/v1/figures', apiKey, { prompt, output: 'svg' }))
    expect(data.method).toBe('drafter')
    expect(await balanceOf(apiKey)).toBe(92)
  })

  describe('reference images', () => {
    it('sends the references and the default instruction to the image model, then cleans its drawing', async () => {
      const { apiKey } = await newAccount(100)
      const url = await hostedDrawing('https://images.example.com/sketch.png', 1400, 1000)
      const ai = new FakeAi()
      const data = await ok(
        await postJsonWithAi(ai, '/v1/figures', apiKey, { referenceImageUrls: [url] }),
      )
      expect(data).toMatchObject({ method: 'image-model', format: 'png', creditsConsumed: 10 })
      expect(ai.calls).toHaveLength(1)
      const [request] = ai.calls
      expect(request!.prompt).toMatch(
        /^Redraw the subject of the reference images as a patent drawing/,
      )
      expect(request!.references).toHaveLength(1)
      expect(request!.references[0]).toMatchObject({ width: 512, height: 366 })
      expectCleanLineArt(await servedPng(data.url))
      expect(await balanceOf(apiKey)).toBe(90)
    })

    it('draws an object described in words with the object drafter, never the image model', async () => {
      const { apiKey } = await newAccount(100)
      const ai = new FakeAi()
      const data = await ok(
        await postJsonWithAi(ai, '/v1/figures', apiKey, {
          prompt: OBJECT_PROMPT,
          output: 'svg',
          labeled: true,
        }),
      )
      expect(data.method).toBe('drafter')
      expect(ai.calls).toHaveLength(0)
      expectStrokeOnlySvg(data.svg!)
      expect(data.references!.map((r) => r.label)).toEqual(
        expect.arrayContaining(['LEGS', 'PADDED SEAT', 'BACKREST']),
      )
    })

    it('draws a scene described in words with the image model, as stroke-only SVG', async () => {
      const { apiKey } = await newAccount(100)
      const ai = new FakeAi()
      const data = await ok(
        await postJsonWithAi(ai, '/v1/figures', apiKey, {
          prompt: SCENERY_PROMPT,
          output: 'svg',
          labeled: true,
        }),
      )
      expect(data.method).toBe('image-model')
      expect(ai.calls[0]!.prompt).toContain(SCENERY_PROMPT)
      expect(ai.calls[0]!.references).toHaveLength(0)
      expectStrokeOnlySvg(data.svg!)
      expect(data.references!.length).toBeGreaterThanOrEqual(1)
      expect(data.references![0]!.numeral).toBe('100')
      expectCleanLineArt(await rasterizeSvg(data.svg!, 2048, WORKERD_KERNELS.svg))
    })

    it('passes prompt and references together to the image model', async () => {
      const { apiKey } = await newAccount(100)
      const urls = [
        await hostedDrawing('https://images.example.com/front.png'),
        await hostedDrawing('https://images.example.com/side.png', 300, 500),
      ]
      const ai = new FakeAi()
      const data = await ok(
        await postJsonWithAi(ai, '/v1/figures', apiKey, {
          prompt: 'A bracket holding a pulley.',
          referenceImageUrls: urls,
        }),
      )
      expect(data.method).toBe('image-model')
      expect(ai.calls[0]!.prompt).toContain('A bracket holding a pulley.')
      expect(ai.calls[0]!.references.map((r) => [r.width, r.height])).toEqual([
        [480, 360],
        [300, 500],
      ])
    })

    it('draws line-drawing views from the references when no image model is configured', async () => {
      const { apiKey } = await newAccount(100)
      const urls = [
        await hostedDrawing('https://images.example.com/a.png'),
        await hostedDrawing('https://images.example.com/b.png', 400, 400),
      ]
      const data = await ok(
        await postJson('/v1/figures', apiKey, { referenceImageUrls: urls, labeled: true }),
      )
      expect(data.method).toBe('reference-lines')
      expect(data.references!.length).toBeGreaterThanOrEqual(2)
      expect(data.references!.some((r) => r.label.startsWith('FIG. 1B'))).toBe(true)
      expectCleanLineArt(await servedPng(data.url))
    })

    it('drafts a diagram prompt even with references, and says the references were not drawn', async () => {
      const { apiKey } = await newAccount(100)
      const url = await hostedDrawing('https://images.example.com/sketch.png')
      const data = await ok(
        await postJson('/v1/figures', apiKey, { prompt: SYSTEM_PROMPT, referenceImageUrls: [url] }),
      )
      expect(data.method).toBe('drafter')
      expect(data.warnings!.join(' ')).toMatch(/reference images were not drawn/)
    })

    it('refuses an unreachable reference with 400 REFERENCE_IMAGE_UNAVAILABLE, uncharged', async () => {
      const { apiKey, accountId } = await newAccount(100)
      const good = await hostedDrawing('https://images.example.com/ok.png')
      server.use(
        http.get(
          'https://images.example.com/gone.png',
          () => new HttpResponse(null, { status: 404 }),
        ),
      )
      const error = await expectError(
        await postJson('/v1/figures', apiKey, {
          prompt: OBJECT_PROMPT,
          referenceImageUrls: [good, 'https://images.example.com/gone.png'],
        }),
        400,
        'REFERENCE_IMAGE_UNAVAILABLE',
      )
      expect(error.message).toMatch(/referenceImageUrls\[1\]/)
      expect(await balanceOf(apiKey)).toBe(100)
      await expectLedgerConsistent(accountId)
    })
  })

  describe('refusals', () => {
    it('refuses a scene described in words without an image model, uncharged', async () => {
      const { apiKey } = await newAccount(100)
      const error = await expectError(
        await postJson('/v1/figures', apiKey, { prompt: SCENERY_PROMPT }),
        400,
        'PROMPT_NOT_DRAWABLE',
      )
      expect(error.message).toMatch(/image model/)
      expect(error.message).toMatch(/referenceImageUrls/)
      expect(await balanceOf(apiKey)).toBe(100)
    })

    it('refunds when the image model fails: 500 PROCESSING_FAILED, balance unchanged', async () => {
      const { apiKey, accountId } = await newAccount(100)
      const ai = new FakeAi('fail')
      await expectError(
        await postJsonWithAi(ai, '/v1/figures', apiKey, { prompt: SCENERY_PROMPT }),
        500,
        'PROCESSING_FAILED',
      )
      expect(await balanceOf(apiKey)).toBe(100)
      await expectLedgerConsistent(accountId)
    })

    const invalid: [string, unknown][] = [
      ['neither prompt nor references', {}],
      ['neither, with only options', { output: 'svg', labeled: true }],
      ['an empty prompt', { prompt: '' }],
      ['a blank prompt', { prompt: '   \n ' }],
      ['a prompt of 10,001 characters', { prompt: 'a'.repeat(10_001) }],
      [
        'an empty reference list',
        { prompt: 'A system comprising a processor.', referenceImageUrls: [] },
      ],
      [
        'five references',
        {
          referenceImageUrls: Array.from(
            { length: 5 },
            (_, i) => `https://images.example.com/${i}.png`,
          ),
        },
      ],
      ['a reference that is not a URL', { referenceImageUrls: ['not a url'] }],
      [
        'an output other than png or svg',
        { prompt: 'A system comprising a processor.', output: 'jpg' },
      ],
      ['labeled as a string', { prompt: 'A system comprising a processor.', labeled: 'yes' }],
      ['an unknown field', { prompt: 'A system comprising a processor.', dpi: 300 }],
      ['a prompt that is not a string', { prompt: 42 }],
    ]
    for (const [what, body] of invalid) {
      it(`answers 400 VALIDATION_ERROR for ${what}, uncharged`, async () => {
        const { apiKey } = await newAccount(100)
        await expectError(await postJson('/v1/figures', apiKey, body), 400, 'VALIDATION_ERROR')
        expect(await balanceOf(apiKey)).toBe(100)
      })
    }

    it('answers 400 UNSUPPORTED_CONTENT_TYPE for a body that is neither JSON nor multipart', async () => {
      const { apiKey } = await newAccount(100)
      const response = await call('/v1/figures', {
        method: 'POST',
        headers: { ...bearer(apiKey), 'content-type': 'text/plain' },
        body: SYSTEM_PROMPT,
      })
      const error = await expectError(response, 400, 'UNSUPPORTED_CONTENT_TYPE')
      expect(error.message).toContain('application/json or multipart/form-data')
    })

    it('drafts a prompt sent as a multipart text field, as it does JSON', async () => {
      const { apiKey } = await newAccount(100)
      const form = new FormData()
      form.append('prompt', SYSTEM_PROMPT)
      form.append('labeled', 'true')
      const data = await ok(
        await call('/v1/figures', { method: 'POST', headers: bearer(apiKey), body: form }),
      )
      expect(data.method).toBe('drafter')
      expect(data.references!.map((r) => r.numeral)).toContain('102')
    })

    it('answers 401 without a key and 402 when the balance is short of the price', async () => {
      await expectError(
        await call('/v1/figures', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ prompt: SYSTEM_PROMPT }),
        }),
        401,
        'UNAUTHORIZED',
      )
      const { apiKey } = await newAccount(9)
      const error = await expectError(
        await postJson('/v1/figures', apiKey, { prompt: SYSTEM_PROMPT }),
        402,
        'INSUFFICIENT_CREDITS',
      )
      expect(error.message).toMatch(/10 credits/)
      // SVG costs 8, which the balance covers.
      await ok(await postJson('/v1/figures', apiKey, { prompt: SYSTEM_PROMPT, output: 'svg' }))
      expect(await balanceOf(apiKey)).toBe(1)
    })
  })

  describe('idempotency', () => {
    it('replays the stored response for the same key and body, charging once', async () => {
      const { apiKey, accountId } = await newAccount(100)
      const body = { prompt: METHOD_PROMPT, labeled: true }
      const headers = { 'Idempotency-Key': 'fig-replay-1' }
      const first = await postJson('/v1/figures', apiKey, body, headers)
      const firstText = await first.text()
      expect(first.status).toBe(200)
      const second = await postJson('/v1/figures', apiKey, body, headers)
      expect(second.headers.get('idempotent-replayed')).toBe('true')
      expect(await second.text()).toBe(firstText)
      expect(await balanceOf(apiKey)).toBe(90)
      await expectLedgerConsistent(accountId)
    })

    it('answers 409 IDEMPOTENCY_CONFLICT when the key is reused for another figure', async () => {
      const { apiKey } = await newAccount(100)
      const headers = { 'Idempotency-Key': 'fig-conflict-1' }
      await ok(await postJson('/v1/figures', apiKey, { prompt: SYSTEM_PROMPT }, headers))
      await expectError(
        await postJson('/v1/figures', apiKey, { prompt: SYSTEM_PROMPT, labeled: true }, headers),
        409,
        'IDEMPOTENCY_CONFLICT',
      )
      expect(await balanceOf(apiKey)).toBe(90)
    })

    it('answers 400 INVALID_IDEMPOTENCY_KEY for a malformed key', async () => {
      const { apiKey } = await newAccount(100)
      await expectError(
        await postJson(
          '/v1/figures',
          apiKey,
          { prompt: SYSTEM_PROMPT },
          { 'Idempotency-Key': 'has space' },
        ),
        400,
        'INVALID_IDEMPOTENCY_KEY',
      )
    })
  })
})

// The FLUX.2 figure model adapter against the fake AI binding: the request it sends is the one
// Cloudflare documents, the answer is decoded, and bad input or bad answers fail loudly.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import {
  FLUX_MODEL,
  FluxAnswerError,
  FluxFigureModel,
} from '../../src/adapters/ai/flux-figure-model'
import { createDeps } from '../../src/deps'
import { bearer, newAccount } from '../support/api'
import { callWithAi, FakeAi, FakeAiError, toBase64 } from '../support/fake-ai'
import { fromPng, lineDrawing, photoLike, pngHeader, toPng } from '../support/images'

const PROMPT = 'A pulley on a bracket, patent drawing, black lines on white'

/** The request the adapter would send, built by hand, so the fake's checks can be probed. */
function request(fields: Record<string, string | Blob>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value)
    else form.append(name, value, `${name}.png`)
  }
  const serialized = new Response(form)
  return {
    multipart: { body: serialized.body!, contentType: serialized.headers.get('content-type')! },
  }
}

describe('FluxFigureModel', () => {
  it('sends the documented multipart request and returns the PNG the model drew', async () => {
    const ai = new FakeAi()
    const references = [await toPng(lineDrawing(512, 300)), await toPng(lineDrawing(200, 480))]
    const bytes = await new FluxFigureModel(ai).draw({
      prompt: PROMPT,
      references,
      width: 1024,
      height: 768,
    })
    expect(pngHeader(bytes)).toMatchObject({ width: 1024, height: 768, colourType: 0 })
    expect(ai.calls).toHaveLength(1)
    const call = ai.calls[0]!
    expect(call).toMatchObject({ model: FLUX_MODEL, prompt: PROMPT, width: 1024, height: 768 })
    expect(call.fields).toEqual(['prompt', 'width', 'height', 'input_image_0', 'input_image_1'])
    expect(call.references.map((r) => [r.width, r.height])).toEqual([
      [512, 300],
      [200, 480],
    ])
    expect(call.references[1]!.bytes).toEqual(references[1])
  })

  it('draws a gray mechanical part with something for post-processing to clean', async () => {
    const raster = await fromPng(
      await new FluxFigureModel(new FakeAi()).draw({
        prompt: PROMPT,
        references: [],
        width: 1024,
        height: 768,
      }),
    )
    expect(raster.channels).toBe(1)
    const count = (test: (v: number) => boolean) =>
      raster.data.filter(test).length / raster.data.length
    const ink = count((v) => v < 80)
    const fill = count((v) => v >= 150 && v < 235)
    const paper = count((v) => v >= 238)
    expect(ink).toBeGreaterThan(0.01)
    expect(ink).toBeLessThan(0.1)
    expect(fill).toBeGreaterThan(0.1)
    expect(paper).toBeGreaterThan(0.4)
    // Off-white and grainy: the background is neither pure white nor one flat value.
    expect(count((v) => v === 255)).toBe(0)
    expect(new Set(raster.data.subarray(0, 1024)).size).toBeGreaterThan(4)
  })

  it('is what createDeps builds when the AI binding is configured, and absent otherwise', async () => {
    expect(createDeps(env).figureModel).toBeNull()
    const ai = new FakeAi()
    const model = createDeps({ ...env, AI: ai.binding }).figureModel
    expect(model).toBeInstanceOf(FluxFigureModel)
    const bytes = await model!.draw({ prompt: PROMPT, references: [], width: 512, height: 384 })
    expect(pngHeader(bytes)).toMatchObject({ width: 512, height: 384 })
    expect(ai.calls[0]!.fields).toEqual(['prompt', 'width', 'height'])
  })

  it('refuses more than 4 references before calling the model', async () => {
    const ai = new FakeAi()
    const png = await toPng(lineDrawing(64, 64))
    await expect(
      new FluxFigureModel(ai).draw({
        prompt: PROMPT,
        references: [png, png, png, png, png],
        width: 1024,
        height: 768,
      }),
    ).rejects.toThrow('Expected at most 4 references for FLUX.2 but received 5')
    expect(ai.calls).toHaveLength(0)
    expect(ai.refusals).toHaveLength(0)
  })

  it('refuses references, sizes and prompts the model would refuse', async () => {
    const ai = new FakeAi()
    const model = new FluxFigureModel(ai)
    const ok = { prompt: PROMPT, references: [], width: 1024, height: 768 }
    const large = await toPng(lineDrawing(600, 400))
    const jpeg = await photoLike(64, 64).jpeg()
    await expect(model.draw({ ...ok, references: [large] })).rejects.toThrow(
      'Expected at most 512 × 512 px for reference 0 but received 600 × 400',
    )
    await expect(model.draw({ ...ok, references: [jpeg] })).rejects.toThrow(
      'Expected a PNG for reference 0',
    )
    await expect(model.draw({ ...ok, width: 4096 })).rejects.toThrow(
      'Expected an integer from 256 to 1920 for width but received 4096',
    )
    await expect(model.draw({ ...ok, prompt: '  ' })).rejects.toThrow('non-empty prompt')
    expect(ai.calls).toHaveLength(0)
  })

  it('passes the binding’s own failure through (the route turns it into a 500)', async () => {
    const ai = new FakeAi('fail')
    const failure = new FluxFigureModel(ai).draw({
      ...{ prompt: PROMPT, references: [] },
      width: 1024,
      height: 768,
    })
    await expect(failure).rejects.toBeInstanceOf(FakeAiError)
    await expect(failure).rejects.toMatchObject({ name: 'InferenceUpstreamError' })
    expect(ai.calls).toHaveLength(1)
  })

  it('rejects an answer that is not an image, or has none, with an internal error', async () => {
    const input = { prompt: PROMPT, references: [], width: 1024, height: 768 }
    const html = new FluxFigureModel(new FakeAi('not-an-image')).draw(input)
    await expect(html).rejects.toBeInstanceOf(FluxAnswerError)
    await expect(html).rejects.toThrow(/not a PNG, JPEG or WebP file \(first bytes 3c 21 64 6f/)
    await expect(new FluxFigureModel(new FakeAi('no-image')).draw(input)).rejects.toThrow(
      `${FLUX_MODEL} answered without an image (an object with keys (none))`,
    )
    const notBase64 = new FluxFigureModel({ run: async () => ({ image: 'not base64!' }) })
    await expect(notBase64.draw(input)).rejects.toThrow('not base64')
  })

  it('accepts a JPEG answer', async () => {
    const jpeg = await photoLike(300, 200).jpeg()
    const model = new FluxFigureModel({ run: async () => ({ image: toBase64(jpeg) }) })
    const bytes = await model.draw({ prompt: PROMPT, references: [], width: 300, height: 256 })
    expect(bytes).toEqual(jpeg)
  })
})

describe('the fake AI binding', () => {
  const png = () => toPng(lineDrawing(100, 80))

  it('accepts the documented request and answers at the default 1024 × 768', async () => {
    const ai = new FakeAi()
    const answer = await ai.run(FLUX_MODEL, request({ prompt: PROMPT, steps: '25' }))
    expect(ai.calls[0]).toMatchObject({ width: 1024, height: 768, references: [] })
    const bytes = Uint8Array.from(atob(answer.image!), (c) => c.charCodeAt(0))
    expect(pngHeader(bytes)).toMatchObject({ width: 1024, height: 768 })
  })

  it.each([
    [
      'another model',
      '@cf/black-forest-labs/flux-1-schnell',
      () => request({ prompt: PROMPT }),
      /5007: No such model/,
    ],
    ['JSON inputs', FLUX_MODEL, () => ({ prompt: PROMPT }), /'multipart'/],
    [
      'a FormData body',
      FLUX_MODEL,
      () => ({ multipart: { body: new FormData(), contentType: 'multipart/form-data' } }),
      /stream of a serialized form/,
    ],
    [
      'no boundary',
      FLUX_MODEL,
      () => ({
        multipart: { ...request({ prompt: PROMPT }).multipart, contentType: 'multipart/form-data' },
      }),
      /with a boundary/,
    ],
    ['no prompt', FLUX_MODEL, () => request({ width: '1024' }), /'prompt'/],
    ['an empty prompt', FLUX_MODEL, () => request({ prompt: ' ' }), /'prompt'/],
    [
      'a width off the range',
      FLUX_MODEL,
      () => request({ prompt: PROMPT, width: '2048' }),
      /256 to 1920/,
    ],
    [
      'a fractional height',
      FLUX_MODEL,
      () => request({ prompt: PROMPT, height: '700.5' }),
      /integer/,
    ],
    [
      'an unknown field',
      FLUX_MODEL,
      () => request({ prompt: PROMPT, image: 'x' }),
      /unknown field 'image'/,
    ],
  ] as const)('refuses %s', async (_name, model, inputs, message) => {
    const ai = new FakeAi()
    const failure = ai.run(model, inputs())
    await expect(failure).rejects.toBeInstanceOf(FakeAiError)
    await expect(failure).rejects.toThrow(message)
    expect(ai.calls).toHaveLength(0)
    expect(ai.refusals).toHaveLength(1)
  })

  it('refuses a fifth image, gaps, non-PNG and oversized images', async () => {
    const ai = new FakeAi()
    const image = new Blob([await png()], { type: 'image/png' })
    const five = Object.fromEntries([0, 1, 2, 3].map((n) => [`input_image_${n}`, image]))
    await expect(
      ai.run(FLUX_MODEL, request({ prompt: PROMPT, ...five, input_image_4: image })),
    ).rejects.toThrow("unknown field 'input_image_4'")
    await expect(
      ai.run(FLUX_MODEL, request({ prompt: PROMPT, input_image_1: image })),
    ).rejects.toThrow('numbered from input_image_0')
    const jpeg = new Blob([await photoLike(64, 64).jpeg()], { type: 'image/jpeg' })
    await expect(
      ai.run(FLUX_MODEL, request({ prompt: PROMPT, input_image_0: jpeg })),
    ).rejects.toThrow('input_image_0 is not a PNG')
    const large = new Blob([await toPng(lineDrawing(513, 100))], { type: 'image/png' })
    await expect(
      ai.run(FLUX_MODEL, request({ prompt: PROMPT, input_image_0: large })),
    ).rejects.toThrow('input_image_0 is 513x100; at most 512x512')
    await expect(
      ai.run(FLUX_MODEL, request({ prompt: PROMPT, input_image_0: 'iVBORw0KGgo=' })),
    ).rejects.toThrow('must be a binary image file')
    expect(ai.calls).toHaveLength(0)
    await ai.run(FLUX_MODEL, request({ prompt: PROMPT, ...five }))
    expect(ai.calls[0]!.references).toHaveLength(4)
  })
})

describe('callWithAi', () => {
  it('runs the whole Worker with the fake as its AI binding', async () => {
    const { apiKey } = await newAccount(7)
    const ai = new FakeAi()
    const response = await callWithAi(ai, '/v1/credits', { headers: bearer(apiKey) })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { data: { balance: number } }).data.balance).toBe(7)
    expect(ai.calls).toHaveLength(0)
  })
})

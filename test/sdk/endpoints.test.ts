// Every SDK method against the real Worker: the typed `data` it returns, the balance it leaves,
// and the requests it sent (JSON for imageUrl, multipart for files, an Idempotency-Key on paid
// POSTs only).
import { describe, expect, it } from 'vitest'
import { FigureApiError } from '../../packages/sdk/src/index'
import { balanceOf, newAccount } from '../support/api'
import { lineDrawing, pngHeader, toPng } from '../support/images'
import { serveImage, useFakeNetwork } from '../support/network'
import { sdkFor } from './support'

useFakeNetwork()

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

const PROMPT =
  'A system 100 comprising a processor 102, a memory 104 coupled to the processor, and a ' +
  'network interface 106 coupled to the processor.'

const ascii = (bytes: Uint8Array, length: number) =>
  String.fromCharCode(...bytes.subarray(0, length))

describe('FigureApi endpoints', () => {
  it('converts an uploaded PNG to TIFF and PDF when given bytes', async () => {
    const { apiKey } = await newAccount(10)
    const { api, log } = sdkFor(apiKey)
    const png = await toPng(lineDrawing(60, 40))

    const tiff = await api.convert({ file: png, format: 'tiff', dpi: 300 })
    expect(tiff).toMatchObject({ format: 'tiff', dpi: 300, creditsConsumed: 1 })
    expect(tiff.previewUrl).toMatch(/^https:\/\/api\.test\/v1\/files\//)
    const tiffBytes = await api.download(tiff.url)
    expect(ascii(tiffBytes, 2)).toBe('II')

    const pdf = await api.convert({ file: png, format: 'pdf', page: 'letter' })
    expect(pdf).toMatchObject({ format: 'pdf', page: 'letter', creditsConsumed: 1 })
    expect(ascii(await api.download(pdf.url), 5)).toBe('%PDF-')

    expect(await balanceOf(apiKey)).toBe(8)
    expect(log.map((e) => [e.method, e.path, e.status])).toEqual([
      ['POST', '/v1/convert', 200],
      ['GET', expect.stringMatching(/^\/v1\/files\/.*converted\.tif$/), 200],
      ['POST', '/v1/convert', 200],
      ['GET', expect.stringMatching(/^\/v1\/files\/.*converted\.pdf$/), 200],
    ])
    expect(log[0]!.contentType).toMatch(/^multipart\/form-data; boundary=/)
    expect(log[0]!.idempotencyKey).toMatch(UUID)
    expect(log[2]!.idempotencyKey).toMatch(UUID)
    expect(log[2]!.idempotencyKey).not.toBe(log[0]!.idempotencyKey)
    expect(log[1]!.idempotencyKey).toBeNull()
  })

  it('vectorizes to SVG and DXF when given an imageUrl', async () => {
    const { apiKey } = await newAccount(10)
    const { api, log } = sdkFor(apiKey)
    serveImage('https://images.example.com/sketch.png', await toPng(lineDrawing(48, 48)))

    const svg = await api.vectorize({ imageUrl: 'https://images.example.com/sketch.png' })
    expect(svg).toMatchObject({ format: 'svg', engine: 'lineart', creditsConsumed: 2 })
    expect(svg.paths).toBeGreaterThan(0)
    const svgText = new TextDecoder().decode(await api.download(svg.url))
    expect(svgText).toContain('<svg')

    const dxf = await api.vectorize({
      imageUrl: 'https://images.example.com/sketch.png',
      format: 'dxf',
      engine: 'trace',
    })
    expect(dxf).toMatchObject({ format: 'dxf', engine: 'trace' })
    const dxfText = new TextDecoder().decode(await api.download(dxf.url))
    expect(dxfText).toContain('SECTION')

    expect(log[0]!.contentType).toBe('application/json')
    expect(await balanceOf(apiKey)).toBe(6)
  })

  it('enhances a small image ×2 and downloads the PNG as a stream', async () => {
    const { apiKey } = await newAccount(10)
    const { api } = sdkFor(apiKey)
    const result = await api.enhance({
      file: new Blob([await toPng(lineDrawing(24, 16))]),
      scale: 2,
    })
    expect(result).toMatchObject({ scale: 2, dpi: 300, width: 48, height: 32, creditsConsumed: 2 })
    const stream = await api.downloadStream(result.url)
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer())
    expect(pngHeader(bytes)).toMatchObject({ width: 48, height: 32 })
    expect(await balanceOf(apiKey)).toBe(8)
  })

  it('draws a figure from a prompt, as SVG with references when labeled', async () => {
    const { apiKey } = await newAccount(20)
    const { api } = sdkFor(apiKey)
    const figure = await api.figures.create({ prompt: PROMPT, output: 'svg', labeled: true })
    expect(figure.format).toBe('svg')
    expect(figure.method).toBe('drafter')
    expect(figure.svg).toContain('<svg')
    expect(figure.references?.map((r) => r.numeral)).toEqual(expect.arrayContaining(['100', '102']))
    expect(await balanceOf(apiKey)).toBe(20 - figure.creditsConsumed)
  })

  it('reads the balance with credits.get()', async () => {
    const { apiKey } = await newAccount(42)
    const { api, log } = sdkFor(apiKey)
    expect(await api.credits.get()).toEqual({ balance: 42 })
    expect(log).toMatchObject([{ method: 'GET', path: '/v1/credits', idempotencyKey: null }])
  })

  it('creates, lists and revokes keys, and a revoked key gets 401', async () => {
    const { apiKey } = await newAccount(5)
    const { api, log } = sdkFor(apiKey)
    const created = await api.keys.create({ name: 'CI' })
    expect(created).toMatchObject({ name: 'CI' })
    expect(created.key).toMatch(/^pfg_live_[0-9A-Za-z]{38}$/)
    // POST /keys has no Idempotency-Key (it would be ignored): none is sent.
    expect(log.at(-1)).toMatchObject({ method: 'POST', path: '/v1/keys', idempotencyKey: null })

    const { keys } = await api.keys.list()
    expect(keys.map((k) => k.name)).toContain('CI')
    const listed = keys.find((k) => k.id === created.id)!
    expect(created.key.startsWith(listed.prefix)).toBe(true)
    expect(created.key.endsWith(listed.last4)).toBe(true)

    const second = sdkFor(created.key).api
    expect(await second.credits.get()).toEqual({ balance: 5 })
    expect(await api.keys.revoke(created.id)).toMatchObject({ id: created.id })
    const error = await second.credits.get().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FigureApiError)
    expect(error).toMatchObject({ status: 401, code: 'INVALID_API_KEY' })
    expect((await api.keys.list()).keys.map((k) => k.id)).not.toContain(created.id)
  })

  it('accepts a base URL with /v1 and trailing slashes', async () => {
    const { apiKey } = await newAccount(3)
    for (const baseUrl of ['https://api.test/', 'https://api.test/v1', 'https://api.test/v1/']) {
      const { api, log } = sdkFor(apiKey, { baseUrl })
      expect(await api.credits.get()).toEqual({ balance: 3 })
      expect(log[0]!.path).toBe('/v1/credits')
    }
  })
})

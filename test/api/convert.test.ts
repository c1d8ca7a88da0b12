import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import {
  balanceOf,
  call,
  callWithKey,
  downloadOutput,
  expectError,
  expectLedgerConsistent,
  expectOk,
  fetchOutput,
  ledgerOf,
  newAccount,
  postFile,
  postForm,
  postJson,
} from '../support/api'
import {
  colourWithAlpha,
  fromPng,
  GIF_BYTES,
  lineDrawing,
  pngPhys,
  toPng,
  toTiff,
} from '../support/images'
import {
  dnsRecord,
  HttpResponse,
  http,
  serveImage,
  server,
  useFakeNetwork,
  watchUnfetched,
} from '../support/network'

useFakeNetwork()

interface ConvertData {
  url: string
  previewUrl?: string
  format: string
  dpi: number
  creditsConsumed: number
}

const convertOk = (response: Response) => expectOk<ConvertData>(response)

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer())

/** POSTs /v1/convert of an imageUrl (with `fields` beside it). */
const convertUrl = (apiKey: string, imageUrl: string, fields: Record<string, unknown> = {}) =>
  postJson('/v1/convert', apiKey, { imageUrl, ...fields })

/** Asserts /v1/convert of `imageUrl` is refused with a 422 `code`, and returns the error. */
const refusesUrl = async (apiKey: string, imageUrl: string, code: string) =>
  expectError(await convertUrl(apiKey, imageUrl), 422, code)

describe('POST /v1/convert', () => {
  it('says when a small image is enlarged to fill the preset, with the DPI its detail has', async () => {
    const { apiKey } = await newAccount(10)
    const small = await toPng(lineDrawing(720, 480))
    const data = await expectOk<{ width: number; warnings?: string[] }>(
      await postFile('/v1/convert', apiKey, small),
    )
    expect(data.width).toBe(2048)
    expect(data.warnings).toEqual([
      'The image is 720 × 480 px: filed at 300 DPI (2048 × 1365 px) it is enlarged 2.84×, so it holds the detail of about 105 DPI; send a larger original, or enhance it first (/v1/enhance)',
    ])
    const large = await toPng(lineDrawing(1600, 1000))
    const plain = await expectOk<{ warnings?: string[] }>(
      await postFile('/v1/convert', apiKey, large),
    )
    expect(plain.warnings).toBeUndefined()
  })

  it('converts an uploaded PNG to a 300 DPI PNG: 2048 px long edge, pHYs, gray, 1 credit', async () => {
    const { apiKey, accountId } = await newAccount(10)
    const png = await toPng(lineDrawing(600, 400))
    const data = await convertOk(await postFile('/v1/convert', apiKey, png))
    expect(data).toMatchObject({ format: 'png', dpi: 300, creditsConsumed: 1 })
    expect(data.previewUrl).toBeUndefined()
    const file = await fetchOutput(data.url)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
    expect(file.headers.get('content-disposition')).toMatch(
      /^inline; filename="figure-[0-9A-Z]+\.png"$/,
    )
    const out = await fromPng(await bytesOf(file))
    expect([out.width, out.height]).toEqual([2048, 1365])
    expect(out.channels).toBe(1)
    // Lines survive the upscale: the frame's left edge is dark, the middle of a blank area white.
    expect(out.data[out.width * 600 + 2]).toBeLessThan(64)
    expect(out.data[out.width * 200 + 1000]).toBeGreaterThan(250)
    expect(await balanceOf(apiKey)).toBe(9)
    await expectLedgerConsistent(accountId)
  })

  it('stamps 600 DPI at the 4K preset and charges 2 credits', async () => {
    const { apiKey } = await newAccount(10)
    const png = await toPng(lineDrawing(300, 500))
    const data = await convertOk(await postFile('/v1/convert', apiKey, png, { dpi: '600' }))
    expect(data).toMatchObject({ format: 'png', dpi: 600, creditsConsumed: 2 })
    const bytes = await downloadOutput(data.url)
    expect(pngPhys(bytes)).toEqual({ x: 23622, y: 23622, unit: 1 })
    const out = await fromPng(bytes)
    expect([out.width, out.height]).toEqual([2458, 4096])
    expect(await balanceOf(apiKey)).toBe(8)
  })

  it('writes pHYs 11811 px/m at 300 DPI', async () => {
    const { apiKey } = await newAccount(10)
    const png = await toPng(lineDrawing(100, 100))
    const data = await convertOk(await postFile('/v1/convert', apiKey, png))
    expect(pngPhys(await downloadOutput(data.url))).toEqual({
      x: 11811,
      y: 11811,
      unit: 1,
    })
  })

  it('flattens colour and alpha onto white as gray', async () => {
    const { apiKey } = await newAccount(10)
    const png = await toPng(colourWithAlpha(200, 100))
    const data = await convertOk(await postFile('/v1/convert', apiKey, png))
    const out = await fromPng(await downloadOutput(data.url))
    expect(out.channels).toBe(1)
    // The transparent band on the left becomes white.
    expect(out.data[out.width * 500 + 20]).toBe(255)
  })

  it('converts to TIFF with a PNG preview, from an imageUrl', async () => {
    const { apiKey } = await newAccount(10)
    serveImage('https://images.example.com/fig.png', await toPng(lineDrawing(800, 600)))
    const data = await convertOk(
      await convertUrl(apiKey, 'https://images.example.com/fig.png', { format: 'tiff' }),
    )
    expect(data).toMatchObject({ format: 'tiff', dpi: 300, creditsConsumed: 1 })
    const tiff = await fetchOutput(data.url)
    expect(tiff.headers.get('content-type')).toBe('image/tiff')
    expect(tiff.headers.get('content-disposition')).toMatch(
      /^attachment; filename="figure-.+\.tif"$/,
    )
    const bytes = await bytesOf(tiff)
    expect([...bytes.subarray(0, 4)]).toEqual([0x49, 0x49, 0x2a, 0x00])
    const small = await fromPng(await downloadOutput(data.previewUrl!, 'image/png'))
    expect(Math.max(small.width, small.height)).toBe(1024)
    expect([small.width, small.height]).toEqual([1024, 768])
  })

  it('converts to a PDF with a preview', async () => {
    const { apiKey } = await newAccount(10)
    const png = await toPng(lineDrawing(400, 600))
    const data = await convertOk(
      await postFile('/v1/convert', apiKey, png, { format: 'pdf', dpi: '600' }),
    )
    expect(data).toMatchObject({ format: 'pdf', dpi: 600, creditsConsumed: 2 })
    const pdf = await downloadOutput(data.url, 'application/pdf')
    const text = new TextDecoder('latin1').decode(pdf)
    expect(text.startsWith('%PDF-1.4')).toBe(true)
    expect(text).toContain('/MediaBox [0 0 595.276 841.89')
    expect(text).toMatch(/\/Width 2731/)
    expect(text).toMatch(/\/Height 4096/)
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true)
    expect(data.previewUrl).toBeDefined()
  })

  it('accepts TIFF, JPEG and WebP uploads', async () => {
    const { apiKey } = await newAccount(10)
    const { default: encodeJpeg, init: initJpeg } = await import('@jsquash/jpeg/encode.js')
    const { default: encodeWebp, init: initWebp } = await import('@jsquash/webp/encode.js')
    const { default: jpegWasm } = await import('@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm')
    const { default: webpWasm } = await import('@jsquash/webp/codec/enc/webp_enc.wasm')
    await (initJpeg as unknown as (m: WebAssembly.Module) => Promise<void>)(jpegWasm)
    await (initWebp as unknown as (m: WebAssembly.Module) => Promise<void>)(webpWasm)
    const rgba = colourWithAlpha(160, 120)
    const image = { data: new Uint8ClampedArray(rgba.data), width: 160, height: 120 } as Parameters<
      typeof encodeJpeg
    >[0]
    const jpeg = new Uint8Array(await encodeJpeg(image, { quality: 90 }))
    const webp = new Uint8Array(await encodeWebp(image))
    const tiff = await toTiff(lineDrawing(160, 120))
    for (const file of [jpeg, webp, tiff]) {
      const data = await convertOk(await postFile('/v1/convert', apiKey, file))
      const out = await fromPng(await downloadOutput(data.url))
      expect(Math.max(out.width, out.height)).toBe(2048)
    }
  })

  describe('400', () => {
    const URL_OK = 'https://a.example.com/x.png'
    it.each([
      {
        case: 'a dpi outside 300/600',
        body: { imageUrl: URL_OK, dpi: 150 },
        message: 'Expected 300 or 600 for dpi but received 150',
      },
      {
        case: 'an unknown format',
        body: { imageUrl: URL_OK, format: 'jpg' },
        message: 'Expected png or tiff or pdf for format but received "jpg"',
      },
      { case: 'a missing imageUrl', body: {}, message: 'imageUrl is required' },
      {
        case: 'an unknown field',
        body: { imageUrl: URL_OK, dpis: 600 },
        message: 'Unknown field dpis',
      },
      {
        case: 'an imageUrl that is not a URL',
        body: { imageUrl: 'not a url' },
        message: expect.stringContaining('imageUrl'),
      },
    ])('rejects $case, naming the field', async ({ body, message }) => {
      const { apiKey } = await newAccount(10)
      const error = await expectError(
        await postJson('/v1/convert', apiKey, body),
        400,
        'VALIDATION_ERROR',
      )
      expect(error.message).toEqual(message)
    })

    it.each([
      { form: 'without a file', fields: () => ({ dpi: '300' }), message: 'file is required' },
      {
        form: 'with a text file field',
        fields: () => ({ file: 'hello' }),
        message: expect.stringContaining('file'),
      },
      {
        form: 'with two files',
        fields: (png: Blob) => ({ file: [png, png] }),
        message: 'Expected one file for file but received 2',
      },
    ])('rejects multipart $form', async ({ fields, message }) => {
      const { apiKey } = await newAccount(10)
      const png = new Blob([await toPng(lineDrawing(10, 10))])
      const error = await expectError(
        await postForm('/v1/convert', apiKey, fields(png)),
        400,
        'VALIDATION_ERROR',
      )
      expect(error.message).toEqual(message)
    })

    it('rejects other content types with UNSUPPORTED_CONTENT_TYPE (never 415)', async () => {
      const { apiKey } = await newAccount(10)
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'image/png']) {
        const response = await callWithKey('/v1/convert', apiKey, {
          method: 'POST',
          headers: { 'content-type': type },
          body: 'imageUrl=https://a.example.com/x.png',
        })
        await expectError(response, 400, 'UNSUPPORTED_CONTENT_TYPE')
      }
      const none = await callWithKey('/v1/convert', apiKey, { method: 'POST' })
      await expectError(none, 400, 'UNSUPPORTED_CONTENT_TYPE')
    })

    it('rejects an upload over 10 MiB, whatever Content-Length says', async () => {
      const { apiKey } = await newAccount(10)
      const big = new Uint8Array(10 * 1024 * 1024 + 1)
      big.set(await toPng(lineDrawing(10, 10)))
      await expectError(await postFile('/v1/convert', apiKey, big), 400, 'FILE_TOO_LARGE')
      // A chunked body (no Content-Length) is counted while it streams.
      const form = new FormData()
      form.append('file', new Blob([big]), 'big.png')
      const encoded = new Response(form)
      const stream = encoded.body!
      const chunked = await callWithKey('/v1/convert', apiKey, {
        method: 'POST',
        headers: { 'content-type': encoded.headers.get('content-type')! },
        body: stream,
        // @ts-expect-error duplex is required for streaming request bodies
        duplex: 'half',
      })
      await expectError(chunked, 400, 'FILE_TOO_LARGE')
      expect(await balanceOf(apiKey)).toBe(10)
    })

    it('rejects a JSON body over 64 KiB', async () => {
      const { apiKey } = await newAccount(10)
      const response = await convertUrl(apiKey, `https://a.example.com/${'x'.repeat(70_000)}`)
      await expectError(response, 400, 'VALIDATION_ERROR')
    })

    it('rejects an upload that is not PNG, JPEG, WebP or TIFF (by its bytes)', async () => {
      const { apiKey } = await newAccount(10)
      const gif = await expectError(
        await postForm('/v1/convert', apiKey, {
          file: new Blob([GIF_BYTES], { type: 'image/png' }),
        }),
        400,
        'UNSUPPORTED_IMAGE_TYPE',
      )
      expect(gif.message).toContain('PNG, JPEG, WebP or TIFF')
      const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>')
      await expectError(await postFile('/v1/convert', apiKey, svg), 400, 'UNSUPPORTED_IMAGE_TYPE')
      const bigTiff = new Uint8Array([0x49, 0x49, 0x2b, 0, 8, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0])
      await expectError(
        await postFile('/v1/convert', apiKey, bigTiff),
        400,
        'UNSUPPORTED_IMAGE_TYPE',
      )
      expect(await balanceOf(apiKey)).toBe(10)
    })

    it('rejects oversized dimensions from the header alone, before decoding', async () => {
      const { apiKey } = await newAccount(10)
      // A valid PNG signature and IHDR claiming 12001 x 10, and no pixel data at all.
      const png = await toPng(lineDrawing(4, 4))
      const view = new DataView(png.buffer, png.byteOffset)
      view.setUint32(16, 12_001)
      const { crc32 } = await import('../../src/lib/crc32')
      view.setUint32(29, crc32(png.subarray(12, 29)))
      const error = await expectError(
        await postFile('/v1/convert', apiKey, png),
        400,
        'IMAGE_DIMENSIONS_TOO_LARGE',
      )
      expect(error.message).toContain('12001x4')
    })

    it('rejects a corrupt image with INVALID_IMAGE and refunds the charge', async () => {
      const { apiKey, accountId } = await newAccount(10)
      const png = await toPng(lineDrawing(64, 64))
      // Keep the header, break the compressed pixel data (its CRC is fixed up so framing passes).
      const idat = findChunk(png, 'IDAT')
      png.fill(0x55, idat.data + 2, idat.data + idat.length)
      const { crc32 } = await import('../../src/lib/crc32')
      new DataView(png.buffer, png.byteOffset).setUint32(
        idat.data + idat.length,
        crc32(png.subarray(idat.data - 4, idat.data + idat.length)),
      )
      await expectError(await postFile('/v1/convert', apiKey, png), 400, 'INVALID_IMAGE')
      expect(await balanceOf(apiKey)).toBe(10)
      await expectLedgerConsistent(accountId)
    })

    it('rejects a malformed Idempotency-Key before looking at the body', async () => {
      const { apiKey } = await newAccount(10)
      for (const key of ['', 'has space', '"quoted"', 'a'.repeat(256), 'ключ', 'a,b']) {
        const response = await callWithKey('/v1/convert', apiKey, {
          method: 'POST',
          headers: { 'content-type': 'text/plain', 'idempotency-key': key },
          body: 'not even json',
        })
        await expectError(response, 400, 'INVALID_IDEMPOTENCY_KEY')
      }
    })
  })

  it('returns 401 before anything else', async () => {
    const response = await call('/v1/convert', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'idempotency-key': 'bad key' },
      body: 'junk',
    })
    await expectError(response, 401, 'UNAUTHORIZED')
  })

  describe('402', () => {
    it('refuses when the balance is below the cost, before fetching the image', async () => {
      const { apiKey, accountId } = await newAccount(1)
      const fetched = watchUnfetched('https://images.example.com/never.png')
      const error = await expectError(
        await convertUrl(apiKey, 'https://images.example.com/never.png', { dpi: 600 }),
        402,
        'INSUFFICIENT_CREDITS',
      )
      expect(error.message).toBe('This request needs 2 credits; the balance is 1')
      expect(fetched()).toBe(false)
      expect(await balanceOf(apiKey)).toBe(1)
      expect((await ledgerOf(accountId)).filter((r) => r.kind === 'charge')).toHaveLength(0)
    })
  })

  describe('422 for imageUrl', () => {
    it('refuses URLs the SSRF guard blocks', async () => {
      const { apiKey } = await newAccount(10)
      dnsRecord('internal.example.com', ['10.0.0.7'])
      dnsRecord('mapped.example.com', ['::ffff:127.0.0.1'])
      for (const imageUrl of [
        'http://127.0.0.1/a.png',
        'http://[::1]/a.png',
        'http://2130706433/a.png',
        'http://localhost/a.png',
        'http://printer.local/a.png',
        'http://metadata.google.internal/a.png',
        'https://images.example.com:8443/a.png',
        'https://user:pw@images.example.com/a.png',
        'ftp://images.example.com/a.png',
        'https://intranet/a.png',
        'https://internal.example.com/a.png',
        'https://mapped.example.com/a.png',
      ]) {
        const error = await refusesUrl(apiKey, imageUrl, 'IMAGE_URL_NOT_ALLOWED')
        expect(error.message.length).toBeGreaterThan(10)
      }
      expect(await balanceOf(apiKey)).toBe(10)
    })

    it('re-checks every redirect hop and refuses https→http downgrades', async () => {
      const { apiKey } = await newAccount(10)
      dnsRecord('evil.example.com', ['192.168.1.1'])
      server.use(
        http.get('https://hop.example.com/a.png', () =>
          HttpResponse.redirect('https://evil.example.com/a.png', 302),
        ),
        http.get('https://down.example.com/a.png', () =>
          HttpResponse.redirect('http://hop.example.com/a.png', 301),
        ),
      )
      await refusesUrl(apiKey, 'https://hop.example.com/a.png', 'IMAGE_URL_NOT_ALLOWED')
      await refusesUrl(apiKey, 'https://down.example.com/a.png', 'IMAGE_URL_NOT_ALLOWED')
    })

    it('follows up to 3 redirects and fails on the 4th', async () => {
      const { apiKey } = await newAccount(10)
      const png = await toPng(lineDrawing(50, 50))
      serveImage('https://img.example.com/final.png', png)
      for (let i = 0; i < 4; i++) {
        const next =
          i === 3 ? 'https://img.example.com/final.png' : `https://img.example.com/r${i + 1}`
        server.use(
          http.get(`https://img.example.com/r${i}`, () => HttpResponse.redirect(next, 307)),
        )
      }
      const ok = await convertUrl(apiKey, 'https://img.example.com/r1')
      expect(ok.status).toBe(200)
      const error = await refusesUrl(apiKey, 'https://img.example.com/r0', 'IMAGE_FETCH_FAILED')
      expect(error.message).toContain('redirects')
    })

    it('reports a non-200 answer, a network failure and an unknown host', async () => {
      const { apiKey } = await newAccount(10)
      server.use(
        http.get(
          'https://img.example.com/404.png',
          () => new HttpResponse('nope', { status: 404 }),
        ),
        http.get('https://img.example.com/down.png', () => HttpResponse.error()),
      )
      dnsRecord('nxdomain.example.com', [])
      const notFound = await refusesUrl(
        apiKey,
        'https://img.example.com/404.png',
        'IMAGE_FETCH_FAILED',
      )
      expect(notFound.message).toContain('404')
      await refusesUrl(apiKey, 'https://img.example.com/down.png', 'IMAGE_FETCH_FAILED')
      await refusesUrl(apiKey, 'https://nxdomain.example.com/a.png', 'IMAGE_FETCH_FAILED')
      expect(await balanceOf(apiKey)).toBe(10)
    })

    it('caps downloads at 10 MiB by Content-Length and while streaming a chunked body', async () => {
      const { apiKey } = await newAccount(10)
      const size = 10 * 1024 * 1024 + 1
      let streamed = 0
      server.use(
        http.get(
          'https://img.example.com/declared.png',
          () =>
            new HttpResponse(new Uint8Array(16), { headers: { 'content-length': String(size) } }),
        ),
        http.get('https://img.example.com/chunked.png', () => {
          const chunk = new Uint8Array(64 * 1024)
          const body = new ReadableStream<Uint8Array>({
            pull(controller) {
              if (streamed >= 64 * 1024 * 1024) return controller.close()
              streamed += chunk.length
              controller.enqueue(chunk)
            },
          })
          return new HttpResponse(body)
        }),
      )
      await refusesUrl(apiKey, 'https://img.example.com/declared.png', 'IMAGE_TOO_LARGE')
      await refusesUrl(apiKey, 'https://img.example.com/chunked.png', 'IMAGE_TOO_LARGE')
      // Reading stopped right after the limit instead of draining 64 MiB.
      expect(streamed).toBeLessThan(12 * 1024 * 1024)
    })

    it('uses 422 for image problems found on an imageUrl', async () => {
      const { apiKey } = await newAccount(10)
      serveImage('https://img.example.com/not-an-image.png', GIF_BYTES)
      await refusesUrl(apiKey, 'https://img.example.com/not-an-image.png', 'UNSUPPORTED_IMAGE_TYPE')
      const png = await toPng(lineDrawing(4, 4))
      const view = new DataView(png.buffer, png.byteOffset)
      view.setUint32(16, 9000)
      view.setUint32(20, 9000)
      const { crc32 } = await import('../../src/lib/crc32')
      view.setUint32(29, crc32(png.subarray(12, 29)))
      serveImage('https://img.example.com/huge.png', png)
      await refusesUrl(apiKey, 'https://img.example.com/huge.png', 'IMAGE_DIMENSIONS_TOO_LARGE')
    })
  })

  it('sends the documented fetch headers and no credentials', async () => {
    const { apiKey } = await newAccount(10)
    let seen: Headers | null = null
    const png = await toPng(lineDrawing(20, 20))
    server.use(
      http.get('https://img.example.com/headers.png', ({ request }) => {
        seen = request.headers
        return new HttpResponse(png)
      }),
    )
    await convertOk(await convertUrl(apiKey, 'https://img.example.com/headers.png'))
    const headers = seen as unknown as Headers
    expect(headers.get('user-agent')).toBe('figure-api-fetcher/1')
    expect(headers.get('accept')).toBe('image/png,image/jpeg,image/webp,image/tiff')
    expect(headers.get('authorization')).toBeNull()
    expect(headers.get('cookie')).toBeNull()
  })

  it('stores outputs under out/{accountId}/', async () => {
    const { apiKey, accountId } = await newAccount(10)
    const png = await toPng(lineDrawing(30, 30))
    const data = await convertOk(await postFile('/v1/convert', apiKey, png, { format: 'pdf' }))
    const key = new URL(data.url).pathname.replace('/v1/files/', '')
    expect(key).toMatch(new RegExp(`^out/${accountId}/[0-9A-Z]{26}/converted\\.pdf$`))
    const object = await env.FILES.head(key)
    expect(object?.httpMetadata?.contentType).toBe('application/pdf')
    const previewKey = new URL(data.previewUrl!).pathname.replace('/v1/files/', '')
    expect(previewKey).toMatch(/\/preview\.png$/)
  })
})

function findChunk(png: Uint8Array, type: string): { data: number; length: number } {
  const view = new DataView(png.buffer, png.byteOffset)
  let offset = 8
  while (offset < png.length) {
    const length = view.getUint32(offset)
    if (String.fromCharCode(...png.subarray(offset + 4, offset + 8)) === type) {
      return { data: offset + 8, length }
    }
    offset += 12 + length
  }
  throw new Error(`no ${type}`)
}

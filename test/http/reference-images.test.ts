// /figures' reference downloads: the imageUrl guard and caps, at most 3 at a time, in order, and
// every failure a 400 REFERENCE_IMAGE_UNAVAILABLE naming its index.
import { describe, expect, it } from 'vitest'
import { dohResolver } from '../../src/adapters/dns/doh-resolver'
import { ApiError } from '../../src/errors'
import { loadReferenceImages } from '../../src/http/input/reference-images'
import { GIF_BYTES, lineDrawing, toPng } from '../support/images'
import {
  dnsRecord,
  HttpResponse,
  http,
  PUBLIC_V4,
  serveImage,
  server,
  useFakeNetwork,
} from '../support/network'

useFakeNetwork()

const deps = { resolver: dohResolver('https://cloudflare-dns.com/dns-query') }
const TEN_MIB = 10 * 1024 * 1024

/** Serves a PNG `width` px wide at each URL, slowly, counting downloads in flight. */
async function serveSlowly(urls: string[], delayMs = 60) {
  const traffic = { inFlight: 0, maxInFlight: 0, requests: [] as string[] }
  for (const [i, url] of urls.entries()) {
    const png = await toPng(lineDrawing(10 + i, 10))
    server.use(
      http.get(url, async () => {
        traffic.requests.push(url)
        traffic.inFlight++
        traffic.maxInFlight = Math.max(traffic.maxInFlight, traffic.inFlight)
        await new Promise((resolve) => setTimeout(resolve, delayMs))
        traffic.inFlight--
        return new HttpResponse(png, { headers: { 'content-type': 'image/png' } })
      }),
    )
  }
  return traffic
}

/** The ApiError a load fails with. */
async function failureOf(urls: string[]): Promise<ApiError> {
  const error = await loadReferenceImages(urls, deps).then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('loadReferenceImages', () => {
  it('loads 4 URLs in input order, at most 3 at a time', async () => {
    const urls = [0, 1, 2, 3].map((i) => `https://img${i}.example.com/ref.png`)
    const traffic = await serveSlowly(urls)
    const images = await loadReferenceImages(urls, deps)
    expect(images.map((image) => [image.type, image.width, image.source])).toEqual([
      ['png', 10, 'url'],
      ['png', 11, 'url'],
      ['png', 12, 'url'],
      ['png', 13, 'url'],
    ])
    expect(traffic.maxInFlight).toBe(3)
    expect(traffic.requests).toHaveLength(4)
  })

  it('answers 400 naming the index for a 404', async () => {
    serveImage('https://a.example.com/ok.png', await toPng(lineDrawing(8, 8)))
    server.use(
      http.get('https://a.example.com/gone.png', () => new HttpResponse('no', { status: 404 })),
    )
    const error = await failureOf([
      'https://a.example.com/ok.png',
      'https://a.example.com/gone.png',
    ])
    expect(error).toMatchObject({
      code: 'REFERENCE_IMAGE_UNAVAILABLE',
      status: 400,
      message: 'referenceImageUrls[1] could not be used: the server answered 404; expected 200',
    })
    expect(error.internal).toMatch(/^IMAGE_FETCH_FAILED/)
  })

  it('answers 400 for a host that resolves to a private address, without fetching it', async () => {
    dnsRecord('intranet.example.com', ['10.0.0.1'])
    const error = await failureOf(['https://intranet.example.com/secret.png'])
    expect(error).toMatchObject({
      code: 'REFERENCE_IMAGE_UNAVAILABLE',
      status: 400,
      message:
        'referenceImageUrls[0] could not be used: intranet.example.com resolves to a private or reserved address',
    })
    expect(error.internal).toMatch(/^IMAGE_URL_NOT_ALLOWED/)
  })

  it('answers 400 for an IP literal and for a string that is no URL', async () => {
    const literal = await failureOf(['http://127.0.0.1/a.png'])
    expect(literal.message).toBe(
      'referenceImageUrls[0] could not be used: IP address hosts are not fetched; use a public hostname',
    )
    const junk = await failureOf(['not a url'])
    expect(junk.message).toBe('referenceImageUrls[0] could not be used: it is not a valid URL')
  })

  it('answers 400 for a file that is not an image', async () => {
    serveImage('https://b.example.com/a.png', await toPng(lineDrawing(8, 8)))
    server.use(
      http.get('https://b.example.com/page', () => HttpResponse.html('<!doctype html><p>hi</p>')),
    )
    serveImage('https://b.example.com/anim.gif', GIF_BYTES, 'image/gif')
    const html = await failureOf(['https://b.example.com/a.png', 'https://b.example.com/page'])
    expect(html).toMatchObject({
      code: 'REFERENCE_IMAGE_UNAVAILABLE',
      message:
        'referenceImageUrls[1] could not be used: expected a PNG, JPEG, WebP or TIFF file (checked by its first bytes)',
    })
    const gif = await failureOf(['https://b.example.com/anim.gif'])
    expect(gif.message).toMatch(/^referenceImageUrls\[0\] could not be used: expected a PNG/)
  })

  it('answers 400 for a body over 10 MiB, declared or chunked', async () => {
    let chunksSent = 0
    server.use(
      http.get(
        'https://c.example.com/declared.png',
        () =>
          new HttpResponse(null, {
            headers: { 'content-type': 'image/png', 'content-length': String(TEN_MIB + 1) },
          }),
      ),
      http.get('https://c.example.com/chunked.png', () => {
        const chunk = new Uint8Array(1024 * 1024)
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            chunksSent++
            controller.enqueue(chunk)
            if (chunksSent > 64) controller.close()
          },
        })
        return new HttpResponse(body, { headers: { 'content-type': 'image/png' } })
      }),
    )
    for (const [i, name] of ['declared', 'chunked'].entries()) {
      const urls = ['https://c.example.com/declared.png', 'https://c.example.com/chunked.png']
      const error = await failureOf([urls[i]!])
      expect(error).toMatchObject({
        code: 'REFERENCE_IMAGE_UNAVAILABLE',
        status: 400,
        message: `referenceImageUrls[0] could not be used: the image exceeds ${TEN_MIB} bytes`,
      })
      expect(error.internal, name).toMatch(/^IMAGE_TOO_LARGE/)
    }
    // Cut off just past the cap, not read to the end.
    expect(chunksSent).toBeLessThan(16)
  })

  it('starts no new download after a failure, and reports the lowest failing index', async () => {
    const urls = [0, 1, 2, 3].map((i) => `https://d${i}.example.com/ref.png`)
    const traffic = await serveSlowly(urls)
    dnsRecord('d0.example.com', ['192.168.1.1'])
    const error = await failureOf(urls)
    expect(error.message).toMatch(/^referenceImageUrls\[0\] could not be used: d0\.example\.com/)
    expect(traffic.requests).not.toContain(urls[3])

    // Index 2 fails at once, index 1 only after a slow 404: index 1 is still the one reported.
    server.use(
      http.get(urls[1]!, async () => {
        await new Promise((resolve) => setTimeout(resolve, 80))
        return new HttpResponse(null, { status: 404 })
      }),
    )
    dnsRecord('d0.example.com', [PUBLIC_V4])
    dnsRecord('d2.example.com', ['10.1.2.3'])
    serveImage(urls[0]!, await toPng(lineDrawing(8, 8)))
    const lowest = await failureOf(urls.slice(0, 3))
    expect(lowest.message).toBe(
      'referenceImageUrls[1] could not be used: the server answered 404; expected 200',
    )
  })
})

import { describe, expect, it } from 'vitest'
import { dohResolver } from '../../src/adapters/dns/doh-resolver'
import { fetchImage } from '../../src/http/input/fetch-image'
import { dnsRecord, HttpResponse, http, server, useFakeNetwork } from '../support/network'

useFakeNetwork()

const resolver = dohResolver('https://cloudflare-dns.com/dns-query')

describe('fetchImage', () => {
  it('gives up when the headers take too long', async () => {
    server.use(
      http.get('https://slow.example.com/a.png', async () => {
        await new Promise((resolve) => setTimeout(resolve, 500))
        return new HttpResponse(new Uint8Array(10))
      }),
    )
    const result = await fetchImage('https://slow.example.com/a.png', {
      resolver,
      maxBytes: 1000,
      headersTimeoutMs: 50,
    })
    expect(result).toEqual({
      ok: false,
      error: { code: 'IMAGE_FETCH_FAILED', message: 'Could not fetch the image: timed out' },
    })
  })

  it('checks every address a host resolves to, IPv4 and IPv6', async () => {
    dnsRecord('mixed.example.com', ['93.184.215.14', 'fd00::1'])
    const result = await fetchImage('https://mixed.example.com/a.png', { resolver, maxBytes: 1000 })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.code).toBe('IMAGE_URL_NOT_ALLOWED')
  })

  it('reports a failing resolver as a fetch failure, not as allowed', async () => {
    server.use(
      http.get(
        'https://cloudflare-dns.com/dns-query',
        () => new HttpResponse(null, { status: 502 }),
      ),
    )
    const result = await fetchImage('https://any.example.com/a.png', { resolver, maxBytes: 1000 })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.code).toBe('IMAGE_FETCH_FAILED')
  })

  it('ignores the declared Content-Type and returns the bytes', async () => {
    server.use(
      http.get(
        'https://img.example.com/x',
        () =>
          new HttpResponse(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'text/html' } }),
      ),
    )
    const result = await fetchImage('https://img.example.com/x', { resolver, maxBytes: 1000 })
    expect(result).toEqual({ ok: true, value: new Uint8Array([1, 2, 3]) })
  })
})

import { describe, expect, it } from 'vitest'
import { urlRefusal } from '../../src/http/input/url-guard'

describe('URL guard (static checks)', () => {
  it.each([
    'https://images.example.com/a.png',
    'http://images.example.com/a.png',
    'https://images.example.com:443/a.png',
    'http://images.example.com:80/a.png',
    'https://images.example.com./a.png',
    'https://sub.images.example.co.uk/a%20b.png?x=1',
  ])('allows %s', (url) => {
    expect(urlRefusal(new URL(url))).toBeNull()
  })

  it.each([
    ['ftp://images.example.com/a.png', 'ftp'],
    ['file:///etc/passwd', 'file'],
    ['data:image/png;base64,AAAA', 'data'],
    ['https://u:p@images.example.com/a.png', 'credentials'],
    ['https://images.example.com:8080/a.png', 'Port 8080'],
    ['http://127.0.0.1/a.png', 'IP address'],
    ['http://2130706433/a.png', 'IP address'],
    ['http://0x7f000001/a.png', 'IP address'],
    ['http://[::1]/a.png', 'IP address'],
    ['http://[::ffff:169.254.169.254]/a.png', 'IP address'],
    ['http://169.254.169.254/latest/meta-data', 'IP address'],
    ['http://localhost/a.png', 'internal'],
    ['http://LOCALHOST./a.png', 'internal'],
    ['http://api.localhost/a.png', 'internal'],
    ['http://nas.local/a.png', 'internal'],
    ['http://metadata.google.internal/a.png', 'internal'],
    ['http://router.home.arpa/a.png', 'internal'],
    ['http://box.localdomain/a.png', 'internal'],
    ['http://intranet/a.png', 'not a public hostname'],
    ['http://example.com../a.png', 'hostname'],
  ])('refuses %s', (url, reason) => {
    expect(urlRefusal(new URL(url))).toContain(reason)
  })
})

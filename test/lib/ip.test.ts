import { describe, expect, it } from 'vitest'
import { isBlockedAddress, parseIpv4, parseIpv6 } from '../../src/lib/ip'

describe('lib/ip', () => {
  it('parses dotted quads strictly', () => {
    expect(parseIpv4('1.2.3.4')).toBe(0x01020304)
    for (const bad of [
      '1.2.3',
      '1.2.3.4.5',
      '01.2.3.4',
      '256.1.1.1',
      '1.2.3.-1',
      '0x7f.0.0.1',
      '',
    ]) {
      expect(parseIpv4(bad)).toBeNull()
    }
  })

  it('parses IPv6 with compression, brackets and an IPv4 tail', () => {
    expect(parseIpv6('::1')).toBe(1n)
    expect(parseIpv6('[::1]')).toBe(1n)
    expect(parseIpv6('::')).toBe(0n)
    expect(parseIpv6('::ffff:127.0.0.1')).toBe(0xffff7f000001n)
    expect(parseIpv6('::1.2.3.4')).toBe(0x01020304n)
    expect(parseIpv6('2001:db8::8a2e:370:7334')).toBe(0x20010db8000000000000_8a2e03707334n)
    expect(parseIpv6('1:2:3:4:5:6:7:8')).toBe(0x00010002000300040005000600070008n)
    expect(parseIpv6('1:2:3:4:5:6:1.2.3.4')).toBe(0x00010002000300040005000601020304n)
    for (const bad of ['1::2::3', '1:2:3:4:5:6:7:8:9', 'fe80::1%eth0', '12345::', ':::', '1:2']) {
      expect(parseIpv6(bad)).toBeNull()
    }
  })

  it.each([
    '0.0.0.0',
    '10.0.0.1',
    '100.64.0.1',
    '100.127.255.255',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.88.99.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.19.255.255',
    '198.51.100.1',
    '203.0.113.1',
    '224.0.0.1',
    '239.255.255.255',
    '240.0.0.1',
    '255.255.255.255',
  ])('blocks IPv4 %s', (ip) => {
    expect(isBlockedAddress(ip)).toBe(true)
  })

  it.each([
    '::',
    '::1',
    '::127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:8.8.8.8',
    '64:ff9b::a00:1',
    '64:ff9b:1::1',
    '100::1',
    '2001::1',
    '2001:db8::1',
    '2002:7f00:1::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'febf::1',
    'fec0::1',
    'ff02::1',
  ])('blocks IPv6 %s', (ip) => {
    expect(isBlockedAddress(ip)).toBe(true)
  })

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '100.63.255.255',
    '172.32.0.1',
    '2606:4700::1111',
    '2a00:1450::1',
  ])('allows public %s', (ip) => {
    expect(isBlockedAddress(ip)).toBe(false)
  })

  it('treats unparsable answers as blocked', () => {
    expect(isBlockedAddress('not-an-ip')).toBe(true)
  })
})

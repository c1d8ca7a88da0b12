import { describe, expect, it } from 'vitest'
import { utf8 } from '../../src/lib/bytes'
import { crc32 } from '../../src/lib/crc32'

describe('crc32', () => {
  it('matches the standard check value for "123456789"', () => {
    expect(crc32(utf8('123456789'))).toBe(0xcbf43926)
  })
  it('continues across pieces when given the previous value', () => {
    const whole = crc32(utf8('IEND'))
    expect(crc32(utf8('ND'), crc32(utf8('IE')))).toBe(whole)
    expect(whole).toBe(0xae426082)
  })
})

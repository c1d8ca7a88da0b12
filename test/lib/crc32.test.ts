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
  it('matches a bit-by-bit reference at every length and split, unaligned views included', () => {
    const reference = (bytes: Uint8Array) => {
      let c = 0xffffffff
      for (const byte of bytes) {
        c ^= byte
        for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
      }
      return ~c >>> 0
    }
    let seed = 7
    const buffer = Uint8Array.from({ length: 301 }, () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      return seed >> 16
    })
    for (let length = 0; length <= 64; length++) {
      const bytes = buffer.subarray(3, 3 + length)
      expect(crc32(bytes), `length ${length}`).toBe(reference(bytes))
    }
    const all = buffer.subarray(1)
    for (let split = 0; split <= all.length; split += 13) {
      expect(crc32(all.subarray(split), crc32(all.subarray(0, split)))).toBe(reference(all))
    }
  })
})

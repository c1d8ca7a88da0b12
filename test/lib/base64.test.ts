import { describe, expect, it } from 'vitest'
import { fromBase64 } from '../../src/lib/base64'

/** Reference encoding: one btoa over the whole binary string. */
function encode(bytes: Uint8Array): string {
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary)
}

describe('fromBase64', () => {
  it('decodes every length around the slice size, padded and unpadded', () => {
    for (const length of [0, 1, 2, 3, 4, 5, 49_151, 49_152, 49_153, 200_003]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 131 + (i >> 8)) & 0xff)
      const text = encode(bytes)
      expect(fromBase64(text)).toEqual(bytes)
      expect(fromBase64(text.replace(/=+$/, ''))).toEqual(bytes)
    }
  })

  it('returns null for text that is not standard base64', () => {
    for (const text of ['a', 'ab c', 'ab-_', 'abc==', 'ab===', '=abc', 'ab=c']) {
      expect(fromBase64(text)).toBeNull()
    }
  })
})

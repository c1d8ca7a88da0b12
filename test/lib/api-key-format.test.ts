import { describe, expect, it } from 'vitest'
import { API_KEY_PATTERN, generateApiKey, isWellFormedApiKey } from '../../src/lib/api-key-format'
import { BASE62_ALPHABET, randomBase62 } from '../../src/lib/base62'

describe('API key format', () => {
  it('generates 47-character keys that pass their own checksum', () => {
    const keys = new Set(Array.from({ length: 200 }, generateApiKey))
    expect(keys.size).toBe(200)
    for (const key of keys) {
      expect(key).toMatch(API_KEY_PATTERN)
      expect(isWellFormedApiKey(key)).toBe(true)
    }
  })

  it('catches any single-character change in the random part or checksum', () => {
    const key = generateApiKey()
    for (let i = 9; i < key.length; i++) {
      const swapped = key[i] === 'A' ? 'B' : 'A'
      expect(isWellFormedApiKey(key.slice(0, i) + swapped + key.slice(i + 1))).toBe(false)
    }
  })

  it('rejects other shapes', () => {
    const key = generateApiKey()
    for (const bad of [
      key.slice(1),
      `${key}x`,
      key.replace('pfg_live_', 'sk_live__'),
      key.replace('_live_', '_test_'),
      '',
    ]) {
      expect(isWellFormedApiKey(bad)).toBe(false)
    }
  })

  it('draws base62 characters without modulo bias', () => {
    const counts = new Map<string, number>()
    const sample = randomBase62(62 * 2000)
    for (const ch of sample) counts.set(ch, (counts.get(ch) ?? 0) + 1)
    expect(counts.size).toBe(62)
    for (const ch of BASE62_ALPHABET) {
      // Expected 2000 each; 5 sigma is about 224.
      expect(Math.abs(counts.get(ch)! - 2000)).toBeLessThan(300)
    }
  })
})

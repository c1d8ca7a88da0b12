import { describe, expect, it } from 'vitest'
import { IntMap } from '../../src/lib/int-map'

describe('IntMap', () => {
  it('returns what was set and -1 for absent keys, across growth', () => {
    const map = new IntMap(2)
    const reference = new Map<number, number>()
    let seed = 12345
    for (let n = 0; n < 5000; n++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
      const key = seed % 100_000
      map.set(key, n)
      reference.set(key, n)
    }
    expect(map.size).toBe(reference.size)
    for (const [key, value] of reference) expect(map.get(key)).toBe(value)
    for (let key = 100_000; key < 100_100; key++) expect(map.get(key)).toBe(-1)
  })

  it('overwrites an existing key without growing the size', () => {
    const map = new IntMap()
    map.set(7, 1)
    map.set(7, 2)
    expect(map.size).toBe(1)
    expect(map.get(7)).toBe(2)
    expect(map.get(0)).toBe(-1)
  })
})

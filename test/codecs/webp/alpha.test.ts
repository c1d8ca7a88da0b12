// The ALPH chunk decoder against libwebp (jSquash's wasm build): lossy images with transparency,
// encoded with every alpha compression and filtering setting, must give the same alpha plane;
// damaged chunks end in a CodecError.

import { describe, expect, it } from 'vitest'
import { openAlpha } from '../../../src/codecs/webp/alpha'
import { CodecError } from '../../../src/lib/codec-error'
import { decodeWithLibwebp, encodeWebp, type Rgba, webpChunk } from '../../support/webp'

/**
 * An image whose alpha has smooth ramps, hard edges, noise and fully clear areas; or, `rows`, one
 * random level per row (which the encoder's best-filter search codes with the horizontal filter).
 */
function image(width: number, height: number, seed: number, rows = false): Rgba {
  let s = seed
  const data = new Uint8ClampedArray(width * height * 4)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0
      const i = (y * width + x) * 4
      data[i] = (x * 5) & 255
      data[i + 1] = (y * 3) & 255
      data[i + 2] = s >>> 24
      const band = Math.floor((x * 4) / width)
      data[i + 3] =
        band === 0 ? 0 : band === 1 ? (y * 255) / height : band === 2 ? (s >>> 16) & 255 : 255
      if ((x - width / 2) ** 2 + (y - height / 2) ** 2 < (height / 4) ** 2) data[i + 3] = 200
      if (rows) data[i + 3] = (y * 97 + seed) & 255
    }
  }
  return { data, width, height }
}

function ours(alph: Uint8Array, width: number, height: number): Uint8Array {
  const plane = new Uint8Array(width * height)
  let y = 0
  for (const row of openAlpha(alph, width, height)) plane.set(row, y++ * width)
  expect(y).toBe(height)
  return plane
}

describe('ALPH decoder against libwebp', () => {
  const sizes: [number, number][] = [
    [1, 1],
    [3, 5],
    [17, 9],
    [64, 48],
    [257, 7],
  ]
  const filters = new Set<number>()
  for (const [width, height] of sizes) {
    it(`${width}×${height}, every alpha setting`, async () => {
      for (const rgba of [
        image(width, height, width * 31 + height),
        image(width, height, width * 31 + height, true),
      ]) {
        for (const alpha_compression of [0, 1]) {
          for (const alpha_filtering of [0, 1, 2]) {
            for (const alpha_quality of [100, 60, 10]) {
              const options = { quality: 75, alpha_compression, alpha_filtering, alpha_quality }
              const file = await encodeWebp(rgba, options)
              const alph = webpChunk(file, 'ALPH')
              filters.add((alph[0]! >> 2) & 3)
              const truth = await decodeWithLibwebp(file)
              const mine = ours(alph, width, height)
              for (let i = 0; i < width * height; i++) {
                if (mine[i] !== truth[i * 4 + 3]) {
                  expect(mine[i], `alpha ${i} with ${JSON.stringify(options)}`).toBe(
                    truth[i * 4 + 3],
                  )
                }
              }
            }
          }
        }
      }
    })
  }

  it('met every filter: none, horizontal, vertical and gradient', () => {
    expect([...filters].sort()).toEqual([0, 1, 2, 3])
  })

  it('each filter of a raw plane, made by hand', () => {
    // A 3 × 2 plane of residuals. Row 0 is predicted from the left for every filter but none;
    // row 1's first byte from above (10 + 3). Vertical: 15 + 4, 9 + 200 - 256. Gradient:
    // clip(13 + 15 - 10) + 4 = 22, clip(22 + 9 - 15) + 200 = 216.
    const coded = [10, 5, 250, 3, 4, 200]
    const expected: Record<number, number[]> = {
      0: [10, 5, 250, 3, 4, 200],
      1: [10, 15, 9, 13, 17, 217],
      2: [10, 15, 9, 13, 19, 209],
      3: [10, 15, 9, 13, 22, 216],
    }
    for (const filter of [0, 1, 2, 3]) {
      const alph = new Uint8Array([filter << 2, ...coded])
      expect([...ours(alph, 3, 2)]).toEqual(expected[filter])
    }
  })
})

describe('ALPH decoder on damaged data', () => {
  function outcome(alph: Uint8Array, width: number, height: number): string {
    try {
      for (const _ of openAlpha(alph, width, height)) {
        // Every row is produced.
      }
      return 'ok'
    } catch (error) {
      if (error instanceof CodecError) return 'codec'
      throw error
    }
  }

  it('rejects bad headers and short raw planes', () => {
    expect(outcome(new Uint8Array(0), 2, 2)).toBe('codec')
    expect(outcome(new Uint8Array([0x40, 1, 2, 3, 4]), 2, 2)).toBe('codec') // reserved bits
    expect(outcome(new Uint8Array([0x02, 1, 2, 3, 4]), 2, 2)).toBe('codec') // compression 2
    expect(outcome(new Uint8Array([0x20, 1, 2, 3, 4]), 2, 2)).toBe('codec') // pre-processing 2
    expect(outcome(new Uint8Array([0x00, 1, 2, 3]), 2, 2)).toBe('codec') // one byte short
    expect(outcome(new Uint8Array([0x10, 1, 2, 3, 4]), 2, 2)).toBe('ok')
  })

  it('truncated and flipped lossless planes end in rows or a CodecError', async () => {
    const rgba = image(60, 40, 5)
    const file = await encodeWebp(rgba, { quality: 75, alpha_compression: 1, alpha_filtering: 1 })
    const alph = webpChunk(file, 'ALPH')
    for (const cut of [1, 2, 3, 6, alph.length >> 1, alph.length - 1]) {
      expect(outcome(alph.subarray(0, cut), 60, 40)).toBe('codec')
    }
    let s = 7
    for (let i = 0; i < 300; i++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0
      const damaged = alph.slice()
      const at = 1 + ((s >>> 8) % (damaged.length - 1))
      damaged[at] = damaged[at]! ^ (1 << (s & 7))
      expect(['ok', 'codec']).toContain(outcome(damaged, 60, 40))
    }
  })
})

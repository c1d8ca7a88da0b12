// The SIMD kernel (wasm/dist/resample.wasm, loaded as the Worker loads it) against the TypeScript
// kernel it replaces: same windows, the horizontal weights in 16-bit fixed point and the vertical
// sums in float32 instead of float64, so every output is within one level and nearly all are
// equal, at every kind of scale and edge size. Fixed-point weights move a sum by a few
// thousandths of a level, which flips the rounding of 0.1-0.7 % of these outputs (uniform noise
// fills each image's top third; the whole of the one-row case).

import { describe, expect, it } from 'vitest'
import { resampleGray } from '../../../src/engines/gray/resample'
import { bufferRows } from '../../../src/lib/rows'
import resampleKernels from '../../../wasm/dist/resample.wasm'
import { uniform } from '../../support/line-art'

async function resample(
  pixels: Uint8Array,
  size: [number, number],
  to: [number, number],
  filter?: 'lanczos3' | 'mitchell' | 'triangle',
  wasm: WebAssembly.Module | null = resampleKernels,
): Promise<Uint8Array> {
  const out = new Uint8Array(to[0] * to[1])
  let y = 0
  const stream = resampleGray(bufferRows(pixels, ...size, 1), ...to, { filter, wasm })
  expect(stream.passes).toBe(wasm ? 'wasm' : 'typescript')
  for await (const row of stream.rows) {
    out.set(row, y++ * to[0])
  }
  expect(y).toBe(to[1])
  return out
}

/** Noise, line art and flat paper in one image, so every code path gets its share. */
function mixed(width: number, height: number, seed: number): Uint8Array {
  const u = uniform(seed)
  const pixels = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const line = x % 17 < 2 || (x + y) % 23 < 1
      pixels[y * width + x] = y < height / 3 ? Math.floor(u() * 256) : line ? 20 : 240
    }
  }
  return pixels
}

describe('resample SIMD kernel', () => {
  const cases: [string, [number, number], [number, number]][] = [
    ['shrink 5×', [1000, 700], [200, 140]],
    ['shrink 2.49×, odd sizes', [997, 613], [400, 246]],
    ['enlarge 2×', [150, 100], [300, 200]],
    ['enlarge 4.1×, to a width not a multiple of 4', [61, 37], [251, 153]],
    ['shrink one axis, enlarge the other', [800, 90], [333, 181]],
    ['width unchanged, height shrunk', [257, 500], [257, 123]],
    ['down to one pixel', [40, 30], [1, 1]],
    ['from one row', [3000, 1], [770, 5]],
  ]
  for (const [name, size, to] of cases) {
    it(`matches the TypeScript kernel within one level: ${name}`, async () => {
      const pixels = mixed(...size, size[0] + to[0])
      for (const filter of ['lanczos3', 'mitchell', 'triangle'] as const) {
        const reference = await resample(pixels, size, to, filter, null)
        const simd = await resample(pixels, size, to, filter)
        let differ = 0
        let worst = 0
        for (let i = 0; i < simd.length; i++) {
          const d = Math.abs(simd[i]! - reference[i]!)
          if (d > 0) differ++
          worst = Math.max(worst, d)
        }
        expect(worst, `${filter}: largest difference`).toBeLessThanOrEqual(1)
        expect(differ / simd.length, `${filter}: share of pixels that differ`).toBeLessThan(0.01)
      }
    })
  }

  it('keeps flat paper and solid ink exact', async () => {
    for (const level of [0, 255, 235]) {
      const out = await resample(new Uint8Array(640 * 480).fill(level), [640, 480], [213, 160])
      expect(out.every((v) => v === level)).toBe(true)
    }
  })

  it('runs streams side by side, each with its own memory', async () => {
    const a = mixed(500, 400, 1)
    const b = mixed(300, 700, 2)
    const [ra, rb] = await Promise.all([
      resample(a, [500, 400], [123, 98]),
      resample(b, [300, 700], [451, 1050]),
    ])
    expect(ra).toEqual(await resample(a, [500, 400], [123, 98]))
    expect(rb).toEqual(await resample(b, [300, 700], [451, 1050]))
  })
})

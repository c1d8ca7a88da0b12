// The upscaler's WebAssembly kernels (wasm/dist/upscale.wasm, loaded as the Worker loads it) running
// the whole ESRGAN-slim network against the reference forward pass: on small images with odd
// sizes, hard edges at the borders and gradients, every output byte within one level and the raw
// floats within float32 rounding of the sums.

import { describe, expect, it } from 'vitest'
import x2Weights from '../../../node_modules/@upscalerjs/esrgan-slim/models/x2/group1-shard1of1.bin'
import x2Json from '../../../node_modules/@upscalerjs/esrgan-slim/models/x2/model.json'
import x4Weights from '../../../node_modules/@upscalerjs/esrgan-slim/models/x4/group1-shard1of1.bin'
import x4Json from '../../../node_modules/@upscalerjs/esrgan-slim/models/x4/model.json'
import { forwardWasm, forwardWasmRaw } from '../../../src/engines/upscale/kernels-wasm'
import { parseEsrganSlim } from '../../../src/engines/upscale/model'
import { referenceForward, referenceUpscale } from '../../../src/engines/upscale/reference'
import upscaleKernels from '../../../wasm/dist/upscale.wasm'

const NETS = {
  x2: parseEsrganSlim(x2Json, x2Weights),
  x4: parseEsrganSlim(x4Json, x4Weights),
}

/** An RGB image from `pixel(x, y)` → [r, g, b]. */
function rgbImage(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number],
): Uint8Array {
  const data = new Uint8Array(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(pixel(x, y), (y * width + x) * 3)
  }
  return data
}

/** Seeded noise (a small LCG), so a failure reproduces. */
function noise(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) >>> 0
    return state >>> 24
  }
}

const IMAGES: [string, number, number, (x: number, y: number) => [number, number, number]][] = [
  // Saturated pixels on the border: the zero padding of every layer shows most there.
  [
    'a 7 × 5 checkerboard of white and black',
    7,
    5,
    (x, y) => ((x + y) % 2 ? [255, 255, 255] : [0, 0, 0]),
  ],
  ['a 16 × 9 colour gradient', 16, 9, (x, y) => [x * 16, y * 28, 255 - x * 8 - y * 10]],
  [
    'a 13 × 11 gradient with a dark bar and a white frame',
    13,
    11,
    (x, y) =>
      x === 0 || y === 0 || x === 12 || y === 10
        ? [255, 255, 255]
        : x >= 5 && x <= 7
          ? [10, 20, 30]
          : [x * 19, 128, y * 23],
  ],
  ['a 1 × 1 grey pixel', 1, 1, () => [128, 128, 128]],
  ['a 5 × 3 strip of noise', 5, 3, ((n) => () => [n(), n(), n()])(noise(7))],
]

describe('upscale/kernels-wasm forwardWasm', () => {
  for (const scale of ['x2', 'x4'] as const) {
    it.each(IMAGES)(
      `agrees with the reference at ${scale} on %s`,
      async (_, width, height, pixel) => {
        const net = NETS[scale]
        const rgb = rgbImage(width, height, pixel)
        const raw = await forwardWasmRaw(upscaleKernels, net, rgb, width, height)
        const reference = referenceForward(net, rgb, width, height)
        expect(raw.length).toBe(reference.length)
        let worst = 0
        for (let i = 0; i < raw.length; i++)
          worst = Math.max(worst, Math.abs(raw[i]! - reference[i]!))
        expect(worst).toBeLessThan(0.01)

        const bytes = await forwardWasm(upscaleKernels, net, rgb, width, height)
        const expected = referenceUpscale(net, rgb, width, height)
        expect(bytes.length).toBe(width * net.scale * height * net.scale * 3)
        let off = 0
        for (let i = 0; i < bytes.length; i++)
          off = Math.max(off, Math.abs(bytes[i]! - expected[i]!))
        expect(off).toBeLessThanOrEqual(1)
      },
    )
  }

  it('gives the same bytes on a second run (memory reused inside one pass is cleared)', async () => {
    const rgb = rgbImage(9, 6, (x, y) => [x * 28, y * 40, (x * y) % 256])
    const first = await forwardWasm(upscaleKernels, NETS.x2, rgb, 9, 6)
    const second = await forwardWasm(upscaleKernels, NETS.x2, rgb, 9, 6)
    expect(second).toEqual(first)
  })

  it('throws naming the problem when the sizes and the samples disagree', async () => {
    await expect(forwardWasm(upscaleKernels, NETS.x2, new Uint8Array(10), 2, 2)).rejects.toThrow(
      /Expected 12 RGB samples for 2 × 2 but received 10/,
    )
    await expect(forwardWasm(upscaleKernels, NETS.x2, new Uint8Array(0), 0, 2)).rejects.toThrow(
      /Expected positive integer sizes/,
    )
  })
})

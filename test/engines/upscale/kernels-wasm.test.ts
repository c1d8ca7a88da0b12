// The upscaler's WebAssembly kernels (wasm/dist/upscale.wasm, loaded as the Worker loads it) running
// the whole ESRGAN-slim network against the reference forward pass: on small images with odd
// sizes, hard edges at the borders and gradients, every output byte within one level and the raw
// floats within float32 rounding of the sums. The nearest upsampling is folded into the last
// convolution (one small conv per output phase), so these cases also cover its zero padding at
// the high-res border. Wider 3 × 3 and 5 × 5 layers run as Winograd F(6, 3) and F(4, 5).
// createUpscaler: one instance reused over tiles of several sizes up to its largest tile.

import { describe, expect, it } from 'vitest'
import x2Weights from '../../../node_modules/@upscalerjs/esrgan-slim/models/x2/group1-shard1of1.bin'
import x2Json from '../../../node_modules/@upscalerjs/esrgan-slim/models/x2/model.json'
import x4Weights from '../../../node_modules/@upscalerjs/esrgan-slim/models/x4/group1-shard1of1.bin'
import x4Json from '../../../node_modules/@upscalerjs/esrgan-slim/models/x4/model.json'
import {
  createUpscaler,
  forwardWasm,
  forwardWasmRaw,
} from '../../../src/engines/upscale/kernels-wasm'
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

/** The largest difference between two byte arrays of the same length. */
function worstByte(a: Uint8Array, b: Uint8Array): number {
  expect(a.length).toBe(b.length)
  let worst = 0
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!))
  return worst
}

describe('upscale/kernels-wasm createUpscaler', () => {
  for (const scale of ['x2', 'x4'] as const) {
    it(`reuses one instance over tiles of different sizes at ${scale}, as the reference does`, async () => {
      const net = NETS[scale]
      const upscaler = await createUpscaler(upscaleKernels, net, { width: 16, height: 12 })
      expect(upscaler.scale).toBe(net.scale)
      // Largest first, so smaller tiles run over memory full of a bigger tile's values.
      const tiles: [number, number][] = [
        [16, 12],
        [5, 3],
        [1, 1],
        [16, 1],
        [9, 12],
        [16, 12],
        [7, 5],
      ]
      const first = new Map<string, Uint8Array>()
      for (const [width, height] of tiles) {
        const n = noise(width * 31 + height)
        const rgb = rgbImage(width, height, (x, y) =>
          x === 0 || y === height - 1 ? [255, 255, 255] : [n(), (x * 40) % 256, n()],
        )
        const bytes = upscaler.forward(rgb, width, height)
        expect(bytes.length).toBe(width * net.scale * height * net.scale * 3)
        expect(worstByte(bytes, referenceUpscale(net, rgb, width, height))).toBeLessThanOrEqual(1)
        const key = `${width}x${height}`
        const earlier = first.get(key)
        if (earlier) expect(bytes).toEqual(earlier)
        else first.set(key, bytes)
        expect(upscaler.forward(rgb, width, height)).toEqual(bytes)
      }
    })
  }

  for (const scale of ['x2', 'x4'] as const) {
    it(`agrees with the reference at ${scale} over many Winograd blocks, ragged at the edges`, async () => {
      // 50 × 38: 9 × 7 blocks of 6 (3 × 3 layers) and 13 × 10 of 4 (5 × 5), the last ones ragged;
      // smooth colour, noise and hard bars, so every transform sees large and small values.
      const [width, height] = [50, 38]
      const n = noise(4242)
      const rgb = rgbImage(width, height, (x, y) =>
        x % 17 < 3 || y % 13 === 0
          ? [250, 10, 10]
          : [
              Math.round(128 + 90 * Math.sin(x / 5)) + (n() >> 4),
              Math.round(128 + 90 * Math.cos(y / 4)),
              (x * 5 + y * 3) % 256,
            ],
      )
      const net = NETS[scale]
      const raw = await forwardWasmRaw(upscaleKernels, net, rgb, width, height)
      const expected = referenceForward(net, rgb, width, height)
      let worst = 0
      for (let i = 0; i < raw.length; i++) worst = Math.max(worst, Math.abs(raw[i]! - expected[i]!))
      // Measured 2.4e-4 (x2) and 3.4e-4 (x4) on a 150 × 130 image; a wrong transform is off by units.
      expect(worst).toBeLessThan(2e-3)
      const bytes = await forwardWasm(upscaleKernels, net, rgb, width, height)
      expect(worstByte(bytes, referenceUpscale(net, rgb, width, height))).toBeLessThanOrEqual(1)
    })
  }

  it('throws a RangeError for a tile bigger than the largest tile, and still works after', async () => {
    const upscaler = await createUpscaler(upscaleKernels, NETS.x2, { width: 6, height: 4 })
    const rgb = rgbImage(6, 4, (x, y) => [x * 40, y * 60, 90])
    const before = upscaler.forward(rgb, 6, 4)
    expect(() => upscaler.forward(new Uint8Array(7 * 4 * 3), 7, 4)).toThrow(RangeError)
    expect(() => upscaler.forward(new Uint8Array(6 * 5 * 3), 6, 5)).toThrow(
      /Expected a tile of at most 6 × 4 for the upscaler but received 6 × 5/,
    )
    expect(() => upscaler.forward(new Uint8Array(10), 2, 2)).toThrow(
      /Expected 12 RGB samples for 2 × 2 but received 10/,
    )
    expect(upscaler.forward(rgb, 6, 4)).toEqual(before)
  })

  it('reports the memory of its instance, which grows with the largest tile', async () => {
    const small = await createUpscaler(upscaleKernels, NETS.x4, { width: 8, height: 8 })
    const big = await createUpscaler(upscaleKernels, NETS.x4, { width: 40, height: 40 })
    expect(small.memoryBytes % 65536).toBe(0)
    expect(big.memoryBytes).toBeGreaterThan(small.memoryBytes)
    // Weights: 0.93 MB as trained, 3.1 MB once the 3 × 3 and 5 × 5 kernels are in the Winograd
    // domain (n² floats per kernel instead of k²).
    expect(small.memoryBytes).toBeLessThan(4.5 * 2 ** 20)
    // What grows is the activations, about 1.7 KB per tile pixel (40² − 8² pixels: 2.6 MB); the
    // 48-channel plane at 4× the size that the folded upsampling avoids would add 4.9 MB more.
    expect(big.memoryBytes - small.memoryBytes).toBeLessThan(3.5 * 2 ** 20)
  })
  it('refuses a network whose upsampling is not read by one convolution (only folded ones run)', async () => {
    // x2 with SR reading the upsampling twice, once through an add: the upsampled plane would
    // have to be stored, which the kernels no longer do.
    const net = structuredClone(NETS.x2)
    const up = net.layers.find((l) => l.kind === 'upsample')!
    const sr = net.layers.at(-1)!
    net.layers.splice(net.layers.length - 1, 0, {
      kind: 'add',
      name: 'twice',
      inputs: [up.name, up.name],
      channels: up.channels,
    })
    if (sr.kind === 'conv') sr.input = 'twice'
    await expect(createUpscaler(upscaleKernels, net, { width: 4, height: 4 })).rejects.toThrow(
      /Expected .* to feed one convolution/,
    )
  })
})

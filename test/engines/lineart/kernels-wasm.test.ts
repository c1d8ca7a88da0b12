// The lineart pixel kernels in WebAssembly (wasm/dist/lineart.wasm, loaded as the Worker loads
// it) against the TypeScript stages they replace: the same despeckle counts and byte-identical
// masks, distances and skeletons on synthetic drawings, seeded noise and the corpus sheets, and
// the same drawings from the whole engine with and without them.

import { describe, expect, it } from 'vitest'
import { openPng } from '../../../src/codecs/png/decode'
import { deriveParams, traceLineart } from '../../../src/engines/lineart'
import { chamferDistance, chamferDistance8 } from '../../../src/engines/lineart/distance'
import { createWasmStages } from '../../../src/engines/lineart/kernels-wasm'
import { createMask, type Mask } from '../../../src/engines/lineart/mask'
import { pixelStages, typescriptStages } from '../../../src/engines/lineart/pixel-stages'
import { thresholdInk } from '../../../src/engines/lineart/threshold'
import type { GrayImage } from '../../../src/engines/raster'
import lineartKernels from '../../../wasm/dist/lineart.wasm'
import { base64Bytes } from '../../support/fixtures'
import { uniform } from '../../support/line-art'
import { block, canvas, circle, segment } from './shapes'

const SHEETS = import.meta.glob<string>('../../fixtures/corpus/*.png', {
  query: '?inline',
  import: 'default',
  eager: true,
})

async function sheet(path: string): Promise<GrayImage> {
  const opened = openPng(base64Bytes(SHEETS[path]!))
  if (!opened.ok) throw new Error(opened.error.message)
  const { width, height, channels, rows } = opened.value
  expect(channels).toBe(1)
  const data = new Uint8Array(width * height)
  let y = 0
  for await (const row of rows) data.set(row, y++ * width)
  return { width, height, channels: 1, data }
}

/** The framed mask of a drawing: ink where the gray is below 128. */
function maskOf(image: GrayImage): Mask {
  const mask = createMask(image.width, image.height)
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      mask.data[(y + 1) * mask.stride + x + 1] = image.data[y * image.width + x]! < 128 ? 1 : 0
    }
  }
  return mask
}

/** A `width × height` mask of independent ink pixels with probability `density`. */
function noise(width: number, height: number, density: number, seed: number): Mask {
  const u = uniform(seed)
  const mask = createMask(width, height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) mask.data[(y + 1) * mask.stride + x + 1] = u() < density ? 1 : 0
  }
  return mask
}

/** Index of the first element where `a` and `b` differ, or -1 (lengths included). */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Math.min(a.length, b.length)
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i
  return -1
}

const inkOf = (mask: Mask) => mask.data.reduce((sum, v) => sum + v, 0)

/**
 * Runs both kernels on copies of `mask` and expects identical results after each stage.
 * @returns the TypeScript results, so a case can check that it exercised something
 */
async function expectSameStages(mask: Mask, speckAreaPx: number, holeAreaPx: number) {
  const reference = typescriptStages({ ...mask, data: mask.data.slice() })
  const wasm = await createWasmStages(lineartKernels, mask.width, mask.height)
  wasm.mask.data.set(mask.data)
  const counts = reference.despeckle(speckAreaPx, holeAreaPx)
  expect(wasm.despeckle(speckAreaPx, holeAreaPx)).toEqual(counts)
  expect(firstDifference(wasm.mask.data, reference.mask.data)).toBe(-1)
  const cleanInk = inkOf(reference.mask)
  const distance = reference.chamferDistance()
  expect(firstDifference(wasm.chamferDistance(), distance)).toBe(-1)
  reference.skeletonize()
  wasm.skeletonize()
  expect(firstDifference(wasm.mask.data, reference.mask.data)).toBe(-1)
  expect(firstDifference(wasm.inkBlocks(), reference.inkBlocks())).toBe(-1)
  return { ...counts, cleanInk, skeletonInk: inkOf(reference.mask), distance }
}

describe('lineart wasm kernels', () => {
  it('match the TypeScript stages when lines are thick and thin and meet in junctions', async () => {
    const image = canvas(260, 190)
    segment(image, 10, 20, 250, 20, 1)
    segment(image, 10, 40, 250, 44, 2)
    segment(image, 10, 70, 250, 70, 3)
    segment(image, 20, 100, 240, 160, 7)
    segment(image, 20, 170, 240, 95, 12)
    segment(image, 130, 10, 130, 185, 5)
    segment(image, 60, 120, 90, 185, 4)
    circle(image, 190, 130, 30, 6)
    const result = await expectSameStages(maskOf(image), 9, 9)
    expect(result.skeletonInk).toBeGreaterThan(500)
    expect(result.skeletonInk).toBeLessThan(result.cleanInk / 3)
    expect(Math.max(...result.distance)).toBeGreaterThanOrEqual(18)
  })

  it('match the TypeScript stages when specks, pinholes and a dot in a small hole are present', async () => {
    const image = canvas(120, 90)
    block(image, 10, 10, 60, 40)
    for (const [x, y] of [
      [15, 15],
      [30, 20],
      [44, 31],
    ])
      image.data[y! * 120 + x!] = 255
    block(image, 40, 30, 42, 31)
    block(image, 80, 10, 81, 11)
    block(image, 90, 12, 92, 14)
    block(image, 100, 60, 103, 63)
    // A ring with a dot in its small hole, joined to a line: despeckle.ts's order effects.
    block(image, 70, 60, 77, 67)
    block(image, 72, 62, 75, 65)
    for (let x = 72; x < 75; x++) for (let y = 62; y < 65; y++) image.data[y * 120 + x] = 255
    image.data[63 * 120 + 73] = 0
    segment(image, 77, 63, 95, 63, 1)
    const result = await expectSameStages(maskOf(image), 9, 9)
    expect(result.specks).toBeGreaterThanOrEqual(3)
    expect(result.holes).toBeGreaterThanOrEqual(3)
  })

  it('match the TypeScript stages when a filled blob needs many subiterations', async () => {
    const image = canvas(200, 160)
    block(image, 20, 20, 140, 110)
    circle(image, 150, 110, 20, 40)
    const result = await expectSameStages(maskOf(image), 9, 9)
    expect(Math.max(...result.distance)).toBeGreaterThan(3 * 40)
    expect(result.skeletonInk).toBeGreaterThan(50)
  })

  it('match the TypeScript stages when one-pixel lines and staircases reach the frame', async () => {
    const image = canvas(97, 61)
    segment(image, -5, 0.5, 102, 0.5, 1)
    segment(image, 0.5, -5, 0.5, 66, 1)
    segment(image, 96.5, -5, 96.5, 66, 1)
    segment(image, -5, 60.5, 102, 60.5, 1)
    segment(image, 0, 0, 97, 61, 1)
    segment(image, 97, 0, 30, 61, 1.5)
    block(image, 0, 20, 12, 35)
    block(image, 85, 50, 97, 61)
    const result = await expectSameStages(maskOf(image), 3, 3)
    expect(result.skeletonInk).toBeGreaterThan(200)
  })

  it('match the TypeScript stages on seeded noise of every density and small or odd sizes', async () => {
    const u = uniform(2024)
    for (let k = 0; k < 60; k++) {
      const width = k < 12 ? 1 + k : 1 + Math.floor(u() * 140)
      const height = k < 12 ? 1 + ((k * 7) % 13) : 1 + Math.floor(u() * 90)
      const density = (k % 10) / 10 + u() / 10
      const mask = noise(width, height, density, 17 + k)
      await expectSameStages(mask, 1 + Math.floor(u() * 12), 1 + Math.floor(u() * 12))
    }
  })

  it('match the TypeScript stages when despeckle has to grow the wasm memory', async () => {
    const mask = noise(1000, 1000, 0.6, 5)
    const wasm = await createWasmStages(lineartKernels, mask.width, mask.height)
    wasm.mask.data.set(mask.data)
    const before = wasm.mask.data.buffer.byteLength
    const counts = wasm.despeckle(3, 3)
    expect(wasm.mask.data.buffer.byteLength).toBeGreaterThan(before)
    const reference = typescriptStages(mask)
    expect(counts).toEqual(reference.despeckle(3, 3))
    expect(firstDifference(wasm.mask.data, mask.data)).toBe(-1)
  })

  it('are picked by pixelStages when given, with the mask in wasm memory for the threshold', async () => {
    const plain = await pixelStages(33, 21, null)
    expect(plain.mask.data.buffer).toBeInstanceOf(ArrayBuffer)
    expect(plain.mask.data.byteLength).toBe(35 * 23)
    const stages = await pixelStages(33, 21, lineartKernels)
    // The mask is a view into the instance's memory (whole 64 KiB pages), all paper.
    expect(stages.mask.data.buffer.byteLength % 65536).toBe(0)
    expect(stages.mask.data.byteLength).toBe(35 * 23)
    expect(stages.mask.data.every((v) => v === 0)).toBe(true)
    const image = {
      width: 33,
      height: 21,
      channels: 1 as const,
      data: new Uint8Array(33 * 21).fill(255),
    }
    image.data.fill(0, 5 * 33, 6 * 33)
    thresholdInk(image, stages.mask)
    expect(stages.mask.data.reduce((a, v) => a + v, 0)).toBe(33)
    expect(stages.mask.data[6 * 35 + 1]).toBe(1)
  })

  it('threshold into their mask exactly as the TypeScript passes do, at any size', async () => {
    const u = uniform(11)
    for (const [width, height] of [
      [1, 1],
      [17, 2],
      [33, 21],
      [301, 207],
    ] as const) {
      // Even paper and paper lit from one side (normalised first); ink, faint ridges and grain:
      // every branch of the rule, and 16-pixel blocks of white.
      for (const ramp of [0, 90]) {
        const data = new Uint8Array(width * height).map((_, i) => {
          const paper = 255 - (ramp * (i % width)) / width
          if (i % 7 === 0) return 40 + Math.floor(u() * 160)
          return i % 5 === 0 ? paper : Math.max(0, paper - Math.floor(u() * 56))
        })
        const image = { width, height, channels: 1 as const, data }
        const expected = thresholdInk(image)
        const stages = await pixelStages(width, height, lineartKernels)
        thresholdInk(image, stages.mask, stages.binarizeInto)
        expect(stages.mask.data, `${width}x${height} ramp ${ramp}`).toEqual(expected.data)
      }
    }
  })

  it('saturate distances at 255 thirds, exactly min(255, the 16-bit chamfer distance)', async () => {
    // A solid 300 × 260 block: its centre is 130 px (390 thirds) from paper.
    const mask = createMask(340, 300)
    for (let y = 20; y < 280; y++)
      mask.data.fill(1, (y + 1) * mask.stride + 21, (y + 1) * mask.stride + 321)
    const exact = chamferDistance(mask)
    expect(Math.max(...exact)).toBeGreaterThan(300)
    const bytes = chamferDistance8(mask)
    expect(
      firstDifference(
        bytes,
        exact.map((d) => Math.min(255, d)),
      ),
    ).toBe(-1)
    const wasm = await createWasmStages(lineartKernels, mask.width, mask.height)
    wasm.mask.data.set(mask.data)
    expect(firstDifference(wasm.chamferDistance(), bytes)).toBe(-1)
  })

  it('reuse one instance for a coarser pass: a smaller mask, all paper, the same results', async () => {
    const big = noise(300, 200, 0.5, 3)
    const small = noise(120, 90, 0.4, 4)
    const first = await createWasmStages(lineartKernels, big.width, big.height)
    first.mask.data.set(big.data)
    first.despeckle(3, 3)
    first.chamferDistance()
    first.skeletonize()
    const memory = first.mask.data.buffer
    const second = await first.resize(small.width, small.height)
    // Same memory (no second one left to the GC), and the old pixels are gone.
    expect(second.mask.data.buffer).toBe(memory)
    expect(second.mask.data.every((v) => v === 0)).toBe(true)
    second.mask.data.set(small.data)
    const reference = typescriptStages({ ...small, data: small.data.slice() })
    expect(second.despeckle(2, 2)).toEqual(reference.despeckle(2, 2))
    expect(firstDifference(second.chamferDistance(), reference.chamferDistance())).toBe(-1)
    second.skeletonize()
    reference.skeletonize()
    expect(firstDifference(second.mask.data, reference.mask.data)).toBe(-1)
    // The bytes past the smaller mask still hold the first pass's: its last block reads none.
    expect(second.mask.data.length % 16).not.toBe(0)
    expect(firstDifference(second.inkBlocks(), reference.inkBlocks())).toBe(-1)
  })

  it('coarsen noise to the same drawing with and without wasm (one instance for every pass)', async () => {
    const mask = noise(400, 300, 0.5, 9)
    const image: GrayImage = {
      width: 400,
      height: 300,
      channels: 1,
      data: new Uint8Array(400 * 300).map((_, i) =>
        mask.data[(Math.floor(i / 400) + 1) * mask.stride + (i % 400) + 1] ? 0 : 255,
      ),
    }
    const reference = await traceLineart(image, { maxGraphBytes: 2 ** 20 })
    expect(reference.stats.coarsened).toBeGreaterThanOrEqual(2)
    const fast = await traceLineart(image, { maxGraphBytes: 2 ** 20, wasm: lineartKernels })
    expect(fast.stats).toEqual(reference.stats)
    expect(fast.drawing).toEqual(reference.drawing)
  })

  it('frees the caller’s image when told it owns it, with the same drawing', async () => {
    const image = canvas(300, 200)
    for (let k = 0; k < 8; k++) segment(image, 10, 10 + 20 * k, 290, 15 + 20 * k, 3)
    const wasm = lineartKernels
    const kept = await traceLineart({ ...image, data: image.data.slice() }, { wasm })
    const released = await traceLineart(image, { releaseImage: true, wasm })
    expect(image.data.length).toBe(0)
    expect(released.drawing).toEqual(kept.drawing)
    expect(released.stats.strokes).toBe(8)
  })

  for (const path of Object.keys(SHEETS)) {
    const name = path.slice(path.lastIndexOf('/') + 1)
    it(`match the TypeScript stages on the corpus sheet ${name}`, async () => {
      const image = await sheet(path)
      const { speckAreaPx, holeAreaPx } = deriveParams(image.width, image.height, {})
      const result = await expectSameStages(thresholdInk(image), speckAreaPx, holeAreaPx)
      expect(result.skeletonInk).toBeGreaterThan(1000)
    })

    it(`give traceLineart the same drawing with and without wasm on ${name}`, async () => {
      const image = await sheet(path)
      const reference = await traceLineart(image)
      const fast = await traceLineart(image, { wasm: lineartKernels })
      expect(fast.stats).toEqual(reference.stats)
      expect(fast.drawing).toEqual(reference.drawing)
      expect(reference.stats.strokes).toBeGreaterThan(10)
    })
  }
})

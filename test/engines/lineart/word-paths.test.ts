// The word-at-a-time passes of the lineart engine against the pixel-by-pixel ones they replaced,
// on images whose bytes start at every offset of a word (decoders hand out unaligned views).

import { describe, expect, it } from 'vitest'
import { countInk, isMaze } from '../../../src/engines/lineart'
import { createMask } from '../../../src/engines/lineart/mask'
import { thresholdInk } from '../../../src/engines/lineart/threshold'
import type { GrayImage } from '../../../src/engines/raster'

/** A deterministic pseudo-random generator (xorshift32). */
function random(seed: number): () => number {
  let s = seed
  return () => {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    return (s >>> 0) / 2 ** 32
  }
}

/** `width × height` levels of `levels`, in runs (words of one level and mixed ones), at `offset`. */
function runs(width: number, height: number, levels: number[], offset: number, seed: number) {
  const next = random(seed)
  const buffer = new Uint8Array(width * height + offset)
  const data = buffer.subarray(offset)
  for (let i = 0; i < data.length; ) {
    const level = levels[Math.floor(next() * levels.length)]!
    const length = 1 + Math.floor(next() * 12)
    data.fill(level, i, i + length)
    i += length
  }
  const image: GrayImage = { width, height, channels: 1, data }
  return image
}

const slowMaze = ({ width, height, data }: GrayImage) => {
  let changes = 0
  for (let y = 0; y < height; y++) {
    let ink = false
    for (let i = y * width; i < (y + 1) * width; i++) {
      if (data[i]! < 128 !== ink) {
        ink = !ink
        changes++
      }
    }
  }
  return changes > 0.35 * width * height
}

describe('word-at-a-time passes', () => {
  it('thresholds a two-level image as the pixel loop does, at every byte offset', () => {
    for (let offset = 0; offset < 4; offset++) {
      for (const width of [1, 3, 7, 33]) {
        const image = runs(width, 9, [20, 230], offset, 7 + offset + width)
        const mask = thresholdInk(image)
        const expected = createMask(width, 9)
        for (let y = 0; y < 9; y++)
          for (let x = 0; x < width; x++)
            expected.data[(y + 1) * expected.stride + x + 1] =
              image.data[y * width + x]! < 125 ? 1 : 0
        expect(mask.data).toEqual(expected.data)
      }
    }
  })

  it('finds a third level anywhere, whole words of the two included', () => {
    for (let offset = 0; offset < 4; offset++) {
      for (const at of [0, 5, 31, 63]) {
        const image = runs(8, 8, [0, 255], offset, 3 + at)
        image.data[at] = 128
        // Three levels: the normalising threshold runs, and its mask is 0/1 like the direct one.
        const mask = thresholdInk(image)
        expect(mask.data.every((v) => v === 0 || v === 1)).toBe(true)
      }
    }
  })

  it('counts ink as the pixel loop does', () => {
    for (const width of [1, 2, 5, 30]) {
      const mask = createMask(width, 7)
      const next = random(width)
      for (let i = 0; i < mask.data.length; i++) mask.data[i] = next() < 0.3 ? 1 : 0
      expect(countInk(mask)).toBe(mask.data.reduce((n, v) => n + (v !== 0 ? 1 : 0), 0))
    }
  })

  it('tells a maze as the pixel loop does, at every byte offset', () => {
    let mazes = 0
    for (let offset = 0; offset < 4; offset++) {
      for (const [k, levels] of [
        [0, 255],
        [100, 140, 127, 128],
        [0, 255, 60],
      ].entries()) {
        for (const width of [3, 17, 64]) {
          const image = runs(width, 11, levels, offset, 11 * k + width + offset)
          // Short runs make mazes: every pixel of its own level in a third of the images.
          if (width === 17)
            for (let i = 0; i < image.data.length; i++) image.data[i] = levels[i % levels.length]!
          expect(isMaze(image)).toBe(slowMaze(image))
          if (slowMaze(image)) mazes++
        }
      }
    }
    expect(mazes).toBeGreaterThan(0)
  })
})

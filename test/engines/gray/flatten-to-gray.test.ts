import { describe, expect, it } from 'vitest'
import { flattenToGray } from '../../../src/engines/gray/flatten-to-gray'
import type { Channels, PixelRows } from '../../../src/lib/rows'

/** A source of `height` rows from `pixels` (interleaved), counting how many rows were pulled. */
function source(
  pixels: number[],
  width: number,
  channels: Channels,
  options: { throwAt?: number; density?: { x: number; y: number } } = {},
) {
  const height = pixels.length / (width * channels)
  const stats = { pulled: 0 }
  const bytes = Uint8Array.from(pixels)
  async function* rows() {
    for (let y = 0; y < height; y++) {
      if (y === options.throwAt) throw new Error(`corrupt row ${y}`)
      stats.pulled++
      yield bytes.slice(y * width * channels, (y + 1) * width * channels)
    }
  }
  const src: PixelRows = { width, height, channels, density: options.density, rows: rows() }
  return { src, stats }
}

async function collect(rows: AsyncIterable<Uint8Array>): Promise<number[][]> {
  const out: number[][] = []
  for await (const row of rows) out.push([...row])
  return out
}

/** Flattens one pixel given as its channel values. */
async function one(channels: Channels, ...values: number[]): Promise<number> {
  const rows = await collect(flattenToGray(source(values, 1, channels).src).rows)
  return rows[0]![0]!
}

describe('engines/gray/flattenToGray', () => {
  it('gives Rec. 601 luma rounded to nearest when the pixel is an opaque colour', async () => {
    // (299·255 + 500) / 1000 = 76.745 → 76; (587·255 + 500) / 1000 = 150.185 → 150
    expect(await one(3, 255, 0, 0)).toBe(76)
    expect(await one(3, 0, 255, 0)).toBe(150)
    // (114·255 + 500) / 1000 = 29.57 → 29; yellow (225930 + 500) / 1000 → 226
    expect(await one(3, 0, 0, 255)).toBe(29)
    expect(await one(3, 255, 255, 0)).toBe(226)
    expect(await one(3, 255, 255, 255)).toBe(255)
    expect(await one(3, 0, 0, 0)).toBe(0)
    expect(await one(3, 128, 128, 128)).toBe(128)
    // (299·10 + 587·20 + 114·30 + 500) / 1000 = 18.65 → 18
    expect(await one(3, 10, 20, 30)).toBe(18)
  })
  it('gives white when alpha is 0, whatever the colour', async () => {
    expect(await one(4, 0, 0, 0, 0)).toBe(255)
    expect(await one(4, 255, 0, 0, 0)).toBe(255)
    expect(await one(2, 0, 0)).toBe(255)
    expect(await one(2, 77, 0)).toBe(255)
  })
  it('gives the luma when alpha is 255', async () => {
    expect(await one(4, 255, 0, 0, 255)).toBe(76)
    expect(await one(4, 0, 0, 255, 255)).toBe(29)
    expect(await one(2, 77, 255)).toBe(77)
  })
  it('composites over white, rounded to nearest, when alpha is partial', async () => {
    // black at 128: 255·127 / 255 = 127
    expect(await one(2, 0, 128)).toBe(127)
    // gray 100 at 200: (20000 + 14025) / 255 = 133.43 → 133
    expect(await one(2, 100, 200)).toBe(133)
    // red (luma 76) at 128: (9728 + 32385) / 255 = 165.15 → 165
    expect(await one(4, 255, 0, 0, 128)).toBe(165)
    // gray 0 at 1: 254·255 / 255 = 254
    expect(await one(2, 0, 1)).toBe(254)
  })
  it('follows (g·a + 255·(255 − a) + 127) / 255 for every gray and alpha pair', async () => {
    const pixels: number[] = []
    for (let a = 0; a < 256; a++) for (let g = 0; g < 256; g++) pixels.push(g, a)
    const rows = await collect(flattenToGray(source(pixels, 256, 2).src).rows)
    expect(rows).toHaveLength(256)
    for (let a = 0; a < 256; a++) {
      for (let g = 0; g < 256; g++) {
        const exact = (g * a + 255 * (255 - a)) / 255
        const got = rows[a]![g]!
        expect(Math.abs(got - exact)).toBeLessThanOrEqual(0.5)
        expect(got).toBe(Math.floor((g * a + 255 * (255 - a) + 127) / 255))
      }
    }
  })
  it('matches the exact luma within half a level for random RGB and RGBA pixels', async () => {
    let seed = 99
    const byte = () => {
      seed = (seed * 1103515245 + 12345) >>> 0
      return seed >>> 24
    }
    const pixels: number[] = []
    for (let i = 0; i < 4096; i++) pixels.push(byte(), byte(), byte(), byte())
    const rows = await collect(flattenToGray(source(pixels, 64, 4).src).rows)
    for (let i = 0; i < 4096; i++) {
      const [r, g, b, a] = pixels.slice(i * 4, i * 4 + 4) as [number, number, number, number]
      const luma = Math.floor((299 * r + 587 * g + 114 * b + 500) / 1000)
      expect(Math.abs(luma - (0.299 * r + 0.587 * g + 0.114 * b))).toBeLessThanOrEqual(0.5)
      expect(rows[Math.floor(i / 64)]![i % 64]).toBe(
        Math.floor((luma * a + 255 * (255 - a) + 127) / 255),
      )
    }
  })
  it('returns the same row iterable and density when the source is already gray', () => {
    const { src } = source([1, 2, 3, 4], 2, 1, { density: { x: 600, y: 600 } })
    const out = flattenToGray(src)
    expect(out.rows).toBe(src.rows)
    expect(out).toMatchObject({ width: 2, height: 2, channels: 1, density: { x: 600, y: 600 } })
  })
  it('keeps width, height and density when the source has colour', async () => {
    const opaqueGray = Array.from({ length: 5 * 3 * 4 }, (_, i) => (i % 4 === 3 ? 255 : 200))
    const { src } = source(opaqueGray, 5, 4, { density: { x: 300, y: 150 } })
    const out = flattenToGray(src)
    expect(out).toMatchObject({ width: 5, height: 3, channels: 1, density: { x: 300, y: 150 } })
    const rows = await collect(out.rows)
    expect(rows).toEqual([
      [200, 200, 200, 200, 200],
      [200, 200, 200, 200, 200],
      [200, 200, 200, 200, 200],
    ])
  })
  it('reuses one output buffer and pulls one source row per output row', async () => {
    const width = 3
    const pixels = Array.from({ length: 4 * width * 3 }, (_, i) => i * 2)
    const { src, stats } = source(pixels, width, 3)
    const buffers = new Set<Uint8Array>()
    let y = 0
    for await (const row of flattenToGray(src).rows) {
      y++
      expect(stats.pulled).toBe(y)
      buffers.add(row)
    }
    expect(y).toBe(4)
    expect(buffers.size).toBe(1)
  })
  it('yields the rows before a failing row, then rethrows, when the source fails', async () => {
    const width = 2
    const pixels = Array.from({ length: 5 * width * 2 }, (_, i) => (i % 2 ? 255 : 10 * i))
    const { src } = source(pixels, width, 2, { throwAt: 3 })
    const got: number[][] = []
    const run = async () => {
      for await (const row of flattenToGray(src).rows) got.push([...row])
    }
    await expect(run()).rejects.toThrow('corrupt row 3')
    expect(got).toEqual([
      [0, 20],
      [40, 60],
      [80, 100],
    ])
  })
  it('throws a RangeError when a row is shorter than width · channels', async () => {
    async function* rows() {
      yield new Uint8Array(5)
    }
    const src: PixelRows = { width: 2, height: 1, channels: 3, rows: rows() }
    await expect(collect(flattenToGray(src).rows)).rejects.toThrow(RangeError)
  })
})

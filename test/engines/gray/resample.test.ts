import { describe, expect, it } from 'vitest'
import {
  Axis,
  KERNELS,
  type ResampleFilter,
  resampleGray,
} from '../../../src/engines/gray/resample'
import type { GrayRows } from '../../../src/lib/rows'

/** A whole gray image in memory; test-side only. */
interface Image {
  width: number
  height: number
  pixels: Uint8Array
}

/**
 * Streams `image` the way decoders do: one row buffer, overwritten for every row, so a resampler
 * that kept references instead of consuming rows on arrival would produce garbage.
 */
function stream(image: Image, options: { throwAt?: number; extraRows?: number } = {}) {
  const stats = { pulled: 0, closed: false }
  const { width, height, pixels } = image
  async function* rows() {
    const buffer = new Uint8Array(width)
    try {
      for (let y = 0; y < height + (options.extraRows ?? 0); y++) {
        if (y === options.throwAt) throw new Error(`corrupt row ${y}`)
        buffer.set(pixels.subarray((y % height) * width, ((y % height) + 1) * width))
        stats.pulled++
        yield buffer
      }
    } finally {
      stats.closed = true
    }
  }
  const source: GrayRows = { width, height, channels: 1, density: { x: 600, y: 600 }, rows: rows() }
  return { source, stats }
}

async function collect(rows: GrayRows): Promise<Image> {
  const pixels = new Uint8Array(rows.width * rows.height)
  let y = 0
  for await (const row of rows.rows) {
    expect(row.length).toBe(rows.width)
    pixels.set(row, y * rows.width)
    y++
  }
  expect(y).toBe(rows.height)
  return { width: rows.width, height: rows.height, pixels }
}

function image(width: number, height: number, at: (x: number, y: number) => number): Image {
  const pixels = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels[y * width + x] = at(x, y)
  return { width, height, pixels }
}

/** Synthetic line art and test patterns, drawn in code. */
const PATTERNS: Record<string, (w: number, h: number) => Image> = {
  lines: (w, h) =>
    image(w, h, (x, y) =>
      y === Math.floor(h / 3) || x === Math.floor(w / 2) || x === Math.floor((y * w) / h) ? 0 : 255,
    ),
  checker1: (w, h) => image(w, h, (x, y) => ((x + y) % 2 ? 255 : 0)),
  checker3: (w, h) =>
    image(w, h, (x, y) => ((Math.floor(x / 3) + Math.floor(y / 3)) % 2 ? 230 : 20)),
  gradient: (w, h) =>
    image(w, h, (x, y) => Math.round((x / Math.max(1, w - 1)) * 200 + (y / h) * 55)),
  circle: (w, h) => {
    const r = Math.min(w, h) * 0.35
    return image(w, h, (x, y) => {
      const d = Math.hypot(x + 0.5 - w / 2, y + 0.5 - h / 2)
      return Math.abs(d - r) <= 0.75 ? 0 : 255
    })
  },
}

/*
 * The reference: a slow, obviously correct resize. Kernels are written from their textbook
 * definitions; every output pixel's weights come from a dense row over the whole source axis
 * (clamp-to-edge by folding positions outside onto the edge pixel), normalized to sum 1; the two
 * passes run in float64 on the whole image with no intermediate rounding; the result is rounded
 * and clamped once.
 */
const sinc = (x: number) => (x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x))
const REFERENCE_KERNELS: Record<ResampleFilter, { radius: number; at: (x: number) => number }> = {
  lanczos3: { radius: 3, at: (x) => (Math.abs(x) < 3 ? sinc(x) * sinc(x / 3) : 0) },
  mitchell: {
    radius: 2,
    at: (x) => {
      const d = Math.abs(x)
      if (d < 1) return (7 * d ** 3 - 12 * d ** 2 + 16 / 3) / 6
      if (d < 2) return ((-7 / 3) * d ** 3 + 12 * d ** 2 - 20 * d + 32 / 3) / 6
      return 0
    },
  },
  triangle: { radius: 1, at: (x) => (Math.abs(x) < 1 ? 1 - Math.abs(x) : 0) },
}

function referenceMatrix(src: number, dst: number, filter: ResampleFilter): Float64Array[] {
  // An axis whose size is unchanged is not resampled (Pillow and libvips skip that pass too):
  // mitchell is not interpolating, so at unit scale it would blur.
  if (src === dst)
    return Array.from({ length: dst }, (_, i) => new Float64Array(src).fill(1, i, i + 1))
  const { radius, at } = REFERENCE_KERNELS[filter]
  const scale = src / dst
  const stretch = Math.max(1, scale)
  const support = radius * stretch
  return Array.from({ length: dst }, (_, i) => {
    const center = (i + 0.5) * scale - 0.5
    const row = new Float64Array(src)
    let sum = 0
    for (let j = Math.floor(center - support) - 2; j <= Math.ceil(center + support) + 2; j++) {
      const w = at((j - center) / stretch)
      row[Math.min(src - 1, Math.max(0, j))]! += w
      sum += w
    }
    return row.map((w) => w / sum)
  })
}

function reference(input: Image, width: number, height: number, filter: ResampleFilter): Image {
  const h = referenceMatrix(input.width, width, filter)
  const v = referenceMatrix(input.height, height, filter)
  const tmp = Array.from({ length: input.height }, (_, y) =>
    h.map((weights) => {
      let sum = 0
      for (let x = 0; x < input.width; x++) sum += weights[x]! * input.pixels[y * input.width + x]!
      return sum
    }),
  )
  return image(width, height, (x, y) => {
    let sum = 0
    for (let j = 0; j < input.height; j++) sum += v[y]![j]! * tmp[j]![x]!
    return Math.min(255, Math.max(0, Math.round(sum)))
  })
}

function maxDiff(a: Image, b: Image): number {
  expect([a.width, a.height]).toEqual([b.width, b.height])
  let max = 0
  for (let i = 0; i < a.pixels.length; i++)
    max = Math.max(max, Math.abs(a.pixels[i]! - b.pixels[i]!))
  return max
}

/** [label, source width, source height, output width, output height] */
const SCALES: [string, number, number, number, number][] = [
  ['down 12x', 480, 360, 40, 30],
  ['down 5.86x', 293, 217, 50, 37],
  ['down 2x', 80, 60, 40, 30],
  ['down 1.3x', 52, 39, 40, 30],
  ['up 2x', 20, 15, 40, 30],
  ['up 3.7x', 27, 19, 100, 70],
]

describe('engines/gray/resampleGray against the float reference', () => {
  for (const [label, sw, sh, dw, dh] of SCALES) {
    for (const [name, draw] of Object.entries(PATTERNS)) {
      it(`is within 1 level of the reference when lanczos3 scales ${name} ${label}`, async () => {
        const input = draw(sw, sh)
        const out = await collect(resampleGray(stream(input).source, dw, dh))
        expect(maxDiff(out, reference(input, dw, dh, 'lanczos3'))).toBeLessThanOrEqual(1)
      })
    }
  }
  for (const filter of ['mitchell', 'triangle'] as const) {
    for (const [label, sw, sh, dw, dh] of SCALES) {
      it(`is within 1 level of the reference when ${filter} scales circle, lines ${label}`, async () => {
        for (const input of [PATTERNS.circle!(sw, sh), PATTERNS.lines!(sw, sh)]) {
          const out = await collect(resampleGray(stream(input).source, dw, dh, { filter }))
          expect(maxDiff(out, reference(input, dw, dh, filter))).toBeLessThanOrEqual(1)
        }
      })
    }
  }
  it('stays within 1 level when only one axis changes size', async () => {
    const input = PATTERNS.circle!(60, 45)
    for (const [w, h] of [
      [60, 20],
      [25, 45],
      [60, 100],
    ] as const) {
      const out = await collect(resampleGray(stream(input).source, w, h))
      expect(maxDiff(out, reference(input, w, h, 'lanczos3'))).toBeLessThanOrEqual(1)
    }
  })
  it('differs from the reference by far more than 1 level when the filter is wrong', async () => {
    // Guards the comparison itself: the 1-level bound above must be able to fail.
    const input = PATTERNS.checker3!(52, 39)
    const out = await collect(resampleGray(stream(input).source, 40, 30, { filter: 'triangle' }))
    expect(maxDiff(out, reference(input, 40, 30, 'lanczos3'))).toBeGreaterThan(10)
  })
  it('uses lanczos3 when no filter is given', async () => {
    const input = PATTERNS.checker3!(80, 60)
    const plain = await collect(resampleGray(stream(input).source, 30, 23))
    const lanczos = await collect(
      resampleGray(stream(input).source, 30, 23, { filter: 'lanczos3' }),
    )
    expect(plain.pixels).toEqual(lanczos.pixels)
  })
})

describe('engines/gray/resampleGray exact cases', () => {
  it('gives the hand-computed 1/8 3/8 3/8 1/8 averages when triangle halves a row', async () => {
    const input: Image = { width: 8, height: 1, pixels: Uint8Array.of(0, 80, 160, 240, 0, 0, 0, 0) }
    const out = await collect(resampleGray(stream(input).source, 4, 1, { filter: 'triangle' }))
    expect([...out.pixels]).toEqual([50, 160, 30, 0])
  })
  it('gives the hand-computed quarter steps when triangle doubles a row', async () => {
    const input: Image = { width: 2, height: 1, pixels: Uint8Array.of(0, 100) }
    const out = await collect(resampleGray(stream(input).source, 4, 1, { filter: 'triangle' }))
    expect([...out.pixels]).toEqual([0, 25, 75, 100])
  })
  it('returns exactly the input pixels, as the same rows, when the size is unchanged', async () => {
    const input = PATTERNS.checker1!(37, 23)
    const { source } = stream(input)
    const out = resampleGray(source, 37, 23)
    expect(out.rows).toBe(source.rows)
    expect(out.ringRows).toBe(0)
    expect(out.density).toBeUndefined()
    expect((await collect(out)).pixels).toEqual(input.pixels)
  })
  it('copies rows exactly along an axis whose size is unchanged', async () => {
    const input = PATTERNS.lines!(31, 40)
    for (const filter of ['lanczos3', 'mitchell', 'triangle'] as const) {
      const out = await collect(resampleGray(stream(input).source, 31, 17, { filter }))
      const ref = reference(input, 31, 17, filter)
      expect(maxDiff(out, ref)).toBeLessThanOrEqual(1)
    }
    const constantColumns = image(31, 40, (x) => x * 8)
    const out = await collect(resampleGray(stream(constantColumns).source, 31, 7))
    expect(out.pixels).toEqual(image(31, 7, (x) => x * 8).pixels)
  })
  it('keeps a constant image exactly constant for every filter and scale', async () => {
    for (const value of [0, 37, 200, 255]) {
      const input = image(90, 70, () => value)
      for (const filter of ['lanczos3', 'mitchell', 'triangle'] as const) {
        for (const [w, h] of [
          [7, 6],
          [69, 53],
          [200, 151],
          [90, 33],
        ] as const) {
          const out = await collect(resampleGray(stream(input).source, w, h, { filter }))
          expect(out.pixels.every((p) => p === value)).toBe(true)
        }
      }
    }
  })
  it('keeps a flat column exact when the rows around it hold ink', async () => {
    // Paper to the left of a dark band: run skipping must give the same value as the kernel.
    const input = image(120, 90, (x, y) => (x >= 80 && (y + x) % 5 === 0 ? 0 : 250))
    const out = await collect(resampleGray(stream(input).source, 20, 15))
    expect(maxDiff(out, reference(input, 20, 15, 'lanczos3'))).toBeLessThanOrEqual(1)
    for (let y = 0; y < 15; y++) expect(out.pixels[y * 20 + 3]).toBe(250)
  })
  it('handles 1 px wide and 1 px high sources', async () => {
    const column = image(1, 50, (_, y) => (y * 5) % 256)
    const row = image(50, 1, (x) => (x % 7 ? 255 : 0))
    for (const [input, w, h] of [
      [column, 4, 20],
      [column, 1, 13],
      [row, 20, 3],
      [row, 13, 1],
      [image(1, 1, () => 99), 3, 3],
      [image(1, 1, () => 99), 1, 5],
    ] as const) {
      const out = await collect(resampleGray(stream(input).source, w, h))
      expect(maxDiff(out, reference(input, w, h, 'lanczos3'))).toBeLessThanOrEqual(1)
    }
    const dot = await collect(resampleGray(stream(image(1, 1, () => 99)).source, 3, 3))
    expect([...dot.pixels]).toEqual(new Array(9).fill(99))
  })
  it('yields exactly height rows of width bytes with density left undefined', async () => {
    const { source } = stream(PATTERNS.gradient!(101, 67))
    expect(source.density).toEqual({ x: 600, y: 600 })
    const out = resampleGray(source, 33, 29)
    expect(out).toMatchObject({ width: 33, height: 29, channels: 1, density: undefined })
    await collect(out)
  })
})

describe('engines/gray/resampleGray streaming and memory', () => {
  it('holds a ring no taller than the vertical kernel window, whatever the height', () => {
    for (const filter of ['lanczos3', 'mitchell', 'triangle'] as const) {
      const radius = REFERENCE_KERNELS[filter].radius
      for (const factor of [12, 5.86, 2, 1.3, 0.5, 0.27]) {
        const window = Math.floor(2 * radius * Math.max(1, factor)) + 1
        const ring = (outHeight: number) => {
          const sourceHeight = Math.round(outHeight * factor)
          const { source } = stream(image(8, 1, () => 0))
          return resampleGray({ ...source, height: sourceHeight }, 4, outHeight, { filter })
            .ringRows
        }
        const small = ring(100)
        expect(small).toBeLessThanOrEqual(window)
        expect(small).toBeGreaterThanOrEqual(window - 2)
        expect(ring(10_000)).toBe(small)
      }
    }
  })
  it('pulls a source row only when the next output row needs it', async () => {
    const sourceHeight = 20_000
    const outHeight = 3413
    const { source, stats } = stream(image(24, sourceHeight, (x, y) => ((x * 7 + y) % 13) * 19))
    const out = resampleGray(source, 10, outHeight)
    const scale = sourceHeight / outHeight
    const support = 3 * scale
    expect(out.ringRows).toBeLessThanOrEqual(Math.floor(2 * support) + 1)
    let y = 0
    for await (const _ of out.rows) {
      const lastNeeded = Math.min(sourceHeight - 1, Math.floor((y + 0.5) * scale - 0.5 + support))
      expect(stats.pulled).toBeLessThanOrEqual(lastNeeded + 1)
      expect(stats.pulled).toBeGreaterThanOrEqual(lastNeeded - 1)
      y++
    }
    expect(y).toBe(outHeight)
    expect(stats.pulled).toBe(sourceHeight)
  })
  it('reuses one output row buffer', async () => {
    const out = resampleGray(stream(PATTERNS.circle!(64, 64)).source, 20, 20)
    const buffers = new Set<Uint8Array>()
    for await (const row of out.rows) buffers.add(row)
    expect(buffers.size).toBe(1)
  })
})

describe('engines/gray/resampleGray thin lines', () => {
  it('keeps a 1 px black line visible at every phase when shrinking 5.86x', async () => {
    const darkest: number[] = []
    for (let phase = 0; phase < 6; phase++) {
      const input = image(586, 60, (x) => (x === 290 + phase ? 0 : 255))
      const out = await collect(resampleGray(stream(input).source, 100, 10))
      let min = 255
      let ink = 0
      for (let x = 0; x < 100; x++) {
        min = Math.min(min, out.pixels[5 * 100 + x]!)
        ink += 255 - out.pixels[5 * 100 + x]!
      }
      darkest.push(min)
      // The line's ink (255 levels over 1 px, i.e. 255 / 5.86 per output row) is not lost;
      // clamping the kernel's overshoot above white can only add a little.
      expect(ink).toBeGreaterThanOrEqual(255 / 5.86 - 1)
      expect(ink).toBeLessThanOrEqual((255 / 5.86) * 1.3)
    }
    // Measured: darkest pixel 212–224 (31–43 levels below white) depending on the phase.
    expect(Math.max(...darkest)).toBeLessThanOrEqual(230)
  })
})

describe('engines/gray/resampleGray errors', () => {
  it('rejects sizes that are not positive integers', () => {
    const { source } = stream(image(4, 4, () => 0))
    expect(() => resampleGray(source, 0, 4)).toThrow(
      'Expected a positive integer for width but received 0',
    )
    expect(() => resampleGray(source, 4, 1.5)).toThrow(RangeError)
  })
  it('yields the rows it could make, then rethrows, when the source fails mid-stream', async () => {
    const input = PATTERNS.gradient!(40, 200)
    const { source, stats } = stream(input, { throwAt: 120 })
    const got: Uint8Array[] = []
    const run = async () => {
      for await (const row of resampleGray(source, 20, 100).rows) got.push(row.slice())
    }
    await expect(run()).rejects.toThrow('corrupt row 120')
    expect(stats.pulled).toBe(120)
    // Output row y needs source rows up to 2y + 0.5 + 6: rows 0…56 are complete before row 120.
    expect(got.length).toBeGreaterThanOrEqual(56)
    expect(got.length).toBeLessThan(60)
    const ref = reference(input, 20, 100, 'lanczos3')
    for (let y = 0; y < got.length; y++) {
      for (let x = 0; x < 20; x++) {
        expect(Math.abs(got[y]![x]! - ref.pixels[y * 20 + x]!)).toBeLessThanOrEqual(1)
      }
    }
  })
  it('throws a RangeError when the source yields fewer rows than its height', async () => {
    const { source } = stream(image(10, 20, () => 9))
    await expect(collect(resampleGray({ ...source, height: 30 }, 5, 10))).rejects.toThrow(
      'Expected 30 rows for resampleGray but received 20',
    )
  })
  it('throws a RangeError when the source yields more rows than its height', async () => {
    const { source } = stream(
      image(10, 20, () => 9),
      { extraRows: 1 },
    )
    await expect(collect(resampleGray(source, 5, 10))).rejects.toThrow('but received more')
  })
  it('throws a RangeError when a row is shorter than the source width', async () => {
    const { source } = stream(image(10, 20, () => 9))
    await expect(collect(resampleGray({ ...source, width: 11 }, 5, 10))).rejects.toThrow(
      'Expected a row of 11 bytes',
    )
  })
  it('closes the source when the consumer stops early', async () => {
    const { source, stats } = stream(PATTERNS.lines!(50, 500))
    for await (const _ of resampleGray(source, 25, 250).rows) break
    expect(stats.closed).toBe(true)
    expect(stats.pulled).toBeLessThan(20)
  })
})

describe('engines/gray/Axis windows remembered by phase', () => {
  // Each window computed alone (a fresh axis, nothing remembered) against the same window from an
  // axis that walked every output before it: the weights must be the same bits.
  const sizes: [number, number][] = [
    [64, 2048],
    [48, 1536],
    [100, 2048],
    [1713, 2048],
    [12000, 4096],
    [3000, 2048],
    [2048, 1448],
    [7, 4096],
  ]
  it('shares the windows of a power-of-two enlargement: 64 → 2048 computes only its 32 phases and the edges', () => {
    const axis = new Axis(64, 2048, KERNELS.lanczos3)
    const into = new Float64Array(64)
    for (let i = 0; i < 2048; i++) axis.window(i, into)
    // Interior windows (centre at least 8 source px in, last tap inside): outputs 272-1967, 1696
    // of them, each of the 32 phases computed once.
    expect(axis.sharedWindows).toBe(1696 - 32)
  })

  for (const filter of ['lanczos3', 'mitchell', 'triangle'] as const) {
    it(`gives every window exactly the weights it has alone with ${filter}`, () => {
      for (const [src, dst] of sizes) {
        const walked = new Axis(src, dst, KERNELS[filter])
        const a = new Float64Array(64)
        const b = new Float64Array(64)
        for (let i = 0; i < dst; i += i < 600 ? 1 : 7) {
          const firstA = walked.window(i, a)
          const alone = new Axis(src, dst, KERNELS[filter])
          const firstB = alone.window(i, b)
          expect([src, dst, i, firstA, walked.taps]).toEqual([src, dst, i, firstB, alone.taps])
          for (let k = 0; k < alone.taps; k++) {
            if (!Object.is(a[k], b[k]))
              expect([src, dst, i, k, a[k]]).toEqual([src, dst, i, k, b[k]])
          }
        }
      }
    })
  }
})

// The trace engine's fast paths give what the plain ones give: the straight-subpath scan against
// a per-point scan written out here, word-at-a-time cuts, masks and counts against pixel-at-a-time
// ones, on odd widths and buffers that start off a 4-byte boundary.
import { describe, expect, it } from 'vitest'
import { buildHistogram, samplesOf } from '../../../src/engines/trace/colour-histogram'
import { decomposePaths } from '../../../src/engines/trace/decompose-paths'
import { buildLayerMask } from '../../../src/engines/trace/layer-mask'
import { ALL_OPAQUE, type LayerStack } from '../../../src/engines/trace/layers'
import { createPaddedMask, INK, SEED } from '../../../src/engines/trace/padded-mask'
import { PathData } from '../../../src/engines/trace/path-data'
import type { Quantized } from '../../../src/engines/trace/quantize'
import { findStraightRuns } from '../../../src/engines/trace/straight-runs'
import { cutKeepingThinLines } from '../../../src/engines/trace/thin-lines'
import { uniform } from '../../support/line-art'

/** Every lattice path of a mask of random slanted bars, discs and specks (copied out). */
function randomPaths(seed: number, width: number, height: number): Int32Array[] {
  const u = uniform(seed)
  const mask = createPaddedMask(width, height)
  const shapes = Array.from({ length: 12 }, () => ({
    x: u() * width,
    y: u() * height,
    r: 1 + u() * 12,
    angle: u() * Math.PI,
    length: u() * width,
  }))
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let ink = u() < 0.002
      for (const s of shapes) {
        const dx = x + 0.5 - s.x
        const dy = y + 0.5 - s.y
        const along = dx * Math.cos(s.angle) + dy * Math.sin(s.angle)
        const across = -dx * Math.sin(s.angle) + dy * Math.cos(s.angle)
        if (Math.abs(across) <= s.r / 3 && Math.abs(along) <= s.length / 2) ink = true
        if (Math.hypot(dx, dy) <= s.r) ink = true
      }
      // A bumpy edge: pixels along the shapes' borders come and go.
      if (ink && u() < 0.05) ink = false
      if (ink) mask.data[(y + 1) * mask.stride + x + 1] = INK
    }
  }
  const out: Int32Array[] = []
  decomposePaths(mask, (p) => out.push(p.points.slice(0, 2 * p.length)))
  return out
}

/**
 * straight-runs.ts's definition, scanned the plain way: from every point, step by step, the cone
 * of directions through the squares c ± 1 of the turns so far, then the end capped by the next
 * point's.
 */
function plainStraightEnds(p: PathData): number[] {
  const { n, x, y } = p
  const dirAt = (k: number) => {
    const a = k % n
    const b = (k + 1) % n
    const dx = x[b]! - x[a]!
    const dy = y[b]! - y[a]!
    return dx === 1 ? 0 : dy === 1 ? 1 : dx === -1 ? 2 : 3
  }
  const ends: number[] = []
  for (let i = 0; i < n; i++) {
    let seen = 1 << dirAt(i)
    let a: number[] | null = null
    let b: number[] | null = null
    let end = i + n - 1
    for (let k = i + 1; k <= i + n - 1; k++) {
      const cx = x[k % n]! - x[i]!
      const cy = y[k % n]! - y[i]!
      if (a && b && (a[0]! * cy - a[1]! * cx < 0 || cx * b[1]! - cy * b[0]! < 0)) {
        end = k - 1
        break
      }
      if (k === i + n - 1) break
      const d = dirAt(k)
      if ((seen | (1 << d)) === 15) {
        end = k
        break
      }
      seen |= 1 << d
      // Only turns constrain (inside a run the ends' constraints imply the rest).
      if (d === dirAt(k - 1) || (Math.abs(cx) < 2 && Math.abs(cy) < 2)) continue
      const sgx = Math.sign(cx)
      const sgy = Math.sign(cy)
      const na = [cx + (sgy !== 0 ? sgy : -sgx), cy + (sgx !== 0 ? -sgx : -sgy)]
      const nb = [cx + (sgy !== 0 ? -sgy : -sgx), cy + (sgx !== 0 ? sgx : -sgy)]
      if (!a || a[0]! * na[1]! - a[1]! * na[0]! > 0) a = na
      if (!b || nb[0]! * b[1]! - nb[1]! * b[0]! > 0) b = nb
    }
    ends.push(end)
  }
  for (let sweep = 0; sweep < 2; sweep++) {
    let after = ends[0]! + n
    for (let i = n - 1; i >= 0; i--) {
      if (after < ends[i]!) ends[i] = after
      after = ends[i]!
    }
  }
  return ends
}

describe('findStraightRuns', () => {
  it('ends every subpath where the plain per-point scan does, on random bumpy shapes', () => {
    const p = new PathData()
    let points = 0
    for (const seed of [1, 2, 3]) {
      for (const path of randomPaths(seed, 97, 83)) {
        p.load(path, path.length / 2)
        findStraightRuns(p)
        expect(Array.from(p.straightEnd.subarray(0, p.n))).toEqual(plainStraightEnds(p))
        points += p.n
      }
    }
    expect(points).toBeGreaterThan(2000)
  })
})

/** A random gray page: paper, ink and every level between, in runs as a drawing has them. */
function grayPage(seed: number, n: number): Uint8Array {
  const u = uniform(seed)
  const out = new Uint8Array(n)
  for (let i = 0; i < n; ) {
    const level = u() < 0.6 ? 255 : u() < 0.5 ? 0 : Math.floor(u() * 256)
    for (let run = 1 + Math.floor(u() * 9); run > 0 && i < n; run--) out[i++] = level
  }
  return out
}

describe('word-at-a-time passes', () => {
  it('cut into another buffer as in place, whatever the buffers’ alignment', () => {
    const cut = { low: 127, high: 204, margin: 20 }
    for (const [width, height] of [
      [37, 23],
      [64, 9],
      [3, 5],
    ] as const) {
      const n = width * height
      const page = grayPage(width, n)
      const inPlace = page.slice()
      const darkInPlace = cutKeepingThinLines(inPlace, inPlace, width, height, cut)
      for (const offset of [0, 1, 2, 3]) {
        const source = new Uint8Array(n + 8).subarray(offset, offset + n)
        source.set(page)
        const out = new Uint8Array(n + 8).subarray(3 - offset, 3 - offset + n)
        expect(cutKeepingThinLines(source, out, width, height, cut)).toBe(darkInPlace)
        expect(Array.from(out)).toEqual(Array.from(inPlace))
        expect(Array.from(source)).toEqual(Array.from(page))
      }
    }
  })

  it('counts gray levels as pixel by pixel, whatever the alignment', () => {
    const n = 31 * 17
    const page = grayPage(5, n)
    const expected = new Array(256).fill(0)
    for (const v of page) expected[v]++
    for (const offset of [0, 1, 2, 3]) {
      const data = new Uint8Array(n + 4).subarray(offset, offset + n)
      data.set(page)
      const histogram = buildHistogram({ width: 31, height: 17, channels: 1, data })
      expect(Array.from(histogram.levels!)).toEqual(expected)
      // The samples of a gray image are the non-empty bins of the gray axis, ascending.
      const bins = Array.from(samplesOf(histogram).bins)
      const counted = [...new Set(Array.from(page, (v) => (v >> 3) * 1057))].sort((a, b) => a - b)
      expect(bins).toEqual(counted)
    }
  })

  it('writes the top layer’s and the all-opaque mask as pixel by pixel, odd widths included', () => {
    for (const width of [1, 5, 13, 40]) {
      const height = 7
      const u = uniform(width)
      const indices = Uint8Array.from({ length: width * height }, () =>
        u() < 0.2 ? 255 : Math.floor(u() * 3),
      )
      const q = { width, height, indices } as unknown as Quantized
      const cases = [
        { index: 1, rank: 1, expect: (v: number) => (v === 1 ? INK : SEED) },
        { index: ALL_OPAQUE, rank: 0, expect: (v: number) => (v === 255 ? SEED : INK) },
      ]
      for (const c of cases) {
        const layer = { index: c.index, rank: c.rank, color: { r: 0, g: 0, b: 0 } }
        const stack = { layers: [layer, layer], rankOf: new Int16Array(256) } as LayerStack
        const mask = createPaddedMask(width, height)
        mask.data.fill(0xff)
        buildLayerMask(q, stack, layer, mask)
        for (let y = -1; y <= height; y++) {
          for (let x = -1; x < mask.stride - 1; x++) {
            const inside = x >= 0 && x < width && y >= 0 && y < height
            const want = inside ? c.expect(indices[y * width + x]!) : 0
            expect(mask.data[(y + 1) * mask.stride + x + 1]).toBe(want)
          }
        }
      }
    }
  })
})

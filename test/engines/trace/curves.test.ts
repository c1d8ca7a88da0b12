import { describe, expect, it } from 'vitest'
import { adjustVertices } from '../../../src/engines/trace/adjust-vertices'
import { decomposePaths } from '../../../src/engines/trace/decompose-paths'
import { emitPath } from '../../../src/engines/trace/emit-path'
import { computeSums, findOptimalPolygon } from '../../../src/engines/trace/optimal-polygon'
import { optimizeCurve } from '../../../src/engines/trace/optimize-curve'
import { createPaddedMask, INK } from '../../../src/engines/trace/padded-mask'
import { PathData } from '../../../src/engines/trace/path-data'
import { smoothCorners } from '../../../src/engines/trace/smooth'
import { findStraightRuns } from '../../../src/engines/trace/straight-runs'
import { flattenPath } from '../../support/rasterize-vector'

/** Stages 5–7 on the first path of a mask given by a predicate on pixel centres. */
function smoothed(
  width: number,
  height: number,
  ink: (x: number, y: number) => boolean,
  alphaMax = 1,
) {
  const mask = createPaddedMask(width, height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (ink(x + 0.5, y + 0.5)) mask.data[(y + 1) * mask.stride + x + 1] = INK
    }
  }
  const p = new PathData()
  let done = false
  decomposePaths(mask, (lattice) => {
    if (done) return
    done = true
    p.load(lattice.points, lattice.length)
    findStraightRuns(p)
    computeSums(p)
    findOptimalPolygon(p)
    adjustVertices(p)
    smoothCorners(p, alphaMax)
  })
  return p
}

/** Largest distance, px, from the points of polyline `a` to polyline `b` (closed, sampled). */
function farthest(a: number[], b: number[]): number {
  let worst = 0
  for (let i = 0; i < a.length; i += 2) {
    let best = Number.POSITIVE_INFINITY
    for (let j = 0; j < b.length; j += 2) {
      const k = (j + 2) % b.length
      const ux = b[k]! - b[j]!
      const uy = b[k + 1]! - b[j + 1]!
      const len2 = ux * ux + uy * uy || 1
      const t = Math.max(
        0,
        Math.min(1, ((a[i]! - b[j]!) * ux + (a[i + 1]! - b[j + 1]!) * uy) / len2),
      )
      best = Math.min(best, Math.hypot(a[i]! - b[j]! - t * ux, a[i + 1]! - b[j + 1]! - t * uy))
    }
    worst = Math.max(worst, best)
  }
  return worst
}

const disc = (x: number, y: number) => Math.hypot(x - 50, y - 50) < 36

describe('smoothCorners', () => {
  it('makes every vertex of a square a corner and every vertex of a disc a curve', () => {
    const square = smoothed(60, 60, (x, y) => x > 10 && x < 50 && y > 10 && y < 50)
    expect(Array.from(square.corner.subarray(0, square.m))).toEqual([1, 1, 1, 1])
    const round = smoothed(100, 100, disc)
    expect(round.m).toBeGreaterThan(8)
    for (let k = 0; k < round.m; k++) {
      expect(round.corner[k]).toBe(0)
      expect(round.alpha[k]).toBeGreaterThanOrEqual(0.55)
      expect(round.alpha[k]).toBeLessThanOrEqual(1)
    }
  })

  it('turns every vertex into a corner when alphaMax is 0', () => {
    const round = smoothed(100, 100, disc, 0)
    expect(Array.from(round.corner.subarray(0, round.m)).every((c) => c === 1)).toBe(true)
  })
})

describe('optimizeCurve', () => {
  it('joins the curves of a disc into fewer pieces that stay within tolerance of the unjoined outline', () => {
    const p = smoothed(100, 100, disc)
    optimizeCurve(p, 0.2, false)
    expect(p.pieces).toBe(p.m)
    const plain = flattenPath(emitPath(p))
    optimizeCurve(p, 0.2, true)
    expect(p.pieces).toBeLessThan(0.75 * p.m)
    const joined = flattenPath(emitPath(p))
    // Deviation measured between the two outlines, point to polyline; a little above the
    // tolerance, which is checked at tangent points, not everywhere.
    expect(farthest(joined, plain)).toBeLessThan(0.35)
    expect(farthest(plain, joined)).toBeLessThan(0.35)
  })

  it('never joins across a corner', () => {
    // A rounded tab: a half disc on top of a rectangle, two sharp corners at the bottom.
    const p = smoothed(
      100,
      100,
      (x, y) =>
        (y > 50 && y < 80 && x > 20 && x < 80) || (y <= 50 && Math.hypot(x - 50, y - 50) < 30),
    )
    optimizeCurve(p, 0.2, true)
    for (let piece = 0; piece < p.pieces; piece++) {
      const first = p.pieceStart[piece]!
      const last = (piece + 1 < p.pieces ? p.pieceStart[piece + 1]! : p.m) - 1
      if (last > first) for (let k = first; k <= last; k++) expect(p.corner[k]).toBe(0)
    }
    expect(
      Array.from(p.corner.subarray(0, p.m)).filter((c) => c === 1).length,
    ).toBeGreaterThanOrEqual(2)
  })
})

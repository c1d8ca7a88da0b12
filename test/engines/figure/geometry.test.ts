// The hit tests numeral placement runs hundreds of thousands of times on a large figure
// (src/engines/figure/geometry.ts, spatial-grid.ts), against independent references written here:
// segmentHitsRect (one inline separating-axis test, no allocation) must answer exactly as
// "an end strictly inside, or a crossing of one of the four sides" does, including segments that
// touch a side or a corner, lie along a side, or are single points, and its `margin` must be
// exactly `inflate`; SpatialGrid.someWith must agree with a scan of every item.

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { inflate, segmentHitsRect, segmentsIntersect } from '../../../src/engines/figure/geometry'
import type { Rect } from '../../../src/engines/figure/scene'
import { SpatialGrid } from '../../../src/engines/figure/spatial-grid'
import type { Point } from '../../../src/engines/vector'

/**
 * The reference: an end strictly inside the box, or (when the two bounding boxes meet) a crossing
 * of one of its four sides.
 */
function referenceHit(a: Point, b: Point, r: Rect): boolean {
  const inside = (p: Point) => p.x > r.x && p.x < r.x + r.width && p.y > r.y && p.y < r.y + r.height
  if (inside(a) || inside(b)) return true
  // Boxes apart (touching counts as together).
  if (Math.max(a.x, b.x) < r.x || Math.min(a.x, b.x) > r.x + r.width) return false
  if (Math.max(a.y, b.y) < r.y || Math.min(a.y, b.y) > r.y + r.height) return false
  const corners = [
    { x: r.x, y: r.y },
    { x: r.x + r.width, y: r.y },
    { x: r.x + r.width, y: r.y + r.height },
    { x: r.x, y: r.y + r.height },
  ]
  return corners.some((c, i) => segmentsIntersect(a, b, c, corners[(i + 1) % 4]!))
}

/** Small integer coordinates, so touching, collinear and corner cases come up often. */
const gridPoint = fc.record({
  x: fc.integer({ min: -4, max: 14 }),
  y: fc.integer({ min: -4, max: 14 }),
})
const gridRect = fc.record({
  x: fc.integer({ min: 0, max: 6 }),
  y: fc.integer({ min: 0, max: 6 }),
  width: fc.integer({ min: 0, max: 6 }),
  height: fc.integer({ min: 0, max: 6 }),
})
/**
 * Sheet coordinates at 1/64 px: exact binary fractions, so both answers are exact. (On doubles
 * within 1e-9 of a side they may differ: the reference's collinear test has a 1e-9 slack.)
 */
const sheet = (max: number, min = -max) =>
  fc.integer({ min: min * 64, max: max * 64 }).map((v) => v / 64)
const anyPoint = fc.record({ x: sheet(500), y: sheet(500) })
const anyRect = fc.record({
  x: sheet(500),
  y: sheet(500),
  width: sheet(300, 0),
  height: sheet(300, 0),
})

describe('segmentHitsRect', () => {
  it('answers as the side-crossing reference on a small integer grid (touching, collinear, points)', () => {
    fc.assert(
      fc.property(gridPoint, gridPoint, gridRect, (a, b, r) => {
        expect(segmentHitsRect(a, b, r)).toBe(referenceHit(a, b, r))
      }),
      { seed: 8, numRuns: 20_000 },
    )
  })

  it('answers as the reference on sheet coordinates', () => {
    fc.assert(
      fc.property(anyPoint, anyPoint, anyRect, (a, b, r) => {
        expect(segmentHitsRect(a, b, r)).toBe(referenceHit(a, b, r))
      }),
      { seed: 8, numRuns: 20_000 },
    )
  })

  it('with a margin, answers as the reference on the inflated box', () => {
    fc.assert(
      fc.property(anyPoint, anyPoint, anyRect, sheet(40, 0), (a, b, r, m) => {
        expect(segmentHitsRect(a, b, r, m)).toBe(referenceHit(a, b, inflate(r, m)))
      }),
      { seed: 8, numRuns: 10_000 },
    )
  })

  it('knows the plain cases', () => {
    const box = { x: 10, y: 10, width: 10, height: 10 }
    expect(segmentHitsRect({ x: 0, y: 15 }, { x: 30, y: 15 }, box)).toBe(true) // through
    expect(segmentHitsRect({ x: 12, y: 12 }, { x: 13, y: 13 }, box)).toBe(true) // inside
    expect(segmentHitsRect({ x: 0, y: 10 }, { x: 30, y: 10 }, box)).toBe(true) // along a side
    expect(segmentHitsRect({ x: 0, y: 0 }, { x: 10, y: 10 }, box)).toBe(true) // to a corner
    expect(segmentHitsRect({ x: 0, y: 0 }, { x: 9, y: 9 }, box)).toBe(false) // short of it
    expect(segmentHitsRect({ x: 0, y: 12 }, { x: 12, y: 0 }, box)).toBe(false) // cuts the corner off
    expect(segmentHitsRect({ x: 0, y: 0 }, { x: 9, y: 9 }, box, 1)).toBe(true) // the margin reaches
  })
})

describe('SpatialGrid.someWith', () => {
  it('finds what a scan of every item finds, testing each item at most once', () => {
    const segment = fc.record({ a: anyPoint, b: anyPoint })
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 60 }), anyRect, (segments, query) => {
        const grid = new SpatialGrid<{ a: Point; b: Point }>(25, (s) => ({
          x: Math.min(s.a.x, s.b.x),
          y: Math.min(s.a.y, s.b.y),
          width: Math.abs(s.a.x - s.b.x),
          height: Math.abs(s.a.y - s.b.y),
        }))
        for (const s of segments) grid.add(s)
        const tested = new Map<object, number>()
        const found = grid.someWith(
          query,
          (s, box) => {
            tested.set(s, (tested.get(s) ?? 0) + 1)
            return segmentHitsRect(s.a, s.b, box)
          },
          query,
        )
        expect(found).toBe(segments.some((s) => segmentHitsRect(s.a, s.b, query)))
        expect(Math.max(0, ...tested.values())).toBeLessThanOrEqual(1)
        // `some` is the same query with a one-argument test.
        expect(grid.some(query, (s) => segmentHitsRect(s.a, s.b, query))).toBe(found)
      }),
      { seed: 8, numRuns: 2_000 },
    )
  })
})

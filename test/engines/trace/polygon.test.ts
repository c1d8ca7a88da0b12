import { describe, expect, it } from 'vitest'
import { adjustVertices } from '../../../src/engines/trace/adjust-vertices'
import { decomposePaths } from '../../../src/engines/trace/decompose-paths'
import { computeSums, findOptimalPolygon } from '../../../src/engines/trace/optimal-polygon'
import { createPaddedMask, INK } from '../../../src/engines/trace/padded-mask'
import { PathData } from '../../../src/engines/trace/path-data'
import { findStraightRuns } from '../../../src/engines/trace/straight-runs'

/** The lattice paths of a mask given by a predicate on pixel centres (copied out). */
function pathsOf(width: number, height: number, ink: (x: number, y: number) => boolean) {
  const mask = createPaddedMask(width, height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (ink(x + 0.5, y + 0.5)) mask.data[(y + 1) * mask.stride + x + 1] = INK
    }
  }
  const out: { points: Int32Array; area: number }[] = []
  decomposePaths(mask, (p) => out.push({ points: p.points.slice(0, 2 * p.length), area: p.area }))
  return out
}

/** Runs stages 5–6 on one path and returns the record. */
function polygonOf(points: Int32Array): PathData {
  const p = new PathData()
  p.load(points, points.length / 2)
  findStraightRuns(p)
  computeSums(p)
  findOptimalPolygon(p)
  adjustVertices(p)
  return p
}

/** The polygon's vertices as lattice points "x,y". */
function latticeVertices(p: PathData): string[] {
  return Array.from(p.polygon.subarray(0, p.m), (k) => `${p.x[k]},${p.y[k]}`)
}

describe('findStraightRuns', () => {
  it('sees along a whole side but never around a corner when the path is a square', () => {
    const [square] = pathsOf(30, 30, (x, y) => x > 5 && x < 25 && y > 5 && y < 25)
    const p = new PathData()
    p.load(square!.points, square!.points.length / 2)
    findStraightRuns(p)
    // Point 0 is the top-left corner (5, 5); the top side has 20 steps.
    expect([p.x[0], p.y[0]]).toEqual([5, 5])
    for (let k = 0; k < p.n; k++) {
      const end = p.straightEnd[k]!
      expect(end).toBeGreaterThan(k)
      expect(end - k).toBeLessThanOrEqual(42)
    }
    expect(p.straightEnd[0]).toBeGreaterThanOrEqual(20)
    expect(p.straightEnd[0]).toBeLessThanOrEqual(21)
  })

  it('is non-decreasing along the path, as the polygon search relies on', () => {
    const [disc] = pathsOf(60, 60, (x, y) => Math.hypot(x - 30, y - 30) < 22)
    const p = new PathData()
    p.load(disc!.points, disc!.points.length / 2)
    findStraightRuns(p)
    for (let k = 1; k < p.n; k++)
      expect(p.straightEnd[k]).toBeGreaterThanOrEqual(p.straightEnd[k - 1]!)
  })
})

describe('findOptimalPolygon', () => {
  it('makes the staircase of a straight diagonal one side when the path is a right triangle', () => {
    // Ink right of x = 5, above y = 50 and below the line y = 10 + 0.4 (x − 5): the hypotenuse is
    // a staircase of 40 steps down and 100 across.
    const [triangle] = pathsOf(110, 60, (x, y) => x > 5 && y < 50 && y > 10 + 0.4 * (x - 5))
    const p = polygonOf(triangle!.points)
    // 40 steps of the staircase, and not one vertex along them: the hypotenuse is one side.
    const along = latticeVertices(p).filter((v) => {
      const [x, y] = v.split(',').map(Number)
      return x! > 15 && x! < 95 && y! < 50
    })
    expect(along).toEqual([])
    expect(p.m).toBeLessThanOrEqual(4)
    expect(latticeVertices(p)).toContain('5,50')
    // The far end of the hypotenuse, after adjustment, lies on the line it digitises.
    const far = Array.from(p.vx.subarray(0, p.m)).indexOf(Math.max(...p.vx.subarray(0, p.m)))
    expect(Math.abs(p.vy[far]! - (10 + 0.4 * (p.vx[far]! - 5)))).toBeLessThan(0.75)
  })

  it('puts the four vertices on the corners when the path is a rectangle', () => {
    const [rect] = pathsOf(50, 40, (x, y) => x > 5 && x < 45 && y > 8 && y < 30)
    const p = polygonOf(rect!.points)
    expect(p.m).toBe(4)
    expect(latticeVertices(p).sort()).toEqual(['45,30', '45,8', '5,30', '5,8'])
    for (let k = 0; k < 4; k++) {
      expect([5, 45]).toContain(Math.round(p.vx[k]! * 1e6) / 1e6)
      expect([8, 30]).toContain(Math.round(p.vy[k]! * 1e6) / 1e6)
    }
  })

  it('keeps every vertex within half a pixel of its lattice point after adjustment', () => {
    const [disc] = pathsOf(80, 80, (x, y) => Math.hypot(x - 40, y - 40) < 31)
    const p = polygonOf(disc!.points)
    expect(p.m).toBeGreaterThan(8)
    for (let k = 0; k < p.m; k++) {
      const i = p.polygon[k]!
      expect(Math.abs(p.vx[k]! - p.x[i]!)).toBeLessThanOrEqual(0.5 + 1e-9)
      expect(Math.abs(p.vy[k]! - p.y[i]!)).toBeLessThanOrEqual(0.5 + 1e-9)
      expect(Math.hypot(p.vx[k]! - 40, p.vy[k]! - 40)).toBeGreaterThan(29.5)
      expect(Math.hypot(p.vx[k]! - 40, p.vy[k]! - 40)).toBeLessThan(32.5)
    }
  })
})

describe('decomposePaths', () => {
  it('finds outlines with positive and holes with negative area when the mask is a ring', () => {
    const paths = pathsOf(40, 40, (x, y) => {
      const r = Math.hypot(x - 20, y - 20)
      return r < 15 && r > 7
    })
    expect(paths).toHaveLength(2)
    expect(paths[0]!.area).toBeGreaterThan(0)
    expect(paths[1]!.area).toBeLessThan(0)
    const pixels = (() => {
      let n = 0
      for (let y = 0; y < 40; y++)
        for (let x = 0; x < 40; x++) {
          const r = Math.hypot(x + 0.5 - 20, y + 0.5 - 20)
          if (r < 15 && r > 7) n++
        }
      return n
    })()
    expect(paths[0]!.area + paths[1]!.area).toBe(pixels)
  })

  it('joins diagonal neighbours into one path when ink is the minority around them', () => {
    const line = pathsOf(30, 30, (x, y) => Math.floor(x) === Math.floor(y) && x > 3 && x < 27)
    expect(line).toHaveLength(1)
    const gap = pathsOf(30, 30, (x, y) => !(Math.floor(x) === Math.floor(y) && x > 3 && x < 27))
    // The white diagonal stays one hole in the black page, not a chain of pixel holes.
    expect(gap).toHaveLength(2)
  })

  it('steps one pixel edge at a time along every path', () => {
    for (const { points } of pathsOf(50, 50, (x, y) => (x * 7 + y * 13) % 11 < 4)) {
      const n = points.length / 2
      for (let k = 0; k < n; k++) {
        const j = (k + 1) % n
        const step =
          Math.abs(points[2 * j]! - points[2 * k]!) +
          Math.abs(points[2 * j + 1]! - points[2 * k + 1]!)
        expect(step).toBe(1)
      }
    }
  })
})

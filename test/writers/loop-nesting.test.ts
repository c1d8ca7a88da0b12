// Fill-layer nesting (the DXF writer's HATCH regions): scrambled nested shapes, random nested
// circles of arcs and cubics against the nesting they were built with, a region with many holes
// along a many-edged outline (the band index), and paths that enclose nothing.

import { describe, expect, it } from 'vitest'
import type { VectorPath } from '../../src/engines/vector'
import { fillIslands } from '../../src/writers/loop-nesting'
import { arc, cubic, line, path } from './writers.case'

const rect = (x0: number, y0: number, x1: number, y1: number) =>
  path(x0, y0, [line(x1, y0), line(x1, y1), line(x0, y1), line(x0, y0)], true)

/** A circle as two half arcs, or as four cubics (the standard quarter-circle approximation). */
function circle(cx: number, cy: number, r: number, asCubics: boolean): VectorPath {
  if (!asCubics) return path(cx - r, cy, [arc(cx + r, cy, 1), arc(cx - r, cy, 1)], true)
  const k = 0.5522847498 * r
  return path(
    cx + r,
    cy,
    [
      cubic(cx + r, cy + k, cx + k, cy + r, cx, cy + r),
      cubic(cx - k, cy + r, cx - r, cy + k, cx - r, cy),
      cubic(cx - r, cy - k, cx - k, cy - r, cx, cy - r),
      cubic(cx + k, cy - r, cx + r, cy - k, cx + r, cy),
    ],
    true,
  )
}

/** mulberry32: a small seeded generator, so the random case is the same on every run. */
function random(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The islands a known nesting gives: outlines (even depth) in order, each with its children. */
function expectedIslands(parents: readonly number[]): number[][] {
  const depth = (i: number): number => (parents[i]! < 0 ? 0 : depth(parents[i]!) + 1)
  const islands: number[][] = []
  parents.forEach((_, i) => {
    if (depth(i) % 2 === 0) islands.push([i, ...parents.flatMap((p, j) => (p === i ? [j] : []))])
  })
  return islands
}

describe('writers/loop-nesting', () => {
  it('groups scrambled nested rectangles into outline-and-holes regions', () => {
    const paths = [
      rect(40, 30, 60, 50), // 0: a hole in island 3
      rect(5, 5, 95, 85), // 1: an outline
      rect(100, 10, 115, 20), // 2: a shape apart
      rect(30, 20, 70, 60), // 3: an island in hole 4
      rect(20, 10, 80, 70), // 4: a hole in outline 1
    ]
    expect(fillIslands(paths)).toEqual([[1, 4], [2], [3, 0]])
  })

  it('nests random circles of arcs and cubics as they were built, whatever the path order', () => {
    const next = random(25)
    const circles: { cx: number; cy: number; r: number; parent: number }[] = []
    const place = (cx: number, cy: number, r: number, parent: number, depth: number) => {
      const siblings: number[] = []
      for (let attempt = 0; attempt < 40 && depth < 5 && r > 8; attempt++) {
        const cr = r * (0.08 + 0.3 * next())
        const d = (r - cr - 1) * Math.sqrt(next())
        const t = 2 * Math.PI * next()
        const x = cx + d * Math.cos(t)
        const y = cy + d * Math.sin(t)
        const clear = siblings.every((s) => {
          const o = circles[s]!
          return Math.hypot(o.cx - x, o.cy - y) > o.r + cr + 1
        })
        if (!clear) continue
        circles.push({ cx: x, cy: y, r: cr, parent })
        siblings.push(circles.length - 1)
      }
      for (const s of siblings) {
        const o = circles[s]!
        place(o.cx, o.cy, o.r, s, depth + 1)
      }
    }
    place(1000, 1000, 1000, -1, 0)
    expect(circles.length).toBeGreaterThan(300)
    // Shuffle, keeping each circle's parent by its new index.
    const order = circles.map((_, i) => i).sort(() => next() - 0.5)
    const at = new Map(order.map((old, i) => [old, i]))
    const parents = order.map((old) => {
      const p = circles[old]!.parent
      return p < 0 ? -1 : at.get(p)!
    })
    const paths = order.map((old, i) => {
      const c = circles[old]!
      return circle(c.cx, c.cy, c.r, i % 2 === 0)
    })
    expect(fillIslands(paths)).toEqual(expectedIslands(parents))
  })

  it('finds every hole of a region whose outline has thousands of edges', () => {
    // A wavy outline of 4000 edges around a 40 × 40 grid of square holes, every other one with an
    // island inside; the holes come before the outline.
    const outline: ReturnType<typeof line>[] = []
    const n = 1000
    for (let side = 0; side < 4; side++) {
      for (let k = 1; k <= n; k++) {
        const t = (k / n) * 820
        const wave = 3 * Math.sin(k / 3)
        const [x, y] = [
          [t, wave],
          [820 + wave, t],
          [820 - t, 820 + wave],
          [wave, 820 - t],
        ][side]!
        outline.push(line(x! - 10, y! - 10))
      }
    }
    const paths: VectorPath[] = []
    const parents: number[] = []
    for (let row = 0; row < 40; row++) {
      for (let col = 0; col < 40; col++) {
        const x = col * 20
        const y = row * 20
        paths.push(rect(x, y, x + 14, y + 14))
        parents.push(-2)
        if ((row + col) % 2 === 0) {
          paths.push(rect(x + 4, y + 4, x + 10, y + 10))
          parents.push(paths.length - 2)
        }
      }
    }
    paths.push(path(-10, -10, outline, true))
    const outer = paths.length - 1
    parents.push(-1)
    for (let i = 0; i < parents.length; i++) if (parents[i] === -2) parents[i] = outer
    const started = performance.now()
    const islands = fillIslands(paths)
    const ms = performance.now() - started
    expect(islands).toEqual(expectedIslands(parents))
    expect(islands[islands.length - 1]).toHaveLength(1601)
    // Walking the 4000-edge outline once per hole point would take far longer.
    expect(ms).toBeLessThan(2000)
  })

  it('nests a hole with one point on its outline by its other points', () => {
    const paths = [
      rect(0, 0, 100, 100),
      path(0, 50, [line(30, 30), line(60, 50), line(30, 70), line(0, 50)], true),
    ]
    expect(fillIslands(paths)).toEqual([[0, 1]])
  })

  it('leaves out paths that enclose nothing', () => {
    const paths = [
      path(5, 5, []),
      path(10, 10, [line(30, 10), line(10, 10)], true),
      path(10, 10, [line(30, 10), line(30, 10.0000001)], true),
      rect(40, 40, 60, 60),
    ]
    expect(fillIslands(paths)).toEqual([[3]])
    expect(fillIslands([])).toEqual([])
  })
})

// The curve fit of the lineart engine: whatever it fits, the path stays on the stroke's pixels.

import { describe, expect, it } from 'vitest'
import { flattenPath } from '../../../src/engines/figure/geometry'
import { fitStroke } from '../../../src/engines/lineart/fit-curves'
import { segmentDistance } from '../../../src/lib/segment-distance'

/** Largest distance from a point of the fitted path to the stroke's polyline, px. */
function strayOf(points: number[][], junctions: number[] = []): number {
  const flat = new Float32Array(points.flat())
  const path = fitStroke(
    { points: flat, closed: false, width: 3.7, junctions },
    { tolerance: 1, width: 3.7 },
  )
  let worst = 0
  for (const { a, b } of flattenPath(path, 0.5)) {
    for (let k = 0; k <= 8; k++) {
      const x = a.x + ((b.x - a.x) * k) / 8
      const y = a.y + ((b.y - a.y) * k) / 8
      let near = Number.POSITIVE_INFINITY
      for (let i = 1; i < points.length; i++) {
        const [x0, y0] = points[i - 1]!
        const [x1, y1] = points[i]!
        near = Math.min(near, segmentDistance(x, y, x0!, y0!, x1!, y1!))
      }
      worst = Math.max(worst, near)
    }
  }
  return worst
}

describe('lineart curve fit', () => {
  it('does not close a hooked stroke end into a loop (an arc the long way round its circle)', () => {
    // A stroke from a corpus sheet (USD0871719 D00005), from its line end: 18 px right, then
    // back 4 px to a junction the junction stage put behind the last points, then on. The
    // points before the junction lie near a circle whose long arc joins their ends: it was drawn
    // as a 30 px ring beside the line.
    const hook = [
      [26.292, 2164.266],
      ...[29.5, 30.5, 31.5, 32.5, 33.5].map((x) => [x, 2164.5]),
      [34.5, 2163.5],
      [35.5, 2163.5],
      ...[36.5, 37.5, 38.5, 39.5, 40.5, 41.5].map((x) => [x, 2162.5]),
      ...[42.5, 43.5, 44.5, 45.5].map((x) => [x, 2161.5]),
      [41.198, 2162.031],
      [48.5, 2162.5],
      ...[49.5, 50.5, 51.5, 52.5, 53.5, 54.5, 55.5, 56.5].map((x) => [x, 2163.5]),
      ...Array.from({ length: 16 }, (_, k) => [57.5 + k, 2164.5]),
    ]
    expect(strayOf(hook, [18])).toBeLessThan(1.5)
  })

  it('still fits a true arc as one arc', () => {
    const quarter = Array.from({ length: 40 }, (_, k) => {
      const a = (k / 39) * (Math.PI / 2)
      return [100 + 50 * Math.cos(a), 100 + 50 * Math.sin(a)]
    })
    const path = fitStroke(
      { points: new Float32Array(quarter.flat()), closed: false, width: 2, junctions: [] },
      { tolerance: 1, width: 2 },
    )
    expect(path.segments.map((s) => s.kind)).toEqual(['arc'])
    expect(strayOf(quarter)).toBeLessThan(1.5)
  })
})

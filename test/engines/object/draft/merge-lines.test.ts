// Lines closer than the pen inked as one (src/engines/object/draft/merge-lines.ts), on lines
// written out by hand in sheet units with a 4-unit pen.

import { describe, expect, it } from 'vitest'
import { type DraftLine, mergeNearLines } from '../../../../src/engines/object/draft/merge-lines'

const PEN = 4
const line = (part: string, ...xy: number[]): DraftLine => ({
  part,
  hidden: false,
  points: Array.from({ length: xy.length / 2 }, (_, k) => ({ x: xy[2 * k]!, y: xy[2 * k + 1]! })),
})

describe('mergeNearLines', () => {
  it('drops the shorter of two parallel lines under a pen apart, keeps lines farther apart', () => {
    const merged = mergeNearLines(
      [line('a', 0, 0, 200, 0), line('b', 20, 3, 180, 3), line('b', 0, 20, 200, 20)],
      PEN,
    )
    expect(merged.map((l) => l.points[0]!.y)).toEqual([0, 20])
  })

  it('keeps what runs past the longer line, stepped onto its end', () => {
    const merged = mergeNearLines([line('a', 0, 0, 200, 0), line('b', 100, 3, 300, 3)], PEN)
    const b = merged.find((l) => l.part === 'b')!
    expect(b.points[0]!.y).toBeCloseTo(0, 6)
    expect(b.points[b.points.length - 1]).toEqual({ x: 300, y: 3 })
  })

  it("never merges a part's only line away: the other part gives way", () => {
    const merged = mergeNearLines([line('a', 0, 0, 200, 0), line('b', 0, 3, 150, 3)], PEN)
    expect(merged.map((l) => l.part).sort()).toEqual(['a', 'b'])
    // Where b runs, a is not drawn beside it.
    const a = merged.filter((l) => l.part === 'a')
    expect(Math.min(...a.flatMap((l) => l.points.map((p) => p.x)))).toBeGreaterThan(140)
  })

  it('leaves a curve that only touches a line where it passes', () => {
    const circle = Array.from({ length: 65 }, (_, k) => {
      const a = (2 * Math.PI * k) / 64
      return [40 + 10 * Math.cos(a), 11 + 10 * Math.sin(a)]
    }).flat()
    const merged = mergeNearLines([line('a', -100, 0, 200, 0), line('b', ...circle)], PEN)
    expect(merged.filter((l) => l.part === 'b')).toHaveLength(1)
  })
})

// Line weights of the lineart engine: a pen no wider than the stroke it draws, so close parallel
// lines drawn back keep the paper between them.

import { describe, expect, it } from 'vitest'
import { traceLineart } from '../../../src/engines/lineart'
import { groupByWeight } from '../../../src/engines/lineart/line-weight'
import type { StrokeLayer } from '../../../src/engines/vector'
import { canvas, segment } from './shapes'

const path = (y: number) => ({
  start: { x: 0, y },
  segments: [{ kind: 'line' as const, to: { x: 50, y } }],
  closed: false,
})

describe('lineart line weights', () => {
  it('draws a group half a pixel under its measured width, thin lines as measured', () => {
    const layers = groupByWeight([
      { path: path(0), width: 3.5, length: 50 },
      { path: path(10), width: 1.2, length: 50 },
    ])
    expect(layers.map((l) => l.width)).toEqual([3, 1.2])
  })

  it('keeps the paper between two 3 px lines 2 px apart', async () => {
    const image = canvas(160, 60)
    // Centrelines 5 px apart: rows 19-21 and 24-26 are ink, rows 22-23 paper.
    segment(image, 20, 20.5, 140, 20.5, 3)
    segment(image, 20, 25.5, 140, 25.5, 3)
    const { drawing } = await traceLineart(image)
    const strokes = drawing.layers.filter((l) => (l as StrokeLayer).paths.length > 0)
    const ys = strokes.flatMap((l) => (l as StrokeLayer).paths.map((p) => p.start.y))
    expect(ys).toHaveLength(2)
    const pen = Math.max(...strokes.map((l) => (l as StrokeLayer).width))
    // Paper left between the drawn strokes: the centreline gap less one pen.
    expect(Math.abs(ys[0]! - ys[1]!) - pen).toBeGreaterThanOrEqual(2)
  })
})

// Numerals and their leads (src/engines/figure/place-numerals.ts) on small scenes built by hand:
// a free box gets its numeral to the right with a lead ending on its outline; a box boxed in by
// lines on every side gets none and is reported, unless its lead may cross lines (object views);
// numerals never land on each other.

import { describe, expect, it } from 'vitest'
import { checkSceneLayout } from '../../../src/engines/figure/check'
import { pointSegmentDistance } from '../../../src/engines/figure/geometry'
import { placeNumerals, polygonTarget } from '../../../src/engines/figure/place-numerals'
import { figureFontMetrics } from '../../../src/engines/figure/rasterize'
import type { Scene } from '../../../src/engines/figure/scene'
import type { Point, VectorPath } from '../../../src/engines/vector'
import { WORKERD_KERNELS } from '../../../src/kernels/workerd'

const square = (x: number, y: number, w: number, h: number): Point[] => [
  { x, y },
  { x: x + w, y },
  { x: x + w, y: y + h },
  { x, y: y + h },
]

const closed = (points: Point[]): VectorPath => ({
  start: points[0]!,
  segments: [...points.slice(1), points[0]!].map((to) => ({ kind: 'line' as const, to })),
  closed: true,
})

const emptyScene = (strokes: VectorPath[]): Scene => ({
  width: 2000,
  height: 2000,
  pen: 4,
  strokes,
  leads: [],
  arrowheads: [],
  texts: [],
})

describe('placeNumerals', () => {
  it('puts a numeral just outside a free box, its lead ending on the outline', () => {
    const outline = square(800, 800, 300, 120)
    const scene = emptyScene([closed(outline)])
    const result = placeNumerals(scene, [polygonTarget('box', '102', outline)], {
      size: 54,
      metrics: figureFontMetrics(WORKERD_KERNELS.svg),
      area: null,
      solids: [{ x: 800, y: 800, width: 300, height: 120 }],
    })
    expect(result.failed).toEqual([])
    expect(scene.texts.map((t) => t.text)).toEqual(['102'])
    const [lead] = scene.leads
    const end = lead!.path.segments[lead!.path.segments.length - 1]!.to
    const onOutline = outline.some(
      (a, i) => pointSegmentDistance(end, a, outline[(i + 1) % 4]!) < 1e-6,
    )
    expect(onOutline).toBe(true)
    // Outside the box, and close to it: the shortest free lead wins.
    const box = scene.texts[0]!.box
    const outside =
      box.x > 1100 || box.x + box.width < 800 || box.y > 920 || box.y + box.height < 800
    expect(outside).toBe(true)
    expect(
      Math.max(800 - (box.x + box.width), box.x - 1100, 800 - (box.y + box.height), box.y - 920),
    ).toBeLessThan(3 * 54)
    expect(checkSceneLayout(scene)).toEqual([])
  })

  it('reports a part it cannot number when lines hem it in on every side', () => {
    const outline = square(900, 900, 200, 100)
    const cage = [closed(square(880, 880, 240, 140))]
    const scene = emptyScene([closed(outline), ...cage])
    const result = placeNumerals(scene, [polygonTarget('caged', '104', outline)], {
      size: 54,
      metrics: figureFontMetrics(WORKERD_KERNELS.svg),
      area: null,
      solids: [],
    })
    expect(result.failed).toEqual(['caged'])
    expect(scene.texts).toEqual([])
  })

  it('reaches a hemmed-in part across as few lines as allowed (object views), never across a lead', () => {
    const outline = square(900, 900, 200, 100)
    const cage = [closed(square(880, 880, 240, 140))]
    const scene = emptyScene([closed(outline), ...cage])
    const result = placeNumerals(scene, [polygonTarget('caged', '104', outline)], {
      size: 54,
      metrics: figureFontMetrics(WORKERD_KERNELS.svg),
      area: null,
      solids: [],
      crossLines: 2,
    })
    expect(result.failed).toEqual([])
    // One crossing (the cage) does it: the diagram rule flags it, the object rule takes it.
    expect(checkSceneLayout(scene)).toEqual(['The lead of 104 crosses a line'])
    expect(checkSceneLayout(scene, { leadCrossings: 1 })).toEqual([])
    expect(checkSceneLayout(scene, { leadCrossings: 0 })).toHaveLength(1)
  })

  it('numbers a row of close boxes without overlapping numerals or crossing leads', () => {
    const outlines = [0, 1, 2, 3].map((i) => square(400 + i * 260, 900, 200, 110))
    const scene = emptyScene(outlines.map(closed))
    const result = placeNumerals(
      scene,
      outlines.map((o, i) => polygonTarget(`b${i}`, String(100 + 2 * i), o)),
      { size: 54, metrics: figureFontMetrics(WORKERD_KERNELS.svg), area: null, solids: [] },
    )
    expect(result.failed).toEqual([])
    expect(scene.texts).toHaveLength(4)
    expect(checkSceneLayout(scene)).toEqual([])
  })
})

// Each primitive drawn alone (src/engines/object/geometry): the outline a draftsman would draw
// in the standard views, measured by total length and by covering the exact curves: a sphere's
// circle, a torus's two circles and its side outline, a cone's trapezoid, a rounded rectangle,
// a plate with its holes (walls dashed when seen from the front), a cup's two rims, and the
// extent of a spring and of a bent tube.

import { describe, expect, it } from 'vitest'
import { projectScene } from '../../../../src/engines/object/geometry'
import type { ObjectPart } from '../../../../src/engines/object/object-scene'
import { along, arc, coverage, totalLength } from './measure'

type Part = Partial<ObjectPart> & Pick<ObjectPart, 'shape' | 'size'>
const alone = (p: Part) => ({
  parts: [{ id: 'p', position: [0, 0, 0], rotation: [0, 0, 0], ...p } as ObjectPart],
})
const view = (p: Part, kind: Parameters<typeof projectScene>[1]) =>
  projectScene(alone(p), kind).parts.get('p')!
const circle = (r: number, cx = 0, cy = 0) => arc({ x: cx, y: cy }, r, 0, 2 * Math.PI, 120)

describe('projectScene: one primitive', () => {
  it('draws a sphere as a circle of its radius in every standard view', () => {
    for (const kind of ['front', 'rear', 'left', 'right', 'top', 'bottom'] as const) {
      const p = view({ shape: 'sphere', size: [2, 2, 2] }, kind)
      expect(coverage(circle(1), p.visible), kind).toBe(1)
      expect(totalLength(p.visible), kind).toBeCloseTo(2 * Math.PI, 1)
      for (const q of p.visible.flat()) expect(Math.hypot(q.x, q.y)).toBeCloseTo(1, 3)
    }
  })

  it('draws a torus from above as two circles and from the front as a rounded bar', () => {
    const torus: Part = { shape: 'torus', size: [2, 2, 0.5] }
    const top = view(torus, 'top')
    expect(coverage(circle(1), top.visible)).toBe(1)
    expect(coverage(circle(0.5), top.visible)).toBe(1)
    expect(totalLength(top.visible)).toBeCloseTo(3 * Math.PI, 1)
    const front = view(torus, 'front')
    for (const y of [-0.25, 0.25]) {
      expect(coverage(along({ x: -0.75, y }, { x: 0.75, y }), front.visible)).toBe(1)
    }
    expect(coverage(arc({ x: 0.75, y: 0 }, 0.25, -Math.PI / 2, Math.PI / 2), front.visible)).toBe(1)
    expect(coverage(arc({ x: -0.75, y: 0 }, 0.25, Math.PI / 2, 1.5 * Math.PI), front.visible)).toBe(
      1,
    )
    expect(totalLength(front.visible)).toBeCloseTo(3 + 0.5 * Math.PI, 1)
  })

  it('draws a cone cut at half its diameter as a trapezoid from the front and two circles from above', () => {
    const cone: Part = { shape: 'cone', size: [2, 2, 2], topRatio: 0.5 }
    const front = view(cone, 'front')
    expect(coverage(along({ x: -1, y: 1 }, { x: 1, y: 1 }), front.visible)).toBe(1)
    expect(coverage(along({ x: -0.5, y: -1 }, { x: 0.5, y: -1 }), front.visible)).toBe(1)
    expect(coverage(along({ x: -1, y: 1 }, { x: -0.5, y: -1 }), front.visible)).toBe(1)
    expect(coverage(along({ x: 1, y: 1 }, { x: 0.5, y: -1 }), front.visible)).toBe(1)
    expect(totalLength(front.visible)).toBeCloseTo(3 + 2 * Math.hypot(0.5, 2), 2)
    const top = view(cone, 'top')
    expect(coverage(circle(1), top.visible)).toBe(1)
    expect(coverage(circle(0.5), top.visible)).toBe(1)
    // A pointed cone from above: its base circle, and no line to the apex.
    const pointed = view({ shape: 'cone', size: [2, 2, 2] }, 'top')
    expect(totalLength(pointed.visible)).toBeCloseTo(2 * Math.PI, 1)
  })

  it('draws a rounded box from above as a rounded rectangle, with no line where the sides turn', () => {
    const p = view({ shape: 'rounded-box', size: [3, 2, 1], radius: 0.4 }, 'top')
    expect(totalLength(p.visible)).toBeCloseTo(2 * (3 + 2) - 8 * 0.4 + 2 * Math.PI * 0.4, 2)
    expect(coverage(arc({ x: 1.1, y: -0.6 }, 0.4, -Math.PI / 2, 0), p.visible)).toBe(1)
    const front = view({ shape: 'rounded-box', size: [3, 2, 1], radius: 0.4 }, 'front')
    // From the front: a 3 × 1 rectangle; the tangent seams of the corners are not lines.
    expect(totalLength(front.visible)).toBeCloseTo(8, 2)
  })

  it('draws a plate with its holes from above, and their walls dashed from the front', () => {
    const plate: Part = {
      shape: 'plate',
      size: [4, 2, 0.2],
      holes: [
        { x: -1, y: 0, diameter: 0.6 },
        { x: 1, y: 0.3, diameter: 0.4 },
      ],
    }
    const top = view(plate, 'top')
    expect(coverage(circle(0.3, -1, 0), top.visible)).toBe(1)
    expect(coverage(circle(0.2, 1, -0.3), top.visible)).toBe(1)
    expect(totalLength(top.visible)).toBeCloseTo(12 + 2 * Math.PI * 0.5, 1)
    const front = view(plate, 'front')
    expect(totalLength(front.visible)).toBeCloseTo(2 * (4 + 0.2), 2)
    for (const x of [-1.3, -0.7, 0.8, 1.2]) {
      expect(coverage(along({ x, y: -0.1 }, { x, y: 0.1 }), front.hidden), `x = ${x}`).toBe(1)
    }
  })

  it('draws a cup from above as its outer and inner rims', () => {
    const p = view({ shape: 'cylinder', size: [2, 2, 2], hollow: true }, 'top')
    const wall = 0.06 * 2
    expect(coverage(circle(1), p.visible)).toBe(1)
    expect(coverage(circle(1 - wall), p.visible)).toBe(1)
    expect(totalLength(p.visible)).toBeCloseTo(2 * Math.PI * (2 - wall), 1)
  })

  it('keeps a spring and a bent tube within their boxes', () => {
    const spring = view({ shape: 'helix', size: [1, 1, 3], turns: 6, wire: 0.1 }, 'front')
    expect(spring.bounds.width).toBeCloseTo(1, 2)
    expect(spring.bounds.height).toBeCloseTo(3, 2)
    expect(totalLength(spring.visible)).toBeGreaterThan(2 * 6 * 1)
    const tube = view(
      {
        shape: 'tube',
        size: [0.2, 0.2, 0.2],
        path: [
          [0, 0, 0],
          [0, 0, 2],
          [2, 0, 2],
        ],
      },
      'front',
    )
    // The bar's round side reaches 0.1 past the path; its flat ends stop at the path's ends.
    expect(tube.bounds.width).toBeCloseTo(2.1, 2)
    expect(tube.bounds.height).toBeCloseTo(2.1, 2)
  })
})

// Cameras and what a projection gives the drafter (src/engines/object/geometry): the standard
// views look where object-scene.ts says, the perspective looks from front-right-above, 2D is y
// down, results are deterministic, and each part's visible region answers where a numeral's lead
// may end (surfacePoint, interiorPoint, visibleArea).

import { describe, expect, it } from 'vitest'
import {
  prepareScene,
  projectPrepared,
  projectScene,
} from '../../../../src/engines/object/geometry'
import { viewCamera } from '../../../../src/engines/object/geometry/camera'
import { cylinderOnBox, desk20, mug } from './scenes'

/** −0 as 0, so vectors compare as written. */
const plain = (v: readonly number[]) => v.map((x) => x + 0)

describe('viewCamera', () => {
  const min: [number, number, number] = [-1, -1, -1]
  const max: [number, number, number] = [1, 1, 1]
  it('looks along +y from the front, −x from the right and down from the top, z up', () => {
    expect(plain(viewCamera('front', min, max).forward)).toEqual([0, 1, 0])
    expect(plain(viewCamera('front', min, max).right)).toEqual([1, 0, 0])
    expect(plain(viewCamera('right', min, max).forward)).toEqual([-1, 0, 0])
    expect(plain(viewCamera('right', min, max).right)).toEqual([0, 1, 0])
    expect(plain(viewCamera('left', min, max).right)).toEqual([0, -1, 0])
    expect(plain(viewCamera('rear', min, max).right)).toEqual([-1, 0, 0])
    expect(plain(viewCamera('top', min, max).forward)).toEqual([0, 0, -1])
    expect(plain(viewCamera('top', min, max).up)).toEqual([0, 1, 0])
    expect(plain(viewCamera('bottom', min, max).up)).toEqual([0, -1, 0])
  })

  it('puts the perspective eye in front, to the right and above, and exploded views use it', () => {
    const cam = viewCamera('perspective', min, max)
    expect(cam.perspective).toBe(true)
    expect(cam.eye[0]).toBeGreaterThan(0)
    expect(cam.eye[1]).toBeLessThan(0)
    expect(cam.eye[2]).toBeGreaterThan(0)
    // Looking more at the front than at the side, from a moderate height.
    expect(-cam.eye[1]).toBeGreaterThan(cam.eye[0])
    expect(cam.eye[2]).toBeLessThan(-cam.eye[1])
    expect(plain(viewCamera('exploded', min, max).eye)).toEqual(cam.eye)
  })
})

describe('projectScene', () => {
  it('draws higher parts higher on the sheet (y down)', () => {
    const v = projectScene(cylinderOnBox(), 'front')
    const box = v.parts.get('box')!.bounds
    const cyl = v.parts.get('cylinder')!.bounds
    expect(cyl.y + cyl.height).toBeCloseTo(box.y, 9)
    expect(plain(Object.values(v.project([0, 0, 1.5])))).toEqual([0, 0])
  })

  it('gives the same lines for the same scene, every time, and for a prepared scene', () => {
    const a = projectScene(desk20(), 'perspective')
    const b = projectScene(desk20(), 'perspective')
    const c = projectPrepared(prepareScene(desk20()), 'perspective')
    for (const [id, p] of a.parts) {
      expect(b.parts.get(id)!.visible).toEqual(p.visible)
      expect(b.parts.get(id)!.hidden).toEqual(p.hidden)
      expect(c.parts.get(id)!.visible).toEqual(p.visible)
    }
  })

  it('returns no hidden lines when asked not to', () => {
    const v = projectScene(mug(), 'front', { hidden: false })
    for (const p of v.parts.values()) expect(p.hidden).toEqual([])
    expect(v.parts.get('handle')!.visible.length).toBeGreaterThan(0)
  })

  it('draws every part of the 20-part desk, bounded by the view', () => {
    const v = projectScene(desk20(), 'perspective')
    expect(v.parts.size).toBe(20)
    for (const [id, p] of v.parts) {
      expect(p.visible.length, id).toBeGreaterThan(0)
      expect(p.bounds.x, id).toBeGreaterThanOrEqual(v.bounds.x - 1e-9)
      expect(p.bounds.x + p.bounds.width, id).toBeLessThanOrEqual(
        v.bounds.x + v.bounds.width + 1e-9,
      )
      for (const q of [...p.visible, ...p.hidden].flat()) {
        expect(q.x).toBeGreaterThanOrEqual(v.bounds.x - 1e-6)
        expect(q.y).toBeLessThanOrEqual(v.bounds.y + v.bounds.height + 1e-6)
      }
    }
  })
})

describe('PartProjection: where a lead may end', () => {
  it('finds the box point nearest to a point above the cylinder on the box’s top edge, not behind the cylinder', () => {
    const v = projectScene(cylinderOnBox(), 'front')
    const box = v.parts.get('box')!
    const p = box.surfacePoint({ x: 0, y: -3 })!
    expect(p.y).toBeGreaterThan(0.5)
    expect(p.y).toBeLessThan(0.52)
    expect(Math.abs(p.x)).toBeLessThan(0.02)
    // At least 0.1 inside: 0.1 below the top edge.
    const inset = box.surfacePoint({ x: 0, y: -3 }, 0.1)!
    expect(inset.y).toBeGreaterThan(0.59)
    expect(inset.y).toBeLessThan(0.63)
    expect(box.visibleArea()).toBeCloseTo(4, 1)
    const deep = box.interiorPoint()!
    expect(deep.y).toBeCloseTo(1, 1)
    expect(Math.abs(deep.x)).toBeLessThanOrEqual(1.52)
  })

  it('keeps the handle’s anchors on the ring outside the body (front view)', () => {
    const v = projectScene(mug(), 'front')
    const handle = v.parts.get('handle')!
    const centre = { x: 0.8, y: 0 }
    for (const to of [centre, { x: -0.4, y: 0 }, { x: 2, y: 1 }]) {
      const p = handle.surfacePoint(to, 0.03)!
      const r = Math.hypot(p.x - centre.x, p.y - centre.y)
      expect(r).toBeGreaterThan(0.42)
      expect(r).toBeLessThan(0.58)
      expect(p.x).toBeGreaterThan(0.6)
    }
    // The ring (radii 0.4 to 0.6) outside the body (x ≥ 0.6): about 0.41.
    expect(handle.visibleArea()).toBeGreaterThan(0.35)
    expect(handle.visibleArea()).toBeLessThan(0.5)
  })

  it('gives no anchor for a part that cannot be seen', () => {
    const v = projectScene(cylinderOnBox(), 'bottom')
    const cyl = v.parts.get('cylinder')!
    expect(cyl.surfacePoint({ x: 0, y: 0 })).toBeNull()
    expect(cyl.interiorPoint()).toBeNull()
    expect(cyl.visibleArea()).toBe(0)
  })
})

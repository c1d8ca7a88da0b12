// Primitives to meshes (src/engines/object/geometry/part-mesh.ts and shape-*.ts): every shape in
// PART_SHAPES builds a posed mesh that fills its size, centred on its position, with the feature
// edges its shape has (creases where faces meet, none on spheres and tori), smooth patches for
// its curved surfaces, vertices on every quarter turn, and a scene of 48 parts within budget.

import { describe, expect, it } from 'vitest'
import { MeshBuilder } from '../../../../src/engines/object/geometry/mesh-builder'
import { buildPartMesh, type PartMesh } from '../../../../src/engines/object/geometry/part-mesh'
import { prepareScene } from '../../../../src/engines/object/geometry/prepare-scene'
import { SCENE_TRIANGLE_BUDGET } from '../../../../src/engines/object/geometry/tessellation'
import {
  MAX_OBJECT_PARTS,
  type ObjectPart,
  PART_SHAPES,
} from '../../../../src/engines/object/object-scene'

const base = {
  rotation: [0, 0, 0] as [number, number, number],
  position: [0, 0, 0] as [number, number, number],
}
const mesh = (part: Partial<ObjectPart> & Pick<ObjectPart, 'shape' | 'size'>): PartMesh =>
  buildPartMesh({ id: 'p', ...base, ...part }, 0, 10, 20_000)
const creases = (m: PartMesh) => m.edges.filter((e) => e.kind === 'crease').length

/** Whether some vertex of m lies at p (within 1e-12). */
const hasVertex = (m: PartMesh, p: number[]) => {
  for (let k = 0; k < m.positions.length; k += 3) {
    if (
      Math.hypot(
        m.positions[k]! - p[0]!,
        m.positions[k + 1]! - p[1]!,
        m.positions[k + 2]! - p[2]!,
      ) < 1e-12
    )
      return true
  }
  return false
}

describe('buildPartMesh', () => {
  const examples: Record<(typeof PART_SHAPES)[number], Partial<ObjectPart>> = {
    box: {},
    'rounded-box': { radius: 0.3 },
    cylinder: {},
    cone: { topRatio: 0.5 },
    sphere: {},
    torus: {},
    tube: {
      path: [
        [0, 0, 0],
        [0, 0, 2],
        [1, 0, 2],
      ],
    },
    plate: { holes: [{ x: 0, y: 0, diameter: 0.5 }] },
    helix: { turns: 5, wire: 0.1 },
  }
  for (const shape of PART_SHAPES) {
    it(`fills its size about its position when the shape is ${shape}`, () => {
      const size: [number, number, number] = shape === 'tube' ? [0.2, 0.2, 0.2] : [2, 1.5, 1]
      const m = buildPartMesh(
        { id: 'p', shape, size, rotation: [0, 0, 0], position: [1, 2, 3], ...examples[shape] },
        0,
        10,
        20_000,
      )
      expect(m.triangles.length / 3).toBeGreaterThan(0)
      expect(m.triangles.length / 3).toBeLessThanOrEqual(20_000)
      // The bounding box is centred on the position.
      for (let a = 0; a < 3; a++) expect((m.min[a]! + m.max[a]!) / 2).toBeCloseTo([1, 2, 3][a]!, 9)
      if (shape !== 'tube') {
        for (let a = 0; a < 3; a++) expect(m.max[a]! - m.min[a]!).toBeCloseTo(size[a]!, 1)
      }
      // Unit normals everywhere.
      for (let k = 0; k < m.normals.length; k += 3) {
        expect(Math.hypot(m.normals[k]!, m.normals[k + 1]!, m.normals[k + 2]!)).toBeCloseTo(1, 9)
      }
    })
  }

  it('gives a box 12 creases and no smooth patch, a hollow box 24', () => {
    expect(creases(mesh({ shape: 'box', size: [2, 2, 2] }))).toBe(12)
    expect(mesh({ shape: 'box', size: [2, 2, 2] }).patches).toHaveLength(0)
    expect(creases(mesh({ shape: 'box', size: [2, 2, 2], hollow: true }))).toBe(24)
  })

  it('gives round parts smooth patches and only the creases at their rims', () => {
    const cylinder = mesh({ shape: 'cylinder', size: [2, 2, 2] })
    expect(cylinder.patches).toHaveLength(1)
    expect(creases(cylinder)).toBe(2)
    const cup = mesh({ shape: 'cylinder', size: [2, 2, 2], hollow: true })
    expect(cup.patches).toHaveLength(2)
    expect(creases(cup)).toBe(4)
    expect(creases(mesh({ shape: 'cone', size: [2, 2, 2] }))).toBe(1)
    expect(creases(mesh({ shape: 'cone', size: [2, 2, 2], topRatio: 0.5 }))).toBe(2)
    expect(creases(mesh({ shape: 'rounded-box', size: [2, 1, 1] }))).toBe(2)
    expect(mesh({ shape: 'sphere', size: [2, 2, 2] }).edges).toHaveLength(0)
    expect(mesh({ shape: 'torus', size: [2, 2, 0.4] }).edges).toHaveLength(0)
    expect(creases(mesh({ shape: 'tube', size: [0.2, 0.2, 2] }))).toBe(2)
    expect(creases(mesh({ shape: 'tube', size: [0.2, 0.2, 2], hollow: true }))).toBe(4)
    expect(creases(mesh({ shape: 'helix', size: [1, 1, 2], turns: 4 }))).toBe(2)
  })

  it('drills the holes that fit and leaves out the ones that leave the plate or overlap', () => {
    const plate = mesh({
      shape: 'plate',
      size: [4, 2, 0.2],
      holes: [
        { x: -1, y: 0, diameter: 0.5 },
        { x: 1, y: 0, diameter: 0.5 },
        { x: 1.1, y: 0, diameter: 0.5 },
        { x: 1.9, y: 0.9, diameter: 0.5 },
      ],
    })
    expect(creases(plate)).toBe(12 + 2 * 2)
    expect(plate.patches).toHaveLength(2)
    // Faces cover the plate minus the holes (each an inscribed n-gon of radius 0.25).
    let top = 0
    for (let k = 0; k < plate.triangles.length; k += 3) {
      const [a, b, c] = [0, 1, 2].map((i) => 3 * plate.triangles[k + i]!)
      const p = plate.positions
      if (p[a! + 2] !== 0.1 || p[b! + 2] !== 0.1 || p[c! + 2] !== 0.1) continue
      top +=
        Math.abs(
          (p[b!]! - p[a!]!) * (p[c! + 1]! - p[a! + 1]!) -
            (p[c!]! - p[a!]!) * (p[b! + 1]! - p[a! + 1]!),
        ) / 2
    }
    const n = plate.patches[0]!.us.length
    const polygon = (n / 2) * 0.0625 * Math.sin((2 * Math.PI) / n)
    expect(top).toBeCloseTo(8 - 2 * polygon, 9)
  })

  it('puts vertices on every quarter turn, so axis views see silhouettes on them', () => {
    const cylinder = mesh({ shape: 'cylinder', size: [2, 3, 2] })
    for (const p of [
      [1, 0, 1],
      [0, 1.5, 1],
      [-1, 0, -1],
      [0, -1.5, -1],
    ])
      expect(hasVertex(cylinder, p)).toBe(true)
    const sphere = mesh({ shape: 'sphere', size: [2, 2, 2] })
    for (const p of [
      [1, 0, 0],
      [0, -1, 0],
      [0, 0, 1],
    ])
      expect(hasVertex(sphere, p)).toBe(true)
  })

  it('turns the local z to the world −y when rotated 90° about x', () => {
    const m = buildPartMesh(
      { id: 'p', shape: 'cylinder', size: [1, 1, 4], rotation: [90, 0, 0], position: [0, 0, 0] },
      0,
      10,
      20_000,
    )
    expect(m.max[1]! - m.min[1]!).toBeCloseTo(4, 9)
    expect(m.max[2]! - m.min[2]!).toBeCloseTo(1, 9)
  })

  it('cuts a large round part finer than a small one, within the turn limits', () => {
    const big = mesh({ shape: 'cylinder', size: [8, 8, 1] })
    const small = mesh({ shape: 'cylinder', size: [0.2, 0.2, 1] })
    expect(big.triangles.length).toBeGreaterThan(small.triangles.length)
    expect(small.triangles.length / 3).toBeGreaterThanOrEqual(4 * 8 - 2)
  })
})

describe('MeshBuilder.edge', () => {
  it('keeps a seam between faces at 90° and drops one at 10° (a tangent seam)', () => {
    const b = new MeshBuilder()
    const tilt = (deg: number) => [
      0,
      Math.sin((deg * Math.PI) / 180),
      Math.cos((deg * Math.PI) / 180),
    ]
    b.edge('crease', [0, 0, 0, 1, 0, 0], [0, 0, 1], tilt(90))
    b.edge('crease', [0, 0, 0, 1, 0, 0], [0, 0, 1], tilt(10))
    b.edge('boundary', [0, 0, 0, 1, 0, 0], [0, 0, 1], null)
    expect(b.edges.map((e) => e.kind)).toEqual(['crease', 'boundary'])
  })
})

describe('prepareScene', () => {
  it('keeps a scene of 48 springs with 100 turns within the triangle budget', () => {
    const parts: ObjectPart[] = Array.from({ length: MAX_OBJECT_PARTS }, (_, i) => ({
      id: `s${i}`,
      shape: 'helix',
      size: [1, 1, 10],
      position: [(i % 8) * 1.5, Math.floor(i / 8) * 1.5, 0],
      rotation: [0, 0, 0],
      turns: 100,
      wire: 0.05,
    }))
    const scene = prepareScene({ parts })
    // Each is cut as coarsely as a spring can be (4 segments a turn, 4 around the wire): 3200
    // triangles and 8 for its two ends, 1.5 times a 48th of the budget.
    expect(scene.triangles.length / 3).toBeLessThanOrEqual(48 * 3208)
    expect(scene.triangles.length / 3).toBeLessThanOrEqual(1.6 * SCENE_TRIANGLE_BUDGET)
    const bytes =
      scene.positions.byteLength * 2 + scene.triangles.byteLength + scene.triPart.byteLength * 2
    expect(bytes).toBeLessThan(16 * 2 ** 20)
  })

  it('finds where the handle passes into the mug and gives the curves to the handle', () => {
    const scene = prepareScene({
      parts: [
        {
          id: 'body',
          shape: 'cylinder',
          size: [2, 2, 2],
          position: [0, 0, 0],
          rotation: [0, 0, 0],
        },
        {
          id: 'handle',
          shape: 'torus',
          size: [1.2, 1.2, 0.2],
          position: [1.2, 0, 0],
          rotation: [90, 0, 0],
        },
      ],
    })
    expect(scene.junctions).toHaveLength(2)
    for (const j of scene.junctions) {
      expect(j.part).toBe(1)
      // Closed loops on the body's wall (x² + y² = 1, within the facets' sag).
      const p = j.points
      expect(
        Math.hypot(p[0]! - p[p.length - 3]!, p[1]! - p[p.length - 2]!, p[2]! - p[p.length - 1]!),
      ).toBeLessThan(1e-6)
      for (let k = 0; k < p.length; k += 3)
        expect(Math.hypot(p[k]!, p[k + 1]!)).toBeGreaterThan(0.99)
    }
  })

  it('finds no junction where parts only touch (a leg under a table top)', () => {
    const scene = prepareScene({
      parts: [
        { id: 'top', shape: 'box', size: [4, 2, 0.2], position: [0, 0, 1.1], rotation: [0, 0, 0] },
        {
          id: 'leg',
          shape: 'box',
          size: [0.2, 0.2, 1],
          position: [1.5, 0.5, 0.5],
          rotation: [0, 0, 0],
        },
      ],
    })
    expect(scene.junctions).toHaveLength(0)
  })
})

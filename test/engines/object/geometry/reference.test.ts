// Seeded random scenes of boxes, cylinders and tori, posed at random and overlapping, drawn in
// perspective and held to the independent reference (measure.ts): samples of every box edge and
// cylinder rim that the march through the exact solids sees lie on the part's visible lines, and
// those it does not see lie off them. And the lead anchors of the exact-answer scenes lie on their
// own part: the eye's ray through each enters that part first.

import { describe, expect, it } from 'vitest'
import { projectScene } from '../../../../src/engines/object/geometry'
import type { ObjectPart, Vec3 } from '../../../../src/engines/object/object-scene'
import { distanceToLines, firstHit, referenceHidden } from './measure'
import { cylinderOnBox, mug } from './scenes'

/** A small deterministic generator (a linear congruential one), values in [0, 1). */
function random(seed: number) {
  let s = seed
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648
    return s / 2147483648
  }
}

/** n parts: boxes, upright-or-tilted cylinders and tori within a 4-unit cube. */
function randomScene(seed: number, n: number): ObjectPart[] {
  const r = random(seed)
  const shapes = ['box', 'cylinder', 'torus'] as const
  return Array.from({ length: n }, (_, i) => {
    const shape = shapes[Math.floor(r() * 3)]!
    const size: Vec3 = [0.5 + 2 * r(), 0.5 + 2 * r(), 0.3 + 2 * r()]
    if (shape !== 'box') size[1] = size[0]
    if (shape === 'torus') size[2] = size[0] * (0.15 + 0.3 * r())
    const tilt = r() < 0.5
    return {
      id: `p${i}`,
      shape,
      size,
      position: [3 * r() - 1.5, 3 * r() - 1.5, 3 * r() - 1.5],
      rotation: tilt
        ? [Math.round(90 * r()), Math.round(90 * r()), Math.round(90 * r())]
        : [0, 0, 0],
    }
  })
}

/** World samples of a part's exact edges: a box's 12, a cylinder's two rims (tori have none). */
function edgeSamples(p: ObjectPart): Vec3[][] {
  const rad = (d: number) => (d * Math.PI) / 180
  const [ax, ay, az] = p.rotation.map(rad) as Vec3
  const toWorld = ([x, y, z]: Vec3): Vec3 => {
    ;[y, z] = [y * Math.cos(ax) - z * Math.sin(ax), y * Math.sin(ax) + z * Math.cos(ax)]
    ;[x, z] = [x * Math.cos(ay) + z * Math.sin(ay), -x * Math.sin(ay) + z * Math.cos(ay)]
    ;[x, y] = [x * Math.cos(az) - y * Math.sin(az), x * Math.sin(az) + y * Math.cos(az)]
    return [x + p.position[0], y + p.position[1], z + p.position[2]]
  }
  const [sx, sy, sz] = p.size
  if (p.shape === 'box') {
    const corner = (k: number): Vec3 => [
      (k & 1 ? 0.5 : -0.5) * sx,
      (k & 2 ? 0.5 : -0.5) * sy,
      (k & 4 ? 0.5 : -0.5) * sz,
    ]
    const out: Vec3[][] = []
    for (let i = 0; i < 8; i++) {
      for (const d of [1, 2, 4]) {
        if (i & d) continue
        const [a, b] = [corner(i), corner(i | d)]
        out.push(
          Array.from({ length: 40 }, (_, k) =>
            toWorld(a.map((x, n) => x + ((b[n]! - x) * k) / 39) as Vec3),
          ),
        )
      }
    }
    return out
  }
  if (p.shape === 'cylinder') {
    return [-sz / 2, sz / 2].map((z) =>
      Array.from({ length: 121 }, (_, k) =>
        toWorld([
          (sx / 2) * Math.cos((k * Math.PI) / 60),
          (sx / 2) * Math.sin((k * Math.PI) / 60),
          z,
        ]),
      ),
    )
  }
  return []
}

describe('projectScene against the exact solids', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`agrees on random scene ${seed} in perspective`, () => {
      const parts = randomScene(seed, 2 + (seed % 4))
      const v = projectScene({ parts }, 'perspective')
      let seen = 0
      let seenOk = 0
      let unseen = 0
      let unseenOk = 0
      for (const p of parts) {
        const lines = v.parts.get(p.id)!.visible
        for (const curve of edgeSamples(p)) {
          const hidden = curve.map((q) =>
            referenceHidden(parts, v, q, { step: 0.004, skip: 0.002, margin: 0.002 }),
          )
          for (let k = 1; k + 1 < curve.length; k++) {
            if (hidden[k - 1] !== hidden[k] || hidden[k + 1] !== hidden[k]) continue
            const d = distanceToLines(v.project(curve[k]!), lines)
            if (hidden[k]) {
              unseen++
              if (d > 0.005) unseenOk++
            } else {
              seen++
              if (d <= 0.015) seenOk++
            }
          }
        }
      }
      expect(seen).toBeGreaterThan(50)
      expect(seenOk / seen).toBeGreaterThanOrEqual(0.99)
      if (unseen > 20) expect(unseenOk / unseen).toBeGreaterThanOrEqual(0.95)
    })
  }
})

describe('PartProjection.surfacePoint against the exact solids', () => {
  for (const [name, make] of [
    ['a cylinder on a box', cylinderOnBox],
    ['a mug', mug],
  ] as const) {
    it(`ends every lead on its own part in perspective (${name})`, () => {
      const scene = make()
      const v = projectScene(scene, 'perspective')
      const b = v.bounds
      const probes = [
        { x: b.x, y: b.y },
        { x: b.x + b.width, y: b.y },
        { x: b.x, y: b.y + b.height },
        { x: b.x + b.width, y: b.y + b.height },
        { x: b.x + b.width / 2, y: b.y + b.height / 2 },
      ]
      for (const part of scene.parts) {
        const projection = v.parts.get(part.id)!
        for (const to of [...probes, projection.interiorPoint()!]) {
          const p = projection.surfacePoint(to, 0.03)!
          expect(firstHit(scene.parts, v, p), `${part.id} from (${to.x}, ${to.y})`).toBe(part.id)
        }
      }
    })
  }
})

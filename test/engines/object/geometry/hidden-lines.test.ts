// Hidden-line removal against exact answers (src/engines/object/geometry): a cube, a cylinder
// standing on a box, and a mug whose torus handle passes into its body, in the six standard views
// (which edges and arcs are visible or hidden, endpoints within 0.01 of a 2-unit part), and in
// the perspective view against an independent reference: points of the exact edges and
// silhouettes are marched toward the eye through the parts' exact solids (measure.ts).

import { describe, expect, it } from 'vitest'
import {
  type PartProjection,
  projectScene,
  type SceneProjection,
} from '../../../../src/engines/object/geometry'
import type { ObjectPart, Vec3 } from '../../../../src/engines/object/object-scene'
import type { Point } from '../../../../src/engines/vector'
import {
  along,
  arc,
  coverage,
  distanceToLines,
  endsNear,
  referenceHidden,
  totalLength,
  vertexNear,
} from './measure'
import { cube, cylinderOnBox, mug } from './scenes'

const TOL = 0.01
const part = (v: SceneProjection, id: string) => v.parts.get(id)!
const visibleOf = (v: SceneProjection) => [...v.parts.values()].flatMap((p) => p.visible)
const hiddenOf = (v: SceneProjection) => [...v.parts.values()].flatMap((p) => p.hidden)

/** The four sides of the rectangle [x0, x1] × [y0, y1] (2D). */
function rectangle(x0: number, y0: number, x1: number, y1: number): [Point, Point][] {
  const a = { x: x0, y: y0 }
  const b = { x: x1, y: y0 }
  const c = { x: x1, y: y1 }
  const d = { x: x0, y: y1 }
  return [
    [a, b],
    [b, c],
    [c, d],
    [d, a],
  ]
}

/** Every side of a rectangle is drawn, and nothing else of the part. */
function expectRectangle(lines: Point[][], x0: number, y0: number, x1: number, y1: number) {
  for (const [a, b] of rectangle(x0, y0, x1, y1)) expect(coverage(along(a, b), lines)).toBe(1)
  expect(totalLength(lines)).toBeCloseTo(2 * (x1 - x0 + y1 - y0), 2)
}

describe('projectScene: a cube', () => {
  const scene = cube()
  for (const view of ['front', 'rear', 'left', 'right', 'top', 'bottom'] as const) {
    it(`draws a 2 × 2 square with nothing hidden left over in the ${view} view`, () => {
      const v = projectScene(scene, view)
      const p = part(v, 'cube')
      expectRectangle(p.visible, -1, -1, 1, 1)
      // The back edges lie under the front ones, and the depth edges are points: none is dashed.
      expect(p.hidden).toEqual([])
      expect(p.bounds.width).toBeCloseTo(2, 9)
      expect(p.bounds.height).toBeCloseTo(2, 9)
    })
  }

  it('shows the nine edges of the three faces turned to the eye in perspective, the other three hidden', () => {
    const v = projectScene(scene, 'perspective')
    const p = part(v, 'cube')
    const eye = v.camera.eye
    const corner = (k: number): Vec3 => [k & 1 ? 1 : -1, k & 2 ? 1 : -1, k & 4 ? 1 : -1]
    // A face x = ±1 faces the eye when the eye is beyond it.
    const faces = (a: Vec3, b: Vec3) =>
      [0, 1, 2].filter((axis) => a[axis] === b[axis]).map((axis) => a[axis]! * eye[axis]! > 1)
    let visibleLength = 0
    let hiddenLength = 0
    for (let i = 0; i < 8; i++) {
      for (let j = i + 1; j < 8; j++) {
        const a = corner(i)
        const b = corner(j)
        if ([0, 1, 2].filter((axis) => a[axis] !== b[axis]).length !== 1) continue
        const [pa, pb] = [v.project(a), v.project(b)]
        const samples = along(pa, pb)
        const seen = faces(a, b).some(Boolean)
        expect(coverage(samples, seen ? p.visible : p.hidden)).toBe(1)
        const l = Math.hypot(pb.x - pa.x, pb.y - pa.y)
        if (seen) visibleLength += l
        else hiddenLength += l
      }
    }
    expect(totalLength(p.visible)).toBeCloseTo(visibleLength, 6)
    expect(totalLength(p.hidden)).toBeCloseTo(hiddenLength, 6)
  })
})

describe('projectScene: a cylinder standing on a box', () => {
  const scene = cylinderOnBox()
  // The scene's box is [−2, 2] × [−1.5, 1.5] × [0, 3]; views are centred on it, y down.
  const elevations = { front: 2, rear: 2, left: 1.5, right: 1.5 } as const
  for (const [view, half] of Object.entries(elevations)) {
    it(`draws the box as a ${2 * half} × 1 rectangle and the cylinder as a 2 × 2 one on it in the ${view} view`, () => {
      const v = projectScene(scene, view as keyof typeof elevations)
      expectRectangle(part(v, 'box').visible, -half, 0.5, half, 1.5)
      // The cylinder's bottom rim lies on the box's top edge, which is drawn already.
      const cyl = part(v, 'cylinder').visible
      for (const [a, b] of [
        [
          { x: -1, y: 0.5 },
          { x: -1, y: -1.5 },
        ],
        [
          { x: 1, y: 0.5 },
          { x: 1, y: -1.5 },
        ],
        [
          { x: -1, y: -1.5 },
          { x: 1, y: -1.5 },
        ],
      ] as const) {
        expect(coverage(along(a, b), cyl)).toBe(1)
      }
      expect(totalLength(cyl)).toBeCloseTo(6, 2)
      expect(hiddenOf(v)).toEqual([])
    })
  }

  it('draws the top rim as a full circle of radius 1 inside the 4 × 3 box in the top view', () => {
    const v = projectScene(scene, 'top')
    expectRectangle(part(v, 'box').visible, -2, -1.5, 2, 1.5)
    const rim = part(v, 'cylinder').visible
    expect(coverage(arc({ x: 0, y: 0 }, 1, 0, 2 * Math.PI, 90), rim)).toBe(1)
    expect(totalLength(rim)).toBeCloseTo(2 * Math.PI, 1)
    for (const p of rim.flat()) expect(Math.hypot(p.x, p.y)).toBeCloseTo(1, 2)
    expect(hiddenOf(v)).toEqual([])
  })

  it('hides the whole cylinder behind the box in the bottom view', () => {
    const v = projectScene(scene, 'bottom')
    expectRectangle(part(v, 'box').visible, -2, -1.5, 2, 1.5)
    const cyl = part(v, 'cylinder')
    expect(cyl.visible).toEqual([])
    // Both rims are one circle here, dashed once.
    expect(coverage(arc({ x: 0, y: 0 }, 1, 0, 2 * Math.PI, 90), cyl.hidden)).toBe(1)
    expect(totalLength(cyl.hidden)).toBeCloseTo(2 * Math.PI, 1)
    expect(cyl.surfacePoint({ x: 0, y: 0 })).toBeNull()
  })

  it('agrees with the exact solids in perspective: box edges, rims and silhouettes', () => {
    const v = projectScene(scene, 'perspective')
    const curves = {
      box: boxEdges([0, 0, 0.5], [4, 3, 1]),
      cylinder: cylinderCurves(v, [0, 0, 2], 1, 2),
    }
    expectReference(scene.parts, v, curves)
    // The box's top back edge passes behind the cylinder: it is cut where the silhouettes cross it.
    const back = along(v.project([-2, 1.5, 1]), v.project([2, 1.5, 1]), 200, 0)
    const hiddenShare = 1 - coverage(back, part(v, 'box').visible)
    expect(hiddenShare).toBeGreaterThan(0.2)
    expect(hiddenShare).toBeLessThan(0.8)
  })
})

describe('projectScene: a torus handle passing into a cylinder (a mug)', () => {
  const scene = mug()
  // The scene's box is [−1, 1.8] × [−1, 1] × [−1, 1]: views are centred on x = 0.4.
  const cx = 0.4

  // The rear view is the front view mirrored left to right; the bottom view, the top mirrored.
  const mirrored = (p: PartProjection, mx: number, my: number) => {
    const flip = (lines: Point[][]) =>
      lines.map((l) => l.map((q) => ({ x: mx * q.x, y: my * q.y })))
    return { visible: flip(p.visible), hidden: flip(p.hidden) }
  }

  for (const [kind, mx] of [
    ['front', 1],
    ['rear', -1],
  ] as const) {
    it(`draws the handle as two circles cut at the body and hides the body outline inside the handle (${kind} view)`, () => {
      const v = projectScene(scene, kind)
      const handle = mirrored(part(v, 'handle'), mx, 1)
      const body = mirrored(part(v, 'body'), mx, 1)
      const centre = { x: 1.2 - cx, y: 0 }
      // The outer circle (radius 0.6) is visible where x ≥ 1: |angle| ≤ acos(−1/3).
      const outer = Math.acos(-1 / 3)
      expect(coverage(arc(centre, 0.6, -outer + 0.02, outer - 0.02), handle.visible)).toBe(1)
      expect(
        coverage(arc(centre, 0.6, outer + 0.02, 2 * Math.PI - outer - 0.02), handle.hidden),
      ).toBe(1)
      // (Away from the ends, where the junction with the body is drawn.)
      expect(
        coverage(arc(centre, 0.6, outer + 0.1, 2 * Math.PI - outer - 0.1), handle.visible),
      ).toBe(0)
      // The inner circle (radius 0.4): |angle| ≤ acos(−1/2).
      const inner = Math.acos(-1 / 2)
      expect(coverage(arc(centre, 0.4, -inner + 0.02, inner - 0.02), handle.visible)).toBe(1)
      expect(
        coverage(arc(centre, 0.4, inner + 0.02, 2 * Math.PI - inner - 0.02), handle.hidden),
      ).toBe(1)
      // The body's right outline x = 1 is hidden where the handle's bar covers it: |z| between
      // √0.12 and √0.32, and the arcs end there.
      const [z0, z1] = [Math.sqrt(0.12), Math.sqrt(0.32)]
      const right = 1 - cx
      for (const s of [-1, 1]) {
        expect(coverage(along({ x: right, y: s * z0 }, { x: right, y: s * z1 }), body.hidden)).toBe(
          1,
        )
        // (Samples farther than the tolerance from the ends.)
        const inside = along({ x: right, y: s * z0 }, { x: right, y: s * z1 }, 40, 0.1)
        expect(coverage(inside, body.visible)).toBe(0)
        for (const z of [z0, z1]) {
          expect(endsNear(body.visible, { x: right, y: s * z })).toBe(true)
          // The handle's circles end there, joined on to the curve where it meets the body.
          expect(vertexNear(handle.visible, { x: right, y: s * z })).toBe(true)
        }
      }
      expect(coverage(along({ x: right, y: -z0 }, { x: right, y: z0 }), body.visible)).toBe(1)
      expect(coverage(along({ x: right, y: z1 }, { x: right, y: 1 }), body.visible)).toBe(1)
      expect(coverage(along({ x: -1 - cx, y: -1 }, { x: -1 - cx, y: 1 }), body.visible)).toBe(1)
      // Nothing of the handle is drawn inside the body's outline but where they meet.
      for (const p of handle.visible.flat()) expect(p.x).toBeGreaterThan(right - 0.01)
    })
  }

  for (const [kind, my] of [
    ['top', 1],
    ['bottom', -1],
  ] as const) {
    it(`draws the handle as a bar from the rim to a round end (${kind} view)`, () => {
      const v = projectScene(scene, kind)
      const handle = mirrored(part(v, 'handle'), 1, my)
      const rimX = Math.sqrt(0.99) - cx
      for (const y of [-0.1, 0.1]) {
        expect(coverage(along({ x: rimX, y }, { x: 1.7 - cx, y }), handle.visible)).toBe(1)
        expect(endsNear(handle.visible, { x: rimX, y })).toBe(true)
      }
      expect(
        coverage(arc({ x: 1.7 - cx, y: 0 }, 0.1, -Math.PI / 2, Math.PI / 2), handle.visible),
      ).toBe(1)
      for (const p of handle.visible.flat()) expect(p.x).toBeGreaterThan(rimX - 0.01)
      expect(totalLength(handle.visible)).toBeCloseTo(
        2 * (1.7 - Math.sqrt(0.99)) + 0.1 * Math.PI,
        1,
      )
      expect(coverage(arc({ x: -cx, y: 0 }, 1, 0, 2 * Math.PI, 90), part(v, 'body').visible)).toBe(
        1,
      )
    })
  }

  it('shows the whole handle in front of the body from the right, and none of it from the left', () => {
    const right = projectScene(scene, 'right')
    const handle = part(right, 'handle')
    // Seen edge-on: two lines y = ±0.1 for z in [−0.5, 0.5] and a half circle at each end.
    for (const x of [-0.1, 0.1])
      expect(coverage(along({ x, y: -0.5 }, { x, y: 0.5 }), handle.visible)).toBe(1)
    expect(coverage(arc({ x: 0, y: -0.5 }, 0.1, Math.PI, 2 * Math.PI), handle.visible)).toBe(1)
    expect(coverage(arc({ x: 0, y: 0.5 }, 0.1, 0, Math.PI), handle.visible)).toBe(1)
    expect(totalLength(handle.visible)).toBeCloseTo(2 + 0.2 * Math.PI, 1)
    expectRectangle(part(right, 'body').visible, -1, -1, 1, 1)

    const left = projectScene(scene, 'left')
    expect(part(left, 'handle').visible).toEqual([])
    expect(part(left, 'handle').hidden.length).toBeGreaterThan(0)
    expectRectangle(part(left, 'body').visible, -1, -1, 1, 1)
  })

  it('agrees with the exact solids in perspective: rims, silhouettes and the handle outline', () => {
    const v = projectScene(scene, 'perspective')
    expectReference(scene.parts, v, {
      body: cylinderCurves(v, [0, 0, 0], 1, 2),
      handle: torusSilhouette(v, scene.parts[1]!),
    })
  })
})

// ---- Exact curves of the parts and the reference check ----

type Curve = Vec3[]

/** The 12 edges of an axis-aligned box, 60 points each. */
function boxEdges(c: Vec3, size: Vec3): Curve[] {
  const out: Curve[] = []
  const corner = (k: number): Vec3 =>
    [0, 1, 2].map((a) => c[a]! + (k & (1 << a) ? 0.5 : -0.5) * size[a]!) as Vec3
  for (let i = 0; i < 8; i++) {
    for (let j = i + 1; j < 8; j++) {
      const d = i ^ j
      if (d !== 1 && d !== 2 && d !== 4) continue
      const [a, b] = [corner(i), corner(j)]
      out.push(
        Array.from({ length: 60 }, (_, k) => a.map((x, n) => x + ((b[n]! - x) * k) / 59) as Vec3),
      )
    }
  }
  return out
}

/** An upright cylinder's rims and its two silhouette generators for the view's eye. */
function cylinderCurves(v: SceneProjection, c: Vec3, r: number, h: number): Curve[] {
  const rim = (z: number) =>
    Array.from({ length: 181 }, (_, k): Vec3 => {
      const a = (2 * Math.PI * k) / 180
      return [c[0] + r * Math.cos(a), c[1] + r * Math.sin(a), z]
    })
  const eye = v.camera.eye
  const ex = eye[0] - c[0]
  const ey = eye[1] - c[1]
  const toward = Math.atan2(ey, ex)
  const spread = Math.acos(r / Math.hypot(ex, ey))
  const generators = [toward - spread, toward + spread].map((a) =>
    Array.from(
      { length: 60 },
      (_, k): Vec3 => [c[0] + r * Math.cos(a), c[1] + r * Math.sin(a), c[2] - h / 2 + (h * k) / 59],
    ),
  )
  return [rim(c[2] - h / 2), rim(c[2] + h / 2), ...generators]
}

/**
 * The silhouette of a torus for a perspective eye, solved per angle u around its axis: points
 * c + r n with n = cos v N + sin v B and n · (c − eye) + r = 0.
 */
function torusSilhouette(v: SceneProjection, t: ObjectPart): Curve[] {
  const r = t.size[2] / 2
  const R = t.size[0] / 2 - r
  const eye = v.camera.eye
  // The mug's handle: rotated 90° about x, so its local z (axis B) is world −y, local y is +z.
  const toWorld = ([x, y, z]: Vec3): Vec3 => [x, -z, y]
  const branches: Curve[] = [[], []]
  for (let k = 0; k <= 360; k++) {
    const u = (2 * Math.PI * k) / 360
    const N = toWorld([Math.cos(u), Math.sin(u), 0])
    const B = toWorld([0, 0, 1])
    const c: Vec3 = [t.position[0] + R * N[0], t.position[1] + R * N[1], t.position[2] + R * N[2]]
    const d: Vec3 = [c[0] - eye[0], c[1] - eye[1], c[2] - eye[2]]
    const a = N[0] * d[0] + N[1] * d[1] + N[2] * d[2]
    const b = B[0] * d[0] + B[1] * d[1] + B[2] * d[2]
    // a cos v + b sin v = −r.
    const m = Math.hypot(a, b)
    const phi = Math.atan2(b, a)
    const delta = Math.acos(Math.max(-1, Math.min(1, -r / m)))
    for (const [i, vv] of [phi + delta, phi - delta].entries()) {
      const n: Vec3 = [0, 1, 2].map((x) => Math.cos(vv) * N[x]! + Math.sin(vv) * B[x]!) as Vec3
      branches[i]!.push([c[0] + r * n[0], c[1] + r * n[1], c[2] + r * n[2]])
    }
  }
  return branches
}

/**
 * Every sample of the parts' exact curves that the reference sees is on one of the part's
 * visible polylines, and (but for a few where lines cross) every sample it does not see is off
 * them; samples next to a change of visibility are left out.
 */
function expectReference(parts: ObjectPart[], v: SceneProjection, curves: Record<string, Curve[]>) {
  for (const [id, list] of Object.entries(curves)) {
    const visible = part(v, id).visible
    let seen = 0
    let seenOk = 0
    let unseen = 0
    let unseenOk = 0
    for (const curve of list) {
      const hidden = curve.map((p) => referenceHidden(parts, v, p))
      for (let k = 1; k + 1 < curve.length; k++) {
        if (hidden[k - 1] !== hidden[k] || hidden[k + 1] !== hidden[k]) continue
        const d = distanceToLines(v.project(curve[k]!), visible)
        if (hidden[k]) {
          unseen++
          if (d > TOL / 2) unseenOk++
        } else {
          seen++
          if (d <= TOL) seenOk++
        }
      }
    }
    expect(seen, id).toBeGreaterThan(50)
    expect(seenOk / seen, `${id}: seen samples on visible lines`).toBeGreaterThanOrEqual(0.99)
    if (unseen > 0)
      expect(unseenOk / unseen, `${id}: hidden samples off visible lines`).toBeGreaterThanOrEqual(
        0.95,
      )
  }
  expect(visibleOf(v).length).toBeGreaterThan(0)
}

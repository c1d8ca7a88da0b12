/**
 * Plates: a flat box with round holes through its local z. Top and bottom faces are the rectangle
 * minus the holes (triangulate-holes.ts), each hole wall is a smooth inner cylinder, and every
 * rim is a crease. Holes that leave the plate or overlap an earlier hole are left out.
 */

import { cosTurns, sinTurns } from './angles'
import { constantNormals, type Evaluate, type MeshBuilder, sampleCurve } from './mesh-builder'
import { frustumSide } from './shape-frustum'
import { type Tessellation, turnSegments } from './tessellation'
import { type HoleChains, triangulateHoles } from './triangulate-holes'
import type { Vec3 } from './vec3'

export interface PlateHole {
  x: number
  y: number
  diameter: number
}

/** The holes that fit: inside the plate (with a rim of 1 % of its smaller side) and disjoint. */
export function fittingHoles(w: number, d: number, holes: PlateHole[]): PlateHole[] {
  const rim = 0.01 * Math.min(w, d)
  const kept: PlateHole[] = []
  for (const h of holes) {
    const r = h.diameter / 2
    const inside = Math.abs(h.x) + r <= w / 2 - rim && Math.abs(h.y) + r <= d / 2 - rim
    const apart = kept.every((k) => Math.hypot(k.x - h.x, k.y - h.y) > r + k.diameter / 2 + rim)
    if (inside && apart) kept.push(h)
  }
  return kept
}

/** A plate of `size` [x, y, thickness z] with `holes` (centres in its x–y, diameters). */
export function buildPlate(b: MeshBuilder, size: Vec3, holes: PlateHole[], t: Tessellation): void {
  const [w, d, h] = size
  const z0 = -h / 2
  const z1 = h / 2
  const kept = fittingHoles(w, d, holes)
  // Fewer segments per hole when there are many, so a 64-hole plate stays small.
  const perHole = Math.max(8, Math.floor(512 / Math.max(1, kept.length) / 4) * 4)
  const chains: HoleChains[] = []
  for (const hole of kept) {
    const r = hole.diameter / 2
    const n = Math.min(turnSegments(r, t), perHole)
    const us = Array.from({ length: n }, (_, k) => k / n)
    const point = (k: number) => [hole.x + r * cosTurns(k / n), hole.y + r * sinTurns(k / n)]
    // Upper chain: from the leftmost vertex (half a turn) back to the rightmost (0), x ascending.
    const upper: number[] = []
    for (let k = n / 2; k >= 0; k--) upper.push(...point(k))
    const lower: number[] = []
    for (let k = n / 2; k <= n; k++) lower.push(...point(k % n))
    chains.push({ lower, upper })
    const about = frustumSide({ a0: r, b0: r, a1: r, b1: r, z0, z1 }, true)
    const wall: Evaluate = (u, v, out) => {
      about(u, v, out)
      out[0] = out[0]! + hole.x
      out[1] = out[1]! + hole.y
    }
    b.grid({ us, vs: [0, 1], uPeriod: 1, evaluate: wall, smooth: true })
    for (const [v, nz] of [
      [0, -1],
      [1, 1],
    ] as const) {
      const rim = sampleCurve(us, 1, (u, out) => wall(u, v, out))
      b.edge('crease', rim.points, rim.normals, constantNormals(n, 0, 0, nz))
    }
  }
  const faces = triangulateHoles(w, d, chains)
  for (const [z, nz] of [
    [z0, -1],
    [z1, 1],
  ] as const) {
    for (let k = 0; k < faces.length; k += 6) {
      const a = b.vertex(faces[k]!, faces[k + 1]!, z, 0, 0, nz)
      const c = b.vertex(faces[k + 2]!, faces[k + 3]!, z, 0, 0, nz)
      const e = b.vertex(faces[k + 4]!, faces[k + 5]!, z, 0, 0, nz)
      b.triangle(a, c, e, -1)
    }
  }
  // The four sides and the outline creases.
  const c = (x: number, y: number, z: number): Vec3 => [x * (w / 2), y * (d / 2), z]
  const sides: { from: [number, number]; to: [number, number]; n: Vec3 }[] = [
    { from: [-1, -1], to: [1, -1], n: [0, -1, 0] },
    { from: [1, -1], to: [1, 1], n: [1, 0, 0] },
    { from: [1, 1], to: [-1, 1], n: [0, 1, 0] },
    { from: [-1, 1], to: [-1, -1], n: [-1, 0, 0] },
  ]
  for (const [k, side] of sides.entries()) {
    const [ax, ay] = side.from
    const [bx, by] = side.to
    const ids = [c(ax, ay, z0), c(bx, by, z0), c(bx, by, z1), c(ax, ay, z1)].map((p) =>
      b.vertex(...p, ...side.n),
    )
    b.quad(ids[0]!, ids[1]!, ids[2]!, ids[3]!)
    b.edge('crease', [...c(ax, ay, z0), ...c(bx, by, z0)], side.n, [0, 0, -1])
    b.edge('crease', [...c(ax, ay, z1), ...c(bx, by, z1)], side.n, [0, 0, 1])
    const next = sides[(k + 1) % 4]!
    b.edge('crease', [...c(bx, by, z0), ...c(bx, by, z1)], side.n, next.n)
  }
}

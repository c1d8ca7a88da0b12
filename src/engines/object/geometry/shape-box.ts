/**
 * Boxes, solid or hollow (open at the top, walls of `wall` thickness), in the local frame centred
 * on the box: six (or eleven) flat faces, every edge a crease.
 */

import type { MeshBuilder } from './mesh-builder'
import type { Vec3 } from './vec3'

/** An axis-aligned cuboid's corners: bit 0 = +x, bit 1 = +y, bit 2 = +z. */
function corners(min: Vec3, max: Vec3): Vec3[] {
  const out: Vec3[] = []
  for (let k = 0; k < 8; k++) {
    out.push([k & 1 ? max[0] : min[0], k & 2 ? max[1] : min[1], k & 4 ? max[2] : min[2]])
  }
  return out
}

/** The six faces by corner bits (counterclockwise seen from outside) with their outward normals. */
const FACES: { c: [number, number, number, number]; n: Vec3 }[] = [
  { c: [0, 2, 6, 4], n: [-1, 0, 0] },
  { c: [1, 5, 7, 3], n: [1, 0, 0] },
  { c: [0, 4, 5, 1], n: [0, -1, 0] },
  { c: [2, 3, 7, 6], n: [0, 1, 0] },
  { c: [0, 1, 3, 2], n: [0, 0, -1] },
  { c: [4, 6, 7, 5], n: [0, 0, 1] },
]

/** The twelve edges by corner bits, with the indices (into FACES) of the two faces they divide. */
const EDGES: [number, number, number, number][] = [
  [0, 1, 2, 4],
  [2, 3, 3, 4],
  [4, 5, 2, 5],
  [6, 7, 3, 5],
  [0, 2, 0, 4],
  [1, 3, 1, 4],
  [4, 6, 0, 5],
  [5, 7, 1, 5],
  [0, 4, 0, 2],
  [1, 5, 1, 2],
  [2, 6, 0, 3],
  [3, 7, 1, 3],
]

/**
 * Adds the faces of a cuboid, `inward` to face the inside (a hollow's cavity), skipping faces by
 * index into FACES, and the creases between the faces it adds.
 */
function addCuboid(b: MeshBuilder, min: Vec3, max: Vec3, inward: boolean, skip: number[]): void {
  const c = corners(min, max)
  const sign = inward ? -1 : 1
  for (const [f, face] of FACES.entries()) {
    if (skip.includes(f)) continue
    const [nx, ny, nz] = face.n.map((x) => x * sign) as Vec3
    const ids = face.c.map((k) => b.vertex(...c[k]!, nx, ny, nz))
    b.quad(ids[0]!, ids[1]!, ids[2]!, ids[3]!)
  }
  for (const [i, j, fa, fb] of EDGES) {
    if (skip.includes(fa) || skip.includes(fb)) continue
    const na = FACES[fa]!.n.map((x) => x * sign)
    const nb = FACES[fb]!.n.map((x) => x * sign)
    b.edge('crease', [...c[i]!, ...c[j]!], na, nb)
  }
}

/**
 * A box of `size` [x, y, z]; hollow: open at the top with walls and floor `wall` thick, the rim
 * a flat frame between the outer and inner top edges.
 */
export function buildBox(b: MeshBuilder, size: Vec3, hollow: boolean, wall: number): void {
  const [hx, hy, hz] = [size[0] / 2, size[1] / 2, size[2] / 2]
  if (!hollow) {
    addCuboid(b, [-hx, -hy, -hz], [hx, hy, hz], false, [])
    return
  }
  const top = 5
  addCuboid(b, [-hx, -hy, -hz], [hx, hy, hz], false, [top])
  const [ix, iy] = [hx - wall, hy - wall]
  const floor = -hz + wall
  // The cavity: its walls and floor face inward; its open top is skipped.
  addCuboid(b, [-ix, -iy, floor], [ix, iy, hz], true, [top])
  // The rim: four quads between the outer and the inner top rectangles.
  const outer: Vec3[] = [
    [-hx, -hy, hz],
    [hx, -hy, hz],
    [hx, hy, hz],
    [-hx, hy, hz],
  ]
  const inner: Vec3[] = [
    [-ix, -iy, hz],
    [ix, -iy, hz],
    [ix, iy, hz],
    [-ix, iy, hz],
  ]
  const outerNormals: Vec3[] = [
    [0, -1, 0],
    [1, 0, 0],
    [0, 1, 0],
    [-1, 0, 0],
  ]
  for (let k = 0; k < 4; k++) {
    const k1 = (k + 1) % 4
    const ids = [outer[k]!, outer[k1]!, inner[k1]!, inner[k]!].map((p) => b.vertex(...p, 0, 0, 1))
    b.quad(ids[0]!, ids[1]!, ids[2]!, ids[3]!)
    const n = outerNormals[k]!
    b.edge('crease', [...outer[k]!, ...outer[k1]!], n, [0, 0, 1])
    b.edge('crease', [...inner[k]!, ...inner[k1]!], [-n[0], -n[1], -n[2]], [0, 0, 1])
  }
}

/**
 * Boxes with rounded vertical edges: one smooth band around the sides (flat sides and quarter
 * cylinders, tangent to each other, so no line is drawn where they meet), flat top and bottom, and
 * a crease along the rounded outline at top and bottom. Hollow: open at the top like buildBox.
 */

import { cosTurns, sinTurns } from './angles'
import { constantNormals, type MeshBuilder, sampleCurve } from './mesh-builder'
import { arcSegments, type Tessellation } from './tessellation'
import type { Vec3 } from './vec3'

/**
 * The outline of a rounded rectangle as eight pieces (side, corner, side, ...) counterclockwise
 * from the +x side; the parameter's integer part is the piece, its fraction the place along it.
 */
export interface RoundedOutline {
  /** Parameters of the outline's vertices (sides need only their ends, corners `arc` steps). */
  params: number[]
  /** Point and outward normal in the x–y plane at parameter u ∈ [0, 8). */
  at(u: number): { x: number; y: number; nx: number; ny: number }
}

/** The outline of a w × d rectangle with corner radius r, corners cut in `arc` steps. */
export function roundedOutline(w: number, d: number, r: number, arc: number): RoundedOutline {
  const hx = w / 2 - r
  const hy = d / 2 - r
  const params: number[] = []
  for (let piece = 0; piece < 8; piece++) {
    if (piece % 2 === 0) params.push(piece)
    else for (let k = 0; k < arc; k++) params.push(piece + k / arc)
  }
  // Corner centres and side ends, counterclockwise from the +x side.
  const centres: [number, number][] = [
    [hx, hy],
    [-hx, hy],
    [-hx, -hy],
    [hx, -hy],
  ]
  return {
    params,
    at(u) {
      const piece = Math.min(7, Math.floor(u))
      const f = u - piece
      const q = piece >> 1
      if (piece % 2 === 1) {
        const [cx, cy] = centres[q]!
        const t = (q + f) / 4
        const nx = cosTurns(t)
        const ny = sinTurns(t)
        return { x: cx + r * nx, y: cy + r * ny, nx, ny }
      }
      // Side q runs from the end of corner q−1 to the start of corner q.
      const [ax, ay] = centres[(q + 3) % 4]!
      const [bx, by] = centres[q]!
      const nx = cosTurns(q / 4)
      const ny = sinTurns(q / 4)
      return {
        x: ax + (bx - ax) * f + r * nx,
        y: ay + (by - ay) * f + r * ny,
        nx,
        ny,
      }
    },
  }
}

/** A rounded box of `size` with vertical-edge radius `radius`; hollow walls `wall` thick. */
export function buildRoundedBox(
  b: MeshBuilder,
  size: Vec3,
  radius: number,
  hollow: boolean,
  wall: number,
  t: Tessellation,
): void {
  const [w, d, h] = size
  const r = Math.min(radius, w / 2, d / 2)
  const arc = arcSegments(r, Math.PI / 2, t)
  const outer = roundedOutline(w, d, r, arc)
  const z0 = -h / 2
  const z1 = h / 2
  addBand(b, outer, z0, z1, false)
  addCap(b, outer, z0, -1, false)
  if (!hollow) {
    addCap(b, outer, z1, 1, false)
    return
  }
  const ri = Math.max(r - wall, Math.min(r, wall) * 0.5)
  const inner = roundedOutline(w - 2 * wall, d - 2 * wall, ri, arc)
  const floor = z0 + wall
  addBand(b, inner, floor, z1, true)
  addCap(b, inner, floor, 1, true)
  // The rim: a flat ring between the two outlines (same piece structure, so vertices pair up).
  const n = outer.params.length
  const ring = (o: RoundedOutline) =>
    o.params.map((u) => {
      const p = o.at(u)
      return b.vertex(p.x, p.y, z1, 0, 0, 1)
    })
  const a = ring(outer)
  const c = ring(inner)
  for (let k = 0; k < n; k++) {
    const k1 = (k + 1) % n
    b.quad(a[k]!, a[k1]!, c[k1]!, c[k]!)
  }
  addOutlineEdge(b, outer, z1, 1, false)
  addOutlineEdge(b, inner, z1, 1, true)
}

/** The side band between z0 and z1, facing outward (or inward for a cavity). */
function addBand(b: MeshBuilder, o: RoundedOutline, z0: number, z1: number, inward: boolean) {
  const s = inward ? -1 : 1
  b.grid({
    us: o.params,
    vs: [z0, z1],
    uPeriod: 8,
    smooth: true,
    evaluate(u, v, out) {
      const p = o.at(u)
      out[0] = p.x
      out[1] = p.y
      out[2] = v
      out[3] = s * p.nx
      out[4] = s * p.ny
      out[5] = 0
    },
  })
}

/** A flat rounded-rectangle face at height z facing ±z, with its crease against the band. */
function addCap(b: MeshBuilder, o: RoundedOutline, z: number, nz: number, inward: boolean) {
  const centre = b.vertex(0, 0, z, 0, 0, nz)
  const ids = o.params.map((u) => {
    const p = o.at(u)
    return b.vertex(p.x, p.y, z, 0, 0, nz)
  })
  for (let k = 0; k < ids.length; k++) b.triangle(centre, ids[k]!, ids[(k + 1) % ids.length]!, -1)
  addOutlineEdge(b, o, z, nz, inward)
}

/** The crease along an outline at height z between a ±z face and the band (inward for a cavity). */
function addOutlineEdge(b: MeshBuilder, o: RoundedOutline, z: number, nz: number, inward: boolean) {
  const s = inward ? -1 : 1
  const curve = sampleCurve(o.params, 8, (u, out) => {
    const p = o.at(u)
    out[0] = p.x
    out[1] = p.y
    out[2] = z
    out[3] = s * p.nx
    out[4] = s * p.ny
    out[5] = 0
  })
  const faces = constantNormals(curve.normals.length / 3, 0, 0, nz)
  b.edge('crease', curve.points, curve.normals, faces)
}

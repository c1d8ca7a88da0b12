/**
 * The mesh of one part while its shape is built, in the part's local frame: triangles for
 * occlusion, the smooth patches whose silhouettes are found per view on the exact surface, and the
 * feature edges (creases and boundaries) declared by the shape, each segment with the normals of
 * the two faces it divides. Shapes (shape-*.ts) fill it; part-mesh.ts poses it.
 */

import { hypot3 } from './vec3'

/** Writes position (out[0..2]) and unit normal (out[3..5]) of the surface at (u, v). */
export type Evaluate = (u: number, v: number, out: Float64Array) => void

/** A seam between faces meeting at less than this dihedral angle is not drawn (tangent seams). */
export const CREASE_MIN_DEGREES = 15
const CREASE_MIN_COS = Math.cos((CREASE_MIN_DEGREES * Math.PI) / 180)

/** A grid of surface samples: vertex (i, j) sits at (us[i], vs[j]). */
export interface PatchSpec {
  us: ArrayLike<number>
  vs: ArrayLike<number>
  /** The u period when the surface closes in u (the last cell joins us[n−1] to us[0] + period). */
  uPeriod?: number
  vPeriod?: number
  evaluate: Evaluate
  /** Smooth patches get silhouettes; flat ones (planar faces) are only occluders. */
  smooth: boolean
}

/** A smooth surface patch, its grid vertices stored row by row from `first`. */
export interface SmoothPatch {
  first: number
  us: Float64Array
  vs: Float64Array
  /** 0 when open in that direction. */
  uPeriod: number
  vPeriod: number
  evaluate: Evaluate
  /** Longest grid edge, world units: the facets' own deviation never hides this patch's silhouette. */
  chord: number
}

export type EdgeKind = 'crease' | 'boundary'

/** A drawn edge of the part: a polyline on its surface. */
export interface FeatureEdge {
  kind: EdgeKind
  /** x, y, z per point. */
  points: Float64Array
  /** Per segment: the normals of the faces on either side (a boundary's second normal is 0). */
  normals: Float64Array
}

/** The finished local mesh of one part. */
export interface LocalMesh {
  positions: Float64Array
  normals: Float64Array
  triangles: Uint32Array
  /** The smooth patch of each triangle, or −1 for a flat face. */
  triPatch: Int16Array
  patches: SmoothPatch[]
  edges: FeatureEdge[]
}

const scratch = new Float64Array(6)

/** Accumulates one part's mesh. */
export class MeshBuilder {
  readonly positions: number[] = []
  readonly normals: number[] = []
  readonly triangles: number[] = []
  readonly triPatch: number[] = []
  readonly patches: SmoothPatch[] = []
  readonly edges: FeatureEdge[] = []

  get vertexCount(): number {
    return this.positions.length / 3
  }

  get triangleCount(): number {
    return this.triangles.length / 3
  }

  /** Adds a vertex and returns its index. */
  vertex(x: number, y: number, z: number, nx: number, ny: number, nz: number): number {
    this.positions.push(x, y, z)
    this.normals.push(nx, ny, nz)
    return this.positions.length / 3 - 1
  }

  /** Adds a triangle unless it has no area. */
  triangle(a: number, b: number, c: number, patch: number): void {
    const p = this.positions
    const ux = p[3 * b]! - p[3 * a]!
    const uy = p[3 * b + 1]! - p[3 * a + 1]!
    const uz = p[3 * b + 2]! - p[3 * a + 2]!
    const vx = p[3 * c]! - p[3 * a]!
    const vy = p[3 * c + 1]! - p[3 * a + 1]!
    const vz = p[3 * c + 2]! - p[3 * a + 2]!
    const cx = uy * vz - uz * vy
    const cy = uz * vx - ux * vz
    const cz = ux * vy - uy * vx
    const area2 = cx * cx + cy * cy + cz * cz
    const scale = ux * ux + uy * uy + uz * uz + vx * vx + vy * vy + vz * vz
    if (area2 <= 1e-24 * scale * scale) return
    this.triangles.push(a, b, c)
    this.triPatch.push(patch)
  }

  /** Adds a flat quad a-b-c-d (two triangles). */
  quad(a: number, b: number, c: number, d: number): void {
    this.triangle(a, b, c, -1)
    this.triangle(a, c, d, -1)
  }

  /** Samples a surface on a grid, adds its cells as triangles and returns its first vertex. */
  grid(spec: PatchSpec): number {
    const nu = spec.us.length
    const nv = spec.vs.length
    const first = this.vertexCount
    for (let j = 0; j < nv; j++) {
      for (let i = 0; i < nu; i++) {
        spec.evaluate(spec.us[i]!, spec.vs[j]!, scratch)
        this.vertex(scratch[0]!, scratch[1]!, scratch[2]!, scratch[3]!, scratch[4]!, scratch[5]!)
      }
    }
    const patch = spec.smooth ? this.patches.length : -1
    const cellsU = spec.uPeriod ? nu : nu - 1
    const cellsV = spec.vPeriod ? nv : nv - 1
    const p = this.positions
    let chord = 0
    const span = (a: number, b: number) =>
      hypot3(p[3 * a]! - p[3 * b]!, p[3 * a + 1]! - p[3 * b + 1]!, p[3 * a + 2]! - p[3 * b + 2]!)
    for (let j = 0; j < cellsV; j++) {
      const j1 = (j + 1) % nv
      for (let i = 0; i < cellsU; i++) {
        const i1 = (i + 1) % nu
        const a = first + j * nu + i
        const b = first + j * nu + i1
        const c = first + j1 * nu + i1
        const d = first + j1 * nu + i
        this.triangle(a, b, c, patch)
        this.triangle(a, c, d, patch)
        chord = Math.max(chord, span(a, b), span(a, d), span(a, c))
      }
    }
    if (spec.smooth) {
      this.patches.push({
        first,
        us: Float64Array.from(spec.us),
        vs: Float64Array.from(spec.vs),
        uPeriod: spec.uPeriod ?? 0,
        vPeriod: spec.vPeriod ?? 0,
        evaluate: spec.evaluate,
        chord,
      })
    }
    return first
  }

  /**
   * Declares an edge along points (x, y, z each) with, per segment, the normal of the face on
   * each side (`normalsB` null for a boundary). Crease segments whose faces meet at less than
   * CREASE_MIN_DEGREES are left out, so tangent seams are not drawn.
   */
  edge(kind: EdgeKind, points: number[], normalsA: number[], normalsB: number[] | null): void {
    const segments = points.length / 3 - 1
    let start = -1
    const flush = (end: number) => {
      if (start < 0) return
      const pts = Float64Array.from(points.slice(3 * start, 3 * (end + 1)))
      const normals = new Float64Array(6 * (end - start))
      for (let s = start; s < end; s++) {
        const o = 6 * (s - start)
        for (let k = 0; k < 3; k++) {
          normals[o + k] = normalsA[3 * s + k]!
          normals[o + 3 + k] = normalsB ? normalsB[3 * s + k]! : 0
        }
      }
      this.edges.push({ kind, points: pts, normals })
      start = -1
    }
    for (let s = 0; s < segments; s++) {
      let keep = true
      if (normalsB) {
        const d =
          normalsA[3 * s]! * normalsB[3 * s]! +
          normalsA[3 * s + 1]! * normalsB[3 * s + 1]! +
          normalsA[3 * s + 2]! * normalsB[3 * s + 2]!
        keep = d < CREASE_MIN_COS
      }
      if (keep && start < 0) start = s
      if (!keep) flush(s)
    }
    flush(segments)
  }

  /** Where the mesh stands now, for mirrorZ. */
  mark(): { vertices: number; edges: number; patches: number } {
    return { vertices: this.vertexCount, edges: this.edges.length, patches: this.patches.length }
  }

  /** Turns over (z → −z) everything added since `from` (a mark). */
  mirrorZ(from: { vertices: number; edges: number; patches: number }): void {
    for (let v = from.vertices; v < this.vertexCount; v++) {
      this.positions[3 * v + 2] = -this.positions[3 * v + 2]!
      this.normals[3 * v + 2] = -this.normals[3 * v + 2]!
    }
    for (let e = from.edges; e < this.edges.length; e++) {
      const { points, normals } = this.edges[e]!
      for (let k = 2; k < points.length; k += 3) points[k] = -points[k]!
      for (let k = 2; k < normals.length; k += 3) normals[k] = -normals[k]!
    }
    for (let p = from.patches; p < this.patches.length; p++) {
      const patch = this.patches[p]!
      const evaluate = patch.evaluate
      patch.evaluate = (u, v, out) => {
        evaluate(u, v, out)
        out[2] = -out[2]!
        out[5] = -out[5]!
      }
    }
  }

  /** The mesh as typed arrays. */
  finish(): LocalMesh {
    return {
      positions: Float64Array.from(this.positions),
      normals: Float64Array.from(this.normals),
      triangles: Uint32Array.from(this.triangles),
      triPatch: Int16Array.from(this.triPatch),
      patches: this.patches,
      edges: this.edges,
    }
  }
}

/**
 * The points of a surface curve at params `ts` of `evaluate(t)`, and the surface normals at the
 * middle of each segment: the two halves of an edge declared along a patch border.
 */
export function sampleCurve(
  ts: ArrayLike<number>,
  period: number,
  evaluate: (t: number, out: Float64Array) => void,
): { points: number[]; normals: number[] } {
  const points: number[] = []
  const normals: number[] = []
  const n = ts.length
  const count = period ? n + 1 : n
  const at = (k: number) => (k < n ? ts[k]! : ts[0]! + period)
  for (let k = 0; k < count; k++) {
    evaluate(at(k), scratch)
    points.push(scratch[0]!, scratch[1]!, scratch[2]!)
  }
  for (let k = 0; k + 1 < count; k++) {
    evaluate((at(k) + at(k + 1)) / 2, scratch)
    normals.push(scratch[3]!, scratch[4]!, scratch[5]!)
  }
  return { points, normals }
}

/** The same normal repeated for `segments` segments (a flat face's side of an edge). */
export function constantNormals(segments: number, nx: number, ny: number, nz: number): number[] {
  const out: number[] = []
  for (let k = 0; k < segments; k++) out.push(nx, ny, nz)
  return out
}

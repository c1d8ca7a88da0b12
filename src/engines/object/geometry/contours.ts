/**
 * Silhouettes of smooth surfaces for one camera, on the exact surface rather than along facet
 * edges (which would zigzag): where the surface turns from facing the eye to facing away,
 * n · (p − eye) = 0 (n · forward for orthographic views). Marching squares over each smooth
 * patch's parameter grid finds the cells it crosses; each crossing on a grid edge is refined on
 * the exact surface (bisection, then a secant step), so silhouette points lie on the true surface.
 * Source: the smooth-contour construction of Hertzmann & Zorin, "Illustrating smooth surfaces"
 * (SIGGRAPH 2000), §3, with exact evaluation in place of interpolated vertex normals.
 */

import { type Camera, facing } from './camera'
import type { SmoothPatch } from './mesh-builder'
import type { PreparedScene } from './prepare-scene'

/** Bisection steps per crossing before the closing secant step (cell / 64). */
const BISECTION_STEPS = 6

/** A silhouette polyline of one smooth patch. */
export interface ContourLine {
  part: number
  /** The patch's index in its part. */
  patch: number
  /** x, y, z per point. */
  points: number[]
  closed: boolean
}

/** Which grid edges each marching-squares case joins (edges: 0 bottom, 1 right, 2 top, 3 left). */
const CASES: number[][] = [
  [],
  [3, 0],
  [0, 1],
  [3, 1],
  [1, 2],
  [],
  [0, 2],
  [3, 2],
  [2, 3],
  [0, 2],
  [],
  [1, 2],
  [1, 3],
  [0, 1],
  [3, 0],
  [],
]

const out6 = new Float64Array(6)

/** The silhouettes of every smooth patch in the scene seen by `cam`. */
export function extractContours(scene: PreparedScene, cam: Camera): ContourLine[] {
  const lines: ContourLine[] = []
  for (const [p, part] of scene.parts.entries()) {
    for (const [k, patch] of part.patches.entries()) {
      const first = scene.vertexOffset[p]! + patch.first
      for (const line of patchContours(scene, cam, patch, first)) {
        lines.push({ part: p, patch: k, ...line })
      }
    }
  }
  return lines
}

function gAt(cam: Camera, patch: SmoothPatch, u: number, v: number): number {
  patch.evaluate(u, v, out6)
  return facing(cam, out6[0]!, out6[1]!, out6[2]!, out6[3]!, out6[4]!, out6[5]!)
}

/** The silhouette polylines of one patch whose grid vertices start at `first`. */
function patchContours(
  scene: PreparedScene,
  cam: Camera,
  patch: SmoothPatch,
  first: number,
): { points: number[]; closed: boolean }[] {
  const { us, vs, uPeriod, vPeriod } = patch
  const nu = us.length
  const nv = vs.length
  const pos = scene.positions
  const nrm = scene.normals
  const g = new Float64Array(nu * nv)
  let positive = 0
  for (let i = 0; i < nu * nv; i++) {
    const o = 3 * (first + i)
    g[i] = facing(cam, pos[o]!, pos[o + 1]!, pos[o + 2]!, nrm[o]!, nrm[o + 1]!, nrm[o + 2]!)
    if (g[i]! >= 0) positive++
  }
  if (positive === 0 || positive === nu * nv) return []
  const uAt = (i: number) => (i < nu ? us[i]! : us[i - nu]! + uPeriod)
  const vAt = (j: number) => (j < nv ? vs[j]! : vs[j - nv]! + vPeriod)
  const points: number[] = []
  const pointOf = new Int32Array(2 * nu * nv).fill(-1)
  const segments: number[] = []

  // The crossing on the grid edge from vertex (i0, j0) to (i1, j1) (unwrapped indices).
  const crossing = (key: number, i0: number, j0: number, i1: number, j1: number): number => {
    const known = pointOf[key]!
    if (known >= 0) return known
    const g0 = g[(j0 % nv) * nu + (i0 % nu)]!
    const g1 = g[(j1 % nv) * nu + (i1 % nu)]!
    // Orient from the facing (g < 0) end to the other.
    const flip = g0 >= 0
    const ua = flip ? uAt(i1) : uAt(i0)
    const va = flip ? vAt(j1) : vAt(j0)
    const ub = flip ? uAt(i0) : uAt(i1)
    const vb = flip ? vAt(j0) : vAt(j1)
    let ga = flip ? g1 : g0
    let gb = flip ? g0 : g1
    let lo = 0
    let hi = 1
    if (gb !== 0) {
      for (let s = 0; s < BISECTION_STEPS; s++) {
        const mid = (lo + hi) / 2
        const gm = gAt(cam, patch, ua + (ub - ua) * mid, va + (vb - va) * mid)
        if (gm >= 0) {
          hi = mid
          gb = gm
        } else {
          lo = mid
          ga = gm
        }
      }
    }
    const f = gb === 0 ? hi : lo + ((hi - lo) * -ga) / (gb - ga)
    patch.evaluate(ua + (ub - ua) * f, va + (vb - va) * f, out6)
    const id = points.length / 3
    points.push(out6[0]!, out6[1]!, out6[2]!)
    pointOf[key] = id
    return id
  }

  const cellsU = uPeriod ? nu : nu - 1
  const cellsV = vPeriod ? nv : nv - 1
  const H = (i: number, j: number) => (j % nv) * nu + (i % nu)
  const V = (i: number, j: number) => nu * nv + (j % nv) * nu + (i % nu)
  for (let j = 0; j < cellsV; j++) {
    for (let i = 0; i < cellsU; i++) {
      const s0 = g[H(i, j)]! >= 0 ? 1 : 0
      const s1 = g[H(i + 1, j)]! >= 0 ? 1 : 0
      const s2 = g[H(i + 1, j + 1)]! >= 0 ? 1 : 0
      const s3 = g[H(i, j + 1)]! >= 0 ? 1 : 0
      const code = s0 | (s1 << 1) | (s2 << 2) | (s3 << 3)
      if (code === 0 || code === 15) continue
      const edge = (e: number): number => {
        if (e === 0) return crossing(H(i, j), i, j, i + 1, j)
        if (e === 1) return crossing(V(i + 1, j), i + 1, j, i + 1, j + 1)
        if (e === 2) return crossing(H(i, j + 1), i, j + 1, i + 1, j + 1)
        return crossing(V(i, j), i, j, i, j + 1)
      }
      let pairs = CASES[code]!
      if (code === 5 || code === 10) {
        // A saddle: the centre decides which corners are joined.
        const centre = gAt(cam, patch, (uAt(i) + uAt(i + 1)) / 2, (vAt(j) + vAt(j + 1)) / 2)
        const centreSign = centre >= 0 ? 1 : 0
        pairs = centreSign === s0 ? [0, 1, 2, 3] : [3, 0, 1, 2]
      }
      for (let k = 0; k < pairs.length; k += 2) segments.push(edge(pairs[k]!), edge(pairs[k + 1]!))
    }
  }
  return chain(points, segments)
}

/** Joins segments (pairs of point ids, each point in at most two) into polylines. */
function chain(points: number[], segments: number[]): { points: number[]; closed: boolean }[] {
  const np = points.length / 3
  const adj = new Int32Array(2 * np).fill(-1)
  for (let s = 0; s < segments.length; s += 2) {
    const a = segments[s]!
    const b = segments[s + 1]!
    if (a === b) continue
    adj[2 * a + (adj[2 * a]! < 0 ? 0 : 1)] = b
    adj[2 * b + (adj[2 * b]! < 0 ? 0 : 1)] = a
  }
  const seen = new Uint8Array(np)
  const out: { points: number[]; closed: boolean }[] = []
  const walk = (start: number) => {
    const ids = [start]
    seen[start] = 1
    let prev = -1
    let at = start
    let closed = false
    while (true) {
      const n0 = adj[2 * at]!
      const n1 = adj[2 * at + 1]!
      const next = n0 >= 0 && n0 !== prev ? n0 : n1 >= 0 && n1 !== prev ? n1 : -1
      if (next < 0) break
      if (next === start) {
        closed = true
        break
      }
      if (seen[next]) break
      seen[next] = 1
      ids.push(next)
      prev = at
      at = next
    }
    if (closed) ids.push(start)
    if (ids.length < 2) return
    const pts: number[] = []
    for (const id of ids) pts.push(points[3 * id]!, points[3 * id + 1]!, points[3 * id + 2]!)
    out.push({ points: pts, closed })
  }
  // Open chains from their ends first, then the loops left.
  for (let p = 0; p < np; p++) {
    if (!seen[p] && adj[2 * p]! < 0 !== adj[2 * p + 1]! < 0) walk(p)
  }
  for (let p = 0; p < np; p++) if (!seen[p] && adj[2 * p]! >= 0) walk(p)
  return out
}

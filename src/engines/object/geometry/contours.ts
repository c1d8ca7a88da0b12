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
/**
 * Silhouette segments longer than this fraction of the scene are split at the exact silhouette
 * (up to CONTOUR_LEVELS times), so a sphere's outline is round at 2000 px, not a 40-gon; at most
 * CONTOUR_POINT_BUDGET points are added per view.
 */
export const CONTOUR_SEGMENT_FRACTION = 0.004
const CONTOUR_LEVELS = 2
const CONTOUR_POINT_BUDGET = 10_000

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
  const refine = { maxLength: CONTOUR_SEGMENT_FRACTION * scene.size, budget: CONTOUR_POINT_BUDGET }
  for (const [p, part] of scene.parts.entries()) {
    for (const [k, patch] of part.patches.entries()) {
      const first = scene.vertexOffset[p]! + patch.first
      for (const line of patchContours(scene, cam, patch, first, refine)) {
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
  refine: { maxLength: number; budget: number },
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
  /** u, v of each point. */
  const params: number[] = []
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
    const u = ua + (ub - ua) * f
    const v = va + (vb - va) * f
    patch.evaluate(u, v, out6)
    const id = points.length / 3
    points.push(out6[0]!, out6[1]!, out6[2]!)
    params.push(u, v)
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
  const su = (uPeriod || us[nu - 1]! - us[0]!) / Math.max(1, uPeriod ? nu : nu - 1)
  const sv = (vPeriod || vs[nv - 1]! - vs[0]!) / Math.max(1, vPeriod ? nv : nv - 1)
  // A first or last row that is one point (a sphere's pole) has no u of its own.
  const pole = (j: number) => {
    const a = 3 * (first + j * nu)
    const b = 3 * (first + j * nu + (nu >> 1))
    return Math.hypot(pos[a]! - pos[b]!, pos[a + 1]! - pos[b + 1]!, pos[a + 2]! - pos[b + 2]!) === 0
  }
  const poles = vPeriod ? [] : [pole(0) ? vs[0]! : NaN, pole(nv - 1) ? vs[nv - 1]! : NaN]
  return chain(points.length / 3, segments).map(({ ids, closed }) => ({
    points: refinePolyline(ids, points, params, { cam, patch, su, sv, poles, limits: refine }),
    closed,
  }))
}

/** What refining one patch's silhouettes needs. */
interface Refine {
  cam: Camera
  patch: SmoothPatch
  /** Grid spacing in u and v (the scale of a transverse search). */
  su: number
  sv: number
  /** v of rows that are single points (poles), where a point takes its neighbour's u. */
  poles: number[]
  /** Shared by all patches of the view: the budget is for the view. */
  limits: { maxLength: number; budget: number }
}

const mid6 = new Float64Array(6)

/**
 * The silhouette polyline through points `ids` (x, y, z in `points`, u, v in `params`), with each
 * segment longer than the limit split at the exact silhouette found across its middle.
 */
function refinePolyline(ids: number[], points: number[], params: number[], r: Refine): number[] {
  const out: number[] = [points[3 * ids[0]!]!, points[3 * ids[0]! + 1]!, points[3 * ids[0]! + 2]!]
  const { patch } = r
  const split = (a: number[], b: number[], level: number) => {
    const long = Math.hypot(b[0]! - a[0]!, b[1]! - a[1]!, b[2]! - a[2]!) > r.limits.maxLength
    if (level < CONTOUR_LEVELS && long && r.limits.budget > 0) {
      const m = middle(a, b, r)
      if (m) {
        r.limits.budget--
        split(a, m, level + 1)
        split(m, b, level + 1)
        return
      }
    }
    out.push(b[0]!, b[1]!, b[2]!)
  }
  for (let k = 0; k + 1 < ids.length; k++) {
    const i = ids[k]!
    const j = ids[k + 1]!
    let ub = params[2 * j]!
    const vb0 = params[2 * j + 1]!
    let vb = vb0
    let ua = params[2 * i]!
    const va = params[2 * i + 1]!
    if (r.poles.includes(va)) ua = ub
    if (r.poles.includes(vb0)) ub = ua
    // Across a periodic seam, take the nearer copy of b.
    if (patch.uPeriod && Math.abs(ub - ua) > patch.uPeriod / 2)
      ub += ua > ub ? patch.uPeriod : -patch.uPeriod
    if (patch.vPeriod && Math.abs(vb - va) > patch.vPeriod / 2)
      vb += va > vb ? patch.vPeriod : -patch.vPeriod
    split(
      [points[3 * i]!, points[3 * i + 1]!, points[3 * i + 2]!, ua, va],
      [points[3 * j]!, points[3 * j + 1]!, points[3 * j + 2]!, ub, vb],
      0,
    )
  }
  return out
}

/**
 * The silhouette point across the middle of a–b (each x, y, z, u, v): searched from the
 * parameter midpoint along the perpendicular in grid units, half the segment's length each way;
 * null when the silhouette does not cross that search line.
 */
function middle(a: number[], b: number[], r: Refine): number[] | null {
  const { patch, cam, su, sv } = r
  const um = (a[3]! + b[3]!) / 2
  const vm = (a[4]! + b[4]!) / 2
  // Perpendicular to a–b in grid units, as long as half of a–b.
  const dx = (b[3]! - a[3]!) / su
  const dy = (b[4]! - a[4]!) / sv
  const nu = (-dy / 2) * su
  const nv = (dx / 2) * sv
  // Into the patch: around a periodic direction, along an open one.
  const wrap = (x: number, period: number, ts: Float64Array) =>
    period ? ((x % period) + period) % period : Math.max(ts[0]!, Math.min(ts[ts.length - 1]!, x))
  const clampU = (u: number) => wrap(u, patch.uPeriod, patch.us)
  const clampV = (v: number) => wrap(v, patch.vPeriod, patch.vs)
  const at = (t: number) => gAt(cam, patch, clampU(um + nu * t), clampV(vm + nv * t))
  const g0 = at(0)
  let lo: number
  let hi: number
  let glo: number
  let ghi: number
  if (g0 === 0) {
    lo = 0
    hi = 0
    glo = 0
    ghi = 0
  } else {
    const gm = at(-1)
    const gp = at(1)
    if (gm < 0 !== g0 < 0) [lo, hi, glo, ghi] = [-1, 0, gm, g0]
    else if (gp < 0 !== g0 < 0) [lo, hi, glo, ghi] = [0, 1, g0, gp]
    else return null
    for (let s = 0; s < BISECTION_STEPS + 2; s++) {
      const t = (lo + hi) / 2
      const gt = at(t)
      if (gt < 0 === glo < 0) [lo, glo] = [t, gt]
      else [hi, ghi] = [t, gt]
    }
  }
  const t = ghi === glo ? lo : lo + ((hi - lo) * -glo) / (ghi - glo)
  const u = clampU(um + nu * t)
  const v = clampV(vm + nv * t)
  patch.evaluate(u, v, mid6)
  // Near a pole or a seam the parameters may lead elsewhere: keep only a point near the chord.
  const cx = (a[0]! + b[0]!) / 2 - mid6[0]!
  const cy = (a[1]! + b[1]!) / 2 - mid6[1]!
  const cz = (a[2]! + b[2]!) / 2 - mid6[2]!
  const chord = Math.hypot(b[0]! - a[0]!, b[1]! - a[1]!, b[2]! - a[2]!)
  if (Math.hypot(cx, cy, cz) > 0.5 * chord) return null
  return [mid6[0]!, mid6[1]!, mid6[2]!, u, v]
}

/** Joins segments (pairs of point ids, each point in at most two) into chains of ids. */
function chain(np: number, segments: number[]): { ids: number[]; closed: boolean }[] {
  const adj = new Int32Array(2 * np).fill(-1)
  for (let s = 0; s < segments.length; s += 2) {
    const a = segments[s]!
    const b = segments[s + 1]!
    if (a === b) continue
    adj[2 * a + (adj[2 * a]! < 0 ? 0 : 1)] = b
    adj[2 * b + (adj[2 * b]! < 0 ? 0 : 1)] = a
  }
  const seen = new Uint8Array(np)
  const out: { ids: number[]; closed: boolean }[] = []
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
    if (ids.length >= 2) out.push({ ids, closed })
  }
  // Open chains from their ends first, then the loops left.
  for (let p = 0; p < np; p++) {
    if (!seen[p] && adj[2 * p]! < 0 !== adj[2 * p + 1]! < 0) walk(p)
  }
  for (let p = 0; p < np; p++) if (!seen[p] && adj[2 * p]! >= 0) walk(p)
  return out
}

/**
 * Where parts pass into each other (a handle into a mug's wall, a shaft through a plate), the
 * curve where their surfaces cross is a visible edge of the object: triangle–triangle
 * intersections of every pair of parts whose boxes overlap, chained into polylines and given to
 * the smaller part. Touching parts (a leg under a table top) cross nowhere and get none.
 * View-independent: computed once per scene.
 */

import type { PartMesh } from './part-mesh'
import { hypot3 } from './vec3'

/** A junction curve, drawn as an edge of `part`. */
export interface JunctionEdge {
  /** Index of the part that owns it (the smaller of the two by box volume). */
  part: number
  points: Float64Array
}

/** Longest part of a triangle pair's work a scene may do (pairs tested), beyond which it stops. */
const MAX_PAIR_TESTS = 4_000_000

/** The junction curves of all pairs of parts; `eps` is the scene's length tolerance. */
export function intersectParts(parts: PartMesh[], eps: number): JunctionEdge[] {
  const out: JunctionEdge[] = []
  const budget = { tests: MAX_PAIR_TESTS }
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      const a = parts[i]!
      const b = parts[j]!
      const lo = [0, 1, 2].map((k) => Math.max(a.min[k]!, b.min[k]!))
      const hi = [0, 1, 2].map((k) => Math.min(a.max[k]!, b.max[k]!))
      if (lo.some((v, k) => hi[k]! - v <= eps)) continue
      const segments = crossPair(a, b, lo, hi, eps, budget)
      if (segments.length === 0) continue
      const volume = (p: PartMesh) =>
        (p.max[0] - p.min[0]) * (p.max[1] - p.min[1]) * (p.max[2] - p.min[2])
      const owner = volume(b) < volume(a) ? j : i
      for (const points of chainSegments(segments, eps)) out.push({ part: owner, points })
    }
  }
  return out
}

/** Triangles of `m` whose boxes meet [lo, hi]: index, then min and max per axis (7 numbers). */
function trianglesIn(m: PartMesh, lo: number[], hi: number[]): Float64Array {
  const t = m.triangles
  const p = m.positions
  const rows: number[] = []
  for (let k = 0; k < t.length; k += 3) {
    const a = 3 * t[k]!
    const b = 3 * t[k + 1]!
    const c = 3 * t[k + 2]!
    let inside = true
    for (let x = 0; x < 3 && inside; x++) {
      const mn = Math.min(p[a + x]!, p[b + x]!, p[c + x]!)
      const mx = Math.max(p[a + x]!, p[b + x]!, p[c + x]!)
      inside = mn <= hi[x]! && mx >= lo[x]!
    }
    if (!inside) continue
    rows.push(k / 3)
    for (let x = 0; x < 3; x++) rows.push(Math.min(p[a + x]!, p[b + x]!, p[c + x]!))
    for (let x = 0; x < 3; x++) rows.push(Math.max(p[a + x]!, p[b + x]!, p[c + x]!))
  }
  return Float64Array.from(rows)
}

/** Segments (6 numbers each) where the surfaces of a and b cross inside [lo, hi]. */
function crossPair(
  a: PartMesh,
  b: PartMesh,
  lo: number[],
  hi: number[],
  eps: number,
  budget: { tests: number },
): number[] {
  const ta = trianglesIn(a, lo, hi)
  const tb = trianglesIn(b, lo, hi)
  // Sweep along x: both lists by their min x.
  const order = (rows: Float64Array) =>
    Array.from({ length: rows.length / 7 }, (_, k) => k).sort(
      (p, q) => rows[7 * p + 1]! - rows[7 * q + 1]!,
    )
  const oa = order(ta)
  const ob = order(tb)
  const out: number[] = []
  let start = 0
  for (const ka of oa) {
    const ra = 7 * ka
    while (start < ob.length && tb[7 * ob[start]! + 4]! < ta[ra + 1]!) start++
    for (let s = start; s < ob.length; s++) {
      const rb = 7 * ob[s]!
      if (tb[rb + 1]! > ta[ra + 4]!) break
      if (tb[rb + 4]! < ta[ra + 1]!) continue
      if (tb[rb + 2]! > ta[ra + 5]! || tb[rb + 5]! < ta[ra + 2]!) continue
      if (tb[rb + 3]! > ta[ra + 6]! || tb[rb + 6]! < ta[ra + 3]!) continue
      if (--budget.tests < 0) return out
      crossTriangles(a, ta[ra]!, b, tb[rb]!, eps, out)
    }
  }
  return out
}

const A = new Float64Array(9)
const B = new Float64Array(9)
/** Planes: unit normal and offset. */
const PA = new Float64Array(4)
const PB = new Float64Array(4)
const DA = new Float64Array(3)
const DB = new Float64Array(3)
/** The two points where a triangle crosses the other's plane. */
const CA = new Float64Array(6)
const CB = new Float64Array(6)

function loadTriangle(m: PartMesh, tri: number, out: Float64Array): void {
  for (let v = 0; v < 3; v++) {
    const i = 3 * m.triangles[3 * tri + v]!
    out[3 * v] = m.positions[i]!
    out[3 * v + 1] = m.positions[i + 1]!
    out[3 * v + 2] = m.positions[i + 2]!
  }
}

/** The plane of a loaded triangle into `out`; false when it has no area. */
function plane(t: Float64Array, out: Float64Array): boolean {
  const ux = t[3]! - t[0]!
  const uy = t[4]! - t[1]!
  const uz = t[5]! - t[2]!
  const vx = t[6]! - t[0]!
  const vy = t[7]! - t[1]!
  const vz = t[8]! - t[2]!
  const nx = uy * vz - uz * vy
  const ny = uz * vx - ux * vz
  const nz = ux * vy - uy * vx
  const l = hypot3(nx, ny, nz)
  if (l === 0) return false
  out[0] = nx / l
  out[1] = ny / l
  out[2] = nz / l
  out[3] = (nx * t[0]! + ny * t[1]! + nz * t[2]!) / l
  return true
}

/** Signed distances of a triangle's vertices to a plane. */
function distances(t: Float64Array, p: Float64Array, out: Float64Array): void {
  for (let v = 0; v < 3; v++) {
    out[v] = p[0]! * t[3 * v]! + p[1]! * t[3 * v + 1]! + p[2]! * t[3 * v + 2]! - p[3]!
  }
}

/**
 * The two points where triangle t crosses a plane (its vertices' signed distances d) into
 * `out`; false unless it has a vertex strictly on each side (touching is not crossing).
 */
function cut(t: Float64Array, d: Float64Array, eps: number, out: Float64Array): boolean {
  const d0 = d[0]!
  const d1 = d[1]!
  const d2 = d[2]!
  if (!(d0 > eps || d1 > eps || d2 > eps) || !(d0 < -eps || d1 < -eps || d2 < -eps)) return false
  let n = 0
  for (let v = 0; v < 3 && n < 6; v++) {
    const w = (v + 1) % 3
    const dv = d[v]!
    const dw = d[w]!
    if (Math.abs(dv) <= eps) {
      out[n++] = t[3 * v]!
      out[n++] = t[3 * v + 1]!
      out[n++] = t[3 * v + 2]!
    } else if ((dv > eps && dw < -eps) || (dv < -eps && dw > eps)) {
      const s = dv / (dv - dw)
      for (let k = 0; k < 3; k++) out[n++] = t[3 * v + k]! + s * (t[3 * w + k]! - t[3 * v + k]!)
    }
  }
  return n === 6
}

/** Appends the segment where triangles ia of a and ib of b cross, if they do. */
function crossTriangles(
  a: PartMesh,
  ia: number,
  b: PartMesh,
  ib: number,
  eps: number,
  out: number[],
): void {
  loadTriangle(a, ia, A)
  loadTriangle(b, ib, B)
  if (!plane(A, PA) || !plane(B, PB)) return
  distances(A, PB, DA)
  if (!cut(A, DA, eps, CA)) return
  distances(B, PA, DB)
  if (!cut(B, DB, eps, CB)) return
  // Both cuts lie on the planes' common line; keep their overlap.
  const lx = PA[1]! * PB[2]! - PA[2]! * PB[1]!
  const ly = PA[2]! * PB[0]! - PA[0]! * PB[2]!
  const lz = PA[0]! * PB[1]! - PA[1]! * PB[0]!
  const a0 = lx * CA[0]! + ly * CA[1]! + lz * CA[2]!
  const a1 = lx * CA[3]! + ly * CA[4]! + lz * CA[5]!
  const b0 = lx * CB[0]! + ly * CB[1]! + lz * CB[2]!
  const b1 = lx * CB[3]! + ly * CB[4]! + lz * CB[5]!
  const lo = Math.max(Math.min(a0, a1), Math.min(b0, b1))
  const hi = Math.min(Math.max(a0, a1), Math.max(b0, b1))
  if (hi - lo <= eps * hypot3(lx, ly, lz)) return
  // Points on a's cut at the overlap's ends.
  for (const at of [lo, hi]) {
    const f = a1 === a0 ? 0 : (at - a0) / (a1 - a0)
    out.push(
      CA[0]! + f * (CA[3]! - CA[0]!),
      CA[1]! + f * (CA[4]! - CA[1]!),
      CA[2]! + f * (CA[5]! - CA[2]!),
    )
  }
}

/** Joins segments (6 numbers each) that share ends (within eps) into polylines. */
export function chainSegments(segments: number[], eps: number): Float64Array[] {
  const count = segments.length / 6
  const key = (o: number) =>
    `${Math.round(segments[o]! / eps)},${Math.round(segments[o + 1]! / eps)},${Math.round(segments[o + 2]! / eps)}`
  const ends = new Map<string, number[]>()
  for (let s = 0; s < count; s++) {
    for (const e of [0, 1]) {
      const k = key(6 * s + 3 * e)
      const list = ends.get(k)
      if (list) list.push(2 * s + e)
      else ends.set(k, [2 * s + e])
    }
  }
  const used = new Uint8Array(count)
  const other = (end: number) => {
    const list = ends.get(key(3 * end))!
    return list.find((e) => e >> 1 !== end >> 1 && !used[e >> 1]) ?? -1
  }
  const lines: Float64Array[] = []
  const walk = (s: number, e: number): number[] => {
    // From end e of segment s onward.
    const pts: number[] = []
    let seg = s
    let from = e
    while (true) {
      used[seg] = 1
      const to = from ^ 1
      const o = 6 * seg + 3 * to
      pts.push(segments[o]!, segments[o + 1]!, segments[o + 2]!)
      const next = other(2 * seg + to)
      if (next < 0) return pts
      seg = next >> 1
      from = next & 1
    }
  }
  for (let s = 0; s < count; s++) {
    if (used[s]) continue
    used[s] = 1
    const forward = walk(s, 0)
    const backward = walk(s, 1)
    used[s] = 1
    const pts: number[] = []
    for (let k = backward.length - 3; k >= 0; k -= 3)
      pts.push(backward[k]!, backward[k + 1]!, backward[k + 2]!)
    pts.push(...forward)
    lines.push(Float64Array.from(pts))
  }
  return lines
}

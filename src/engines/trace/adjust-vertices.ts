/**
 * Trace engine (POST /v1/vectorize), stage 6: moves each polygon vertex off the lattice to where
 * its two sides, fitted to the path, meet, without leaving the vertex's pixel square.
 */

import { hypot2 } from '../../lib/hypot'
import type { PathData } from './path-data'

/*
 * Stage: vertex adjustment (Selinger 2003, Sec. 2.3.1).
 * Job: sub-pixel vertex positions.
 * Input → output: PathData sums, polygon, m → vx, vy (pixels).
 * Method: each side is replaced by the least-squares line through the path points it covers
 *   (centre of mass, principal axis of their covariance; O(1) from the prefix sums). The new
 *   vertex minimises the sum of squared distances to the lines of its two sides, a quadratic form
 *   in (x, y), subject to |x − xᵥ| ≤ ½ and |y − yᵥ| ≤ ½ around its lattice point; when the free
 *   minimum lies outside that square the minimum over the square's four edges is taken. A tiny
 *   pull towards the lattice point (weight EPSILON) makes the form definite when the two lines are
 *   parallel and leaves every other case unchanged to ~1e-6 px.
 */

/** Weight of the pull towards the lattice point, per px² (dimensionless next to the lines' 1). */
const EPSILON = 1e-6

/** Writes the adjusted vertices `vx`, `vy` of a path whose polygon is known. */
export function adjustVertices(p: PathData): void {
  const { m, n, polygon, sums, x, y } = p
  const x0 = x[0]!
  const y0 = y[0]!
  const lines = p.vertexWork
  for (let k = 0; k < m; k++) {
    const i = polygon[k]!
    const j = k + 1 < m ? polygon[k + 1]! : n
    const a = 5 * (j + 1)
    const b = 5 * i
    const count = j - i + 1
    const cx = (sums[a]! - sums[b]!) / count
    const cy = (sums[a + 1]! - sums[b + 1]!) / count
    const vxx = (sums[a + 2]! - sums[b + 2]!) / count - cx * cx
    const vxy = (sums[a + 3]! - sums[b + 3]!) / count - cx * cy
    const vyy = (sums[a + 4]! - sums[b + 4]!) / count - cy * cy
    const lambda = (vxx + vyy) / 2 + Math.sqrt(((vxx - vyy) / 2) ** 2 + vxy * vxy)
    let dx = vxy
    let dy = lambda - vxx
    const ox = lambda - vyy
    if (ox * ox + vxy * vxy > dx * dx + dy * dy) {
      dx = ox
      dy = vxy
    }
    // Not Math.hypot: a builtin call that boxes its arguments and result, one heap number each
    // per vertex (9 MB of garbage with emit-path's on the stippled bench sheet).
    let len = hypot2(dx, dy)
    if (len < 1e-12) {
      const je = j === n ? 0 : j
      dx = x[je]! - x[i]!
      dy = y[je]! - y[i]!
      len = hypot2(dx, dy)
    }
    const nx = -dy / len
    const ny = dx / len
    lines[3 * k] = nx
    lines[3 * k + 1] = ny
    lines[3 * k + 2] = -(nx * cx + ny * cy)
  }
  for (let k = 0; k < m; k++) {
    const prev = 3 * (k === 0 ? m - 1 : k - 1)
    const next = 3 * k
    const ux = x[polygon[k]!]! - x0
    const uy = y[polygon[k]!]! - y0
    let q00 = EPSILON
    let q01 = 0
    let q11 = EPSILON
    let q02 = -EPSILON * ux
    let q12 = -EPSILON * uy
    let q22 = EPSILON * (ux * ux + uy * uy)
    const pa = lines[prev]!
    const pb = lines[prev + 1]!
    const pc = lines[prev + 2]!
    const na = lines[next]!
    const nb = lines[next + 1]!
    const nc = lines[next + 2]!
    q00 += pa * pa + na * na
    q01 += pa * pb + na * nb
    q11 += pb * pb + nb * nb
    q02 += pa * pc + na * nc
    q12 += pb * pc + nb * nc
    q22 += pc * pc + nc * nc
    const det = q00 * q11 - q01 * q01
    let bx = (q12 * q01 - q02 * q11) / det
    let by = (q02 * q01 - q12 * q00) / det
    if (!(Math.abs(bx - ux) <= 0.5 && Math.abs(by - uy) <= 0.5)) {
      // The minimum over the square lies on its boundary: try the best point of each edge.
      let bestEnergy = Number.POSITIVE_INFINITY
      for (let e = 0; e < 4; e++) {
        const side = e & 1 ? 0.5 : -0.5
        let ex: number
        let ey: number
        if (e < 2) {
          ex = ux + side
          ey = clamp(-(q01 * ex + q12) / q11, uy - 0.5, uy + 0.5)
        } else {
          ey = uy + side
          ex = clamp(-(q01 * ey + q02) / q00, ux - 0.5, ux + 0.5)
        }
        const energy =
          q00 * ex * ex + 2 * q01 * ex * ey + q11 * ey * ey + 2 * q02 * ex + 2 * q12 * ey + q22
        if (energy < bestEnergy) {
          bestEnergy = energy
          bx = ex
          by = ey
        }
      }
    }
    p.vx[k] = bx + x0
    p.vy[k] = by + y0
  }
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v))
}

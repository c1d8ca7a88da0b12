/**
 * Trace engine (POST /v1/vectorize), stage 5b: the polygon with the fewest sides, then the least
 * penalty, whose sides each follow a straight subpath of the lattice path.
 */

import type { PathData } from './path-data'

/*
 * Stage: optimal polygon (Selinger 2003, Sec. 2.2.2–2.2.4).
 * Job: choose polygon vertices among the path's points.
 * Input → output: PathData x, y, n, dir, straightEnd → sums, m, polygon.
 * Method:
 * - (i, j) is a possible side when points i − 1 … j + 1 are straight (the side may not cut a
 *   corner that the next point already turns), i.e. j < straightEnd[i − 1].
 * - Penalty of a side (Sec. 2.2.3): its length times the standard deviation of the distances of
 *   points i … j from the line through points i and j, which is √(Σ cross(u, p − mid)² / count)
 *   with u = p_j − p_i: O(1) from prefix sums of x, y, x², xy, y².
 * - The cycle is cut at point 0 (a turn of the path, so a good vertex: exact cyclic optimality is
 *   traded for one linear search) and the optimum is a shortest path from point 0 to point n in
 *   the graph of possible sides: first the fewest sides m, found in O(n) because the points
 *   reachable from i form an interval, then the least total penalty among those. Vertex k of an
 *   optimal polygon is a point first reached with k sides from which n is still reached with
 *   m − k; only such points are scored, each against the points of the previous layer, which
 *   keeps the search near the corners on long straight sides: 116 → 33 ms on a synthetic
 *   2000 × 2000 drawing (Node 22, scratch timing of this stage alone; 331,000 path points).
 */

/** Fills the prefix sums of the path's points (relative to point 0). */
export function computeSums(p: PathData): void {
  const { n, x, y, sums } = p
  const x0 = x[0]!
  const y0 = y[0]!
  sums.fill(0, 0, 5)
  for (let k = 0; k <= n; k++) {
    const j = k === n ? 0 : k
    const px = x[j]! - x0
    const py = y[j]! - y0
    const o = 5 * k
    sums[o + 5] = sums[o]! + px
    sums[o + 6] = sums[o + 1]! + py
    sums[o + 7] = sums[o + 2]! + px * px
    sums[o + 8] = sums[o + 3]! + px * py
    sums[o + 9] = sums[o + 4]! + py * py
  }
}

/** Finds the optimal polygon: writes `m` and `polygon` (vertex 0 = point 0). */
export function findOptimalPolygon(p: PathData): void {
  const { n, straightEnd } = p
  const { reach, from, best } = p
  const count = p.layer
  const prev = p.previous
  // reach[i]: the farthest j with (i, j) a possible side; non-decreasing in i, because
  // straightEnd is (straight-runs.ts).
  for (let i = 0; i < n; i++) {
    const end = i === 0 ? straightEnd[n - 1]! - n : straightEnd[i - 1]!
    reach[i] = Math.min(end - 1, n)
  }
  // from[j]: the first point that reaches j in one side; the points that do are from[j] … j − 1.
  for (let j = 1, i = 0; j <= n; j++) {
    while (reach[i]! < j) i++
    from[j] = i
  }
  count[0] = 0
  for (let j = 1; j <= n; j++) count[j] = count[from[j]!]! + 1
  const m = count[n]!
  p.reserveVertices(m)
  const earliest = p.vertexA
  // earliest[k]: the first point from which n is reached with m − k sides. A vertex k of an
  // optimal polygon lies in layer k (count = k) at or after earliest[k]; only those are scored.
  earliest[m] = n
  for (let k = m - 1; k >= 0; k--) earliest[k] = from[earliest[k + 1]!]!
  best[0] = 0
  for (let j = 1; j <= n; j++) {
    const layer = count[j]!
    if (j < earliest[layer]!) {
      best[j] = Number.POSITIVE_INFINITY
      continue
    }
    scoreVertex(p, j, Math.max(from[j]!, earliest[layer - 1]!), layer - 1)
  }
  if (m < 3) {
    // Two sides would be a sliver with no area: fall back to the path's own turns (≥ 4).
    let turns = 0
    for (let k = 0; k < n; k++) if (p.dir[k] !== p.dir[k === 0 ? n - 1 : k - 1]) turns++
    p.reserveVertices(turns)
    p.m = 0
    for (let k = 0; k < n; k++) {
      if (p.dir[k] !== p.dir[k === 0 ? n - 1 : k - 1]) p.polygon[p.m++] = k
    }
    return
  }
  for (let k = m - 1, j = n; k >= 0; k--) {
    j = prev[j]!
    p.polygon[k] = j
  }
  p.m = m
}

/**
 * Writes best[j] and previous[j]: the least total penalty of reaching point j from a point
 * i ≥ `first` that needs `sides` sides, and that i. The side penalty (Sec. 2.2.3) is computed
 * inline, not by a function returning it: V8 does not inline a function that large and boxes
 * every float it returns, one heap number per candidate side: 8 MB of garbage on the 2828 × 2828
 * stippled bench sheet (Node 22 sampling heap profile), which grows the young generation.
 */
function scoreVertex(p: PathData, j: number, first: number, sides: number): void {
  const { sums, x, y, n, best, layer: count } = p
  const je = j === n ? 0 : j
  const x0 = x[0]!
  const y0 = y[0]!
  const xj = x[je]! - x0
  const yj = y[je]! - y0
  const a = 5 * (j + 1)
  let bestPenalty = Number.POSITIVE_INFINITY
  let bestFrom = -1
  for (let i = first; i < j && count[i] === sides; i++) {
    // Penalty of the side from point i to point j (0 ≤ i < j ≤ n), in pixels².
    const b = 5 * i
    const points = j - i + 1
    const sx = sums[a]! - sums[b]!
    const sy = sums[a + 1]! - sums[b + 1]!
    const sxx = sums[a + 2]! - sums[b + 2]!
    const sxy = sums[a + 3]! - sums[b + 3]!
    const syy = sums[a + 4]! - sums[b + 4]!
    const xi = x[i]! - x0
    const yi = y[i]! - y0
    const mx = (xi + xj) / 2
    const my = (yi + yj) / 2
    const ux = xj - xi
    const uy = yj - yi
    const cxx = sxx - 2 * mx * sx + points * mx * mx
    const cxy = sxy - mx * sy - my * sx + points * mx * my
    const cyy = syy - 2 * my * sy + points * my * my
    const q = ux * ux * cyy - 2 * ux * uy * cxy + uy * uy * cxx
    const total = best[i]! + (q > 0 ? Math.sqrt(q / points) : 0)
    if (total < bestPenalty) {
      bestPenalty = total
      bestFrom = i
    }
  }
  best[j] = bestPenalty
  p.previous[j] = bestFrom
}

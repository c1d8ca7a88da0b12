/**
 * Trace engine (POST /v1/vectorize), stage 7: decides at each polygon vertex between a corner
 * and a Bézier curve, and how round the curve is.
 */

import type { PathData } from './path-data'

/*
 * Stage: smoothing and corner detection (Selinger 2003, Sec. 2.3.2–2.3.3).
 * Job: one curve segment per vertex, from the midpoint of the side before it to the midpoint of
 *   the side after it, with control points on those sides at fraction α of the way to the vertex.
 * Input → output: PathData vx, vy, m → alpha, corner.
 * Method: d is the L∞ distance of vertex b from the line through its neighbours a and c,
 *   |cross(b − a, c − a)| / (|c.x − a.x| + |c.y − a.y|). The curve's middle point lies 3α/4 of
 *   the way from the chord of the two midpoints (d / 2 from b) towards b; touching the edge of
 *   the unit square around b gives α = 4/3 · (1 − 1/d) (0 when d ≤ 1). α ≥ alphaMax makes a
 *   corner (two straight lines through b), so alphaMax 0 keeps the polygon; otherwise α is
 *   clamped to [0.55, 1].
 */

/** Lowest α of a curve: flatter would read as a corner with a small round. */
const ALPHA_MIN = 0.55
/** Highest α of a curve: control points at the vertex. */
const ALPHA_MAX_CURVE = 1

/**
 * Writes `alpha` and `corner` for every vertex.
 * @param alphaMax corner threshold (potrace's -a, default 1); 0 makes every vertex a corner, above
 *   4/3 none is
 */
export function smoothCorners(p: PathData, alphaMax: number): void {
  const { m, vx, vy, alpha, corner } = p
  for (let k = 0; k < m; k++) {
    const a = k === 0 ? m - 1 : k - 1
    const c = k + 1 === m ? 0 : k + 1
    const ux = vx[c]! - vx[a]!
    const uy = vy[c]! - vy[a]!
    const den = Math.abs(ux) + Math.abs(uy)
    let value = 4 / 3
    if (den > 0) {
      const d = Math.abs((vx[k]! - vx[a]!) * uy - (vy[k]! - vy[a]!) * ux) / den
      value = d > 1 ? (4 / 3) * (1 - 1 / d) : 0
    }
    if (value >= alphaMax) {
      corner[k] = 1
      alpha[k] = value
    } else {
      corner[k] = 0
      alpha[k] = Math.min(ALPHA_MAX_CURVE, Math.max(ALPHA_MIN, value))
    }
  }
}

/**
 * Trace engine (POST /v1/vectorize), stage 5a: how far each point of a lattice path can see along
 * a straight line, the input of the optimal polygon.
 */

import type { PathData } from './path-data'
import { BLOCK, MIXED, TAKEN, TurnBlocks } from './turn-blocks'

/** The block shortcut's buffers, reused from path to path. */
const blocks = new TurnBlocks()

/** How many blocks of turns the scans have taken whole so far, by kind (for the tests). */
export function blocksTaken(): { hull: number; band: number } {
  return { hull: blocks.taken, band: blocks.bands }
}

/*
 * Stage: straight subpaths (Selinger 2003, Sec. 2.2.1).
 * Job: for every point i, the last point k such that points i … k form a straight subpath.
 * Input → output: PathData x, y, n → dir, runs (runStart …), straightEnd.
 * Definition: i … k is straight when its steps do not use all four directions and some line
 *   through point i passes within L∞ distance 1 of every point i … k (a line at distance ≤ ½
 *   from all the points, as in the paper, moved to pass through point i, is one of these).
 * Method: the directions that satisfy one point c (relative to point i) form a cone bounded by
 *   the two tangent corners of the square c ± 1; the cone of all points so far is kept as its two
 *   boundary vectors, and the next point k is accepted when k − i lies inside it. Inside a
 *   straight run of one direction the constraint of a point is implied by those of the run's two
 *   ends (the set of points within distance 1 of a line is convex), so the scan jumps from turn
 *   to turn and finds where a run leaves the cone by solving two linear inequalities in integers.
 *   Cost per point: the number of turns in its straight subpath, not its length. The turns are
 *   listed once per path (coordinates, direction, and where the fourth direction comes), so the
 *   scan reads one entry per turn; and points are scanned from the last, each stopping where the
 *   next one ends (below): half the turns visited on the corpus sheets, same ends.
 * - Still quadratic along a long side, slanted or jagged (each point sees most of it): blocks of
 *   turns are taken whole where their hull or their band tells (turn-blocks.ts).
 * - Finally straightEnd[i] = min(straightEnd[i], straightEnd[i + 1]): in the paper every subpath
 *   of a straight path is straight, so i … k counts as straight only when every j … k
 *   (i ≤ j < k) is, seen from its own first point. The test
 *   from one end alone accepts bands 2 px wide (points up to 1 px on either side of the line
 *   through point i); requiring it from every point narrows the band towards the paper's ½ px
 *   on each side, which keeps a side from cutting the one-pixel bumps of thin strokes: IoU of
 *   the bench's scanned text 0.856 → 0.867 with polygon, curves and all else unchanged, and on
 *   noisy shapes the same segment counts as potrace's.
 */

/**
 * Fills `dir`, the runs and `straightEnd` of a loaded path.
 * @param shortcut take blocks of turns whole where their hulls tell (turn-blocks.ts); false scans
 *   turn by turn, the reference the tests hold the shortcut to
 */
export function findStraightRuns(p: PathData, shortcut = true): void {
  const { n, x, y, straightEnd } = p
  const runs = loadRuns(p)
  const { runStart, runXY, runDir, runHorizon } = p
  blocks.reset(runXY, 2 * runs + 2)
  // Points are scanned from the last: a point may not see past where the next one ends up (see
  // the banner), so that point's end caps the scan.
  let cap = 0
  // The first run starting at or after the scan's stop; it moves little from point to point.
  let last = 2 * runs
  for (let i = n - 1, r = runs - 1; i >= 0; i--) {
    while (runStart[r]! > i) r--
    const xi = x[i]!
    const yi = y[i]!
    let stop = i + n - 1
    if (i < n - 1 && cap < stop) stop = cap
    // The run that brings the fourth direction starts where the subpath must end.
    const fourth = runStart[runHorizon[r]!]!
    if (fourth < stop) stop = fourth
    if (last < r + 1) last = r + 1
    while (last > r + 1 && runStart[last - 1]! >= stop) last--
    while (runStart[last]! < stop) last++
    let end = stop
    // Turns closer than 2 steps (L∞) to point i constrain nothing: walk past them.
    let j = r + 1
    let from = -1
    let cx = 0
    let cy = 0
    for (; j < last; j++) {
      cx = runXY[2 * j]! - xi
      cy = runXY[2 * j + 1]! - yi
      if (cx >= 2 || cx <= -2 || cy >= 2 || cy <= -2) {
        from = runStart[j]!
        break
      }
    }
    if (from >= 0) {
      // The cone of allowed directions w: cross(a, w) ≥ 0 and cross(w, b) ≥ 0, from the tangent
      // corners of the square c ± 1 of every turn c so far: the corner offsets that make
      // cross(c, offset) least (a) and greatest (b); ties on an axis go to the nearer corner.
      let sgx = cx > 0 ? 1 : cx < 0 ? -1 : 0
      let sgy = cy > 0 ? 1 : cy < 0 ? -1 : 0
      let ax = cx + (sgy !== 0 ? sgy : -sgx)
      let ay = cy + (sgx !== 0 ? -sgx : -sgy)
      let bx = cx + (sgy !== 0 ? -sgy : -sgx)
      let by = cy + (sgx !== 0 ? sgx : -sgy)
      // Both constraints are linear along a run and hold at its start: a run leaves the cone
      // exactly when its end does (then the last step inside is solved for below).
      let left = false
      // Blocks are tried from the first far turn on, and not after one hugging the point's
      // column (turn-blocks.ts: MIXED).
      let blockFrom = shortcut ? r + 2 : last
      for (j++; j < last; ) {
        // A whole block of turns at once where its hull tells (turn-blocks.ts).
        if ((j & (BLOCK - 1)) === 0 && j + BLOCK <= last && j >= blockFrom) {
          const cone = blocks.cone
          cone[0] = ax
          cone[1] = ay
          cone[2] = bx
          cone[3] = by
          const taken = blocks.take(j, xi, yi)
          if (taken === TAKEN) {
            ax = cone[0]!
            ay = cone[1]!
            bx = cone[2]!
            by = cone[3]!
            j += BLOCK
            continue
          }
          if (taken === MIXED) blockFrom = last
        }
        // Turn by turn to the next block.
        const next = Math.min(last, (j | (BLOCK - 1)) + 1)
        for (; j < next; j++) {
          cx = runXY[2 * j]! - xi
          cy = runXY[2 * j + 1]! - yi
          if (ax * cy - ay * cx < 0 || cx * by - cy * bx < 0) {
            left = true
            break
          }
          sgx = cx > 0 ? 1 : cx < 0 ? -1 : 0
          sgy = cy > 0 ? 1 : cy < 0 ? -1 : 0
          const nax = cx + (sgy !== 0 ? sgy : -sgx)
          const nay = cy + (sgx !== 0 ? -sgx : -sgy)
          const nbx = cx + (sgy !== 0 ? -sgy : -sgx)
          const nby = cy + (sgx !== 0 ? sgx : -sgy)
          if (ax * nay - ay * nax > 0) {
            ax = nax
            ay = nay
          }
          if (nbx * by - nby * bx > 0) {
            bx = nbx
            by = nby
          }
        }
        if (left) break
      }
      let at: number
      if (left) {
        at = runStart[j]!
        from = runStart[j - 1]!
      } else {
        // The last run, from the last turn before the stop to the stop.
        if (runStart[last - 1]! > from) from = runStart[last - 1]!
        at = runStart[last]!
        cx = runXY[2 * last]! - xi
        cy = runXY[2 * last + 1]! - yi
        if (at > stop) {
          const back = at - stop
          const d = runDir[last - 1]!
          cx -= d === 0 ? back : d === 2 ? -back : 0
          cy -= d === 1 ? back : d === 3 ? -back : 0
          at = stop
        }
        left = ax * cy - ay * cx < 0 || cx * by - cy * bx < 0
        j = last
      }
      if (left) {
        const d = runDir[j - 1]!
        const ex = d === 0 ? 1 : d === 2 ? -1 : 0
        const ey = d === 1 ? 1 : d === 3 ? -1 : 0
        const len = at - from
        const px = cx - len * ex
        const py = cy - len * ey
        const inA = stepsInside(ax * py - ay * px, ax * ey - ay * ex, len)
        const inB = stepsInside(px * by - py * bx, ex * by - ey * bx, len)
        end = from + Math.min(inA, inB)
      }
    }
    straightEnd[i] = end
    cap = end
  }
  // A point may not see farther than the points after it (two sweeps cover the wrap).
  for (let sweep = 0; sweep < 2; sweep++) {
    let after = straightEnd[0]! + n
    for (let i = n - 1; i >= 0; i--) {
      if (after < straightEnd[i]!) straightEnd[i] = after
      after = straightEnd[i]!
    }
  }
}

/**
 * Lists the path's runs (maximal steps of one direction; point 0 starts one) twice over, the
 * second time shifted by n, plus sentinels, so that scans cross the wrap without modulo, and each
 * run's horizon: the first run at or after it with which all four directions have occurred.
 * @returns the number of runs of one turn of the path
 */
function loadRuns(p: PathData): number {
  const { n, x, y, dir } = p
  p.reserveRuns(2 * n + 2)
  const { runStart, runXY, runDir, runHorizon } = p
  let runs = 0
  for (let k = 0; k < n; k++) {
    const next = k + 1 === n ? 0 : k + 1
    const dx = x[next]! - x[k]!
    const dy = y[next]! - y[k]!
    const d = dx === 1 ? 0 : dy === 1 ? 1 : dx === -1 ? 2 : 3
    dir[k] = d
    if (k > 0 && d === dir[k - 1]) continue
    runStart[runs] = k
    runXY[2 * runs] = x[k]!
    runXY[2 * runs + 1] = y[k]!
    runDir[runs] = d
    runs++
  }
  // The second listing (+ n), then two sentinels (+ 2n); a closed path has at least 4 runs.
  for (let r = 0; r < runs + 2; r++) {
    const s = r < runs ? r : r - runs
    runStart[runs + r] = runStart[s]! + (r < runs ? n : 2 * n)
    runXY[2 * (runs + r)] = runXY[2 * s]!
    runXY[2 * (runs + r) + 1] = runXY[2 * s + 1]!
    runDir[runs + r] = runDir[s]!
  }
  // A closed path turns through all four directions, so every window ends within one turn.
  const seen = [0, 0, 0, 0]
  let kinds = 0
  for (let r = 0, j = 0; r < runs; r++) {
    while (kinds < 4) {
      if (seen[runDir[j]!]!++ === 0) kinds++
      j++
    }
    runHorizon[r] = j - 1
    if (--seen[runDir[r]!]! === 0) kinds--
  }
  return runs
}

/**
 * The largest t ≤ limit such that value + s · slope ≥ 0 for every whole s in 1 … t (0 when s = 1
 * already fails). All inputs are integers.
 */
function stepsInside(value: number, slope: number, limit: number): number {
  if (slope >= 0) return value + slope >= 0 ? limit : 0
  const t = Math.floor(value / -slope)
  return Math.max(0, Math.min(t, limit))
}

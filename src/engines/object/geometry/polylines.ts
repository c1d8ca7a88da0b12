/**
 * The fragments left of each line joined back into 2D polylines, visible and hidden apart, and
 * thinned (Ramer–Douglas–Peucker within a tolerance far below a pen's width) so a straight
 * silhouette is two points, not forty.
 */

import type { Point } from '../../vector'
import type { Pieces } from './classify-lines'
import type { Fragments } from './dedupe-lines'
import { hypot2 } from './vec3'
import type { LineSet } from './view-lines'

/** A polyline of one part, visible or hidden. */
export interface PartPolyline {
  part: number
  hidden: boolean
  points: Point[]
}

/** Joins fragments into polylines (closed lines close where they began); `tol` thins them. */
export function assemblePolylines(
  pieces: Pieces,
  fragments: Fragments,
  set: LineSet,
  tol: number,
): PartPolyline[] {
  const out: PartPolyline[] = []
  const pointAt = (f: number, which: 'a' | 'b'): Point => {
    const i = fragments.piece[f]!
    const t = which === 'a' ? fragments.ta[f]! : fragments.tb[f]!
    return {
      x: pieces.x0[i]! + (pieces.x1[i]! - pieces.x0[i]!) * t,
      y: pieces.y0[i]! + (pieces.y1[i]! - pieces.y0[i]!) * t,
    }
  }
  // Fragment f continues fragment f − 1 when it starts where that one ends, on the same line.
  const continues = (f: number, g: number) => {
    const i = fragments.piece[f]!
    const j = fragments.piece[g]!
    if (pieces.line[i] !== pieces.line[j] || pieces.hidden[i] !== pieces.hidden[j]) return false
    if (i === j) return fragments.tb[f] === fragments.ta[g]
    // Consecutive pieces of a line share their common end.
    return j === i + 1 && fragments.tb[f] === 1 && fragments.ta[g] === 0
  }
  let f = 0
  while (f < fragments.count) {
    const lineIndex = pieces.line[fragments.piece[f]!]!
    // The runs of one line.
    const runs: number[][] = []
    let g = f
    while (g < fragments.count && pieces.line[fragments.piece[g]!] === lineIndex) {
      const last = runs[runs.length - 1]
      if (last && continues(last[last.length - 1]!, g)) last.push(g)
      else runs.push([g])
      g++
    }
    const line = set.lines[lineIndex]!
    // A closed line's last run may go on into its first.
    if (line.closed && runs.length > 1) {
      const first = runs[0]!
      const last = runs[runs.length - 1]!
      const a = fragments.piece[last[last.length - 1]!]!
      const b = fragments.piece[first[0]!]!
      const lastPiece = pieces.seg[a] === line.first + line.count - 1 && pieces.t1[a] === 1
      if (
        lastPiece &&
        fragments.tb[last[last.length - 1]!] === 1 &&
        fragments.ta[first[0]!] === 0 &&
        pieces.t0[b] === 0 &&
        pieces.seg[b] === line.first &&
        pieces.hidden[a] === pieces.hidden[b]
      ) {
        runs[0] = [...last, ...first]
        runs.pop()
      }
    }
    for (const run of runs) {
      const points = [pointAt(run[0]!, 'a'), ...run.map((k) => pointAt(k, 'b'))]
      // A line seen end-on (an edge along the view direction) is a point, not drawn.
      if (points.every((p) => hypot2(p.x - points[0]!.x, p.y - points[0]!.y) <= tol)) continue
      out.push({
        part: line.part,
        hidden: pieces.hidden[fragments.piece[run[0]!]!] === 1,
        points: simplify(points, tol),
      })
    }
    f = g
  }
  return out
}

/** Ramer–Douglas–Peucker: the points of `pts` that keep it within `tol`. */
export function simplify(pts: Point[], tol: number): Point[] {
  if (pts.length <= 2) return pts
  const keep = new Uint8Array(pts.length)
  keep[0] = 1
  keep[pts.length - 1] = 1
  const stack: [number, number][] = [[0, pts.length - 1]]
  while (stack.length > 0) {
    const [a, b] = stack.pop()!
    const pa = pts[a]!
    const pb = pts[b]!
    const dx = pb.x - pa.x
    const dy = pb.y - pa.y
    const len = hypot2(dx, dy)
    let worst = -1
    let far = tol
    for (let k = a + 1; k < b; k++) {
      const p = pts[k]!
      const d =
        len > 0
          ? Math.abs((p.x - pa.x) * dy - (p.y - pa.y) * dx) / len
          : hypot2(p.x - pa.x, p.y - pa.y)
      if (d > far) {
        far = d
        worst = k
      }
    }
    if (worst >= 0) {
      keep[worst] = 1
      stack.push([a, worst], [worst, b])
    }
  }
  return pts.filter((_, k) => keep[k])
}

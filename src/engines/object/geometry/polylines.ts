/**
 * The fragments left of each line joined back into 2D polylines, visible and hidden apart,
 * polylines of one part that meet end to end joined into one (a rim and the silhouette it runs
 * into), and thinned (Ramer–Douglas–Peucker within a tolerance far below a pen's width) so a
 * straight silhouette is two points, not forty.
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
        points,
      })
    }
    f = g
  }
  return joinPolylines(out, tol).map((l) => ({ ...l, points: simplify(l.points, tol) }))
}

/**
 * Polylines of the same part and status that meet end to end (within tol) joined, in order:
 * each polyline, from the first, takes the earliest one that continues it at its end, then at
 * its start, until none does or it closes.
 */
export function joinPolylines(lines: PartPolyline[], tol: number): PartPolyline[] {
  const cell = (p: Point) => [Math.round(p.x / tol), Math.round(p.y / tol)] as const
  // Ends by cell: line index · 2 + (0 start, 1 end).
  const ends = new Map<string, number[]>()
  for (const [i, l] of lines.entries()) {
    for (const e of [0, 1]) {
      const [cx, cy] = cell(e ? l.points[l.points.length - 1]! : l.points[0]!)
      const k = `${cx},${cy}`
      const list = ends.get(k)
      if (list) list.push(2 * i + e)
      else ends.set(k, [2 * i + e])
    }
  }
  const used = new Uint8Array(lines.length)
  const close = (a: Point, b: Point) => hypot2(a.x - b.x, a.y - b.y) <= tol
  /** The earliest unused line like `like` with an end at p: [index, which end], or null. */
  const next = (p: Point, like: PartPolyline): [number, number] | null => {
    const [cx, cy] = cell(p)
    let best = -1
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const e of ends.get(`${cx + dx},${cy + dy}`) ?? []) {
          const l = lines[e >> 1]!
          if (used[e >> 1] || l.part !== like.part || l.hidden !== like.hidden) continue
          const at = e & 1 ? l.points[l.points.length - 1]! : l.points[0]!
          if (close(at, p) && (best < 0 || e < best)) best = e
        }
      }
    }
    return best < 0 ? null : [best >> 1, best & 1]
  }
  const out: PartPolyline[] = []
  for (const [i, l] of lines.entries()) {
    if (used[i]) continue
    used[i] = 1
    let points = l.points
    const closed = () => points.length > 2 && close(points[0]!, points[points.length - 1]!)
    for (let found = next(points[points.length - 1]!, l); found && !closed(); ) {
      const [j, end] = found
      used[j] = 1
      const more = lines[j]!.points
      points = points.concat((end === 0 ? more : [...more].reverse()).slice(1))
      found = next(points[points.length - 1]!, l)
    }
    for (let found = next(points[0]!, l); found && !closed(); ) {
      const [j, end] = found
      used[j] = 1
      const more = lines[j]!.points
      points = (end === 1 ? more : [...more].reverse()).slice(0, -1).concat(points)
      found = next(points[0]!, l)
    }
    out.push({ ...l, points })
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

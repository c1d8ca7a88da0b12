/**
 * Every line that may be drawn in one view, as segments in flat arrays: each part's creases and
 * boundaries, the junction curves, and the silhouettes found for this camera. Each segment carries
 * its world ends and their images, and whether it can be an outline (a silhouette, a boundary, a
 * junction, or a crease between a face turned toward the eye and one turned away): only outlines
 * change what is hidden behind them, so only they split other lines (Appel's rule).
 */

import { type Camera, facing, projectPoint } from './camera'
import type { ContourLine } from './contours'
import type { PreparedScene } from './prepare-scene'

/** Numbers per segment: world a (x, y, z), world b, image a (x, y, nearness), image b. */
export const SEG_STRIDE = 12

/** What a line is. */
export type LineKind = 'crease' | 'boundary' | 'contour' | 'junction'

/** A polyline: segments first .. first + count − 1. */
export interface ViewLine {
  kind: LineKind
  part: number
  /** Smooth patch of a silhouette (its own facets are held to `selfMargin`), else −1. */
  patch: number
  selfMargin: number
  first: number
  count: number
  closed: boolean
}

/** The lines of one view. */
export interface LineSet {
  lines: ViewLine[]
  seg: Float64Array
  segLine: Int32Array
  /** 1 when the segment may be an outline. */
  outline: Uint8Array
  count: number
}

interface RawLine {
  kind: LineKind
  part: number
  patch: number
  selfMargin: number
  points: ArrayLike<number>
  /** Per segment: normals of the two faces (creases only). */
  normals?: ArrayLike<number>
}

/** Gathers the lines of `scene` seen by `cam`, with the silhouettes `contours`. */
export function gatherLines(scene: PreparedScene, cam: Camera, contours: ContourLine[]): LineSet {
  const raw: RawLine[] = []
  for (const [p, part] of scene.parts.entries()) {
    for (const e of part.edges) {
      raw.push({
        kind: e.kind,
        part: p,
        patch: -1,
        selfMargin: 0,
        points: e.points,
        normals: e.normals,
      })
    }
  }
  for (const j of scene.junctions) {
    raw.push({ kind: 'junction', part: j.part, patch: -1, selfMargin: 0, points: j.points })
  }
  for (const c of contours) {
    const patch = scene.parts[c.part]!.patches[c.patch]!
    raw.push({
      kind: 'contour',
      part: c.part,
      patch: c.patch,
      selfMargin: patch.chord,
      points: c.points,
    })
  }
  let count = 0
  for (const r of raw) count += Math.max(0, r.points.length / 3 - 1)
  const seg = new Float64Array(SEG_STRIDE * count)
  const segLine = new Int32Array(count)
  const outline = new Uint8Array(count)
  const lines: ViewLine[] = []
  const eps = 1e-9 * scene.size
  let s = 0
  for (const r of raw) {
    const n = r.points.length / 3
    if (n < 2) continue
    const pts = r.points
    const first = s
    for (let k = 0; k + 1 < n; k++) {
      const o = SEG_STRIDE * s
      for (let a = 0; a < 6; a++) seg[o + a] = pts[3 * k + a]!
      projectPoint(cam, seg[o]!, seg[o + 1]!, seg[o + 2]!, seg, o + 6)
      projectPoint(cam, seg[o + 3]!, seg[o + 4]!, seg[o + 5]!, seg, o + 9)
      segLine[s] = lines.length
      if (r.kind !== 'crease' || !r.normals) outline[s] = 1
      else {
        const mx = (seg[o]! + seg[o + 3]!) / 2
        const my = (seg[o + 1]! + seg[o + 4]!) / 2
        const mz = (seg[o + 2]! + seg[o + 5]!) / 2
        const nm = r.normals
        const fa = facing(cam, mx, my, mz, nm[6 * k]!, nm[6 * k + 1]!, nm[6 * k + 2]!)
        const fb = facing(cam, mx, my, mz, nm[6 * k + 3]!, nm[6 * k + 4]!, nm[6 * k + 5]!)
        outline[s] = fa < 0 !== fb < 0 ? 1 : 0
      }
      s++
    }
    const closed =
      Math.abs(pts[0]! - pts[3 * (n - 1)]!) <= eps &&
      Math.abs(pts[1]! - pts[3 * (n - 1) + 1]!) <= eps &&
      Math.abs(pts[2]! - pts[3 * (n - 1) + 2]!) <= eps
    lines.push({
      kind: r.kind,
      part: r.part,
      patch: r.patch,
      selfMargin: r.selfMargin,
      first,
      count: s - first,
      closed,
    })
  }
  return { lines, seg, segLine, outline, count }
}

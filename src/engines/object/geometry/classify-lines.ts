/**
 * Hidden-line removal proper: each segment cut at its split parameters into pieces whose
 * visibility cannot change inside, and each piece judged by its midpoint (view-mesh.ts isHidden).
 * Where two neighbouring pieces differ although nothing split them (a silhouette's cusp, where
 * the facets and the exact surface disagree), the change is found by bisection.
 */

import { F64List, I32List } from './buffers'
import { projectPoint } from './camera'
import type { Splits } from './split-lines'
import { type LineSet, SEG_STRIDE } from './view-lines'
import { isHidden, type ViewMesh } from './view-mesh'

/** Bisection steps locating an unexplained change of visibility. */
const REFINE_STEPS = 12
/** Split parameters closer than this are one. */
const T_MERGE = 1e-9

/** The judged pieces of every line, in line order. */
export interface Pieces {
  count: number
  line: Int32Array
  seg: Int32Array
  t0: Float64Array
  t1: Float64Array
  hidden: Uint8Array
  /** Image of each piece's ends. */
  x0: Float64Array
  y0: Float64Array
  x1: Float64Array
  y1: Float64Array
}

/** Cuts and judges every line of `set`. */
export function classifyLines(vm: ViewMesh, set: LineSet, splits: Splits): Pieces {
  const capacity = set.count + splits.params.length
  const outSeg = new I32List(capacity)
  const outT0 = new F64List(capacity)
  const outT1 = new F64List(capacity)
  const outHidden = new I32List(capacity)
  const outLine = new I32List(capacity)
  const s3 = set.seg
  const hiddenAt = (s: number, t: number): number => {
    const o = SEG_STRIDE * s
    const l = set.lines[set.segLine[s]!]!
    return isHidden(
      vm,
      s3[o]! + (s3[o + 3]! - s3[o]!) * t,
      s3[o + 1]! + (s3[o + 4]! - s3[o + 1]!) * t,
      s3[o + 2]! + (s3[o + 5]! - s3[o + 2]!) * t,
      l.part,
      l.patch,
      l.selfMargin,
    )
      ? 1
      : 0
  }
  // One line's pieces at a time (short lists, so inserting a refined change is cheap).
  const seg: number[] = []
  const t0: number[] = []
  const t1: number[] = []
  const hidden: number[] = []
  for (const [li, l] of set.lines.entries()) {
    seg.length = 0
    t0.length = 0
    t1.length = 0
    hidden.length = 0
    for (let s = l.first; s < l.first + l.count; s++) {
      let last = 0
      const cut = (t: number) => {
        if (t - last <= T_MERGE) return
        seg.push(s)
        t0.push(last)
        t1.push(t)
        hidden.push(hiddenAt(s, (last + t) / 2))
        last = t
      }
      for (let k = splits.start[s]!; k < splits.start[s + 1]!; k++) cut(splits.params[k]!)
      if (last < 1 - T_MERGE) cut(1)
      else t1[t1.length - 1] = 1
    }
    // Changes at a vertex between segments were not explained by a split: find them.
    for (let i = 0; i + 1 < seg.length; i++) {
      if (hidden[i] === hidden[i + 1] || t1[i] !== 1 || t0[i + 1] !== 0) continue
      const sa = seg[i]!
      const sb = seg[i + 1]!
      const ma = (t0[i]! + 1) / 2
      const mb = t1[i + 1]! / 2
      const where = (u: number): [number, number] =>
        u < 0.5 ? [sa, ma + (1 - ma) * 2 * u] : [sb, mb * (2 * u - 1)]
      let lo = 0
      let hi = 1
      for (let k = 0; k < REFINE_STEPS; k++) {
        const mid = (lo + hi) / 2
        const [s, t] = where(mid)
        if (hiddenAt(s, t) === hidden[i]) lo = mid
        else hi = mid
      }
      const [s, t] = where((lo + hi) / 2)
      if (s === sa && t < 1 - T_MERGE && t > t0[i]! + T_MERGE) {
        seg.splice(i + 1, 0, sa)
        t0.splice(i + 1, 0, t)
        t1.splice(i + 1, 0, 1)
        hidden.splice(i + 1, 0, hidden[i + 1]!)
        t1[i] = t
        i++
      } else if (s === sb && t > T_MERGE && t < t1[i + 1]! - T_MERGE) {
        seg.splice(i + 1, 0, sb)
        t0.splice(i + 1, 0, 0)
        t1.splice(i + 1, 0, t)
        hidden.splice(i + 1, 0, hidden[i]!)
        t0[i + 2] = t
        i++
      }
    }
    for (let i = 0; i < seg.length; i++) {
      outSeg.push(seg[i]!)
      outT0.push(t0[i]!)
      outT1.push(t1[i]!)
      outHidden.push(hidden[i]!)
      outLine.push(li)
    }
  }
  const count = outSeg.length
  const pieces: Pieces = {
    count,
    line: outLine.view(),
    seg: outSeg.view(),
    t0: outT0.view(),
    t1: outT1.view(),
    hidden: Uint8Array.from(outHidden.data.subarray(0, count)),
    x0: new Float64Array(count),
    y0: new Float64Array(count),
    x1: new Float64Array(count),
    y1: new Float64Array(count),
  }
  const p = new Float64Array(3)
  const at = (s: number, t: number) => {
    const o = SEG_STRIDE * s
    projectPoint(
      vm.cam,
      s3[o]! + (s3[o + 3]! - s3[o]!) * t,
      s3[o + 1]! + (s3[o + 4]! - s3[o + 1]!) * t,
      s3[o + 2]! + (s3[o + 5]! - s3[o + 2]!) * t,
      p,
      0,
    )
  }
  const { seg: pseg, t0: pt0, t1: pt1 } = pieces
  for (let i = 0; i < count; i++) {
    const s = pseg[i]!
    if (pt0[i] === 0) {
      pieces.x0[i] = s3[SEG_STRIDE * s + 6]!
      pieces.y0[i] = s3[SEG_STRIDE * s + 7]!
    } else {
      at(s, pt0[i]!)
      pieces.x0[i] = p[0]!
      pieces.y0[i] = p[1]!
    }
    if (pt1[i] === 1) {
      pieces.x1[i] = s3[SEG_STRIDE * s + 9]!
      pieces.y1[i] = s3[SEG_STRIDE * s + 10]!
    } else {
      at(s, pt1[i]!)
      pieces.x1[i] = p[0]!
      pieces.y1[i] = p[1]!
    }
  }
  return pieces
}

/**
 * The centre curves round bars are swept along (shape-pipe.ts): an ellipse (torus), a helix
 * (spring) and a polyline whose corners are bent round (tube). Each gives, at any parameter, the
 * point and a frame (tangent T, normals N and B) with N and B across the bar, so the bar's surface
 * c + r (cos v N + sin v B) has exactly the normal cos v N + sin v B.
 */

import { cosTurns, sinTurns } from './angles'
import { arcSegments, type Tessellation, turnSegments } from './tessellation'
import {
  add,
  cross,
  dot,
  hypot2,
  length,
  normalize,
  rotateAbout,
  scale,
  sub,
  type Vec3,
} from './vec3'

/** A centre curve over parameters [0, end]. */
export interface Spine {
  /** Whether the curve closes (the parameter is periodic with period `end`). */
  closed: boolean
  end: number
  /** Parameters the bar's rings are placed at, ascending from 0 (to `end` when open). */
  samples: number[]
  /** Writes c (out[0..2]), N (3..5), B (6..8) and T (9..11) at parameter s. */
  frame(s: number, out: Float64Array): void
}

/** The ellipse (rx cos 2πs, ry sin 2πs, 0), s in turns; N points away from the centre, B is +z. */
export function ellipseSpine(rx: number, ry: number, barRadius: number, t: Tessellation): Spine {
  const n = turnSegments(Math.max(rx, ry) + barRadius, t)
  return {
    closed: true,
    end: 1,
    samples: Array.from({ length: n }, (_, k) => k / n),
    frame(s, out) {
      const c = cosTurns(s)
      const sn = sinTurns(s)
      out[0] = rx * c
      out[1] = ry * sn
      out[2] = 0
      const nx = ry * c
      const ny = rx * sn
      const l = hypot2(nx, ny)
      out[3] = nx / l
      out[4] = ny / l
      out[5] = 0
      out[6] = 0
      out[7] = 0
      out[8] = 1
      out[9] = -ny / l
      out[10] = nx / l
      out[11] = 0
    },
  }
}

/**
 * A helix of `turns` around the z axis with semi-axes rx, ry, rising from z0 to z1, s ∈ [0, 1];
 * N is the inward direction across the curve (the Frenet normal of a round helix).
 */
export function helixSpine(
  rx: number,
  ry: number,
  z0: number,
  z1: number,
  turns: number,
  segmentsPerTurn: number,
): Spine {
  const count = Math.max(2, Math.ceil(turns * segmentsPerTurn))
  const rise = z1 - z0
  const w = 2 * Math.PI * turns
  return {
    closed: false,
    end: 1,
    samples: Array.from({ length: count + 1 }, (_, k) => k / count),
    frame(s, out) {
      const a = turns * s
      const c = cosTurns(a)
      const sn = sinTurns(a)
      out[0] = rx * c
      out[1] = ry * sn
      out[2] = z0 + rise * s
      // The tangent, and the inward direction (−c, −sn, 0) made perpendicular to it.
      let tx = -rx * sn * w
      let ty = ry * c * w
      let tz = rise
      const tl = Math.sqrt(tx * tx + ty * ty + tz * tz)
      tx /= tl
      ty /= tl
      tz /= tl
      const d = -c * tx - sn * ty
      let nx = -c - d * tx
      let ny = -sn - d * ty
      let nz = -d * tz
      const nl = Math.sqrt(nx * nx + ny * ny + nz * nz)
      nx /= nl
      ny /= nl
      nz /= nl
      out[3] = nx
      out[4] = ny
      out[5] = nz
      out[6] = ty * nz - tz * ny
      out[7] = tz * nx - tx * nz
      out[8] = tx * ny - ty * nx
      out[9] = tx
      out[10] = ty
      out[11] = tz
    },
  }
}

/** A straight run or a circular bend of the tube's centre line, by arc length from `s0`. */
type Piece =
  | { kind: 'line'; s0: number; len: number; a: Vec3; dir: Vec3; n: Vec3; b: Vec3 }
  | {
      kind: 'arc'
      s0: number
      len: number
      centre: Vec3
      axis: Vec3
      /** From the centre to the arc's start. */
      radial: Vec3
      radius: number
      t: Vec3
      n: Vec3
      b: Vec3
    }

/**
 * The polyline `points` with each corner replaced by a bend of radius `bend` (smaller where the
 * runs beside it are short), parameterized by arc length, with a rotation-minimizing frame.
 */
export function pathSpine(points: Vec3[], bend: number, barRadius: number, t: Tessellation): Spine {
  const pts = points.filter((p, i) => i === 0 || length(sub(p, points[i - 1]!)) > 1e-9)
  if (pts.length < 2) pts.push(add(pts[0] ?? [0, 0, 0], [0, 0, 1e-6]))
  // Tangent lengths of the bends: each corner takes at most half of each run beside it (all of
  // an end run).
  const runs = pts.slice(1).map((p, i) => length(sub(p, pts[i]!)))
  const bends: {
    at: Vec3
    start: Vec3
    end: Vec3
    centre: Vec3
    axis: Vec3
    r: number
    angle: number
  }[] = []
  const firstDir = normalize(sub(pts[1]!, pts[0]!))
  const helper: Vec3 = Math.abs(firstDir[2]) < 0.9 ? [0, 0, 1] : [1, 0, 0]
  const n0 = normalize(sub(helper, scale(firstDir, dot(helper, firstDir))))
  for (let i = 1; i + 1 < pts.length; i++) {
    const d0 = normalize(sub(pts[i]!, pts[i - 1]!))
    const d1 = normalize(sub(pts[i + 1]!, pts[i]!))
    const angle = Math.acos(Math.max(-1, Math.min(1, dot(d0, d1))))
    if (angle < 1e-6 || angle > Math.PI - 1e-3) continue
    const room = Math.min(
      runs[i - 1]! * (i - 1 === 0 ? 1 : 0.5),
      runs[i]! * (i + 1 === pts.length - 1 ? 1 : 0.5),
    )
    const half = Math.tan(angle / 2)
    const r = Math.min(bend, room / half)
    const tangent = r * half
    const start = sub(pts[i]!, scale(d0, tangent))
    const end = add(pts[i]!, scale(d1, tangent))
    const inward = normalize(sub(d1, d0))
    const centre = add(pts[i]!, scale(inward, r / Math.cos(angle / 2)))
    bends.push({ at: pts[i]!, start, end, centre, axis: normalize(cross(d0, d1)), r, angle })
  }
  // Pieces in order, each starting with the frame the previous one ends with.
  const pieces: Piece[] = []
  let s = 0
  let from = pts[0]!
  let n = n0
  let b = cross(firstDir, n0)
  let bendIndex = 0
  const samples: number[] = [0]
  for (let i = 1; i < pts.length; i++) {
    const corner = bends[bendIndex]?.at === pts[i] ? bends[bendIndex++]! : null
    const to = corner ? corner.start : pts[i]!
    const len = length(sub(to, from))
    const dir = len > 0 ? normalize(sub(to, from)) : normalize(sub(pts[i]!, pts[i - 1]!))
    if (len > 0) {
      pieces.push({ kind: 'line', s0: s, len, a: from, dir, n, b })
      s += len
      samples.push(s)
    }
    if (corner) {
      const len = corner.r * corner.angle
      const radial = sub(corner.start, corner.centre)
      pieces.push({
        kind: 'arc',
        s0: s,
        len,
        centre: corner.centre,
        axis: corner.axis,
        radial,
        radius: corner.r,
        t: dir,
        n,
        b,
      })
      const steps = arcSegments(corner.r + barRadius, corner.angle, t)
      for (let k = 1; k <= steps; k++) samples.push(s + (len * k) / steps)
      n = rotateAbout(n, corner.axis, corner.angle)
      b = rotateAbout(b, corner.axis, corner.angle)
      s += len
      from = corner.end
    } else {
      from = pts[i]!
    }
  }
  const end = s
  return {
    closed: false,
    end,
    samples,
    frame(at, out) {
      let piece = pieces[0]!
      for (const p of pieces) if (p.s0 <= at) piece = p
      const f = Math.min(Math.max(at - piece.s0, 0), piece.len)
      if (piece.kind === 'line') {
        out.set(add(piece.a, scale(piece.dir, f)), 0)
        out.set(piece.n, 3)
        out.set(piece.b, 6)
        out.set(piece.dir, 9)
        return
      }
      const angle = f / piece.radius
      out.set(add(piece.centre, rotateAbout(piece.radial, piece.axis, angle)), 0)
      out.set(rotateAbout(piece.n, piece.axis, angle), 3)
      out.set(rotateAbout(piece.b, piece.axis, angle), 6)
      out.set(rotateAbout(piece.t, piece.axis, angle), 9)
    },
  }
}

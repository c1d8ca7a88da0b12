/**
 * Round bars swept along a centre curve (spines.ts): the torus (an ellipse), the tube (a bent
 * polyline) and the helix (a spring's wire). One smooth patch per wall; an open bar gets flat end
 * caps with a crease at each rim; a hollow tube gets a bore and ring-shaped ends.
 */

import { cosTurns, sinTurns } from './angles'
import { constantNormals, type Evaluate, type MeshBuilder, sampleCurve } from './mesh-builder'
import type { Spine } from './spines'
import { type Tessellation, turnSegments } from './tessellation'

const frame = new Float64Array(12)

/** The bar of radius r around `spine` at (u = spine parameter, v turns around it). */
export function pipeSurface(spine: Spine, r: number, inward: boolean): Evaluate {
  const s = inward ? -1 : 1
  return (u, v, out) => {
    spine.frame(u, frame)
    const c = cosTurns(v)
    const sn = sinTurns(v)
    const nx = c * frame[3]! + sn * frame[6]!
    const ny = c * frame[4]! + sn * frame[7]!
    const nz = c * frame[5]! + sn * frame[8]!
    out[0] = frame[0]! + r * nx
    out[1] = frame[1]! + r * ny
    out[2] = frame[2]! + r * nz
    out[3] = s * nx
    out[4] = s * ny
    out[5] = s * nz
  }
}

/** A bar of radius `r` along `spine`; hollow (open spines only): a bore of radius `bore`. */
export function buildPipe(
  b: MeshBuilder,
  spine: Spine,
  r: number,
  bore: number,
  t: Tessellation,
): void {
  const m = turnSegments(r, t)
  const vs = Array.from({ length: m }, (_, k) => k / m)
  const outer = pipeSurface(spine, r, false)
  b.grid({
    us: spine.samples,
    vs,
    uPeriod: spine.closed ? spine.end : 0,
    vPeriod: 1,
    evaluate: outer,
    smooth: true,
  })
  if (spine.closed) return
  const inner = bore > 0 ? pipeSurface(spine, bore, true) : null
  if (inner) {
    b.grid({ us: spine.samples, vs, vPeriod: 1, evaluate: inner, smooth: true })
  }
  for (const [s, sign] of [
    [0, -1],
    [spine.end, 1],
  ] as const) {
    spine.frame(s, frame)
    const tx = sign * frame[9]!
    const ty = sign * frame[10]!
    const tz = sign * frame[11]!
    // The end face: a flat disc or ring across the bar, facing along the spine.
    const ring = (v: number, radius: number, out: Float64Array) => {
      const c = cosTurns(v)
      const sn = sinTurns(v)
      out[0] = frame[0]! + radius * (c * frame[3]! + sn * frame[6]!)
      out[1] = frame[1]! + radius * (c * frame[4]! + sn * frame[7]!)
      out[2] = frame[2]! + radius * (c * frame[5]! + sn * frame[8]!)
      out[3] = tx
      out[4] = ty
      out[5] = tz
    }
    b.grid({
      us: vs,
      vs: [bore, r],
      uPeriod: 1,
      evaluate: (u, v, out) => {
        spine.frame(s, frame)
        ring(u, v, out)
      },
      smooth: false,
    })
    const faces = constantNormals(m, tx, ty, tz)
    const rim = sampleCurve(vs, 1, (v, out) => outer(s, v, out))
    b.edge('crease', rim.points, rim.normals, faces)
    if (inner) {
      const boreRim = sampleCurve(vs, 1, (v, out) => inner(s, v, out))
      b.edge('crease', boreRim.points, boreRim.normals, faces)
    }
  }
}

/**
 * Spheres and ellipsoids: one smooth patch (longitude u, latitude v in turns) with no edges; its
 * outline is all silhouette. The equator and the meridians at quarter turns are rows of vertices.
 */

import { cosTurns, sinTurns } from './angles'
import type { MeshBuilder } from './mesh-builder'
import { type Tessellation, turnSegments } from './tessellation'
import { hypot3 } from './vec3'

/** An ellipsoid with diameters `size`. */
export function buildSphere(b: MeshBuilder, size: [number, number, number], t: Tessellation): void {
  const [a, bb, c] = [size[0] / 2, size[1] / 2, size[2] / 2]
  const n = turnSegments(Math.max(a, bb, c), t)
  const us = Array.from({ length: n }, (_, k) => k / n)
  const vs = Array.from({ length: n / 2 + 1 }, (_, k) => -0.25 + k / n)
  b.grid({
    us,
    vs,
    uPeriod: 1,
    smooth: true,
    evaluate(u, v, out) {
      const cu = cosTurns(u)
      const su = sinTurns(u)
      const cv = cosTurns(v)
      const sv = sinTurns(v)
      out[0] = a * cv * cu
      out[1] = bb * cv * su
      out[2] = c * sv
      // The gradient of x²/a² + y²/b² + z²/c².
      const nx = (cv * cu) / a
      const ny = (cv * su) / bb
      const nz = sv / c
      const l = hypot3(nx, ny, nz)
      out[3] = nx / l
      out[4] = ny / l
      out[5] = nz / l
    },
  })
}

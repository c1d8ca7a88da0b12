/**
 * Cylinders and cones (frusta) with elliptic sections along the local z, solid or hollow (a cup:
 * open at the top, walls `wall` thick, a floor inside): one smooth ruled side per wall, flat
 * discs and rings, and a crease at every rim.
 */

import { cosTurns, sinTurns } from './angles'
import { constantNormals, type Evaluate, type MeshBuilder, sampleCurve } from './mesh-builder'
import { type Tessellation, turnSegments } from './tessellation'
import { hypot3 } from './vec3'

/** An elliptic frustum: semi-axes (a0, b0) at z0 and (a1, b1) at z1. */
export interface Frustum {
  a0: number
  b0: number
  a1: number
  b1: number
  z0: number
  z1: number
}

/**
 * The side of a frustum at (u turns, v ∈ [0, 1] from z0 to z1). Its normal is constant along each
 * generator (a developable surface), so it is taken at mid-height and never degenerates at an apex.
 */
export function frustumSide(f: Frustum, inward: boolean): Evaluate {
  const da = f.a1 - f.a0
  const db = f.b1 - f.b0
  const dz = f.z1 - f.z0
  const am = (f.a0 + f.a1) / 2
  const bm = (f.b0 + f.b1) / 2
  const s = inward ? -1 : 1
  return (u, v, out) => {
    const c = cosTurns(u)
    const sn = sinTurns(u)
    const a = f.a0 + da * v
    const b = f.b0 + db * v
    out[0] = a * c
    out[1] = b * sn
    out[2] = f.z0 + dz * v
    // ∂p/∂u × ∂p/∂v at mid-height.
    const nx = dz * bm * c
    const ny = dz * am * sn
    const nz = -(am * db * sn * sn + da * bm * c * c)
    const l = hypot3(nx, ny, nz) || 1
    out[3] = (s * nx) / l
    out[4] = (s * ny) / l
    out[5] = (s * nz) / l
  }
}

/** A flat elliptic ring (or disc, inner 0) at height z facing ±z: u turns, v from inner to outer. */
function ring(ai: number, bi: number, ao: number, bo: number, z: number, nz: number): Evaluate {
  return (u, v, out) => {
    const c = cosTurns(u)
    const s = sinTurns(u)
    out[0] = (ai + (ao - ai) * v) * c
    out[1] = (bi + (bo - bi) * v) * s
    out[2] = z
    out[3] = 0
    out[4] = 0
    out[5] = nz
  }
}

/** Adds a frustum's side (smooth) and returns the parameters its rims are sampled at. */
function addSide(b: MeshBuilder, f: Frustum, us: number[], inward: boolean): Evaluate {
  const side = frustumSide(f, inward)
  b.grid({ us, vs: [0, 1], uPeriod: 1, evaluate: side, smooth: true })
  return side
}

/** A crease along the rim of `side` at v (0 bottom, 1 top) against a flat face facing ±z. */
function addRim(b: MeshBuilder, side: Evaluate, us: number[], v: number, nz: number): void {
  const curve = sampleCurve(us, 1, (u, out) => side(u, v, out))
  b.edge('crease', curve.points, curve.normals, constantNormals(us.length, 0, 0, nz))
}

/** A flat ring or disc at height z. */
function addRing(
  b: MeshBuilder,
  us: number[],
  inner: [number, number],
  outer: [number, number],
  z: number,
  nz: number,
): void {
  b.grid({
    us,
    vs: [0, 1],
    uPeriod: 1,
    evaluate: ring(inner[0], inner[1], outer[0], outer[1], z, nz),
    smooth: false,
  })
}

/**
 * A cylinder (topRatio 1) or cone along the local z: diameters [x, y] at the base, height z,
 * top diameters × topRatio. Hollow: open at its wider end, walls and the closed end `wall` thick
 * (a cylinder is a cup, open at the top; a cone a lamp shade or, turned over, a funnel or a
 * flower pot, open at its base).
 */
export function buildFrustum(
  b: MeshBuilder,
  size: [number, number, number],
  topRatio: number,
  hollow: boolean,
  wall: number,
  t: Tessellation,
): void {
  const a0 = size[0] / 2
  const b0 = size[1] / 2
  const f: Frustum = {
    a0,
    b0,
    a1: a0 * topRatio,
    b1: b0 * topRatio,
    z0: -size[2] / 2,
    z1: size[2] / 2,
  }
  const n = turnSegments(Math.max(a0, b0), t)
  const us = Array.from({ length: n }, (_, k) => k / n)
  if (hollow && Math.min(a0, b0) > wall) {
    if (topRatio >= 1) {
      addCup(b, f, us, wall)
      return
    }
    // Open at the base: built as a cup with the base on top, then turned over (z → −z).
    const from = b.mark()
    addCup(b, { a0: f.a1, b0: f.b1, a1: a0, b1: b0, z0: f.z0, z1: f.z1 }, us, wall)
    b.mirrorZ(from)
    return
  }
  const side = addSide(b, f, us, false)
  addRing(b, us, [0, 0], [a0, b0], f.z0, -1)
  addRim(b, side, us, 0, -1)
  if (topRatio > 0) {
    addRing(b, us, [0, 0], [f.a1, f.b1], f.z1, 1)
    addRim(b, side, us, 1, 1)
  }
}

/**
 * A frustum open at its top (z1), its wall and bottom `wall` thick: the outer side, the flat rim
 * ring, the cavity's side facing inward and its floor (none when the cavity ends in a point).
 */
function addCup(b: MeshBuilder, f: Frustum, us: number[], wall: number): void {
  const side = addSide(b, f, us, false)
  const bottom = f.a0 > 0 && f.b0 > 0
  if (bottom) {
    addRing(b, us, [0, 0], [f.a0, f.b0], f.z0, -1)
    addRim(b, side, us, 0, -1)
  }
  // The cavity: the outer wall moved in by `wall`, from the floor to the top.
  const floor = f.z0 + wall
  const at = (lo: number, hi: number) => lo + ((hi - lo) * (floor - f.z0)) / (f.z1 - f.z0)
  const inner: Frustum = {
    a0: Math.max(0, at(f.a0, f.a1) - wall),
    b0: Math.max(0, at(f.b0, f.b1) - wall),
    a1: f.a1 - wall,
    b1: f.b1 - wall,
    z0: floor,
    z1: f.z1,
  }
  const cavity = addSide(b, inner, us, true)
  addRing(b, us, [inner.a1, inner.b1], [f.a1, f.b1], f.z1, 1)
  addRim(b, side, us, 1, 1)
  addRim(b, cavity, us, 1, 1)
  if (inner.a0 > 0 && inner.b0 > 0) {
    addRing(b, us, [0, 0], [inner.a0, inner.b0], floor, 1)
    addRim(b, cavity, us, 0, 1)
  }
}

/**
 * Object solver, shared math: 3-vectors, rotation matrices and their Euler angles as the scene
 * writes them (object-scene.ts: about x, then y, then z, degrees: R = Rz · Ry · Rx), and the
 * world bounding box of a rotated part. Matrices are row-major arrays of nine numbers.
 */

import type { Vec3 } from '../object-scene'

export type Mat3 = readonly number[]

export const IDENTITY: Mat3 = [1, 0, 0, 0, 1, 0, 0, 0, 1]

export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
export const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k]
export const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
export const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
]
export const length = (a: Vec3) => Math.hypot(a[0], a[1], a[2])
export const normalize = (a: Vec3): Vec3 => {
  const n = length(a)
  return n > 0 ? scale(a, 1 / n) : [0, 0, 1]
}

/** R · v. */
export function apply(r: Mat3, v: Vec3): Vec3 {
  return [
    r[0]! * v[0] + r[1]! * v[1] + r[2]! * v[2],
    r[3]! * v[0] + r[4]! * v[1] + r[5]! * v[2],
    r[6]! * v[0] + r[7]! * v[1] + r[8]! * v[2],
  ]
}

/** a · b. */
export function multiply(a: Mat3, b: Mat3): Mat3 {
  const out: number[] = []
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      out.push(a[i * 3]! * b[j]! + a[i * 3 + 1]! * b[3 + j]! + a[i * 3 + 2]! * b[6 + j]!)
    }
  }
  return out
}

/** The matrix whose columns are the world directions of local x, y and z. */
export function fromColumns(x: Vec3, y: Vec3, z: Vec3): Mat3 {
  return [x[0], y[0], z[0], x[1], y[1], z[1], x[2], y[2], z[2]]
}

/** Column `k` of `r`: the world direction of local axis k. */
export const column = (r: Mat3, k: 0 | 1 | 2): Vec3 => [r[k]!, r[3 + k]!, r[6 + k]!]

/**
 * A rotation taking local z to `z` and local x as close to `x` as it can be (x is made square to
 * z): how a part is stood on a face (z: the face's outward normal, x: along the face).
 */
export function frameOf(z: Vec3, x: Vec3): Mat3 {
  const zn = normalize(z)
  let xn = sub(x, scale(zn, dot(x, zn)))
  if (length(xn) < 1e-9) xn = Math.abs(zn[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0]
  xn = normalize(sub(xn, scale(zn, dot(xn, zn))))
  return fromColumns(xn, cross(zn, xn), zn)
}

/** A rotation by `degrees` about the world axis `axis` (unit). */
export function aboutAxis(axis: Vec3, degrees: number): Mat3 {
  const t = (degrees * Math.PI) / 180
  const c = Math.cos(t)
  const s = Math.sin(t)
  const [x, y, z] = normalize(axis)
  const k = 1 - c
  return [
    c + x * x * k,
    x * y * k - z * s,
    x * z * k + y * s,
    y * x * k + z * s,
    c + y * y * k,
    y * z * k - x * s,
    z * x * k - y * s,
    z * y * k + x * s,
    c + z * z * k,
  ]
}

const degrees = (radians: number) => {
  const d = (radians * 180) / Math.PI
  const rounded = Math.round(d * 1e6) / 1e6
  return Object.is(rounded, -0) ? 0 : rounded
}

/** The scene's Euler angles of `r` (about x, then y, then z: R = Rz · Ry · Rx), in degrees. */
export function eulerOf(r: Mat3): Vec3 {
  const sy = -r[6]!
  if (Math.abs(sy) < 1 - 1e-9) {
    return [
      degrees(Math.atan2(r[7]!, r[8]!)),
      degrees(Math.asin(sy)),
      degrees(Math.atan2(r[3]!, r[0]!)),
    ]
  }
  // Gimbal lock (y = ±90°): x and z turn about the same axis; put it all in x.
  const x = Math.atan2(sy > 0 ? r[1]! : -r[1]!, r[4]!)
  return [degrees(x), sy > 0 ? 90 : -90, 0]
}

/** The rotation the scene's Euler angles (degrees) stand for. */
export function matrixOf(euler: Vec3): Mat3 {
  const [a, b, c] = euler.map((d) => (d * Math.PI) / 180) as Vec3
  const rx: Mat3 = [1, 0, 0, 0, Math.cos(a), -Math.sin(a), 0, Math.sin(a), Math.cos(a)]
  const ry: Mat3 = [Math.cos(b), 0, Math.sin(b), 0, 1, 0, -Math.sin(b), 0, Math.cos(b)]
  const rz: Mat3 = [Math.cos(c), -Math.sin(c), 0, Math.sin(c), Math.cos(c), 0, 0, 0, 1]
  return multiply(rz, multiply(ry, rx))
}

/** The world half extents of a box of local half extents `half` turned by `r`. */
export function worldHalf(r: Mat3, half: Vec3): Vec3 {
  return [
    Math.abs(r[0]!) * half[0] + Math.abs(r[1]!) * half[1] + Math.abs(r[2]!) * half[2],
    Math.abs(r[3]!) * half[0] + Math.abs(r[4]!) * half[1] + Math.abs(r[5]!) * half[2],
    Math.abs(r[6]!) * half[0] + Math.abs(r[7]!) * half[1] + Math.abs(r[8]!) * half[2],
  ]
}

/**
 * Three-vectors as plain tuples for building meshes (hot loops elsewhere work on typed arrays).
 */

import type { Vec3 } from '../object-scene'

export type { Vec3 }

export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
export const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s]
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
export const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
]
export const length = (a: Vec3): number => Math.hypot(a[0], a[1], a[2])

/** `a` scaled to unit length (the zero vector stays zero). */
export function normalize(a: Vec3): Vec3 {
  const l = length(a)
  return l > 0 ? [a[0] / l, a[1] / l, a[2] / l] : [0, 0, 0]
}

/** `a` rotated about the unit `axis` by `angle` radians (Rodrigues). */
export function rotateAbout(a: Vec3, axis: Vec3, angle: number): Vec3 {
  const c = Math.cos(angle)
  const s = Math.sin(angle)
  const k = cross(axis, a)
  const d = dot(axis, a) * (1 - c)
  return [
    a[0] * c + k[0] * s + axis[0] * d,
    a[1] * c + k[1] * s + axis[1] * d,
    a[2] * c + k[2] * s + axis[2] * d,
  ]
}

/** √(x² + y²), faster than Math.hypot (which guards against overflow we never meet). */
export function hypot2(x: number, y: number): number {
  return Math.sqrt(x * x + y * y)
}

/** √(x² + y² + z²). */
export function hypot3(x: number, y: number, z: number): number {
  return Math.sqrt(x * x + y * y + z * z)
}

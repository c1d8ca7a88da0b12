/**
 * A part's pose: local geometry (centred on its own bounding box) rotated about x, then y, then z
 * (degrees, object-scene.ts) and moved to the part's `position`.
 */

import { cosTurns, sinTurns } from './angles'
import type { Vec3 } from './vec3'

/** world = R · (local − centre) + position, with R = Rz · Ry · Rx (row-major). */
export interface Pose {
  r: Float64Array
  centre: Vec3
  position: Vec3
}

/** The pose of a part whose local bounding box is centred at `centre`. */
export function partPose(rotationDegrees: Vec3, position: Vec3, centre: Vec3): Pose {
  const [ax, ay, az] = rotationDegrees.map((d) => d / 360) as Vec3
  const cx = cosTurns(ax)
  const sx = sinTurns(ax)
  const cy = cosTurns(ay)
  const sy = sinTurns(ay)
  const cz = cosTurns(az)
  const sz = sinTurns(az)
  // Rz · Ry · Rx written out.
  const r = new Float64Array([
    cz * cy,
    cz * sy * sx - sz * cx,
    cz * sy * cx + sz * sx,
    sz * cy,
    sz * sy * sx + cz * cx,
    sz * sy * cx - cz * sx,
    -sy,
    cy * sx,
    cy * cx,
  ])
  return { r, centre, position }
}

/** Writes the world position of local (x, y, z) into out[o..o+2]. */
export function posePoint(
  pose: Pose,
  x: number,
  y: number,
  z: number,
  out: Float64Array | number[],
  o: number,
): void {
  const r = pose.r
  const lx = x - pose.centre[0]
  const ly = y - pose.centre[1]
  const lz = z - pose.centre[2]
  out[o] = r[0]! * lx + r[1]! * ly + r[2]! * lz + pose.position[0]
  out[o + 1] = r[3]! * lx + r[4]! * ly + r[5]! * lz + pose.position[1]
  out[o + 2] = r[6]! * lx + r[7]! * ly + r[8]! * lz + pose.position[2]
}

/** Writes the world direction of local direction (x, y, z) into out[o..o+2]. */
export function poseVector(
  pose: Pose,
  x: number,
  y: number,
  z: number,
  out: Float64Array | number[],
  o: number,
): void {
  const r = pose.r
  out[o] = r[0]! * x + r[1]! * y + r[2]! * z
  out[o + 1] = r[3]! * x + r[4]! * y + r[5]! * z
  out[o + 2] = r[6]! * x + r[7]! * y + r[8]! * z
}

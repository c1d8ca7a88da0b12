/**
 * The cameras of the standard views (object-scene.ts: z up, the front view looks along +y) and
 * of the perspective, a three-quarter view from one of eight octants (front-right-above unless
 * told, as patent illustrators draw one; the others are its mirror images). 2D output is y down;
 * orthographic views keep world units, the perspective is scaled so a length at the scene's centre
 * keeps its world size. `exploded` uses the perspective camera.
 */

import type { ViewKind, Viewpoint } from '../object-scene'
import { cosTurns, sinTurns } from './angles'
import { cross, normalize, type Vec3 } from './vec3'

/** The perspective camera's bearing: turned this far from the front toward the right side. */
export const PERSPECTIVE_AZIMUTH_DEGREES = 35
/** And raised this far above the horizon. */
export const PERSPECTIVE_ELEVATION_DEGREES = 25
/** Its distance from the scene's centre, in radii of the scene's bounding sphere (mild). */
export const PERSPECTIVE_DISTANCE_RADII = 4.5

/** A camera: orthographic (direction only) or perspective (an eye point). */
export interface Camera {
  view: ViewKind
  perspective: boolean
  /** Unit vectors: screen right, screen up, and the direction looked along. */
  right: Vec3
  up: Vec3
  forward: Vec3
  /** The scene centre, which projects to (0, 0). */
  target: Vec3
  /** Perspective only: the eye, and the eye's distance to the target (the 2D scale there). */
  eye: Vec3
  focal: number
}

/** Looking along `forward` with `up` on screen up (both unit, perpendicular). */
function axes(forward: Vec3, up: Vec3): { right: Vec3; up: Vec3; forward: Vec3 } {
  return { right: cross(forward, up), up, forward }
}

/** The standard orthographic views: what is looked along and what is up on the sheet. */
const ORTHOGRAPHIC: Partial<Record<ViewKind, { forward: Vec3; up: Vec3 }>> = {
  front: { forward: [0, 1, 0], up: [0, 0, 1] },
  rear: { forward: [0, -1, 0], up: [0, 0, 1] },
  left: { forward: [1, 0, 0], up: [0, 0, 1] },
  right: { forward: [-1, 0, 0], up: [0, 0, 1] },
  // Third-angle: the top view's bottom edge is the front, the bottom view's top edge is.
  top: { forward: [0, 0, -1], up: [0, 1, 0] },
  bottom: { forward: [0, 0, 1], up: [0, -1, 0] },
}

/**
 * The camera of view `kind` for a scene with bounding box [min, max]; a perspective is seen from
 * `viewpoint`.
 */
export function viewCamera(
  kind: ViewKind,
  min: Vec3,
  max: Vec3,
  viewpoint: Viewpoint = 'front-right-above',
): Camera {
  const target: Vec3 = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2]
  const ortho = ORTHOGRAPHIC[kind]
  if (ortho) {
    return {
      view: kind,
      perspective: false,
      ...axes(ortho.forward, ortho.up),
      target,
      eye: target,
      focal: 1,
    }
  }
  const radius = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) / 2 || 1
  const az = PERSPECTIVE_AZIMUTH_DEGREES / 360
  const el = PERSPECTIVE_ELEVATION_DEGREES / 360
  // The octant mirrors the front-right-above bearing across the planes through the centre.
  const [side, hand, height] = viewpoint.split('-')
  const toEye: Vec3 = [
    (hand === 'right' ? 1 : -1) * sinTurns(az) * cosTurns(el),
    (side === 'front' ? -1 : 1) * cosTurns(az) * cosTurns(el),
    (height === 'above' ? 1 : -1) * sinTurns(el),
  ]
  const focal = PERSPECTIVE_DISTANCE_RADII * radius
  const eye: Vec3 = [
    target[0] + toEye[0] * focal,
    target[1] + toEye[1] * focal,
    target[2] + toEye[2] * focal,
  ]
  const forward: Vec3 = [-toEye[0], -toEye[1], -toEye[2]]
  const right = normalize(cross(forward, [0, 0, 1]))
  const up = cross(right, forward)
  return { view: kind, perspective: true, right, up, forward, target, eye, focal }
}

/**
 * Projects world (x, y, z) into out[o] = x, out[o+1] = y (2D, y down) and out[o+2] = nearness: a
 * key that is larger for nearer points and affine across the screen image of any plane
 * (−depth for orthographic views, 1 / depth for the perspective), so it interpolates exactly.
 */
export function projectPoint(
  cam: Camera,
  x: number,
  y: number,
  z: number,
  out: Float64Array,
  o: number,
): void {
  if (!cam.perspective) {
    const dx = x - cam.target[0]
    const dy = y - cam.target[1]
    const dz = z - cam.target[2]
    out[o] = dx * cam.right[0] + dy * cam.right[1] + dz * cam.right[2]
    out[o + 1] = -(dx * cam.up[0] + dy * cam.up[1] + dz * cam.up[2])
    out[o + 2] = -(dx * cam.forward[0] + dy * cam.forward[1] + dz * cam.forward[2])
    return
  }
  const dx = x - cam.eye[0]
  const dy = y - cam.eye[1]
  const dz = z - cam.eye[2]
  const depth = dx * cam.forward[0] + dy * cam.forward[1] + dz * cam.forward[2]
  const k = cam.focal / depth
  out[o] = k * (dx * cam.right[0] + dy * cam.right[1] + dz * cam.right[2])
  out[o + 1] = -k * (dx * cam.up[0] + dy * cam.up[1] + dz * cam.up[2])
  out[o + 2] = 1 / depth
}

/**
 * How a surface with normal (nx, ny, nz) at (x, y, z) faces the camera: negative when it faces
 * it, positive when it faces away, 0 edge-on (a silhouette).
 */
export function facing(
  cam: Camera,
  x: number,
  y: number,
  z: number,
  nx: number,
  ny: number,
  nz: number,
): number {
  if (!cam.perspective) return nx * cam.forward[0] + ny * cam.forward[1] + nz * cam.forward[2]
  return nx * (x - cam.eye[0]) + ny * (y - cam.eye[1]) + nz * (z - cam.eye[2])
}

/**
 * The nearness margin equal to `length` world units at a point of nearness `key`: a length for
 * orthographic views, length / depth² for the perspective (d(1/z) = dz / z²).
 */
export function nearnessMargin(cam: Camera, length: number, key: number): number {
  return cam.perspective ? length * key * key : length
}

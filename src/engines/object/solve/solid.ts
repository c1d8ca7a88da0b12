/**
 * Object solver, shared model: a placed copy of a part (a solid) and the faces of its bounding
 * box that others are placed on. A solid is a primitive in its own frame (local z: the axis it
 * stands out along) turned by a rotation and centred on a world point; its faces are those of its
 * world bounding box, with two directions across each, and its ends are the two faces across its
 * axis (a rod's, a barrel's) or its longest side (a box's).
 */

import type { PartShape, Vec3 } from '../object-scene'
import type { DraftPart, Face } from '../read/object-draft'
import { add, column, type Mat3, scale, worldHalf } from './frames'

/** One placed copy of a part. */
export interface Solid {
  /** The scene part id: the draft id for the first copy, "<id>.<k>" for copy k ≥ 2. */
  id: string
  part: DraftPart
  /** 0-based copy index. */
  copy: number
  /** The primitive drawn. */
  shape: PartShape
  /** Local size (object-scene.ts conventions; local z is the part's axis). */
  size: Vec3
  /** Local → world rotation. */
  r: Mat3
  /** World centre of its bounding box. */
  center: Vec3
  /** World half extents of its bounding box. */
  half: Vec3
  /** The solid it is placed against (its scene parent). */
  anchor?: Solid
  /** The world direction it was placed out along (a face's normal), for nudging it clear. */
  normal?: Vec3
  /** The face of its anchor it stands on: a nudge keeps it within it. */
  face?: FaceFrame
  /** Embedded on purpose (a hole's edge in a face, a bar through a part, a part inside). */
  embedded?: boolean
  /** Primitive extras (object-scene.ts). */
  extras: {
    hollow?: boolean
    topRatio?: number
    radius?: number
    path?: Vec3[]
    turns?: number
    wire?: number
  }
}

/** The world bounding box half extents of a local size turned by `r` (a swept bar: its path). */
export function halfOf(r: Mat3, size: Vec3): Vec3 {
  return worldHalf(r, [size[0] / 2, size[1] / 2, size[2] / 2])
}

/** The world direction of a solid's axis (local z). */
export const axisOf = (s: Solid): Vec3 => column(s.r, 2)

/** Which world axis a unit vector is closest to, and its sign. */
export function mainAxis(v: Vec3): { axis: 0 | 1 | 2; sign: 1 | -1 } {
  const a = [Math.abs(v[0]), Math.abs(v[1]), Math.abs(v[2])]
  const axis = a[0]! >= a[1]! && a[0]! >= a[2]! ? 0 : a[1]! >= a[2]! ? 1 : 2
  return { axis, sign: v[axis]! < 0 ? -1 : 1 }
}

/** A face of a solid's bounding box: its outward normal, centre, and the two directions across. */
export interface FaceFrame {
  face: Face
  n: Vec3
  c: Vec3
  u: Vec3
  v: Vec3
  /** Half extents along u and v. */
  eu: number
  ev: number
  /** The solid's depth along n (its thickness behind the face). */
  depth: number
}

const UNIT: Vec3[] = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
]

/** The world faces by name, with their normal axis and sign. */
const WORLD_FACES: Record<string, { axis: 0 | 1 | 2; sign: 1 | -1 }> = {
  top: { axis: 2, sign: 1 },
  bottom: { axis: 2, sign: -1 },
  front: { axis: 1, sign: -1 },
  rear: { axis: 1, sign: 1 },
  right: { axis: 0, sign: 1 },
  left: { axis: 0, sign: -1 },
}

/** The face of `s` across world axis `axis` on side `sign`. */
export function frameAcross(s: Solid, axis: 0 | 1 | 2, sign: 1 | -1): FaceFrame {
  const n = scale(UNIT[axis]!, sign)
  // Across a vertical face: horizontal u, v up; across top and bottom: u = x, v = y.
  const [ua, va] =
    axis === 2 ? ([0, 1] as const) : axis === 1 ? ([0, 2] as const) : ([1, 2] as const)
  const face =
    (Object.entries(WORLD_FACES).find(
      ([, f]) => f.axis === axis && f.sign === sign,
    )?.[0] as Face) ?? 'top'
  return {
    face,
    n,
    c: add(s.center, scale(n, s.half[axis])),
    u: UNIT[ua]!,
    v: UNIT[va]!,
    eu: s.half[ua],
    ev: s.half[va],
    depth: 2 * s.half[axis],
  }
}

/** The long axis of a solid: a round part's own axis, else its longest side. */
export function longAxis(s: Solid): 0 | 1 | 2 {
  if (['cylinder', 'cone', 'helix', 'tube'].includes(s.shape)) return mainAxis(axisOf(s)).axis
  const h = s.half
  return h[0] >= h[1] && h[0] >= h[2] ? 0 : h[1] >= h[2] ? 1 : 2
}

/**
 * A named face of `s`: the six sides of its box; `end` the end of its long axis (the top of a
 * standing bar, the right end of a lying one); `side` the right; `edge` the top.
 */
export function faceOf(s: Solid, face: Face): FaceFrame {
  const world = WORLD_FACES[face]
  if (world) return frameAcross(s, world.axis, world.sign)
  if (face === 'end') {
    const axis = longAxis(s)
    return frameAcross(s, axis, axis === 1 ? -1 : 1)
  }
  if (face === 'side') return frameAcross(s, 0, 1)
  return frameAcross(s, 2, 1)
}

/** Whether a solid is an open frame: a bar swept in a C (place-root.ts), its jaw to the right. */
export const isOpenFrame = (s: Solid) => s.part.form === 'frame' && s.extras.path !== undefined

/**
 * An end of an open frame: the inner face of its lower (−1) or upper (+1) arm, facing the other
 * across the jaw, where a clamp's fixed pad sits.
 */
export function jawFace(s: Solid, end: 1 | -1): FaceFrame {
  const bar = s.size[1]
  const n: Vec3 = [0, 0, -end]
  return {
    face: end === 1 ? 'bottom' : 'top',
    n,
    c: [s.center[0], s.center[1], s.center[2] + end * (s.half[2] - bar)],
    u: UNIT[0]!,
    v: UNIT[1]!,
    eu: 0.25 * s.half[0],
    ev: bar / 2,
    depth: bar,
  }
}

/**
 * The outer face of a flat part lying on a face of another (a panel on top, a display on the
 * front): across its thin side, away from what holds it; none for a part that is not flat on one.
 */
export function broadFace(s: Solid): Face | undefined {
  if (!s.normal || !s.face) return undefined
  const { axis, sign } = mainAxis(s.normal)
  const across = s.half.filter((_, k) => k !== axis)
  if (s.half[axis] >= 0.2 * Math.min(...across)) return undefined
  return frameAcross(s, axis, sign).face
}

/** The face opposite a named one (for a part placed the other way round). */
export function oppositeFace(face: Face): Face {
  const opposite: Partial<Record<Face, Face>> = {
    top: 'bottom',
    bottom: 'top',
    front: 'rear',
    rear: 'front',
    left: 'right',
    right: 'left',
  }
  return opposite[face] ?? face
}

/** The world bounding box of a solid. */
export function boxOf(s: Solid): { min: Vec3; max: Vec3 } {
  return {
    min: [s.center[0] - s.half[0], s.center[1] - s.half[1], s.center[2] - s.half[2]],
    max: [s.center[0] + s.half[0], s.center[1] + s.half[1], s.center[2] + s.half[2]],
  }
}

/** A solid of `part` (copy `copy`) with its world box worked out from its size and turn. */
export function makeSolid(
  part: DraftPart,
  copy: number,
  shape: PartShape,
  size: Vec3,
  r: Mat3,
  center: Vec3,
  extras: Solid['extras'] = {},
): Solid {
  return {
    id: copy === 0 ? part.id : `${part.id}.${copy + 1}`,
    part,
    copy,
    shape,
    size,
    r,
    center,
    half: halfOf(r, size),
    extras,
  }
}

/** The bounding box of several solids: centre and half extents. */
export function groupBox(solids: readonly Solid[]): { center: Vec3; half: Vec3 } {
  const min: Vec3 = [Infinity, Infinity, Infinity]
  const max: Vec3 = [-Infinity, -Infinity, -Infinity]
  for (const s of solids) {
    const b = boxOf(s)
    for (let a = 0; a < 3; a++) {
      min[a] = Math.min(min[a]!, b.min[a]!)
      max[a] = Math.max(max[a]!, b.max[a]!)
    }
  }
  return {
    center: [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2],
    half: [(max[0] - min[0]) / 2, (max[1] - min[1]) / 2, (max[2] - min[2]) / 2],
  }
}

/** Whether a solid is round about its own axis (a cylinder, a cone, a ring). */
export const isRoundSolid = (s: Solid) =>
  ['cylinder', 'cone', 'torus', 'helix'].includes(s.shape) ||
  (s.shape === 'sphere' && s.size[0] === s.size[1])

/**
 * Object solver, contact: a part on a face of another ("a handle attached to the side of the
 * body", "four legs under the top", "a knob on the front face", "a backrest extending upward
 * from the rear edge of the seat"). A part stands out along the face's normal from the face
 * itself (on a round part, from its curved surface); a bar handle, a hinge knuckle or a cable
 * lies along the face instead, unless it is said to extend from it; a loop handle is a bar swept
 * in a C from the face and back; a hook or an eye is a ring standing on the face; a hole sits
 * just proud of the face, its rim a circle on it. Copies are set out on the face; a single part
 * goes where the face is free.
 */

import type { Vec3 } from '../object-scene'
import type { Arrangement, DraftPart, Face } from '../read/object-draft'
import { arrangementOf, arrangeSpots, type Spot } from './arrange-copies'
import type { FaceSlots } from './face-slots'
import { add, dot, frameOf, type Mat3, scale } from './frames'
import { childSize } from './proportions'
import { sceneShape } from './scene-shape'
import {
  axisOf,
  type FaceFrame,
  faceOf,
  frameAcross,
  isOpenFrame,
  isRoundSolid,
  jawFace,
  longAxis,
  makeSolid,
  oppositeFace,
  type Solid,
} from './solid'

/** How a part is put on a face. */
export interface OnFace {
  /** The face named or chosen. */
  face: Face
  /** The direction it stands out along, when the prompt says one that differs from the face. */
  toward?: Face
  /** Its own side that meets the anchor ("supported at its left end"): aligned with the anchor's. */
  at?: Face
  /** The anchor's side it goes to ("legs under the right end"). */
  under?: Face
  /** How the copies are set out, when not the part's own ("an arm on each side"). */
  arrangement?: Arrangement
  /** Which end, on an "end" face: +1 the upper, front or right one along the long axis. */
  end?: 1 | -1
  /** The copies to place (indices), all on this anchor. */
  copies: number[]
  slots: FaceSlots
  /** The main part's longest side. */
  rootLength: number
  /** Placed as standing out of the face ("handles extending rearward"), never lying along it. */
  extending?: boolean
  /** Placed under a part the prompt put on top of it: it holds that part up. */
  holdsUp?: boolean
}

/** Panels that stand upright on what holds them: "a backrest held up by two posts". */
const UPRIGHT_PANELS = new Set(['backrest', 'back', 'headboard', 'footboard', 'splashback'])

/** Heads drawn as a loop swept from a face and back. */
const LOOPS = new Set(['handle', 'bail', 'loop', 'grip'])

/** The world normal of a named face. */
function faceNormal(face: Face): Vec3 {
  const normals: Partial<Record<Face, Vec3>> = {
    top: [0, 0, 1],
    bottom: [0, 0, -1],
    front: [0, -1, 0],
    rear: [0, 1, 0],
    left: [-1, 0, 0],
  }
  return normals[face] ?? [1, 0, 0]
}

/**
 * The face to use: a used "side" or "end" swaps for its opposite; an "end" is the free one, away
 * from what the anchor itself sits on ("each leg ending in a foot": the leg's lower end).
 */
function chooseFace(
  anchor: Solid,
  face: Face,
  slots: FaceSlots,
  part: DraftPart,
  end?: 1 | -1,
): FaceFrame {
  let frame = faceOf(anchor, face)
  // "a fixed pad at the lower end of the C-shaped frame": inside its jaw, on the lower arm.
  if (face === 'end' && end !== undefined && isOpenFrame(anchor)) return jawFace(anchor, end)
  if (face === 'end' && end !== undefined) {
    const axis = longAxis(anchor)
    // The "front" end of a bar across the page is toward the viewer (−y).
    return frameAcross(anchor, axis, (axis === 1 ? -end : end) as 1 | -1)
  }
  if (face === 'end' && anchor.anchor) {
    const other = faceOf(anchor, oppositeFace(frame.face))
    const away = (f: FaceFrame) =>
      dot(
        f.n,
        [0, 1, 2].map((k) => anchor.center[k]! - anchor.anchor!.center[k]!) as unknown as Vec3,
      )
    if (away(other) > away(frame)) frame = other
  }
  if ((face === 'side' || face === 'end') && slots.used(anchor.id, frame.face)) {
    const other = faceOf(anchor, oppositeFace(frame.face))
    if (!slots.used(anchor.id, other.face) || part.form === 'handle') return other
  }
  return frame
}

/** How far a spot (u, v) on a flat face lies above a round part's curved surface. */
function roundInset(anchor: Solid, f: FaceFrame, u: number, v: number): number {
  if (!isRoundSolid(anchor) || anchor.shape === 'torus' || anchor.shape === 'helix') return 0
  if (anchor.shape === 'sphere') {
    const r = Math.min(f.eu, f.ev)
    return r - Math.sqrt(Math.max(0, r * r - u * u - v * v))
  }
  const axis = axisOf(anchor)
  // On a cylinder's end the face is flat; on its side it curves across the axis.
  if (Math.abs(dot(axis, f.n)) > 0.9) return 0
  const alongU = Math.abs(dot(axis, f.u)) > 0.9
  const across = alongU ? v : u
  const r = alongU ? f.ev : f.eu
  return r - Math.sqrt(Math.max(0, r * r - across * across))
}

/** Whether the face is a disk: a round part's end. */
const roundFace = (anchor: Solid, f: FaceFrame) =>
  isRoundSolid(anchor) && Math.abs(dot(axisOf(anchor), f.n)) > 0.9

/** The spot at the edge of face `f` toward `side`, inset by the part's half extents. */
function edgeSpot(f: FaceFrame, side: Face, hu: number, hv: number): Spot {
  const toward = faceNormal(side)
  const du = dot(toward, f.u)
  const dv = dot(toward, f.v)
  return {
    u: Math.abs(du) > 0.5 ? Math.sign(du) * Math.max(0, f.eu - hu) : 0,
    v: Math.abs(dv) > 0.5 ? Math.sign(dv) * Math.max(0, f.ev - hv) : 0,
  }
}

/** The spot that puts the part's own side `at` flush with the anchor's same side. */
function flushSpot(f: FaceFrame, at: Face, hu: number, hv: number): Spot {
  const toward = faceNormal(at)
  const du = dot(toward, f.u)
  const dv = dot(toward, f.v)
  return {
    u: Math.abs(du) > 0.5 ? Math.sign(du) * (f.eu - hu) : 0,
    v: Math.abs(dv) > 0.5 ? Math.sign(dv) * (f.ev - hv) : 0,
  }
}

/** How a part lies on a face: its turn, its footprint, how far its centre stands out. */
interface Pose {
  r: Mat3
  size: Vec3
  hu: number
  hv: number
  out: number
  path?: Vec3[]
  shape: ReturnType<typeof sceneShape>
}

/** The pose of `part` of canonical size `size` on face `f` (see the module header). */
function poseOn(
  part: DraftPart,
  size: Vec3,
  f: FaceFrame,
  rootLength: number,
  extending = false,
): Pose {
  const vertical = Math.abs(f.n[2]) < 0.5
  const [sx, sy, sz] = size
  // A loop handle: a C spanning up a side face (across a top one).
  if (part.form === 'handle' && part.shape === 'torus' && LOOPS.has(part.head)) {
    const along = vertical ? f.v : f.u
    const loop = loopHandle(size)
    return {
      r: frameOf(f.n, along),
      size: loop.size,
      hu: vertical ? sy / 2 : sx / 2,
      hv: vertical ? sx / 2 : sy / 2,
      out: loop.out,
      path: loop.path,
      shape: 'tube',
    }
  }
  // A hook, an eye, a claw: a ring standing on the face.
  if (part.shape === 'torus' && (part.form === 'handle' || part.form === 'ring')) {
    // Three times a small face (a pole's top), yet never a ring as big as the object.
    const d = Math.min(Math.max(3 * Math.min(f.eu, f.ev), 0.08 * rootLength), 0.3 * rootLength)
    const t = 0.22 * d
    return {
      r: frameOf(f.u, f.n),
      size: [d, d, t],
      hu: t / 2,
      hv: d / 2,
      out: d / 2,
      shape: 'torus',
    }
  }
  // A bar handle, a knuckle, a hinge barrel, a cable: lying along the face, unless it extends out.
  const lying =
    (LOOPS.has(part.head) && part.shape !== 'torus' && !extending) ||
    ['knuckle', 'hinge'].includes(part.form) ||
    (part.form === 'cable' && !extending)
  if (lying) {
    const alongV = ['knuckle', 'hinge'].includes(part.form) ? f.ev > f.eu : false
    const along = alongV ? f.v : f.u
    const d = Math.min(sx, sy)
    const length = Math.min(sz, 1.8 * (alongV ? f.ev : f.eu))
    return {
      r: frameOf(along, f.n),
      size: [d, d, length],
      hu: alongV ? d / 2 : length / 2,
      hv: alongV ? length / 2 : d / 2,
      out: d / 2,
      shape: sceneShape(part, 'other'),
    }
  }
  // A backrest on top of what holds it up stands upright across it.
  if (part.keys.some((k) => UPRIGHT_PANELS.has(k)) && f.n[2] > 0.9) {
    const height = 0.7 * Math.max(sx, sy)
    return {
      r: frameOf([0, 0, 1], [1, 0, 0]),
      size: [sx, sz, height],
      hu: sx / 2,
      hv: sz / 2,
      out: height / 2,
      shape: sceneShape(part, 'face'),
    }
  }
  return {
    r: frameOf(f.n, f.u),
    size: [sx, sy, sz],
    hu: sx / 2,
    hv: sy / 2,
    out: part.form === 'hole' ? -0.2 * sz : sz / 2,
    shape: sceneShape(part, 'face'),
  }
}

/**
 * Places copies of `part` on a face of `anchor` (see the module header).
 * @returns one solid per copy, each touching the face
 */
export function placeOnFace(part: DraftPart, anchor: Solid, how: OnFace): Solid[] {
  const { slots } = how
  // "extending upward from the rear edge of the seat": on the top, at its rear edge.
  const turned =
    how.toward !== undefined && how.toward !== how.face && how.toward !== oppositeFace(how.face)
  const contactFace = turned ? how.toward! : how.face
  let f = chooseFace(anchor, contactFace, slots, part, how.end)
  const count = how.copies.length
  const said = how.arrangement ?? part.arrangement
  const opposite = said === 'opposite' && count === 2
  const round = roundFace(anchor, f)
  const size = childSize(part, {
    faceU: f.eu,
    faceV: f.ev,
    anchorLength: 2 * Math.max(...anchor.half),
    anchorThickness: f.depth,
    roundAcross: round,
    anchorDiameter: 2 * Math.min(f.eu, f.ev),
    copies: count,
    rootLength: how.rootLength,
    under: f.face === 'bottom' && f.depth < 0.25 * Math.max(f.eu, f.ev),
    ...(how.holdsUp ? { holdsUp: true } : {}),
  })
  const stacked = part.head === 'drawer'
  const arrangement = said ?? arrangementOf(part, count, round)
  // A row of copies shares the face: each gets its share of it.
  if (count > 1 && arrangement === 'row' && !opposite) {
    const share = (2 * (stacked ? f.ev : f.eu)) / count
    const [k, other] = stacked ? [1, 0] : [0, 1]
    if (size[k]! > 0.85 * share) {
      const ratio = (0.85 * share) / size[k]!
      size[k] = size[k]! * ratio
      if (part.shape !== 'box' && part.shape !== 'plate') size[other] = size[other]! * ratio
    }
  }
  let pose = poseOn(part, size, f, how.rootLength, how.extending)
  // A single part that finds no free spot is made smaller, down to a third, to fit beside the rest.
  if (count === 1 && !how.at && !how.under) {
    const full: Vec3 = [size[0], size[1], size[2]]
    for (const k of [0.75, 0.55, 0.35]) {
      if (slots.fit(anchor.id, f.face, { hu: pose.hu, hv: pose.hv }, f).free) break
      size[0] = full[0] * k
      size[1] = full[1] * k
      pose = poseOn(part, size, f, how.rootLength, how.extending)
    }
  }
  const spots =
    count > 1 && !opposite
      ? arrangeSpots(count, arrangement, f, { hu: pose.hu, hv: pose.hv }, round, stacked)
      : undefined
  const solids: Solid[] = []
  // "two grips extending rearward from the left and right ends": both on the face they stand out
  // of, one at each of the opposite edges named.
  const named = how.face === 'side' || how.face === 'end' ? 'right' : how.face
  for (const [k, copy] of how.copies.entries()) {
    if (opposite && k === 1 && !turned) {
      f = faceOf(anchor, oppositeFace(f.face))
      pose = poseOn(part, size, f, how.rootLength, how.extending)
    }
    let spot: Spot = spots?.[k] ?? { u: 0, v: 0 }
    let lift = 0
    if (!spots) {
      const pairEdge = opposite && turned ? (k === 0 ? named : oppositeFace(named)) : undefined
      const edge = pairEdge ?? (turned ? how.face : how.under)
      const prefer = how.at
        ? flushSpot(f, how.at, pose.hu, pose.hv)
        : edge
          ? edgeSpot(f, edge, pose.hu, pose.hv)
          : { u: 0, v: 0 }
      const fit = slots.fit(anchor.id, f.face, { hu: pose.hu, hv: pose.hv }, f, prefer)
      spot = fit
      lift = part.form === 'hole' ? 0 : fit.lift
    }
    const inset = roundInset(anchor, f, spot.u, spot.v)
    const base = add(add(f.c, scale(f.u, spot.u)), scale(f.v, spot.v))
    const center = add(base, scale(f.n, pose.out + lift - inset))
    const solid = makeSolid(part, copy, pose.shape, pose.size, pose.r, center, {
      ...(pose.path ? { path: pose.path } : {}),
      ...(part.shape === 'tube' ? { hollow: true } : {}),
    })
    solid.anchor = anchor
    solid.normal = f.n
    solid.face = f
    if (part.form === 'hole' || inset > 0) solid.embedded = true
    slots.take(anchor.id, f.face, {
      u: spot.u,
      v: spot.v,
      hu: pose.hu,
      hv: pose.hv,
      height: 2 * pose.out + lift,
    })
    solids.push(solid)
  }
  return solids
}

/**
 * A loop handle from a canonical size [span, bar, reach]: a bar swept from the face out, along,
 * and back in (its ends a little into the face so they meet it), centred on its bounding box.
 * @returns the swept path, the bar's bounding box size, and how far its centre stands out
 */
function loopHandle(size: Vec3): { path: Vec3[]; size: Vec3; out: number } {
  const [span, bar, reach] = size
  const d = Math.min(bar, 0.3 * reach)
  const sink = 0.25 * d
  const top = reach - d / 2
  const z0 = -sink
  const centerZ = (top + d / 2 + z0) / 2
  const path: Vec3[] = [
    [-span / 2, 0, z0 - centerZ],
    [-span / 2, 0, top - centerZ],
    [span / 2, 0, top - centerZ],
    [span / 2, 0, z0 - centerZ],
  ]
  return { path, size: [span + d, d, top + d / 2 - z0], out: centerZ }
}

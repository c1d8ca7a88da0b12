/**
 * Object solver, parts on another's axis: "a pin extending through the knuckles" (along their
 * common axis, out past both ends), "a ring around the shaft" and "blades evenly spaced around the
 * hub" (encircling it, round the edge of a flat one, or set round it on a circle), "batteries
 * inside the barrel" (within it, in a row along it), "a hub coaxial with the motor housing" (next
 * along its axis).
 */

import type { Vec3 } from '../object-scene'
import type { DraftPart, Face } from '../read/object-draft'
import type { FaceSlots } from './face-slots'
import { add, cross, dot, frameOf, normalize, scale, sub } from './frames'
import { placeOnFace } from './place-on-face'
import { sceneShape } from './scene-shape'
import {
  axisOf,
  faceOf,
  groupBox,
  isRoundSolid,
  longAxis,
  mainAxis,
  makeSolid,
  type Solid,
} from './solid'

const UNIT: Vec3[] = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
]

/**
 * The axis a group of solids shares: across a named face; a round one's own; for a bar through a
 * block (an axle through a truck), across its narrower level side; a flat one's thin side; else
 * the long.
 */
function axisOfGroup(targets: readonly Solid[], bar: boolean, face?: Face): Vec3 {
  const first = targets[0]!
  const level = face === 'top' || face === 'bottom'
  if (
    face &&
    !(bar && level) &&
    ['top', 'bottom', 'left', 'right', 'front', 'rear'].includes(face)
  ) {
    return faceOf(first, face).n.map(Math.abs) as unknown as Vec3
  }
  if (isRoundSolid(first)) {
    const { axis } = mainAxis(axisOf(first))
    return UNIT[axis]!
  }
  const h = first.half
  if (bar) return h[0] <= h[1] ? UNIT[0]! : UNIT[1]!
  const thin = h[0] <= h[1] && h[0] <= h[2] ? 0 : h[1] <= h[2] ? 1 : 2
  if (h[thin] < 0.35 * Math.min(...h.filter((_, k) => k !== thin))) return UNIT[thin]!
  return UNIT[longAxis(first)]!
}

/** The index (0, 1, 2) of the world axis `a` is along. */
const indexOf = (a: Vec3): 0 | 1 | 2 => mainAxis(a).axis

/**
 * "through": copies along the targets' axis (or across the named face), long enough to stand
 * out of them at both ends (a hole: just through); several set out across the axis.
 */
export function placeThrough(
  part: DraftPart,
  targets: readonly Solid[],
  copies: number[],
  face: Face | undefined,
): Solid[] {
  const axis = axisOfGroup(targets, ['rod', 'pin'].includes(part.form), face)

  const k = indexOf(axis)
  const box = groupBox(targets)
  const extent = 2 * box.half[k]
  const across = [0, 1, 2].filter((a) => a !== k).map((a) => 2 * box.half[a]!)
  const first = targets[0]!
  const bore = isRoundSolid(first) ? 2 * Math.min(...first.half.filter((_, a) => a !== k)) : 0
  const hole = part.form === 'hole'
  const d = hole
    ? 0.18 * Math.min(...across)
    : bore > 0
      ? 0.55 * bore
      : Math.max(1, 0.12 * Math.min(...across), 0.04 * Math.max(...across))
  const length = hole ? extent * 1.02 : extent * 1.3
  const r = frameOf(axis, k === 2 ? [1, 0, 0] : [0, 0, 1])
  const n = copies.length
  const [ua, va] = [0, 1, 2].filter((a) => a !== k) as [0 | 1 | 2, 0 | 1 | 2]
  const solids: Solid[] = []
  const bar = ['rod', 'pin'].includes(part.form)
  for (const [j, copy] of copies.entries()) {
    let center: Vec3 = [...box.center]
    // "axles that pass through the lower part of the body": low in it, across it.
    if (face && bar && (face === 'top' || face === 'bottom')) {
      center = add(center, [0, 0, (face === 'top' ? 0.6 : -0.6) * box.half[2]])
    } else if (face) center = add(center, scale(faceOf(first, face).n, box.half[k]))
    if (n > 1) {
      // Across the axis: the corners for four, else a row along the wider side.
      const wide = box.half[ua] >= box.half[va] ? ua : va
      const narrow = wide === ua ? va : ua
      const offset = [0, 0, 0] as [number, number, number]
      if (n === 4) {
        offset[wide] = (j % 2 === 0 ? -1 : 1) * 0.7 * box.half[wide]
        offset[narrow] = (j < 2 ? -1 : 1) * 0.7 * box.half[narrow]
      } else offset[wide] = (-1 + (2 * (j + 0.5)) / n) * box.half[wide]
      center = add(center, offset)
    }
    const solid = makeSolid(part, copy, sceneShape(part, 'other'), [d, d, length], r, center, {
      ...(part.shape === 'tube' ? { hollow: true } : {}),
    })
    solid.anchor = first
    solid.embedded = true
    solids.push(solid)
  }
  return solids
}

/**
 * "around": one part encircling the targets on their axis (a ring, a collar, a frame round a
 * carafe, a spring), or copies set round it on a circle (blades out from a hub's side, holes on
 * its end).
 */
export function placeAround(
  part: DraftPart,
  targets: readonly Solid[],
  copies: number[],
  slots: FaceSlots,
  rootLength: number,
): Solid[] {
  const first = targets[0]!
  // Round a ring of blades: the ring's axis is the hub's.
  const hub = targets.length > 1 && first.anchor ? first.anchor : first
  const axis = normalize(isRoundSolid(hub) ? axisOf(hub) : UNIT[longAxis(hub)]!)
  const k = indexOf(axis)
  const box = groupBox(targets)
  const radius = Math.max(...[0, 1, 2].filter((a) => a !== k).map((a) => box.half[a]!))
  const length = 2 * box.half[k]
  const encircles =
    copies.length === 1 ||
    ['ring', 'collar', 'tube', 'frame', 'strap', 'guard', 'spring'].includes(part.form)
  // "a bezel around the screen": a bar swept round the edge of a flat part, not a drum over it.
  const thin = [0, 1, 2].find(
    (a) => first.half[a]! < 0.35 * Math.min(...first.half.filter((_, b) => b !== a)),
  )
  if (
    encircles &&
    copies.length === 1 &&
    targets.length === 1 &&
    !isRoundSolid(first) &&
    thin !== undefined
  ) {
    return [edgeFrame(part, first, copies[0]!, thin as 0 | 1 | 2)]
  }
  if (encircles) {
    const shape = sceneShape(part, 'other')
    const size: Vec3 =
      shape === 'torus'
        ? (() => {
            const t = Math.max(1, (part.head === 'tire' ? 0.35 : 0.15) * radius * 2)
            const outer = 2 * radius + 2 * t
            return [outer, outer, t]
          })()
        : shape === 'helix'
          ? [2.6 * radius, 2.6 * radius, 0.4 * length]
          : [2.5 * radius, 2.5 * radius, (part.form === 'frame' ? 0.9 : 0.25) * length]
    const r = frameOf(axis, k === 2 ? [1, 0, 0] : [0, 0, 1])
    return copies.map((copy, j) => {
      const offset = copies.length > 1 ? (-0.5 + (j + 0.5) / copies.length) * length : 0
      const solid = makeSolid(part, copy, shape, size, r, add(box.center, scale(axis, offset)), {
        ...(part.shape === 'tube' || shape === 'cylinder' ? { hollow: true } : {}),
      })
      solid.anchor = first
      solid.embedded = true
      return solid
    })
  }
  // Holes, bolts and knobs round a hub go on its end; blades stand out from its side.
  if (['hole', 'screw', 'knob', 'pin', 'lens'].includes(part.form)) {
    return placeOnFace(part, hub, {
      face: faceOf(hub, mainAxis(axis).axis === 1 ? 'front' : 'top').face,
      arrangement: 'around',
      copies,
      slots,
      rootLength,
    })
  }
  const spokes = copies.length
  // Blades reach well out from a small hub: their length is the object's, not the hub's.
  const span = Math.max(radius, (part.form === 'blade' ? 0.4 : 0.25) * rootLength)
  const width = part.form === 'blade' ? 0.45 * span : 0.15 * span
  const thick = Math.max(0.5, 0.06 * width)
  const start: Vec3 = Math.abs(axis[2]) > 0.9 ? [1, 0, 0] : [0, 0, 1]
  const e1 = normalize(sub(start, scale(axis, dot(start, axis))))
  const e2 = cross(axis, e1)
  return copies.map((copy, j) => {
    const t = Math.PI / 2 + (2 * Math.PI * j) / spokes
    const radial = add(scale(e1, Math.cos(t)), scale(e2, Math.sin(t)))
    const r = frameOf(radial, cross(axis, radial))
    const center = add(hub.center, scale(radial, radius + span / 2))
    const solid = makeSolid(part, copy, sceneShape(part, 'other'), [width, thick, span], r, center)
    solid.anchor = hub
    solid.normal = radial
    return solid
  })
}

/** A bar swept round the edge of flat `target`, across its thin world axis `thin`. */
function edgeFrame(part: DraftPart, target: Solid, copy: number, thin: 0 | 1 | 2): Solid {
  const [a, b] = [0, 1, 2].filter((k) => k !== thin) as [0 | 1 | 2, 0 | 1 | 2]
  const d = Math.max(2.4 * target.half[thin], 0.06 * Math.min(target.half[a], target.half[b]))
  const hx = target.half[a] + d / 2
  const hz = target.half[b] + d / 2
  const path: Vec3[] = [
    [-hx, 0, -hz],
    [hx, 0, -hz],
    [hx, 0, hz],
    [-hx, 0, hz],
    [-hx, 0, -hz],
  ]
  const r = frameOf(UNIT[b]!, UNIT[a]!)
  const solid = makeSolid(part, copy, 'tube', [2 * hx + d, d, 2 * hz + d], r, target.center, {
    path,
  })
  solid.anchor = target
  solid.embedded = true
  return solid
}

/** "inside": within the target, turned with it, copies in a row along its long side. */
export function placeInside(part: DraftPart, target: Solid, copies: number[]): Solid[] {
  const k = longAxis(target)
  const n = copies.length
  const inner: Vec3 = [0.7 * target.size[0], 0.7 * target.size[1], 0.7 * target.size[2]]
  const round = ['cylinder', 'tube', 'sphere', 'cone', 'helix', 'torus'].includes(part.shape)
  const local = indexOf(axisOf(target)) === k ? 2 : target.half[0] >= target.half[1] ? 0 : 1
  inner[local] = (inner[local]! * (n > 1 ? 0.95 : 1)) / n
  let size: Vec3 = inner
  if (round) {
    const d = Math.min(inner[0], inner[1], part.shape === 'sphere' ? inner[2] : Infinity)
    size = part.shape === 'sphere' ? [d, d, d] : [d, d, inner[2]]
  }
  if (part.form === 'screen' || part.form === 'panel')
    size = [inner[0], inner[1], Math.max(0.5, 0.05 * inner[2])]
  const along = scale(UNIT[k]!, 2 * target.half[k])
  return copies.map((copy, j) => {
    const offset = n > 1 ? -0.5 + (j + 0.5) / n : 0
    const center = add(target.center, scale(along, 0.9 * offset))
    const solid = makeSolid(part, copy, sceneShape(part, 'other'), size, target.r, center, {
      ...(part.shape === 'tube' ? { hollow: true } : {}),
    })
    solid.anchor = target
    solid.embedded = true
    return solid
  })
}

/** "coaxial with": on the target's axis, against its free end. */
export function placeCoaxial(
  part: DraftPart,
  target: Solid,
  copies: number[],
  slots: FaceSlots,
  rootLength: number,
): Solid[] {
  const axis = isRoundSolid(target) ? axisOf(target) : UNIT[longAxis(target)]!
  const { axis: k, sign } = mainAxis(axis)
  const faces: Record<number, [string, string]> = {
    0: ['right', 'left'],
    1: ['front', 'rear'],
    2: ['top', 'bottom'],
  }
  const [plus, minus] = faces[k]!
  const preferred = k === 1 ? (sign < 0 ? plus : minus) : sign > 0 ? plus : minus
  const face = (
    slots.used(target.id, preferred) ? (preferred === plus ? minus : plus) : preferred
  ) as Face
  return placeOnFace(part, target, { face, copies, slots, rootLength })
}

/**
 * "a wheel mounted on an axle", "a pinion on the input shaft": round parts on a bar, the bar
 * through their middle; one copy at its middle, two at its ends, more spread along it.
 */
export function placeMounted(
  part: DraftPart,
  shaft: Solid,
  copies: number[],
  rootLength: number,
): Solid[] {
  const axis = isRoundSolid(shaft) ? axisOf(shaft) : UNIT[longAxis(shaft)]!
  const k = indexOf(axis)
  const bar = 2 * Math.min(...[0, 1, 2].filter((a) => a !== k).map((a) => shaft.half[a]!))
  const length = 2 * shaft.half[k]
  const wheel = part.form === 'wheel'
  const base = wheel ? Math.max(6 * bar, 0.3 * rootLength) : Math.max(4 * bar, 0.12 * rootLength)
  const k2 = part.adjectives.includes('large') ? 1.35 : part.adjectives.includes('small') ? 0.7 : 1
  const d = base * k2
  const t = wheel ? 0.25 * d : Math.max(1.5 * bar, 0.15 * d)
  const r = frameOf(axis, k === 2 ? [1, 0, 0] : [0, 0, 1])
  const n = copies.length
  return copies.map((copy, j) => {
    const at =
      n === 1
        ? 0
        : n === 2
          ? (j === 0 ? -1 : 1) * (length / 2 - t / 2)
          : (-0.5 + (j + 0.5) / n) * (length - t)
    const solid = makeSolid(
      part,
      copy,
      sceneShape(part, 'other'),
      [d, d, t],
      r,
      add(shaft.center, scale(axis, at)),
      {
        ...(part.shape === 'tube' ? { hollow: true } : {}),
      },
    )
    solid.anchor = shaft
    solid.embedded = true
    return solid
  })
}

/**
 * Object solver, proportions: how big each part is, in one table. A part's size is written in
 * its own frame, local z being the axis it stands out along (a leg's length, a knob's height, a
 * lid's thickness), and is taken from what it sits on: the main part is about 100 units across,
 * a knob a sixth of the face it is on, a leg three quarters of the top it holds up. Adjectives
 * then stretch it ("elongated", "flat", "small"). Round parts keep x = y.
 */

import type { Vec3 } from '../object-scene'
import type { DraftPart } from '../read/object-draft'

/** The main part's longest side, in scene units. */
export const ROOT_SIZE = 100

/** Sizes of the main part by form, [x, y, z]: z is up. */
const ROOT_SIZES: Record<string, Vec3> = {
  body: [100, 70, 60],
  base: [100, 80, 16],
  panel: [100, 60, 5],
  lid: [100, 70, 8],
  door: [60, 90, 4],
  leaf: [50, 80, 3],
  frame: [100, 60, 60],
  block: [40, 30, 30],
  leg: [10, 10, 80],
  rod: [8, 8, 100],
  pin: [8, 8, 60],
  tube: [30, 30, 100],
  collar: [60, 60, 30],
  cylinder: [60, 60, 80],
  disk: [80, 80, 15],
  wheel: [80, 80, 20],
  knob: [40, 40, 20],
  lens: [60, 60, 10],
  sphere: [70, 70, 70],
  cone: [60, 60, 80],
  ring: [80, 80, 14],
  handle: [60, 60, 10],
  blade: [80, 20, 2],
  spring: [30, 30, 80],
  screw: [10, 10, 60],
  knuckle: [12, 12, 30],
  hinge: [10, 10, 60],
  screen: [80, 50, 3],
  hole: [20, 20, 4],
  strap: [80, 10, 2],
  cable: [5, 5, 100],
  guard: [80, 60, 3],
}

/** Whether a shape is round about its local z. */
export const isRound = (part: DraftPart) =>
  ['cylinder', 'tube', 'cone', 'sphere', 'torus', 'helix'].includes(part.shape)

/** A size stretched by the part's adjectives ("elongated", "flat", "small"). */
export function stretch(part: DraftPart, size: Vec3, long: 0 | 1 | 2 = 2): Vec3 {
  let [x, y, z] = size
  const has = (a: string) => part.adjectives.includes(a as never)
  const plate = part.shape === 'plate' || z < 0.2 * Math.min(x, y)
  if (has('flat')) z *= plate ? 0.8 : 0.35
  if (has('thin')) {
    if (plate) z *= 0.5
    else if (long === 2) {
      x *= 0.6
      y *= 0.6
    } else z *= 0.5
  }
  if (has('thick')) z *= 1.6
  if (has('elongated')) {
    if (long === 2) z *= 1.8
    else x *= 1.8
  }
  if (has('short')) z *= 0.6
  if (has('tall')) z *= 1.5
  if (has('wide')) x *= 1.4
  if (has('narrow')) x *= 0.65
  const k = has('small') ? 0.7 : has('large') ? 1.35 : 1
  x *= k
  y *= k
  z *= k
  if (has('square')) y = x
  // A loop handle's size is [span, bar, reach], not a ring's two diameters.
  if (isRound(part) && !(part.form === 'handle' && part.shape === 'torus')) {
    const d = (x + y) / 2
    x = d
    y = d
  }
  return [x, y, z]
}

/** The main part's size (see ROOT_SIZES), stretched along its length (x for a box or a slab). */
export function rootSize(part: DraftPart): Vec3 {
  let base = ROOT_SIZES[part.form] ?? ROOT_SIZES.body!
  if (part.form === 'body' && isRound(part)) base = [70, 70, 90]
  if (part.form === 'panel' && isRound(part)) base = [90, 90, 6]
  if (part.form === 'base' && isRound(part)) base = [90, 90, 12]
  if (part.shape === 'sphere' && part.adjectives.includes('domed')) base = [70, 70, 40]
  // A handle the rest hangs from (a paint roller's) is a bar, not a loop lying flat.
  if (part.form === 'handle' && part.shape !== 'torus') base = [12, 12, 90]
  return stretch(part, base, isRound(part) ? 2 : 0)
}

/** What a child is sized against: the face it sits on and the part it belongs to. */
export interface SizeContext {
  /** Half extents of the face along its two directions. */
  faceU: number
  faceV: number
  /** The anchor's longest side and its diameter (round) or smaller face side. */
  anchorLength: number
  anchorThickness: number
  /** The anchor is round about the face's normal (a lid on a can, a cap on a neck). */
  roundAcross: boolean
  /** The anchor's diameter across the face when round. */
  anchorDiameter: number
  /** How many copies share the face (drawers stacked, buttons in a row). */
  copies: number
  /** The main part's longest side: bodies, bars and blades are sized from it too. */
  rootLength: number
  /** The face is the underside of a slab: what goes there holds it up (a pedestal cabinet). */
  under: boolean
  /** The prompt put the slab on top of it ("a pad on top of the rails"): it stands under it. */
  holdsUp?: boolean
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x))

/**
 * A child's size in its own frame (z out of the face it sits on), from its form and the face:
 * flush parts cover the face, round ones are a fraction of it, long ones a fraction of the
 * anchor's length. Stretched by its adjectives.
 */
export function childSize(part: DraftPart, c: SizeContext): Vec3 {
  const fu = 2 * c.faceU
  const fv = 2 * c.faceV
  const m = Math.max(1, Math.min(fu, fv))
  const L = Math.max(c.anchorLength, 1)
  // A bar out of something small (a forearm from an elbow) is still the object's size.
  const reach = Math.max(L, 0.5 * c.rootLength)
  const body = Math.max(Math.min(fu, fv), 0.35 * c.rootLength)
  const head = part.head
  const round = isRound(part)
  const across = (k: number) => (c.roundAcross ? c.anchorDiameter * k : 0)
  let size: Vec3
  switch (part.form) {
    case 'lid':
      size = c.roundAcross
        ? [across(1.04), across(1.04), clamp(0.1 * L, 1.5, 12)]
        : [fu, fv, clamp(0.08 * L, 1.5, 10)]
      break
    case 'panel': {
      // A pad on a thin bar's end (a clamp's swivel pad) is wider than the bar.
      const pad = Math.max(across(1), Math.min(3 * c.anchorDiameter, 0.15 * c.rootLength))
      size = c.roundAcross ? [pad, pad, clamp(0.06 * L, 1, 8)] : [fu, fv, clamp(0.05 * L, 1, 6)]
      break
    }
    case 'base':
      size = c.roundAcross
        ? [across(1.3), across(1.3), 0.15 * L]
        : [fu * 1.2, fv * 1.2, clamp(0.15 * L, 3, 20)]
      break
    case 'door':
      size =
        head === 'drawer'
          ? [0.8 * fu, (0.8 * fv) / c.copies, clamp(0.04 * L, 1, 5)]
          : [0.75 * fu, 0.8 * fv, clamp(0.03 * L, 1, 4)]
      break
    case 'leaf':
      size = [fu, fv, clamp(0.04 * L, 1, 4)]
      break
    case 'body':
    case 'frame':
      if (c.under) {
        size = [0.35 * fu, 0.9 * fv, 0.7 * L]
        break
      }
      size =
        Math.min(fu, fv) >= 0.35 * c.rootLength
          ? [0.6 * fu, 0.6 * fv, 0.5 * Math.min(fu, fv)]
          : [body, 0.8 * body, 0.8 * body]
      break
    case 'block':
      // "a pad on top of two side rails": the rails stand under it, as legs do.
      if (c.under && c.holdsUp) {
        size = [0.07 * L, 0.1 * L, 0.8 * L]
        break
      }
      size =
        head === 'drawer'
          ? [0.8 * fu, (0.8 * fv) / c.copies, 0.05 * L]
          : [0.22 * fu, 0.18 * fv, clamp(0.08 * m, 1, 15)]
      break
    case 'leg':
      size = /^(?:foot|feet|caster|standoff|pad)$/.test(head)
        ? [0.08 * L, 0.08 * L, 0.05 * L]
        : /^(?:pedestal|column|pillar|stand|post|upright)$/.test(head)
          ? [0.14 * L, 0.14 * L, 0.8 * L]
          : [0.07 * L, 0.07 * L, 0.7 * L]
      break
    case 'rod':
      size = [clamp(0.06 * reach, 1, 0.6 * m), clamp(0.06 * reach, 1, 0.6 * m), 0.7 * reach]
      if (head === 'antenna' || head === 'needle' || head === 'electrode') {
        size = [0.03 * L, 0.03 * L, 0.5 * L]
      }
      break
    case 'pin':
    case 'screw':
      size = [clamp(0.06 * m, 1, 8), clamp(0.06 * m, 1, 8), clamp(0.2 * m, 3, 20)]
      break
    case 'tube':
      size =
        head === 'neck'
          ? [across(0.4) || 0.3 * m, across(0.4) || 0.3 * m, 0.25 * L]
          : [0.15 * m, 0.15 * m, 0.45 * L]
      break
    case 'collar':
      size = [across(1.3) || 0.4 * m, across(1.3) || 0.4 * m, 0.2 * m]
      break
    case 'cylinder':
      size =
        head === 'hub'
          ? [0.3 * m, 0.3 * m, 0.2 * m]
          : [Math.max(0.45 * m, 0.3 * body), Math.max(0.45 * m, 0.3 * body), 0.4 * reach]
      break
    case 'disk':
      size = c.roundAcross
        ? [across(1.15), across(1.15), 0.5 * across(1.15)]
        : [0.4 * m, 0.4 * m, 0.12 * m]
      break
    case 'wheel': {
      // A wheel on a bar's end is the object's wheel, not the bar's.
      const d = Math.max(0.4 * m, 0.18 * c.rootLength)
      size = [d, d, 0.25 * d]
      break
    }
    case 'knob': {
      // A button on a narrow face is still big enough to see at print size.
      const d = Math.max(0.15 * m, 0.09 * Math.max(fu, fv))
      size = [d, d, 0.08 * Math.max(m, d)]
      break
    }
    case 'lens':
      size = [0.3 * m, 0.3 * m, 0.05 * m]
      break
    case 'sphere': {
      // A ball on a bar's end is wider than the bar.
      const d = Math.max(0.3 * m, Math.min(1.6 * m, 0.1 * c.rootLength))
      size = [d, d, d]
      break
    }
    case 'cone': {
      // A tip on a bar's end is at least as wide as the bar, as a ball on one is.
      const d = Math.max(0.3 * m, Math.min(1.2 * m, 0.06 * c.rootLength))
      size = /^(?:shade|lampshade)$/.test(head)
        ? [0.5 * ROOT_SIZE, 0.5 * ROOT_SIZE, 0.35 * ROOT_SIZE]
        : [d, d, (4 / 3) * d]
      break
    }
    case 'ring':
      size = [0.3 * m, 0.3 * m, 0.06 * m]
      break
    case 'handle':
      size =
        part.shape === 'torus'
          ? [0.5 * fv, 0.08 * fv, 0.25 * fv]
          : /^(?:handle|grip|bail|loop)$/.test(head)
            ? [clamp(0.06 * m, 1, 8), clamp(0.06 * m, 1, 8), 0.6 * Math.max(fu, fv)]
            : [0.15 * m, 0.15 * m, 0.08 * m]
      break
    case 'blade':
      // A trowel's blade on a short neck is still the object's blade.
      size = [0.14 * reach, 0.02 * reach, 0.45 * reach]
      break
    case 'spring':
      size = [0.3 * m, 0.3 * m, 0.35 * L]
      break
    case 'knuckle':
    case 'hinge':
      size = [0.08 * L, 0.08 * L, 0.25 * L]
      break
    case 'screen':
      size = [0.75 * fu, 0.7 * fv, clamp(0.01 * L, 0.5, 2)]
      break
    case 'hole':
      size = [0.15 * m, 0.15 * m, clamp(0.02 * L, 0.5, 2)]
      break
    case 'strap':
      size = [0.15 * fu, fv, clamp(0.01 * L, 0.5, 2)]
      break
    case 'cable':
      // Long enough to reach out past its part's outline when it leaves from the back.
      size = [0.04 * L, 0.04 * L, 0.7 * L]
      break
    case 'guard':
      size = [fu, fv, clamp(0.02 * L, 0.5, 3)]
      break
  }
  // A loop handle's size is [span, bar, reach], not a ring's diameters.
  if (round && !c.roundAcross && part.form !== 'handle') {
    const d = Math.min(size[0], size[1])
    size = [d, d, size[2]]
  }
  return stretch(part, size)
}

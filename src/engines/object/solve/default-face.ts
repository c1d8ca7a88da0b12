/**
 * Object solver, one rule: the face a part goes on when the prompt names none, from its form and
 * its own words ("a front panel", "a rear wall"): a lid on top, legs and feet underneath, a knob,
 * a screen or a door on the front, a handle on the side, a cable out of the back.
 */

import type { DraftPart, Face } from '../read/object-draft'

const BY_FORM: Record<string, Face> = {
  body: 'top',
  base: 'bottom',
  panel: 'top',
  lid: 'top',
  door: 'front',
  leaf: 'right',
  frame: 'top',
  block: 'front',
  leg: 'bottom',
  rod: 'top',
  pin: 'top',
  tube: 'top',
  collar: 'top',
  cylinder: 'top',
  disk: 'top',
  wheel: 'side',
  knob: 'front',
  lens: 'front',
  sphere: 'top',
  cone: 'top',
  ring: 'top',
  handle: 'side',
  blade: 'side',
  spring: 'top',
  screw: 'front',
  knuckle: 'right',
  hinge: 'rear',
  screen: 'front',
  hole: 'top',
  strap: 'side',
  cable: 'rear',
  guard: 'front',
}

/** Heads whose own word says where they go. */
const BY_HEAD: Record<string, Face> = {
  bottom: 'bottom',
  base: 'bottom',
  foot: 'bottom',
  feet: 'bottom',
  back: 'rear',
  backrest: 'rear',
  top: 'top',
  shelf: 'top',
  spout: 'left',
  chip: 'top',
  rail: 'bottom',
  tray: 'top',
  axle: 'bottom',
  arm: 'side',
  wall: 'side',
  sidewall: 'side',
}

/** Uprights that stand on a base but hold up a top: "a column on a base", "a post under a seat". */
const UPRIGHTS = new Set(['post', 'column', 'pillar', 'pedestal', 'stand', 'upright', 'standoff'])

/**
 * The face `part` goes on when none is named (see the module header), against `anchor`; a part
 * said to extend from it ("a stand extending from the base") goes up, unless it is a leg or a foot.
 */
export function defaultFace(part: DraftPart, anchor?: DraftPart, extends_ = false): Face {
  if (part.ownFace) return part.ownFace
  if (part.form === 'leg' && UPRIGHTS.has(part.head)) {
    return anchor && (anchor.form === 'base' || anchor.form === 'leg') ? 'top' : 'bottom'
  }
  if (extends_ && part.form !== 'leg') return 'top'
  return BY_HEAD[part.head] ?? BY_FORM[part.form] ?? 'top'
}

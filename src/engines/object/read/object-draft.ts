/**
 * Object reader, shared model: what a prompt says about an object, before anything is sized or
 * placed. read/ builds it from words; solve/ turns it into an ObjectScene. Plain data: the parts
 * with their numerals as written and labels in the prompt's words, the shape each word gives, how
 * many of each there are, where each sits against another, and the views asked for.
 */

import { type ObjectView, PART_SHAPES } from '../object-scene'

/**
 * The shape a part is modelled as, in the words illustrators use (test/corpus/objects/README.md):
 * the scene's primitives, except that `tube` is a hollow open-ended cylinder (a pipe, a sleeve, a
 * knuckle; the scene draws it as a hollow cylinder) and `assembly` is a whole or a named
 * sub-assembly that is only the sum of its parts (nothing of its own is drawn).
 */
export const DRAFT_SHAPES = [...PART_SHAPES, 'assembly'] as const
export type DraftShape = (typeof DRAFT_SHAPES)[number]

/**
 * What kind of thing a part is, as the vocabulary tells it: with its adjectives it decides the
 * shape, and it decides the proportions and where the part goes when the prompt does not say.
 */
export const PART_FORMS = [
  /** A main solid: housing, body, casing, cabinet, torso. */
  'body',
  /** A block-like base: base, platform, plinth. */
  'base',
  /** A flat slab: plate, panel, top, shelf, seat, board, wall. */
  'panel',
  /** A cover on top of a body: lid, cover, hood. */
  'lid',
  /** A flat closure on a face: door, flap, hatch. */
  'door',
  /** A hinge leaf: a thin plate beside another. */
  'leaf',
  /** An open frame of bars: frame, rack. */
  'frame',
  /** A small box on a face: latch, drawer, switch, connector, chip, trigger. */
  'block',
  /** An upright support under something: leg, foot, post, column, stand. */
  'leg',
  /** A long round bar: rod, shaft, pole, axle, stem, arm. */
  'rod',
  /** A short bar through something: pin, dowel, peg. */
  'pin',
  /** A hollow round bar: tube, pipe, barrel, spout. */
  'tube',
  /** A hollow ring round something: collar, sleeve, bearing, rim, bushing. */
  'collar',
  /** A round solid of some height: cylinder, drum, hub, roller, grip. */
  'cylinder',
  /** A round flat solid: disk, pulley, gear, cap. */
  'disk',
  /** A wheel: a disk whose axis lies along the face it is on. */
  'wheel',
  /** A small control on a face: knob, dial, button. */
  'knob',
  /** A lens or a lamp: a shallow disk on a face. */
  'lens',
  'sphere',
  /** A cone or taper: nozzle, funnel, shade, reflector. */
  'cone',
  /** A ring of round section: ring, gasket, O-ring, seal, tire. */
  'ring',
  /** A loop to hold: handle, bail, hook. */
  'handle',
  /** A thin flat blade: blade, fin, vane, tab, clip, pedal. */
  'blade',
  'spring',
  /** A threaded fastener: screw, bolt, rivet, nut. */
  'screw',
  /** A hinge knuckle: a short hollow barrel along an edge. */
  'knuckle',
  /** A whole hinge on an edge. */
  'hinge',
  /** A flat rectangle flush on a face: screen, display, window, keypad. */
  'screen',
  /** An opening in a face: hole, slot, opening, port, bore. */
  'hole',
  /** A flexible band: strap, belt, ribbon, tape. */
  'strap',
  /** A flexible cord: cable, cord, wire, string, rope. */
  'cable',
  /** A curved shield over something: guard, fender, shroud. */
  'guard',
] as const
export type PartForm = (typeof PART_FORMS)[number]

/** Shape words used as adjectives: they change a part's shape or its proportions. */
export const ADJECTIVES = [
  'rectangular',
  'square',
  'cylindrical',
  'round',
  'conical',
  'spherical',
  'flat',
  'thin',
  'thick',
  'elongated',
  'short',
  'tall',
  'wide',
  'narrow',
  'hollow',
  'small',
  'large',
  'rounded',
  'curved',
  'annular',
  'ring-shaped',
  'domed',
  'tapered',
  'coiled',
  'threaded',
  'straight',
  'disk-shaped',
] as const
export type Adjective = (typeof ADJECTIVES)[number]

/**
 * A face of a part, in the part's own frame before rotation (z up, front at −y): where another
 * part sits. `side` is a side the prompt did not name (left or right, chosen by the solver);
 * `end` is an end along the part's long axis; `edge` the rim between its top and a side.
 */
export const FACES = [
  'top',
  'bottom',
  'front',
  'rear',
  'left',
  'right',
  'side',
  'end',
  'edge',
] as const
export type Face = (typeof FACES)[number]

/**
 * How a part sits against another. The subject is the part that carries the relation.
 * - `on`: touching a face of the target (`face`, else one its form suggests): "on top of",
 *   "attached to the side of", "mounted on", "at the end of", "supported by" (on the target's top);
 * - `extends`: standing out from a face of the target along its normal: "extending from";
 * - `through`: passing through the target along its axis: "a pin through the knuckles";
 * - `inside`: within the target: "inside", "received in";
 * - `around`: surrounding the target or set round it: "a ring around the shaft", "blades evenly
 *   spaced around the hub";
 * - `hinged`: turning on an edge of the target: "hinged to", "a hinged lid";
 * - `coaxial`: on the target's axis, next along it: "coaxial with";
 * - `between`: between two targets;
 * - `of`: a portion of the target(s), place unsaid: "knuckles of the leaves";
 * - `beside`: next to the target, on what the target is on.
 */
export const RELATION_KINDS = [
  'on',
  'extends',
  'through',
  'inside',
  'around',
  'hinged',
  'coaxial',
  'between',
  'of',
  'beside',
] as const
export type RelationKind = (typeof RELATION_KINDS)[number]

/**
 * The placement word a prompt gives, as the corpus scores it (test/corpus/objects/README.md):
 * a face named ("on the front face": front), "below", "at the end", "at the corners", or the
 * relation itself when it is one of inside, around, through, coaxial, hinged.
 */
export const WHERE_WORDS = [
  'top',
  'bottom',
  'below',
  'front',
  'rear',
  'left',
  'right',
  'side',
  'end',
  'inside',
  'around',
  'through',
  'corners',
  'coaxial',
  'hinged',
] as const
export type Where = (typeof WHERE_WORDS)[number]

export interface Relation {
  kind: RelationKind
  /** The ids of the parts it is placed against (two for `between`, or for "of the leaves"). */
  targets: string[]
  /** The face of the target it sits on: named, or implied by the words ("supported by": top). */
  face?: Face
  /** The placement word the prompt wrote, if any. */
  where?: Where
  /** A direction the prompt gives ("extending downward"): the face it points out of. */
  toward?: Face
  /** The part's own face where it meets the target ("supported at its left end by"). */
  at?: Face
  /** Written as the part held up by the target ("supported by", "held up by", "carried by"). */
  support?: boolean
  /** At the middle of the target ("a hub at the center of the rim"). */
  middle?: boolean
  /** The target was not named but implied ("on the front face", "at its end"). */
  implicit?: boolean
  /** One on each of several targets ("an oil seal around each shaft"). */
  each?: boolean
  /** Only near its targets ("a scroll wheel between the buttons"): no `on`. */
  loose?: boolean
  /** The prompt's words that said it: "attached to the side of". */
  words: string
}

/** How the copies of a counted part are set out. */
export const ARRANGEMENTS = ['corners', 'around', 'row', 'opposite'] as const
export type Arrangement = (typeof ARRANGEMENTS)[number]

/** One part as the prompt names it; a counted part ("four legs 44") is one DraftPart. */
export interface DraftPart {
  /** Unique in the draft: the element id of the figure and, for one copy, of the scene part. */
  id: string
  /**
   * The prompt's noun phrase in capitals, without determiners, count, numeral and the
   * adjectives that only say shape or size: "LEGS" for "four short round legs 44".
   */
  label: string
  /** The numeral as written ("44", "30a"), the first of a list. */
  numeral?: string
  /** Every numeral of a list or range ("blades 30a-30c"), one per copy. */
  numerals?: string[]
  /** The naming words, lowercase, the last singular: what later mentions match. */
  keys: string[]
  head: string
  ordinal?: string
  /** The shape it is modelled as; `assembly` for a whole or sub-assembly drawn as its parts. */
  shape: DraftShape
  form: PartForm
  /** false when no word told the shape: drawn as a plain block and named in warnings. */
  shapeKnown: boolean
  adjectives: Adjective[]
  /** How many there are ("four legs": 4; a plural with no number gets its form's usual count). */
  count: number
  /** Whether the prompt wrote the count ("four", "a pair of", a numeral list, "each"). */
  countWritten: boolean
  arrangement?: Arrangement
  relations: Relation[]
  /** The part it was listed under ("a base 30 having feet 32": the base), if that is a part. */
  parent?: string
  /** A face its own words name: "a front panel", "a rear wall", "a top cover". */
  ownFace?: Face
  /** The part it is attached to, supported by or mounted on, as the prompt says it. */
  on?: string
  /** The placement word the prompt gives for it (with `on`, or alone: "around each shaft"). */
  where?: Where
}

/** Everything the prompt says about the object. */
export interface ObjectDraft {
  /** The legend of the first view, "FIG. n" (n from the prompt, else 1). */
  label: string
  /**
   * The id of the whole ("a coffee mug 10"), always `parts[0]`: shape `assembly` when it is only
   * its parts (drawn as the figure's numeral with an arrow), else the main body it is.
   */
  whole: string
  parts: DraftPart[]
  /** The views asked for, in the order written; a perspective view when none is. */
  views: ObjectView[]
  /** What is drawn but worth a look: parts drawn as plain blocks, views drawn as others. */
  warnings: string[]
}

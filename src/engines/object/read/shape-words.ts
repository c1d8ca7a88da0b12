/**
 * Object reader, vocabulary: the nouns that tell a part's form, the adjectives that change its
 * shape, and the shape each form is modelled as (the conventions of
 * test/corpus/objects/README.md: "a rectangular mouthpiece" is a box, "a tubular barrel" a tube,
 * a loop handle a torus, a panel a plate). Keys are singular and lowercase; a part is shaped by
 * its head noun, else by another noun of its name ("a wheel hub" is a hub, "a ball tip" a ball).
 */

import type { Adjective, DraftShape, PartForm } from './object-draft'

const set = (words: string) => words.trim().split(/\s+/)

/** Nouns by the form they name. A noun appears once. */
const FORM_NOUNS: Record<PartForm, string[]> = {
  body: set(`
    housing body casing case enclosure box cabinet chassis shell tank vessel container
    reservoir carton crate bin hopper unit console pod capsule compartment trunk cooler torso
    cabin head pack toaster speaker monitor
  `),
  base: set(`base baseplate platform plinth block riser`),
  panel: set(`
    plate panel top tabletop desktop worktop countertop slab sheet board shelf seat deck floor
    wall bottom backrest back backboard headboard footboard bed cushion mattress pad mat sole
    bracket flange partition divider skirt apron ledge gusset nameplate faceplate
  `),
  lid: set(`lid cover hood cowl roof canopy topper closure`),
  door: set(`door flap hatch gate shutter visor`),
  leaf: set(`leaf wing`),
  frame: set(`frame rack`),
  block: set(`
    latch drawer switch connector chip trigger key toggle magnet truck tray rail runner lock clamp
    jaw
  `),
  leg: set(`leg foot feet post column pillar pedestal stand support upright standoff caster`),
  rod: set(`
    rod shaft pole axle stem spindle bar arm boom mast spoke beam dowel stick wand handlebar
    crossbar plunger piston needle antenna electrode rib stretcher forearm bit
  `),
  pin: set(`pin peg stud pivot prong tine`),
  tube: set(`tube pipe barrel conduit duct spout chimney straw hose neck`),
  collar: set(`collar sleeve bushing bearing rim ferrule grommet washer band bezel`),
  cylinder: set(`
    cylinder drum roll roller grip hub core plug bobbin stopper spool insulator terminal chuck
    cartridge canister battery motor hat weight bonnet
  `),
  disk: set(`
    disk disc puck pulley gear pinion sprocket cog flywheel rotor platter coin cap handwheel
  `),
  wheel: set(`wheel`),
  knob: set(`knob dial button thumbstick joystick pushbutton push-button`),
  lens: set(`lens eyepiece mirror light lamp led indicator`),
  sphere: set(`sphere ball globe bead orb dome bulb joint`),
  cone: set(`cone nozzle funnel tip point nose taper horn shade reflector shoulder`),
  ring: set(`ring o-ring gasket seal tire tyre loop-ring`),
  handle: set(`handle loop bail hook eye claw`),
  blade: set(`blade fin vane paddle propeller tab finger tooth petal clip pedal lever bristle`),
  spring: set(`spring coil helix`),
  screw: set(`screw bolt rivet nail fastener nut`),
  knuckle: set(`knuckle`),
  hinge: set(`hinge`),
  screen: set(`
    screen display touchscreen window label keypad keyboard touchpad grille grill membrane
    badge logo glass
  `),
  hole: set(`
    hole slot opening aperture port vent outlet inlet orifice recess groove notch keyhole
    socket jack cavity bore passage channel chamber
  `),
  strap: set(`strap belt ribbon tape tail`),
  cable: set(`cable cord wire string rope tether lanyard chain`),
  guard: set(`guard shield fender shroud bumper`),
}

const FORM_OF = new Map<string, PartForm>()
for (const [form, nouns] of Object.entries(FORM_NOUNS) as [PartForm, string[]][]) {
  for (const noun of nouns) if (!FORM_OF.has(noun)) FORM_OF.set(noun, form)
}

/** Nouns whose shape is not their form's: feet are round, a tray is a box, a tire a torus. */
const SHAPE_OF_NOUN: Record<string, DraftShape> = {
  foot: 'cylinder',
  feet: 'cylinder',
  post: 'cylinder',
  column: 'cylinder',
  pillar: 'cylinder',
  pedestal: 'cylinder',
  stand: 'cylinder',
  upright: 'cylinder',
  standoff: 'cylinder',
  caster: 'cylinder',
  tray: 'box',
  slot: 'box',
  neck: 'cylinder',
  spout: 'tube',
  tire: 'torus',
  tyre: 'torus',
  seal: 'torus',
  dome: 'sphere',
  canopy: 'sphere',
  lock: 'cylinder',
  runner: 'tube',
  lamp: 'box',
  weight: 'cylinder',
  bearing: 'tube',
  spoke: 'box',
  key: 'box',
}

/** Wholes named with no parts, by what they look like: "a coffee mug" is a hollow cylinder. */
const WHOLE_FORMS: Record<string, PartForm> = Object.fromEntries(
  (
    [
      [
        'cylinder',
        'mug cup glass tumbler bottle jar can vase bucket pail pot kettle thermos flask',
      ],
      ['cylinder', 'jug pitcher candle flashlight torch carafe canister mill'],
      ['body', 'suitcase toaster speaker phone smartphone tablet book router microwave oven'],
      ['body', 'refrigerator fridge dishwasher washer dryer printer camera radio remote'],
      ['body', 'chest dresser wardrobe locker safe mailbox birdhouse kiosk computer basket'],
      ['panel', 'table desk bench shelf tray board stool kite sign'],
      ['rod', 'pen pencil stick cane broom bat wand'],
      ['sphere', 'ball globe'],
      ['ring', 'donut doughnut'],
    ] as const
  ).flatMap(([form, words]) => set(words).map((w) => [w, form as PartForm])),
)

/** Wholes that hold something: drawn hollow, with their opening. */
const VESSELS = new Set(set('mug cup glass tumbler jar vase bucket pail pot kettle bowl basket'))

/** Whether a whole named with no body ("a coffee mug") is an open vessel. */
export function isVessel(noun: string): boolean {
  return VESSELS.has(noun)
}

/** Adjectives by their written forms. */
const ADJECTIVE_WORDS = new Map<string, Adjective>([
  ...(
    [
      'rectangular square cylindrical round conical spherical flat thin thick elongated short tall',
      'wide narrow hollow small large rounded curved annular domed tapered coiled threaded',
      'straight',
    ] as const
  ).flatMap((line) => set(line).map((a) => [a, a as Adjective] as [string, Adjective])),
  ['ring-shaped', 'ring-shaped'],
  ['disk-shaped', 'disk-shaped'],
  ['disc-shaped', 'disk-shaped'],
  ['circular', 'round'],
  ['cuboid', 'rectangular'],
  ['box-shaped', 'rectangular'],
  ['rectilinear', 'rectangular'],
  ['oblong', 'elongated'],
  ['long', 'elongated'],
  ['slender', 'elongated'],
  ['planar', 'flat'],
  ['low', 'short'],
  ['high', 'tall'],
  ['broad', 'wide'],
  ['tubular', 'hollow'],
  ['tiny', 'small'],
  ['little', 'small'],
  ['mini', 'small'],
  ['big', 'large'],
  ['heavy', 'large'],
  ['enlarged', 'large'],
  ['semicircular', 'hollow'],
  ['u-shaped', 'curved'],
  ['c-shaped', 'curved'],
  ['j-shaped', 'curved'],
  ['arcuate', 'curved'],
  ['arched', 'curved'],
  ['dome-shaped', 'domed'],
  ['hemispherical', 'domed'],
  ['cone-shaped', 'conical'],
  ['funnel-shaped', 'conical'],
  ['flared', 'conical'],
  ['frustoconical', 'tapered'],
  ['tapering', 'tapered'],
  ['ball-shaped', 'spherical'],
  ['cylinder-shaped', 'cylindrical'],
  ['bar-shaped', 'straight'],
  ['rod-shaped', 'straight'],
  ['rounded-rectangle', 'rounded'],
  ['rounded-rectangular', 'rounded'],
  ['helical', 'coiled'],
])

/**
 * Words left out of a label because they only say shape or size (README "label"), or style
 * ("a simple chair"), or a place the relations keep ("a hinged lid"), or "own" ("its own lid").
 */
const LABEL_DROPS = new Set(
  set(`
    oval semicircular bar-shaped cross-shaped l-shaped t-shaped v-shaped y-shaped diamond-shaped
    simple basic plain hinged own single
  `),
)

/** The adjective a word is, if any ("circular" → round). */
export function adjectiveOf(word: string): Adjective | undefined {
  return ADJECTIVE_WORDS.get(word.toLowerCase())
}

/** Whether a word of a part's name is left out of its label. */
export function droppedFromLabel(word: string): boolean {
  const lower = word.toLowerCase()
  return ADJECTIVE_WORDS.has(lower) || LABEL_DROPS.has(lower)
}

/** The form a noun names, if the vocabulary knows it. */
export function formOfNoun(noun: string): PartForm | undefined {
  return FORM_OF.get(noun)
}

/** The form of a whole named with no parts ("a coffee mug"), if the vocabulary knows it. */
export function formOfWhole(noun: string): PartForm | undefined {
  return WHOLE_FORMS[noun] ?? FORM_OF.get(noun)
}

/** Forms that carry other parts as an object's main body. */
export const BODY_FORMS: ReadonlySet<PartForm> = new Set([
  'body',
  'base',
  'panel',
  'cylinder',
  'leaf',
])

/** Heads that say little of a shape: "a ball tip" is a ball, "a rose head" a head. */
const WEAK_HEADS = new Set(set('tip head end portion member element piece section part joint'))

/**
 * The form a part's words give and the noun that gave it: its head, else (when the head is
 * weak or unknown) the nearest other noun of its name the vocabulary knows ("a ball tip": ball),
 * else the whole's catalogue ("a removable inner bucket"), else none.
 */
export function formOfWords(keys: readonly string[]): { form: PartForm; noun: string } | undefined {
  const head = keys[keys.length - 1]!
  const own = FORM_OF.get(head)
  if (own && !WEAK_HEADS.has(head)) return { form: own, noun: head }
  const whole = WHOLE_FORMS[head]
  if (whole) return { form: whole, noun: head }
  for (let k = keys.length - 2; k >= 0; k--) {
    const form = FORM_OF.get(keys[k]!)
    if (form && !adjectiveOf(keys[k]!)) return { form, noun: keys[k]! }
  }
  return own ? { form: own, noun: head } : undefined
}

/** The shape each form is modelled as, before its adjectives. */
const SHAPE_OF_FORM: Record<PartForm, DraftShape> = {
  body: 'box',
  base: 'box',
  panel: 'plate',
  lid: 'plate',
  door: 'plate',
  leaf: 'plate',
  frame: 'box',
  block: 'box',
  leg: 'box',
  rod: 'cylinder',
  pin: 'cylinder',
  tube: 'tube',
  collar: 'tube',
  cylinder: 'cylinder',
  disk: 'cylinder',
  wheel: 'cylinder',
  knob: 'cylinder',
  lens: 'cylinder',
  sphere: 'sphere',
  cone: 'cone',
  ring: 'torus',
  handle: 'torus',
  blade: 'plate',
  spring: 'helix',
  screw: 'cylinder',
  knuckle: 'tube',
  hinge: 'cylinder',
  screen: 'plate',
  hole: 'cylinder',
  strap: 'plate',
  cable: 'cylinder',
  guard: 'plate',
}

/** Forms that "flat" or "thin" make a plate: "a flat lever handle", "a thin base", "a flat foot". */
const FLATTENS: ReadonlySet<PartForm> = new Set([
  'handle',
  'leg',
  'base',
  'lid',
  'door',
  'cone',
  'knob',
  'guard',
  'ring',
  'blade',
])

/** Forms that stay what they are whatever their adjectives say of roundness. */
const ROUND_BY_NATURE: ReadonlySet<DraftShape> = new Set(['sphere', 'cone', 'helix'])

/**
 * The shape a part is modelled as: its noun's or form's, changed by the shape adjectives ("a
 * cylindrical housing" is a cylinder, "a rectangular button" a box, "a rounded body" a rounded
 * box, "a flat lever" a plate, "a tubular barrel" a tube).
 */
export function shapeOf(
  form: PartForm,
  noun: string | undefined,
  adjectives: readonly Adjective[],
): DraftShape {
  const has = (a: Adjective) => adjectives.includes(a)
  const base = (noun !== undefined ? SHAPE_OF_NOUN[noun] : undefined) ?? SHAPE_OF_FORM[form]
  if (has('spherical') || (has('domed') && form !== 'cone')) return 'sphere'
  if (has('conical') || has('tapered')) return 'cone'
  if (has('coiled')) return 'helix'
  if (has('ring-shaped')) return 'torus'
  if (has('curved') && (form === 'handle' || form === 'rod' || form === 'ring')) return 'torus'
  if (has('annular')) return base === 'torus' ? 'torus' : 'tube'
  if (has('hollow')) return 'tube'
  if (has('cylindrical') || has('disk-shaped')) return 'cylinder'
  if (has('threaded') && (base === 'box' || base === 'plate')) return 'cylinder'
  if (has('round') && !ROUND_BY_NATURE.has(base)) return 'cylinder'
  if (has('straight') && (form === 'handle' || form === 'rod')) return 'cylinder'
  if (has('rounded') && (base === 'box' || base === 'plate')) return 'rounded-box'
  if ((has('flat') || has('thin')) && FLATTENS.has(form)) return 'plate'
  if (has('thick') && base === 'plate') return 'box'
  if ((has('rectangular') || has('square')) && base !== 'plate' && base !== 'rounded-box') {
    return 'box'
  }
  return base
}

/** Adjectives that tell a shape on their own, so a part with an unknown noun is still shaped. */
export function shapedByAdjectives(adjectives: readonly Adjective[]): boolean {
  return adjectives.some((a) =>
    [
      'rectangular',
      'square',
      'cylindrical',
      'round',
      'conical',
      'spherical',
      'domed',
      'tapered',
      'coiled',
      'annular',
      'ring-shaped',
      'disk-shaped',
      'hollow',
    ].includes(a),
  )
}

/**
 * How many of a counted part there are when the prompt says only a plural ("legs", "a plurality
 * of blades"): the number drafters draw.
 */
export function usualCount(form: PartForm): number {
  switch (form) {
    case 'leg':
    case 'wheel':
    case 'screw':
    case 'hole':
      return 4
    case 'blade':
    case 'knuckle':
    case 'knob':
      return 3
    default:
      return 2
  }
}

/** Shape nouns a later mention may use for a part its adjectives shaped ("the dome"). */
const SHAPE_ALIASES: Record<string, Adjective[]> = {
  dome: ['domed'],
  cylinder: ['cylindrical'],
  cone: ['conical', 'tapered'],
  ball: ['spherical'],
  sphere: ['spherical'],
  disk: ['disk-shaped', 'flat'],
  disc: ['disk-shaped', 'flat'],
  ring: ['annular', 'ring-shaped'],
}

/** The adjectives a shape noun stands for in a mention ("the dome": domed), if it is one. */
export function aliasAdjectives(noun: string): readonly Adjective[] | undefined {
  return SHAPE_ALIASES[noun]
}

/**
 * Prompt parser, shared vocabulary: the noun classes that tell a block diagram from a drawing of
 * an object (functional blocks against physical parts), the nouns that are never drawn as parts
 * ("data", "a signal"), and the heads that name a method. Keys are singular and lowercase.
 */

const set = (words: string) => new Set(words.trim().split(/\s+/))

/** Blocks of a system diagram: computing, electrical and networking parts. */
export const FUNCTIONAL_NOUNS = set(`
  processor microprocessor coprocessor cpu gpu tpu npu dsp core memory ram rom dram sram flash
  cache buffer register storage medium disk drive ssd hdd module unit circuit circuitry controller
  microcontroller mcu interface nic server database datastore repository store network internet
  cloud sensor engine logic bus transceiver transmitter receiver antenna modem radio router switch
  gateway hub bridge firewall balancer proxy client terminal computer node host service
  microservice application app platform system subsystem manager handler generator analyzer
  analyser detector estimator predictor classifier model scheduler dispatcher tracker parser
  compiler interpreter queue api portal frontend backend agent broker actuator motor driver
  regulator inverter rectifier charger transformer capacitor resistor inductor transistor diode
  led laser photodetector photodiode emitter amplifier oscillator clock timer counter comparator
  multiplexer mux demultiplexer encoder decoder codec converter adc dac fpga asic chip soc
  display screen touchscreen monitor camera microphone speaker keyboard keypad touchpad printer
  scanner reader battery phone smartphone tablet laptop workstation kiosk console dashboard
  browser website ui gui hmi plc pipeline accelerator firmware software program cluster
  datacenter subscriber transponder beacon tag reader writer authenticator validator
  orchestrator coordinator aggregator collector monitor cpu ecu pmu psu supply array
`)

/** Parts of a physical object: what a perspective or elevation view shows. */
export const PHYSICAL_NOUNS = set(`
  wheel handle leg blade hinge lid frame chain seat pedal saddle spoke tire tyre rim fork
  handlebar housing casing body base cap cover spring screw bolt nut washer nail rivet strap
  buckle tube pipe hose plate rod shaft axle gear sprocket cog knob lever wall door window drawer
  shelf cabinet arm armrest backrest cushion pin ring bracket flange nozzle spout cup mug bottle
  jar bowl bag pocket zipper sole heel lace brim tip edge corner surface groove slot hole aperture
  recess notch rib fin flap tab clip clamp hook lens mirror pane tray stand tripod mount post
  beam column sheet film membrane foam pad mat bristle brush comb knife spoon pan pot kettle
  chair table desk bed sofa couch stool lamp shade cord plug wing tail nose fuselage propeller
  rotor hull deck mast sail keel trunk hood bumper fender windshield roof floor ceiling stair
  ladder rung rail roller bearing bushing sleeve collar cuff glove shoe boot hat helmet visor
  belt band tooth jaw claw grip barrel muzzle tank funnel basket crate pallet bench cart wagon
  trolley stroller crib toy ball bat racket stem petal leaf branch root bicycle bike tricycle
  scooter skateboard car truck boat ship airplane aircraft drone umbrella backpack suitcase
  wallet purse watch bracelet necklace earring glasses spectacles tooth toothbrush razor scissors
  hammer wrench screwdriver pliers saw drill bit chisel shovel rake hoe broom mop bucket vase
  teapot pitcher glass plate tray lunchbox container box enclosure panel cushion mattress pillow
  blanket curtain rug carpet tile brick beam joist stud fastener spacer gasket seal o-ring
  magnet weight counterweight pulley cable wire hanger hook latch lock keyhole doorknob
  faucet tap sink tub toilet shower bathtub heater radiator fan blade grille vent duct chimney
  neck bezel
`)

/** Heads that are never a drawn part: what flows along a link, or an attribute of a part. */
export const NON_PART_NOUNS = set(`
  data datum information info signal message instruction code request response reply result
  value input command packet content file record entry event notification alert query token key
  parameter configuration state status indication measurement reading level amount number
  quantity rate speed frequency size capacity time duration period interval threshold range type
  format address identifier id name operation function method process step task job action
  feature functionality capability ability way manner embodiment example implementation aspect
  invention disclosure power energy access traffic communication link connection path other
  portion region area part piece thereof itself one each another plurality form use purpose
  output image picture video audio sound text document report log metric sample statistic score
  estimate prediction feedback waypoint coordinate location position temperature pressure
  humidity voltage current heat event wavelength setpoint gain torque
`)

/** NON_PART heads that also name the equipment at a link's end ("a grid connection"). */
const LINK_EQUIPMENT = set(`connection link`)
/** Verbs by which a subject acts on a part (not those by which a link joins two). */
const ACTING_VERBS = set(`powers feeds drives supplies charges sends transmits delivers provides`)

/**
 * "a grid connection powers a rectifier": a link word named as equipment (a modifier and "a"),
 * followed by `verb`, by which it acts on something, is a part.
 */
export function namesEquipment(
  phrase: { head: string; keys: readonly string[]; determiner: string },
  verb: string,
): boolean {
  return (
    LINK_EQUIPMENT.has(phrase.head) &&
    phrase.determiner === 'indefinite' &&
    phrase.keys.length >= 2 &&
    ACTING_VERBS.has(verb)
  )
}

/** Heads that only carry a numeral: "element 102" refers to whatever 102 is. */
export const GENERIC_NOUNS = set(`element component item block reference numeral`)

/** Heads that make a prompt a flowchart ("A method 200 comprising ..."). */
export const METHOD_HEADS = set(`
  method process procedure algorithm technique workflow routine flowchart flow step
`)

/** Heads that make a prompt a block diagram even when its parts are unknown words. */
export const SYSTEM_HEADS = set(`
  system apparatus device platform network architecture environment circuit computer server
  controller infrastructure machine arrangement equipment module unit chip subsystem
`)

/** Words after which an -ing word is a modifier ("image processing unit"), not a clause. */
export const HEAD_NOUNS = new Set([
  ...FUNCTIONAL_NOUNS,
  ...PHYSICAL_NOUNS,
  ...GENERIC_NOUNS,
  ...SYSTEM_HEADS,
  ...set(`
    device element component layer table mechanism assembly structure member section stage
    station equipment apparatus tool center centre facility plant function service agent logic
    material fluid medium machine means
  `),
])

const IRREGULAR_PLURALS: Record<string, string> = {
  buses: 'bus',
  busses: 'bus',
  indices: 'index',
  matrices: 'matrix',
  media: 'medium',
  teeth: 'tooth',
  feet: 'foot',
  children: 'child',
  people: 'person',
  mice: 'mouse',
  leaves: 'leaf',
  shelves: 'shelf',
  knives: 'knife',
  halves: 'half',
  caches: 'cache',
  analyses: 'analysis',
}

const KNOWN = (word: string) =>
  HEAD_NOUNS.has(word) || NON_PART_NOUNS.has(word) || METHOD_HEADS.has(word)

/** The singular of a lowercase noun, for matching "the processors" with PROCESSOR. */
export function singular(word: string): string {
  const irregular = IRREGULAR_PLURALS[word]
  if (irregular) return irregular
  if (word.length <= 3 || !word.endsWith('s') || /(?:ss|us|is|ics)$/.test(word)) return word
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`
  const minusS = word.slice(0, -1)
  if (/(?:sses|shes|ches|xes|zes)$/.test(word) && !KNOWN(minusS)) return word.slice(0, -2)
  return minusS
}

/** Heads that name what flows; a sentence about them is a flow, not a part's statement. */
export const FLOW_NOUNS =
  set(`signal signals data content segment segments packet packets frame frames stream streams video
  audio current currents power energy value values output outputs sample samples pulse pulses
  message messages request requests response responses command commands reading readings
  measurement measurements voltage voltages image images light beam beams fluid flow gas air
  water liquid sample reagent traffic information waveform wave waves charge heat frequency
  record records file files event events result results telemetry feed
  refrigerant coolant fuel oil steam exhaust slurry`)

/**
 * Prompt parser, shared vocabulary: the closed-class words (determiners, prepositions, auxiliaries,
 * claim connectives) and the verbs the readers recognise. Plain sets, looked up per token, so every
 * reader stays linear in the prompt's length.
 */

const set = (words: string) => new Set(words.trim().split(/\s+/))

/** Single-word determiners dropped from a label; `definite` ones make a back-reference. */
export const DEFINITE_DETERMINERS = set(`
  the said such this these those each every its their both all respective corresponding
`)
/** Determiners that introduce a part ("a processor", "one or more" is below). */
export const INDEFINITE_DETERMINERS = set(`
  a an another one any some multiple several various plural two three four five six seven eight
  nine ten twelve many
`)

/** Multi-word determiners, longest first: "one or more processors" is labelled PROCESSORS. */
export const PHRASE_DETERMINERS: readonly (readonly string[])[] = [
  ['at', 'least', 'one', 'of', 'the'],
  ['one', 'or', 'more', 'of', 'the'],
  ['each', 'of', 'the'],
  ['one', 'of', 'the'],
  ['any', 'of', 'the'],
  ['all', 'of', 'the'],
  ['both', 'of', 'the'],
  ['one', 'or', 'more'],
  ['at', 'least', 'one'],
  ['a', 'plurality', 'of'],
  ['plurality', 'of'],
  ['a', 'number', 'of'],
  ['a', 'set', 'of'],
  ['a', 'group', 'of'],
  ['a', 'pair', 'of'],
  ['a', 'series', 'of'],
  ['a', 'collection', 'of'],
]

/** Ordinals stay in a label ("FIRST SENSOR") and keep two parts apart. */
export const ORDINALS = set(`
  first second third fourth fifth sixth seventh eighth ninth tenth 1st 2nd 3rd 4th 5th 6th 7th 8th
  9th 10th primary secondary tertiary
`)

/** Pronouns and pro-forms, which never name a part ("it", "thereof"). */
export const PRONOUNS = set(
  `it they them he she we us you i itself themselves thereof therein herein hereof thereto above below`,
)

/** Words that end a noun phrase: prepositions, conjunctions, relativizers, auxiliaries. */
export const PHRASE_STOPS = set(`
  to from in into on onto at by for with within without via through over under across between
  among about against along around behind below beneath beside beyond during inside outside near
  per toward towards upon after before since until like than as of
  that which who whom whose where wherein whereby when whenever while whether if and or nor but so
  then because although unless thereby thereto therewith
  is are was were be been being am has have had having do does did may might can could will would
  shall should must
  comprising comprises comprise comprised including includes include containing contains contain
  consisting consists composed
  configured operable adapted arranged programmed designed capable able operative operatively
  coupled connected linked attached joined wired located disposed positioned mounted situated
  stored executed executable implemented embodied provided
  not also further additionally optionally each respectively
  send sends transmit transmits receive receives communicate communicates provide provides
  retrieve retrieves fetch fetches obtain obtains deliver delivers emit emits
  couple couples connect connects attach attaches notify notifies instruct instructs invoke
  invokes activate activates interact interacts regulate regulates actuate actuates
  executes performs generates determines computes calculates analyzes analyses handles hosts
  maintains implements operates uses utilizes detects measures causes enables allows supports
  runs creates produces identifies selects applies compares converts receives forwards supplies
  dispatches publishes uploads downloads collects acquires gathers accepts gets accesses manages
  polls exchanges presents renders shows indicates represents corresponds serves acts functions
  starts begins ends proceeds continues involves follows goes go runs run opens closes heats cools sit sits too
`)

/**
 * Words that are verbs after a noun and before a determiner or pronoun ("the controller drives
 * the motor"), but nouns elsewhere ("disk drives", "data stores").
 */
export const AMBIGUOUS_VERBS = set(`
  drive drives store stores control controls output outputs request requests return returns
  report reports stream streams feed feeds call calls query queries update updates power powers
  trigger triggers load loads read reads write writes transfer transfers supply push pushes
  route routes post posts access display displays process processes monitor monitors
  record records log logs signal signals command commands pass passes forward copy copies
  import imports export exports upload download collect switch switches charge charges
  talk talks direct directs pump pumps circulate circulates
`)

/** Adverbs ending in -ly that are nouns, so they do not end a noun phrase. */
const LY_NOUNS = set(`
  supply assembly family anomaly reply ply monopoly rally jelly belly fly butterfly dragonfly
  gully bully lily italy poly
`)

/** Nouns ending in -ing: they never start a participle clause. */
const ING_NOUNS = set(`
  housing bearing casing ring spring string thing wing king building ceiling opening mounting
  wiring padding railing siding shielding setting painting drawing fitting coupling lining
  coating tubing piping fencing flooring roofing clothing bedding stuffing filling lighting
  plumbing heating during nothing something anything everything morning evening sibling swing
  sling sting bring ping ding steering
`)

/** Gerunds: any -ing word of five letters or more that is not one of the nouns above. */
export function isGerund(word: string): boolean {
  return word.length >= 5 && word.endsWith('ing') && !ING_NOUNS.has(word)
}

/** -ed participles ("distributed", "embedded"): adjectives before a noun, clauses after one. */
export function isParticiple(word: string): boolean {
  return (
    (word.length >= 5 && word.endsWith('ed') && !/(?:eed|ied)$/.test(word)) ||
    IRREGULAR_PARTICIPLES.has(word)
  )
}

/** "a gps built in", "a filter held in the housing": participles without -ed. */
const IRREGULAR_PARTICIPLES = set(`built made held kept shown`)

/** Adverbs ending in -ly ("communicatively", "directly"), which end a noun phrase. */
export function isAdverb(word: string): boolean {
  return word.length >= 5 && word.endsWith('ly') && !LY_NOUNS.has(word)
}

/**
 * Base and third-person forms of verbs that start an imperative step ("Receive a request") or
 * end a noun phrase before a determiner ("validate the request"). Gerunds are found by their
 * ending instead.
 */
export const STEP_VERBS = set(`
  receive send transmit validate verify authenticate authorize determine check compute calculate
  generate create store save retrieve fetch obtain get read write load update delete remove modify
  set assign select identify detect measure compare filter sort rank score evaluate analyze analyse
  process parse extract convert transform encode decode encrypt decrypt compress decompress hash
  sign render display present show output print notify alert log record schedule queue dispatch
  route forward return respond reply request query search look match map merge split combine
  aggregate collect gather acquire capture sample scan train predict classify estimate infer adjust
  apply execute perform run start stop initiate initialize initialise terminate end finish repeat
  continue wait pause resume retry increment decrement count add subtract multiply divide append
  insert replace copy move transfer upload download install configure enable disable activate
  deactivate open close lock unlock connect disconnect register login authenticate charge bill
  pay ship package deliver order grind boil heat cool mix stir pour cut attach assemble place put
  mount insert fill empty wash rinse dry clean prepare cook bake serve measure weigh inspect test
  provide establish allocate release reserve cache build compile deploy publish subscribe emit
  broadcast stream buffer sync synchronize backup restore archive import export tag label mark
  flag approve reject accept deny grant revoke confirm cancel submit post fetch pull push poll
  listen monitor track trace locate navigate move rotate translate scale resize crop align
  segment detect recognize recognise cluster normalize normalise threshold quantize decide
  select choose pick take make give use form define compose draft review edit correct
  dispense spray polish etch anneal incubate centrifuge pipette dilute titrate dissolve purge
  drain flush unload unpack solder quench lower raise tilt ignite extinguish stir shake escalate
  reroute enroll reconcile refund withdraw underwrite renew reinstate migrate replicate reindex
  reboot reset restart calibrate sterilize autoclave inoculate harvest irrigate fertilize
  draw inject integrate ask hover warn disarm takeoff seal clamp drill crimp tare dose prune knead
`)

/** Opening words of a sentence that cannot be a step ("The request includes a token."). */
export const NON_STEP_OPENERS = set(`
  the a an this that these those it its there here in on at for as by with from to of some many
  most each all any no our we i you they he she one such background note however therefore thus
  also additionally furthermore moreover typically generally usually often example embodiments
  embodiment fig figure figs method process system apparatus device according conventional
  prior known existing wherein where whereby
`)

/** Sequence words that open a step ("First, ...", "Then ...", "Finally, ..."). */
export const SEQUENCE_OPENER =
  /^(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|then|next|afterwards?|after that|thereafter|subsequently|finally|lastly|last|and then|and finally|initially|to begin|to start|in a first step|in a next step|in a final step)\b[\s,]*/i

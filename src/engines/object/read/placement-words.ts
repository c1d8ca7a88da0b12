/**
 * Object reader, vocabulary: the words of counting ("four", "a pair of", "a plurality of") and of
 * placement: verbs ("attached", "hinged", "extending", "supported by"), prepositions ("on top
 * of", "through", "around", "coaxial with"), face words ("the front face", "its upper end", "the
 * corners") and directions ("downward"). Plain tables looked up per token: linear.
 */

import { lowerAt, type Token } from '../../figure/parse/tokenize'
import type { Arrangement, Face, Where } from './object-draft'
import type { Count } from './part-book'

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  sixteen: 16,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  single: 1,
  twin: 2,
  dual: 2,
  double: 2,
  triple: 3,
}

/** Multi-word counts, by their words: value undefined is a plural with no number. */
const COUNT_PHRASES: { words: string[]; value?: number }[] = [
  { words: ['a', 'pair', 'of'], value: 2 },
  { words: ['pair', 'of'], value: 2 },
  { words: ['pairs', 'of'], value: 4 },
  { words: ['a', 'couple', 'of'], value: 2 },
  { words: ['at', 'least', 'two'], value: 2 },
  { words: ['at', 'least', 'three'], value: 3 },
  { words: ['at', 'least', 'four'], value: 4 },
  { words: ['a', 'plurality', 'of'] },
  { words: ['plurality', 'of'] },
  { words: ['a', 'number', 'of'] },
  { words: ['a', 'set', 'of'] },
  { words: ['a', 'series', 'of'] },
  { words: ['a', 'row', 'of'] },
  { words: ['a', 'group', 'of'] },
  { words: ['an', 'array', 'of'] },
  { words: ['one', 'or', 'more'] },
  { words: ['at', 'least', 'one'] },
  { words: ['multiple'] },
  { words: ['several'] },
  { words: ['numerous'] },
  { words: ['various'] },
]

/**
 * The count written at token `i`, before a noun phrase: "four legs" (4), "a pair of handles" (2),
 * "3 blades" (3), "a plurality of fins" (no value: the form's usual count); undefined when none.
 */
export function readCount(tokens: readonly Token[], i: number): Count | undefined {
  for (const phrase of COUNT_PHRASES) {
    if (phrase.words.every((w, k) => lowerAt(tokens, i + k) === w)) {
      // "a set of", "a pair of" followed by a number: "a set of four legs".
      const after = tokens[i + phrase.words.length]
      const then = after ? NUMBER_WORDS[after.lower] : undefined
      if (then !== undefined && then > 1) return { value: then }
      return phrase.value !== undefined ? { value: phrase.value } : {}
    }
  }
  const token = tokens[i]
  if (!token) return undefined
  const word = NUMBER_WORDS[token.lower]
  if (word !== undefined) return word > 1 ? { value: word } : undefined
  if (token.kind === 'number' && /^\d{1,2}$/.test(token.text)) {
    const next = lowerAt(tokens, i + 1)
    const value = Number(token.text)
    if (value > 1 && /^[a-z-]+s$/.test(next)) return { value }
  }
  return undefined
}

/** What a placement verb says, before its preposition decides. */
export type VerbSense =
  | 'attach'
  | 'hinge'
  | 'extend'
  | 'hang'
  | 'support'
  | 'supported'
  | 'carry'
  | 'join'
  | 'terminate'
  | 'surround'
  | 'pass'
  | 'contain'
  | 'cover'
  | 'spaced'
  | 'coaxial'
  | 'rest'
  | 'near'

const VERB_SENSES: [VerbSense, string][] = [
  [
    'attach',
    `attached attach attaches attaching mounted mount mounts mounting fixed fix fixes secured
    secure secures coupled couple couples affixed affix fastened fasten fastens bolted screwed
    screw screws threaded threads thread welded glued bonded clipped clips snapped snap snaps
    fitted fits fit located disposed positioned arranged provided placed set formed defined
    installed integrated molded moulded situated stacked slides slide slid riveted pinned
    stretched closed covered capped engaged engages engaging inserted insert inserts
    keyed press-fit pressed`,
  ],
  [
    'hinge',
    `hinged hinge hinges hingedly pivoted pivot pivots pivotally pivotable pivoting rotatably
    rotatable swings swinging foldable folding`,
  ],
  [
    'extend',
    `extending extend extends extended protruding protrude protrudes projecting project projects
    depending depend depends rising rise rises emerging emerge emerges sticking stick sticks
    upstanding protruded leading leads runs running coming comes come reaching reaches`,
  ],
  ['hang', `hanging hang hangs suspended dangling dangles`],
  ['support', `supporting support supports propping props`],
  ['supported', `supported borne propped carried`],
  ['carry', `carrying carries carry bearing bears holding holds`],
  [
    'join',
    `connecting connects connect connected joining joins join joined linking links link linked
    bridging bridges bridge spanning spans span`,
  ],
  ['terminate', `ending ends terminating terminates terminate tipped`],
  [
    'surround',
    `surrounding surround surrounds encircling encircle encircles wrapped wrap wraps wrapping
    circumscribing enclosing encloses enclose`,
  ],
  ['pass', `passing pass passes penetrating penetrates piercing pierces traversing traverses`],
  ['contain', `housed contained enclosed nested received stored held`],
  ['cover', `covering covers closing closes capping caps overlying overlies`],
  [
    'spaced',
    `spaced distributed arrayed evenly equally uniformly equiangularly circumferentially
    angularly regularly`,
  ],
  ['coaxial', `coaxial coaxially concentric concentrically`],
  ['rest', `resting rest rests seated perched sits sit sitting standing stands stand lies lying`],
  ['near', `aligned meshes meshing mesh parallel`],
]

const SENSE_OF = new Map<string, VerbSense>()
for (const [sense, words] of VERB_SENSES) {
  for (const word of words.trim().split(/\s+/)) if (!SENSE_OF.has(word)) SENSE_OF.set(word, sense)
}

/** The placement sense of a verb or participle, if it is one. */
export function verbSense(word: string): VerbSense | undefined {
  return SENSE_OF.get(word)
}

/** Words skipped inside a placement: auxiliaries and manner adverbs. */
const FILLER = new Set(
  `is are be being been was were which that also respectively removably detachably releasably
  slidably fixedly securely firmly rigidly integrally directly indirectly generally
  substantially approximately centrally centered centred symmetrically partially partly fully
  completely permanently selectively operably operatively so as can may together further then`
    .trim()
    .split(/\s+/),
)

/** Whether a word may be skipped between a part and its placement ("removably", "is"). */
export const isFiller = (word: string) => FILLER.has(word)

/** Direction adverbs: the face a part points out of ("extending downward from the top"). */
const DIRECTIONS: Record<string, Face> = {
  upward: 'top',
  upwards: 'top',
  upwardly: 'top',
  up: 'top',
  vertically: 'top',
  downward: 'bottom',
  downwards: 'bottom',
  downwardly: 'bottom',
  down: 'bottom',
  forward: 'front',
  forwards: 'front',
  forwardly: 'front',
  frontward: 'front',
  rearward: 'rear',
  rearwards: 'rear',
  rearwardly: 'rear',
  backward: 'rear',
  backwards: 'rear',
  outward: 'side',
  outwards: 'side',
  outwardly: 'side',
  laterally: 'side',
  sideways: 'side',
  horizontally: 'side',
  radially: 'side',
  out: 'side',
  axially: 'end',
  longitudinally: 'end',
}

/** The direction a word gives, if it is one. */
export function directionOf(word: string): Face | undefined {
  return DIRECTIONS[word]
}

/** Prepositions, longest first, with the relation they give and a face they imply. */
export type Preposition =
  | 'on'
  | 'under'
  | 'through'
  | 'inside'
  | 'around'
  | 'from'
  | 'between'
  | 'beside'
  | 'with'
  | 'to'
  | 'at'
  | 'of'
  | 'along'

export const PREPOSITIONS: { words: string[]; kind: Preposition; face?: Face }[] = [
  { words: ['on', 'top', 'of'], kind: 'on', face: 'top' },
  { words: ['on', 'the', 'top', 'of'], kind: 'on', face: 'top' },
  { words: ['at', 'the', 'top', 'of'], kind: 'on', face: 'top' },
  { words: ['at', 'the', 'bottom', 'of'], kind: 'on', face: 'bottom' },
  { words: ['on', 'the', 'bottom', 'of'], kind: 'on', face: 'bottom' },
  { words: ['in', 'front', 'of'], kind: 'on', face: 'front' },
  { words: ['on', 'the', 'front', 'of'], kind: 'on', face: 'front' },
  { words: ['at', 'the', 'front', 'of'], kind: 'on', face: 'front' },
  { words: ['on', 'the', 'back', 'of'], kind: 'on', face: 'rear' },
  { words: ['at', 'the', 'back', 'of'], kind: 'on', face: 'rear' },
  { words: ['at', 'the', 'rear', 'of'], kind: 'on', face: 'rear' },
  { words: ['on', 'the', 'rear', 'of'], kind: 'on', face: 'rear' },
  { words: ['on', 'the', 'underside', 'of'], kind: 'on', face: 'bottom' },
  { words: ['out', 'of'], kind: 'from' },
  { words: ['away', 'from'], kind: 'from' },
  { words: ['adjacent', 'to'], kind: 'beside' },
  { words: ['adjacent'], kind: 'beside' },
  { words: ['next', 'to'], kind: 'beside' },
  { words: ['close', 'to'], kind: 'beside' },
  { words: ['alongside'], kind: 'beside' },
  { words: ['beside'], kind: 'beside' },
  { words: ['near'], kind: 'beside' },
  { words: ['in', 'contact', 'with'], kind: 'on' },
  { words: ['flush', 'with'], kind: 'on' },
  { words: ['integral', 'with'], kind: 'on' },
  { words: ['parallel', 'to'], kind: 'beside' },
  { words: ['perpendicular', 'to'], kind: 'from' },
  { words: ['onto'], kind: 'on' },
  { words: ['upon'], kind: 'on' },
  { words: ['on'], kind: 'on' },
  { words: ['atop'], kind: 'on', face: 'top' },
  { words: ['over'], kind: 'on', face: 'top' },
  { words: ['above'], kind: 'on', face: 'top' },
  { words: ['across'], kind: 'on' },
  { words: ['against'], kind: 'on' },
  { words: ['under'], kind: 'under', face: 'bottom' },
  { words: ['underneath'], kind: 'under', face: 'bottom' },
  { words: ['beneath'], kind: 'under', face: 'bottom' },
  { words: ['below'], kind: 'under', face: 'bottom' },
  { words: ['behind'], kind: 'on', face: 'rear' },
  { words: ['through'], kind: 'through' },
  { words: ['thru'], kind: 'through' },
  { words: ['via'], kind: 'through' },
  { words: ['inside', 'of'], kind: 'inside' },
  { words: ['inside'], kind: 'inside' },
  { words: ['within'], kind: 'inside' },
  { words: ['into'], kind: 'inside' },
  { words: ['in'], kind: 'inside' },
  { words: ['around'], kind: 'around' },
  { words: ['about'], kind: 'around' },
  { words: ['encircling'], kind: 'around' },
  { words: ['from'], kind: 'from' },
  { words: ['between'], kind: 'between' },
  { words: ['with'], kind: 'with' },
  { words: ['to'], kind: 'to' },
  { words: ['at'], kind: 'at' },
  { words: ['by'], kind: 'to' },
  { words: ['along'], kind: 'along' },
  { words: ['of'], kind: 'of' },
]

/** The preposition at token `i` (longest first) and how many tokens it takes. */
export function readPreposition(
  tokens: readonly Token[],
  i: number,
): { kind: Preposition; face?: Face; length: number } | undefined {
  const first = lowerAt(tokens, i)
  for (const p of PREPOSITIONS) {
    if (p.words[0] !== first) continue
    if (p.words.every((w, k) => lowerAt(tokens, i + k) === w)) {
      return { kind: p.kind, ...(p.face ? { face: p.face } : {}), length: p.words.length }
    }
  }
  return undefined
}

/** Face nouns and the face adjectives before them ("the front face", "its upper end"). */
const FACE_NOUNS = new Set(
  `face faces side sides surface surfaces end ends top bottom front back rear edge edges corner
  corners underside periphery perimeter circumference center centre middle interior exterior
  outside inside portion portions part region wall walls rim lip tip extremity sidewall half
  base`
    .trim()
    .split(/\s+/),
)
const FACE_ADJECTIVES: Record<string, Face> = {
  top: 'top',
  upper: 'top',
  uppermost: 'top',
  topmost: 'top',
  bottom: 'bottom',
  lower: 'bottom',
  lowermost: 'bottom',
  under: 'bottom',
  front: 'front',
  forward: 'front',
  frontal: 'front',
  anterior: 'front',
  rear: 'rear',
  back: 'rear',
  rearward: 'rear',
  posterior: 'rear',
  left: 'left',
  'left-hand': 'left',
  right: 'right',
  'right-hand': 'right',
  side: 'side',
  lateral: 'side',
  outer: 'side',
  peripheral: 'side',
  distal: 'end',
  proximal: 'end',
  free: 'end',
  inner: 'side',
}
/** Words inside a face phrase that say nothing of the face: "the short sides", "both long edges". */
const FACE_FILLERS = new Set(
  `short long wide narrow flat curved opposite outer inner same other respective entire whole
  two four all`.split(/\s+/),
)
/** The face each face noun names on its own ("the underside", "the base"). */
const NOUN_FACES: Record<string, Face> = {
  top: 'top',
  bottom: 'bottom',
  underside: 'bottom',
  base: 'bottom',
  front: 'front',
  back: 'rear',
  rear: 'rear',
  side: 'side',
  sides: 'side',
  sidewall: 'side',
  periphery: 'side',
  perimeter: 'side',
  circumference: 'side',
  exterior: 'side',
  outside: 'side',
  end: 'end',
  ends: 'end',
  tip: 'end',
  extremity: 'end',
  edge: 'edge',
  edges: 'edge',
  rim: 'edge',
  lip: 'edge',
  corner: 'bottom',
  corners: 'bottom',
}
/** The placement word each face noun gives when no face adjective comes first. */
const NOUN_WHERE: Record<string, Where> = {
  top: 'top',
  bottom: 'bottom',
  underside: 'bottom',
  base: 'bottom',
  front: 'front',
  back: 'rear',
  rear: 'rear',
  side: 'side',
  sides: 'side',
  sidewall: 'side',
  end: 'end',
  ends: 'end',
  tip: 'end',
  extremity: 'end',
  corner: 'corners',
  corners: 'corners',
}
const FACE_DETERMINERS = new Set(
  `the its their a an one each either both opposite respective this that his her all two three
  four`.split(/\s+/),
)

/** A face phrase read: the face, the placement word it gives, and the token after it. */
export interface FacePhrase {
  face?: Face
  where?: Where
  arrangement?: Arrangement
  /** "each side", "either end", "both ends": one copy on each. */
  each: boolean
  /** Whether "of" follows, naming the part the face belongs to. */
  of: boolean
  /** The face words were only "inside"/"interior": within the part. */
  within: boolean
  /** "its", "their": the part spoken of, not a new one. */
  possessive: boolean
  /** "the center of", "the middle of": the middle of the part. */
  middle: boolean
  end: number
}

/**
 * A face phrase at token `i`: "the front face", "its right side", "the upper end", "each corner",
 * "the left and right sides", "the top" (then "of the body" may follow). Undefined when the
 * words there are not one (a part's name instead: "the lid", "a top 42").
 */
export function readFacePhrase(tokens: readonly Token[], i: number): FacePhrase | undefined {
  let j = i
  const opening = lowerAt(tokens, i)
  let each = false
  let arrangement: Arrangement | undefined
  while (FACE_DETERMINERS.has(lowerAt(tokens, j)) && j - i < 3) {
    const word = lowerAt(tokens, j)
    if (word === 'each' || word === 'either' || word === 'both' || word === 'opposite') {
      each = word !== 'opposite' || each
      arrangement = 'opposite'
    }
    j++
  }
  let face: Face | undefined
  let named: Face | undefined
  let both = false
  for (let k = 0; k < 5; k++) {
    const word = lowerAt(tokens, j)
    const next = lowerAt(tokens, j + 1)
    // "the left and right sides": both sides.
    if (word === 'and' && face !== undefined && FACE_ADJECTIVES[next] !== undefined) {
      both = true
      j++
      continue
    }
    if (FACE_FILLERS.has(word) && (FACE_NOUNS.has(next) || FACE_ADJECTIVES[next] !== undefined)) {
      j++
      continue
    }
    const adjective = FACE_ADJECTIVES[word]
    if (adjective === undefined) break
    const joins = next === 'and' && FACE_ADJECTIVES[lowerAt(tokens, j + 2)] !== undefined
    if (!FACE_NOUNS.has(next) && FACE_ADJECTIVES[next] === undefined && !joins) break
    // "the upper end" is the top; "the rear edge" stays the rear.
    if (face === undefined || face === 'end' || face === 'side') face = adjective
    named ??= adjective
    j++
  }
  if (both) {
    face = 'side'
    named = 'side'
    arrangement = 'opposite'
  }
  const noun = lowerAt(tokens, j)
  if (!FACE_NOUNS.has(noun)) return undefined
  // "a top 42", "a back 14": a part named like a face, with a numeral.
  const after = tokens[j + 1]
  if (after?.kind === 'number' || /^\d/.test(after?.text ?? '')) return undefined
  const of = lowerAt(tokens, j + 1) === 'of'
  const determined = j > i
  if (!determined && face === undefined && !['top', 'bottom', 'front', 'rear'].includes(noun)) {
    if (!of) return undefined
  }
  // "resting on a base", "with a top": a part, unless "of" follows ("a top of the body").
  const partLike = ['top', 'bottom', 'front', 'back', 'base'].includes(noun)
  if (/^(?:a|an)$/.test(opening) && partLike && !of) return undefined
  if (noun === 'corner' || noun === 'corners') arrangement = 'corners'
  if (noun === 'sides' || noun === 'ends' || noun === 'edges') arrangement ??= 'opposite'
  const within = noun === 'inside' || noun === 'interior'
  face ??= NOUN_FACES[noun]
  const where: Where | undefined =
    NOUN_WHERE[noun] === 'end' || NOUN_WHERE[noun] === 'corners'
      ? NOUN_WHERE[noun]
      : named === 'end'
        ? 'end'
        : named !== undefined && noun !== 'half'
          ? (named as Where)
          : NOUN_WHERE[noun]
  return {
    ...(face ? { face } : {}),
    ...(where ? { where } : {}),
    ...(arrangement ? { arrangement } : {}),
    each,
    of,
    within,
    possessive: /^(?:its|their|his|her)$/.test(opening),
    middle: /^(?:center|centre|middle)$/.test(noun),
    end: of ? j + 2 : j + 1,
  }
}

/** Arrangement phrases after a part: "at the corners", "evenly spaced around", "in a row". */
const ROW = /^(?:in a (?:row|line|column)|side by side|one above the other|in series)$/

/** An arrangement written at token `i` that is not a face phrase ("in a row", "side by side"). */
export function readArrangementWords(
  tokens: readonly Token[],
  i: number,
): { arrangement: Arrangement; end: number } | undefined {
  for (const length of [4, 3]) {
    const words = tokens
      .slice(i, i + length)
      .map((t) => t.lower)
      .join(' ')
    if (ROW.test(words)) return { arrangement: 'row', end: i + length }
  }
  return undefined
}

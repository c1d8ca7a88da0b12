/**
 * Object reader, one rule: which relation a placement's words make, and which placement word
 * (`where`) the prompt gave. The preposition decides first ("through", "around", "between",
 * "inside"), then the verb before it ("hinged to", "extending from", "supported by"), then the
 * face named ("on the front face"). Input: the words read by read-parts; output: the relation's
 * kind, face, direction and placement word.
 */

import type { Face, PartForm, RelationKind, Where } from './object-draft'
import type { FacePhrase, Preposition, VerbSense } from './placement-words'

/** The words of one placement, as read. */
export interface PlacementWords {
  preposition: Preposition
  /** The preposition as written ("into", "in", "inside", "by"). */
  prepositionWord: string
  /** A face the preposition itself says ("on top of", "under", "behind"). */
  prepositionFace?: Face
  sense?: VerbSense
  /** The face phrase, when one was read ("the front face of", "its upper end"). */
  face?: FacePhrase
  /** A direction adverb ("downward"). */
  direction?: Face
  /** The form of the part being placed. */
  form: PartForm
}

/** Forms that sit in a face rather than inside a part: "a slot in the lid", "a window in the door". */
const IN_FACE: ReadonlySet<PartForm> = new Set(['hole', 'screen'])
/** Relations that are their own placement word. */
const OWN_WORD: Partial<Record<RelationKind, Where>> = {
  through: 'through',
  inside: 'inside',
  around: 'around',
  coaxial: 'coaxial',
  hinged: 'hinged',
}

/** The kind of relation `words` make (see the module header). */
function kindOf(words: PlacementWords, face: Face | undefined): RelationKind {
  const { preposition, sense } = words
  switch (preposition) {
    case 'through':
      return 'through'
    case 'around':
      return 'around'
    case 'between':
      return 'between'
    case 'beside':
      // "near the bottom of the body" is on the body; "near the lid" only beside it.
      return face !== undefined ? 'on' : 'beside'
    case 'of':
      return 'of'
    case 'inside':
      if (words.face?.within) return 'inside'
      if (words.prepositionWord === 'inside' || words.prepositionWord === 'within') return 'inside'
      if (words.face?.face !== undefined) return 'on'
      if (sense === 'contain' || sense === 'rest') return 'inside'
      // "threaded into the cover plate", "a slot in the lid": in its face.
      if (sense === 'attach' || sense === 'terminate' || IN_FACE.has(words.form)) return 'on'
      return 'inside'
    case 'under':
      return sense === 'extend' || sense === 'hang' ? 'extends' : 'on'
    case 'from':
      return 'extends'
    case 'with':
      return sense === 'coaxial' ? 'coaxial' : sense === 'near' ? 'beside' : 'on'
    default:
      break
  }
  switch (sense) {
    case 'hinge':
      return 'hinged'
    case 'extend':
    case 'hang':
      return 'extends'
    case 'surround':
      return 'around'
    case 'pass':
      return 'through'
    case 'contain':
      return face === undefined ? 'inside' : 'on'
    case 'coaxial':
      return 'coaxial'
    case 'near':
      return 'beside'
    case 'spaced':
      return preposition === 'along' || face !== undefined ? 'on' : 'around'
    default:
      return 'on'
  }
}

/** The face a relation sits on: named, said by the preposition, or implied by the verb. */
function faceOf(words: PlacementWords, kind: RelationKind): Face | undefined {
  const named = words.face?.face ?? words.prepositionFace
  if (named !== undefined) return named
  switch (words.sense) {
    case 'supported':
    case 'rest':
    case 'cover':
      return 'top'
    case 'support':
      return 'bottom'
    case 'hang':
      return 'bottom'
    default:
      return kind === 'extends' ? words.direction : undefined
  }
}

/** The placement word the prompt gave (README "where"), if any. */
function whereOf(words: PlacementWords, kind: RelationKind): Where | undefined {
  const own = OWN_WORD[kind]
  if (own) return own
  if (words.face?.arrangement === 'corners') return 'corners'
  if (words.preposition === 'under' || words.sense === 'hang') return 'below'
  if (words.face?.where) return words.face.where
  if (words.prepositionFace) return words.prepositionFace as Where
  return undefined
}

/** The relation kind, face, direction and placement word `words` make. */
export function relationOf(words: PlacementWords): {
  kind: RelationKind
  face?: Face
  where?: Where
  toward?: Face
} {
  const named = words.face?.face ?? words.prepositionFace
  const kind = kindOf(words, named)
  const face = faceOf(words, kind)
  const where = kind === 'beside' || kind === 'between' ? undefined : whereOf(words, kind)
  const toward = words.direction ?? (words.sense === 'hang' ? 'bottom' : undefined)
  return {
    kind,
    ...(face ? { face } : {}),
    ...(where ? { where } : {}),
    ...(toward ? { toward } : {}),
  }
}

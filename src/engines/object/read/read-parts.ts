/**
 * Object reader, stage 3: the parts of one clause and where each sits. A list ("having a
 * cylindrical body 12 and a handle 14 attached to the side of the body") is read item by item:
 * a count, a noun phrase with its numeral, then what follows it: "of the leaves", shape words
 * ("that is cylindrical"), a list of its own parts ("a base having four feet", "with a knob at
 * its center"), and placements ("attached to the side of the body", "supported by four legs 44",
 * "extending through knuckles 26"). A placement may introduce a part, whose own placements follow
 * it. Input: tokens; output: parts and relations in the part book. Every reader moves forward
 * only, so a clause is read in time linear in its length.
 */

import { isGerund } from '../../figure/parse/grammar-words'
import { lowerAt, type Token } from '../../figure/parse/tokenize'
import { MAX_OBJECT_PARTS } from '../object-scene'
import type { Arrangement, DraftPart, Face, Relation } from './object-draft'
import { readPartPhrase } from './part-book'
import {
  directionOf,
  type FacePhrase,
  isFiller,
  readArrangementWords,
  readFacePhrase,
  readPreposition,
  type VerbSense,
  verbSense,
} from './placement-words'
import { FACE_HEADS, type Named, type ReadContext, readNamed } from './read-named'
import { relationOf } from './relation-of'
import { adjectiveOf, formOfNoun } from './shape-words'

export type { ReadContext } from './read-named'

/** Words that start a list of a part's own parts. */
const CONTAINS = new Set(
  `having has have comprising comprises comprise including includes include containing
  contains contain defining defines define featuring features incorporating incorporates`
    .trim()
    .split(/\s+/),
)
/** Two-word openers of a list: "provided with", "made of" (with a part after it). */
const CONTAINS_TWO = new Set([
  'formed of',
  'formed from',
  'provided with',
  'equipped with',
  'fitted with',
  'formed with',
  'consisting of',
  'consists of',
  'composed of',
  'made of',
  'made up',
])
/** What a part is made of or for ("made of steel", "for holding coffee"): read past. */
const ASIDE = new Set(
  `made formed constructed fabricated molded moulded configured adapted operable designed
  capable sized shaped intended allowing allows enabling enables permitting permits so such
  whereby thereby used useful suitable biases bias biasing allow enable`
    .trim()
    .split(/\s+/),
)
const ENDS = new Set([',', ';', ':', '.'])
const COPULAS = new Set(['is', 'are', 'was', 'were'])
/** Passive verbs whose agent is placed on the subject: "closed by a lid", "fastened by bolts". */
const INVERTED_BY: ReadonlySet<VerbSense> = new Set(['attach', 'cover', 'join', 'surround'])

/** The length of a list opener at `i` ("having", "provided with", "made of a"), or 0. */
export function containsAt(tokens: readonly Token[], i: number): number {
  const word = lowerAt(tokens, i)
  if (word === ':') return 1
  const two = `${word} ${lowerAt(tokens, i + 1)}`
  if (CONTAINS_TWO.has(two)) {
    if (two === 'made up') return lowerAt(tokens, i + 2) === 'of' ? 3 : 0
    // "made of steel" is a material; "made of an upper arm 26" a list.
    if (
      (two === 'made of' || two.startsWith('formed')) &&
      !/^(?:a|an|two|three|four|\d+)$/.test(lowerAt(tokens, i + 2))
    ) {
      return 0
    }
    return 2
  }
  if (CONTAINS.has(word)) return lowerAt(tokens, i + 1) === ':' ? 2 : 1
  if ((word === 'which' || word === 'that') && CONTAINS.has(lowerAt(tokens, i + 1))) return 2
  return 0
}

/** Adds a relation to each subject, skipping a part placed against itself. */
function relate(subjects: readonly DraftPart[], relation: Relation): void {
  for (const subject of subjects) {
    const targets = relation.targets.filter((t) => t !== subject.id)
    if (targets.length === 0) continue
    subject.relations.push({ ...relation, targets })
  }
}

/**
 * Skips an aside ("made of steel", "for holding coffee", "turning in") to the next comma, a new
 * part ("and a lid"), or a numbered part ("an inner bearing 86"), which is read.
 */
function skipAside(tokens: readonly Token[], i: number, end: number): number {
  let j = i
  while (j < end && !ENDS.has(lowerAt(tokens, j))) {
    const word = lowerAt(tokens, j)
    if (word === 'and' && /^(?:a|an)$/.test(lowerAt(tokens, j + 1))) break
    if (/^(?:a|an|the)$/.test(word) && readPartPhrase(tokens, j, end)?.numeral !== undefined) break
    j++
  }
  return j
}

/** The words of tokens [a, b), for a relation's record. */
const wordsOf = (tokens: readonly Token[], a: number, b: number) =>
  tokens
    .slice(a, b)
    .map((t) => t.text)
    .join(' ')

/** The verbs, directions and arrangement words before a preposition. */
interface Lead {
  sense?: VerbSense
  direction?: Face
  arrangement?: Arrangement
  end: number
}

function readLead(
  tokens: readonly Token[],
  i: number,
  end: number,
  before: VerbSense | undefined,
): Lead {
  const lead: Lead = { end: i, ...(before ? { sense: before } : {}) }
  let fresh = false
  let j = i
  for (; j < end; j++) {
    const word = lowerAt(tokens, j)
    const row = readArrangementWords(tokens, j)
    if (row) {
      lead.arrangement = row.arrangement
      j = row.end - 1
      continue
    }
    // "held up by": supported.
    if (word === 'held' && lowerAt(tokens, j + 1) === 'up') {
      lead.sense = 'supported'
      j++
      continue
    }
    const sense = verbSense(word)
    // "coming out of one end": "out of" is the preposition (from), not a direction.
    const direction =
      word === 'out' && lowerAt(tokens, j + 1) === 'of' ? undefined : directionOf(word)
    if (sense) {
      if (sense === 'spaced') lead.arrangement = 'around'
      // A new verb replaces the last placement's; within one, "hinged" outweighs "attached".
      if (
        !fresh ||
        !lead.sense ||
        lead.sense === 'attach' ||
        lead.sense === 'spaced' ||
        sense === 'hinge'
      ) {
        lead.sense = sense
      }
      fresh = true
    } else if (direction) lead.direction = direction
    else if (!isFiller(word)) break
  }
  lead.end = j
  return lead
}

/** The target a face phrase leaves unsaid: "its" the part spoken of, else the list's owner. */
function implicitTarget(ctx: ReadContext, face: FacePhrase, owner: string): DraftPart {
  const ownerPart = ctx.book.partById(owner)
  if (face.possessive && ownerPart === ctx.book.whole && ctx.recent) return ctx.recent
  return ownerPart
}

/**
 * Reads the placements after `subjects` from `i` ("attached to the side of the body", "extending
 * downward from its corners", "evenly spaced around the hub"), relating each subject to what it
 * names; a part named for the first time there is added and its own placements read; "with a
 * knob" and "carrying a handle" list the subject's own parts.
 * @returns the token after the last placement
 */
export function readPlacements(
  ctx: ReadContext,
  tokens: readonly Token[],
  i: number,
  end: number,
  subjects: readonly DraftPart[],
  owner: string,
): number {
  let j = i
  let previous: Relation[] = []
  let sense: VerbSense | undefined
  let at: Face | undefined
  for (let round = 0; round < 12 && j < end; round++) {
    const start = j
    // "is formed of a horizontal plate 82 and ...", "are made of": a list, not a placement.
    const copula = COPULAS.has(lowerAt(tokens, j)) ? 1 : 0
    const madeOf = containsAt(tokens, j + copula)
    if (
      madeOf > 1 &&
      subjects[0] &&
      /^(?:made|formed|composed)$/.test(lowerAt(tokens, j + copula))
    ) {
      j = readList(ctx, tokens, j + copula + madeOf, end, subjects[0].id, 'having')
      continue
    }
    const lead = readLead(tokens, j, end, sense)
    sense = lead.sense
    j = lead.end
    for (const subject of subjects) {
      if (lead.arrangement && subject.count > 1) subject.arrangement ??= lead.arrangement
    }
    const word = lowerAt(tokens, j)
    if (j >= end || ENDS.has(word)) return j
    // "and an output shaft 510 ...", "and the second bolt ends ...": the next item of the list.
    if (word === 'and' || word === 'or') {
      const next = readNamed(ctx, tokens, j + 1, end, owner, true)
      if (
        next &&
        (next.fresh ||
          verbSense(lowerAt(tokens, next.end)) ||
          COPULAS.has(lowerAt(tokens, next.end)))
      ) {
        return j
      }
    }
    const listOwner = subjects[0]
    // "with a knob at its center", "having a neck", "carrying a bar handle": its own parts.
    const opener = containsAt(tokens, j)
    const withPart =
      word === 'with' &&
      lead.sense !== 'coaxial' &&
      lead.sense !== 'near' &&
      readNamed(ctx, tokens, j + 1, end, owner, true)?.fresh === true
    const carries =
      lead.sense === 'carry' && readNamed(ctx, tokens, j, end, owner, true)?.fresh === true
    if (listOwner && (withPart || (opener > 0 && word !== 'with') || carries)) {
      const from = carries ? j : j + (withPart ? 1 : opener)
      const known = new Set(ctx.book.parts)
      j = readList(ctx, tokens, from, end, listOwner.id, withPart ? 'with' : 'having')
      // "each bolt carries a nut": the nut is on the bolt.
      for (const part of carries ? ctx.book.parts.filter((p) => !known.has(p)) : []) {
        if (part.parent === listOwner.id && part.relations.length === 0) {
          part.relations.push({ kind: 'on', targets: [listOwner.id], words: 'carried' })
        }
      }
      continue
    }
    if (word === 'for') {
      // "for a pipe 44": a numbered part named in passing; "for a vehicle": an aside.
      const phrase = readPartPhrase(tokens, j + 1, end)
      if (phrase?.numeral !== undefined) {
        j = readNamed(ctx, tokens, j + 1, end, owner)?.end ?? phrase.end
        continue
      }
      j = phrase ? phrase.end : skipAside(tokens, j + 1, end)
      continue
    }
    if (ASIDE.has(word) || (isGerund(word) && !verbSense(word))) {
      j = skipAside(tokens, j + 1, end)
      continue
    }
    let preposition = readPreposition(tokens, j)
    // "legs supporting the top", "a ring surrounding the shaft", "stretchers connecting the runner".
    const direct =
      lead.end > start &&
      lead.sense !== undefined &&
      !['attach', 'spaced', 'rest', 'hinge', 'near'].includes(lead.sense)
    if (!preposition && direct) {
      preposition = { kind: 'to', length: 0 }
    }
    if (!preposition) return j
    const prepositionWord = preposition.length > 0 ? word : ''
    let k = j + preposition.length
    const eachTarget = lowerAt(tokens, k) === 'each'
    // The target: a pronoun, a known part, a face (of a part), or a new part.
    let targets: DraftPart[] = []
    let fresh: DraftPart[] = []
    let face: FacePhrase | undefined
    let implicit = false
    const pronoun = lowerAt(tokens, k)
    if (pronoun === 'it' || pronoun === 'them' || pronoun === 'itself') {
      // "four legs under it": the part before; "a bit held in it": the part whose list this is.
      const ownerPart = ctx.book.partById(owner)
      const before = ctx.previous && !subjects.includes(ctx.previous) ? ctx.previous : undefined
      targets = [ownerPart === ctx.book.whole && before ? before : ownerPart]
      k++
    } else {
      face = readFacePhrase(tokens, k)
      let named: Named | undefined = face?.of
        ? undefined
        : readNamed(ctx, tokens, k, end, owner, true)
      if (named && !named.fresh) {
        face = undefined
        targets = named.parts
        k = named.end
      } else if (face) {
        k = face.end
        // "the corners of the bottom face of the housing": faces chained, then the part.
        while (face.of) {
          named = readNamed(ctx, tokens, k, end, owner, true)
          const inner = named && !named.fresh ? undefined : readFacePhrase(tokens, k)
          if (inner) {
            face = {
              ...inner,
              ...(face.where === 'corners' || face.where === 'end' ? { where: face.where } : {}),
              arrangement: face.arrangement ?? inner.arrangement,
              each: face.each || inner.each,
            } as FacePhrase
            k = inner.end
            continue
          }
          named = readNamed(ctx, tokens, k, end, owner)
          if (named) {
            targets = named.parts
            if (named.fresh) fresh = named.parts
            k = named.end
          }
          break
        }
        if (targets.length === 0) {
          // "supported at its left end by a cabinet": the subject's own end, the agent next.
          if (face.possessive && lowerAt(tokens, k) === 'by' && face.face) {
            at = face.face
            j = k
            continue
          }
          targets = [implicitTarget(ctx, face, owner)]
          implicit = true
        }
      } else if (named) {
        named = readNamed(ctx, tokens, k, end, owner)!
        targets = named.parts
        fresh = named.parts
        k = named.end
      } else {
        // Words after the preposition that name nothing: "in two rows", "to hold", "in use".
        const phrase = readPartPhrase(tokens, k, end)
        j = phrase ? phrase.end : k > j ? skipAside(tokens, k, end) : j + 1
        continue
      }
    }
    // "between the lid and the body", "to the body and the lid": more known targets.
    while (lowerAt(tokens, k) === 'and' || lowerAt(tokens, k) === ',') {
      const next = readNamed(ctx, tokens, k + 1, end, owner, true)
      if (!next || next.fresh) break
      // "and the second bolt ends in a hook": a new clause, not another target.
      const after = lowerAt(tokens, next.end)
      if (verbSense(after) || COPULAS.has(after) || containsAt(tokens, next.end) > 0) break
      const more = readNamed(ctx, tokens, k + 1, end, owner)!
      targets.push(...more.parts)
      k = more.end
    }
    if (!implicit) ctx.recent = targets[targets.length - 1]
    if (implicit) at = undefined
    const made = relationOf({
      preposition: preposition.kind,
      prepositionWord,
      ...(preposition.face ? { prepositionFace: preposition.face } : {}),
      ...(sense ? { sense } : {}),
      ...(face ? { face } : {}),
      ...(lead.direction ? { direction: lead.direction } : {}),
      form: subjects[0]?.form ?? 'body',
    })
    const relation: Relation = {
      ...made,
      targets: [...new Set(targets.map((t) => t.id))],
      words: wordsOf(tokens, start, k),
      ...(implicit ? { implicit: true } : {}),
      ...(at ? { at } : {}),
      ...(sense === 'supported' ? { support: true } : {}),
      ...(face?.middle ? { middle: true } : {}),
      ...(made.kind === 'between' && (!sense || sense === 'spaced' || sense === 'near')
        ? { loose: true }
        : {}),
    }
    at = undefined
    // What a new target has and where it sits come first: its own words.
    if (fresh.length > 0) k = readAfterPart(ctx, tokens, k, end, fresh, owner)
    const byAgent = prepositionWord === 'by' && sense !== undefined && INVERTED_BY.has(sense)
    if (byAgent || sense === 'terminate') {
      // "closed by a lid": the lid is on the subject; "ending in a ball": the ball at its end.
      // "closed at the top by a cover plate": the face said before the agent is the agent's.
      const said = previous.find((p) => p.implicit)
      for (const subject of subjects) {
        subject.relations = subject.relations.filter((r) => !previous.includes(r) || !r.implicit)
      }
      const back: Relation = {
        kind: 'on',
        targets: subjects.map((s) => s.id),
        ...(sense === 'terminate' ? { face: 'end' as Face, where: 'end' as const } : {}),
        ...(sense === 'cover' ? { face: made.face ?? 'top' } : {}),
        ...(said?.face ? { face: said.face } : {}),
        ...(said?.where ? { where: said.where } : {}),
        words: relation.words,
      }
      relate(targets, back)
      previous = []
      if (sense === 'terminate') {
        for (const target of fresh) {
          const times = subjects[0]?.count ?? 1
          if (times > 1 && target.count === 1) {
            target.count = times
            target.countWritten = true
          }
        }
      }
      j = k
      continue
    }
    // "an axle through each truck", "an arm attached to each side": one per target or side.
    const per =
      eachTarget && !face
        ? targets.length === 1
          ? targets[0]!.count
          : targets.length
        : face?.each
          ? 2
          : 1
    for (const subject of subjects) {
      if (per === 1 || (subject.count !== 1 && !ctx.perEach.has(subject))) continue
      subject.count = Math.min(MAX_OBJECT_PARTS, subject.count * per)
      subject.countWritten = true
      ctx.perEach.add(subject)
      if (face?.arrangement === 'opposite' && face.each) subject.arrangement ??= 'opposite'
    }
    if (eachTarget && relation.targets.length > 1) relation.each = true
    for (const subject of subjects) {
      if (face?.arrangement && subject.count > 1) subject.arrangement ??= face.arrangement
      if (made.kind === 'around' && subject.count > 1) subject.arrangement ??= 'around'
    }
    // "connects the side frames at the front", "supported at its left end by a cabinet": a face
    // with no part and a part with no face, one after the other, are one placement.
    const last = previous[previous.length - 1]
    if (last?.implicit && !relation.implicit && last.kind === relation.kind) {
      for (const p of previous) {
        p.targets = relation.targets
        delete p.implicit
        if (!p.face && relation.face) p.face = relation.face
      }
      previous = []
    } else if (last && !last.implicit && relation.implicit && relation.kind === 'on') {
      for (const p of previous) {
        p.face ??= relation.face
        p.where ??= relation.where
      }
      previous = []
    } else {
      const before = subjects.map((s) => s.relations.length)
      relate(subjects, relation)
      previous = subjects.flatMap((s, n) => s.relations.slice(before[n]))
    }
    j = k
  }
  return j
}

/**
 * Reads what follows a part just named: "of the leaves", shape words ("that is cylindrical"),
 * its own list ("having four feet 32"), and its placements.
 * @returns the token after them
 */
export function readAfterPart(
  ctx: ReadContext,
  tokens: readonly Token[],
  i: number,
  end: number,
  parts: readonly DraftPart[],
  owner: string,
): number {
  let j = readDescription(tokens, i, parts)
  // "knuckles 26 of the leaves": a part of other parts.
  if (lowerAt(tokens, j) === 'of' && !readFacePhrase(tokens, j + 1)) {
    const named = readNamed(ctx, tokens, j + 1, end, owner, true)
    if (named && !named.fresh && named.parts[0] !== ctx.book.whole) {
      relate(parts, {
        kind: 'of',
        targets: named.parts.map((p) => p.id),
        words: wordsOf(tokens, j, named.end),
      })
    }
    if (named && !named.fresh) j = named.end
  }
  const opener = containsAt(tokens, j)
  if (opener > 0 && parts.length > 0) {
    j = readList(ctx, tokens, j + opener, end, parts[0]!.id, 'having')
  }
  return readPlacements(ctx, tokens, j, end, parts, owner)
}

/** Participles in a part's name that hinge it: "a hinged lid", "a pivoting arm". */
const HINGED_WORDS = new Set(['hinged', 'pivoted', 'pivoting', 'pivotable', 'folding', 'foldable'])

/**
 * Reads a list of parts from `i` ("a first leaf 20, a second leaf 22, and a pin 24 extending
 * through knuckles 26 of the leaves"), each inside `owner`, until the clause ends. A nested list
 * (`opener` "having": a part's own parts) ends at a semicolon too, as a claim's elements do; one
 * opened by "with" ends at a bare "is" ("a panel with three buttons is on the front face").
 * Items listed with no placement share the next one's: items joined by "and" always ("a lens and
 * a reflector received inside the head"), a run of items when the placement names no part ("two
 * thumbsticks, a pad and four buttons on the top face") or follows "are".
 * @returns the token after the list
 */
export function readList(
  ctx: ReadContext,
  tokens: readonly Token[],
  i: number,
  end: number,
  owner: string,
  opener: 'top' | 'having' | 'with' = 'top',
): number {
  let j = i
  let last: DraftPart[] = []
  let waiting: DraftPart[] = []
  let joined = false
  let items = 0
  let commas = false
  // A list opened inside an item of a comma list ends at the next comma: "a blade assembly
  // including a blade on a shaft, a gasket ring ...".
  const commaEnds = opener !== 'top' && ctx.commaEnds
  ctx.commaEnds = false
  while (j < end) {
    const word = lowerAt(tokens, j)
    if (word === '.' || (opener !== 'top' && (word === ';' || (word === ':' && j > i)))) return j
    if (commaEnds && word === ',') return j
    if (word === ',' && items > 0) commas = true
    if (opener === 'with' && COPULAS.has(word)) return j
    if (word === ';') waiting = []
    if ([',', ';', ':', 'and', 'or', 'plus'].includes(word)) {
      joined = word === 'and' || word === 'or'
      j++
      continue
    }
    if (word === 'as' && lowerAt(tokens, j + 1) === 'well' && lowerAt(tokens, j + 2) === 'as') {
      j += 3
      continue
    }
    const peek = readNamed(ctx, tokens, j, end, owner, true)
    const next = peek ? lowerAt(tokens, peek.end) : ''
    const are = COPULAS.has(next)
    // "..., and a lock 128 is on the front of the top drawer": a clause of the sentence.
    if (opener === 'having' && are && peek?.fresh) return j
    const named =
      peek && (peek.fresh || !readPreposition(tokens, j))
        ? readNamed(ctx, tokens, j, end, owner)
        : undefined
    if (named) {
      last = named.parts
      for (const part of named.fresh ? named.parts : []) {
        // "a hinged lid": the lid turns on the part it is listed in.
        if (part.keys.some((key) => HINGED_WORDS.has(key))) {
          part.relations.push({
            kind: 'hinged',
            targets: [owner],
            where: 'hinged',
            implicit: true,
            words: part.label.toLowerCase(),
          })
        }
      }
      if (opener === 'with' && are) return named.end
      const before = named.parts.map((p) => p.relations.length)
      const times = ctx.times
      // "each drawer carrying a handle": a handle per drawer.
      if (named.each && named.parts.length === 1) ctx.times = named.parts[0]!.count
      items++
      ctx.commaEnds = commas
      j = readAfterPart(ctx, tokens, named.end, end, named.parts, owner)
      ctx.commaEnds = false
      ctx.times = times
      ctx.previous = named.parts[named.parts.length - 1]
      const added = named.parts.flatMap((p, n) => p.relations.slice(before[n]))
      if (added.length > 0) {
        // "a lens and a reflector received inside": shared; "a torso and a head that sits on a
        // neck": the singular verb is the head's alone.
        const plural = are || next === 'both' || !/^(?:that|which)$|[^s]s$/.test(next)
        const run = are || added[0]!.implicit ? waiting : joined && plural ? waiting.slice(-1) : []
        for (const part of run) {
          if (part.relations.length === 0) relate([part], { ...added[0]! })
        }
        waiting = []
      } else if (
        named.fresh &&
        (named.parts[0]!.numeral !== undefined || !FACE_HEADS.has(named.parts[0]!.head))
      ) {
        waiting.push(...named.parts)
      }
      joined = false
      continue
    }
    // ", attached to the side of the body": a placement of the part before the comma.
    if (last.length > 0) {
      const after = readPlacements(ctx, tokens, j, end, last, owner)
      if (after > j) {
        j = after
        continue
      }
    }
    // A word that starts nothing ("wherein", "preferably"): skip it.
    j = ASIDE.has(word) ? skipAside(tokens, j + 1, end) : j + 1
  }
  return j
}

/**
 * Reads "is a hollow cylinder", "are cylindrical": shape words said of `parts` after a copula.
 * @returns the token after them, or `i` when the words there are not that
 */
export function readDescription(
  tokens: readonly Token[],
  i: number,
  parts: readonly DraftPart[],
): number {
  let j = i
  while (/^(?:is|are|be|being|generally|substantially|that|which)$/.test(lowerAt(tokens, j))) j++
  if (j === i || !/^(?:is|are)$/.test(lowerAt(tokens, j - 1))) return i
  if (/^(?:a|an)$/.test(lowerAt(tokens, j))) j++
  const words: string[] = []
  let k = j
  for (; k < tokens.length; k++) {
    const word = lowerAt(tokens, k)
    if (word === 'and' || word === ',' || word === 'in' || word === 'shape') continue
    // "is threaded into the cover plate" is a placement, not a shape.
    if (verbSense(word)) break
    if (adjectiveOf(word) || formOfNoun(word.replace(/s$/, ''))) words.push(word)
    else break
  }
  if (words.length === 0) return i
  for (const part of parts) describe(part, words)
  return k
}

/** Applies shape words to a part: adjectives add, a shape noun ("a cylinder") sets its form. */
function describe(part: DraftPart, words: readonly string[]): void {
  for (const word of words) {
    const adjective = adjectiveOf(word)
    if (adjective) {
      if (!part.adjectives.includes(adjective)) part.adjectives.push(adjective)
      continue
    }
    const form = formOfNoun(word.replace(/s$/, ''))
    if (form && (!part.shapeKnown || ['cylinder', 'sphere', 'cone', 'disk'].includes(form))) {
      part.form = form
      part.shapeKnown = true
    }
  }
}

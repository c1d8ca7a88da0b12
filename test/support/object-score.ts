// Scores an object reading against a hand-written answer (test/corpus/objects/README.md): parts
// matched by numeral (with a similar label), then by label among the rest; over the matched
// parts, shape, count, `on` and `where`; label, hidden lines and the set of views; numerals the
// prompt never wrote; answer parts missing with no warning naming them. Used by
// `npm run bench -- object-understanding` and the object corpus test, so both hold the same
// numbers.

import type { DraftPart, ObjectDraft } from '../../src/engines/object/read'

/** One part of an answer or a reading. */
export interface ScoredPart {
  id: string
  numeral?: string
  label: string
  shape: string
  count: number | 'plural'
  on?: string
  where?: string
}

/** What a case's answer says, and what a reading is turned into to be compared with it. */
export interface ObjectAnswer {
  label: string
  views: string[]
  hidden: boolean
  parts: ScoredPart[]
}

/** One case's score; the counts add up over a file. */
export interface ObjectCaseScore {
  /** Answer parts, read parts, matched pairs (a pair needs a similar label and the same numeral). */
  parts: { truth: number; read: number; matched: number }
  /** Answer numerals, and how many were read on the part they were written for. */
  numerals: { truth: number; correct: number }
  /** Over matched parts: right, and close neighbours (box/rounded-box, cylinder/tube, box/plate). */
  shape: { n: number; correct: number; near: number }
  count: { n: number; correct: number }
  on: { n: number; correct: number }
  where: { n: number; correct: number }
  views: boolean
  hidden: boolean
  label: boolean
  /** Read numerals the prompt does not write. */
  invented: string[]
  /** Answer parts not matched and not named in any warning. */
  dropped: string[]
  /** What went wrong, for a verbose listing. */
  notes: string[]
}

/** The words a label compare ignores: articles and the shape and size adjectives it drops. */
const IGNORED = new Set(
  `a an the of said its each rectangular cylindrical round circular square flat thin thick
  elongated long short tall small large wide heavy hollow tubular tapered conical domed dome
  shaped curved arched oval annular semicircular rounded`
    .trim()
    .split(/\s+/),
)

/** A label's content words, singular, without the words a compare ignores. */
export function labelWords(label: string): string[] {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, ' ')
    .split(/[\s-]+/)
    .filter((w) => w && !IGNORED.has(w))
    .map((w) => (w.endsWith('ies') ? `${w.slice(0, -3)}y` : w.replace(/(?<=[^s])s$/, '')))
    .map((w) => (w === 'feet' ? 'foot' : w === 'leave' ? 'leaf' : w === 'halve' ? 'half' : w))
}

/** Dice similarity of two labels' content words (0..1). */
export function labelSimilarity(a: string, b: string): number {
  const x = new Set(labelWords(a))
  const y = new Set(labelWords(b))
  if (x.size === 0 && y.size === 0) return 1
  let shared = 0
  for (const w of x) if (y.has(w)) shared++
  return (2 * shared) / (x.size + y.size)
}

/** Labels at least this similar name the same part. */
export const SAME_LABEL = 0.5

const NEAR_SHAPES = [
  ['box', 'rounded-box'],
  ['cylinder', 'tube'],
  ['box', 'plate'],
]
const isNear = (a: string, b: string) =>
  NEAR_SHAPES.some(([x, y]) => (a === x && b === y) || (a === y && b === x))

/** A draft as the corpus writes answers: counts not written are "plural". */
export function readingOf(draft: ObjectDraft): ObjectAnswer {
  const count = (p: DraftPart): number | 'plural' =>
    p.countWritten || p.count === 1 ? p.count : 'plural'
  return {
    label: draft.label,
    views: draft.views.map((v) => v.kind),
    hidden: draft.views.some((v) => v.hidden),
    parts: draft.parts.map((p) => ({
      id: p.id,
      ...(p.numeral !== undefined ? { numeral: p.numeral } : {}),
      label: p.label,
      shape: p.shape,
      count: count(p),
      ...(p.on !== undefined ? { on: p.on } : {}),
      ...(p.where !== undefined ? { where: p.where } : {}),
    })),
  }
}

/** The numerals a prompt writes: its number tokens, "102a" forms and list members. */
function promptNumerals(prompt: string): Set<string> {
  return new Set(
    (prompt.match(/\b\d{1,5}[a-z]?'{0,2}(?![\w])/gi) ?? []).map((n) => n.toLowerCase()),
  )
}

/**
 * Scores `read` (a reading, see readingOf) against `truth` for `prompt`, with the reader's
 * `warnings` (see the module header).
 */
export function scoreObject(
  prompt: string,
  truth: ObjectAnswer,
  read: ObjectAnswer,
  warnings: readonly string[],
): ObjectCaseScore {
  const notes: string[] = []
  const match = new Map<string, ScoredPart>() // truth id → read part
  const taken = new Set<string>()
  const norm = (n: string | undefined) => n?.toLowerCase()
  for (const t of truth.parts) {
    if (t.numeral === undefined) continue
    const r = read.parts.find((p) => norm(p.numeral) === norm(t.numeral))
    if (r && !taken.has(r.id) && labelSimilarity(r.label, t.label) >= SAME_LABEL) {
      match.set(t.id, r)
      taken.add(r.id)
    } else if (r) {
      notes.push(`numeral ${t.numeral}: read on "${r.label}", written for "${t.label}"`)
    }
  }
  const pairs: { t: ScoredPart; r: ScoredPart; s: number }[] = []
  for (const t of truth.parts) {
    if (match.has(t.id)) continue
    for (const r of read.parts) {
      if (taken.has(r.id) || norm(r.numeral) !== norm(t.numeral)) continue
      const s = labelSimilarity(r.label, t.label)
      if (s >= SAME_LABEL) pairs.push({ t, r, s })
    }
  }
  pairs.sort((a, b) => b.s - a.s)
  for (const { t, r } of pairs) {
    if (match.has(t.id) || taken.has(r.id)) continue
    match.set(t.id, r)
    taken.add(r.id)
  }
  const readToTruth = new Map([...match].map(([t, r]) => [r.id, t]))
  const score: ObjectCaseScore = {
    parts: { truth: truth.parts.length, read: read.parts.length, matched: match.size },
    numerals: { truth: 0, correct: 0 },
    shape: { n: 0, correct: 0, near: 0 },
    count: { n: 0, correct: 0 },
    on: { n: 0, correct: 0 },
    where: { n: 0, correct: 0 },
    views:
      truth.views.length === read.views.length && truth.views.every((v) => read.views.includes(v)),
    hidden: truth.hidden === read.hidden,
    label: truth.label === read.label,
    invented: [],
    dropped: [],
    notes,
  }
  for (const t of truth.parts) {
    if (t.numeral !== undefined) {
      score.numerals.truth++
      if (match.has(t.id)) score.numerals.correct++
    }
    const r = match.get(t.id)
    if (!r) {
      notes.push(`missing ${t.numeral ?? ''} "${t.label}"`)
      const named = warnings.some((w) => labelSimilarity(w, t.label) >= SAME_LABEL)
      if (!named) score.dropped.push(`${t.numeral ?? ''} ${t.label}`.trim())
      continue
    }
    const what = `${t.numeral ?? ''} ${t.label}`.trim()
    score.shape.n++
    if (r.shape === t.shape) score.shape.correct++
    else {
      if (isNear(r.shape, t.shape)) score.shape.near++
      notes.push(`shape of ${what}: read ${r.shape}, answer ${t.shape}`)
    }
    score.count.n++
    const countRight =
      t.count === 'plural'
        ? r.count === 'plural' || (typeof r.count === 'number' && r.count >= 2)
        : r.count === t.count
    if (countRight) score.count.correct++
    else notes.push(`count of ${what}: read ${r.count}, answer ${t.count}`)
    score.on.n++
    const readOn = r.on === undefined ? undefined : readToTruth.get(r.on)
    const onRight = t.on === undefined ? r.on === undefined : readOn === t.on
    if (onRight) score.on.correct++
    else notes.push(`on of ${what}: read ${r.on ?? '-'}, answer ${t.on ?? '-'}`)
    if (t.where !== undefined) {
      score.where.n++
      if (r.where === t.where) score.where.correct++
      else notes.push(`where of ${what}: read ${r.where ?? '-'}, answer ${t.where}`)
    }
  }
  for (const r of read.parts) {
    if (!readToTruth.has(r.id)) notes.push(`extra ${r.numeral ?? ''} "${r.label}" (${r.shape})`)
  }
  const written = promptNumerals(prompt)
  for (const r of read.parts) {
    if (r.numeral !== undefined && !written.has(r.numeral.toLowerCase())) {
      score.invented.push(r.numeral)
    }
  }
  if (!score.views)
    notes.push(`views: read ${read.views.join(',')}, answer ${truth.views.join(',')}`)
  if (!score.hidden) notes.push(`hidden: read ${read.hidden}, answer ${truth.hidden}`)
  if (!score.label) notes.push(`label: read ${read.label}, answer ${truth.label}`)
  return score
}

/** Adds up case scores (a file's, or the corpus's). */
export function totalObjectScores(scores: readonly ObjectCaseScore[]) {
  const sum = <K extends 'parts' | 'numerals' | 'shape' | 'count' | 'on' | 'where'>(key: K) =>
    scores.reduce(
      (acc, s) => {
        for (const [k, v] of Object.entries(s[key])) {
          ;(acc as Record<string, number>)[k] = ((acc as Record<string, number>)[k] ?? 0) + v
        }
        return acc
      },
      {} as Record<string, number>,
    )
  const parts = sum('parts')
  const precision = parts.read ? parts.matched! / parts.read : 0
  const recall = parts.truth ? parts.matched! / parts.truth : 0
  const ratio = (x: Record<string, number>, k = 'correct', n = 'n') => (x[n] ? x[k]! / x[n]! : 1)
  return {
    cases: scores.length,
    partF1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0,
    numeralAccuracy: ratio(sum('numerals'), 'correct', 'truth'),
    shapeAccuracy: ratio(sum('shape')),
    shapeNear: ratio(sum('shape'), 'near'),
    countAccuracy: ratio(sum('count')),
    onAccuracy: ratio(sum('on')),
    whereAccuracy: ratio(sum('where')),
    viewsAccuracy: scores.filter((s) => s.views).length / Math.max(1, scores.length),
    hiddenAccuracy: scores.filter((s) => s.hidden).length / Math.max(1, scores.length),
    labelAccuracy: scores.filter((s) => s.label).length / Math.max(1, scores.length),
    invented: scores.reduce((n, s) => n + s.invented.length, 0),
    dropped: scores.reduce((n, s) => n + s.dropped.length, 0),
  }
}

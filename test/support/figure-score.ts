// Scores a read figure against a hand-written answer (test/corpus/prompts/README.md): elements
// matched by numeral, then by label; connections through that matching; containment pairs;
// numerals the prompt never wrote; truth elements missing with no warning naming them. Used by
// `npm run bench -- understanding` and by the corpus test, so both print and hold the same numbers.

/** The structure both sides share (a subset of the API's `figure`). */
export interface ScoredFigure {
  kind: string
  label?: string
  numeral?: string
  elements: { id: string; numeral?: string; label: string; kind: string; parent?: string }[]
  connections: { from: string; to: string; arrow?: string; label?: string }[]
}

export interface CaseScore {
  /** Non-terminal elements: truth, drawn, matched. */
  elements: { truth: number; drawn: number; matched: number }
  connections: { truth: number; drawn: number; matched: number }
  containment: { truth: number; drawn: number; matched: number }
  /** Drawn numerals the prompt does not contain. */
  invented: string[]
  /** Truth elements with a numeral whose numeral was drawn on an element of another part/step. */
  moved: string[]
  /** Truth elements not drawn and not named in any warning. */
  dropped: string[]
  /** The FIG. label differs. */
  legendWrong: boolean
  /** What went wrong, for the verbose listing. */
  notes: string[]
}

const STOP = new Set(['A', 'AN', 'THE', 'SAID', 'IS', 'ARE', 'BE', 'OF', 'TO', 'FOR', 'BY', 'ITS'])

/** Content words of a label, lightly stemmed, for a similarity that forgives articles and plurals. */
export function labelWords(label: string): string[] {
  return label
    .toUpperCase()
    .replace(/[^A-Z0-9°%\s-]/g, ' ')
    .replace(/-/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !STOP.has(w))
    .map((w) =>
      w.length > 4 ? w.replace(/(?:ING|ED|ES|S)$/, '') : w.length > 3 ? w.replace(/S$/, '') : w,
    )
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

/** Labels at least this similar name the same element. */
export const SAME_LABEL = 0.5

const kindClass = (kind: string) => (kind === 'container' ? 'block' : kind)
const norm = (numeral: string) => numeral.toUpperCase()

/**
 * Scores `drawn` (null when the reader refused) against `truth` for `prompt`, with the reader's
 * `warnings`.
 */
export function scoreFigure(
  prompt: string,
  truth: ScoredFigure,
  drawn: ScoredFigure | null,
  warnings: readonly string[],
): CaseScore {
  const notes: string[] = []
  const truthElements = truth.elements.filter((e) => e.kind !== 'terminal')
  const drawnElements = drawn ? drawn.elements.filter((e) => e.kind !== 'terminal') : []
  const match = new Map<string, string>() // drawn id → truth id
  const matchedTruth = new Set<string>()
  const moved: string[] = []
  // 1. By numeral.
  for (const t of truthElements) {
    if (t.numeral === undefined) continue
    const d = drawnElements.find(
      (e) => e.numeral !== undefined && norm(e.numeral) === norm(t.numeral!),
    )
    if (!d) continue
    if (
      kindClass(d.kind) === kindClass(t.kind) &&
      labelSimilarity(d.label, t.label) >= SAME_LABEL
    ) {
      match.set(d.id, t.id)
      matchedTruth.add(t.id)
    } else {
      moved.push(t.numeral)
      notes.push(
        `numeral ${t.numeral}: drawn on ${d.kind} "${d.label}", written for ${t.kind} "${t.label}"`,
      )
    }
  }
  // 2. By label, best pairs first.
  const pairs: {
    d: (typeof drawnElements)[number]
    t: (typeof truthElements)[number]
    s: number
  }[] = []
  for (const d of drawnElements) {
    if (match.has(d.id)) continue
    for (const t of truthElements) {
      if (matchedTruth.has(t.id) || kindClass(d.kind) !== kindClass(t.kind)) continue
      // A drawn numeral that is not the truth's numeral never matches a numbered truth element.
      if (t.numeral !== undefined && d.numeral !== undefined) continue
      const s = labelSimilarity(d.label, t.label)
      if (s >= SAME_LABEL) pairs.push({ d, t, s })
    }
  }
  pairs.sort((a, b) => b.s - a.s)
  for (const { d, t } of pairs) {
    if (match.has(d.id) || matchedTruth.has(t.id)) continue
    match.set(d.id, t.id)
    matchedTruth.add(t.id)
  }
  // Terminals by their words.
  if (drawn) {
    for (const d of drawn.elements.filter((e) => e.kind === 'terminal')) {
      const t = truth.elements.find(
        (e) => e.kind === 'terminal' && labelSimilarity(e.label, d.label) >= SAME_LABEL,
      )
      if (t) match.set(d.id, t.id)
    }
  }
  for (const t of truthElements) {
    if (!matchedTruth.has(t.id)) notes.push(`missing ${t.kind} ${t.numeral ?? ''} "${t.label}"`)
  }
  for (const d of drawnElements) {
    if (!match.has(d.id)) notes.push(`extra ${d.kind} ${d.numeral ?? ''} "${d.label}"`)
  }

  // Connections.
  const truthConnections = truth.connections
  const used = new Set<number>()
  let connectionsMatched = 0
  for (const c of drawn?.connections ?? []) {
    const from = match.get(c.from)
    const to = match.get(c.to)
    if (from === undefined || to === undefined) continue
    const directed = (c.arrow ?? 'forward') === 'forward'
    const k = truthConnections.findIndex((t, i) => {
      if (used.has(i)) return false
      const truthDirected = (t.arrow ?? 'forward') === 'forward'
      const same = t.from === from && t.to === to
      const swapped = t.from === to && t.to === from
      if (!(same || (swapped && !(directed && truthDirected)))) return false
      const branch = t.label === 'YES' || t.label === 'NO'
      return !branch || t.label === c.label
    })
    if (k >= 0) {
      used.add(k)
      connectionsMatched++
    }
  }
  const name = (f: ScoredFigure, id: string) => f.elements.find((e) => e.id === id)?.label ?? id
  truthConnections.forEach((t, i) => {
    if (!used.has(i)) {
      notes.push(
        `missing connection ${name(truth, t.from)} ${t.arrow === 'none' ? '--' : '->'} ${name(truth, t.to)}${t.label ? ` : ${t.label}` : ''}`,
      )
    }
  })

  // Containment.
  const truthPairs = new Set(
    truth.elements.flatMap((e) => (e.parent ? [`${e.id}<${e.parent}`] : [])),
  )
  const drawnPairs = (drawn?.elements ?? []).flatMap((e) => {
    if (!e.parent) return []
    return [`${match.get(e.id) ?? `?${e.id}`}<${match.get(e.parent) ?? `?${e.parent}`}`]
  })
  const containmentMatched = drawnPairs.filter((p) => truthPairs.has(p)).length

  // Numerals the prompt never wrote (only when it writes some).
  const invented: string[] = []
  const writesNumerals = truth.elements.some((e) => e.numeral !== undefined) || !!truth.numeral
  if (drawn && writesNumerals) {
    const all = [
      ...drawn.elements.flatMap((e) => (e.numeral ? [e.numeral] : [])),
      ...(drawn.numeral ? [drawn.numeral] : []),
    ]
    // Letter ranges name every numeral between their ends: "602a-602c" writes 602b.
    const ranges = [...prompt.matchAll(/\b(\d{1,5})([a-z])\s*(?:-|to|through)\s*\1([a-z])\b/gi)]
    const inRange = (numeral: string) =>
      ranges.some((m) => {
        const n = /^(\d+)([a-z])$/i.exec(numeral)
        return (
          !!n &&
          n[1] === m[1] &&
          n[2]!.toLowerCase() >= m[2]!.toLowerCase() &&
          n[2]!.toLowerCase() <= m[3]!.toLowerCase()
        )
      })
    for (const numeral of all) {
      const escaped = numeral.replace(/[.*+?^${}()|[\]\\']/g, '\\$&')
      const written = new RegExp(`(?<![\\w])${escaped}(?![\\w])`, 'i').test(prompt)
      if (!written && !inRange(numeral)) invented.push(numeral)
    }
  }

  // Silent drops: a missing truth element no warning names (by numeral or by its label's words).
  const dropped: string[] = []
  const warned = warnings.join(' ').toUpperCase()
  for (const t of truthElements) {
    if (matchedTruth.has(t.id)) continue
    if (!drawn) continue
    const byNumeral = t.numeral !== undefined && new RegExp(`\\b${t.numeral}\\b`, 'i').test(warned)
    const words = labelWords(t.label)
    const byLabel = words.length > 0 && words.every((w) => warned.includes(w))
    if (!byNumeral && !byLabel) dropped.push(t.numeral ?? t.label)
  }

  const legendWrong = drawn !== null && (drawn.label ?? 'FIG. 1') !== (truth.label ?? 'FIG. 1')
  if (legendWrong) notes.push(`legend ${drawn?.label} instead of ${truth.label}`)
  return {
    elements: {
      truth: truthElements.length,
      drawn: drawnElements.length,
      matched: matchedTruth.size,
    },
    connections: {
      truth: truthConnections.length,
      drawn: drawn?.connections.length ?? 0,
      matched: connectionsMatched,
    },
    containment: { truth: truthPairs.size, drawn: drawnPairs.length, matched: containmentMatched },
    invented,
    moved,
    dropped,
    legendWrong,
    notes,
  }
}

/** F1 from counts (1 when both sides are empty). */
export function f1(counts: { truth: number; drawn: number; matched: number }): number {
  if (counts.truth === 0 && counts.drawn === 0) return 1
  if (counts.matched === 0) return 0
  const precision = counts.matched / counts.drawn
  const recall = counts.matched / counts.truth
  return (2 * precision * recall) / (precision + recall)
}

/** Sums counts over cases. */
export function total(
  scores: readonly CaseScore[],
  key: 'elements' | 'connections' | 'containment',
) {
  return scores.reduce(
    (sum, s) => ({
      truth: sum.truth + s[key].truth,
      drawn: sum.drawn + s[key].drawn,
      matched: sum.matched + s[key].matched,
    }),
    { truth: 0, drawn: 0, matched: 0 },
  )
}

/**
 * Faithfulness checker, stage 1: every reference numeral the prompt writes, with what it was
 * written with. Read independently of the reader (no parts, no steps, no flow), from the words
 * around each number: a numeral after a noun ("a motor 104") names a part, one in a step marker
 * ("step 1002", "(1202)", "at 1102,", "S1302", "1102:", "in step 606") marks a step, one after
 * "to / after / from step" refers back, one after "a method" / "a system" numbers the whole.
 * Quantities ("30 seconds", "95 °C", "up to 255"), figure and claim numbers are not numerals.
 * Input: the prompt's text; output: one entry per numeral, in the order first written.
 */

import { type Token, tokenize } from '../parse/tokenize'

/** How a numeral was written. */
export type NumeralRole = 'part' | 'step' | 'whole' | 'reference'

export interface LedgerEntry {
  numeral: string
  /** The strongest role it was written in (a definition beats a back-reference). */
  role: NumeralRole
  /** Parts: the noun phrases it follows ("wake-word detector", "detector"), lowercase. */
  phrases?: string[]
  /**
   * Steps (and parenthesised part numerals): the words next to each place it marks, lowercase,
   * up to the clause's edge (what its step must say).
   */
  windows?: string[]
  /** The words around it, as written, for messages that quote the prompt. */
  quote: string
}

const NUMERAL = /^(?:[Ss]\d{2,5}|\d{1,5}[a-z]?'{0,2})$/
const RANGE = /^(\d{1,5})([a-z])-(\d{1,5})([a-z])$/i
const NOT_NUMERAL_BEFORE = new Set(
  `fig figs figure figures claim claims no nos number version v rev revision layer class type
  model channel port table equation eq chapter section page appendix example embodiment grade
  level tier gen generation stage phase size category option mode band usb ipv hdmi iso iec
  ieee en ul sae rfc astm din ansi itu etsi jis`.split(/\s+/),
)
/** Words before "at N" that make N where the flow resumes, not a step's own marker. */
const RESUMES =
  /^(?:continues?|continuing|resumes?|resuming|returns?|returning|proceeds?|proceeding|loops?|looping|restarts?|again|back|begins?|starts?|jumps?|goes|go|branches|passes|repeats?|ends?)$/

const STEP_WORDS = new Set([
  'step',
  'steps',
  'block',
  'blocks',
  'operation',
  'operations',
  'act',
  'acts',
  'box',
])
const BACK_WORDS = new Set(
  `to from after before until till than via of repeat repeats repeating repeated with
  and or through thru following preceding`.split(/\s+/),
)
/** Words after a number that make it a quantity: units and counted nouns. */
const UNITS = new Set(
  `° °c °f c f k % percent mm cm m km um µm nm in ft s sec secs second seconds ms min mins minute
  minutes h hr hrs hour hours day days week weeks month months year years v mv kv a ma w kw mw
  hz khz mhz ghz bar psi pa kpa mpa rpm g kg mg µg ug l ml µl ul mol mmol mm nm x times cycles
  cycle units unit items item bits bit bytes byte kb mb gb tb px dpi ppi ppm ppb wells well
  samples sample layers layer channels threads cores nodes pixels frames points degrees degree
  db dbm fps bpm mph kph lbs lb oz n nm tokens attempts retries tries copies`.split(/\s+/),
)
/** Words before a number that make it a quantity ("up to 255", "at least 3"). */
const QUANTITY_BEFORE = new Set(
  `least most about approximately around over under within every per up than nearly roughly
  some only exactly below above reaches reached exceeds exceed equals equal plus minus times
  top first last next`.split(/\s+/),
)
const WHOLE_HEADS = new Set(
  `method process procedure algorithm technique workflow routine protocol system apparatus
  device platform network architecture environment assembly machine circuit arrangement`.split(
    /\s+/,
  ),
)
const PHRASE_BREAK = new Set(
  `a an the said each every one its their this that these those of to from with by in on at for
  and or is are was were be , ; : . ( ) comprising comprises including includes having has
  which wherein where whereby`.split(/\s+/),
)
const CLAUSE_BREAK = /^[.;:!?]$/
/** Where the words a marker marks stop: clause marks, commas, and the words that open a clause. */
const WINDOW_BREAK = /^[.;:!?,()]$/
const WINDOW_OPENERS = new Set([
  'if',
  'when',
  'otherwise',
  'whereupon',
  'then',
  'and',
  'but',
  'else',
])
/** Words that follow a numeral ("a motor 104 and ..."); another word after a number names a thing. */
const FOLLOWERS = new Set(
  `and or to from of in on at by for with via over through into onto that which who whose when
  where while is are was were be has have had may can could will would shall should must does do
  each both as than the a an its their said further also then coupled connected configured whether
  if`.split(/\s+/),
)
/** Verbs after which a number counts things ("drives 4 ESCs"). */
const COUNTING_VERBS = new Set(
  `has have had uses use using includes include including comprises comprise comprising contains
  contain containing drives drive holds hold supports support with without runs run receives
  takes take needs need requires require`.split(/\s+/),
)

const lower = (tokens: readonly Token[], i: number) => tokens[i]?.lower ?? ''

/** Expands "302a-302c" into 302a, 302b, 302c. */
function expand(text: string): string[] {
  const m = RANGE.exec(text)
  if (!m || m[1] !== m[3]) return [text]
  const out: string[] = []
  for (let c = m[2]!.toLowerCase().charCodeAt(0); c <= m[4]!.toLowerCase().charCodeAt(0); c++) {
    out.push(`${m[1]}${String.fromCharCode(c)}`)
  }
  return out.length <= 26 ? out : [text]
}

/** The noun phrase a numeral follows: up to five words back to a determiner or a break. */
function phraseBefore(tokens: readonly Token[], i: number): string {
  const words: string[] = []
  let from = i - 1
  // "a digital signal processor (DSP) 204": the name is before the acronym.
  if (tokens[from]?.text === ')' && tokens[from - 2]?.text === '(') from -= 3
  for (let k = from; k >= 0 && words.length < 5; k--) {
    const t = tokens[k]!
    if (t.kind !== 'word' || PHRASE_BREAK.has(t.lower)) break
    words.unshift(t.lower)
  }
  return words.join(' ')
}

/**
 * The words a marker (tokens `start` to `end`) marks: before it, back to a comma or the clause's
 * edge (a marker after its step: "packed in step 606"); after it, to the clause's end (a marker
 * before its step: "Step 702: run ...", "1102: if X, do Y").
 */
function windowsAt(
  tokens: readonly Token[],
  start: number,
  end: number,
  side: 'before' | 'after' | 'both',
): string[] {
  const out: string[] = []
  if (side !== 'after') {
    const words: string[] = []
    // "is the charge at least 80 percent? (3806)": the question the marker follows.
    const first = tokens[start - 1]?.text === '?' ? start - 2 : start - 1
    for (let k = first; k >= 0 && words.length < 12; k--) {
      const t = tokens[k]!
      if (WINDOW_BREAK.test(t.text)) break
      if (WINDOW_OPENERS.has(t.lower) && words.length > 0) break
      if (t.kind === 'word' && !NUMERAL.test(t.text)) words.unshift(t.lower)
    }
    if (words.length > 0) out.push(words.join(' '))
  }
  if (side !== 'before') {
    const words: string[] = []
    let k = end + 1
    while (k < tokens.length && /^[):,]$/.test(tokens[k]!.text)) k++
    for (; k < tokens.length && words.length < 30; k++) {
      const t = tokens[k]!
      if (CLAUSE_BREAK.test(t.text)) break
      if (t.kind === 'word' && !NUMERAL.test(t.text)) words.push(t.lower)
    }
    if (words.length > 0) out.push(words.join(' '))
  }
  return out
}

/** The first token of the marker whose numeral is at `i` ("(", "in step", "at"), and its last. */
function markerSpan(tokens: readonly Token[], i: number): [number, number] {
  let start = i
  if (STEP_WORDS.has(tokens[start - 1]?.lower ?? '')) start--
  if (/^(?:in|at|during)$/.test(tokens[start - 1]?.lower ?? '')) start--
  if (tokens[start - 1]?.text === '(') start--
  const end = tokens[i + 1]?.text === ')' ? i + 1 : i
  return [start, end]
}

/**
 * Which words a marker at `i` (its first token) marks: at a clause's start ("Step 702: run",
 * "At 1102, detecting"), the words after it; else the words before it, and after it too when
 * no comma follows.
 */
function sideOf(tokens: readonly Token[], i: number): 'before' | 'after' | 'both' {
  const [start] = markerSpan(tokens, i)
  if (tokens[start]?.text === '(' && tokens[start - 1]?.text === '?') return 'before'
  let k = start - 1
  while (k >= 0 && /^(?:and|then|or|in|at|during|by)$/.test(tokens[k]!.lower)) k--
  if (k < 0 || CLAUSE_BREAK.test(tokens[k]!.text) || tokens[k]!.text === ',') return 'after'
  return 'both'
}

const STRENGTH: Record<NumeralRole, number> = { reference: 0, part: 1, step: 2, whole: 3 }

/**
 * Reads every reference numeral of `text` (see the module header).
 * @param text the prompt (as normalizePrompt gives it, or raw)
 */
export function readNumeralLedger(text: string): LedgerEntry[] {
  // Lines end clauses ("1102: detect ...\n1104: stream ..."); thousands separators join digits.
  const tokens = tokenize(text.replace(/\n+/g, ' ; '))
  const entries = new Map<string, LedgerEntry>()
  const note = (numeral: string, entry: Omit<LedgerEntry, 'numeral'>) => {
    const key = numeral.toUpperCase()
    const had = entries.get(key)
    const windows = [...(had?.windows ?? []), ...(entry.windows ?? [])]
    const phrases = [...(had?.phrases ?? []), ...(entry.phrases ?? [])].filter(Boolean)
    const merged = {
      ...(phrases.length ? { phrases } : {}),
      ...(windows.length ? { windows } : {}),
    }
    if (!had || STRENGTH[entry.role] > STRENGTH[had.role]) {
      entries.set(key, { numeral, ...entry, ...merged })
    } else Object.assign(had, merged)
  }
  const quoteAt = (i: number) =>
    tokens
      .slice(Math.max(0, i - 5), i + 3)
      .map((t) => t.text)
      .join(' ')
      .replace(/\s+([,.;:)])/g, '$1')
      .replace(/\(\s+/g, '(')

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!
    const ranged = RANGE.test(token.text)
    if (!NUMERAL.test(token.text) && !ranged) continue
    const prev = lower(tokens, i - 1)
    const prev2 = lower(tokens, i - 2)
    const next = lower(tokens, i + 1)
    const numerals = ranged ? expand(token.text) : [token.text.replace(/^s/, 'S')]
    const quote = quoteAt(i)
    if (NOT_NUMERAL_BEFORE.has(prev) || (prev === '.' && NOT_NUMERAL_BEFORE.has(prev2))) continue
    // "10,000", "1,200 rpm": digit groups of one number.
    if (next === ',' && /^\d{3}\b/.test(tokens[i + 2]?.text ?? '')) continue
    if (prev === ',' && /^\d{1,3}$/.test(tokens[i - 2]?.text ?? '') && /^\d{3}$/.test(token.text))
      continue
    // "a Wi-Fi 6 module 208", "drives 4 ESCs": a number followed by a name is part of it.
    const nextToken = tokens[i + 1]
    if (
      !ranged &&
      nextToken?.kind === 'word' &&
      !FOLLOWERS.has(next) &&
      !/(?:ing|ed)$/.test(next) &&
      !(/s$/.test(next) && !COUNTING_VERBS.has(prev))
    ) {
      continue
    }
    if (nextToken?.kind === 'word' && /s$/.test(next) && COUNTING_VERBS.has(prev)) continue
    // A quantity: a unit or a counted noun after it, or "up to", "at least" before it.
    // A rate is a unit too: "10 Gb/s", "5 m/s", "2 L/min".
    const rate = /^[a-zµ°]+\/[a-z]+$/.test(next)
    if (
      !ranged &&
      !/^[Ss]/.test(token.text) &&
      (UNITS.has(next) || rate || QUANTITY_BEFORE.has(prev))
    ) {
      continue
    }
    const value = Number.parseInt(token.text.replace(/^[Ss]/, ''), 10)
    const stepForm = /^[Ss]\d/.test(token.text)
    if (STEP_WORDS.has(prev)) {
      const back = BACK_WORDS.has(prev2) || prev === 'steps' || prev === 'blocks'
      for (const n of numerals) {
        note(
          n,
          back
            ? { role: 'reference', quote }
            : {
                role: 'step',
                windows: windowsAt(tokens, ...markerSpan(tokens, i), sideOf(tokens, i)),
                quote,
              },
        )
      }
      continue
    }
    if (stepForm) {
      const back = BACK_WORDS.has(prev)
      for (const n of numerals) {
        note(
          n,
          back
            ? { role: 'reference', quote }
            : {
                role: 'step',
                windows: windowsAt(tokens, ...markerSpan(tokens, i), sideOf(tokens, i)),
                quote,
              },
        )
      }
      continue
    }
    if (!ranged && value < 1) continue
    // "(1202)" after a clause, "at 1102,", "1102:" at a line start: a step's marker.
    const parenthesised = prev === '(' && next === ')'
    // "... is discharged at 1406.", "determines at 1408 whether": "at" marks the step it ends or
    // interrupts, unless a verb of going on says where the flow resumes ("continues at 1402").
    const atComma =
      ((prev === 'at' || prev === 'in') &&
        (next === ',' || /^[.;:\n]/.test(prev2) || prev2 === '')) ||
      (prev === 'at' && !RESUMES.test(prev2) && /^(?:[.,;]|[a-z]+)?$/.test(next) && value >= 100)
    const lineStart = next === ':' && (i === 0 || CLAUSE_BREAK.test(tokens[i - 1]!.text))
    if (BACK_WORDS.has(prev) || (prev === 'at' && !atComma)) {
      for (const n of numerals) note(n, { role: 'reference', quote })
      continue
    }
    // "(202) receiving a request": a bracketed marker opening its clause.
    const opensClause = parenthesised && (i < 2 || /^[.;:!]$/.test(tokens[i - 2]!.text))
    if (atComma || lineStart || opensClause) {
      const side = lineStart || opensClause ? 'after' : 'both'
      for (const n of numerals)
        note(n, { role: 'step', windows: windowsAt(tokens, ...markerSpan(tokens, i), side), quote })
      continue
    }
    // "a digital signal processor (DSP) 204": the name is before the acronym.
    const acronym = prev === ')' && tokens[i - 3]?.text === '(' && tokens[i - 2]?.kind === 'word'
    const beforeAt = parenthesised ? i - 2 : acronym ? i - 4 : i - 1
    const before = lower(tokens, beforeAt)
    const beforeToken = tokens[beforeAt]
    if (beforeToken?.kind !== 'word' || NUMERAL.test(beforeToken.text)) {
      // A list after a noun: "sensors 302a, 302b and 302c".
      const listed =
        entries.get(tokens[i - 2]?.text.toUpperCase() ?? '') ??
        entries.get(tokens[i - 3]?.text.toUpperCase() ?? '')
      // ... but not a count after it ("a controller 202 and 4 motors 204").
      const after = tokens[i + 1]
      const count =
        after?.kind === 'word' &&
        !NUMERAL.test(after.text) &&
        !/^(?:and|or|are|is|each|which|that|of|to|in|on|at|by|for|with|from|respectively)$/i.test(
          after.text,
        )
      const digits = (text: string) => /^\d+/.exec(text)?.[0].length ?? 0
      const sameForm = listed !== undefined && digits(listed.numeral) === digits(tokens[i]!.text)
      if (
        (prev === ',' || prev === 'and' || prev === 'or') &&
        listed?.role === 'part' &&
        !count &&
        sameForm
      ) {
        for (const n of numerals)
          note(n, { role: 'part', ...(listed.phrases ? { phrases: listed.phrases } : {}), quote })
      }
      continue
    }
    if (WHOLE_HEADS.has(before) && !entries.size) {
      for (const n of numerals)
        note(n, {
          role: 'whole',
          phrases: [phraseBefore(tokens, parenthesised ? i - 1 : i)],
          quote,
        })
      continue
    }
    for (const n of numerals) {
      note(n, {
        role: 'part',
        phrases: [phraseBefore(tokens, parenthesised ? i - 1 : i)],
        windows: windowsAt(tokens, ...markerSpan(tokens, i), 'both'),
        quote,
      })
    }
  }
  return [...entries.values()]
}

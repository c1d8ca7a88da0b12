/**
 * Prompt parser, flowcharts: the numerals that mark steps, in every form drafters write them:
 *   before the step: "Step 1002:", "In step 602,", "At block 302,", "at 1102,", "S1302", "1102:",
 *   "(1202)"; after it: "(step 1002)", "(1202)", "(S1302)", "is packed in step 606", "is denied
 *   at 506", or a bare numeral in the method's series ("receiving a request 202;").
 * A numeral after "to", "from", "after", "before", "until" or "steps" refers back to a step
 * ("returning to step 1002") and is never taken. The forms whose numeral could be a quantity or a
 * part's numeral ("at 1102,", "1102:", "(1202)", a bare trailing number) count only when they fit
 * the prompt's series: the method's own numeral, or the hundreds its certain markers use.
 */

/** The step numerals a method body uses: the series they belong to. */
export interface StepSeries {
  /** Series keys (the numeral without its last two digits: "10" for 1002, "S13" for S1302). */
  keys: Set<string>
  /** The body writes "Step N:" / "(step N)" / "S1302" markers, or implied ones in a series. */
  numbered: boolean
  /** Markers that count 1, 2, 3 ("Step 1:", "(1)") are list positions, not numerals. */
  counting: boolean
}

/** A step numeral as written: 2 to 5 digits with an optional letter, or S and digits. */
const N = String.raw`(?:[Ss]\s?\d{1,5}|\d{2,5}[a-zA-Z]?'?)`
const STEP_WORD = '(?:step|block|operation|act|box)'

/** "Step 702:", "In step 602,", "At block 302,", "Block 302." at the start of a clause. */
const PREFIX_CERTAIN = new RegExp(
  String.raw`^(?:(?:and|then|or)\s+)?(?:(?:at|in|during|by)\s+)?${STEP_WORD}\s+(${N}|\d)\b\s*[:.),-]?\s*`,
  'i',
)
/** "S1302 receiving", "S1302:", "(S1302)". */
const PREFIX_S = /^(?:(?:and|then|or)\s+)?\(?([Ss]\s?\d{1,5})\)?\s*[:.)-]?\s+/
/** "at 1102,", "At 502,", "in 1104,", "at 508 it is determined" */
const PREFIX_AT = new RegExp(String.raw`^(?:(?:and|then|or)\s+)?(?:at|in)\s+(${N})\s*,?\s+`, 'i')
/** "1102: ...", "(1202) receiving", "402. measuring" */
const PREFIX_BARE = new RegExp(String.raw`^\(?(${N})\)?\s*(?::|\.(?=\s)|\)|-(?=\s))\s*`)
const PREFIX_PAREN = new RegExp(String.raw`^\((${N})\)\s*`)

/** "(step 1002)", "(1202)", "(S1302)", "(block 302)" at the end. */
const SUFFIX_PAREN = new RegExp(String.raw`,?\s*\(\s*(?:${STEP_WORD}\s+)?(${N})\s*\)\s*$`, 'i')
/** "is packed in step 606", "at block 302", ", step 202" at the end. */
const SUFFIX_STEP = new RegExp(
  String.raw`(?:,\s*|\s+)(?:(?:in|at|during|as|by|with)\s+)?${STEP_WORD}\s+(${N})\s*$`,
  'i',
)
/** "is denied at 506" at the end. */
const SUFFIX_AT = new RegExp(String.raw`\s+at\s+(${N})\s*$`, 'i')
/** "receiving a request 202" at the end. */
const SUFFIX_BARE = new RegExp(String.raw`\s(${N})\s*$`)
/** Words before a bare number that make it a quantity or a reference, not a step numeral. */
const NOT_A_STEP_BEFORE =
  /\b(?:to|from|after|before|until|than|of|at|by|over|under|within|about|every|each|for|with|up|least|most|step|steps|claim|claims|fig|figs|figure|port|version|layer|level|type|class|model|channel|rev|revision|no|number|is|are|equals|exceeds|and|or)$/i

/** Numerals after these refer back to a step; never a step's own marker. */
const BACK_REFERENCE =
  /\b(?:to|from|after|following|before|until|than|via|of|repeat(?:ing|s|ed)?|per|like)\s+(?:(?:step|steps|block|blocks|operation|operations|act|acts)\s+)?(?:(?:S\s?)?\d{2,5}[a-z]?\s*(?:,\s*(?:or\s+|and\s+)?|\s+(?:or|and)\s+)(?:(?:step|block|operation|act)\s+)?)?$/i

/** "the determination of step S704 is made again", "step 502 is repeated". */
export const DONE_AGAIN = new RegExp(
  String.raw`^(?:the\s+)?(?:[a-z-]+\s+){0,3}?(?:of\s+)?${STEP_WORD}\s+(${N})\s+(?:is|are)\s+(?:then\s+)?(?:(?:made|performed|carried\s+out|done|executed|repeated)\s+)?(?:again|anew|once\s+more|repeated)\b`,
  'i',
)

/** "... (step 806) and determines again whether ...": a question asked again after a marked step. */
const DECIDES_AGAIN =
  /^(?:then\s+)?(?:determin|check|verif|evaluat|decid|test|re-?check|re-?evaluat)\w*\s+(?:again\s+)?(?:whether|if)\b|^(?:then\s+)?(?:determin|check|verif|evaluat|decid|test)\w*\s+again\b/i

/** The series key of a numeral: all but its last two digits, with the S of "S1302". */
export function seriesOf(numeral: string): string {
  const m = /^([Ss]?)\s?(\d+)/.exec(numeral)
  if (!m) return ''
  const digits = m[2]!
  return `${m[1]!.toUpperCase()}${digits.length > 2 ? digits.slice(0, -2) : '0'}`
}

/** A numeral as it is kept: "S 1302" → "S1302", "1002a" as written. */
export const cleanNumeral = (raw: string) => raw.replace(/\s+/g, '').replace(/^s/, 'S')

/**
 * The series a body's steps are numbered in. Certain markers ("step N", "S1302", "(step N)")
 * decide; without them, the method's own numeral; without that, two or more "at N," / "N:" /
 * "(N)" markers of one series.
 */
export function stepSeries(body: string, methodNumeral?: string): StepSeries {
  const keys = new Set<string>()
  const counts = new Map<string, number>()
  const certain = new RegExp(
    String.raw`(?<![\w])(?:${STEP_WORD}\s+(${N})|(S\s?\d{2,5}))(?![\w])`,
    'gi',
  )
  const small: number[] = []
  for (const match of body.matchAll(certain)) {
    const before = body.slice(Math.max(0, match.index - 24), match.index)
    if (BACK_REFERENCE.test(before)) continue
    keys.add(seriesOf(cleanNumeral(match[1] ?? match[2]!)))
  }
  const marked = keys.size > 0
  for (const match of body.matchAll(new RegExp(String.raw`\b${STEP_WORD}\s+(\d)\b`, 'gi'))) {
    small.push(Number(match[1]))
  }
  const probable = new RegExp(
    String.raw`(?:(?:^|[\n;.:])\s*(?:(?:and|then|or)\s+)?(?:at|in)\s+(${N})\s*,|(?:^|[\n;])\s*\(?(${N})\)?\s*:|\((${N})\))`,
    'gi',
  )
  for (const match of body.matchAll(probable)) {
    const key = seriesOf(cleanNumeral(match[1] ?? match[2] ?? match[3]!))
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  // The method's own numeral fixes the series of bare ones ("a record 208" in method 200).
  if (methodNumeral !== undefined) keys.add(seriesOf(methodNumeral))
  let probablyMarked = false
  for (const [key, count] of counts) {
    if (count >= 2 || keys.has(key)) {
      keys.add(key)
      probablyMarked = true
    }
  }
  return {
    keys,
    numbered: marked || probablyMarked,
    counting: small.length >= 2 && keys.size === 0,
  }
}

const fits = (numeral: string, series: StepSeries) => series.keys.has(seriesOf(numeral))

/** A step text with its marker taken off, and the numeral the marker gave. */
export interface Marked {
  text: string
  numeral?: string
  /** Where the marker was: before the step's words, after them, or inside ("receiving (302), by"). */
  at?: 'prefix' | 'suffix' | 'inline'
}

/** "receiving (302), by a gateway", "it is determined in step 2610 whether": one marker inside. */
const INLINE = new RegExp(
  String.raw`\s*\(\s*(?:${STEP_WORD}\s+)?(${N})\s*\)|\s+(?:in|at|during)\s+${STEP_WORD}\s+(${N})\b`,
  'gi',
)

/**
 * Takes the marker off the start or the end of one step's text (see the module header).
 * @param text one step's words (a clause, a condition or an action)
 * @param series the body's numbering
 */
export function takeMarker(text: string, series: StepSeries): Marked {
  let rest = text.trim()
  let numeral: string | undefined
  let at: Marked['at']
  const take = (value: string, where: NonNullable<Marked['at']>) => {
    if (numeral !== undefined) return
    numeral = cleanNumeral(value)
    at = where
  }
  const prefixes: [RegExp, boolean][] = [
    [PREFIX_CERTAIN, true],
    [PREFIX_S, true],
    [PREFIX_AT, false],
    [PREFIX_PAREN, false],
    [PREFIX_BARE, false],
  ]
  for (const [pattern, certain] of prefixes) {
    const m = pattern.exec(rest)
    if (!m) continue
    const value = cleanNumeral(m[1]!)
    if (/^\d$/.test(value)) {
      // "Step 2:" counts; the text is still the step.
      rest = rest.slice(m[0].length)
      break
    }
    if (!certain && !fits(value, series)) continue
    take(value, 'prefix')
    rest = rest.slice(m[0].length)
    break
  }
  const suffixes: [RegExp, boolean][] = [
    [SUFFIX_PAREN, false],
    [SUFFIX_STEP, true],
    [SUFFIX_AT, false],
    [SUFFIX_BARE, false],
  ]
  for (const [pattern, certain] of suffixes) {
    const m = pattern.exec(rest)
    if (!m) continue
    const before = rest.slice(0, m.index)
    if (BACK_REFERENCE.test(`${before} `) && pattern !== SUFFIX_PAREN) continue
    const value = cleanNumeral(m[1]!)
    if (pattern === SUFFIX_BARE) {
      // A bare number is a step numeral only in the body's series, after a word, and not a
      // quantity ("heated to 95") or a part's numeral in another series ("a record 208").
      const word = /([A-Za-z][\w-]*)$/.exec(before.trimEnd())?.[1] ?? ''
      // "exceeds 0.9 608": a quantity may end the words when the numeral is in the series.
      const quantity = /[A-Za-z][\w-]*\s+\d+(?:\.\d+)?%?$/.test(before.trimEnd())
      if ((!word && !quantity) || NOT_A_STEP_BEFORE.test(word) || !fits(value, series)) continue
    } else if (
      !certain &&
      !fits(value, series) &&
      !(pattern === SUFFIX_PAREN && !series.numbered)
    ) {
      continue
    }
    if (numeral !== undefined) {
      // Both ends marked: keep the first; the second is left for the caller to see.
      break
    }
    take(value, 'suffix')
    rest = before
    break
  }
  if (numeral === undefined) {
    for (const m of rest.matchAll(INLINE)) {
      const raw = m[1] ?? m[2]!
      const value = cleanNumeral(raw)
      const before = rest.slice(0, m.index)
      if (BACK_REFERENCE.test(before) || /^\d$/.test(value)) continue
      if (!fits(value, series) && m[1] !== undefined && !/\(\s*[a-z]/i.test(m[0])) continue
      take(value, 'inline')
      rest = `${before}${rest.slice(m.index + m[0].length)}`.replace(/\s+,/g, ',')
      break
    }
  }
  return {
    text: rest.replace(/[\s,;:]+$/, '').trim(),
    ...(numeral ? { numeral, at } : {}),
  }
}

/**
 * Where a clause holds a second step's marker inside it ("the order is packed in step 606 and
 * shipped in step 608"): the index to cut at (before the joiner after the first marker), or -1.
 */
export function innerMarkerCut(text: string, series: StepSeries): number {
  const inner = new RegExp(
    String.raw`(?:\(\s*(?:${STEP_WORD}\s+)?${N}\s*\)|\b(?:in|at)\s+${STEP_WORD}\s+${N}\b|\b${STEP_WORD}\s+${N}\b|\bat\s+${N}\b)(?=\s*(?:,\s*)?(?:(?:and|then)\s*,?|,|;)\s*\S)`,
    'gi',
  )
  for (const m of text.matchAll(inner)) {
    const before = text.slice(0, m.index)
    if (BACK_REFERENCE.test(before)) continue
    const value = /(\d{2,5}[a-zA-Z]?|[Ss]\s?\d{2,5})/.exec(m[0])?.[1]
    if (value && /^at\b/i.test(m[0]) && !fits(cleanNumeral(value), series)) continue
    // Only a cut that leaves words on both sides, and a second step marked after it.
    const end = m.index + m[0].length
    const after = text.slice(end)
    if (!/[A-Za-z]/.test(before) || !/[A-Za-z]/.test(after)) continue
    const next = after.replace(/^[\s,]*(?:and|then)?[\s,]*/i, '')
    // "..., and the determination of step S704 is made again": the second step is a loop back.
    if (
      takeMarker(next, series).numeral === undefined &&
      !DONE_AGAIN.test(next) &&
      !DECIDES_AGAIN.test(next)
    ) {
      continue
    }
    return end
  }
  return -1
}

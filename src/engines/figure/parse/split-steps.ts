/**
 * Prompt parser, flowcharts, stage 3: the body cut into step texts. Markers come first when the
 * body has at least two of one kind ("Step 202:", "At block 302,", "1." / "(1)", "(i)", "(a)" /
 * "a)", bullets); then each
 * piece is cut at lines, sentence ends and semicolons, and a piece led by a verb is cut at the
 * commas that start another verb ("receiving a request, validating it, and storing it").
 */

import { isGerund, SEQUENCE_OPENER, STEP_VERBS } from './grammar-words'

/** One step's text, with the list marker that opened it. */
export interface RawStep {
  text: string
  /** The marker's number: "Step 202:" and "2." give 202 and 2, "(c)" gives 3. */
  marker?: number
  /** The marker said "step N" (or "block N", "operation N", "At block N,"). */
  stepMarker?: boolean
  /** The text came from a list (markers, semicolons, lines), so a bare verb phrase is a step. */
  listed: boolean
}

interface Marker {
  at: number
  length: number
  value: number
}

const MARKER_KINDS: readonly { pattern: RegExp; step: boolean; letters: boolean }[] = [
  {
    pattern:
      /(?:^|[\n.;:!?])\s*(?:(?:and|or)\s+)?(?:(?:at|in|during)\s+)?(?:step|block|operation|act)\s+(\d{1,4})\s*[:.),-]\s+/gi,
    step: true,
    letters: false,
  },
  {
    pattern: /(?:^|[\n.;:!?])\s*(?:(?:and|or)\s+)?\(?(\d{1,2})[.)]\s+(?=\S)/g,
    step: false,
    letters: false,
  },
  {
    pattern: /(?:^|[\n.;:!?,])\s*(?:(?:and|or)\s+)?\(?(i{1,3}|iv|vi{0,3}|ix|x)\)\s+/g,
    step: false,
    letters: false,
  },
  { pattern: /(?:^|[\n.;:!?,])\s*(?:(?:and|or)\s+)?\(?([a-h])\)\s+/g, step: false, letters: true },
  { pattern: /(?:^|\n)\s*([-*•])\s+/g, step: false, letters: false },
]

const ROMAN: Record<string, number> = {
  i: 1,
  ii: 2,
  iii: 3,
  iv: 4,
  v: 5,
  vi: 6,
  vii: 7,
  viii: 8,
  ix: 9,
  x: 10,
}

function findMarkers(body: string): { markers: Marker[]; step: boolean } | null {
  for (const kind of MARKER_KINDS) {
    const markers: Marker[] = []
    for (const match of body.matchAll(kind.pattern)) {
      // The end mark of the previous step is not part of this marker.
      const lead = /^[\n.;:!?,]/.test(match[0]) ? 1 : 0
      const raw = match[1]!
      const value = kind.letters
        ? raw.charCodeAt(0) - 96
        : /\d/.test(raw)
          ? Number(raw)
          : (ROMAN[raw.toLowerCase()] ?? 0)
      markers.push({ at: match.index + lead, length: match[0].length - lead, value })
    }
    if (markers.length < 2) continue
    // Numbered and lettered lists count up from their first item.
    const ordered =
      kind.step ||
      markers.every((m, k) => k === 0 || m.value === 0 || m.value > markers[k - 1]!.value)
    if (ordered) return { markers, step: kind.step }
  }
  return null
}

/** Lines that continue the previous line (wrapped text) are joined to it. */
function splitLines(text: string): string[] {
  const lines: string[] = []
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (!line) continue
    const previous = lines.at(-1)
    if (previous !== undefined && /^[a-z]/.test(line) && !/[.;:!?]$/.test(previous)) {
      lines[lines.length - 1] = `${previous} ${line}`
    } else lines.push(line)
  }
  return lines
}

/** Sentences, keeping a question mark (a decision) and dropping other end marks. */
function splitSentenceMarks(line: string): string[] {
  const pieces: string[] = []
  let last = 0
  for (const match of line.matchAll(/([.!?])(?:\s+|$)/g)) {
    const end = match[1] === '?' ? match.index + 1 : match.index
    pieces.push(line.slice(last, end))
    last = match.index + match[0].length
  }
  pieces.push(line.slice(last))
  return pieces
}

const FIRST_WORD = /^[\s,]*([A-Za-z][\w-]*)/
const COMMA_JOIN = /,\s*(?:(?:and|or)\s+)?(?:then\s+)?|\s+and\s+then\s+/gi
const BRANCH_WORDS = new Set(['if', 'otherwise', 'else', 'when', 'whenever', 'for'])
const FOR_EACH = /^\s*(?:and\s+)?for\s+(?:each|every|all)\b/i

/** Cuts a verb-led piece at commas that begin another verb of the same form. */
function splitVerbList(piece: string): string[] {
  const lead = piece.replace(SEQUENCE_OPENER, '')
  const first = FIRST_WORD.exec(lead)?.[1]?.toLowerCase() ?? ''
  const gerund = isGerund(first)
  if (!gerund && !STEP_VERBS.has(first)) return [piece]
  const pieces: string[] = []
  let last = 0
  for (const match of piece.matchAll(COMMA_JOIN)) {
    // "for each face, apply a blur filter" is one step.
    const current = piece.slice(last, match.index)
    if (FOR_EACH.test(current) && !current.includes(',')) continue
    const after = match.index + match[0].length
    const next = FIRST_WORD.exec(piece.slice(after, after + 40))?.[1]?.toLowerCase() ?? ''
    const sameForm = gerund ? isGerund(next) : STEP_VERBS.has(next)
    if (!sameForm && !BRANCH_WORDS.has(next)) continue
    pieces.push(piece.slice(last, match.index))
    last = after
  }
  pieces.push(piece.slice(last))
  return pieces
}

function cut(text: string): string[] {
  return splitLines(text)
    .flatMap(splitSentenceMarks)
    .flatMap((sentence) => sentence.split(/;|\s*->\s*/))
    .flatMap(splitVerbList)
    .map((piece) => piece.trim())
    .filter((piece) => /[A-Za-z]/.test(piece))
}

/**
 * Cuts a method body into step texts (see the module header).
 * @param listed the body followed a colon or "comprising"
 */
export function splitSteps(body: string, listed: boolean): RawStep[] {
  const found = findMarkers(body)
  if (!found) {
    const multiple = /[;\n]/.test(body)
    return cut(body).map((text) => ({ text, listed: listed || multiple }))
  }
  // Text before the first marker is kept only if it reads as a step ("Here are the steps:" does not).
  const steps: RawStep[] = cut(body.slice(0, found.markers[0]!.at)).map((text) => ({
    text,
    listed: false,
  }))
  found.markers.forEach((marker, k) => {
    const next = found.markers[k + 1]?.at ?? body.length
    const pieces = cut(body.slice(marker.at + marker.length, next))
    pieces.forEach((text, p) => {
      const opening = p === 0 && marker.value > 0
      steps.push({
        text,
        listed: true,
        ...(opening ? { marker: marker.value } : {}),
        ...(opening && found.step ? { stepMarker: true } : {}),
      })
    })
  })
  return steps
}

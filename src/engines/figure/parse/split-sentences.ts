/**
 * Prompt parser, system diagrams, stage 2: the prompt as statements. Lines are joined back into
 * sentences (a claim laid out one element a line, a bulleted list), sentences are split at their
 * end marks, openers such as "In some embodiments," are dropped, and "wherein" / "where" clauses
 * become statements of their own ("whereby" and "such that" clauses say nothing drawable).
 */

const BULLET = /^(?:[-*•]|\d{1,2}[.)]|\(?[a-z]\))\s+/
const OPENER =
  /^(?:(?:as|in|for|with|according\s+to|referring\s+to|turning\s+to|with\s+reference\s+to|when|whenever|once|if|upon|after|during|while)\b[^,]{0,80},\s*|(?:additionally|further(?:more)?|moreover|optionally|alternatively|similarly|likewise|accordingly|specifically|notably|preferably|typically|generally|also|here|thus|then|finally|eg|ie)\b,?\s*)/i
const CLAUSE_MARK = /[,;]?\s*(?:\band\s+)?\b(wherein|where|whereby|such\s+that|so\s+that)\b\s*/gi

/** Lines that continue a sentence are joined; bullets become "; " separators. */
function joinLines(text: string): string {
  const lines = text.split('\n')
  let out = lines[0] ?? ''
  for (const raw of lines.slice(1)) {
    const line = raw.trim()
    if (line === '') continue
    const bullet = BULLET.exec(line)
    const last = out.trimEnd().at(-1) ?? ''
    if (bullet) out += `; ${line.slice(bullet[0].length)}`
    else if (/[.!?]/.test(last)) out += `\n${line}`
    else if (/[;:,]/.test(last) || /^[a-z]/.test(line)) out += ` ${line}`
    else out += `\n${line}`
  }
  return out
}

/** The sentences of `text`, trimmed, without their end marks. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = []
  for (const line of joinLines(text).split('\n')) {
    for (const sentence of line.split(/[.!?]+(?:\s+|$)/)) {
      const trimmed = sentence.trim()
      if (trimmed) sentences.push(trimmed)
    }
  }
  return sentences
}

/** Drops one or two openers: "In some embodiments, ...", "For example, ...", "Additionally, ...". */
export function stripOpener(sentence: string): string {
  return sentence.replace(OPENER, '').replace(OPENER, '')
}

/** Drops parenthetical remarks ("(e.g., RAM)"); numerals were unwrapped by normalizePrompt. */
export function stripParentheticals(sentence: string): string {
  return joinExpansions(sentence)
    .replace(/\([^()]{0,200}\)/g, ' ')
    .replace(/[()]/g, ' ')
}

/**
 * "a device under test (DUT) 650": the words an acronym spells are one name, though a
 * preposition stands inside it; they are joined by hyphens so the name reads as one phrase
 * ("DEVICE-UNDER-TEST"), instead of "TEST 650".
 */
function joinExpansions(sentence: string): string {
  return sentence.replace(
    /((?:[A-Za-z][\w-]*\s+){2,6})\(([A-Z]{2,6})s?\)/g,
    (whole, words: string, acronym: string) => {
      const list = words.trim().split(/\s+/)
      const spelled = list.slice(-acronym.length)
      const initials = spelled.map((w) => w[0]!.toUpperCase()).join('')
      if (
        initials !== acronym ||
        !spelled.some((w) => /^(?:of|under|in|on|for|to|and|at|by)$/i.test(w))
      ) {
        return whole
      }
      return `${list.slice(0, -acronym.length).join(' ')} ${spelled.join('-')} (${acronym})`.trimStart()
    },
  )
}

/**
 * Splits a sentence at "wherein" / "where" into its main statement and its clauses; the part
 * after "whereby", "such that" or "so that" is dropped.
 */
const ASIDE_THEN_MAIN =
  /^((?:it|they|this|these)\s+(?:is|are)\s+[^,]{1,80}?),\s*(?=and\s+(?:is|are)\s+(?:then\s+|next\s+|further\s+)?[a-z]+(?:ed|en|wn)\b)/i

export function splitClauses(sentence: string): { main: string; clauses: string[] } {
  const pieces: { mark: string; text: string }[] = []
  let last = 0
  let mark = ''
  for (const match of sentence.matchAll(CLAUSE_MARK)) {
    pieces.push({ mark, text: sentence.slice(last, match.index) })
    mark = match[1]!.toLowerCase()
    last = match.index + match[0].length
  }
  pieces.push({ mark, text: sentence.slice(last) })
  // "to the processor 914, where it is decoded, and is then amplified by ...": an aside about
  // where the flow is; the main statement goes on after it.
  for (let k = 1; k < pieces.length; k++) {
    const piece = pieces[k]!
    const aside = piece.mark === 'where' ? ASIDE_THEN_MAIN.exec(piece.text) : null
    if (!aside || pieces[k - 1]!.mark !== '') continue
    pieces[k - 1]!.text = `${pieces[k - 1]!.text.trimEnd()}${piece.text.slice(aside[1]!.length)}`
    pieces.splice(k, 1)
  }
  const kept = pieces.filter((p) => p.mark === '' || p.mark === 'wherein' || p.mark === 'where')
  return {
    main: kept[0]?.mark === '' ? kept[0].text.trim() : '',
    clauses: kept.filter((p) => p.mark !== '').map((p) => p.text.trim()),
  }
}

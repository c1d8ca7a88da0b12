/**
 * Prompt parser, stage 1: the prompt as plain text the readers can rely on. Typographic quotes,
 * dashes, arrows and spaces become ASCII ("→" is "->"), abbreviations lose the period that would
 * end a sentence, claim references ("of claim 1") go, a prompt typed in capitals is lowercased,
 * and a leading request ("Draw a block diagram of ...") is taken off. Parenthesised numerals stay
 * as written: "(1202)" after a step marks the step, so each reader unwraps them its own way. The
 * figure's legend is read here, before "FIG. 4" loses its period.
 */

/** The cleaned prompt, and whether it asked for a kind of figure by name. */
export interface NormalizedPrompt {
  text: string
  /** "flowchart", "flow diagram", "process flow" appears. */
  asksFlowchart: boolean
  /** "block diagram", "system diagram", "architecture diagram", "schematic" appears. */
  asksBlockDiagram: boolean
  /** "FIG. 4" when the prompt names the figure it describes ("FIG. 4 is a flowchart of ..."). */
  figureLabel?: string
  /** A request naming its subject was taken off ("Draw a flowchart for approving a report."). */
  about: boolean
}

const FIGURE_NAME = /\bfig(?:ure)?s?\.?\s*([1-9]\d{0,2})\s?([A-Z])?(?![\w-])/gi
const FIGURE_SUBJECT =
  /^\s*(?:is|shows|illustrates|depicts|represents|provides|presents|sets\s+forth|describes)\b/i

/**
 * The legend of the figure a prompt describes: the FIG. that is the subject of a sentence ("FIG. 4
 * is ...", "Figure 4 shows ..."), else the first one named, else none.
 */
export function figureLabelOf(prompt: string): string | undefined {
  let first: string | undefined
  for (const match of prompt.matchAll(FIGURE_NAME)) {
    const label = `FIG. ${match[1]}${match[2]?.toUpperCase() ?? ''}`
    first ??= label
    if (FIGURE_SUBJECT.test(prompt.slice(match.index + match[0].length))) return label
  }
  return first
}

const ASK_FLOWCHART =
  /\bflow\s?charts?\b|\bflow\s+diagrams?\b|\bprocess\s+flows?\b|\blogic\s+flow\b/i
const ASK_BLOCK_DIAGRAM =
  /\bblock\s+diagrams?\b|\bsystem\s+diagrams?\b|\barchitecture\s+diagrams?\b|\bschematic\b/i

const REQUEST_VERB =
  /^(?:(?:hey|hi|hello|ok|okay|so|now)\b[,!.]?\s+)?(?:please\s+|kindly\s+)?(?:can\s+you\s+|could\s+you\s+)?(?:draw|create|generate|make|render|produce|show|illustrate|depict|sketch|design|prepare|give\s+me|i\s+need|i\s+want|we\s+need)\s+(?:me\s+|us\s+)?/i
const FIGURE_NOUN =
  /^(?:(?:a|an|the)\s+)?(?:(?:simple|clean|patent[- ]style|patent|high[- ]level|detailed|black[- ]and[- ]white|schematic)\s+){0,3}(?:block\s+diagram|flow\s*chart|flow\s+diagram|process\s+flow(?:\s+diagram|\s+chart)?|logic\s+flow|system\s+diagram|architecture\s+diagram|functional\s+diagram|schematic(?:\s+diagram)?|figure|diagram|drawing|illustration|sketch|chart|picture|image|rendering)(?:\s+(?:of|for|showing|illustrating|depicting|describing|representing|with)\b|\s+(?:that|which)\s+(?:shows|illustrates|depicts)\b|\s*[:,.-]|\s*$)\s*/i
const FIGURE_REFERENCE =
  /^(?:(?:referring|turning)\s+(?:now\s+)?to\s+|with\s+reference\s+to\s+|as\s+(?:shown|illustrated|depicted)\s+in\s+|in\s+)?figs?\s*\d+[a-z]?\s*(?:,|is|shows|illustrates|depicts|represents|provides|presents)?\s+(?:an?\s+|the\s+)?(?:exemplary\s+|example\s+)?/i

/**
 * Takes a request for a figure off the start of `text`: "Draw a block diagram of", "FIG 1 is a
 * flowchart illustrating", "A drawing of". Used on the prompt and on each system sentence.
 */
export function stripRequest(text: string): string {
  return stripRequestOf(text).rest
}

/** "1. A method ...", "Claim 1. A system ...", "What is claimed is: 1. An apparatus ...". */
const CLAIM_NUMBER =
  /^(?:what\s+is\s+claimed\s+is\s*:?\s*|i\s+claim\s*:?\s*|we\s+claim\s*:?\s*)?(?:claim\s+)?\d{1,3}\s*[.)]\s+(?=(?:a|an|the|one\s+or\s+more)\s+(?:[\w-]+\s+){0,8}?(?:method|process|procedure|system|apparatus|device|medium|media|machine|circuit|assembly|composition|kit|network|platform|computer|controller)\b)/i

const ABOUT = /\b(?:of|for|showing|illustrating|depicting|describing|representing)\s*$/i

function stripRequestOf(text: string): { rest: string; about: boolean } {
  let about = false
  let rest = text
  for (let pass = 0; pass < 3; pass++) {
    const before = rest
    rest = rest.replace(REQUEST_VERB, '').replace(FIGURE_REFERENCE, '').replace(CLAIM_NUMBER, '')
    const noun = FIGURE_NOUN.exec(rest)
    if (noun) {
      if (ABOUT.test(noun[0].trim())) about = true
      rest = rest.slice(noun[0].length)
    }
    if (rest === before) break
  }
  return { rest: rest.replace(/^[\s:,.;-]+/, ''), about }
}

/**
 * Cleans `prompt` (see the module header). Newlines are kept, since a list may be one item a line.
 * @returns the text, possibly empty, and the figure kind it asked for
 */
export function normalizePrompt(prompt: string): NormalizedPrompt {
  const text = prompt
    .replace(/\r\n?/g, '\n')
    .replace(/[\u200B-\u200D\uFEFF]/g, '')
    .replace(/[\u2018\u2019\u201A\u201B\u2032`]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033"]/g, '')
    .replace(/\u2026/g, '...')
    .replace(/[\u2010-\u2013\u2212]/g, '-')
    .replace(/[\u2014\u2015]/g, ', ')
    .replace(/<=>|[\u2194\u21D4\u27F7]/g, ' <-> ')
    .replace(/=>|[\u2192\u21D2\u27F6]/g, ' -> ')
    .replace(/[\u2190\u21D0\u27F5]/g, ' <- ')
    .replace(/[\t\f\v\u00A0\u2000-\u200A\u202F\u205F\u3000]/g, ' ')
    // Runs of spaces and blank lines go first: a pattern that starts with \s* would rescan a
    // long run at every position.
    .replace(/ {2,}/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/\*\*|__|^#+ ?/gm, '')
    // Abbreviations whose period would end a sentence.
    .replace(/\b(e)\.g\.|\b(i)\.e\./gi, (_, e, i) => (e ? `${e}g` : `${i}e`))
    .replace(/\b(figs?|nos?|ref|refs)\.(?= ?\d)/gi, '$1')
    .replace(/\b(etc|vs|approx|cf|inc|ltd|al)\.(?= [a-z,;])/g, '$1')
    // Claim references say nothing about the figure.
    .replace(
      /,? ?\b(?:of|according to|as (?:claimed|recited|defined) in) claims? \d+(?: ?(?:or|and|-|to) ?\d+)?/gi,
      '',
    )
    // "the can bus" typed in lowercase is the CAN bus, not the modal "can".
    .replace(/\bcan(?=[\s-]+(?:bus|network|interface|transceiver|controller)\b)/gi, 'CAN')
    // Single quotes around a word or two are quotation marks, not part of a label.
    .replace(/(^|[\s(])'([^'\n]{1,60})'(?=[\s.,;:)]|$)/g, '$1$2')
    .replace(/ {2,}/g, ' ')
    .trim()
  // A prompt typed in capitals is read in lowercase, so that only real acronyms stay capitals.
  let capitals = 0
  let small = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 65 && code <= 90) capitals++
    else if (code >= 97 && code <= 122) small++
  }
  const cased = capitals > 1.5 * small ? text.toLowerCase() : text
  const figureLabel = figureLabelOf(prompt)
  const stripped = stripRequestOf(cased)
  return {
    text: stripped.rest,
    about: stripped.about,
    asksFlowchart: ASK_FLOWCHART.test(text),
    asksBlockDiagram: ASK_BLOCK_DIAGRAM.test(text),
    ...(figureLabel ? { figureLabel } : {}),
  }
}

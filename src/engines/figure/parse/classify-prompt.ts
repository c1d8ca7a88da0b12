/**
 * Prompt parser: which figure a prompt asks for. Before reading: a flowchart (a method preamble,
 * "flowchart", step numbers, verb-led lists), a view of an object ("perspective view of a
 * chair"), or otherwise a block diagram to try. After reading a block diagram: whether its parts
 * are functional blocks (processor, memory, controller, ...) or the physical pieces of an object
 * (wheel, handle, hinge, lid, ...), since "a device comprising a housing, a hinge and a lid" is
 * a drawing of a thing, while "a device comprising a processor, a memory and a display" is a
 * system.
 */

import { isGerund, SEQUENCE_OPENER, STEP_VERBS } from './grammar-words'
import type { NormalizedPrompt } from './normalize-prompt'
import { FUNCTIONAL_NOUNS, METHOD_HEADS, PHYSICAL_NOUNS, SYSTEM_HEADS } from './noun-classes'
import { readNounPhrase } from './read-noun-phrase'
import type { SystemDraft } from './read-system'
import { tokenize } from './tokenize'

/** The figure a prompt asks for, before it is read. */
export type PromptKind = 'method' | 'system' | 'object'

/** What a read block diagram turned out to be. */
export type SystemVerdict = 'diagram' | 'object' | 'empty'

const VIEW =
  /\b(?:perspective|isometric|orthographic|exploded|elevation(?:al)?|cross[- ]?sectional|sectional|side|top|front|rear|back|bottom|plan|detail(?:ed)?|partial|close-up|three[- ]dimensional|3-?d)\s+views?\b|\bcross[- ]?sections?\s+of\b|(?<!\bin\s)\bviews?\s+of\b|\bviewed\s+from\b/i
const OBJECT_CUES =
  /\bmade\s+(?:of|from)\b|\bformed\s+(?:of|from)\b|\b\w+-shaped\b|\bshaped\b|\bshape\b|\bmaterials?\b|\b(?:wooden|plastic|metal(?:lic)?|steel|alumin(?:i)?um|rubber|leather|fabric|cotton|ceramic|cylindrical|rectangular|circular|spherical|curved|rounded|hollow|transparent)\b/gi
const SYSTEM_WORDS =
  /\b(?:system|apparatus|circuit|platform|architecture|block\s+diagram|schematic|module|processor|controller|server|database|network|memory|interface|sensor|engine|bus|logic|coupled\s+to|connected\s+to|communicat\w*)\b/i
const MARKER = /^(?:\(?\d{1,2}[.)]|\(?[a-h]\)|[-*•])\s*/
const STEP_NUMBER = /\bsteps?\s+S?\d{1,5}\b/i
const DECIDES =
  /\b(?:determin\w*|check\w*|decid\w*|verif\w*)\s+(?:\w+\s+){0,2}?whether\b|\bin\s+either\s+case\b|\bif\s+not\b|\botherwise\b/i
const SEQUENCE_WORDS = /\b(?:then|next|finally|thereafter|subsequently)\b/gi
const DIAGRAM_WORDS =
  /\b(?:block\s+diagram|comprising|comprises|includes|coupled\s+to|connected\s+to|communicates\s+with|in\s+communication\s+with)\b/i
const OPERATIONS_CLAIM =
  /\b(?:perform|performing|execute|executing|carry\s+out)\s+(?:a\s+method|a\s+process|operations|steps|acts)\s+(?:comprising|including|that\s+(?:comprise|include))\b/i
/** Step markers of other forms: "At 402,", "S1302", "1102:", "(step 1002)". Two make a method. */
const STEP_MARKERS =
  /(?:^|[.;:\n]\s*)(?:at|in)\s+\d{2,5}[a-z]?\s*,|\b\w+(?:ed|en)\s+\(\d{2,5}\)|\bS\s?\d{3,5}\b|(?:^|\n)\s*\d{2,5}[a-z]?\s*:|\(\s*(?:step|block|operation)\s+\d{1,5}\s*\)/gi
const BRANCH_OPENERS = new Set(['if', 'otherwise', 'else', 'when', 'whenever', 'unless'])

/** The head noun of the prompt's first noun phrase ("A computer-implemented method" → method). */
function firstHead(text: string): string {
  const tokens = tokenize(text.slice(0, 400))
  return readNounPhrase(tokens, 0)?.head ?? ''
}

/**
 * At least two steps led by a verb or a sequence word, or a "step 202"; with `bare` (the prompt
 * opens with no noun phrase), questions and "if ..." sentences count as steps too.
 */
export function hasStepCues(text: string, bare = false): boolean {
  if (STEP_NUMBER.test(text)) return true
  if ((text.match(STEP_MARKERS)?.length ?? 0) >= 2) return true
  let verbLed = 0
  let sequenced = 0
  for (const raw of text.split(/[;:\n]|->|[.!](?:\s+|$)|(?<=\?)\s+/)) {
    const piece = raw
      .trim()
      .replace(MARKER, '')
      .replace(/^(?:and|or)\s+/i, '')
    if (SEQUENCE_OPENER.test(piece)) sequenced++
    const first = /^[A-Za-z]+/.exec(piece.replace(SEQUENCE_OPENER, ''))?.[0].toLowerCase() ?? ''
    const branchy = bare && (BRANCH_OPENERS.has(first) || piece.endsWith('?'))
    // "capture box goes to the stream pc": a name whose first word could lead a step, then its verb.
    const named = SUBJECT_THEN_VERB.test(piece)
    if (((isGerund(first) || STEP_VERBS.has(first)) && !named) || branchy) verbLed++
    if (verbLed >= 2 || sequenced >= 2) return true
  }
  return false
}

/** "process 1700", "method 200", "routine 1400" written with its numeral. */
const NUMBERED_METHOD =
  /\b(?:method|process|procedure|routine|algorithm)\s+\(?\d{2,5}\)?(?!\s*[a-z]\b)/i

/** A short name, then a verb that says how it links ("capture box goes to", "stream pc talks to"). */
const SUBJECT_THEN_VERB =
  /^[a-z][\w-]*(?:\s+[a-z][\w-]*){1,2}\s+(?:goes|talks|sends|feeds|pushes|drives|powers|reports|connects|plugs|streams|outputs|forwards)\b/i

/** "? no ->", "yes ->": a decision's branches typed as arrows. */
const ARROW_BRANCHES = /(?:^|[.;:?!]\s*)(?:yes|no)\s*->/im

/**
 * Whether the prompt opens with a chain of three or more short names joined by "->", at most a
 * third of them led by a verb (a chain of steps is: "power on -> wait for gps lock").
 */
function nounChain(text: string): boolean {
  const first = text.split(/[.;\n](?:\s|$)/)[0] ?? ''
  const links = first.split('->').map((piece) => piece.trim())
  if (links.length < 3) return false
  // "sample cuvette" is a name, though "sample" may lead a step: most links decide.
  const steps = links.filter((piece) => {
    const word = /^[A-Za-z][\w-]*/.exec(piece)?.[0].toLowerCase() ?? ''
    return STEP_VERBS.has(word) || isGerund(word)
  })
  return (
    links.every((piece) => /^[A-Za-z]/.test(piece) && piece.split(/\s+/).length <= 4) &&
    steps.length * 3 <= links.length
  )
}

/** Decides what to read a normalized prompt as (see the module header). */
export function classifyPrompt(prompt: NormalizedPrompt): PromptKind {
  const head = firstHead(prompt.text)
  if (prompt.asksFlowchart || METHOD_HEADS.has(head)) return 'method'
  // "a draw-off control process 1700 for ...": a numbered method or process is a flowchart.
  const first = prompt.text.split(/[.;:](?:\s|$)/)[0] ?? ''
  if (!prompt.asksBlockDiagram && NUMBERED_METHOD.test(first)) return 'method'
  // "got 8+ sats? no -> keep waiting. yes -> arm motors": branches typed with arrows.
  if (!prompt.asksBlockDiagram && ARROW_BRANCHES.test(prompt.text)) return 'method'
  // "xenon lamp -> chopper -> monochromator -> photodiode": things in a chain, not steps.
  if (!prompt.asksFlowchart && nounChain(prompt.text)) return 'system'
  if (!prompt.asksBlockDiagram && (prompt.text.match(STEP_MARKERS)?.length ?? 0) >= 2)
    return 'method'
  // "A non-transitory medium storing instructions ... operations comprising: receiving ..."
  if (OPERATIONS_CLAIM.test(prompt.text)) return 'method'
  // Prose that decides and goes on ("determines whether ...", "If ..., ...", "then", "in either
  // case") with no word of a block diagram is a method described step by step.
  if (!prompt.asksBlockDiagram && !DIAGRAM_WORDS.test(prompt.text)) {
    const flow =
      (DECIDES.test(prompt.text) ? 2 : 0) +
      Math.min(3, prompt.text.match(SEQUENCE_WORDS)?.length ?? 0)
    if (flow >= 3) return 'method'
  }
  if (VIEW.test(prompt.text) && !prompt.asksBlockDiagram) return 'object'
  if (prompt.asksBlockDiagram || SYSTEM_HEADS.has(head) || FUNCTIONAL_NOUNS.has(head)) {
    return 'system'
  }
  return hasStepCues(prompt.text, head === '') ? 'method' : 'system'
}

/**
 * Judges a read block diagram: a diagram when something flows between its parts or functional
 * parts are the majority; an object when physical parts (and words like "made of", "curved")
 * outweigh them; empty when no part was read.
 */
export function judgeSystem(draft: SystemDraft, text: string): SystemVerdict {
  if (draft.parts.length === 0) return 'empty'
  let functional = 0
  let physical = 0
  for (const part of draft.parts) {
    if (PHYSICAL_NOUNS.has(part.head)) physical++
    else if (
      SYSTEM_HEADS.has(part.head) ||
      FUNCTIONAL_NOUNS.has(part.head) ||
      part.keys.some((key) => FUNCTIONAL_NOUNS.has(key))
    ) {
      functional++
    }
  }
  physical += Math.min(3, text.match(OBJECT_CUES)?.length ?? 0)
  if (draft.directed > 0) return 'diagram'
  if (physical > functional) return 'object'
  if (functional === 0 && draft.links.length === 0 && !SYSTEM_WORDS.test(text)) return 'object'
  return 'diagram'
}

/** Whether a prompt with nothing readable still talks about a system (so: no_structure). */
export function mentionsSystem(text: string): boolean {
  return SYSTEM_WORDS.test(text)
}

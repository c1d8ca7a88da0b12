/**
 * The faithfulness checker's net for flowcharts: the clauses of a prompt no drawn step says (a step
 * the reader passed over) are named in a warning, so nothing the prompt writes disappears without
 * a word. Titles, headings, background prose and where the flow goes are not steps.
 */

import type { Figure } from '../figure'
import { contentWords, stem } from './words'

/** Words that join steps rather than say one ("Either way, we calculate ..."). */
const CONNECTIVES = new Set(
  'either way also finally first next otherwise regardless we you case cases then'.split(' '),
)

/** A clause that only sends the flow to a numbered step ("the process continues at 2922"). */
const GOES_TO =
  /\b(?:returns?|returning|continues?|continuing|proceeds?|proceeding|goes|going|loops?|looping|jumps?|branches)\s+(?:back\s+)?(?:directly\s+)?(?:to|at|with)\s+(?:(?:step|block|operation)\s+)?(?:S\s?)?\d{2,5}[a-z]?\s*$/i

/** Clause openers that make a sentence background rather than a step. */
const BACKGROUND =
  /^(?:fig(?:ure)?s?\.?\s*\d|as\s+is\s+(?:well\s+)?known|it\s+(?:should|will|is|may)|in\s+(?:some|other|certain|various)\s+embodiments|for\s+(?:example|instance)|(?:a|an|the)\s+(?:\w+\s+){0,4}?(?:method|process|flowchart|procedure)\s+(?:\d+\s+)?(?:then\s+)?(?:ends|terminates|stops|concludes|finishes|of|for|is|performed|executed|according|comprising|that|which|,|$))/i

/** A first sentence that names the flow ("3d printer startup, roughly", "grain dryer cycle"). */
const HEADING =
  /^(?:it'?s\s+)?(?:the\s+|a\s+|our\s+)?(?:[\w-]+\s+){0,5}?(?:flow|sequence|cycle|startup|start-up|setup|routine|process|method|procedure|run|intake)\b(?:\s+(?:for|of)\s+[^,]{1,60})?(?:,\s*roughly)?\s*\d*$/i

/** "Referring to FIG. 3,", "In a laser powder bed fusion process 2200,": the figure's title. */
const TITLE =
  /^(?:(?:referring|turning)\s+(?:now\s+)?to\s+figs?\.?\s*\d+[a-z]?\s*,\s*|(?:in|for|during)\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,6}?(?:method|process|procedure|routine|workflow)\s+\d+[a-z]?\s*,\s*)/i
/** A clause that only names or introduces the method ("Ticket triage method 2300", "... comprising"). */
const PREAMBLE =
  /^\s*(?:(?:a|an|the)\s+)?(?:[\w-]+\s+){0,8}?(?:method|process|procedure|routine|workflow|flowchart)\s+(?:\d+[a-z]?\s*)?(?:of|for|,|comprising|executed|shown|that|which|according|with|is\s+shown|proceeds\s+as\s+follows|$)|^\s*(?:those\s+skilled|conventional(?:ly)?\b|embodiments?\s+(?:described|disclosed)|a\s+non-transitory)|^\s*(?:the\s+)?(?:method|process|procedure|routine)\s+(?:\d+\s+)?(?:then\s+)?(?:repeats|returns|loops|continues|ends)\b/i
/** Where the flow goes, not a step: "returns to S301", "is performed after step S1308". */
const FLOW_WORDS =
  /\b(?:returns?|returning|goes?|going|go\s+back|loops?|looping|jumps?|skips?|proceeds?|continues?|repeats?|repeating)\s+(?:back\s+)?(?:directly\s+)?(?:to|from|at|with)\s+(?:step\s+|block\s+|operation\s+)?S?\d+[a-z]?\b|\b(?:step|block)\s+S?\d+[a-z]?\s+is\s+performed\s+(?:directly\s+)?after\s+(?:step\s+|block\s+)?S?\d+[a-z]?|\b(?:and|or)\s+directly\s+after\s+step\s+S?\d+[a-z]?|\b(?:the\s+)?(?:method|process|procedure|routine)\s+(?:\d+\s+)?(?:then\s+)?ends\b/gi

/** The words that say a check before its question: "the server checks whether", "determining if". */
const CHECK_OPENER =
  /^.{0,60}?\b(?:determin|check|decid|verif|evaluat|assess|test)\w*\s+(?:again\s+)?(?:whether|if)\s+/i

/**
 * Clauses of a flowchart prompt that no element says (a step the reader passed over): each is
 * named in a warning, so nothing the prompt writes disappears without a word.
 */
export function uncoveredClauses(prompt: string, figure: Figure): string[] {
  const drawn = figure.elements.map((e) => new Set(contentWords(e.label).map(stem)))
  const missed: string[] = []
  const pieces = prompt.split(/(?<=[.;:?!])(?<!\b(?:figs?|no|e\.g|i\.e)\.)\s+|\n+/i)
  for (const [index, raw] of pieces.entries()) {
    const clause = raw.trim().replace(/[.;:]+$/, '')
    // "grain dryer cycle.", "flow for provisioning a new sensor:": the prompt's heading.
    if (index === 0 && (/:\s*$/.test(raw) || HEADING.test(clause))) continue
    // "the server checks whether it matches" is drawn as its question: "IT MATCHES?"; a title
    // before the first step ("In a fusion process 2200, at 2202, ...") and where the flow goes
    // ("the process returns to S301") are drawn by the figure itself.
    const said = clause.replace(TITLE, '').replace(FLOW_WORDS, ' ').replace(CHECK_OPENER, '')
    if (said.trim() === '' || PREAMBLE.test(said)) continue
    const words = contentWords(said.replace(/\(?\b(?:step|block)?\s*S?\d{2,5}[a-z]?\)?/gi, ' '))
      .filter((w) => !CONNECTIVES.has(w.toLowerCase()))
      .map(stem)
      .filter((w) => w.length > 2 && !/^\d/.test(w))
    if (words.length < 3 || BACKGROUND.test(clause) || GOES_TO.test(clause)) continue
    // "hi — need a simple flowchart for our quote flow": a request, not a step.
    if (/\b(?:flowchart|flow\s+chart|block\s+diagram|diagram)\b/i.test(clause)) continue
    // Covered when some element holds most of its words, or its words spread over several.
    const best = Math.max(...drawn.map((d) => words.filter((w) => d.has(w)).length))
    const spread = words.filter((w) => drawn.some((d) => d.has(w))).length
    if (best >= words.length * 0.5 || spread >= words.length * 0.75) continue
    missed.push(clause.length > 120 ? `${clause.slice(0, 117)}...` : clause)
  }
  return missed.length === 0
    ? []
    : [
        `These words of the prompt are not drawn as steps: ${missed.map((m) => `"${m}"`).join('; ')}`,
      ]
}

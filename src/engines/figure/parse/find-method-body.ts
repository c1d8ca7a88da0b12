/**
 * Prompt parser, flowcharts, stage 2: where the steps begin. A method claim opens with a preamble
 * ("A computer-implemented method 200 for authenticating a client, the method comprising:") whose
 * numeral names the whole figure, not a step; the steps follow its colon or "comprising". A
 * preamble sentence with neither ("A method of making tea.") is followed by its steps.
 */

/** The text that holds the steps, and the method's own numeral if the preamble gave one. */
export interface MethodBody {
  body: string
  /** "A method 200": the whole's numeral, drawn with an arrow pointing at the flowchart. */
  numeral?: string
  /** What the whole is called: "METHOD", "PROCESS", "ROUTINE". */
  title?: string
  /** The steps were introduced by a colon or "comprising", so they are a list. */
  listed: boolean
}

const PREAMBLE =
  /^(?:(?:a|an|the|one|our|this|exemplary|example)\s+)*((?:[\w-]+\s+){0,4}?)(method|process|procedure|algorithm|technique|workflow|routine|protocol|flowchart|steps)\b(?:\s+(\d{1,5}[a-z]?|S\d{1,5})\b)?/i
const WHOLE =
  /\b(method|process|procedure|algorithm|technique|workflow|routine|protocol|operation)\s+(\d{2,5}[a-z]?)\b/i
const OPERATIONS =
  /\b(?:operations|steps|acts|functions|a\s+method|a\s+process)\s+(?:comprising|including|that\s+(?:comprise|include))\b\s*:?/i
const HOW_TO = /^how\s+to\b[^:.\n]{0,200}[:.\n]\s*/i
const SENTENCE_END = /[.!?](?:\s|$)|\n/
const OPENERS: readonly RegExp[] = [
  /:/,
  /,\s*(?=(?:at|in)\s+(?:step\s+|block\s+)?(?:S\s?)?\d{2,5}[a-z]?\s*,|(?:step|block)\s+(?:S\s?)?\d{2,5})/i,
  /\b(?:begins|starts|commences)\s+(?:when|once|upon|after|as\s+soon\s+as)\b/i,
  /\b(?:starts|begins|commences|start|begin)\s+(?=(?:at|in)\s+(?:step\s+|block\s+)?(?:S\s?)?\d)/i,
  /\b(?:starts|begins|start|begin)\s+(?:by|with)\b/i,
  /\b(?:comprising|comprises|consisting\s+of|consists\s+of)\b/i,
  /\b(?:including|includes|having|involving|involves)\b/i,
  /\b(?:the\s+)?(?:following\s+)?steps\s+of\b/i,
]
const LEAD_IN =
  /^(?:[\s:;,.]|\bthe\s+following\s+(?:steps|operations|acts)\b|\bthe\s+following\b|\bthe\s+(?:steps|operations|acts)\s+of\b|\b(?:steps|operations|acts)\s+of\b|\bat\s+least\b)+/i

/**
 * A body with no method named: "a warehouse cycle count, please: Select ..." (the steps follow
 * the colon), "approving an expense report. Receive ..." (the first sentence says what the
 * flowchart is about, when a request "for"/"of" was taken off and steps follow it).
 */
function untitled(text: string, about = false): MethodBody {
  const end = SENTENCE_END.exec(text)
  const first = text.slice(0, end?.index ?? text.length)
  const colon = first.indexOf(':')
  if (
    colon > 0 &&
    !/\d\s*$/.test(first.slice(0, colon)) &&
    /[A-Za-z]/.test(first.slice(colon + 1))
  ) {
    return { body: text.slice(colon + 1).trim(), listed: true, title: 'METHOD' }
  }
  if (about && end && /[A-Za-z]{3}/.test(text.slice(end.index + 1))) {
    return { body: text.slice(end.index + end[0].length), listed: false, title: 'METHOD' }
  }
  return { body: text, listed: false, title: 'METHOD' }
}

/** Finds the steps of a method prompt in normalized `text` (see the module header). */
export function findMethodBody(text: string, about = false): MethodBody {
  const howTo = HOW_TO.exec(text)
  if (howTo) return { body: text.slice(howTo[0].length), listed: true, title: 'METHOD' }
  const preamble = PREAMBLE.exec(text)
  if (!preamble) {
    // "A medium storing instructions ... to perform operations comprising: receiving ..."
    const operations = OPERATIONS.exec(text.slice(0, SENTENCE_END.exec(text)?.index ?? text.length))
    // "FIG. 6 illustrates an order fulfilment process 600": the whole named after other words,
    // maybe after a few sentences of background.
    const found = WHOLE.exec(text)
    if (found && found.index > 0) {
      const from = Math.max(
        text.lastIndexOf('. ', found.index) + 2,
        text.lastIndexOf('\n', found.index) + 1,
        0,
      )
      if (from > 1) {
        const rest = findMethodBody(text.slice(from), about)
        return rest
      }
    }
    const whole = WHOLE.exec(text.slice(0, SENTENCE_END.exec(text)?.index ?? text.length))
    const named = whole
      ? { numeral: whole[2]!, title: titleBefore(text, whole.index, whole[1]!) }
      : { title: 'METHOD' }
    if (!operations) {
      if (!whole) return untitled(text, about)
      const end = SENTENCE_END.exec(text)
      const first = text.slice(0, end?.index ?? text.length)
      for (const opener of OPENERS) {
        const match = opener.exec(first.slice(whole.index + whole[0].length))
        if (match) {
          const from = whole.index + whole[0].length + match.index + match[0].length
          return { body: text.slice(from).replace(LEAD_IN, ''), listed: true, ...named }
        }
      }
      return {
        body: text.slice(end ? end.index : text.length).replace(LEAD_IN, ''),
        listed: false,
        ...named,
      }
    }
    return {
      body: text.slice(operations.index + operations[0].length).replace(LEAD_IN, ''),
      listed: true,
      ...named,
    }
  }
  const head = preamble[2]!
  const generic = head.toLowerCase() === 'steps' || head.toLowerCase() === 'flowchart'
  const from = preamble[0].length
  const sentenceEnd = SENTENCE_END.exec(text.slice(from))
  const firstEnd = sentenceEnd ? from + sentenceEnd.index : text.length
  const first = text.slice(from, firstEnd)
  // "FIG. 9 is a flowchart of an example inspection method 900": the whole is the method.
  const named = generic && !preamble[3] ? WHOLE.exec(first) : null
  const numeral = preamble[3] ?? named?.[2]
  // "A login method 1000": the whole is called what the prompt calls it.
  const title = named
    ? titleBefore(first, named.index, named[1]!)
    : generic
      ? 'METHOD'
      : `${preamble[1]!}${head}`.replace(/\s+/g, ' ').toUpperCase()
  for (const opener of OPENERS) {
    const match = opener.exec(first)
    if (match) {
      const body = text.slice(from + match.index + match[0].length).replace(LEAD_IN, '')
      return { body, listed: true, title, ...(numeral ? { numeral } : {}) }
    }
  }
  const body = text.slice(firstEnd).replace(LEAD_IN, '')
  return { body, listed: false, title, ...(numeral ? { numeral } : {}) }
}

/** Words that end a name read backwards: "illustrates an [order fulfilment] process 600". */
const NAME_STOPS =
  /^(?:a|an|the|of|for|in|on|to|by|with|is|are|shows?|illustrates?|depicts?|describes?|represents?|provides?|performs?|and|or|this|that|which|exemplary|example|fig|figure)$/i

/** The whole's name: its head and the words of its noun phrase before it ("ORDER FULFILMENT PROCESS"). */
function titleBefore(text: string, at: number, head: string): string {
  const words = text
    .slice(Math.max(0, at - 80), at)
    .split(/\s+/)
    .filter(Boolean)
  const name: string[] = []
  for (let k = words.length - 1; k >= 0 && name.length < 4; k--) {
    const word = words[k]!
    if (!/^[A-Za-z][\w-]*$/.test(word) || NAME_STOPS.test(word)) break
    name.unshift(word)
  }
  return [...name, head].join(' ').toUpperCase()
}

/**
 * Object reader, stage 1: the views a prompt asks for ("a perspective view of", "front, rear,
 * left, right, top, bottom and perspective views", "a top plan view", "a side elevation", "an
 * exploded view", "showing hidden lines") and the prompt without those words, so the part reader
 * sees only the object. Input: normalized text; output: views in the order written, the rest.
 */

import type { ObjectView, ViewKind } from '../object-scene'

/** Direction words of a view, as written before "view" or "elevation". */
const VIEW_WORD: Record<string, ViewKind | 'side' | 'plan'> = {
  perspective: 'perspective',
  isometric: 'perspective',
  '3d': 'perspective',
  '3-d': 'perspective',
  'three-dimensional': 'perspective',
  front: 'front',
  frontal: 'front',
  rear: 'rear',
  back: 'rear',
  left: 'left',
  'left-side': 'left',
  right: 'right',
  'right-side': 'right',
  side: 'side',
  top: 'top',
  bottom: 'bottom',
  underside: 'bottom',
  plan: 'plan',
  exploded: 'exploded',
}

const DIRECTION =
  '(?:perspective|isometric|3-?d|three-dimensional|front(?:al)?|rear|back|left(?:[- ]side)?|right(?:[- ]side)?|side|top|bottom|underside|plan|exploded)'
const LIST = String.raw`${DIRECTION}(?:(?:\s*,\s*|\s+|\s*,?\s*(?:and|or)\s+)${DIRECTION})*`
/**
 * "front, rear and perspective views", "a top plan view", "a side elevation", "an exploded
 * perspective view of", with what follows it ("of", "thereof", "showing").
 */
const VIEW_PHRASE = new RegExp(
  String.raw`\b(?:(?:an?|the|one|two|three|four|five|six|seven)\s+)?(${LIST})(?:\s+elevation(?:al)?)?\s+(?:views?|elevations?|drawings?)\b(?:\s+(?:thereof|of\s+(?:it|the\s+same)))?(?:\s+(?:of|showing|illustrating|depicting)\b)?`,
  'gi',
)
/** "a side elevation", "a front elevation" with no "view". */
const ELEVATION_PHRASE = new RegExp(
  String.raw`\b(?:(?:an?|the)\s+)?(${LIST})\s+elevations?\b(?:\s+(?:thereof|of\s+(?:it|the\s+same)))?(?:\s+(?:of|showing)\b)?`,
  'gi',
)
/** "views of a nightstand - front, rear, top and perspective - comprising": a list set apart. */
const SET_APART_LIST = new RegExp(
  String.raw`\s[-–—(]\s*(${DIRECTION}(?:(?:\s*,\s*|\s+|\s*,?\s*(?:and|or)\s+)${DIRECTION})+)\s*[-–—)]`,
  'gi',
)
/** "(shown) in perspective". */
const IN_PERSPECTIVE = /\b(?:(?:shown|drawn|seen)\s+)?in\s+perspective\b/gi
/** Views not drawn as such: a section or a detail is drawn as the view it is cut from. */
const UNDRAWN =
  /\b((?:cross[- ]?)?sectional|section|detail(?:ed)?|partial|close-up|enlarged)\s+views?\b(?:\s+of\b)?/gi
/** "six views", "design patent views": every view of a design patent set. */
const SIX_VIEWS = /\b(?:six|6)\s+(?:orthographic\s+|standard\s+)?views?\b|\bsix-view\b/i
const DESIGN_SET =
  /\bdesign[- ]patent\s+(?:drawing\s+|view\s+)?(?:set|views|sheets|drawings|figures)\b|\bset\s+of\s+design\s+(?:patent\s+)?views\b|\bdesign\s+views\b|\b(?:all\s+)?(?:seven|7)\s+(?:standard\s+)?views\b|\bstandard\s+(?:design(?:[- ]patent)?\s+)?views\b/i
const HIDDEN =
  /\b(?:hidden|broken|dashed|phantom|dotted)\s+(?:lines?|edges?|outlines?)\b|\bin\s+phantom\b|\bshowing\s+(?:the\s+)?hidden\b|\bx-ray\b/i
const NO_HIDDEN = /\b(?:no|without|omit(?:ting)?)\s+(?:the\s+)?(?:hidden|dashed|broken)\b/i
/** What the view words leave behind: "showing hidden lines", "with hidden edges dashed". */
const HIDDEN_PHRASE =
  /[,;]?\s*(?:(?:and|with|showing|including|having)\s+)?(?:the\s+)?(?:hidden|broken|dashed|phantom|dotted)\s+(?:lines?|edges?|outlines?)(?:\s+(?:shown|drawn)(?:\s+(?:dashed|in\s+phantom|as\s+dashed\s+lines))?|\s+dashed)?\b|\bin\s+phantom\b|[,;]?\s*(?:with(?:out)?|no)\s+(?:the\s+)?hidden\s+lines?\b/gi
const FIG_OPENER =
  /\bfig(?:ure)?s?\.?\s*\d{1,3}[A-Z]?(?:\s*(?:-|to|through|and)\s*\d{1,3}[A-Z]?)?\b\s*(?:(?:is|are|shows?|illustrates?|depicts?|represents?|provides?|presents?)\b)?(?:\s*,?\s*respectively\s*,?)?\s*/gi
const DESIGN_ORDER: ViewKind[] = ['perspective', 'front', 'rear', 'left', 'right', 'top', 'bottom']

/** The views asked for and the text without the words that asked. */
export interface ReadViews {
  views: ObjectView[]
  /** The text with view phrases, "FIG. n is" openers and hidden-line requests taken out. */
  text: string
  /** Views asked for that are drawn as another ("a cross-sectional view"), in words. */
  unsupported: string[]
}

/** The view kinds one matched list of direction words names, in order. */
function kindsOf(list: string, plan: boolean): ViewKind[] {
  const words = list
    .toLowerCase()
    .replace(/(left|right)[- ]side/g, '$1-side')
    .split(/\s*,\s*|\s+and\s+|\s+or\s+|\s+/)
    .filter(Boolean)
  const kinds: ViewKind[] = []
  let exploded = false
  for (const word of words) {
    const kind = VIEW_WORD[word]
    if (kind === undefined) continue
    if (kind === 'exploded') exploded = true
    else if (kind === 'plan') {
      if (!words.includes('top') && !words.includes('bottom')) kinds.push('top')
    } else if (kind === 'side') {
      // "a side elevation": one side; "left side view" was joined above.
      if (!words.some((w) => w === 'left' || w === 'right')) kinds.push('right')
    } else if (kind !== 'perspective' || !exploded) kinds.push(kind)
  }
  if (exploded) kinds.unshift('exploded')
  if (kinds.length === 0 && plan) kinds.push('top')
  return kinds
}

/**
 * Reads the views of `text` (see the module header). Views repeated are kept once; "showing
 * hidden lines" anywhere draws every view with hidden lines dashed.
 */
export function readViews(
  text: string,
  /** The prompt as written: normalizing takes "Design" off "Design patent views of ..." as a verb. */
  prompt = text,
): ReadViews {
  const kinds: ViewKind[] = []
  const unsupported: string[] = []
  const add = (kind: ViewKind) => {
    if (!kinds.includes(kind)) kinds.push(kind)
  }
  let rest = text.replace(UNDRAWN, (_, name: string) => {
    unsupported.push(`${name.toLowerCase()} view`)
    return ' '
  })
  // Every match is read in the order written: views and elevations interleave in design sets.
  const found: { at: number; kinds: ViewKind[] }[] = []
  rest = rest.replace(VIEW_PHRASE, (phrase, list: string, at: number) => {
    found.push({ at, kinds: kindsOf(list, /\bplan\b/i.test(phrase)) })
    return ' '
  })
  rest = rest.replace(ELEVATION_PHRASE, (phrase, list: string, at: number) => {
    found.push({ at, kinds: kindsOf(list, /\bplan\b/i.test(phrase)) })
    return ' '
  })
  if (/\bviews\b/i.test(prompt)) {
    rest = rest.replace(SET_APART_LIST, (_, list: string, at: number) => {
      found.push({ at, kinds: kindsOf(list, false) })
      return ' '
    })
  }
  rest = rest.replace(IN_PERSPECTIVE, (_, at: number) => {
    found.push({ at, kinds: ['perspective'] })
    return ' '
  })
  for (const f of found.sort((a, b) => a.at - b.at)) for (const kind of f.kinds) add(kind)
  if (DESIGN_SET.test(text) || DESIGN_SET.test(prompt)) for (const kind of DESIGN_ORDER) add(kind)
  else if (SIX_VIEWS.test(text)) for (const kind of DESIGN_ORDER.slice(1)) add(kind)
  rest = rest.replace(SIX_VIEWS, ' ').replace(DESIGN_SET, ' ')
  const hidden = HIDDEN.test(text) && !NO_HIDDEN.test(text)
  rest = rest
    .replace(HIDDEN_PHRASE, ' ')
    .replace(FIG_OPENER, ' ')
    .replace(/\b(?:thereof|of\s+the\s+same)\b/gi, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
  if (kinds.length === 0) kinds.push('perspective')
  return { views: kinds.slice(0, 8).map((kind) => ({ kind, hidden })), text: rest, unsupported }
}

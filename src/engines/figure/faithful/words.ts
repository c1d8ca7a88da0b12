/**
 * The faithfulness checker's words: stop words, a crude stem and the content words of a text, so
 * a label and the prompt can be compared word by word whatever their inflection.
 */

import type { FigureElement } from '../figure'

/** Words that say nothing of a part or a step. */
const STOP = new Set(
  `a an the said of to in on at by for with from into onto and or is are was were be been being
  it its that this which whether if as than then so not no yes`.split(/\s+/),
)

/** A crude stem, so "receiving" matches "received" and "modules" matches "module". */
export const stem = (word: string) =>
  word
    .toLowerCase()
    .replace(/[^a-z0-9°%µ]/g, '')
    // "boluses" and "buses" are the plurals of "bolus" and "bus".
    .replace(/(us)es$/, '$1')
    .replace(/(?:ational|ations?|ings?|ments?|ness|ers?|ies|ied|ed|es|e|s)$/, '')

/** The words of `text` that say something, lowercase (hyphens and apostrophes split them). */
export const contentWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/[µ\u03bc]/g, 'µ')
    .split(/[^\p{L}\p{N}°%µ'-]+/u)
    .flatMap((w) => w.split(/[-']/))
    .filter((w) => w.length > 1 && !STOP.has(w))

/** How a message names an element: its kind and label. */
export const describe = (e: FigureElement) => `${e.kind} "${e.label}"`

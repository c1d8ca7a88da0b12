/**
 * The object reader of POST /v1/figures: a prompt that describes a thing ("A table 40 having a
 * rectangular top 42 supported by four legs 44") becomes an ObjectDraft: the whole, its parts
 * with their numerals as written, shapes, counts and placements, and the views asked for. The
 * stages run in this order because each needs the one before:
 *   1. normalize-prompt (shared with the diagram reader): plain text, the request taken off, the
 *      FIG. label read;
 *   2. read-views: the views asked for, and the text without them;
 *   3. sentences and their "wherein" clauses, each read by read-parts: the first names the whole
 *      and lists its parts, later ones add parts or say where known parts sit;
 *   4. finish-draft: faces that are no parts dropped, assemblies, shapes, `on` and `where`.
 * Deterministic, never refuses: a part whose shape no word tells is a plain block, named in the
 * warnings.
 */

import { normalizePrompt } from '../../figure/parse/normalize-prompt'
import {
  splitClauses,
  splitSentences,
  stripOpener,
  stripParentheticals,
} from '../../figure/parse/split-sentences'
import { lowerAt, type Token, tokenize } from '../../figure/parse/tokenize'
import { finishDraft } from './finish-draft'
import type { ObjectDraft } from './object-draft'
import { PartBook, readPartPhrase } from './part-book'
import { readCount } from './placement-words'
import { neverPart, type ReadContext } from './read-named'
import { readAfterPart, readList } from './read-parts'
import { readViews } from './read-views'
import { formOfWhole } from './shape-words'

export type * from './object-draft'
export { DRAWABLE_CONFIDENCE, type ObjectSignal, objectSignal } from './object-signal'

/** Longest prompt read, characters; the API allows 10,000. */
const MAX_PROMPT_CHARS = 10_000
/** Tokens looked through for the whole's name in the first clause. */
const WHOLE_WINDOW = 40

/** Words a clause may open with that say nothing about the object. */
const OPENERS = new Set(['and', 'further', 'also', 'then', 'wherein', 'where', 'here', 'moreover'])

/**
 * Unwraps "(12)" numerals; drops claim numbers ("1. A container"), design-patent wording
 * ("Ornamental design for"), "please"; turns "the casing's base" into "the base of the casing".
 */
function clean(text: string): string {
  return text
    .replace(/\(\s*(\d{1,5}[a-z]?'{0,2}(?:\s*[-,]\s*\d{1,5}[a-z]?)*)\s*\)/gi, ' $1 ')
    .replace(/(^|\n)\s*(?:claim\s+)?\d{1,3}\s*[.)]\s+(?=[A-Za-z])/gi, '$1')
    .replace(/\b(?:an?\s+|the\s+)?ornamental\s+design\s+(?:for|of)\b/gi, ' ')
    .replace(/\bdesign\s+patent\s+(?:drawings?\s+|application\s+)?(?:for|of)\b/gi, ' ')
    .replace(/\b(?:please|kindly)\b/gi, ' ')
    .replace(/\b(it|that|there)'s\b/gi, '$1 is')
    .replace(/\b(the|its|a|an)\s+([a-z][\w-]*)'s\s+([a-z][\w-]*)/gi, '$1 $3 of the $2')
    .replace(/ {2,}/g, ' ')
}

/** Reads one clause: the first names the whole; later ones list or place parts. */
function readClause(ctx: ReadContext, tokens: readonly Token[]): void {
  let i = 0
  while (OPENERS.has(lowerAt(tokens, i)) || lowerAt(tokens, i) === ',') i++
  const end = tokens.length
  const { book } = ctx
  if (!book.hasWhole) {
    for (let k = i; k < Math.min(end, i + WHOLE_WINDOW); k++) {
      if (tokens[k]!.kind === 'punct') continue
      // "Four legs 44 ..." first: no whole is named.
      if (readCount(tokens, k)?.value !== undefined) break
      const phrase = readPartPhrase(tokens, k, end)
      if (!phrase) continue
      const named =
        phrase.determiner === 'indefinite' ||
        phrase.numeral !== undefined ||
        formOfWhole(phrase.head) !== undefined
      if (!named || neverPart(phrase.head)) {
        k = phrase.end - 1
        continue
      }
      book.setWhole(phrase)
      const whole = book.whole
      const rest = readAfterPart(ctx, tokens, phrase.end, end, [whole], whole.id)
      if (rest < end) readList(ctx, tokens, rest, end, whole.id)
      return
    }
  }
  readList(ctx, tokens, i, end, book.whole.id)
}

/**
 * Reads an object prompt (see the module header).
 * @param prompt the user's prompt; past 10,000 characters the rest is not read
 * @returns the draft, never null: a prompt that names nothing gives one plain block "OBJECT"
 * @example
 * readObject('A table 40 having a rectangular top 42 supported by four legs 44')
 * // → { whole: 'table', parts: [TABLE 40 (assembly), TOP 42 (plate, on legs),
 * //   LEGS 44 (box, count 4)], views: [{ kind: 'perspective', hidden: false }], ... }
 */
export function readObject(prompt: string): ObjectDraft {
  const normalized = normalizePrompt(prompt.slice(0, MAX_PROMPT_CHARS))
  const views = readViews(normalized.text, prompt)
  const ctx: ReadContext = { book: new PartBook(), times: 1, perEach: new WeakSet() }
  const warnings: string[] = []
  for (const sentence of splitSentences(clean(views.text))) {
    const { main, clauses } = splitClauses(stripOpener(sentence))
    for (const clause of [main, ...clauses]) {
      const tokens = tokenize(stripParentheticals(clause))
      if (tokens.length > 0) readClause(ctx, tokens)
    }
  }
  for (const view of views.unsupported)
    warnings.push(`A ${view} is drawn as the view it is cut from`)
  const parts = finishDraft(ctx.book, warnings)
  return {
    label: normalized.figureLabel ?? 'FIG. 1',
    whole: parts[0]!.id,
    parts,
    views: views.views,
    warnings,
  }
}

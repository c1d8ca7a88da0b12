/**
 * Object reader, a verdict: whether the part drafter can draw a prompt as an object, with a
 * confidence. The diagram reader's classifier (classify-prompt) already says a prompt is about an
 * object; this says how much of it the object reader understood: shapes it knows, placements it
 * read, views asked for, and no computing blocks ("a processor") among the parts.
 */

import { classifyPrompt, judgeSystem } from '../../figure/parse/classify-prompt'
import { normalizePrompt } from '../../figure/parse/normalize-prompt'
import { FUNCTIONAL_NOUNS, PHYSICAL_NOUNS } from '../../figure/parse/noun-classes'
import { readSystem } from '../../figure/parse/read-system'
import type { ObjectDraft } from './object-draft'

/** What the object reader makes of a prompt. */
export interface ObjectSignal {
  /** Whether to draw it as an object (confidence at least DRAWABLE_CONFIDENCE). */
  drawable: boolean
  /** 0..1: how sure the reader is that the prompt is an object it read well. */
  confidence: number
  /** Why, in words, for logs and tests. */
  reasons: string[]
}

/** Confidence from which a prompt is drawn as an object. */
export const DRAWABLE_CONFIDENCE = 0.5

/** Nouns that are computing blocks even where the object vocabulary has a word for them. */
const isFunctional = (head: string) => FUNCTIONAL_NOUNS.has(head) && !PHYSICAL_NOUNS.has(head)

/**
 * Judges `draft`, read from `prompt` (see the module header): the classifier's kind gives 0.4
 * (object), 0.3 (a system whose parts the diagram reader judges physical), 0.15 (any other
 * system) or 0 (method); the share of parts with a known shape up to 0.4;
 * placements read 0.1; views asked for 0.1; the share of computing blocks is taken off.
 */
export function objectSignal(prompt: string, draft: ObjectDraft): ObjectSignal {
  const reasons: string[] = []
  const normalized = normalizePrompt(prompt)
  const kind = classifyPrompt(normalized)
  // "system" is only the classifier's default; the diagram reader's verdict on the parts it read
  // tells a thing made of physical pieces (a vise, a valve) from a block diagram.
  const physical =
    kind === 'system' && judgeSystem(readSystem(normalized.text), normalized.text) === 'object'
  let confidence = kind === 'object' ? 0.4 : physical ? 0.3 : kind === 'system' ? 0.15 : 0
  reasons.push(`the diagram classifier reads a ${kind}${physical ? ' of physical parts' : ''}`)
  const parts = draft.parts.filter((p) => p.shape !== 'assembly')
  if (parts.length > 0) {
    const known = parts.filter((p) => p.shapeKnown).length / parts.length
    confidence += 0.4 * known
    reasons.push(`${Math.round(known * 100)}% of the parts have a known shape`)
    const functional = parts.filter((p) => isFunctional(p.head)).length / parts.length
    if (functional > 0) {
      confidence -= 0.6 * functional
      reasons.push(`${Math.round(functional * 100)}% of the parts are computing blocks`)
    }
  }
  if (parts.some((p) => p.relations.length > 0)) {
    confidence += 0.1
    reasons.push('placements were read')
  }
  const asked = draft.views.length > 1 || draft.views[0]?.kind !== 'perspective'
  if (asked || /\b(?:perspective|elevation|plan\s+view)\b/i.test(prompt)) {
    confidence += 0.1
    reasons.push('views were asked for')
  }
  confidence = Math.max(0, Math.min(1, confidence))
  return { drawable: confidence >= DRAWABLE_CONFIDENCE, confidence, reasons }
}

/**
 * Prompt parser, system diagrams: arrow notation, "User -> Web server -> Database" ("→", "=>"
 * and "<->" too; normalizePrompt writes them as "->" and "<->"). Each name must read as a noun
 * phrase; it becomes a part (found again by its words), and each arrow a link along the chain.
 */

import type { LinkClause, PartRef } from './read-links'
import { readNounPhrase } from './read-noun-phrase'
import { tokenize } from './tokenize'

const ARROW = /\s*(<->|->|<-)\s*/

/**
 * Reads "A -> B <-> C" into link clauses.
 * @returns null unless the text has an arrow and every name between arrows is a noun phrase
 */
export function readArrowChain(text: string): LinkClause[] | null {
  if (!ARROW.test(text)) return null
  const pieces = text.split(ARROW)
  const ends: PartRef[] = []
  for (let k = 0; k < pieces.length; k += 2) {
    const tokens = tokenize(pieces[k]!)
    const phrase = readNounPhrase(tokens, 0)
    if (!phrase || phrase.end < tokens.filter((t) => t.kind !== 'punct').length) return null
    ends.push({ kind: 'phrase', phrase })
  }
  const clauses: LinkClause[] = []
  for (let k = 1; k < pieces.length; k += 2) {
    const from = ends[(k - 1) / 2]!
    const to = ends[(k + 1) / 2]!
    const arrow = pieces[k]
    if (arrow === '<-') clauses.push({ from: [to], to: [from], arrow: 'forward' })
    else clauses.push({ from: [from], to: [to], arrow: arrow === '<->' ? 'both' : 'forward' })
  }
  return clauses
}

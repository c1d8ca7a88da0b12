/**
 * Prompt parser, system diagrams: arrow notation, "User -> Web server -> Database" ("→", "=>"
 * and "<->" too; normalizePrompt writes them as "->" and "<->"). Chains are separated by ";"; the
 * name before the first arrow is the last noun phrase before it ("..., yet: pulser -> switch"),
 * every other name the first noun phrase after its arrow. "dash camera 400, containing: A -> B"
 * puts the chain's parts inside the dash camera. Each arrow becomes a link along its chain.
 */

import type { LinkClause, PartRef } from './read-links'
import { type NounPhrase, readNounPhrase } from './read-noun-phrase'
import { tokenize } from './tokenize'

const ARROW = /\s*(<->|->|<-)\s*/
const CONTAINS =
  /^(.*?\S)\s*,?\s*(?:comprising|comprises|containing|contains|including|includes|having|has|with|consisting\s+of)\s*:\s*/i
/** "Please draw ..., no reference numerals yet: a -> b": what comes before the colon is talk. */
const PREFACE = /^[^:]*:\s*(?=[^:]*(?:->|<-))/

/** Arrow chains, the parts they name, and the part they are inside, if one is named. */
export interface ArrowChains {
  clauses: LinkClause[]
  members: NounPhrase[]
  parent?: NounPhrase
  /** Statements between the chains that hold no arrow ("system controller controls pulser"). */
  statements: string[]
}

/** Every noun phrase of `text`, in order. */
function phrasesOf(text: string): NounPhrase[] {
  const tokens = tokenize(text)
  const phrases: NounPhrase[] = []
  for (let k = 0; k < tokens.length; ) {
    const phrase = readNounPhrase(tokens, k)
    if (phrase && phrase.end > k) {
      phrases.push(phrase)
      k = phrase.end
    } else k++
  }
  return phrases
}

/**
 * Reads the arrow chains of a statement (see the module header).
 * @returns null unless the text has an arrow with a name on both sides of each
 */
export function readArrowChain(text: string): ArrowChains | null {
  if (!ARROW.test(text)) return null
  let rest = text
  let parent: NounPhrase | undefined
  const head = CONTAINS.exec(rest)
  if (head && !ARROW.test(head[1]!)) {
    parent = phrasesOf(head[1]!).at(-1)
    rest = rest.slice(head[0].length)
  } else {
    const preface = PREFACE.exec(rest)
    if (preface) rest = rest.slice(preface[0].length)
  }
  const clauses: LinkClause[] = []
  const members: NounPhrase[] = []
  const statements: string[] = []
  for (const chain of rest.split(/;\s*/)) {
    if (!ARROW.test(chain)) {
      if (/[A-Za-z]/.test(chain)) statements.push(chain)
      continue
    }
    const pieces = chain.split(ARROW)
    const ends: PartRef[] = []
    for (let k = 0; k < pieces.length; k += 2) {
      const found = phrasesOf(pieces[k]!)
      const phrase = k === 0 ? found.at(-1) : found[0]
      if (!phrase) return null
      ends.push({ kind: 'phrase', phrase })
      members.push(phrase)
    }
    for (let k = 1; k < pieces.length; k += 2) {
      const from = ends[(k - 1) / 2]!
      const to = ends[(k + 1) / 2]!
      const arrow = pieces[k]
      if (arrow === '<-') clauses.push({ from: [to], to: [from], arrow: 'forward' })
      else clauses.push({ from: [from], to: [to], arrow: arrow === '<->' ? 'both' : 'forward' })
    }
  }
  if (clauses.length === 0) return null
  return { clauses, members, statements, ...(parent ? { parent } : {}) }
}

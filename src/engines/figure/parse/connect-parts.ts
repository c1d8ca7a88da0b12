/**
 * Prompt parser, system diagrams, last stage: link clauses become links between parts. Each end
 * is resolved against the parts known when its clause was read (so "the sensor" means the latest
 * sensor before it); a part named only here ("communicates with a database 130") is added at the
 * top level. A "via" part sits between the ends; links between a part and a part that contains
 * it are dropped, since the drawing already shows the containment.
 */

import type { FigureConnection as FigureLink } from '../figure'
import { LinkSet } from './merge-links'
import { GENERIC_NOUNS, NON_PART_NOUNS } from './noun-classes'
import type { DraftPart, PartRegistry } from './part-registry'
import type { LinkClause, PartRef } from './read-links'
import { isPlausiblePart } from './read-noun-phrase'

/** A link clause and how many parts existed when it was read. */
export interface PendingClause {
  clause: LinkClause
  before: number
}

/** The links of a system diagram, and how many say which way something flows. */
export interface Connections {
  links: FigureLink[]
  /** Links from communicating, sending or controlling verbs (not mere coupling). */
  directed: number
}

function resolve(
  registry: PartRegistry,
  ref: PartRef,
  before: number,
  numbered: boolean,
): DraftPart[] {
  if (ref.kind === 'part') return [ref.part]
  const { phrase } = ref
  if (NON_PART_NOUNS.has(phrase.head) && phrase.numeral === undefined && !ref.asPart) {
    // "the grid connection", once drawn as a part, is that part.
    const drawn = registry.find(phrase, before)
    return drawn ? [drawn] : []
  }
  if (phrase.numerals) return registry.allOf(phrase)
  const every = registry.everyOf(phrase)
  if (every.length > 0) return every
  const found = registry.find(phrase, before)
  if (found) return [found]
  // A prompt that numbers its parts numbers them all: an unnumbered thing a link names ("over a
  // 4G backhaul") is a medium, not a part.
  if (numbered && phrase.numeral === undefined) return []
  const generic = GENERIC_NOUNS.has(phrase.head) && phrase.keys.length === 1
  return (isPlausiblePart(phrase) || ref.asPart) && !generic ? [registry.add(phrase)] : []
}

/**
 * Resolves `pending` clauses in order into links on `registry`'s parts (adding parts named only
 * in a connection).
 */
export function connectParts(
  registry: PartRegistry,
  pending: readonly PendingClause[],
  options: { numbered: boolean },
): Connections {
  const set = new LinkSet()
  let directed = 0
  const join = (from: DraftPart, to: DraftPart, clause: LinkClause) => {
    if (from === to || registry.contains(from, to) || registry.contains(to, from)) return
    set.add({
      from: from.id,
      to: to.id,
      arrow: clause.arrow,
      ...(clause.label ? { label: clause.label } : {}),
    })
    if (clause.arrow !== 'none') directed++
  }
  for (const { clause, before } of pending) {
    const from = clause.from.flatMap((ref) => resolve(registry, ref, before, options.numbered))
    const to = clause.to.flatMap((ref) => resolve(registry, ref, before, options.numbered))
    const via = clause.via ? resolve(registry, clause.via, before, options.numbered)[0] : undefined
    for (const a of from) {
      for (const b of to) {
        if (!a || !b || a === b) continue
        if (via && via !== a && via !== b) {
          join(a, via, clause)
          join(via, b, clause)
        } else join(a, b, clause)
      }
    }
  }
  return { links: set.links, directed }
}

/**
 * Prompt parser, shared step: one link per pair of parts. A second mention of a pair merges into
 * the first: an undirected link takes the direction of a directed one, opposite directions make a
 * two-way link, and a YES and a NO between the same two steps lose their labels.
 */

import type { FigureConnection as FigureLink } from '../figure'

/** Links keyed by their pair of part ids. */
export class LinkSet {
  readonly links: FigureLink[] = []
  readonly #byPair = new Map<string, FigureLink>()
  readonly #directed: boolean

  /** `directed`: A → B and B → A stay two links (a flowchart's loop), else they merge. */
  constructor(options: { directed?: boolean } = {}) {
    this.#directed = options.directed ?? false
  }

  /** Adds `link`, merging it into an existing link between the same two parts. */
  add(link: FigureLink): void {
    // Only a decision's branch may loop onto itself ("NO" while it waits for the answer).
    if (link.from === link.to && link.label !== 'YES' && link.label !== 'NO') return
    const ordered = this.#directed || link.from < link.to
    const key = ordered ? `${link.from}|${link.to}` : `${link.to}|${link.from}`
    const existing = this.#byPair.get(key)
    if (!existing) {
      const copy = { ...link }
      this.#byPair.set(key, copy)
      this.links.push(copy)
      return
    }
    if (existing.arrow === 'none' && link.arrow !== 'none') {
      existing.from = link.from
      existing.to = link.to
      existing.arrow = link.arrow
    } else if (
      existing.arrow === 'forward' &&
      (link.arrow === 'both' || (link.arrow === 'forward' && existing.from !== link.from))
    ) {
      existing.arrow = 'both'
    }
    if (existing.label === undefined && link.label !== undefined) existing.label = link.label
    else if (link.label !== undefined && link.label !== existing.label && isBranch(link.label)) {
      delete existing.label
    }
  }
}

const isBranch = (label: string) => label === 'YES' || label === 'NO'

/**
 * Drafter stage 0, for a figure too large to print on one sheet with text of at least 0.32 cm:
 * how it continues on further sheets, as drafters split a figure (FIG. 5A, 5B, ...). It is cut in
 * reading order: a flowchart between its elements, in their order; a block diagram between its
 * top-level parts, each with everything inside it, and a container too heavy for one sheet
 * between its own parts, drawn on every sheet that holds some of them with the same label and
 * numeral. A connection the cut separates becomes an off-page connector on each side: a circle
 * with a letter, one letter per target element. Pure: which cut prints largest is decided by
 * laying the candidate sheets out (split-sheets.ts).
 */

import type { Figure, FigureConnection, FigureElement } from '../figure'
import { connectionGroup, elementGroup } from '../scene'
import type { DrawGroups } from './draw-parts'

/** Elements that are cut apart only together: one flowchart element, or a part and its insides. */
export interface ReadingUnit {
  /** The unit's elements, in figure order (its root first). */
  ids: string[]
  /** Containers around it, outermost first, drawn on its sheet around it. */
  ancestors: string[]
  /** Room it takes, sheet px² (what sheets are balanced by). */
  weight: number
}

/** One sheet's share of the figure, ready for the drafter's stages. */
export interface SheetPlan {
  /** The sheet's figure: its elements, connectors as stand-in elements, the connections drawn. */
  figure: Figure
  /** Stand-in element id → the letter in its circle. */
  connectors: Map<string, string>
  /** Which group of the whole figure each drawn part and link belongs to. */
  groups: DrawGroups
}

/** Stand-in ids start with a character element ids cannot have. */
const CONNECTOR_PREFIX = '~'
/** A run may be this much heavier than a fair share if the cut separates fewer connections. */
const BALANCE_SLACK = 0.12

/** The whole figure on one sheet. */
export function wholeSheet(figure: Figure): SheetPlan {
  return { figure, connectors: new Map(), groups: { part: elementGroup, link: connectionGroup } }
}

/**
 * The figure's units in reading order: every element of a flowchart, the top-level parts (with
 * their insides) of a block diagram. `weightOf` gives one element's own room.
 */
export function readingUnits(figure: Figure, weightOf: (id: string) => number): ReadingUnit[] {
  if (figure.kind === 'flowchart') {
    return figure.elements.map((e) => ({ ids: [e.id], ancestors: [], weight: weightOf(e.id) }))
  }
  return figure.elements
    .filter((e) => e.parent === undefined)
    .map((e) => subtreeUnit(figure, e.id, [], weightOf))
}

/**
 * Units heavier than `limit` (a sheet's share) opened into their containers' parts, until none
 * that can be opened is; a container's own room (its title) goes with its first part.
 */
export function openHeavyUnits(
  figure: Figure,
  units: ReadingUnit[],
  limit: number,
  weightOf: (id: string) => number,
): ReadingUnit[] {
  const out: ReadingUnit[] = []
  const open = (unit: ReadingUnit) => {
    const root = unit.ids[0]!
    const inside = figure.elements.filter((e) => e.parent === root)
    if (unit.weight <= limit || inside.length === 0) {
      out.push(unit)
      return
    }
    const ancestors = [...unit.ancestors, root]
    for (const [i, child] of inside.entries()) {
      const part = subtreeUnit(figure, child.id, ancestors, weightOf)
      if (i === 0) part.weight += weightOf(root)
      open(part)
    }
  }
  for (const unit of units) open(unit)
  return out
}

/**
 * `units` cut into `count` runs in order: among the cuts whose runs of several units are all
 * within BALANCE_SLACK of a fair share (and none under half of one, so no sheet is left nearly
 * empty), the one that separates the fewest connections, and of those the evenest; the evenest
 * cut when no cut keeps to those shares.
 */
export function cutRuns(figure: Figure, units: ReadingUnit[], count: number): ReadingUnit[][] {
  const n = units.length
  const k = Math.max(1, Math.min(count, n))
  const prefix = [0]
  for (const u of units) prefix.push(prefix[prefix.length - 1]! + u.weight)
  const weight = (from: number, to: number) => prefix[to]! - prefix[from]!
  // Where each connection's ends are, by unit: a cut separates it unless one run holds both,
  // so separating the fewest is keeping the most inside runs, which adds up run by run.
  const at = new Map<string, number>()
  for (const [i, u] of units.entries()) {
    for (const id of [...u.ancestors, ...u.ids]) if (!at.has(id)) at.set(id, i)
  }
  const spans = figure.connections.map((c) => {
    const [a, b] = [at.get(c.from) ?? 0, at.get(c.to) ?? 0]
    return [Math.min(a, b), Math.max(a, b)] as const
  })
  const inside = (from: number, to: number) =>
    spans.reduce((count, [a, b]) => count + (a >= from && b < to ? 1 : 0), 0)
  // The sum of squared shares is least for the evenest cut; a unit too heavy for a fair share
  // adds its own square whatever the cut, so the other runs still share out evenly.
  const share = (w: number) => (w / prefix[n]!) ** 2
  const fair = prefix[n]! / k
  const fewest = bestRuns(k, n, (from, to, before) => {
    const w = weight(from, to)
    if ((w > fair * (1 + BALANCE_SLACK) && to - from > 1) || w < 0.5 * fair) return Infinity
    // Among cuts that separate as few, the evenest.
    return before - inside(from, to) + share(w) / (figure.connections.length + 1)
  })
  const evenest = () => bestRuns(k, n, (from, to, before) => before + share(weight(from, to)))
  const starts = Number.isFinite(fewest.value) ? fewest.starts : evenest().starts
  return starts.map((from, j) => units.slice(from, starts[j + 1] ?? n))
}

/**
 * The cut of n units into k runs that minimises a cost built run by run: `step(from, to,
 * before)` is the cost of the first `to` units when the last run starts at `from` and the ones
 * before cost `before`. Returns the best cost and where each run starts.
 */
function bestRuns(
  k: number,
  n: number,
  step: (from: number, to: number, before: number) => number,
): { value: number; starts: number[] } {
  const cost: number[][] = [...Array(k + 1)].map(() => new Array<number>(n + 1).fill(Infinity))
  const back: number[][] = [...Array(k + 1)].map(() => new Array<number>(n + 1).fill(0))
  cost[0]![0] = 0
  for (let j = 1; j <= k; j++) {
    for (let to = j; to <= n; to++) {
      for (let from = j - 1; from < to; from++) {
        const before = cost[j - 1]![from]!
        if (!Number.isFinite(before)) continue
        const v = step(from, to, before)
        if (v < cost[j]![to]!) {
          cost[j]![to] = v
          back[j]![to] = from
        }
      }
    }
  }
  const starts: number[] = []
  for (let j = k, to = n; j > 0; j--) {
    starts.unshift(back[j]![to]!)
    to = starts[0]!
  }
  return { value: cost[k]![n]!, starts }
}

/**
 * The sheets of `runs` (see the module header). A connection is drawn on the first sheet that
 * holds both its ends; one no sheet holds whole runs from its source's first sheet into a
 * connector, and from a connector with the same letter into its target's first sheet. Letters go
 * in reading order of the sheets the connections leave from.
 */
export function planSheets(figure: Figure, runs: ReadingUnit[][]): SheetPlan[] {
  const present = runs.map((run) => {
    const ids = new Set<string>()
    for (const unit of run) for (const id of [...unit.ancestors, ...unit.ids]) ids.add(id)
    return ids
  })
  const home = (id: string) => present.findIndex((ids) => ids.has(id))
  const drawnOn = new Map<number, number>()
  const cut: { index: number; from: number; to: number }[] = []
  for (const [index, c] of figure.connections.entries()) {
    const both = present.findIndex((ids) => ids.has(c.from) && ids.has(c.to))
    if (both >= 0) drawnOn.set(index, both)
    else cut.push({ index, from: home(c.from), to: home(c.to) })
  }
  const letters = new Map<string, string>()
  const byReading = [...cut].sort(
    (a, b) => Math.min(a.from, a.to) - Math.min(b.from, b.to) || a.index - b.index,
  )
  for (const { index } of byReading) {
    const target = figure.connections[index]!.to
    if (!letters.has(target)) letters.set(target, letterAt(letters.size))
  }
  return runs.map((_, sheet) => {
    const elements: FigureElement[] = figure.elements.filter((e) => present[sheet]!.has(e.id))
    const connections: FigureConnection[] = []
    const origin: number[] = []
    for (const [index, c] of figure.connections.entries()) {
      if (drawnOn.get(index) !== sheet) continue
      connections.push(c)
      origin.push(index)
    }
    const connectors = new Map<string, string>()
    const connectorGroup = new Map<string, string>()
    // A stand-in is named by its target, not its letter, so a sheet whose own share did not
    // change is the same graph when a cut elsewhere moves the letters (split-sheets.ts reuses
    // its layout).
    const stand = (target: string, letter: string, next: string, after: boolean, index: number) => {
      const id = `${CONNECTOR_PREFIX}${target}`
      if (connectors.has(id)) return id
      connectors.set(id, letter)
      connectorGroup.set(id, connectionGroup(index))
      const element: FigureElement = {
        id,
        label: letter,
        kind: figure.kind === 'flowchart' ? 'step' : 'block',
      }
      // Beside the element it joins, so the layout's model order keeps it there.
      const at = elements.findIndex((e) => e.id === next)
      elements.splice(after ? at + 1 : at, 0, element)
      return id
    }
    for (const { index, from, to } of cut) {
      const c = figure.connections[index]!
      const letter = letters.get(c.to)!
      if (from === sheet) {
        connections.push({ ...c, to: stand(c.to, letter, c.from, true, index) })
        origin.push(index)
      }
      if (to === sheet) {
        if (connectors.has(`${CONNECTOR_PREFIX}${c.to}`)) continue
        const { label: _label, ...rest } = c
        connections.push({ ...rest, from: stand(c.to, letter, c.to, false, index) })
        origin.push(index)
      }
    }
    return {
      figure: { ...figure, elements, connections },
      connectors,
      groups: {
        part: (id) => connectorGroup.get(id) ?? elementGroup(id),
        link: (i) => connectionGroup(origin[i]!),
      },
    }
  })
}

/** The legend of sheet `index` of a figure on several: FIG. 5A, 5B, ...; FIG. 4A-1, 4A-2, ... */
export function sheetLabel(label: string, index: number, count: number): string {
  if (count <= 1) return label
  return /[A-Z]$/.test(label) ? `${label}-${index + 1}` : `${label}${letterAt(index)}`
}

/** A, B, ..., Z, AA, AB, ... */
function letterAt(index: number): string {
  const letter = String.fromCharCode(65 + (index % 26))
  return index < 26 ? letter : `${letterAt(Math.floor(index / 26) - 1)}${letter}`
}

function subtreeUnit(
  figure: Figure,
  root: string,
  ancestors: string[],
  weightOf: (id: string) => number,
): ReadingUnit {
  const inside = new Set([root])
  // Figure order lists a parent before or after its parts; grow the set until it stops changing.
  for (let grew = true; grew; ) {
    grew = false
    for (const e of figure.elements) {
      if (e.parent !== undefined && inside.has(e.parent) && !inside.has(e.id)) {
        inside.add(e.id)
        grew = true
      }
    }
  }
  const ids = [
    root,
    ...figure.elements.filter((e) => e.id !== root && inside.has(e.id)).map((e) => e.id),
  ]
  return { ids, ancestors, weight: ids.reduce((sum, id) => sum + weightOf(id), 0) }
}

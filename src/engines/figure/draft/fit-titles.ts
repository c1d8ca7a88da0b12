/**
 * Drafter stage 2, after a layout: container titles that do not sit well are set again, and the
 * graph laid out once more with them. A title wider than its container is wrapped to its width;
 * one that links cross in its top band goes to a bottom band; one crossed there too is wrapped
 * into the gap between links, in either band, that takes it in fewest lines, or, in a layout down
 * the page, given a band down the container's left side (a split container's links to off-page
 * connectors come in at the top and leave at the bottom, and keep off the sides). Each returns
 * whether any title changed.
 */

import type { FontMetrics } from '../font-metrics'
import {
  arrowheadPolygon,
  flattenPath,
  polygonSegments,
  type Segment2,
  segmentHitsRect,
} from '../geometry'
import { elementGroup, type Scene } from '../scene'
import { FONT_PX, LINE_HEIGHT_PX, PEN_PX } from '../sheet'
import { wrapText } from '../wrap-text'
import { titleBlocked } from './draw-parts'
import { type GraphLayout, type PlacedPart, TITLE_SIDES } from './layout-graph'
import { type SizedPart, widestWord } from './size-parts'

/** Moves to a bottom band the titles that links cross in the top one; true when any moved. */
export function moveBlockedTitles(
  layout: GraphLayout,
  sized: Map<string, SizedPart>,
  scene: Scene,
): boolean {
  const blocked = new Set(titleBlocked(scene))
  let moved = false
  for (const placed of layout.parts.values()) {
    if (!placed.container || placed.titleBelow) continue
    if (!placed.lines.some((line) => blocked.has(line))) continue
    sized.set(placed.element.id, { ...sized.get(placed.element.id)!, titleBelow: true })
    moved = true
  }
  return moved
}

/** Re-wraps the titles of containers laid out narrower than them; true when any changed. */
export function rewrapTitles(
  layout: GraphLayout,
  sized: Map<string, SizedPart>,
  metrics: FontMetrics,
): boolean {
  let changed = false
  for (const placed of layout.parts.values()) {
    const room = placed.rect.width - TITLE_SIDES
    if (!placed.container || placed.textWidth <= room) continue
    const lines = wrapText(placed.element.label, Math.max(room, 3 * FONT_PX), FONT_PX, metrics)
    const textWidth = Math.max(...lines.map((l) => metrics.measure(l, FONT_PX)))
    const titleHeight = placed.titleHeight + (lines.length - placed.lines.length) * LINE_HEIGHT_PX
    sized.set(placed.element.id, { ...placed, lines, textWidth, titleHeight })
    changed = true
  }
  return changed
}

/** A title beside a container's parts is wrapped this narrow (unless a word is wider), em. */
const BESIDE_WRAP_EM = 7
/** A title wrapped into a gap between links takes at most this many lines, else it goes beside. */
const MAX_GAP_LINES = 4
/** The narrowest gap between links a title is wrapped into, em. */
const MIN_GAP_EM = 2.5

/**
 * Sets again every title a line still crosses: wrapped into the widest-enough gap between the
 * links through its band, the one it takes fewest lines in, in its band or the band at the
 * container's other end (the band it is in first); in a layout down the page, when no gap takes
 * it in MAX_GAP_LINES or a title was set again once already (`refit`), in a band down the left
 * side of the container, beside its parts, which links there keep off (they come in at the top
 * and leave at the bottom). True when any changed; `refit` gains the containers set again.
 */
export function refitBlockedTitles(
  layout: GraphLayout,
  sized: Map<string, SizedPart>,
  scene: Scene,
  metrics: FontMetrics,
  direction: 'DOWN' | 'RIGHT',
  refit: Set<string>,
): boolean {
  const lines = scene.strokes.flatMap((stroke) => flattenPath(stroke))
  for (const head of scene.arrowheads) lines.push(...polygonSegments(arrowheadPolygon(head)))
  let changed = false
  for (const placed of layout.parts.values()) {
    if (!placed.container || placed.titleBeside) continue
    const id = placed.element.id
    const group = elementGroup(id)
    const title = scene.texts.filter((t) => t.group === group && t.role === 'label')
    if (!title.some((t) => lines.some((l) => segmentHitsRect(l.a, l.b, t.box)))) continue
    const once = refit.has(id)
    refit.add(id)
    const label = placed.element.label
    const gap = once ? null : gapFit(placed, lines, metrics)
    const setTo = (wrapped: string[], extra: Partial<SizedPart>) => {
      const textWidth = Math.max(...wrapped.map((l) => metrics.measure(l, FONT_PX)))
      const titleHeight =
        placed.titleHeight + (wrapped.length - placed.lines.length) * LINE_HEIGHT_PX
      sized.set(id, { ...sized.get(id)!, lines: wrapped, textWidth, titleHeight, ...extra })
      changed = true
    }
    if (gap && (gap.lines.length <= MAX_GAP_LINES || direction !== 'DOWN')) {
      setTo(gap.lines, { titleBelow: gap.below })
    } else if (direction === 'DOWN') {
      const room = Math.max(widestWord(label, metrics), BESIDE_WRAP_EM * FONT_PX)
      setTo(wrapText(label, room, FONT_PX, metrics), { titleBelow: false, titleBeside: true })
    }
  }
  return changed
}

/**
 * The title wrapped into a gap between the links through its band (the band it is in, then the
 * other: there, the links through the container's edge), in fewest lines; null when no gap of
 * MIN_GAP_EM or more takes its words.
 */
function gapFit(
  placed: PlacedPart,
  lines: Segment2[],
  metrics: FontMetrics,
): { lines: string[]; below: boolean } | null {
  const { rect } = placed
  const band = placed.titleHeight + 0.45 * FONT_PX
  const inset = 0.5 * FONT_PX
  const left = rect.x + inset
  const right = rect.x + rect.width - inset
  const piece = Math.max(
    ...placed.element.label
      .split(/\s+/)
      .flatMap((word) => word.match(/[^-]+-?|-/g) ?? [word])
      .map((part) => metrics.measure(part, FONT_PX)),
  )
  let best: { lines: string[]; below: boolean; key: number } | null = null
  for (const below of [Boolean(placed.titleBelow), !placed.titleBelow]) {
    const y = below ? rect.y + rect.height - band : rect.y
    const strip = { x: left, y: y + PEN_PX, width: right - left, height: band - 2 * PEN_PX }
    // What containerTitle keeps between a title and a line: the pen, and a little.
    const blocked = lines
      .filter((l) => segmentHitsRect(l.a, l.b, strip))
      .map((l) => [Math.min(l.a.x, l.b.x) - 2 * PEN_PX, Math.max(l.a.x, l.b.x) + 2 * PEN_PX])
      .sort((a, b) => a[0]! - b[0]!)
    let from = left
    const gaps: [number, number][] = []
    for (const [x0, x1] of blocked) {
      if (x0! > from) gaps.push([from, x0!])
      from = Math.max(from, x1!)
    }
    if (right > from) gaps.push([from, right])
    for (const [x0, x1] of gaps) {
      const room = x1 - x0
      // Words are broken only after their own hyphens, never inside.
      if (room < Math.max(MIN_GAP_EM * FONT_PX, piece)) continue
      const wrapped = wrapText(placed.element.label, room, FONT_PX, metrics, 1)
      if (wrapped.some((l) => metrics.measure(l, FONT_PX) > room)) continue
      // Fewer lines first; within as many, the band it is in.
      const key = wrapped.length * 2 + (below === Boolean(placed.titleBelow) ? 0 : 1)
      if (!best || key < best.key) best = { lines: wrapped, below, key }
    }
  }
  return best && { lines: best.lines, below: best.below }
}

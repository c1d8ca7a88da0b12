/**
 * Drafter stage 2, after a layout: container titles that do not sit well are set again, and the
 * graph laid out once more with them. A title wider than its container is wrapped to its width;
 * one that links cross in its top band goes to a bottom band; one crossed there too is wrapped to
 * the room left of the first link through it (a split container's links to off-page connectors
 * come in at the top and leave at the bottom). Each returns whether any title changed.
 */

import type { FontMetrics } from '../font-metrics'
import { arrowheadPolygon, flattenPath, polygonSegments, segmentHitsRect } from '../geometry'
import { elementGroup, type Scene } from '../scene'
import { FONT_PX, LINE_HEIGHT_PX, PEN_PX } from '../sheet'
import { wrapText } from '../wrap-text'
import { titleBlocked } from './draw-parts'
import { type GraphLayout, TITLE_SIDES } from './layout-graph'
import type { SizedPart } from './size-parts'

/** A title beside a container's parts is wrapped this narrow (unless a word is wider), em. */
const BESIDE_WRAP_EM = 7

/**
 * Gives a band down the left side to the titles that links cross in their band at the top, in a
 * layout down the page (links come in at the top and leave at the bottom), wrapped to its widest
 * word or 7 em; true when any changed.
 */
export function reserveBlockedTitles(
  layout: GraphLayout,
  sized: Map<string, SizedPart>,
  scene: Scene,
  metrics: FontMetrics,
): boolean {
  const lines = scene.strokes.flatMap((stroke) => flattenPath(stroke))
  for (const head of scene.arrowheads) lines.push(...polygonSegments(arrowheadPolygon(head)))
  let changed = false
  for (const placed of layout.parts.values()) {
    if (!placed.container || placed.titleBeside) continue
    const group = elementGroup(placed.element.id)
    const title = scene.texts.filter((t) => t.group === group && t.role === 'label')
    if (!title.some((t) => lines.some((l) => segmentHitsRect(l.a, l.b, t.box)))) continue
    const label = placed.element.label
    const word = Math.max(...label.split(/\s+/).map((w) => metrics.measure(w, FONT_PX)))
    const wrapped = wrapText(label, Math.max(word, BESIDE_WRAP_EM * FONT_PX), FONT_PX, metrics)
    const textWidth = Math.max(...wrapped.map((l) => metrics.measure(l, FONT_PX)))
    const titleHeight = placed.titleHeight + (wrapped.length - placed.lines.length) * LINE_HEIGHT_PX
    sized.set(placed.element.id, {
      ...sized.get(placed.element.id)!,
      lines: wrapped,
      textWidth,
      titleHeight,
      titleBeside: true,
    })
    changed = true
  }
  return changed
}

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

/**
 * Wraps to the room left of the first link through it every title still crossed in its band;
 * true when any changed. A title is left as it is when that room is under 2.5 em or a word does
 * not fit it.
 */
export function narrowBlockedTitles(
  layout: GraphLayout,
  sized: Map<string, SizedPart>,
  scene: Scene,
  metrics: FontMetrics,
): boolean {
  const lines = scene.strokes.flatMap((stroke) => flattenPath(stroke))
  for (const head of scene.arrowheads) lines.push(...polygonSegments(arrowheadPolygon(head)))
  let changed = false
  for (const placed of layout.parts.values()) {
    if (!placed.container) continue
    const group = elementGroup(placed.element.id)
    const title = scene.texts.filter((t) => t.group === group && t.role === 'label')
    if (!title.some((t) => lines.some((l) => segmentHitsRect(l.a, l.b, t.box)))) continue
    const { rect } = placed
    const left = rect.x + 0.5 * FONT_PX
    const top = Math.min(...title.map((t) => t.box.y))
    const bottom = Math.max(...title.map((t) => t.box.y + t.box.height))
    const band = { x: left, y: top, width: rect.x + rect.width - left, height: bottom - top }
    const crossing = lines
      .filter((l) => segmentHitsRect(l.a, l.b, band))
      .map((l) => Math.min(l.a.x, l.b.x))
      .filter((x) => x > left + FONT_PX)
    if (crossing.length === 0) continue
    // What containerTitle keeps between a title and a line: the pen, and a little.
    const room = Math.min(...crossing) - left - 2 * PEN_PX
    if (room < 2.5 * FONT_PX || room >= placed.textWidth) continue
    const wrapped = wrapText(placed.element.label, room, FONT_PX, metrics)
    const textWidth = Math.max(...wrapped.map((l) => metrics.measure(l, FONT_PX)))
    if (textWidth > room) continue
    const titleHeight = placed.titleHeight + (wrapped.length - placed.lines.length) * LINE_HEIGHT_PX
    sized.set(placed.element.id, {
      ...sized.get(placed.element.id)!,
      lines: wrapped,
      textWidth,
      titleHeight,
    })
    changed = true
  }
  return changed
}

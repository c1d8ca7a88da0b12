/**
 * The last drafting step: the scene's content moved to its margins and the sheet sized around it,
 * so the renderer can map it onto the 2048 px long edge. Small figures get extra white around
 * them instead of being blown up past MAX_ENLARGEMENT.
 */

import type { Point, VectorPath } from '../vector'
import { arrowheadPolygon, boundsOf, flattenPath, mapPath } from './geometry'
import type { Rect, Scene } from './scene'
import { MARGIN_PX, MAX_ENLARGEMENT, SHEET_LONG_EDGE_PX } from './sheet'

/** The box every mark of the scene lies in (strokes widened by half the pen). */
export function contentBounds(scene: Scene): Rect {
  const points: Point[] = []
  for (const path of [...scene.strokes, ...scene.leads.map((l) => l.path)]) {
    for (const s of flattenPath(path)) points.push(s.a, s.b)
  }
  for (const head of scene.arrowheads) points.push(...arrowheadPolygon(head))
  for (const t of scene.texts) {
    points.push({ x: t.box.x, y: t.box.y }, { x: t.box.x + t.box.width, y: t.box.y + t.box.height })
  }
  const b = boundsOf(points)
  const half = scene.pen / 2
  return { x: b.x - half, y: b.y - half, width: b.width + scene.pen, height: b.height + scene.pen }
}

/**
 * The px per unit at which the scene's content would fill the 2048 px long edge inside its
 * margins, were small figures not held to MAX_ENLARGEMENT: how much room it has to spare.
 */
export function fillScale(scene: Scene): number {
  const content = contentBounds(scene)
  return (SHEET_LONG_EDGE_PX - 2 * MARGIN_PX) / Math.max(content.width, content.height, 1)
}

/**
 * Moves the content inside a margin and sizes the sheet; returns the px per unit the 2048 px
 * render will have (the scale at which text and numerals print). The margin is MARGIN_PX of the
 * render, whatever the scale, so a figure that has to shrink keeps its white border.
 */
export function fitSheet(scene: Scene): number {
  const content = contentBounds(scene)
  const long = Math.max(content.width, content.height, 1)
  const scale = Math.min(MAX_ENLARGEMENT, (SHEET_LONG_EDGE_PX - 2 * MARGIN_PX) / long)
  const margin = MARGIN_PX / scale
  // At the enlargement cap the content does not fill the long edge: centre it on a sheet whose
  // long edge still maps to 2048 px at that scale.
  const sheetLong = SHEET_LONG_EDGE_PX / scale
  const landscape = content.width >= content.height
  const width = landscape ? sheetLong : content.width + 2 * margin
  const height = landscape ? content.height + 2 * margin : sheetLong
  const dx = (width - content.width) / 2 - content.x
  const dy = (height - content.height) / 2 - content.y
  translateScene(scene, dx, dy)
  scene.width = width
  scene.height = height
  return SHEET_LONG_EDGE_PX / Math.max(width, height)
}

/** Moves every mark of the scene by (dx, dy). */
export function translateScene(scene: Scene, dx: number, dy: number): void {
  const move = (p: Point): Point => ({ x: p.x + dx, y: p.y + dy })
  const moveRect = (r: Rect): Rect => ({ ...r, x: r.x + dx, y: r.y + dy })
  const movePath = (path: VectorPath) => mapPath(path, move)
  scene.strokes = scene.strokes.map((s) => ({ ...s, ...movePath(s) }))
  scene.leads = scene.leads.map((l) => ({ ...l, path: movePath(l.path) }))
  scene.arrowheads = scene.arrowheads.map((h) => ({ ...h, tip: move(h.tip) }))
  scene.texts = scene.texts.map((t) => ({
    ...t,
    x: t.x + dx,
    y: t.y + dy,
    box: moveRect(t.box),
    ...(t.frame ? { frame: moveRect(t.frame) } : {}),
  }))
}

/**
 * Figure SVG writer (/figures, write step): a drafted Scene → SVG 1.1 with one stroked <path> for
 * every line (one pen, round caps and joins, never filled), one filled <path> for the arrowheads
 * and <text> in the figure font. This is what resvg renders to PNG; for SVG output resvg then
 * turns the text into glyph outlines, so the file needs no font (rasterize.ts `outlineText`).
 * No scripts, styles, links or external references. The size is given in inches at 300 DPI
 * (2048 px = 6.8267 in on the long edge), so the file prints at the size the PNG does.
 */

import { arrowheadPolygon } from '../engines/figure/geometry'
import type { Scene, SceneText } from '../engines/figure/scene'
import type { Point, VectorPath } from '../engines/vector'
import { bulgeRadius } from './arc-geometry'
import { formatDecimal } from './ascii-writer'

/** Writes `scene` as SVG whose long edge prints `longEdgeIn` inches (default: 2048 px at 300 DPI). */
export function writeFigureSvg(scene: Scene, options: { fontFamily: string; longEdgeIn?: number }) {
  const longIn = options.longEdgeIn ?? 2048 / 300
  const perUnit = longIn / Math.max(scene.width, scene.height)
  const n = (v: number) => formatDecimal(v, 2)
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${formatDecimal(scene.width * perUnit, 4)}in" height="${formatDecimal(scene.height * perUnit, 4)}in" viewBox="0 0 ${n(scene.width)} ${n(scene.height)}">`,
  ]
  const strokes = [...scene.strokes, ...scene.leads.map((l) => l.path)]
  if (strokes.length > 0) {
    lines.push(
      `<path fill="none" stroke="#000000" stroke-width="${n(scene.pen)}" stroke-linecap="round" stroke-linejoin="round" d="${strokes.map(pathData).join('')}"/>`,
    )
  }
  if (scene.arrowheads.length > 0) {
    const d = scene.arrowheads.map((h) => polygonData(arrowheadPolygon(h))).join('')
    lines.push(`<path fill="#000000" stroke="none" d="${d}"/>`)
  }
  for (const text of scene.texts) lines.push(textElement(text, options.fontFamily))
  lines.push('</svg>', '')
  return lines.join('\n')
}

const n = (v: number) => formatDecimal(v, 2)
const pt = (p: Point) => `${n(p.x)} ${n(p.y)}`

/** Absolute path data of one subpath: M, L, A (arcs from the bulge), C, and Z when closed. */
function pathData(path: VectorPath): string {
  let d = `M${pt(path.start)}`
  let at = path.start
  for (const s of path.segments) {
    if (s.kind === 'line') d += `L${pt(s.to)}`
    else if (s.kind === 'cubic') d += `C${pt(s.c1)} ${pt(s.c2)} ${pt(s.to)}`
    else {
      const r = bulgeRadius(Math.hypot(s.to.x - at.x, s.to.y - at.y), s.bulge)
      // Positive bulge turns counterclockwise on screen: sweep-flag 0 (y down).
      d += `A${n(r)} ${n(r)} 0 ${Math.abs(s.bulge) > 1 ? 1 : 0} ${s.bulge > 0 ? 0 : 1} ${pt(s.to)}`
    }
    at = s.to
  }
  return path.closed ? `${d}Z` : d
}

function polygonData(points: Point[]): string {
  return `M${points.map(pt).join('L')}Z`
}

function textElement(text: SceneText, fontFamily: string): string {
  const anchor = text.anchor === 'middle' ? ' text-anchor="middle"' : ''
  return `<text x="${n(text.x)}" y="${n(text.y)}" font-family="${fontFamily}" font-size="${n(text.size)}"${anchor} fill="#000000">${escapeXml(text.text)}</text>`
}

function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

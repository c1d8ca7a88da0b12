/**
 * Figure SVG writer (/figures, write step): a drafted Scene → SVG 1.1 with one stroked <path> for
 * every line (one pen, round caps and joins, never filled), one filled <path> for the arrowheads
 * and <text> in the figure font. This is what resvg renders to PNG; for SVG output resvg then
 * turns the text into glyph outlines, so the file needs no font (rasterize.ts `outlineText`).
 * No scripts, styles, links or external references. The size is given in inches at 300 DPI
 * (2048 px = 6.8267 in on the long edge), so the file prints at the size the PNG does. Marks
 * that carry a group (scene.ts `Grouped`) are written in one `<g id="...">` per group, so an
 * element's outline, label, numeral and lead, or a connection's line and arrowheads, can be
 * found together; resvg keeps those ids when it outlines the text, and `labelGroups` then names
 * each group for readers.
 */

import { arrowheadPolygon } from '../engines/figure/geometry'
import type { Arrowhead, Scene, SceneText } from '../engines/figure/scene'
import type { Point, VectorPath } from '../engines/vector'
import { bulgeRadius } from './arc-geometry'
import { formatDecimal } from './ascii-writer'

/** Writes `scene` as SVG whose long edge prints `longEdgeIn` inches (default: 2048 px at 300 DPI). */
export function writeFigureSvg(scene: Scene, options: { fontFamily: string; longEdgeIn?: number }) {
  const longIn = options.longEdgeIn ?? 2048 / 300
  const perUnit = longIn / Math.max(scene.width, scene.height)
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${formatDecimal(scene.width * perUnit, 4)}in" height="${formatDecimal(scene.height * perUnit, 4)}in" viewBox="0 0 ${n(scene.width)} ${n(scene.height)}">`,
  ]
  // Groups in the order their first mark is drawn; marks without a group stay outside any.
  const groups = new Map<string | undefined, Marks>()
  const marksOf = (group: string | undefined) => {
    let marks = groups.get(group)
    if (!marks) {
      marks = { strokes: [], arrowheads: [], texts: [] }
      groups.set(group, marks)
    }
    return marks
  }
  marksOf(undefined)
  for (const stroke of scene.strokes) marksOf(stroke.group).strokes.push(stroke)
  for (const lead of scene.leads) marksOf(lead.group).strokes.push(lead.path)
  for (const head of scene.arrowheads) marksOf(head.group).arrowheads.push(head)
  for (const text of scene.texts) marksOf(text.group).texts.push(text)
  for (const [group, marks] of groups) {
    if (group === undefined) {
      lines.push(...marksSvg(marks, scene.pen, options.fontFamily))
      continue
    }
    lines.push(
      `<g id="${escapeXml(group)}">`,
      ...marksSvg(marks, scene.pen, options.fontFamily),
      '</g>',
    )
  }
  lines.push('</svg>', '')
  return lines.join('\n')
}

/**
 * `svg` (an outlined figure) with a `<title>` and an `aria-label` in every `<g id="...">` that
 * `titles` names, e.g. "PROCESSOR 102" for `el-p`, "PROCESSOR → MEMORY" for `cn-0`: resvg drops
 * both when it outlines the text, so they are put back afterwards. Other groups are left as they
 * are; the titles are XML-escaped.
 */
export function labelGroups(svg: string, titles: ReadonlyMap<string, string>): string {
  return svg.replace(/<g\b([^>]*?)(\/?)>/g, (tag, attributes: string, empty: string) => {
    const id = /\sid="([^"]*)"/.exec(attributes)?.[1]
    const title = id === undefined ? undefined : titles.get(unescapeXml(id))
    if (title === undefined) return tag
    const text = escapeXml(title)
    const open = `<g${attributes} aria-label="${text}"><title>${text}</title>`
    return empty ? `${open}</g>` : open
  })
}

/** One group's (or the ungrouped) marks. */
interface Marks {
  strokes: VectorPath[]
  arrowheads: Arrowhead[]
  texts: SceneText[]
}

/** One stroked path for the lines, one filled path for the arrowheads, then the texts. */
function marksSvg(marks: Marks, pen: number, fontFamily: string): string[] {
  const out: string[] = []
  if (marks.strokes.length > 0) {
    out.push(
      `<path fill="none" stroke="#000000" stroke-width="${n(pen)}" stroke-linecap="round" stroke-linejoin="round" d="${marks.strokes.map(pathData).join('')}"/>`,
    )
  }
  if (marks.arrowheads.length > 0) {
    const d = marks.arrowheads.map((h) => polygonData(arrowheadPolygon(h))).join('')
    out.push(`<path fill="#000000" stroke="none" d="${d}"/>`)
  }
  for (const text of marks.texts) out.push(textElement(text, fontFamily))
  return out
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

/** The character references escapeXml and resvg write, read back. */
function unescapeXml(s: string): string {
  return s
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) =>
      String.fromCharCode(Number.parseInt(code, 16)),
    )
    .replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => XML_ENTITIES[name]!)
}

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' }

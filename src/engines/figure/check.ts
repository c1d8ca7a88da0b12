/**
 * The figure checker: measures a rendered figure against the drawing rules an examiner applies
 * (37 CFR 1.84, PCT Rule 11; ../shared/PLATFORM.md §7) and says what is wrong in words. Used by
 * the tests of every figure path and by the gallery. Pixel rules, from the gray raster alone:
 *   - tone: black and white only; gray is allowed on an edge (anti-aliasing), never as a fill
 *     or shading;
 *   - margins: no ink within the margin band at any side;
 *   - lines: uniformly thick (strokes outside text and numerals within a spread of widths).
 * Layout rules, from the boxes the renderer reports: numerals at least the minimum height
 * (0.32 cm: 38 px on a 2048 px long edge), and numerals and text never overlapping each other.
 */

import {
  arrowheadPolygon,
  flattenPath,
  polygonSegments,
  rectInside,
  rectsOverlap,
  type Segment2,
  segmentHitsRect,
  segmentsIntersect,
  trimEnd,
} from './geometry'
import type { GrayRaster } from './rasterize'
import type { Scene } from './scene'

/** An axis-aligned box in raster pixels. */
export interface Box {
  x: number
  y: number
  width: number
  height: number
}

export interface CheckOptions {
  /** Ink-free band at every side, px. */
  marginPx: number
  /** Where text and numerals are: excluded from the line-width rule, checked for overlaps. */
  texts?: Box[]
  numerals?: Box[]
  /** Minimum numeral height, px (38 on a 2048 px long edge). */
  minNumeralPx?: number
  /** Largest allowed ratio between the 90th and 10th percentile stroke widths (default 2). */
  maxWidthSpread?: number
}

export interface FigureCheck {
  ok: boolean
  /** One sentence per rule broken. */
  problems: string[]
  /** Gray pixels that are not on an edge, per thousand inked pixels. */
  flatGrayPerMille: number
  /** Stroke widths in px outside text: 10th, 50th and 90th percentiles (0 without strokes). */
  strokeWidth: { p10: number; p50: number; p90: number }
}

const INK = 128
const NEAR_WHITE = 240
const NEAR_BLACK = 15

/** Checks `raster` against the rules (see the module header). */
export function checkFigure(raster: GrayRaster, options: CheckOptions): FigureCheck {
  const { width, height, data } = raster
  const problems: string[] = []
  const inked = (x: number, y: number) => data[y * width + x]! < INK

  // Tone: a gray pixel must touch both ink and paper within its 3 × 3 neighbourhood.
  let ink = 0
  let flatGray = 0
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = data[y * width + x]!
      if (v < INK) ink++
      if (v <= NEAR_BLACK || v >= NEAR_WHITE) continue
      let dark = false
      let light = false
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const [xx, yy] = [x + dx, y + dy]
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue
          const n = data[yy * width + xx]!
          if (n < v) dark = true
          if (n > v) light = true
        }
      }
      if (!(dark && light)) flatGray++
    }
  }
  const flatGrayPerMille = ink === 0 ? 0 : (1000 * flatGray) / ink
  if (flatGrayPerMille > 1) {
    problems.push(
      `Gray fill or shading: ${flatGray} gray pixels are not on an edge (${flatGrayPerMille.toFixed(1)} per thousand inked)`,
    )
  }

  // Margins.
  const m = options.marginPx
  let marginInk = 0
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inBand = x < m || y < m || x >= width - m || y >= height - m
      if (inBand && inked(x, y)) marginInk++
    }
  }
  if (marginInk > 0) problems.push(`Ink in the ${m} px margin: ${marginInk} pixels`)

  // Line widths outside text: at each inked pixel, the shorter of its horizontal and vertical
  // runs, kept where the longer one is at least three times as long (the pixel is on a line).
  const excluded = [...(options.texts ?? []), ...(options.numerals ?? [])]
  const insideText = (x: number, y: number) =>
    excluded.some((b) => x >= b.x && x < b.x + b.width && y >= b.y && y < b.y + b.height)
  const horizontal = new Uint16Array(width * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; ) {
      if (!inked(x, y)) {
        x++
        continue
      }
      let end = x
      while (end < width && inked(end, y)) end++
      horizontal.fill(Math.min(end - x, 65_535), y * width + x, y * width + end)
      x = end
    }
  }
  const widths: number[] = []
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; ) {
      if (!inked(x, y)) {
        y++
        continue
      }
      let end = y
      while (end < height && inked(x, end)) end++
      const vertical = end - y
      for (let yy = y; yy < end; yy++) {
        const across = horizontal[yy * width + x]!
        const [short, long] = across < vertical ? [across, vertical] : [vertical, across]
        if (long >= 3 * short && !insideText(x, yy)) widths.push(short)
      }
      y = end
    }
  }
  widths.sort((a, b) => a - b)
  const at = (q: number) => (widths.length === 0 ? 0 : widths[Math.floor(q * (widths.length - 1))]!)
  const strokeWidth = { p10: at(0.1), p50: at(0.5), p90: at(0.9) }
  const spread = options.maxWidthSpread ?? 2
  if (widths.length > 0 && strokeWidth.p90 > spread * Math.max(1, strokeWidth.p10)) {
    problems.push(
      `Lines are not uniformly thick: widths from ${strokeWidth.p10} to ${strokeWidth.p90} px (10th to 90th percentile)`,
    )
  }

  // Numerals and text.
  const numerals = options.numerals ?? []
  const minimum = options.minNumeralPx ?? 0
  for (const box of numerals) {
    if (box.height < minimum) {
      problems.push(`A numeral at (${box.x}, ${box.y}) is ${box.height} px high, under ${minimum}`)
    }
  }
  const labelled = [...numerals, ...(options.texts ?? [])]
  for (let i = 0; i < labelled.length; i++) {
    for (let j = i + 1; j < labelled.length; j++) {
      const [a, b] = [labelled[i]!, labelled[j]!]
      const overlap =
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
      if (overlap) problems.push(`Text at (${a.x}, ${a.y}) overlaps text at (${b.x}, ${b.y})`)
    }
  }

  return { ok: problems.length === 0, problems, flatGrayPerMille, strokeWidth }
}

/**
 * The layout rules a raster cannot show, checked on the drawn scene: no numeral overlaps a line,
 * a lead or another text; no lead crosses another lead, a text or more than `leadCrossings`
 * lines (it may touch its own part where it ends); every label lies inside its shape.
 * @returns one sentence per problem (empty when the scene passes)
 */
export function checkSceneLayout(
  scene: Scene,
  /** Lines a lead may cross (object views reach framed parts across lines); 0 by default. */
  { leadCrossings = 0 }: { leadCrossings?: number } = {},
): string[] {
  const problems: string[] = []
  const lines: Segment2[] = []
  for (const stroke of scene.strokes) lines.push(...flattenPath(stroke))
  for (const head of scene.arrowheads) lines.push(...polygonSegments(arrowheadPolygon(head)))
  const leads = scene.leads.map((lead) => ({ lead, segments: flattenPath(lead.path) }))
  const numerals = scene.texts.filter((t) => t.role === 'numeral')
  const others = scene.texts.filter((t) => t.role !== 'numeral')
  for (const n of numerals) {
    if (lines.some((s) => segmentHitsRect(s.a, s.b, n.box))) {
      problems.push(`Numeral ${n.text} overlaps a line`)
    }
    if (others.some((t) => rectsOverlap(t.box, n.box)))
      problems.push(`Numeral ${n.text} overlaps text`)
    for (const { lead, segments } of leads) {
      if (String(lead.numeral) === n.text) continue
      if (segments.some((s) => segmentHitsRect(s.a, s.b, n.box))) {
        problems.push(`The lead of ${lead.numeral} crosses numeral ${n.text}`)
      }
    }
  }
  for (const [i, { lead, segments }] of leads.entries()) {
    // The last two pen widths end on the part's own line, which the lead is meant to touch.
    const body = trimEnd(segments, 2 * scene.pen)
    let crossed = 0
    for (const l of body) {
      for (const s of lines) if (segmentsIntersect(l.a, l.b, s.a, s.b)) crossed++
    }
    if (crossed > leadCrossings) {
      problems.push(
        leadCrossings === 0
          ? `The lead of ${lead.numeral} crosses a line`
          : `The lead of ${lead.numeral} crosses ${crossed} lines (at most ${leadCrossings})`,
      )
    }
    if (body.some((l) => others.some((t) => segmentHitsRect(l.a, l.b, t.box)))) {
      problems.push(`The lead of ${lead.numeral} crosses text`)
    }
    for (const other of leads.slice(i + 1)) {
      const crosses = segments.some((l) =>
        other.segments.some((s) => segmentsIntersect(l.a, l.b, s.a, s.b)),
      )
      if (crosses) problems.push(`The leads of ${lead.numeral} and ${other.lead.numeral} cross`)
    }
  }
  for (const t of others) {
    if (lines.some((s) => segmentHitsRect(s.a, s.b, t.box))) {
      problems.push(`The text "${t.text}" overlaps a line`)
    }
  }
  for (const [i, a] of others.entries()) {
    for (const b of others.slice(i + 1)) {
      if (rectsOverlap(a.box, b.box)) problems.push(`The texts "${a.text}" and "${b.text}" overlap`)
    }
  }
  for (const t of scene.texts) {
    if (t.frame && !rectInside(t.box, t.frame, 0.5)) {
      problems.push(`The label "${t.text}" does not fit inside its shape`)
    }
  }
  return problems
}

/** Pixel boxes of a scene's texts at a render `width` px wide (the checker's `texts`/`numerals`). */
export function sceneBoxesAt(scene: Scene, width: number): { texts: Box[]; numerals: Box[] } {
  const s = width / scene.width
  const box = (b: Box): Box => ({
    x: Math.floor(b.x * s),
    y: Math.floor(b.y * s),
    width: Math.ceil(b.width * s) + 1,
    height: Math.round(b.height * s),
  })
  return {
    texts: scene.texts.filter((t) => t.role !== 'numeral').map((t) => box(t.box)),
    numerals: scene.texts.filter((t) => t.role === 'numeral').map((t) => box(t.box)),
  }
}

// Made patent-style sheets with vector truth, for the line-art engines (bench/vectorize.mjs, or
// alone: `node bench/support/vectorize-sheets.mjs`). Each sheet is an SVG made here: "FIG. 1"
// .. "FIG. 9" and counter letters at several sizes (one <text> per glyph, so each glyph owns a
// box), dotted lines of round dots 2-6 px across (1.2-3.6 on the 1 px sheet), dashed lines,
// parallel hatching at 3-8 px pitch, stippled patches and small circles. It is rendered with resvg (DejaVu Sans) to the gray
// input every engine traces; each output SVG is rendered back at 1:1 and measured on pixels, as a
// reader sees it:
// - dot recall: a truth dot is found when the render has an ink component centred within its
//   radius + 1 px that is no larger across than its diameter + 3 px (a dot, not a dash or a
//   merged clump); dotted-line dots and stipple dots are counted apart;
// - hatch-line recall: a truth line is found when along >= 80 % of its length the render's
//   skeleton lies within 1.5 px and the midpoints towards both neighbours are paper (no merging);
// - dash recall: the same for each dash of a dashed line, with the gap centres before and after;
// - legibility: the share of glyph boxes whose render has the same number of ink components
//   (8-connected) and holes (4-connected paper not touching the box) as the input's.
// The input raster scored against the same truth is printed as the ceiling (scorer check).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Resvg } from '@resvg/resvg-wasm'
import { random } from './random.mjs'
import { prepare } from './vectorize-peers.mjs'
import { initRenderer, inkMask, renderSvg } from './vectorize-score.mjs'
import { distanceTo, thin } from './vectorize-skeleton.mjs'

const ROOT = new URL('../..', import.meta.url).pathname
/** The engines measured on the sheets (by runner name); the rest of the peers are outline tracers too. */
export const SHEET_ENGINES = ['ours traceLineart', 'potrace CLI', 'potrace wasm']
const SCORER = 'scorer check: input raster itself'
/** A line (hatch or dash) is found when this share of its samples matches. */
const LINE_SHARE = 0.8
/** A line sample matches when the render's skeleton lies this close, px. */
const LINE_PX = 1.5
const FONT_FAMILY = 'DejaVu Sans'

let fonts = null
function fontBuffers() {
  fonts ??= ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map(
    (f) => new Uint8Array(readFileSync(join(ROOT, 'node_modules/dejavu-fonts-ttf/ttf', f))),
  )
  return fonts
}

/** Renders a truth SVG to 8-bit gray (resvg with the bundled fonts, over white). */
async function renderTruth(svg, width, height) {
  await initRenderer()
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    background: 'white',
    font: { fontBuffers: fontBuffers(), loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
  })
  const image = resvg.render()
  const rgba = image.pixels
  image.free()
  resvg.free()
  const gray = new Uint8Array(width * height)
  for (let i = 0; i < gray.length; i++) gray[i] = rgba[4 * i + 1]
  return gray
}

const f = (v) => Number(v.toFixed(2))

/**
 * One sheet: its SVG and truth. `pen` is the drawing's line width in px; `bold` draws the text
 * in DejaVu Sans Bold; `dots` scales the dotted lines' and the stipple's dots.
 */
function makeSheet({ name, pen, bold, seed, dots = 1 }) {
  const width = 1400
  const height = 1500
  const rand = random(seed)
  const parts = []
  const truth = { dots: [], lines: [], glyphs: [] }
  const weight = bold ? ' font-weight="bold"' : ''

  // Text: each glyph its own <text> on a fixed advance wider than any glyph, so its box is its own.
  let y = 20
  const textRow = (text, size) => {
    const advance = 0.9 * size
    const baseline = y + size
    let x = 20
    for (const ch of text) {
      if (ch !== ' ') {
        parts.push(
          `<text x="${f(x)}" y="${f(baseline)}" font-family="${FONT_FAMILY}" font-size="${size}"${weight}>${ch === '&' ? '&amp;' : ch}</text>`,
        )
        // A period's box is its own dot's surroundings: a bold G reaches into a full box.
        const [left, top, right, bottom] =
          ch === '.' ? [-0.02, -0.32, 0.4, 0.12] : [-0.1, -1.05, 0.85, 0.3]
        truth.glyphs.push({
          ch,
          size,
          box: [
            Math.floor(x + left * size),
            Math.floor(baseline + top * size),
            Math.ceil(x + right * size),
            Math.ceil(baseline + bottom * size),
          ],
        })
      }
      x += advance
    }
    y = baseline + 0.45 * size
  }
  for (const size of [16, 22, 30, 44]) {
    textRow('FIG. 1 FIG. 2 FIG. 3 FIG. 4 FIG. 5'.slice(0, size > 30 ? 20 : 34), size)
    textRow(size > 30 ? 'FIG. 6 FIG. 7 FIG. 8' : 'FIG. 6 FIG. 7 FIG. 8 FIG. 9 ea8Bgo', size)
  }
  textRow('FIG. 9 e a 8 B g o', 56)

  // Dotted lines: round dots of 2-6 px across, horizontal and at 30°.
  y += 20
  const dotted = (x0, y0, angle, diameter, count) => {
    const step = 3 * diameter + 4
    const c = Math.cos(angle)
    const s = Math.sin(angle)
    for (let k = 0; k < count; k++) {
      const x = x0 + k * step * c
      const yy = y0 + k * step * s
      parts.push(`<circle cx="${f(x)}" cy="${f(yy)}" r="${f(diameter / 2)}"/>`)
      truth.dots.push({ x, y: yy, r: diameter / 2, kind: 'dotted' })
    }
  }
  for (const [k, d] of [2, 3, 4, 5, 6].map((v) => v * dots).entries()) {
    dotted(30, y + 14 * k + 0.5, 0, d, Math.floor(600 / (3 * d + 4)))
    dotted(700 + 120 * k, y + 0.5, Math.PI / 6, d, Math.floor(140 / (3 * d + 4)))
  }
  y += 100

  // Dashed lines: dash / gap lengths in px, the line as wide as the pen.
  const dashed = (x0, y0, angle, dash, gap, count) => {
    const c = Math.cos(angle)
    const s = Math.sin(angle)
    let t = 0
    for (let k = 0; k < count; k++) {
      const ax = x0 + t * c
      const ay = y0 + t * s
      const bx = ax + dash * c
      const by = ay + dash * s
      parts.push(
        `<line x1="${f(ax)}" y1="${f(ay)}" x2="${f(bx)}" y2="${f(by)}" stroke="black" stroke-width="${pen}"/>`,
      )
      const half = gap / 2 + pen / 2
      truth.lines.push({
        kind: 'dash',
        x0: ax,
        y0: ay,
        x1: bx,
        y1: by,
        // The gap centres on either side must stay paper (the dashes apart).
        gaps: [
          [ax - half * c, ay - half * s],
          [bx + half * c, by + half * s],
        ],
      })
      t += dash + gap + pen
    }
  }
  for (const [k, [dash, gap]] of [
    [8, 4],
    [12, 5],
    [16, 6],
    [24, 8],
  ].entries()) {
    dashed(30, y + 18 * k + 0.5, 0, dash, gap, Math.floor(620 / (dash + gap + pen)))
    dashed(720 + 140 * k, y, Math.PI / 4, dash, gap, Math.floor(110 / (dash + gap + pen)))
  }
  y += 100

  // Hatching: 150 px squares of parallel lines at 3-8 px pitch, horizontal and at 45°.
  const hatch = (x0, y0, size, pitch, angle) => {
    const lw = Math.min(pen, pitch / 2)
    const c = Math.cos(angle)
    const s = Math.sin(angle)
    // Lines of direction (c, s), offset along the normal (-s, c) from the square's centre.
    const cx = x0 + size / 2
    const cy = y0 + size / 2
    const reach = size * 0.7
    const lines = []
    for (let o = -reach; o <= reach; o += pitch) {
      const px = cx - o * s
      const py = cy + o * c
      // Clip the infinite line to the square (Liang-Barsky on t).
      let t0 = -Infinity
      let t1 = Infinity
      for (const [p, q] of [
        [-c, px - x0],
        [c, x0 + size - px],
        [-s, py - y0],
        [s, y0 + size - py],
      ]) {
        if (Math.abs(p) < 1e-9) {
          if (q < 0) t0 = Infinity
          continue
        }
        const r = q / p
        if (p < 0) t0 = Math.max(t0, r)
        else t1 = Math.min(t1, r)
      }
      if (t1 - t0 < 12) continue
      lines.push({ o, ax: px + t0 * c, ay: py + t0 * s, bx: px + t1 * c, by: py + t1 * s })
    }
    for (const [k, l] of lines.entries()) {
      parts.push(
        `<line x1="${f(l.ax)}" y1="${f(l.ay)}" x2="${f(l.bx)}" y2="${f(l.by)}" stroke="black" stroke-width="${f(lw)}"/>`,
      )
      truth.lines.push({
        kind: 'hatch',
        pitch,
        x0: l.ax,
        y0: l.ay,
        x1: l.bx,
        y1: l.by,
        // Paper halfway to each neighbour, checked at every sample along the line.
        sides: [k > 0 ? -pitch / 2 : null, k < lines.length - 1 ? pitch / 2 : null].filter(
          (v) => v !== null,
        ),
        normal: [-s, c],
      })
    }
  }
  for (const [k, pitch] of [3, 4, 5, 6, 8].entries()) {
    hatch(30 + 170 * k, y, 150, pitch, 0)
    hatch(30 + 170 * k, y + 170, 150, pitch, Math.PI / 4)
  }
  y += 340

  // Stippling: dots 1.6-3 px across, at least 5 px apart, in two densities.
  const stipple = (x0, y0, w, h, count, minGap) => {
    const placed = []
    for (let tries = 0; placed.length < count && tries < count * 30; tries++) {
      const x = x0 + rand() * w
      const yy = y0 + rand() * h
      const r = (0.8 + rand() * 0.7) * dots
      if (placed.some((p) => Math.hypot(p.x - x, p.y - yy) < minGap + p.r + r)) continue
      placed.push({ x, y: yy, r })
    }
    for (const p of placed) {
      parts.push(`<circle cx="${f(p.x)}" cy="${f(p.y)}" r="${f(p.r)}"/>`)
      truth.dots.push({ ...p, kind: 'stipple' })
    }
  }
  stipple(30, y, 300, 200, 500, 5)
  stipple(360, y, 300, 200, 900, 3)

  // Small circles (outlines), which must keep their hole: measured as glyphs.
  for (const [k, r] of [3, 4, 6, 8, 12].entries()) {
    const cx = 720 + 60 * k
    const cy = y + 40
    parts.push(
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="black" stroke-width="${pen}"/>`,
    )
    const m = Math.ceil(r + pen + 3)
    truth.glyphs.push({ ch: `circle r${r}`, size: r, box: [cx - m, cy - m, cx + m, cy + m] })
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="white"/>${parts.join('')}</svg>`
  return { name, width, height, svg, truth }
}

/**
 * The sheets: a fine pen with regular text, a heavier pen with bold text, and a screen's 1 px pen
 * with dots of 1-3.6 px (a figure copied from a viewer at about 100 DPI).
 */
export function sheetList() {
  return [
    makeSheet({ name: 'sheet screen (pen 1 px)', pen: 1, bold: false, seed: 13, dots: 0.6 }),
    makeSheet({ name: 'sheet fine (pen 1.5 px)', pen: 1.5, bold: false, seed: 7 }),
    makeSheet({ name: 'sheet bold (pen 2.5 px)', pen: 2.5, bold: true, seed: 11 }),
  ]
}

/** 8-connected ink components of a 0/1 mask: labels and per-component stats. */
function components(ink, width, height) {
  const label = new Int32Array(width * height).fill(-1)
  const comps = []
  const stack = []
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || label[start] >= 0) continue
    const id = comps.length
    const c = { n: 0, sx: 0, sy: 0, x0: width, y0: height, x1: 0, y1: 0 }
    label[start] = id
    stack.push(start)
    while (stack.length) {
      const i = stack.pop()
      const x = i % width
      const y = (i - x) / width
      c.n++
      c.sx += x + 0.5
      c.sy += y + 0.5
      if (x < c.x0) c.x0 = x
      if (x > c.x1) c.x1 = x
      if (y < c.y0) c.y0 = y
      if (y > c.y1) c.y1 = y
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx
          const ny = y + dy
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue
          const j = ny * width + nx
          if (ink[j] && label[j] < 0) {
            label[j] = id
            stack.push(j)
          }
        }
      }
    }
    comps.push(c)
  }
  return { label, comps }
}

/** Ink components (8-connected) and holes (4-connected paper not touching the box) in a box. */
function topology(ink, width, box) {
  const [x0, y0, x1, y1] = box
  const w = x1 - x0
  const h = y1 - y0
  const sub = new Uint8Array(w * h)
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) sub[y * w + x] = ink[(y0 + y) * width + x0 + x]
  const parts = components(sub, w, h).comps.length
  const seen = new Uint8Array(w * h)
  let holes = 0
  const stack = []
  for (let start = 0; start < sub.length; start++) {
    if (sub[start] || seen[start]) continue
    let border = false
    seen[start] = 1
    stack.push(start)
    while (stack.length) {
      const i = stack.pop()
      const x = i % w
      const y = (i - x) / w
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) border = true
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ]) {
        const nx = x + dx
        const ny = y + dy
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue
        const j = ny * w + nx
        if (!sub[j] && !seen[j]) {
          seen[j] = 1
          stack.push(j)
        }
      }
    }
    if (!border) holes++
  }
  return { parts, holes }
}

/** Ink at (x, y) of a mask, paper outside. */
const at = (mask, width, height, x, y) => {
  const ix = Math.floor(x)
  const iy = Math.floor(y)
  return ix >= 0 && iy >= 0 && ix < width && iy < height ? mask[iy * width + ix] : 0
}

/**
 * Scores one render (0/1 ink mask) against a sheet's truth; `inputInk` is the input's ink, the
 * legibility reference.
 */
export function scoreSheet(sheet, ink, inputInk) {
  const { width, height, truth } = sheet
  const { label, comps } = components(ink, width, height)
  const skeleton = thin(ink, width, height)
  const near = distanceTo(skeleton, width, height)
  const dotFound = (d) => {
    const reach = d.r + 1
    const seen = new Set()
    for (let y = Math.floor(d.y - reach); y <= Math.floor(d.y + reach); y++) {
      for (let x = Math.floor(d.x - reach); x <= Math.floor(d.x + reach); x++) {
        if (x < 0 || y < 0 || x >= width || y >= height) continue
        const id = label[y * width + x]
        if (id < 0 || seen.has(id)) continue
        seen.add(id)
        const c = comps[id]
        const across = Math.max(c.x1 - c.x0 + 1, c.y1 - c.y0 + 1)
        if (Math.hypot(c.sx / c.n - d.x, c.sy / c.n - d.y) <= reach && across <= 2 * d.r + 3)
          return true
      }
    }
    return false
  }
  const lineFound = (l) => {
    const length = Math.hypot(l.x1 - l.x0, l.y1 - l.y0)
    const steps = Math.max(2, Math.round(length))
    if (l.gaps?.some(([x, y]) => at(ink, width, height, x, y))) return false
    let good = 0
    let all = 0
    for (let k = 1; k < steps; k++) {
      const t = k / steps
      const x = l.x0 + t * (l.x1 - l.x0)
      const y = l.y0 + t * (l.y1 - l.y0)
      all++
      const ix = Math.floor(x)
      const iy = Math.floor(y)
      if (ix < 0 || iy < 0 || ix >= width || iy >= height) continue
      if (near[iy * width + ix] > LINE_PX) continue
      if (l.sides?.some((o) => at(ink, width, height, x + o * l.normal[0], y + o * l.normal[1])))
        continue
      good++
    }
    return good >= LINE_SHARE * all
  }
  const share = (items, found) => (items.length ? items.filter(found).length / items.length : null)
  const dots = (kind) => truth.dots.filter((d) => d.kind === kind)
  const lines = (kind, pitch) =>
    truth.lines.filter((l) => l.kind === kind && (pitch === undefined || l.pitch === pitch))
  const same = (g) => {
    const a = topology(ink, width, g.box)
    const b = topology(inputInk, width, g.box)
    return a.parts === b.parts && a.holes === b.holes
  }
  const glyphs = truth.glyphs.filter((g) => !g.ch.startsWith('circle'))
  const out = {
    dottedRecall: share(dots('dotted'), dotFound),
    stippleRecall: share(dots('stipple'), dotFound),
    dashRecall: share(lines('dash'), lineFound),
    hatchRecall: share(lines('hatch'), lineFound),
    legibility: share(glyphs, same),
    periods: share(
      glyphs.filter((g) => g.ch === '.'),
      same,
    ),
    circles: share(
      truth.glyphs.filter((g) => g.ch.startsWith('circle')),
      same,
    ),
  }
  for (const pitch of [3, 4, 5, 6, 8])
    out[`hatch@${pitch}`] = share(lines('hatch', pitch), lineFound)
  for (const size of [16, 22, 30, 44, 56]) {
    out[`legible@${size}`] = share(
      glyphs.filter((g) => g.size === size),
      same,
    )
  }
  return out
}

/**
 * Traces every sheet with the SHEET_ENGINES among `runners` (bench/support/vectorize-peers.mjs)
 * and scores the renders. @returns rows { sheet, engine, ms, …scores }
 */
export async function runSheets(runners, { write = false } = {}) {
  const rows = []
  const save = async (sheet, tag, gray) => {
    if (!write) return
    const { default: sharp } = await import('sharp')
    const file = `${sheet.name.split(' ')[1]}-${tag.split(' ')[0]}-${tag.split(' ')[1]}.png`
    await sharp(gray, { raw: { width: sheet.width, height: sheet.height, channels: 1 } })
      .png()
      .toFile(join(ROOT, 'bench/out', file))
  }
  for (const sheet of sheetList()) {
    const pixels = await renderTruth(sheet.svg, sheet.width, sheet.height)
    const input = { width: sheet.width, height: sheet.height, channels: 1, pixels }
    const inputInk = inkMask(pixels, 1, sheet.width, sheet.height)
    await save(sheet, 'input raster', pixels)
    rows.push({ sheet: sheet.name, engine: SCORER, ...scoreSheet(sheet, inputInk, inputInk) })
    for (const runner of runners.filter((r) => SHEET_ENGINES.includes(r.name))) {
      const result = await runner.run(prepare(input))
      if (result.skipped) continue
      const rgba = await renderSvg(result.svg, sheet.width, sheet.height)
      const ink = inkMask(rgba, 4, sheet.width, sheet.height)
      await save(
        sheet,
        runner.name,
        ink.map((v) => (v ? 0 : 255)),
      )
      rows.push({
        sheet: sheet.name,
        engine: runner.name,
        ms: result.ms,
        ...scoreSheet(sheet, ink, inputInk),
      })
    }
  }
  return rows
}

/** Prints the sheet measures: one table of the main ones, one by hatch pitch and text size. */
export function printSheets(rows) {
  const pct = (v) => (v === null || v === undefined ? '—' : `${(100 * v).toFixed(1)} %`)
  const main = {}
  const detail = {}
  for (const r of rows) {
    const key = `${r.engine} · ${r.sheet}`
    main[key] = {
      'dotted dots': pct(r.dottedRecall),
      'stipple dots': pct(r.stippleRecall),
      dashes: pct(r.dashRecall),
      'hatch lines': pct(r.hatchRecall),
      'glyphs legible': pct(r.legibility),
      periods: pct(r.periods),
      circles: pct(r.circles),
    }
    detail[key] = Object.fromEntries(
      Object.entries(r)
        .filter(([k]) => k.startsWith('hatch@') || k.startsWith('legible@'))
        .map(([k, v]) => [k, pct(v)]),
    )
  }
  console.log(
    '\nMade sheets (vector truth; renders at 1:1): dot recall (a round component within r + 1 px, at most 2r + 3 px across), dash and hatch-line recall (skeleton within 1.5 px along 80 % of the line, paper between neighbours), legibility (glyph boxes with the input’s ink components and holes)',
  )
  console.table(main)
  console.log('\nMade sheets: hatch-line recall by pitch (px), legibility by text size (px)')
  console.table(detail)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { loadEngine } = await import('./engine.mjs')
  const { loadRunners } = await import('./vectorize-peers.mjs')
  const engine = await loadEngine()
  const runners = await loadRunners(engine)
  // --write: the input and every render as PNGs under bench/out/ (sheet-engine.png).
  const rows = await runSheets(runners, { write: process.argv.includes('--write') })
  printSheets(rows)
}

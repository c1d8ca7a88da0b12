// `npm run gallery`: twenty varied /figures prompts drafted by the real engine (parser, ELK
// layout, numerals, resvg with the bundled font), every sheet written as PNG (2048 px, 300 DPI)
// and as outlined SVG, labeled and not, under gallery/ (git-ignored), with an index.html to look
// at them side by side. Prints one row per figure: what was parsed, how many sheets it takes, the
// smallest printed text height over them, the time to draft, and the figure checker's verdict.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadEngine } from '../bench/support/engine.mjs'
import { GALLERY_PROMPTS } from '../bench/support/figure-prompts.mjs'
import { printTable } from '../bench/support/table.mjs'
import { ROOT } from '../bench/support/wrangler-dev.mjs'

const OUT = join(ROOT, 'gallery')
mkdirSync(OUT, { recursive: true })
const engine = await loadEngine()
const metrics = engine.figureFontMetrics()
const rows = []
const cards = []
let failures = 0
for (const { name, prompt } of GALLERY_PROMPTS) {
  const parsed = engine.parsePrompt(prompt)
  if (!parsed.ok) {
    rows.push({
      figure: name,
      parsed: parsed.reason,
      sheets: '',
      'text cm': '',
      'numerals cm': '',
      'draft ms': '',
      verdict: parsed.message,
    })
    failures++
    continue
  }
  const { figure: structure } = parsed
  for (const labeled of [false, true]) {
    const t0 = performance.now()
    const figure = await engine.draftFigure(structure, { labeled, metrics })
    const ms = performance.now() - t0
    const file = `${name}${labeled ? '-labeled' : ''}`
    const problems = []
    const sizes = []
    for (const [i, sheet] of figure.sheets.entries()) {
      const svg = engine.writeFigureSvg(sheet.scene, { fontFamily: engine.FIGURE_FONT_FAMILY })
      const raster = await engine.rasterizeSvg(svg, 2048)
      const boxes = engine.sceneBoxesAt(sheet.scene, raster.width)
      const pixels = engine.checkFigure(raster, { marginPx: 40, ...boxes, minNumeralPx: 38 })
      const found = [...pixels.problems, ...engine.checkSceneLayout(sheet.scene)]
      const prefix = figure.sheets.length > 1 ? `${sheet.label}: ` : ''
      problems.push(...found.map((p) => `${prefix}${p}`))
      sizes.push(`${raster.width}x${raster.height}`)
      const sheetFile = figure.sheets.length > 1 ? `${file}-${i + 1}` : file
      const rowsOf = engine.bufferRows(raster.data, raster.width, raster.height, 1)
      const png = await engine.encodePng(rowsOf, { bitDepth: 1, density: { x: 300, y: 300 } })
      writeFileSync(join(OUT, `${sheetFile}.png`), engine.concatBytes(png.parts))
      writeFileSync(join(OUT, `${sheetFile}.svg`), await engine.outlineText(svg))
      cards.push(
        `<figure><img src="${sheetFile}.png" alt="${name}"><figcaption><b>${sheetFile}</b> (${sheet.label})<br>${escapeHtml(prompt)}</figcaption></figure>`,
      )
    }
    if (problems.length > 0) failures++
    const parts = structure.elements.filter((e) => e.kind !== 'terminal').length
    rows.push({
      figure: file,
      parsed: `${structure.kind}, ${parts} parts, ${structure.connections.length} links`,
      sheets: `${figure.sheets.length} (${sizes.join(', ')})`,
      'text cm': figure.labelHeightCm.toFixed(2),
      'numerals cm': labeled ? figure.numeralHeightCm.toFixed(2) : '',
      'draft ms': ms.toFixed(0),
      verdict: [...problems, ...figure.warnings].join('; ') || 'passes',
    })
  }
}
writeFileSync(
  join(OUT, 'index.html'),
  `<!doctype html><meta charset="utf-8"><title>Figure gallery</title><style>body{font:14px sans-serif;margin:1em}figure{display:inline-block;width:31%;margin:1%;vertical-align:top}img{width:100%;border:1px solid #ccc}</style>${cards.join('\n')}`,
)
printTable(rows)
console.log(`\n${rows.length} figures in ${OUT}; ${failures} with problems`)

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)
}

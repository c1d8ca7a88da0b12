// `npm run gallery`: twenty varied /figures prompts drafted by the real engine (parser, ELK
// layout, numerals, resvg with the bundled font), each written as PNG (2048 px, 300 DPI) and as
// outlined SVG, labeled and not, under gallery/ (git-ignored), with an index.html to look at them
// side by side. Prints one row per figure: what was parsed, the printed text height, the time to
// draft, and the figure checker's verdict.
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
      size: '',
      'text cm': '',
      'numerals cm': '',
      'draft ms': '',
      verdict: parsed.message,
    })
    failures++
    continue
  }
  const { spec } = parsed
  for (const labeled of [false, true]) {
    const t0 = performance.now()
    const figure = await engine.draftFigure(spec, { labeled, metrics })
    const ms = performance.now() - t0
    const svg = engine.writeFigureSvg(figure.scene, { fontFamily: engine.FIGURE_FONT_FAMILY })
    const raster = await engine.rasterizeSvg(svg, 2048)
    const boxes = engine.sceneBoxesAt(figure.scene, raster.width)
    const pixels = engine.checkFigure(raster, { marginPx: 40, ...boxes, minNumeralPx: 38 })
    const problems = [...pixels.problems, ...engine.checkSceneLayout(figure.scene)]
    if (problems.length > 0) failures++
    const file = `${name}${labeled ? '-labeled' : ''}`
    const rowsOf = engine.bufferRows(raster.data, raster.width, raster.height, 1)
    const png = await engine.encodePng(rowsOf, { bitDepth: 1, density: { x: 300, y: 300 } })
    writeFileSync(join(OUT, `${file}.png`), engine.concatBytes(png.parts))
    writeFileSync(join(OUT, `${file}.svg`), await engine.outlineText(svg))
    const boxesCount = spec.parts.filter((p) => p.shape !== 'terminal').length
    rows.push({
      figure: file,
      parsed: `${spec.kind}, ${boxesCount} parts, ${spec.links.length} links`,
      size: `${raster.width}x${raster.height}`,
      'text cm': figure.labelHeightCm.toFixed(2),
      'numerals cm': labeled ? figure.numeralHeightCm.toFixed(2) : '',
      'draft ms': ms.toFixed(0),
      verdict: [...problems, ...figure.warnings].join('; ') || 'passes',
    })
    cards.push(
      `<figure><img src="${file}.png" alt="${name}"><figcaption><b>${file}</b><br>${escapeHtml(prompt)}</figcaption></figure>`,
    )
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

// `npm run gallery`: twenty varied /figures diagram prompts and the object prompts of
// bench/support/object-prompts.mjs (each object in perspective, ten also as design-patent sets
// of seven views, five as exploded views) drafted by the real engine (parser or object reader,
// ELK layout or the object drafter, numerals, resvg with the bundled font), every sheet written
// as PNG (2048 px, 300 DPI) and as outlined SVG, labeled and not, under gallery/ (git-ignored),
// with an index.html to look at them side by side. Prints one table for the diagrams (what was
// parsed, how many sheets, the smallest printed text height, the time to draft, the figure
// checker's verdict) and one for the objects (elements and scene parts, views, read and draft
// ms, text height, and the verdict: the drawing checker's problems, the reader's and the
// faithfulness checker's warnings, numerals written but not drawn or drawn but not written, and
// a prompt /figures would read as a diagram before it reached the object drafter). A refused
// object prompt is a row with the refusal. `--diagrams` or `--objects` draws only that half;
// `--object-corpus` draws the object corpus (test/corpus/objects, written blind) instead of ours.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadEngine } from '../bench/support/engine.mjs'
import { GALLERY_PROMPTS } from '../bench/support/figure-prompts.mjs'
import { objectGalleryFigures } from '../bench/support/object-prompts.mjs'
import { printTable } from '../bench/support/table.mjs'
import { ROOT } from '../bench/support/wrangler-dev.mjs'

const OUT = join(ROOT, 'gallery')
mkdirSync(OUT, { recursive: true })
const args = process.argv.slice(2)
const corpus = args.includes('--object-corpus')
const withDiagrams = !args.includes('--objects') && !corpus
const withObjects = !args.includes('--diagrams')
const engine = await loadEngine()
const metrics = engine.figureFontMetrics()
const cards = { diagrams: [], objects: [] }

if (withDiagrams) {
  const { rows, failures } = await drawDiagrams()
  console.log('\nDiagrams and flowcharts')
  printTable(rows)
  console.log(`\n${rows.length} diagram figures in ${OUT}; ${failures} with problems`)
}
if (withObjects) {
  const { rows, failures, refused } = await drawObjects()
  console.log('\nObjects (the object drafter)')
  printTable(rows)
  console.log(
    `\n${rows.length} object figures in ${OUT}; ${refused} prompts refused, ${failures} drawings with problems`,
  )
}
const section = (title, list) => (list.length > 0 ? `<h2>${title}</h2>\n${list.join('\n')}` : '')
writeFileSync(
  join(OUT, 'index.html'),
  `<!doctype html><meta charset="utf-8"><title>Figure gallery</title><style>body{font:14px sans-serif;margin:1em}figure{display:inline-block;width:31%;margin:1%;vertical-align:top}img{width:100%;border:1px solid #ccc}</style>${section('Diagrams and flowcharts', cards.diagrams)}\n${section('Objects', cards.objects)}`,
)

async function drawDiagrams() {
  const rows = []
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
      const { problems, sizes } = await writeSheets(figure, file, name, prompt, cards.diagrams, 0)
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
  return { rows, failures }
}

async function drawObjects() {
  const rows = []
  let failures = 0
  let refused = 0
  for (const { name, views, prompt } of corpus ? corpusFigures() : objectGalleryFigures()) {
    const t0 = performance.now()
    const read = engine.readObjectFigure(prompt)
    const readMs = performance.now() - t0
    // /figures tries the diagram reader first: a prompt it reads never reaches the object drafter.
    const diagram = engine.readFigure(prompt)
    const routed = diagram.ok
      ? [`/figures reads this prompt as a ${diagram.figure.kind} first, not as an object`]
      : []
    if (!read.ok) {
      refused++
      rows.push({
        figure: name,
        asked: views,
        parts: '',
        views: '',
        'read ms': readMs.toFixed(0),
        'draft ms': '',
        'text cm': '',
        verdict: [`REFUSED (${read.reason}): ${read.message}`, ...routed].join('; '),
      })
      continue
    }
    const { figure: structure } = read
    const written = new Set(structure.elements.flatMap((e) => (e.numeral ? [e.numeral] : [])))
    if (structure.numeral) written.add(structure.numeral)
    for (const labeled of [false, true]) {
      const t1 = performance.now()
      const figure = await engine.draftObject(structure, { labeled, metrics })
      const ms = performance.now() - t1
      const file = `object-${name}${labeled ? '-labeled' : ''}`
      const { problems } = await writeSheets(
        figure,
        file,
        name,
        prompt,
        cards.objects,
        engine.OBJECT_LEAD_CROSSINGS,
      )
      // Faithful on the sheet too: exactly the numerals the reading holds are drawn, when labeled
      // (the reading itself was held to the prompt by readObjectFigure's faithfulness checker).
      if (labeled) {
        const drawn = new Set(figure.references.map((r) => r.numeral))
        const missing = [...written].filter((n) => !drawn.has(n))
        // A prompt that writes no numeral is numbered by the drafting convention (100, 102, ...):
        // every part is, then.
        const labels = new Set(figure.references.map((r) => r.label))
        const unnumbered =
          written.size > 0 ? [] : structure.elements.filter((e) => !labels.has(e.label))
        const extra = written.size === 0 ? [] : [...drawn].filter((n) => !written.has(n))
        if (missing.length > 0) problems.push(`numerals not drawn: ${missing.join(', ')}`)
        if (unnumbered.length > 0) {
          problems.push(`parts not numbered: ${unnumbered.map((e) => e.label).join(', ')}`)
        }
        if (extra.length > 0) problems.push(`numerals drawn but not written: ${extra.join(', ')}`)
      }
      if (problems.length > 0) failures++
      const sceneViews = structure.scene.views
      rows.push({
        figure: file,
        asked: views,
        parts: `${structure.elements.length} el, ${structure.scene.parts.length} parts`,
        views: sceneViews.length === 1 ? sceneViews[0].kind : `${sceneViews.length}`,
        'read ms': labeled ? '' : readMs.toFixed(0),
        'draft ms': ms.toFixed(0),
        'text cm': figure.labelHeightCm.toFixed(2),
        verdict:
          [...problems, ...(labeled ? [] : [...read.warnings, ...routed]), ...figure.warnings].join(
            '; ',
          ) || 'passes',
      })
    }
  }
  return { rows, failures, refused }
}

/**
 * Renders every sheet of a drafted figure at 2048 px, holds it to the drawing checker as the tests
 * do (object leads may cross `leadCrossings` lines), writes its PNG and outlined SVG, and adds its
 * card; returns the problems and sizes.
 */
async function writeSheets(figure, file, name, prompt, into, leadCrossings) {
  const problems = []
  const sizes = []
  for (const [i, sheet] of figure.sheets.entries()) {
    const svg = engine.writeFigureSvg(sheet.scene, { fontFamily: engine.FIGURE_FONT_FAMILY })
    const raster = await engine.rasterizeSvg(svg, 2048)
    const boxes = engine.sceneBoxesAt(sheet.scene, raster.width)
    const pixels = engine.checkFigure(raster, { marginPx: 40, ...boxes, minNumeralPx: 38 })
    const found = [...pixels.problems, ...engine.checkSceneLayout(sheet.scene, { leadCrossings })]
    const prefix = figure.sheets.length > 1 ? `${sheet.label}: ` : ''
    problems.push(...found.map((p) => `${prefix}${p}`))
    sizes.push(`${raster.width}x${raster.height}`)
    const sheetFile = figure.sheets.length > 1 ? `${file}-${i + 1}` : file
    const rowsOf = engine.bufferRows(raster.data, raster.width, raster.height, 1)
    const png = await engine.encodePng(rowsOf, { bitDepth: 1, density: { x: 300, y: 300 } })
    writeFileSync(join(OUT, `${sheetFile}.png`), engine.concatBytes(png.parts))
    writeFileSync(join(OUT, `${sheetFile}.svg`), await engine.outlineText(svg))
    into.push(
      `<figure><img src="${sheetFile}.png" alt="${name}"><figcaption><b>${sheetFile}</b> (${sheet.label})<br>${escapeHtml(prompt)}</figcaption></figure>`,
    )
  }
  return { problems, sizes }
}

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** The object corpus's prompts as gallery figures (their views are whatever each asks for). */
function corpusFigures() {
  const file = join(ROOT, 'test/corpus/objects/blind-1.json')
  const cases = JSON.parse(readFileSync(file, 'utf8'))
  return cases.map((c) => ({ name: c.id, field: 'corpus', views: 'as asked', prompt: c.prompt }))
}

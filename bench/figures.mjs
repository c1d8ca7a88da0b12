// `npm run bench -- figures`: the /figures drafter on the two figures, a 12-block nested
// system diagram and a 10-step flowchart with decisions and a loop, plus the two figures at the
// 40-part cap that bench/memory-endpoints.mjs sends (a hub diagram with 75 links, a 40-part
// method), from prompt to 2048 px PNG bytes: parse → draft (several ELK layouts tried, numerals
// placed, a figure whose text would print under 0.32 cm continued on further sheets) → SVG →
// resvg → gray PNG, every sheet.
// CPU time per stage from process.cpuUsage (one thread; target: under 300 ms a figure), first
// run and median of warm runs. The peer, in the same process: the same parts drawn by the same
// renderer but laid out once by dagre (the layered layout most diagram tools use, e.g. mermaid's
// default), with no numerals, no layout search and one sheet whatever its text height; the ratio
// is ours ÷ peer.
// Object rows (the object drafter, bench/support/object-prompts.mjs): a 20-part object in one view
// (a storage cabinet, 8 numbered elements), a seven-view design set and an exploded view, from
// prompt to PNG: read (object reader, solver, faithfulness checker) → draft (hidden-line removal
// per view, exploding, numerals) → SVG → resvg → 1-bit PNG. Target: the 20-part object in one
// view reads and drafts in ≤ 300 ms of CPU. The peer, in the same process: the same reading's
// scene drawn by a depth buffer (bench/support/object-peer.mjs: the same meshes and cameras, every
// triangle rasterized at the view's printed size and every feature and mesh silhouette edge kept
// where it is no deeper), no numerals, legends or exploding, by the same renderer.
// `npm run bench -- figures --objects` runs the object rows only.
import dagre from '@dagrejs/dagre'
import { blockDiagramPrompt, flowchartPrompt } from './memory-endpoints.mjs'
import { loadEngine } from './support/engine.mjs'
import { BENCH_PROMPTS } from './support/figure-prompts.mjs'
import { depthBufferScene } from './support/object-peer.mjs'
import { OBJECT_BENCH_PROMPTS } from './support/object-prompts.mjs'
import { printTable } from './support/table.mjs'

const RUNS = 15
/** Warm runs of the figures at the part cap. */
const CAP_RUNS = 2
/** Warm runs of the object figures. */
const OBJECT_RUNS = 9
/** The bound on reading and drafting a 20-part object in one view, CPU ms. */
const OBJECT_TARGET_MS = 300

export async function runFiguresBench() {
  const engine = await loadEngine()
  const metrics = engine.figureFontMetrics()
  if (process.argv.includes('--objects')) return objectRows(engine, metrics)
  const rows = []
  // The gallery-sized pair, and the two figures at the 40-part cap (fewer runs: seconds each).
  const figures = [
    ...Object.entries(BENCH_PROMPTS).map(([name, prompt]) => [name, prompt, RUNS]),
    ['cap40-block', blockDiagramPrompt(), CAP_RUNS],
    ['cap40-flow', flowchartPrompt(), CAP_RUNS],
  ]
  for (const [name, prompt, runs] of figures) {
    for (const labeled of [false, true]) {
      const ours = await measure(runs, async () => {
        const t = stopwatch()
        const parsed = engine.parsePrompt(prompt)
        if (!parsed.ok) throw new Error(`${name}: ${parsed.message}`)
        const parse = t.lap()
        const figure = await engine.draftFigure(parsed.figure, { labeled, metrics })
        const draft = t.lap()
        let bytes = 0
        for (const sheet of figure.sheets) bytes += (await toPng(engine, sheet.scene)).byteLength
        const render = t.lap()
        return {
          parse,
          draft,
          render,
          bytes,
          cm: figure.labelHeightCm,
          sheets: figure.sheets.length,
        }
      })
      const peer = await measure(runs, async () => {
        const t = stopwatch()
        const parsed = engine.parsePrompt(prompt)
        const parse = t.lap()
        const scene = dagreScene(engine, parsed.figure, metrics)
        const scale = engine.fitSheet(scene)
        const draft = t.lap()
        const png = await toPng(engine, scene)
        const render = t.lap()
        return {
          parse,
          draft,
          render,
          bytes: png.byteLength,
          cm: (0.729 * 54 * scale * 2.54) / 300,
          sheets: 1,
        }
      })
      const total = (r) => r.parse + r.draft + r.render
      rows.push({
        figure: `${name}${labeled ? ' labeled' : ''}`,
        'first ms': total(ours.first).toFixed(0),
        'parse ms': ours.median.parse.toFixed(1),
        'draft ms': ours.median.draft.toFixed(0),
        'render ms': ours.median.render.toFixed(0),
        'total ms': total(ours.median).toFixed(0),
        'dagre peer ms': total(peer.median).toFixed(0),
        ratio: (total(ours.median) / total(peer.median)).toFixed(2),
        sheets: ours.median.sheets,
        'text cm (peer)': `${ours.median.cm.toFixed(2)} (${peer.median.cm.toFixed(2)})`,
        'PNG KB': (ours.median.bytes / 1024).toFixed(0),
      })
    }
  }
  console.log('\n/figures drafter, prompt → PNG, CPU ms (median of warm runs; first = cold)')
  printTable(rows)
  await objectRows(engine, metrics)
}

/** The object drafter's rows beside the depth-buffer peer (see the header). */
async function objectRows(engine, metrics) {
  const rows = []
  let target
  for (const [name, prompt] of Object.entries(OBJECT_BENCH_PROMPTS)) {
    const read = () => {
      const reading = engine.readObjectFigure(prompt)
      if (!reading.ok) throw new Error(`${name}: ${reading.message}`)
      return reading.figure
    }
    const { scene } = read()
    for (const labeled of [false, true]) {
      const ours = await measure(OBJECT_RUNS, async () => {
        const t = stopwatch()
        const figure = read()
        const parse = t.lap()
        const drafted = await engine.draftObject(figure, { labeled, metrics })
        const draft = t.lap()
        let bytes = 0
        for (const sheet of drafted.sheets) bytes += (await toPng(engine, sheet.scene)).byteLength
        const render = t.lap()
        return {
          parse,
          draft,
          render,
          bytes,
          cm: drafted.labelHeightCm,
          numerals: drafted.references.length,
        }
      })
      const peer = await measure(OBJECT_RUNS, async () => {
        const t = stopwatch()
        const figure = read()
        const parse = t.lap()
        const drawn = depthBufferScene(engine, figure)
        engine.fitSheet(drawn)
        const draft = t.lap()
        const png = await toPng(engine, drawn)
        const render = t.lap()
        return { parse, draft, render, bytes: png.byteLength }
      })
      const total = (r) => r.parse + r.draft + r.render
      if (name === 'object20' && labeled) target = ours.median.parse + ours.median.draft
      rows.push({
        figure: `${name}${labeled ? ' labeled' : ''}`,
        'parts, views': `${scene.parts.length}, ${scene.views
          .map((v) => v.kind)
          .join('+')
          .replace('front+rear+left+right+top+bottom+perspective', '7 (design set)')}`,
        'first ms': total(ours.first).toFixed(0),
        'read ms': ours.median.parse.toFixed(1),
        'draft ms': ours.median.draft.toFixed(0),
        'render ms': ours.median.render.toFixed(0),
        'total ms': total(ours.median).toFixed(0),
        'peer draw ms': peer.median.draft.toFixed(0),
        'depth-buffer peer ms': total(peer.median).toFixed(0),
        ratio: (total(ours.median) / total(peer.median)).toFixed(2),
        numerals: labeled ? ours.median.numerals : '',
        'text cm': ours.median.cm.toFixed(2),
        'PNG KB (peer)': `${(ours.median.bytes / 1024).toFixed(0)} (${(peer.median.bytes / 1024).toFixed(0)})`,
      })
    }
  }
  console.log(
    '\n/figures object drafter, prompt → PNG, CPU ms (median of warm runs; first = cold), beside a depth-buffer peer',
  )
  printTable(rows)
  const verdict = target <= OBJECT_TARGET_MS ? 'within' : 'OVER'
  console.log(
    `20-part object, one view, labeled: read + draft ${target.toFixed(0)} ms of CPU, ${verdict} the ${OBJECT_TARGET_MS} ms target`,
  )
}

async function toPng(engine, scene) {
  const svg = engine.writeFigureSvg(scene, { fontFamily: engine.FIGURE_FONT_FAMILY })
  const raster = await engine.rasterizeSvg(svg, 2048)
  const rows = engine.bufferRows(raster.data, raster.width, raster.height, 1)
  const png = await engine.encodePng(rows, { bitDepth: 1, density: { x: 300, y: 300 } })
  return engine.concatBytes(png.parts)
}

/** CPU time of each stage, ms. */
function stopwatch() {
  let last = process.cpuUsage()
  return {
    lap() {
      const now = process.cpuUsage(last)
      last = process.cpuUsage()
      return (now.user + now.system) / 1000
    },
  }
}

async function measure(count, run) {
  const first = await run()
  const runs = []
  for (let i = 0; i < count; i++) runs.push(await run())
  const median = {}
  for (const key of Object.keys(first)) {
    const sorted = runs.map((r) => r[key]).sort((a, b) => a - b)
    median[key] = sorted[Math.floor(sorted.length / 2)]
  }
  return { first, median }
}

/** The peer: the drafter's parts and drawing, laid out by dagre (compound graph, one pass). */
function dagreScene(engine, figure, metrics) {
  const sized = engine.sizeParts(figure, metrics)
  const g = new dagre.graphlib.Graph({ compound: true, multigraph: true })
  g.setGraph({ rankdir: 'TB', nodesep: 49, ranksep: 49, marginx: 0, marginy: 0 })
  g.setDefaultEdgeLabel(() => ({}))
  for (const part of figure.elements) {
    const s = sized.get(part.id)
    g.setNode(
      part.id,
      s.container ? { paddingTop: s.titleHeight + 32 } : { width: s.width, height: s.height },
    )
  }
  for (const part of figure.elements) if (part.parent) g.setParent(part.id, part.parent)
  for (const [i, link] of figure.connections.entries()) g.setEdge(link.from, link.to, {}, `e${i}`)
  dagre.layout(g)
  const parts = new Map()
  for (const part of figure.elements) {
    const n = g.node(part.id)
    parts.set(part.id, {
      ...sized.get(part.id),
      rect: { x: n.x - n.width / 2, y: n.y - n.height / 2, width: n.width, height: n.height },
    })
  }
  const links = figure.connections.map((link, i) => ({
    link,
    points: g
      .edge({ v: link.from, w: link.to, name: `e${i}` })
      .points.map((p) => ({ x: p.x, y: p.y })),
  }))
  const graph = g.graph()
  return engine.drawParts({ parts, links, width: graph.width, height: graph.height }, metrics)
}

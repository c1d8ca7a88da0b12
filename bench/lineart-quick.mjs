// A quick loop for the lineart engine alone, scored as bench/vectorize.mjs scores it (same
// references, render and metric), without the other tracers: `node bench/lineart-quick.mjs`
// [--corpus] [--synthetic] [--sheets] (all three when none is given) [--only SUBSTRING]
// [--png] [--js]. --png writes bench/out/lineart-quick/<sheet>.png per corpus sheet: the input
// ink in light gray, matched output centerline in green, output centerline farther than the
// match distance from the input's skeleton (false positives) in red, reference skeleton the
// output misses in blue. --js runs the TypeScript pixel stages instead of the wasm kernels.
// potrace-wasm's corpus scores are computed once and kept in bench/out/lineart-quick/.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { build } from 'esbuild'
import sharp from 'sharp'
import { CORPUS_DIR, corpusFiles } from './support/vectorize-cases.mjs'
import { drawings } from './support/vectorize-drawings.mjs'
import { loadRunners, prepare } from './support/vectorize-peers.mjs'
import { centerlineMask, makeInput, VARIANTS } from './support/vectorize-raster.mjs'
import {
  inkMask,
  lineartReference,
  renderSvg,
  scoreLineart,
  skeletonOf,
  strokeWidthOf,
} from './support/vectorize-score.mjs'
import { printSheets, runSheets } from './support/vectorize-sheets.mjs'

const ROOT = new URL('..', import.meta.url).pathname
const OUT = join(ROOT, 'bench/out/lineart-quick')
const args = process.argv.slice(2)
const flag = (name) => args.includes(name)
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null
const some = flag('--corpus') || flag('--synthetic') || flag('--sheets')
mkdirSync(OUT, { recursive: true })

/** traceLineart + writeSvg only, bundled apart from the bench's engine bundle. */
async function loadLineart() {
  const outfile = join(OUT, 'engine.mjs')
  await build({
    stdin: {
      contents:
        "export { traceLineart } from './src/engines/lineart'\nexport { writeSvg } from './src/writers/svg'\n",
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outfile,
    logLevel: 'error',
  })
  const engine = await import(`${outfile}?${Date.now()}`)
  const wasm = flag('--js')
    ? null
    : await WebAssembly.compile(readFileSync(join(ROOT, 'wasm/dist/lineart.wasm')))
  return {
    traceLineart: (image, options = {}) => engine.traceLineart(image, { wasm, ...options }),
    writeSvg: engine.writeSvg,
  }
}

async function runOurs(engine, input) {
  const started = performance.now()
  const { drawing } = await engine.traceLineart({
    width: input.width,
    height: input.height,
    channels: 1,
    data: input.pixels,
  })
  const svg = engine.writeSvg(drawing)
  return { svg, ms: performance.now() - started }
}

async function readSheet(file) {
  const { data, info } = await sharp(file)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { width: info.width, height: info.height, channels: 1, pixels: new Uint8Array(data) }
}

/** The diagnostic picture of one corpus sheet (see the banner). */
async function writeDiagnostic(name, input, ref, ink) {
  const { width, height } = input
  const out = skeletonOf(ink, width, height, ref.cleaning)
  const rgb = new Uint8Array(width * height * 3).fill(255)
  const paint = (i, r, g, b) => {
    rgb[3 * i] = r
    rgb[3 * i + 1] = g
    rgb[3 * i + 2] = b
  }
  let outDistance = null
  for (let i = 0; i < width * height; i++) if (input.pixels[i] < 128) paint(i, 215, 215, 215)
  const { distanceTo } = await import('./support/vectorize-skeleton.mjs')
  outDistance = distanceTo(out, width, height)
  for (let i = 0; i < width * height; i++) {
    if (ref.skeleton[i] && outDistance[i] > 2) paint(i, 0, 60, 255)
    if (out[i]) {
      if (ref.distance[i] > 2) paint(i, 255, 0, 0)
      else paint(i, 0, 170, 0)
    }
  }
  await sharp(rgb, { raw: { width, height, channels: 3 } })
    .png()
    .toFile(join(OUT, `${name}.png`))
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length
const f4 = (v) => (typeof v === 'number' ? v.toFixed(4) : '—')

async function corpus(engine) {
  const files = (corpusFiles() ?? []).filter((f) => !only || basename(f).includes(only))
  if (files.length === 0) {
    console.log(`No corpus sheets at ${CORPUS_DIR}`)
    return
  }
  const cacheFile = join(OUT, 'potrace-wasm.json')
  const cache = existsSync(cacheFile) ? JSON.parse(readFileSync(cacheFile, 'utf8')) : {}
  let potrace = null
  const table = {}
  const ours = []
  const peer = []
  for (const file of files) {
    const name = basename(file)
    const input = await readSheet(file)
    const { width, height } = input
    const ink = inkMask(input.pixels, 1, width, height)
    const ref = lineartReference(ink, width, height, strokeWidthOf(ink, width, height))
    const { svg, ms } = await runOurs(engine, input)
    const render = inkMask(await renderSvg(svg, width, height), 4, width, height)
    const s = scoreLineart(ref, render)
    if (!cache[name]) {
      potrace ??= (await loadRunners({})).find((r) => r.name === 'potrace wasm')
      const result = await potrace.run(prepare(input))
      const theirs = inkMask(await renderSvg(result.svg, width, height), 4, width, height)
      cache[name] = scoreLineart(ref, theirs)
      writeFileSync(cacheFile, JSON.stringify(cache, null, 1))
    }
    const p = cache[name]
    ours.push(s)
    peer.push(p)
    table[name.replace(/-2020\d+/, '').replace(/\.png$/, '')] = {
      F1: f4(s.f1),
      prec: f4(s.precision),
      rec: f4(s.recall),
      chamfer: s.chamfer.toFixed(3),
      'pot F1': f4(p.f1),
      'pot prec': f4(p.precision),
      'pot rec': f4(p.recall),
      'pot cham': p.chamfer.toFixed(3),
      ms: Math.round(ms),
    }
    if (flag('--png')) await writeDiagnostic(name.replace(/\.png$/, ''), input, ref, render)
  }
  const avg = (rows, key) => mean(rows.map((r) => r[key]))
  table.MEAN = {
    F1: f4(avg(ours, 'f1')),
    prec: f4(avg(ours, 'precision')),
    rec: f4(avg(ours, 'recall')),
    chamfer: avg(ours, 'chamfer').toFixed(3),
    'pot F1': f4(avg(peer, 'f1')),
    'pot prec': f4(avg(peer, 'precision')),
    'pot rec': f4(avg(peer, 'recall')),
    'pot cham': avg(peer, 'chamfer').toFixed(3),
    ms: '',
  }
  console.log(
    '\nCorpus: ours traceLineart vs potrace wasm (stroke F1@2px against the input skeleton)',
  )
  console.table(table)
}

async function synthetic(engine) {
  const all = drawings()
  const table = {}
  const byVariant = new Map()
  for (const base of all) {
    if (base.kind !== 'lineart') continue
    if (only && !base.name.includes(only)) continue
    const row = {}
    for (const variant of VARIANTS) {
      const { drawing, input } = await makeInput(base, variant)
      if (input.channels !== 1) continue
      const { width, height } = drawing
      const ref = lineartReference(centerlineMask(drawing), width, height, drawing.strokeWidth)
      const { svg } = await runOurs(engine, input)
      const s = scoreLineart(ref, inkMask(await renderSvg(svg, width, height), 4, width, height))
      row[variant.name.slice(0, 12)] = `${s.f1.toFixed(3)}·${s.endpointRatio?.toFixed(2) ?? '—'}`
      if (!byVariant.has(variant.name)) byVariant.set(variant.name, [])
      byVariant.get(variant.name).push(s.f1)
    }
    table[base.name] = row
  }
  console.log('\nSynthetic drawings: F1@2px · endpoint ratio')
  console.table(table)
  const summary = {}
  let clean = []
  const everything = []
  for (const [name, f1s] of byVariant) {
    summary[name.slice(0, 30)] = f4(mean(f1s))
    if (name === 'clean') clean = f1s
    everything.push(...f1s)
  }
  summary['all synthetic'] = f4(mean(everything))
  summary['clean only'] = f4(mean(clean))
  console.table(summary)
}

async function sheets(engine) {
  const runner = {
    name: 'ours traceLineart',
    run: async (input) => runOurs(engine, input),
  }
  printSheets(await runSheets([runner], { write: flag('--write') }))
}

const engine = await loadLineart()
if (!some || flag('--corpus')) await corpus(engine)
if (!some || flag('--synthetic')) await synthetic(engine)
if (!some || flag('--sheets')) await sheets(engine)

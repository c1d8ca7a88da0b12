// `npm run bench -- binarize`: the evidence behind src/engines/gray/binarize.ts and tone.ts.
// 1. Speed of the production stages on a 4096 × 3000 page under Node (this machine), and a check
//    that the production pass gives exactly the bench's whole-page reference of the same rule.
// 2. Binarization: every compared method on the corpus's bilevel USPTO sheets, clean and as
//    simulated 600-DPI scans, at both presets, scored against the clean sheet (metrics in
//    bench/support/binarize-truth.mjs), averaged per preset and input group.
// 3. Tone: line art or continuous tone for every corpus page variant and for continuous-tone
//    images made in code or by ImageMagick, with the feature values and the margin between the
//    two populations.
// The corpus lives outside the repository (../shared/corpus/patent-drawings, beside the repository); without it, 2
// and the corpus rows of 3 are skipped with a message. BENCH_SHEETS=n keeps the first n corpus
// files (quick runs); BENCH_WORKERS=n sets the worker threads (default: one per core). The full
// run takes ~20 min on the 2-core dev box.
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { METHODS, PRESETS, pageAt, toneRow, VARIANTS } from './support/binarize-cases.mjs'
import {
  blur,
  CORPUS_DIR,
  corpusFiles,
  gaussian,
  random,
  toneSamples,
} from './support/binarize-images.mjs'
import * as M from './support/binarize-methods.mjs'
import { loadEngine } from './support/engine.mjs'
import { ROOT } from './support/wrangler-dev.mjs'

/** A 600-DPI-like scan of line art: frame, grid, diagonals, circles, hatching, text-like dashes, stipple. */
function scanLikePage(width, height) {
  const ink = new Float32Array(width * height)
  const u = random(5)
  const set = (x, y) => {
    if (x >= 0 && y >= 0 && x < width && y < height) ink[y * width + x] = 1
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const grid = x % 400 < 4 || y % 300 < 4
      const hatch = x % 400 > 250 && y % 300 > 200 && (x + y) % 14 < 2
      const text = y % 300 > 40 && y % 300 < 70 && x % 400 > 30 && x % 400 < 180 && x % 16 < 3
      const diagonal = Math.abs(((x * 3 + y * 2) % 1700) - 850) < 2
      if (grid || hatch || text || diagonal) ink[y * width + x] = 1
    }
  }
  for (let k = 0; k < 40; k++) {
    const cx = u() * width
    const cy = u() * height
    const r = 50 + u() * 300
    for (let a = 0; a < 2 * Math.PI * r; a++) {
      set(Math.round(cx + r * Math.cos(a / r)), Math.round(cy + r * Math.sin(a / r)))
    }
  }
  for (let k = 0; k < 30000; k++) {
    const x = Math.floor(u() * width * 0.5)
    const y = Math.floor(u() * height * 0.3)
    set(x, y)
    set(x + 1, y)
    set(x, y + 1)
  }
  blur(ink, width, height, 0.8)
  const normal = gaussian(random(6))
  const page = new Uint8Array(width * height)
  for (let i = 0; i < page.length; i++) {
    const v = 235 - 215 * Math.min(1, ink[i]) + 4 * normal()
    page[i] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v)
  }
  return page
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[sorted.length >> 1]
}

function timeIt(runs, prepare, run) {
  const times = []
  for (let r = 0; r < runs; r++) {
    const input = prepare()
    const started = performance.now()
    run(input)
    times.push(performance.now() - started)
  }
  return { median: median(times), min: Math.min(...times) }
}

/** 1. Speed, and production pass = reference rule. */
function speed(engine) {
  const width = 4096
  const height = 3000
  const page = scanLikePage(width, height)
  const histogram = engine.pageHistogram(page)
  const params = engine.chooseThreshold(histogram, 'lineart')
  const mpx = (width * height) / 1e6
  const rows = []
  const row = (name, t) =>
    rows.push({
      stage: name,
      'median ms': t.median.toFixed(1),
      'min ms': t.min.toFixed(1),
      'Mpx/s': (mpx / (t.median / 1000)).toFixed(0),
    })
  row(
    'pageHistogram',
    timeIt(
      9,
      () => page,
      (p) => engine.pageHistogram(p),
    ),
  )
  row(
    'classifyTone + chooseThreshold',
    timeIt(
      9,
      () => histogram,
      (h) => {
        engine.classifyTone(page, { width, height }, h)
        engine.chooseThreshold(h, 'lineart')
      },
    ),
  )
  row(
    'binarizePage, scan-like line art',
    timeIt(
      9,
      () => page.slice(),
      (p) => engine.binarizePage(p, width, height, params),
    ),
  )
  // Worst case: every pixel in the ridge band, so every pixel runs the ridge test.
  const u = random(9)
  const band = new Uint8Array(width * height)
  const span = params.high - params.low
  for (let i = 0; i < band.length; i++) band[i] = params.low + 1 + Math.floor(u() * span)
  row(
    'binarizePage, every pixel in the ridge band',
    timeIt(
      9,
      () => band.slice(),
      (p) => engine.binarizePage(p, width, height, params),
    ),
  )
  console.log(
    `\nSpeed under Node ${process.version}, one ${width} × ${height} page (${mpx.toFixed(1)} Mpx); parameters chosen for the scan-like page: ${JSON.stringify(params)}. Memory of binarizePage: 3 × width bytes (${(3 * width) / 1024} KiB) besides the page, by construction.`,
  )
  console.table(rows)
  const production = page.slice()
  engine.binarizePage(production, width, height, params)
  const reference = M.ridge(page, width, height, {
    lo: params.low,
    hi: params.high,
    margin: params.margin,
    reach: 2,
    strictPair: true,
    keepGaps: true,
  })
  let differ = 0
  for (let i = 0; i < page.length; i++) if (production[i] !== reference[i]) differ++
  console.log(
    `Production pass against the whole-page reference of the same rule (bench/support/binarize-methods.mjs): ${differ === 0 ? 'identical' : `${differ} pixels differ`}.`,
  )
}

/** 2 and the corpus part of 3, spread over worker threads. */
async function runCorpus(files) {
  const count = Math.max(
    1,
    Math.min(files.length, Number(process.env.BENCH_WORKERS ?? availableParallelism())),
  )
  const queue = [...files]
  const metrics = []
  const tone = []
  let done = 0
  await Promise.all(
    Array.from({ length: count }, () => {
      const worker = new Worker(join(ROOT, 'bench/support/binarize-worker.mjs'))
      return new Promise((resolve, reject) => {
        const next = () => {
          const file = queue.shift()
          if (file) worker.postMessage(file)
          else worker.terminate().then(resolve)
        }
        worker.on('message', (message) => {
          if (message.error) {
            reject(new Error(`${message.file}: ${message.error}`))
            return
          }
          if (message.result) {
            metrics.push(...message.result.metrics)
            tone.push(...message.result.tone)
            done++
            process.stderr.write(
              `  corpus ${done}/${files.length}: ${message.file.split('/').at(-1)}\n`,
            )
          }
          next()
        })
        worker.on('error', reject)
      })
    }),
  )
  return { metrics, tone }
}

const METRIC_COLUMNS = [
  ['thinRecall', 'thin-line recall', 4],
  ['gaps', 'gaps / sheet', 1],
  ['merges', 'merges %', 1],
  ['lost', 'lost strokes %', 2],
  ['filled', 'filled holes %', 1],
  ['area', 'area ratio', 3],
  ['speckle', 'speckle / Mpx', 1],
  ['f1', 'F1', 3],
  ['oldRecall', 'study recall', 3],
  ['oldArea', 'study area', 3],
  ['ms', 'ms', 0],
]

/** 2. Averages per preset and input group. */
function printBinarization(metrics) {
  const sheets = new Set(metrics.map((m) => m.sheet))
  console.log(
    `\nBinarization on ${sheets.size} bilevel USPTO sheets. Per page, against the clean sheet: thin-line recall = centreline points of strokes ≤ 3 px (300 DPI) with black within the 2 × 2 nearest output pixels; gaps = runs of missed centreline (breaks, lost dots) per sheet; merges = ideal strokes joined to another, per 100 strokes; lost = ideal strokes with no black; filled = enclosed holes ≥ 4 px (counters, gaps in hatching) left without white; area = black over the ideal render (coverage ≥ 1/2 plus centreline pixels); speckle = black farther than 2 px from any ideal black, per Mpx; study recall/area = the first numpy study's figures (coverage ≥ 0.25 black; black over coverage).`,
  )
  const groups = [...new Set(metrics.map((m) => m.group))]
  for (const preset of PRESETS) {
    for (const group of groups) {
      const rows = metrics.filter((m) => m.preset === preset && m.group === group)
      if (rows.length === 0) continue
      const variants = [...new Set(rows.map((r) => r.variant))].join('; ')
      console.log(`\n${preset} px (${preset === 2048 ? 300 : 600} DPI), ${group}: ${variants}`)
      const table = {}
      for (const method of Object.keys(METHODS)) {
        const mine = rows.filter((r) => r.method === method)
        const entry = {}
        for (const [key, label, digits] of METRIC_COLUMNS) {
          entry[label] = (mine.reduce((s, r) => s + r[key], 0) / mine.length).toFixed(digits)
        }
        entry['min thin recall'] = Math.min(...mine.map((r) => r.thinRecall)).toFixed(4)
        table[method] = entry
      }
      console.table(table)
    }
  }
}

/** 3. The tone table: one row per image, then the margin. */
function printTone(tone, engine) {
  const byImage = new Map()
  for (const t of tone) {
    const rows = byImage.get(t.image) ?? []
    rows.push(t)
    byImage.set(t.image, rows)
  }
  const table = {}
  for (const [image, rows] of byImage) {
    const range = (key) => {
      const values = rows.map((r) => r[key])
      return `${Math.min(...values).toFixed(3)}…${Math.max(...values).toFixed(3)}`
    }
    const lineart = rows.filter((r) => r.kind === 'lineart').length
    const expected = rows[0].expected
    const right = rows.filter((r) => r.kind === expected).length
    table[image] = {
      expected,
      pages: rows.length,
      'as line art': lineart,
      'non-paper share': range('nonPaper'),
      'mid-tone share': range('midTone'),
      'flat mid-tone share': range('flatMidTone'),
      blank: rows.some((r) => r.blank) ? 'yes' : '',
      result: right === rows.length ? 'ok' : `${rows.length - right} WRONG`,
    }
  }
  console.log(
    `\nTone classification: each corpus file as ${VARIANTS.length} inputs (${VARIANTS.map((v) => v.name).join('; ')}) × 2 presets; made images × 2 presets. Line art when blank, or mid-tone share ≤ ${engine.MAX_BILEVEL_MID_SHARE}; otherwise continuous when flat mid-tone share ≥ ${engine.MIN_PHOTO_FLAT_SHARE}; otherwise line art when non-paper share ≤ ${engine.MAX_NON_PAPER_SHARE} or flat mid-tone share ≤ ${engine.MAX_LINEART_FLAT_SHARE}.`,
  )
  console.table(table)
  // The margins of the two cuts on the flat mid-tone share, over the pages each one decides.
  const counted = tone.filter((t) => !t.blank && t.midTone > engine.MAX_BILEVEL_MID_SHARE)
  const cont = counted.filter((t) => t.expected === 'continuous')
  const line = counted.filter((t) => t.expected === 'lineart')
  const dense = line.filter((t) => t.nonPaper > engine.MAX_NON_PAPER_SHARE)
  const pick = (rows, key, larger) =>
    rows.reduce((a, b) => ((larger ? b[key] > a[key] : b[key] < a[key]) ? b : a), rows[0])
  const where = (t) => `${t.image}, ${t.variant}, ${t.preset} px`
  if (cont.length && line.length) {
    const l = pick(line, 'flatMidTone', true)
    const c = pick(cont, 'flatMidTone', false)
    console.log(
      `Flat mid-tone share: line art at most ${l.flatMidTone.toFixed(4)} (${where(l)}); continuous tone at least ${c.flatMidTone.toFixed(4)} (${where(c)}); photo cut ${engine.MIN_PHOTO_FLAT_SHARE}.`,
    )
  }
  if (dense.length) {
    const l = pick(dense, 'flatMidTone', true)
    console.log(
      `Line art with over ${engine.MAX_NON_PAPER_SHARE} non-paper: flat mid-tones at most ${l.flatMidTone.toFixed(4)} (${where(l)}); dense line-art cut ${engine.MAX_LINEART_FLAT_SHARE}.`,
    )
  }
  const heavy = cont.filter((t) => t.nonPaper > engine.MAX_NON_PAPER_SHARE)
  if (heavy.length) {
    const c = pick(heavy, 'flatMidTone', false)
    console.log(
      `Continuous tone with over ${engine.MAX_NON_PAPER_SHARE} non-paper: flat mid-tones at least ${c.flatMidTone.toFixed(4)} (${where(c)}).`,
    )
  }
  const wrong = tone.filter((t) => t.kind !== t.expected)
  console.log(
    wrong.length === 0
      ? 'Misclassified: none.'
      : `Misclassified: ${wrong.map((t) => `${t.image} / ${t.variant} / ${t.preset}`).join('; ')}`,
  )
}

export async function runBinarizeBench() {
  const engine = await loadEngine()
  speed(engine)
  let files = corpusFiles()
  let corpus = { metrics: [], tone: [] }
  if (!files) {
    console.log(
      `\nCorpus not found at ${CORPUS_DIR}: the binarization table and the corpus rows of the tone table are skipped.`,
    )
  } else {
    if (process.env.BENCH_SHEETS) files = files.slice(0, Number(process.env.BENCH_SHEETS))
    corpus = await runCorpus(files)
  }
  const made = []
  for (const sample of toneSamples()) {
    for (const preset of PRESETS) {
      made.push({
        image: sample.name,
        variant: 'made',
        preset,
        expected: sample.expected,
        probe: sample.probe ?? false,
        ...toneRow(engine, await pageAt(engine, sample, preset)),
      })
    }
  }
  if (corpus.metrics.length) printBinarization(corpus.metrics)
  printTone([...corpus.tone, ...made], engine)
}

if (import.meta.url === `file://${process.argv[1]}`) await runBinarizeBench()

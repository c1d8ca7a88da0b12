// `npm run bench -- drawings`: a gate that every figure of the prompt corpus
// (test/corpus/prompts/*.json, which holds the gallery's twenty prompts as gallery.json) is read
// faithfully and drawn to the rules. Each prompt goes through readFigure (the rule reader, then
// the faithfulness checker; a refusal is recorded with the checker's problems); a figure it reads
// is drafted twice (labeled false and true), and the case's hand-written answer once, labeled: a
// failure on the answer too is the drafter's, one on the reading only comes from what was read
// (often more than the answer holds, such as signal names on links). Every sheet
// is rendered at 2048 px and held to the drawing checker as the tests hold it (sheetsProblems in
// test/support/figures.ts: tone, margins, line widths, numerals ≥ 38 px, overlaps, leads,
// labels in their shapes), and every text's printed cap height is measured from the scene (size ×
// 0.729 × the sheet's scale), which must reach 38 px = 0.32 cm (37 CFR 1.84(p)(3)).
// Prints a table per corpus file and in total, every refusal and every failing figure with its
// problems, and, beside its peer, the drafter's ms per figure against the rule reader's ms per
// prompt. Exit code 1 when a drafted figure (the reader's or an answer) fails the checker, prints
// text under 0.32 cm or throws; `--strict` also fails on refusals.
// Flags after the name: `--gallery` adds the prompts `npm run gallery` draws that the corpus does
// not already hold; `--case ID` runs one case with every detail, `--set NAME` one corpus file
// (gallery-script: the added gallery prompts); `--verbose` prints every detail of every case;
// `--workers N` (or BENCH_WORKERS) sets the worker threads (default 2; timings are taken with the
// workers side by side, so compare ratios). Results go to bench/out/drawings.json.
// 251 cases (November 2026): 371 s of CPU, 387 s wall on 2 cores other jobs shared, 0.74 GB RSS.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { Worker } from 'node:worker_threads'
import { build } from 'esbuild'
import { GALLERY_PROMPTS } from './support/figure-prompts.mjs'
import { printTable } from './support/table.mjs'
import { ROOT } from './support/wrangler-dev.mjs'

const CORPUS = join(ROOT, 'test/corpus/prompts')
const GALLERY_SET = 'gallery-script'
/** Worker threads by default: the machine this gate runs on has two cores. */
const DEFAULT_WORKERS = 2

export async function runDrawingsBench(args = process.argv.slice(3)) {
  const started = performance.now()
  const verbose = args.includes('--verbose')
  const strict = args.includes('--strict')
  const only = flag(args, '--case')
  const set = flag(args, '--set')
  const source = sourceState()
  await bundle()
  const { jobs, galleryNote } = collectJobs({ gallery: args.includes('--gallery'), only, set })
  if (jobs.length === 0) {
    console.log(
      `No case ${only ?? ''} in ${set ?? 'the corpus'}${galleryNote ? ' or the gallery' : ''}`,
    )
    process.exitCode = 1
    return
  }
  const workers = Math.max(
    1,
    Math.min(
      jobs.length,
      availableParallelism(),
      Number(flag(args, '--workers') ?? process.env.BENCH_WORKERS ?? DEFAULT_WORKERS),
    ),
  )
  const results = await runJobs(jobs, workers)
  const cases = jobs.map((job) => ({ ...job, ...results.get(job.key) }))
  writeFileSync(
    join(ROOT, 'bench/out/drawings.json'),
    JSON.stringify(
      cases.map(({ figure, ...c }) => c),
      null,
      1,
    ),
  )

  if (verbose || only) for (const c of cases) printCase(c, { prompt: Boolean(only) })

  const sets = [...new Set(cases.map((c) => c.set))]
  const rows = sets.map((set) =>
    summary(
      set,
      cases.filter((c) => c.set === set),
    ),
  )
  if (sets.length > 1) rows.push(summary('all', cases))
  console.log(
    '\nDrawings of the prompt corpus (test/corpus/prompts): read, drafted labeled and not, every sheet checked\n',
  )
  printTable(rows)
  if (galleryNote) console.log(`\n${galleryNote}`)

  const crashed = cases.filter((c) => c.crashed)
  const refused = cases.filter((c) => !c.read.ok && !c.crashed)
  for (const c of crashed) console.log(`\n${c.set} ${c.id} THREW: ${c.read.message}`)
  if (refused.length > 0) {
    console.log(`\nRefused by the reader (${refused.length}):`)
    for (const c of refused) {
      console.log(`  ${c.set} ${c.id} (${c.read.reason}):`)
      const lines = c.read.problems.length > 0 ? c.read.problems : [c.read.message]
      for (const line of lines) console.log(`    ${line}`)
    }
  }
  const failing = cases.flatMap((c) =>
    c.drafts.filter(fails).map((d) => ({ c, d, name: `${c.set} ${c.id}, ${figureName(d)}` })),
  )
  if (failing.length > 0) {
    console.log(`\nFailing figures (${failing.length}):`)
    for (const { d, name } of failing) {
      const sheets = d.sheets?.length ?? 0
      console.log(`  ${name} (${sheets} ${sheets === 1 ? 'sheet' : 'sheets'}):`)
      for (const line of failureLines(d)) console.log(`    ${line}`)
    }
    printSplit(cases)
  }
  const invalid = cases.filter((c) => c.answerInvalid)
  for (const c of invalid) console.log(`\n${c.set} ${c.id}: the answer is not a valid figure`)

  printPeer(cases)
  const wall = (performance.now() - started) / 1000
  const usage = process.resourceUsage()
  const cpu = (usage.userCPUTime + usage.systemCPUTime) / 1e6
  console.log(
    `\n${cases.length} cases, ${workers} worker threads: wall ${wall.toFixed(1)} s, CPU ${cpu.toFixed(1)} s, peak RSS ${(usage.maxRSS / 1024).toFixed(0)} MB`,
  )
  console.log(`Source: ${source}`)
  const gate = failing.length + crashed.length + (strict ? refused.length : 0)
  console.log(
    gate === 0
      ? `Gate passes: every drafted figure passes the drawing checker with text ≥ 0.32 cm${strict ? ', and no prompt is refused' : ''}`
      : `Gate fails: ${failing.length} drafted ${failing.length === 1 ? 'figure fails' : 'figures fail'}${crashed.length ? `, ${crashed.length} cases threw` : ''}${strict ? `, ${refused.length} prompts refused` : ''}`,
  )
  if (gate > 0) process.exitCode = 1
}

/** The bundle the workers import: the .wasm and .ttf that test/support reads become Node reads. */
async function bundle() {
  const files = {
    name: 'node-files',
    setup(b) {
      b.onResolve({ filter: /\.(wasm|ttf)$/ }, (a) => ({
        path: resolve(a.resolveDir, a.path),
        namespace: 'node-file',
      }))
      b.onLoad({ filter: /.*/, namespace: 'node-file' }, (a) => {
        const bytes = `readFileSync(${JSON.stringify(a.path)})`
        const value = a.path.endsWith('.wasm')
          ? `new WebAssembly.Module(${bytes})`
          : `new Uint8Array(${bytes})`
        return {
          contents: `import { readFileSync } from 'node:fs'\nexport default ${value}`,
          resolveDir: dirname(a.path),
          loader: 'js',
        }
      })
    },
  }
  await build({
    entryPoints: [join(ROOT, 'bench/support/drawings-entry.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: join(ROOT, 'bench/out/drawings.mjs'),
    plugins: [files],
    logLevel: 'error',
  })
}

/** The corpus cases (and the gallery's prompts the corpus does not hold), in report order. */
function collectJobs({ gallery, only, set: onlySet }) {
  const jobs = []
  const files = readdirSync(CORPUS)
    .filter((f) => f.endsWith('.json'))
    .sort()
  for (const file of files) {
    const set = file.replace(/\.json$/, '')
    for (const c of JSON.parse(readFileSync(join(CORPUS, file), 'utf8'))) {
      jobs.push({ key: `${set}/${c.id}`, set, id: c.id, prompt: c.prompt, figure: c.figure })
    }
  }
  let galleryNote = null
  if (gallery) {
    const held = new Set(jobs.map((j) => j.prompt))
    const added = GALLERY_PROMPTS.filter((p) => !held.has(p.prompt))
    for (const { name, prompt } of added) {
      jobs.push({ key: `${GALLERY_SET}/${name}`, set: GALLERY_SET, id: name, prompt, figure: null })
    }
    galleryNote = `--gallery: ${GALLERY_PROMPTS.length} prompts of npm run gallery, ${GALLERY_PROMPTS.length - added.length} already drafted as corpus cases, ${added.length} added as ${GALLERY_SET} (no hand-written answers)`
  }
  const chosen = jobs.filter((j) => (!only || j.id === only) && (!onlySet || j.set === onlySet))
  return { jobs: chosen, galleryNote }
}

/** Runs the jobs over `count` worker threads, the largest answers first; results by key. */
async function runJobs(jobs, count) {
  const size = (j) => j.figure?.elements?.length ?? j.prompt.length / 40
  const queue = [...jobs].sort((a, b) => size(b) - size(a))
  const results = new Map()
  const progress = process.stderr.isTTY
  await Promise.all(
    Array.from({ length: count }, () => {
      const worker = new Worker(join(ROOT, 'bench/support/drawings-worker.mjs'))
      return new Promise((resolve, reject) => {
        const next = () => {
          const job = queue.shift()
          if (!job) {
            worker.terminate().then(resolve)
            return
          }
          const { key, prompt, figure } = job
          worker.postMessage({ key, prompt, figure })
        }
        worker.on('message', (message) => {
          if (message.error) {
            // A throw outside a draft (the reader's, say) is a bug: kept as the case's result,
            // and the gate fails on it, but the other cases still run.
            const read = { ok: false, reason: 'threw', message: message.error, problems: [] }
            results.set(message.key, { crashed: true, readMs: 0, read, drafts: [] })
          } else if (!message.ready) {
            results.set(message.key, message.result)
            if (progress) process.stderr.write(`\r  ${results.size}/${jobs.length} cases`)
          }
          next()
        })
        worker.on('error', reject)
      })
    }),
  )
  if (progress) process.stderr.write('\n')
  return results
}

/** A drafted figure fails when it threw, the checker found anything, or a text prints small. */
const fails = (d) => Boolean(d.error) || d.problems.length > 0 || d.smallCount > 0

const figureName = (d) =>
  d.from === 'answer' ? 'the answer, labeled' : `read, ${d.labeled ? 'labeled' : 'unlabeled'}`

function failureLines(d) {
  if (d.error) return [d.error]
  const lines = [...d.problems]
  if (d.smallCount > 0) {
    lines.push(
      `${d.smallCount} texts under 0.32 cm${d.smallCount > d.small.length ? ', among them' : ''}: ${d.small.join('; ')}`,
    )
  }
  for (const w of d.warnings) lines.push(`(drafter warning) ${w}`)
  return lines
}

/**
 * Which side a failing case points at: the answer drawn badly too (the drafter, whatever was
 * read), only the reading (what the reader read, often more than the answer holds, meets a
 * drafter weakness), or only the answer (the reading differs and avoids it).
 */
function printSplit(cases) {
  const groups = { both: [], 'reading only': [], 'answer only': [] }
  for (const c of cases) {
    const reading = c.drafts.some((d) => d.from === 'reader' && fails(d))
    const answer = c.drafts.some((d) => d.from === 'answer' && fails(d))
    if (reading && answer) groups.both.push(c.id)
    else if (reading) groups['reading only'].push(c.id)
    else if (answer) groups['answer only'].push(c.id)
  }
  console.log('\nFailing cases by side (the reading drafted labeled or not; the answer labeled):')
  for (const [side, ids] of Object.entries(groups)) {
    console.log(`  ${side} (${ids.length}): ${ids.join(', ') || '—'}`)
  }
}

/** One row of the totals table over `cases`. */
function summary(set, cases) {
  const read = cases.flatMap((c) => c.drafts.filter((d) => d.from === 'reader'))
  const answers = cases.flatMap((c) => c.drafts.filter((d) => d.from === 'answer'))
  const drawn = [...read, ...answers].filter((d) => !d.error)
  const least = (key) => {
    const values = drawn.map((d) => d[key]).filter((v) => typeof v === 'number')
    return values.length ? (Math.floor(Math.min(...values) * 1000) / 1000).toFixed(3) : '—'
  }
  const ms = read.map((d) => d.draftMs)
  return {
    set,
    cases: cases.length,
    refused: cases.filter((c) => !c.read.ok && !c.crashed).length,
    'figures drafted': read.length,
    'checker fails': read.filter((d) => d.error || d.problems.length > 0).length,
    'text < 0.32 cm': read.filter((d) => d.smallCount > 0).length,
    warned: read.filter((d) => d.warnings?.length > 0).length,
    answers: answers.length,
    'answers failing': answers.filter(fails).length,
    'answer alarms': cases.filter((c) => c.answerAlarms?.length > 0).length,
    'min text cm': least('textCm'),
    'min numeral cm': least('numeralCm'),
    'max sheets': Math.max(0, ...drawn.map((d) => d.sheets.length)),
    'draft ms p50': fixed(percentile(ms, 0.5), 0),
    'draft ms p95': fixed(percentile(ms, 0.95), 0),
    'check ms p50': fixed(
      percentile(
        read.map((d) => d.checkMs),
        0.5,
      ),
      0,
    ),
  }
}

/** The drafter's figure beside its peer: the rule reader's time on the same prompts. */
function printPeer(cases) {
  const reads = cases.filter((c) => !c.crashed).map((c) => c.readMs)
  const drafts = (labeled) =>
    cases.flatMap((c) => c.drafts.filter((d) => d.from === 'reader' && d.labeled === labeled))
  const rows = []
  const readP50 = percentile(reads, 0.5)
  const readMean = mean(reads)
  const add = (stage, ms) =>
    rows.push({
      stage,
      n: ms.length,
      'ms p50': fixed(percentile(ms, 0.5), 2),
      'ms p95': fixed(percentile(ms, 0.95), 2),
      'ms mean': fixed(mean(ms), 2),
      '÷ reader (p50)': fixed(percentile(ms, 0.5) / readP50, 0),
      '÷ reader (mean)': fixed(mean(ms) / readMean, 0),
    })
  add('rule reader + faithfulness checker, per prompt', reads)
  add(
    'drafter, unlabeled, per figure',
    drafts(false).map((d) => d.draftMs),
  )
  add(
    'drafter, labeled, per figure',
    drafts(true).map((d) => d.draftMs),
  )
  add(
    'render + drawing checker, per figure',
    [...drafts(false), ...drafts(true)].map((d) => d.checkMs),
  )
  console.log('\nBeside its peer: the drafter per figure against the rule reader per prompt\n')
  printTable(rows)
}

function printCase(c, { prompt }) {
  console.log(`\n${c.set} ${c.id}: read in ${c.readMs.toFixed(1)} ms`)
  if (prompt) console.log(`  prompt: ${c.prompt}`)
  if (c.read.ok) {
    for (const w of c.read.warnings) console.log(`  reader warning: ${w}`)
  } else {
    console.log(`  REFUSED (${c.read.reason}): ${c.read.message}`)
    for (const p of c.read.problems) console.log(`    ${p}`)
  }
  for (const alarm of c.answerAlarms ?? [])
    console.log(`  faithfulness alarm on the answer: ${alarm}`)
  for (const d of c.drafts) {
    if (d.error) {
      console.log(`  ${figureName(d)}: ${d.error}`)
      continue
    }
    const numerals = d.numeralCm === null ? '' : `, numerals ${fixed(d.numeralCm, 3)} cm`
    console.log(
      `  ${figureName(d)}: ${d.sheets.join(', ')}; text ${fixed(d.textCm, 3)} cm${numerals} (drafter: ${d.labelHeightCm.toFixed(3)}${d.numeralHeightCm === null ? '' : ` / ${d.numeralHeightCm.toFixed(3)}`}); draft ${d.draftMs.toFixed(0)} ms, check ${d.checkMs.toFixed(0)} ms${fails(d) ? '' : '; passes'}`,
    )
    for (const line of failureLines(d)) console.log(`    ${line}`)
  }
}

/** The commit the bundle was built from, and whether src/ or the corpus had edits on top. */
function sourceState() {
  try {
    const git = (...a) => execFileSync('git', a, { cwd: ROOT, encoding: 'utf8' }).trim()
    const edited = git('status', '--porcelain', '--', 'src', 'test/corpus', 'test/support')
    const files = edited ? edited.split('\n').length : 0
    return `${git('rev-parse', '--short', 'HEAD')}${files ? `, ${files} files in src/ or test/ edited on top` : ''}`
  } catch {
    return 'not a git checkout'
  }
}

function flag(args, name) {
  const at = args.indexOf(name)
  return at >= 0 ? args[at + 1] : undefined
}

function percentile(values, q) {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]
}

const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null)
const fixed = (x, digits) =>
  x === null || x === undefined || !Number.isFinite(x) ? '—' : x.toFixed(digits)

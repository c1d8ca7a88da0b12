// `npm run bench -- object-understanding`: the object reader of /figures on the object corpus
// (test/corpus/objects/*.json: prompts for drawings of things with hand-written readings, written
// blind by a helper who never saw the reader). For each file and in total: part F1 (a pair needs
// a similar label and the same numeral), numeral accuracy, shape accuracy (and how many misses
// were close neighbours), count, `on` and `where` accuracy over matched parts, views, hidden
// lines and legend right, numerals the prompt never wrote (must be 0), parts dropped with no
// warning, and the reading time. `-- object-understanding --verbose` lists what went wrong in
// each case; `--case ID` shows one with its reading.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { printTable } from './support/table.mjs'
import { ROOT } from './support/wrangler-dev.mjs'

const CORPUS = join(ROOT, 'test/corpus/objects')

export async function runObjectUnderstandingBench(args = process.argv.slice(3)) {
  const outfile = join(ROOT, 'bench/out/object-understanding.mjs')
  await build({
    stdin: {
      contents: `export { readObject } from './src/engines/object/read'
export { readingOf, scoreObject, totalObjectScores } from './test/support/object-score'`,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'error',
  })
  const engine = await import(`${outfile}?${Date.now()}`)
  const verbose = args.includes('--verbose')
  const only = args.includes('--case') ? args[args.indexOf('--case') + 1] : null
  const files = readdirSync(CORPUS)
    .filter((f) => f.endsWith('.json'))
    .sort()
  const rows = []
  const all = []
  let msAll = 0
  for (const file of files) {
    const cases = JSON.parse(readFileSync(join(CORPUS, file), 'utf8'))
    const scores = []
    let ms = 0
    for (const c of cases) {
      if (only && c.id !== only) continue
      const t0 = performance.now()
      const draft = engine.readObject(c.prompt)
      ms += performance.now() - t0
      const score = engine.scoreObject(c.prompt, c.answer, engine.readingOf(draft), draft.warnings)
      scores.push(score)
      if ((verbose || only) && (score.notes.length > 0 || score.invented.length > 0)) {
        console.log(`\n${file} ${c.id}`)
        if (only) console.log(c.prompt)
        for (const note of score.notes) console.log(`  ${note}`)
        if (score.invented.length) console.log(`  invented: ${score.invented.join(', ')}`)
      }
      if (only) console.log(JSON.stringify(engine.readingOf(draft), null, 1), draft.warnings)
    }
    if (scores.length === 0) continue
    rows.push(row(engine, file.replace(/\.json$/, ''), scores, ms))
    all.push(...scores)
    msAll += ms
  }
  if (all.length === 0) return
  if (rows.length > 1) rows.push(row(engine, 'all', all, msAll))
  console.log('\nObject reader on the object corpus (test/corpus/objects), per file and in total\n')
  printTable(rows)
}

function row(engine, name, scores, ms) {
  const t = engine.totalObjectScores(scores)
  const pct = (x) => x.toFixed(3)
  return {
    set: name,
    prompts: t.cases,
    'part F1': pct(t.partF1),
    numerals: pct(t.numeralAccuracy),
    shape: pct(t.shapeAccuracy),
    'shape near': pct(t.shapeNear),
    count: pct(t.countAccuracy),
    on: pct(t.onAccuracy),
    where: pct(t.whereAccuracy),
    views: pct(t.viewsAccuracy),
    hidden: pct(t.hiddenAccuracy),
    legend: pct(t.labelAccuracy),
    invented: t.invented,
    'dropped silently': t.dropped,
    'ms/prompt': (ms / scores.length).toFixed(2),
  }
}

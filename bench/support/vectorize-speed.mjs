// trace beside the potrace CLI on the corpus sheets of 4 to 8 MP (issue 25's speed target: within
// 1.2× on dense and sparse sheets), for bench/vectorize.mjs, or alone: `node
// bench/support/vectorize-speed.mjs [--quick]`. The two run in turns in this thread (the workers
// are done by then), each sheet ROUNDS times in alternating order, and each time is the median of
// its rounds, so a neighbour's load weighs on both alike. A sheet is sparse below SPARSE_INK of
// ink (luma < 128), dense from DENSE_INK.
import { basename } from 'node:path'
import sharp from 'sharp'
import { prepare } from './vectorize-peers.mjs'

const MIN_PX = 4_000_000
const MAX_PX = 8_000_000
const ROUNDS = 5
/** Untimed traces before the first timed one. */
const WARM_UP_RUNS = 3
const SPARSE_INK = 0.02
const DENSE_INK = 0.05
/** The target: trace's time within this multiple of the CLI's. */
export const CLI_RATIO_TARGET = 1.2
const OURS = 'ours traceImage'
const CLI = 'potrace CLI'

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]
const geomean = (xs) =>
  xs.length ? Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length) : null

/** The corpus sheets of 4-8 MP as gray inputs, with their ink share and kind. */
async function sheetsOf(files) {
  const out = []
  for (const file of files) {
    const { width, height } = await sharp(file).metadata()
    if (width * height < MIN_PX || width * height > MAX_PX) continue
    const { data, info } = await sharp(file)
      .flatten({ background: '#ffffff' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true })
    const pixels = new Uint8Array(data)
    let ink = 0
    for (let i = 0; i < pixels.length; i++) if (pixels[i] < 128) ink++
    const share = ink / pixels.length
    const kind = share < SPARSE_INK ? 'sparse' : share >= DENSE_INK ? 'dense' : 'medium'
    const input = { width: info.width, height: info.height, channels: 1, pixels }
    out.push({ id: basename(file), input, ink: share, kind })
  }
  return out
}

/**
 * Times trace and the potrace CLI on the 4-8 MP corpus sheets (with `quick`, the sparsest and the
 * densest only). @returns rows { sheet, mp, ink, kind, ours, cli, ratio } (ms), or null when
 * either runner is missing
 */
export async function runSheetSpeed(runners, files, { quick = false } = {}) {
  const ours = runners.find((r) => r.name === OURS)
  const cli = runners.find((r) => r.name === CLI)
  if (!ours || !cli || !files) return null
  let sheets = await sheetsOf(files)
  if (quick && sheets.length > 2) {
    sheets.sort((a, b) => a.ink - b.ink)
    sheets = [sheets[0], sheets[sheets.length - 1]]
  }
  const rows = []
  // This thread has not traced yet: the first traces pay for the compiler (its optimising tier
  // takes several runs of a sheet to settle, more on a busy machine), untimed.
  for (let k = 0; k < Math.min(WARM_UP_RUNS, 2 * sheets.length); k++) {
    await ours.run(prepare(sheets[k % sheets.length].input))
  }
  for (const sheet of sheets) {
    const times = { [OURS]: [], [CLI]: [] }
    const prepared = prepare(sheet.input)
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [cli, ours] : [ours, cli]
      for (const runner of order) times[runner.name].push((await runner.run(prepared)).ms)
    }
    const a = median(times[OURS])
    const b = median(times[CLI])
    rows.push({
      sheet: sheet.id,
      mp: (sheet.input.width * sheet.input.height) / 1e6,
      ink: sheet.ink,
      kind: sheet.kind,
      ours: a,
      cli: b,
      ratio: a / b,
    })
  }
  return rows
}

/** Prints the per-sheet table and the ratio lines (geometric means of per-sheet ratios). */
export function printSheetSpeed(rows) {
  if (!rows) {
    console.log('\ntrace vs potrace CLI on 4-8 MP sheets: not run (no corpus or no potrace CLI).')
    return
  }
  console.log(
    `\ntrace vs potrace CLI on the 4-8 MP corpus sheets (wall ms, median of ${ROUNDS} rounds run in turns; trace = traceImage + writeSvg; CLI = -s --flat on a PBM less a no-op spawn; sparse: ink < ${100 * SPARSE_INK} %, dense: ink ≥ ${100 * DENSE_INK} %)`,
  )
  const table = {}
  for (const r of rows) {
    table[r.sheet] = {
      MP: r.mp.toFixed(1),
      'ink %': (100 * r.ink).toFixed(2),
      kind: r.kind,
      'trace ms': r.ours.toFixed(1),
      'CLI ms': r.cli.toFixed(1),
      'trace ÷ CLI': r.ratio.toFixed(2),
    }
  }
  console.table(table)
  for (const line of sheetSpeedTargets(rows)) console.log(`  ${line}`)
}

/** The target lines: per kind and over all sheets, with the worst sheet. */
export function sheetSpeedTargets(rows) {
  if (!rows?.length) return ['trace time ≤ 1.2 × potrace CLI on 4-8 MP sheets: — → n/a']
  const lines = []
  for (const kind of ['sparse', 'dense', 'all']) {
    const mine = rows.filter((r) => kind === 'all' || r.kind === kind)
    const ratio = geomean(mine.map((r) => r.ratio))
    if (ratio === null) continue
    const worst = mine.reduce((w, r) => (r.ratio > w.ratio ? r : w))
    const verdict = ratio <= CLI_RATIO_TARGET ? 'PASS' : 'FAIL'
    lines.push(
      `trace time ≤ ${CLI_RATIO_TARGET} × potrace CLI's on 4-8 MP ${kind === 'all' ? '' : `${kind} `}sheets (per-sheet ratio, geometric mean over ${mine.length}): ${ratio.toFixed(2)} → ${verdict} (worst ${worst.ratio.toFixed(2)}, ${worst.sheet}: ${worst.ours.toFixed(0)} vs ${worst.cli.toFixed(0)} ms)`,
    )
  }
  return lines
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { loadEngine } = await import('./engine.mjs')
  const { loadRunners } = await import('./vectorize-peers.mjs')
  const { corpusFiles } = await import('./vectorize-cases.mjs')
  const runners = await loadRunners(await loadEngine())
  printSheetSpeed(
    await runSheetSpeed(runners, corpusFiles(), { quick: process.argv.includes('--quick') }),
  )
}

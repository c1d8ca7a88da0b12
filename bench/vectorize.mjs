// `npm run bench:vectorize` (= `npm run bench -- vectorize`): our two tracing engines against
// the peers that install here, scored by the bench itself (render back with resvg, compare).
// - trace family (filled outlines): ours traceImage, potrace CLI, potrace wasm, VTracer,
//   imagetracerjs; IoU of ink and boundary F1 within 2 px against the input (gray inputs), mean
//   ΔE76 (colour inputs), elements, segments, gzip size, time.
// - lineart family (centerlines): ours traceLineart and the same peers; both sides thinned by
//   the bench's own thinning, then chamfer distance, stroke precision/recall/F1 within 2 px,
//   length and endpoint ratios, stroke-only, sizes, time.
// Inputs: synthetic drawings with known truth (bench/support/vectorize-drawings.mjs), clean and
// degraded (vectorize-raster.mjs), and the corpus sheets when ../shared/corpus is present. Then,
// in the main thread: trace beside the potrace CLI on the 4-8 MP corpus sheets, sparse and dense,
// run in turns (vectorize-speed.mjs; `--quick`: the sparsest and the densest); and the made
// sheets (vectorize-sheets.mjs): dot, dash and hatch-line recall and glyph legibility of the
// line-art engines on patent-style sheets with vector truth. The trace IoU target reads against
// the vector truth where the image has one (synthetic), else against the input cut at 128.
// Lineart's corpus F1 reads against the input's skeleton cut at 128, and a second time (no
// target) cut at each sheet's Otsu level, where a gray sheet's lines are in the reference and
// potrace wasm traces the sheet cut at that level; its tone (no target) is the ink coverage of
// 16 px blocks, render against input.
// The full run (87 images, then the 4-8 MP sheets in turns: ~½ min more) takes ~2.5 min on the
// 2-core dev box; `--quick` (4 drawings × 2 variants, 1 corpus sheet, 2 sheets in turns) ~30 s.
// Time: each image's runners run in turns (each once per round, 5 rounds, or 1 when a run takes
// 200 ms or more), before any output is scored; a runner's time is the median of its runs.
// BENCH_WORKERS=n sets the worker threads (default: one per core; timings are taken with the
// workers running side by side, so compare ratios, and use BENCH_WORKERS=1 for quieter absolute
// times). Per-image results go to bench/out/vectorize.json
// (bench/out/ is ignored by git).
import { mkdirSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { loadEngine } from './support/engine.mjs'
import { CORPUS_DIR, caseList, corpusFiles, SCORER_CHECK } from './support/vectorize-cases.mjs'
import { IMAGETRACER_MAX_PX, loadRunners, missingPeers } from './support/vectorize-peers.mjs'
import { MATCH_PX, SPUR_WIDTHS, TONE_BLOCK_PX } from './support/vectorize-score.mjs'
import { printSheets, runSheets } from './support/vectorize-sheets.mjs'
import { printSheetSpeed, runSheetSpeed, sheetSpeedTargets } from './support/vectorize-speed.mjs'
import { ROOT } from './support/wrangler-dev.mjs'

const OUT_FILE = join(ROOT, 'bench/out/vectorize.json')
const REFERENCE = 'potrace wasm'
/** Issue 25's speed target: trace within this multiple of potrace wasm's time per image. */
const TIME_TARGET = 1.2
const CATEGORIES = ['synthetic clean', 'synthetic degraded', 'corpus']

/** Runs the cases over worker threads; returns { runners, images, rows }. */
async function runCases(cases) {
  const count = Math.max(
    1,
    Math.min(cases.length, Number(process.env.BENCH_WORKERS ?? availableParallelism())),
  )
  const queue = [...cases]
  const images = []
  const rows = []
  let runners = []
  let done = 0
  await Promise.all(
    Array.from({ length: count }, () => {
      const worker = new Worker(join(ROOT, 'bench/support/vectorize-worker.mjs'))
      return new Promise((resolve, reject) => {
        const next = () => {
          const desc = queue.shift()
          if (desc) worker.postMessage(desc)
          else worker.terminate().then(resolve)
        }
        worker.on('message', (message) => {
          if (message.ready) runners = message.runners
          else if (message.error) {
            reject(new Error(`${message.id}: ${message.error}`))
            return
          } else {
            images.push(message.result.image)
            for (const row of message.result.rows) rows.push({ image: message.id, ...row })
            done++
            process.stderr.write(`  ${done}/${cases.length}: ${message.id}\n`)
          }
          next()
        })
        worker.on('error', reject)
      })
    }),
  )
  const order = new Map(cases.map((c, k) => [c.id, k]))
  images.sort((a, b) => order.get(a.id) - order.get(b.id))
  return { runners, images, rows }
}

const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null)
const geomean = (xs) => (xs.length ? Math.exp(mean(xs.map(Math.log))) : null)
const fixed = (x, digits) => (x === null || x === undefined ? '—' : x.toFixed(digits))
const numbers = (rows, key) =>
  rows.map((r) => r[key]).filter((v) => typeof v === 'number' && Number.isFinite(v))

/** Per-image ratio of a row's `key` to the reference peer's on the same image and family. */
function ratios(rows, all, key) {
  const out = []
  for (const r of rows) {
    const ref = all.find(
      (q) => q.image === r.image && q.family === r.family && q.engine === REFERENCE,
    )
    if (ref && typeof r[key] === 'number' && ref[key] > 0 && r[key] > 0) out.push(r[key] / ref[key])
  }
  return out
}

/** Line ends of the output skeletons over those of the references, all images pooled. */
function pooledEnds(rows) {
  let ends = 0
  let reference = 0
  for (const r of rows) {
    ends += r.ends
    reference += r.referenceEnds
  }
  return reference ? ends / reference : null
}

/** One summary entry: averages over the images a runner ran on. */
function summarize(family, rows, all, images) {
  const ran = rows.filter((r) => !r.skipped && !r.error)
  const entry = { images: `${ran.length}/${images}` }
  const avg = (key, digits) => fixed(mean(numbers(ran, key)), digits)
  if (family === 'trace') {
    entry.IoU = avg('iou', 4)
    entry['IoU vs truth'] = avg('iouTruth', 4)
    entry['boundary F1'] = avg('boundaryF1', 4)
    entry['colour ΔE76'] = avg('colourError', 2)
  } else {
    const checked = ran.filter((r) => typeof r.strokeOnly === 'boolean')
    entry['stroke-only'] = checked.length
      ? `${checked.filter((r) => r.strokeOnly).length}/${checked.length}`
      : '—'
    entry['F1@2px'] = avg('f1', 4)
    entry.precision = avg('precision', 4)
    entry.recall = avg('recall', 4)
    entry['chamfer px'] = avg('chamfer', 3)
    entry['length ratio'] = avg('lengthRatio', 3)
    entry['endpoint ratio'] = fixed(pooledEnds(ran), 3)
    entry['extra ends / image'] = fixed(mean(ran.map((r) => r.ends - r.referenceEnds)), 1)
  }
  entry.elements = avg('elements', 0)
  entry.segments = avg('segments', 0)
  const gzip = mean(numbers(ran, 'gzipBytes'))
  entry['gzip KiB'] = gzip === null ? '—' : (gzip / 1024).toFixed(1)
  entry.ms = avg('ms', 1)
  entry[`ms ÷ ${REFERENCE}`] = fixed(geomean(ratios(ran, all, 'ms')), 2)
  entry[`gzip ÷ ${REFERENCE}`] = fixed(geomean(ratios(ran, all, 'gzipBytes')), 2)
  return entry
}

/** A family's tables: engines averaged, by category, by drawing and by variant. */
function printFamily(family, runners, images, rows) {
  const mine = rows.filter((r) => r.family === family)
  const familyImages = images.filter((img) => mine.some((r) => r.image === img.id))
  const engines = [
    ...runners.filter((r) => r.families.includes(family)).map((r) => r.name),
    ...(family === 'lineart' ? [SCORER_CHECK] : []),
  ]
  const title =
    family === 'trace'
      ? 'Trace family (filled outlines): IoU and boundary F1 on gray inputs against the input cut at 128 (IoU vs truth: against the clean drawing); ΔE76 on colour inputs against the input'
      : `Lineart family (centerlines): render and reference thinned by the bench; reference = truth centerlines 1 px wide (synthetic) or the input's skeleton (corpus); spurs ≤ ${SPUR_WIDTHS} stroke widths pruned on both; endpoint ratio = line ends of the output skeletons over the reference's, pooled over the images`
  console.log(
    `\n${title}. ${familyImages.length} images; averages over the images each engine ran on; ratios are geometric means of per-image ratios.`,
  )
  const table = {}
  for (const engine of engines) {
    table[engine] = summarize(
      family,
      mine.filter((r) => r.engine === engine),
      mine,
      familyImages.length,
    )
  }
  console.table(table)
  const breakdown = {}
  for (const category of CATEGORIES) {
    const ids = new Set(
      familyImages.filter((img) => img.category === category).map((img) => img.id),
    )
    if (ids.size === 0) continue
    for (const engine of engines) {
      const entry = summarize(
        family,
        mine.filter((r) => r.engine === engine && ids.has(r.image)),
        mine,
        ids.size,
      )
      const keep =
        family === 'trace'
          ? [
              'images',
              'IoU',
              'boundary F1',
              'colour ΔE76',
              'gzip KiB',
              'ms',
              `ms ÷ ${REFERENCE}`,
              `gzip ÷ ${REFERENCE}`,
            ]
          : [
              'images',
              'stroke-only',
              'F1@2px',
              'chamfer px',
              'length ratio',
              'endpoint ratio',
              `ms ÷ ${REFERENCE}`,
              `gzip ÷ ${REFERENCE}`,
            ]
      breakdown[`${engine} · ${category}`] = Object.fromEntries(keep.map((k) => [k, entry[k]]))
    }
  }
  console.log(`\n${family}: by category`)
  console.table(breakdown)
  printPivot(family, 'drawing', familyImages, engines, mine)
  printPivot(family, 'variant', familyImages, engines, mine)
}

/**
 * Engines side by side per synthetic drawing (mean over its variants) or per variant (mean over
 * the drawings; the corpus as one more row): IoU (ΔE76 for colour inputs) for trace; F1@2px ·
 * pooled endpoint ratio for line art.
 */
function printPivot(family, by, images, engines, rows) {
  const groups = new Map()
  for (const img of images) {
    if (by === 'drawing' && img.category === 'corpus') continue
    const group = img.category === 'corpus' ? 'corpus' : img[by]
    if (!groups.has(group)) groups.set(group, new Set())
    groups.get(group).add(img.id)
  }
  const table = {}
  for (const [group, ids] of groups) {
    table[group] = {}
    for (const engine of engines) {
      const mine = rows.filter((r) => r.engine === engine && ids.has(r.image) && !r.error)
      if (family === 'trace') {
        const iou = numbers(mine, 'iou')
        table[group][engine] = iou.length
          ? fixed(mean(iou), 3)
          : fixed(mean(numbers(mine, 'colourError')), 2)
      } else {
        const ran = mine.filter((r) => typeof r.f1 === 'number')
        table[group][engine] = ran.length
          ? `${fixed(mean(numbers(ran, 'f1')), 3)} · ${fixed(pooledEnds(ran), 2)}`
          : '—'
      }
    }
  }
  const what = family === 'trace' ? 'IoU (ΔE76 on colour)' : 'F1@2px · endpoint ratio'
  const over = by === 'drawing' ? 'mean over its variants' : 'mean over the drawings'
  console.log(
    `\n${family}: ${what} by ${by === 'drawing' ? 'synthetic drawing' : 'variant'}, ${over}`,
  )
  console.table(table)
}

/**
 * `key` of two engines over the images both ran on: means, the geometric mean of the per-image
 * ratios a / b, and the ratio of the sums.
 */
function paired(rows, family, a, b, key, filter = () => true) {
  const mine = rows.filter((r) => r.family === family && filter(r))
  const as = []
  const bs = []
  for (const r of mine.filter((q) => q.engine === a && typeof q[key] === 'number')) {
    const other = mine.find(
      (q) => q.image === r.image && q.engine === b && typeof q[key] === 'number',
    )
    if (!other) continue
    as.push(r[key])
    bs.push(other[key])
  }
  if (as.length === 0) return null
  const sum = (xs) => xs.reduce((x, y) => x + y, 0)
  return {
    a: mean(as),
    b: mean(bs),
    n: as.length,
    ratio: geomean(as.map((v, k) => v / bs[k]).filter((v) => v > 0 && Number.isFinite(v))),
    total: sum(as) / sum(bs),
  }
}

const verdict = (ok) => (ok === null || ok === undefined ? 'n/a' : ok ? 'PASS' : 'FAIL')

/**
 * Lineart's corpus F1 beside potrace wasm's: against the input's skeleton cut at 128 (the target),
 * and at each sheet's Otsu level (no target: a gray sheet's lines are in that reference).
 */
function corpusLines(rows, category) {
  const corpusRows = (engine) =>
    rows.filter(
      (r) =>
        r.family === 'lineart' &&
        r.engine === engine &&
        category.get(r.image) === 'corpus' &&
        !r.skipped &&
        !r.error,
    )
  const ours = corpusRows('ours traceLineart')
  const peer = corpusRows('potrace wasm')
  if (ours.length === 0 || peer.length !== ours.length) return []
  const [a, b] = [mean(numbers(ours, 'f1')), mean(numbers(peer, 'f1'))]
  // Sheets both were read on at the Otsu level (a failed cut run leaves its sheet out).
  const theirs = new Map(peer.map((r) => [r.image, r]))
  const both = ours.filter(
    (r) => Number.isFinite(r.otsuF1) && Number.isFinite(theirs.get(r.image)?.otsuF1),
  )
  const [c, d] = [mean(numbers(both, 'otsuF1')), mean(both.map((r) => theirs.get(r.image).otsuF1))]
  const [e, f] = [mean(numbers(ours, 'toneError')), mean(numbers(peer, 'toneError'))]
  const [g, h] = [mean(numbers(ours, 'toneRatio')), mean(numbers(peer, 'toneRatio'))]
  return [
    `lineart corpus stroke F1@${MATCH_PX}px ≥ potrace wasm's (the input's skeleton, cut at 128): ${fixed(a, 4)} vs ${fixed(b, 4)} on ${ours.length} sheets → ${verdict(a >= b)}`,
    `  (no target) the same, the input cut at each sheet's Otsu level (a gray sheet's lines kept; potrace wasm given the sheet cut there): ${fixed(c, 4)} vs ${fixed(d, 4)} on ${both.length} sheets`,
    `  (no target) lineart corpus tone: ink coverage error over ${TONE_BLOCK_PX} px blocks the input inks 5-60 %: ${fixed(e, 3)} vs ${fixed(f, 3)}; coverage drawn over the input's: ${fixed(g, 2)} vs ${fixed(h, 2)}`,
  ]
}

/** The targets the tables are judged against, each with our figure and a verdict. */
function printTargets(images, rows, sheetSpeed) {
  const category = new Map(images.map((img) => [img.id, img.category]))
  const synthetic = (r) => category.get(r.image) !== 'corpus'
  const lines = []
  const lineart = rows.filter((r) => r.family === 'lineart' && r.engine === 'ours traceLineart')
  const ran = lineart.filter((r) => !r.skipped && !r.error)
  const has = ran.length > 0
  const strokeOnly = ran.filter((r) => r.strokeOnly).length
  const f1 = mean(numbers(ran, 'f1'))
  const length = mean(numbers(ran, 'lengthRatio'))
  const endsKnown = pooledEnds(ran.filter(synthetic))
  const endsCorpus = pooledEnds(ran.filter((r) => !synthetic(r)))
  lines.push(
    `lineart stroke-only on every image: ${has ? `${strokeOnly}/${lineart.length}` : '—'} → ${verdict(has ? strokeOnly === lineart.length : null)}`,
    `lineart stroke F1@${MATCH_PX}px ≥ 0.97, average over all images: ${fixed(f1, 4)} → ${verdict(has ? f1 >= 0.97 : null)}`,
    `lineart endpoint ratio ≤ 1.05, synthetic images (known truth), pooled: ${fixed(endsKnown, 3)} → ${verdict(has && endsKnown !== null ? endsKnown <= 1.05 : null)} (corpus, against the input's own skeleton: ${fixed(endsCorpus, 3)})`,
    `lineart length ratio 0.95–1.05, average over all images: ${fixed(length, 3)} → ${verdict(has && length !== null ? length >= 0.95 && length <= 1.05 : null)}`,
    ...corpusLines(rows, category),
  )
  const ours = 'ours traceImage'
  const gray = (r) => typeof r.iou === 'number'
  // IoU against the clean drawing's vector truth where the image has one (the synthetic inputs),
  // else against the input cut at luma 128 (the corpus): the cut drops anti-aliased lines under
  // half a pixel of ink, which trace keeps, so against it a kept line counts as an error.
  const truthFirst = rows.map((r) =>
    typeof r.iouTruth === 'number'
      ? { ...r, iouReference: r.iouTruth }
      : { ...r, iouReference: r.iou },
  )
  for (const peer of ['potrace wasm', 'potrace CLI']) {
    const iou = paired(truthFirst, 'trace', ours, peer, 'iouReference', gray)
    const truth = paired(rows, 'trace', ours, peer, 'iouTruth', gray)
    const cut = paired(rows, 'trace', ours, peer, 'iou', (r) => gray(r) && !synthetic(r))
    const cutAll = paired(rows, 'trace', ours, peer, 'iou', gray)
    const bf = paired(rows, 'trace', ours, peer, 'boundaryF1', gray)
    const pair = (p) => (p ? `${p.a.toFixed(4)} vs ${p.b.toFixed(4)} on ${p.n}` : '— on 0')
    lines.push(
      `trace IoU ≥ ${peer}'s (gray inputs; against the vector truth where known, else the input cut at 128): ${iou ? `${iou.a.toFixed(4)} vs ${iou.b.toFixed(4)} on ${iou.n} images` : '—'} → ${verdict(iou && iou.a >= iou.b)} (vector truth: ${pair(truth)} synthetic images; cut at 128: ${pair(cut)} corpus sheets)`,
      `(no target) trace IoU against the input cut at 128, all gray inputs, beside ${peer}'s: ${pair(cutAll)} images (a kept thin line counts as an error here)`,
      `trace boundary F1 ≥ ${peer}'s (gray inputs, against the boundary of the input cut at 128): ${bf ? `${bf.a.toFixed(4)} vs ${bf.b.toFixed(4)}` : '—'} → ${verdict(bf && bf.a >= bf.b)}`,
    )
  }
  const colour = paired(rows, 'trace', ours, 'VTracer', 'colourError')
  lines.push(
    `trace colour error ≤ VTracer's (colour inputs): ${colour ? `ΔE76 ${colour.a.toFixed(2)} vs ${colour.b.toFixed(2)} on ${colour.n} images` : '—'} → ${verdict(colour && colour.a <= colour.b)}`,
  )
  for (const peer of ['potrace wasm', 'potrace CLI']) {
    const gzip = paired(rows, 'trace', ours, peer, 'gzipBytes', gray)
    lines.push(
      `trace gzip ≤ ${peer}'s (gray inputs): ${gzip ? `per-image ratio ${gzip.ratio.toFixed(2)} → ${verdict(gzip.ratio <= 1)}; all bytes ${gzip.total.toFixed(2)} → ${verdict(gzip.total <= 1)} (${(gzip.a / 1024).toFixed(1)} vs ${(gzip.b / 1024).toFixed(1)} KiB mean)` : '— → n/a'}`,
    )
  }
  const time = paired(rows, 'trace', ours, REFERENCE, 'ms')
  lines.push(
    `trace time ≤ ${TIME_TARGET} × ${REFERENCE}'s (all inputs): ${time ? `per-image ratio ${time.ratio.toFixed(2)} → ${verdict(time.ratio <= TIME_TARGET)}; all time ${time.total.toFixed(2)} → ${verdict(time.total <= TIME_TARGET)} (${time.a.toFixed(1)} vs ${time.b.toFixed(1)} ms mean)` : '— → n/a'}`,
  )
  for (const line of sheetSpeedTargets(sheetSpeed)) lines.push(line)
  const lineTime = paired(rows, 'lineart', 'ours traceLineart', REFERENCE, 'ms')
  if (lineTime) {
    lines.push(
      `(no target) lineart time vs ${REFERENCE}: per-image ratio ${lineTime.ratio.toFixed(2)}, all time ${lineTime.total.toFixed(2)} (${lineTime.a.toFixed(1)} vs ${lineTime.b.toFixed(1)} ms mean)`,
    )
  }
  console.log(
    '\nTargets (ours; per-image ratio = geometric mean over the images, all = sum over sum):',
  )
  for (const line of lines) console.log(`  ${line}`)
}

export async function runVectorizeBench() {
  const quick = process.argv.includes('--quick')
  const started = performance.now()
  const engine = await loadEngine()
  const corpus = corpusFiles()
  if (!corpus) console.log(`\nCorpus not found at ${CORPUS_DIR}: the corpus rows are skipped.`)
  const cases = caseList({ quick, corpus })
  console.log(
    `\nVectorize benchmark${quick ? ' (--quick)' : ''}: ${cases.length} images under Node ${process.version}.`,
  )
  const { runners, images, rows } = await runCases(cases)
  for (const family of ['trace', 'lineart']) printFamily(family, runners, images, rows)
  // Then, in this thread once the workers are done: trace beside the potrace CLI on the 4-8 MP
  // corpus sheets, in turns; and the made sheets (the line-art engines only).
  const mainRunners = await loadRunners(engine)
  const sheetSpeed = await runSheetSpeed(mainRunners, corpus, { quick })
  printSheetSpeed(sheetSpeed)
  printTargets(images, rows, sheetSpeed)
  const sheetRows = await runSheets(mainRunners)
  printSheets(sheetRows)
  console.log('\nEngines:')
  for (const r of runners) console.log(`  ${r.name}: ${r.note}`)
  for (const line of missingPeers()) console.log(`  ${line}`)
  const skipped = rows.filter(
    (r) => r.skipped && r.family === 'trace' && r.engine === 'imagetracerjs',
  )
  if (skipped.length) {
    console.log(
      `  imagetracerjs skipped on ${skipped.length} images above ${(IMAGETRACER_MAX_PX / 1e6).toFixed(1)} Mpx; its averages cover the rest only.`,
    )
  }
  const errors = rows.filter((r) => r.error)
  for (const r of errors) console.log(`  ERROR ${r.engine} on ${r.image} (${r.family}): ${r.error}`)
  mkdirSync(join(ROOT, 'bench/out'), { recursive: true })
  writeFileSync(
    OUT_FILE,
    JSON.stringify(
      {
        generated: new Date().toISOString(),
        node: process.version,
        quick,
        runners,
        images,
        rows,
        sheetSpeed,
        sheets: sheetRows,
      },
      null,
      1,
    ),
  )
  console.log(
    `\nPer-image results: ${OUT_FILE}. Whole run ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  )
}

if (import.meta.url === `file://${process.argv[1]}`) await runVectorizeBench()

// The images of bench/vectorize.mjs and one image's run: build the input and its references,
// trace it with every runner, render each SVG back and score it for the families it belongs to.
// Runs in a worker thread (bench/support/vectorize-worker.mjs).
import { existsSync, readdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import sharp from 'sharp'
import { drawings } from './vectorize-drawings.mjs'
import { prepare, timeInTurns } from './vectorize-peers.mjs'
import { centerlineMask, makeInput, VARIANTS } from './vectorize-raster.mjs'
import {
  inkMask,
  lineartReference,
  otsuLevel,
  renderSvg,
  scoreLineart,
  scoreTrace,
  strokeWidthOf,
  svgStats,
  toneError,
  traceReference,
} from './vectorize-score.mjs'

/** The shared corpus, beside the repository (../shared/corpus). */
export const CORPUS_DIR = join(
  new URL('../..', import.meta.url).pathname,
  '../shared/corpus/patent-drawings',
)
/** The row that scores the input raster itself against the line-art reference. */
export const SCORER_CHECK = 'scorer check: input raster itself'

/** The runners also scored against the corpus's Otsu-level reference (it costs a skeleton each). */
const OTSU_RUNNERS = ['ours traceLineart', 'potrace wasm']

/** Drawings and variants of a --quick run (by index), and its corpus sheets. */
const QUICK = { drawings: [0, 3, 8, 10], variants: [0, 5], corpus: 1 }

/** Corpus files (PNG and JPEG), or null when the folder is missing. */
export function corpusFiles() {
  if (!existsSync(CORPUS_DIR)) return null
  return readdirSync(CORPUS_DIR)
    .filter((f) => /\.(png|jpg)$/.test(f))
    .sort()
    .map((f) => join(CORPUS_DIR, f))
}

/**
 * The images to run: every synthetic drawing × variant, then the corpus sheets (the quick set
 * when `quick`). Descriptors are plain data, posted to the workers.
 */
export function caseList({ quick, corpus }) {
  const cases = []
  const all = drawings()
  const drawingIds = quick ? QUICK.drawings : all.map((_, k) => k)
  const variantIds = quick ? QUICK.variants : VARIANTS.map((_, k) => k)
  for (const d of drawingIds) {
    for (const v of variantIds) {
      cases.push({
        kind: 'synthetic',
        drawing: d,
        variant: v,
        id: `${all[d].name} / ${VARIANTS[v].name}`,
      })
    }
  }
  for (const file of (corpus ?? []).slice(0, quick ? QUICK.corpus : undefined)) {
    cases.push({ kind: 'corpus', file, id: basename(file) })
  }
  return cases
}

/** Input, references and labels of one case. */
async function build(desc) {
  if (desc.kind === 'corpus') {
    const { data, info } = await sharp(desc.file)
      .flatten({ background: '#ffffff' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true })
    const input = {
      width: info.width,
      height: info.height,
      channels: 1,
      pixels: new Uint8Array(data),
    }
    const ink = inkMask(input.pixels, 1, input.width, input.height)
    const strokeWidth = strokeWidthOf(ink, input.width, input.height)
    // A second line-art reference, cut at the sheet's Otsu level: the cut at 128 drops a gray
    // sheet's lines, and every engine that draws them is scored as drawing strokes nobody wrote.
    const otsu = otsuLevel(input.pixels)
    const otsuInk = inkMask(input.pixels, 1, input.width, input.height, otsu)
    const sameCut = otsuInk.every((v, i) => v === ink[i])
    return {
      meta: { category: 'corpus', drawing: desc.id, variant: 'as published', strokeWidth, otsu },
      input,
      // What a bilevel tracer is given to be read at that level: the sheet cut there.
      otsuInput: sameCut ? null : { ...input, pixels: otsuInk.map((v) => (v ? 0 : 255)) },
      trace: traceReference(input),
      lineart: lineartReference(ink, input.width, input.height, strokeWidth),
      lineartOtsu: lineartReference(
        otsuInk,
        input.width,
        input.height,
        strokeWidthOf(otsuInk, input.width, input.height),
      ),
    }
  }
  const base = drawings()[desc.drawing]
  const variant = VARIANTS[desc.variant]
  const { drawing, clean, input } = await makeInput(base, variant)
  const { width, height } = drawing
  const gray = clean.channels === 1
  return {
    meta: {
      category: variant.degraded ? 'synthetic degraded' : 'synthetic clean',
      drawing: base.name,
      variant: variant.name,
      strokeWidth: drawing.strokeWidth || null,
    },
    input,
    trace: traceReference(input, gray ? inkMask(clean.pixels, 1, width, height) : null),
    lineart:
      drawing.kind === 'lineart'
        ? lineartReference(centerlineMask(drawing), width, height, drawing.strokeWidth)
        : null,
  }
}

/**
 * A peer's F1 at the Otsu level when it traces the sheet cut there; null when that run fails (its
 * rows at 128 stand, and the Otsu line leaves the sheet out).
 */
async function cutRun(runner, otsuInput, lineartOtsu) {
  try {
    const { width, height } = otsuInput
    const cut = await runner.run(prepare(otsuInput))
    const ink = inkMask(await renderSvg(cut.svg, width, height), 4, width, height)
    return scoreLineart(lineartOtsu, ink).f1
  } catch {
    return null
  }
}

const round = (value, digits = 4) =>
  typeof value === 'number' && Number.isFinite(value) ? Number(value.toFixed(digits)) : value

function rounded(metrics) {
  const out = {}
  for (const [k, v] of Object.entries(metrics)) out[k] = round(v)
  return out
}

/**
 * Runs one case with every runner.
 * @returns {Promise<{ image, rows }>} image = { id, width, height, channels, category, drawing,
 *   variant, strokeWidth, referenceEnds, referenceLength, benchMs (this case, all runners and
 *   scoring) }; rows = one per family and runner: { family, engine, ms, gzipBytes, …metrics } or
 *   { family, engine, skipped } / { family, engine, error }
 */
export async function runCase(desc, runners) {
  const started = performance.now()
  const { meta, input, otsuInput, trace, lineart, lineartOtsu } = await build(desc)
  const image = {
    id: desc.id,
    width: input.width,
    height: input.height,
    channels: input.channels,
    ...meta,
    referenceEnds: lineart?.ends ?? null,
    referenceLength: lineart?.length ?? null,
  }
  const prepared = prepare(input)
  const rows = []
  const families = lineart ? ['trace', 'lineart'] : ['trace']
  const timed = []
  for (const runner of runners) {
    const mine = runner.families.filter((f) => families.includes(f))
    if (mine.length === 0) continue
    if (input.channels !== 1 && !runner.colour) {
      for (const family of mine) rows.push({ family, engine: runner.name, skipped: 'bilevel only' })
      continue
    }
    timed.push(runner)
  }
  // Every runner is timed before any output is scored: the scorer's garbage is not on the heap
  // a runner times on.
  const outcomes = await timeInTurns(timed, prepared)
  for (const runner of timed) {
    const mine = runner.families.filter((f) => families.includes(f))
    const outcome = outcomes.get(runner)
    if (outcome.skipped) {
      for (const family of mine)
        rows.push({ family, engine: runner.name, skipped: outcome.skipped })
      continue
    }
    try {
      if (outcome.error) throw outcome.error
      const { result, ms } = outcome
      const common = {
        engine: runner.name,
        ours: runner.ours ?? false,
        ms: round(ms, 2),
        traceMs: round(result.traceMs, 2),
        writeMs: round(result.writeMs, 2),
        ...svgStats(result.svg),
      }
      const rgba = await renderSvg(result.svg, input.width, input.height)
      for (const family of mine) {
        const ink = family === 'lineart' ? inkMask(rgba, 4, input.width, input.height) : null
        const metrics = family === 'trace' ? scoreTrace(trace, rgba) : scoreLineart(lineart, ink)
        if (lineartOtsu && OTSU_RUNNERS.includes(runner.name) && family === 'lineart') {
          const tone = toneError(input.pixels, rgba, input.width, input.height)
          if (tone)
            Object.assign(metrics, { toneError: tone.error, toneRatio: tone.render / tone.input })
          metrics.otsuF1 = scoreLineart(lineartOtsu, ink).f1
          // A bilevel peer cuts at 128 itself; read at the Otsu level, it is given the sheet cut
          // there (untimed), as its user would cut it.
          if (otsuInput && !runner.ours)
            metrics.otsuF1 = await cutRun(runner, otsuInput, lineartOtsu)
        }
        rows.push({ family, ...common, ...rounded(metrics) })
      }
    } catch (error) {
      // A runner that throws, or an SVG resvg cannot read, is a row with an error, not a stop.
      for (const family of mine) {
        rows.push({ family, engine: runner.name, error: String(error?.message ?? error) })
      }
    }
  }
  if (lineart) {
    const own = scoreLineart(lineart, inkMask(input.pixels, 1, input.width, input.height))
    rows.push({ family: 'lineart', engine: SCORER_CHECK, check: true, ...rounded(own) })
  }
  image.benchMs = Math.round(performance.now() - started)
  return { image, rows }
}

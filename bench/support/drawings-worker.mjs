// Worker thread for bench/drawings.mjs: loads resvg and the bundled font once, warms up on a
// small figure (first calls pay for JIT and wasm start-up), then runs the cases it is sent, one
// at a time, and posts back a compact record (no scenes or pixels, so memory stays one figure
// deep). It imports the bundle the main thread has just built (building it here would race).
import { join } from 'node:path'
import { parentPort } from 'node:worker_threads'
import { loadKernels, withKernels } from './kernels.mjs'

const ROOT = new URL('../..', import.meta.url).pathname
const engine = withKernels(await import(join(ROOT, 'bench/out/drawings.mjs')), await loadKernels())
const metrics = engine.figureFontMetrics()
const CM_PER_PX = 2.54 / engine.SHEET_DPI
/** Texts under the minimum listed per figure; the count is always whole. */
const SMALL_LISTED = 4

await runCase({
  key: 'warm-up',
  prompt:
    'A computing device 100 comprising a processor 102, a memory 104 coupled to the processor, and a display 106.',
  figure: null,
})

parentPort.on('message', async (job) => {
  try {
    parentPort.postMessage({ key: job.key, result: await runCase(job) })
  } catch (error) {
    parentPort.postMessage({ key: job.key, error: String(error?.stack ?? error) })
  }
})
parentPort.postMessage({ ready: true })

/** One case: the reader's figure drafted both ways, and the hand-written answer labeled. */
async function runCase({ prompt, figure }) {
  const t0 = performance.now()
  const read = engine.readFigure(prompt)
  const readMs = performance.now() - t0
  const record = { readMs, drafts: [] }
  if (read.ok) {
    record.read = { ok: true, warnings: read.warnings }
    for (const labeled of [false, true]) {
      record.drafts.push({
        from: 'reader',
        labeled,
        ...(await draftAndCheck(read.figure, labeled)),
      })
    }
  } else {
    record.read = {
      ok: false,
      reason: read.reason,
      message: read.message,
      problems: (read.problems ?? []).map((p) => p.message),
    }
  }
  if (figure) {
    let answer = null
    try {
      answer = engine.FigureSchema.parse(figure)
    } catch (error) {
      record.answerInvalid = String(error?.message ?? error)
    }
    if (answer) {
      record.answerAlarms = engine.checkFaithful(prompt, answer).problems.map((p) => p.message)
      record.drafts.push({ from: 'answer', labeled: true, ...(await draftAndCheck(answer, true)) })
    }
  }
  return record
}

/**
 * Drafts `figure`, renders and checks every sheet as the tests do (sheetsProblems), and measures
 * the printed cap height of every text from the scene: size × cap height × the sheet's scale.
 */
async function draftAndCheck(figure, labeled) {
  const t0 = performance.now()
  let drafted
  try {
    drafted = await engine.draftFigure(figure, { labeled, metrics })
  } catch (error) {
    return { error: `draftFigure threw: ${String(error?.stack ?? error)}`, draftMs: 0, checkMs: 0 }
  }
  const draftMs = performance.now() - t0
  const t1 = performance.now()
  let problems
  try {
    problems = await engine.sheetsProblems(drafted.sheets)
  } catch (error) {
    problems = [`rendering or checking threw: ${String(error?.stack ?? error)}`]
  }
  const checkMs = performance.now() - t1
  let textPx = Number.POSITIVE_INFINITY
  let numeralPx = Number.POSITIVE_INFINITY
  let smallCount = 0
  const small = []
  for (const sheet of drafted.sheets) {
    for (const text of sheet.scene.texts) {
      const px = text.size * engine.CAP_HEIGHT_EM * sheet.scale
      if (text.role === 'numeral') numeralPx = Math.min(numeralPx, px)
      else textPx = Math.min(textPx, px)
      if (px < engine.MIN_TEXT_HEIGHT_PX) {
        smallCount++
        if (small.length < SMALL_LISTED) {
          small.push(`${sheet.label}: ${text.role} "${text.text}" prints ${cm(px)} cm`)
        }
      }
    }
  }
  return {
    sheets: drafted.sheets.map((s) => s.label),
    labelHeightCm: drafted.labelHeightCm,
    numeralHeightCm: labeled ? drafted.numeralHeightCm : null,
    textCm: Number.isFinite(textPx) ? textPx * CM_PER_PX : null,
    numeralCm: Number.isFinite(numeralPx) ? numeralPx * CM_PER_PX : null,
    smallCount,
    small,
    problems,
    warnings: drafted.warnings,
    draftMs,
    checkMs,
  }
}

function cm(px) {
  return (Math.floor(px * CM_PER_PX * 1000) / 1000).toFixed(3)
}

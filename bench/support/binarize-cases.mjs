// One corpus sheet through every input variant and preset, for bench/binarize.mjs: the tone
// features of each page, and the metrics of every compared method on the variants scored for
// binarization. Runs in a worker thread (bench/support/binarize-worker.mjs) or inline.
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { collect, decodeGray, rowsOf, simulate } from './binarize-images.mjs'
import * as M from './binarize-methods.mjs'
import { centreline, measure, truthAt } from './binarize-truth.mjs'

export const PRESETS = [2048, 4096]

/**
 * Input variants. `group` names the average a variant's metrics go into; variants without one
 * feed only the tone table. Scans are 600 DPI: the sheet doubled, blurred (σ 0.8 px), paper 235,
 * ink 20, Gaussian noise σ 6, unless a field says otherwise.
 */
export const VARIANTS = [
  { name: 'clean', group: 'clean', scan: false },
  { name: 'scan', group: 'scan', scan: true },
  { name: 'scan, rotated 0.5°, JPEG q80', group: 'scan', scan: true, rotateDeg: 0.5, jpeg: 80 },
  { name: 'scan, noise σ 12', group: 'noisy scan', scan: true, noise: 12 },
  {
    name: 'scan, paper 245 → 195 across',
    group: 'uneven paper',
    scan: true,
    paper: 245,
    uneven: 50,
  },
  { name: 'scan, gray paper 200, ink 60, noise σ 8', scan: true, paper: 200, ink: 60, noise: 8 },
  { name: 'scan, JPEG q70', scan: true, jpeg: 70 },
  { name: 'scan, blur σ 1.5, rotated 1°, JPEG q90', scan: true, blur: 1.5, rotateDeg: 1, jpeg: 90 },
]

/**
 * The compared methods: name → (page, width, height, levels, engine) → bilevel copy (0 / 255).
 * `levels` are the bench's own histogram estimates (binarize-methods.mjs), the same definitions
 * as src/engines/gray/page-levels.ts.
 */
export const METHODS = {
  'fixed 128': (page) => M.global(page, 128),
  'Otsu (1979)': (page, _w, _h, L) => M.global(page, L.otsu),
  'midpoint (paper + ink) / 2': (page, _w, _h, L) => M.global(page, mid(L)),
  'white-anchored, paper − 0.25 C': (page, _w, _h, L) => M.global(page, anchored(L, 0.25)),
  'white-anchored, paper − 0.35 C': (page, _w, _h, L) => M.global(page, anchored(L, 0.35)),
  'Otsu + ridge (first study: high 0.35 C, margin 1)': (page, w, h, L) =>
    M.ridge(page, w, h, { lo: L.otsu, hi: high(L, 0.35), margin: 1 }),
  'Otsu + ridge (high 0.2 C, margin 0.08 C)': (page, w, h, L) =>
    M.ridge(page, w, h, { lo: L.otsu, hi: high(L, 0.2), margin: margin(L) }),
  'midpoint + ridge, 1 px only': (page, w, h, L) =>
    M.ridge(page, w, h, { lo: mid(L), hi: high(L, 0.2), margin: margin(L) }),
  'midpoint + ridge, 2 px loose': (page, w, h, L) =>
    M.ridge(page, w, h, { lo: mid(L), hi: high(L, 0.2), margin: margin(L), reach: 2 }),
  'midpoint + ridge, 2 px strict, high 0.12 C': (page, w, h, L) =>
    M.ridge(page, w, h, {
      lo: mid(L),
      hi: high(L, 0.12),
      margin: margin(L),
      reach: 2,
      strictPair: true,
    }),
  'midpoint + ridge, 2 px strict, high 0.2 C (no gap check)': (page, w, h, L) =>
    M.ridge(page, w, h, {
      lo: mid(L),
      hi: high(L, 0.2),
      margin: margin(L),
      reach: 2,
      strictPair: true,
    }),
  'midpoint + ridge, 2 px strict, high 0.2 C, gaps kept': (page, w, h, L) =>
    M.ridge(page, w, h, {
      lo: mid(L),
      hi: high(L, 0.2),
      margin: margin(L),
      reach: 2,
      strictPair: true,
      keepGaps: true,
    }),
  'hysteresis (Otsu, paper − 0.2 C)': (page, w, h, L) =>
    M.hysteresis(page, w, h, { lo: L.otsu, hi: high(L, 0.2) }),
  'Sauvola (k 0.34, window long edge / 64)': (page, w, h) =>
    M.sauvola(page, w, h, { window: Math.round(Math.max(w, h) / 64) | 1, k: 0.34 }),
  'FINAL: binarize.ts (midpoint + ridge, 2 px strict, gaps kept)': (page, w, h, _L, engine) => {
    const out = page.slice()
    engine.binarizePage(out, w, h, engine.chooseThreshold(engine.pageHistogram(page), 'lineart'))
    return out
  },
}

const contrast = (L) => L.paper - L.ink
const mid = (L) => Math.floor((L.paper + L.ink) / 2)
const anchored = (L, k) => Math.round(L.paper - k * contrast(L))
/** The ridge band's top: paper − k·C, kept 4 σ of paper noise below the paper. */
const high = (L, k) =>
  Math.max(mid(L), Math.min(anchored(L, k), Math.floor(L.paper - 4 * L.spread)))
const margin = (L) => Math.max(1, Math.round(0.08 * contrast(L)))

/** Resamples an input to a preset with the engine's own Lanczos-3 stage. */
export async function pageAt(engine, input, preset) {
  const size = engine.fitLongEdge(input.width, input.height, preset)
  const rows = engine.resampleGray(
    rowsOf(input.pixels, input.width, input.height),
    size.width,
    size.height,
  )
  return collect(rows)
}

/** Tone features of a page, as plain numbers. */
export function toneRow(engine, page) {
  const histogram = engine.pageHistogram(page.pixels)
  const features = engine.toneFeatures(page.pixels, page.width, page.height, histogram)
  const decision = engine.decideTone(features)
  return {
    nonPaper: features.nonPaper,
    midTone: features.midTone,
    flatMidTone: features.flatMidTone,
    blank: features.blank,
    kind: decision.kind,
  }
}

/**
 * Runs one corpus file. PNG sheets are bilevel and get every variant; the JPEG copy and the two
 * non-bilevel montages (README figures) only feed the tone table (their truth is not bilevel).
 * @returns { metrics: [{ sheet, variant, group, preset, method, ...metrics }], tone: [...] }
 */
export async function runSheet(engine, file) {
  const sheet = await decodeGray(engine, readFileSync(file))
  const name = basename(file)
  const scored = name.startsWith('USD') && name.endsWith('.png')
  const variants = name.endsWith('.jpg') ? VARIANTS.slice(0, 1) : VARIANTS
  const line = scored ? centreline(sheet) : null
  const metrics = []
  const tone = []
  let seed = 1
  for (const ch of name) seed = (seed * 31 + ch.charCodeAt(0)) >>> 0
  for (const variant of variants) {
    const input = await simulate(engine, sheet, { ...variant, seed })
    for (const preset of PRESETS) {
      const page = await pageAt(engine, input, preset)
      tone.push({
        image: name,
        variant: variant.name,
        preset,
        expected: 'lineart',
        ...toneRow(engine, page),
      })
      if (!scored || !variant.group) continue
      const truth = truthAt(input, line, page.width, page.height)
      const levels = M.levels(M.histogram(page.pixels))
      for (const [method, run] of Object.entries(METHODS)) {
        const started = performance.now()
        const out = run(page.pixels, page.width, page.height, levels, engine)
        const ms = performance.now() - started
        metrics.push({
          sheet: name,
          variant: variant.name,
          group: variant.group,
          preset,
          method,
          ms,
          ...measure(out, truth),
        })
      }
    }
  }
  return { metrics, tone }
}

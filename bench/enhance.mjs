// `npm run bench -- enhance`: the /v1/enhance engine (ESRGAN-slim in our WebAssembly SIMD kernels,
// upscaleImage on 128-px tiles with a 10-px halo) beside UpscalerJS 1.0.0 on @tensorflow/tfjs 4.11
// with the tfjs-backend-wasm backend (SIMD, one thread), same weights (@upscalerjs/esrgan-slim
// 1.0.0 x2 and x4), same inputs, then the quality of ours against classical upscaling.
//
// Part 1, speed and memory: a photo-like RGB image made in code (seeded, the same scene at every
// size, the same bytes for both tools) at 256², 512² and 1024², x2 and x4. Each measurement is its
// own Node process (bench/support/enhance-child.mjs): load, make the upscaler (network ready),
// reset the peak RSS (/proc/self/clear_refs "5"), run; peak = VmHWM above the RSS before the first
// run. Runs per child: 256² 4, 512² 3, 1024² 2; the first is a warm-up, the time is the best of
// the others (the peak spans all of them). UpscalerJS runs with its defaults (no patchSize:
// the whole image in one pass, what its users get); its time includes making the input tensor
// and reading the output back as bytes (ours takes and gives bytes). Ours drops its output bands
// during the measured runs; both write their output afterwards and the parent compares them.
// A tool that fails (out of memory, tfjs' wasm heap limit, a crash, over 5 minutes) is reported
// as "failed: <reason>" and the bench goes on.
// Targets, per case: speed ratio (UpscalerJS time ÷ ours) >= 1.5, our engine memory (the wasm
// instance's memory, Upscaler.memoryBytes) < 64 MB, and the two outputs within PSNR >= 50 dB.
//
// Part 2, quality against classical upscaling (issue 21), on sets with ground truth, x2 and x4:
// the input is made from the truth, upscaled by s with ours, bicubic (Catmull-Rom) and Lanczos-3
// (both our own separable JS, centre-aligned like libvips' reduce and our engine) and, for
// reference, sharp's own enlargement; PSNR and SSIM (Gaussian 11×11, σ 1.5, K1 0.01, K2 0.03,
// L 255) on luma (BT.601 Y; gray as is) against the truth, with s pixels shaved off each border
// (the super-resolution convention). Why not sharp for bicubic and Lanczos-3: when it enlarges,
// libvips ignores `kernel` (it uses its bicubic interpolator for cubic, mitchell and lanczos*) and
// samples at o/s - 0.5, half an output pixel off its own reduce's alignment; the bench checks both
// facts on every run and prints them. The sets (bench/support/enhance-sets.mjs):
// - Line art with vector originals (40): 24 Phosphor icons (thin, light, regular and bold: gears,
//   arrows, glyphs, grids) at 384², 2 sheets of them at 48 and 64 px a cell (strokes 1.5-3 px),
//   and 14 patent-like drawings made as SVG (bench/support/enhance-drawings.mjs: flowchart,
//   hatching 3-6 px apart, dashes and dots, 1-px lines, circles, leaders with numerals,
//   stippling, converging lines, text at 8-36 px, …) at 512 × 384, rendered by resvg (the truth,
//   anti-aliased). Input: each s×s block's mean, rounded (what a scan at the lower resolution
//   sees). Ours = engine.upscaleLineArt. Line art adds the blurred-edge share: pixels in
//   [48, 207] over the truth's share (an output as crisp as the truth scores 1; a blur, more).
// - Corpus crops (5, to judge by eye): the 512² window with the most ink of patent sheets from
//   ../shared/corpus/patent-drawings (skipped with a note when the corpus is absent), degraded
//   and upscaled as line art. The scans are bilevel, so their edge column is the output's share.
// - Photos (6 real, bench/fixtures/photos, SOURCES.md there; 3 synthetic, made in code, 256²):
//   input = sharp's Lanczos-3 reduce (libvips, centre-aligned), the usual super-resolution
//   degradation; ours = engine.upscaleImage (ESRGAN-slim), gray photos as R = G = B in and the
//   mean of the three out, as the engine does.
// - A white page (200 × 150) through ours, gray (upscaleLineArt) and RGB (upscaleImage): paper
//   must stay paper, every sample 255.
// Targets, on the set means: line art x4 ours ≥ Lanczos-3 + 3 dB, SSIM at least Lanczos-3's and
// edge share ≤ 1.5 × the truth's (mean of the images' ratios); line art x2 ≥ Lanczos-3 + 2 dB;
// real photos ≥ Lanczos-3 + 0.5 dB at x2 and x4; the white page exactly white. Two drawings and
// two corpus crops are written at x4 as bench/out/enhance/x4-*.png: the input enlarged
// nearest-neighbour | Lanczos-3 | ours | the truth.
//
// `--quick` (after the name) runs part 1 at 256² and 512² only; `--quality` runs part 2 alone.
// On the 2-core dev box part 1 takes ~3 minutes (mostly UpscalerJS at 1024², where x4 fails:
// "memory access out of bounds" with tfjs' wasm heap at 1.8 GB), ~2 minutes with `--quick`;
// part 2 takes ~45 s.
// Results: bench/out/enhance.json; the corpus crops as bench/out/enhance/crop-*.png.

import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import sharp from 'sharp'
import { loadEngine } from './support/engine.mjs'
import {
  areaAverage,
  CORPUS_DIR,
  corpusCrops,
  hasCorpus,
  lineArtSet,
  nearest,
  photo,
  photoSet,
  syntheticPhotos,
} from './support/enhance-sets.mjs'
import { printTable } from './support/table.mjs'
import { ROOT } from './support/wrangler-dev.mjs'

const OUT = join(ROOT, 'bench/out/enhance')
const OUT_FILE = join(ROOT, 'bench/out/enhance.json')
const CHILD = join(ROOT, 'bench/support/enhance-child.mjs')
const MODELS = join(ROOT, 'node_modules/@upscalerjs/esrgan-slim/models')
const MB = 1024 * 1024
const SIZES = [256, 512, 1024]
const QUICK_SIZES = [256, 512]
const SCALES = [2, 4]
/** Runs per child by input size; with more than one, the first is a warm-up. */
const RUNS = { 256: 4, 512: 3, 1024: 2 }
const CHILD_TIMEOUT_MS = 5 * 60_000
const TARGET = { speed: 1.5, engineMB: 64, psnr: 50 }
/** Part 2's targets (issue 21): dB over Lanczos-3 by set and scale; edge share over the truth's. */
const TARGET_Q = { lineArtX4Db: 3, lineArtX2Db: 2, edgeRatio: 1.5, photoDb: 0.5 }
/** Gray values of a blurred edge: a pixel here is neither ink nor paper. */
const EDGE_GRAY = [48, 207]
const SET = {
  lineArt: 'line art (vector originals)',
  corpus: 'corpus crops (scans)',
  photos: 'photos (real)',
  synthetic: 'photos (synthetic)',
}
const QUALITY = {
  /** Corpus sheets cropped, and the crop size. */
  corpus: 5,
  crop: 512,
  /** Size of the made-in-code photos (256², as the real ones). */
  synthetic: 256,
  white: { width: 200, height: 150 },
  /** Line-art drawings written side by side at x4, to look at. */
  showDrawings: ['drawing: text at 8-36 px', 'drawing: section with hatching 4 and 6 px'],
}

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

/** The speed input at `size`² (written once per size; both tools read this file). */
function speedInput(size) {
  const path = join(OUT, `photo-${size}.rgb`)
  writeFileSync(path, photo(size, size, { seed: 2026 }))
  return path
}

// ---------------------------------------------------------------------------------------------
// Part 1: speed and memory beside UpscalerJS
// ---------------------------------------------------------------------------------------------

/** Bundles UpscalerJS' browser ESM entry for Node (bench/support/upscalerjs-entry.mjs). */
async function bundleUpscalerJs() {
  await build({
    entryPoints: [join(ROOT, 'bench/support/upscalerjs-entry.mjs')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: join(ROOT, 'bench/out/upscalerjs.mjs'),
    // Inside the repo, so Node resolves the external @tensorflow/* from node_modules.
    external: ['@tensorflow/*'],
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
    logLevel: 'error',
  })
}

/** Runs one job in a fresh Node process: its JSON report, or { error } when it failed. */
function child(job) {
  const result = spawnSync(process.execPath, ['--expose-gc', CHILD, JSON.stringify(job)], {
    encoding: 'utf8',
    maxBuffer: 16 << 20,
    cwd: ROOT,
    timeout: CHILD_TIMEOUT_MS,
  })
  if (result.error?.code === 'ETIMEDOUT') {
    return { error: `timed out after ${CHILD_TIMEOUT_MS / 1000} s` }
  }
  const last = (result.stdout ?? '').trim().split('\n').at(-1)
  try {
    const report = JSON.parse(last)
    if (result.status === 0 || report.error) return report
  } catch {}
  const why = (result.stderr ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-2)
    .join(' / ')
  return { error: `exit ${result.status ?? result.signal}: ${why.slice(0, 160)}` }
}

/** PSNR (dB) between two byte arrays of samples, with the largest difference. */
function psnrBytes(a, b) {
  if (a.length !== b.length) return { psnr: null, maxDiff: null, differing: null }
  let se = 0
  let maxDiff = 0
  let differing = 0
  for (let i = 0; i < a.length; i++) {
    const d = a[i] - b[i]
    if (d !== 0) {
      se += d * d
      differing++
      if (Math.abs(d) > maxDiff) maxDiff = Math.abs(d)
    }
  }
  const psnr = se === 0 ? Infinity : 10 * Math.log10((255 * 255) / (se / a.length))
  return { psnr, maxDiff, differing: differing / a.length }
}

async function speedPart(quick) {
  const sizes = quick ? QUICK_SIZES : SIZES
  const cases = []
  for (const size of sizes) {
    const input = speedInput(size)
    for (const scale of SCALES) {
      const job = { input, width: size, height: size, scale, runs: RUNS[size] }
      const base = join(OUT, `photo-${size}-x${scale}`)
      const ours = child({ ...job, tool: 'ours', out: `${base}-ours.rgb` })
      const ujs = child({ ...job, tool: 'upscalerjs', out: `${base}-upscalerjs.rgb` })
      let compare = { psnr: null, maxDiff: null, differing: null }
      if (!ours.error && !ujs.error) {
        compare = psnrBytes(
          readFileSync(`${base}-ours.rgb`),
          readFileSync(`${base}-upscalerjs.rgb`),
        )
      }
      const time = (r) => (r.error ? `failed: ${r.error}` : `${(r.ms / 1000).toFixed(2)} s`)
      console.log(`  ${size}x${size} x${scale}: ours ${time(ours)}, UpscalerJS ${time(ujs)}`)
      cases.push({ size, scale, runs: RUNS[size], ours, upscalerjs: ujs, ...compare })
    }
  }
  return cases
}

/** Per-case checks: true met, false missed, null not measurable (a tool failed). */
function checks(c) {
  const both = !c.ours.error && !c.upscalerjs.error
  return {
    speed: both ? c.upscalerjs.ms / c.ours.ms >= TARGET.speed : null,
    memory: c.ours.error ? null : c.ours.engineBytes / MB < TARGET.engineMB,
    psnr: both && c.psnr !== null ? c.psnr >= TARGET.psnr : null,
  }
}

function verdict(c) {
  if (c.ours.error) return 'MISS (ours failed)'
  const k = checks(c)
  const missed = Object.keys(k).filter((n) => k[n] === false)
  const unknown = Object.keys(k).filter((n) => k[n] === null)
  if (missed.length) return `MISS ${missed.join(', ')}`
  if (unknown.length) return `n/a ${unknown.join(', ')} (UpscalerJS failed)`
  return 'PASS'
}

const fixed = (x, digits) => (x === null || x === undefined ? 'n/a' : x.toFixed(digits))
const dB = (x) => (x === null ? 'n/a' : x === Infinity ? 'inf' : x.toFixed(1))

function printSpeed(cases) {
  const info = cases.find((c) => !c.upscalerjs.error)?.upscalerjs
  console.log(
    `\nEnhance engine (ours, Node ${process.version}, one thread) vs UpscalerJS 1.0.0 on tfjs ` +
      `${info?.tfjs ?? '4.11'} backend ${info?.backend ?? 'wasm'} (SIMD ${info?.simd ?? '?'}, ` +
      `multithread ${info?.threads ?? '?'}), esrgan-slim weights, the same photo-like RGB input.\n` +
      `Runs: ${Object.entries(RUNS)
        .map(([size, runs]) => `${size}² ${runs}`)
        .join(', ')}; the first a warm-up, time = best of the others; ` +
      'peak = VmHWM above the RSS before run 1. Engine memory: our wasm instance ' +
      "(Upscaler.memoryBytes); tfjs' wasm heap at the end of its runs, for reference.\n",
  )
  const rows = cases.map((c) => {
    const o = c.ours
    const u = c.upscalerjs
    return {
      case: `${c.size}x${c.size} x${c.scale}`,
      'ours s': o.error ? 'failed' : (o.ms / 1000).toFixed(2),
      'UpscalerJS s': u.error ? 'failed' : (u.ms / 1000).toFixed(2),
      'speed ratio': o.error || u.error ? 'n/a' : (u.ms / o.ms).toFixed(2),
      'ours peak MB': o.error ? 'n/a' : fixed(o.peak / MB, 1),
      'UpscalerJS peak MB': u.error ? 'n/a' : fixed(u.peak / MB, 1),
      'ours engine MB': o.error ? 'n/a' : fixed(o.engineBytes / MB, 1),
      'tfjs heap MB': u.error || !u.engineBytes ? 'n/a' : fixed(u.engineBytes / MB, 0),
      'PSNR dB': dB(c.psnr),
      'max |Δ|': c.maxDiff ?? 'n/a',
      verdict: verdict(c),
    }
  })
  printTable(rows)
  for (const c of cases) {
    for (const [tool, r] of [
      ['ours', c.ours],
      ['UpscalerJS', c.upscalerjs],
    ]) {
      if (r.error) console.log(`  ${c.size}x${c.size} x${c.scale} ${tool} failed: ${r.error}`)
    }
  }

  const all = cases.map(checks)
  const passed = cases.filter((c) => verdict(c) === 'PASS').length
  const na = cases.filter((c) => verdict(c).startsWith('n/a')).length
  const both = cases.filter((c) => !c.ours.error && !c.upscalerjs.error)
  const ratios = both.map((c) => c.upscalerjs.ms / c.ours.ms)
  const engine = cases.filter((c) => !c.ours.error).map((c) => c.ours.engineBytes / MB)
  const psnrs = both.map((c) => c.psnr).filter((p) => p !== null)
  const span = (xs, f) => (xs.length ? `${f(Math.min(...xs))}-${f(Math.max(...xs))}` : 'n/a')
  const met = (name) => {
    const known = all.filter((k) => k[name] !== null)
    return `${known.filter((k) => k[name]).length}/${known.length}`
  }
  console.log(
    `\nSummary: PASS in ${passed}/${cases.length} cases${na ? ` (${na} not measurable: a tool failed)` : ''}; ` +
      `speed ratio >= ${TARGET.speed} met in ${met('speed')} (${span(ratios, (x) => x.toFixed(2))}x); ` +
      `engine memory < ${TARGET.engineMB} MB met in ${met('memory')} (${span(engine, (x) => x.toFixed(1))} MB); ` +
      `PSNR >= ${TARGET.psnr} dB met in ${met('psnr')} (lowest ${psnrs.length ? dB(Math.min(...psnrs)) : 'n/a'} dB).`,
  )
}

// ---------------------------------------------------------------------------------------------
// Part 2: quality against classical upscaling
// ---------------------------------------------------------------------------------------------

/** The Catmull-Rom cubic (a = -0.5), radius 2. */
function catmullRom(d) {
  const x = Math.abs(d)
  if (x < 1) return 1.5 * x ** 3 - 2.5 * x ** 2 + 1
  if (x < 2) return -0.5 * x ** 3 + 2.5 * x ** 2 - 4 * x + 2
  return 0
}

/** Lanczos-3, radius 3. */
function lanczos3(d) {
  const x = Math.abs(d)
  if (x < 1e-9) return 1
  if (x >= 3) return 0
  const p = Math.PI * x
  return (3 * Math.sin(p) * Math.sin(p / 3)) / (p * p)
}

/**
 * Taps and normalized weights for enlarging `size` by `s`, edges clamped. Output `o` samples the
 * input at (o + 0.5) / s - 0.5 (centre-aligned), or at o / s - 0.5 (`shifted`, what libvips does).
 */
function enlargeTaps(size, s, kernel, radius, shifted) {
  const n = 2 * radius
  const out = size * s
  const index = new Int32Array(out * n)
  const weight = new Float64Array(out * n)
  for (let o = 0; o < out; o++) {
    const source = shifted ? o / s - 0.5 : (o + 0.5) / s - 0.5
    const base = Math.floor(source) - radius + 1
    let sum = 0
    for (let k = 0; k < n; k++) {
      const w = kernel(source - (base + k))
      weight[o * n + k] = w
      sum += w
      index[o * n + k] = Math.min(size - 1, Math.max(0, base + k))
    }
    for (let k = 0; k < n; k++) weight[o * n + k] /= sum
  }
  return { index, weight, n }
}

/** Separable enlargement by `s` with `kernel`, rounded and clipped to bytes. */
function enlarge(data, width, height, channels, s, kernel, radius, shifted = false) {
  const ow = width * s
  const oh = height * s
  const tx = enlargeTaps(width, s, kernel, radius, shifted)
  const ty = enlargeTaps(height, s, kernel, radius, shifted)
  const mid = new Float64Array(ow * height * channels)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < ow; x++) {
      for (let c = 0; c < channels; c++) {
        let v = 0
        for (let k = 0; k < tx.n; k++) {
          v += tx.weight[x * tx.n + k] * data[(y * width + tx.index[x * tx.n + k]) * channels + c]
        }
        mid[(y * ow + x) * channels + c] = v
      }
    }
  }
  // Uint8ClampedArray: clipped, rounded half to even.
  const out = new Uint8ClampedArray(ow * oh * channels)
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < ow; x++) {
      for (let c = 0; c < channels; c++) {
        let v = 0
        for (let k = 0; k < ty.n; k++) {
          v += ty.weight[y * ty.n + k] * mid[(ty.index[y * ty.n + k] * ow + x) * channels + c]
        }
        out[(y * ow + x) * channels + c] = v
      }
    }
  }
  return new Uint8Array(out.buffer)
}

/** sharp resize of raw pixels to `tw × th` with `kernel`; the same channels come back. */
async function sharpResize(data, width, height, channels, tw, th, kernel) {
  let image = sharp(data, { raw: { width, height, channels } }).resize(tw, th, {
    kernel,
    fit: 'fill',
  })
  // sharp returns gray as 3 channels (sRGB); its first is the gray.
  if (channels === 1) image = image.extractChannel(0)
  const { data: out, info } = await image.raw().toBuffer({ resolveWithObject: true })
  if (info.channels !== channels || info.width !== tw || info.height !== th) {
    throw new Error(`sharp gave ${info.width}x${info.height}x${info.channels}`)
  }
  return new Uint8Array(out.buffer, out.byteOffset, out.length)
}

/** The output bands of one of our upscalers ({ y, data }, y in output rows), gathered. */
async function gather(bands, width, height, channels, s) {
  const out = new Uint8Array(width * s * height * s * channels)
  for await (const band of bands) out.set(band.data, band.y * width * s * channels)
  return out
}

/** Ours on a photo: the ESRGAN upscaler on tiles (engine.upscaleImage). */
function oursUpscale(engine, up, data, width, height, channels) {
  const bands = engine.upscaleImage(data, width, height, channels, up)
  return gather(bands, width, height, channels, up.scale)
}

/** Ours on line art: the line-art reconstruction (engine.upscaleLineArt), gray in and out. */
function oursLineArt(engine, gray, width, height, s) {
  return gather(engine.upscaleLineArt(gray, width, height, s), width, height, 1, s)
}

/** Luma (BT.601 Y, unrounded) of interleaved pixels, `shave` px cut off each border. */
function luma(data, width, height, channels, shave) {
  const w = width - 2 * shave
  const h = height - 2 * shave
  const y = new Float64Array(w * h)
  for (let row = 0; row < h; row++) {
    for (let x = 0; x < w; x++) {
      const at = ((row + shave) * width + x + shave) * channels
      y[row * w + x] =
        channels >= 3 ? 0.299 * data[at] + 0.587 * data[at + 1] + 0.114 * data[at + 2] : data[at]
    }
  }
  return { y, width: w, height: h }
}

function psnr(a, b) {
  let se = 0
  for (let i = 0; i < a.length; i++) se += (a[i] - b[i]) ** 2
  return se === 0 ? Infinity : 10 * Math.log10((255 * 255) / (se / a.length))
}

const GAUSS = (() => {
  const g = Array.from({ length: 11 }, (_, i) => Math.exp(-((i - 5) ** 2) / (2 * 1.5 * 1.5)))
  const sum = g.reduce((a, b) => a + b, 0)
  return g.map((v) => v / sum)
})()

/** The 11×11 Gaussian-weighted mean of `img` at every fully covered position ('valid'). */
function gaussValid(img, width, height) {
  const w = width - 10
  const h = height - 10
  const tmp = new Float64Array(w * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < w; x++) {
      let v = 0
      for (let k = 0; k < 11; k++) v += GAUSS[k] * img[y * width + x + k]
      tmp[y * w + x] = v
    }
  }
  const out = new Float64Array(w * h)
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let v = 0
      for (let k = 0; k < 11; k++) v += GAUSS[k] * tmp[(y + k) * w + x]
      out[y * w + x] = v
    }
  }
  return out
}

/** Mean SSIM (Wang et al. 2004): Gaussian 11×11, σ 1.5, K1 0.01, K2 0.03, L 255. */
function ssim(a, b, width, height) {
  const c1 = (0.01 * 255) ** 2
  const c2 = (0.03 * 255) ** 2
  const product = (p, q) => p.map((v, i) => v * q[i])
  const mu1 = gaussValid(a, width, height)
  const mu2 = gaussValid(b, width, height)
  const s11 = gaussValid(product(a, a), width, height)
  const s22 = gaussValid(product(b, b), width, height)
  const s12 = gaussValid(product(a, b), width, height)
  let sum = 0
  for (let i = 0; i < mu1.length; i++) {
    const m1 = mu1[i]
    const m2 = mu2[i]
    const v1 = s11[i] - m1 * m1
    const v2 = s22[i] - m2 * m2
    const cov = s12[i] - m1 * m2
    sum += ((2 * m1 * m2 + c1) * (2 * cov + c2)) / ((m1 * m1 + m2 * m2 + c1) * (v1 + v2 + c2))
  }
  return sum / mu1.length
}

const METHODS = ['ours', 'bicubic', 'lanczos3', 'sharp']

/** Share of samples in [48, 207]: the gray of blurred edges (a crisp edge has one such pixel). */
function edgeShare(y) {
  let mid = 0
  for (const v of y) if (v >= EDGE_GRAY[0] && v <= EDGE_GRAY[1]) mid++
  return mid / y.length
}

/**
 * Every method on one image at scale s: PSNR and SSIM on luma against the truth, s px shaved,
 * and for line art the blurred-edge share of the output over the truth's.
 */
async function measure(image, s, low, ours, lineArt, sharpChecks) {
  const { data, width, height, channels } = image
  const lw = width / s
  const lh = height / s
  const outputs = {
    ours: await ours(low, lw, lh, channels, s),
    bicubic: enlarge(low, lw, lh, channels, s, catmullRom, 2),
    lanczos3: enlarge(low, lw, lh, channels, s, lanczos3, 3),
    sharp: await sharpResize(low, lw, lh, channels, width, height, 'lanczos3'),
  }
  // What sharp's enlargement is: the same for 'cubic', and Catmull-Rom at o / s - 0.5?
  const sharpCubic = await sharpResize(low, lw, lh, channels, width, height, 'cubic')
  const shifted = enlarge(low, lw, lh, channels, s, catmullRom, 2, true)
  sharpChecks.push({
    kernelIgnored: psnrBytes(outputs.sharp, sharpCubic).psnr === Infinity,
    shiftedCatmullRomMaxDiff: psnrBytes(outputs.sharp, shifted).maxDiff,
    centredCatmullRomMaxDiff: psnrBytes(outputs.sharp, outputs.bicubic).maxDiff,
  })
  const truth = luma(data, width, height, channels, s)
  const truthEdge = lineArt ? edgeShare(truth.y) : null
  const row = { image: image.name, scale: s, truthEdge }
  for (const method of METHODS) {
    const got = luma(outputs[method], width, height, channels, s)
    row[method] = {
      psnr: psnr(truth.y, got.y),
      ssim: ssim(truth.y, got.y, got.width, got.height),
      edge: lineArt ? edgeShare(got.y) : null,
    }
    row[method].edgeRatio = truthEdge ? row[method].edge / truthEdge : null
  }
  return { row, outputs }
}

/** Gray panels of equal size side by side with a mid-gray gutter, written as PNG. */
async function sideBySide(panels, width, height, file) {
  const gap = 8
  const total = panels.length * width + (panels.length - 1) * gap
  const out = new Uint8Array(total * height).fill(160)
  panels.forEach((panel, k) => {
    for (let y = 0; y < height; y++) {
      out.set(panel.subarray(y * width, (y + 1) * width), y * total + k * (width + gap))
    }
  })
  await sharp(out, { raw: { width: total, height, channels: 1 } })
    .png()
    .toFile(join(OUT, file))
  return file
}

const slug = (name) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/**
 * One set through every method at x2 and x4. `degrade(image, s)` makes the input; `ours` runs our
 * engine on it. Images named in `show` are also written side by side at x4: the input enlarged
 * nearest-neighbour | Lanczos-3 | ours | the truth.
 */
async function runSet(set, images, { degrade, ours, lineArt, show = [] }, sharpChecks, shown) {
  const rows = []
  for (const image of images) {
    for (const s of SCALES) {
      const low = await degrade(image, s)
      const { row, outputs } = await measure(image, s, low, ours, lineArt, sharpChecks)
      rows.push({ set, kind: image.kind ?? null, ...row })
      if (s === 4 && show.includes(image.name)) {
        const { width, height } = image
        const input = nearest(low, width / s, height / s, s)
        const panels = [input, outputs.lanczos3, outputs.ours, image.data]
        shown.push(await sideBySide(panels, width, height, `x4-${slug(image.name)}.png`))
      }
    }
    process.stderr.write(`  quality: ${set}: ${image.name}\n`)
  }
  return rows
}

/** The mean of `f` over rows. */
const mean = (rows, f) => rows.reduce((a, r) => a + f(r), 0) / rows.length

/**
 * Means per set and scale: PSNR (in dB), SSIM, edge ratio, and ours - Lanczos-3 in dB. A set of
 * several kinds (icons and drawings) also gets a row per kind, for reference: the targets are
 * on the whole set.
 */
function setMeans(rows) {
  const means = []
  const groups = []
  for (const set of [...new Set(rows.map((r) => r.set))]) {
    const of = rows.filter((r) => r.set === set)
    groups.push([set, of])
    const kinds = [...new Set(of.map((r) => r.kind))]
    if (kinds.length > 1) {
      for (const kind of kinds)
        groups.push([`  of which ${kind}s`, of.filter((r) => r.kind === kind)])
    }
  }
  for (const [set, of] of groups) {
    for (const s of SCALES) {
      const some = of.filter((r) => r.scale === s)
      if (!some.length) continue
      const lineArt = some[0].truthEdge !== null
      const m = { set, scale: s, images: some.length }
      const truthEdge = lineArt ? mean(some, (r) => r.truthEdge) : null
      for (const method of METHODS) {
        const ratios = some.filter((r) => r[method].edgeRatio !== null)
        const edge = lineArt ? mean(some, (r) => r[method].edge) : null
        m[method] = {
          psnr: mean(some, (r) => r[method].psnr),
          ssim: mean(some, (r) => r[method].ssim),
          edge,
          // Null where no truth has gray (bilevel scans): a ratio to nothing.
          edgeRatio: ratios.length ? mean(ratios, (r) => r[method].edgeRatio) : null,
          // The set's gray pixels over the truths' (every image weighed by its size).
          pooledEdgeRatio: truthEdge ? edge / truthEdge : null,
        }
      }
      m.truthEdge = truthEdge
      m.deltaLanczos = mean(some, (r) => r.ours.psnr - r.lanczos3.psnr)
      means.push(m)
    }
  }
  return means
}

/** The issue's targets against the set means: met true or false, null when not measured. */
function targetChecks(means) {
  const delta = (m) => m.deltaLanczos
  const rules = [
    // [set, scale, measure, its value on the set mean, comparison, goal]
    [SET.lineArt, 4, 'ours - Lanczos-3 dB', delta, '>=', TARGET_Q.lineArtX4Db],
    [SET.lineArt, 4, 'SSIM ours - Lanczos-3', (m) => m.ours.ssim - m.lanczos3.ssim, '>=', 0],
    [SET.lineArt, 4, 'edge share / truth', (m) => m.ours.edgeRatio, '<=', TARGET_Q.edgeRatio],
    [SET.lineArt, 2, 'ours - Lanczos-3 dB', delta, '>=', TARGET_Q.lineArtX2Db],
    ...SCALES.map((s) => [SET.photos, s, 'ours - Lanczos-3 dB', delta, '>=', TARGET_Q.photoDb]),
  ]
  return rules.map(([set, scale, what, of, comparison, goal]) => {
    const m = means.find((x) => x.set === set && x.scale === scale)
    const value = m ? (of(m) ?? null) : null
    const met = value === null ? null : comparison === '>=' ? value >= goal : value <= goal
    return { set, scale, what, value, goal: `${comparison} ${goal}`, met }
  })
}

/** A pure white page through ours, gray (line art) and RGB (photo path): samples not 255. */
async function whitePage(engine, upscalers) {
  const { width, height } = QUALITY.white
  const out = []
  for (const s of SCALES) {
    const gray = await oursLineArt(
      engine,
      new Uint8Array(width * height).fill(255),
      width,
      height,
      s,
    )
    const rgb = new Uint8Array(width * height * 3).fill(255)
    const up = await oursUpscale(engine, upscalers.get(s), rgb, width, height, 3)
    for (const [path, bytes] of [
      ['gray, upscaleLineArt', gray],
      ['RGB, upscaleImage', up],
    ]) {
      let off = 0
      let low = 255
      for (const v of bytes) {
        if (v !== 255) {
          off++
          if (v < low) low = v
        }
      }
      out.push({ path, scale: s, samples: bytes.length, notWhite: off, lowest: low })
    }
  }
  return out
}

async function qualityPart(engine) {
  const started = performance.now()
  const module = await WebAssembly.compile(readFileSync(join(ROOT, 'wasm/dist/upscale.wasm')))
  const upscalers = new Map()
  for (const s of SCALES) {
    const dir = join(MODELS, `x${s}`)
    const bin = readFileSync(join(dir, 'group1-shard1of1.bin'))
    const net = engine.parseEsrganSlim(
      JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')),
      bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength),
    )
    upscalers.set(s, await engine.createUpscaler(module, net, engine.MAX_TILE))
  }
  const lineArt = await lineArtSet()
  const crops = await corpusCrops(OUT, QUALITY.corpus, QUALITY.crop)

  // Line art: the area average of the render (a scan at the lower resolution); photos: the usual
  // super-resolution input, sharp's Lanczos-3 reduce.
  const area = (image, s) => areaAverage(image.data, image.width, image.height, s)
  const reduce = (image, s) => {
    const { data, width, height, channels } = image
    return sharpResize(data, width, height, channels, width / s, height / s, 'lanczos3')
  }
  const lineArtOurs = (low, w, h, _channels, s) => oursLineArt(engine, low, w, h, s)
  const photoOurs = (low, w, h, channels, s) =>
    oursUpscale(engine, upscalers.get(s), low, w, h, channels)
  const lineArtWay = { degrade: area, ours: lineArtOurs, lineArt: true }
  const photoWay = { degrade: reduce, ours: photoOurs, lineArt: false }
  const sets = [
    [SET.lineArt, lineArt, { ...lineArtWay, show: QUALITY.showDrawings }],
    [SET.corpus, crops, { ...lineArtWay, show: crops.slice(0, 2).map((c) => c.name) }],
    [SET.photos, await photoSet(), photoWay],
    [SET.synthetic, syntheticPhotos(QUALITY.synthetic), photoWay],
  ]
  const sharpChecks = []
  const shown = []
  const rows = []
  for (const [set, images, way] of sets) {
    rows.push(...(await runSet(set, images, way, sharpChecks, shown)))
  }
  const means = setMeans(rows)
  return {
    images: sets.flatMap(([set, images]) =>
      images.map(({ name, width, height, channels, note }) => ({
        set,
        name,
        width,
        height,
        channels,
        note,
      })),
    ),
    corpus: hasCorpus(),
    rows,
    means,
    targets: targetChecks(means),
    whitePage: await whitePage(engine, upscalers),
    sharpChecks,
    sideBySide: shown,
    seconds: (performance.now() - started) / 1000,
  }
}

const verdictOf = (met) => (met === null ? 'n/a' : met ? 'PASS' : 'MISS')

function printQuality(quality) {
  console.log(
    '\nQuality against classical upscaling, x2 and x4: PSNR dB / SSIM on luma against the ' +
      'truth, s px shaved off each border; line art adds the blurred-edge share (pixels in ' +
      `[${EDGE_GRAY.join(', ')}]) of the output over the truth's ("edge×", 1 = as crisp as the ` +
      'truth).\nLine art: vector originals rendered at the target size (resvg), input = the ' +
      'area average of each s×s block; ours = engine.upscaleLineArt. Photos: input = sharp ' +
      'Lanczos-3 reduce; ours = engine.upscaleImage (ESRGAN-slim). bicubic = Catmull-Rom, ' +
      'lanczos3 = Lanczos-3 (own separable JS, centre-aligned); sharp = its enlargement ' +
      "(kernel 'lanczos3', see below).",
  )
  if (!quality.corpus) console.log(`Corpus not found at ${CORPUS_DIR}: its crops are skipped.`)
  // The edge ratio, or where the truth has no gray (bilevel scans) the output's share in %.
  const edgeCell = (m) =>
    m.edgeRatio !== null ? m.edgeRatio.toFixed(2) : `${(m.edge * 100).toFixed(2)} %`
  const cell = (m) =>
    `${m.psnr.toFixed(2)} / ${m.ssim.toFixed(4)}${m.edge === null ? '' : ` / ${edgeCell(m)}`}`
  for (const set of Object.values(SET)) {
    const some = quality.rows.filter((r) => r.set === set)
    if (!some.length) continue
    const lineArt = some[0].truthEdge !== null
    const bilevel = lineArt && some.every((r) => r.truthEdge === 0)
    const columns = bilevel
      ? 'PSNR / SSIM / edge share'
      : lineArt
        ? 'PSNR / SSIM / edge×'
        : 'PSNR / SSIM'
    console.log(`\n${set}: ${columns}${bilevel ? ' (bilevel scans: the truth has no gray)' : ''}\n`)
    for (const image of quality.images.filter((i) => i.set === set && i.note)) {
      console.log(`  ${image.name}: ${image.note}`)
    }
    printTable(
      some.map((r) => ({
        image: r.image,
        scale: `x${r.scale}`,
        ...(lineArt ? { 'truth edge %': (r.truthEdge * 100).toFixed(2) } : {}),
        ours: cell(r.ours),
        bicubic: cell(r.bicubic),
        lanczos3: cell(r.lanczos3),
        sharp: cell(r.sharp),
        'ours - lanczos3 dB': (r.ours.psnr - r.lanczos3.psnr).toFixed(2),
      })),
    )
  }
  console.log(
    "\nMeans per set and scale (PSNR averaged in dB; edge× = mean of the images' ratios, " +
      "pooled = the set's gray pixels over the truths'):\n",
  )
  const edge = (m) => {
    if (m.edge === null) return 'n/a'
    if (m.edgeRatio === null) return `share ${(m.edge * 100).toFixed(2)} % (truth 0)`
    return `${m.edgeRatio.toFixed(2)} (pooled ${m.pooledEdgeRatio.toFixed(2)})`
  }
  printTable(
    quality.means.map((m) => ({
      set: `${m.set} (${m.images})`,
      scale: `x${m.scale}`,
      'ours PSNR / SSIM': `${m.ours.psnr.toFixed(2)} / ${m.ours.ssim.toFixed(4)}`,
      'bicubic PSNR / SSIM': `${m.bicubic.psnr.toFixed(2)} / ${m.bicubic.ssim.toFixed(4)}`,
      'lanczos3 PSNR / SSIM': `${m.lanczos3.psnr.toFixed(2)} / ${m.lanczos3.ssim.toFixed(4)}`,
      'sharp PSNR / SSIM': `${m.sharp.psnr.toFixed(2)} / ${m.sharp.ssim.toFixed(4)}`,
      'ours - lanczos3 dB': m.deltaLanczos.toFixed(2),
      'ours edge×': edge(m.ours),
      'lanczos3 edge×': edge(m.lanczos3),
    })),
  )
  console.log('\nTargets (issue 21):\n')
  const rows = [
    ...quality.targets.map((t) => ({
      set: t.set,
      scale: `x${t.scale}`,
      measure: t.what,
      value: t.value === null ? 'n/a' : t.value.toFixed(t.what.startsWith('SSIM') ? 4 : 2),
      target: t.goal,
      verdict: verdictOf(t.met),
    })),
    ...quality.whitePage.map((w) => ({
      set: `white page ${QUALITY.white.width}x${QUALITY.white.height}, ${w.path}`,
      scale: `x${w.scale}`,
      measure: 'samples not 255',
      value: `${w.notWhite} of ${w.samples}${w.notWhite ? ` (lowest ${w.lowest})` : ''}`,
      target: '0',
      verdict: verdictOf(w.notWhite === 0),
    })),
  ]
  printTable(rows)
  const ignored = quality.sharpChecks.every((c) => c.kernelIgnored)
  const shifted = Math.max(...quality.sharpChecks.map((c) => c.shiftedCatmullRomMaxDiff))
  const centred = Math.max(...quality.sharpChecks.map((c) => c.centredCatmullRomMaxDiff))
  console.log(
    `\nsharp's enlargement, checked on these images: kernel 'lanczos3' and 'cubic' give ` +
      `${ignored ? 'identical bytes (the kernel is ignored)' : 'different bytes'}; against ` +
      `Catmull-Rom sampled at o/s - 0.5 the largest difference is ${shifted} ` +
      `(centre-aligned Catmull-Rom: ${centred}).`,
  )
  console.log(
    `Side by side at x4 (input nearest-neighbour | Lanczos-3 | ours | truth), in ${OUT}: ` +
      `${quality.sideBySide.join(', ')}.`,
  )
  console.log(`Quality part: ${quality.seconds.toFixed(1)} s.`)
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

export async function runEnhanceBench() {
  const quick = process.argv.includes('--quick')
  // Part 2 alone: Part 1 (UpscalerJS in child processes) takes minutes.
  const qualityOnly = process.argv.includes('--quality')
  const started = performance.now()
  mkdirSync(OUT, { recursive: true })
  const engine = await loadEngine()
  let cases = null
  if (qualityOnly) {
    console.log(
      '\nEnhance benchmark (--quality): Part 2 only, quality against classical upscaling.',
    )
  } else {
    await bundleUpscalerJs()
    console.log(
      `\nEnhance benchmark${quick ? ' (--quick)' : ''}: ours vs UpscalerJS at ` +
        `${(quick ? QUICK_SIZES : SIZES).map((s) => `${s}²`).join(', ')}, x2 and x4.`,
    )
    cases = await speedPart(quick)
    printSpeed(cases)
  }
  const quality = await qualityPart(engine)
  printQuality(quality)
  const seconds = (performance.now() - started) / 1000
  writeFileSync(
    OUT_FILE,
    JSON.stringify(
      {
        generated: new Date().toISOString(),
        node: process.version,
        quick,
        qualityOnly,
        targets: { ...TARGET, quality: TARGET_Q, edgeGray: EDGE_GRAY },
        runs: RUNS,
        speed: cases?.map((c) => ({ ...c, verdict: verdict(c) })) ?? null,
        quality,
        seconds,
      },
      (_key, value) => (value === Infinity ? 'inf' : value),
      1,
    ),
  )
  console.log(`\nResults: ${OUT_FILE}. Whole run ${seconds.toFixed(0)} s.`)
}

if (import.meta.url === `file://${process.argv[1]}`) await runEnhanceBench()

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
// Part 2, quality against classical upscaling: image → downscale by s (sharp, kernel 'lanczos3':
// libvips' centre-aligned reduce) → upscale by s with ours, bicubic (Catmull-Rom) and Lanczos-3
// (both our own separable JS, centre-aligned like libvips' reduce and our engine), and, for
// reference, sharp's own enlargement; PSNR and SSIM (Gaussian 11×11, σ 1.5, K1 0.01, K2 0.03,
// L 255) on luma (BT.601 Y; gray as is) against the original, with s pixels shaved off each
// border (the super-resolution convention). Why not sharp for bicubic and Lanczos-3: when it
// enlarges, libvips ignores `kernel` (it uses its bicubic interpolator for cubic, mitchell and
// lanczos*) and samples at o/s - 0.5, half an output pixel off its own reduce's alignment; the
// bench checks both facts on every run and prints them. Images: 512×512 crops (the window with
// the most ink) of 5 patent sheets from ../shared/corpus/patent-drawings (skipped with a note when
// the corpus is absent) and 3 photo-like images made in code. Ours runs on gray as the engine
// does (R = G = B in, the mean of the three out).
//
// `--quick` (after the name) runs part 1 at 256² and 512² only. On the 2-core dev box the full
// run takes ~3 minutes (mostly UpscalerJS at 1024², where x4 fails: "memory access out of bounds"
// with tfjs' wasm heap at 1.8 GB), `--quick` ~1 minute. Results: bench/out/enhance.json; the
// corpus crops as bench/out/enhance/crop-*.png.

import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import sharp from 'sharp'
import { loadEngine } from './support/engine.mjs'
import { random, valueNoise } from './support/random.mjs'
import { printTable } from './support/table.mjs'
import { ROOT } from './support/wrangler-dev.mjs'

const OUT = join(ROOT, 'bench/out/enhance')
const OUT_FILE = join(ROOT, 'bench/out/enhance.json')
const CHILD = join(ROOT, 'bench/support/enhance-child.mjs')
const MODELS = join(ROOT, 'node_modules/@upscalerjs/esrgan-slim/models')
const CORPUS_DIR = join(ROOT, '../shared/corpus/patent-drawings')
const MB = 1024 * 1024
const SIZES = [256, 512, 1024]
const QUICK_SIZES = [256, 512]
const SCALES = [2, 4]
/** Runs per child by input size; with more than one, the first is a warm-up. */
const RUNS = { 256: 4, 512: 3, 1024: 2 }
const CHILD_TIMEOUT_MS = 5 * 60_000
const TARGET = { speed: 1.5, engineMB: 64, psnr: 50 }
const QUALITY = { crop: 512, drawings: 5 }

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

/**
 * A photo-like RGB image: a sky-to-ground gradient, opaque discs and boxes with edges `edge` px
 * soft, thin dark lines (wires, twigs), texture at three scales (`texture` weighs the two finer
 * ones) and grain. The layout is in fractions of the size (the same scene at every size), the
 * texture in pixels.
 */
function photo(width, height, { seed, texture = 1, edge = 2, lines = 6 }) {
  const rand = random(seed)
  const m = Math.min(width, height)
  const coarse = valueNoise(width, height, m / 5, rand)
  const mid = valueNoise(width, height, 24, rand)
  const fine = valueNoise(width, height, 4, rand)
  const shapes = Array.from({ length: 12 }, () => ({
    x: rand() * width,
    y: rand() * height,
    r: (0.04 + rand() * 0.18) * m,
    box: rand() < 0.4,
    rgb: [rand() * 255, rand() * 255, rand() * 255],
  }))
  const wires = Array.from({ length: lines }, () => ({
    x0: rand() * width,
    y0: rand() * height,
    x1: rand() * width,
    y1: rand() * height,
    w: 0.8 + rand() * 2,
  }))
  const out = new Uint8Array(width * height * 3)
  const c = [0, 0, 0]
  for (let y = 0; y < height; y++) {
    const t = y / height
    for (let x = 0; x < width; x++) {
      c[0] = 90 + 110 * t
      c[1] = 130 + 40 * Math.sin((x / m) * 7)
      c[2] = 210 - 150 * t
      for (const s of shapes) {
        const dx = Math.abs(x - s.x)
        const dy = Math.abs(y - s.y)
        const d = s.box ? Math.max(dx - s.r, dy - s.r * 0.7) : Math.hypot(dx, dy) - s.r
        const k = Math.min(1, Math.max(0, 0.5 - d / edge))
        if (k > 0) for (let i = 0; i < 3; i++) c[i] += (s.rgb[i] - c[i]) * k
      }
      for (const l of wires) {
        const ex = l.x1 - l.x0
        const ey = l.y1 - l.y0
        const u = Math.min(
          1,
          Math.max(0, ((x - l.x0) * ex + (y - l.y0) * ey) / (ex * ex + ey * ey)),
        )
        const d = Math.hypot(x - l.x0 - u * ex, y - l.y0 - u * ey)
        const k = Math.min(1, Math.max(0, l.w / 2 + 0.5 - d))
        if (k > 0) for (let i = 0; i < 3; i++) c[i] += (25 - c[i]) * k
      }
      const tex =
        coarse(x, y) * 25 + (mid(x, y) * 12 + fine(x, y) * 10) * texture + (rand() - 0.5) * 8
      const at = (y * width + x) * 3
      for (let i = 0; i < 3; i++) out[at + i] = Math.max(0, Math.min(255, Math.round(c[i] + tex)))
    }
  }
  return out
}

/** The speed input at `size`² (written once per size; both tools read this file). */
function speedInput(size) {
  const path = join(OUT, `photo-${size}.rgb`)
  writeFileSync(path, photo(size, size, { seed: 2026 }))
  return path
}

/** The 512² (or smaller, multiple of 4) window of a gray sheet with the most ink (< 128). */
function inkiestWindow(gray, width, height, size) {
  const cw = Math.min(size, width - (width % 4))
  const ch = Math.min(size, height - (height % 4))
  // Integral image of ink.
  const sums = new Int32Array((width + 1) * (height + 1))
  for (let y = 0; y < height; y++) {
    let row = 0
    for (let x = 0; x < width; x++) {
      row += gray[y * width + x] < 128 ? 1 : 0
      sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1] + row
    }
  }
  const ink = (x, y) =>
    sums[(y + ch) * (width + 1) + x + cw] -
    sums[y * (width + 1) + x + cw] -
    sums[(y + ch) * (width + 1) + x] +
    sums[y * (width + 1) + x]
  let best = { x: 0, y: 0, ink: -1 }
  for (let y = 0; y + ch <= height; y += 16) {
    for (let x = 0; x + cw <= width; x += 16) {
      const n = ink(x, y)
      if (n > best.ink) best = { x, y, ink: n }
    }
  }
  const data = new Uint8Array(cw * ch)
  for (let y = 0; y < ch; y++) {
    const from = (best.y + y) * width + best.x
    data.set(gray.subarray(from, from + cw), y * cw)
  }
  return { data, width: cw, height: ch, x: best.x, y: best.y, ink: best.ink / (cw * ch) }
}

/** The quality images: corpus crops (gray) when the corpus is there, and 3 photos (RGB). */
async function qualityImages() {
  const images = []
  if (existsSync(CORPUS_DIR)) {
    const sheets = readdirSync(CORPUS_DIR)
      .filter((f) => /^USD.*\.png$/.test(f))
      .sort()
    const n = Math.min(QUALITY.drawings, sheets.length)
    const picks = Array.from({ length: n }, (_, i) =>
      n === 1 ? sheets[0] : sheets[Math.round((i * (sheets.length - 1)) / (n - 1))],
    )
    for (const file of picks) {
      const { data, info } = await sharp(join(CORPUS_DIR, file))
        .extractChannel(0)
        .raw()
        .toBuffer({ resolveWithObject: true })
      const crop = inkiestWindow(data, info.width, info.height, QUALITY.crop)
      // The crop, to look at (bench/out/enhance/crop-*.png).
      await sharp(crop.data, { raw: { width: crop.width, height: crop.height, channels: 1 } })
        .png()
        .toFile(join(OUT, `crop-${file}`))
      images.push({
        name: `${file.replace(/\.png$/, '')} @${crop.x},${crop.y}`,
        family: 'line drawing',
        channels: 1,
        width: crop.width,
        height: crop.height,
        data: crop.data,
        note: `${info.width}x${info.height} sheet, ${crop.width}x${crop.height} crop with the most ink (${(crop.ink * 100).toFixed(1)} % of pixels < 128)`,
      })
    }
  } else {
    console.log(`\nCorpus not found at ${CORPUS_DIR}: the line-drawing rows are skipped.`)
  }
  const size = QUALITY.crop
  const photos = [
    { name: 'photo: landscape (soft edges)', seed: 11, texture: 0.6, edge: 3, lines: 3 },
    { name: 'photo: texture (fine detail)', seed: 23, texture: 1.6, edge: 2, lines: 8 },
    { name: 'photo: objects (hard edges)', seed: 37, texture: 0.8, edge: 1, lines: 14 },
  ]
  for (const p of photos) {
    images.push({
      name: p.name,
      family: 'photo',
      channels: 3,
      width: size,
      height: size,
      data: photo(size, size, p),
    })
  }
  return images
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

/** Ours on a whole image, its bands gathered. */
async function oursUpscale(engine, up, data, width, height, channels) {
  const s = up.scale
  const out = new Uint8Array(width * s * height * s * channels)
  for await (const band of engine.upscaleImage(data, width, height, channels, up)) {
    out.set(band.data, band.y * width * s * channels)
  }
  return out
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

async function qualityPart(engine) {
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
  const images = await qualityImages()
  const rows = []
  const sharpChecks = []
  for (const image of images) {
    const { data, width, height, channels } = image
    for (const s of SCALES) {
      const lw = width / s
      const lh = height / s
      const low = await sharpResize(data, width, height, channels, lw, lh, 'lanczos3')
      const outputs = {
        ours: await oursUpscale(engine, upscalers.get(s), low, lw, lh, channels),
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
      const row = { image: image.name, family: image.family, scale: s }
      for (const method of METHODS) {
        const got = luma(outputs[method], width, height, channels, s)
        row[method] = {
          psnr: psnr(truth.y, got.y),
          ssim: ssim(truth.y, got.y, got.width, got.height),
        }
      }
      rows.push(row)
      process.stderr.write(`  quality: ${image.name} x${s}\n`)
    }
  }
  const means = []
  for (const family of ['line drawing', 'photo']) {
    for (const s of SCALES) {
      const some = rows.filter((r) => r.family === family && r.scale === s)
      if (!some.length) continue
      const mean = { family, scale: s, images: some.length }
      for (const method of METHODS) {
        mean[method] = {
          psnr: some.reduce((a, r) => a + r[method].psnr, 0) / some.length,
          ssim: some.reduce((a, r) => a + r[method].ssim, 0) / some.length,
        }
      }
      means.push(mean)
    }
  }
  return {
    images: images.map(({ name, family, width, height, channels, note }) => ({
      name,
      family,
      width,
      height,
      channels,
      note,
    })),
    rows,
    means,
    sharpChecks,
  }
}

function printQuality(quality) {
  console.log(
    '\nQuality against classical upscaling: original → sharp Lanczos-3 downscale by s → upscale ' +
      'by s; PSNR dB / SSIM on luma against the original, s px shaved off each border.\n' +
      'bicubic = Catmull-Rom, lanczos3 = Lanczos-3 (own separable JS, centre-aligned); sharp = ' +
      "sharp's enlargement (kernel 'lanczos3', see below).\n",
  )
  for (const image of quality.images) {
    if (image.note) console.log(`  ${image.name}: ${image.note}`)
  }
  console.log('')
  const cell = (m) => `${m.psnr.toFixed(2)} / ${m.ssim.toFixed(4)}`
  const line = (r, first) => ({
    ...first,
    scale: `x${r.scale}`,
    ours: cell(r.ours),
    bicubic: cell(r.bicubic),
    lanczos3: cell(r.lanczos3),
    sharp: cell(r.sharp),
    'ours - best classical dB': (
      r.ours.psnr - Math.max(r.bicubic.psnr, r.lanczos3.psnr, r.sharp.psnr)
    ).toFixed(2),
  })
  printTable(quality.rows.map((r) => line(r, { image: r.image })))
  console.log('\nMeans per family and scale (PSNR dB averaged in dB):\n')
  printTable(quality.means.map((m) => line(m, { family: `${m.family} (${m.images})` })))
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
    'Downscale: sharp resize, kernel lanczos3 (libvips reduce, centre-aligned). Ours runs gray ' +
      'sheets as R = G = B and returns the mean, as the engine does.',
  )
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

export async function runEnhanceBench() {
  const quick = process.argv.includes('--quick')
  const started = performance.now()
  mkdirSync(OUT, { recursive: true })
  const engine = await loadEngine()
  await bundleUpscalerJs()
  console.log(
    `\nEnhance benchmark${quick ? ' (--quick)' : ''}: ours vs UpscalerJS at ` +
      `${(quick ? QUICK_SIZES : SIZES).map((s) => `${s}²`).join(', ')}, x2 and x4.`,
  )
  const cases = await speedPart(quick)
  printSpeed(cases)
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
        targets: TARGET,
        runs: RUNS,
        speed: cases.map((c) => ({
          ...c,
          psnr: c.psnr === Infinity ? 'inf' : c.psnr,
          verdict: verdict(c),
        })),
        quality,
        seconds,
      },
      null,
      1,
    ),
  )
  console.log(`\nResults: ${OUT_FILE}. Whole run ${seconds.toFixed(0)} s.`)
}

if (import.meta.url === `file://${process.argv[1]}`) await runEnhanceBench()

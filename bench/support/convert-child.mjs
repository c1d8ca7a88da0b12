// One measurement of bench/convert-vs-sharp.mjs, in its own Node process so the peak RSS belongs
// to one job: loads only what its tool needs (our esbuild bundle, or sharp), reads the input,
// records its RSS, runs the job 3 times (the first is the warm-up) and prints one JSON line: the
// best time of runs 2-3, the peak RSS (VmHWM) of runs 2-3 and of the warm-up, and the file.
// Usage: node convert-child.mjs '<job JSON>'; job = { tool: 'ours' | 'sharp', input, type,
// format, dpi, out, infer?, width?, height?, tone?, threshold? }. Run with --expose-gc.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { withKernels } from './kernels.mjs'
import { memoryOf, resetPeak } from './wrangler-dev.mjs'

const ROOT = new URL('../..', import.meta.url).pathname
const RUNS = 3

const job = JSON.parse(process.argv[2])
const bytes = new Uint8Array(readFileSync(job.input))

/**
 * Runs `once` RUNS times. Peak RSS is measured twice, each time after a GC and a reset of the
 * kernel's peak-RSS counter: over the warm-up run (`coldPeak`: lazy compilation, first-use
 * tables and heap growth, once per process as once per Worker isolate), and over the runs after
 * it (`peak`: what each further job takes, the figure a Worker request sees).
 */
async function measure(once) {
  const times = []
  const cpu = []
  let result
  let before = 0
  let coldPeak = 0
  for (let run = 0; run < RUNS; run++) {
    if (run < 2) {
      if (run === 1) coldPeak = memoryOf(process.pid).peak - before
      global.gc?.()
      // clear_refs "5" resets VmHWM to the current RSS: loading (bundle, sharp's native module)
      // and, from run 2, the warm-up must not count as a job's peak.
      resetPeak(process.pid)
      before = memoryOf(process.pid).rss
    }
    const started = performance.now()
    const used = process.cpuUsage()
    result = await once()
    times.push(performance.now() - started)
    // CPU time of every thread (ours: also CompressionStream's zlib in libuv's pool; sharp:
    // libvips' threads), which neighbours on a shared machine inflate far less than wall time.
    const { user, system } = process.cpuUsage(used)
    cpu.push((user + system) / 1000)
  }
  const peak = memoryOf(process.pid).peak - before
  return {
    times,
    ms: Math.min(...times.slice(1)),
    cpuMs: Math.min(...cpu.slice(1)),
    peak,
    coldPeak,
    before,
    result,
  }
}

/** Our convertImage through the bundle bench/support/engine.mjs built (the parent builds it). */
async function ours() {
  // Only what /convert runs with: the other kernels' compiled code would count in its memory.
  const compile = (path) => WebAssembly.compile(readFileSync(join(ROOT, path)))
  const kernels = {
    resample: await compile('wasm/dist/resample.wasm'),
    zlib: await compile('wasm/dist/zlib.wasm'),
    lineart: null,
    svg: null,
    upscale: null,
  }
  const engine = withKernels(await import(join(ROOT, 'bench/out/engine.mjs')), kernels)
  /** Keeps the parts it is given (no copy), as R2 would receive them. */
  const files = new Map()
  const outputs = {
    async put(key, parts) {
      files.set(key.endsWith('/preview.png') ? 'preview' : 'main', parts)
    },
    async get() {
      return null
    },
    async head() {
      return null
    },
    async delete() {},
  }
  const run = () =>
    engine.convertImage(
      {
        image: { bytes, type: job.type, source: 'upload' },
        format: job.format,
        dpi: job.dpi,
        mode: 'auto',
        page: 'a4',
      },
      engine.openOutputBatch(outputs, 'bench'),
    )
  const measured = await measure(run)
  const out = measured.result
  const file = engine.concatBytes(files.get('main'))
  writeFileSync(job.out, file)
  const report = {
    ms: measured.ms,
    cpuMs: measured.cpuMs,
    times: measured.times,
    peak: measured.peak,
    coldPeak: measured.coldPeak,
    before: measured.before,
    bytes: file.length,
    tone: out.mode,
    width: out.file.width,
    height: out.file.height,
    previewBytes: out.preview?.byteLength ?? null,
  }
  if (job.infer && out.mode === 'bilevel' && job.format !== 'pdf') {
    Object.assign(report, await inferThreshold(engine, file, out.file.width, out.file.height))
  }
  return report
}

/**
 * The global threshold that best explains our bilevel page, read from the outside (after the
 * measurement): the gray page our public stages make (decode → flatten → resample, which is what
 * the binarizer receives) beside the filed pixels. Returns sharp's convention, "black when gray
 * < threshold", and the share of pixels that rule reproduces (1 when our binarizer is a global
 * threshold; less when it adapts locally).
 */
async function inferThreshold(engine, file, width, height) {
  const flat = engine.flattenToGray(await engine.openImage(bytes, job.type, { prefer: 'luma' }))
  const gray = engine.resampleGray(flat, width, height).rows[Symbol.asyncIterator]()
  const filed = (await engine.openImage(file, job.format)).rows[Symbol.asyncIterator]()
  const black = new Float64Array(256)
  const white = new Float64Array(256)
  for (let y = 0; y < height; y++) {
    const g = (await gray.next()).value
    const f = (await filed.next()).value
    for (let x = 0; x < width; x++) (f[x] < 128 ? black : white)[g[x]]++
  }
  // errors(t) = white pixels with gray < t + black pixels with gray >= t.
  let errors = black.reduce((a, b) => a + b, 0)
  let best = { threshold: 0, errors }
  for (let t = 1; t <= 255; t++) {
    errors += white[t - 1] - black[t - 1]
    if (errors < best.errors) best = { threshold: t, errors }
  }
  return { threshold: best.threshold, thresholdAgreement: 1 - best.errors / (width * height) }
}

/** sharp doing the same job: one thread, Lanczos-3 to our size, gray, our tone and format. */
async function viaSharp() {
  const sharp = (await import('sharp')).default
  sharp.concurrency(1)
  // libvips' operation cache would let runs 2-3 reuse run 1's work; ours has no such cache.
  sharp.cache(false)
  const { width, height, dpi, tone, threshold } = job
  const run = () => {
    let image = sharp(bytes, { limitInputPixels: false })
      .resize(width, height, { kernel: 'lanczos3', fit: 'fill' })
      .greyscale()
      // greyscale() alone leaves 3 identical sRGB channels in the file; b-w makes it one channel.
      .toColourspace('b-w')
    if (tone === 'bilevel') image = image.threshold(threshold)
    if (job.format === 'png') {
      // pHYs. Not withMetadata({ density }): in sharp 0.35 that also converts to sRGB and embeds
      // an ICC profile, so the 8-bit gray page would come out as a larger 3-channel RGB file.
      image = image.withDensity(dpi)
      image = tone === 'bilevel' ? image.png({ palette: true, colours: 2 }) : image.png()
    } else {
      const resolution = { xres: dpi / 25.4, yres: dpi / 25.4, resolutionUnit: 'inch' }
      image = image.tiff(
        tone === 'bilevel'
          ? { compression: 'ccittfax4', bitdepth: 1, miniswhite: true, ...resolution }
          : { compression: 'deflate', predictor: 'horizontal', ...resolution },
      )
    }
    return image.toBuffer()
  }
  const measured = await measure(run)
  writeFileSync(job.out, measured.result)
  // What sharp wrote, so the parent can check it is the file asked for.
  const meta = await sharp(measured.result).metadata()
  return {
    meta: {
      format: meta.format,
      channels: meta.channels,
      density: meta.density,
      palette: meta.isPalette ?? false,
      bits: meta.bitsPerSample ?? null,
    },
    ms: measured.ms,
    cpuMs: measured.cpuMs,
    times: measured.times,
    peak: measured.peak,
    coldPeak: measured.coldPeak,
    before: measured.before,
    bytes: measured.result.length,
  }
}

const report = job.tool === 'sharp' ? await viaSharp() : await ours()
console.log(JSON.stringify(report))

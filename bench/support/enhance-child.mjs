// One measurement of bench/enhance.mjs, in its own Node process so the peak RSS belongs to one
// job: loads only what its tool needs (our esbuild bundle and kernels, or UpscalerJS + tfjs with
// the wasm backend), reads the RGB input, makes the upscaler (network ready to run), records its
// RSS, runs the job `runs` times (the first is a warm-up when there is more than one) and prints
// one JSON line: the best time of the runs after the warm-up, the peak RSS (VmHWM) above the RSS
// before the first run, and facts about the engine. Then, outside the measurement, it writes the
// output (RGB bytes) to `out` for the parent's PSNR.
// Usage: node enhance-child.mjs '<job JSON>'; job = { tool: 'ours' | 'upscalerjs', input (raw
// RGB file), width, height, scale, runs, out }. Run with --expose-gc.
import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { memoryOf, resetPeak } from './wrangler-dev.mjs'

const ROOT = new URL('../..', import.meta.url).pathname
const MODELS = join(ROOT, 'node_modules/@upscalerjs/esrgan-slim/models')

const job = JSON.parse(process.argv[2])
const { width, height, scale } = job
const rgb = new Uint8Array(readFileSync(job.input))
if (rgb.length !== width * height * 3) throw new Error(`${job.input}: ${rgb.length} bytes`)

/** Runs `once` job.runs times after a GC and a reset of the kernel's peak-RSS counter. */
async function measure(once) {
  global.gc?.()
  // clear_refs "5" resets VmHWM to the current RSS: loading (bundles, tfjs, the model) must not
  // count as the job's peak; the first run (warm-up or not) does.
  resetPeak(process.pid)
  const before = memoryOf(process.pid).rss
  const times = []
  for (let run = 0; run < job.runs; run++) {
    const started = performance.now()
    await once(run === job.runs - 1)
    times.push(performance.now() - started)
  }
  const peak = memoryOf(process.pid).peak - before
  const timed = times.length > 1 ? times.slice(1) : times
  return { times, ms: Math.min(...timed), peak, before }
}

/** Our engine: upscaleImage (128-px tiles + halo) on one upscaler, bands dropped as they come. */
async function ours() {
  const engine = await import(join(ROOT, 'bench/out/engine.mjs'))
  const module = await WebAssembly.compile(readFileSync(join(ROOT, 'wasm/dist/upscale.wasm')))
  const dir = join(MODELS, `x${scale}`)
  const bin = readFileSync(join(dir, 'group1-shard1of1.bin'))
  const net = engine.parseEsrganSlim(
    JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')),
    bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength),
  )
  const up = await engine.createUpscaler(module, net, engine.MAX_TILE)
  const run = async () => {
    let rows = 0
    for await (const band of engine.upscaleImage(rgb, width, height, 3, up)) rows += band.rows
    if (rows !== height * scale) throw new Error(`ours gave ${rows} rows`)
  }
  const measured = await measure(run)
  // The output for the PSNR, written band by band after the measurement.
  const fd = openSync(job.out, 'w')
  for await (const band of engine.upscaleImage(rgb, width, height, 3, up)) writeSync(fd, band.data)
  closeSync(fd)
  return { ...measured, engineBytes: up.memoryBytes }
}

/** Serves the model directory over HTTP (UpscalerJS loads models by URL). */
async function serveModel(dir) {
  const server = createServer((req, res) => {
    try {
      res.end(readFileSync(join(dir, new URL(req.url, 'http://x').pathname.slice(1))))
    } catch {
      res.statusCode = 404
      res.end()
    }
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

/**
 * UpscalerJS with its defaults (no patchSize: the whole image in one pass) on tfjs' wasm backend,
 * SIMD, one thread. A run: the input tensor from the bytes, execute, the output floats read back
 * and turned into bytes as UpscalerJS' base64 output does (its float tensor, already clipped to
 * 0..255, set into a Uint8ClampedArray: rounded half to even).
 */
async function upscalerjs() {
  const { tf, Upscaler, setWasmPaths } = await import(join(ROOT, 'bench/out/upscalerjs.mjs'))
  tf.enableProdMode()
  setWasmPaths(join(ROOT, 'node_modules/@tensorflow/tfjs-backend-wasm/dist/'))
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false)
  if (!(await tf.setBackend('wasm'))) throw new Error('tfjs: the wasm backend did not start')
  await tf.ready()
  const simd = await tf.env().getAsync('WASM_HAS_SIMD_SUPPORT')
  const threads = await tf.env().getAsync('WASM_HAS_MULTITHREAD_SUPPORT')
  if (!simd || threads) throw new Error(`tfjs wasm: SIMD ${simd}, threads ${threads}`)
  wasmHeap = () => tf.backend().wasm?.HEAPU8?.buffer.byteLength ?? null
  const server = await serveModel(join(MODELS, `x${scale}`))
  try {
    const upscaler = new Upscaler({
      model: {
        path: `http://127.0.0.1:${server.address().port}/model.json`,
        scale,
        modelType: 'layers',
        // As @upscalerjs/esrgan-slim's own definition (architecture rdn): pixels in and out 0..255.
        inputRange: [0, 255],
        outputRange: [0, 255],
      },
    })
    await upscaler.ready
    let output = null
    const run = async (keep) => {
      const input = tf.tensor3d(Int32Array.from(rgb), [height, width, 3])
      const out = await upscaler.execute(input, { output: 'tensor' })
      input.dispose()
      const floats = await out.data()
      out.dispose()
      if (floats.length !== width * scale * height * scale * 3) {
        throw new Error(`upscalerjs gave ${floats.length} samples`)
      }
      const bytes = new Uint8ClampedArray(floats.length)
      bytes.set(floats)
      if (keep) output = bytes
    }
    const measured = await measure(run)
    writeFileSync(job.out, output)
    const heap = wasmHeap()
    await upscaler.dispose()
    return {
      ...measured,
      engineBytes: heap,
      simd,
      threads,
      tfjs: tf.version.tfjs,
      backend: tf.getBackend(),
    }
  } finally {
    server.closeAllConnections()
    server.close()
  }
}

/** tfjs' wasm heap in bytes, once its backend is up (reported with a failure). */
let wasmHeap = () => null

let report
try {
  report = job.tool === 'ours' ? await ours() : await upscalerjs()
} catch (error) {
  const heap = wasmHeap()
  const where = heap ? ` (tfjs wasm heap ${(heap / 2 ** 20).toFixed(0)} MB)` : ''
  report = { error: `${String(error?.message ?? error).split('\n')[0]}${where}` }
}
console.log(JSON.stringify(report))

// One measurement of `npm run bench -- webp` in its own Node process (so its peak RSS is its own):
// decodes one WebP file `runs` times with our streaming decoder (the engine bundle's openImage,
// as the Worker runs it) or libwebp (jSquash's wasm build, the decoder the Worker used before) and
// prints one JSON line: the best time of the runs after the first, the peak RSS (VmHWM) above the
// RSS before the first run, and a hash of the RGBA pixels (from one more, untimed run) so the
// parent can check both agree.
// Arguments: tool ("ours" | "libwebp"), file, runs. Run with --expose-gc.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { memoryOf, resetPeak } from './wrangler-dev.mjs'

const ROOT = new URL('../..', import.meta.url).pathname
const [tool, file, runsArg] = process.argv.slice(2)
const runs = Number(runsArg ?? 3)
const bytes = new Uint8Array(readFileSync(file))

/** Decodes once; with `hash`, returns the RGBA pixels' hash (outside the timed runs). */
let decodeOnce
if (tool === 'ours') {
  const engine = await import(join(ROOT, 'bench/out/engine.mjs'))
  decodeOnce = async (wantHash) => {
    const hash = createHash('sha256')
    const image = await engine.openImage(bytes, 'webp')
    let rgba = null
    for await (const row of image.rows) {
      if (!wantHash) continue
      if (image.channels === 4) hash.update(row)
      else {
        rgba ??= new Uint8Array(image.width * 4).fill(255)
        for (let x = 0; x < image.width; x++) {
          rgba[4 * x] = row[3 * x]
          rgba[4 * x + 1] = row[3 * x + 1]
          rgba[4 * x + 2] = row[3 * x + 2]
        }
        hash.update(rgba)
      }
    }
    return hash.digest('hex')
  }
} else {
  const { default: decode, init } = await import('@jsquash/webp/decode.js')
  await init(
    await WebAssembly.compile(
      readFileSync(join(ROOT, 'node_modules/@jsquash/webp/codec/dec/webp_dec.wasm')),
    ),
  )
  decodeOnce = async (wantHash) => {
    const image = await decode(bytes.slice().buffer)
    return wantHash ? createHash('sha256').update(image.data).digest('hex') : ''
  }
}

global.gc?.()
resetPeak(process.pid)
const before = memoryOf(process.pid).rss
let best = Number.POSITIVE_INFINITY
for (let run = 0; run < runs; run++) {
  const started = process.hrtime.bigint()
  await decodeOnce(false)
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  if (run > 0 || runs === 1) best = Math.min(best, ms)
}
const peak = memoryOf(process.pid).peak - before
const hash = await decodeOnce(true)
console.log(JSON.stringify({ tool, ms: best, peak, hash }))

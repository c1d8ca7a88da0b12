// A quick loop for trace's IoU against the vector truth: `node bench/trace-quick.mjs`. Traces
// the vectorize bench's 60 synthetic gray inputs (same drawings, variants, renderer and metric as
// bench/vectorize.mjs) and prints the mean IoU beside potrace wasm's and our own from the last
// full `npm run bench -- vectorize` (bench/out/vectorize.json), with the images that moved.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadEngine } from './support/engine.mjs'
import { drawings } from './support/vectorize-drawings.mjs'
import { loadRunners, prepare } from './support/vectorize-peers.mjs'
import { makeInput, VARIANTS } from './support/vectorize-raster.mjs'
import {
  initRenderer,
  inkMask,
  renderSvg,
  scoreTrace,
  traceReference,
} from './support/vectorize-score.mjs'
import { ROOT } from './support/wrangler-dev.mjs'

const SAVED = join(ROOT, 'bench/out/vectorize.json')
/** An image is listed when its IoU moved more than this from the saved run. */
const MOVED = 0.002

const engine = await loadEngine()
await initRenderer()
const saved = existsSync(SAVED) ? JSON.parse(readFileSync(SAVED, 'utf8')).rows : []
const savedOf = (name) =>
  new Map(
    saved
      .filter((r) => r.engine === name && typeof r.iouTruth === 'number')
      .map((r) => [r.image, r.iouTruth]),
  )
const potrace = savedOf('potrace wasm')
const before = savedOf('ours traceImage')
const [trace] = (await loadRunners(engine)).filter((r) => r.name === 'ours traceImage')
const sums = { ours: 0, before: 0, potrace: 0, n: 0, paired: 0 }
for (const base of drawings()) {
  for (const variant of VARIANTS) {
    const { clean, input } = await makeInput(base, variant)
    if (input.channels !== 1) continue
    const name = `${base.name} / ${variant.name}`
    const ref = traceReference(
      input,
      inkMask(clean.pixels, clean.channels, clean.width, clean.height),
    )
    const out = await trace.run(prepare(input))
    const iou = scoreTrace(ref, await renderSvg(out.svg, input.width, input.height)).iouTruth
    sums.ours += iou
    sums.n++
    if (potrace.has(name) && before.has(name)) {
      sums.potrace += potrace.get(name)
      sums.before += before.get(name)
      sums.paired++
      if (Math.abs(iou - before.get(name)) > MOVED) {
        console.log(
          `${name}: ${before.get(name).toFixed(4)} -> ${iou.toFixed(4)} (potrace wasm ${potrace.get(name).toFixed(4)})`,
        )
      }
    }
  }
}
console.log(
  `trace IoU against the vector truth, ${sums.n} gray synthetic inputs: ${(sums.ours / sums.n).toFixed(4)}`,
)
if (sums.paired) {
  console.log(
    `saved run, same ${sums.paired} inputs: ours ${(sums.before / sums.paired).toFixed(4)}, potrace wasm ${(sums.potrace / sums.paired).toFixed(4)}`,
  )
}

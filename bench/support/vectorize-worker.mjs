// Worker thread for bench/vectorize.mjs: loads the runners once, warms each up on the synthetic
// drawings (first calls pay for JIT and wasm start-up), then runs the cases it is sent. It imports
// the engine bundle the main thread has just built (building it again here would race the others).
import { join } from 'node:path'
import { parentPort } from 'node:worker_threads'
import { loadKernels, withKernels } from './kernels.mjs'
import { runCase } from './vectorize-cases.mjs'
import { drawings } from './vectorize-drawings.mjs'
import { loadRunners } from './vectorize-peers.mjs'
import { initRenderer } from './vectorize-score.mjs'

const ROOT = new URL('../..', import.meta.url).pathname
// Our wasm kernels, as bench/support/engine.mjs gives them to the main thread's copy.
const engine = withKernels(await import(join(ROOT, 'bench/out/engine.mjs')), await loadKernels())
const runners = await loadRunners(engine)
await initRenderer()
// Every drawing, clean and degraded, so each runner's code is optimised before any case is
// timed (V8 optimises a function after many calls; two warm-up cases left our engine's first
// images at 2-8 times their warm time).
for (let drawing = 0; drawing < drawings().length; drawing++) {
  for (const variant of [0, 4]) {
    await runCase({ kind: 'synthetic', drawing, variant, id: 'warm-up' }, runners)
  }
}

parentPort.on('message', async (desc) => {
  try {
    parentPort.postMessage({ id: desc.id, result: await runCase(desc, runners) })
  } catch (error) {
    parentPort.postMessage({ id: desc.id, error: String(error?.stack ?? error) })
  }
})
parentPort.postMessage({
  ready: true,
  runners: runners.map(({ name, note, families, ours }) => ({
    name,
    note,
    families,
    ours: ours ?? false,
  })),
})

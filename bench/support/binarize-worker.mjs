// Worker thread for bench/binarize.mjs: runs the corpus sheets it is sent. It imports the engine
// bundle the main thread has just built (building it again here would race the other workers).
import { join } from 'node:path'
import { parentPort } from 'node:worker_threads'
import { runSheet } from './binarize-cases.mjs'
import { loadKernels, withKernels } from './kernels.mjs'
import { ROOT } from './wrangler-dev.mjs'

const engine = withKernels(await import(join(ROOT, 'bench/out/engine.mjs')), await loadKernels())

parentPort.on('message', async (file) => {
  try {
    parentPort.postMessage({ file, result: await runSheet(engine, file) })
  } catch (error) {
    parentPort.postMessage({ file, error: String(error?.stack ?? error) })
  }
})
parentPort.postMessage({ ready: true })

// Bundles bench/support/engine-entry.ts for Node with esbuild and hands it the kernels the Worker
// runs with, compiled from their .wasm files (the Worker imports them as modules instead).
import { join } from 'node:path'
import { build } from 'esbuild'
import { loadKernels, withKernels } from './kernels.mjs'
import { ROOT } from './wrangler-dev.mjs'

const outfile = join(ROOT, 'bench/out/engine.mjs')
export async function loadEngine() {
  await build({
    entryPoints: [join(ROOT, 'bench/support/engine-entry.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outfile,
    logLevel: 'error',
  })
  return withKernels(await import(outfile), await loadKernels())
}

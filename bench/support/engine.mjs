// Bundles bench/support/engine-entry.ts for Node with esbuild and loads the jSquash decoders from
// their .wasm files (Node's loader; the Worker imports them as modules instead).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { ROOT } from './wrangler-dev.mjs'

const outfile = join(ROOT, 'bench/out/engine.mjs')
/** Our SIMD resample kernels, as the Worker loads them (src/wasm-workerd.ts). */
export const RESAMPLE_WASM = 'wasm/dist/resample.wasm'
/** Our lineart pixel kernels (despeckle, distance, thinning), as the Worker loads them. */
export const LINEART_WASM = 'wasm/dist/lineart.wasm'

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
  const engine = await import(outfile)
  const wasm = (path) => WebAssembly.compile(readFileSync(join(ROOT, 'node_modules', path)))
  engine.useWebpDecoderWasm(await wasm('@jsquash/webp/codec/dec/webp_dec.wasm'))
  engine.useResampleWasm(await WebAssembly.compile(readFileSync(join(ROOT, RESAMPLE_WASM))))
  engine.useLineartWasm(await WebAssembly.compile(readFileSync(join(ROOT, LINEART_WASM))))
  return engine
}

// Bundles bench/support/engine-entry.ts for Node with esbuild and loads the jSquash decoders from
// their .wasm files (Node's loader; the Worker imports them as modules instead).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
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
  const engine = await import(outfile)
  const wasm = (path) => WebAssembly.compile(readFileSync(join(ROOT, 'node_modules', path)))
  engine.useWebpDecoderWasm(await wasm('@jsquash/webp/codec/dec/webp_dec.wasm'))
  return engine
}

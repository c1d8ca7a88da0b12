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
/** Our upscaler kernels (ESRGAN-slim layers), as the Worker loads them. */
export const UPSCALE_WASM = 'wasm/dist/upscale.wasm'

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
  engine.useUpscaleKernels(await WebAssembly.compile(readFileSync(join(ROOT, UPSCALE_WASM))))
  // resvg and the bundled font, as src/wasm-workerd.ts installs them for /figures.
  engine.useSvgRasterizer(await wasm('@resvg/resvg-wasm/index_bg.wasm'), [
    new Uint8Array(readFileSync(join(ROOT, 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf'))),
  ])
  for (const scale of [2, 4]) {
    const dir = join(ROOT, `node_modules/@upscalerjs/esrgan-slim/models/x${scale}`)
    const bin = readFileSync(join(dir, 'group1-shard1of1.bin'))
    const json = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8'))
    engine.useUpscaleModel(
      scale,
      json,
      bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength),
    )
  }
  return engine
}

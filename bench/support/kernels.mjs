// The Node benches' kernels: the files src/kernels/workerd.ts imports for the Worker, compiled
// from disk, and the engine bundle with them passed where the Worker's operations pass them, so a
// bench measures what the Worker runs (and `loadKernels({ wasm: false })` what it would without).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = new URL('../..', import.meta.url).pathname
const compile = (path) => WebAssembly.compile(readFileSync(join(ROOT, path)))

/** The Kernels record (src/kernels/kernels.ts); `wasm: false` leaves our own kernels out. */
export async function loadKernels({ wasm = true } = {}) {
  const models = {}
  for (const scale of [2, 4]) {
    const dir = join(ROOT, `node_modules/@upscalerjs/esrgan-slim/models/x${scale}`)
    const bin = readFileSync(join(dir, 'group1-shard1of1.bin'))
    models[scale] = {
      json: JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')),
      weights: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength),
    }
  }
  return {
    resample: wasm ? await compile('wasm/dist/resample.wasm') : null,
    lineart: wasm ? await compile('wasm/dist/lineart.wasm') : null,
    zlib: wasm ? await compile('wasm/dist/zlib.wasm') : null,
    svg: {
      module: await compile('node_modules/@resvg/resvg-wasm/index_bg.wasm'),
      fonts: [
        new Uint8Array(
          readFileSync(join(ROOT, 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
        ),
      ],
    },
    upscale: { module: await compile('wasm/dist/upscale.wasm'), models },
  }
}

/** `engine` (a bundle's exports) with `kernels` passed to every function of it that takes them. */
export function withKernels(engine, kernels) {
  const bound = {
    traceLineart: (image, options = {}) =>
      engine.traceLineart(image, { wasm: kernels.lineart, ...options }),
    resampleGray: (source, width, height, options = {}) =>
      engine.resampleGray(source, width, height, { wasm: kernels.resample, ...options }),
    openImage: (bytes, type, options = {}) =>
      engine.openImage(bytes, type, { zlib: kernels.zlib, ...options }),
    figureFontMetrics: () => engine.figureFontMetrics(kernels.svg),
    rasterizeSvg: (svg, longEdge) => engine.rasterizeSvg(svg, longEdge, kernels.svg),
    outlineText: (svg) => engine.outlineText(svg, kernels.svg),
    extractLineDrawing: (image, source) => engine.extractLineDrawing(image, source, kernels),
    loadUpscaler: (scale) => engine.loadUpscaler(scale, kernels.upscale),
    convertImage: (input, outputs) => engine.convertImage(input, { outputs, kernels }),
    enhanceImage: (input, outputs) => engine.enhanceImage(input, { outputs, kernels }),
    vectorizeImage: (input, outputs) => engine.vectorizeImage(input, { outputs, kernels }),
  }
  const out = { ...engine, kernels }
  for (const [name, fn] of Object.entries(bound))
    if (typeof engine[name] === 'function') out[name] = fn
  return out
}

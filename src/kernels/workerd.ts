/**
 * The Worker's kernels: each `.wasm` imported as a compiled module (Workers cannot compile wasm
 * from bytes at run time); the upscaler's weights and the figures' font as data modules
 * (wrangler.toml's rule for *.bin and *.ttf). createDeps hands this record to every request.
 */

import resvg from '@resvg/resvg-wasm/index_bg.wasm'
import x2Weights from '../../node_modules/@upscalerjs/esrgan-slim/models/x2/group1-shard1of1.bin'
import x2Model from '../../node_modules/@upscalerjs/esrgan-slim/models/x2/model.json'
import x4Weights from '../../node_modules/@upscalerjs/esrgan-slim/models/x4/group1-shard1of1.bin'
import x4Model from '../../node_modules/@upscalerjs/esrgan-slim/models/x4/model.json'
import dejaVuSans from '../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf'
import lineartKernels from '../../wasm/dist/lineart.wasm'
import resampleKernels from '../../wasm/dist/resample.wasm'
import upscaleKernels from '../../wasm/dist/upscale.wasm'
import zlibKernels from '../../wasm/dist/zlib.wasm'
import type { Kernels } from './kernels'

export const WORKERD_KERNELS: Kernels = {
  resample: resampleKernels,
  lineart: lineartKernels,
  zlib: zlibKernels,
  // resvg renders the figures' SVG; DejaVu Sans ships in the bundle.
  svg: { module: resvg, fonts: [new Uint8Array(dejaVuSans)] },
  // The ESRGAN-slim weights (MIT, @upscalerjs/esrgan-slim) ship in the bundle as data modules.
  upscale: {
    module: upscaleKernels,
    models: { 2: { json: x2Model, weights: x2Weights }, 4: { json: x4Model, weights: x4Weights } },
  },
}

/**
 * The wasm loader for workerd: each `.wasm` is imported as a compiled module (Workers cannot
 * compile wasm from bytes at run time) and handed to its user, once per isolate; the upscaler's
 * weights and the figures' font are imported as data modules (wrangler.toml's rule for *.bin
 * and *.ttf). Under Node, the
 * benchmarks load the same files with bench/support/engine.mjs instead.
 */

import webpDecoder from '@jsquash/webp/codec/dec/webp_dec.wasm'
import resvg from '@resvg/resvg-wasm/index_bg.wasm'
import x2Weights from '../node_modules/@upscalerjs/esrgan-slim/models/x2/group1-shard1of1.bin'
import x2Model from '../node_modules/@upscalerjs/esrgan-slim/models/x2/model.json'
import x4Weights from '../node_modules/@upscalerjs/esrgan-slim/models/x4/group1-shard1of1.bin'
import x4Model from '../node_modules/@upscalerjs/esrgan-slim/models/x4/model.json'
import dejaVuSans from '../node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf'
import lineartKernels from '../wasm/dist/lineart.wasm'
import resampleKernels from '../wasm/dist/resample.wasm'
import upscaleKernels from '../wasm/dist/upscale.wasm'
import { useWebpDecoderWasm } from './codecs/webp/decode'
import { useSvgRasterizer } from './engines/figure/rasterize'
import { useResampleWasm } from './engines/gray/resample'
import { useLineartWasm } from './engines/lineart/pixel-stages'
import { useUpscaleKernels, useUpscaleModel } from './engines/upscale/models'

useWebpDecoderWasm(webpDecoder)
useResampleWasm(resampleKernels)
useLineartWasm(lineartKernels)
useUpscaleKernels(upscaleKernels)
// resvg renders the figures' SVG; a Worker has no system fonts, so DejaVu Sans ships in the bundle.
useSvgRasterizer(resvg, [new Uint8Array(dejaVuSans)])
// The ESRGAN-slim weights (MIT, @upscalerjs/esrgan-slim) ship in the bundle as data modules.
useUpscaleModel(2, x2Model, x2Weights)
useUpscaleModel(4, x4Model, x4Weights)

/**
 * The wasm loader for workerd: each `.wasm` is imported as a compiled module (Workers cannot
 * compile wasm from bytes at run time) and handed to its user, once per isolate. Under Node, the
 * benchmarks load the same files with bench/support/engine.mjs instead.
 */

import webpDecoder from '@jsquash/webp/codec/dec/webp_dec.wasm'
import lineartKernels from '../wasm/dist/lineart.wasm'
import resampleKernels from '../wasm/dist/resample.wasm'
import { useWebpDecoderWasm } from './codecs/webp/decode'
import { useResampleWasm } from './engines/export/resample'
import { useLineartWasm } from './engines/lineart/pixel-stages'

useWebpDecoderWasm(webpDecoder)
useResampleWasm(resampleKernels)
useLineartWasm(lineartKernels)

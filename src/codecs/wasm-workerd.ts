/**
 * The wasm loader for workerd: each `.wasm` is imported as a compiled module (Workers cannot
 * compile wasm from bytes at run time) and handed to its codec, once per isolate. Under Node, the
 * benchmarks use bench/support/wasm-node.mjs instead.
 */

import jpegDecoder from '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm'
import webpDecoder from '@jsquash/webp/codec/dec/webp_dec.wasm'
import { useJpegDecoderWasm } from './jpeg/decode'
import { useWebpDecoderWasm } from './webp/decode'

useJpegDecoderWasm(jpegDecoder)
useWebpDecoderWasm(webpDecoder)

// What bench/support/enhance-child.mjs needs of UpscalerJS, bundled by bench/enhance.mjs with
// esbuild to bench/out/upscalerjs.mjs. The package's Node entry (upscaler/node) wants
// @tensorflow/tfjs-node, which is not installed; its browser ESM entry runs under Node once
// bundled, with @tensorflow/* left external so Node loads tfjs and the wasm backend from
// node_modules (one copy of tfjs, shared by UpscalerJS and the backend).
export * as tf from '@tensorflow/tfjs'
export { setWasmPaths } from '@tensorflow/tfjs-backend-wasm'
export { default as Upscaler } from 'upscaler'

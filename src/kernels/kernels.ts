/**
 * The compiled wasm modules and bundled data the engines and codecs run with: one record per
 * runtime (workerd.ts for the Worker; the Node benches load the same files), passed through Deps
 * to operations and from them to each engine, as jSquash passes its module to `init`. Each is
 * compiled once per isolate; every engine run instantiates what it needs from it.
 */

/** resvg and the fonts figure text is set in (the first is the default: a Worker has no fonts). */
export interface SvgKernel {
  readonly module: WebAssembly.Module
  readonly fonts: readonly Uint8Array[]
}

/** One ESRGAN-slim network as published: tfjs model.json and its weights. */
export interface UpscaleModelSource {
  readonly json: unknown
  readonly weights: ArrayBuffer
}

/** Our upscale kernels (wasm/dist/upscale.wasm) and the x2 and x4 networks. */
export interface UpscaleKernel {
  readonly module: WebAssembly.Module
  readonly models: Readonly<Record<2 | 4, UpscaleModelSource>>
}

export interface Kernels {
  /** wasm/dist/resample.wasm, the SIMD resample passes; null runs the TypeScript kernel. */
  readonly resample: WebAssembly.Module | null
  /** wasm/dist/lineart.wasm, the lineart pixel stages; null runs them in TypeScript. */
  readonly lineart: WebAssembly.Module | null
  /**
   * wasm/dist/zlib.wasm: inflate and PNG unfilter (and the gray outputs' deflate); null runs
   * them in TypeScript and the platform's CompressionStream.
   */
  readonly zlib: WebAssembly.Module | null
  /** The figures' SVG rasterizer; null when the runtime draws no figures. */
  readonly svg: SvgKernel | null
  /** The /enhance network; null when the runtime upscales no photos. */
  readonly upscale: UpscaleKernel | null
}

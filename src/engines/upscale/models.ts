/**
 * The upscale engine's installed parts: our kernel module and the ESRGAN-slim x2 and x4 weights,
 * handed over once per isolate by the runtime's loader (src/wasm-workerd.ts in the Worker,
 * bench/support/engine.mjs under Node). Networks are parsed once; an upscaler (instance, repacked
 * weights, 40 MiB of tile memory at x2, 25 MiB at x4) is made per request and let go with it.
 */

import { maxTileFor } from './index'
import { createUpscaler, type Upscaler } from './kernels-wasm'
import { type Network, parseEsrganSlim } from './model'

export type Scale = 2 | 4

let kernels: WebAssembly.Module | null = null
const sources = new Map<Scale, { json: unknown; weights: ArrayBuffer }>()
const parsed = new Map<Scale, Network>()

/** Installs the compiled wasm/dist/upscale.wasm. */
export function useUpscaleKernels(module: WebAssembly.Module): void {
  kernels = module
}

/** Installs one scale's model.json and weights (parsed on first use). */
export function useUpscaleModel(scale: Scale, json: unknown, weights: ArrayBuffer): void {
  sources.set(scale, { json, weights })
  parsed.delete(scale)
}

/**
 * An upscaler for `scale`, sized for the engine's largest tile at that scale.
 * @throws Error when the runtime installed no kernels or no model for `scale` (a deployment bug)
 */
export async function loadUpscaler(scale: Scale): Promise<Upscaler> {
  if (!kernels) throw new Error('upscale: no kernel module installed (useUpscaleKernels)')
  let net = parsed.get(scale)
  if (!net) {
    const source = sources.get(scale)
    if (!source) throw new Error(`upscale: no x${scale} model installed (useUpscaleModel)`)
    net = parseEsrganSlim(source.json, source.weights)
    parsed.set(scale, net)
  }
  return createUpscaler(kernels, net, maxTileFor(scale))
}

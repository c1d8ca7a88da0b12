/**
 * The upscale engine's network: our kernel module and the ESRGAN-slim x2 and x4 weights, passed
 * in as Kernels.upscale. Networks are parsed once per isolate; an upscaler (instance, repacked
 * weights, 40 MiB of tile memory at x2, 25 MiB at x4) is made per request and let go with it.
 */

import type { UpscaleModelSource } from '../../kernels/kernels'
import { maxTileFor } from './index'
import { createUpscaler, type Upscaler } from './kernels-wasm'
import { type Network, parseEsrganSlim } from './model'

export type Scale = 2 | 4

const parsed = new WeakMap<UpscaleModelSource, Network>()

/**
 * An upscaler for `scale`, sized for the engine's largest tile at that scale.
 * @param kernel Kernels.upscale: the compiled wasm/dist/upscale.wasm and the networks
 * @throws Error when no kernel was given (a deployment bug)
 */
export async function loadUpscaler(
  scale: Scale,
  kernel: {
    module: WebAssembly.Module
    models: Readonly<Record<Scale, UpscaleModelSource>>
  } | null,
): Promise<Upscaler> {
  if (!kernel) throw new Error('upscale: no kernel module was given (Kernels.upscale)')
  const source = kernel.models[scale]
  let net = parsed.get(source)
  if (!net) {
    net = parseEsrganSlim(source.json, source.weights)
    parsed.set(source, net)
  }
  return createUpscaler(kernel.module, net, maxTileFor(scale))
}

// The Worker runs the wasm kernels: createDeps hands every operation the compiled modules of
// src/kernels/workerd.ts, and each engine given them takes its wasm path, not the TypeScript one.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { createDeps } from '../../src/deps'
import { figureFontMetrics, rasterizeSvg } from '../../src/engines/figure/rasterize'
import { resampleGray } from '../../src/engines/gray/resample'
import { pixelStages } from '../../src/engines/lineart/pixel-stages'
import { loadUpscaler } from '../../src/engines/upscale/models'
import type { Bindings } from '../../src/env'
import { bufferRows } from '../../src/lib/rows'

const { kernels } = createDeps(env as Bindings)

describe('the Worker kernels (createDeps)', () => {
  it('are compiled modules, with the bundled font and both networks', () => {
    for (const module of [
      kernels.resample,
      kernels.lineart,
      kernels.zlib,
      kernels.svg?.module,
      kernels.upscale?.module,
    ]) {
      expect(module).toBeInstanceOf(WebAssembly.Module)
    }
    expect(kernels.svg?.fonts[0]?.byteLength).toBeGreaterThan(100_000)
    expect(Object.keys(kernels.upscale?.models ?? {})).toEqual(['2', '4'])
  })

  it('resample with the SIMD passes', () => {
    const gray = bufferRows(new Uint8Array(120 * 80).fill(200), 120, 80, 1)
    expect(resampleGray(gray, 60, 40, { wasm: kernels.resample }).passes).toBe('wasm')
    expect(resampleGray(gray, 60, 40).passes).toBe('typescript')
  })

  it('run the lineart pixel stages in wasm memory', async () => {
    const stages = await pixelStages(33, 21, kernels.lineart)
    expect(stages.mask.data.buffer.byteLength % 65536).toBe(0)
    const plain = await pixelStages(33, 21, null)
    expect(plain.mask.data.buffer.byteLength).toBe(35 * 23)
  })

  it('load the x2 and x4 upscalers', async () => {
    for (const scale of [2, 4] as const) {
      expect((await loadUpscaler(scale, kernels.upscale)).memoryBytes).toBeGreaterThan(0)
    }
  })

  it('render figure text in the bundled font', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><text x="2" y="16" font-size="16">FIG</text></svg>'
    const raster = await rasterizeSvg(svg, 80, kernels.svg)
    expect(raster.data.some((v) => v < 128)).toBe(true)
    expect(figureFontMetrics(kernels.svg)).toBe(figureFontMetrics(kernels.svg))
  })
})

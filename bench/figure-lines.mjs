// `node bench/figure-lines.mjs [--quick]`, or runFigureLinesBench() from bench/run.mjs: the
// figure lines engine (src/engines/figure/lines) under Node on the inputs /figures gives it:
// photos at the working cap (1.5 MP) and above it, a grainy photo, an image model's drawing with
// shading, and corpus sheets. For each: what it was judged, the working size, the path count, and
// the time of the first run and the median of warm runs, with the wasm kernels installed (as the
// Worker runs) and without (the TypeScript fallbacks). The scenes come from
// test/engines/figure/lines/images.ts, so the bench and the tests agree.

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { loadKernels } from './support/kernels.mjs'
import { printTable } from './support/table.mjs'
import { ROOT } from './support/wrangler-dev.mjs'

/** Runs the bench and prints its table. */
export async function runFigureLinesBench() {
  const quick = process.argv.includes('--quick')
  const RUNS = quick ? 3 : 7
  const outfile = join(ROOT, 'bench/out/figure-lines.mjs')

  await build({
    stdin: {
      contents: `
        export { extractLineDrawing } from './src/engines/figure/lines'
        export { openPng } from './src/codecs/png/decode'
        export * as scenes from './test/engines/figure/lines/images'
        export { photo } from './test/support/photo'
      `,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'error',
  })
  const engine = await import(outfile)
  const { scenes } = engine

  async function sheet(name) {
    const opened = engine.openPng(readFileSync(join(ROOT, 'test/fixtures/corpus', name)))
    if (!opened.ok) throw new Error(opened.error.message)
    const { width, height, rows } = opened.value
    const data = new Uint8Array(width * height)
    let y = 0
    for await (const row of rows) data.set(row, y++ * width)
    return { width, height, channels: 1, data }
  }

  const cases = [
    ['photo 1224 × 1224 (1.5 MP)', 'reference', scenes.shadedObjects(1224, 1224, 13, 8, 1.5).image],
    ['photo 3000 × 2000', 'reference', scenes.shadedObjects(3000, 2000, 11).image],
    [
      'grainy photo 1224 × 1224, RGBA',
      'reference',
      {
        width: 1224,
        height: 1224,
        channels: 4,
        data: new Uint8Array(engine.photo(1224, 1224, 3).buffer),
      },
    ],
    ['model drawing 1024 × 1024', 'model', scenes.modelDrawing(1024, 1024).image],
    ['sheet USD0871744 (1875 × 2537)', 'reference', await sheet('USD0871744-20200107-D00006.png')],
    ['sheet USD0871719 (1900 × 2819)', 'reference', await sheet('USD0871719-20200107-D00005.png')],
  ]

  async function time(image, source, kernels) {
    const times = []
    let last
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now()
      last = await engine.extractLineDrawing(image, source, kernels)
      times.push(performance.now() - start)
    }
    const warm = times.slice(1).sort((a, b) => a - b)
    return { result: last, first: times[0], median: warm[warm.length >> 1] }
  }

  const rows = []
  for (const wasm of [true, false]) {
    const kernels = await loadKernels({ wasm })
    for (const [name, source, image] of cases) {
      const { result, first, median } = await time(image, source, kernels)
      rows.push({
        input: name,
        kernels: wasm ? 'wasm' : 'ts',
        result: result.ok ? result.value.kind : result.reason,
        working: result.ok ? `${result.value.width} × ${result.value.height}` : '',
        paths: result.ok ? result.value.strokes : '',
        'first ms': first.toFixed(0),
        'median ms': median.toFixed(0),
      })
    }
  }
  console.log(
    `figure lines engine, Node ${process.version}, ${RUNS} runs (median of the warm ones)`,
  )
  printTable(rows)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runFigureLinesBench()

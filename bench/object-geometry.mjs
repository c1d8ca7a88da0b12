// `npm run bench -- object-geometry [--quick]`: the object geometry engine
// (src/engines/object/geometry) under Node, on the scenes the tests use
// (test/engines/object/geometry/scenes.ts): the 20-part desk in the perspective, front and top
// views, the mug, and the worst scene the schema admits (48 springs of 100 turns, one run). CPU ms
// (process.cpuUsage, one thread) of meshing the scene (prepare), of hidden-line removal for one
// view (project), of the first lead anchor question (the visible-region raster, every part's
// interior point), and, for the perspective, of choosing its viewpoint (eight coarse rasters, every
// part a numbered element); first run and median of warm runs. The peer, in the same process: the
// same algorithm with no spatial index ({ index: 'none' }: every triangle tested for each point and
// each piercing, every pair of segments for crossings), the O(n²) visibility a first version would
// write; ratio is ours ÷ peer. Target: a 20-part view's project well under 150 ms (the whole object
// figure drafts in ≤ 300 ms).

import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { printTable } from './support/table.mjs'
import { ROOT } from './support/wrangler-dev.mjs'

/** Runs the bench and prints its table. */
export async function runObjectGeometryBench() {
  const quick = process.argv.includes('--quick')
  const RUNS = quick ? 3 : 11
  const PEER_RUNS = quick ? 1 : 3
  const outfile = join(ROOT, 'bench/out/object-geometry.mjs')
  await build({
    stdin: {
      contents: `
        export { chooseViewpoint, prepareScene, projectPrepared } from './src/engines/object/geometry'
        export * as scenes from './test/engines/object/geometry/scenes'
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
  const springs = {
    parts: Array.from({ length: 48 }, (_, i) => ({
      id: `spring${i}`,
      shape: 'helix',
      size: [1, 1, 10],
      position: [(i % 8) * 1.5, Math.floor(i / 8) * 1.5, 0],
      rotation: [0, 0, 0],
      turns: 100,
      wire: 0.05,
    })),
  }
  const cases = [
    ['desk, 20 parts', scenes.desk20(), 'perspective', RUNS],
    ['desk, 20 parts', scenes.desk20(), 'front', RUNS],
    ['desk, 20 parts', scenes.desk20(), 'top', RUNS],
    ['mug, 2 parts', scenes.mug(), 'perspective', RUNS],
    ['48 springs × 100 turns', springs, 'perspective', 1],
  ]

  const rows = []
  for (const [name, scene, view, runs] of cases) {
    const ours = measure(runs, () => run(engine, scene, view, 'grid'))
    const peer =
      runs > 1 ? measure(Math.min(runs, PEER_RUNS), () => run(engine, scene, view, 'none')) : null
    const total = (r) => r.prepare + r.project
    rows.push({
      scene: name,
      view,
      triangles: ours.median.triangles,
      segments: ours.median.segments,
      'first ms': total(ours.first).toFixed(0),
      'prepare ms': ours.median.prepare.toFixed(1),
      'project ms': ours.median.project.toFixed(1),
      'leads ms': ours.median.leads.toFixed(1),
      'viewpoint ms': view === 'perspective' ? ours.median.viewpoint.toFixed(1) : '-',
      'total ms': total(ours.median).toFixed(0),
      'no-index peer ms': peer ? total(peer.median).toFixed(0) : '-',
      ratio: peer ? (total(ours.median) / total(peer.median)).toFixed(3) : '-',
    })
  }
  console.log(
    `\nobject geometry engine, Node ${process.version}, CPU ms (median of ${RUNS} warm runs; first = cold; the springs once)`,
  )
  printTable(rows)
}

/** One scene drawn in one view: stage times and sizes. */
function run(engine, scene, view, index) {
  const t = stopwatch()
  const prepared = engine.prepareScene(scene)
  const prepare = t.lap()
  const projection = engine.projectPrepared(prepared, view, { index })
  const project = t.lap()
  for (const part of projection.parts.values()) part.interiorPoint()
  const leads = t.lap()
  if (view === 'perspective') {
    engine.chooseViewpoint(
      prepared,
      scene.parts.map((_, k) => [k]),
    )
  }
  const viewpoint = t.lap()
  return {
    prepare,
    project,
    leads,
    viewpoint,
    triangles: projection.stats.triangles,
    segments: projection.stats.segments,
  }
}

/** CPU time of each stage, ms. */
function stopwatch() {
  let last = process.cpuUsage()
  return {
    lap() {
      const now = process.cpuUsage(last)
      last = process.cpuUsage()
      return (now.user + now.system) / 1000
    },
  }
}

function measure(count, fn) {
  const first = fn()
  const runs = count > 1 ? Array.from({ length: count }, fn) : [first]
  const median = {}
  for (const key of Object.keys(first)) {
    const sorted = runs.map((r) => r[key]).sort((a, b) => a - b)
    median[key] = sorted[Math.floor(sorted.length / 2)]
  }
  return { first, median }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runObjectGeometryBench()

// `node bench/dxf-audit.mjs [--all]`: the DXF writer on real drawings, checked by a reader we did
// not write. The first 4 corpus sheets (../shared/corpus/patent-drawings; all 21 with --all) are
// traced by both engines; two colour photos (bench/fixtures/photos) and a sheet of noise (one
// region with thousands of holes) by `trace`. Each drawing is written as DXF and SVG under
// bench/out/dxf-audit/. Debian's /usr/bin/python3 with python3-ezdxf (bench/dxf-audit.py) loads
// every DXF, audits it, loads it again through ezdxf.recover, and flattens its HATCH loops and
// polylines in its own reading of them. Then resvg draws both files: the SVG as written, the
// DXF's geometry as an SVG of its HATCHes (even-odd) and polylines (at the model's pen width, and
// again at the DXF lineweight, which CAD rounds to a standard value). Printed per drawing: entity
// counts, audit and recover errors and fixes, the IoU of ink coverage (1 − luma / 255: Σ min /
// Σ max, so an edge pixel counts by how much of it is covered), the IoU of dark pixels (luma
// < 128: thin lines make it the strictest), the share of pixels whose colour agrees within 48,
// the share whose luma differs by more than 128 (a hole filled or a region lost shows there; the
// biarcs' 0.1 px does not), and the fastest of three writes of each format.
// Exits 1 when a file has audit or recover errors or fixes, when more than 0.1 % of its pixels
// differ by more than 128, or when colours agree on less than 99 %. Not part of `npm test`: it
// needs python3-ezdxf and takes minutes (`--all`: most of an hour on a busy 2-core machine).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, join } from 'node:path'
import { initWasm, Resvg } from '@resvg/resvg-wasm'
import { build } from 'esbuild'
import sharp from 'sharp'

const ROOT = new URL('..', import.meta.url).pathname
const OUT = join(ROOT, 'bench/out/dxf-audit')
const CORPUS = join(ROOT, '../shared/corpus/patent-drawings')
const PHOTOS = ['coffee.png', 'rocket.png'].map((f) => join(ROOT, 'bench/fixtures/photos', f))
const PYTHON = '/usr/bin/python3'
/** Side of the seeded half-ink noise sheet traced as the last case, in pixels. */
const NOISE_PX = 400
/** The most pixels (share) whose luma may differ by more than 128, at the model's pen widths. */
const MAX_SOLID_DIFFERENCE = 0.001
/** The least share of pixels whose colours must agree within 48. */
const MIN_COLOUR_AGREEMENT = 0.99

mkdirSync(OUT, { recursive: true })
const bundle = join(ROOT, 'bench/out/dxf-audit-engine.mjs')
await build({
  entryPoints: [join(ROOT, 'bench/support/dxf-audit-entry.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: bundle,
  logLevel: 'error',
})
const engine = await import(bundle)
const lineartWasm = await WebAssembly.compile(readFileSync(join(ROOT, 'wasm/dist/lineart.wasm')))
// The kernels go in through whichever hook this tree's lineart engine has.
engine.lineartStages.useLineartWasm?.(lineartWasm)
const require = createRequire(import.meta.url)
await initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')))

if (spawnSync(PYTHON, ['-c', 'import ezdxf']).status !== 0) {
  console.error(`${PYTHON} cannot import ezdxf: install python3-ezdxf (Debian)`)
  process.exit(2)
}

/** The image at `file` as our engines take it: gray for lineart, RGB for trace; density kept. */
async function raster(file, channels) {
  const image = sharp(file).flatten({ background: '#ffffff' })
  const { data, info } = await (channels === 1 ? image.grayscale() : image.removeAlpha())
    .raw()
    .toBuffer({ resolveWithObject: true })
  const { density } = await sharp(file).metadata()
  return {
    width: info.width,
    height: info.height,
    channels: info.channels,
    data: new Uint8Array(data),
    ...(density ? { density: { x: density, y: density } } : {}),
  }
}

/** A seeded sheet of gray pixels, each black or white at even odds. */
function noise(side) {
  const data = new Uint8Array(side * side)
  let seed = 7
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    data[i] = seed % 100 < 50 ? 0 : 255
  }
  return { width: side, height: side, channels: 1, data }
}

const cases = []
const sheets = existsSync(CORPUS)
  ? readdirSync(CORPUS)
      .filter((f) => f.endsWith('.png'))
      .sort()
  : []
if (sheets.length === 0) console.log(`(no corpus at ${CORPUS}: photos only)`)
for (const f of process.argv.includes('--all') ? sheets : sheets.slice(0, 4)) {
  cases.push(
    { file: join(CORPUS, f), engine: 'trace' },
    { file: join(CORPUS, f), engine: 'lineart' },
  )
}
for (const file of PHOTOS) cases.push({ file, engine: 'trace' })
// Half-ink noise: one region with thousands of holes and islands, the nesting's worst case.
cases.push({ noise: NOISE_PX, engine: 'trace' })

console.log(
  '| drawing | layers | HATCH (loops) | LWPOLYLINE | audit errors/fixes | recover errors/fixes | coverage IoU | ink IoU | colour agrees | luma off > 128 | coverage IoU at lineweight | DXF write ms | SVG write ms | DXF MB |',
)
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
let failed = false
// One drawing at a time, its row printed as soon as it is known: a long run shows progress.
for (const c of cases) {
  const name = c.noise ? `noise-${c.noise}.${c.engine}` : `${basename(c.file, '.png')}.${c.engine}`
  const image = c.noise ? noise(c.noise) : await raster(c.file, c.engine === 'lineart' ? 1 : 3)
  const drawing =
    c.engine === 'lineart'
      ? (await engine.traceLineart(image, { wasm: lineartWasm })).drawing
      : await engine.traceImage(image)
  const dxf = engine.writeDxf(drawing)
  const svg = engine.writeSvg(drawing)
  const dxfMs = fastest(() => engine.writeDxf(drawing))
  const svgMs = fastest(() => engine.writeSvg(drawing))
  const file = join(OUT, `${name}.dxf`)
  writeFileSync(file, dxf)
  writeFileSync(join(OUT, `${name}.svg`), svg)
  const run = spawnSync(PYTHON, [join(ROOT, 'bench/dxf-audit.py'), file], { maxBuffer: 1 << 30 })
  if (run.status !== 0) throw new Error(`dxf-audit.py exited ${run.status}: ${run.stderr}`)
  const report = JSON.parse(run.stdout.toString())
  const reference = render(svg, drawing.width)
  const atPen = render(dxfAsSvg(report, drawing, 'pen'), drawing.width)
  const atWeight = render(dxfAsSvg(report, drawing, 'lineweight'), drawing.width)
  const ink = inkIou(reference, atPen)
  const coverage = coverageIou(reference, atPen)
  const agree = colourAgreement(reference, atPen)
  const solid = solidDifference(reference, atPen)
  const coverageWeight = coverageIou(reference, atWeight)
  const loops = report.entities.reduce((n, e) => n + (e.loops?.length ?? 0), 0)
  const problems = [
    ...report.errors,
    ...report.fixes,
    ...report.recoverErrors,
    ...report.recoverFixes,
  ]
  const bad =
    problems.length > 0 ||
    solid > MAX_SOLID_DIFFERENCE ||
    agree < MIN_COLOUR_AGREEMENT ||
    report.insunits !== 4
  failed ||= bad
  console.log(
    `| ${name}${bad ? ' **FAIL**' : ''} | ${drawing.layers.length} | ${report.counts.HATCH ?? 0} (${loops}) | ${report.counts.LWPOLYLINE ?? 0} | ${report.errors.length}/${report.fixes.length} | ${report.recoverErrors.length}/${report.recoverFixes.length} | ${coverage.toFixed(4)} | ${ink.toFixed(4)} | ${agree.toFixed(4)} | ${(solid * 100).toFixed(3)} % | ${coverageWeight.toFixed(4)} | ${dxfMs.toFixed(0)} | ${svgMs.toFixed(0)} | ${(dxf.length / 1e6).toFixed(2)} |`,
  )
  for (const p of problems.slice(0, 5)) console.log(`    ${p}`)
}
console.log(
  `\nfiles in ${OUT}; at the model's pen, at most ${MAX_SOLID_DIFFERENCE * 100} % of pixels may ` +
    `differ by more than 128 and colours must agree on ${MIN_COLOUR_AGREEMENT * 100} % or more`,
)
process.exit(failed ? 1 : 0)

/** The fastest of three runs of `write`, in ms (the first run pays for the JIT). */
function fastest(write) {
  let best = Number.POSITIVE_INFINITY
  for (let k = 0; k < 3; k++) {
    const started = performance.now()
    write()
    best = Math.min(best, performance.now() - started)
  }
  return best
}

/** RGBA pixels of an SVG drawn by resvg, `width` pixels wide, on white. */
function render(svgText, width) {
  const image = new Resvg(svgText, { fitTo: { mode: 'width', value: width }, background: 'white' })
  return image.render().pixels
}

function hex([r, g, b]) {
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`
}

/**
 * The DXF as ezdxf read it, as an SVG in the drawing's pixels: millimetres back to pixels by
 * $EXTMAX, y flipped; each HATCH one even-odd path of its loops; each stroke layer's polylines at
 * the model's pen (`pen`) or at the layer's lineweight (`lineweight`).
 */
function dxfAsSvg(report, drawing, widths) {
  const { width, height } = drawing
  const sx = report.extmax[0] / width
  const sy = report.extmax[1] / height
  const names = Object.keys(report.layers).filter((n) => n.toLowerCase() !== '0')
  const layerIndex = new Map(names.map((n, i) => [n, i]))
  const xy = (pts) => {
    let d = ''
    for (let k = 0; k < pts.length; k += 2) {
      d += `${k === 0 ? 'M' : 'L'}${(pts[k] / sx).toFixed(3)} ${(height - pts[k + 1] / sy).toFixed(3)}`
    }
    return d
  }
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
  ]
  for (const e of report.entities) {
    const layer = report.layers[e.layer]
    const colour = hex(layer.rgb)
    if (e.type === 'HATCH') {
      out.push(
        `<path fill="${colour}" fill-rule="evenodd" d="${e.loops.map((l) => `${xy(l)}Z`).join('')}"/>`,
      )
    } else {
      const model = drawing.layers[layerIndex.get(e.layer)]
      const pen = widths === 'pen' ? model.width : layer.lineweight / 100 / sx
      // A dot: two coincident vertices, drawn as a zero-length round-capped line.
      const dot = e.points.every((v, k) => v === e.points[k % 2])
      const d = dot ? `${xy(e.points.slice(0, 2))}h0` : `${xy(e.points)}${e.closed ? 'Z' : ''}`
      out.push(
        `<path fill="none" stroke="${colour}" stroke-width="${pen}" stroke-linecap="round" stroke-linejoin="round" d="${d}"/>`,
      )
    }
  }
  out.push('</svg>')
  return out.join('\n')
}

function luma(px, i) {
  return 0.299 * px[i] + 0.587 * px[i + 1] + 0.114 * px[i + 2]
}

/** IoU of ink coverage (1 − luma / 255) of two renders: Σ min / Σ max, edges counted in part. */
function coverageIou(a, b) {
  let both = 0
  let either = 0
  for (let i = 0; i < a.length; i += 4) {
    const ia = 1 - luma(a, i) / 255
    const ib = 1 - luma(b, i) / 255
    both += Math.min(ia, ib)
    either += Math.max(ia, ib)
  }
  return either === 0 ? 1 : both / either
}

/** IoU of the dark pixels (luma < 128) of two renders. */
function inkIou(a, b) {
  let both = 0
  let either = 0
  for (let i = 0; i < a.length; i += 4) {
    const ia = luma(a, i) < 128
    const ib = luma(b, i) < 128
    both += ia && ib ? 1 : 0
    either += ia || ib ? 1 : 0
  }
  return either === 0 ? 1 : both / either
}

/** Share of pixels whose luma differs by more than 128 between two renders. */
function solidDifference(a, b) {
  let off = 0
  for (let i = 0; i < a.length; i += 4) if (Math.abs(luma(a, i) - luma(b, i)) > 128) off++
  return off / (a.length / 4)
}

/** Share of pixels whose three channels differ by at most 48 between two renders. */
function colourAgreement(a, b) {
  let same = 0
  for (let i = 0; i < a.length; i += 4) {
    const d = Math.max(
      Math.abs(a[i] - b[i]),
      Math.abs(a[i + 1] - b[i + 1]),
      Math.abs(a[i + 2] - b[i + 2]),
    )
    if (d <= 48) same++
  }
  return same / (a.length / 4)
}

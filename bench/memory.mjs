// Peak memory of a /v1/convert request at both presets (300 and 600 DPI), of /v1/vectorize
// with both engines at its pixel cap, and of /v1/enhance at x2 and x4 at its caps, two ways:
// - live: the operation under Node, one process per case, with a forced full GC every 5 ms; the
//   peak of what is still reachable (V8 heap + ArrayBuffers incl. wasm memory) above the baseline.
//   This is the pipeline's working set, the figure that must stay well under the isolate's 128 MB.
//   A timer samples it, so a stage that runs synchronously from start to end (the tracers' graph
//   and path stages) is seen only at its awaits: read this column as a lower bound.
// - workerd RSS: the whole request under `wrangler dev`, the kernel's peak RSS (VmHWM) of the
//   runtime process above its idle baseline after a small warm-up. An upper bound: it also counts
//   garbage V8 has not collected yet (nothing forces a GC locally; the 128 MB limit does in production).
// bench/memory-endpoints.mjs adds the other endpoints at their worst admitted input (workerd RSS
// only): /v1/figures, GET /v1/credits and the keys routes. Any case whose workerd RSS peak reaches
// 100 MB above its idle baseline fails the run (exit code 1), except the rows that read the first
// 40-part figure of a fresh isolate, which are printed for the record (why: memory-endpoints.mjs).

import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import encodeJpeg, { init as initJpegEncoder } from '@jsquash/jpeg/encode.js'
import encodeWebp, { init as initWebpEncoder } from '@jsquash/webp/encode.js'
import { endpointRows } from './memory-endpoints.mjs'
import { loadEngine } from './support/engine.mjs'
import {
  benchAccount,
  memoryOf,
  multipart,
  ROOT,
  resetPeak,
  startWranglerDev,
} from './support/wrangler-dev.mjs'

const MB = 1024 * 1024
/** The bound on one request: peak workerd RSS above the idle baseline, MB (issue 8). */
const MAX_GROWTH_MB = 100

/** Gray rows as the RGBA image jSquash's encoders take. */
export function rgbaOfGray(gray, width, height) {
  const data = new Uint8ClampedArray(width * height * 4).fill(255)
  for (let i = 0; i < gray.length; i++) data.fill(gray[i], i * 4, i * 4 + 3)
  return { data, width, height }
}

/** A scan-like line drawing: frame, grid of boxes, diagonal strokes, text-like dashes. */
export function lineDrawing(width, height) {
  const data = new Uint8Array(width * height).fill(250)
  const stroke = Math.max(2, Math.round(width / 1200))
  for (let y = 0; y < height; y++) {
    const row = y * width
    for (let x = 0; x < width; x++) {
      const onGrid = x % 600 < stroke || y % 500 < stroke
      const diagonal = Math.abs(((x * 3 + y * 2) % 1700) - 850) < stroke
      const text = y % 500 > 420 && y % 500 < 440 && x % 600 > 100 && x % 600 < 450 && x % 9 < 6
      if (onGrid || diagonal || text) data[row + x] = 10 + ((x * 7 + y * 13) % 20)
    }
  }
  return data
}

/** A smooth colour photo-like image with soft noise (RGBA). */
function photo(width, height) {
  const data = new Uint8Array(width * height * 4)
  let seed = 7
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      const noise = (seed >> 16) % 9
      const i = (y * width + x) * 4
      data[i] = (128 + 100 * Math.sin(x / 300) + noise) | 0
      data[i + 1] = (128 + 100 * Math.cos(y / 250) + noise) | 0
      data[i + 2] = ((x + y) / 40 + noise) & 255
      data[i + 3] = 255
    }
  }
  return data
}

/** A colour line drawing on a transparent background (RGBA), as exported by drawing tools. */
function colourDrawing(width, height) {
  const gray = lineDrawing(width, height)
  const data = new Uint8Array(width * height * 4)
  for (let i = 0; i < gray.length; i++) {
    const ink = gray[i] < 128
    data[i * 4] = ink ? 200 : 255
    data[i * 4 + 1] = ink ? 30 : 255
    data[i * 4 + 2] = ink ? (i % 3) * 60 : 255
    data[i * 4 + 3] = ink ? 255 : 0
  }
  return data
}

async function encode(engine, create, options, data, stride) {
  const encoder = create(options)
  for (let y = 0; y < options.height; y++)
    await encoder.write(data.subarray(y * stride, (y + 1) * stride))
  return engine.concatBytes((await encoder.finish()).parts)
}

/** A 4:3 photo at the global 40 MP cap (the largest request that can arrive). */
function photoSize() {
  const width = Math.floor(Math.sqrt((40_000_000 * 4) / 3))
  return [width, Math.floor((width * 3) / 4)]
}

/**
 * Adam7-interlaced copy of a PNG made by ImageMagick (`PNG32:-` keeps RGBA), or null when it is
 * not installed.
 */
function interlaced(bytes, output = 'png:-') {
  const result = spawnSync('/usr/bin/convert', ['png:-', '-interlace', 'PNG', output], {
    input: bytes,
    maxBuffer: 64 << 20,
  })
  return result.status === 0 ? new Uint8Array(result.stdout) : null
}

/** The largest input each format admits (40 MP; WebP at its cap), scan-like or photo-like. */
async function inputs(engine) {
  const wasm = (path) => WebAssembly.compile(readFileSync(join(ROOT, 'node_modules', path)))
  await initJpegEncoder(await wasm('@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm'))
  await initWebpEncoder(await wasm('@jsquash/webp/codec/enc/webp_enc.wasm'))
  const png = (data, width, height, channels) =>
    encode(engine, engine.createPngEncoder, { width, height, channels }, data, width * channels)
  const g4 = (data, width, height) =>
    encode(
      engine,
      engine.createTiffEncoder,
      { width, height, dpi: 600, kind: 'bilevel' },
      data,
      width,
    )
  const rgbaImage = (width, height) => ({
    data: new Uint8ClampedArray(photo(width, height).buffer),
    width,
    height,
  })
  const jpeg = async (w, h) => new Uint8Array(await encodeJpeg(rgbaImage(w, h), { quality: 85 }))
  const webp = async (w, h) => new Uint8Array(await encodeWebp(rgbaImage(w, h), { quality: 85 }))
  const losslessWebp = async (gray, w, h) =>
    new Uint8Array(await encodeWebp(rgbaOfGray(gray, w, h), { lossless: 1, method: 0 }))
  // 40 MP: 7300 x 5476 (the admitted maximum), scan-like line art at 600 dpi.
  const [lw, lh] = [5476, 7300]
  const line = lineDrawing(lw, lh)
  const linePng = await png(line, lw, lh, 1)
  const [jw, jh] = photoSize()
  const cases = [
    {
      name: `PNG gray ${lw}x${lh} line art`,
      bytes: linePng,
      small: await png(lineDrawing(64, 64), 64, 64, 1),
    },
    {
      name: `TIFF G4 ${lw}x${lh} line art`,
      bytes: await g4(line, lw, lh),
      small: await g4(lineDrawing(64, 64), 64, 64),
    },
    {
      name: 'PNG RGBA 6300x6300 colour drawing, transparent',
      bytes: await png(colourDrawing(6300, 6300), 6300, 6300, 4),
      small: await png(colourDrawing(64, 64), 64, 64, 4),
    },
    {
      name: `JPEG ${jw}x${jh} photo`,
      bytes: await jpeg(jw, jh),
      small: await jpeg(64, 48),
    },
    {
      name: `WebP ${jw}x${jh} photo`,
      bytes: await webp(jw, jh),
      small: await webp(64, 48),
    },
    {
      name: `WebP lossless ${lw}x${lh} line art`,
      bytes: await losslessWebp(line, lw, lh),
      small: await losslessWebp(lineDrawing(64, 64), 64, 64),
    },
  ]
  const adam7 = interlaced(linePng)
  if (adam7) {
    cases.push({
      name: `PNG gray ${lw}x${lh} line art, Adam7 interlaced`,
      bytes: adam7,
      small: interlaced(await png(lineDrawing(64, 64), 64, 64, 1)),
    })
    // The largest interlaced image the decoder takes: 4000 x 4000 RGBA is 64,000,000 bytes,
    // under its 64 MiB whole-image buffer cap (DEFAULT_MAX_INTERLACED_BYTES).
    const colour = await png(colourDrawing(4000, 4000), 4000, 4000, 4)
    cases.push({
      name: 'PNG RGBA 4000x4000 colour drawing, Adam7 interlaced (at its cap)',
      bytes: interlaced(colour, 'PNG32:-'),
      small: interlaced(await png(colourDrawing(64, 64), 64, 64, 4), 'PNG32:-'),
    })
  } else console.log('ImageMagick is not installed: the interlaced PNG cases are skipped')
  return cases
}

/** Live working set of the operation for one input and its fields, in a fresh Node process. */
function liveMemory(bytes, operation, fields) {
  const dir = join(ROOT, 'bench/out/memory-inputs')
  mkdirSync(dir, { recursive: true })
  // One file per run: two benches at once must not read each other's input.
  const path = join(dir, `input-${process.pid}.bin`)
  writeFileSync(path, bytes)
  const result = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      join(ROOT, 'bench/support/memory-child.mjs'),
      path,
      operation,
      JSON.stringify(fields),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  )
  rmSync(path, { force: true })
  if (result.status !== 0) throw new Error(`memory child failed: ${result.stderr}`)
  return JSON.parse(result.stdout.trim().split('\n').at(-1))
}

/** Peak RSS growth of the runtime workerd for one request (fresh `wrangler dev`, small warm-up). */
async function workerdPeak(input, operation, fields, refused) {
  const app = await startWranglerDev({
    name: 'memory',
    migrate: true,
    vars: { RL_PER_MINUTE: '100000', RL_MAX_INFLIGHT: '1000' },
  })
  try {
    const key = await benchAccount(app.url)
    // `refused`: the error code the large input must get (memory is measured up to the refusal).
    const send = async (bytes, fields, refused) => {
      const form = multipart(bytes, fields)
      const response = await fetch(`${app.url}/v1/${operation}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': form.contentType },
        body: form.body,
      })
      const text = await response.text()
      const ok = refused ? text.includes(`"${refused}"`) : response.status === 200
      if (!ok) throw new Error(`${input.name} -> ${operation}: ${response.status} ${text}`)
    }
    // Warm up every code path on a small image of the same type (wasm memory, once grown, stays
    // grown: the measured request must be the first large one), then measure.
    await send(input.small, operation === 'convert' ? { ...fields, dpi: '300' } : fields)
    const pids = app.workerdPids()
    const before = pids.map((pid) => memoryOf(pid).rss)
    for (const pid of pids) resetPeak(pid)
    const started = performance.now()
    await send(input.bytes, fields, refused)
    const ms = performance.now() - started
    // The runtime process is the one that grew; the proxy in front of it barely moves.
    const growth = Math.max(...pids.map((pid, i) => memoryOf(pid).peak - before[i]))
    return { growth, ms }
  } finally {
    await app.stop()
  }
}

/** Every output at both presets. */
const OUTPUTS = ['png', 'tiff', 'pdf'].flatMap((format) => [
  [format, 300],
  [format, 600],
])

/** Set BENCH_WORKERD=0 to measure only the live working set (fast). */
const WITH_WORKERD = process.env.BENCH_WORKERD !== '0'

export async function runMemoryBench() {
  const engine = await loadEngine()
  const cases = await inputs(engine)
  const rows = []
  const only = process.env.BENCH_CASES?.toLowerCase()
  for (const input of cases.filter((c) => !only || c.name.toLowerCase().includes(only))) {
    if (input.bytes.length > 10 * MB) {
      throw new Error(`${input.name} is ${input.bytes.length} bytes, over 10 MiB`)
    }
    for (const [format, dpi] of OUTPUTS) {
      const live = liveMemory(input.bytes, 'convert', { format, dpi: String(dpi) })
      const row = {
        input: input.name,
        'in MB': (input.bytes.length / MB).toFixed(2),
        output: `${format} ${dpi} dpi`,
        'live peak MB (Node)': ((live.peak - live.baseline) / MB).toFixed(1),
      }
      if (WITH_WORKERD) {
        const workerd = await workerdPeak(input, 'convert', { format, dpi: String(dpi) })
        row['workerd RSS peak MB'] = (workerd.growth / MB).toFixed(1)
        row['request ms (workerd)'] = workerd.ms.toFixed(0)
      }
      rows.push(row)
    }
  }
  rows.push(...(await vectorizeRows(engine, only)))
  rows.push(...(await enhanceRows(engine, only)))
  if (WITH_WORKERD) rows.push(...(await endpointRows(only)))
  console.log(
    '\nPeak memory of one request per endpoint at its worst admitted input, above idle (live: forced-GC working set under Node; RSS: the workerd process, which also counts garbage not yet collected)\n',
  )
  console.table(rows)
  const unmeasured = rows.filter(
    (row) => WITH_WORKERD && !Number.isFinite(Number(row['workerd RSS peak MB'])),
  )
  if (unmeasured.length > 0) {
    console.log(`${unmeasured.length} case(s) not measured: see their output column`)
  }
  // Rows marked reportOnly (the first cap-size figure of an isolate: V8's JIT, see
  // bench/memory-endpoints.mjs) are printed but not held to the bound.
  const over = rows.filter(
    (row) => !row.reportOnly && Number(row['workerd RSS peak MB']) >= MAX_GROWTH_MB,
  )
  if (over.length > 0) {
    console.log(
      `FAIL: ${over.length} case(s) reach ${MAX_GROWTH_MB} MB of workerd RSS above the idle baseline: ${over.map((row) => `${row.input} -> ${row.output}`).join('; ')}`,
    )
    process.exitCode = 1
  } else {
    console.log(`PASS: every case stays under ${MAX_GROWTH_MB} MB of workerd RSS above idle`)
  }
  return rows
}

/**
 * A stippled and hatched sheet: dots every `pitch` px with jitter in the left half, hatching in
 * the right, boxes over both; the worst case of the tracers (tens of thousands of strokes).
 */
function stippledSheet(width, height) {
  const data = new Uint8Array(width * height).fill(255)
  let seed = 11
  const u = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed / 0x7fffffff
  }
  const ink = (x, y) => {
    if (x >= 0 && y >= 0 && x < width && y < height) data[y * width + x] = 0
  }
  for (let y = 4; y < height; y += 9) {
    for (let x = 4; x < width / 2; x += 9) {
      const cx = Math.round(x + 3 * u())
      const cy = Math.round(y + 3 * u())
      for (let dy = 0; dy < 3; dy++) for (let dx = 0; dx < 3; dx++) ink(cx + dx, cy + dy)
    }
  }
  for (let k = -height; k < width; k += 12) {
    for (let t = 0; t < height; t++) for (let w = 0; w < 2; w++) ink(width / 2 + k + t + w, t)
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) if (x % 500 < 4 || y % 400 < 4) data[y * width + x] = 0
  }
  return data
}

/** Random black and white pixels, half of each. */
function noiseSheet(width, height) {
  const data = new Uint8Array(width * height)
  let seed = 5
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    data[i] = seed & 0x10000 ? 0 : 255
  }
  return data
}

/** /vectorize at its pixel cap with both engines, and a 2000 x 3000 stippled sheet. */
async function vectorizeRows(engine, only) {
  const png = (data, width, height, channels) =>
    encode(engine, engine.createPngEncoder, { width, height, channels }, data, width * channels)
  const side = Math.floor(Math.sqrt(engine.vectorizeLimits('lineart').maxPixels))
  const traceSide = Math.floor(Math.sqrt(engine.vectorizeLimits('trace').maxPixels))
  const small = await png(stippledSheet(64, 64), 64, 64, 1)
  const cases = [
    {
      name: `PNG gray ${side}x${side} stippled + hatched (lineart cap)`,
      bytes: await png(stippledSheet(side, side), side, side, 1),
      small,
      runs: [
        { format: 'svg', engine: 'lineart' },
        { format: 'dxf', engine: 'lineart' },
      ],
    },
    {
      name: `PNG gray ${traceSide}x${traceSide} stippled + hatched (trace cap)`,
      bytes: await png(stippledSheet(traceSide, traceSide), traceSide, traceSide, 1),
      small,
      runs: [
        { format: 'svg', engine: 'trace' },
        { format: 'pdf', engine: 'trace' },
        // 178 000 segments: over DXF's budget.
        { format: 'dxf', engine: 'trace', refused: 'IMAGE_TOO_DETAILED' },
      ],
    },
    {
      // Just under DXF's segment budget (~76 000 segments).
      name: 'PNG gray 1850x1850 stippled + hatched (trace dxf)',
      bytes: await png(stippledSheet(1850, 1850), 1850, 1850, 1),
      small,
      runs: [{ format: 'dxf', engine: 'trace' }],
    },
    {
      // The most regions a sheet can hold: every speck is a HATCH whose loops DXF nests.
      name: `PNG gray ${traceSide}x${traceSide} noise, half ink (trace cap)`,
      bytes: await png(noiseSheet(traceSide, traceSide), traceSide, traceSide, 1),
      small,
      runs: [
        { format: 'svg', engine: 'trace', refused: 'IMAGE_TOO_DETAILED' },
        { format: 'dxf', engine: 'trace', refused: 'IMAGE_TOO_DETAILED' },
      ],
    },
    {
      // Half-ink noise thins to a maze (45 MB of stroke graph per MP): the engine must trace it
      // at a coarser scale inside its graph budget, not build the maze. DXF is the most verbose
      // output of its fragments.
      name: `PNG gray ${side}x${side} noise, half ink (lineart cap)`,
      bytes: await png(noiseSheet(side, side), side, side, 1),
      small,
      runs: [
        { format: 'svg', engine: 'lineart' },
        { format: 'dxf', engine: 'lineart' },
      ],
    },
    {
      name: 'PNG gray 2000x3000 stippled + hatched sheet',
      bytes: await png(stippledSheet(2000, 3000), 2000, 3000, 1),
      small,
      runs: [
        { format: 'svg', engine: 'lineart' },
        { format: 'svg', engine: 'trace' },
      ],
    },
    {
      name: `PNG RGBA ${traceSide}x${traceSide} colour drawing, transparent (trace cap)`,
      bytes: await png(colourDrawing(traceSide, traceSide), traceSide, traceSide, 4),
      small: await png(colourDrawing(64, 64), 64, 64, 4),
      runs: [{ format: 'svg', engine: 'trace' }],
    },
  ]
  const rows = []
  for (const input of cases.filter((c) => !only || c.name.toLowerCase().includes(only))) {
    for (const { refused, ...fields } of input.runs) {
      // The Node child runs the operation itself, which throws the refusal: not measured there.
      const live = refused ? null : liveMemory(input.bytes, 'vectorize', fields)
      const row = {
        input: input.name,
        'in MB': (input.bytes.length / MB).toFixed(2),
        output: `vectorize ${fields.engine} ${fields.format}${refused ? ` (${refused})` : ''}`,
        'live peak MB (Node)': live ? ((live.peak - live.baseline) / MB).toFixed(1) : '-',
      }
      if (WITH_WORKERD) {
        const workerd = await workerdPeak(input, 'vectorize', fields, refused)
        row['workerd RSS peak MB'] = (workerd.growth / MB).toFixed(1)
        row['request ms (workerd)'] = workerd.ms.toFixed(0)
      }
      rows.push(row)
    }
  }
  return rows
}

/**
 * /enhance at the largest input each scale admits (its pixel cap, square): a photo-like RGB PNG
 * (the network) and a gray line drawing (the line-art reconstruction) at x2 and at x4. The output PNG is stored compressed, in parts.
 */
async function enhanceRows(engine, only) {
  const png = (data, width, height, channels) =>
    encode(engine, engine.createPngEncoder, { width, height, channels }, data, width * channels)
  const rgb = (width, height) => {
    const rgba = photo(width, height)
    const data = new Uint8Array(width * height * 3)
    for (let i = 0; i < width * height; i++) data.set(rgba.subarray(i * 4, i * 4 + 3), i * 3)
    return data
  }
  const side = (scale) => Math.floor(Math.sqrt(engine.ENHANCE_LIMITS[scale].maxPixels))
  const [x2, x4] = [side(2), side(4)]
  const cases = [
    {
      name: `PNG RGB ${x2}x${x2} photo (x2 cap)`,
      bytes: await png(rgb(x2, x2), x2, x2, 3),
      small: await png(rgb(64, 64), 64, 64, 3),
      runs: [{ scale: '2', dpi: '600' }],
    },
    {
      name: `PNG gray ${x2}x${x2} line art (x2 cap)`,
      bytes: await png(lineDrawing(x2, x2), x2, x2, 1),
      small: await png(lineDrawing(64, 64), 64, 64, 1),
      runs: [{ scale: '2', dpi: '300' }],
    },
    {
      name: `PNG gray ${x4}x${x4} line art (x4 cap)`,
      bytes: await png(lineDrawing(x4, x4), x4, x4, 1),
      small: await png(lineDrawing(64, 64), 64, 64, 1),
      runs: [{ scale: '4', dpi: '600' }],
    },
    {
      name: `PNG RGB ${x4}x${x4} photo (x4 cap)`,
      bytes: await png(rgb(x4, x4), x4, x4, 3),
      small: await png(rgb(64, 64), 64, 64, 3),
      runs: [{ scale: '4', dpi: '600' }],
    },
  ]
  const rows = []
  for (const input of cases.filter((c) => !only || c.name.toLowerCase().includes(only))) {
    for (const fields of input.runs) {
      const live = liveMemory(input.bytes, 'enhance', fields)
      const row = {
        input: input.name,
        'in MB': (input.bytes.length / MB).toFixed(2),
        output: `enhance x${fields.scale} png ${fields.dpi} dpi`,
        'live peak MB (Node)': ((live.peak - live.baseline) / MB).toFixed(1),
      }
      if (WITH_WORKERD) {
        const workerd = await workerdPeak(input, 'enhance', fields)
        row['workerd RSS peak MB'] = (workerd.growth / MB).toFixed(1)
        row['request ms (workerd)'] = workerd.ms.toFixed(0)
      }
      rows.push(row)
    }
  }
  return rows
}

if (import.meta.url === `file://${process.argv[1]}`) await runMemoryBench()

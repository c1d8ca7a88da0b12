// `npm run bench -- sharp`: /v1/convert's convertImage beside sharp (libvips) doing the same job
// on the same inputs: Lanczos-3 to the preset size, gray, the tone ours chose (threshold and 1 bit
// when bilevel), then PNG or TIFF with the resolution set (sharp cannot write PDF: "n/a").
// Each measurement is its own Node process (bench/support/convert-child.mjs): 3 runs, the first a
// warm-up; best time of runs 2-3, the peak RSS of runs 2-3 (each further job) and of the warm-up
// (with first-use costs: lazy compilation, tables, heap growth).
// Targets: time within 1.5x of sharp's, peak memory under half of sharp's, and our G4 TIFF no
// larger than libtiff's (`tiffcp -c g4` on the same pixels). A missed time target gets a CPU
// profile of our child (node --cpu-prof), summarized as the top self-time functions.
// Inputs are made in code (seeded, so every run sees the same bytes).

import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import encodeJpeg, { init as initJpegEncoder } from '@jsquash/jpeg/encode.js'
import { bundleModules } from './support/bundle-modules.mjs'
import { loadEngine } from './support/engine.mjs'
import { random, valueNoise } from './support/random.mjs'
import { printTable } from './support/table.mjs'
import { ROOT } from './support/wrangler-dev.mjs'

const OUT = join(ROOT, 'bench/out/sharp')
const CHILD = join(ROOT, 'bench/support/convert-child.mjs')
const TIFFCP = '/usr/bin/tiffcp'
const MB = 1024 * 1024
const FORMATS = ['png', 'tiff', 'pdf']
const DPIS = [300, 600]
const TARGET = { time: 1.5, memory: 0.5 }

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

/** Ink coverage (0 paper … 255 ink) drawn with antialiased strokes, as a scanner blurs them. */
class Canvas {
  constructor(width, height) {
    this.width = width
    this.height = height
    this.ink = new Uint8Array(width * height)
  }

  /** Adds coverage at (x, y) for a pixel `d` px from a stroke's centre line of width `w`. */
  #stamp(x, y, d, w) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return
    const cover = Math.min(1, Math.max(0, w / 2 + 0.5 - d))
    if (cover <= 0) return
    const i = y * this.width + x
    const value = Math.round(cover * 255)
    if (value > this.ink[i]) this.ink[i] = value
  }

  /** A straight stroke of width `w` px, walked along its major axis. */
  line(x0, y0, x1, y1, w) {
    const dx = x1 - x0
    const dy = y1 - y0
    const length = Math.hypot(dx, dy) || 1
    const reach = Math.ceil(w / 2 + 1)
    // Distance to the segment, so the ends are round.
    const distance = (x, y) => {
      const t = Math.min(1, Math.max(0, ((x - x0) * dx + (y - y0) * dy) / (length * length)))
      return Math.hypot(x - (x0 + t * dx), y - (y0 + t * dy))
    }
    if (Math.abs(dx) >= Math.abs(dy)) {
      const span = Math.ceil(reach * (length / Math.abs(dx || 1)))
      for (let x = Math.floor(Math.min(x0, x1)) - reach; x <= Math.max(x0, x1) + reach; x++) {
        const t = dx === 0 ? 0 : Math.min(1, Math.max(0, (x - x0) / dx))
        const cy = Math.round(y0 + t * dy)
        for (let y = cy - span; y <= cy + span; y++) this.#stamp(x, y, distance(x, y), w)
      }
    } else {
      const span = Math.ceil(reach * (length / Math.abs(dy)))
      for (let y = Math.floor(Math.min(y0, y1)) - reach; y <= Math.max(y0, y1) + reach; y++) {
        const t = Math.min(1, Math.max(0, (y - y0) / dy))
        const cx = Math.round(x0 + t * dx)
        for (let x = cx - span; x <= cx + span; x++) this.#stamp(x, y, distance(x, y), w)
      }
    }
  }

  rect(x0, y0, x1, y1, w) {
    this.line(x0, y0, x1, y0, w)
    this.line(x1, y0, x1, y1, w)
    this.line(x1, y1, x0, y1, w)
    this.line(x0, y1, x0, y0, w)
  }

  circle(cx, cy, r, w) {
    const outer = r + w / 2 + 1
    const inner = Math.max(0, r - w / 2 - 1)
    for (let y = Math.floor(cy - outer); y <= cy + outer; y++) {
      const dy = y - cy
      const xo = Math.sqrt(Math.max(0, outer * outer - dy * dy))
      const xi = Math.sqrt(Math.max(0, inner * inner - dy * dy))
      for (const [a, b] of [
        [cx - xo, cx - xi],
        [cx + xi, cx + xo],
      ]) {
        for (let x = Math.floor(a); x <= Math.ceil(b); x++) {
          this.#stamp(x, y, Math.abs(Math.hypot(x - cx, dy) - r), w)
        }
      }
    }
  }

  /** 45° section hatching inside a rectangle: strokes `w` px wide every `pitch` px. */
  hatch(x0, y0, x1, y1, pitch, w) {
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const phase = (x + y) % pitch
        const d = Math.min(phase, pitch - phase) / Math.SQRT2
        this.#stamp(x, y, d, w)
      }
    }
  }

  /** Text-like marks: each glyph 2-5 random strokes in a `size` × 1.5 `size` cell. */
  text(x, y, glyphs, size, w, rand) {
    const h = size * 1.5
    for (let g = 0; g < glyphs; g++) {
      const gx = x + g * size * 1.25
      const strokes = 2 + Math.floor(rand() * 4)
      for (let s = 0; s < strokes; s++) {
        const point = () => [
          gx + Math.round(rand() * 2) * (size / 2),
          y + Math.round(rand() * 3) * (h / 3),
        ]
        const [ax, ay] = point()
        const [bx, by] = point()
        if (ax !== bx || ay !== by) this.line(ax, ay, bx, by, w)
        else this.circle(ax, ay + h / 6, size / 4, w)
      }
    }
  }
}

/**
 * A 600-DPI scan of a patent drawing sheet: frame, a sectioned part with hatching, circles, lead
 * lines to reference numerals, a flowchart with text and a title block; strokes 2-6 px, ink ~30
 * on paper ~240 with shading, grain and a few dust specks (8-bit gray).
 */
function lineDrawing(width, height) {
  const rand = random(20_261_122)
  const c = new Canvas(width, height)
  c.rect(300, 300, width - 300, height - 300, 6)
  // A part in section: outline, bore, hatching either side of the bore.
  c.rect(700, 700, 2700, 2300, 5)
  c.hatch(712, 712, 1500, 2288, 30, 2)
  c.hatch(1900, 712, 2688, 2288, 30, 2)
  c.rect(1500, 700, 1900, 2300, 4)
  c.circle(3700, 1500, 650, 5)
  c.circle(3700, 1500, 420, 4)
  c.circle(3700, 1500, 90, 3)
  for (let k = 0; k < 12; k++) {
    const a = (k * Math.PI) / 6
    c.line(
      3700 + 120 * Math.cos(a),
      1500 + 120 * Math.sin(a),
      3700 + 400 * Math.cos(a),
      1500 + 400 * Math.sin(a),
      3,
    )
  }
  // Lead lines and reference numerals.
  for (let k = 0; k < 14; k++) {
    const x = 800 + ((k * 331) % 3800)
    const y = 2500 + (k % 3) * 130
    c.line(x, y, x + 120 + (k % 4) * 60, y - 260 - (k % 5) * 40, 2)
    c.text(x - 60, y + 20, 2 + (k % 2), 48, 4, rand)
  }
  // A flowchart: boxes with text, connected by arrows.
  for (let k = 0; k < 6; k++) {
    const top = 3050 + k * 470
    c.rect(900, top, 3300, top + 340, 4)
    c.text(1000, top + 80, 14 + (k % 4) * 3, 56, 4, rand)
    c.text(1000, top + 200, 10 + (k % 3) * 4, 40, 3, rand)
    if (k < 5) {
      c.line(2100, top + 340, 2100, top + 470, 3)
      c.line(2060, top + 420, 2100, top + 470, 3)
      c.line(2140, top + 420, 2100, top + 470, 3)
    }
    c.line(3300, top + 170, 3800, top + 170, 3)
    c.circle(4050, top + 170, 230, 3)
    c.text(3900, top + 140, 3, 48, 4, rand)
  }
  // Title block.
  c.rect(600, height - 720, width - 600, height - 380, 5)
  for (let row = 0; row < 3; row++) c.text(700, height - 670 + row * 100, 40, 44, 3, rand)
  // Dust specks.
  for (let k = 0; k < 150; k++) {
    const r = 1 + rand() * 2
    c.circle(300 + rand() * (width - 600), 300 + rand() * (height - 600), r / 2, r + 1)
  }

  const data = new Uint8Array(width * height)
  const grain = random(7)
  for (let y = 0; y < height; y++) {
    const row = y * width
    for (let x = 0; x < width; x++) {
      const paper = 236 + (6 * x) / width + (3 * y) / height + (grain() + grain() - 1) * 1.2
      const ink = 30 + grain() * 12
      const cover = c.ink[row + x] / 255
      data[row + x] = Math.round(paper + (ink - paper) * cover)
    }
  }
  return data
}

/** Soft-edged shapes, gradients, two octaves of texture and grain: a photo's statistics. */
function photoField(width, height, seed) {
  const rand = random(seed)
  const coarse = valueNoise(width, height, Math.min(width, height) / 6, rand)
  const fine = valueNoise(width, height, Math.min(width, height) / 60, rand)
  const detail = valueNoise(width, height, 3, rand)
  const shapes = Array.from({ length: 10 }, () => ({
    x: rand() * width,
    y: rand() * height,
    r: (0.05 + rand() * 0.2) * Math.min(width, height),
    rgb: [rand() * 200 - 100, rand() * 200 - 100, rand() * 200 - 100],
  }))
  return (x, y, out) => {
    const sky = y / height
    out[0] = 80 + 120 * sky
    out[1] = 120 + 50 * Math.sin(x / 400)
    out[2] = 200 - 140 * sky
    for (const s of shapes) {
      const d = Math.hypot(x - s.x, y - s.y) / s.r
      // Hard-ish edge over ~3 px, like an object's outline.
      const k = Math.min(1, Math.max(0, ((1 - d) * s.r) / 3))
      if (k > 0) for (let c = 0; c < 3; c++) out[c] += s.rgb[c] * k
    }
    const texture = coarse(x, y) * 30 + fine(x, y) * 14 + detail(x, y) * 16 + (rand() - 0.5) * 10
    for (let c = 0; c < 3; c++) out[c] += texture
  }
}

/** A photo-like gray image (8-bit). */
function grayPhoto(width, height) {
  const field = photoField(width, height, 11)
  const rgb = [0, 0, 0]
  const data = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      field(x, y, rgb)
      const v = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
      data[y * width + x] = Math.max(0, Math.min(255, Math.round(v)))
    }
  }
  return data
}

/** A photo-like colour image (RGBA). */
function colourPhoto(width, height) {
  const field = photoField(width, height, 23)
  const rgb = [0, 0, 0]
  const data = new Uint8ClampedArray(width * height * 4)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      field(x, y, rgb)
      const i = (y * width + x) * 4
      data[i] = rgb[0]
      data[i + 1] = rgb[1]
      data[i + 2] = rgb[2]
      data[i + 3] = 255
    }
  }
  return data
}

async function encodeGrayPng(engine, data, width, height) {
  const encoder = engine.createPngEncoder({ width, height, channels: 1 })
  for (let y = 0; y < height; y++) await encoder.write(data.subarray(y * width, (y + 1) * width))
  return engine.concatBytes((await encoder.finish()).parts)
}

/** The three inputs, written under bench/out/sharp/ (made once; the generators are seeded). */
async function makeInputs(engine) {
  const wasm = readFileSync(join(ROOT, 'node_modules/@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm'))
  await initJpegEncoder(await WebAssembly.compile(wasm))
  const specs = [
    {
      name: 'line art 5100x6600 PNG gray',
      file: 'line-5100x6600.png',
      type: 'png',
      make: () => encodeGrayPng(engine, lineDrawing(5100, 6600), 5100, 6600),
    },
    {
      name: 'photo 3000x2000 PNG gray',
      file: 'photo-3000x2000.png',
      type: 'png',
      make: () => encodeGrayPng(engine, grayPhoto(3000, 2000), 3000, 2000),
    },
    {
      name: 'photo 2000x3000 JPEG colour',
      file: 'photo-2000x3000.jpg',
      type: 'jpeg',
      make: async () => {
        const image = { data: colourPhoto(2000, 3000), width: 2000, height: 3000 }
        return new Uint8Array(await encodeJpeg(image, { quality: 85 }))
      },
    },
  ]
  const inputs = []
  for (const spec of specs) {
    const path = join(OUT, spec.file)
    const bytes = await spec.make()
    writeFileSync(path, bytes)
    inputs.push({ name: spec.name, key: spec.file.replace(/\..*$/, ''), type: spec.type, path })
    console.log(`input: ${spec.name}, ${(bytes.length / MB).toFixed(2)} MB`)
  }
  return inputs
}

// ---------------------------------------------------------------------------------------------
// Measurements
// ---------------------------------------------------------------------------------------------

/** Runs one job in a fresh Node process and returns its JSON report. */
function child(job, nodeFlags = []) {
  const result = spawnSync(
    process.execPath,
    ['--expose-gc', ...nodeFlags, CHILD, JSON.stringify(job)],
    { encoding: 'utf8', maxBuffer: 16 << 20, cwd: ROOT },
  )
  if (result.status !== 0) {
    throw new Error(`${job.tool} ${job.format} ${job.dpi} failed: ${result.stderr}`)
  }
  return JSON.parse(result.stdout.trim().split('\n').at(-1))
}

/** Sum of a TIFF's StripByteCounts (tag 279): the compressed image data, without the IFD. */
function tiffDataBytes(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const little = bytes[0] === 0x49
  const u16 = (at) => view.getUint16(at, little)
  const u32 = (at) => view.getUint32(at, little)
  const ifd = u32(4)
  for (let i = 0; i < u16(ifd); i++) {
    const entry = ifd + 2 + i * 12
    if (u16(entry) !== 279) continue
    const type = u16(entry + 2)
    const count = u32(entry + 4)
    const size = type === 3 ? 2 : 4
    const at = count * size <= 4 ? entry + 8 : u32(entry + 8)
    let sum = 0
    for (let k = 0; k < count; k++) sum += size === 2 ? u16(at + k * 2) : u32(at + k * 4)
    return sum
  }
  throw new Error('no StripByteCounts')
}

/** libtiff's G4 of the same pixels: `tiffcp -c g4 -r <height>` (one strip, like ours). */
function libtiffG4(path, height) {
  const out = path.replace(/\.tif$/, '.tiffcp-g4.tif')
  const result = spawnSync(TIFFCP, ['-c', 'g4', '-r', String(height), path, out])
  if (result.status !== 0) throw new Error(`tiffcp failed: ${result.stderr}`)
  const bytes = new Uint8Array(readFileSync(out))
  return { fileBytes: bytes.length, dataBytes: tiffDataBytes(bytes) }
}

// ---------------------------------------------------------------------------------------------
// Profile
// ---------------------------------------------------------------------------------------------

/** Top self-time functions of a .cpuprofile: [{ name, where, ms, share }]. */
function summarizeProfile(path, top = 12) {
  const profile = JSON.parse(readFileSync(path, 'utf8'))
  const lines = bundleModules(readFileSync(join(ROOT, 'bench/out/engine.mjs'), 'utf8'))
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const self = new Map()
  let total = 0
  // Samples taken while the thread waited (idle) are no one's CPU time.
  const idle = new Set(
    profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id),
  )
  let idleMs = 0
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000
    if (idle.has(id)) {
      idleMs += dt
      return
    }
    total += dt
    self.set(id, (self.get(id) ?? 0) + dt)
  })
  const byFunction = new Map()
  const byModule = new Map()
  for (const [id, ms] of self) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame
    const file = url.endsWith('/bench/out/engine.mjs')
      ? lines[lineNumber]
      : url.replace(/^file:\/\//, '').replace(ROOT, '') || '(native)'
    const name = functionName || '(anonymous)'
    const key = `${name}\t${file}`
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms)
    byModule.set(file, (byModule.get(file) ?? 0) + ms)
  }
  const modules = [...byModule]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([where, ms]) => ({ module: where, 'self ms': ms.toFixed(0), share: pct(ms / total) }))
  const rows = [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, ms]) => {
      const [name, where] = key.split('\t')
      return { function: name, where, 'self ms': ms.toFixed(0), share: pct(ms / total) }
    })
  return { total, idle: idleMs, rows, modules }
}

/** Profiles our child on one case (all 3 runs) and prints the top self-time functions. */
function profileCase(row) {
  const dir = join(OUT, 'profile', `${row.key}-${row.output}-${row.dpi}`)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  child(row.oursJob, ['--cpu-prof', `--cpu-prof-dir=${dir}`])
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'))
  const { total, idle, rows, modules } = summarizeProfile(join(dir, file))
  console.log(
    `\nCPU profile of ours, ${row.input} -> ${row.output} ${row.dpi} dpi, 3 runs ` +
      `(${join(dir, file).replace(ROOT, '')}): the main thread ran ${total.toFixed(0)} ms and ` +
      `waited ${idle.toFixed(0)} ms (idle: work off the thread, e.g. CompressionStream's zlib in ` +
      "libuv's pool, which this profile does not see). Top self time on the main thread:",
  )
  printTable(rows)
  console.log('\nThe same by source module:')
  printTable(modules)
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const pct = (x) => `${(x * 100).toFixed(1)} %`
const ratio = (a, b) => (a === null || b === null ? 'n/a' : (a / b).toFixed(2))

export async function runSharpBench() {
  mkdirSync(OUT, { recursive: true })
  const engine = await loadEngine()
  const inputs = await makeInputs(engine)
  const only = process.env.BENCH_CASES?.toLowerCase()
  const results = []
  for (const input of inputs.filter((i) => !only || i.name.toLowerCase().includes(only))) {
    for (const format of FORMATS) {
      for (const dpi of DPIS) {
        const base = join(OUT, `${input.key}-${dpi}`)
        const ext = format === 'tiff' ? 'tif' : format
        const oursJob = {
          tool: 'ours',
          input: input.path,
          type: input.type,
          format,
          dpi,
          out: `${base}-ours.${ext}`,
          infer: format !== 'pdf',
        }
        const ours = child(oursJob)
        let sharp = null
        if (format !== 'pdf') {
          sharp = child({
            tool: 'sharp',
            input: input.path,
            type: input.type,
            format,
            dpi,
            out: `${base}-sharp.${ext}`,
            width: ours.width,
            height: ours.height,
            tone: ours.tone,
            threshold: ours.threshold ?? 128,
          })
        }
        if (sharp) expectSharpFile(sharp.meta, format, dpi, ours.tone)
        const result = {
          input: input.name,
          key: input.key,
          output: format,
          dpi,
          ours,
          sharp,
          oursJob,
        }
        results.push(result)
        console.log(
          `  ${input.name} -> ${format} ${dpi}: ours ${ours.ms.toFixed(0)} ms, ` +
            `sharp ${sharp ? `${sharp.ms.toFixed(0)} ms` : 'n/a'}`,
        )
      }
    }
  }

  if (!results.length) {
    console.log(`no input matches BENCH_CASES=${only}`)
    return
  }
  const rows = results.map(({ input, output, dpi, ours, sharp }) => ({
    input,
    output,
    dpi,
    'ours ms': ours.ms.toFixed(0),
    'sharp ms': sharp ? sharp.ms.toFixed(0) : 'n/a',
    'time ratio': ratio(ours.ms, sharp?.ms ?? null),
    'ours CPU ms': ours.cpuMs.toFixed(0),
    'sharp CPU ms': sharp ? sharp.cpuMs.toFixed(0) : 'n/a',
    'CPU ratio': ratio(ours.cpuMs, sharp?.cpuMs ?? null),
    'ours peak MB': (ours.peak / MB).toFixed(1),
    'sharp peak MB': sharp ? (sharp.peak / MB).toFixed(1) : 'n/a',
    'mem ratio': ratio(ours.peak, sharp?.peak ?? null),
    'cold ours MB': (ours.coldPeak / MB).toFixed(1),
    'cold sharp MB': sharp ? (sharp.coldPeak / MB).toFixed(1) : 'n/a',
    'cold ratio': ratio(ours.coldPeak, sharp?.coldPeak ?? null),
    'ours bytes': ours.bytes,
    'sharp bytes': sharp ? sharp.bytes : 'n/a',
    'size ratio': ratio(ours.bytes, sharp?.bytes ?? null),
    mode: ours.tone,
  }))
  console.log(
    `\nconvertImage (ours, Node ${process.version}, one thread) vs sharp ${sharpVersion()} ` +
      '(concurrency 1, cache off); best of runs 2-3; CPU = user + system time of all threads, best\n' +
      'of runs 2-3 (a neighbour on a shared machine stretches wall time far more than CPU time);\n' +
      'peak = VmHWM of runs 2-3 above the RSS after run 1 and a GC (what each further job takes);\n' +
      'cold = the same over the warm-up run 1 (once per process, as once per Worker isolate).\n' +
      "Ours' TIFF and PDF jobs also write the PNG preview (long edge 1024) convertImage makes for " +
      "them; sharp's jobs write only the file. sharp's bilevel PNG is a 2-colour palette PNG.\n",
  )
  printTable(rows)

  console.log('\nThresholds given to sharp for bilevel pages (inferred from our output, not src):')
  for (const { input, output, dpi, ours } of results) {
    if (ours.threshold === undefined) continue
    console.log(
      `  ${input} -> ${output} ${dpi}: black when gray < ${ours.threshold} ` +
        `(reproduces ${pct(ours.thresholdAgreement)} of our pixels)`,
    )
  }

  const compared = results.filter((r) => r.sharp)
  verdicts(compared, results)
}

/** Stops the run when sharp wrote something else than the file asked for. */
function expectSharpFile(meta, format, dpi, tone) {
  const want = {
    format: format === 'tiff' ? 'tiff' : 'png',
    density: dpi,
    // A 2-colour palette PNG is indexed (3 channels once expanded); everything else is 1 channel.
    channels: format === 'png' && tone === 'bilevel' ? 3 : 1,
    palette: format === 'png' && tone === 'bilevel',
    bits: tone === 'bilevel' ? 1 : 8,
  }
  const got = {
    format: meta.format,
    density: Math.round(meta.density),
    channels: meta.channels,
    palette: meta.palette,
    bits: meta.bits,
  }
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    throw new Error(`sharp wrote ${JSON.stringify(meta)}; expected ${JSON.stringify(want)}`)
  }
}

function sharpVersion() {
  return JSON.parse(readFileSync(join(ROOT, 'node_modules/sharp/package.json'), 'utf8')).version
}

function verdicts(compared, results) {
  const label = (r) => `${r.input} -> ${r.output} ${r.dpi}`
  console.log('\nVerdicts')

  const slow = compared.filter((r) => r.ours.ms / r.sharp.ms > TARGET.time)
  const worstTime = compared.reduce((a, b) =>
    b.ours.ms / b.sharp.ms > a.ours.ms / a.sharp.ms ? b : a,
  )
  console.log(
    `1. time within ${TARGET.time}x of sharp: ${slow.length ? 'MISSED' : 'met'}, met in ` +
      `${compared.length - slow.length}/${compared.length} cases; worst ${ratio(worstTime.ours.ms, worstTime.sharp.ms)}x (${label(worstTime)}, ` +
      `${worstTime.ours.ms.toFixed(0)} vs ${worstTime.sharp.ms.toFixed(0)} ms)`,
  )
  for (const r of slow) {
    const over = r.ours.ms / (TARGET.time * r.sharp.ms)
    console.log(
      `   missed: ${label(r)}: ${ratio(r.ours.ms, r.sharp.ms)}x, ${pct(over - 1)} over the target`,
    )
  }

  const slowCpu = compared.filter((r) => r.ours.cpuMs / r.sharp.cpuMs > TARGET.time)
  console.log(
    `   by CPU time: within ${TARGET.time}x in ${compared.length - slowCpu.length}/${compared.length} cases` +
      (slowCpu.length
        ? `; over: ${slowCpu.map((r) => `${label(r)} ${ratio(r.ours.cpuMs, r.sharp.cpuMs)}x`).join(', ')}`
        : ''),
  )

  const heavy = compared.filter((r) => r.ours.peak >= TARGET.memory * r.sharp.peak)
  const worstMemory = compared.reduce((a, b) =>
    b.ours.peak / b.sharp.peak > a.ours.peak / a.sharp.peak ? b : a,
  )
  console.log(
    `2. peak memory under ${TARGET.memory}x of sharp's: ${heavy.length ? 'MISSED' : 'met'}, met in ` +
      `${compared.length - heavy.length}/${compared.length} cases; worst ${ratio(worstMemory.ours.peak, worstMemory.sharp.peak)}x ` +
      `(${label(worstMemory)}, ${(worstMemory.ours.peak / MB).toFixed(1)} vs ${(worstMemory.sharp.peak / MB).toFixed(1)} MB)`,
  )
  const aboveSharp = compared.filter((r) => r.ours.peak > r.sharp.peak)
  console.log(
    `   at most sharp's peak: ${compared.length - aboveSharp.length}/${compared.length} cases` +
      (aboveSharp.length
        ? `; above: ${aboveSharp.map((r) => `${label(r)} ${ratio(r.ours.peak, r.sharp.peak)}x`).join(', ')}`
        : ''),
  )
  const coldAbove = compared.filter((r) => r.ours.coldPeak > r.sharp.coldPeak)
  console.log(
    `   cold (warm-up run) at most sharp's: ${compared.length - coldAbove.length}/${compared.length} cases` +
      (coldAbove.length
        ? `; above: ${coldAbove.map((r) => `${label(r)} ${ratio(r.ours.coldPeak, r.sharp.coldPeak)}x`).join(', ')}`
        : ''),
  )
  for (const r of heavy) {
    const over = r.ours.peak / (TARGET.memory * r.sharp.peak)
    console.log(
      `   missed: ${label(r)}: ${ratio(r.ours.peak, r.sharp.peak)}x, ${pct(over - 1)} over the target`,
    )
  }

  const g4 = results.filter((r) => r.output === 'tiff' && r.ours.tone === 'bilevel')
  if (!g4.length)
    console.log('3. G4 TIFF vs libtiff: no bilevel TIFF was filed, nothing to compare')
  else if (!existsSync(TIFFCP)) {
    console.log(`3. G4 TIFF vs libtiff: skipped, ${TIFFCP} not found (Debian: libtiff-tools)`)
  } else {
    const checks = g4.map((r) => {
      const ours = new Uint8Array(readFileSync(r.oursJob.out))
      const lib = libtiffG4(r.oursJob.out, r.ours.height)
      return { r, oursData: tiffDataBytes(ours), oursFile: ours.length, ...lib }
    })
    const larger = checks.filter((c) => c.oursData > c.dataBytes)
    console.log(
      `3. G4 TIFF no larger than libtiff's (tiffcp -c g4, one strip, same pixels): ` +
        `${larger.length ? 'MISSED' : 'met'}, met in ${checks.length - larger.length}/${checks.length} cases`,
    )
    for (const c of checks) {
      console.log(
        `   ${label(c.r)}: G4 data ours ${c.oursData} vs libtiff ${c.dataBytes} bytes ` +
          `(${ratio(c.oursData, c.dataBytes)}x); files ${c.oursFile} vs ${c.fileBytes} bytes` +
          `${c.r.sharp ? `; sharp's file (libvips strips) ${c.r.sharp.bytes} bytes` : ''}`,
      )
    }
  }

  // Profiles: the slowest missed case, and the worst time ratio of each input that missed.
  if (slow.length) {
    const worse = (a, b) => (b.ours.ms / b.sharp.ms > a.ours.ms / a.sharp.ms ? b : a)
    const picks = new Set([slow.reduce((a, b) => (b.ours.ms > a.ours.ms ? b : a))])
    for (const input of new Set(slow.map((r) => r.input))) {
      picks.add(slow.filter((r) => r.input === input).reduce(worse))
    }
    for (const pick of picks) profileCase(pick)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runSharpBench()

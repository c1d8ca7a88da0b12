// The tracers bench/vectorize.mjs compares: our two engines (through the esbuild bundle) and the
// peers that install here (potrace 1.16 CLI, esm-potrace-wasm, VTracer, imagetracerjs). Each
// runner turns one input into an SVG string and says how long that took. None uses the network.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Preset, vectorizeRawSync } from '@neplex/vectorizer'

const require = createRequire(import.meta.url)
const POTRACE = '/usr/bin/potrace'
/** Inputs above this many pixels are not given to imagetracerjs (pure JS, per-pixel arrays). */
export const IMAGETRACER_MAX_PX = 2_600_000
/** Runs of one runner on one input: once if it took at least this long, else REPEATS (median). */
const REPEAT_BELOW_MS = 200
const REPEATS = 5

/**
 * An input for the runners: { width, height, channels: 1 | 3, pixels } plus the derived buffers
 * the tracers want, made once: `bilevel` (gray cut at 128, 0 / 255), `rgba`, `bilevelRgba`.
 */
export function prepare(input) {
  const { width, height, channels, pixels } = input
  const n = width * height
  const memo = {}
  const rgbaOf = (source, ch) => {
    const out = new Uint8ClampedArray(n * 4)
    for (let i = 0, p = 0; i < n; i++, p += ch) {
      out[4 * i] = source[p]
      out[4 * i + 1] = source[ch === 1 ? p : p + 1]
      out[4 * i + 2] = source[ch === 1 ? p : p + 2]
      out[4 * i + 3] = 255
    }
    return out
  }
  return {
    ...input,
    get bilevel() {
      if (!memo.bilevel) {
        memo.bilevel = new Uint8Array(n)
        for (let i = 0; i < n; i++) memo.bilevel[i] = pixels[i] < 128 ? 0 : 255
      }
      return memo.bilevel
    },
    get rgba() {
      memo.rgba ??= rgbaOf(pixels, channels)
      return memo.rgba
    },
    get bilevelRgba() {
      memo.bilevelRgba ??= rgbaOf(this.bilevel, 1)
      return memo.bilevelRgba
    },
  }
}

/** Bilevel gray (0 ink / 255 paper) as a binary PBM (P4; 1 = black). */
function toPbm(bilevel, width, height) {
  const rowBytes = (width + 7) >> 3
  const head = Buffer.from(`P4\n${width} ${height}\n`)
  const bits = Buffer.alloc(rowBytes * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (bilevel[y * width + x] === 0) bits[y * rowBytes + (x >> 3)] |= 0x80 >> (x & 7)
    }
  }
  return Buffer.concat([head, bits])
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[sorted.length >> 1]
}

/**
 * Times every runner on one input, in turns: round after round, each runner once, so no runner
 * runs on a heap another's garbage (or the scorer's) has just filled, and none always runs first.
 * A runner whose first run took REPEAT_BELOW_MS or more runs once; the others REPEATS times.
 * @returns {Promise<Map<runner, { result, ms } | { skipped } | { error }>>} result = the first
 *   run's { svg, traceMs?, writeMs? }; ms = the median of the runs' times
 */
export async function timeInTurns(runners, input) {
  const firsts = new Map()
  const ended = new Map()
  const times = new Map(runners.map((runner) => [runner, []]))
  for (let round = 0; round < REPEATS; round++) {
    for (const runner of runners) {
      const mine = times.get(runner)
      if (ended.has(runner) || (round > 0 && mine[0] >= REPEAT_BELOW_MS)) continue
      try {
        const started = performance.now()
        const result = await runner.run(input)
        if (result.skipped) ended.set(runner, { skipped: result.skipped })
        else {
          mine.push(result.ms ?? performance.now() - started)
          if (!firsts.has(runner)) firsts.set(runner, result)
        }
      } catch (error) {
        ended.set(runner, { error })
      }
    }
  }
  const out = new Map()
  for (const runner of runners) {
    const end = ended.get(runner)
    out.set(runner, end ?? { result: firsts.get(runner), ms: median(times.get(runner)) })
  }
  return out
}

/**
 * An engine's drawing, whether it returns the drawing, { drawing, stats } (traceLineart) or a
 * `Result` ({ ok, value | reason }).
 */
function unwrap(result) {
  if (result && typeof result === 'object' && 'ok' in result) {
    if (!result.ok)
      throw new Error(`engine returned reason ${JSON.stringify(result.reason ?? result)}`)
    return unwrap(result.value)
  }
  return result?.layers ? result : (result?.drawing ?? result)
}

function potraceCli() {
  if (!existsSync(POTRACE)) return null
  const noop = []
  for (let k = 0; k < 7; k++) {
    const started = performance.now()
    spawnSync(POTRACE, ['--version'])
    noop.push(performance.now() - started)
  }
  const baseline = median(noop)
  return {
    name: 'potrace CLI',
    note: `potrace 1.16 (Debian): -s --flat, PBM cut at 128 on stdin; ms = wall clock of the process less a no-op spawn (${baseline.toFixed(1)} ms)`,
    families: ['trace', 'lineart'],
    colour: false,
    run: (input) => {
      const pbm = toPbm(input.bilevel, input.width, input.height)
      const started = performance.now()
      const r = spawnSync(POTRACE, ['-s', '--flat', '-o', '-', '-'], {
        input: pbm,
        maxBuffer: 1 << 30,
      })
      const wall = performance.now() - started
      if (r.status !== 0) throw new Error(`potrace exited ${r.status}: ${r.stderr}`)
      return { svg: r.stdout.toString('utf8'), ms: Math.max(0, wall - baseline) }
    },
  }
}

async function potraceWasm() {
  // The emscripten glue takes Node for CommonJS: it calls require('node:fs') and reads __dirname
  // while starting, though the module is embedded. Both are lent for the import only.
  const lent = { require: globalThis.require, __dirname: globalThis.__dirname }
  globalThis.require = require
  globalThis.__dirname = new URL('.', import.meta.url).pathname
  let lib
  try {
    lib = await import('esm-potrace-wasm')
    await lib.init()
  } finally {
    globalThis.require = lent.require
    globalThis.__dirname = lent.__dirname
  }
  return {
    name: 'potrace wasm',
    note: 'esm-potrace-wasm 0.5.1: gray: RGBA cut at 128, extractcolors off; colour: the library defaults (posterize 5 levels)',
    families: ['trace', 'lineart'],
    colour: true,
    run: async (input) => {
      const colour = input.channels !== 1
      const data = colour ? input.rgba : input.bilevelRgba
      const options = colour ? {} : { extractcolors: false }
      return {
        svg: await lib.potrace({ data, width: input.width, height: input.height }, options),
      }
    },
  }
}

function vtracer() {
  return {
    name: 'VTracer',
    note: '@neplex/vectorizer 0.1.0 (native): gray: preset Bw (binary mode) on the gray RGBA; colour: preset Poster',
    families: ['trace', 'lineart'],
    colour: true,
    run: (input) => {
      const colour = input.channels !== 1
      const rgba = input.rgba
      const buffer = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength)
      const preset = colour ? Preset.Poster : Preset.Bw
      return {
        svg: vectorizeRawSync(buffer, { width: input.width, height: input.height }, preset),
      }
    },
  }
}

function imagetracer() {
  const ImageTracer = require('imagetracerjs')
  return {
    name: 'imagetracerjs',
    note: `imagetracerjs 1.2.6: gray: RGBA cut at 128, 2 colours, palette not sampled; colour: library defaults (16 colours); skipped above ${(IMAGETRACER_MAX_PX / 1e6).toFixed(1)} Mpx`,
    families: ['trace', 'lineart'],
    colour: true,
    run: (input) => {
      if (input.width * input.height > IMAGETRACER_MAX_PX) {
        return { skipped: `above ${(IMAGETRACER_MAX_PX / 1e6).toFixed(1)} Mpx` }
      }
      {
        const colour = input.channels !== 1
        const data = colour ? input.rgba : input.bilevelRgba
        // The library fills its defaults into the options object: a fresh one per call.
        const options = colour ? {} : { colorsampling: 0, numberofcolors: 2 }
        return {
          svg: ImageTracer.imagedataToSVG(
            { width: input.width, height: input.height, data },
            options,
          ),
        }
      }
    },
  }
}

/** Our engine through the bundle: trace, then writeSvg; ms = both, the parts kept apart. */
function ours(engine, name, family, trace, colour) {
  const ready = typeof engine[trace] === 'function' && typeof engine.writeSvg === 'function'
  return {
    name,
    note: ready
      ? `${trace} + writeSvg, defaults`
      : `n/a: ${trace} or writeSvg is not in the bundle yet`,
    families: [family],
    colour,
    ours: true,
    run: async (input) => {
      if (!ready) return { skipped: 'n/a (engine not built yet)' }
      const image = {
        width: input.width,
        height: input.height,
        channels: input.channels,
        data: input.pixels,
      }
      const started = performance.now()
      const drawing = unwrap(await engine[trace](image))
      const traced = performance.now()
      const svg = engine.writeSvg(drawing)
      const written = performance.now()
      return { svg, ms: written - started, traceMs: traced - started, writeMs: written - traced }
    },
  }
}

/**
 * Every runner, in table order. A runner is { name, note, families, colour (takes colour
 * inputs), ours?, run(prepared input) → Promise<{ svg, ms, traceMs?, writeMs? } | { skipped }> }.
 * @param engine the bench bundle (bench/out/engine.mjs)
 */
export async function loadRunners(engine) {
  return [
    ours(engine, 'ours traceImage', 'trace', 'traceImage', true),
    ours(engine, 'ours traceLineart', 'lineart', 'traceLineart', false),
    potraceCli(),
    await potraceWasm(),
    vtracer(),
    imagetracer(),
  ].filter(Boolean)
}

/** Peers that could not run here, each with its reason (printed under the tables). */
export function missingPeers() {
  const missing = ['autotrace: not packaged in Debian 12, not run']
  if (!existsSync(POTRACE)) missing.push(`potrace CLI: ${POTRACE} not found, not run`)
  return missing
}

// The JPEG decoder under Node: throughput against jSquash's MozJPEG (wasm; Node compiles it from
// bytes, workerd cannot), what a 40 MP decode really allocates, and a cross-check with
// ImageMagick 6's own decode (libjpeg-turbo; skipped with a message when absent). Prints its
// figures; timings are never asserted.
//
// Timings use the decoder bundled by esbuild, as wrangler ships it: vitest's module runner turns
// every imported binding into a getter on a module object, which costs this decoder about 50 %
// (its hot loops call across stage files); that figure is printed too.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import mozDecode, { init as initDecode } from '@jsquash/jpeg/decode.js'
import mozEncode, { init as initEncode } from '@jsquash/jpeg/encode.js'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openJpeg } from '../../src/codecs/jpeg/open'
import { photo } from '../support/photo'
import { collectRows, lumaOf, psnr, rgbOf } from '../support/pixels'

const FIXTURES = join(import.meta.dirname, '../fixtures/jpeg')
const CONVERT = '/usr/bin/convert'
const IMAGEMAGICK_MISSING = `ImageMagick not installed (${CONVERT}); apt-get install imagemagick`
const hasImageMagick = existsSync(CONVERT)

/** jSquash's `init`, given a compiled module (the overload its typings leave out). */
type Init = (module: object) => Promise<void>
/** The WebAssembly global, which the Node typings here declare as a namespace of types only. */
const { WebAssembly: wasmApi } = globalThis as unknown as {
  WebAssembly: { Module: new (bytes: Uint8Array) => object }
}
const wasm = (path: string) =>
  new wasmApi.Module(readFileSync(createRequire(import.meta.url).resolve(path)))

async function encode(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
  progressive: boolean,
): Promise<Uint8Array> {
  const image = { data: rgba, width, height } as Parameters<typeof mozEncode>[0]
  const options = {
    quality: 85,
    progressive,
    baseline: !progressive,
    auto_subsample: false,
    chroma_subsample: 2,
  }
  return new Uint8Array(await mozEncode(image, options))
}

/** Reads every row and drops it; returns the stream for its metadata. */
async function drain(
  bytes: Uint8Array,
  output: 'luma' | 'color',
  sample?: () => void,
  open: typeof openJpeg = openJpeg,
) {
  const opened = open(bytes, { output })
  if (!opened.ok) throw new Error(`${opened.error.reason}: ${opened.error.message}`)
  let y = 0
  for await (const _ of opened.value.rows) if (sample && ++y % 256 === 0) sample()
  return opened.value
}

/** Best of `runs` wall-clock timings, in ms. */
async function best(runs: number, work: () => Promise<unknown>): Promise<number> {
  let fastest = Number.POSITIVE_INFINITY
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await work()
    fastest = Math.min(fastest, performance.now() - started)
  }
  return fastest
}

/** The file with an APP1 EXIF segment (IFD0 Orientation only) after SOI. */
function withOrientation(bytes: Uint8Array, orientation: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1]
  const payload = [...'Exif\0\0'].map((c) => c.charCodeAt(0)).concat(tiff, [0, orientation, 0, 0])
  payload.push(0, 0, 0, 0)
  const length = payload.length + 2
  return Uint8Array.from([
    0xff,
    0xd8,
    0xff,
    0xe1,
    length >> 8,
    length & 255,
    ...payload,
    ...bytes.subarray(2),
  ])
}

let work = ''
/** openJpeg from an esbuild bundle of src/codecs/jpeg/open.ts (what the Worker runs). */
let bundledOpenJpeg: typeof openJpeg = openJpeg

beforeAll(async () => {
  await (initDecode as unknown as Init)(wasm('@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm'))
  await (initEncode as unknown as Init)(wasm('@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm'))
  work = mkdtempSync(join(tmpdir(), 'jpeg-tools-'))
  const outfile = join(work, 'open-jpeg.mjs')
  await build({
    entryPoints: [join(import.meta.dirname, '../../src/codecs/jpeg/open.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    outfile,
    logLevel: 'warning',
  })
  const bundled = (await import(pathToFileURL(outfile).href)) as { openJpeg: typeof openJpeg }
  bundledOpenJpeg = bundled.openJpeg
})

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('codecs/jpeg throughput against jSquash MozJPEG (12 MP photos made in code)', () => {
  const width = 4000
  const height = 3000
  const files: Record<string, Uint8Array> = {}
  beforeAll(async () => {
    const rgba = photo(width, height, 7)
    files.baseline = await encode(rgba, width, height, false)
    files.progressive = await encode(rgba, width, height, true)
  }, 120_000)

  it('decodes both photos within 45 dB of MozJPEG and prints the throughput', async () => {
    const lines = [
      'file                            ours luma   ours color   MozJPEG RGBA   ours luma unbundled',
    ]
    for (const [kind, bytes] of Object.entries(files)) {
      const reference = await mozDecode(bytes.slice().buffer)
      const luma = openJpeg(bytes, { output: 'luma' })
      if (!luma.ok) throw new Error(luma.error.message)
      expect(psnr(await collectRows(luma.value), lumaOf(reference.data, 4))).toBeGreaterThan(45)
      const color = openJpeg(bytes, { output: 'color' })
      if (!color.ok) throw new Error(color.error.message)
      expect(psnr(await collectRows(color.value), rgbOf(reference.data))).toBeGreaterThan(45)
      // Interleaved rounds, best of 5 each, so a busy machine slows all three alike.
      const times = { luma: Infinity, color: Infinity, moz: Infinity, unbundled: Infinity }
      for (let round = 0; round < 5; round++) {
        times.luma = Math.min(
          times.luma,
          await best(1, () => drain(bytes, 'luma', undefined, bundledOpenJpeg)),
        )
        times.color = Math.min(
          times.color,
          await best(1, () => drain(bytes, 'color', undefined, bundledOpenJpeg)),
        )
        times.moz = Math.min(times.moz, await best(1, () => mozDecode(bytes.slice().buffer)))
        times.unbundled = Math.min(times.unbundled, await best(1, () => drain(bytes, 'luma')))
      }
      const label = `${kind} 4:2:0 q85 ${(bytes.length / 1e6).toFixed(2)} MB`.padEnd(30)
      const ms = (t: number) => `${t.toFixed(0)} ms`.padStart(9)
      lines.push(
        `${label}${ms(times.luma)}    ${ms(times.color)}    ${ms(times.moz)}      ${ms(times.unbundled)}`,
      )
    }
    console.log(
      `JPEG decode, 4000 x 3000, best of 5 (Node ${process.version}):\n${lines.join('\n')}`,
    )
  })
})

describe('codecs/jpeg memory at 40 MP', () => {
  const width = 7300
  const height = 5480
  const files: Record<string, Uint8Array> = {}
  beforeAll(async () => {
    const rgba = photo(width, height, 3)
    files.baseline = await encode(rgba, width, height, false)
    files.progressive = await encode(rgba, width, height, true)
  }, 120_000)

  it('decodes 40 MP luma with under 1 MB of buffers, rotated with one more 40 MB', async () => {
    const lines: string[] = []
    for (const [kind, bytes] of Object.entries(files)) {
      for (const orientation of [1, 6]) {
        const file = orientation === 1 ? bytes : withOrientation(bytes, orientation)
        const before = process.memoryUsage()
        let peak = { arrayBuffers: 0, heapUsed: 0 }
        const sample = () => {
          const now = process.memoryUsage()
          peak = {
            arrayBuffers: Math.max(peak.arrayBuffers, now.arrayBuffers - before.arrayBuffers),
            heapUsed: Math.max(peak.heapUsed, now.heapUsed - before.heapUsed),
          }
        }
        const image = await drain(file, 'luma', sample)
        expect([image.width, image.height]).toEqual(
          orientation === 6 ? [height, width] : [width, height],
        )
        if (orientation === 1) expect(image.bufferBytes).toBeLessThan(1_000_000)
        else expect(image.bufferBytes - width * height).toBeLessThan(1_000_000)
        const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`
        lines.push(
          `${kind.padEnd(11)} orientation ${orientation}: file ${mb(file.length)}, decoder buffers ${mb(image.bufferBytes)}, measured peak growth: array buffers ${mb(peak.arrayBuffers)}, JS heap ${mb(peak.heapUsed)}`,
        )
      }
    }
    console.log(`JPEG luma decode, ${width} x ${height} (40.0 MP):\n${lines.join('\n')}`)
  }, 120_000)
})

describe('codecs/jpeg against ImageMagick', () => {
  let dir = ''
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'jpeg-tools-'))
  })
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  /** ImageMagick's 8-bit decode, turned upright: gray: for one-component files, rgb: else. */
  const imageMagick = (path: string, format: 'gray' | 'rgb'): Uint8Array =>
    new Uint8Array(
      execFileSync(CONVERT, [path, '-auto-orient', '-depth', '8', `${format}:-`], {
        maxBuffer: 64 << 20,
      }),
    )

  it('matches ImageMagick within 45 dB on every fixture and a 1 MP photo', async (ctx) => {
    if (!hasImageMagick) ctx.skip(IMAGEMAGICK_MISSING)
    const photoPath = join(dir, 'photo.jpg')
    writeFileSync(photoPath, await encode(photo(1200, 900, 4), 1200, 900, true))
    const paths = readdirSync(FIXTURES)
      .filter((name) => name.endsWith('.jpg'))
      .map((name) => join(FIXTURES, name))
    let lowest = Number.POSITIVE_INFINITY
    for (const path of [...paths, photoPath]) {
      const bytes = new Uint8Array(readFileSync(path))
      const luma = await drainToBuffer(bytes, 'luma')
      if (luma.colour === 'gray') {
        const score = psnr(luma.pixels, imageMagick(path, 'gray'))
        lowest = Math.min(lowest, score)
        expect(score, path).toBeGreaterThanOrEqual(45)
        continue
      }
      // ImageMagick's gray: output is Rec. 709 luma; compare colour, and our luma with 601.
      const rgb = imageMagick(path, 'rgb')
      const color = await drainToBuffer(bytes, 'color')
      const scores = [psnr(color.pixels, rgb), psnr(luma.pixels, lumaOf(rgb, 3))]
      lowest = Math.min(lowest, ...scores)
      for (const score of scores) expect(score, path).toBeGreaterThanOrEqual(45)
    }
    console.log(
      `JPEG vs ImageMagick ${paths.length + 1} files: lowest PSNR ${lowest.toFixed(2)} dB`,
    )
  })
})

async function drainToBuffer(bytes: Uint8Array, output: 'luma' | 'color') {
  const opened = openJpeg(bytes, { output })
  if (!opened.ok) throw new Error(opened.error.message)
  return { colour: opened.value.colour, pixels: await collectRows(opened.value) }
}

// convertImage end to end under Node, its files checked by the real tools: libtiff (tiffinfo,
// tiffcp), qpdf, poppler (pdfimages, pdftoppm) and ImageMagick (identify, convert). A scan-like
// line drawing (portrait), a near-square drawing and a photo-like colour JPEG (landscape), all
// made in code, go to PNG, TIFF and PDF at both presets and both tones (forced with `mode`, so
// the checks do not depend on the tone classifier). Also checks the G4 size claim against
// `tiffcp -c g4`. Each test skips, naming the missing tool, when one is not installed.

import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import encodeJpeg, { init as initJpegEncoder } from '@jsquash/jpeg/encode.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openOutputBatch } from '../../src/adapters/output-batch'
import type { OutputStore } from '../../src/adapters/ports'
import { openImage } from '../../src/codecs/decode'
import { createPngEncoder } from '../../src/codecs/png/encode'
import type { ImageType } from '../../src/codecs/sniff'
import type { Kernels } from '../../src/kernels/kernels'
import { concatBytes } from '../../src/lib/bytes'
import {
  type ConvertFormat,
  type ConvertOutput,
  convertImage,
  type FilingDpi,
} from '../../src/operations/convert-image'
import { type ListedImage, parseImageList } from './support/pdfimages'

// test/node's typings are Node's only. convertImage's storage port names R2's object types,
// which the Worker's typings declare globally; these stand-ins let it type-check here.
declare global {
  interface R2Object {
    readonly key: string
  }
  interface R2ObjectBody extends R2Object {
    readonly bodyUsed: boolean
  }
}

/** WebAssembly's runtime API, which the Node typings here declare as a namespace of types only. */
const { WebAssembly: wasmApi } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> }
}

const TOOLS = {
  tiffinfo: ['/usr/bin/tiffinfo', 'libtiff-tools'],
  tiffcp: ['/usr/bin/tiffcp', 'libtiff-tools'],
  qpdf: ['/usr/bin/qpdf', 'qpdf'],
  pdfimages: ['/usr/bin/pdfimages', 'poppler-utils'],
  pdftoppm: ['/usr/bin/pdftoppm', 'poppler-utils'],
  pdfinfo: ['/usr/bin/pdfinfo', 'poppler-utils'],
  identify: ['/usr/bin/identify', 'imagemagick'],
  // ImageMagick 6 by absolute path: /usr/local/bin/convert may be an unrelated stand-in.
  convert: ['/usr/bin/convert', 'imagemagick'],
} as const
type Tool = keyof typeof TOOLS

type Skip = (condition: boolean, note?: string) => void
type Tone = 'bilevel' | 'gray'

const DPIS: FilingDpi[] = [300, 600]
const TONES: Tone[] = ['bilevel', 'gray']
const LONG_EDGE = { 300: 2048, 600: 4096 } as const
const PT_PER_CM = 72 / 2.54
/** A4 in points, the filing margins and the largest sight (37 CFR 1.84(g)), in cm. */
const A4 = { width: 595.276, height: 841.89 }
const MARGIN_CM = { top: 2.5, left: 2.5, right: 1.5, bottom: 1.0 }
const SIGHT_CM = { width: 17.0, height: 26.2 }

const work = mkdtempSync(join(tmpdir(), 'convert-tools-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))
// The SIMD resample and zlib kernels, as the Worker has them (src/kernels/workerd.ts).
let kernels: Kernels
beforeAll(async () => {
  const resample = await wasmApi.compile(readFileSync('wasm/dist/resample.wasm'))
  const zlib = await wasmApi.compile(readFileSync('wasm/dist/zlib.wasm'))
  kernels = { resample, lineart: null, zlib, svg: null, upscale: null }
})

function need(skip: Skip, ...tools: Tool[]): void {
  const missing = tools.filter((tool) => !existsSync(TOOLS[tool][0]))
  skip(
    missing.length > 0,
    `skipped: ${missing.map((t) => `${TOOLS[t][0]} (Debian: ${TOOLS[t][1]})`).join(', ')} not installed`,
  )
}

/** Runs a tool; throws with its stderr when it exits non-zero. */
function run(tool: Tool, args: string[]): { stdout: Buffer; stderr: string } {
  const result = spawnSync(TOOLS[tool][0], args, { maxBuffer: 1 << 30 })
  if (result.status !== 0) {
    throw new Error(`${tool} ${args.join(' ')} exited ${result.status}: ${result.stderr}`)
  }
  return { stdout: result.stdout, stderr: result.stderr.toString() }
}

const text = (tool: Tool, args: string[]) => run(tool, args).stdout.toString()

function save(name: string, bytes: Uint8Array): string {
  const path = join(work, name)
  writeFileSync(path, bytes)
  return path
}

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

/** Deterministic numbers in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), a | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * A scan-like line drawing (8-bit gray): a 12 px border 2 px from the edge (wide enough to show
 * at 72 DPI), a circle, hatching and text-like marks, strokes 2-4 px with soft edges, ink ~30 on
 * grainy paper ~238.
 */
function lineDrawing(width: number, height: number): Uint8Array {
  const rand = random(width * 7 + height)
  const data = new Uint8Array(width * height)
  const cx = width * 0.6
  const cy = height * 0.3
  const r = Math.min(width, height) * 0.22
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Distance to the nearest stroke's centre line, less its half width.
      const frame = Math.min(x - 8, y - 8, width - 9 - x, height - 9 - y)
      let d = Math.abs(frame) - 6
      d = Math.min(d, Math.abs(Math.hypot(x - cx, y - cy) - r) - 2)
      if (x > 80 && x < width * 0.35 && y > 80 && y < height * 0.5) {
        const phase = (x + y) % 24
        d = Math.min(d, Math.min(phase, 24 - phase) / Math.SQRT2 - 1)
      }
      const row = Math.floor(y / 90)
      if (y > height * 0.6 && y % 90 > 40 && y % 90 < 64 && x > 120 && x < width - 120) {
        // Text-like marks: short strokes 4 px wide in words.
        const inWord = (x + row * 37) % 260 < 200
        if (inWord) d = Math.min(d, Math.abs((x % 16) - 8) - 2)
      }
      const paper = 238 + (rand() + rand() - 1) * 3
      const cover = Math.min(1, Math.max(0, 0.5 - d))
      data[y * width + x] = Math.round(paper + (30 - paper) * cover)
    }
  }
  return data
}

/**
 * A photo-like colour image (RGBA), landscape, whose top tenth is nearly black and bottom tenth
 * nearly white, so its orientation can be read off a rendered page.
 */
function photo(width: number, height: number): Uint8ClampedArray {
  const rand = random(99)
  const data = new Uint8ClampedArray(width * height * 4)
  for (let y = 0; y < height; y++) {
    const v = y / height
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4
      const u = x / width
      const shade =
        v < 0.1
          ? 20
          : v > 0.9
            ? 235
            : 90 + 80 * v + 40 * Math.sin(u * 9) * Math.cos(v * 7) + (rand() - 0.5) * 16
      data[i] = shade + 30 * Math.sin(u * 5)
      data[i + 1] = shade
      data[i + 2] = shade - 30 * Math.cos(v * 4)
      data[i + 3] = 255
    }
  }
  return data
}

async function grayPng(pixels: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const encoder = createPngEncoder({ width, height, channels: 1 })
  for (let y = 0; y < height; y++) await encoder.write(pixels.subarray(y * width, (y + 1) * width))
  return concatBytes((await encoder.finish()).parts)
}

interface Input {
  name: string
  type: ImageType
  width: number
  height: number
  bytes: () => Promise<Uint8Array>
}

const once = <T>(make: () => Promise<T>): (() => Promise<T>) => {
  let made: Promise<T> | undefined
  return () => {
    made ??= make()
    return made
  }
}

const LINE: Input = {
  name: 'line',
  type: 'png',
  width: 1700,
  height: 2200,
  bytes: once(() => grayPng(lineDrawing(1700, 2200), 1700, 2200)),
}
/** Near square: at its DPI it is wider than the 17.0 cm sight, so the PDF places it smaller. */
const SQUARE: Input = {
  name: 'square',
  type: 'png',
  width: 1500,
  height: 1480,
  bytes: once(() => grayPng(lineDrawing(1500, 1480), 1500, 1480)),
}
const PHOTO: Input = {
  name: 'photo',
  type: 'jpeg',
  width: 1800,
  height: 1200,
  bytes: once(async () => {
    const wasm = 'node_modules/@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm'
    await (initJpegEncoder as unknown as (m: WebAssembly.Module) => Promise<void>)(
      await wasmApi.compile(readFileSync(wasm)),
    )
    const image = { data: photo(1800, 1200), width: 1800, height: 1200 }
    return new Uint8Array(await encodeJpeg(image as Parameters<typeof encodeJpeg>[0]))
  }),
}

// ---------------------------------------------------------------------------------------------
// Converting
// ---------------------------------------------------------------------------------------------

/** An output store that keeps what it is given. */
function memoryStore(): { outputs: OutputStore; files: Map<string, Uint8Array> } {
  const files = new Map<string, Uint8Array>()
  const outputs: OutputStore = {
    async put(key, parts) {
      files.set(key, concatBytes(parts))
    },
    upload(key) {
      const written: Uint8Array[] = []
      return {
        async write(parts) {
          written.push(...parts)
        },
        async finish() {
          const bytes = concatBytes(written)
          files.set(key, bytes)
          return bytes.length
        },
        async abort() {},
      }
    },
    get: async () => null,
    head: async () => null,
    async delete(keys) {
      for (const key of keys) files.delete(key)
    },
    batch: (accountId) => openOutputBatch(outputs, accountId),
  }
  return { outputs, files }
}

interface Converted {
  result: ConvertOutput
  path: string
  bytes: Uint8Array
  previewPath?: string
  preview?: Uint8Array
}

const converted = new Map<string, Promise<Converted>>()

/** Converts once per (input, format, dpi, tone) and writes the files to the work directory. */
function convert(input: Input, format: ConvertFormat, dpi: FilingDpi, tone: Tone) {
  const name = `${input.name}-${dpi}-${tone}.${format === 'tiff' ? 'tif' : format}`
  let done = converted.get(name)
  if (!done) {
    done = (async () => {
      const { outputs, files } = memoryStore()
      const result = await convertImage(
        {
          image: { bytes: await input.bytes(), type: input.type, source: 'upload' },
          format,
          dpi,
          mode: tone,
          page: 'a4',
        },
        { outputs: outputs.batch('test'), kernels },
      )
      const bytes = files.get(result.file.key)!
      const out: Converted = { result, path: save(name, bytes), bytes }
      if (result.preview) {
        out.preview = files.get(result.preview.key)!
        out.previewPath = save(`${name}.preview.png`, out.preview)
      }
      return out
    })()
    converted.set(name, done)
  }
  return done
}

/** The preset size: long edge 2048 or 4096, the short edge scaled and rounded. */
function presetSize(input: Input, dpi: FilingDpi) {
  const long = LONG_EDGE[dpi]
  const scale = long / Math.max(input.width, input.height)
  return input.width >= input.height
    ? { width: long, height: Math.round(input.height * scale) }
    : { width: Math.round(input.width * scale), height: long }
}

/** All pixels of an image file through our own decoders, as 8-bit gray. */
async function ourPixels(bytes: Uint8Array, type: ImageType): Promise<Uint8Array> {
  const image = await openImage(bytes, type)
  expect(image.channels, 'our decoder reads one channel').toBe(1)
  const out = new Uint8Array(image.width * image.height)
  let y = 0
  for await (const row of image.rows) out.set(row, y++ * image.width)
  return out
}

/** The 8-bit gray pixels ImageMagick decodes. */
const magickPixels = (path: string) =>
  new Uint8Array(run('convert', [path, '-depth', '8', 'gray:-']).stdout)

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** Share of pixels darker than mid-gray. */
function inkShare(pixels: Uint8Array): number {
  let ink = 0
  for (const v of pixels) if (v < 128) ink++
  return ink / pixels.length
}

/** The `Key: value` lines of `identify -verbose`, first occurrence of each key. */
function identify(path: string): Map<string, string> {
  const fields = new Map<string, string>()
  for (const line of text('identify', ['-verbose', path]).split('\n')) {
    // Keys may hold colons ("png:IHDR.bit_depth: 1"): the key ends at a colon and a space.
    const match = /^\s*(.+?):(?:\s+(.*))?$/.exec(line)
    if (match && !fields.has(match[1]!)) fields.set(match[1]!, (match[2] ?? '').trim())
  }
  return fields
}

/** Checks what every file must have: ink where expected, and only black/white when bilevel. */
function expectContent(pixels: Uint8Array, tone: Tone, what: string): void {
  const share = inkShare(pixels)
  expect(share, `${what}: share of dark pixels (0: the page came out blank)`).toBeGreaterThan(0.005)
  expect(share, `${what}: share of dark pixels`).toBeLessThan(0.6)
  const levels = new Set(pixels)
  if (tone === 'bilevel')
    expect(
      [...levels].sort((a, b) => a - b),
      what,
    ).toEqual([0, 255])
  else expect(levels.size, `${what}: gray levels`).toBeGreaterThan(32)
}

// ---------------------------------------------------------------------------------------------
// PDF helpers
// ---------------------------------------------------------------------------------------------

interface Placement {
  rotated: boolean
  /** Effective pixels per inch on the page. */
  ppi: number
  /** The image's footprint in points from the page's top-left corner. */
  left: number
  top: number
  width: number
  height: number
}

/** Where the filing rules put a `width × height` image at `dpi` on A4 (independent of src). */
function expectedPlacement(width: number, height: number, dpi: number): Placement {
  const rotated = width > height
  const alongX = ((rotated ? height : width) / dpi) * 72
  const alongY = ((rotated ? width : height) / dpi) * 72
  const sightWidth = Math.min(
    A4.width - (MARGIN_CM.left + MARGIN_CM.right) * PT_PER_CM,
    SIGHT_CM.width * PT_PER_CM,
  )
  const sightHeight = Math.min(
    A4.height - (MARGIN_CM.top + MARGIN_CM.bottom) * PT_PER_CM,
    SIGHT_CM.height * PT_PER_CM,
  )
  const scale = Math.min(1, sightWidth / alongX, sightHeight / alongY)
  return {
    rotated,
    ppi: dpi / scale,
    left: MARGIN_CM.left * PT_PER_CM,
    top: MARGIN_CM.top * PT_PER_CM,
    width: alongX * scale,
    height: alongY * scale,
  }
}

/** `pdfimages -list` of a file. */
function listImages(path: string): ListedImage[] {
  return parseImageList(text('pdfimages', ['-list', path]))
}

interface Render {
  width: number
  height: number
  px: Uint8Array
}

/** Page 1 rendered by pdftoppm at 72 DPI in gray (1 px = 1 pt). */
function render(path: string): Render {
  const out = `${path}.render`
  run('pdftoppm', ['-r', '72', '-gray', '-singlefile', path, out])
  const pgm = readFileSync(`${out}.pgm`)
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 64).toString('latin1'))
  if (!header) throw new Error('pdftoppm did not write a PGM')
  const width = Number(header[1])
  const height = Number(header[2])
  return { width, height, px: new Uint8Array(pgm.subarray(header[0].length)) }
}

/** Bounding box of pixels darker than mid-gray, in render pixels (inclusive edges). */
function inkBox(r: Render) {
  let left = Number.POSITIVE_INFINITY
  let right = Number.NEGATIVE_INFINITY
  let top = Number.POSITIVE_INFINITY
  let bottom = Number.NEGATIVE_INFINITY
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      if (r.px[y * r.width + x]! >= 128) continue
      left = Math.min(left, x)
      right = Math.max(right, x)
      top = Math.min(top, y)
      bottom = Math.max(bottom, y)
    }
  }
  return { left, right, top, bottom }
}

/** Mean gray of a rectangle of the render. */
function meanOf(r: Render, x0: number, y0: number, x1: number, y1: number): number {
  let sum = 0
  let n = 0
  for (let y = Math.ceil(y0); y < Math.floor(y1); y++) {
    for (let x = Math.ceil(x0); x < Math.floor(x1); x++) {
      sum += r.px[y * r.width + x]!
      n++
    }
  }
  return sum / n
}

/** `tiffinfo -s`: the StripByteCounts, summed (the compressed image data). */
function stripBytes(path: string): number {
  const listing = text('tiffinfo', ['-s', path])
  const strips = [...listing.matchAll(/^\s+\d+: \[\s*\d+,\s*(\d+)\]/gm)]
  expect(strips.length, `strips of ${path}`).toBeGreaterThan(0)
  return strips.reduce((sum, m) => sum + Number(m[1]), 0)
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

describe('convertImage files checked by libtiff, qpdf, poppler and ImageMagick', () => {
  for (const dpi of DPIS) {
    for (const tone of TONES) {
      it(`TIFF ${tone} at ${dpi} dpi: tiffinfo, tiffcp, identify and our decoder agree`, async ({
        skip,
      }) => {
        need(skip, 'tiffinfo', 'tiffcp', 'identify', 'convert')
        for (const input of [LINE, PHOTO]) {
          const what = `${input.name} -> tiff ${dpi} ${tone}`
          const out = await convert(input, 'tiff', dpi, tone)
          const size = presetSize(input, dpi)
          expect(out.result.mode, what).toBe(tone)
          expect({ width: out.result.file.width, height: out.result.file.height }, what).toEqual(
            size,
          )

          const info = run('tiffinfo', ['-D', out.path])
          expect(info.stderr, `${what}: tiffinfo -D warnings`).toBe('')
          const listing = info.stdout.toString()
          expect(listing).toContain(`Image Width: ${size.width} Image Length: ${size.height}`)
          expect(listing).toContain(`Resolution: ${dpi}, ${dpi} pixels/inch`)
          expect(listing).toContain(`Bits/Sample: ${tone === 'bilevel' ? 1 : 8}`)
          expect(listing).toContain(
            `Compression Scheme: ${tone === 'bilevel' ? 'CCITT Group 4' : 'AdobeDeflate'}`,
          )
          expect(listing).toContain(
            `Photometric Interpretation: ${tone === 'bilevel' ? 'min-is-white' : 'min-is-black'}`,
          )
          if (tone === 'gray') expect(listing).toContain('Predictor: horizontal differencing')

          const ours = await ourPixels(out.bytes, 'tiff')
          expectContent(ours, tone, what)
          const plain = `${out.path}.plain.tif`
          run('tiffcp', ['-c', 'none', out.path, plain])
          expect(text('tiffinfo', [plain])).toContain('Compression Scheme: None')
          const roundTrip = await ourPixels(new Uint8Array(readFileSync(plain)), 'tiff')
          expect(sameBytes(roundTrip, ours), `${what}: tiffcp -c none round trip`).toBe(true)

          const magick = identify(out.path)
          expect(magick.get('Geometry'), what).toBe(`${size.width}x${size.height}+0+0`)
          expect(magick.get('Resolution'), what).toBe(`${dpi}x${dpi}`)
          expect(magick.get('Units'), what).toBe('PixelsPerInch')
          expect(magick.get('Depth'), what).toBe(tone === 'bilevel' ? '1-bit' : '8-bit')
          expect(magick.get('Colorspace'), what).toBe('Gray')
          expect(sameBytes(magickPixels(out.path), ours), `${what}: ImageMagick pixels`).toBe(true)
        }
      })

      it(`PDF ${tone} at ${dpi} dpi: qpdf checks it, pdfimages lists the image at its DPI, pdftoppm shows it inside the sight`, async ({
        skip,
      }) => {
        need(skip, 'qpdf', 'pdfimages', 'pdftoppm', 'pdfinfo')
        for (const input of [LINE, SQUARE, PHOTO]) {
          const what = `${input.name} -> pdf ${dpi} ${tone}`
          const out = await convert(input, 'pdf', dpi, tone)
          const size = presetSize(input, dpi)
          expect(out.result.mode, what).toBe(tone)

          expect(text('qpdf', ['--check', out.path])).toContain(
            'No syntax or stream encoding errors found',
          )

          const images = listImages(out.path)
          expect(images, `${what}: images`).toHaveLength(1)
          // The image as poppler decodes it (G4, or Flate with the PNG predictors) is, pixel for
          // pixel, the page our PNG output files for the same input.
          const extracted = join(work, `${input.name}-${dpi}-${tone}-pdfimage`)
          text('pdfimages', ['-png', out.path, extracted])
          const fromPdf = await ourPixels(
            new Uint8Array(readFileSync(`${extracted}-000.png`)),
            'png',
          )
          const png = await convert(input, 'png', dpi, tone)
          expect(
            sameBytes(fromPdf, await ourPixels(png.bytes, 'png')),
            `${what}: image pixels`,
          ).toBe(true)
          const image = images[0]!
          const place = expectedPlacement(size.width, size.height, dpi)
          expect(image, what).toMatchObject({
            width: size.width,
            height: size.height,
            color: 'gray',
            bpc: tone === 'bilevel' ? 1 : 8,
            enc: tone === 'bilevel' ? 'ccitt' : 'image',
          })
          // pdfimages prints whole ppi; only a figure that had to shrink is above the DPI.
          expect(Math.abs(image.xppi - place.ppi), `${what}: x-ppi ${image.xppi}`).toBeLessThan(1)
          expect(Math.abs(image.yppi - place.ppi), `${what}: y-ppi ${image.yppi}`).toBeLessThan(1)
          if (input === SQUARE) expect(image.xppi, `${what}: shrunk to fit`).toBeGreaterThan(dpi)
          else expect(image.xppi, what).toBe(dpi)

          expect(text('pdfinfo', [out.path]), `${what}: page size`).toMatch(
            /^Page size:\s+595\.276 x 841\.89 pts \(A4\)$/m,
          )
          // 1 px = 1 pt; pdftoppm rounds a partial pixel up (595.276 pt -> 596 px).
          const page = render(out.path)
          expect({ width: page.width, height: page.height }, `${what}: A4 page`).toEqual({
            width: Math.ceil(A4.width),
            height: Math.ceil(A4.height),
          })
          const ink = inkBox(page)
          expect(
            Number.isFinite(ink.left),
            `${what}: ink on the page (none: it came out blank)`,
          ).toBe(true)
          const sight = {
            left: MARGIN_CM.left * PT_PER_CM,
            top: MARGIN_CM.top * PT_PER_CM,
            right: A4.width - MARGIN_CM.right * PT_PER_CM,
            bottom: A4.height - MARGIN_CM.bottom * PT_PER_CM,
          }
          // Inclusive pixel edges; a pixel the sight's edge crosses may be partly inked.
          expect(ink.left, `${what}: ink inside the left margin`).toBeGreaterThanOrEqual(
            Math.floor(sight.left),
          )
          expect(ink.top, `${what}: ink inside the top margin`).toBeGreaterThanOrEqual(
            Math.floor(sight.top),
          )
          expect(ink.right, `${what}: ink inside the right margin`).toBeLessThan(
            Math.ceil(sight.right),
          )
          expect(ink.bottom, `${what}: ink inside the bottom margin`).toBeLessThan(
            Math.ceil(sight.bottom),
          )
          // The footprint: top-left at the sight's corner, the size the DPI gives.
          const rect = {
            left: place.left,
            top: place.top,
            right: place.left + place.width,
            bottom: place.top + place.height,
          }
          if (input !== PHOTO) {
            // The drawings' borders start 2 px inside their edges: the ink box is the footprint.
            for (const side of ['left', 'top', 'right', 'bottom'] as const) {
              expect(Math.abs(ink[side] - rect[side]), `${what}: ${side} edge`).toBeLessThan(3)
            }
          } else {
            // Landscape: turned a quarter, its dark top along the page's left side, its light
            // bottom along the right.
            expect(place.rotated).toBe(true)
            const band = place.width * 0.06
            const left = meanOf(
              page,
              rect.left + 1,
              rect.top + 2,
              rect.left + band,
              rect.bottom - 2,
            )
            const right = meanOf(
              page,
              rect.right - band,
              rect.top + 2,
              rect.right - 1,
              rect.bottom - 2,
            )
            const top = meanOf(
              page,
              rect.left + band * 2,
              rect.top + 1,
              rect.right - band * 2,
              rect.top + band,
            )
            expect(left, `${what}: the photo's top on the left`).toBeLessThan(60)
            expect(right, `${what}: the photo's bottom on the right`).toBeGreaterThan(200)
            expect(top, `${what}: the photo's side along the top`).toBeGreaterThan(left + 40)
            expect(ink.left, `${what}: footprint's left edge`).toBeLessThan(rect.left + 2)
            expect(ink.right, `${what}: no ink past the footprint`).toBeLessThan(rect.right + 2)
            expect(ink.bottom, `${what}: no ink below the footprint`).toBeLessThan(rect.bottom + 2)
          }
        }
      })

      it(`PNG ${tone} at ${dpi} dpi: identify shows ${tone === 'bilevel' ? '1' : '8'}-bit gray at ${dpi} dpi, pixels as ours`, async ({
        skip,
      }) => {
        need(skip, 'identify', 'convert')
        for (const input of [LINE, PHOTO]) {
          const what = `${input.name} -> png ${dpi} ${tone}`
          const out = await convert(input, 'png', dpi, tone)
          const size = presetSize(input, dpi)
          expect(out.result.mode, what).toBe(tone)
          expect(out.result.preview, `${what}: a PNG has no separate preview`).toBeUndefined()
          const magick = identify(out.path)
          expect(magick.get('Geometry'), what).toBe(`${size.width}x${size.height}+0+0`)
          expect(magick.get('Colorspace'), what).toBe('Gray')
          // ImageMagick 6 says "8/1-bit" for a 1-bit file: 8 bits in memory, 1 in the file.
          expect(magick.get('Depth'), what).toMatch(
            tone === 'bilevel' ? /^(8\/)?1-bit$/ : /^8-bit$/,
          )
          expect(magick.get('png:IHDR.bit-depth-orig'), what).toBe(tone === 'bilevel' ? '1' : '8')
          expect(magick.get('png:IHDR.color-type-orig'), `${what}: gray, no palette`).toBe('0')
          // pHYs holds pixels per metre; ImageMagick shows it per centimetre.
          expectResolution(magick, dpi, what)
          const ours = await ourPixels(out.bytes, 'png')
          expectContent(ours, tone, what)
          expect(sameBytes(magickPixels(out.path), ours), `${what}: ImageMagick pixels`).toBe(true)
        }
      })
    }
  }

  it('previews of TIFF and PDF files are 8-bit gray PNGs, long edge <= 1024, same print size', async ({
    skip,
  }) => {
    need(skip, 'identify', 'convert', 'pdfimages')
    for (const format of ['tiff', 'pdf'] as const) {
      for (const dpi of DPIS) {
        for (const tone of TONES) {
          for (const input of [LINE, PHOTO]) {
            const what = `${input.name} -> ${format} ${dpi} ${tone}: preview`
            const out = await convert(input, format, dpi, tone)
            const preview = out.result.preview
            expect(preview, what).toBeDefined()
            const magick = identify(out.previewPath!)
            const [w, h] = magick
              .get('Geometry')!
              .replace(/\+0\+0$/, '')
              .split('x')
              .map(Number)
            expect({ width: w, height: h }, what).toEqual({
              width: preview!.width,
              height: preview!.height,
            })
            expect(Math.max(w!, h!), what).toBeLessThanOrEqual(1024)
            // The same aspect as the file, within a pixel's rounding.
            const file = out.result.file
            expect(Math.abs(w! / h! - file.width / file.height), what).toBeLessThan(
              2 / Math.min(w!, h!),
            )
            expect(magick.get('Colorspace'), what).toBe('Gray')
            expect(magick.get('Depth'), what).toBe('8-bit')
            // Printed size: the preview's pixels at its own resolution, the file's at its DPI.
            const previewDpi = resolutionDpi(magick, what)
            expect(
              Math.abs(w! / previewDpi - file.width / dpi),
              `${what}: printed width`,
            ).toBeLessThan(1 / previewDpi)
            expect(
              Math.abs(h! / previewDpi - file.height / dpi),
              `${what}: printed height`,
            ).toBeLessThan(1 / previewDpi)
            const pixels = magickPixels(out.previewPath!)
            expect(
              Math.abs(inkShare(pixels) - inkShare(await filePixels(out, format))),
              what,
            ).toBeLessThan(0.05)
          }
        }
      }
    }
  })

  for (const dpi of DPIS) {
    it(`G4 of the line drawing at ${dpi} dpi is no larger than tiffcp -c g4 -r <height>`, async ({
      skip,
    }) => {
      need(skip, 'tiffinfo', 'tiffcp')
      const out = await convert(LINE, 'tiff', dpi, 'bilevel')
      const height = out.result.file.height
      const libtiff = `${out.path}.tiffcp-g4.tif`
      run('tiffcp', ['-c', 'g4', '-r', String(height), out.path, libtiff])
      expect(text('tiffinfo', [libtiff])).toContain(`Rows/Strip: ${height}`)
      // The same pixels, or the sizes say nothing.
      const ours = await ourPixels(out.bytes, 'tiff')
      const theirs = await ourPixels(new Uint8Array(readFileSync(libtiff)), 'tiff')
      expect(sameBytes(theirs, ours), 'tiffcp kept the pixels').toBe(true)
      const oursBytes = stripBytes(out.path)
      const libtiffBytes = stripBytes(libtiff)
      console.log(`G4 at ${dpi} dpi: ours ${oursBytes} bytes, tiffcp ${libtiffBytes} bytes`)
      expect(oursBytes).toBeLessThanOrEqual(libtiffBytes)
    })
  }
})

/**
 * The resolution `identify -verbose` reports, in pixels per inch (a PNG's pHYs is per metre and
 * shown per centimetre); x and y must agree.
 */
function resolutionDpi(magick: Map<string, string>, what: string): number {
  const units = magick.get('Units')
  const [x, y] = magick.get('Resolution')!.split('x').map(Number)
  const perInch = units === 'PixelsPerCentimeter' ? 2.54 : units === 'PixelsPerInch' ? 1 : NaN
  expect(x, `${what}: x and y resolution`).toBe(y)
  expect(perInch, `${what}: resolution units ${units}`).not.toBeNaN()
  return x! * perInch
}

function expectResolution(magick: Map<string, string>, dpi: number, what: string): void {
  const found = resolutionDpi(magick, what)
  expect(Math.abs(found - dpi), `${what}: resolution ${found} dpi`).toBeLessThan(0.05)
}

/** The filed pixels of a TIFF (our decoder) or of a PDF's image (pdfimages, as PGM/PBM). */
async function filePixels(out: Converted, format: 'tiff' | 'pdf'): Promise<Uint8Array> {
  if (format === 'tiff') return ourPixels(out.bytes, 'tiff')
  const root = `${out.path}.image`
  run('pdfimages', ['-png', out.path, root])
  return ourPixels(new Uint8Array(readFileSync(`${root}-000.png`)), 'png')
}

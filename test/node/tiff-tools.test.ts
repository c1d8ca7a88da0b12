import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { G4Encoder } from '../../src/codecs/ccitt/encode'
import { openTiff } from '../../src/codecs/tiff/decode'
import { createTiffEncoder } from '../../src/codecs/tiff/encode'
import { concatBytes } from '../../src/lib/bytes'

// libtiff and ImageMagick check our TIFF codec from the outside: they read what we write, we
// read what they write, and our G4 files are compared in size with tiffcp's. Each test skips,
// saying which tool is missing, when one is not installed.

const TIFFCP = '/usr/bin/tiffcp'
const TIFFINFO = '/usr/bin/tiffinfo'
/** ImageMagick, by explicit path: /usr/local/bin/convert is an unrelated stand-in script. */
const CONVERT = '/usr/bin/convert'
/** The shared corpus, beside the repository; the tests that read it skip without it. */
const CORPUS = fileURLToPath(new URL('../../../shared/corpus/patent-drawings', import.meta.url))
const DRAWINGS = [
  'USD0871717-20200107-D00002.png',
  'USD0871728-20200107-D00001.png',
  'USD0873711-20200128-D00000.png',
]
const WIDTH = 2048

const work = mkdtempSync(join(tmpdir(), 'tiff-tools-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

type Skip = (condition: boolean, note?: string) => void

function need(skip: Skip, ...paths: string[]): void {
  const missing = paths.filter((p) => !existsSync(p))
  skip(
    missing.length > 0,
    `skipped: ${missing.join(', ')} not found (install libtiff-tools / imagemagick)`,
  )
}

function run(command: string, args: string[]): { stdout: Buffer; stderr: string } {
  const r = spawnSync(command, args, { maxBuffer: 1 << 30 })
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${r.stderr?.toString()}`)
  return { stdout: r.stdout, stderr: r.stderr.toString() }
}

function file(name: string, bytes?: Uint8Array): string {
  const path = join(work, name)
  if (bytes) writeFileSync(path, bytes)
  return path
}

/** 8-bit gray pixels of a TIFF as libtiff + ImageMagick read them. */
function magickGray(path: string): Uint8Array {
  return new Uint8Array(run(CONVERT, [path, '-depth', '8', 'gray:-']).stdout)
}

/** A corpus drawing scaled to 2048 px wide, thresholded at 50 % when `bilevel`. */
function drawing(name: string, bilevel: boolean): { height: number; pixels: Uint8Array } {
  const args = [join(CORPUS, name), '-resize', `${WIDTH}x`]
  if (bilevel) args.push('-threshold', '50%')
  const pixels = new Uint8Array(run(CONVERT, [...args, '-depth', '8', 'gray:-']).stdout)
  return { height: pixels.length / WIDTH, pixels }
}

function rowsOf(pixels: Uint8Array, width: number): Uint8Array[] {
  return Array.from({ length: pixels.length / width }, (_, y) =>
    pixels.subarray(y * width, (y + 1) * width),
  )
}

async function encodeTiff(
  kind: 'gray8' | 'bilevel',
  width: number,
  pixels: Uint8Array,
): Promise<Uint8Array> {
  const height = pixels.length / width
  const encoder = createTiffEncoder({ width, height, dpi: 300, kind })
  for (const row of rowsOf(pixels, width)) await encoder.write(row)
  return concatBytes((await encoder.finish()).parts)
}

async function decodeTiff(bytes: Uint8Array): Promise<Uint8Array> {
  const opened = openTiff(bytes)
  if (!opened.ok) throw new Error(opened.error.message)
  const { width, height, channels } = opened.value
  const out = new Uint8Array(width * height * channels)
  let y = 0
  for await (const row of opened.value.rows) out.set(row, y++ * row.length)
  return out
}

/** Checks that libtiff reads `path` without complaint and ImageMagick sees `want`. */
function expectLibtiffReads(path: string, want: Uint8Array): void {
  const info = run(TIFFINFO, ['-D', path])
  expect(info.stderr, `tiffinfo -D ${path}`).toBe('')
  const plain = `${path}.plain.tif`
  run(TIFFCP, ['-c', 'none', path, plain])
  expect(equal(magickGray(plain), want), 'libtiff decompressed pixels').toBe(true)
  expect(equal(magickGray(path), want), 'ImageMagick pixels').toBe(true)
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i])
}

/** Random bilevel rows with runs from 1 px to whole rows (seeded, so failures reproduce). */
function randomBilevel(width: number, height: number, seed: number): Uint8Array {
  let s = seed
  const next = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0
    return s / 2 ** 32
  }
  const pixels = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    const mean = [1, 4, 40, 3000][y % 4]!
    let colour = next() < 0.5 ? 0 : 255
    for (let x = 0; x < width; ) {
      const run = 1 + Math.floor(-Math.log(1 - next()) * mean)
      pixels.fill(colour, y * width + x, y * width + Math.min(width, x + run))
      x += run
      colour = 255 - colour
    }
  }
  return pixels
}

function timeIt(repeats: number, fn: () => Promise<unknown>): Promise<number> {
  return (async () => {
    let best = Number.POSITIVE_INFINITY
    for (let i = 0; i < repeats; i++) {
      const start = performance.now()
      await fn()
      best = Math.min(best, performance.now() - start)
    }
    return best
  })()
}

describe('tiff codec checked by libtiff and ImageMagick', () => {
  it('writes G4 that libtiff and ImageMagick read back exactly (random rows, many widths)', async ({
    skip,
  }) => {
    need(skip, TIFFCP, TIFFINFO, CONVERT)
    for (const width of [1, 7, 64, 1728, 2481, 4096]) {
      const pixels = randomBilevel(width, 40, width)
      const path = file(`random-${width}.tif`, await encodeTiff('bilevel', width, pixels))
      expectLibtiffReads(path, pixels)
    }
  })

  it('writes G4 of a patent drawing that libtiff and ImageMagick read back exactly', async ({
    skip,
  }) => {
    need(skip, TIFFCP, TIFFINFO, CONVERT, join(CORPUS, DRAWINGS[0]!))
    const { pixels } = drawing(DRAWINGS[0]!, true)
    const ours = await encodeTiff('bilevel', WIDTH, pixels)
    expectLibtiffReads(file('drawing-g4.tif', ours), pixels)
    expect(await decodeTiff(ours)).toEqual(pixels)
  })

  it('writes gray8 Deflate + predictor that libtiff and ImageMagick read back exactly', async ({
    skip,
  }) => {
    need(skip, TIFFCP, TIFFINFO, CONVERT, join(CORPUS, DRAWINGS[2]!))
    const { pixels } = drawing(DRAWINGS[2]!, false)
    const ours = await encodeTiff('gray8', WIDTH, pixels)
    expectLibtiffReads(file('drawing-gray8.tif', ours), pixels)
  })

  it('reads full-page files written by tiffcp in every compression', async ({ skip }) => {
    need(skip, TIFFCP, CONVERT, join(CORPUS, DRAWINGS[0]!))
    const { height, pixels } = drawing(DRAWINGS[0]!, true)
    const source = file('page-source.tif', await encodeTiff('bilevel', WIDTH, pixels))
    const variants: string[][] = [
      ['-c', 'none'],
      ['-c', 'packbits'],
      ['-c', 'lzw'],
      ['-c', 'zip'],
      ['-c', 'g3'],
      ['-c', 'g3:2d:fill', '-r', '64'],
      ['-c', 'g4', '-f', 'lsb2msb'],
      ['-c', 'g4', '-t', '-w', '256', '-l', '256'],
    ]
    for (const args of variants) {
      const path = file(`page-${args.join('')}.tif`, undefined)
      run(TIFFCP, [...args, source, path])
      const decoded = await decodeTiff(new Uint8Array(readFileSync(path)))
      expect(equal(decoded, pixels), `tiffcp ${args.join(' ')} (${WIDTH}x${height})`).toBe(true)
    }
    const gray = drawing(DRAWINGS[2]!, false).pixels
    const graySource = file('gray-source.tif', await encodeTiff('gray8', WIDTH, gray))
    for (const args of [
      ['-c', 'lzw:2'],
      ['-c', 'zip:2', '-B'],
      ['-c', 'packbits', '-t'],
    ]) {
      const path = file(`gray-${args.join('')}.tif`)
      run(TIFFCP, [...args, graySource, path])
      const decoded = await decodeTiff(new Uint8Array(readFileSync(path)))
      expect(equal(decoded, gray), `tiffcp ${args.join(' ')} on gray`).toBe(true)
    }
  })

  it('writes G4 no larger than tiffcp -c g4 on the same pixels', async ({ skip }) => {
    need(skip, TIFFCP, CONVERT, ...DRAWINGS.map((d) => join(CORPUS, d)))
    for (const name of DRAWINGS) {
      const { height, pixels } = drawing(name, true)
      const ours = await encodeTiff('bilevel', WIDTH, pixels)
      const oursPath = file(`size-${name}.tif`, ours)
      const plain = file(`size-${name}.plain.tif`)
      run(TIFFCP, ['-c', 'none', oursPath, plain])
      const libDefault = file(`size-${name}.lib.tif`)
      run(TIFFCP, ['-c', 'g4', plain, libDefault])
      const libOneStrip = file(`size-${name}.lib1.tif`)
      run(TIFFCP, ['-c', 'g4', '-r', String(height), plain, libOneStrip])
      // The strip choice: the same rows as one strip or as strips of 256 rows (each strip
      // restarts against a white line and ends with EOFB + padding; 8 bytes of offsets each).
      let stripped = 0
      for (let y = 0; y < height; y += 256) {
        const g4 = new G4Encoder(WIDTH)
        for (const row of rowsOf(pixels, WIDTH).slice(y, y + 256)) g4.encodeGray(row)
        g4.finish()
        stripped += g4.byteLength + 8
      }
      const single = new G4Encoder(WIDTH)
      for (const row of rowsOf(pixels, WIDTH)) single.encodeGray(row)
      single.finish()
      const sizes = {
        ours: ours.length,
        tiffcpDefault: statSync(libDefault).size,
        tiffcpOneStrip: statSync(libOneStrip).size,
      }
      console.log(
        `G4 ${name} ${WIDTH}x${height}: ours ${sizes.ours} B,` +
          ` tiffcp -c g4 ${sizes.tiffcpDefault} B, tiffcp -c g4 -r ${height}` +
          ` ${sizes.tiffcpOneStrip} B; strip data as one strip ${single.byteLength} B` +
          ` vs 256-row strips ${stripped} B`,
      )
      expect(sizes.ours).toBeLessThanOrEqual(sizes.tiffcpDefault)
      expect(single.byteLength).toBeLessThan(stripped)
    }
  })

  it('prints decode and G4-encode throughput', async ({ skip }) => {
    need(skip, TIFFCP, CONVERT, join(CORPUS, DRAWINGS[1]!))
    const { height, pixels } = drawing(DRAWINGS[1]!, true)
    const megapixels = (WIDTH * height) / 1e6
    const ours = await encodeTiff('bilevel', WIDTH, pixels)
    const oursPath = file('speed-g4.tif', ours)
    const libPaths: Record<string, string> = {}
    for (const [label, args] of [
      ['libtiff G4', ['-c', 'g4']],
      ['libtiff G3 2-D', ['-c', 'g3:2d']],
      ['libtiff LZW 1-bit', ['-c', 'lzw']],
    ] as const) {
      libPaths[label] = file(`speed-${label.replace(/\W/g, '')}.tif`)
      run(TIFFCP, [...args, oursPath, libPaths[label]!])
    }
    const gray = drawing(DRAWINGS[1]!, false).pixels
    const grayTiff = await encodeTiff('gray8', WIDTH, gray)
    const grayLzw = file('speed-gray-lzw2.tif')
    run(TIFFCP, ['-c', 'lzw:2', file('speed-gray.tif', grayTiff), grayLzw])

    const report: string[] = []
    const rate = (label: string, ms: number) =>
      report.push(`${label}: ${(megapixels / (ms / 1000)).toFixed(1)} MP/s (${ms.toFixed(1)} ms)`)
    /** Times a decode after checking, once, that it returns exactly `want`. */
    const timeDecode = async (label: string, bytes: Uint8Array, want: Uint8Array) => {
      expect(equal(await decodeTiff(bytes), want), label).toBe(true)
      rate(label, await timeIt(5, () => decodeTiff(bytes)))
    }
    rate('encode G4 (bilevel)', await timeIt(5, () => encodeTiff('bilevel', WIDTH, pixels)))
    rate('encode gray8 Deflate+predictor', await timeIt(3, () => encodeTiff('gray8', WIDTH, gray)))
    await timeDecode('decode our G4', ours, pixels)
    for (const [label, path] of Object.entries(libPaths)) {
      await timeDecode(`decode ${label}`, new Uint8Array(readFileSync(path)), pixels)
    }
    await timeDecode('decode our gray8 Deflate+predictor', grayTiff, gray)
    await timeDecode(
      'decode libtiff gray8 LZW+predictor',
      new Uint8Array(readFileSync(grayLzw)),
      gray,
    )
    const title = `TIFF throughput on ${WIDTH}x${height} (${megapixels.toFixed(2)} MP)`
    console.log(`${title}:\n  ${report.join('\n  ')}`)
  })
})

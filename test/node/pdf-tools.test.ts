// Checks writeRasterPdf with real PDF tools (qpdf, poppler) and G4 data made by libtiff, and
// prints the resampler's throughput on filing-sized inputs. Each test skips when a tool is missing.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { type PdfPage, type RasterPdfOptions, writeRasterPdf } from '../../src/codecs/pdf/encode'
import { fitLongEdge } from '../../src/engines/filing/sizes'
import { resampleGray } from '../../src/engines/gray/resample'
import { concatBytes } from '../../src/lib/bytes'
import { deflateBytes } from '../../src/lib/deflate'
import type { GrayRows } from '../../src/lib/rows'
import { type ListedImage, parseImageList } from './support/pdfimages'

/** ImageMagick 6 by absolute path: /usr/local/bin/convert is an unrelated stand-in script. */
const CONVERT = '/usr/bin/convert'

function missing(...tools: string[]): string | undefined {
  for (const tool of tools) {
    const found = tool.startsWith('/')
      ? spawnSync(tool, ['-version']).status === 0
      : spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0
    if (!found)
      return `${tool} is not installed (Debian: qpdf poppler-utils libtiff-tools imagemagick)`
  }
  return undefined
}

const dir = mkdtempSync(join(tmpdir(), 'pdf-tools-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function run(tool: string, args: string[]): string {
  const result = spawnSync(tool, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${result.stderr}`)
  return result.stdout
}

function save(name: string, file: { parts: Uint8Array[] }): string {
  const path = join(dir, name)
  writeFileSync(path, concatBytes(file.parts))
  return path
}

/** Gray image drawn in code: `dark(x, y)` pixels are black on white. */
function draw(width: number, height: number, dark: (x: number, y: number) => boolean): Uint8Array {
  const px = new Uint8Array(width * height)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) px[y * width + x] = dark(x, y) ? 0 : 255
  return px
}

async function flatePdf(
  width: number,
  height: number,
  dpi: number,
  dark: (x: number, y: number) => boolean,
  page?: PdfPage,
): Promise<RasterPdfOptions> {
  return {
    image: {
      width,
      height,
      dpi,
      encoding: 'flate-gray8',
      data: await deflateBytes(draw(width, height, dark)),
    },
    page,
    producer: 'Figure API node test',
    creationDate: new Date(Date.UTC(2026, 10, 22, 12, 0, 0)),
  }
}

/** `pdfimages -list` of a file. */
function listImages(path: string): ListedImage[] {
  return parseImageList(run('pdfimages', ['-list', path]))
}

/** Renders page 1 at 150 DPI in gray with pdftoppm and parses the PGM. */
function render(path: string): { width: number; height: number; px: Uint8Array } {
  const out = join(dir, 'render')
  run('pdftoppm', ['-r', '150', '-gray', '-singlefile', path, out])
  const pgm = readFileSync(`${out}.pgm`)
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 64).toString('latin1'))
  expect(header).not.toBeNull()
  const width = Number(header![1])
  const height = Number(header![2])
  const at = header![0].length
  return { width, height, px: new Uint8Array(pgm.subarray(at, at + width * height)) }
}

/** Bounding box of pixels darker than mid-gray, in render pixels. */
function darkBox(r: { width: number; height: number; px: Uint8Array }) {
  let left = Infinity
  let right = -Infinity
  let top = Infinity
  let bottom = -Infinity
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      if (r.px[y * r.width + x]! < 128) {
        left = Math.min(left, x)
        right = Math.max(right, x)
        top = Math.min(top, y)
        bottom = Math.max(bottom, y)
      }
    }
  }
  return { left, right, top, bottom }
}

/** Render pixels per cm at 150 DPI, and the sight from the rule's numbers, top-down. */
const PX_PER_CM = 150 / 2.54
const SIGHT_PX = {
  a4: {
    left: 2.5 * PX_PER_CM,
    top: 2.5 * PX_PER_CM,
    width: 17.0 * PX_PER_CM,
    height: 26.2 * PX_PER_CM,
  },
  letter: {
    left: 2.5 * PX_PER_CM,
    top: 2.5 * PX_PER_CM,
    width: 17.59 * PX_PER_CM,
    height: 24.4 * PX_PER_CM,
  },
}

function expectInsideSight(box: ReturnType<typeof darkBox>, page: PdfPage): void {
  const s = SIGHT_PX[page]
  expect(box.left).toBeGreaterThanOrEqual(Math.floor(s.left) - 1)
  expect(box.top).toBeGreaterThanOrEqual(Math.floor(s.top) - 1)
  expect(box.right).toBeLessThanOrEqual(Math.ceil(s.left + s.width) + 1)
  expect(box.bottom).toBeLessThanOrEqual(Math.ceil(s.top + s.height) + 1)
}

function mean(
  r: { width: number; px: Uint8Array },
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): number {
  let sum = 0
  let n = 0
  for (let y = Math.round(y0); y < Math.round(y1); y++) {
    for (let x = Math.round(x0); x < Math.round(x1); x++) {
      sum += r.px[y * r.width + x]!
      n++
    }
  }
  return sum / n
}

describe('codecs/pdf/writeRasterPdf checked by qpdf and poppler', () => {
  it('passes qpdf and lists a gray flate image at its DPI when portrait on A4', async (ctx) => {
    ctx.skip(
      missing('qpdf', 'pdfimages', 'pdftoppm') !== undefined,
      missing('qpdf', 'pdfimages', 'pdftoppm'),
    )
    const frame = (x: number, y: number) => x < 8 || y < 8 || x >= 1192 || y >= 1592 || x === y
    const path = save('portrait.pdf', writeRasterPdf(await flatePdf(1200, 1600, 300, frame)))
    expect(run('qpdf', ['--check', path])).toContain('No syntax or stream encoding errors')
    expect(listImages(path)).toEqual([
      { width: 1200, height: 1600, color: 'gray', bpc: 8, enc: 'image', xppi: 300, yppi: 300 },
    ])
    const page = render(path)
    // A4 at 150 DPI: 1240.2 × 1753.9 px, which poppler rounds up.
    expect([page.width, page.height]).toEqual([1241, 1754])
    const box = darkBox(page)
    expectInsideSight(box, 'a4')
    // The frame's corners: the image's top-left on the sight's top-left, 600 × 800 px at 150 DPI.
    expect(Math.abs(box.left - SIGHT_PX.a4.left)).toBeLessThanOrEqual(1.5)
    expect(Math.abs(box.top - SIGHT_PX.a4.top)).toBeLessThanOrEqual(1.5)
    expect(Math.abs(box.right + 1 - box.left - 600)).toBeLessThanOrEqual(1.5)
    expect(Math.abs(box.bottom + 1 - box.top - 800)).toBeLessThanOrEqual(1.5)
  })
  it('turns a landscape image so the figure top is on the page left, unmirrored', async (ctx) => {
    ctx.skip(
      missing('qpdf', 'pdfimages', 'pdftoppm') !== undefined,
      missing('qpdf', 'pdfimages', 'pdftoppm'),
    )
    // A bar along the figure's top (rows 0–99), a block at its top-left (rows 200–399, cols 0–199).
    const figure = (x: number, y: number) => y < 100 || (y >= 200 && y < 400 && x < 200)
    const path = save('landscape.pdf', writeRasterPdf(await flatePdf(2048, 1536, 300, figure)))
    expect(run('qpdf', ['--check', path])).toContain('No syntax or stream encoding errors')
    const [listed] = listImages(path)
    expect(listed).toMatchObject({ width: 2048, height: 1536, enc: 'image', xppi: 300, yppi: 300 })
    const page = render(path)
    const box = darkBox(page)
    expectInsideSight(box, 'a4')
    // Footprint at 150 DPI: 768 px across (the figure's height), 1024 px down (its width).
    const left = SIGHT_PX.a4.left
    const top = SIGHT_PX.a4.top
    expect(Math.abs(box.left - left)).toBeLessThanOrEqual(1.5)
    expect(Math.abs(box.top - top)).toBeLessThanOrEqual(1.5)
    expect(Math.abs(box.bottom + 1 - top - 1024)).toBeLessThanOrEqual(1.5)
    // The top bar is a vertical band on the left, 50 px wide, the full footprint height.
    expect(mean(page, left + 2, top + 2, left + 48, top + 1022)).toBeLessThan(10)
    expect(mean(page, left + 52, top + 500, left + 98, top + 600)).toBeGreaterThan(245)
    // Turned counter-clockwise: the figure's left edge runs along the bottom, so the top-left
    // block sits at the bottom, just right of the bar; mirrored, it would sit at the top.
    expect(mean(page, left + 102, top + 1024 - 98, left + 198, top + 1022)).toBeLessThan(10)
    expect(mean(page, left + 102, top + 2, left + 198, top + 98)).toBeGreaterThan(245)
  })
  it('lists a resolution above the DPI when the image is wider than the A4 sight', async (ctx) => {
    ctx.skip(
      missing('qpdf', 'pdfimages', 'pdftoppm') !== undefined,
      missing('qpdf', 'pdfimages', 'pdftoppm'),
    )
    const frame = (x: number, y: number) => x < 10 || y < 10 || x >= 2038 || y >= 2038
    const path = save('oversize.pdf', writeRasterPdf(await flatePdf(2048, 2048, 300, frame)))
    expect(run('qpdf', ['--check', path])).toContain('No syntax or stream encoding errors')
    const [listed] = listImages(path)
    // 2048 px over the 17.0 cm sight: 306 ppi.
    expect(listed!.xppi).toBeGreaterThan(300)
    expect(listed!.xppi).toBe(Math.round(2048 / (17.0 / 2.54)))
    expect(listed!.yppi).toBe(listed!.xppi)
    const box = darkBox(render(path))
    expectInsideSight(box, 'a4')
    expect(Math.abs(box.right + 1 - box.left - SIGHT_PX.a4.width)).toBeLessThanOrEqual(1.5)
  })
  it('keeps the image at its DPI inside the Letter sight when the page is Letter', async (ctx) => {
    ctx.skip(
      missing('qpdf', 'pdfimages', 'pdftoppm') !== undefined,
      missing('qpdf', 'pdfimages', 'pdftoppm'),
    )
    const frame = (x: number, y: number) => x < 10 || y < 10 || x >= 4086 || y >= 4086
    const path = save(
      'letter.pdf',
      writeRasterPdf(await flatePdf(4096, 4096, 600, frame, 'letter')),
    )
    expect(run('qpdf', ['--check', path])).toContain('No syntax or stream encoding errors')
    expect(listImages(path)[0]).toMatchObject({ xppi: 600, yppi: 600 })
    const page = render(path)
    expect([page.width, page.height]).toEqual([1275, 1650])
    const box = darkBox(page)
    expectInsideSight(box, 'letter')
    expect(Math.abs(box.right + 1 - box.left - 1024)).toBeLessThanOrEqual(1.5)
  })
  it('makes the trailer /ID the MD5 of the bytes before the trailer', async () => {
    const bytes = concatBytes(writeRasterPdf(await flatePdf(100, 80, 300, (x) => x === 5)).parts)
    const text = Buffer.from(bytes).toString('latin1')
    const md5 = createHash('md5')
      .update(bytes.subarray(0, text.indexOf('trailer\n')))
      .digest('hex')
    expect(text).toContain(`/ID [<${md5.toUpperCase()}> <${md5.toUpperCase()}>]`)
  })
})

/** Reads one tag's first value from a baseline TIFF (either byte order), or undefined. */
function tiffTag(tiff: Uint8Array, tag: number): number | undefined {
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength)
  const le = tiff[0] === 0x49
  const ifd = view.getUint32(4, le)
  const count = view.getUint16(ifd, le)
  for (let i = 0; i < count; i++) {
    const at = ifd + 2 + i * 12
    if (view.getUint16(at, le) !== tag) continue
    const type = view.getUint16(at + 2, le)
    const n = view.getUint32(at + 4, le)
    expect(n).toBe(1)
    return type === 3 ? view.getUint16(at + 8, le) : view.getUint32(at + 8, le)
  }
  return undefined
}

describe('codecs/pdf/writeRasterPdf with CCITT G4 data from libtiff', () => {
  it('shows black lines on white at the DPI when the data is T.6 from tiffcp', async (ctx) => {
    const tools = missing(CONVERT, 'tiffcp', 'qpdf', 'pdfimages', 'pdftoppm')
    ctx.skip(tools !== undefined, tools)
    const width = 480
    const height = 640
    const bilevel = join(dir, 'bilevel.tif')
    const g4 = join(dir, 'g4.tif')
    // White page, a 40-row bar along the top and a 4 px frame; WhiteIsZero, 1 bit.
    run(CONVERT, [
      '-size',
      `${width}x${height}`,
      'xc:white',
      '-fill',
      'black',
      '-draw',
      `rectangle 0,0 ${width - 1},39`,
      '-fill',
      'none',
      '-stroke',
      'black',
      '-strokewidth',
      '4',
      '-draw',
      `rectangle 2,2 ${width - 3},${height - 3}`,
      '-monochrome',
      '-depth',
      '1',
      '-define',
      'quantum:polarity=min-is-white',
      '-compress',
      'none',
      bilevel,
    ])
    // One strip holding every row, so its bytes are the whole T.6 stream.
    run('tiffcp', ['-c', 'g4', '-r', String(height), bilevel, g4])
    const tiff = new Uint8Array(readFileSync(g4))
    expect(tiffTag(tiff, 259)).toBe(4) // Compression: CCITT T.6
    expect(tiffTag(tiff, 262)).toBe(0) // Photometric: WhiteIsZero, so "white" runs are white
    expect(tiffTag(tiff, 266) ?? 1).toBe(1) // FillOrder: MSB first, as PDF expects
    expect(tiffTag(tiff, 256)).toBe(width)
    expect(tiffTag(tiff, 257)).toBe(height)
    const offset = tiffTag(tiff, 273)!
    const length = tiffTag(tiff, 279)!
    const strip = tiff.slice(offset, offset + length)
    const path = save(
      'ccitt.pdf',
      writeRasterPdf({
        image: {
          width,
          height,
          dpi: 300,
          encoding: 'ccitt-g4',
          data: { parts: [strip], byteLength: length },
        },
        producer: 'Figure API node test',
        creationDate: new Date(Date.UTC(2026, 10, 22)),
      }),
    )
    expect(run('qpdf', ['--check', path])).toContain('No syntax or stream encoding errors')
    expect(listImages(path)).toEqual([
      { width, height, color: 'gray', bpc: 1, enc: 'ccitt', xppi: 300, yppi: 300 },
    ])
    const page = render(path)
    const box = darkBox(page)
    expectInsideSight(box, 'a4')
    const left = SIGHT_PX.a4.left
    const top = SIGHT_PX.a4.top
    // 240 × 320 px at 150 DPI, framed: the frame's outer edge is the footprint.
    expect(Math.abs(box.left - left)).toBeLessThanOrEqual(1.5)
    expect(Math.abs(box.top - top)).toBeLessThanOrEqual(1.5)
    expect(Math.abs(box.right + 1 - box.left - 240)).toBeLessThanOrEqual(1.5)
    expect(Math.abs(box.bottom + 1 - box.top - 320)).toBeLessThanOrEqual(1.5)
    // Polarity: the bar (rows 0–39, 20 px here) is black and the inside of the frame is white.
    expect(mean(page, left + 10, top + 4, left + 230, top + 18)).toBeLessThan(10)
    expect(mean(page, left + 10, top + 30, left + 230, top + 310)).toBeGreaterThan(245)
  })
})

/** Line art like a patent drawing: strokes 1–4 px on white paper. */
function lineArt(width: number, height: number, strokes: number): Uint8Array {
  const img = new Uint8Array(width * height).fill(255)
  let seed = 7
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) >>> 0
    return seed / 4294967296
  }
  for (let n = 0; n < strokes; n++) {
    const x0 = rnd() * width
    const y0 = rnd() * height
    const x1 = rnd() * width
    const y1 = rnd() * height
    const t = 1 + Math.floor(rnd() * 4)
    const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0))
    for (let s = 0; s <= steps; s++) {
      const x = Math.round(x0 + ((x1 - x0) * s) / steps)
      const y = Math.round(y0 + ((y1 - y0) * s) / steps)
      for (let dy = 0; dy < t && y + dy < height; dy++) {
        for (let dx = 0; dx < t && x + dx < width; dx++) img[(y + dy) * width + x + dx] = 0
      }
    }
  }
  return img
}

function rowsOf(pixels: Uint8Array, width: number, height: number): GrayRows {
  async function* rows() {
    for (let y = 0; y < height; y++) yield pixels.subarray(y * width, (y + 1) * width)
  }
  return { width, height, channels: 1, rows: rows() }
}

describe('engines/gray/resampleGray throughput (printed, not asserted)', () => {
  for (const [sw, sh, longEdge] of [
    [5100, 6600, 4096],
    [12000, 9000, 2048],
  ] as const) {
    it(`resamples ${sw}x${sh} to a ${longEdge} px long edge`, async () => {
      const size = fitLongEdge(sw, sh, longEdge)
      const inputs = {
        'line art': lineArt(sw, sh, 600),
        'grainy scan': lineArt(sw, sh, 600).map((v, i) =>
          v === 0 ? v : 235 + (Math.imul(i, 2654435761) >>> 28),
        ),
      }
      for (const [name, pixels] of Object.entries(inputs)) {
        let best = Infinity
        for (let run = 0; run < 3; run++) {
          const start = performance.now()
          let rows = 0
          for await (const row of resampleGray(rowsOf(pixels, sw, sh), size.width, size.height)
            .rows) {
            expect(row.length).toBe(size.width)
            rows++
          }
          best = Math.min(best, performance.now() - start)
          expect(rows).toBe(size.height)
        }
        const mpx = (sw * sh) / best / 1000
        console.log(
          `resampleGray lanczos3 ${sw}x${sh} -> ${size.width}x${size.height} (${name}, Node ${process.version}): ` +
            `${best.toFixed(0)} ms best of 3, ${mpx.toFixed(0)} Mpx/s of input`,
        )
      }
    })
  }
})

// The image sets of bench/enhance.mjs Part 2, each image with its ground truth: line art rendered
// from vector originals at the target size (Phosphor icons and the drawings of
// ./enhance-drawings.mjs), crops of the patent corpus, real photographs
// (bench/fixtures/photos, see SOURCES.md there) and photo-like images made in code.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Resvg } from '@resvg/resvg-wasm'
import sharp from 'sharp'
import { drawings } from './enhance-drawings.mjs'
import { random, valueNoise } from './random.mjs'
import { initRenderer } from './vectorize-score.mjs'
import { ROOT } from './wrangler-dev.mjs'

const ICONS = join(ROOT, 'node_modules/@phosphor-icons/core/assets')
const FONTS = join(ROOT, 'node_modules/dejavu-fonts-ttf/ttf')
const PHOTOS = join(ROOT, 'bench/fixtures/photos')
export const CORPUS_DIR = join(ROOT, '../shared/corpus/patent-drawings')
/** Icon size at the target: 384 px, so the x2 and x4 inputs are 192 and 96 px. */
export const ICON_PX = 384

/**
 * Icons by name and weight (@phosphor-icons/core 2.1.1, MIT), spread over kinds: gears, arrows,
 * text-like glyphs, grids and technical symbols. Thin (8 of 256 units: 12 px at 384) is the
 * weight most like a pen line, hence the most of it.
 */
const ICON_PICKS = [
  ['gear', 'thin'],
  ['gear-six', 'light'],
  ['gear-fine', 'regular'],
  ['wrench', 'bold'],
  ['arrows-clockwise', 'thin'],
  ['arrows-out-cardinal', 'light'],
  ['arrow-bend-up-right', 'regular'],
  ['arrow-u-up-left', 'bold'],
  ['text-aa', 'thin'],
  ['at', 'thin'],
  ['paragraph', 'light'],
  ['function', 'light'],
  ['text-t', 'regular'],
  ['hash', 'bold'],
  ['grid-nine', 'thin'],
  ['table', 'light'],
  ['squares-four', 'regular'],
  ['qr-code', 'bold'],
  ['circuitry', 'thin'],
  ['ruler', 'thin'],
  ['fingerprint', 'thin'],
  ['globe', 'thin'],
  ['compass-tool', 'light'],
  ['tree-structure', 'regular'],
]

/**
 * Icon sheets: every picked name in one weight on a grid of small cells, where the strokes get
 * as thin as on a drawing sheet (thin at 48 px: 1.5 px; light at 64 px: 3 px).
 */
const ICON_SHEETS = [
  { weight: 'thin', cell: 48, columns: 8 },
  { weight: 'light', cell: 64, columns: 6 },
]

let fonts = null
/** Renders an SVG at its own size over white: 1-channel gray (resvg, anti-aliased). */
export async function renderGray(svg) {
  await initRenderer()
  fonts ??= ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map(
    (f) => new Uint8Array(readFileSync(join(FONTS, f))),
  )
  const resvg = new Resvg(svg, {
    background: 'white',
    font: { fontBuffers: fonts, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  })
  const image = resvg.render()
  const { width, height } = image
  const rgba = image.pixels
  image.free()
  resvg.free()
  const gray = new Uint8Array(width * height)
  for (let i = 0; i < gray.length; i++) {
    const at = i * 4
    gray[i] = Math.round(0.299 * rgba[at] + 0.587 * rgba[at + 1] + 0.114 * rgba[at + 2])
  }
  return { data: gray, width, height, channels: 1 }
}

/** An icon's SVG elements (inside its root, which sets fill="currentColor"). */
function iconBody(name, weight) {
  const file = weight === 'regular' ? `${name}.svg` : `${name}-${weight}.svg`
  const svg = readFileSync(join(ICONS, weight, file), 'utf8')
  return svg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '')
}

function iconSvg(name, weight) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ICON_PX}" height="${ICON_PX}" ` +
    'viewBox="0 0 256 256"><rect width="256" height="256" fill="#fff"/>' +
    `<g fill="#000">${iconBody(name, weight)}</g></svg>`
  )
}

function iconSheetSvg({ weight, cell, columns }) {
  const rows = Math.ceil(ICON_PICKS.length / columns)
  const width = cell * columns
  const height = cell * rows
  const k = cell / 256
  const icons = ICON_PICKS.map(([name], i) => {
    const x = (i % columns) * cell
    const y = Math.floor(i / columns) * cell
    return `<g transform="translate(${x} ${y}) scale(${k})">${iconBody(name, weight)}</g>`
  })
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="#fff"/>` +
    `<g fill="#000">${icons.join('')}</g></svg>`
  )
}

/**
 * The line-art set: every image rendered from its vector original at the target size (the
 * truth). Sizes are multiples of 4, so the x2 and x4 inputs have whole pixels.
 * @returns {Promise<{ name: string, kind: string, width: number, height: number,
 *   channels: 1, data: Uint8Array }[]>} 1-channel gray
 */
export async function lineArtSet() {
  const out = []
  for (const [name, weight] of ICON_PICKS) {
    out.push({
      name: `icon ${name} (${weight})`,
      kind: 'icon',
      ...(await renderGray(iconSvg(name, weight))),
    })
  }
  for (const sheet of ICON_SHEETS) {
    out.push({
      name: `icon sheet, ${sheet.weight} at ${sheet.cell} px`,
      kind: 'icon',
      ...(await renderGray(iconSheetSvg(sheet))),
    })
  }
  for (const d of drawings()) {
    out.push({ name: `drawing: ${d.name}`, kind: 'drawing', ...(await renderGray(d.svg)) })
  }
  for (const image of out) {
    if (image.width % 4 || image.height % 4) {
      throw new Error(`${image.name}: ${image.width}x${image.height} is not a multiple of 4`)
    }
  }
  return out
}

/**
 * The input of line art at 1/s: each s × s block's mean, rounded (what a scanner's sensor or a
 * box-filtered render at the lower resolution gives).
 */
export function areaAverage(gray, width, height, s) {
  const w = width / s
  const h = height / s
  const out = new Uint8Array(w * h)
  const half = (s * s) / 2
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0
      for (let j = 0; j < s; j++) {
        const row = (y * s + j) * width + x * s
        for (let i = 0; i < s; i++) sum += gray[row + i]
      }
      out[y * w + x] = Math.floor((sum + half) / (s * s))
    }
  }
  return out
}

/** Nearest-neighbour enlargement of gray by s (to show the input beside the outputs). */
export function nearest(gray, width, height, s) {
  const out = new Uint8Array(width * s * height * s)
  for (let y = 0; y < height * s; y++) {
    for (let x = 0; x < width * s; x++) {
      out[y * width * s + x] = gray[Math.floor(y / s) * width + Math.floor(x / s)]
    }
  }
  return out
}

/** The real photographs of bench/fixtures/photos, 256 × 256 (RGB, or gray as stored). */
export async function photoSet() {
  const files = readdirSync(PHOTOS)
    .filter((f) => f.endsWith('.png'))
    .sort()
  const out = []
  for (const file of files) {
    const { data, info } = await sharp(join(PHOTOS, file))
      .raw()
      .toBuffer({ resolveWithObject: true })
    if (info.channels !== 1 && info.channels !== 3) {
      throw new Error(`${file}: ${info.channels} channels, expected 1 or 3`)
    }
    out.push({
      name: `photo: ${file.replace(/\.png$/, '')}`,
      channels: info.channels,
      width: info.width,
      height: info.height,
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    })
  }
  return out
}

/**
 * A photo-like RGB image: a sky-to-ground gradient, opaque discs and boxes with edges `edge` px
 * soft, thin dark lines (wires, twigs), texture at three scales (`texture` weighs the two finer
 * ones) and grain. The layout is in fractions of the size (the same scene at every size), the
 * texture in pixels.
 */
export function photo(width, height, { seed, texture = 1, edge = 2, lines = 6 }) {
  const rand = random(seed)
  const m = Math.min(width, height)
  const coarse = valueNoise(width, height, m / 5, rand)
  const mid = valueNoise(width, height, 24, rand)
  const fine = valueNoise(width, height, 4, rand)
  const shapes = Array.from({ length: 12 }, () => ({
    x: rand() * width,
    y: rand() * height,
    r: (0.04 + rand() * 0.18) * m,
    box: rand() < 0.4,
    rgb: [rand() * 255, rand() * 255, rand() * 255],
  }))
  const wires = Array.from({ length: lines }, () => ({
    x0: rand() * width,
    y0: rand() * height,
    x1: rand() * width,
    y1: rand() * height,
    w: 0.8 + rand() * 2,
  }))
  const out = new Uint8Array(width * height * 3)
  const c = [0, 0, 0]
  for (let y = 0; y < height; y++) {
    const t = y / height
    for (let x = 0; x < width; x++) {
      c[0] = 90 + 110 * t
      c[1] = 130 + 40 * Math.sin((x / m) * 7)
      c[2] = 210 - 150 * t
      for (const s of shapes) {
        const dx = Math.abs(x - s.x)
        const dy = Math.abs(y - s.y)
        const d = s.box ? Math.max(dx - s.r, dy - s.r * 0.7) : Math.hypot(dx, dy) - s.r
        const k = Math.min(1, Math.max(0, 0.5 - d / edge))
        if (k > 0) for (let i = 0; i < 3; i++) c[i] += (s.rgb[i] - c[i]) * k
      }
      for (const l of wires) {
        const ex = l.x1 - l.x0
        const ey = l.y1 - l.y0
        const u = Math.min(
          1,
          Math.max(0, ((x - l.x0) * ex + (y - l.y0) * ey) / (ex * ex + ey * ey)),
        )
        const d = Math.hypot(x - l.x0 - u * ex, y - l.y0 - u * ey)
        const k = Math.min(1, Math.max(0, l.w / 2 + 0.5 - d))
        if (k > 0) for (let i = 0; i < 3; i++) c[i] += (25 - c[i]) * k
      }
      const tex =
        coarse(x, y) * 25 + (mid(x, y) * 12 + fine(x, y) * 10) * texture + (rand() - 0.5) * 8
      const at = (y * width + x) * 3
      for (let i = 0; i < 3; i++) out[at + i] = Math.max(0, Math.min(255, Math.round(c[i] + tex)))
    }
  }
  return out
}

/** The three made-in-code photo-like images (synthetic), RGB, `size`². */
export function syntheticPhotos(size) {
  const scenes = [
    { name: 'synthetic: landscape (soft edges)', seed: 11, texture: 0.6, edge: 3, lines: 3 },
    { name: 'synthetic: texture (fine detail)', seed: 23, texture: 1.6, edge: 2, lines: 8 },
    { name: 'synthetic: objects (hard edges)', seed: 37, texture: 0.8, edge: 1, lines: 14 },
  ]
  return scenes.map((p) => ({
    name: p.name,
    channels: 3,
    width: size,
    height: size,
    data: photo(size, size, p),
  }))
}

/** The `size`² (or smaller, multiple of 4) window of a gray sheet with the most ink (< 128). */
function inkiestWindow(gray, width, height, size) {
  const cw = Math.min(size, width - (width % 4))
  const ch = Math.min(size, height - (height % 4))
  // Integral image of ink.
  const sums = new Int32Array((width + 1) * (height + 1))
  for (let y = 0; y < height; y++) {
    let row = 0
    for (let x = 0; x < width; x++) {
      row += gray[y * width + x] < 128 ? 1 : 0
      sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1] + row
    }
  }
  const ink = (x, y) =>
    sums[(y + ch) * (width + 1) + x + cw] -
    sums[y * (width + 1) + x + cw] -
    sums[(y + ch) * (width + 1) + x] +
    sums[y * (width + 1) + x]
  let best = { x: 0, y: 0, ink: -1 }
  for (let y = 0; y + ch <= height; y += 16) {
    for (let x = 0; x + cw <= width; x += 16) {
      const n = ink(x, y)
      if (n > best.ink) best = { x, y, ink: n }
    }
  }
  const data = new Uint8Array(cw * ch)
  for (let y = 0; y < ch; y++) {
    const from = (best.y + y) * width + best.x
    data.set(gray.subarray(from, from + cw), y * cw)
  }
  return { data, width: cw, height: ch, x: best.x, y: best.y, ink: best.ink / (cw * ch) }
}

/**
 * Crops of patent sheets from ../shared/corpus/patent-drawings: `count` sheets spread over the
 * sorted list, the `size`² window with the most ink of each, 1-channel gray. Each crop is also
 * written to `outDir` as crop-<sheet>.png, to look at. Empty when the corpus is absent.
 */
export async function corpusCrops(outDir, count, size) {
  if (!existsSync(CORPUS_DIR)) return []
  const sheets = readdirSync(CORPUS_DIR)
    .filter((f) => /^USD.*\.png$/.test(f))
    .sort()
  const n = Math.min(count, sheets.length)
  const picks = Array.from({ length: n }, (_, i) =>
    n === 1 ? sheets[0] : sheets[Math.round((i * (sheets.length - 1)) / (n - 1))],
  )
  const out = []
  for (const file of picks) {
    const { data, info } = await sharp(join(CORPUS_DIR, file))
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true })
    const crop = inkiestWindow(data, info.width, info.height, size)
    await sharp(crop.data, { raw: { width: crop.width, height: crop.height, channels: 1 } })
      .png()
      .toFile(join(outDir, `crop-${file}`))
    out.push({
      name: `${file.replace(/\.png$/, '')} @${crop.x},${crop.y}`,
      width: crop.width,
      height: crop.height,
      channels: 1,
      data: crop.data,
      note: `${info.width}x${info.height} sheet, ${crop.width}x${crop.height} crop with the most ink (${(crop.ink * 100).toFixed(1)} % of pixels < 128)`,
    })
  }
  return out
}

/** Whether the patent corpus is there (its crops are skipped with a note when it is not). */
export const hasCorpus = () => existsSync(CORPUS_DIR)

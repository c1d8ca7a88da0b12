// Inputs for bench/binarize.mjs: corpus sheets as clean pages and as simulated 600-DPI scans
// (each with the true ink coverage on its own pixel grid), and continuous-tone pages made in code
// or by ImageMagick. Whole images in memory: this is the bench, not the Worker.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import encodeJpeg, { init as initJpegEncoder } from '@jsquash/jpeg/encode.js'
import { random } from './random.mjs'
import { ROOT } from './wrangler-dev.mjs'

export { random }

export const CORPUS_DIR = join(ROOT, '../shared/corpus/patent-drawings')
const MAGICK = '/usr/bin/convert'

/** Standard normal deviates from a uniform source (Box–Muller). */
export function gaussian(uniform) {
  let spare = null
  return () => {
    if (spare !== null) {
      const s = spare
      spare = null
      return s
    }
    const u = Math.max(uniform(), 1e-12)
    const v = uniform()
    const r = Math.sqrt(-2 * Math.log(u))
    spare = r * Math.sin(2 * Math.PI * v)
    return r * Math.cos(2 * Math.PI * v)
  }
}

/** Gray rows over a whole image, for the engine's streaming stages. */
export function rowsOf(pixels, width, height) {
  return {
    width,
    height,
    channels: 1,
    rows: (async function* () {
      for (let y = 0; y < height; y++) yield pixels.subarray(y * width, (y + 1) * width)
    })(),
  }
}

/** Collects a row stream into one buffer. */
export async function collect(rows) {
  const out = new Uint8Array(rows.width * rows.height)
  let y = 0
  for await (const row of rows.rows) out.set(row.subarray(0, rows.width), y++ * rows.width)
  return { pixels: out, width: rows.width, height: rows.height }
}

/** Decodes any file with our decoders and flattens it onto white, as the convert path does. */
export async function decodeGray(engine, bytes) {
  const sniffed = engine.sniffImage(bytes)
  if (!sniffed.ok) throw new Error('not an image')
  const rows = await engine.openImage(bytes, sniffed.value.type, { prefer: 'luma' })
  return collect(engine.flattenToGray(rows))
}

/** Corpus sheet files (PNG; the one JPEG is used by the classification table only). */
export function corpusFiles() {
  if (!existsSync(CORPUS_DIR)) return null
  return readdirSync(CORPUS_DIR)
    .filter((f) => /\.(png|jpg)$/.test(f))
    .sort()
    .map((f) => join(CORPUS_DIR, f))
}

/** Separable Gaussian blur of a Float32Array in place (clamp-to-edge). */
export function blur(data, width, height, sigma) {
  if (sigma <= 0) return
  const radius = Math.ceil(3 * sigma)
  const kernel = new Float32Array(2 * radius + 1)
  let sum = 0
  for (let i = -radius; i <= radius; i++)
    sum += kernel[i + radius] = Math.exp((-i * i) / (2 * sigma * sigma))
  for (let i = 0; i < kernel.length; i++) kernel[i] /= sum
  const line = new Float32Array(Math.max(width, height))
  for (let y = 0; y < height; y++) {
    const o = y * width
    for (let x = 0; x < width; x++) line[x] = data[o + x]
    for (let x = 0; x < width; x++) {
      let s = 0
      for (let k = -radius; k <= radius; k++) {
        const xx = x + k < 0 ? 0 : x + k >= width ? width - 1 : x + k
        s += line[xx] * kernel[k + radius]
      }
      data[o + x] = s
    }
  }
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) line[y] = data[y * width + x]
    for (let y = 0; y < height; y++) {
      let s = 0
      for (let k = -radius; k <= radius; k++) {
        const yy = y + k < 0 ? 0 : y + k >= height ? height - 1 : y + k
        s += line[yy] * kernel[k + radius]
      }
      data[y * width + x] = s
    }
  }
}

let jpegReady = null
/** JPEG round trip of a gray image: jSquash MozJPEG encoder, our own decoder (luma). */
export async function jpegRoundTrip(engine, pixels, width, height, quality) {
  jpegReady ??= initJpegEncoder(
    await WebAssembly.compile(
      readFileSync(join(ROOT, 'node_modules/@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm')),
    ),
  )
  await jpegReady
  const rgba = new Uint8ClampedArray(width * height * 4)
  for (let i = 0, p = 0; i < pixels.length; i++, p += 4) {
    rgba[p] = rgba[p + 1] = rgba[p + 2] = pixels[i]
    rgba[p + 3] = 255
  }
  const bytes = new Uint8Array(await encodeJpeg({ data: rgba, width, height }, { quality }))
  return (await decodeGray(engine, bytes)).pixels
}

/**
 * A corpus sheet as an input page, with its truth.
 * `scan` false: the sheet itself (300 DPI, bilevel). `scan` true: a 600-DPI scan simulation, the
 * sheet doubled (nearest), optionally rotated (2×2 supersampled coverage), blurred, mapped to
 * paper/ink levels (paper may fall off linearly across the page: `uneven`), with Gaussian noise,
 * optionally JPEG round-tripped.
 * @returns { pixels, width, height, coverage (Float32Array, ink share of each input pixel),
 *   toInput(x, y) → [u, v]: a point of the sheet in input pixel coordinates }
 */
export async function simulate(engine, sheet, options) {
  const { pixels: src, width: sw, height: sh } = sheet
  if (!options.scan) {
    const coverage = new Float32Array(sw * sh)
    for (let i = 0; i < src.length; i++) coverage[i] = src[i] < 128 ? 1 : 0
    return { pixels: src, width: sw, height: sh, coverage, toInput: (x, y) => [x, y] }
  }
  const s = 2
  const width = sw * s
  const height = sh * s
  const angle = ((options.rotateDeg ?? 0) * Math.PI) / 180
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  const cx = width / 2
  const cy = height / 2
  const coverage = new Float32Array(width * height)
  if (angle === 0) {
    for (let y = 0; y < height; y++) {
      const row = ((y / s) | 0) * sw
      for (let x = 0; x < width; x++)
        coverage[y * width + x] = src[row + ((x / s) | 0)] < 128 ? 1 : 0
    }
  } else {
    // Output point p comes from sheet point R(−θ)(p − c) + c, sampled at 2×2 sub-pixel positions.
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let ink = 0
        for (let j = 0; j < 2; j++) {
          for (let i = 0; i < 2; i++) {
            const px = x + 0.25 + 0.5 * i - cx
            const py = y + 0.25 + 0.5 * j - cy
            const qx = (cos * px + sin * py + cx) / s
            const qy = (-sin * px + cos * py + cy) / s
            if (qx >= 0 && qy >= 0 && qx < sw && qy < sh && src[(qy | 0) * sw + (qx | 0)] < 128)
              ink++
          }
        }
        coverage[y * width + x] = ink / 4
      }
    }
  }
  const toInput = (x, y) => {
    const px = x * s - cx
    const py = y * s - cy
    return [cos * px - sin * py + cx, sin * px + cos * py + cy]
  }
  const field = coverage.slice()
  blur(field, width, height, options.blur ?? 0.8)
  const normal = gaussian(random(options.seed ?? 1))
  const pixels = new Uint8Array(width * height)
  const paper = options.paper ?? 235
  const ink = options.ink ?? 20
  const fall = options.uneven ?? 0
  const sigma = options.noise ?? 6
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x
      const p = paper - (fall * (x / width + y / height)) / 2
      const v = p - field[i] * (p - ink) + sigma * normal()
      pixels[i] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v)
    }
  }
  if (options.jpeg) {
    return {
      pixels: await jpegRoundTrip(engine, pixels, width, height, options.jpeg),
      width,
      height,
      coverage,
      toInput,
    }
  }
  return { pixels, width, height, coverage, toInput }
}

/** Runs ImageMagick (Debian's) and returns its 8-bit gray output, or null when it is missing. */
function magickGray(args, width, height) {
  if (!existsSync(MAGICK)) return null
  const result = spawnSync(
    MAGICK,
    [...args, '-colorspace', 'gray', '-depth', '8', '-resize', `${width}x${height}!`, 'gray:-'],
    { maxBuffer: 1 << 28 },
  )
  if (result.status !== 0) return null
  return new Uint8Array(result.stdout)
}

function image(width, height, at) {
  const pixels = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = at(x, y)
      pixels[y * width + x] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v)
    }
  }
  return { pixels, width, height }
}

/**
 * Smooth noise: white noise blurred with sigma `scale`, stretched so its 0.5 % and 99.5 %
 * quantiles land on `lo` and `hi` (min/max would be set by the clamped borders, where the blur
 * averages few distinct values, and leave the interior a narrow peak).
 */
function smoothNoise(width, height, scale, seed, lo = 0, hi = 255) {
  const u = random(seed)
  const f = new Float32Array(width * height)
  for (let i = 0; i < f.length; i++) f[i] = u()
  blur(f, width, height, scale)
  const sorted = Float32Array.from(f).sort()
  const min = sorted[Math.floor(sorted.length * 0.005)]
  const max = sorted[Math.floor(sorted.length * 0.995)]
  return image(width, height, (x, y) => lo + ((f[y * width + x] - min) / (max - min)) * (hi - lo))
}

/**
 * A gray render of shaded 3D objects (a sphere, a cylinder and a box, Lambert + Blinn–Phong
 * under one light, soft ground shadow) on a light or mid-gray backdrop.
 */
function shadedObjects(width, height, backdrop) {
  const light = normalize([-0.5, -0.6, 0.62])
  const half = normalize([light[0], light[1], light[2] + 1])
  const shade = (n) => {
    const d = Math.max(0, dot(n, light))
    const s = Math.max(0, dot(n, half)) ** 40
    return 25 + 190 * d + 60 * s
  }
  const m = Math.min(width, height)
  return image(width, height, (x, y) => {
    // Sphere
    const sx = (x - width * 0.3) / (m * 0.22)
    const sy = (y - height * 0.45) / (m * 0.22)
    if (sx * sx + sy * sy < 1) return shade([sx, sy, Math.sqrt(1 - sx * sx - sy * sy)])
    // Vertical cylinder
    const cx = (x - width * 0.7) / (m * 0.12)
    const cyTop = height * 0.25
    const cyBottom = height * 0.75
    if (Math.abs(cx) < 1 && y > cyTop && y < cyBottom) return shade([cx, 0, Math.sqrt(1 - cx * cx)])
    // Box (two visible faces)
    if (x > width * 0.42 && x < width * 0.58 && y > height * 0.7 && y < height * 0.9) {
      return x < width * 0.5 ? shade(normalize([-0.8, 0, 0.6])) : shade(normalize([0.3, 0, 0.95]))
    }
    const ground = y / height
    const shadow = Math.exp(
      -(((x - width * 0.35) / (m * 0.25)) ** 2 + ((y - height * 0.72) / (m * 0.05)) ** 2),
    )
    return backdrop - 25 * ground - 70 * shadow
  })
}

function dot(a, b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

function normalize(v) {
  const n = Math.hypot(v[0], v[1], v[2])
  return [v[0] / n, v[1] / n, v[2] / n]
}

/**
 * A pencil sketch: soft graphite strokes (gray 90–170, 3–6 px wide with blurred edges and grain)
 * on off-white paper, outlines plus light parallel hatching. Decided to be line art: it is a line
 * drawing (the patent office files drawings as black lines, and a sketch becomes one by
 * thresholding), its page is mostly paper, and its gray sits on strokes, not in smooth areas.
 */
function pencilSketch(width, height, seed) {
  const u = random(seed)
  const normal = gaussian(u)
  const f = new Float32Array(width * height)
  const stroke = (x0, y0, x1, y1, w, tone) => {
    const n = Math.ceil(Math.hypot(x1 - x0, y1 - y0))
    for (let k = 0; k <= n; k++) {
      const t = k / Math.max(1, n)
      const x = x0 + (x1 - x0) * t + normal() * 0.4
      const y = y0 + (y1 - y0) * t + normal() * 0.4
      const r = w / 2
      for (let yy = Math.floor(y - r); yy <= Math.ceil(y + r); yy++) {
        for (let xx = Math.floor(x - r); xx <= Math.ceil(x + r); xx++) {
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue
          if (Math.hypot(xx - x, yy - y) <= r && u() < 0.8) {
            const i = yy * width + xx
            f[i] = Math.max(f[i], tone * (0.7 + 0.3 * u()))
          }
        }
      }
    }
  }
  const m = Math.min(width, height)
  for (let i = 0; i < 24; i++) {
    const a = (i / 24) * 2 * Math.PI
    const b = ((i + 1) / 24) * 2 * Math.PI
    const r = m * 0.3
    stroke(
      width / 2 + r * Math.cos(a),
      height / 2 + r * Math.sin(a),
      width / 2 + r * Math.cos(b),
      height / 2 + r * Math.sin(b),
      5,
      0.65,
    )
  }
  for (let i = 0; i < 40; i++) {
    const x = width * 0.2 + u() * width * 0.6
    const y = height * 0.2 + u() * height * 0.6
    stroke(x, y, x + (u() - 0.5) * m * 0.4, y + (u() - 0.5) * m * 0.4, 3 + 3 * u(), 0.4 + 0.3 * u())
  }
  for (let i = 0; i < 60; i++) {
    const x = width * 0.55 + i * 4
    stroke(x, height * 0.6, x + m * 0.08, height * 0.6 - m * 0.1, 3, 0.3)
  }
  blur(f, width, height, 1.2)
  return image(width, height, (x, y) => 242 - 200 * f[y * width + x] + normal() * 3)
}

/**
 * Continuous-tone pages: made in code (gradients, smooth noise, shaded objects) and, when
 * Debian's ImageMagick is installed, its built-in `rose:`, `wizard:` and a `plasma:` fractal.
 * @returns [{ name, pixels, width, height, expected: 'continuous' | 'lineart' }]
 */
export function toneSamples() {
  const w = 1800
  const h = 1350
  const samples = [
    { name: 'gradient: black-white ramp', ...image(w, h, (x) => (x / (w - 1)) * 255) },
    {
      name: 'gradient: radial 60-230',
      ...image(w, h, (x, y) => 230 - 170 * Math.min(1, Math.hypot(x - w / 2, y - h / 2) / (w / 2))),
    },
    { name: 'smooth noise (sigma 40 px)', ...smoothNoise(w, h, 40, 3) },
    { name: 'smooth noise (sigma 6 px)', ...smoothNoise(w, h, 6, 4) },
    { name: 'smooth noise, light (150-250)', ...smoothNoise(w, h, 25, 5, 150, 250) },
    { name: '3D render on light backdrop', ...shadedObjects(w, h, 240) },
    { name: '3D render on gray backdrop', ...shadedObjects(w, h, 160) },
  ]
  const magick = [
    ['ImageMagick rose:', ['rose:']],
    ['ImageMagick wizard:', ['wizard:']],
    ['ImageMagick plasma: (seed 7)', ['-size', '600x450', '-seed', '7', 'plasma:fractal']],
    ['ImageMagick plasma:grey-white', ['-size', '600x450', '-seed', '9', 'plasma:grey-white']],
  ]
  for (const [name, args] of magick) {
    const pixels = magickGray(args, w, h)
    if (pixels) samples.push({ name, pixels, width: w, height: h })
  }
  for (const s of samples) s.expected = 'continuous'
  samples.push({
    name: 'pencil sketch (soft gray strokes)',
    ...pencilSketch(w, h, 11),
    expected: 'lineart',
  })
  samples.push({ name: 'black silhouettes (~45 % ink)', ...silhouettes(w, h), expected: 'lineart' })
  const normal = gaussian(random(21))
  samples.push({
    name: 'blank paper (235, noise sigma 6)',
    ...image(w, h, () => 235 + 6 * normal()),
    expected: 'lineart',
  })
  // A shaded object filling a small part of a white frame: mostly paper, but smooth gray.
  for (const share of [0.1, 0.2, 0.3]) {
    samples.push({
      name: `shaded sphere on white, ${share * 100} % of frame`,
      ...sphereOnWhite(w, h, share),
      expected: 'continuous',
    })
  }
  return samples
}

/** Solid black shapes (a disc and a bar) over ~45 % of a white page: bilevel, heavy ink. */
function silhouettes(width, height) {
  return image(width, height, (x, y) => {
    const disc = Math.hypot(x - width * 0.3, y - height * 0.5) < height * 0.32
    const bar = x > width * 0.6 && x < width * 0.9 && y > height * 0.15 && y < height * 0.85
    return disc || bar ? 10 : 250
  })
}

/** A Lambert-shaded sphere covering `share` of a white (250) frame. */
function sphereOnWhite(width, height, share) {
  const r = Math.sqrt((share * width * height) / Math.PI)
  const light = normalize([-0.4, -0.5, 0.77])
  return image(width, height, (x, y) => {
    const sx = (x - width / 2) / r
    const sy = (y - height / 2) / r
    if (sx * sx + sy * sy >= 1) return 250
    return 30 + 200 * Math.max(0, dot([sx, sy, Math.sqrt(1 - sx * sx - sy * sy)], light))
  })
}

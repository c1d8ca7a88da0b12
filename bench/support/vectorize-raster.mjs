// Rasters for bench/vectorize.mjs: the synthetic drawings painted antialiased (clean), their
// degraded copies (blur, noise and specks, JPEG, half size, scan-like rotation), and the
// ground-truth centerlines one pixel wide. Seeded and deterministic.
import sharp from 'sharp'
import { blur, gaussian } from './binarize-images.mjs'
import { random } from './random.mjs'
import { transformDrawing } from './vectorize-drawings.mjs'

/** Longest piece a stroke segment is cut into before painting, so each touches a small box. */
const PIECE_PX = 8
/** Vertical samples per pixel row when filling regions (horizontal coverage is exact). */
const FILL_SUBROWS = 8

/**
 * The input variants. Geometry changes (scale, rotation) move the truth with them; the others
 * spoil the pixels only. Paper and ink are 8-bit levels.
 */
export const VARIANTS = [
  { name: 'clean', degraded: false },
  { name: 'blur σ 1.2', degraded: true, blur: 1.2 },
  { name: 'noise σ 14 + specks', degraded: true, noise: 14, specks: 400 },
  { name: 'JPEG q 40', degraded: true, jpeg: 40 },
  { name: 'half size', degraded: true, scale: 0.5 },
  {
    name: 'scan: rotated 1°, blur σ 0.7, noise σ 6, paper 238, ink 28',
    degraded: true,
    rotateDeg: 1,
    blur: 0.7,
    noise: 6,
    paper: 238,
    ink: 28,
  },
]

function distanceToSegment(px, py, ax, ay, bx, by) {
  const dx = bx - ax
  const dy = by - ay
  const len2 = dx * dx + dy * dy
  let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0
  t = t < 0 ? 0 : Math.min(t, 1)
  const ex = ax + t * dx - px
  const ey = ay + t * dy - py
  return Math.sqrt(ex * ex + ey * ey)
}

/** Ink coverage (0…1) of a round-capped segment, box-filter approximation: r + ½ − distance. */
function paintSegment(cov, width, height, ax, ay, bx, by, r) {
  const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - r - 1))
  const x1 = Math.min(width - 1, Math.ceil(Math.max(ax, bx) + r + 1))
  const y0 = Math.max(0, Math.floor(Math.min(ay, by) - r - 1))
  const y1 = Math.min(height - 1, Math.ceil(Math.max(ay, by) + r + 1))
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const c = r + 0.5 - distanceToSegment(x + 0.5, y + 0.5, ax, ay, bx, by)
      if (c <= 0) continue
      const i = y * width + x
      const v = Math.min(c, 1)
      if (v > cov[i]) cov[i] = v
    }
  }
}

/** Ink coverage of every stroke of a drawing (union by maximum). */
export function strokeCoverage(drawing) {
  const { width, height } = drawing
  const cov = new Float32Array(width * height)
  const r = drawing.strokeWidth / 2
  for (const s of drawing.strokes) {
    const pts = s.closed ? [...s.points, s.points[0]] : s.points
    if (pts.length === 1) paintSegment(cov, width, height, ...pts[0], ...pts[0], r)
    for (let i = 1; i < pts.length; i++) {
      const [ax, ay] = pts[i - 1]
      const [bx, by] = pts[i]
      const n = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / PIECE_PX))
      for (let k = 0; k < n; k++) {
        paintSegment(
          cov,
          width,
          height,
          ax + ((bx - ax) * k) / n,
          ay + ((by - ay) * k) / n,
          ax + ((bx - ax) * (k + 1)) / n,
          ay + ((by - ay) * (k + 1)) / n,
          r,
        )
      }
    }
  }
  return cov
}

/** Coverage (0…1) of an even-odd region: FILL_SUBROWS scanlines per row, exact spans along x. */
export function fillCoverage(rings, width, height) {
  const cov = new Float32Array(width * height)
  const edges = []
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) {
      const a = ring[i]
      const b = ring[(i + 1) % ring.length]
      if (a[1] !== b[1]) edges.push(a[0], a[1], b[0], b[1])
    }
  }
  const xs = []
  for (let y = 0; y < height; y++) {
    for (let s = 0; s < FILL_SUBROWS; s++) {
      const sy = y + (s + 0.5) / FILL_SUBROWS
      xs.length = 0
      for (let e = 0; e < edges.length; e += 4) {
        const [ax, ay, bx, by] = [edges[e], edges[e + 1], edges[e + 2], edges[e + 3]]
        if ((sy >= ay && sy < by) || (sy >= by && sy < ay))
          xs.push(ax + ((sy - ay) * (bx - ax)) / (by - ay))
      }
      if (xs.length < 2) continue
      xs.sort((p, q) => p - q)
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const xa = Math.max(0, xs[k])
        const xb = Math.min(width, xs[k + 1])
        for (let x = Math.floor(xa); x < xb; x++) {
          const overlap = Math.min(xb, x + 1) - Math.max(xa, x)
          if (overlap > 0) cov[y * width + x] += overlap / FILL_SUBROWS
        }
      }
    }
  }
  return cov
}

/**
 * The drawing painted clean: gray (line art and black fills, channels 1) or RGB (colour, 3), on
 * white paper.
 * @returns {{ width, height, channels: 1 | 3, pixels: Uint8Array }}
 */
export function paint(drawing) {
  const { width, height } = drawing
  const n = width * height
  if (drawing.kind === 'colour') {
    const rgb = new Float32Array(n * 3).fill(255)
    for (const fill of drawing.fills) {
      const cov = fillCoverage(fill.rings, width, height)
      for (let i = 0; i < n; i++) {
        const c = Math.min(1, cov[i])
        if (c === 0) continue
        for (let ch = 0; ch < 3; ch++) rgb[3 * i + ch] += (fill.color[ch] - rgb[3 * i + ch]) * c
      }
    }
    return { width, height, channels: 3, pixels: toBytes(rgb) }
  }
  const ink = strokeCoverage(drawing)
  for (const fill of drawing.fills) {
    const cov = fillCoverage(fill.rings, width, height)
    for (let i = 0; i < n; i++) ink[i] = Math.max(ink[i], Math.min(1, cov[i]))
  }
  const gray = new Float32Array(n)
  for (let i = 0; i < n; i++) gray[i] = 255 * (1 - ink[i])
  return { width, height, channels: 1, pixels: toBytes(gray) }
}

function toBytes(values) {
  const out = new Uint8Array(values.length)
  for (let i = 0; i < values.length; i++) {
    const v = Math.round(values[i])
    out[i] = v < 0 ? 0 : Math.min(v, 255)
  }
  return out
}

/**
 * The ground-truth centerlines one pixel wide: every pixel a centerline passes through (sampled
 * every ¼ px), dots as their pixel. Thin it before use (the bench's own thinning).
 * @returns Uint8Array 0/1, width · height
 */
export function centerlineMask(drawing) {
  const { width, height } = drawing
  const mask = new Uint8Array(width * height)
  const set = (x, y) => {
    const i = Math.floor(x)
    const j = Math.floor(y)
    if (i >= 0 && j >= 0 && i < width && j < height) mask[j * width + i] = 1
  }
  for (const s of drawing.strokes) {
    const pts = s.closed ? [...s.points, s.points[0]] : s.points
    set(...pts[0])
    for (let i = 1; i < pts.length; i++) {
      const [ax, ay] = pts[i - 1]
      const [bx, by] = pts[i]
      const n = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) * 4))
      for (let k = 1; k <= n; k++) set(ax + ((bx - ax) * k) / n, ay + ((by - ay) * k) / n)
    }
  }
  return mask
}

/** Seed of a name, so each drawing × variant has its own deterministic noise. */
export function seedOf(text) {
  let seed = 7
  for (const ch of text) seed = (Math.imul(seed, 31) + ch.charCodeAt(0)) >>> 0
  return seed
}

/**
 * One input: the drawing moved by the variant's geometry, painted, then spoiled by its pixel
 * steps in scan order (paper/ink levels, blur, noise, specks, JPEG).
 * @returns {Promise<{ drawing, clean, input }>} `drawing` is the moved truth, `clean` its clean
 *   paint, `input` what the engines receive ({ width, height, channels, pixels })
 */
export async function makeInput(base, variant) {
  const drawing = transformDrawing(base, {
    scale: variant.scale ?? 1,
    rotateDeg: variant.rotateDeg ?? 0,
  })
  const clean = paint(drawing)
  const { width, height, channels } = clean
  if (!variant.blur && !variant.noise && !variant.specks && !variant.jpeg && !variant.paper) {
    return { drawing, clean, input: clean }
  }
  const paper = variant.paper ?? 255
  const ink = variant.ink ?? 0
  const values = new Float32Array(clean.pixels.length)
  for (let i = 0; i < values.length; i++) values[i] = ink + ((paper - ink) * clean.pixels[i]) / 255
  const u = random(seedOf(`${base.name}/${variant.name}`))
  if (variant.specks) {
    const count = Math.round((variant.specks * width * height) / 1e6)
    for (let k = 0; k < count; k++) {
      const cx = u() * width
      const cy = u() * height
      const r = 0.6 + u() * 1.2
      for (let y = Math.floor(cy - r); y <= cy + r; y++) {
        for (let x = Math.floor(cx - r); x <= cx + r; x++) {
          if (x < 0 || y < 0 || x >= width || y >= height) continue
          const c = Math.min(1, Math.max(0, r + 0.5 - Math.hypot(x + 0.5 - cx, y + 0.5 - cy)))
          for (let ch = 0; ch < channels; ch++) {
            const i = (y * width + x) * channels + ch
            values[i] += (ink - values[i]) * c
          }
        }
      }
    }
  }
  if (variant.blur) {
    const plane = new Float32Array(width * height)
    for (let ch = 0; ch < channels; ch++) {
      for (let i = 0; i < plane.length; i++) plane[i] = values[i * channels + ch]
      blur(plane, width, height, variant.blur)
      for (let i = 0; i < plane.length; i++) values[i * channels + ch] = plane[i]
    }
  }
  if (variant.noise) {
    const normal = gaussian(u)
    for (let i = 0; i < values.length; i++) values[i] += variant.noise * normal()
  }
  let pixels = toBytes(values)
  if (variant.jpeg) {
    const raw = { width, height, channels }
    const jpeg = await sharp(pixels, { raw }).jpeg({ quality: variant.jpeg }).toBuffer()
    const decoded = sharp(jpeg)
    pixels = new Uint8Array(
      await (channels === 1 ? decoded.greyscale() : decoded.removeAlpha()).raw().toBuffer(),
    )
  }
  return { drawing, clean, input: { width, height, channels, pixels } }
}

// Inputs for the figure lines engine tests, made in code with their ground truth (object
// outlines, drawn lines, shading patches), and the two-sided distance measure the tests assert
// on. Pure; runs under workerd and Node.

import type { RasterImage } from '../../../../src/engines/raster'
import type { VectorDrawing } from '../../../../src/engines/vector'
import { quantTable } from '../../../support/jpeg-writer'
import { normal, uniform } from '../../../support/line-art'
import { valueNoise as photoNoise } from '../../../support/photo'
import { boundaryOf, rasterizeCoverage } from '../../../support/rasterize-vector'

/** An input with what a good extraction must find. */
export interface Case {
  image: RasterImage
  /** 1 on the true lines (outline pixels, or the drawn lines' pixels), width · height. */
  truth: Uint8Array
  /** Areas where no stroke may lie (insides of flat regions or shading patches), shrunk. */
  forbidden: Uint8Array
}

/** Smooth value noise in −1…1 on a grid of `cell` px, bilinear, from a seed. */
const valueNoise = (width: number, height: number, cell: number, seed: number) =>
  photoNoise(width, height, cell, uniform(seed))

/** A shape as a signed distance, px: positive inside, negative outside (exact or a bound). */
type Shape = (x: number, y: number) => number

const disc =
  (cx: number, cy: number, r: number): Shape =>
  (x, y) =>
    r - Math.hypot(x - cx, y - cy)

const box =
  (x0: number, y0: number, x1: number, y1: number): Shape =>
  (x, y) =>
    Math.min(x - x0, x1 - x, y - y0, y1 - y)

/** A convex polygon: the least signed distance to its edges' lines (exact inside). */
function convex(points: Array<[number, number]>): Shape {
  const n = points.length
  const cx = points.reduce((sum, p) => sum + p[0], 0) / n
  const cy = points.reduce((sum, p) => sum + p[1], 0) / n
  const edges = points.map(([x0, y0], i) => {
    const [x1, y1] = points[(i + 1) % n]!
    const length = Math.hypot(x1 - x0, y1 - y0)
    let nx = (y0 - y1) / length
    let ny = (x1 - x0) / length
    if (nx * (cx - x0) + ny * (cy - y0) < 0) {
      nx = -nx
      ny = -ny
    }
    return { x0, y0, nx, ny }
  })
  return (x, y) => Math.min(...edges.map((e) => e.nx * (x - e.x0) + e.ny * (y - e.y0)))
}

/** Coverage of pixel (x, y) by `shape`, 4 × 4 samples near its edge: antialiased as a camera. */
function coverage(x: number, y: number, shape: Shape): number {
  const centre = shape(x + 0.5, y + 0.5)
  if (centre >= 1) return 1
  if (centre <= -1) return 0
  let n = 0
  for (let j = 0; j < 4; j++) {
    for (let i = 0; i < 4; i++) if (shape(x + (i + 0.5) / 4, y + (j + 0.5) / 4) > 0) n++
  }
  return n / 16
}

/** Pixels whose centre lies inside `shape` by more than `margin` px. */
function interior(width: number, height: number, shape: Shape, margin: number): Uint8Array {
  const out = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) if (shape(x + 0.5, y + 0.5) > margin) out[y * width + x] = 1
  }
  return out
}

/**
 * A photo of two simple objects, RGB: a disc lit from the top left (a gradient from 60 to 120)
 * and a flat light rectangle (228) on a textured backdrop (a 150–185 ramp with value noise of two
 * sizes, ±14 levels × `textureGain`), a faint colour cast, and sensor noise (σ `grainSigma`).
 * Truth: the two outlines.
 */
export function shadedObjects(
  width: number,
  height: number,
  seed = 7,
  grainSigma = 5,
  textureGain = 1,
): Case {
  const cx = width * 0.32
  const cy = height * 0.52
  const r = Math.min(width, height) * 0.28
  const rect = { x0: width * 0.6, y0: height * 0.22, x1: width * 0.9, y1: height * 0.78 }
  const inDisc = disc(cx, cy, r)
  const inRect = box(rect.x0, rect.y0, rect.x1, rect.y1)
  const coarse = valueNoise(width, height, 24, seed)
  const fine = valueNoise(width, height, 5, seed + 1)
  const grain = normal(seed + 2)
  const data = new Uint8Array(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const back = 150 + (35 * x) / width + textureGain * (9 * coarse(x, y) + 5 * fine(x, y))
      const lit = Math.max(0, ((x - cx) * -0.6 + (y - cy) * -0.8) / r)
      const discLevel = 60 + 60 * lit
      const d = coverage(x, y, inDisc)
      const q = coverage(x, y, inRect)
      const level = back * (1 - d - q) + discLevel * d + 228 * q + grainSigma * grain()
      const i = (y * width + x) * 3
      data[i] = clamp(level + 6)
      data[i + 1] = clamp(level)
      data[i + 2] = clamp(level - 8)
    }
  }
  const discMask = interior(width, height, inDisc, 0)
  const rectMask = interior(width, height, inRect, 0)
  const truth = boundaryOf(discMask, width, height)
  const rectEdge = boundaryOf(rectMask, width, height)
  for (let i = 0; i < truth.length; i++) truth[i]! |= rectEdge[i]!
  const forbidden = interior(width, height, inRect, 8)
  const discInside = interior(width, height, inDisc, 8)
  for (let i = 0; i < forbidden.length; i++) forbidden[i]! |= discInside[i]!
  return { image: { width, height, channels: 3, data }, truth, forbidden }
}

/** A line drawing's geometry: segments and circles with their stroke width, px. */
interface Lines {
  segments: Array<[number, number, number, number]>
  circles: Array<[number, number, number]>
  width: number
}

/** A device-like drawing: a housing, a lid, a knob, a shaft and a few detail lines. */
export function deviceLines(width: number, height: number, stroke: number): Lines {
  const w = width
  const h = height
  return {
    width: stroke,
    segments: [
      [0.15 * w, 0.3 * h, 0.75 * w, 0.3 * h],
      [0.75 * w, 0.3 * h, 0.75 * w, 0.85 * h],
      [0.75 * w, 0.85 * h, 0.15 * w, 0.85 * h],
      [0.15 * w, 0.85 * h, 0.15 * w, 0.3 * h],
      [0.15 * w, 0.3 * h, 0.3 * w, 0.15 * h],
      [0.3 * w, 0.15 * h, 0.9 * w, 0.15 * h],
      [0.9 * w, 0.15 * h, 0.75 * w, 0.3 * h],
      [0.9 * w, 0.15 * h, 0.9 * w, 0.7 * h],
      [0.9 * w, 0.7 * h, 0.75 * w, 0.85 * h],
      [0.2 * w, 0.75 * h, 0.5 * w, 0.75 * h],
      [0.2 * w, 0.7 * h, 0.5 * w, 0.7 * h],
    ],
    circles: [
      [0.55 * w, 0.55 * h, 0.12 * Math.min(w, h)],
      [0.55 * w, 0.55 * h, 0.05 * Math.min(w, h)],
    ],
  }
}

function distanceToLines(lines: Lines, x: number, y: number): number {
  let best = Number.POSITIVE_INFINITY
  for (const [x0, y0, x1, y1] of lines.segments) {
    const dx = x1 - x0
    const dy = y1 - y0
    const t = Math.max(0, Math.min(1, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)))
    best = Math.min(best, Math.hypot(x - x0 - t * dx, y - y0 - t * dy))
  }
  for (const [cx, cy, r] of lines.circles)
    best = Math.min(best, Math.abs(Math.hypot(x - cx, y - cy) - r))
  return best
}

/** Gray levels of a drawing of `lines` (ink 15 on `paper`), antialiased; and its truth. */
function drawLines(
  width: number,
  height: number,
  lines: Lines,
  paper: number,
): { levels: Float32Array; truth: Uint8Array } {
  const levels = new Float32Array(width * height)
  const truth = new Uint8Array(width * height)
  const r = lines.width / 2
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = distanceToLines(lines, x + 0.5, y + 0.5)
      const cover = Math.max(0, Math.min(1, r + 0.5 - d))
      levels[y * width + x] = paper + (15 - paper) * cover
      if (d <= r) truth[y * width + x] = 1
    }
  }
  return { levels, truth }
}

/** A clean synthetic line drawing, gray, black on white, lines `stroke` px wide. */
export function cleanDrawing(width: number, height: number, stroke = 3): Case {
  const { levels, truth } = drawLines(width, height, deviceLines(width, height, stroke), 255)
  const data = Uint8Array.from(levels, clamp)
  return {
    image: { width, height, channels: 1, data },
    truth,
    forbidden: new Uint8Array(truth.length),
  }
}

/**
 * What an image model returns for "a patent drawing of a device": the device's lines on an
 * off-white, slightly uneven paper (236–244), two shading patches (a light rectangle at 185 on
 * the front, and the side face shaded at 95 up to its outline, each bigger than a 32-px block),
 * a stray fine texture, and the 8 × 8 DCT quantisation of a JPEG at quality 60 over it all. RGB.
 * Truth: the drawn lines; forbidden: the patches' insides (away from the lines).
 */
export function modelDrawing(width: number, height: number, seed = 3): Case {
  const lines = deviceLines(width, height, 3)
  const paper = 240
  const { levels, truth } = drawLines(width, height, lines, paper)
  const light = { x0: 0.19 * width, y0: 0.36 * height, x1: 0.4 * width, y1: 0.65 * height }
  const inLight = box(light.x0, light.y0, light.x1, light.y1)
  // The dark patch shades the housing's side face up to its outline, as a model shades a face.
  const face: Array<[number, number]> = [
    [0.75 * width, 0.3 * height],
    [0.9 * width, 0.15 * height],
    [0.9 * width, 0.7 * height],
    [0.75 * width, 0.85 * height],
  ]
  const inDark = convex(face)
  const texture = valueNoise(width, height, 3, seed)
  const tilt = valueNoise(width, height, Math.max(width, height) / 2, seed + 1)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x
      let v = levels[i]! + 4 * tilt(x, y) + 3 * texture(x, y)
      // Shading multiplies: lines drawn over a patch stay dark.
      if (inLight(x + 0.5, y + 0.5) > 0) v *= 185 / paper
      if (inDark(x + 0.5, y + 0.5) > 0) v *= 95 / paper
      levels[i] = v
    }
  }
  jpegQuantise(levels, width, height, 60)
  const data = new Uint8Array(width * height * 3)
  for (let i = 0; i < levels.length; i++) {
    data[3 * i] = clamp(levels[i]! + 3)
    data[3 * i + 1] = clamp(levels[i]!)
    data[3 * i + 2] = clamp(levels[i]! - 4)
  }
  const forbidden = interior(width, height, inLight, 8)
  const darkInside = interior(width, height, inDark, 8)
  for (let i = 0; i < forbidden.length; i++) {
    forbidden[i] = (forbidden[i]! | darkInside[i]!) & (nearAny(truth, width, height, i, 8) ? 0 : 1)
  }
  return { image: { width, height, channels: 3, data }, truth, forbidden }
}

/** Whether `mask` has a pixel within `r` (Chebyshev) of pixel `i`. */
function nearAny(mask: Uint8Array, width: number, height: number, i: number, r: number): boolean {
  const x = i % width
  const y = (i - x) / width
  for (let yy = Math.max(0, y - r); yy <= Math.min(height - 1, y + r); yy++) {
    for (let xx = Math.max(0, x - r); xx <= Math.min(width - 1, x + r); xx++) {
      if (mask[yy * width + xx]) return true
    }
  }
  return false
}

/**
 * The lossy step of a JPEG, in place: each 8 × 8 block through the DCT, quantised with the
 * T.81 Annex K luminance table at `quality`, and back (blocking and ringing, no entropy coding).
 */
export function jpegQuantise(levels: Float32Array, width: number, height: number, quality: number) {
  const q = quantTable(quality)
  const cos = new Float32Array(64)
  for (let x = 0; x < 8; x++)
    for (let u = 0; u < 8; u++) cos[x * 8 + u] = Math.cos(((2 * x + 1) * u * Math.PI) / 16)
  const c = (u: number) => (u === 0 ? Math.SQRT1_2 : 1)
  const block = new Float32Array(64)
  const coef = new Float32Array(64)
  for (let by = 0; by < height; by += 8) {
    for (let bx = 0; bx < width; bx += 8) {
      for (let y = 0; y < 8; y++) {
        for (let x = 0; x < 8; x++) {
          const yy = Math.min(height - 1, by + y)
          const xx = Math.min(width - 1, bx + x)
          block[y * 8 + x] = levels[yy * width + xx]! - 128
        }
      }
      for (let v = 0; v < 8; v++) {
        for (let u = 0; u < 8; u++) {
          let s = 0
          for (let y = 0; y < 8; y++)
            for (let x = 0; x < 8; x++) s += block[y * 8 + x]! * cos[x * 8 + u]! * cos[y * 8 + v]!
          const f = 0.25 * c(u) * c(v) * s
          coef[v * 8 + u] = Math.round(f / q[v * 8 + u]!) * q[v * 8 + u]!
        }
      }
      for (let y = 0; y < 8; y++) {
        for (let x = 0; x < 8; x++) {
          let s = 0
          for (let v = 0; v < 8; v++)
            for (let u = 0; u < 8; u++)
              s += c(u) * c(v) * coef[v * 8 + u]! * cos[x * 8 + u]! * cos[y * 8 + v]!
          const yy = by + y
          const xx = bx + x
          if (yy < height && xx < width) levels[yy * width + xx] = 0.25 * s + 128
        }
      }
    }
  }
}

/**
 * A large shaded face as a model draws it: a disc (radius a third of the short side) shaded at 95
 * inside its 3-px outline at 15, on off-white paper (240), through a JPEG at quality 70. Truth:
 * the outline; forbidden: the face's inside beyond 8 px.
 */
export function shadedFace(width: number, height: number): Case {
  const r = Math.min(width, height) / 3
  const face = disc(width / 2, height / 2, r)
  const levels = new Float32Array(width * height)
  const truth = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = face(x + 0.5, y + 0.5)
      const line = Math.max(0, Math.min(1, 2 - Math.abs(d)))
      const shade = coverage(x, y, face)
      levels[y * width + x] = (240 * (1 - shade) + 95 * shade) * (1 - line) + 15 * line
      if (Math.abs(d) <= 1.5) truth[y * width + x] = 1
    }
  }
  jpegQuantise(levels, width, height, 70)
  return {
    image: { width, height, channels: 1, data: Uint8Array.from(levels, clamp) },
    truth,
    forbidden: interior(width, height, face, 8),
  }
}

/**
 * A solid black disc (radius a third of the short side) on white, as a model draws a knob it was
 * told to shade. Truth: the disc's outline; forbidden: its inside beyond 8 px.
 */
export function solidDisc(width: number, height: number): Case {
  const cx = width / 2
  const cy = height / 2
  const r = Math.min(width, height) / 3
  const inside = disc(cx, cy, r)
  const data = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data[y * width + x] = clamp(250 - 235 * coverage(x, y, inside))
  }
  return {
    image: { width, height, channels: 1, data },
    truth: boundaryOf(interior(width, height, inside, 0), width, height),
    forbidden: interior(width, height, inside, 8),
  }
}

/**
 * A tangle: short strokes (10 px, 2 px wide, random directions) on a 14-px grid over the whole
 * image, each a separate stroke: a line drawing in kind, thousands of strokes in number.
 */
export function scribbles(width: number, height: number, seed = 9): RasterImage {
  const next = uniform(seed)
  const data = new Uint8Array(width * height).fill(245)
  for (let cy = 8; cy < height - 8; cy += 14) {
    for (let cx = 8; cx < width - 8; cx += 14) {
      const a = next() * Math.PI
      const dx = Math.cos(a) * 5
      const dy = Math.sin(a) * 5
      for (let t = -1; t <= 1; t += 1 / 16) {
        const x = Math.round(cx + dx * t)
        const y = Math.round(cy + dy * t)
        data[y * width + x] = 10
        data[y * width + x + 1] = 10
      }
    }
  }
  return { width, height, channels: 1, data }
}

/**
 * A gray drawing as a phone photographs it on a desk: the paper lit from 235 at the top left down
 * to 145 at the bottom right, pencil-like ink at 60 % of the paper's level, noise of σ 10.
 */
export function underLamp(drawing: RasterImage, seed = 5): RasterImage {
  const { width, height } = drawing
  const noise = normal(seed)
  const data = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const light = 235 - 90 * ((0.6 * x) / width + (0.4 * y) / height)
      const ink = 1 - drawing.data[y * width + x]! / 255
      data[y * width + x] = clamp(light * (1 - 0.6 * ink) + 10 * noise())
    }
  }
  return { width, height, channels: 1, data }
}

/** `photo` as gray with the lossy step of a JPEG at `quality` (see jpegQuantise). */
export function asJpeg(photo: Case, quality: number): Case {
  const { width, height, channels, data } = photo.image
  const levels = new Float32Array(width * height)
  for (let i = 0; i < levels.length; i++) {
    let sum = 0
    for (let c = 0; c < channels; c++) sum += data[i * channels + c]!
    levels[i] = sum / channels
  }
  jpegQuantise(levels, width, height, quality)
  return { ...photo, image: { width, height, channels: 1, data: Uint8Array.from(levels, clamp) } }
}

/** Uniform random levels: nothing but noise. */
export function pureNoise(width: number, height: number, seed = 5): RasterImage {
  const next = uniform(seed)
  return {
    width,
    height,
    channels: 1,
    data: Uint8Array.from({ length: width * height }, () => Math.floor(next() * 256)),
  }
}

function clamp(v: number): number {
  return Math.max(0, Math.min(255, Math.round(v)))
}

/** Pixels of the drawing's centerlines (every layer drawn 1 px wide), width · height. */
export function strokePixels(drawing: VectorDrawing): Uint8Array {
  return rasterizeCoverage({
    ...drawing,
    layers: drawing.layers.map((layer) => ({ ...layer, width: 1 })),
  })
}

/**
 * Share of the set pixels of `from` that have a set pixel of `to` within Euclidean distance
 * `r` (1 when `from` is empty).
 */
export function nearShare(
  from: Uint8Array,
  to: Uint8Array,
  width: number,
  height: number,
  r: number,
): number {
  const reach = Math.ceil(r)
  let total = 0
  let hits = 0
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!from[y * width + x]) continue
      total++
      search: for (let dy = -reach; dy <= reach; dy++) {
        const yy = y + dy
        if (yy < 0 || yy >= height) continue
        for (let dx = -reach; dx <= reach; dx++) {
          const xx = x + dx
          if (xx >= 0 && xx < width && dx * dx + dy * dy <= r * r && to[yy * width + xx]) {
            hits++
            break search
          }
        }
      }
    }
  }
  return total === 0 ? 1 : hits / total
}

/** Set pixels of `a` that are also set in `b`. */
export function overlap(a: Uint8Array, b: Uint8Array): number {
  let n = 0
  for (let i = 0; i < a.length; i++) if (a[i] && b[i]) n++
  return n
}

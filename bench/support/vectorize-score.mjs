// The scorer of bench/vectorize.mjs: renders an SVG back to pixels (resvg, wasm), counts what
// the file holds, and compares the render with the input (trace) or with the reference
// centerlines (line art). Every distance is in source pixels.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { initWasm, Resvg } from '@resvg/resvg-wasm'
import {
  collapseDots,
  countEnds,
  distanceTo,
  fillPinholes,
  prune,
  skeletonLength,
  thin,
} from './vectorize-skeleton.mjs'

const ROOT = new URL('../..', import.meta.url).pathname
/** Matching distance of the boundary and stroke scores, in px. */
export const MATCH_PX = 2
/**
 * Spurs (line end to junction) up to this many stroke widths long are pruned from every skeleton:
 * thinning leaves them where strokes merge (an acute corner's wedge grows one of
 * w / (2 sin(θ/2)): 4.3 w at a 13° gear tooth), and no spur is a broken line.
 */
export const SPUR_WIDTHS = 3
/** The least spur length pruned, in px. */
export const MIN_SPUR_PX = 3
/** Paper pieces up to this many pixels inside ink are filled before thinning (pinholes). */
export const PINHOLE_PX = 4
/** Luma below this is ink, on inputs and renders alike (8-bit). */
export const INK_BELOW = 128

let renderer = null
/** Loads resvg's wasm once per thread. */
export function initRenderer() {
  renderer ??= initWasm(readFileSync(`${ROOT}node_modules/@resvg/resvg-wasm/index_bg.wasm`))
  return renderer
}

/**
 * Renders an SVG at `width` px wide over white (resvg scales its own units to fit).
 * @returns Promise<Uint8Array> RGBA, width · height · 4; a render of another height is cropped or
 *   padded with white at the bottom
 */
export async function renderSvg(svg, width, height) {
  await initRenderer()
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    background: 'white',
    font: { loadSystemFonts: false },
  })
  const image = resvg.render()
  const pixels = image.pixels
  const h = image.height
  const w = image.width
  image.free()
  resvg.free()
  if (w === width && h === height) return pixels
  const out = new Uint8Array(width * height * 4).fill(255)
  const rows = Math.min(h, height)
  const cols = Math.min(w, width)
  for (let y = 0; y < rows; y++)
    out.set(pixels.subarray(y * w * 4, (y * w + cols) * 4), y * width * 4)
  return out
}

/** Values of a path's `d`: command letters and numbers (exponents, packed signs and dots). */
const PATH_TOKEN = /([MmLlHhVvCcSsQqTtAaZz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/g
const ARITY = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 }

/**
 * Drawing segments of a path's `d`: each line, curve or arc (implicit repeats included; the
 * lines after a moveto's first pair too), and each closepath as one line.
 */
export function countPathSegments(d) {
  let segments = 0
  let command = ''
  let numbers = 0
  const flush = () => {
    if (!command) return
    const c = command.toLowerCase()
    if (c === 'z') segments += 1
    else if (c === 'm') segments += Math.max(0, Math.floor(numbers / 2) - 1)
    else segments += Math.floor(numbers / ARITY[c])
  }
  for (const match of d.matchAll(PATH_TOKEN)) {
    if (match[1]) {
      flush()
      command = match[1]
      numbers = 0
    } else numbers++
  }
  flush()
  return segments
}

const SHAPES = new Set(['path', 'polygon', 'polyline', 'rect', 'circle', 'ellipse', 'line'])
const TAG = /<(\/?)([A-Za-z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g
const ATTRIBUTE = /([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g

function attributesOf(text) {
  const out = {}
  for (const m of text.matchAll(ATTRIBUTE)) out[m[1]] = m[2] ?? m[3]
  if (out.style) {
    for (const decl of out.style.split(';')) {
      const [key, value] = decl.split(':').map((s) => s?.trim())
      if (key && value) out[key] = value
    }
  }
  return out
}

/**
 * What an SVG holds.
 * @returns {{ bytes: number, gzipBytes: number, elements: number, segments: number,
 *   strokeOnly: boolean }} elements = shapes (path, polygon, polyline, rect, circle, ellipse,
 *   line); segments = their drawing commands (countPathSegments; polygon/polyline edges, 1 for the
 *   other shapes); strokeOnly = every shape's fill, inherited through groups, is none and its
 *   stroke is not
 */
export function svgStats(svg) {
  const stack = [{ fill: 'black', stroke: 'none' }]
  let elements = 0
  let segments = 0
  let strokeOnly = true
  for (const m of svg.matchAll(TAG)) {
    const [, closing, name, rest, selfClosing] = m
    if (closing) {
      if (stack.length > 1) stack.pop()
      continue
    }
    const attrs = attributesOf(rest)
    const top = stack.at(-1)
    const paint = { fill: attrs.fill ?? top.fill, stroke: attrs.stroke ?? top.stroke }
    if (SHAPES.has(name)) {
      elements++
      if (name === 'path') segments += countPathSegments(attrs.d ?? '')
      else if (name === 'polygon' || name === 'polyline') {
        const n = Math.floor(
          ((attrs.points ?? '').match(/[-+]?(?:\d+\.?\d*|\.\d+)/g) ?? []).length / 2,
        )
        segments += name === 'polygon' ? n : Math.max(0, n - 1)
      } else segments += 1
      const filled = name !== 'line' && paint.fill !== 'none'
      if (filled || paint.stroke === 'none') strokeOnly = false
    }
    if (!selfClosing) stack.push(paint)
  }
  return {
    bytes: Buffer.byteLength(svg),
    gzipBytes: gzipSync(svg, { level: 9 }).length,
    elements,
    segments,
    strokeOnly,
  }
}

/**
 * Ink mask of pixels: luma (Rec. 601) below `below` (INK_BELOW unless given). Channels 1 gray, 3 RGB, 4 RGBA (renders,
 * already over white: alpha ignored).
 * @returns Uint8Array 0/1, width · height
 */
export function inkMask(pixels, channels, width, height, below = INK_BELOW) {
  const n = width * height
  const out = new Uint8Array(n)
  if (channels === 1) {
    for (let i = 0; i < n; i++) out[i] = pixels[i] < below ? 1 : 0
    return out
  }
  for (let i = 0, p = 0; i < n; i++, p += channels) {
    const y = 0.299 * pixels[p] + 0.587 * pixels[p + 1] + 0.114 * pixels[p + 2]
    out[i] = y < below ? 1 : 0
  }
  return out
}

/** Side of the blocks `toneError` averages ink over, px: a few stipple dots or hatch lines. */
export const TONE_BLOCK_PX = 16

/**
 * How far a render's shading departs from the input's, as a reader sees it from a step back:
 * the mean absolute difference of ink coverage (darkness 0-1, anti-aliasing counted) over
 * TONE_BLOCK_PX blocks, on the blocks the input inks 5-60 % (stipple, hatching, lines; not
 * paper, not solid fills; the partial blocks at the right and bottom edges are left out). A
 * centerline tracer that draws a stipple speck as a thin tick, or a 2 px pen at 1.5 px, reads
 * lighter here whatever its skeleton scores.
 * @param gray the input, 8-bit gray, width · height
 * @param rgba the render, RGBA over white
 * @returns { error, input, render }: the mean error and mean coverages over those blocks (null
 *   when no block qualifies)
 */
export function toneError(gray, rgba, width, height) {
  const bw = Math.floor(width / TONE_BLOCK_PX)
  const bh = Math.floor(height / TONE_BLOCK_PX)
  const area = TONE_BLOCK_PX * TONE_BLOCK_PX
  const a = new Float64Array(bw * bh)
  const b = new Float64Array(bw * bh)
  for (let y = 0; y < bh * TONE_BLOCK_PX; y++) {
    const row = Math.floor(y / TONE_BLOCK_PX) * bw
    for (let x = 0; x < bw * TONE_BLOCK_PX; x++) {
      const k = row + Math.floor(x / TONE_BLOCK_PX)
      const i = y * width + x
      a[k] += (255 - gray[i]) / 255 / area
      b[k] += (255 - rgba[4 * i]) / 255 / area
    }
  }
  let n = 0
  let error = 0
  let input = 0
  let render = 0
  for (let k = 0; k < a.length; k++) {
    if (a[k] < 0.05 || a[k] > 0.6) continue
    n++
    error += Math.abs(b[k] - a[k])
    input += a[k]
    render += b[k]
  }
  return n ? { error: error / n, input: input / n, render: render / n } : null
}

/**
 * Otsu's level of 8-bit gray pixels: the cut that best splits them into two classes (largest
 * between-class variance). A sheet drawn in gray lines (a 150 DPI montage) keeps its lines
 * above it where a cut at 128 drops half of them; a black-on-white sheet cuts as at 128.
 * @returns the level: luma below it is ink
 */
export function otsuLevel(pixels) {
  const histogram = new Float64Array(256)
  for (const v of pixels) histogram[v]++
  let sum = 0
  for (let v = 0; v < 256; v++) sum += v * histogram[v]
  let below = 0
  let belowSum = 0
  let best = -1
  let level = INK_BELOW
  for (let v = 0; v < 255; v++) {
    below += histogram[v]
    belowSum += v * histogram[v]
    const above = pixels.length - below
    if (below === 0 || above === 0) continue
    const gap = belowSum / below - (sum - belowSum) / above
    const between = below * above * gap * gap
    if (between > best) {
      best = between
      level = v + 1
    }
  }
  return level
}

/** Ink pixels with a paper 4-neighbour (outside the image counts as paper). */
export function boundaryOf(ink, width, height) {
  const out = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x
      if (!ink[i]) continue
      if (
        x === 0 ||
        y === 0 ||
        x === width - 1 ||
        y === height - 1 ||
        !ink[i - 1] ||
        !ink[i + 1] ||
        !ink[i - width] ||
        !ink[i + width]
      )
        out[i] = 1
    }
  }
  return out
}

const LINEAR = new Float64Array(256)
for (let v = 0; v < 256; v++) {
  const c = v / 255
  LINEAR[v] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}
const labF = (t) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116)

/** CIELAB (D65) of 8-bit sRGB pixels (3 or 4 channels), as a Float32Array of L, a, b. */
export function labOf(pixels, channels, width, height) {
  const n = width * height
  const out = new Float32Array(n * 3)
  for (let i = 0, p = 0; i < n; i++, p += channels) {
    const r = LINEAR[pixels[p]]
    const g = LINEAR[pixels[p + 1]]
    const b = LINEAR[pixels[p + 2]]
    const fx = labF((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047)
    const fy = labF(0.2126 * r + 0.7152 * g + 0.0722 * b)
    const fz = labF((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
    out[3 * i] = 116 * fy - 16
    out[3 * i + 1] = 500 * (fx - fy)
    out[3 * i + 2] = 200 * (fy - fz)
  }
  return out
}

/**
 * What a trace is compared with: the input's ink and boundary (gray inputs) or its colours
 * (colour inputs), and the clean truth's ink when known.
 * @param input {{ width, height, channels, pixels }}
 * @param truthInk optional 0/1 mask of the clean drawing at the input's size
 */
export function traceReference(input, truthInk = null) {
  const { width, height, channels, pixels } = input
  if (channels !== 1) return { width, height, lab: labOf(pixels, channels, width, height) }
  const ink = inkMask(pixels, 1, width, height)
  const boundary = boundaryOf(ink, width, height)
  return {
    width,
    height,
    ink,
    boundary,
    boundaryDistance: distanceTo(boundary, width, height),
    truthInk,
  }
}

function f1(p, r) {
  return p + r > 0 ? (2 * p * r) / (p + r) : 0
}

function iou(a, b) {
  let both = 0
  let either = 0
  for (let i = 0; i < a.length; i++) {
    both += a[i] & b[i]
    either += a[i] | b[i]
  }
  return either ? both / either : 1
}

/**
 * Scores a render against a trace reference.
 * @param rgba the render (renderSvg)
 * @returns gray inputs: { iou, iouTruth (null without truth), boundaryPrecision,
 *   boundaryRecall, boundaryF1 } (boundary pixels matched within MATCH_PX); colour inputs:
 *   { colourError } = mean CIE76 ΔE over all pixels
 */
export function scoreTrace(ref, rgba) {
  const { width, height } = ref
  if (ref.lab) {
    const lab = labOf(rgba, 4, width, height)
    let sum = 0
    for (let i = 0; i < lab.length; i += 3) {
      sum += Math.hypot(
        lab[i] - ref.lab[i],
        lab[i + 1] - ref.lab[i + 1],
        lab[i + 2] - ref.lab[i + 2],
      )
    }
    return { colourError: sum / (width * height) }
  }
  const ink = inkMask(rgba, 4, width, height)
  const boundary = boundaryOf(ink, width, height)
  const distance = distanceTo(boundary, width, height)
  let out = 0
  let outNear = 0
  let inp = 0
  let inpNear = 0
  for (let i = 0; i < boundary.length; i++) {
    if (boundary[i]) {
      out++
      if (ref.boundaryDistance[i] <= MATCH_PX) outNear++
    }
    if (ref.boundary[i]) {
      inp++
      if (distance[i] <= MATCH_PX) inpNear++
    }
  }
  const precision = out ? outNear / out : inp ? 0 : 1
  const recall = inp ? inpNear / inp : 1
  return {
    iou: iou(ink, ref.ink),
    iouTruth: ref.truthInk ? iou(ink, ref.truthInk) : null,
    boundaryPrecision: precision,
    boundaryRecall: recall,
    boundaryF1: f1(precision, recall),
  }
}

/**
 * How skeletons of strokes `strokeWidth` px wide are cleaned: spurs up to `spurPx` pruned, pieces
 * up to `dotPx` steps across reduced to a dot (one pixel).
 */
export function cleaningFor(strokeWidth) {
  return {
    spurPx: Math.max(MIN_SPUR_PX, Math.round(SPUR_WIDTHS * strokeWidth)),
    dotPx: Math.max(1, Math.ceil(strokeWidth) - 1),
  }
}

/** The bench's skeleton of an ink mask: pinholes filled, thinned, then cleaned (cleaningFor). */
export function skeletonOf(ink, width, height, { spurPx, dotPx }) {
  const solid = fillPinholes(ink, width, height, PINHOLE_PX)
  const pruned = prune(thin(solid, width, height), width, height, spurPx)
  return collapseDots(pruned, width, height, dotPx)
}

/**
 * Typical stroke width of an ink mask, in px: the median over its skeleton (pinholes filled) of
 * twice the distance to paper, less one (a pixel centre is ½ px inside its edge).
 */
export function strokeWidthOf(ink, width, height) {
  const solid = fillPinholes(ink, width, height, PINHOLE_PX)
  const paper = new Uint8Array(solid.length)
  for (let i = 0; i < solid.length; i++) paper[i] = solid[i] ? 0 : 1
  const distance = distanceTo(paper, width, height)
  const skeleton = thin(solid, width, height)
  const counts = new Uint32Array(64)
  let n = 0
  for (let i = 0; i < skeleton.length; i++) {
    if (!skeleton[i]) continue
    counts[Math.min(63, Math.round(2 * distance[i] - 1))]++
    n++
  }
  for (let w = 0, seen = 0; w < 64; w++) {
    seen += counts[w]
    if (seen * 2 >= n) return Math.max(1, w)
  }
  return 1
}

/**
 * What a line-art result is compared with: a reference skeleton (the truth's centerlines, or the
 * input's skeleton), its distance map, line ends and length (skeletonLength).
 * @param ink 0/1 mask to thin into the reference (one-pixel centerlines or the input's ink)
 * @param strokeWidth stroke width of the drawing in px, which sets the cleaning (cleaningFor)
 */
export function lineartReference(ink, width, height, strokeWidth) {
  const cleaning = cleaningFor(strokeWidth)
  const skeleton = skeletonOf(ink, width, height, cleaning)
  return {
    width,
    height,
    cleaning,
    skeleton,
    distance: distanceTo(skeleton, width, height),
    ends: countEnds(skeleton, width, height),
    length: skeletonLength(skeleton, width, height),
  }
}

/**
 * Scores an ink mask (a render, thresholded) against a line-art reference, skeleton to skeleton.
 * @returns {{ chamfer, precision, recall, f1, lengthRatio, endpointRatio, ends, referenceEnds,
 *   length }}
 *   chamfer = mean of the two directed mean distances in px (null when either skeleton is
 *   empty); precision/recall = skeleton pixels within MATCH_PX of the other skeleton; length in
 *   pixel steps (skeletonLength), ratio output / reference; endpointRatio = output line ends / reference
 *   ends (null when the reference has none)
 */
export function scoreLineart(ref, ink) {
  const { width, height } = ref
  const skeleton = skeletonOf(ink, width, height, ref.cleaning)
  const distance = distanceTo(skeleton, width, height)
  const ends = countEnds(skeleton, width, height)
  const length = skeletonLength(skeleton, width, height)
  let pixels = 0
  let refPixels = 0
  let near = 0
  let sumOut = 0
  let refNear = 0
  let sumRef = 0
  for (let i = 0; i < skeleton.length; i++) {
    if (skeleton[i]) {
      pixels++
      const d = ref.distance[i]
      sumOut += d
      if (d <= MATCH_PX) near++
    }
    if (ref.skeleton[i]) {
      refPixels++
      const d = distance[i]
      sumRef += d
      if (d <= MATCH_PX) refNear++
    }
  }
  const precision = pixels ? near / pixels : refPixels ? 0 : 1
  const recall = refPixels ? refNear / refPixels : 1
  return {
    chamfer: pixels && refPixels ? (sumOut / pixels + sumRef / refPixels) / 2 : null,
    precision,
    recall,
    f1: f1(precision, recall),
    lengthRatio: ref.length ? length / ref.length : null,
    endpointRatio: ref.ends ? ends / ref.ends : null,
    ends,
    referenceEnds: ref.ends,
    length,
  }
}

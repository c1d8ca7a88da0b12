/**
 * SVG writer (vectorize path, write step): VectorDrawing → one self-contained SVG 1.1 document
 * in pixel units, one <path> per layer, no scripts, styles or external references.
 */

import type { Rgb, Segment, VectorDrawing, VectorLayer, VectorPath } from '../engines/vector'
import { concatBytes } from '../lib/bytes'
import { bulgeRadius } from './arc-geometry'
import { AsciiWriter, asciiText, formatDecimal } from './ascii-writer'
import { checkDrawing } from './check-drawing'

/*
 * Writer: SVG.
 * Job: serialize every layer as one <path> whose `d` holds all of the layer's subpaths.
 * Input → output: VectorDrawing (pixels, y down) → SVG bytes (viewBox in pixels; width and height
 * in inches when the drawing has a density).
 * Source: SVG 1.1 §8.3 (path data grammar), §F.6 (arc parameters); potrace's SVG backend's compact
 * path data (relative commands, short numbers) as the size to meet.
 * Coordinates are rounded to 0.01 px once, as absolute positions, and each relative move is the
 * difference of two rounded positions, so rounding never accumulates along a path.
 */

/** Decimals of path data by default: 0.01 px. */
const DEFAULT_DECIMALS = 2
/** Decimals of the physical width and height (inches). */
const INCH_DECIMALS = 4

/** Options of {@link writeSvg}. */
export interface SvgOptions {
  /**
   * Decimals of path coordinates, 0-2; default 2 (0.01 px). 1 (0.1 px, potrace's precision)
   * made a 2000-outline page 27 % smaller gzipped (226 → 166 KB).
   */
  decimals?: 0 | 1 | 2
}

/**
 * Writes the drawing as SVG. Stroke layers become `<path fill="none" stroke=… stroke-width=…
 * stroke-linecap="round" stroke-linejoin="round">`, a dot (a path without segments) a zero-length
 * subpath (`h0`) that round caps paint as a disc; fill layers become `<path fill=…
 * fill-rule="evenodd">` with every subpath closed. Arcs are `a` commands (radius from the bulge,
 * large-arc = |bulge| > 1, sweep-flag 0 for a positive bulge, which turns counterclockwise on
 * screen), cubics `c`. Layers without paths are left out. With unequal x and y densities the
 * viewBox is stretched to the physical size (`preserveAspectRatio="none"`), as the pixels are.
 * @returns the document, ASCII text with an XML declaration
 * @throws RangeError when the drawing's size or density is not positive, or `decimals` is not
 *   0, 1 or 2 (caller bugs)
 */
export function writeSvg(drawing: VectorDrawing, options: SvgOptions = {}): string {
  return asciiText(svgBytes(drawing, options))
}

/** {@link writeSvg}'s document as bytes (ASCII, hence also UTF-8), without a string between. */
export function svgBytes(drawing: VectorDrawing, options: SvgOptions = {}): Uint8Array {
  const parts = svgParts(drawing, options)
  return parts.length === 1 ? parts[0]! : concatBytes(parts)
}

/** {@link svgBytes}'s file in the writer's chunks, for a store that takes parts (no copy). */
export function svgParts(drawing: VectorDrawing, options: SvgOptions = {}): Uint8Array[] {
  checkDrawing(drawing)
  const decimals = options.decimals ?? DEFAULT_DECIMALS
  if (decimals !== 0 && decimals !== 1 && decimals !== 2) {
    throw new RangeError(`Expected 0, 1 or 2 for decimals but received ${decimals}`)
  }
  const { width, height, density } = drawing
  const size =
    density === undefined
      ? `width="${formatDecimal(width, 2)}" height="${formatDecimal(height, 2)}"`
      : `width="${formatDecimal(width / density.x, INCH_DECIMALS)}in" ` +
        `height="${formatDecimal(height / density.y, INCH_DECIMALS)}in"` +
        (density.x === density.y ? '' : ' preserveAspectRatio="none"')
  const out = new AsciiWriter()
  out.text(
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" ${size} ` +
      `viewBox="0 0 ${formatDecimal(width, 2)} ${formatDecimal(height, 2)}">\n`,
  )
  for (const layer of drawing.layers) {
    if (layer.paths.length > 0) writeLayer(out, layer, decimals)
  }
  out.text('</svg>\n')
  return out.parts()
}

/** One layer's <path> element. */
function writeLayer(out: AsciiWriter, layer: VectorLayer, decimals: number): void {
  const color = hexColor(layer.color)
  out.text(
    layer.kind === 'fill'
      ? `<path fill="${color}" fill-rule="evenodd" d="`
      : `<path fill="none" stroke="${color}" stroke-width="${formatDecimal(layer.width, 2)}" ` +
          'stroke-linecap="round" stroke-linejoin="round" d="',
  )
  const d = new PathData(out, decimals)
  for (const path of layer.paths) d.path(path, layer.kind === 'fill')
  out.text('"/>\n')
}

/** `#rrggbb`, each channel rounded and clamped to 0-255. */
function hexColor({ r, g, b }: Rgb): string {
  const hex = (v: number) =>
    Math.min(255, Math.max(0, Math.round(v)))
      .toString(16)
      .padStart(2, '0')
  return `#${hex(r)}${hex(g)}${hex(b)}`
}

const SPACE = 32

/** Writes compact path data: relative commands, implicit repeats, minimal separators. */
class PathData {
  readonly #out: AsciiWriter
  readonly #decimals: number
  /** Rounding steps per pixel (100 for 2 decimals); coordinates are kept as whole steps. */
  readonly #perPx: number
  /** Current point, in steps. */
  #x = 0
  #y = 0
  /** The last command letter written, for implicit repetition ('m' continues as 'l'). */
  #command = ''
  /** Whether the data ends in a number, and whether that number has a decimal point. */
  #afterNumber = false
  #afterPoint = false

  constructor(out: AsciiWriter, decimals: number) {
    this.#out = out
    this.#decimals = decimals
    this.#perPx = 10 ** decimals
  }

  /** Rounds a coordinate in pixels to whole steps. */
  #steps(px: number): number {
    return Math.round(px * this.#perPx)
  }

  /** One subpath; `closeAll` closes it even when it is open (fill layers). */
  path(path: VectorPath, closeAll: boolean): void {
    const startX = this.#steps(path.start.x)
    const startY = this.#steps(path.start.y)
    this.#move(startX, startY)
    const close = closeAll || path.closed
    const segments = path.segments
    // A closing line back to the start is what `z` draws: leave it to the `z`.
    let count = segments.length
    const last = segments[count - 1]
    if (
      close &&
      last?.kind === 'line' &&
      this.#steps(last.to.x) === startX &&
      this.#steps(last.to.y) === startY
    )
      count--
    let drawn = false
    for (let i = 0; i < count; i++) drawn = this.#segment(segments[i]!) || drawn
    if (close && (drawn || count < segments.length)) this.#close(startX, startY)
    else if (!drawn) {
      // A zero-length segment: round caps paint it as a disc of the stroke width.
      this.#letter('h')
      this.#number(0)
    }
  }

  /** Starts a subpath at (x, y) (hundredths); the first `m` of a path is absolute. */
  #move(x: number, y: number): void {
    this.#letter('m')
    this.#number(x - this.#x)
    this.#number(y - this.#y)
    this.#x = x
    this.#y = y
  }

  /** Writes one segment; returns false when it rounds to nothing (a zero-length line). */
  #segment(segment: Segment): boolean {
    const x = this.#steps(segment.to.x)
    const y = this.#steps(segment.to.y)
    const dx = x - this.#x
    const dy = y - this.#y
    if (segment.kind === 'cubic') {
      this.#letter('c')
      this.#number(this.#steps(segment.c1.x) - this.#x)
      this.#number(this.#steps(segment.c1.y) - this.#y)
      this.#number(this.#steps(segment.c2.x) - this.#x)
      this.#number(this.#steps(segment.c2.y) - this.#y)
      this.#number(dx)
      this.#number(dy)
    } else if (dx === 0 && dy === 0) {
      return false
    } else if (segment.kind === 'arc' && segment.bulge !== 0 && Number.isFinite(segment.bulge)) {
      const radius = Math.round(bulgeRadius(Math.hypot(dx, dy), segment.bulge))
      this.#letter('a')
      this.#number(radius)
      this.#number(radius)
      // Rotation 0, then the flags, each a separate token: some readers do not accept flags
      // run together.
      this.#number(0)
      this.#flag(Math.abs(segment.bulge) > 1)
      this.#flag(segment.bulge < 0)
      this.#number(dx)
      this.#number(dy)
    } else if (dy === 0) {
      this.#letter('h')
      this.#number(dx)
    } else if (dx === 0) {
      this.#letter('v')
      this.#number(dy)
    } else {
      this.#letter('l')
      this.#number(dx)
      this.#number(dy)
    }
    this.#x = x
    this.#y = y
    return true
  }

  /** Closes the subpath; the current point returns to its start (x, y), in hundredths. */
  #close(x: number, y: number): void {
    this.#out.text('z')
    this.#command = 'z'
    this.#afterNumber = false
    this.#x = x
    this.#y = y
  }

  #letter(command: string): void {
    // After `m`, further coordinate pairs are implicit `l`s; `m` itself is always written.
    const implicit = command === this.#command || (command === 'l' && this.#command === 'm')
    if (!implicit || command === 'm') {
      this.#out.text(command)
      this.#afterNumber = false
    }
    this.#command = command
  }

  /** Writes a number given in steps, with a separator only where one is needed. */
  #number(value: number): void {
    const negative = value < 0
    // Without a leading zero, 0 < |value| < 1 px starts with its point.
    const startsWithPoint = !negative && value > 0 && value < this.#perPx
    if (this.#afterNumber && !negative && !(startsWithPoint && this.#afterPoint)) {
      this.#out.byte(SPACE)
    }
    this.#out.steps(value, this.#decimals, false)
    this.#afterNumber = true
    this.#afterPoint = value % this.#perPx !== 0
  }

  /** An arc flag: "1" or "0", a whole number of pixels like any other. */
  #flag(on: boolean): void {
    this.#number(on ? this.#perPx : 0)
  }
}

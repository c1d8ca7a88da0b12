/**
 * PDF writer (vectorize path, write step): VectorDrawing → a one-page PDF 1.4 of vector paths,
 * the page the size of the source at its DPI, or an A4 or Letter filing sheet with the drawing in
 * its sight; the content stream Flate-compressed.
 */

import type { Rgb, VectorDrawing, VectorLayer, VectorPath } from '../engines/vector'
import { concatBytes, utf8 } from '../lib/bytes'
import { DeflateWriter } from '../lib/deflate'
import {
  type ImagePlacement,
  PAGE_SIZE_PT,
  type PdfPage,
  placeFigure,
  sightRect,
} from '../lib/filing-sheet'
import { arcToCubics, type CubicSink } from './arc-geometry'
import { AsciiWriter, formatDecimal } from './ascii-writer'
import { checkDrawing } from './check-drawing'
import { drawingDpi } from './drawing-dpi'

/*
 * Writer: PDF.
 * Job: paint every layer with path operators on one page: stroke layers with round caps and
 * joins, fill layers with the even-odd rule.
 * Input → output: VectorDrawing (pixels, y down) → PDF 1.4 bytes (catalog, pages, page, content
 * stream, info; xref table and trailer).
 * Source: ISO 32000-1 §7.5 (file structure), §8.4.3 (line cap, join), §8.5 (path construction and
 * painting: a degenerate subpath stroked with round caps is a filled circle, §8.5.3.2).
 * The content stream starts with one `cm` that maps pixels to points and flips y, so every path
 * coordinate stays in pixels, written to 0.01 px as the SVG writer does. On a filing sheet that
 * `cm` also places and turns the drawing as lib/filing-sheet.ts places /convert's images, and a
 * clip to the drawing's frame keeps pen widths at its edges out of the margins.
 */

/** PDF points per inch. */
const PT_PER_INCH = 72
/** Decimals of path coordinates in pixels (0.01 px) and of page sizes in points. */
const PX_DECIMALS = 2
const PT_DECIMALS = 4
/** Largest distance between an arc and the Béziers written for it, in pixels. */
const ARC_TOLERANCE_PX = 0.005
const CM_PER_INCH = 2.54
/** Page names as warnings print them. */
const PAGE_NAMES: Readonly<Record<PdfPage, string>> = { a4: 'A4', letter: 'Letter' }

/** Options of {@link writePdf}. */
export interface PdfOptions {
  /**
   * A filing sheet, `a4` or `letter`: the drawing at its DPI in the sheet's sight (margins
   * 2.5 cm top and left, 1.5 cm right, 1.0 cm bottom), turned a quarter counter-clockwise when
   * landscape, shrunk to fit when larger: the placement /convert gives an image. Absent: the
   * page is the drawing's size.
   */
  page?: PdfPage
  /** Called with a sentence for the response's warnings when the drawing is shrunk to fit. */
  onWarning?: (message: string) => void
}

/**
 * Writes the drawing as a one-page PDF. The MediaBox is [0 0 W·72/dpi_x H·72/dpi_y] with the
 * drawing's density, or 300 DPI when it has none (./drawing-dpi.ts); with `options.page` it is
 * the sheet's, and the drawing sits in the sheet's sight (see {@link PdfOptions}). Stroke layers set `w` (the pen
 * width in pixels), `1 J 1 j` (round caps and joins) and `RG`, then their subpaths (`m l c`, `h`
 * for closed paths) and one `S`; a dot is a zero-length line, which round caps paint as a disc.
 * Fill layers set `rg`, close every subpath with `h` and paint with `f*` (even-odd). Arcs become
 * cubic Béziers of at most 90° each. No fonts, images, scripts or annotations; the /Info
 * dictionary names the producer "Figure API" and nothing else, so equal drawings give equal files.
 * @returns the file's bytes
 * @throws RangeError when the drawing's size or density is not positive (caller bug)
 */
export async function writePdf(
  drawing: VectorDrawing,
  options: PdfOptions = {},
): Promise<Uint8Array> {
  return concatBytes(await pdfParts(drawing, options))
}

/** {@link writePdf}'s file in parts, for a store that takes parts (no copy). */
export async function pdfParts(
  drawing: VectorDrawing,
  options: PdfOptions = {},
): Promise<Uint8Array[]> {
  checkDrawing(drawing)
  const { page } = options
  if (page !== undefined && !Object.hasOwn(PAGE_SIZE_PT, page)) {
    throw new RangeError(`Expected a4 or letter for page but received ${String(page)}`)
  }
  const dpi = drawingDpi(drawing)
  const content = new AsciiWriter()
  let pageWidth: string
  let pageHeight: string
  if (page === undefined) {
    pageWidth = formatDecimal((drawing.width * PT_PER_INCH) / dpi.x, PT_DECIMALS)
    // The page height as written in the MediaBox, so the flip lands exactly on the page's top.
    pageHeight = formatDecimal((drawing.height * PT_PER_INCH) / dpi.y, PT_DECIMALS)
    // Pixels to points, y flipped: (x, y) px → (x · 72/dpi_x, H_pt − y · 72/dpi_y) pt.
    content.text(
      `${formatDecimal(PT_PER_INCH / dpi.x, 8)} 0 0 ${formatDecimal(-PT_PER_INCH / dpi.y, 8)} 0 ` +
        `${pageHeight} cm\n`,
    )
  } else {
    const size = PAGE_SIZE_PT[page]
    pageWidth = formatDecimal(size.width, PT_DECIMALS)
    pageHeight = formatDecimal(size.height, PT_DECIMALS)
    const placement = placeDrawing(drawing, page)
    if (placement.scale < 1) options.onWarning?.(shrinkWarning(drawing, page, placement))
    content.text(
      `${sheetMatrix(drawing, placement).join(' ')} cm\n` +
        `0 0 ${formatDecimal(drawing.width, PX_DECIMALS)} ` +
        `${formatDecimal(drawing.height, PX_DECIMALS)} re W n\n`,
    )
  }
  for (const layer of drawing.layers) {
    if (layer.paths.length > 0) writeLayer(content, layer)
  }
  const deflate = new DeflateWriter()
  for (const part of content.parts()) await deflate.write(part)
  const stream = await deflate.finish()

  const file = new PdfFile()
  file.object(1, '<< /Type /Catalog /Pages 2 0 R >>')
  file.object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>')
  file.object(
    3,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageWidth} ${pageHeight}] ` +
      '/Resources << >> /Contents 4 0 R >>',
  )
  file.stream(4, `/Filter /FlateDecode /Length ${stream.byteLength}`, stream.parts)
  file.object(5, '<< /Producer (Figure API) >>')
  return file.finish(1, 5)
}

/**
 * The drawing on a filing sheet: its size at its DPI in points, placed by /convert's rule.
 * @returns the placement of the drawing's frame (its unit square) on the page
 */
function placeDrawing(drawing: VectorDrawing, page: PdfPage): ImagePlacement {
  const dpi = drawingDpi(drawing)
  return placeFigure(
    (drawing.width / dpi.x) * PT_PER_INCH,
    (drawing.height / dpi.y) * PT_PER_INCH,
    page,
  )
}

/**
 * The `cm` operands mapping pixels (y down) onto the placement: pixel (x, y) is the unit-square
 * point (x / W, 1 − y / H), which the placement's matrix puts on the page.
 */
function sheetMatrix(drawing: VectorDrawing, placement: ImagePlacement): string[] {
  const [a, b, c, d, e, f] = placement.matrix
  const { width: w, height: h } = drawing
  return [
    formatDecimal(a / w, 8),
    formatDecimal(b / w, 8),
    formatDecimal(-c / h, 8),
    formatDecimal(-d / h, 8),
    formatDecimal(c + e, PT_DECIMALS),
    formatDecimal(d + f, PT_DECIMALS),
  ]
}

/** The warning for a drawing shrunk to fit the sight: its size at its DPI, and the scale. */
function shrinkWarning(drawing: VectorDrawing, page: PdfPage, placement: ImagePlacement): string {
  const dpi = drawingDpi(drawing)
  const cm = (px: number, perInch: number) => ((px / perInch) * CM_PER_INCH).toFixed(1)
  const sight = sightRect(page)
  const sightCm = (pt: number) => ((pt / PT_PER_INCH) * CM_PER_INCH).toFixed(1)
  const dpiText = dpi.x === dpi.y ? `${dpi.x} DPI` : `${dpi.x} × ${dpi.y} DPI`
  const printed = dpi.x === dpi.y ? ` (about ${Math.round(dpi.x / placement.scale)} DPI)` : ''
  // A landscape drawing is turned on the sheet: give the sight the way the drawing sees it.
  const [across, down] = placement.rotated
    ? [sight.height, sight.width]
    : [sight.width, sight.height]
  return (
    `At ${dpiText} the drawing is ${cm(drawing.width, dpi.x)} × ${cm(drawing.height, dpi.y)} cm, ` +
    `larger than the ${PAGE_NAMES[page]} sheet's ${sightCm(across)} × ${sightCm(down)} cm sight` +
    `${placement.rotated ? ' (the sheet turned for a landscape drawing)' : ''}: it is printed at ` +
    `${(placement.scale * 100).toFixed(1)} % of that size${printed}`
  )
}

/** One layer's graphics state and paths, ending with its painting operator. */
function writeLayer(out: AsciiWriter, layer: VectorLayer): void {
  const color = rgbOperands(layer.color)
  const fill = layer.kind === 'fill'
  out.text(
    fill ? `${color} rg\n` : `${formatDecimal(layer.width, PX_DECIMALS)} w 1 J 1 j ${color} RG\n`,
  )
  const ops = new PathOperators(out)
  for (const path of layer.paths) ops.path(path, fill)
  out.text(fill ? 'f*\n' : 'S\n')
}

/** `r g b` operands in 0-1, three decimals (steps of 1/1000, finer than 8-bit). */
function rgbOperands({ r, g, b }: Rgb): string {
  const unit = (v: number) => formatDecimal(Math.min(255, Math.max(0, v)) / 255, 3, false)
  return `${unit(r)} ${unit(g)} ${unit(b)}`
}

const SPACE = 32
const NEWLINE = 10

/** Writes path construction operators, one per line, coordinates in pixels. */
class PathOperators {
  readonly #out: AsciiWriter
  /** Arc pieces arrive through this sink, bound once rather than per arc. */
  readonly #cubic: CubicSink

  constructor(out: AsciiWriter) {
    this.#out = out
    this.#cubic = (c1x, c1y, c2x, c2y, x, y) => {
      this.#pair(c1x, c1y)
      this.#pair(c2x, c2y)
      this.#pair(x, y)
      this.#operator('c')
    }
  }

  /** One subpath; `closeAll` closes it even when it is open (fill layers). */
  path(path: VectorPath, closeAll: boolean): void {
    let x = path.start.x
    let y = path.start.y
    this.#pair(x, y)
    this.#operator('m')
    if (path.segments.length === 0) {
      this.#pair(x, y)
      this.#operator('l')
      return
    }
    for (const segment of path.segments) {
      const { to } = segment
      if (segment.kind === 'cubic') {
        this.#cubic(segment.c1.x, segment.c1.y, segment.c2.x, segment.c2.y, to.x, to.y)
      } else if (segment.kind === 'arc' && segment.bulge !== 0 && Number.isFinite(segment.bulge)) {
        // Pixels are y down, where the model's positive bulge (counterclockwise on screen) turns
        // towards decreasing atan2 angle.
        arcToCubics(x, y, to.x, to.y, -segment.bulge, ARC_TOLERANCE_PX, this.#cubic)
      } else {
        this.#pair(to.x, to.y)
        this.#operator('l')
      }
      x = to.x
      y = to.y
    }
    if (closeAll || path.closed) this.#out.text('h\n')
  }

  /** Two coordinates in pixels, each followed by a space. */
  #pair(x: number, y: number): void {
    this.#out.decimal(x, PX_DECIMALS, false)
    this.#out.byte(SPACE)
    this.#out.decimal(y, PX_DECIMALS, false)
    this.#out.byte(SPACE)
  }

  #operator(name: 'm' | 'l' | 'c'): void {
    this.#out.text(name)
    this.#out.byte(NEWLINE)
  }
}

/** `%PDF-1.4`, then a comment of four bytes above 127: transfer tools treat the file as binary. */
const HEADER = new Uint8Array([...utf8('%PDF-1.4\n%'), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a])

/** Collects objects with their byte offsets and writes the xref table and trailer. */
class PdfFile {
  readonly #parts: Uint8Array[] = [HEADER]
  readonly #offsets: number[] = []
  #length = HEADER.length

  object(objectNumber: number, body: string): void {
    this.#offsets[objectNumber] = this.#length
    this.#text(`${objectNumber} 0 obj\n${body}\nendobj\n`)
  }

  /** A stream object: `dictionary` holds the entries between << and >>, /Length included. */
  stream(objectNumber: number, dictionary: string, data: readonly Uint8Array[]): void {
    this.#offsets[objectNumber] = this.#length
    this.#text(`${objectNumber} 0 obj\n<< ${dictionary} >>\nstream\n`)
    for (const part of data) {
      this.#parts.push(part)
      this.#length += part.length
    }
    this.#text('\nendstream\nendobj\n')
  }

  finish(root: number, info: number): Uint8Array[] {
    const size = this.#offsets.length
    const xrefOffset = this.#length
    let xref = `xref\n0 ${size}\n0000000000 65535 f \n`
    for (let n = 1; n < size; n++) {
      const offset = this.#offsets[n]
      if (offset === undefined) throw new Error(`PDF object ${n} was never written`)
      xref += `${String(offset).padStart(10, '0')} 00000 n \n`
    }
    this.#text(
      `${xref}trailer\n<< /Size ${size} /Root ${root} 0 R /Info ${info} 0 R >>\n` +
        `startxref\n${xrefOffset}\n%%EOF\n`,
    )
    return this.#parts
  }

  #text(text: string): void {
    const bytes = utf8(text)
    this.#parts.push(bytes)
    this.#length += bytes.length
  }
}

/**
 * Where a figure sits on an A4 or Letter filing sheet (PLATFORM.md §7 rule 5): page sizes, the
 * filing margins, the sight, and the placement rule that /convert's raster PDF (codecs/pdf) and
 * /vectorize's vector PDF (writers/pdf) share, so both put a drawing in the same place.
 */

/** Paper sizes we write. */
export type PdfPage = 'a4' | 'letter'

/** A rectangle on the page in PDF points (1/72 in), origin at the page's bottom-left corner. */
export interface RectPt {
  x: number
  y: number
  width: number
  height: number
}

/**
 * Page sizes in points: A4 is 210 × 297 mm (595.276 × 841.890 pt, rounded to the thousandth as
 * written in the MediaBox), Letter 8.5 × 11 in.
 */
export const PAGE_SIZE_PT: Readonly<Record<PdfPage, { width: number; height: number }>> = {
  a4: { width: 595.276, height: 841.89 },
  letter: { width: 612, height: 792 },
}

/** Minimum margins in cm (37 CFR 1.84(g), PCT Rule 11.6(e), EPC Rule 46(1)). */
export const FILING_MARGINS_CM = { top: 2.5, left: 2.5, right: 1.5, bottom: 1.0 } as const

/**
 * Largest sight in cm (37 CFR 1.84(g)). On A4 the margins leave exactly 17.0 × 26.2 cm; on
 * Letter they leave 17.59 × 24.44 cm, and the rule's 24.4 cm height is the tighter bound.
 */
export const MAX_SIGHT_CM: Readonly<Record<PdfPage, { width: number; height: number }>> = {
  a4: { width: 17.0, height: 26.2 },
  letter: { width: 17.6, height: 24.4 },
}

/** PDF points per centimetre. */
const PT_PER_CM = 72 / 2.54

/** A PDF transformation matrix `[a b c d e f]`: `x' = a·x + c·y + e`, `y' = b·x + d·y + f`. */
export type PdfMatrix = readonly [number, number, number, number, number, number]

/** Where and how a figure sits on the page. */
export interface ImagePlacement {
  /** True for a landscape figure (wider than tall), turned a quarter counter-clockwise. */
  rotated: boolean
  /**
   * Uniform factor on the figure's size at its DPI: 1 when it fits the sight, below 1 when it has
   * to shrink to fit (the effective resolution is then `dpi / scale`).
   */
  scale: number
  /** The figure's footprint on the page, in points; always inside {@link sightRect}. */
  rect: RectPt
  /** The content-stream matrix that maps the figure's unit square onto `rect`. */
  matrix: PdfMatrix
}

/**
 * The sight (usable drawing area) of a page: the page minus the filing margins, anchored at the
 * top-left margin corner and capped at {@link MAX_SIGHT_CM}.
 * @param page paper size
 * @returns the sight in points
 */
export function sightRect(page: PdfPage): RectPt {
  const size = PAGE_SIZE_PT[page]
  const max = MAX_SIGHT_CM[page]
  const left = FILING_MARGINS_CM.left * PT_PER_CM
  const top = FILING_MARGINS_CM.top * PT_PER_CM
  const width = Math.min(
    size.width - left - FILING_MARGINS_CM.right * PT_PER_CM,
    max.width * PT_PER_CM,
  )
  const height = Math.min(
    size.height - top - FILING_MARGINS_CM.bottom * PT_PER_CM,
    max.height * PT_PER_CM,
  )
  return { x: left, y: size.height - top - height, width, height }
}

/**
 * Places an image at its stamped DPI in the sight's top-left corner (size in points =
 * px / dpi · 72; pixels are never resampled). A landscape image (width > height) is turned a
 * quarter counter-clockwise by the matrix, so the figure's top lies on the page's left side
 * (EPO Guidelines A-IX 5.1, PLATFORM.md §7 rule 2). When the image still does not fit the sight
 * at its DPI (a square 2048 px image at 300 DPI is 17.34 cm; the A4 sight is 17.0 cm wide), the
 * placement shrinks uniformly to fit: every pixel stays, at a slightly higher effective resolution.
 *
 * @param widthPx image width in pixels
 * @param heightPx image height in pixels
 * @param dpi the image's density in pixels per inch
 * @param page paper size
 * @returns footprint, scale and content-stream matrix
 */
export function placeImage(
  widthPx: number,
  heightPx: number,
  dpi: number,
  page: PdfPage,
): ImagePlacement {
  return placeFigure((widthPx / dpi) * 72, (heightPx / dpi) * 72, page)
}

/**
 * {@link placeImage}'s rule for a figure of a given printed size (a vector drawing whose two axes
 * may have different densities): landscape when wider than tall as printed.
 * @param widthPt the figure's width at its DPI, in points
 * @param heightPt the figure's height at its DPI, in points
 * @param page paper size
 * @returns footprint, scale and content-stream matrix
 */
export function placeFigure(widthPt: number, heightPt: number, page: PdfPage): ImagePlacement {
  const sight = sightRect(page)
  const rotated = widthPt > heightPt
  // On the page, a rotated figure's height runs along x and its width along y.
  const alongX = rotated ? heightPt : widthPt
  const alongY = rotated ? widthPt : heightPt
  const scale = Math.min(1, sight.width / alongX, sight.height / alongY)
  const w = alongX * scale
  const h = alongY * scale
  const rect = { x: sight.x, y: sight.y + sight.height - h, width: w, height: h }
  // Unrotated: the unit square's top (v = 1) is the figure's first row, at the rect's top.
  // Rotated: u runs up the page and v = 1 lands on the rect's left edge.
  const matrix: PdfMatrix = rotated
    ? [0, h, -w, 0, rect.x + w, rect.y]
    : [w, 0, 0, h, rect.x, rect.y]
  return { rotated, scale, rect, matrix }
}

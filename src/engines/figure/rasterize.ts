/**
 * SVG → gray pixels for /figures' PNG output: resvg (MPL-2.0, `@resvg/resvg-wasm`) renders the
 * figure's SVG over white at a chosen long edge, with text set in the fonts it is handed (DejaVu
 * Sans from `dejavu-fonts-ttf`, bundled: a Worker has no system fonts), and the RGBA it gives is
 * reduced to one gray channel (figures are black on white; anti-aliased edges stay gray). The
 * caller passes the compiled module and the fonts (Kernels.svg); nothing here touches bindings. Measured (scratch, Node 20): a 12-block
 * diagram with 12 labels to 2048 × 1621 in 15–40 ms once warm, 100–140 ms for the first renders
 * (resvg parses the 757 KB font on every render; it has no font database that outlives one).
 */

import { initWasm, Resvg } from '@resvg/resvg-wasm'
import type { SvgKernel } from '../../kernels/kernels'
import { type FontMetrics, readFontMetrics } from './font-metrics'

/** One gray channel, rows top to bottom: 0 black … 255 white. */
export interface GrayRaster {
  width: number
  height: number
  data: Uint8Array
}

/** resvg-wasm keeps one instance per isolate: initialised once, from the first module given. */
let ready: Promise<void> | null = null
const metrics = new WeakMap<SvgKernel, FontMetrics>()

/** Family name of the default font: what the figures' SVG names in `font-family`. */
export const FIGURE_FONT_FAMILY = 'DejaVu Sans'

/** The kernel's module, initialised once per isolate. */
async function resvgReady(kernel: SvgKernel | null): Promise<SvgKernel> {
  if (!kernel) throw new Error('figure: no SVG rasterizer was given (Kernels.svg)')
  ready ??= initWasm(kernel.module)
  await ready
  return kernel
}

/**
 * Renders `svg` so that its long edge is `longEdge` pixels (aspect kept), over white.
 *
 * @throws Error when no rasterizer is given (a deployment bug) or resvg cannot read the SVG
 */
export async function rasterizeSvg(
  svg: string,
  longEdge: number,
  kernel: SvgKernel | null,
): Promise<GrayRaster> {
  if (!Number.isInteger(longEdge) || longEdge < 1) {
    throw new Error(`Expected a positive integer long edge but received ${longEdge}`)
  }
  const { fonts } = await resvgReady(kernel)
  const font = { fontBuffers: [...fonts], defaultFontFamily: FIGURE_FONT_FAMILY }
  // First the SVG's own size, to know which edge is the long one (no fonts: sizing needs none).
  const probe = new Resvg(svg, { font: { loadSystemFonts: false } })
  const landscape = probe.width >= probe.height
  probe.free()
  const renderer = new Resvg(svg, {
    font,
    background: 'white',
    fitTo: { mode: landscape ? 'width' : 'height', value: longEdge },
  })
  try {
    const image = renderer.render()
    try {
      const { width, height } = image
      const rgba = image.pixels
      const data = new Uint8Array(width * height)
      for (let i = 0, j = 0; i < data.length; i++, j += 4) {
        // BT.601 luma in integers; over an opaque white background alpha is always 255.
        data[i] = (rgba[j]! * 299 + rgba[j + 1]! * 587 + rgba[j + 2]! * 114 + 500) / 1000
      }
      return { width, height, data }
    } finally {
      image.free()
    }
  } finally {
    renderer.free()
  }
}

/**
 * The same SVG with every <text> turned into glyph outlines (resvg's normalised output), so the
 * file draws the same everywhere without the font; path numbers are rounded to 0.01 units.
 *
 * @throws Error when no rasterizer is given or resvg cannot read the SVG
 */
export async function outlineText(svg: string, kernel: SvgKernel | null): Promise<string> {
  const { fonts } = await resvgReady(kernel)
  const renderer = new Resvg(svg, {
    font: { fontBuffers: [...fonts], defaultFontFamily: FIGURE_FONT_FAMILY },
  })
  try {
    const rounded = renderer
      .toString()
      .replace(/-?\d+\.\d{3,}/g, (v) => String(Math.round(Number(v) * 100) / 100))
    // resvg writes the size in px; keep the physical size the input gave (inches at 300 DPI).
    const size = /<svg[^>]*?\swidth="([^"]+)"[^>]*?\sheight="([^"]+)"/.exec(svg)
    const sized = size
      ? rounded.replace(
          /^<svg width="[^"]*" height="[^"]*"/,
          `<svg width="${size[1]}" height="${size[2]}"`,
        )
      : rounded
    return `<?xml version="1.0" encoding="UTF-8"?>\n${sized}`
  } finally {
    renderer.free()
  }
}

/** Advance widths of the kernel's default font (what the figure text is set in), read once. */
export function figureFontMetrics(kernel: SvgKernel | null): FontMetrics {
  if (!kernel) throw new Error('figure: no SVG rasterizer was given (Kernels.svg)')
  let read = metrics.get(kernel)
  if (!read) {
    read = readFontMetrics(kernel.fonts[0]!)
    metrics.set(kernel, read)
  }
  return read
}

/**
 * The vector writers of POST /v1/vectorize (engine path, write step), looked up by output format
 * in one table, as potrace's backends are in its main.c.
 */

import type { VectorDrawing } from '../engines/vector'
import { dxfBytes, dxfParts } from './dxf'
import { type PdfOptions, pdfParts, writePdf } from './pdf'
import { svgBytes, svgParts } from './svg'

/** The vector output formats. */
export type VectorFormat = 'svg' | 'dxf' | 'pdf'

/**
 * What a request asks of the file beyond its format. `page` (a filing sheet, `a4` or `letter`)
 * applies to PDF only; SVG and DXF ignore both fields and never warn.
 */
export type WriterOptions = PdfOptions

/** One output format: its media type, file extension and serializer. */
export interface VectorWriter {
  format: VectorFormat
  /** Media type for Content-Type and the stored object. */
  mime: string
  /** File name extension, without the dot. */
  extension: string
  /**
   * Serializes a drawing to the file's bytes.
   * @param options the PDF's filing sheet, and where its warnings go ({@link WriterOptions})
   * @throws RangeError when the drawing's size or density is not positive, or the page is not
   *   a4 or letter (caller bugs)
   */
  write(drawing: VectorDrawing, options?: WriterOptions): Promise<Uint8Array>
  /** The same file in parts, as written (no whole copy), for a store that takes parts. */
  parts(drawing: VectorDrawing, options?: WriterOptions): Promise<Uint8Array[]>
}

/** The writers by format. */
export const WRITERS: Readonly<Record<VectorFormat, VectorWriter>> = {
  svg: {
    format: 'svg',
    mime: 'image/svg+xml',
    extension: 'svg',
    write: async (drawing) => svgBytes(drawing),
    parts: async (drawing) => svgParts(drawing),
  },
  dxf: {
    format: 'dxf',
    mime: 'image/vnd.dxf',
    extension: 'dxf',
    write: async (drawing) => dxfBytes(drawing),
    parts: async (drawing) => dxfParts(drawing),
  },
  pdf: {
    format: 'pdf',
    mime: 'application/pdf',
    extension: 'pdf',
    write: writePdf,
    parts: pdfParts,
  },
}

export { DEFAULT_DRAWING_DPI } from './drawing-dpi'
export { dxfBytes, writeDxf } from './dxf'
export { type PdfOptions, writePdf } from './pdf'
export { svgBytes, writeSvg } from './svg'

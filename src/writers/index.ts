/**
 * The vector writers of POST /v1/vectorize (engine path, write step), looked up by output format
 * in one table, as potrace's backends are in its main.c.
 */

import type { VectorDrawing } from '../engines/vector'
import { dxfBytes } from './dxf'
import { writePdf } from './pdf'
import { svgBytes } from './svg'

/** The vector output formats. */
export type VectorFormat = 'svg' | 'dxf' | 'pdf'

/** One output format: its media type, file extension and serializer. */
export interface VectorWriter {
  format: VectorFormat
  /** Media type for Content-Type and the stored object. */
  mime: string
  /** File name extension, without the dot. */
  extension: string
  /**
   * Serializes a drawing to the file's bytes.
   * @throws RangeError when the drawing's size or density is not positive (caller bug)
   */
  write(drawing: VectorDrawing): Promise<Uint8Array>
}

/** The writers by format. */
export const WRITERS: Readonly<Record<VectorFormat, VectorWriter>> = {
  svg: {
    format: 'svg',
    mime: 'image/svg+xml',
    extension: 'svg',
    write: async (drawing) => svgBytes(drawing),
  },
  dxf: {
    format: 'dxf',
    mime: 'image/vnd.dxf',
    extension: 'dxf',
    write: async (drawing) => dxfBytes(drawing),
  },
  pdf: {
    format: 'pdf',
    mime: 'application/pdf',
    extension: 'pdf',
    write: writePdf,
  },
}

export { dxfBytes, writeDxf } from './dxf'
export { DEFAULT_PDF_DPI, writePdf } from './pdf'
export { svgBytes, writeSvg } from './svg'

/** The density the vector writers size a drawing with (vectorize path, write step). */

import type { VectorDrawing } from '../engines/vector'

/**
 * Pixels per inch assumed when the drawing has no density: 300, the resolution patent offices
 * expect of drawings (USPTO EFS-Web, EPO and WIPO filing guides). A JPEG without a JFIF density
 * still gets millimetres in DXF and a printed size in PDF.
 */
export const DEFAULT_DRAWING_DPI = 300

/** The drawing's density per axis, or {@link DEFAULT_DRAWING_DPI} on both when it has none. */
export function drawingDpi(drawing: VectorDrawing): { x: number; y: number } {
  return drawing.density ?? { x: DEFAULT_DRAWING_DPI, y: DEFAULT_DRAWING_DPI }
}

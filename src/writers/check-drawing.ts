/** Argument checks shared by the vector writers (vectorize path, write step): caller bugs throw. */

import type { VectorDrawing } from '../engines/vector'

/**
 * Checks the drawing's size and density, the numbers every writer divides by or scales with.
 * @throws RangeError when width or height is not a positive finite number, or when a density
 *   component is not (caller bugs: engines always produce valid drawings)
 */
export function checkDrawing(drawing: VectorDrawing): void {
  positive('drawing.width', drawing.width)
  positive('drawing.height', drawing.height)
  if (drawing.density !== undefined) {
    positive('drawing.density.x', drawing.density.x)
    positive('drawing.density.y', drawing.density.y)
  }
}

function positive(name: string, value: number): void {
  if (!Number.isFinite(value) || value <= 0) {
    throw new RangeError(`Expected a positive number for ${name} but received ${value}`)
  }
}

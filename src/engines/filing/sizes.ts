/**
 * Filing step of the convert path: the pixel sizes of filing files and previews, derived from the
 * DPI presets (PLATFORM.md §7 rule 2) and the preview rule (§7 rule 4).
 */

/**
 * Long edge in pixels for each filing DPI. Both are the same print length, 17.34 cm: one print
 * size at two densities (PLATFORM.md §7).
 */
export const PRESET_LONG_EDGE_PX = { 300: 2048, 600: 4096 } as const

/** Long edge in pixels of the `previewUrl` PNG, at most (PLATFORM.md §7 rule 4). */
export const PREVIEW_LONG_EDGE_PX = 1024

function expectSize(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`Expected a positive integer for ${name} but received ${value}`)
  }
}

/**
 * Scales `width × height` so its long side is exactly `longEdge`, keeping the aspect ratio: the
 * short side is rounded to nearest and is at least 1 px. A square gets `longEdge` on both sides.
 * Upscales as well as downscales.
 * @param width source width in pixels (positive integer)
 * @param height source height in pixels (positive integer)
 * @param longEdge target long side in pixels (positive integer)
 * @returns the target size in pixels
 * @throws RangeError when an argument is not a positive integer (a caller bug)
 */
export function fitLongEdge(
  width: number,
  height: number,
  longEdge: number,
): { width: number; height: number } {
  expectSize(width, 'width')
  expectSize(height, 'height')
  expectSize(longEdge, 'longEdge')
  if (width >= height) {
    return { width: longEdge, height: Math.max(1, Math.round((height * longEdge) / width)) }
  }
  return { width: Math.max(1, Math.round((width * longEdge) / height)), height: longEdge }
}

/**
 * Size of the preview PNG: long edge `min(PREVIEW_LONG_EDGE_PX, current long edge)`, so a preview
 * never upscales and a small image keeps its size.
 * @param width source width in pixels (positive integer)
 * @param height source height in pixels (positive integer)
 * @returns the preview size in pixels
 * @throws RangeError when an argument is not a positive integer (a caller bug)
 */
export function previewSize(width: number, height: number): { width: number; height: number } {
  expectSize(width, 'width')
  expectSize(height, 'height')
  if (Math.max(width, height) <= PREVIEW_LONG_EDGE_PX) return { width, height }
  return fitLongEdge(width, height, PREVIEW_LONG_EDGE_PX)
}

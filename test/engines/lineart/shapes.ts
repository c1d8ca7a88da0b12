/** Synthetic line drawings for the lineart engine tests: shapes drawn at known centerlines. */

import type { GrayImage } from '../../../src/engines/raster'

/** A white canvas. */
export function canvas(width: number, height: number): GrayImage {
  return { width, height, channels: 1, data: new Uint8Array(width * height).fill(255) }
}

/** Inks the pixels whose centres lie within `width / 2` of the segment (x0, y0)–(x1, y1). */
export function segment(
  image: GrayImage,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  width: number,
): void {
  const r = width / 2
  const dx = x1 - x0
  const dy = y1 - y0
  const length2 = dx * dx + dy * dy || 1
  const xMin = Math.max(0, Math.floor(Math.min(x0, x1) - r - 1))
  const xMax = Math.min(image.width - 1, Math.ceil(Math.max(x0, x1) + r + 1))
  const yMin = Math.max(0, Math.floor(Math.min(y0, y1) - r - 1))
  const yMax = Math.min(image.height - 1, Math.ceil(Math.max(y0, y1) + r + 1))
  for (let y = yMin; y <= yMax; y++) {
    for (let x = xMin; x <= xMax; x++) {
      const px = x + 0.5
      const py = y + 0.5
      const t = Math.max(0, Math.min(1, ((px - x0) * dx + (py - y0) * dy) / length2))
      if (Math.hypot(px - x0 - t * dx, py - y0 - t * dy) <= r) image.data[y * image.width + x] = 0
    }
  }
}

/** Inks an axis-aligned rectangle of pixels [x0, x1) × [y0, y1). */
export function block(image: GrayImage, x0: number, y0: number, x1: number, y1: number): void {
  for (let y = y0; y < y1; y++) image.data.fill(0, y * image.width + x0, y * image.width + x1)
}

/** Inks a circle outline of radius `r` (centerline) and stroke `width`. */
export function circle(image: GrayImage, cx: number, cy: number, r: number, width: number): void {
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy)
      if (Math.abs(d - r) <= width / 2) image.data[y * image.width + x] = 0
    }
  }
}

/** Inks a filled disc: the pixels whose centres lie within `diameter / 2` of (cx, cy). */
export function disc(image: GrayImage, cx: number, cy: number, diameter: number): void {
  const r = diameter / 2
  for (
    let y = Math.max(0, Math.floor(cy - r - 1));
    y <= Math.min(image.height - 1, cy + r + 1);
    y++
  ) {
    for (
      let x = Math.max(0, Math.floor(cx - r - 1));
      x <= Math.min(image.width - 1, cx + r + 1);
      x++
    ) {
      if (Math.hypot(x + 0.5 - cx, y + 0.5 - cy) <= r) image.data[y * image.width + x] = 0
    }
  }
}

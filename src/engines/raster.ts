/**
 * The raster model the tracing engines read: a whole image in one buffer, 8-bit samples,
 * interleaved. Engines that need only gray receive `channels: 1` (1 byte per pixel).
 */

/**
 * `data` holds `width · height · channels` bytes, rows top to bottom: 1 gray (0 black … 255
 * white), 2 gray + alpha, 3 RGB, 4 RGBA (alpha not premultiplied).
 */
export interface RasterImage {
  width: number
  height: number
  channels: 1 | 2 | 3 | 4
  data: Uint8Array
  /** Pixels per inch stored in the source file, when it had one. */
  density?: { x: number; y: number }
}

/** A gray raster (0 black … 255 white), 1 byte per pixel. */
export interface GrayImage extends RasterImage {
  channels: 1
}

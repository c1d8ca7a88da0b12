/**
 * The loop filter over one reconstructed macroblock row (RFC 6386 §15, libwebp's DoFilter):
 * per macroblock, the left edge, the inner vertical edges, the top edge, the inner horizontal
 * edges, in that order, with limits from the level and the frame's sharpness.
 */

import { normalEdge, simpleEdge } from './loop-filter'
import type { Vp8Frame, Vp8Macroblock } from './macroblock'

/**
 * Filters row `mbY` in place: its 16 luma rows start at `y[yAt]` and its 8 chroma rows at
 * `u[uvAt]`, `v[uvAt]`, with the rows above (up to 4) already in the planes.
 */
export function filterRow(
  frame: Vp8Frame,
  mbY: number,
  mbs: readonly Vp8Macroblock[],
  y: Uint8Array,
  yAt: number,
  yStride: number,
  u: Uint8Array,
  v: Uint8Array,
  uvAt: number,
  uvStride: number,
): void {
  const sharpness = frame.sharpness
  const simple = frame.filterType === 1
  for (let mbX = 0; mbX < frame.mbWidth; mbX++) {
    const mb = mbs[mbX]!
    const level = mb.filterLevel
    if (level === 0) continue
    // Interior limit: the level reduced by sharpness (RFC 6386 §15.2), at least 1.
    let ilevel = level
    if (sharpness > 0) {
      ilevel >>= sharpness > 4 ? 2 : 1
      if (ilevel > 9 - sharpness) ilevel = 9 - sharpness
    }
    if (ilevel < 1) ilevel = 1
    const limit = 2 * level + ilevel
    const inner = mb.filterInner
    const yp = yAt + mbX * 16
    if (simple) {
      if (mbX > 0) simpleEdge(y, yp, 1, yStride, 16, limit + 4)
      if (inner) for (let k = 4; k < 16; k += 4) simpleEdge(y, yp + k, 1, yStride, 16, limit)
      if (mbY > 0) simpleEdge(y, yp, yStride, 1, 16, limit + 4)
      if (inner)
        for (let k = 4; k < 16; k += 4) simpleEdge(y, yp + k * yStride, yStride, 1, 16, limit)
      continue
    }
    const hev = level >= 40 ? 2 : level >= 15 ? 1 : 0
    const cp = uvAt + mbX * 8
    if (mbX > 0) {
      normalEdge(y, yp, 1, yStride, 16, limit + 4, ilevel, hev, true)
      normalEdge(u, cp, 1, uvStride, 8, limit + 4, ilevel, hev, true)
      normalEdge(v, cp, 1, uvStride, 8, limit + 4, ilevel, hev, true)
    }
    if (inner) {
      for (let k = 4; k < 16; k += 4)
        normalEdge(y, yp + k, 1, yStride, 16, limit, ilevel, hev, false)
      normalEdge(u, cp + 4, 1, uvStride, 8, limit, ilevel, hev, false)
      normalEdge(v, cp + 4, 1, uvStride, 8, limit, ilevel, hev, false)
    }
    if (mbY > 0) {
      normalEdge(y, yp, yStride, 1, 16, limit + 4, ilevel, hev, true)
      normalEdge(u, cp, uvStride, 1, 8, limit + 4, ilevel, hev, true)
      normalEdge(v, cp, uvStride, 1, 8, limit + 4, ilevel, hev, true)
    }
    if (inner) {
      for (let k = 4; k < 16; k += 4) {
        normalEdge(y, yp + k * yStride, yStride, 1, 16, limit, ilevel, hev, false)
      }
      normalEdge(u, cp + 4 * uvStride, uvStride, 1, 8, limit, ilevel, hev, false)
      normalEdge(v, cp + 4 * uvStride, uvStride, 1, 8, limit, ilevel, hev, false)
    }
  }
}

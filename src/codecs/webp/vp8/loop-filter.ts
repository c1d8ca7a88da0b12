/**
 * VP8's loop filters (RFC 6386 §15) as libwebp computes them: the simple filter on luma only and
 * the normal filter on luma and chroma, across macroblock edges and (when asked) the inner 4 × 4
 * edges. `hstride` steps across the edge, `vstride` along it.
 */

/** Clamps to a signed byte: SCLIP1[v + 1020] for v in -1020 … 1020 (libwebp's tables). */
const SCLIP1 = Int8Array.from({ length: 2041 }, (_, i) => Math.min(Math.max(i - 1020, -128), 127))
/** Clamps the filter's step: SCLIP2[v + 112] is v clamped to -16 … 15, for v in -112 … 112. */
const SCLIP2 = Int8Array.from({ length: 225 }, (_, i) => Math.min(Math.max(i - 112, -16), 15))
const abs = Math.abs

/** v clamped to 0-255 is CLIP[v + 255], for v in -255 … 510 (every filter result is). */
const CLIP = Uint8Array.from({ length: 766 }, (_, i) => Math.min(Math.max(i - 255, 0), 255))

/** The two-tap adjustment of p0 and q0 (with the outer taps p1 - q1). */
function filter2(b: Uint8Array, p: number, s: number): void {
  const p1 = b[p - 2 * s]!
  const p0 = b[p - s]!
  const q0 = b[p]!
  const q1 = b[p + s]!
  const a = 3 * (q0 - p0) + SCLIP1[p1 - q1 + 1020]!
  const a1 = SCLIP2[((a + 4) >> 3) + 112]!
  const a2 = SCLIP2[((a + 3) >> 3) + 112]!
  b[p - s] = CLIP[p0 + a2 + 255]!
  b[p] = CLIP[q0 - a1 + 255]!
}

/** The simple filter along `size` pixels of one edge, with edge limit `thresh`. */
export function simpleEdge(
  b: Uint8Array,
  p: number,
  hstride: number,
  vstride: number,
  size: number,
  thresh: number,
): void {
  const t2 = 2 * thresh + 1
  for (let i = 0; i < size; i++, p += vstride) {
    if (4 * abs(b[p - hstride]! - b[p]!) + abs(b[p - 2 * hstride]! - b[p + hstride]!) <= t2) {
      filter2(b, p, hstride)
    }
  }
}

/**
 * The normal filter along `size` pixels of one edge: macroblock edges (`mbEdge`) adjust three
 * pixels a side, inner edges two; high edge variance falls back to the two-tap filter.
 */
export function normalEdge(
  b: Uint8Array,
  p: number,
  hstride: number,
  vstride: number,
  size: number,
  thresh: number,
  ithresh: number,
  hevThresh: number,
  mbEdge: boolean,
): void {
  const t2 = 2 * thresh + 1
  // The tables in locals: the loop then needs no context loads.
  const clip = CLIP
  const sclip1 = SCLIP1
  const sclip2 = SCLIP2
  const s = hstride
  const s2 = 2 * s
  const s3 = 3 * s
  const s4 = 4 * s
  for (let i = 0; i < size; i++, p += vstride) {
    const p0 = b[p - s]!
    const q0 = b[p]!
    const p1 = b[p - s2]!
    const q1 = b[p + s]!
    if (4 * abs(p0 - q0) + abs(p1 - q1) > t2) continue
    const p2 = b[p - s3]!
    const q2 = b[p + s2]!
    const dp = abs(p1 - p0)
    const dq = abs(q1 - q0)
    if (dp > ithresh || dq > ithresh) continue
    if (abs(p2 - p1) > ithresh || abs(q2 - q1) > ithresh) continue
    if (abs(b[p - s4]! - p2) > ithresh || abs(b[p + s3]! - q2) > ithresh) continue
    if (dp > hevThresh || dq > hevThresh) {
      // filter2, with the outer taps
      const a = 3 * (q0 - p0) + sclip1[p1 - q1 + 1020]!
      b[p - s] = clip[p0 + sclip2[((a + 3) >> 3) + 112]! + 255]!
      b[p] = clip[q0 - sclip2[((a + 4) >> 3) + 112]! + 255]!
    } else if (mbEdge) {
      const a = sclip1[3 * (q0 - p0) + sclip1[p1 - q1 + 1020]! + 1020]!
      const a1 = (27 * a + 63) >> 7
      const a2 = (18 * a + 63) >> 7
      const a3 = (9 * a + 63) >> 7
      b[p - s3] = clip[p2 + a3 + 255]!
      b[p - s2] = clip[p1 + a2 + 255]!
      b[p - s] = clip[p0 + a1 + 255]!
      b[p] = clip[q0 - a1 + 255]!
      b[p + s] = clip[q1 - a2 + 255]!
      b[p + s2] = clip[q2 - a3 + 255]!
    } else {
      const a = 3 * (q0 - p0)
      const a1 = sclip2[((a + 4) >> 3) + 112]!
      const a2 = sclip2[((a + 3) >> 3) + 112]!
      const a3 = (a1 + 1) >> 1
      b[p - s2] = clip[p1 + a3 + 255]!
      b[p - s] = clip[p0 + a2 + 255]!
      b[p] = clip[q0 - a1 + 255]!
      b[p + s] = clip[q1 - a3 + 255]!
    }
  }
}

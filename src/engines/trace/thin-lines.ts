/**
 * Trace engine (POST /v1/vectorize), stage 1 (bilevel cut): cuts a gray page in two and keeps the
 * thin lines that never reach the cut, without growing anything that does.
 */

/*
 * Stage: bilevel cut with thin-line rescue.
 * Input → output: gray page (width × height bytes, 0 dark … 255 light) → 0 (dark) or 1 (light)
 *   per pixel, in place or into another buffer (then no copy of any row is needed).
 * Method: the convert path's ridge rescue (../gray/binarize.ts, after Haralick 1983 and
 *   Pavlidis 1982), with two changes, so that only lines the cut would lose are rescued:
 * - Dark where level ≤ low (the cut).
 * - Between low and high, dark only on a thin dark ridge: in some direction (horizontal, vertical
 *   or a diagonal) both flanks are lighter by `margin`, either the next pixel or, for a line
 *   straddling two pixels, the pixel after a lighter-or-equal band neighbour that is itself
 *   `margin` darker than its own far side.
 * - Never a break: a pixel with darker neighbours on both sides in any direction (binarize.ts
 *   checks along the ridge only; here every direction, because a 1-px gap in a dashed line is
 *   also a ridge diagonally), so dashes and the paper between close lines stay open.
 * - Not the edge of something solid (new here too): along the would-be line, the darkest of the three
 *   pixels ahead on one side is already ink (≤ low) while all three on the other side are paper
 *   (> high). That is where a solid shape's outline curves away (the tip of a dot, a corner, a
 *   stroke's end): the pixel there is a ridge, but growing it fattens the shape. A slanted line
 *   always continues through one of the three on both sides, so it keeps its pixels. Without
 *   this test, the anti-aliased stipple dots of the vectorize bench's clean drawings grew by a
 *   pixel at their tips.
 * - Not the fringe of a line that reaches the cut (new here too): a band pixel with ink (≤ low)
 *   on one side and paper (> high) on the other along its row or column, and nearer the paper
 *   than that ink, is less than half covered by the line beside it. Rescued, it drew 1-px
 *   anti-aliased lines at 45° 2 px wide.
 * Memory: in place, a ring of the original values of the three rows already overwritten and
 * still needed (y − 2, y − 1, y), 3 × width bytes; into another buffer, nothing (and words of
 * four paper or four ink pixels are cut as words there).
 */

import { flank, gapSide } from '../gray/binarize'

/** The cut and the rescue band, in levels (0 … 255). */
export interface ThinLineCut {
  /** Levels ≤ low are dark. */
  readonly low: number
  /** Levels in (low, high] are dark on a thin ridge; above high, light. */
  readonly high: number
  /** How much lighter a ridge's flanks are (≥ 1). */
  readonly margin: number
}

/**
 * Cuts `source` into `out` as 0 (dark) / 1 (light); see the banner. `out` may be `source` itself
 * (rewritten in place, with the ring of original rows) or a buffer of the same size.
 * @returns the number of dark pixels
 */
export function cutKeepingThinLines(
  source: Uint8Array,
  out: Uint8Array,
  width: number,
  height: number,
  cut: ThinLineCut,
): number {
  const { low, high } = cut
  const n = width * height
  let dark = 0
  if (high <= low) {
    for (let i = 0; i < n; i++) {
      const light = source[i]! > low ? 1 : 0
      out[i] = light
      dark += 1 - light
    }
    return dark
  }
  if (source !== out) return cutInto(source, out, width, height, cut)
  // In place: a ring of the original values of the rows already overwritten (y − 2 … y).
  const ring = new Uint8Array(3 * width)
  const rows = [0, 1, 2].map((k) => ring.subarray(k * width, (k + 1) * width))
  for (let y = 0; y < height; y++) {
    const start = y * width
    const cur = rows[y % 3]!
    cur.set(source.subarray(start, start + width))
    const u1 = y >= 1 ? rows[(y - 1) % 3]! : cur
    const u2 = y >= 2 ? rows[(y - 2) % 3]! : u1
    const d1 = y + 1 < height ? source.subarray(start + width, start + 2 * width) : cur
    const d2 = y + 2 < height ? source.subarray(start + 2 * width, start + 3 * width) : d1
    for (let x = 0; x < width; x++) {
      const v = cur[x]!
      if (v <= low || v > high) {
        const light = v > low ? 1 : 0
        out[start + x] = light
        dark += 1 - light
        continue
      }
      const ridge = isRidge(v, u2, 0, u1, 0, cur, 0, d1, 0, d2, 0, x, width - 1, cut)
      out[start + x] = ridge ? 0 : 1
      if (ridge) dark++
    }
  }
  return dark
}

/** Light (1) four bytes at a time, as a 32-bit word (paper is 0xffffffff, ink 0). */
const LIGHT_WORD = 0x01010101

/**
 * cutKeepingThinLines into another buffer: the rows are read in place. Words of four paper or
 * four ink pixels (most of a clean drawing) are cut as words; the rest pixel by pixel.
 */
function cutInto(
  source: Uint8Array,
  out: Uint8Array,
  width: number,
  height: number,
  cut: ThinLineCut,
): number {
  const n = width * height
  let dark = 0
  let i = 0
  if ((source.byteOffset & 3) === (out.byteOffset & 3)) {
    const head = Math.min(n, (4 - (source.byteOffset & 3)) & 3)
    for (; i < head; i++) dark += cutPixel(source, out, i, width, height, cut)
    const words = (n - i) >> 2
    const from = new Uint32Array(source.buffer, source.byteOffset + i, words)
    const to = new Uint32Array(out.buffer, out.byteOffset + i, words)
    // Paper is light and ink dark whatever the band (high < 255 and low ≥ 0 here).
    const paperIsLight = cut.high < 255
    const inkIsDark = cut.low >= 0
    for (let w = 0; w < words; w++) {
      const v = from[w]!
      // A literal: a module constant this large (no small integer) is compared as a double, the
      // loop a third slower (Node 20, 4.8 Mpx sheet: 6.1 → 4.6 ms).
      if (v === 0xffffffff && paperIsLight) to[w] = LIGHT_WORD
      else if (v === 0 && inkIsDark) {
        to[w] = 0
        dark += 4
      } else {
        const p = i + 4 * w
        dark += cutPixel(source, out, p, width, height, cut)
        dark += cutPixel(source, out, p + 1, width, height, cut)
        dark += cutPixel(source, out, p + 2, width, height, cut)
        dark += cutPixel(source, out, p + 3, width, height, cut)
      }
    }
    i += 4 * words
  }
  for (; i < n; i++) dark += cutPixel(source, out, i, width, height, cut)
  return dark
}

/** Cuts pixel i of `source` into `out` (another buffer); returns 1 when it is dark. */
function cutPixel(
  source: Uint8Array,
  out: Uint8Array,
  i: number,
  width: number,
  height: number,
  cut: ThinLineCut,
): number {
  const v = source[i]!
  if (v <= cut.low) {
    out[i] = 0
    return 1
  }
  if (v > cut.high) {
    out[i] = 1
    return 0
  }
  const y = (i / width) | 0
  const x = i - y * width
  const c = i - x
  // Rows beyond the image repeat the nearest one, as the in-place cut does.
  const u1 = y >= 1 ? c - width : c
  const u2 = y >= 2 ? u1 - width : u1
  const d1 = y + 1 < height ? c + width : c
  const d2 = y + 2 < height ? d1 + width : d1
  const ridge = isRidge(
    v,
    source,
    u2,
    source,
    u1,
    source,
    c,
    source,
    d1,
    source,
    d2,
    x,
    width - 1,
    cut,
  )
  out[i] = ridge ? 0 : 1
  return ridge ? 1 : 0
}

/**
 * Whether the band pixel of level v at column x is ink (see the banner): rows y − 2 … y + 2 are
 * given as arrays and the offsets of their first pixel, the nearest row repeated beyond the image.
 */
function isRidge(
  v: number,
  u2: Uint8Array,
  o2: number,
  u1: Uint8Array,
  o1: number,
  c: Uint8Array,
  oc: number,
  d1: Uint8Array,
  od1: number,
  d2: Uint8Array,
  od2: number,
  x: number,
  last: number,
  cut: ThinLineCut,
): boolean {
  const { high, margin } = cut
  const l1 = x > 0 ? x - 1 : 0
  const l2 = x > 1 ? x - 2 : 0
  const r1 = x < last ? x + 1 : last
  const r2 = x + 1 < last ? x + 2 : last
  // A break between darker pixels in any direction stays paper (the gap of a dashed line, the
  // paper between close lines); else a ridge in some direction that is no slope is ink.
  if (
    gap(v, c[oc + l1]!, c[oc + l2]!, c[oc + r1]!, c[oc + r2]!, cut) ||
    gap(v, u1[o1 + x]!, u2[o2 + x]!, d1[od1 + x]!, d2[od2 + x]!, cut) ||
    gap(v, u1[o1 + l1]!, u2[o2 + l2]!, d1[od1 + r1]!, d2[od2 + r2]!, cut) ||
    gap(v, u1[o1 + r1]!, u2[o2 + r2]!, d1[od1 + l1]!, d2[od2 + l2]!, cut)
  )
    return false
  // Between ink and paper along the row or the column, nearer the paper: the fringe of a line
  // that reaches the cut (a 1-px line at 45° is one such pixel beside each of its own).
  if (edge(v, c[oc + l1]!, c[oc + r1]!, cut) || edge(v, u1[o1 + x]!, d1[od1 + x]!, cut)) {
    return false
  }
  return (
    (flank(v, c[oc + l1]!, c[oc + l2]!, high, margin) &&
      flank(v, c[oc + r1]!, c[oc + r2]!, high, margin) &&
      !slope(
        min3(u1[o1 + l1]!, u1[o1 + x]!, u1[o1 + r1]!),
        min3(d1[od1 + l1]!, d1[od1 + x]!, d1[od1 + r1]!),
        cut,
      )) ||
    (flank(v, u1[o1 + x]!, u2[o2 + x]!, high, margin) &&
      flank(v, d1[od1 + x]!, d2[od2 + x]!, high, margin) &&
      !slope(
        min3(u1[o1 + l1]!, c[oc + l1]!, d1[od1 + l1]!),
        min3(u1[o1 + r1]!, c[oc + r1]!, d1[od1 + r1]!),
        cut,
      )) ||
    (flank(v, u1[o1 + l1]!, u2[o2 + l2]!, high, margin) &&
      flank(v, d1[od1 + r1]!, d2[od2 + r2]!, high, margin) &&
      !slope(
        min3(u1[o1 + x]!, u1[o1 + r1]!, c[oc + r1]!),
        min3(c[oc + l1]!, d1[od1 + l1]!, d1[od1 + x]!),
        cut,
      )) ||
    (flank(v, u1[o1 + r1]!, u2[o2 + r2]!, high, margin) &&
      flank(v, d1[od1 + l1]!, d2[od2 + l2]!, high, margin) &&
      !slope(
        min3(u1[o1 + l1]!, u1[o1 + x]!, c[oc + l1]!),
        min3(c[oc + r1]!, d1[od1 + r1]!, d1[od1 + x]!),
        cut,
      ))
  )
}

/**
 * A break seen along one direction, with neighbours a and b: on both sides the next pixel is
 * darker by `margin`, or it is the lighter-or-equal other half of a two-pixel break (above `low`)
 * with a darker one after it (binarize.ts's test).
 */
function gap(
  v: number,
  nearA: number,
  farA: number,
  nearB: number,
  farB: number,
  cut: ThinLineCut,
): boolean {
  const { low, margin } = cut
  return gapSide(v, nearA, farA, low, margin) && gapSide(v, nearB, farB, low, margin)
}

/**
 * The edge of something solid rather than a line (see the banner): on one side along the would-be
 * line the darkest of the three pixels ahead is already ink (≤ low), on the other all three are
 * paper (> high). A slanted line always continues through one of the three on both sides.
 */
function slope(sideA: number, sideB: number, cut: ThinLineCut): boolean {
  return (sideA <= cut.low && sideB > cut.high) || (sideB <= cut.low && sideA > cut.high)
}

/** Ink (≤ low) on one side and paper (> high) on the other, and v nearer the paper. */
function edge(v: number, a: number, b: number, cut: ThinLineCut): boolean {
  return ((a <= cut.low && b > cut.high) || (b <= cut.low && a > cut.high)) && 2 * v > a + b
}

function min3(a: number, b: number, c: number): number {
  return Math.min(a, b, c)
}

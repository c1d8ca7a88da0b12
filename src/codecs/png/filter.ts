/**
 * PNG row filtering (PNG 3rd edition §9, the adaptive heuristic of §12.8), shared by the PNG
 * encoder and the PDF writer, whose /FlateDecode images take the same filters as
 * `/Predictor 15` (PDF 32000-1 §7.4.4.4).
 */

/** |residual| for a filtered byte read as a signed 8-bit value (the heuristic of PNG §12.8). */
const SIGNED_ABS = new Uint8Array(256).map((_, v) => (v < 128 ? v : 256 - v))

/**
 * Writes the filter byte and filtered `row` into `out`, choosing the filter with the smallest sum
 * of |signed residual| (PNG §12.8). All five sums come from one pass; the winner is then written.
 * `bpp` is the distance to the same byte of the pixel on the left (= channels at 8 bits).
 */
export function filterRow(row: Uint8Array, prior: Uint8Array, out: Uint8Array, bpp: number): void {
  const length = row.length
  const edge = Math.min(bpp, length)
  let none = 0
  let sub = 0
  let up = 0
  let average = 0
  let paeth = 0
  for (let i = 0; i < edge; i++) {
    const x = row[i]!
    const b = prior[i]!
    none += SIGNED_ABS[x]!
    sub += SIGNED_ABS[x]!
    up += SIGNED_ABS[(x - b) & 255]!
    average += SIGNED_ABS[(x - (b >> 1)) & 255]!
    paeth += SIGNED_ABS[(x - b) & 255]!
  }
  for (let i = edge; i < length; i++) {
    const x = row[i]!
    const a = row[i - bpp]!
    const b = prior[i]!
    const c = prior[i - bpp]!
    none += SIGNED_ABS[x]!
    sub += SIGNED_ABS[(x - a) & 255]!
    up += SIGNED_ABS[(x - b) & 255]!
    average += SIGNED_ABS[(x - ((a + b) >> 1)) & 255]!
    paeth += SIGNED_ABS[(x - paethPredict(a, b, c)) & 255]!
  }
  let type = 0
  let best = none
  if (sub < best) {
    type = 1
    best = sub
  }
  if (up < best) {
    type = 2
    best = up
  }
  if (average < best) {
    type = 3
    best = average
  }
  if (paeth < best) type = 4
  applyFilter(type, row, prior, out, bpp)
}

function paethPredict(a: number, b: number, c: number): number {
  const pa = Math.abs(b - c)
  const pb = Math.abs(a - c)
  const pc = Math.abs(a + b - 2 * c)
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
}

/** Writes filter `type` and the residuals of `row` into `out` (out[0] is the filter byte). */
function applyFilter(
  type: number,
  row: Uint8Array,
  prior: Uint8Array,
  out: Uint8Array,
  bpp: number,
): void {
  const length = row.length
  const edge = Math.min(bpp, length)
  out[0] = type
  switch (type) {
    case 0:
      out.set(row, 1)
      return
    case 1:
      for (let i = 0; i < edge; i++) out[i + 1] = row[i]!
      for (let i = edge; i < length; i++) out[i + 1] = row[i]! - row[i - bpp]!
      return
    case 2:
      for (let i = 0; i < length; i++) out[i + 1] = row[i]! - prior[i]!
      return
    case 3:
      for (let i = 0; i < edge; i++) out[i + 1] = row[i]! - (prior[i]! >> 1)
      for (let i = edge; i < length; i++) {
        out[i + 1] = row[i]! - ((row[i - bpp]! + prior[i]!) >> 1)
      }
      return
    default:
      for (let i = 0; i < edge; i++) out[i + 1] = row[i]! - prior[i]!
      for (let i = edge; i < length; i++) {
        out[i + 1] = row[i]! - paethPredict(row[i - bpp]!, prior[i]!, prior[i - bpp]!)
      }
  }
}

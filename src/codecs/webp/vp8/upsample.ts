/**
 * VP8's 4:2:0 planes to RGB rows as libwebp's default ("fancy") upsampler makes them: every pixel's
 * chroma mixes the four nearest chroma samples 9:3:3:1, rounded exactly as libwebp rounds, and the
 * colour comes from its 14-bit fixed-point BT.601 conversion. Byte-exact with libwebp is the point:
 * a decoded WebP must be the same picture whoever decodes it.
 */

import type { Vp8Band } from './macroblock'

/**
 * Yields the picture's `height` rows of `width · channels` bytes (RGB, or RGBA with alpha 255 for
 * the container to overwrite) from the decoder's bands. Holds one luma and two chroma rows across a
 * band boundary; two output rows, each valid until the next is requested.
 */
export function* bandRows(
  width: number,
  height: number,
  bands: Iterable<Vp8Band>,
  channels: 3 | 4,
): Generator<Uint8Array> {
  const uvWidth = (width + 1) >> 1
  const outA = new Uint8Array(width * channels)
  const outB = new Uint8Array(width * channels)
  if (channels === 4) {
    outA.fill(255)
    outB.fill(255)
  }
  // The odd luma row waiting for its even partner, and the chroma row above them.
  const pendY = new Uint8Array(width)
  const pendU = new Uint8Array(uvWidth)
  const pendV = new Uint8Array(uvWidth)
  let next = 0
  for (const band of bands) {
    const { y, u, v, yStride, uvStride, top, rows } = band
    if (top !== next) throw new Error(`VP8 band at row ${top}, expected ${next}`)
    for (let r = top; r < top + rows && r < height; r++) {
      const yAt = (r - top) * yStride
      if (r === 0) {
        upsampleRow(y, 0, u, v, 0, u, v, 0, outA, width, channels)
        yield outA
      } else if (r & 1) {
        const cAt = ((r - 1) / 2 - top / 2) * uvStride
        pendY.set(y.subarray(yAt, yAt + width))
        pendU.set(u.subarray(cAt, cAt + uvWidth))
        pendV.set(v.subarray(cAt, cAt + uvWidth))
      } else {
        // Rows r-1 and r fall between chroma rows r/2 - 1 (pending) and r/2.
        const cAt = (r / 2 - top / 2) * uvStride
        upsampleRow(pendY, 0, pendU, pendV, 0, u, v, cAt, outA, width, channels)
        upsampleRow(y, yAt, u, v, cAt, pendU, pendV, 0, outB, width, channels)
        yield outA
        yield outB
      }
    }
    next = top + rows
  }
  if (next < height) throw new Error(`VP8 bands end at row ${next} of ${height}`)
  if (height > 1 && !(height & 1)) {
    // An even height leaves the last row with only the chroma row above it.
    upsampleRow(pendY, 0, pendU, pendV, 0, pendU, pendV, 0, outA, width, channels)
    yield outA
  }
}

/**
 * One output row: luma `yRow` at `yAt`, `near` chroma (3/4 of the vertical weight) at `nAt` and
 * `far` chroma at `fAt`, both U and V. libwebp packs U and V in one word; per component is the same
 * arithmetic, since neither half can carry into the other.
 */
function upsampleRow(
  yRow: Uint8Array,
  yAt: number,
  nearU: Uint8Array,
  nearV: Uint8Array,
  nAt: number,
  farU: Uint8Array,
  farV: Uint8Array,
  fAt: number,
  out: Uint8Array,
  width: number,
  channels: number,
): void {
  let n0u = nearU[nAt]!
  let n0v = nearV[nAt]!
  let f0u = farU[fAt]!
  let f0v = farV[fAt]!
  toRgb(yRow[yAt]!, (3 * n0u + f0u + 2) >> 2, (3 * n0v + f0v + 2) >> 2, out, 0)
  const lastPair = (width - 1) >> 1
  for (let x = 1; x <= lastPair; x++) {
    const n1u = nearU[nAt + x]!
    const n1v = nearV[nAt + x]!
    const f1u = farU[fAt + x]!
    const f1v = farV[fAt + x]!
    // Pixel 2x-1 sits nearer chroma column x-1, pixel 2x nearer column x.
    const au = (n0u + 3 * n1u + 3 * f0u + f1u + 8) >> 3
    const av = (n0v + 3 * n1v + 3 * f0v + f1v + 8) >> 3
    const bu = (3 * n0u + n1u + f0u + 3 * f1u + 8) >> 3
    const bv = (3 * n0v + n1v + f0v + 3 * f1v + 8) >> 3
    toRgb(yRow[yAt + 2 * x - 1]!, (au + n0u) >> 1, (av + n0v) >> 1, out, (2 * x - 1) * channels)
    toRgb(yRow[yAt + 2 * x]!, (bu + n1u) >> 1, (bv + n1v) >> 1, out, 2 * x * channels)
    n0u = n1u
    n0v = n1v
    f0u = f1u
    f0v = f1v
  }
  if (!(width & 1)) {
    const last = width - 1
    toRgb(
      yRow[yAt + last]!,
      (3 * n0u + f0u + 2) >> 2,
      (3 * n0v + f0v + 2) >> 2,
      out,
      last * channels,
    )
  }
}

/** libwebp's YUV → RGB: 14-bit fixed point, `(value · coeff) >> 8`, then clipped `>> 6`. */
function toRgb(y: number, u: number, v: number, out: Uint8Array, at: number): void {
  const luma = (y * 19077) >> 8
  out[at] = clip8(luma + ((v * 26149) >> 8) - 14234)
  out[at + 1] = clip8(luma - ((u * 6419) >> 8) - ((v * 13320) >> 8) + 8708)
  out[at + 2] = clip8(luma + ((u * 33050) >> 8) - 17685)
}

const clip8 = (value: number): number => ((value & ~16383) === 0 ? value >> 6 : value < 0 ? 0 : 255)

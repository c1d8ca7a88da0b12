/**
 * Chroma upsampling (convert path, decode step, colour output only): a subsampled component row
 * becomes a full-width row, so the colour converter sees one sample of each component per pixel.
 */

// ---------------------------------------------------------------------------------------------
// Stage: upsample.
// Job: expand a component sampled at Hi/Hmax × Vi/Vmax of full resolution to full resolution.
// Input → output: one or two component rows → one output-width row.
// Source: ITU-T T.81 A.1.1 (component dimensions xi = ⌈X·Hi/Hmax⌉, yi = ⌈Y·Vi/Vmax⌉); JFIF 1.02
// (chroma samples centred between luma samples, which a linear "triangle" filter respects).
//
// Choice: for factor 2 (horizontal, vertical, or both: 4:2:2, 4:4:0, 4:2:0) the triangle filter,
// each output sample ¾ of the nearer input sample and ¼ of the next one out, per axis; 4:2:0
// weighs the four nearest samples 9/16, 3/16, 3/16, 1/16. Samples outside the component repeat
// its edge. The integer rounding (biases alternating 8 / 7 by column for 4:2:0, 1 / 2 for 4:2:2)
// is the one the IJG documentation describes for its "fancy upsampling", which MozJPEG
// (libjpeg-turbo) uses by default, so colour output matches MozJPEG where the IDCT agrees; 4:4:0
// uses a constant bias, matched to MozJPEG by measurement (see upsampleV2). Any other
// ratio (4:1:1, 3x, a luma plane smaller than chroma, …) repeats the nearest sample, as libjpeg
// does for integral factors. Components at most 2 samples wide are also replicated, as there.
// ---------------------------------------------------------------------------------------------

/**
 * Horizontal ×2 triangle filter: `width` input samples at `src[at…]` → `2 · width` samples.
 * @param width component row width in samples, at least 2 (libjpeg filters from 3; callers
 *   replicate narrower rows)
 */
export function upsampleH2(src: Uint8Array, at: number, width: number, out: Uint8Array): void {
  let left = src[at]!
  let centre = src[at + 1]!
  out[0] = left
  out[1] = (left * 3 + centre + 2) >> 2
  for (let i = 1, o = 2; i < width - 1; i++, o += 2) {
    const right = src[at + i + 1]!
    const three = centre * 3
    out[o] = (three + left + 1) >> 2
    out[o + 1] = (three + right + 2) >> 2
    left = centre
    centre = right
  }
  const o = 2 * (width - 1)
  out[o] = (centre * 3 + left + 1) >> 2
  out[o + 1] = centre
}

/**
 * Vertical ×2 triangle filter: ¾ `near` row + ¼ `far` row, `(3 · near + far + 1) >> 2`. The
 * constant bias (rather than 1 and 2 alternating by row) is what MozJPEG's decoder does for 4:4:0:
 * it gave 62.6 dB against jSquash's MozJPEG build on s440.jpg, against 53.2 dB alternating.
 */
export function upsampleV2(
  src: Uint8Array,
  near: number,
  far: number,
  width: number,
  out: Uint8Array,
): void {
  for (let i = 0; i < width; i++) out[i] = (src[near + i]! * 3 + src[far + i]! + 1) >> 2
}

/**
 * Horizontal and vertical ×2 triangle filter: the column sums `3 · near + far` are filtered
 * horizontally, so each output is (9, 3, 3, 1) / 16 of its four nearest input samples.
 * @param width component row width in samples, at least 2
 */
export function upsampleH2V2(
  src: Uint8Array,
  near: number,
  far: number,
  width: number,
  out: Uint8Array,
): void {
  let left = src[near]! * 3 + src[far]!
  let centre = src[near + 1]! * 3 + src[far + 1]!
  out[0] = (left * 4 + 8) >> 4
  out[1] = (left * 3 + centre + 7) >> 4
  for (let i = 1, o = 2; i < width - 1; i++, o += 2) {
    const right = src[near + i + 1]! * 3 + src[far + i + 1]!
    const three = centre * 3
    out[o] = (three + left + 8) >> 4
    out[o + 1] = (three + right + 7) >> 4
    left = centre
    centre = right
  }
  const o = 2 * (width - 1)
  out[o] = (centre * 3 + left + 8) >> 4
  out[o + 1] = (centre * 4 + 7) >> 4
}

/**
 * Nearest-sample expansion for any ratio: output column x takes input column
 * ⌊x · h / hMax⌋ (pure replication for integral ratios).
 */
export function upsampleNearest(
  src: Uint8Array,
  at: number,
  h: number,
  hMax: number,
  outWidth: number,
  out: Uint8Array,
): void {
  if (h === hMax) {
    out.set(src.subarray(at, at + outWidth))
    return
  }
  for (let x = 0; x < outWidth; x++) out[x] = src[at + Math.floor((x * h) / hMax)]!
}

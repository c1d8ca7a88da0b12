/**
 * Colour conversion of decoded JPEG rows (convert path, decode step): YCbCr, RGB, Adobe CMYK and
 * YCCK to RGB, and RGB to Rec. 601 luma for sources whose luma is not stored as a component.
 */

// ---------------------------------------------------------------------------------------------
// Stage: colour conversion.
// Job: one full-resolution row of each component → one interleaved output row.
// Input → output: 3 or 4 sample rows → RGB (3 bytes per pixel) or luma (1 byte per pixel).
// Source: JFIF 1.02 §7 (YCbCr ↔ RGB, full-range ITU-R BT.601: R = Y + 1.402 (Cr − 128),
// G = Y − 0.34414 (Cb − 128) − 0.71414 (Cr − 128), B = Y + 1.772 (Cb − 128)), evaluated in
// 16-bit fixed point with round-to-nearest as the IJG code documents, so results match
// libjpeg/MozJPEG exactly; Adobe Technical Note #5116 (APP14 transform 0 = CMYK as stored,
// 2 = YCCK: YCbCr of the inverted C, M, Y plus K). Adobe writes CMYK inverted (0 = full ink), so
// the naive RGB is R = C·K / 255 on the stored values; no colour management.
// ---------------------------------------------------------------------------------------------

/** The coefficients in 16-bit fixed point; products are rounded with + 2^15 and >> 16. */
const fixed = (x: number) => Math.round(x * 65536)
const CR_TO_R = fixed(1.402)
const CB_TO_B = fixed(1.772)
const CB_TO_G = fixed(0.34414)
const CR_TO_G = fixed(0.71414)

/**
 * YCbCr → RGB for `width` pixels.
 * @param out 3 · width bytes; out-of-gamut values are clamped to 0..255
 */
export function ycbcrToRgb(
  y: Uint8Array,
  cb: Uint8Array,
  cr: Uint8Array,
  width: number,
  out: Uint8Array,
): void {
  // Plain arithmetic on locals: 12 MP took 40 ms, against 70-130 ms with IJG-style lookup
  // tables or with the module constants read in the loop (scratch benchmark, Node 20).
  const crToR = CR_TO_R
  const cbToB = CB_TO_B
  const cbToG = CB_TO_G
  const crToG = CR_TO_G
  for (let x = 0, o = 0; x < width; x++, o += 3) {
    const l = y[x]!
    const b = cb[x]! - 128
    const r = cr[x]! - 128
    let v = l + ((crToR * r + 32768) >> 16)
    out[o] = v < 0 ? 0 : Math.min(v, 255)
    v = l + ((32768 - cbToG * b - crToG * r) >> 16)
    out[o + 1] = v < 0 ? 0 : Math.min(v, 255)
    v = l + ((cbToB * b + 32768) >> 16)
    out[o + 2] = v < 0 ? 0 : Math.min(v, 255)
  }
}

/** Three component rows (R, G, B, or the same gray row three times) → interleaved RGB. */
export function interleaveRgb(
  r: Uint8Array,
  g: Uint8Array,
  b: Uint8Array,
  width: number,
  out: Uint8Array,
): void {
  for (let x = 0, o = 0; x < width; x++, o += 3) {
    out[o] = r[x]!
    out[o + 1] = g[x]!
    out[o + 2] = b[x]!
  }
}

/** `a · b / 255` rounded, for two 8-bit values. */
const scale255 = (a: number, b: number) => ((a * b + 127) / 255) | 0

/**
 * Adobe CMYK (stored inverted) → naive RGB: R = C·K, G = M·K, B = Y·K on the stored values.
 * With `ycck`, the first three rows are YCbCr of (255 − C, 255 − M, 255 − Y) and are converted
 * back first (transform 2).
 */
export function cmykToRgb(
  c: Uint8Array,
  m: Uint8Array,
  y: Uint8Array,
  k: Uint8Array,
  width: number,
  ycck: boolean,
  out: Uint8Array,
): void {
  if (ycck) ycbcrToRgb(c, m, y, width, out)
  else interleaveRgb(c, m, y, width, out)
  for (let x = 0, o = 0; x < width; x++, o += 3) {
    const black = k[x]!
    // YCCK carries (255 − C, …) in YCbCr, so its RGB is the stored C, M, Y inverted once more.
    const c0 = ycck ? 255 - out[o]! : out[o]!
    const m0 = ycck ? 255 - out[o + 1]! : out[o + 1]!
    const y0 = ycck ? 255 - out[o + 2]! : out[o + 2]!
    out[o] = scale255(c0, black)
    out[o + 1] = scale255(m0, black)
    out[o + 2] = scale255(y0, black)
  }
}

/**
 * Interleaved RGB → Rec. 601 luma, `(299 R + 587 G + 114 B + 500) / 1000` truncated, as
 * src/engines/gray/flatten-to-gray.ts computes it.
 */
export function rgbToLuma(rgb: Uint8Array, width: number, out: Uint8Array): void {
  for (let x = 0, i = 0; x < width; x++, i += 3) {
    out[x] = ((299 * rgb[i]! + 587 * rgb[i + 1]! + 114 * rgb[i + 2]! + 500) / 1000) | 0
  }
}

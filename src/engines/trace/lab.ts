/**
 * Trace engine (POST /v1/vectorize), helper of stage 1: CIELAB (D65) for palette distances, where
 * equal steps look about equally different (CIE76 ΔE is the Euclidean distance).
 */

/** sRGB transfer function inverse: 8-bit-scale value (0 … 255, fractional allowed) → linear. */
function linear(v: number): number {
  const c = v / 255
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

function labF(t: number): number {
  return t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116
}

/**
 * Writes L*, a*, b* of an sRGB colour (channels 0 … 255, fractional means allowed) at
 * `out[offset … offset + 2]`.
 */
export function labInto(r: number, g: number, b: number, out: Float64Array, offset: number): void {
  const lr = linear(r)
  const lg = linear(g)
  const lb = linear(b)
  const fx = labF((0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047)
  const fy = labF(0.2126 * lr + 0.7152 * lg + 0.0722 * lb)
  const fz = labF((0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883)
  out[offset] = 116 * fy - 16
  out[offset + 1] = 500 * (fx - fy)
  out[offset + 2] = 200 * (fy - fz)
}

/**
 * VP8L inverse transforms (convert path, decode step), applied one row at a time in the reverse
 * of their order in the bitstream.
 */

// ---------------------------------------------------------------------------------------------
// Stage: inverse transforms.
// Job: undo the predictor, colour (cross-colour), subtract-green and colour-indexing transforms.
// Input → output: one coded row (ARGB words) → one row of the stage before the transform.
// Source: RFC 9649 §4.1 (predictor: modes 0-13, row 0 and column 0 rules, top-right of the last
// column read from the current row), §4.2 (colour transform, ColorTransformDelta on int8),
// §4.3 (subtract green), §4.4 (colour indexing, pixel bundling). Modes 14 and 15 predict
// 0xff000000, as libwebp does.
// ---------------------------------------------------------------------------------------------

/** The transform kinds, by their 2-bit code. */
export const PREDICTOR = 0
export const CROSS_COLOR = 1
export const SUBTRACT_GREEN = 2
export const COLOR_INDEXING = 3

/** One transform as read from the bitstream. */
export interface Transform {
  readonly kind: number
  /** Width of the image the transform's inverse produces. */
  readonly width: number
  /** Sub-image block size (predictor, colour) or pixels per packed word (colour indexing), log2. */
  readonly bits: number
  /** Predictor or colour sub-image, (width >> bits) wide; or the palette, padded to 1 << (8 >> bits). */
  readonly data: Int32Array
  /** Predictor only: the previous output row of this stage. */
  readonly previous: Int32Array
}

/** Per-channel sum mod 256 of two ARGB words. */
export const add = (a: number, b: number): number =>
  (((a & 0xff00ff00) + (b & 0xff00ff00)) & 0xff00ff00) |
  (((a & 0x00ff00ff) + (b & 0x00ff00ff)) & 0x00ff00ff)

/** Per-channel floor average. */
const average2 = (a: number, b: number): number => (((a ^ b) & 0xfefefefe) >>> 1) + (a & b)

/** 0..255; `v` is within -255..510. */
const clamp = (v: number): number => (v & ~0xff ? (~v >>> 31) * 255 : v)

function select(l: number, t: number, tl: number): number {
  // Manhattan distances of the estimate L + T - TL to L and to T.
  const toL =
    Math.abs(((t >>> 24) & 0xff) - ((tl >>> 24) & 0xff)) +
    Math.abs(((t >>> 16) & 0xff) - ((tl >>> 16) & 0xff)) +
    Math.abs(((t >>> 8) & 0xff) - ((tl >>> 8) & 0xff)) +
    Math.abs((t & 0xff) - (tl & 0xff))
  const toT =
    Math.abs(((l >>> 24) & 0xff) - ((tl >>> 24) & 0xff)) +
    Math.abs(((l >>> 16) & 0xff) - ((tl >>> 16) & 0xff)) +
    Math.abs(((l >>> 8) & 0xff) - ((tl >>> 8) & 0xff)) +
    Math.abs((l & 0xff) - (tl & 0xff))
  return toL < toT ? l : t
}

/** Per channel clamp(a + b - c), channels unrolled. */
function clampAddSubtractFull(a: number, b: number, c: number): number {
  const alpha = clamp((a >>> 24) + (b >>> 24) - (c >>> 24))
  const red = clamp(((a >>> 16) & 0xff) + ((b >>> 16) & 0xff) - ((c >>> 16) & 0xff))
  const green = clamp(((a >>> 8) & 0xff) + ((b >>> 8) & 0xff) - ((c >>> 8) & 0xff))
  const blue = clamp((a & 0xff) + (b & 0xff) - (c & 0xff))
  return (alpha << 24) | (red << 16) | (green << 8) | blue
}

/** Per channel clamp(a + (a - b) / 2), the division truncating toward zero as in C. */
function clampAddSubtractHalf(a: number, b: number): number {
  const a3 = a >>> 24
  const a2 = (a >>> 16) & 0xff
  const a1 = (a >>> 8) & 0xff
  const a0 = a & 0xff
  const alpha = clamp(a3 + (((a3 - (b >>> 24)) / 2) | 0))
  const red = clamp(a2 + (((a2 - ((b >>> 16) & 0xff)) / 2) | 0))
  const green = clamp(a1 + (((a1 - ((b >>> 8) & 0xff)) / 2) | 0))
  const blue = clamp(a0 + (((a0 - (b & 0xff)) / 2) | 0))
  return (alpha << 24) | (red << 16) | (green << 8) | blue
}

/** Undoes the predictor transform on row `y` in place (`row` holds `t.width` residuals). */
export function inversePredictor(t: Transform, y: number, row: Int32Array): void {
  const width = t.width
  const top = t.previous
  if (y === 0) {
    row[0] = add(row[0]!, 0xff000000)
    for (let x = 1; x < width; x++) row[x] = add(row[x]!, row[x - 1]!)
  } else {
    row[0] = add(row[0]!, top[0]!)
    const bits = t.bits
    const modes = t.data
    const base = (y >> bits) * ((width + (1 << bits) - 1) >> bits)
    // The last column's top-right is the first pixel of the current row.
    const last = width - 1
    const topRight = (x: number): number => (x < last ? top[x + 1]! : row[0]!)
    let x = 1
    while (x < width) {
      const mode = (modes[base + (x >> bits)]! >>> 8) & 0xf
      const end = Math.min(width, ((x >> bits) + 1) << bits)
      let left = row[x - 1]!
      switch (mode) {
        case 1:
          for (; x < end; x++) left = row[x] = add(row[x]!, left)
          break
        case 2:
          for (; x < end; x++) row[x] = add(row[x]!, top[x]!)
          break
        case 3:
          for (; x < end; x++) {
            const tr = topRight(x)
            left = row[x] = add(row[x]!, tr)
          }
          break
        case 4:
          for (; x < end; x++) {
            const tl = top[x - 1]!
            left = row[x] = add(row[x]!, tl)
          }
          break
        case 5:
          for (; x < end; x++) {
            const t = top[x]!
            const tr = topRight(x)
            left = row[x] = add(row[x]!, average2(average2(left, tr), t))
          }
          break
        case 6:
          for (; x < end; x++) {
            const tl = top[x - 1]!
            left = row[x] = add(row[x]!, average2(left, tl))
          }
          break
        case 7:
          for (; x < end; x++) {
            const t = top[x]!
            left = row[x] = add(row[x]!, average2(left, t))
          }
          break
        case 8:
          for (; x < end; x++) {
            const t = top[x]!
            const tl = top[x - 1]!
            left = row[x] = add(row[x]!, average2(tl, t))
          }
          break
        case 9:
          for (; x < end; x++) {
            const t = top[x]!
            const tr = topRight(x)
            left = row[x] = add(row[x]!, average2(t, tr))
          }
          break
        case 10:
          for (; x < end; x++) {
            const t = top[x]!
            const tl = top[x - 1]!
            const tr = topRight(x)
            left = row[x] = add(row[x]!, average2(average2(left, tl), average2(t, tr)))
          }
          break
        case 11:
          for (; x < end; x++) {
            const t = top[x]!
            const tl = top[x - 1]!
            left = row[x] = add(row[x]!, select(left, t, tl))
          }
          break
        case 12:
          for (; x < end; x++) {
            const t = top[x]!
            const tl = top[x - 1]!
            left = row[x] = add(row[x]!, clampAddSubtractFull(left, t, tl))
          }
          break
        case 13:
          for (; x < end; x++) {
            const t = top[x]!
            const tl = top[x - 1]!
            left = row[x] = add(row[x]!, clampAddSubtractHalf(average2(left, t), tl))
          }
          break
        default:
          // Modes 0, 14 and 15: opaque black.
          for (; x < end; x++) left = row[x] = add(row[x]!, 0xff000000)
      }
    }
  }
  top.set(row.subarray(0, width))
}

/** (int8 t × int8 c) >> 5, the colour transform's delta. */
const delta = (t: number, c: number): number => (((t << 24) >> 24) * ((c << 24) >> 24)) >> 5

/** Undoes the colour transform on row `y` in place. */
export function inverseCrossColor(t: Transform, y: number, row: Int32Array): void {
  const width = t.width
  const bits = t.bits
  const base = (y >> bits) * ((width + (1 << bits) - 1) >> bits)
  const data = t.data
  for (let x = 0; x < width; ) {
    const m = data[base + (x >> bits)]!
    const greenToRed = m & 0xff
    const greenToBlue = (m >>> 8) & 0xff
    const redToBlue = (m >>> 16) & 0xff
    const end = Math.min(width, ((x >> bits) + 1) << bits)
    for (; x < end; x++) {
      const p = row[x]!
      const green = (p >>> 8) & 0xff
      const red = (((p >>> 16) & 0xff) + delta(greenToRed, green)) & 0xff
      const blue = ((p & 0xff) + delta(greenToBlue, green) + delta(redToBlue, red)) & 0xff
      row[x] = (p & 0xff00ff00) | (red << 16) | blue
    }
  }
}

/** Undoes subtract-green on `width` pixels in place. */
export function inverseSubtractGreen(width: number, row: Int32Array): void {
  for (let x = 0; x < width; x++) {
    const p = row[x]!
    const g = (p >>> 8) & 0xff
    row[x] = (p & 0xff00ff00) | ((((p >>> 16) + g) & 0xff) << 16) | (((p & 0xff) + g) & 0xff)
  }
}

/** Expands the packed indices in `input` to palette colours in `output` (`t.width` pixels). */
export function inverseColorIndexing(t: Transform, input: Int32Array, output: Int32Array): void {
  const width = t.width
  const palette = t.data
  const bits = t.bits
  if (bits === 0) {
    for (let x = 0; x < width; x++) output[x] = palette[(input[x]! >>> 8) & 0xff]!
    return
  }
  const perWord = 1 << bits
  const depth = 8 >> bits
  const mask = (1 << depth) - 1
  for (let x = 0, i = 0; x < width; i++) {
    let word = input[i]! >>> 8
    const end = Math.min(width, x + perWord)
    for (; x < end; x++) {
      output[x] = palette[word & mask]!
      word >>>= depth
    }
  }
}

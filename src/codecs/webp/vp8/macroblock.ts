/**
 * The contract between the VP8 parser (header, probabilities, tokens) and the reconstruction
 * (prediction, inverse transforms, loop filter, colour): one frame's facts and one macroblock
 * row's parse at a time, so the decoder never holds more than a row of macroblocks.
 */

/** Intra 16 × 16 luma and 8 × 8 chroma modes, in the bitstream's numbering (RFC 6386 §11.2). */
export const DC_PRED = 0
export const V_PRED = 1
export const H_PRED = 2
export const TM_PRED = 3

/** Intra 4 × 4 luma sub-block modes, in the bitstream's numbering (RFC 6386 §11.3). */
export const B_DC_PRED = 0
export const B_TM_PRED = 1
export const B_VE_PRED = 2
export const B_HE_PRED = 3
export const B_LD_PRED = 4
export const B_RD_PRED = 5
export const B_VR_PRED = 6
export const B_VL_PRED = 7
export const B_HD_PRED = 8
export const B_HU_PRED = 9

/** What reconstruction needs from the key frame's header. */
export interface Vp8Frame {
  /** Picture size in pixels (the header's 14-bit fields; scaling bits are ignored). */
  readonly width: number
  readonly height: number
  /** Macroblocks across and down: ceil(width / 16), ceil(height / 16). */
  readonly mbWidth: number
  readonly mbHeight: number
  /** 0: no loop filter (every level is 0), 1: simple filter, 2: normal filter. */
  readonly filterType: 0 | 1 | 2
  /** The header's sharpness_level, 0-7. */
  readonly sharpness: number
}

/** One macroblock as parsed: modes, the loop filter's inputs, and dequantized coefficients. */
export interface Vp8Macroblock {
  /** True when luma is predicted per 4 × 4 sub-block (B_PRED), false for a 16 × 16 mode. */
  isI4x4: boolean
  /** The 16 × 16 luma mode (DC_PRED…TM_PRED) when `isI4x4` is false. */
  yMode: number
  /** The sixteen 4 × 4 modes (B_DC_PRED…B_HU_PRED) in raster order, when `isI4x4` is true. */
  readonly subModes: Uint8Array
  /** The chroma mode (DC_PRED…TM_PRED), shared by U and V. */
  uvMode: number
  /**
   * Loop-filter level 0-63 after segment and mode/reference deltas and clamping
   * (RFC 6386 §9.6 and §15.1); 0 means the macroblock is not filtered.
   */
  filterLevel: number
  /** Filter the inner 4 × 4 edges too: true for B_PRED or when any coefficient is non-zero. */
  filterInner: boolean
  /**
   * 24 blocks × 16 dequantized coefficients in raster order within each block (de-zigzagged):
   * blocks 0-15 luma in raster order, 16-19 U, 20-23 V. For a 16 × 16 luma mode the Y2 block's
   * inverse Walsh-Hadamard transform is already applied: its outputs are the luma blocks' DC
   * terms (index 0 of each luma block).
   */
  readonly coeffs: Int16Array
  /**
   * Bit b (0-23) set when block b has any non-zero coefficient (after the Y2 transform for the
   * luma DCs), so reconstruction can skip the inverse DCT of empty blocks.
   */
  nonZero: number
  /**
   * Bit b (0-23) clear when block b's AC coefficients (1-15) are all zero, so reconstruction can
   * use the DC-only inverse DCT without scanning them; a set bit only means "maybe non-zero".
   */
  acNonZero: number
}

/** A fresh macroblock record (the parser fills it; reconstruction reads it). */
export function newMacroblock(): Vp8Macroblock {
  return {
    isI4x4: false,
    yMode: DC_PRED,
    subModes: new Uint8Array(16),
    uvMode: DC_PRED,
    filterLevel: 0,
    filterInner: false,
    coeffs: new Int16Array(24 * 16),
    nonZero: 0,
    acNonZero: 0,
  }
}

/** The parser's side of the contract. */
export interface Vp8Parser {
  readonly frame: Vp8Frame
  /**
   * Parses macroblock row `mbY` (called for 0, 1, … in order) into `out[0 … mbWidth-1]`,
   * overwriting every field (coefficients of empty blocks are zeroed).
   * @throws CodecError('corrupt') when the data runs out or is inconsistent
   */
  parseRow(mbY: number, out: Vp8Macroblock[]): void
}

/**
 * Finished pixels (after the loop filter) of a run of luma rows and the chroma rows that cover
 * them: luma rows [top, top + rows) of the picture and chroma rows [top / 2, ceil((top + rows) / 2)).
 * `top` is even; bands come top to bottom and cover the picture once. The planes start at column 0
 * and may be wider than the picture (macroblock-aligned). Valid until the next band is requested.
 */
export interface Vp8Band {
  readonly y: Uint8Array
  readonly u: Uint8Array
  readonly v: Uint8Array
  readonly yStride: number
  readonly uvStride: number
  readonly top: number
  readonly rows: number
}

/**
 * CCITT fax decoder for TIFF Compression 2, 3 and 4 (decode path, strip decompression): one row
 * at a time against the previous row's changing elements, output as packed 1-bit rows.
 */

import { CodecError } from '../../lib/codec-error'
import {
  BLACK_PEEK_BITS,
  BLACK_TABLE,
  EOL_RUN,
  MODE_PEEK_BITS,
  MODE_TABLE,
  Mode,
  WHITE_PEEK_BITS,
  WHITE_TABLE,
} from './codes'

// ---------------------------------------------------------------------------------------------
// ITU-T T.4 §4.1 (one-dimensional coding: alternating white/black run lengths, make-up +
// terminating codes, EOL), §4.2 (two-dimensional coding: pass, horizontal and vertical modes
// relative to the reference line, EOL + 1 tag bit per line), T.6 §2 (MMR: every line 2-D, the
// first against an all-white line, no EOL), TIFF 6.0 Section 10 (Compression 2: T.4 1-D with
// each row starting on a byte boundary and no EOL) and Section 11 (T4Options, T6Options).
// Input: one strip's or tile's bytes, MSB-first (FillOrder 1). Output: rows of packed bits,
// MSB first, 1 where the fax coding says black; the caller applies PhotometricInterpretation.
// ---------------------------------------------------------------------------------------------

/** Which fax coding a strip uses. */
export type FaxCoding =
  /** TIFF Compression 2: T.4 1-D, rows byte-aligned, no EOL */
  | 'mh'
  /** TIFF Compression 3: T.4, EOL-prefixed rows, 1-D or (with `twoDimensional`) MR */
  | 't4'
  /** TIFF Compression 4: T.6 MMR */
  | 't6'

/** How to read one strip or tile. */
export interface FaxDecodeOptions {
  readonly coding: FaxCoding
  /** T.4 only: T4Options bit 0, rows may be 2-D coded (an EOL's tag bit says which). */
  readonly twoDimensional?: boolean
}

/** T.4 §4.1.6: the 1-D code that enters uncompressed mode, in place of a white run. */
const UNCOMPRESSED_1D = 0b000000001111

/** Colour of a run: 0 white, 1 black. */
type Colour = 0 | 1

/** Sets bits `from`..`to - 1` (MSB first) in `row`. */
function setBits(row: Uint8Array, from: number, to: number): void {
  if (from >= to) return
  const first = from >> 3
  const last = (to - 1) >> 3
  const firstMask = 0xff >> (from & 7)
  const lastMask = (0xff << (7 - ((to - 1) & 7))) & 0xff
  if (first === last) {
    row[first]! |= firstMask & lastMask
    return
  }
  row[first]! |= firstMask
  row.fill(0xff, first + 1, last)
  row[last]! |= lastMask
}

/**
 * Decodes the rows of one CCITT-coded strip or tile in order.
 * @example
 * const fax = new FaxDecoder(stripBytes, 1728, { coding: 't6' })
 * const row = new Uint8Array(216)
 * fax.decodeRow(row) // row holds the first 1728 pixels, 1 = black
 */
export class FaxDecoder {
  readonly #data: Uint8Array
  readonly #width: number
  readonly #coding: FaxCoding
  readonly #twoDimensional: boolean
  /** Next byte to load into the bit accumulator (may run past the end: zeros are loaded). */
  #pos = 0
  #acc = 0
  #bits = 0
  /** Changing elements of the reference line and of the line being decoded, with sentinels. */
  #ref: Int32Array
  #cur: Int32Array
  #row = 0

  /**
   * @param data the compressed strip or tile (not copied; must not change while decoding)
   * @param width pixels per row (>= 1)
   */
  constructor(data: Uint8Array, width: number, options: FaxDecodeOptions) {
    this.#data = data
    this.#width = width
    this.#coding = options.coding
    this.#twoDimensional = options.coding === 't6' || options.twoDimensional === true
    // A valid line has at most `width` changes; zero-length runs can add a few more, and a
    // run of them past this capacity is treated as corrupt data rather than grown into.
    const capacity = width * 2 + 8
    this.#ref = new Int32Array(capacity)
    this.#cur = new Int32Array(capacity)
    this.#ref.fill(width, 0, 3)
  }

  /**
   * Decodes the next row into `out` (at least ceil(width / 8) bytes; overwritten).
   * @throws CodecError 'corrupt' on an invalid code, a row longer than the width or data that
   *   ends early; 'unsupported' on T.4/T.6 uncompressed mode
   */
  decodeRow(out: Uint8Array): void {
    const coding = this.#coding
    let twoD = coding === 't6'
    if (coding === 'mh') {
      if (this.#row > 0) this.#skip(this.#bits & 7)
    } else if (coding === 't4') {
      const sawEol = this.#skipEol()
      if (this.#twoDimensional) {
        if (sawEol) {
          twoD = this.#peek(1) === 0
          this.#skip(1)
        } else {
          twoD = this.#row > 0
        }
      }
    }
    const count = twoD ? this.#decode2D() : this.#decode1D()
    if (this.#consumedBits() > this.#data.length * 8) {
      throw new CodecError('corrupt', `CCITT data ends in row ${this.#row}`)
    }
    const cur = this.#cur
    const w = this.#width
    out.fill(0, 0, (w + 7) >> 3)
    for (let i = 0; i < count; i += 2) {
      const from = cur[i]!
      const to = i + 1 < count ? cur[i + 1]! : w
      setBits(out, from, Math.min(to, w))
    }
    cur[count] = w
    cur[count + 1] = w
    cur[count + 2] = w
    this.#cur = this.#ref
    this.#ref = cur
    this.#row++
  }

  #consumedBits(): number {
    return this.#pos * 8 - this.#bits
  }

  #peek(n: number): number {
    if (this.#bits < n) {
      const data = this.#data
      while (this.#bits <= 24) {
        const pos = this.#pos++
        this.#acc = (this.#acc << 8) | (pos < data.length ? data[pos]! : 0)
        this.#bits += 8
      }
    }
    return (this.#acc >>> (this.#bits - n)) & ((1 << n) - 1)
  }

  #skip(n: number): void {
    this.#bits -= n
  }

  #fail(what: string): never {
    throw new CodecError('corrupt', `CCITT ${what} in row ${this.#row}`)
  }

  /**
   * Skips fill bits and an EOL (eleven or more 0s, then a 1) at the start of a T.4 row.
   * No valid code starts with eight 0s, so anything else is row data and is left in place.
   * @returns whether an EOL was there
   */
  #skipEol(): boolean {
    if (this.#peek(8) !== 0) return false
    const limit = this.#data.length * 8
    let zeros = 0
    while (this.#peek(8) === 0) {
      this.#skip(8)
      zeros += 8
      if (this.#consumedBits() > limit) this.#fail('data ends before the row')
    }
    while (this.#peek(1) === 0) {
      this.#skip(1)
      zeros++
    }
    if (zeros < 11) this.#fail('code (bad EOL)')
    this.#skip(1)
    return true
  }

  /** Reads one run of `colour`: make-up codes then a terminating code. */
  #readRun(colour: Colour): number {
    let run = 0
    for (;;) {
      const entry = colour
        ? BLACK_TABLE[this.#peek(BLACK_PEEK_BITS)]!
        : WHITE_TABLE[this.#peek(WHITE_PEEK_BITS)]!
      if (entry === 0) {
        if (colour === 0 && this.#peek(12) === UNCOMPRESSED_1D) {
          throw new CodecError('unsupported', 'CCITT uncompressed mode is not supported')
        }
        this.#fail(`${colour ? 'black' : 'white'} run code`)
      }
      this.#skip(entry & 15)
      const length = entry >> 4
      if (length === EOL_RUN) this.#fail('EOL inside a row')
      run += length
      if (length < 64) return run
      if (run > this.#width) this.#fail('run past the end of the row')
    }
  }

  /** T.4 §4.1: alternating white and black runs from a white start. @returns the change count */
  #decode1D(): number {
    const w = this.#width
    const cur = this.#cur
    const capacity = cur.length - 3
    let a = 0
    let n = 0
    let colour: Colour = 0
    while (a < w) {
      a += this.#readRun(colour)
      if (a > w) this.#fail('run past the end of the row')
      if (n === capacity) this.#fail('row with too many changes')
      cur[n++] = a
      colour = colour === 0 ? 1 : 0
    }
    return n
  }

  /**
   * T.4 §4.2.1.3 / T.6: codes the changing elements a1, a2 of this line against b1, b2 of the
   * reference line. a0 starts on an imaginary white element before the line (-1).
   * @returns the change count
   */
  #decode2D(): number {
    const w = this.#width
    const ref = this.#ref
    const cur = this.#cur
    const capacity = cur.length - 5
    let n = 0
    let a0 = -1
    let colour: Colour = 0
    let p = 0
    while (a0 < w) {
      // b1: the first reference change right of a0 whose colour differs from a0's (even
      // indices are white-to-black). Everything before p - 1 is at or left of a0 already.
      if (p > 0) p--
      while (ref[p]! <= a0) p++
      if ((p & 1) !== colour) p++
      const b1 = ref[p]!
      const entry = MODE_TABLE[this.#peek(MODE_PEEK_BITS)]!
      if (entry === 0) this.#fail('mode code')
      this.#skip(entry & 15)
      const mode = entry >> 4
      if (mode === Mode.Pass) {
        a0 = ref[p + 1]!
      } else if (mode === Mode.Horizontal) {
        const a1 = Math.max(a0, 0) + this.#readRun(colour)
        const a2 = a1 + this.#readRun(colour === 0 ? 1 : 0)
        if (a2 > w) this.#fail('run past the end of the row')
        if (n >= capacity) this.#fail('row with too many changes')
        cur[n++] = a1
        cur[n++] = a2
        a0 = a2
      } else if (mode === Mode.Extension) {
        if (this.#peek(3) === 7) {
          throw new CodecError('unsupported', 'CCITT uncompressed mode is not supported')
        }
        this.#fail('extension code')
      } else {
        const a1 = b1 + mode - Mode.Vertical
        if (a1 < 0 || a1 > w || a1 < a0) this.#fail('vertical code outside the row')
        if (n >= capacity) this.#fail('row with too many changes')
        cur[n++] = a1
        a0 = a1
        colour = colour === 0 ? 1 : 0
      }
    }
    return n
  }
}

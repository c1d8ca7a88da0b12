/**
 * CCITT T.6 (Group 4, MMR) encoder for bilevel TIFF strips and PDF /CCITTFaxDecode images:
 * rows go in as they arrive, compressed bytes come out in 64 KiB parts.
 */

import {
  BLACK_BITS,
  BLACK_CODE,
  EOL_BITS,
  EOL_CODE,
  MAX_MAKEUP_RUN,
  MODE_BITS,
  MODE_CODE,
  Mode,
  WHITE_BITS,
  WHITE_CODE,
} from './codes'

// ---------------------------------------------------------------------------------------------
// ITU-T T.6 §2.2 (coding procedure, the T.4 §4.2.1.3.4 flowchart with K = infinity): each line
// is coded against the previous one (the first against an all-white line) in pass, vertical
// (|a1b1| <= 3) or horizontal mode; runs use the T.4 code tables, runs over 2560 chain 2560
// make-up codes (T.4 §4.1.1). T.6 §2.4: EOFB (two EOLs) ends the data, padded to a byte.
// Input: rows as changing-element lists (or packed bits / 8-bit gray, converted here).
// Output: MSB-first bytes (FillOrder 1), 1 = black.
// ---------------------------------------------------------------------------------------------

/** Bytes per output part. */
const PART_BYTES = 64 * 1024

/**
 * Writes the changing elements of an 8-bit gray row into `out`: positions where the colour
 * changes, reading left to right from an imaginary white pixel (`sample < threshold` is black).
 * @returns how many were written (`out` needs `width` entries)
 */
export function changesFromGray(
  row: Uint8Array,
  width: number,
  threshold: number,
  out: Int32Array,
): number {
  let n = 0
  let black = false
  for (let x = 0; x < width; x++) {
    if (row[x]! < threshold !== black) {
      out[n++] = x
      black = !black
    }
  }
  return n
}

/**
 * Writes the changing elements of a packed 1-bit row (MSB first, 1 = black) into `out`, skipping
 * whole bytes that continue the current colour.
 * @returns how many were written (`out` needs `width` entries)
 */
export function changesFromBits(row: Uint8Array, width: number, out: Int32Array): number {
  let n = 0
  let black = 0
  let x = 0
  while (x < width) {
    const byte = row[x >> 3]!
    if ((x & 7) === 0 && x + 8 <= width && byte === (black ? 0xff : 0)) {
      x += 8
      continue
    }
    const bit = (byte >> (7 - (x & 7))) & 1
    if (bit !== black) {
      out[n++] = x
      black = bit
    }
    x++
  }
  return n
}

/**
 * Streaming T.6 encoder for one strip: call one of the `encode…` methods per row, then `finish`.
 * @example
 * const g4 = new G4Encoder(2048)
 * for (const row of grayRows) g4.encodeGray(row)
 * const parts = g4.finish()
 */
export class G4Encoder {
  readonly #width: number
  #ref: Int32Array
  #cur: Int32Array
  #parts: Uint8Array[] = []
  #buffer = new Uint8Array(PART_BYTES)
  #pos = 0
  #acc = 0
  #bits = 0
  #byteLength = 0
  #finished = false

  /** @param width pixels per row (>= 1) */
  constructor(width: number) {
    if (!Number.isInteger(width) || width < 1) {
      throw new RangeError(`Expected a positive integer for width but received ${width}`)
    }
    this.#width = width
    this.#ref = new Int32Array(width + 3)
    this.#cur = new Int32Array(width + 3)
    this.#ref.fill(width, 0, 3)
  }

  /** Bytes produced so far (complete after `finish`). */
  get byteLength(): number {
    return this.#byteLength + this.#pos
  }

  /** Codes an 8-bit gray row (`width` samples; below `threshold` is black). */
  encodeGray(row: Uint8Array, threshold = 128): void {
    this.#encode(changesFromGray(row, this.#width, threshold, this.#cur))
  }

  /** Codes a packed 1-bit row (MSB first, 1 = black). */
  encodeBits(row: Uint8Array): void {
    this.#encode(changesFromBits(row, this.#width, this.#cur))
  }

  /** Ends the data with EOFB, pads to a byte and returns every part. The encoder is then spent. */
  finish(): Uint8Array[] {
    if (this.#finished) throw new Error('G4Encoder.finish called twice')
    this.#finished = true
    this.#put(EOL_CODE, EOL_BITS)
    this.#put(EOL_CODE, EOL_BITS)
    if (this.#bits > 0) this.#put(0, 8 - this.#bits)
    this.#flush()
    return this.#parts
  }

  #flush(): void {
    if (this.#pos === 0) return
    this.#parts.push(this.#buffer.subarray(0, this.#pos))
    this.#byteLength += this.#pos
    this.#buffer = new Uint8Array(PART_BYTES)
    this.#pos = 0
  }

  /** Appends the low `length` (<= 24) bits of `code`, MSB first. */
  #put(code: number, length: number): void {
    let acc = (this.#acc << length) | code
    let bits = this.#bits + length
    const buffer = this.#buffer
    let pos = this.#pos
    while (bits >= 8) {
      bits -= 8
      buffer[pos++] = acc >>> bits
    }
    acc &= (1 << bits) - 1
    this.#acc = acc
    this.#bits = bits
    this.#pos = pos
    if (pos > PART_BYTES - 4) this.#flush()
  }

  /** Codes one run: 2560 make-ups while longer, then one make-up (>= 64), then terminating. */
  #putRun(run: number, black: boolean): void {
    const codes = black ? BLACK_CODE : WHITE_CODE
    const lengths = black ? BLACK_BITS : WHITE_BITS
    let rest = run
    while (rest > MAX_MAKEUP_RUN) {
      const index = 63 + MAX_MAKEUP_RUN / 64
      this.#put(codes[index]!, lengths[index]!)
      rest -= MAX_MAKEUP_RUN
    }
    if (rest >= 64) {
      const index = 63 + (rest >> 6)
      this.#put(codes[index]!, lengths[index]!)
      rest &= 63
    }
    this.#put(codes[rest]!, lengths[rest]!)
  }

  /** Codes the line whose `count` changing elements are in `#cur` (T.4 Figure 7 with K = ∞). */
  #encode(count: number): void {
    if (this.#finished) throw new Error('G4Encoder used after finish')
    const w = this.#width
    const ref = this.#ref
    const cur = this.#cur
    cur[count] = w
    cur[count + 1] = w
    cur[count + 2] = w
    let a0 = -1
    let black = false
    let ai = 0
    let p = 0
    while (a0 < w) {
      // b1, b2 exactly as the decoder finds them: the first reference change right of a0 of
      // the other colour (even indices start black runs), and the change after it.
      if (p > 0) p--
      while (ref[p]! <= a0) p++
      if ((p & 1) !== (black ? 1 : 0)) p++
      const b1 = ref[p]!
      const b2 = ref[p + 1]!
      const a1 = cur[ai]!
      if (b2 < a1) {
        this.#put(MODE_CODE[Mode.Pass]!, MODE_BITS[Mode.Pass]!)
        a0 = b2
        continue
      }
      const d = a1 - b1
      if (d >= -3 && d <= 3) {
        const mode = Mode.Vertical + d
        this.#put(MODE_CODE[mode]!, MODE_BITS[mode]!)
        a0 = a1
        black = !black
        ai++
        continue
      }
      const a2 = cur[ai + 1]!
      this.#put(MODE_CODE[Mode.Horizontal]!, MODE_BITS[Mode.Horizontal]!)
      this.#putRun(a1 - Math.max(a0, 0), black)
      this.#putRun(a2 - a1, !black)
      a0 = a2
      ai += 2
    }
    this.#cur = ref
    this.#ref = cur
  }
}

/**
 * The VP8L bit reader (convert path, decode step): bits least significant first, as the lossless
 * bitstream packs them (RFC 9649 §3 "ReadBits").
 */

import { CodecError } from '../../../lib/codec-error'

/**
 * Reads the bits of a VP8L payload. Past the end it feeds zero bits (while `pos` keeps counting),
 * so a look-ahead is harmless; `checkEnd()` throws when a padded bit was consumed, which the
 * decoder checks at every row and at the end of each sub-image (a truncated file).
 */
export class BitReader {
  /** The next `count` bits, the next one in bit 0 (an int32; read it with `>>>`). */
  val = 0
  count = 0
  constructor(
    readonly data: Uint8Array,
    public pos: number,
  ) {}

  /** Tops the buffer up to more than 24 bits. */
  fill(): void {
    const data = this.data
    let val = this.val
    let count = this.count
    let pos = this.pos
    while (count <= 24) {
      if (pos < data.length) val |= data[pos]! << count
      pos++
      count += 8
    }
    this.val = val
    this.count = count
    this.pos = pos
  }

  /** Reads `n` ≤ 24 bits as an unsigned number. */
  read(n: number): number {
    if (this.count < n) this.fill()
    const v = this.val & ((1 << n) - 1)
    this.val = (this.val >>> n) | 0
    this.count -= n
    return v
  }

  /** Throws CodecError('corrupt') when bits past the end of the data were consumed. */
  checkEnd(): void {
    if ((this.pos - this.data.length) * 8 > this.count) {
      throw new CodecError('corrupt', 'The VP8L data is truncated')
    }
  }
}

/**
 * VP8's boolean entropy decoder (RFC 6386 §7), in libwebp's form: `range` is kept minus one and
 * `value` holds `bits + 8` unread bits, refilled three bytes at a time and byte by byte at the end.
 */

export class BoolDecoder {
  /** True once a read needed bits past the end: libwebp then fails the frame. */
  eof = false
  // The state is public so the token reader can keep it in locals through a block (residuals.ts).
  value = 0
  bits = -8
  range = 254
  pos: number

  constructor(
    readonly data: Uint8Array,
    start: number,
    readonly end: number,
  ) {
    this.pos = start
    this.load()
  }

  /** Refills `value`; past the end it shifts in one zero byte and flags `eof` (as libwebp does). */
  load(): void {
    const p = this.pos
    if (p + 3 <= this.end) {
      const d = this.data
      this.value = (this.value << 24) | (d[p]! << 16) | (d[p + 1]! << 8) | d[p + 2]!
      this.pos = p + 3
      this.bits += 24
    } else if (p < this.end) {
      this.value = (this.value << 8) | this.data[p]!
      this.pos = p + 1
      this.bits += 8
    } else if (!this.eof) {
      this.value <<= 8
      this.bits += 8
      this.eof = true
    } else {
      this.bits = 0
    }
  }

  /** One bool whose probability of being 0 is `prob` / 256. */
  getBit(prob: number): number {
    if (this.bits < 0) this.load()
    const bits = this.bits
    let range = this.range
    const split = (range * prob) >>> 8
    let bit = 0
    if (this.value >>> bits > split) {
      range -= split
      this.value -= (split + 1) << bits
      bit = 1
    } else {
      range = split + 1
    }
    // Renormalise so the range is 128-255 again: the shift is 7 - floor(log2(range)).
    const shift = Math.clz32(range) - 24
    this.range = (range << shift) - 1
    this.bits = bits - shift
    return bit
  }

  /** An unsigned `n`-bit literal, most significant bit first. */
  getValue(n: number): number {
    let v = 0
    while (n-- > 0) v |= this.getBit(0x80) << n
    return v
  }

  /** An `n`-bit magnitude followed by a sign bit. */
  getSignedValue(n: number): number {
    const v = this.getValue(n)
    return this.getBit(0x80) ? -v : v
  }

  /** An optional signed value: a flag, then `n` bits and a sign when the flag is set. */
  getOptionalSigned(n: number): number {
    return this.getBit(0x80) ? this.getSignedValue(n) : 0
  }
}

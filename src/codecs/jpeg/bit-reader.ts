/**
 * The entropy-coded-segment bit reader (convert path, decode step): reads one scan's bits in
 * order, undoing 0xFF00 byte stuffing and stopping at markers, and handles restart markers.
 */

// ---------------------------------------------------------------------------------------------
// Stage: bit reader.
// Job: serve the bits of an entropy-coded segment, most significant bit first.
// Input → output: the file bytes and a start offset → bits on demand.
// Source: ITU-T T.81 B.1.1.5 (byte stuffing: 0xFF data bytes are followed by 0x00), F.2.2.5
// (NEXTBIT; a marker met inside the data ends it), B.1.1.2 / F.1.2.3 (fill bytes 0xFF before a
// marker), E.1.4 and F.2.2.x (restart: RSTm markers, m counting 0..7, reset the predictions
// and start on a byte boundary).
//
// When the reader meets a marker (or the end of the data) it appends zero bytes and counts them
// in `pad`, so a look-ahead past the end is harmless; consuming a padded bit is an overrun,
// which the scan decoder turns into CodecError 'corrupt' (truncated or damaged data).
// ---------------------------------------------------------------------------------------------

/** Why a restart boundary could not be crossed, or undefined when it was. */
export type RestartProblem = string | undefined

/** Reads the bits of one entropy-coded segment. */
export class BitReader {
  /** The next `count` bits of the stream, in the low bits of `buf` (older bits higher). */
  buf = 0
  count = 0
  /** Zero bits appended after a marker or the end of the data; a multiple of 8. */
  pad = 0
  /** Number 0..7 of the RST marker expected at the next restart boundary. */
  private nextRestart = 0

  /**
   * @param data the whole file (not copied)
   * @param pos offset of the first byte of the entropy-coded segment
   */
  constructor(
    private readonly data: Uint8Array,
    public pos: number,
  ) {}

  /** Tops the buffer up to at least 25 bits. */
  fill(): void {
    const data = this.data
    let buf = this.buf
    let count = this.count
    let pos = this.pos
    let pad = this.pad
    while (count <= 24) {
      if (pad === 0 && pos < data.length) {
        const byte = data[pos]!
        if (byte !== 0xff) {
          buf = (buf << 8) | byte
          pos++
          count += 8
          continue
        }
        if (data[pos + 1] === 0) {
          buf = (buf << 8) | 0xff
          pos += 2
          count += 8
          continue
        }
      }
      // A marker (or the end): stop before it and feed zeros from now on.
      buf <<= 8
      count += 8
      pad += 8
    }
    this.buf = buf
    this.count = count
    this.pos = pos
    this.pad = pad
  }

  /**
   * For decoders that keep the bit count in a local while they work: stores `count`, tops the
   * buffer up, and returns the new count (read `buf` again afterwards).
   */
  refill(count: number): number {
    this.count = count
    this.fill()
    return this.count
  }

  /** Reads `n` bits (1..16) as an unsigned number. */
  bits(n: number): number {
    if (this.count < n) this.fill()
    this.count -= n
    return (this.buf >>> this.count) & ((1 << n) - 1)
  }

  /** Reads one bit. */
  bit(): number {
    if (this.count < 1) this.fill()
    this.count--
    return (this.buf >>> this.count) & 1
  }

  /** True when more bits were consumed than the segment holds. */
  get overrun(): boolean {
    return this.count < this.pad
  }

  /**
   * Crosses a restart boundary: drops the rest of the current byte, then consumes the RSTm
   * marker that should follow. A marker that is simply missing (the data goes on) is tolerated,
   * as common decoders do. Leftover data bytes right before the expected RST are skipped (an
   * RST numbered one further would mean that marker was missing and the next interval short).
   * @returns undefined when decoding can go on; a message when the data ends or another marker
   *   (or an RST with the wrong number) stands where the RST should be
   */
  restart(): RestartProblem {
    if (this.overrun) return 'the entropy-coded data ends inside a restart interval'
    const expected = this.nextRestart
    this.nextRestart = (expected + 1) & 7
    this.count -= this.count & 7
    const data = this.data
    let p = this.pos
    while (data[p] === 0xff && data[p + 1] === 0xff) p++
    const marker = data[p] === 0xff ? data[p + 1] : undefined
    const isExpected = marker === 0xd0 + expected
    if (this.count > this.pad && !isExpected) {
      // Whole data bytes are buffered and the expected RST is not right behind them: the marker
      // is missing and the data goes on from the next byte.
      return undefined
    }
    if (isExpected) {
      this.pos = p + 2
      this.buf = 0
      this.count = 0
      this.pad = 0
      return undefined
    }
    if (marker === undefined || marker === 0) {
      if (p >= data.length) return 'the entropy-coded data ends before a restart marker'
      return undefined
    }
    const found =
      marker >= 0xd0 && marker <= 0xd7
        ? `RST${marker - 0xd0}`
        : `marker 0xFF${marker.toString(16).toUpperCase()}`
    return `expected RST${expected} but found ${found}`
  }
}

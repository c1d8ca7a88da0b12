/**
 * ASCII output buffer of the vector writers (vectorize path, write step): text and decimal
 * numbers written straight into byte chunks, with no intermediate strings.
 */

/**
 * Bytes per chunk. Building a 5 MB SVG of 200k arcs by string concatenation left a rope of
 * millions of small strings: 278 ms and +104 MB of heap; written as bytes, 92 ms and +20 MB
 * (Node 22, one-off timing script).
 */
const CHUNK_BYTES = 64 * 1024
/** Room for the longest number we write: sign, 16 integer digits, point, 8 decimals. */
const NUMBER_BYTES = 32
/** Powers of ten by decimal count, so rounding is one multiply. */
const POW10 = [1, 10, 100, 1000, 1e4, 1e5, 1e6, 1e7, 1e8]

const ZERO = 48
const MINUS = 45
const POINT = 46

/** Appends ASCII text and fixed-point numbers; `finish()` returns the bytes. */
export class AsciiWriter {
  readonly #chunks: Uint8Array[] = []
  #buffer: Uint8Array
  #at = 0
  /** Bytes in the finished chunks. */
  #done = 0

  /** @param chunkBytes size of each chunk (the first is allocated at once) */
  constructor(chunkBytes = CHUNK_BYTES) {
    this.#buffer = new Uint8Array(chunkBytes)
  }

  /** Bytes written so far. */
  get length(): number {
    return this.#done + this.#at
  }

  /** Appends text whose characters are all ASCII (U+0000-U+007F); others are a caller bug. */
  text(text: string): void {
    const n = text.length
    if (this.#at + n > this.#buffer.length) this.#grow(n)
    const buffer = this.#buffer
    let at = this.#at
    for (let i = 0; i < n; i++) buffer[at++] = text.charCodeAt(i)
    this.#at = at
  }

  /** Appends one byte (an ASCII code). */
  byte(code: number): void {
    if (this.#at === this.#buffer.length) this.#grow(1)
    this.#buffer[this.#at++] = code
  }

  /**
   * Appends `n / 10^decimals` in fixed point: never an exponent, no trailing zeros after the
   * point, "0" for zero (never "-0"). E.g. 150 hundredths → "1.5", -5 → "-0.05" (or "-.05").
   * @param n an integer count of 10^-decimals steps, |n| < 2^53
   * @param decimals 0-8
   * @param leadingZero false drops the "0" before the point (".5"), as SVG and PDF allow
   */
  steps(n: number, decimals: number, leadingZero: boolean): void {
    if (this.#at + NUMBER_BYTES > this.#buffer.length) this.#grow(NUMBER_BYTES)
    const buffer = this.#buffer
    let at = this.#at
    if (n === 0) {
      buffer[at++] = ZERO
      this.#at = at
      return
    }
    if (n < 0) {
      buffer[at++] = MINUS
      n = -n
    }
    const scale = POW10[decimals]!
    let whole = Math.floor(n / scale)
    let fraction = n - whole * scale
    if (whole > 0 || leadingZero) {
      let first = at
      do {
        const next = Math.floor(whole / 10)
        buffer[at++] = ZERO + whole - next * 10
        whole = next
      } while (whole > 0)
      // The digits came out least significant first.
      for (let last = at - 1; first < last; first++, last--) {
        const digit = buffer[first]!
        buffer[first] = buffer[last]!
        buffer[last] = digit
      }
    }
    if (fraction > 0) {
      let digits = decimals
      while (fraction % 10 === 0) {
        fraction /= 10
        digits--
      }
      buffer[at++] = POINT
      for (let i = digits - 1; i >= 0; i--) {
        const next = Math.floor(fraction / 10)
        buffer[at + i] = ZERO + fraction - next * 10
        fraction = next
      }
      at += digits
    }
    this.#at = at
  }

  /** Appends `value` rounded to `decimals` places, as {@link steps} writes it. */
  decimal(value: number, decimals: number, leadingZero = true): void {
    this.steps(Math.round(value * POW10[decimals]!), decimals, leadingZero)
  }

  /** The chunks written so far (the last one trimmed); the writer must not be used after. */
  parts(): Uint8Array[] {
    if (this.#at > 0) this.#chunks.push(this.#buffer.subarray(0, this.#at))
    this.#done += this.#at
    this.#at = 0
    this.#buffer = new Uint8Array(0)
    return this.#chunks
  }

  /** Everything written, in one array; the writer must not be used after. */
  finish(): Uint8Array {
    const parts = this.parts()
    if (parts.length === 1) return parts[0]!
    const out = new Uint8Array(this.#done)
    let offset = 0
    for (const part of parts) {
      out.set(part, offset)
      offset += part.length
    }
    return out
  }

  /** Closes the current chunk and starts one with room for at least `need` bytes. */
  #grow(need: number): void {
    if (this.#at > 0) this.#chunks.push(this.#buffer.subarray(0, this.#at))
    this.#done += this.#at
    this.#at = 0
    this.#buffer = new Uint8Array(Math.max(CHUNK_BYTES, need))
  }
}

/** Decodes the ASCII bytes of a writer. */
const decoder = new TextDecoder()

/**
 * `value` rounded to `decimals` places as a string (see {@link AsciiWriter.steps}), for the few
 * numbers written into attributes and headers.
 */
export function formatDecimal(value: number, decimals: number, leadingZero = true): string {
  const writer = new AsciiWriter(NUMBER_BYTES)
  writer.decimal(value, decimals, leadingZero)
  return decoder.decode(writer.finish())
}

/** The writer's bytes as a string (they are ASCII, so one byte is one character). */
export function asciiText(bytes: Uint8Array): string {
  return decoder.decode(bytes)
}

/**
 * The row-streaming pixel contract between codecs and engines. Images move through the convert
 * path as rows, top to bottom, so no stage ever holds a whole page (PLATFORM.md §7 rule 7).
 */

/** Interleaved 8-bit samples per pixel: 1 gray, 2 gray + alpha, 3 RGB, 4 RGBA. */
export type Channels = 1 | 2 | 3 | 4

/** Pixel density in pixels per inch, as read from or written to a file. */
export interface Density {
  x: number
  y: number
}

/**
 * A one-shot stream of 8-bit rows. `rows` yields exactly `height` rows of `width * channels`
 * bytes each. A yielded row is only valid until the next one is requested: copy it to keep it.
 * Iteration may throw a {@link CodecError} when the data turns out to be corrupt.
 */
export interface PixelRows {
  readonly width: number
  readonly height: number
  readonly channels: Channels
  /** Density stored in the source file, when it has one. */
  readonly density?: Density
  readonly rows: AsyncIterable<Uint8Array>
}

/** A stream of 8-bit gray rows (0 black … 255 white). */
export interface GrayRows extends PixelRows {
  readonly channels: 1
}

/** The push side of a row pipeline: a stage or encoder that accepts rows one at a time. */
export interface RowSink {
  /** Accepts the next row; the sink copies what it keeps, so the caller may reuse `row`. */
  write(row: Uint8Array): void | Promise<void>
}

/** An encoded file as the list of its parts, so it can be stored without one more copy. */
export interface EncodedFile {
  readonly parts: Uint8Array[]
  readonly byteLength: number
}

/**
 * Rows over an image held whole in one buffer (a decoder's output, the filing page), as views:
 * no row is copied. The buffer must hold `width · height · channels` bytes.
 */
export function bufferRows<C extends Channels>(
  bytes: Uint8Array,
  width: number,
  height: number,
  channels: C,
): PixelRows & { readonly channels: C } {
  const stride = width * channels
  return {
    width,
    height,
    channels,
    rows: (async function* () {
      for (let y = 0; y < height; y++) yield bytes.subarray(y * stride, (y + 1) * stride)
    })(),
  }
}

/**
 * Reads every row of `source` into one buffer of `width · height · channels` bytes, for the
 * stages that need the whole image at once (the tracing engines). The only whole-image copy.
 */
export async function readAllRows(source: PixelRows): Promise<Uint8Array> {
  const stride = source.width * source.channels
  const out = new Uint8Array(stride * source.height)
  let y = 0
  for await (const row of source.rows) {
    if (y >= source.height) break
    out.set(row.subarray(0, stride), y * stride)
    y++
  }
  return out
}

/**
 * EXIF orientation applied to decoded rows (convert path, decode step), so that a photo taken
 * sideways comes out upright.
 */

// ---------------------------------------------------------------------------------------------
// Stage: orient.
// Job: turn rows stored in EXIF orientation 1..8 into upright rows.
// Input → output: `height` rows of `width · channels` bytes → the upright image's rows (width and
// height swapped for orientations 5..8).
// Source: EXIF 2.32 (CIPA DC-008) §4.6.4 Table 4, Orientation: 1 as stored, 2 mirrored left-right,
// 3 rotated 180°, 4 mirrored top-bottom, 5 transposed (mirrored along the top-left diagonal),
// 6 needs a 90° clockwise turn, 7 transverse (mirrored along the other diagonal), 8 needs a 90°
// counter-clockwise turn.
//
// Memory: 1 streams; 2 mirrors each row into one row buffer; 3..8 need the last stored row
// before the first upright row, so the image is gathered once (width · height · channels bytes).
// ---------------------------------------------------------------------------------------------

/** The upright size for a stored `width × height` image. */
export function orientedSize(
  width: number,
  height: number,
  orientation: number,
): { width: number; height: number } {
  return orientation >= 5 ? { width: height, height: width } : { width, height }
}

/** Bytes of buffers {@link orientRows} allocates. */
export function orientationBufferBytes(
  width: number,
  height: number,
  channels: number,
  orientation: number,
): number {
  if (orientation === 2) return width * channels
  return orientation >= 3 && orientation <= 8 ? width * height * channels : 0
}

/**
 * Yields the upright rows of a stored image.
 * @param rows the stored rows, top to bottom (each valid until the next is requested)
 * @param width stored width in pixels
 * @param height stored height in pixels
 * @param channels bytes per pixel
 * @param orientation EXIF orientation 1..8 (anything else is treated as 1)
 * @returns upright rows; each is valid until the next is requested
 */
export function* orientRows(
  rows: Iterable<Uint8Array>,
  width: number,
  height: number,
  channels: number,
  orientation: number,
): Generator<Uint8Array> {
  if (orientation === 2) {
    const out = new Uint8Array(width * channels)
    for (const row of rows) {
      mirror(row, out, width, channels)
      yield out
    }
    return
  }
  if (orientation < 3 || orientation > 8) {
    yield* rows
    return
  }
  const size = orientedSize(width, height, orientation)
  const outStride = size.width * channels
  const image = new Uint8Array(outStride * size.height)
  let y = 0
  for (const row of rows) {
    place(row, y++, image, width, height, channels, orientation, outStride)
  }
  for (let row = 0; row < size.height; row++) {
    yield image.subarray(row * outStride, (row + 1) * outStride)
  }
}

function mirror(row: Uint8Array, out: Uint8Array, width: number, channels: number): void {
  for (let x = 0, o = (width - 1) * channels; x < width * channels; x += channels, o -= channels) {
    for (let c = 0; c < channels; c++) out[o + c] = row[x + c]!
  }
}

/** Copies stored row `y` to where its pixels belong in the upright `image`. */
function place(
  row: Uint8Array,
  y: number,
  image: Uint8Array,
  width: number,
  height: number,
  channels: number,
  orientation: number,
  outStride: number,
): void {
  const rowBytes = width * channels
  switch (orientation) {
    case 3:
      mirror(row, image.subarray((height - 1 - y) * outStride), width, channels)
      return
    case 4:
      image.set(row.subarray(0, rowBytes), (height - 1 - y) * outStride)
      return
  }
  // 5..8: the stored row becomes an upright column x' = y (5, 8) or height − 1 − y (6, 7), read
  // top-down (5, 6) or bottom-up (7, 8).
  const column = orientation === 5 || orientation === 8 ? y : height - 1 - y
  const downward = orientation === 5 || orientation === 6
  let at = (downward ? 0 : (width - 1) * outStride) + column * channels
  const step = downward ? outStride : -outStride
  for (let x = 0; x < rowBytes; x += channels, at += step) {
    for (let c = 0; c < channels; c++) image[at + c] = row[x + c]!
  }
}

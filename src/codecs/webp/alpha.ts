/**
 * The WebP ALPH chunk decoder (convert path, decode step): the alpha plane of a lossy image, one
 * row at a time.
 */

import { CodecError } from '../../lib/codec-error'
import { openVp8lStream } from './vp8l/decode'

// ---------------------------------------------------------------------------------------------
// Stage: alpha plane.
// Job: read the ALPH header byte, decode the plane (raw bytes, or the green channel of a
// headerless VP8L stream) and undo its spatial filter.
// Source: WebP container specification, "Alpha" chunk: bits 0-1 compression (0 none, 1 lossless),
// bits 2-3 filtering (0 none, 1 horizontal, 2 vertical, 3 gradient), bits 4-5 pre-processing
// (informative), bits 6-7 reserved. As libwebp, reserved bits other than 0, compression 2-3 and
// pre-processing above 1 are rejected. Filters: the first row is predicted from the left (its
// first byte from 0); each later row's first byte from the byte above; horizontal then
// predicts from the left, vertical from above, gradient clip(left + top - top-left).
// ---------------------------------------------------------------------------------------------

const NONE = 0
const HORIZONTAL = 1
const VERTICAL = 2

const corrupt = (what: string) => new CodecError('corrupt', `The WebP alpha chunk ${what}`)

/**
 * Decodes the ALPH chunk payload `chunk` of a `width` × `height` image into rows of alpha bytes;
 * each row is valid until the next is requested.
 * @throws CodecError('corrupt') for a bad header, or while iterating for corrupt or short data
 */
export function openAlpha(chunk: Uint8Array, width: number, height: number): Generator<Uint8Array> {
  if (chunk.length < 1) throw corrupt('is empty')
  const header = chunk[0]!
  const compression = header & 3
  const filter = (header >> 2) & 3
  const preprocessing = (header >> 4) & 3
  if (header >> 6 !== 0 || compression > 1 || preprocessing > 1) throw corrupt('header is invalid')
  const body = chunk.subarray(1)
  if (compression === 0 && body.length < width * height) throw corrupt('is truncated')
  return alphaRows(body, compression === 1, filter, width, height)
}

function* alphaRows(
  body: Uint8Array,
  lossless: boolean,
  filter: number,
  width: number,
  height: number,
): Generator<Uint8Array> {
  const source = lossless ? openVp8lStream(body, width, height) : undefined
  const coded = new Uint8Array(width)
  let row = new Uint8Array(width)
  let previous = new Uint8Array(width)
  for (let y = 0; y < height; y++) {
    if (source !== undefined) {
      const next = source.next()
      if (next.done) throw corrupt('ended early')
      const argb = next.value
      for (let x = 0; x < width; x++) coded[x] = argb[x]! >>> 8
    } else {
      coded.set(body.subarray(y * width, (y + 1) * width))
    }
    unfilter(filter, y === 0 ? undefined : previous, coded, row)
    yield row
    const done = previous
    previous = row
    row = done
  }
}

/** Undoes `filter` (0 none … 3 gradient) on one row: `top` is the previous output row, undefined for the first. */
function unfilter(filter: number, top: Uint8Array | undefined, coded: Uint8Array, out: Uint8Array) {
  const width = coded.length
  if (filter === NONE) {
    out.set(coded)
    return
  }
  if (top === undefined || filter === HORIZONTAL) {
    let left = top === undefined ? 0 : top[0]!
    for (let x = 0; x < width; x++) left = out[x] = (left + coded[x]!) & 0xff
    return
  }
  if (filter === VERTICAL) {
    for (let x = 0; x < width; x++) out[x] = top[x]! + coded[x]!
    return
  }
  // The gradient filter; its first byte is predicted from the one above (left = top = top-left).
  let left = top[0]!
  let topLeft = left
  for (let x = 0; x < width; x++) {
    const up = top[x]!
    const p = left + up - topLeft
    left = out[x] = (Math.max(0, Math.min(255, p)) + coded[x]!) & 0xff
    topLeft = up
  }
}

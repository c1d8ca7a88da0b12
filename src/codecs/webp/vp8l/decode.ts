/**
 * The streaming WebP lossless (VP8L) decoder (convert path, decode step): reads the header and
 * transforms, then produces ARGB rows top to bottom without holding the whole image.
 */

import { CodecError } from '../../../lib/codec-error'
import { BitReader } from './bit-reader'
import { decodeSubImage, EntropyImage, HeldBytes, subSample } from './entropy-image'
import {
  add,
  CROSS_COLOR,
  inverseColorIndexing,
  inverseCrossColor,
  inversePredictor,
  inverseSubtractGreen,
  PREDICTOR,
  SUBTRACT_GREEN,
  type Transform,
} from './transforms'

// ---------------------------------------------------------------------------------------------
// Stage: VP8L decoder.
// Job: header (RFC 9649 §3.2: signature 0x2f, 14-bit width and height minus one, alpha hint,
// version 0), transforms (§4, each kind at most once, colour indexing narrowing the coded width),
// then the main entropy-coded image, one row at a time through the inverse transforms.
//
// Peak bytes ≈ 4 × (min(w·h, 2^20) ring + sub-images + 5·w rows) + tables, all but rows ≤ 40 MB.
// ---------------------------------------------------------------------------------------------

/** A VP8L image whose rows are decoded on demand. */
export interface Vp8lImage {
  width: number
  height: number
  /** The header's hint that some pixel may not be opaque. */
  alphaIsUsed: boolean
  /** Rows of `width` ARGB words (0xAARRGGBB); each is valid until the next is requested. */
  rows(): Generator<Uint32Array>
  /** What the row stream holds beside its rows (ring, sub-images, tables), once it has begun. */
  readonly held: HeldBytes
}

/** Options for {@link openVp8l}. */
export interface Vp8lOptions {
  /** Cap on the bytes the stream holds beside its rows; default MAX_HELD_BYTES (40 MB). */
  maxHeldBytes?: number
}

const VP8L_SIGNATURE = 0x2f

/**
 * Reads the header of a VP8L chunk payload.
 * @throws CodecError('corrupt') for a bad signature, version or short header
 */
export function openVp8l(data: Uint8Array, options: Vp8lOptions = {}): Vp8lImage {
  if (data.length < 5 || data[0] !== VP8L_SIGNATURE) {
    throw new CodecError('corrupt', 'The VP8L header is invalid')
  }
  const header = new BitReader(data, 1)
  const width = header.read(14) + 1
  const height = header.read(14) + 1
  const alphaIsUsed = header.read(1) === 1
  if (header.read(3) !== 0) throw new CodecError('corrupt', 'The VP8L version is not 0')
  const held = new HeldBytes(options.maxHeldBytes)
  return {
    width,
    height,
    alphaIsUsed,
    held,
    rows: () => {
      held.bytes = 0
      const br = new BitReader(data, 1)
      br.read(14)
      br.read(14)
      br.read(4)
      return decodeStream(br, width, height, held)
    },
  }
}

/**
 * Decodes a headerless VP8L image stream of `width` × `height` (the ALPH chunk's lossless data).
 * @throws CodecError('corrupt') while iterating, for corrupt or truncated data
 */
export function openVp8lStream(
  data: Uint8Array,
  width: number,
  height: number,
): Generator<Uint32Array> {
  return decodeStream(new BitReader(data, 0), width, height, new HeldBytes())
}

/** Reads the transforms; returns them in bitstream order and the coded width. */
function readTransforms(
  br: BitReader,
  width: number,
  height: number,
  held: HeldBytes,
): { transforms: Transform[]; codedWidth: number } {
  const transforms: Transform[] = []
  const none = new Int32Array(0)
  let seen = 0
  let xsize = width
  while (br.read(1) === 1) {
    const kind = br.read(2)
    if (seen & (1 << kind)) throw new CodecError('corrupt', 'A VP8L transform is repeated')
    seen |= 1 << kind
    if (kind === PREDICTOR || kind === CROSS_COLOR) {
      const bits = br.read(3) + 2
      const data = decodeSubImage(br, subSample(xsize, bits), subSample(height, bits), held)
      const previous = kind === PREDICTOR ? new Int32Array(xsize) : none
      transforms.push({ kind, width: xsize, bits, data, previous })
    } else if (kind === SUBTRACT_GREEN) {
      transforms.push({ kind, width: xsize, bits: 0, data: none, previous: none })
    } else {
      const colours = br.read(8) + 1
      const bits = colours > 16 ? 0 : colours > 4 ? 1 : colours > 2 ? 2 : 3
      const table = decodeSubImage(br, colours, 1, held)
      // Entries are coded as differences from the previous one; indices past the table are 0.
      const palette = new Int32Array(1 << (8 >> bits))
      palette[0] = table[0]!
      for (let i = 1; i < colours; i++) palette[i] = add(palette[i - 1]!, table[i]!)
      transforms.push({ kind, width: xsize, bits, data: palette, previous: none })
      xsize = subSample(xsize, bits)
    }
  }
  return { transforms, codedWidth: xsize }
}

function* decodeStream(
  br: BitReader,
  width: number,
  height: number,
  held: HeldBytes,
): Generator<Uint32Array> {
  const { transforms, codedWidth } = readTransforms(br, width, height, held)
  const image = new EntropyImage(br, codedWidth, height, true, held)
  const a = new Int32Array(width)
  const b = new Int32Array(width)
  // The rows are built as int32 (V8 keeps them small integers) and handed out as uint32 views.
  const viewA = new Uint32Array(a.buffer)
  const viewB = new Uint32Array(b.buffer)
  for (let y = 0; y < height; y++) {
    image.decodeTo((y + 1) * codedWidth)
    let row = a
    let spare = b
    image.readRow(y, row)
    for (let i = transforms.length - 1; i >= 0; i--) {
      const t = transforms[i]!
      if (t.kind === PREDICTOR) inversePredictor(t, y, row)
      else if (t.kind === CROSS_COLOR) inverseCrossColor(t, y, row)
      else if (t.kind === SUBTRACT_GREEN) inverseSubtractGreen(t.width, row)
      else {
        inverseColorIndexing(t, row, spare)
        const packed = row
        row = spare
        spare = packed
      }
    }
    yield row === a ? viewA : viewB
  }
}

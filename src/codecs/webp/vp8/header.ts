/**
 * The VP8 key frame's header (RFC 6386 §9, §19.2): frame tag, picture size, segmentation, loop
 * filter, token partitions, quantizers and token probabilities, with libwebp's checks.
 */

import { CodecError } from '../../../lib/codec-error'
import { BoolDecoder } from './bool-decoder'
import type { Vp8Frame } from './macroblock'
import { AC_QUANT, COEFF_PROBS, COEFF_UPDATE_PROBS, DC_QUANT } from './tables'

/** Everything the macroblock parser needs from the header. */
export interface Vp8Header {
  readonly frame: Vp8Frame
  /** The first partition, positioned after the header: modes are read from it. */
  readonly modes: BoolDecoder
  /** The token partitions (1, 2, 4 or 8); macroblock row y reads partition y mod count. */
  readonly partitions: BoolDecoder[]
  /** Segment ids are coded per macroblock, with these three tree probabilities. */
  readonly updateMap: boolean
  readonly segmentProbs: Uint8Array
  /** The skip flag is coded per macroblock with probability `skipProb` (-1 when absent). */
  readonly skipProb: number
  /** Per segment, six factors: y1 DC, y1 AC, y2 DC, y2 AC, uv DC, uv AC. */
  readonly quant: Int32Array
  /** Per segment × (16 × 16, 4 × 4): the loop-filter level, 0 when unfiltered. */
  readonly filterLevels: Uint8Array
  /** Token probabilities [type 4][band 8][context 3][11], after the header's updates. */
  readonly coeffProbs: Uint8Array
}

const corrupt = (why: string) => new CodecError('corrupt', `Corrupt VP8 data: ${why}`)

/** The frame tag, start code and picture size: 10 bytes. */
const KEY_FRAME_HEADER_SIZE = 10
const SEGMENTS = 4

/**
 * Parses the header of the VP8 chunk payload `data`. libwebp reads the payload on to the end of
 * the file (the last partition may run into the pad byte or later chunks); pass that, with the
 * chunk's declared `chunkSize`, to fail and succeed exactly where libwebp does.
 * @throws CodecError('unsupported') for an inter frame, CodecError('corrupt') for bad fields
 */
export function parseHeader(data: Uint8Array, chunkSize = data.length): Vp8Header {
  if (data.length < KEY_FRAME_HEADER_SIZE) throw corrupt('truncated header')
  const tag = data[0]! | (data[1]! << 8) | (data[2]! << 16)
  if (tag & 1) throw new CodecError('unsupported', 'VP8 inter frames are not supported')
  const partitionLength = tag >>> 5
  if (((tag >> 1) & 7) > 3) throw corrupt('bad profile')
  if (!((tag >> 4) & 1)) throw corrupt('frame not displayable')
  if (data[3] !== 0x9d || data[4] !== 0x01 || data[5] !== 0x2a) throw corrupt('bad start code')
  const width = (data[6]! | (data[7]! << 8)) & 0x3fff
  const height = (data[8]! | (data[9]! << 8)) & 0x3fff
  if (width === 0 || height === 0) throw corrupt('zero picture size')
  // VP8GetInfo's check against the chunk, then VP8GetHeaders' against the data.
  if (partitionLength >= chunkSize || partitionLength > data.length - KEY_FRAME_HEADER_SIZE) {
    throw corrupt('bad partition length')
  }
  const firstEnd = KEY_FRAME_HEADER_SIZE + partitionLength
  const br = new BoolDecoder(data, KEY_FRAME_HEADER_SIZE, firstEnd)
  br.getValue(2) // colour space and clamping type: both have one meaning for WebP

  // Segmentation (§9.3).
  const useSegment = br.getBit(0x80) === 1
  let updateMap = false
  // libwebp's reset state: with segmentation on but no segment data, every segment's quantizer
  // and filter level is an absolute 0.
  let absoluteDelta = true
  const segQuant = new Int32Array(SEGMENTS)
  const segFilter = new Int32Array(SEGMENTS)
  const segmentProbs = new Uint8Array([255, 255, 255])
  if (useSegment) {
    updateMap = br.getBit(0x80) === 1
    if (br.getBit(0x80)) {
      absoluteDelta = br.getBit(0x80) === 1
      for (let s = 0; s < SEGMENTS; s++) segQuant[s] = br.getOptionalSigned(7)
      for (let s = 0; s < SEGMENTS; s++) segFilter[s] = br.getOptionalSigned(6)
    }
    if (updateMap) {
      for (let i = 0; i < 3; i++) segmentProbs[i] = br.getBit(0x80) ? br.getValue(8) : 255
    }
  }
  if (br.eof) throw corrupt('cannot parse segment header')

  // Loop filter (§9.4); the mode/reference deltas only matter for intra frame 0 and B_PRED.
  const simple = br.getBit(0x80) === 1
  const level = br.getValue(6)
  const sharpness = br.getValue(3)
  const useDeltas = br.getBit(0x80) === 1
  let refDelta0 = 0
  let modeDelta0 = 0
  if (useDeltas && br.getBit(0x80)) {
    for (let i = 0; i < 4; i++) {
      const d = br.getBit(0x80) ? br.getSignedValue(6) : null
      if (i === 0 && d !== null) refDelta0 = d
    }
    for (let i = 0; i < 4; i++) {
      const d = br.getBit(0x80) ? br.getSignedValue(6) : null
      if (i === 0 && d !== null) modeDelta0 = d
    }
  }
  if (br.eof) throw corrupt('cannot parse filter header')
  // libwebp turns the filter off for the frame when the global level is 0, whatever the segments say.
  const filterType: 0 | 1 | 2 = level === 0 ? 0 : simple ? 1 : 2

  // Token partitions (§9.5): sizes of all but the last, then the data.
  const count = 1 << br.getValue(2)
  const sizesAt = firstEnd
  let partStart = sizesAt + 3 * (count - 1)
  if (partStart > data.length) throw corrupt('cannot parse partitions')
  const partitions: BoolDecoder[] = []
  for (let p = 0; p < count - 1; p++) {
    const at = sizesAt + 3 * p
    const size = Math.min(
      data[at]! | (data[at + 1]! << 8) | (data[at + 2]! << 16),
      data.length - partStart,
    )
    partitions.push(new BoolDecoder(data, partStart, partStart + size))
    partStart += size
  }
  if (partStart >= data.length) throw corrupt('cannot parse partitions')
  partitions.push(new BoolDecoder(data, partStart, data.length))

  // Quantizers (§9.6, §14.1) with libwebp's y2 and uv clamps.
  const baseQ = br.getValue(7)
  const dqY1Dc = br.getOptionalSigned(4)
  const dqY2Dc = br.getOptionalSigned(4)
  const dqY2Ac = br.getOptionalSigned(4)
  const dqUvDc = br.getOptionalSigned(4)
  const dqUvAc = br.getOptionalSigned(4)
  const clip = (v: number, max: number) => Math.min(Math.max(v, 0), max)
  const quant = new Int32Array(SEGMENTS * 6)
  for (let s = 0; s < SEGMENTS; s++) {
    const q = useSegment ? segQuant[s]! + (absoluteDelta ? 0 : baseQ) : baseQ
    const m = s * 6
    quant[m] = DC_QUANT[clip(q + dqY1Dc, 127)]!
    quant[m + 1] = AC_QUANT[clip(q, 127)]!
    quant[m + 2] = DC_QUANT[clip(q + dqY2Dc, 127)]! * 2
    quant[m + 3] = Math.max(8, ((AC_QUANT[clip(q + dqY2Ac, 127)]! * 155) / 100) | 0)
    quant[m + 4] = DC_QUANT[clip(q + dqUvDc, 117)]!
    quant[m + 5] = AC_QUANT[clip(q + dqUvAc, 127)]!
  }

  br.getBit(0x80) // refresh_entropy_probs: one frame, so no meaning here
  const coeffProbs = new Uint8Array(COEFF_PROBS.length)
  for (let i = 0; i < coeffProbs.length; i++) {
    coeffProbs[i] = br.getBit(COEFF_UPDATE_PROBS[i]!) ? br.getValue(8) : COEFF_PROBS[i]!
  }
  const skipProb = br.getBit(0x80) ? br.getValue(8) : -1

  // Loop-filter level per segment and 16 × 16 / 4 × 4 (§9.6, §15.1; libwebp's PrecomputeFilterStrengths).
  const filterLevels = new Uint8Array(SEGMENTS * 2)
  if (filterType > 0) {
    for (let s = 0; s < SEGMENTS; s++) {
      const base = useSegment ? segFilter[s]! + (absoluteDelta ? 0 : level) : level
      for (let i4 = 0; i4 < 2; i4++) {
        let l = base
        if (useDeltas) l += refDelta0 + (i4 ? modeDelta0 : 0)
        filterLevels[s * 2 + i4] = Math.min(Math.max(l, 0), 63)
      }
    }
  }

  const frame: Vp8Frame = {
    width,
    height,
    mbWidth: (width + 15) >> 4,
    mbHeight: (height + 15) >> 4,
    filterType,
    sharpness,
  }
  return {
    frame,
    modes: br,
    partitions,
    updateMap,
    segmentProbs,
    skipProb,
    quant,
    filterLevels,
    coeffProbs,
  }
}

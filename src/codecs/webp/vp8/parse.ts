/**
 * The VP8 key frame's parser: header, then one macroblock row at a time (modes from the first
 * partition, tokens from the row's token partition) into the `Vp8Macroblock` contract.
 */

import { CodecError } from '../../../lib/codec-error'
import type { BoolDecoder } from './bool-decoder'
import { parseHeader } from './header'
import {
  B_DC_PRED,
  B_HD_PRED,
  B_HE_PRED,
  B_HU_PRED,
  B_LD_PRED,
  B_RD_PRED,
  B_TM_PRED,
  B_VE_PRED,
  B_VL_PRED,
  B_VR_PRED,
  DC_PRED,
  H_PRED,
  TM_PRED,
  V_PRED,
  type Vp8Macroblock,
  type Vp8Parser,
} from './macroblock'
import { readResiduals, TokenContext } from './residuals'
import { BMODE_PROBS } from './tables'

// The mode trees return libwebp's numbering (DC TM VE HE RD VR LD VL HD HU, and DC TM V H for
// 16 × 16), which indexes BMODE_PROBS; these map it to the contract's.
const SUB_MODE = Uint8Array.of(
  B_DC_PRED,
  B_TM_PRED,
  B_VE_PRED,
  B_HE_PRED,
  B_RD_PRED,
  B_VR_PRED,
  B_LD_PRED,
  B_VL_PRED,
  B_HD_PRED,
  B_HU_PRED,
)
const MODE = Uint8Array.of(DC_PRED, TM_PRED, V_PRED, H_PRED)
const L_DC = 0
const L_TM = 1
const L_VE = 2
const L_HE = 3
const L_RD = 4
const L_VR = 5
const L_LD = 6
const L_VL = 7
const L_HD = 8
const L_HU = 9

/** One 4 × 4 mode from the key-frame tree (RFC 6386 §11.2) given the above and left modes. */
function readSubMode(br: BoolDecoder, above: number, left: number): number {
  const p = (above * 10 + left) * 9
  const P = BMODE_PROBS
  if (!br.getBit(P[p]!)) return L_DC
  if (!br.getBit(P[p + 1]!)) return L_TM
  if (!br.getBit(P[p + 2]!)) return L_VE
  if (!br.getBit(P[p + 3]!)) {
    if (!br.getBit(P[p + 4]!)) return L_HE
    return br.getBit(P[p + 5]!) ? L_VR : L_RD
  }
  if (!br.getBit(P[p + 6]!)) return L_LD
  if (!br.getBit(P[p + 7]!)) return L_VL
  return br.getBit(P[p + 8]!) ? L_HU : L_HD
}

/**
 * Parses the VP8 chunk payload's header and returns the row parser (`data` and `chunkSize` as
 * for `parseHeader`).
 * @throws CodecError('unsupported') for an inter frame, CodecError('corrupt') for a broken header
 */
export function parseVp8(data: Uint8Array, chunkSize = data.length): Vp8Parser {
  const h = parseHeader(data, chunkSize)
  const { frame, modes: br, partitions, quant, coeffProbs, filterLevels, segmentProbs } = h
  const tokens = new TokenContext(frame.mbWidth)
  /** The 4 × 4 modes along the bottom of the row above (libwebp numbering; 16 × 16 imply one). */
  const topModes = new Uint8Array(4 * frame.mbWidth)
  const leftModes = new Uint8Array(4)
  const filtered = frame.filterType > 0
  const acBits = { value: 0 }

  function parseRow(mbY: number, out: Vp8Macroblock[]): void {
    const tbr = partitions[mbY & (partitions.length - 1)]!
    leftModes.fill(L_DC)
    tokens.leftNz = 0
    tokens.leftNzDc = 0
    for (let mbX = 0; mbX < frame.mbWidth; mbX++) {
      const mb = out[mbX]!
      let segment = 0
      if (h.updateMap) {
        segment = !br.getBit(segmentProbs[0]!)
          ? br.getBit(segmentProbs[1]!)
          : 2 + br.getBit(segmentProbs[2]!)
      }
      const skip = h.skipProb >= 0 ? br.getBit(h.skipProb) === 1 : false
      const isI4x4 = !br.getBit(145)
      mb.isI4x4 = isI4x4
      const t = mbX * 4
      if (!isI4x4) {
        const m = br.getBit(156) ? (br.getBit(128) ? L_TM : L_HE) : br.getBit(163) ? L_VE : L_DC
        mb.yMode = MODE[m]!
        topModes.fill(m, t, t + 4)
        leftModes.fill(m)
      } else {
        const sub = mb.subModes
        for (let y = 0; y < 4; y++) {
          let m = leftModes[y]!
          for (let x = 0; x < 4; x++) {
            m = readSubMode(br, topModes[t + x]!, m)
            topModes[t + x] = m
            sub[y * 4 + x] = SUB_MODE[m]!
          }
          leftModes[y] = m
        }
      }
      mb.uvMode = !br.getBit(142)
        ? DC_PRED
        : !br.getBit(114)
          ? V_PRED
          : br.getBit(183)
            ? TM_PRED
            : H_PRED

      const coeffs = mb.coeffs
      if (mb.nonZero !== 0) coeffs.fill(0)
      if (skip) {
        tokens.skip(mbX, isI4x4)
        mb.nonZero = 0
        mb.acNonZero = 0
      } else {
        mb.nonZero = readResiduals(
          tbr,
          coeffProbs,
          quant,
          segment * 6,
          isI4x4,
          tokens,
          mbX,
          coeffs,
          acBits,
        )
        mb.acNonZero = acBits.value
      }
      mb.filterLevel = filtered ? filterLevels[segment * 2 + (isI4x4 ? 1 : 0)]! : 0
      mb.filterInner = isI4x4 || mb.nonZero !== 0
      if (tbr.eof) throw new CodecError('corrupt', 'Corrupt VP8 data: premature end of file')
    }
    if (br.eof) throw new CodecError('corrupt', 'Corrupt VP8 data: premature end of partition 0')
  }

  return { frame, parseRow }
}

/**
 * Streaming VP8 key-frame decoding to Y/U/V bands: parse a macroblock row, reconstruct it, run
 * the loop filter, and hand out the rows the next row's filter can no longer change.
 */

import { filterRow } from './filter-row'
import { newMacroblock, type Vp8Band, type Vp8Frame } from './macroblock'
import { parseVp8 } from './parse'
import { RowReconstructor } from './reconstruct'

/** Rows the next macroblock row's filter may still change, held back per filter type (libwebp's kFilterExtraRows). */
const EXTRA_ROWS = [0, 2, 8] as const

/**
 * Decodes the VP8 chunk payload `data`: the header now, the bands on demand, top to bottom. For
 * libwebp's exact behaviour on damaged files, `data` runs to the end of the file and `chunkSize`
 * is the chunk's declared size (see `parseHeader`).
 * Peak memory beyond `data`: mbWidth · (16·(16 + extra) + 16·(8 + extra/2) + ~840) bytes, extra = 0/2/8 rows.
 * @throws CodecError('unsupported') for an inter frame, CodecError('corrupt') for a broken header;
 *   the bands throw CodecError('corrupt') when the data runs out
 */
export function decodeVp8(
  data: Uint8Array,
  chunkSize = data.length,
): { frame: Vp8Frame; bands(): Generator<Vp8Band> } {
  const parser = parseVp8(data, chunkSize)
  const frame = parser.frame
  return {
    frame,
    *bands() {
      const { mbWidth, mbHeight, height } = frame
      const extra = EXTRA_ROWS[frame.filterType]
      const yStride = mbWidth * 16
      const uvStride = mbWidth * 8
      const yRows = extra + 16
      const uvRows = extra / 2 + 8
      const y = new Uint8Array(yRows * yStride)
      const u = new Uint8Array(uvRows * uvStride)
      const v = new Uint8Array(uvRows * uvStride)
      const mbs = Array.from({ length: mbWidth }, newMacroblock)
      const yAt = extra * yStride
      const uvAt = (extra / 2) * uvStride
      const recon = new RowReconstructor(frame, { y, u, v, yAt, uvAt, yStride, uvStride })
      for (let mbY = 0; mbY < mbHeight; mbY++) {
        parser.parseRow(mbY, mbs)
        recon.row(mbY, mbs)
        if (frame.filterType > 0) filterRow(frame, mbY, mbs, y, yAt, yStride, u, v, uvAt, uvStride)
        const first = mbY === 0
        const last = mbY === mbHeight - 1
        const top = first ? 0 : mbY * 16 - extra
        const end = last ? height : (mbY + 1) * 16 - extra
        const row = first ? extra : 0
        yield {
          y: y.subarray(row * yStride),
          u: u.subarray((row / 2) * uvStride),
          v: v.subarray((row / 2) * uvStride),
          yStride,
          uvStride,
          top,
          rows: end - top,
        }
        if (!last && extra > 0) {
          // The held-back rows move to the top of the cache, above the next macroblock row.
          y.copyWithin(0, 16 * yStride, yRows * yStride)
          u.copyWithin(0, 8 * uvStride, uvRows * uvStride)
          v.copyWithin(0, 8 * uvStride, uvRows * uvStride)
        }
      }
    },
  }
}

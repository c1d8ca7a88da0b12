/**
 * The band decoder of one JPEG frame (convert path, decode step): runs every needed scan over
 * one MCU row, inverse-transforms the result into per-component sample rings, and serves those
 * sample rows to the upsampler and colour converter.
 */

import { idctBlock, scaleQuantTable } from './idct'
import type { JpegPlan } from './plan'
import { type ComponentBand, ScanDecoder } from './scan'

// ---------------------------------------------------------------------------------------------
// Stage: frame bands.
// Job: band k = MCU row k: zero the band's coefficients, let each scan add its part, then IDCT.
// Input → output: a JpegPlan → sample rows of each needed component, band by band.
// Source: ITU-T T.81 A.1.1 (component sizes xi = ⌈X·Hi/Hmax⌉, yi = ⌈Y·Vi/Vmax⌉), A.2.4 (MCUs
// of 8·Hmax × 8·Vmax pixels, padded at the right and bottom), A.3 (IDCT per block).
//
// Memory, per needed component, fixed at open and independent of the image height:
// coefficients of one band (blocksPerLine · v · 64 Int16), one byte per block of the band, and a
// ring of two bands of samples (2 · v · 8 rows of blocksPerLine · 8 bytes) so that the row above
// and below a band stay available to the upsampler. See `frameBufferBytes`.
// ---------------------------------------------------------------------------------------------

/** A frame component with its sizes and (when needed) its buffers. */
export interface ComponentState extends ComponentBand {
  /** samples across and down, xi and yi (A.1.1) */
  readonly width: number
  readonly height: number
  /** rows of samples per band: 8 · v */
  readonly bandRows: number
  /** bytes per sample row in the ring */
  readonly stride: number
  /** two bands of samples; band k in half k % 2 (empty when not needed) */
  readonly samples: Uint8Array
  readonly quant: Float64Array | null
}

/** MCU grid of a frame. */
export interface FrameGeometry {
  readonly hMax: number
  readonly vMax: number
  readonly mcusPerLine: number
  /** MCU rows, i.e. bands */
  readonly bands: number
}

/** The MCU grid of the plan's frame (A.2.4). */
export function frameGeometry(plan: JpegPlan): FrameGeometry {
  const { width, height, components } = plan.frame
  const hMax = Math.max(...components.map((c) => c.h))
  const vMax = Math.max(...components.map((c) => c.v))
  return {
    hMax,
    vMax,
    mcusPerLine: Math.ceil(width / (8 * hMax)),
    bands: Math.ceil(height / (8 * vMax)),
  }
}

/** Bytes of the buffers a FrameDecoder allocates for `plan`. */
export function frameBufferBytes(plan: JpegPlan): number {
  const { mcusPerLine } = frameGeometry(plan)
  let total = 0
  plan.frame.components.forEach((c, i) => {
    if (!plan.needed[i]) return
    const blocks = mcusPerLine * c.h * c.v
    total += blocks * 64 * 2 + blocks + 2 * blocks * 64
  })
  return total
}

/** Decodes a frame band by band; see the stage banner. */
export class FrameDecoder {
  readonly geometry: FrameGeometry
  readonly components: readonly ComponentState[]
  /** bands decoded so far */
  decoded = 0
  private readonly scans: ScanDecoder[]

  constructor(data: Uint8Array, plan: JpegPlan) {
    const geometry = frameGeometry(plan)
    this.geometry = geometry
    const { width, height, progressive } = plan.frame
    this.components = plan.frame.components.map((c, i) => {
      const blocksPerLine = geometry.mcusPerLine * c.h
      const componentWidth = Math.ceil((width * c.h) / geometry.hMax)
      const componentHeight = Math.ceil((height * c.v) / geometry.vMax)
      const needed = plan.needed[i]!
      const blocks = needed ? blocksPerLine * c.v : 0
      return {
        h: c.h,
        v: c.v,
        blocksPerLine,
        blocksWide: Math.ceil(componentWidth / 8),
        blocksHigh: Math.ceil(componentHeight / 8),
        coefs: needed ? new Int16Array(blocks * 64) : null,
        last: needed ? new Uint8Array(blocks) : null,
        width: componentWidth,
        height: componentHeight,
        bandRows: 8 * c.v,
        stride: blocksPerLine * 8,
        samples: new Uint8Array(blocks * 64 * 2),
        quant: needed ? scaleQuantTable(plan.quant[i]!) : null,
      }
    })
    // Scans with nothing the output needs (chroma-only scans of a luma decode) are never read.
    this.scans = plan.scans
      .filter((s) => s.header.components.some((c) => plan.needed[c]))
      .map((s) => new ScanDecoder(s, this.components, geometry.mcusPerLine, data, progressive))
  }

  /**
   * Decodes the next band into the rings.
   * @throws CodecError 'corrupt' from the scan decoders
   */
  decodeBand(): void {
    const band = this.decoded
    for (const c of this.components) {
      c.coefs?.fill(0)
      c.last?.fill(0)
    }
    for (const scan of this.scans) scan.decodeBand(band)
    const slot = band & 1
    for (const c of this.components) {
      const { coefs, quant, last, stride } = c
      if (!coefs || !quant) continue
      for (let by = 0; by < c.v; by++) {
        if (band * c.v + by >= c.blocksHigh) break
        const rowStart = (slot * c.bandRows + by * 8) * stride
        const firstBlock = by * c.blocksPerLine
        for (let bx = 0; bx < c.blocksWide; bx++) {
          const block = firstBlock + bx
          const dcOnly = last !== null && last[block] === 0
          idctBlock(coefs, block * 64, quant, c.samples, rowStart + bx * 8, stride, dcOnly)
        }
      }
    }
    this.decoded = band + 1
  }

  /**
   * Makes row `row` of component `index` available, decoding bands as needed.
   * @returns the row's offset in that component's `samples`
   */
  rowOffset(index: number, row: number): number {
    const c = this.components[index]!
    const band = Math.floor(row / c.bandRows)
    while (this.decoded <= band) this.decodeBand()
    return ((band & 1) * c.bandRows + (row - band * c.bandRows)) * c.stride
  }
}

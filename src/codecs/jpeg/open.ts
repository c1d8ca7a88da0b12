/**
 * Streaming JPEG decoder (convert path, decode step): `openJpeg` checks the file up front, then
 * `rows` decodes it one MCU row at a time into 8-bit luma or RGB rows, upright per EXIF.
 * Written from ITU-T T.81, JFIF 1.02, Adobe TN 5116 (APP14) and EXIF 2.32 (orientation).
 */

import { err, ok, type Result } from '../../lib/result'
import type { Channels, PixelRows } from '../../lib/rows'
import { cmykToRgb, interleaveRgb, rgbToLuma, ycbcrToRgb } from './color'
import { type ComponentState, FrameDecoder, frameBufferBytes, frameGeometry } from './frame'
import { orientationBufferBytes, orientedSize, orientRows } from './orient'
import { type ColourModel, type JpegFailure, type JpegPlan, planJpeg } from './plan'
import { upsampleH2, upsampleH2V2, upsampleNearest, upsampleV2 } from './upsample'

// ---------------------------------------------------------------------------------------------
// Pipeline, in the order the data needs it:
//   plan (walk the markers; find every scan)      → plan.ts, segments.ts, huffman.ts
//   per band: entropy-decode each scan's blocks   → scan.ts, sequential.ts, progressive.ts
//             dequantize + IDCT into sample rings → frame.ts, idct.ts
//   per row:  upsample chroma (colour output)     → upsample.ts
//             colour-convert (or take Y as luma)  → color.ts
//   orient (EXIF), last, because it may reorder whole rows → orient.ts
// Luma output of YCbCr and gray files uses the Y component alone (JFIF's Y is Rec. 601 luma):
// chroma is entropy-decoded only as far as interleaved scans force it and is never transformed.
// ---------------------------------------------------------------------------------------------

/**
 * Largest image decoded, in pixels: 2^28 (a 16384 x 16384 page), as for TIFF. A progressive file
 * can describe an empty gigapixel image in a few KB of end-of-band runs; this bounds the work.
 */
export const MAX_JPEG_PIXELS = 1 << 28

/** Default cap on the decoder's buffers, in bytes (64 MiB). */
export const DEFAULT_MAX_JPEG_BUFFER_BYTES = 64 * 1024 * 1024

/** Options for {@link openJpeg}. */
export interface JpegDecodeOptions {
  /**
   * 'luma' (default): 1-channel Rec. 601 luma rows. 'color': 3-channel RGB rows (gray files too).
   */
  output?: 'luma' | 'color'
  /** Largest total of the buffers decoding may allocate, in bytes; default 64 MiB. */
  maxBufferBytes?: number
}

/** The row stream of a JPEG, with what it costs in memory. */
export interface JpegRows extends PixelRows {
  /**
   * Bytes of every buffer the decoder allocates while `rows` is iterated (band coefficients,
   * sample rings, row buffers, and the whole-image buffer EXIF orientations 3..8 need), fixed
   * at open. Without an orientation buffer it grows with the width, never with the height:
   * progressive and non-interleaved files are decoded band by band too.
   */
  readonly bufferBytes: number
  /** How the file's components map to colour. */
  readonly colour: ColourModel
  /** True for SOF2 (progressive) files. */
  readonly progressive: boolean
}

/**
 * Opens a JPEG for row streaming. Synchronously walks every marker segment (SOF, DHT, DQT, DRI,
 * SOS, APP0 JFIF density, APP1 EXIF orientation, APP14 Adobe transform) and locates every scan;
 * nothing is entropy-decoded until `rows` is iterated. `bytes` is kept, not copied: it must not
 * change while rows are read.
 *
 * Supported: baseline, extended (SOF1) and progressive (SOF2) Huffman coding, 8-bit, 1, 3 or 4
 * components, sampling factors 1..4, interleaved and non-interleaved scans, restart intervals
 * (a missing RST is tolerated when the data goes on). `width`/`height` are the upright size;
 * `density` is in dots per inch (JFIF units 1, or 2 converted from dots per cm), its axes
 * swapped for EXIF orientations 5..8.
 *
 * Iterating `rows` (once) throws CodecError 'corrupt' for damaged or truncated entropy-coded data.
 *
 * @param bytes the whole file
 * @param options output kind and buffer cap
 * @returns the rows, or a failure: 'corrupt' (bad markers or tables, see planJpeg),
 *   'unsupported' (arithmetic coding SOF9-15, lossless SOF3, hierarchical, 12-bit samples, a
 *   height given by DNL, 2 or more than 4 components), 'too_large' (over {@link MAX_JPEG_PIXELS}
 *   pixels, or buffers above the cap; the message names the size)
 */
export function openJpeg(
  bytes: Uint8Array,
  options: JpegDecodeOptions = {},
): Result<JpegRows, JpegFailure> {
  const output = options.output ?? 'luma'
  const planned = planJpeg(bytes, output)
  if (!planned.ok) return planned
  const plan = planned.value
  const { width, height, progressive } = plan.frame
  const channels: Channels = output === 'luma' ? 1 : 3
  const orientation = plan.orientation
  const upright = orientedSize(width, height, orientation)
  if (width * height > MAX_JPEG_PIXELS) {
    return err({
      reason: 'too_large',
      message: `the JPEG is ${width}x${height}, over ${MAX_JPEG_PIXELS} pixels`,
    })
  }
  const bufferBytes =
    frameBufferBytes(plan) +
    rowBufferBytes(plan, output) +
    orientationBufferBytes(width, height, channels, orientation)
  const maxBytes = options.maxBufferBytes ?? DEFAULT_MAX_JPEG_BUFFER_BYTES
  if (bufferBytes > maxBytes) {
    return err({
      reason: 'too_large',
      message: `decoding this ${width}x${height} JPEG needs ${bufferBytes} bytes of buffers (cap ${maxBytes})`,
    })
  }
  let started = false
  const rows: AsyncIterable<Uint8Array> = {
    [Symbol.asyncIterator]() {
      if (started) {
        throw new Error('Expected the rows of a JPEG to be read once but they were read again')
      }
      started = true
      const stored = storedRows(bytes, plan, output)
      return asyncRows(orientRows(stored, width, height, channels, orientation))
    },
  }
  const image: JpegRows = {
    ...upright,
    channels,
    rows,
    bufferBytes,
    colour: plan.colour,
    progressive,
  }
  const density = plan.density
  if (!density) return ok(image)
  // A quarter turn swaps the axes the densities measure.
  return ok({ ...image, density: orientation >= 5 ? { x: density.y, y: density.x } : density })
}

async function* asyncRows(rows: Iterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  for (const row of rows) yield row
}

/** How one component becomes a full-resolution row. */
type Expansion = 'direct' | 'h2' | 'v2' | 'h2v2' | 'nearest'

function expansion(
  c: { h: number; v: number; width: number },
  hMax: number,
  vMax: number,
): Expansion {
  if (c.h === hMax && c.v === vMax) return 'direct'
  const wide = c.width > 2
  if (c.h * 2 === hMax && c.v * 2 === vMax && wide) return 'h2v2'
  if (c.h * 2 === hMax && c.v === vMax && wide) return 'h2'
  if (c.h === hMax && c.v * 2 === vMax) return 'v2'
  return 'nearest'
}

/** Bytes of the per-row buffers `storedRows` allocates. */
function rowBufferBytes(plan: JpegPlan, output: 'luma' | 'color'): number {
  const { width, components } = plan.frame
  const { hMax, vMax } = frameGeometry(plan)
  // Upsampled component rows may run one sample past the width (2 · ⌈width / 2⌉).
  const rowBytes = width + 8
  let total = 0
  components.forEach((c, i) => {
    if (!plan.needed[i]) return
    const componentWidth = Math.ceil((width * c.h) / hMax)
    if (expansion({ ...c, width: componentWidth }, hMax, vMax) !== 'direct') total += rowBytes
  })
  const lumaIsY = plan.colour === 'gray' || plan.colour === 'ycbcr'
  if (output === 'color' || !lumaIsY) total += 3 * width
  if (output === 'luma' && !lumaIsY) total += width
  return total
}

/**
 * The stored (not yet oriented) rows: band decoding, upsampling and colour conversion.
 * @throws CodecError 'corrupt' while iterating, from the scan decoders
 */
function* storedRows(
  bytes: Uint8Array,
  plan: JpegPlan,
  output: 'luma' | 'color',
): Generator<Uint8Array> {
  const frame = new FrameDecoder(bytes, plan)
  const { width, height } = plan.frame
  const { hMax, vMax } = frame.geometry
  const used = frame.components
    .map((c, index) => ({ c, index }))
    .filter(({ index }) => plan.needed[index])
  const sources = used.map(({ c, index }) =>
    componentRows(frame, c, index, expansion(c, hMax, vMax), hMax, vMax, width),
  )
  const colour = plan.colour
  const lumaIsY = colour === 'gray' || colour === 'ycbcr'
  const rgb = new Uint8Array(output === 'color' || !lumaIsY ? 3 * width : 0)
  const luma = new Uint8Array(output === 'luma' && !lumaIsY ? width : 0)
  const [first, second, third, fourth] = sources
  for (let y = 0; y < height; y++) {
    const a = first!(y)
    const b = second?.(y)
    const c = third?.(y)
    const d = fourth?.(y)
    if (output === 'luma' && lumaIsY) {
      yield a!
      continue
    }
    switch (colour) {
      case 'gray':
        interleaveRgb(a!, a!, a!, width, rgb)
        break
      case 'ycbcr':
        ycbcrToRgb(a!, b!, c!, width, rgb)
        break
      case 'rgb':
        interleaveRgb(a!, b!, c!, width, rgb)
        break
      default:
        cmykToRgb(a!, b!, c!, d!, width, colour === 'ycck', rgb)
    }
    if (output === 'color') {
      yield rgb
    } else {
      rgbToLuma(rgb, width, luma)
      yield luma
    }
  }
}

/**
 * A function giving row `y` (full resolution) of one component: a view into its sample ring
 * when it is not subsampled, else an upsampled copy in a row buffer of its own.
 */
function componentRows(
  frame: FrameDecoder,
  c: ComponentState,
  index: number,
  how: Expansion,
  hMax: number,
  vMax: number,
  width: number,
): (y: number) => Uint8Array {
  const samples = c.samples
  const last = c.height - 1
  if (how === 'direct') {
    return (y) => {
      const at = frame.rowOffset(index, y)
      return samples.subarray(at, at + width)
    }
  }
  // Upsamplers may write one sample past the width (2 · ⌈width / 2⌉); callers see `width`.
  const out = new Uint8Array(width + 8)
  const view = out.subarray(0, width)
  switch (how) {
    case 'h2':
      return (y) => {
        upsampleH2(samples, frame.rowOffset(index, y), c.width, out)
        return view
      }
    case 'v2':
    case 'h2v2':
      return (y) => {
        const row = y >> 1
        const lower = (y & 1) === 1
        const other = lower ? Math.min(row + 1, last) : Math.max(row - 1, 0)
        // The further row first: it may be in the next band, which decoding it brings in.
        const far = frame.rowOffset(index, other)
        const near = frame.rowOffset(index, row)
        if (how === 'v2') upsampleV2(samples, near, far, c.width, out)
        else upsampleH2V2(samples, near, far, c.width, out)
        return view
      }
    default:
      return (y) => {
        const row = Math.min(Math.floor((y * c.v) / vMax), last)
        upsampleNearest(samples, frame.rowOffset(index, row), c.h, hMax, width, out)
        return view
      }
  }
}

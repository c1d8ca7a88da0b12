/**
 * Tiling of the upscale engine: the image is cut into tiles that each carry a halo of context, the
 * network runs on one tile at a time, and the output comes out band by band (one row of tiles),
 * so neither the activations nor the output ever exist for the whole image.
 */

/*
 * Stage: tile and reassemble.
 * Job: run a forward pass (any: the reference or the wasm kernels) over an image of any size in
 * bounded memory, with output identical to one whole-image pass.
 * Method: the network's receptive field reaches HALO_PX input pixels from an output pixel (9
 * through its convolutions before the upsampling, 1 output pixel after it, which is under 1 input
 * pixel). Each tile is run on its core plus up to HALO_PX on every side, clipped to the image;
 * every layer's zero padding then falls where the whole-image pass puts it at the image border,
 * and is wrong only within the halo at a tile's inner edges, which is cut away. The core's output
 * depends only on inputs the haloed tile holds, computed in the same order: the same floats.
 * Memory: one haloed tile's activations (the forward pass's business), one band of output rows
 * (width · scale · channels · tile · scale bytes) and, when the input comes as rows, the input
 * rows of one haloed band (width · channels · (tile + 2 · HALO_PX) bytes). The band and the
 * haloed-tile buffers are made once per image and reused: a new band per band row left 8.7 MB of
 * garbage each at the x4 cap (5656 × 512 RGB, 12 bands), which workerd kept until its next GC,
 * and that GC comes only after about 64 MB more external memory. Input rows read as the bands
 * need them keep 0.6 MB of input instead of the whole decoded image (6 MB at the x4 cap, 9 MB at
 * x2).
 */

import { releaseBuffer } from '../../lib/release'

/** Input pixels of context a tile needs around its core: the network's reach (9 + 1). */
export const HALO_PX = 10

/** One tile: its core (output it is responsible for) and the haloed box it runs on, input pixels. */
export interface Tile {
  /** Core, [x0, x1) × [y0, y1). */
  x0: number
  y0: number
  x1: number
  y1: number
  /** Haloed box, clipped to the image. */
  hx0: number
  hy0: number
  hx1: number
  hy1: number
}

/** Core size of a tile, input pixels: a number for a square. */
export type TileSize = number | { width: number; height: number }

function sizeOf(tile: TileSize): { width: number; height: number } {
  const size = typeof tile === 'number' ? { width: tile, height: tile } : tile
  for (const side of [size.width, size.height]) {
    if (!(side >= 1) || !Number.isInteger(side)) throw new RangeError(`tile size ${side}`)
  }
  return size
}

/** Tiles of `width × height` in rows (bands) of `tile` input pixels, left to right. */
export function planTiles(width: number, height: number, tile: TileSize, halo = HALO_PX): Tile[][] {
  const size = sizeOf(tile)
  const bands: Tile[][] = []
  for (let y0 = 0; y0 < height; y0 += size.height) {
    const y1 = Math.min(height, y0 + size.height)
    const band: Tile[] = []
    for (let x0 = 0; x0 < width; x0 += size.width) {
      const x1 = Math.min(width, x0 + size.width)
      band.push({
        x0,
        y0,
        x1,
        y1,
        hx0: Math.max(0, x0 - halo),
        hy0: Math.max(0, y0 - halo),
        hx1: Math.min(width, x1 + halo),
        hy1: Math.min(height, y1 + halo),
      })
    }
    bands.push(band)
  }
  return bands
}

/**
 * A forward pass on one haloed tile: `width · height` pixels of `channels` interleaved bytes in,
 * `width · scale × height · scale` pixels of the same channels out.
 */
export type TileForward = (
  pixels: Uint8Array,
  width: number,
  height: number,
) => Uint8Array | Promise<Uint8Array>

/**
 * One band of output: `rows` output rows starting at output row `y`, interleaved bytes. `data` is
 * only valid until the next band is requested (every band is written into the same buffer, which
 * is freed when the bands end): copy it to keep it.
 */
export interface OutputBand {
  y: number
  rows: number
  data: Uint8Array
}

/**
 * The input of {@link upscaleBands}: the whole image as `width · height · channels` interleaved
 * bytes, or its rows top to bottom (`width · channels` bytes each; a row need only stay valid
 * until the next is requested, as a decoder's `PixelRows.rows`), read as the bands reach them.
 */
export type BandInput = Uint8Array | AsyncIterable<Uint8Array>

/**
 * Upscales an image tile by tile, yielding its output one band at a time, top to bottom.
 * @param input the image, whole or as rows ({@link BandInput})
 * @param forward the pass to run on each haloed tile; the tile it is given is only valid during
 *   the call (the next tile reuses it)
 * @param tile core size in input pixels, width and height or a square's side (the last row and
 *   column of tiles may be smaller)
 */
export async function* upscaleBands(
  input: BandInput,
  width: number,
  height: number,
  channels: number,
  scale: number,
  forward: TileForward,
  tile: TileSize,
  halo = HALO_PX,
): AsyncGenerator<OutputBand> {
  const outWidth = width * scale
  const plan = planTiles(width, height, tile, halo)
  const size = sizeOf(tile)
  // The largest band and haloed tile (the first ones), each allocated once.
  const bandBytes = outWidth * Math.min(size.height, height) * scale * channels
  const haloedRows = Math.min(height, size.height + 2 * halo)
  const tileBytes = Math.min(width, size.width + 2 * halo) * haloedRows * channels
  const source = rowWindow(input, width * channels, height, haloedRows)
  const bandData = new Uint8Array(bandBytes)
  const tileData = new Uint8Array(tileBytes)
  try {
    for (const band of plan) {
      const first = band[0]!
      const rows = (first.y1 - first.y0) * scale
      // Every tile of a band has the same haloed rows.
      const span = await source.rows(first.hy0, first.hy1)
      // Every core together covers the band's full width: each byte is written before the yield.
      const data = bandData.subarray(0, outWidth * rows * channels)
      for (const t of band) {
        const tw = t.hx1 - t.hx0
        const th = t.hy1 - t.hy0
        const tilePixels = tileData.subarray(0, tw * th * channels)
        for (let y = 0; y < th; y++) {
          const from = ((t.hy0 - span.top + y) * width + t.hx0) * channels
          tilePixels.set(span.pixels.subarray(from, from + tw * channels), y * tw * channels)
        }
        const output = await forward(tilePixels, tw, th)
        if (output.length !== tw * scale * th * scale * channels) {
          throw new Error(`upscale tile ${tw} × ${th}: ${output.length} output bytes`)
        }
        // The core's output rows, cut out of the haloed tile's output.
        const left = (t.x0 - t.hx0) * scale
        const top = (t.y0 - t.hy0) * scale
        const coreWidth = (t.x1 - t.x0) * scale * channels
        for (let y = 0; y < rows; y++) {
          const from = ((top + y) * tw * scale + left) * channels
          data.set(
            output.subarray(from, from + coreWidth),
            (y * outWidth + t.x0 * scale) * channels,
          )
        }
      }
      yield { y: first.y0 * scale, rows, data }
    }
    await source.end()
  } finally {
    // Ours alone, and dead once the last band was consumed (or the consumer stopped early).
    releaseBuffer(bandData)
    await source.release()
  }
}

/** Input rows [from, to) of the image, in `pixels` from its row `top` (at most `from`) on. */
interface RowSpan {
  pixels: Uint8Array
  top: number
}

/**
 * The input as spans of rows, asked for top to bottom with `from` never going back: the whole
 * image as it is, or rows read into a window of `capacity` rows that keeps the rows the next span
 * shares with the last (a band's halo) and reads the rest.
 */
function rowWindow(input: BandInput, stride: number, height: number, capacity: number) {
  if (input instanceof Uint8Array) {
    const whole: RowSpan = { pixels: input, top: 0 }
    return { rows: async () => whole, end: async () => {}, release: async () => {} }
  }
  const iterator = input[Symbol.asyncIterator]()
  const window = new Uint8Array(capacity * stride)
  let top = 0
  let end = 0
  let done = false
  const next = async () => {
    const row = await iterator.next()
    if (row.done) {
      done = true
      throw new Error(`Expected ${height} rows of input but received ${end}`)
    }
    return row.value
  }
  return {
    async rows(from: number, to: number): Promise<RowSpan> {
      if (from > top) {
        if (end > from) window.copyWithin(0, (from - top) * stride, (end - top) * stride)
        for (; end < from; end++) await next()
        top = from
      }
      for (; end < to; end++) window.set((await next()).subarray(0, stride), (end - top) * stride)
      return { pixels: window, top }
    },
    /** Lets the source run to its end, as reading it whole does (a decoder checks what follows). */
    async end(): Promise<void> {
      if ((await iterator.next()).done) done = true
    },
    async release(): Promise<void> {
      releaseBuffer(window)
      if (!done) await iterator.return?.()
    },
  }
}

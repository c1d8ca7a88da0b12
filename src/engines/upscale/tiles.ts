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
 * Memory: one haloed tile's activations (the forward pass's business) and one band of output
 * rows: width · scale · channels · tile · scale bytes.
 */

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

/** Tiles of `width × height` in rows (bands) of `tile` input pixels, left to right. */
export function planTiles(width: number, height: number, tile: number, halo = HALO_PX): Tile[][] {
  if (!(tile >= 1) || !Number.isInteger(tile)) throw new RangeError(`tile size ${tile}`)
  const bands: Tile[][] = []
  for (let y0 = 0; y0 < height; y0 += tile) {
    const y1 = Math.min(height, y0 + tile)
    const band: Tile[] = []
    for (let x0 = 0; x0 < width; x0 += tile) {
      const x1 = Math.min(width, x0 + tile)
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

/** One band of output: `rows` output rows starting at output row `y`, interleaved bytes. */
export interface OutputBand {
  y: number
  rows: number
  data: Uint8Array
}

/**
 * Upscales an image tile by tile, yielding its output one band at a time, top to bottom.
 * @param pixels `width · height · channels` interleaved bytes
 * @param forward the pass to run on each haloed tile
 * @param tile core size in input pixels (the last row and column of tiles may be smaller)
 */
export async function* upscaleBands(
  pixels: Uint8Array,
  width: number,
  height: number,
  channels: number,
  scale: number,
  forward: TileForward,
  tile: number,
  halo = HALO_PX,
): AsyncGenerator<OutputBand> {
  const outWidth = width * scale
  for (const band of planTiles(width, height, tile, halo)) {
    const first = band[0]!
    const rows = (first.y1 - first.y0) * scale
    const data = new Uint8Array(outWidth * rows * channels)
    for (const t of band) {
      const tw = t.hx1 - t.hx0
      const th = t.hy1 - t.hy0
      const input = new Uint8Array(tw * th * channels)
      for (let y = 0; y < th; y++) {
        const from = ((t.hy0 + y) * width + t.hx0) * channels
        input.set(pixels.subarray(from, from + tw * channels), y * tw * channels)
      }
      const output = await forward(input, tw, th)
      if (output.length !== tw * scale * th * scale * channels) {
        throw new Error(`upscale tile ${tw} × ${th}: ${output.length} output bytes`)
      }
      // The core's output rows, cut out of the haloed tile's output.
      const left = (t.x0 - t.hx0) * scale
      const top = (t.y0 - t.hy0) * scale
      const coreWidth = (t.x1 - t.x0) * scale * channels
      for (let y = 0; y < rows; y++) {
        const from = ((top + y) * tw * scale + left) * channels
        data.set(output.subarray(from, from + coreWidth), (y * outWidth + t.x0 * scale) * channels)
      }
    }
    yield { y: first.y0 * scale, rows, data }
  }
}

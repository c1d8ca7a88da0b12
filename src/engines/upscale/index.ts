/**
 * The upscale engine: an image of 1–4 channels → the same channels at `scale ×` the size, band by
 * band. Colour goes through the ESRGAN-slim network (./kernels-wasm.ts, on haloed tiles from
 * ./tiles.ts); gray goes through it as R = G = B and comes back as the mean of the three; alpha is
 * upscaled apart with a Catmull-Rom bicubic, on the same tiles.
 */

import { releaseBuffer } from '../../lib/release'
import { CATMULL_ROM, centredTaps, LANCZOS3 } from './taps'
import { type BandInput, HALO_PX, type OutputBand, upscaleBands } from './tiles'

/**
 * A forward pass on an RGB tile (./kernels-wasm.ts `Upscaler.forward`): the output written at
 * the start of `into` and returned as a view on it.
 */
export interface RgbForward {
  readonly scale: number
  forward(rgb: Uint8Array, width: number, height: number, into: Uint8Array): Uint8Array
}

/**
 * Core size of a tile by scale, input pixels. The kernels' memory grows with the haloed tile
 * (about 1.7 KB per pixel) and the output band with its height, so x4, whose bands are four times
 * as tall in output rows, runs tiles 48 rows tall: 154 × 74 with the 13 px halo. At 128 × 64 (the
 * size before the back-projection widened the halo from 10 px) the x4 cap's request reached
 * 103.9 MB of workerd RSS above idle in `npm run memory`; at 128 × 56, 99.3; at 128 × 48, 98.6,
 * for more tile area to run (154 · 74 / 128 · 48 = 1.85 against 1.52 before: the halos).
 * x2 keeps 128 × 128 (154 × 154).
 */
export const TILE_PX: Readonly<Record<number, { width: number; height: number }>> = {
  2: { width: 128, height: 128 },
  4: { width: 128, height: 48 },
}

/** The tile core at `scale` (128 × 128 for a scale not listed). */
export function tileFor(scale: number): { width: number; height: number } {
  return TILE_PX[scale] ?? { width: 128, height: 128 }
}

/**
 * Input pixels of context around a tile core: the network's reach and the back-projection's
 * Lanczos-3 (3), so the core's output is the same floats as a whole-image pass.
 */
export const NETWORK_HALO_PX = HALO_PX + 3

/** The largest haloed tile the engine runs at `scale`, for sizing its upscaler. */
export function maxTileFor(scale: number): { width: number; height: number } {
  const core = tileFor(scale)
  return { width: core.width + 2 * NETWORK_HALO_PX, height: core.height + 2 * NETWORK_HALO_PX }
}

/** The largest haloed tile at any scale: an upscaler sized for it runs every scale's tiles. */
export const MAX_TILE = maxTileFor(2)

/**
 * Upscales an image of `channels` interleaved bytes per pixel (1 gray, 2 gray + alpha, 3 RGB,
 * 4 RGBA), given whole or as rows ({@link BandInput}), yielding output bands of the same
 * channels, top to bottom. A band's data is only valid until the next band is requested (see
 * {@link OutputBand}).
 */
export async function* upscaleImage(
  pixels: BandInput,
  width: number,
  height: number,
  channels: 1 | 2 | 3 | 4,
  net: RgbForward,
): AsyncGenerator<OutputBand> {
  const s = net.scale
  // Every tile's output goes to the same buffers, sized for the largest tile of this image: a new
  // array per tile left 1 MB of garbage per tile at x4 (592 × 592 RGB; 144 tiles at the 1414 px
  // cap), which workerd kept until its next GC and which added up to most of what its RSS peak
  // had over the Node working set.
  const core = tileFor(s)
  const haloed = maxTileFor(s)
  const tileIn = Math.min(width, haloed.width) * Math.min(height, haloed.height)
  const tileOut = tileIn * s * s
  const up = new Uint8Array(tileOut * 3)
  const rgb = channels === 3 ? null : new Uint8Array(tileIn * 3)
  const out = channels === 3 ? null : new Uint8Array(tileOut * channels)
  const alpha = channels % 2 === 0 ? new Uint8Array(tileOut) : null
  const colours = channels % 2 === 0 ? channels - 1 : channels
  const forward = (tile: Uint8Array, w: number, h: number) => {
    const up = networkForward(tile, w, h)
    backProject(tile, w, h, channels, colours, s, up)
    return keepFlatAreas(tile, w, h, channels, s, up)
  }
  const networkForward = (tile: Uint8Array, w: number, h: number) => {
    const n = w * h
    if (rgb === null || out === null) return net.forward(tile, w, h, up)
    const colour = channels === 4 ? 3 : 1
    for (let i = 0; i < n; i++) {
      const at = i * channels
      if (colour === 3) rgb.set(tile.subarray(at, at + 3), i * 3)
      else rgb.fill(tile[at]!, i * 3, i * 3 + 3)
    }
    const rgbUp = net.forward(rgb.subarray(0, n * 3), w, h, up)
    const a = alpha && upscaleAlpha(tile, w, h, channels, s, alpha)
    const result = out.subarray(0, n * s * s * channels)
    for (let i = 0; i < n * s * s; i++) {
      const at = i * channels
      if (colour === 3) result.set(rgbUp.subarray(i * 3, i * 3 + 3), at)
      else result[at] = Math.round((rgbUp[i * 3]! + rgbUp[i * 3 + 1]! + rgbUp[i * 3 + 2]!) / 3)
      if (a) result[at + channels - 1] = a[i]!
    }
    return result
  }
  try {
    yield* upscaleBands(pixels, width, height, channels, s, forward, core, NETWORK_HALO_PX)
  } finally {
    // Ours alone: upscaleBands copied what it needed out of them, tile by tile.
    for (const buffer of [up, rgb, out, alpha]) releaseBuffer(buffer)
  }
}

/**
 * One step of back-projection: each input pixel's s × s block of output is moved towards the
 * input by the difference between the two (the block's mean against the pixel), spread with a
 * Lanczos-3 so no block edge shows. The network was trained on another reduction than real
 * images went through, and at x4 brightens them by about 2 levels; this step makes its output,
 * reduced by an area average, close to what it was given. Colour channels only (`colours` of
 * `channels`; alpha comes from its own bicubic). Written into `out`.
 */
export function backProject(
  tile: Uint8Array,
  w: number,
  h: number,
  channels: number,
  colours: number,
  s: number,
  out: Uint8Array,
): void {
  const ow = w * s
  const oh = h * s
  const residual = new Float32Array(w * h * colours)
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      for (let c = 0; c < colours; c++) {
        let sum = 0
        for (let dy = 0; dy < s; dy++) {
          for (let dx = 0; dx < s; dx++)
            sum += out[((y * s + dy) * ow + x * s + dx) * channels + c]!
        }
        residual[(y * w + x) * colours + c] = tile[(y * w + x) * channels + c]! - sum / (s * s)
      }
    }
  }
  const columns = centredTaps(ow, w, s, LANCZOS3)
  const rows = centredTaps(oh, h, s, LANCZOS3)
  // Columns first, into rows of input height and output width.
  const across = new Float32Array(ow * h * colours)
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < ow; x++) {
      for (let c = 0; c < colours; c++) {
        let v = 0
        for (let k = 0; k < columns.count; k++) {
          const i = x * columns.count + k
          v += columns.weights[i]! * residual[(y * w + columns.taps[i]!) * colours + c]!
        }
        across[(y * ow + x) * colours + c] = v
      }
    }
  }
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < ow; x++) {
      for (let c = 0; c < colours; c++) {
        let v = 0
        for (let k = 0; k < rows.count; k++) {
          const i = y * rows.count + k
          v += rows.weights[i]! * across[(rows.taps[i]! * ow + x) * colours + c]!
        }
        const at = (y * ow + x) * channels + c
        out[at] = Math.min(255, Math.max(0, Math.round(out[at]! + v)))
      }
    }
  }
  releaseBuffer(residual)
  releaseBuffer(across)
}

/**
 * Paper stays paper: where an input pixel and everything within FLAT_REACH_PX of it differ by at
 * most FLAT_SPREAD levels in every channel (blank paper, a flat fill, the page's margin), its
 * s × s output block is that pixel, not the network's answer, which tints white margins near the
 * image border (its zero padding) and lays faint texture on flat areas. Written into `out`.
 */
export function keepFlatAreas(
  tile: Uint8Array,
  w: number,
  h: number,
  channels: number,
  s: number,
  out: Uint8Array,
): Uint8Array {
  const flat = flatPixels(tile, w, h, channels)
  const ow = w * s
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!flat[y * w + x]) continue
      const from = (y * w + x) * channels
      for (let dy = 0; dy < s; dy++) {
        for (let dx = 0; dx < s; dx++) {
          const to = ((y * s + dy) * ow + x * s + dx) * channels
          for (let c = 0; c < channels; c++) out[to + c] = tile[from + c]!
        }
      }
    }
  }
  return out
}

/** Reach of the flat test, input pixels: the bicubic's (2), so a flat block is what it would give. */
const FLAT_REACH_PX = 2

/** Levels a flat neighbourhood may span per channel: scanner noise on paper, not an edge. */
const FLAT_SPREAD = 2

/** 1 where the pixel's (2·reach + 1)² neighbourhood spans at most FLAT_SPREAD in every channel. */
function flatPixels(tile: Uint8Array, w: number, h: number, channels: number): Uint8Array {
  const flat = new Uint8Array(w * h).fill(1)
  const lo = new Uint8Array(w * h)
  const hi = new Uint8Array(w * h)
  for (let c = 0; c < channels; c++) {
    // Separable min and max: along rows into lo/hi, then down columns.
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let a = 255
        let b = 0
        for (let i = Math.max(0, x - FLAT_REACH_PX); i <= Math.min(w - 1, x + FLAT_REACH_PX); i++) {
          const v = tile[(y * w + i) * channels + c]!
          if (v < a) a = v
          if (v > b) b = v
        }
        lo[y * w + x] = a
        hi[y * w + x] = b
      }
    }
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        if (!flat[y * w + x]) continue
        let a = 255
        let b = 0
        for (let j = Math.max(0, y - FLAT_REACH_PX); j <= Math.min(h - 1, y + FLAT_REACH_PX); j++) {
          if (lo[j * w + x]! < a) a = lo[j * w + x]!
          if (hi[j * w + x]! > b) b = hi[j * w + x]!
        }
        if (b - a > FLAT_SPREAD) flat[y * w + x] = 0
      }
    }
  }
  return flat
}

/**
 * The alpha channel (the last of `channels`) of a tile at `s ×`, Catmull-Rom bicubic with edge
 * clamping: output pixel centre (x + 0.5) / s − 0.5 in the source. Its reach (2 px) is inside the
 * tile halo, so tiles agree with a whole-image pass. Written at the start of `into` when given
 * (it must hold `width · s · height · s` bytes), else into a new array.
 */
export function upscaleAlpha(
  tile: Uint8Array,
  width: number,
  height: number,
  channels: number,
  s: number,
  into?: Uint8Array,
): Uint8Array {
  const ow = width * s
  const oh = height * s
  const out = into ? into.subarray(0, ow * oh) : new Uint8Array(ow * oh)
  const columns = centredTaps(ow, width, s, CATMULL_ROM)
  const rows = centredTaps(oh, height, s, CATMULL_ROM)
  const a = channels - 1
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < ow; x++) {
      let sum = 0
      for (let j = 0; j < 4; j++) {
        const row = rows.taps[y * 4 + j]! * width
        let line = 0
        for (let i = 0; i < 4; i++) {
          line +=
            columns.weights[x * 4 + i]! * tile[(row + columns.taps[x * 4 + i]!) * channels + a]!
        }
        sum += rows.weights[y * 4 + j]! * line
      }
      out[y * ow + x] = Math.min(255, Math.max(0, Math.round(sum)))
    }
  }
  return out
}

/**
 * The upscale engine: an image of 1–4 channels → the same channels at `scale ×` the size, band by
 * band. Colour goes through the ESRGAN-slim network (./kernels-wasm.ts, on haloed tiles from
 * ./tiles.ts); gray goes through it as R = G = B and comes back as the mean of the three; alpha is
 * upscaled apart with a Catmull-Rom bicubic, on the same tiles.
 */

import { releaseBuffer } from '../../lib/release'
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
 * (about 1.7 KB per pixel) and the output band with its height, so x4, whose bands are twice as
 * tall in output rows, runs tiles half as tall: 148 × 84 with the halo, 25.4 MiB of kernel
 * memory instead of 40.1 MiB, and bands of 256 output rows (4.3 MB at the 1414 px cap, not
 * 8.7 MB), as at x2. That took its request from 101 to 85 MB of workerd RSS above idle, for 13%
 * more tile area to run (148 · 84 / 128 · 64 = 1.52 against 148² / 128² = 1.34: the halos).
 * x2 keeps 128 × 128 (148 × 148, 39.7 MiB).
 */
export const TILE_PX: Readonly<Record<number, { width: number; height: number }>> = {
  2: { width: 128, height: 128 },
  4: { width: 128, height: 64 },
}

/** The tile core at `scale` (128 × 128 for a scale not listed). */
export function tileFor(scale: number): { width: number; height: number } {
  return TILE_PX[scale] ?? { width: 128, height: 128 }
}

/** The largest haloed tile the engine runs at `scale`, for sizing its upscaler. */
export function maxTileFor(scale: number): { width: number; height: number } {
  const core = tileFor(scale)
  return { width: core.width + 2 * HALO_PX, height: core.height + 2 * HALO_PX }
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
  const forward = (tile: Uint8Array, w: number, h: number) => {
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
    yield* upscaleBands(pixels, width, height, channels, s, forward, core)
  } finally {
    // Ours alone: upscaleBands copied what it needed out of them, tile by tile.
    for (const buffer of [up, rgb, out, alpha]) releaseBuffer(buffer)
  }
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
  // The four taps and weights of every output column (rows reuse the same pattern).
  const taps = new Int32Array(ow * 4)
  const weights = new Float64Array(ow * 4)
  for (let x = 0; x < ow; x++) setTaps(x, s, width, taps, weights)
  const rowTaps = new Int32Array(oh * 4)
  const rowWeights = new Float64Array(oh * 4)
  for (let y = 0; y < oh; y++) setTaps(y, s, height, rowTaps, rowWeights)
  const a = channels - 1
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < ow; x++) {
      let sum = 0
      for (let j = 0; j < 4; j++) {
        const row = rowTaps[y * 4 + j]! * width
        let line = 0
        for (let i = 0; i < 4; i++) {
          line += weights[x * 4 + i]! * tile[(row + taps[x * 4 + i]!) * channels + a]!
        }
        sum += rowWeights[y * 4 + j]! * line
      }
      out[y * ow + x] = Math.min(255, Math.max(0, Math.round(sum)))
    }
  }
  return out
}

/** Catmull-Rom taps (clamped to [0, size)) and weights of output coordinate `o` at scale `s`. */
function setTaps(o: number, s: number, size: number, taps: Int32Array, weights: Float64Array) {
  const source = (o + 0.5) / s - 0.5
  const base = Math.floor(source)
  const t = source - base
  for (let i = 0; i < 4; i++) {
    taps[o * 4 + i] = Math.min(size - 1, Math.max(0, base - 1 + i))
    weights[o * 4 + i] = catmullRom(t + 1 - i)
  }
}

/** The Catmull-Rom cubic (a = −0.5) at distance `d`. */
function catmullRom(d: number): number {
  const x = Math.abs(d)
  if (x < 1) return 1.5 * x ** 3 - 2.5 * x ** 2 + 1
  if (x < 2) return -0.5 * x ** 3 + 2.5 * x ** 2 - 4 * x + 2
  return 0
}

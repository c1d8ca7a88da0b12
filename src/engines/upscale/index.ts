/**
 * The upscale engine: an image of 1–4 channels → the same channels at `scale ×` the size, band by
 * band. Colour goes through the ESRGAN-slim network (./kernels-wasm.ts, on haloed tiles from
 * ./tiles.ts); gray goes through it as R = G = B and comes back as the mean of the three; alpha is
 * upscaled apart with a Catmull-Rom bicubic, on the same tiles.
 */

import { HALO_PX, type OutputBand, upscaleBands } from './tiles'

/** A forward pass on an RGB tile (./kernels-wasm.ts `Upscaler.forward`). */
export interface RgbForward {
  readonly scale: number
  forward(rgb: Uint8Array, width: number, height: number): Uint8Array
}

/** Core size of a tile, input pixels: with its halo, 148 × 148 (about 40 MiB of kernel memory). */
export const TILE_PX = 128
/** The largest haloed tile the engine runs, for sizing the upscaler. */
export const MAX_TILE = { width: TILE_PX + 2 * HALO_PX, height: TILE_PX + 2 * HALO_PX }

/**
 * Upscales `pixels` (`width · height · channels` interleaved bytes; 1 gray, 2 gray + alpha,
 * 3 RGB, 4 RGBA), yielding output bands of the same channels, top to bottom.
 */
export function upscaleImage(
  pixels: Uint8Array,
  width: number,
  height: number,
  channels: 1 | 2 | 3 | 4,
  net: RgbForward,
): AsyncGenerator<OutputBand> {
  const s = net.scale
  const forward = (tile: Uint8Array, w: number, h: number) => {
    const n = w * h
    if (channels === 3) return net.forward(tile, w, h)
    const colour = channels === 4 ? 3 : 1
    const rgb = new Uint8Array(n * 3)
    for (let i = 0; i < n; i++) {
      const at = i * channels
      if (colour === 3) rgb.set(tile.subarray(at, at + 3), i * 3)
      else rgb.fill(tile[at]!, i * 3, i * 3 + 3)
    }
    const up = net.forward(rgb, w, h)
    const alpha = channels % 2 === 0 ? upscaleAlpha(tile, w, h, channels, s) : null
    const out = new Uint8Array(n * s * s * channels)
    for (let i = 0; i < n * s * s; i++) {
      const at = i * channels
      if (colour === 3) out.set(up.subarray(i * 3, i * 3 + 3), at)
      else out[at] = Math.round((up[i * 3]! + up[i * 3 + 1]! + up[i * 3 + 2]!) / 3)
      if (alpha) out[at + channels - 1] = alpha[i]!
    }
    return out
  }
  return upscaleBands(pixels, width, height, channels, s, forward, TILE_PX)
}

/**
 * The alpha channel (the last of `channels`) of a tile at `s ×`, Catmull-Rom bicubic with edge
 * clamping: output pixel centre (x + 0.5) / s − 0.5 in the source. Its reach (2 px) is inside the
 * tile halo, so tiles agree with a whole-image pass.
 */
export function upscaleAlpha(
  tile: Uint8Array,
  width: number,
  height: number,
  channels: number,
  s: number,
): Uint8Array {
  const ow = width * s
  const oh = height * s
  const out = new Uint8Array(ow * oh)
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

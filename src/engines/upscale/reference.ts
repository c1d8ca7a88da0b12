/**
 * The reference forward pass of the enhance engine path: runs a parsed ESRGAN-slim network with
 * plain loops over whole images. Slow on purpose; it is the oracle the fast engine is tested against.
 */

import type { ConcatLayer, ConvLayer, Network, UpsampleLayer } from './model'

/*
 * Stage: reference upscale.
 * Job: compute exactly what tfjs computes for the model, layer by layer, in the most direct way.
 * Input → output: RGB 0..255 (`width × height`, interleaved) → RGB bytes at `scale ×` the size.
 * Source: tfjs-layers 4.11 semantics, which follow Keras: NHWC tensors; Conv2D with 'same'
 * padding pads (k − 1) / 2 zeros on every side at every layer (odd k, stride 1), adds the bias,
 * then the activation; UpSampling2D 'nearest' is `resizeNearestNeighbor` without align-corners
 * or half-pixel centres, i.e. source pixel ⌊x / s⌋, ⌊y / s⌋; Concatenate on the channel axis
 * keeps input order. The final clip to 0..255 and rounding are UpscalerJS's post-processing
 * (`clipByValue(0, 255)`, then pixels written to an ImageData).
 *
 * Precision: every activation is stored as float32, as tfjs stores tensors; each convolution
 * sums in float64, so results differ from tfjs only by float32 rounding in tfjs's own sums
 * (checked within 1 level on the output by test/node/upscale-reference-tfjs.test.ts).
 * Memory: every activation is a whole image (64 floats per pixel for most layers), freed after its
 * last reader; meant for test images, not requests.
 * Speed: about 0.22 M multiply-adds per input pixel at x2 (0.25 M at x4); 64 × 64 at x2 takes
 * 1.5–1.8 s under Node 20 on the 2-core dev box (scratch script), where tfjs-wasm runs 256 × 256
 * in about 0.9 s.
 */

/** An activation: `height` rows of `width` pixels of `channels` float32 samples (NHWC, N = 1). */
interface Activation {
  width: number
  height: number
  channels: number
  data: Float32Array
}

function conv2d(x: Activation, layer: ConvLayer): Activation {
  const { kernelSize: k, inChannels: cin, channels: cout, kernel, bias } = layer
  const { width, height } = x
  const pad = (k - 1) / 2
  const out = new Float32Array(width * height * cout)
  const sums = new Float64Array(cout)
  for (let y = 0; y < height; y++) {
    for (let xo = 0; xo < width; xo++) {
      sums.set(bias)
      for (let ky = 0; ky < k; ky++) {
        const iy = y + ky - pad
        if (iy < 0 || iy >= height) continue // zero padding: taps outside the image add nothing
        for (let kx = 0; kx < k; kx++) {
          const ix = xo + kx - pad
          if (ix < 0 || ix >= width) continue
          const pixel = (iy * width + ix) * cin
          const tap = (ky * k + kx) * cin
          for (let ci = 0; ci < cin; ci++) {
            const v = x.data[pixel + ci]!
            const row = (tap + ci) * cout
            for (let co = 0; co < cout; co++) sums[co]! += v * kernel[row + co]!
          }
        }
      }
      const at = (y * width + xo) * cout
      for (let co = 0; co < cout; co++) {
        const s = sums[co]!
        out[at + co] = layer.activation === 'relu' ? Math.max(0, s) : s
      }
    }
  }
  return { width, height, channels: cout, data: out }
}

function relu(x: Activation): Activation {
  return { ...x, data: x.data.map((v) => Math.max(0, v)) }
}

function concat(xs: Activation[], layer: ConcatLayer): Activation {
  const { width, height } = xs[0]!
  const out = new Float32Array(width * height * layer.channels)
  for (let p = 0; p < width * height; p++) {
    let at = p * layer.channels
    for (const x of xs) {
      for (let c = 0; c < x.channels; c++) out[at++] = x.data[p * x.channels + c]!
    }
  }
  return { width, height, channels: layer.channels, data: out }
}

function add(xs: Activation[]): Activation {
  const data = new Float32Array(xs[0]!.data.length)
  for (let i = 0; i < data.length; i++) {
    let sum = 0
    for (const x of xs) sum += x.data[i]!
    data[i] = sum
  }
  return { ...xs[0]!, data }
}

function upsampleNearest(x: Activation, layer: UpsampleLayer): Activation {
  const s = layer.factor
  const width = x.width * s
  const height = x.height * s
  const c = x.channels
  const out = new Float32Array(width * height * c)
  for (let y = 0; y < height; y++) {
    for (let xo = 0; xo < width; xo++) {
      const from = (Math.floor(y / s) * x.width + Math.floor(xo / s)) * c
      out.set(x.data.subarray(from, from + c), (y * width + xo) * c)
    }
  }
  return { width, height, channels: c, data: out }
}

/**
 * Runs the network on an RGB image, the slow and obvious way, and returns its raw output.
 *
 * @param net a network from `parseEsrganSlim`
 * @param rgb `width · height · 3` samples, RGB interleaved, rows top to bottom, 0..255 (bytes, or
 *   floats on the same scale)
 * @param width input width in pixels
 * @param height input height in pixels
 * @returns `width · scale × height · scale` RGB samples, interleaved, as the network's last layer
 *   computes them: floats on the 0..255 scale, not yet clipped (a little below 0 and above 255
 *   happens at strong edges)
 * @throws Error when the sizes are not positive integers or `rgb` has the wrong length (a bug)
 */
export function referenceForward(
  net: Network,
  rgb: Float32Array | Uint8Array,
  width: number,
  height: number,
): Float32Array {
  if (!Number.isInteger(width) || width < 1 || !Number.isInteger(height) || height < 1) {
    throw new Error(
      `Expected positive integer sizes for the reference upscale but received ${width} × ${height}`,
    )
  }
  if (rgb.length !== width * height * 3) {
    throw new Error(
      `Expected ${width * height * 3} RGB samples for ${width} × ${height} but received ${rgb.length}`,
    )
  }

  // How many layers still have to read each activation, so it is dropped after its last reader.
  const readers = new Map<string, number>([[net.output, 1]])
  for (const layer of net.layers) {
    for (const name of 'input' in layer ? [layer.input] : layer.inputs) {
      readers.set(name, (readers.get(name) ?? 0) + 1)
    }
  }
  const values = new Map<string, Activation>([
    [net.input, { width, height, channels: 3, data: Float32Array.from(rgb) }],
  ])
  const take = (name: string): Activation => {
    const value = values.get(name)
    if (!value) throw new Error(`reference upscale: ${name} is read before it is computed`)
    const left = (readers.get(name) ?? 0) - 1
    readers.set(name, left)
    if (left <= 0) values.delete(name)
    return value
  }

  for (const layer of net.layers) {
    let value: Activation
    switch (layer.kind) {
      case 'conv':
        value = conv2d(take(layer.input), layer)
        break
      case 'relu':
        value = relu(take(layer.input))
        break
      case 'concat':
        value = concat(layer.inputs.map(take), layer)
        break
      case 'add':
        value = add(layer.inputs.map(take))
        break
      case 'upsample':
        value = upsampleNearest(take(layer.input), layer)
        break
    }
    values.set(layer.name, value)
  }
  return take(net.output).data
}

/**
 * Upscales an RGB image with the network: {@link referenceForward}, then each sample clipped to
 * 0..255 and rounded half to even (ToUint8Clamp, what UpscalerJS's `clipByValue(0, 255)` followed
 * by an ImageData does).
 *
 * @param net a network from `parseEsrganSlim`
 * @param rgb `width · height · 3` samples, RGB interleaved, rows top to bottom, 0..255
 * @param width input width in pixels
 * @param height input height in pixels
 * @returns `width · scale × height · scale` RGB pixels, interleaved bytes
 * @throws Error when the sizes are not positive integers or `rgb` has the wrong length (a bug)
 */
export function referenceUpscale(
  net: Network,
  rgb: Float32Array | Uint8Array,
  width: number,
  height: number,
): Uint8Array {
  const out = referenceForward(net, rgb, width, height)
  return new Uint8Array(Uint8ClampedArray.from(out).buffer)
}

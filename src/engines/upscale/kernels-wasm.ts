/**
 * The WebAssembly kernels of the enhance engine (wasm/src/upscale.ts) and a forward pass of the
 * whole ESRGAN-slim network over one image with them, giving what ./reference.ts gives up to
 * float32 rounding in the sums.
 *
 * Memory of one instance, laid out here (16-byte aligned, above the module's static data):
 *   weights  every convolution's kernel, repacked in blocks of 8 output channels (then one of 4;
 *            channels padded to a multiple of 4 with zeros), `[block][ky][kx][ci][8 | 4]`,
 *            followed by its bias padded likewise
 *   buffers  activations, each `(width + 2F) × (height + 2F)` pixels of `pix` floats (F the widest
 *            kernel radius, 2; `pix` a multiple of 4): a plane inside a frame of zeros the kernels
 *            never write, which is the 'same' zero padding of every layer. A concatenation is one
 *            buffer whose inputs are written straight into their channel slices; buffers are
 *            reused once every value in them has been read.
 * The image is the plane here; for tiles, the plane becomes the tile plus its halo and the frame
 * only needs to be zero on the sides where the tile meets the image edge.
 * Speed (Node 22 on the 2-core dev box, scratch timing, best of 3, instantiation and repacking
 * included): 64 × 64 at x2 in 43–48 ms (the reference: 0.85 s), at x4 in 59 ms; 256 × 256 at x2
 * in 0.63–0.66 s (about 22 G multiply-adds/s), where tfjs-wasm took 0.8–1.0 s. Memory: the whole
 * image's activations with reuse, measured 1.65 KB per input pixel at x2 (108 MB at 256 × 256)
 * and 4.7 KB at x4, most of it the upsampled 3·s²-channel buffer before SR (tiles will bound it).
 */

import type { ConvLayer, Layer, Network } from './model'

/** The kernel module's exports (see wasm/src/upscale.ts); pointers in bytes, strides in floats. */
interface UpscaleExports {
  memory: { readonly buffer: ArrayBuffer; grow(pages: number): number }
  heapBase(): number
  conv(
    input: number,
    inPix: number,
    inRow: number,
    cin: number,
    weights: number,
    bias: number,
    out: number,
    outPix: number,
    outRow: number,
    cout: number,
    k: number,
    width: number,
    height: number,
    relu: number,
  ): void
  add(
    a: number,
    aPix: number,
    aRow: number,
    b: number,
    bPix: number,
    bRow: number,
    out: number,
    outPix: number,
    outRow: number,
    channels: number,
    width: number,
    height: number,
  ): void
  copy(
    input: number,
    inPix: number,
    inRow: number,
    out: number,
    outPix: number,
    outRow: number,
    channels: number,
    width: number,
    height: number,
    relu: number,
  ): void
  upsample(
    input: number,
    inPix: number,
    inRow: number,
    out: number,
    outPix: number,
    outRow: number,
    channels: number,
    width: number,
    height: number,
    factor: number,
  ): void
}

const PAGE = 65536
/** Bytes past a buffer's end that no wide load or store may reach into the next one. */
const SLACK = 16

/**
 * The one WebAssembly call used here, typed locally: instantiating an already compiled module
 * (allowed in Workers; compiling bytes is not). The Node-only typings of test/node lack the API.
 */
const wasmApi = (
  globalThis as unknown as {
    WebAssembly: {
      instantiate(module: WebAssembly.Module, imports: object): Promise<{ exports: object }>
    }
  }
).WebAssembly

const roundUp4 = (n: number) => (n + 3) & ~3
const roundUp16 = (n: number) => (n + 15) & ~15

/** A buffer of activations: a plane of `width × height` pixels of `pix` floats in a zero frame. */
interface Buffer {
  width: number
  height: number
  /** Floats per pixel, a multiple of 4. */
  pix: number
  bytes: number
  /** Byte offset of the buffer, set when it is given memory. */
  at: number
  /** Index of the step that writes it first and of the step that reads it last. */
  first: number
  last: number
}

/** Where one value lives: a channel slice of a buffer. */
interface Slot {
  buffer: Buffer
  /** First channel of the value in each pixel (a multiple of 4). */
  offset: number
  /** The value's channels, rounded up to a multiple of 4. */
  channels: number
}

/** Repacked weights of one convolution. */
interface PackedConv {
  weights: number
  bias: number
  /** Output channels rounded up to a multiple of 4 (the padded ones come out zero). */
  cout: number
}

/** The network's widest kernel radius: the frame every buffer keeps. */
function frameOf(net: Network): number {
  let frame = 0
  for (const layer of net.layers) {
    if (layer.kind === 'conv') frame = Math.max(frame, (layer.kernelSize - 1) / 2)
  }
  return frame
}

function inputsOf(layer: Layer): string[] {
  return 'input' in layer ? [layer.input] : layer.inputs
}

/** Floats of one conv's repacked kernel and bias (see the header). */
function packedFloats(layer: ConvLayer): number {
  const cout = roundUp4(layer.channels)
  return layer.kernelSize * layer.kernelSize * layer.inChannels * cout + cout
}

/** Writes one conv's kernel and bias in the kernel's layout at `into`. */
function pack(layer: ConvLayer, into: Float32Array): void {
  const { kernelSize: k, inChannels: cin, channels, kernel, bias } = layer
  const cout = roundUp4(channels)
  let at = 0
  for (let co = 0; co < cout; ) {
    const lanes = cout - co >= 8 ? 8 : 4
    for (let tap = 0; tap < k * k; tap++) {
      for (let ci = 0; ci < cin; ci++) {
        const row = (tap * cin + ci) * channels
        for (let j = 0; j < lanes; j++) {
          into[at++] = co + j < channels ? kernel[row + co + j]! : 0
        }
      }
    }
    co += lanes
  }
  into.set(bias, at)
}

/**
 * Decides where every value lives. A concatenation gets one buffer; each input not yet placed is
 * placed in its slice (it is then written there directly), the others are copied in when the
 * concatenation runs. A relu whose input is a conv read by nothing else is fused into that conv.
 */
function place(net: Network, width: number, height: number, frame: number) {
  const readers = new Map<string, number>([[net.output, 1]])
  for (const layer of net.layers) {
    for (const name of inputsOf(layer)) readers.set(name, (readers.get(name) ?? 0) + 1)
  }
  const byName = new Map(net.layers.map((layer) => [layer.name, layer]))
  const slots = new Map<string, Slot>()
  const buffers: Buffer[] = []
  const sizes = new Map<string, { width: number; height: number }>([[net.input, { width, height }]])
  for (const layer of net.layers) {
    const from = sizes.get(inputsOf(layer)[0]!)!
    const f = layer.kind === 'upsample' ? layer.factor : 1
    sizes.set(layer.name, { width: from.width * f, height: from.height * f })
  }
  const newBuffer = (name: string, pix: number): Buffer => {
    const size = sizes.get(name)!
    const row = (size.width + 2 * frame) * pix
    const buffer: Buffer = {
      ...size,
      pix,
      bytes: roundUp16((size.height + 2 * frame) * row * 4 + SLACK),
      at: -1,
      first: Number.POSITIVE_INFINITY,
      last: -1,
    }
    buffers.push(buffer)
    return buffer
  }
  /** Values computed in place by a conv fused with the relu that reads them. */
  const fused = new Map<string, string>()
  for (const layer of net.layers) {
    if (layer.kind !== 'relu') continue
    const source = byName.get(layer.input)
    if (source?.kind === 'conv' && readers.get(source.name) === 1)
      fused.set(source.name, layer.name)
  }
  const concatCopies = new Set<string>()
  for (const layer of net.layers) {
    if (layer.kind !== 'concat') continue
    const buffer = newBuffer(layer.name, roundUp4(layer.channels))
    slots.set(layer.name, { buffer, offset: 0, channels: roundUp4(layer.channels) })
    let offset = 0
    for (const name of layer.inputs) {
      const channels = (byName.get(name) ?? { channels: 3 }).channels
      if (channels % 4 !== 0) {
        throw new Error(
          `Expected concat inputs of 4k channels for ${layer.name} but received ${channels}`,
        )
      }
      if (!slots.has(name) && name !== net.input && !fused.has(name)) {
        slots.set(name, { buffer, offset, channels })
      } else {
        concatCopies.add(`${layer.name}/${name}`)
      }
      offset += channels
    }
  }
  const input = newBuffer(net.input, 4)
  slots.set(net.input, { buffer: input, offset: 0, channels: 4 })
  for (const layer of [...net.layers].reverse()) {
    // Reverse order: a relu is placed before the conv fused into it.
    const relu = fused.get(layer.name)
    if (relu !== undefined) {
      if (!slots.has(relu)) {
        const channels = roundUp4(layer.channels)
        slots.set(relu, { buffer: newBuffer(relu, channels), offset: 0, channels })
      }
      slots.set(layer.name, slots.get(relu)!)
    } else if (!slots.has(layer.name)) {
      const channels = roundUp4(layer.channels)
      slots.set(layer.name, { buffer: newBuffer(layer.name, channels), offset: 0, channels })
    }
  }
  // Lifetimes in steps: step 0 writes the input, step i + 1 runs layer i.
  input.first = 0
  net.layers.forEach((layer, i) => {
    const out = slots.get(layer.name)!.buffer
    out.first = Math.min(out.first, i + 1)
    out.last = Math.max(out.last, i + 1)
    for (const name of inputsOf(layer)) {
      const buffer = slots.get(name)!.buffer
      buffer.last = Math.max(buffer.last, i + 1)
    }
  })
  slots.get(net.output)!.buffer.last = net.layers.length + 1
  return { slots, buffers, fused, concatCopies }
}

/**
 * Gives each buffer memory from `start`, reusing the memory of buffers no longer read (first fit,
 * no splitting). @returns the end of the memory used
 */
function allocate(buffers: Buffer[], steps: number, start: number): number {
  let end = start
  const free: { at: number; bytes: number }[] = []
  for (let step = 0; step <= steps; step++) {
    for (const buffer of buffers) {
      if (buffer.first !== step) continue
      const fit = free.findIndex((block) => block.bytes >= buffer.bytes)
      if (fit >= 0) {
        buffer.at = free[fit]!.at
        free.splice(fit, 1)
      } else {
        buffer.at = end
        end += buffer.bytes
      }
    }
    for (const buffer of buffers) {
      if (buffer.last === step) free.push({ at: buffer.at, bytes: buffer.bytes })
    }
    free.sort((a, b) => a.bytes - b.bytes)
  }
  return end
}

/**
 * Runs the network on an RGB image with the WebAssembly kernels and returns its raw output, as
 * `referenceForward` does: floats on the 0..255 scale, not yet clipped.
 *
 * @param module the compiled wasm/dist/upscale.wasm
 * @param net a network from `parseEsrganSlim`
 * @param rgb `width · height · 3` bytes, RGB interleaved, rows top to bottom
 * @param width input width in pixels
 * @param height input height in pixels
 * @returns `width · scale × height · scale` RGB samples, interleaved floats
 * @throws Error when the sizes are not positive integers or `rgb` has the wrong length (a bug);
 *   RangeError when the memory cannot grow to hold the activations
 */
export async function forwardWasmRaw(
  module: WebAssembly.Module,
  net: Network,
  rgb: Uint8Array,
  width: number,
  height: number,
): Promise<Float32Array> {
  if (!Number.isInteger(width) || width < 1 || !Number.isInteger(height) || height < 1) {
    throw new Error(
      `Expected positive integer sizes for the upscale but received ${width} × ${height}`,
    )
  }
  if (rgb.length !== width * height * 3) {
    throw new Error(
      `Expected ${width * height * 3} RGB samples for ${width} × ${height} but received ${rgb.length}`,
    )
  }
  const instance = await wasmApi.instantiate(module, {})
  const wasm = instance.exports as unknown as UpscaleExports
  const frame = frameOf(net)
  const { slots, buffers, fused, concatCopies } = place(net, width, height, frame)

  let end = roundUp16(wasm.heapBase())
  const packed = new Map<string, PackedConv>()
  for (const layer of net.layers) {
    if (layer.kind !== 'conv') continue
    const floats = packedFloats(layer)
    const cout = roundUp4(layer.channels)
    packed.set(layer.name, { weights: end, bias: end + (floats - cout) * 4, cout })
    end = roundUp16(end + floats * 4)
  }
  end = allocate(buffers, net.layers.length + 1, end)
  const have = wasm.memory.buffer.byteLength
  if (end > have) wasm.memory.grow(Math.ceil((end - have) / PAGE))
  const memory = wasm.memory.buffer
  for (const layer of net.layers) {
    if (layer.kind !== 'conv') continue
    const at = packed.get(layer.name)!.weights
    pack(layer, new Float32Array(memory, at, packedFloats(layer)))
  }

  /** Byte offset of a value's pixel (0, 0) and its strides in floats. */
  const plane = (name: string) => {
    const { buffer, offset, channels } = slots.get(name)!
    const row = (buffer.width + 2 * frame) * buffer.pix
    const at = buffer.at + ((frame * row + frame * buffer.pix + offset) << 2)
    return { at, pix: buffer.pix, row, channels, width: buffer.width, height: buffer.height }
  }
  /** Zeroes a buffer about to be written: its frame must be zero, and reused memory is not. */
  const clear = (step: number) => {
    for (const buffer of buffers) {
      if (buffer.first === step) new Uint8Array(memory, buffer.at, buffer.bytes).fill(0)
    }
  }

  clear(0)
  const source = plane(net.input)
  const floats = new Float32Array(memory)
  for (let y = 0; y < height; y++) {
    let to = (source.at >> 2) + y * source.row
    for (let x = 0; x < width; x++, to += source.pix) {
      const from = (y * width + x) * 3
      floats[to] = rgb[from]!
      floats[to + 1] = rgb[from + 1]!
      floats[to + 2] = rgb[from + 2]!
    }
  }

  net.layers.forEach((layer, i) => {
    clear(i + 1)
    const out = plane(layer.name)
    switch (layer.kind) {
      case 'conv': {
        const x = plane(layer.input)
        const { weights, bias, cout } = packed.get(layer.name)!
        const relu = layer.activation === 'relu' || fused.has(layer.name) ? 1 : 0
        wasm.conv(
          x.at,
          x.pix,
          x.row,
          layer.inChannels,
          weights,
          bias,
          out.at,
          out.pix,
          out.row,
          cout,
          layer.kernelSize,
          x.width,
          x.height,
          relu,
        )
        break
      }
      case 'relu': {
        if (fused.get(layer.input) !== layer.name) {
          const x = plane(layer.input)
          wasm.copy(
            x.at,
            x.pix,
            x.row,
            out.at,
            out.pix,
            out.row,
            out.channels,
            out.width,
            out.height,
            1,
          )
        }
        break
      }
      case 'concat':
        for (const name of layer.inputs) {
          if (!concatCopies.has(`${layer.name}/${name}`)) continue
          const from = plane(name)
          const offset = layer.inputs
            .slice(0, layer.inputs.indexOf(name))
            .reduce((sum, n) => sum + slots.get(n)!.channels, 0)
          wasm.copy(
            from.at,
            from.pix,
            from.row,
            out.at + offset * 4,
            out.pix,
            out.row,
            from.channels,
            from.width,
            from.height,
            0,
          )
        }
        break
      case 'add': {
        const [first, ...rest] = layer.inputs.map(plane)
        let a = first!
        for (const b of rest) {
          wasm.add(
            a.at,
            a.pix,
            a.row,
            b.at,
            b.pix,
            b.row,
            out.at,
            out.pix,
            out.row,
            out.channels,
            out.width,
            out.height,
          )
          a = out
        }
        break
      }
      case 'upsample': {
        const x = plane(layer.input)
        wasm.upsample(
          x.at,
          x.pix,
          x.row,
          out.at,
          out.pix,
          out.row,
          x.channels,
          x.width,
          x.height,
          layer.factor,
        )
        break
      }
    }
  })

  const result = plane(net.output)
  const view = new Float32Array(wasm.memory.buffer)
  const samples = new Float32Array(result.width * result.height * 3)
  for (let y = 0, to = 0; y < result.height; y++) {
    let from = (result.at >> 2) + y * result.row
    for (let x = 0; x < result.width; x++, from += result.pix) {
      samples[to++] = view[from]!
      samples[to++] = view[from + 1]!
      samples[to++] = view[from + 2]!
    }
  }
  return samples
}

/**
 * Upscales an RGB image with the WebAssembly kernels: {@link forwardWasmRaw}, then each sample
 * clipped to 0..255 and rounded half to even, as `referenceUpscale` does.
 *
 * @param module the compiled wasm/dist/upscale.wasm
 * @param net a network from `parseEsrganSlim`
 * @param rgb `width · height · 3` bytes, RGB interleaved, rows top to bottom
 * @param width input width in pixels
 * @param height input height in pixels
 * @returns `width · scale × height · scale` RGB pixels, interleaved bytes
 * @throws as {@link forwardWasmRaw}
 */
export async function forwardWasm(
  module: WebAssembly.Module,
  net: Network,
  rgb: Uint8Array,
  width: number,
  height: number,
): Promise<Uint8Array> {
  const samples = await forwardWasmRaw(module, net, rgb, width, height)
  return new Uint8Array(Uint8ClampedArray.from(samples).buffer)
}

/**
 * The WebAssembly kernels of the enhance engine (wasm/src/upscale.ts) and the ESRGAN-slim network
 * run with them, giving what ./reference.ts gives up to float32 rounding in the sums:
 * `createUpscaler` (one instance, laid out once, reused tile after tile; the engine) and
 * `forwardWasm` / `forwardWasmRaw` (one image, one instance sized for it).
 *
 * How each layer runs:
 *   - 3 × 3 and 5 × 5 convolutions with 16 or more channels in and out: Winograd F(6 × 6, 3 × 3)
 *     and F(4 × 4, 5 × 5) on 8 × 8 input blocks (`convWinograd`, matrices from ./winograd.ts):
 *     64 products per block instead of 324 and 400; both transforms in their paired form (rows
 *     that share sums and differences), about a fifth of the engine's time;
 *   - the other convolutions direct (`conv`: 4 pixels × 8 channels in registers);
 *   - the nearest upsampling and SR, the 3 × 3 conv reading it, as s² small convolutions of the
 *     input plane, one per output phase (./subpixel.ts, `convTaps`): the upsampled plane is
 *     never stored and repeated taps are summed once (36 taps per 16 outputs at x4, not 144).
 *
 * Memory of one instance, laid out once (16-byte aligned, above the module's static data):
 *   weights  direct convolutions' kernels repacked in blocks of 8 output channels (then one of 4;
 *            channels padded to a multiple of 4 with zeros), `[block][ky][kx][ci][8 | 4]`; the
 *            Winograd ones as G g Gᵀ, `[ξ][block][ci][8 | 4]` for the 64 positions ξ; SR's phases
 *            one after the other; each followed by its bias padded likewise; then the transforms
 *   scratch one row of Winograd blocks of the widest tile: its transformed inputs and products
 *   buffers activations for the largest tile, each `(width + 2F) × (height + 2F)` pixels of `pix`
 *            floats (F the widest kernel radius, 2; `pix` a multiple of 4): a plane inside a frame
 *            of zeros, which is the 'same' zero padding of every layer. A smaller tile uses the
 *            top-left of each plane with the same strides; the frame around its plane is zeroed
 *            when the buffer is first written in a pass (kernels write only the plane, and read
 *            only the plane and that frame). A concatenation is one buffer whose inputs are
 *            written straight into their channel slices; buffers are reused once every value in
 *            them has been read.
 * Measured (scratch, Node 20 on the 2-core dev box): memoryBytes for a 148 × 148 tile (128 +
 * 2 · HALO_PX) 39.7 MiB at x2 and 40.1 MiB at x4; 256 × 256 through upscaleBands on one upscaler
 * in 0.31 s at x2 and 0.34 s at x4 (all-direct kernels: 0.71 s and 0.89 s; `npm run bench --
 * enhance` for the rest). Float error against the reference at most 3.4e-4 on the 0..255 scale
 * (150 × 130 image, x2 and x4).
 */

import { instantiateKernels } from '../../lib/wasm-instance'
import type { ConvLayer, Layer, Network, UpsampleLayer } from './model'
import { type Phase, upsampledPhases } from './subpixel'
import {
  packWinogradKernel,
  pairedInputTransform,
  pairedOutputTransform,
  type WinogradMatrices,
  winogradKernelFloats,
  winogradMatrices,
} from './winograd'

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
  convTaps(
    origin: number,
    inPix: number,
    inRow: number,
    cin: number,
    weights: number,
    bias: number,
    out: number,
    outPix: number,
    outRow: number,
    cout: number,
    kh: number,
    kw: number,
    width: number,
    height: number,
    relu: number,
  ): void
  convWinograd(
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
    m: number,
    width: number,
    height: number,
    relu: number,
    bt: number,
    at: number,
    scratch: number,
    zeros: number,
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
}

const PAGE = 65536
/** Bytes past a buffer's end that no wide load or store may reach into the next one. */
const SLACK = 16

const roundUp4 = (n: number) => (n + 3) & ~3
const roundUp16 = (n: number) => (n + 15) & ~15

/** A buffer of activations: a plane of `width × height` pixels of `pix` floats in a zero frame. */
interface Buffer {
  /** Plane size for the largest tile. */
  width: number
  height: number
  /** Plane size ÷ tile size: the upsampling factors before the value. */
  factor: number
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
  /** Set when the conv runs as Winograd F(m × m, k × k): its weights are then G g Gᵀ. */
  winograd?: { m: number; bt: number; at: number }
  /** Set when the conv reads a folded upsampling: one small conv per output phase. */
  phases?: (Omit<Phase, 'kernel'> & { weights: number })[]
}

/**
 * Output block side m of the Winograd F(m × m, k × k) each kernel size runs with, both on 8 × 8
 * input blocks (the kernels' one input transform): 6 × 6 outputs for 3 × 3 (64 products per 36
 * outputs instead of 324) and 4 × 4 for 5 × 5 (64 per 16 instead of 400). Measured on 148 × 148
 * tiles against the reference: float error at most 3.4e-4 on the 0..255 scale. Sizes not listed
 * run direct.
 */
const WINOGRAD_BLOCK: Record<number, number> = { 3: 6, 5: 4 }

/**
 * Whether a conv runs as Winograd: both channel counts wide enough for the transforms to be a
 * small share of the work (F_m1 reads 3 channels, F_1_1 writes 4, UPN3 writes 12 at x2: direct).
 */
function winogradBlock(layer: ConvLayer): number | undefined {
  const m = WINOGRAD_BLOCK[layer.kernelSize]
  const wide = layer.inChannels >= 16 && layer.channels >= 16 && layer.inChannels % 4 === 0
  return m !== undefined && wide ? m : undefined
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
  const at = packKernel(kernel, k * k, cin, channels, into)
  into.set(bias, at)
}

/**
 * Writes a kernel of `taps` taps (HWIO) in blocks of 8 output channels, then one of 4, padded
 * with zeros to a multiple of 4. @returns the floats written
 */
function packKernel(
  kernel: Float32Array,
  taps: number,
  cin: number,
  channels: number,
  into: Float32Array,
): number {
  const cout = roundUp4(channels)
  let at = 0
  for (let co = 0; co < cout; ) {
    const lanes = cout - co >= 8 ? 8 : 4
    for (let tap = 0; tap < taps; tap++) {
      for (let ci = 0; ci < cin; ci++) {
        const row = (tap * cin + ci) * channels
        for (let j = 0; j < lanes; j++) {
          into[at++] = co + j < channels ? kernel[row + co + j]! : 0
        }
      }
    }
    co += lanes
  }
  return at
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
  const factors = new Map<string, number>([[net.input, 1]])
  for (const layer of net.layers) {
    const from = factors.get(inputsOf(layer)[0]!)!
    factors.set(layer.name, from * (layer.kind === 'upsample' ? layer.factor : 1))
  }
  /**
   * Upsamplings folded into the convolution that is their only reader (by the conv's name): the
   * conv runs as one small conv per output phase on the upsampling's input (./subpixel.ts) and
   * the upsampled value is never stored. The frame must reach the phases' taps past the edge.
   */
  const foldedUp = new Map<string, UpsampleLayer>()
  for (const layer of net.layers) {
    if (layer.kind !== 'conv') continue
    const source = byName.get(layer.input)
    const r = (layer.kernelSize - 1) / 2
    const alone = source?.kind === 'upsample' && readers.get(source.name) === 1
    if (alone && r <= source.factor && frame >= 1) foldedUp.set(layer.name, source)
  }
  const folded = new Set([...foldedUp.values()].map((layer) => layer.name))
  // Every upsampling is folded (ESRGAN-slim's feeds only SR, a 3 × 3 conv): no kernel stores one.
  for (const layer of net.layers) {
    if (layer.kind === 'upsample' && !folded.has(layer.name)) {
      throw new Error(
        `Expected ${layer.name} to feed one convolution of radius at most ${layer.factor}, the only upsampling the upscale kernels run`,
      )
    }
  }
  /** The value a layer's kernel actually reads for `name`. */
  const stored = (name: string) =>
    folded.has(name) ? (byName.get(name) as UpsampleLayer).input : name
  const newBuffer = (name: string, pix: number): Buffer => {
    const factor = factors.get(name)!
    const size = { width: width * factor, height: height * factor }
    const row = (size.width + 2 * frame) * pix
    const buffer: Buffer = {
      ...size,
      factor,
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
    } else if (!slots.has(layer.name) && !folded.has(layer.name)) {
      const channels = roundUp4(layer.channels)
      slots.set(layer.name, { buffer: newBuffer(layer.name, channels), offset: 0, channels })
    }
  }
  // Lifetimes in steps: step 0 writes the input, step i + 1 runs layer i.
  input.first = 0
  net.layers.forEach((layer, i) => {
    if (folded.has(layer.name)) return
    const out = slots.get(layer.name)!.buffer
    out.first = Math.min(out.first, i + 1)
    out.last = Math.max(out.last, i + 1)
    for (const name of inputsOf(layer)) {
      const buffer = slots.get(stored(name))!.buffer
      buffer.last = Math.max(buffer.last, i + 1)
    }
  })
  slots.get(net.output)!.buffer.last = net.layers.length + 1
  return { slots, buffers, fused, concatCopies, foldedUp, folded }
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

/** The network on one WebAssembly instance, laid out for tiles up to a fixed size. */
export interface Upscaler {
  /** Output size ÷ input size on each axis (the network's `scale`). */
  readonly scale: number
  /**
   * Upscales one tile (or a whole image no bigger than the largest tile): the network's output
   * clipped to 0..255 and rounded half to even, as `referenceUpscale` does. Every call gives the
   * same bytes for the same input, whatever ran before.
   *
   * @param rgb `width · height · 3` bytes, RGB interleaved, rows top to bottom
   * @param into where to write the output (its start), so a caller running tile after tile
   *   reuses one buffer instead of leaving a new one per tile to the GC; a new array by default
   * @returns `width · scale × height · scale` RGB pixels, interleaved bytes (a view on `into`
   *   when given)
   * @throws Error when the sizes are not positive integers or `rgb` has the wrong length (a bug);
   *   RangeError when the tile is bigger than the largest tile the upscaler was made for, or
   *   `into` is too small
   */
  forward(rgb: Uint8Array, width: number, height: number, into?: Uint8Array): Uint8Array
  /** Bytes of the instance's memory: weights, activations for the largest tile, static data. */
  readonly memoryBytes: number
}

/** What {@link createEngine} gives: an {@link Upscaler} that can also hand out the raw floats. */
interface Engine extends Upscaler {
  /** The network's output before clipping, as `referenceForward` gives it. */
  forwardRaw(rgb: Uint8Array, width: number, height: number): Float32Array
}

function checkSizes(rgb: Uint8Array, width: number, height: number): void {
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
}

/**
 * Instantiates the module once, lays its memory out once for tiles up to `maxTile` (weights
 * repacked, activation buffers placed with reuse) and returns the pass over it.
 */
async function createEngine(
  module: WebAssembly.Module,
  net: Network,
  maxTile: { width: number; height: number },
): Promise<Engine> {
  const { width: maxWidth, height: maxHeight } = maxTile
  if (
    !Number.isInteger(maxWidth) ||
    maxWidth < 1 ||
    !Number.isInteger(maxHeight) ||
    maxHeight < 1
  ) {
    throw new Error(
      `Expected positive integer sizes for the largest tile but received ${maxWidth} × ${maxHeight}`,
    )
  }
  const wasm = await instantiateKernels<UpscaleExports>(module)
  const frame = frameOf(net)
  const { slots, buffers, fused, concatCopies, foldedUp, folded } = place(
    net,
    maxWidth,
    maxHeight,
    frame,
  )

  let end = roundUp16(wasm.heapBase())
  const packed = new Map<string, PackedConv>()
  /** Winograd matrices and where their paired transforms live, by `m/k`. */
  const transforms = new Map<
    string,
    { matrices: WinogradMatrices; bt: Float32Array; btAt: number; at: Float32Array; atAt: number }
  >()
  /** Bytes of scratch the largest Winograd layer needs (see convWinograd), and zero floats. */
  let scratchBytes = 0
  let zeroFloats = 0
  /** The phase kernels of the conv reading a folded upsampling, packed once memory exists. */
  const phaseKernels = new Map<string, (Phase & { weights: number })[]>()
  for (const layer of net.layers) {
    if (layer.kind !== 'conv') continue
    const cout = roundUp4(layer.channels)
    const up = foldedUp.get(layer.name)
    if (up !== undefined) {
      const phases = upsampledPhases(layer, up.factor)
      const placed = phases.map(({ kernel, ...phase }) => {
        const weights = end
        end = roundUp16(end + (kernel.length / layer.channels) * cout * 4)
        return { ...phase, weights, kernel }
      })
      phaseKernels.set(layer.name, placed)
      packed.set(layer.name, {
        weights: placed[0]!.weights,
        bias: end,
        cout,
        phases: placed.map(({ kernel: _, ...phase }) => phase),
      })
      end = roundUp16(end + cout * 4)
      continue
    }
    const m = winogradBlock(layer)
    if (m === undefined) {
      const floats = packedFloats(layer)
      packed.set(layer.name, { weights: end, bias: end + (floats - cout) * 4, cout })
      end = roundUp16(end + floats * 4)
      continue
    }
    const key = `${m}/${layer.kernelSize}`
    if (!transforms.has(key)) {
      const matrices = winogradMatrices(m, layer.kernelSize)
      const bt = pairedInputTransform(matrices)
      const at = pairedOutputTransform(matrices)
      if (bt === null || at === null) {
        throw new Error(`Expected F(${key}) to have the paired 8-point Bᵀ and Aᵀ`)
      }
      transforms.set(key, { matrices, bt, btAt: end, at, atAt: roundUp16(end + bt.byteLength) })
      end = roundUp16(roundUp16(end + bt.byteLength) + at.byteLength)
    }
    const { matrices, btAt, atAt } = transforms.get(key)!
    const floats = winogradKernelFloats(layer, matrices)
    packed.set(layer.name, {
      weights: end,
      bias: end + floats * 4,
      cout,
      winograd: { m, bt: btAt, at: atAt },
    })
    end = roundUp16(end + (floats + cout) * 4)
    const nn = matrices.n * matrices.n
    const tiles = Math.ceil(maxWidth / m)
    scratchBytes = Math.max(scratchBytes, (nn * tiles * (layer.inChannels + cout) + 4 * nn) * 4)
    zeroFloats = Math.max(zeroFloats, cout)
  }
  const scratch = end
  end = roundUp16(end + scratchBytes + SLACK)
  const zeros = end
  end = roundUp16(end + zeroFloats * 4)
  end = allocate(buffers, net.layers.length + 1, end)
  const have = wasm.memory.buffer.byteLength
  if (end > have) wasm.memory.grow(Math.ceil((end - have) / PAGE))
  // The memory never grows again, so these views stay valid.
  const memory = wasm.memory.buffer
  const floats = new Float32Array(memory)
  for (const { bt, btAt, at, atAt } of transforms.values()) {
    floats.set(bt, btAt >> 2)
    floats.set(at, atAt >> 2)
  }
  for (const layer of net.layers) {
    if (layer.kind !== 'conv') continue
    const { weights, bias, winograd, phases } = packed.get(layer.name)!
    if (phases !== undefined) {
      for (const phase of phaseKernels.get(layer.name)!) {
        const taps = phase.kh * phase.kw
        const { inChannels: cin, channels } = layer
        const into = new Float32Array(memory, phase.weights, taps * cin * roundUp4(channels))
        packKernel(phase.kernel, taps, cin, channels, into)
      }
      floats.fill(0, bias >> 2, (bias >> 2) + roundUp4(layer.channels))
      floats.set(layer.bias, bias >> 2)
      continue
    }
    if (winograd === undefined) {
      pack(layer, new Float32Array(memory, weights, packedFloats(layer)))
      continue
    }
    const matrices = transforms.get(`${winograd.m}/${layer.kernelSize}`)!.matrices
    packWinogradKernel(
      layer,
      matrices,
      new Float32Array(memory, weights, winogradKernelFloats(layer, matrices)),
    )
    floats.fill(0, bias >> 2, (bias >> 2) + roundUp4(layer.channels))
    floats.set(layer.bias, bias >> 2)
  }
  const concatOffsets = new Map<string, number>()
  for (const layer of net.layers) {
    if (layer.kind !== 'concat') continue
    let offset = 0
    for (const name of layer.inputs) {
      concatOffsets.set(`${layer.name}/${name}`, offset)
      offset += slots.get(name)!.channels
    }
  }

  /** Tile size of the current call. */
  let tileWidth = 0
  let tileHeight = 0
  /** Byte offset of a value's pixel (0, 0), its strides in floats and its plane this call. */
  const plane = (name: string) => {
    const { buffer, offset, channels } = slots.get(name)!
    const row = (buffer.width + 2 * frame) * buffer.pix
    const at = buffer.at + ((frame * row + frame * buffer.pix + offset) << 2)
    const width = tileWidth * buffer.factor
    const height = tileHeight * buffer.factor
    return { at, pix: buffer.pix, row, channels, width, height }
  }
  /**
   * Zeroes the frame around this call's plane in the buffers first written at `step`: kernels
   * write only the plane and read only it and the frame, so stale values elsewhere (a bigger
   * tile's plane, a buffer that shared the memory) are never seen.
   */
  const clearFrames = (step: number) => {
    for (const buffer of buffers) {
      if (buffer.first !== step) continue
      const row = (buffer.width + 2 * frame) * buffer.pix
      const width = tileWidth * buffer.factor
      const height = tileHeight * buffer.factor
      const base = buffer.at >> 2
      floats.fill(0, base, base + frame * row)
      floats.fill(0, base + (frame + height) * row, base + (2 * frame + height) * row)
      for (let y = frame; y < frame + height; y++) {
        const at = base + y * row
        floats.fill(0, at, at + frame * buffer.pix)
        floats.fill(0, at + (frame + width) * buffer.pix, at + (2 * frame + width) * buffer.pix)
      }
    }
  }

  const run = (rgb: Uint8Array, width: number, height: number) => {
    checkSizes(rgb, width, height)
    if (width > maxWidth || height > maxHeight) {
      throw new RangeError(
        `Expected a tile of at most ${maxWidth} × ${maxHeight} for the upscaler but received ${width} × ${height}`,
      )
    }
    tileWidth = width
    tileHeight = height
    clearFrames(0)
    const source = plane(net.input)
    for (let y = 0; y < height; y++) {
      let to = (source.at >> 2) + y * source.row
      for (let x = 0; x < width; x++, to += source.pix) {
        const from = (y * width + x) * 3
        floats[to] = rgb[from]!
        floats[to + 1] = rgb[from + 1]!
        floats[to + 2] = rgb[from + 2]!
        floats[to + 3] = 0
      }
    }
    net.layers.forEach((layer, i) => {
      if (folded.has(layer.name)) return
      clearFrames(i + 1)
      runLayer(layer)
    })
    return plane(net.output)
  }

  const runLayer = (layer: Layer) => {
    const out = plane(layer.name)
    switch (layer.kind) {
      case 'conv': {
        const { weights, bias, cout, winograd, phases } = packed.get(layer.name)!
        const relu = layer.activation === 'relu' || fused.has(layer.name) ? 1 : 0
        const up = foldedUp.get(layer.name)
        if (up !== undefined && phases !== undefined) {
          // Row by row, every phase of a row before the next: its input rows stay in cache.
          const x = plane(up.input)
          const s = up.factor
          for (let y = 0; y < x.height; y++) {
            for (const p of phases) {
              wasm.convTaps(
                x.at + ((y + p.oy) * x.row + p.ox * x.pix) * 4,
                x.pix,
                x.row,
                layer.inChannels,
                p.weights,
                bias,
                out.at + ((y * s + p.sy) * out.row + p.sx * out.pix) * 4,
                out.pix * s,
                out.row * s,
                cout,
                p.kh,
                p.kw,
                x.width,
                1,
                relu,
              )
            }
          }
        } else if (winograd !== undefined) {
          const x = plane(layer.input)
          wasm.convWinograd(
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
            winograd.m,
            x.width,
            x.height,
            relu,
            winograd.bt,
            winograd.at,
            scratch,
            zeros,
          )
        } else {
          const x = plane(layer.input)
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
        }
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
          const key = `${layer.name}/${name}`
          if (!concatCopies.has(key)) continue
          const from = plane(name)
          wasm.copy(
            from.at,
            from.pix,
            from.row,
            out.at + concatOffsets.get(key)! * 4,
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
      case 'upsample':
        break // folded into the convolution that reads it (see `place`)
    }
  }

  /** Reads the output plane's 3 channels into `into`, interleaved (a clamped array rounds). */
  const read = (result: ReturnType<typeof plane>, into: Float32Array | Uint8ClampedArray) => {
    for (let y = 0, to = 0; y < result.height; y++) {
      let from = (result.at >> 2) + y * result.row
      for (let x = 0; x < result.width; x++, from += result.pix) {
        into[to++] = floats[from]!
        into[to++] = floats[from + 1]!
        into[to++] = floats[from + 2]!
      }
    }
    return into
  }

  return {
    scale: net.scale,
    memoryBytes: memory.byteLength,
    forward(rgb, width, height, into) {
      const n = width * net.scale * height * net.scale * 3
      if (into !== undefined && into.length < n) {
        throw new RangeError(
          `Expected at least ${n} output bytes for a ${width} × ${height} tile but received ${into.length}`,
        )
      }
      const result = run(rgb, width, height)
      const out = into ?? new Uint8Array(n)
      read(result, new Uint8ClampedArray(out.buffer, out.byteOffset, n))
      return out.subarray(0, n)
    },
    forwardRaw(rgb, width, height) {
      const result = run(rgb, width, height)
      return read(result, new Float32Array(result.width * result.height * 3)) as Float32Array
    },
  }
}

/**
 * Makes the upscaler of the enhance engine: the module instantiated once, the weights repacked
 * once and the memory laid out once for tiles up to `maxTile`, then reused by every
 * {@link Upscaler.forward} call (synchronous). The nearest upsampling is folded into the last
 * convolution, so the biggest activations are the 64- and 128-channel ones at input size.
 *
 * @param module the compiled wasm/dist/upscale.wasm
 * @param net a network from `parseEsrganSlim`
 * @param maxTile the largest input `width × height` that `forward` will be given (a haloed tile)
 * @throws Error when `maxTile` is not positive integers; RangeError when the memory cannot grow
 *   to hold the activations
 */
export async function createUpscaler(
  module: WebAssembly.Module,
  net: Network,
  maxTile: { width: number; height: number },
): Promise<Upscaler> {
  const engine = await createEngine(module, net, maxTile)
  return {
    scale: engine.scale,
    memoryBytes: engine.memoryBytes,
    forward: (rgb, width, height, into) => engine.forward(rgb, width, height, into),
  }
}

/**
 * Runs the network on an RGB image with the WebAssembly kernels and returns its raw output, as
 * `referenceForward` does: floats on the 0..255 scale, not yet clipped. A new instance sized for
 * this one image; use {@link createUpscaler} for more than one.
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
  checkSizes(rgb, width, height)
  const engine = await createEngine(module, net, { width, height })
  return engine.forwardRaw(rgb, width, height)
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
  checkSizes(rgb, width, height)
  const engine = await createEngine(module, net, { width, height })
  return engine.forward(rgb, width, height)
}

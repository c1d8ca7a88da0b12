/**
 * The learned upscaler's network for the enhance engine path: the ESRGAN-slim model.json topology
 * and float32 weights parsed into a small, explicit, validated graph that engines can run.
 */

/*
 * Source: npm `@upscalerjs/esrgan-slim` 1.0.0 (MIT), `models/x2` and `models/x4`: a Keras 2.10
 * functional model converted to a tfjs layers-model (`model.json`, "TensorFlow.js Converter
 * v1.2.6") plus one float32 shard `group1-shard1of1.bin`. Despite the name it is an RDN
 * (`rdn-C1-D2-G4-G064-T10-x{2,4}`: 2 residual dense blocks of 1 conv each, growth 4, 64
 * features). Its model definition declares `inputRange` and `outputRange` [0, 255]: pixels go in
 * as RGB 0..255 floats with no normalization, and UpscalerJS clips the output to 0..255 (there is
 * no clipping layer in the graph).
 *
 * Topology (NHWC, every conv stride 1, dilation 1, 'same' zero padding, bias, linear activation;
 * s = 2 for x2, 4 for x4; the two model.json files differ only in UPN3's filters, the upsample
 * size and SR's input channels):
 *
 *   LR     input                       H × W × 3
 *   F_m1   conv 3×3    3 → 64 (LR)
 *   F_0    conv 3×3   64 → 64 (F_m1)
 *   F_1_1  conv 3×3   64 → 4  (F_0), then relu                 RDB 1
 *   concat [F_0, relu(F_1_1)]                   → 68
 *   LFF_1  conv 1×1   68 → 64 ('valid', same thing at 1×1)
 *   LRL_1  add LFF_1 + F_0
 *   F_2_1  conv 3×3   64 → 4  (LRL_1), then relu               RDB 2
 *   concat [LRL_1, relu(F_2_1)]                 → 68
 *   LFF_2  conv 1×1   68 → 64
 *   LRL_2  add LFF_2 + LRL_1
 *   concat [LRL_1, LRL_2]                       → 128
 *   GFF_1  conv 1×1  128 → 64
 *   GFF_2  conv 3×3   64 → 64
 *   FDF    add GFF_2 + F_m1                                    global residual
 *   UPN1   conv 5×5   64 → 64, then relu
 *   UPN2   conv 3×3   64 → 32, then relu
 *   UPN3   conv 3×3   32 → 3·s² (12 at x2, 48 at x4), linear
 *   UPsample  nearest, s × s (UpSampling2D)    sH × sW × 3·s²
 *   SR     conv 3×3  3·s² → 3, linear           sH × sW × 3     output, clipped to 0..255 outside
 *
 * 12 convolutions; 222,075 parameters at x2 (888,300 bytes) and 233,451 at x4 (933,804 bytes),
 * 102,464 of them in UPN1. Receptive field: a radius of 9 input pixels through the 3×3 and 5×5
 * layers at input size (F_m1, F_0, F_1_1, F_2_1, GFF_2, UPN1 counts 2, UPN2, UPN3) plus SR's one
 * output pixel (1/s input pixel), so tiles need a 10-pixel halo. Every layer zero-pads at the
 * image edge, so a tile on the image border must see zeros where the image ends, not a clamp.
 *
 * Weights: `weightsManifest` lists the tensors by name in alphabetical order (F_0 before F_m1),
 * not in layer order, so they are matched by `<layer>/kernel` and `<layer>/bias`. Kernels are
 * Keras HWIO, [kh, kw, in, out] row major, little-endian float32, the layout kept here.
 */

/** A 2-D convolution, stride 1, dilation 1, 'same' zero padding of (kernelSize − 1) / 2 per side. */
export interface ConvLayer {
  kind: 'conv'
  /** The Keras layer name (`F_m1`, `UPN1`, `SR`, …). */
  name: string
  /** The layer whose output this convolution reads. */
  input: string
  /** Side of the square kernel in pixels, odd (1, 3 or 5 in this model). */
  kernelSize: number
  /** Channels read from `input`. */
  inChannels: number
  /** Channels produced (Keras `filters`). */
  channels: number
  /**
   * `kernelSize² · inChannels · channels` weights in Keras HWIO order: the weight from input
   * channel `ci` at kernel tap (`ky`, `kx`) to output channel `co` is at
   * `((ky · kernelSize + kx) · inChannels + ci) · channels + co`, where tap (0, 0) reads the
   * pixel `(kernelSize − 1) / 2` above and left of the output pixel.
   */
  kernel: Float32Array
  /** `channels` biases, added before the activation. */
  bias: Float32Array
  /** Applied after the bias: Keras `linear` (none) or `relu` (max(0, x)). */
  activation: 'linear' | 'relu'
}

/** max(0, x) on every sample of `input`. */
export interface ReluLayer {
  kind: 'relu'
  name: string
  input: string
  channels: number
}

/** Channel concatenation (Keras axis 3 / −1): the channels of `inputs[0]`, then `inputs[1]`, … */
export interface ConcatLayer {
  kind: 'concat'
  name: string
  inputs: string[]
  channels: number
}

/** Element-wise sum of `inputs`, which all have `channels` channels. */
export interface AddLayer {
  kind: 'add'
  name: string
  inputs: string[]
  channels: number
}

/** Nearest-neighbour upsampling: output pixel (x, y) copies input pixel (⌊x / factor⌋, ⌊y / factor⌋). */
export interface UpsampleLayer {
  kind: 'upsample'
  name: string
  input: string
  factor: number
  channels: number
}

/** One node of the graph; every kind names its output channel count `channels`. */
export type Layer = ConvLayer | ReluLayer | ConcatLayer | AddLayer | UpsampleLayer

/** A parsed ESRGAN-slim network: RGB 0..255 in, RGB at `scale` × the size out (not yet clipped). */
export interface Network {
  /** Output size ÷ input size on each axis: the product of the upsampling factors (2 or 4). */
  scale: number
  /** Name of the input layer, 3 channels (RGB 0..255 as floats). */
  input: string
  /** Name of the layer whose 3 channels are the output. */
  output: string
  /** Every layer but the input, in an order where each layer comes after the layers it reads. */
  layers: Layer[]
  /** Number of weights and biases (222,075 at x2, 233,451 at x4). */
  parameterCount: number
}

type Json = Record<string, unknown>

function fail(expected: string, where: string, received: unknown): never {
  throw new Error(`Expected ${expected} for ${where} but received ${JSON.stringify(received)}`)
}

function object(value: unknown, where: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail('an object', where, value)
  }
  return value as Json
}

function array(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) fail('an array', where, value)
  return value
}

function string(value: unknown, where: string): string {
  if (typeof value !== 'string' || value === '') fail('a non-empty string', where, value)
  return value
}

function positiveInt(value: unknown, where: string): number {
  if (!Number.isInteger(value) || (value as number) < 1) fail('a positive integer', where, value)
  return value as number
}

function finite(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail('a finite number', where, value)
  return value
}

function exactly(value: unknown, allowed: readonly unknown[], where: string): void {
  if (!allowed.some((a) => JSON.stringify(a) === JSON.stringify(value))) {
    fail(allowed.map((a) => JSON.stringify(a)).join(' or '), where, value)
  }
}

/** Square, equal pair such as `kernel_size: [3, 3]` or `size: [2, 2]`. */
function squarePair(value: unknown, where: string): number {
  const pair = array(value, where)
  if (pair.length !== 2 || pair[0] !== pair[1]) fail('two equal integers', where, value)
  return positiveInt(pair[0], where)
}

/**
 * The names a layer reads, from Keras `inbound_nodes: [[[name, 0, 0, {}], …]]`. Only layers
 * called once (no shared layers), on the first output of single-output layers.
 */
function inboundNames(layer: Json, where: string): string[] {
  const nodes = array(layer.inbound_nodes, `${where}.inbound_nodes`)
  if (nodes.length !== 1) fail('one inbound node (no shared layers)', where, nodes.length)
  return array(nodes[0], `${where}.inbound_nodes[0]`).map((entry, i) => {
    const at = `${where}.inbound_nodes[0][${i}]`
    const ref = array(entry, at)
    if (ref[1] !== 0 || ref[2] !== 0) fail('node index 0 and tensor index 0', at, ref)
    return string(ref[0], at)
  })
}

/** Checks the Conv2D options this engine does not implement have their plain values. */
function checkConvConfig(config: Json, where: string): void {
  exactly(config.strides, [[1, 1]], `${where}.strides`)
  exactly(config.dilation_rate, [[1, 1]], `${where}.dilation_rate`)
  exactly(config.data_format, ['channels_last'], `${where}.data_format`)
  exactly(config.use_bias, [true], `${where}.use_bias`)
  if (config.groups !== undefined) exactly(config.groups, [1], `${where}.groups`)
  if (config.dtype !== undefined) exactly(config.dtype, ['float32'], `${where}.dtype`)
}

/** One tensor of the weight buffer, by its manifest name (`F_0/kernel`). */
interface WeightSpec {
  shape: number[]
  values: Float32Array
}

/**
 * Slices the concatenated weight shards per `weightsManifest`, in manifest order (the order tfjs
 * concatenates them): float32, or uint8 with tfjs' affine quantization (dequantized here), every
 * byte accounted for.
 */
function sliceWeights(manifest: unknown, weights: ArrayBuffer): Map<string, WeightSpec> {
  const byName = new Map<string, WeightSpec>()
  let offsetBytes = 0
  array(manifest, 'weightsManifest').forEach((group, g) => {
    const specs = array(object(group, `weightsManifest[${g}]`).weights, `weightsManifest[${g}]`)
    specs.forEach((entry, i) => {
      const where = `weightsManifest[${g}].weights[${i}]`
      const spec = object(entry, where)
      const name = string(spec.name, `${where}.name`)
      exactly(spec.dtype, ['float32'], `${where}.dtype (${name})`)
      const shape = array(spec.shape, `${where}.shape`).map((d) => positiveInt(d, `${name} shape`))
      const count = shape.reduce((a, b) => a * b, 1)
      const q =
        spec.quantization === undefined ? null : object(spec.quantization, `${where}.quantization`)
      if (q) exactly(q.dtype, ['uint8'], `${where}.quantization.dtype (${name})`)
      const bytes = count * (q ? 1 : 4)
      if (offsetBytes + bytes > weights.byteLength) {
        fail(
          `at least ${offsetBytes + bytes} bytes`,
          `the weights (at ${name})`,
          weights.byteLength,
        )
      }
      if (byName.has(name)) fail('each weight once', 'weightsManifest', name)
      let values: Float32Array
      if (q) {
        // tfjs' affine uint8 quantization: value = min + scale · byte.
        const min = finite(q.min, `${where}.quantization.min`)
        const scale = finite(q.scale, `${where}.quantization.scale`)
        const stored = new Uint8Array(weights, offsetBytes, count)
        values = new Float32Array(count)
        for (let k = 0; k < count; k++) values[k] = min + scale * stored[k]!
      } else values = new Float32Array(weights, offsetBytes, count)
      byName.set(name, { shape, values })
      offsetBytes += bytes
    })
  })
  if (offsetBytes !== weights.byteLength) {
    fail(`${offsetBytes} bytes (the manifest's total)`, 'the weights', weights.byteLength)
  }
  return byName
}

/** Takes a weight out of `weights`, checking its shape; what is left over at the end is an error. */
function takeWeight(weights: Map<string, WeightSpec>, name: string, shape: number[]): Float32Array {
  const spec = weights.get(name)
  if (!spec) fail(`a weight named ${name}`, 'weightsManifest', [...weights.keys()])
  exactly(spec.shape, [shape], `the shape of ${name}`)
  weights.delete(name)
  return spec.values
}

/**
 * Parses an ESRGAN-slim (RDN) tfjs layers-model into a {@link Network}.
 *
 * Reads the topology from `modelJson` (layer classes InputLayer, Conv2D, Activation, Concatenate,
 * Add and UpSampling2D with the options listed in this file's header) and takes each conv's
 * kernel and bias out of `weights`, checking shapes against the channels that flow along the
 * graph. The returned kernels and biases are views into `weights` (no copy).
 *
 * @param modelJson the parsed `models/x{2,4}/model.json` of `@upscalerjs/esrgan-slim`
 * @param weights the weight shards of its `weightsManifest` concatenated in manifest order
 *   (here the single `group1-shard1of1.bin`), little-endian float32
 * @returns the validated graph, with `scale` and `parameterCount`
 * @throws Error "Expected … for … but received …" on anything this engine does not implement
 *   (another layer class, stride, dilation, padding, activation, interpolation, dtype, a shared
 *   layer) or any mismatch (channel counts, weight shapes, names, bytes left over or missing);
 *   the model is bundled, so this is a bug, not a request failure
 */
export function parseEsrganSlim(modelJson: unknown, weights: ArrayBuffer): Network {
  const root = object(modelJson, 'model.json')
  exactly(root.format, ['layers-model'], 'model.json format')
  const topology = object(root.modelTopology, 'modelTopology')
  const modelConfig = object(topology.model_config, 'modelTopology.model_config')
  exactly(modelConfig.class_name, ['Functional', 'Model'], 'model_config.class_name')
  const config = object(modelConfig.config, 'model_config.config')
  const inputs = array(config.input_layers, 'input_layers')
  const outputs = array(config.output_layers, 'output_layers')
  if (inputs.length !== 1) fail('one input', 'input_layers', inputs)
  if (outputs.length !== 1) fail('one output', 'output_layers', outputs)
  const inputName = string(array(inputs[0], 'input_layers[0]')[0], 'input_layers[0]')
  const outputName = string(array(outputs[0], 'output_layers[0]')[0], 'output_layers[0]')

  const tensors = sliceWeights(root.weightsManifest, weights)
  /** Output channels of every layer seen so far: a layer may read only these. */
  const channelsOf = new Map<string, number>()
  const read = (name: string, where: string): number => {
    const channels = channelsOf.get(name)
    if (channels === undefined) fail('a layer defined earlier', `the input of ${where}`, name)
    return channels
  }
  const layers: Layer[] = []
  let scale = 1
  let parameterCount = 0

  for (const [i, entry] of array(config.layers, 'model_config.config.layers').entries()) {
    const layer = object(entry, `layers[${i}]`)
    const className = string(layer.class_name, `layers[${i}].class_name`)
    const layerConfig = object(layer.config, `layers[${i}].config`)
    const name = string(layerConfig.name, `layers[${i}].config.name`)
    const where = `layer ${name} (${className})`
    if (channelsOf.has(name)) fail('unique layer names', where, name)

    if (className === 'InputLayer') {
      if (name !== inputName) fail(`the input layer ${inputName}`, where, name)
      exactly(layerConfig.batch_input_shape, [[null, null, null, 3]], `${where}.batch_input_shape`)
      exactly(layerConfig.dtype, ['float32'], `${where}.dtype`)
      channelsOf.set(name, 3)
      continue
    }

    const from = inboundNames(layer, where)
    const single = (): string => {
      if (from.length !== 1) fail('one input', where, from)
      return from[0]!
    }
    switch (className) {
      case 'Conv2D': {
        checkConvConfig(layerConfig, where)
        const input = single()
        const inChannels = read(input, where)
        const channels = positiveInt(layerConfig.filters, `${where}.filters`)
        const kernelSize = squarePair(layerConfig.kernel_size, `${where}.kernel_size`)
        if (kernelSize % 2 !== 1) fail('an odd kernel size', where, kernelSize)
        // 'valid' equals 'same' only when there is nothing to pad.
        exactly(
          layerConfig.padding,
          kernelSize === 1 ? ['same', 'valid'] : ['same'],
          `${where}.padding`,
        )
        exactly(layerConfig.activation, ['linear', 'relu'], `${where}.activation`)
        const kernel = takeWeight(tensors, `${name}/kernel`, [
          kernelSize,
          kernelSize,
          inChannels,
          channels,
        ])
        const bias = takeWeight(tensors, `${name}/bias`, [channels])
        parameterCount += kernel.length + bias.length
        layers.push({
          kind: 'conv',
          name,
          input,
          kernelSize,
          inChannels,
          channels,
          kernel,
          bias,
          activation: layerConfig.activation as 'linear' | 'relu',
        })
        channelsOf.set(name, channels)
        break
      }
      case 'Activation': {
        exactly(layerConfig.activation, ['relu'], `${where}.activation`)
        const input = single()
        const channels = read(input, where)
        layers.push({ kind: 'relu', name, input, channels })
        channelsOf.set(name, channels)
        break
      }
      case 'Concatenate': {
        exactly(layerConfig.axis, [3, -1], `${where}.axis`)
        if (from.length < 2) fail('two or more inputs', where, from)
        const channels = from.reduce((sum, input) => sum + read(input, where), 0)
        layers.push({ kind: 'concat', name, inputs: from, channels })
        channelsOf.set(name, channels)
        break
      }
      case 'Add': {
        if (from.length < 2) fail('two or more inputs', where, from)
        const counts = from.map((input) => read(input, where))
        if (counts.some((c) => c !== counts[0])) fail('inputs of equal channels', where, counts)
        layers.push({ kind: 'add', name, inputs: from, channels: counts[0]! })
        channelsOf.set(name, counts[0]!)
        break
      }
      case 'UpSampling2D': {
        exactly(layerConfig.interpolation, ['nearest'], `${where}.interpolation`)
        exactly(layerConfig.data_format, ['channels_last'], `${where}.data_format`)
        const factor = squarePair(layerConfig.size, `${where}.size`)
        const input = single()
        const channels = read(input, where)
        layers.push({ kind: 'upsample', name, input, factor, channels })
        channelsOf.set(name, channels)
        scale *= factor
        break
      }
      default:
        fail('InputLayer, Conv2D, Activation, Concatenate, Add or UpSampling2D', where, className)
    }
  }

  if (!channelsOf.has(inputName)) fail(`an InputLayer named ${inputName}`, 'layers', inputName)
  exactly(channelsOf.get(outputName), [3], `the channels of the output ${outputName}`)
  if (tensors.size > 0) fail('no weights left unused', 'weightsManifest', [...tensors.keys()])
  return { scale, input: inputName, output: outputName, layers, parameterCount }
}

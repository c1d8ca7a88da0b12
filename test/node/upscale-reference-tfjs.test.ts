// The upscaler's reference forward pass (src/engines/upscale/reference.ts) against TensorFlow.js
// 4.11 itself (the version @upscalerjs/esrgan-slim declares), on the same model.json and weights:
// the wasm backend (SIMD, one thread, what UpscalerJS runs in the bench) and the plain cpu
// backend, x2 and x4, on a photo-like image, a line drawing and a crop of a corpus sheet. Every
// output byte must be within 1 level: this is what makes the reference an oracle.

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as tf from '@tensorflow/tfjs'
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm'
import { beforeAll, describe, expect, it } from 'vitest'
import { openPng } from '../../src/codecs/png/decode'
import { parseEsrganSlim } from '../../src/engines/upscale/model'
import { referenceForward, referenceUpscale } from '../../src/engines/upscale/reference'
import { photo } from '../support/photo'

const ROOT = join(import.meta.dirname, '../..')
const MODELS = join(ROOT, 'node_modules/@upscalerjs/esrgan-slim/models')
const SHEET = join(ROOT, 'test/fixtures/corpus/USD0871719-20200107-D00005.png')

/** An RGB test image, interleaved bytes. */
interface Rgb {
  name: string
  width: number
  height: number
  data: Uint8Array
}

function modelFiles(scale: 2 | 4): { json: unknown; weights: ArrayBuffer } {
  const json: unknown = JSON.parse(readFileSync(join(MODELS, `x${scale}/model.json`), 'utf8'))
  const bin = readFileSync(join(MODELS, `x${scale}/group1-shard1of1.bin`))
  const weights = bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength) as ArrayBuffer
  return { json, weights }
}

/** The model as tfjs loads it from the same files (UpscalerJS calls tf.loadLayersModel too). */
function tfjsModel(json: unknown, weights: ArrayBuffer): Promise<tf.LayersModel> {
  const { modelTopology, weightsManifest } = json as {
    modelTopology: object
    weightsManifest: tf.io.WeightsManifestConfig
  }
  const weightSpecs = weightsManifest.flatMap((group) => group.weights)
  return tf.loadLayersModel(tf.io.fromMemory({ modelTopology, weightSpecs, weightData: weights }))
}

/** tfjs's raw output (the SR layer, before UpscalerJS clips it), interleaved RGB floats. */
async function tfjsForward(model: tf.LayersModel, image: Rgb): Promise<Float32Array> {
  const input = tf.tensor4d(Float32Array.from(image.data), [1, image.height, image.width, 3])
  const output = model.predict(input) as tf.Tensor4D
  const values = (await output.data()) as Float32Array
  tf.dispose([input, output])
  return values
}

/** Bytes as UpscalerJS makes them: clipped to 0..255, then stored by ToUint8Clamp (ImageData). */
const toBytes = (values: Float32Array) => new Uint8Array(Uint8ClampedArray.from(values).buffer)

function photoRgb(width: number, height: number): Rgb {
  const rgba = photo(width, height, 7, 0.8)
  const data = new Uint8Array(width * height * 3)
  for (let i = 0; i < width * height; i++) data.set(rgba.subarray(i * 4, i * 4 + 3), i * 3)
  return { name: `photo ${width}x${height}`, width, height, data }
}

/**
 * A 16 × 16 line drawing with anti-aliased edges: a ring and a diagonal, 2 px dark strokes on white
 * paper. (test/support/images.ts has one too, but it imports .wasm modules this project cannot type.)
 */
function strokes(size: number): Uint8Array {
  const gray = new Uint8Array(size * size)
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const [px, py] = [x + 0.5, y + 0.5]
      const ring = Math.abs(Math.hypot(px - size / 2, py - size / 2) - size / 3)
      const diagonal = Math.abs(px - py) / Math.SQRT2
      const coverage = Math.min(1, Math.max(0, 1.5 - Math.min(ring, diagonal)))
      gray[y * size + x] = Math.round(250 - 230 * coverage)
    }
  }
  return gray
}

function grayToRgb(name: string, width: number, height: number, gray: Uint8Array): Rgb {
  const data = new Uint8Array(width * height * 3)
  for (let i = 0; i < width * height; i++) data.fill(gray[i]!, i * 3, i * 3 + 3)
  return { name, width, height, data }
}

/**
 * The 24 × 20 window of a corpus sheet (a real patent drawing) with the most strong edges
 * (neighbours more than 64 levels apart), searched on a 4-pixel grid.
 */
async function corpusCrop(): Promise<Rgb> {
  const opened = openPng(new Uint8Array(readFileSync(SHEET)))
  if (!opened.ok) throw new Error(opened.error.message)
  const { width, height, channels, rows } = opened.value
  expect(channels).toBe(1)
  const sheet = new Uint8Array(width * height)
  let y = 0
  for await (const row of rows) sheet.set(row, y++ * width)
  const [cw, ch] = [24, 20]
  const edgesIn = (x0: number, y0: number) => {
    let count = 0
    for (let yy = y0; yy < y0 + ch; yy++) {
      for (let xx = x0; xx < x0 + cw - 1; xx++) {
        if (Math.abs(sheet[yy * width + xx]! - sheet[yy * width + xx + 1]!) > 64) count++
      }
    }
    return count
  }
  let best = { x: 0, y: 0, edges: -1 }
  for (let y0 = 0; y0 + ch <= height; y0 += 4) {
    for (let x0 = 0; x0 + cw <= width; x0 += 4) {
      const edges = edgesIn(x0, y0)
      if (edges > best.edges) best = { x: x0, y: y0, edges }
    }
  }
  const crop = new Uint8Array(cw * ch)
  for (let yy = 0; yy < ch; yy++) {
    crop.set(
      sheet.subarray((best.y + yy) * width + best.x, (best.y + yy) * width + best.x + cw),
      yy * cw,
    )
  }
  return grayToRgb(`corpus crop 24x20 at ${best.x},${best.y}`, cw, ch, crop)
}

describe('upscale reference against tfjs 4.11', () => {
  const images: Rgb[] = []

  beforeAll(async () => {
    // Production mode only silences the cpu backend's "install tfjs-node" banner.
    tf.enableProdMode()
    setWasmPaths(join(ROOT, 'node_modules/@tensorflow/tfjs-backend-wasm/dist/'))
    images.push(
      photoRgb(13, 11),
      grayToRgb('line drawing 16x16', 16, 16, strokes(16)),
      await corpusCrop(),
    )
  })

  for (const backend of ['wasm', 'cpu'] as const) {
    for (const scale of [2, 4] as const) {
      it(`matches every byte within 1 level when tfjs runs x${scale} on ${backend}`, async () => {
        expect(await tf.setBackend(backend)).toBe(true)
        const { json, weights } = modelFiles(scale)
        const net = parseEsrganSlim(json, weights)
        const model = await tfjsModel(json, weights)
        try {
          for (const image of images) {
            const theirFloats = await tfjsForward(model, image)
            const ourFloats = referenceForward(net, image.data, image.width, image.height)
            expect(ourFloats.length, image.name).toBe(
              image.width * scale * image.height * scale * 3,
            )
            expect(theirFloats.length, image.name).toBe(ourFloats.length)
            const theirs = toBytes(theirFloats)
            const ours = referenceUpscale(net, image.data, image.width, image.height)
            let maxFloatDiff = 0
            let maxDiff = 0
            let differing = 0
            for (let i = 0; i < ours.length; i++) {
              maxFloatDiff = Math.max(maxFloatDiff, Math.abs(ourFloats[i]! - theirFloats[i]!))
              const diff = Math.abs(ours[i]! - theirs[i]!)
              maxDiff = Math.max(maxDiff, diff)
              if (diff > 0) differing++
            }
            console.log(
              `x${scale} ${backend} ${image.name}: max float diff ${maxFloatDiff.toExponential(2)}, ` +
                `max byte diff ${maxDiff}, ${differing} of ${ours.length} bytes differ`,
            )
            expect(maxDiff, image.name).toBeLessThanOrEqual(1)
            // Float32 rounding only: measured at most 4.6e-4 on the 0..255 scale.
            expect(maxFloatDiff, image.name).toBeLessThan(0.01)
          }
        } finally {
          model.dispose()
        }
      })
    }
  }
})

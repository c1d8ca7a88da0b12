// Test images made in code: line drawings and photos-like gradients, encoded by our PNG encoder
// (itself tested against an independent decoder) or by jSquash's JPEG/WebP encoders.

import { openPng } from '../../src/codecs/png/decode'
import { createPngEncoder } from '../../src/codecs/png/encode'
import { createTiffEncoder } from '../../src/codecs/tiff/encode'
import { concatBytes } from '../../src/lib/bytes'
import type { Channels } from '../../src/lib/rows'
import { encodeWebp, type Rgba } from './webp'

/** Raw 8-bit pixels. */
export interface Raster {
  width: number
  height: number
  channels: Channels
  data: Uint8Array
}

/** A white drawing with a black frame, a diagonal and a circle outline (lines `stroke` px wide). */
export function lineDrawing(width: number, height: number, stroke = 3): Raster {
  const data = new Uint8Array(width * height).fill(255)
  const ink = (x: number, y: number) => {
    if (x >= 0 && y >= 0 && x < width && y < height) data[y * width + x] = 0
  }
  const cx = width / 2
  const cy = height / 2
  const r = Math.min(width, height) / 3
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const edge = x < stroke || y < stroke || x >= width - stroke || y >= height - stroke
      const diagonal = Math.abs(x / width - y / height) * Math.min(width, height) < stroke / 2
      const ring = Math.abs(Math.hypot(x - cx, y - cy) - r) < stroke / 2
      if (edge || diagonal || ring) ink(x, y)
    }
  }
  return { width, height, channels: 1, data }
}

/** An RGBA image: a colour gradient with a transparent border band. */
export function colourWithAlpha(width: number, height: number): Raster {
  const data = new Uint8Array(width * height * 4)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4
      data[i] = (x * 255) / Math.max(1, width - 1)
      data[i + 1] = (y * 255) / Math.max(1, height - 1)
      data[i + 2] = 128
      data[i + 3] = x < width / 10 ? 0 : 255
    }
  }
  return { width, height, channels: 4, data }
}

/** Half-ink noise, seeded: a texture whose outlines are nearly as many as its pixels. */
export function halfInkNoise(side: number): Raster {
  const data = new Uint8Array(side * side)
  let seed = 5
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    data[i] = seed & 0x10000 ? 0 : 255
  }
  return { width: side, height: side, channels: 1, data }
}

/**
 * A photo-like RGBA image (smooth colour fields, a shaded disc, soft grain) with its JPEG and WebP
 * encodings made by jSquash's MozJPEG and libwebp builds.
 */
export function photoLike(width: number, height: number) {
  const data = new Uint8Array(width * height * 4)
  let seed = 12345
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      const grain = ((seed >> 16) % 11) - 5
      const d = Math.hypot(x - width * 0.6, y - height * 0.4) / (Math.min(width, height) * 0.3)
      const shade = d < 1 ? 200 * Math.sqrt(1 - d * d) : 60 + (90 * y) / height
      const i = (y * width + x) * 4
      data[i] = Math.max(0, Math.min(255, shade + (40 * x) / width + grain))
      data[i + 1] = Math.max(0, Math.min(255, shade * 0.8 + grain))
      data[i + 2] = Math.max(0, Math.min(255, 120 + 60 * Math.sin(x / 40) + grain))
      data[i + 3] = 255
    }
  }
  const image = { data: new Uint8ClampedArray(data.buffer), width, height }
  return {
    raster: { width, height, channels: 4 as const, data },
    async jpeg(): Promise<Uint8Array> {
      const { default: encode, init } = await import('@jsquash/jpeg/encode.js')
      const { default: wasm } = await import('@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm')
      await (init as unknown as (m: WebAssembly.Module) => Promise<void>)(wasm)
      return new Uint8Array(await encode(image as Parameters<typeof encode>[0], { quality: 88 }))
    },
    webp(): Promise<Uint8Array> {
      return encodeWebp(image, { quality: 88 })
    },
  }
}

/** RGBA of a raster (gray or RGBA), for the WebP encoder. */
function rgbaOf(raster: Raster): Rgba {
  const { width, height, channels } = raster
  const data = new Uint8ClampedArray(width * height * 4)
  for (let i = 0; i < width * height; i++) {
    for (let c = 0; c < 4; c++) {
      data[i * 4 + c] =
        channels === 4 ? raster.data[i * 4 + c]! : c === 3 ? 255 : raster.data[i * channels]!
    }
  }
  return { data, width, height }
}

/** Encodes a raster (gray or RGBA) as WebP with jSquash's libwebp build and `options`. */
export function toWebp(raster: Raster, options: Record<string, number>): Promise<Uint8Array> {
  return encodeWebp(rgbaOf(raster), options)
}

/** The IHDR fields of a PNG. */
export function pngHeader(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return {
    width: view.getUint32(16),
    height: view.getUint32(20),
    bitDepth: bytes[24]!,
    colourType: bytes[25]!,
  }
}

/** Encodes a raster as PNG with our encoder. */
export async function toPng(raster: Raster, dpi?: number): Promise<Uint8Array> {
  const encoder = createPngEncoder({
    width: raster.width,
    height: raster.height,
    channels: raster.channels,
    ...(dpi ? { density: { x: dpi, y: dpi } } : {}),
  })
  const stride = raster.width * raster.channels
  for (let y = 0; y < raster.height; y++) {
    await encoder.write(raster.data.subarray(y * stride, (y + 1) * stride))
  }
  const file = await encoder.finish()
  return concatBytes(file.parts)
}

/** Encodes a gray raster as an 8-bit Deflate TIFF with our encoder. */
export async function toTiff(raster: Raster, dpi = 300): Promise<Uint8Array> {
  if (raster.channels !== 1) throw new Error('toTiff takes gray rasters')
  const encoder = createTiffEncoder({
    width: raster.width,
    height: raster.height,
    dpi,
    kind: 'gray8',
  })
  for (let y = 0; y < raster.height; y++) {
    await encoder.write(raster.data.subarray(y * raster.width, (y + 1) * raster.width))
  }
  return concatBytes((await encoder.finish()).parts)
}

/** Decodes a PNG fully (for checking outputs). */
export async function fromPng(bytes: Uint8Array): Promise<Raster> {
  const opened = openPng(bytes)
  if (!opened.ok) throw new Error(opened.error.message)
  const { width, height, channels } = opened.value
  const data = new Uint8Array(width * height * channels)
  let y = 0
  for await (const row of opened.value.rows) data.set(row, y++ * width * channels)
  return { width, height, channels, data }
}

/** Reads the pHYs chunk of a PNG: pixels per metre, or null. */
export function pngPhys(bytes: Uint8Array): { x: number; y: number; unit: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let offset = 8
  while (offset + 8 <= bytes.length) {
    const length = view.getUint32(offset)
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8))
    if (type === 'pHYs') {
      return {
        x: view.getUint32(offset + 8),
        y: view.getUint32(offset + 12),
        unit: bytes[offset + 16]!,
      }
    }
    offset += 12 + length
  }
  return null
}

/** A GIF header (an accepted-nowhere type) followed by junk. */
export const GIF_BYTES = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0])

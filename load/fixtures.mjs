// Small input images for the load run, encoded here with node:zlib (no bundling, no network), and
// the multipart bodies the request mix sends: one body per endpoint and variant, built once.

import { deflateSync } from 'node:zlib'
import { multipart } from '../bench/support/wrangler-dev.mjs'

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes) {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, 'latin1')
  data.copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
  return out
}

/**
 * An 8-bit PNG (gray: 1 channel, RGB: 3) whose pixel (x, y) channel c is `pixel(x, y, c)`.
 * @returns {Buffer}
 */
export function encodePng(width, height, channels, pixel) {
  const colourType = { 1: 0, 3: 2, 4: 6 }[channels]
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8
  ihdr[9] = colourType
  const stride = width * channels + 1
  const raw = Buffer.alloc(stride * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < channels; c++) raw[y * stride + 1 + x * channels + c] = pixel(x, y, c)
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A 64 x 48 line drawing: a box, a diagonal and a cross (the platform bench's convert size). */
export const lineArt = (width, height) =>
  encodePng(width, height, 1, (x, y) => {
    const box = x === 4 || x === width - 5 || y === 4 || y === height - 5
    const diagonal = Math.abs(x - Math.round((y * width) / height)) < 2
    const cross = Math.abs(x - width / 2) < 1.5 || Math.abs(y - height / 2) < 1.5
    return box || diagonal || cross ? 0 : 255
  })

/** A 32 x 32 RGB gradient with a dark disc, for /enhance. */
export const smallPhoto = (side) =>
  encodePng(side, side, 3, (x, y, c) => {
    const disc = (x - side / 2) ** 2 + (y - side / 2) ** 2 < (side / 4) ** 2
    return disc ? 30 + c * 10 : (x * 7 + y * 3 + c * 60) & 255
  })

/**
 * The bodies the mix sends: for each endpoint a main variant and an alternative (other
 * parameters, a different fingerprint) used to reuse a key with a different body (409).
 * `cost` is the price table's credits for that variant (src/operations/pricing.ts).
 */
export function requestBodies() {
  const drawing = lineArt(64, 48)
  const square = lineArt(64, 64)
  const photo = smallPhoto(32)
  const body = (path, file, fields, cost) => ({ path, cost, ...multipart(file, fields) })
  return {
    convert: [
      body('/v1/convert', drawing, { format: 'png', dpi: '300' }, 1),
      body('/v1/convert', drawing, { format: 'png', dpi: '600' }, 2),
    ],
    vectorize: [
      body('/v1/vectorize', square, { format: 'svg', engine: 'lineart' }, 2),
      body('/v1/vectorize', square, { format: 'svg', engine: 'trace' }, 2),
    ],
    enhance: [
      body('/v1/enhance', photo, { scale: '2', dpi: '300' }, 2),
      body('/v1/enhance', photo, { scale: '2', dpi: '600' }, 2),
    ],
  }
}

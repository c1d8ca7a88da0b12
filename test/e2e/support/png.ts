// A tiny PNG encoder for the browser tests: an 8-bit gray drawing (boxes and lines on white),
// so the tests upload an image they made themselves.
import { deflateSync } from 'node:zlib'

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const out = Buffer.alloc(body.length + 8)
  out.writeUInt32BE(data.length, 0)
  body.copy(out, 4)
  out.writeUInt32BE(crc32(body), body.length + 4)
  return out
}

/** Encodes 8-bit gray pixels (row-major, `width` × `height`) as a PNG. */
export function encodeGrayPng(width: number, height: number, pixels: Uint8Array): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 0, 0, 0, 0], 8) // bit depth 8, gray, deflate, no filter, no interlace
  const raw = Buffer.alloc((width + 1) * height)
  for (let y = 0; y < height; y++) {
    raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ])
}

/**
 * A patent-style line drawing: two boxes joined by a line, black strokes on white, laid out for
 * 480 × 320 and scaled to `width` × `height`.
 */
export function lineDrawingPng(width = 480, height = 320): Buffer {
  const pixels = new Uint8Array(width * height).fill(255)
  const sx = width / 480
  const sy = height / 320
  const stroke = Math.max(1, Math.round(4 * Math.min(sx, sy)))
  const ink = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0; y < y1; y++) pixels.fill(0, y * width + x0, y * width + x1)
  }
  const box = (x: number, y: number, w: number, h: number) => {
    ink(x, y, x + w, y + stroke)
    ink(x, y + h - stroke, x + w, y + h)
    ink(x, y, x + stroke, y + h)
    ink(x + w - stroke, y, x + w, y + h)
  }
  const X = (v: number) => Math.round(v * sx)
  const Y = (v: number) => Math.round(v * sy)
  box(X(40), Y(80), X(140), Y(120))
  box(X(300), Y(80), X(140), Y(120))
  ink(X(180), Y(140) - (stroke >> 1), X(300), Y(140) - (stroke >> 1) + stroke)
  return encodeGrayPng(width, height, pixels)
}

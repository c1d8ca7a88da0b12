/**
 * Small images made in code for the CLI tests (an 8-bit gray PNG written by hand with node:zlib),
 * and a reader for the TIFF tags the tests check (byte order, XResolution, ResolutionUnit).
 */

import { deflateSync } from 'node:zlib'

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const out = Buffer.alloc(body.length + 8)
  out.writeUInt32BE(data.length, 0)
  body.copy(out, 4)
  out.writeUInt32BE(crc32(body), body.length + 4)
  return out
}

/**
 * An 8-bit gray PNG whose pixel (x, y) is `shade(x, y)` (0 black … 255 white).
 * @example grayPng(64, 48, (x, y) => (x > 10 && x < 50 && y === 20 ? 0 : 255))
 */
export function grayPng(
  width: number,
  height: number,
  shade: (x: number, y: number) => number,
): Buffer {
  const raw = Buffer.alloc((width + 1) * height)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = shade(x, y)
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 0 // gray
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ])
}

/** A line drawing: a rectangle outline and a diagonal, 3 px black strokes on white. */
export function drawingPng(width = 160, height = 120, inset = 20): Buffer {
  return grayPng(width, height, (x, y) => {
    const onFrame =
      x >= inset &&
      x < width - inset &&
      y >= inset &&
      y < height - inset &&
      (x < inset + 3 || x >= width - inset - 3 || y < inset + 3 || y >= height - inset - 3)
    const onDiagonal =
      Math.abs((x - inset) * (height - 2 * inset) - (y - inset) * (width - 2 * inset)) <
        2 * width &&
      x >= inset &&
      x < width - inset
    return onFrame || onDiagonal ? 0 : 255
  })
}

/** The TIFF's first-IFD XResolution (pixels per unit) and ResolutionUnit (2 = inch). */
export function tiffResolution(bytes: Uint8Array): { xResolution: number; unit: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const little = view.getUint16(0) === 0x4949
  const u16 = (at: number) => view.getUint16(at, little)
  const u32 = (at: number) => view.getUint32(at, little)
  const ifd = u32(4)
  let xResolution = Number.NaN
  let unit = 2 // the TIFF default
  for (let i = 0; i < u16(ifd); i++) {
    const entry = ifd + 2 + i * 12
    const tag = u16(entry)
    if (tag === 282) {
      const at = u32(entry + 8)
      xResolution = u32(at) / u32(at + 4)
    } else if (tag === 296) unit = u16(entry + 8)
  }
  return { xResolution, unit }
}

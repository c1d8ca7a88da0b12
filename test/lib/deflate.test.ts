import { describe, expect, it } from 'vitest'
import { WORKERD_KERNELS } from '../../src/kernels/workerd'
import { concatBytes } from '../../src/lib/bytes'
import { createDeflateWriter, DeflateWriter, deflateBytes } from '../../src/lib/deflate'
import { createWasmBinarizer, WasmDeflateWriter } from '../../src/lib/zlib-wasm'

/** Inflates zlib data with the platform's DecompressionStream (the reference here). */
async function inflate(parts: Uint8Array[]): Promise<Uint8Array> {
  const stream = new Blob(parts).stream().pipeThrough(new DecompressionStream('deflate'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

describe('DeflateWriter', () => {
  it('round-trips many writes of every size, the caller reusing one buffer', async () => {
    const writer = new DeflateWriter()
    const expected: Uint8Array[] = []
    const buffer = new Uint8Array(70_000)
    let seed = 1
    for (let i = 0; i < 60; i++) {
      const size = (i * 7919) % buffer.length
      for (let j = 0; j < size; j++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff
        buffer[j] = i % 3 === 0 ? seed >> 16 : j % 251
      }
      expected.push(buffer.slice(0, size))
      await writer.write(buffer.subarray(0, size))
    }
    const { parts, byteLength } = await writer.finish()
    expect(byteLength).toBe(parts.reduce((n, p) => n + p.length, 0))
    expect(await inflate(parts)).toEqual(concatBytes(expected))
  })

  it('compresses nothing to a valid empty stream', async () => {
    const { parts } = await deflateBytes(new Uint8Array(0))
    expect(await inflate(parts)).toEqual(new Uint8Array(0))
  })
})

/** Photo-like 8-bit rows: smooth gradients, texture and grain, PNG Sub-filtered as an encoder would. */
function photoRows(width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height)
  let seed = 7
  for (let y = 0; y < height; y++) {
    let left = 0
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      const v =
        (128 +
          60 * Math.sin(x / 37) * Math.cos(y / 53) +
          20 * Math.sin((x + y) / 5) +
          (seed >> 27)) &
        255
      out[y * width + x] = (v - left) & 255
      left = v
    }
  }
  return out
}

async function compressWith(writer: ReturnType<typeof createDeflateWriter>, data: Uint8Array) {
  for (let at = 0; at < data.length; at += 4099) await writer.write(data.subarray(at, at + 4099))
  return writer.finish()
}

describe('WasmDeflateWriter (Kernels.zlib)', () => {
  const zlib = WORKERD_KERNELS.zlib!

  it('round-trips writes of every size through DecompressionStream, the caller reusing one buffer', async () => {
    const writer = createDeflateWriter(zlib)
    expect(writer).toBeInstanceOf(WasmDeflateWriter)
    const expected: Uint8Array[] = []
    const buffer = new Uint8Array(200_000)
    let seed = 1
    for (let i = 0; i < 40; i++) {
      const size = (i * 15_013) % buffer.length
      for (let j = 0; j < size; j++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff
        // Noise, short periods, long zero runs and text-like bytes, so literals, matches at
        // every distance up to the window and maximal 258-byte matches all occur.
        buffer[j] =
          i % 4 === 0 ? seed >> 16 : i % 4 === 1 ? j % 251 : i % 4 === 2 ? 0 : 97 + ((j * j) % 26)
      }
      expected.push(buffer.slice(0, size))
      await writer.write(buffer.subarray(0, size))
    }
    const { parts, byteLength } = await writer.finish()
    expect(byteLength).toBe(parts.reduce((n, p) => n + p.length, 0))
    expect(await inflate(parts)).toEqual(concatBytes(expected))
  })

  it('compresses nothing, one byte and a 1 MiB zero run to valid streams', async () => {
    for (const data of [new Uint8Array(0), new Uint8Array([42]), new Uint8Array(1 << 20)]) {
      const { parts, byteLength } = await compressWith(createDeflateWriter(zlib), data)
      expect(await inflate(parts)).toEqual(data)
      if (data.length > 1) expect(byteLength).toBeLessThan(data.length / 500)
    }
  })

  it('hands out parts as it goes, and starts a new stream on the same instance after reset', async () => {
    const writer = new WasmDeflateWriter(zlib)
    const data = photoRows(1000, 300)
    const taken: Uint8Array[] = []
    for (let at = 0; at < data.length; at += 10_000) {
      await writer.write(data.subarray(at, at + 10_000))
      taken.push(...(await writer.take()))
    }
    const rest = await writer.finish()
    expect(await inflate([...taken, ...rest.parts])).toEqual(data)
    writer.reset()
    const small = data.subarray(0, 5000)
    await writer.write(small)
    expect(await inflate((await writer.finish()).parts)).toEqual(small)
  })

  it('stays within 3 % of the platform zlib on filtered photo rows', async () => {
    const data = photoRows(2048, 600)
    const ours = await compressWith(createDeflateWriter(zlib), data)
    const platform = await compressWith(createDeflateWriter(null), data)
    expect(await inflate(ours.parts)).toEqual(data)
    expect(ours.byteLength / platform.byteLength).toBeLessThan(1.03)
  })

  it('round-trips photo rows as TIFF strips (one instance, reset per strip) with both efforts, within 1 % of the platform zlib', async () => {
    // 64 KiB strips of TIFF-differenced rows, each its own stream, as the TIFF encoder writes.
    const data = photoRows(1024, 256)
    for (const effort of ['fast', 'thorough'] as const) {
      const writer = new WasmDeflateWriter(zlib, effort)
      let ours = 0
      let platform = 0
      for (let at = 0; at < data.length; at += 65_536) {
        writer.reset()
        const strip = data.subarray(at, at + 65_536)
        const { parts, byteLength } = await compressWith(writer, strip)
        expect(await inflate(parts)).toEqual(strip)
        ours += byteLength
        platform += (await compressWith(createDeflateWriter(null), strip)).byteLength
      }
      expect(ours / platform, effort).toBeLessThan(1.01)
    }
  })

  it('compresses a 1-bit page of blank rows and periodic runs no larger than the platform zlib', async () => {
    const data = bilevelRows(256, 1536)
    for (const effort of ['fast', 'thorough'] as const) {
      const ours = await compressWith(createDeflateWriter(zlib, effort), data)
      const platform = await compressWith(createDeflateWriter(null), data)
      expect(await inflate(ours.parts)).toEqual(data)
      expect(ours.byteLength / platform.byteLength, effort).toBeLessThan(1.01)
    }
  })
})

/**
 * Packed 1-bit rows as a PNG encoder filters a drawn page (filter byte, then Up-filtered bytes):
 * mostly blank rows, bands of dashes with periods of 1, 2, 4 and 8 bytes, and scattered marks.
 */
function bilevelRows(rowBytes: number, height: number): Uint8Array {
  const out = new Uint8Array((rowBytes + 1) * height)
  let seed = 3
  for (let y = 0; y < height; y++) {
    const row = y * (rowBytes + 1)
    out[row] = 2
    const band = (y >> 5) % 6
    if (band === 5 && y % 32 === 0) {
      const period = 1 << ((y >> 5) % 4)
      for (let x = 0; x < rowBytes; x++) out[row + 1 + x] = x % period === 0 ? 0xf0 : 0x0f
    }
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    if (seed % 7 === 0) out[row + 1 + ((seed >> 8) % rowBytes)] = 0x18
  }
  return out
}

describe('createWasmBinarizer (Kernels.zlib)', () => {
  it('closes its source however its reader stops: at the end, or early', async () => {
    const binarizer = await createWasmBinarizer(WORKERD_KERNELS.zlib!, 8, 100, {
      low: 100,
      high: 150,
      margin: 10,
    })
    for (const stopAt of [100, 10]) {
      let closed = false
      const source = (function* () {
        try {
          for (let y = 0; y < 100; y++) yield new Uint8Array(8).fill(y)
        } finally {
          closed = true
        }
      })()
      let y = 0
      for await (const _ of binarizer(source)) if (++y === stopAt) break
      expect(closed, `stopped after ${stopAt} rows`).toBe(true)
    }
  })
})

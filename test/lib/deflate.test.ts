import { describe, expect, it } from 'vitest'
import { concatBytes } from '../../src/lib/bytes'
import { DeflateWriter, deflateBytes } from '../../src/lib/deflate'

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

import { describe, expect, it } from 'vitest'
import { concatBytes } from '../../src/lib/bytes'
import { deflateBytes, inflateChunks } from '../../src/lib/deflate'

describe('lib/deflate under Node', () => {
  it('round-trips bytes through CompressionStream and DecompressionStream', async () => {
    const input = new Uint8Array(200_000).map((_, i) => (i * 7) & 0xff)
    const packed = await deflateBytes(input)
    const out: Uint8Array[] = []
    for await (const chunk of inflateChunks(packed.parts)) out.push(chunk)
    expect(concatBytes(out)).toEqual(input)
    expect(packed.byteLength).toBeLessThan(input.length)
  })
  it('throws on corrupt data', async () => {
    const run = async () => {
      for await (const _ of inflateChunks([new Uint8Array([0x78, 0x9c, 1, 2, 3, 4, 5])])) {
      }
    }
    await expect(run()).rejects.toThrow()
  })
})

import { describe, expect, it } from 'vitest'
import { CodecError } from '../../src/lib/codec-error'
import { DeflateWriter, deflateBytes } from '../../src/lib/deflate'
import { inflateAll } from '../support/inflate'

describe('lib/deflate under Node', () => {
  it('round-trips bytes through CompressionStream and our inflater', async () => {
    const input = new Uint8Array(200_000).map((_, i) => (i * 7) & 0xff)
    const packed = await deflateBytes(input)
    expect(inflateAll(packed.parts)).toEqual(input)
    expect(packed.byteLength).toBeLessThan(input.length)
  })
  it('round-trips raw DEFLATE written in many small pieces', async () => {
    const writer = new DeflateWriter('deflate-raw')
    const input = new Uint8Array(300_000).map((_, i) => ((i * i) >> 7) & 0xff)
    for (let at = 0; at < input.length; at += 999) await writer.write(input.subarray(at, at + 999))
    const packed = await writer.finish()
    expect(inflateAll(packed.parts, { format: 'raw' })).toEqual(input)
  })
  it('throws CodecError corrupt on data that is not zlib', () => {
    const run = () => inflateAll([new Uint8Array([0x78, 0x9c, 1, 2, 3, 4, 5])])
    expect(run).toThrow(CodecError)
    expect(run).toThrow(expect.objectContaining({ reason: 'corrupt' }))
  })
})

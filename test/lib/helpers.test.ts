import { describe, expect, it } from 'vitest'
import { canonicalJson } from '../../src/lib/canonical-json'
import { redact } from '../../src/lib/log'
import { readLimited } from '../../src/lib/read-limited'
import { createRowChannel } from '../../src/lib/row-channel'

describe('canonicalJson', () => {
  it('sorts keys at every level and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"y":2,"z":1}]},"b":1}',
    )
    expect(canonicalJson({ dpi: 300, format: 'png' })).toBe(
      canonicalJson({ format: 'png', dpi: 300 }),
    )
  })
})

describe('log redaction', () => {
  it('hides secrets by field name and URL signatures', () => {
    const out = redact({
      authorization: 'Bearer pfg_live_x',
      'x-api-key': 'k',
      apiKey: 'k',
      nested: { adminToken: 't', ok: 1 },
      url: 'https://a/v1/files/x?exp=1&kid=1&sig=abc',
      path: '/v1/convert',
    })
    expect(out).toEqual({
      authorization: '[redacted]',
      'x-api-key': '[redacted]',
      apiKey: '[redacted]',
      nested: { adminToken: '[redacted]', ok: 1 },
      url: 'https://a/v1/files/x?exp=1&kid=1&sig=[redacted]',
      path: '/v1/convert',
    })
  })
})

describe('readLimited', () => {
  const stream = (chunks: number, size: number) => {
    let sent = 0
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ >= chunks) return controller.close()
        controller.enqueue(new Uint8Array(size).fill(sent))
      },
    })
  }
  it('returns everything under the limit', async () => {
    const read = await readLimited(stream(3, 10), 30)
    expect(read.ok && read.bytes.length).toBe(30)
  })
  it('stops just past the limit without draining the source', async () => {
    let pulled = 0
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++
        controller.enqueue(new Uint8Array(1000))
      },
    })
    const read = await readLimited(source, 5000)
    expect(read.ok).toBe(false)
    expect(pulled).toBeLessThan(10)
  })
})

describe('row channel', () => {
  it('hands rows across in order and ends on close', async () => {
    const channel = createRowChannel(2, 3, 1)
    const seen: number[][] = []
    const reader = (async () => {
      for await (const row of channel.source.rows) seen.push([...row])
    })()
    for (let i = 0; i < 3; i++) await channel.sink.write(new Uint8Array([i, i]))
    channel.sink.close()
    await reader
    expect(seen).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ])
  })
  it('keeps each row intact until the reader asks for the next, when the writer reuses its buffer', async () => {
    const channel = createRowChannel(3, 6, 1)
    const seen: number[][] = []
    const reader = (async () => {
      for await (const row of channel.source.rows) {
        const before = [...row]
        // The consumer is slow and asynchronous: the writer runs ahead meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 2))
        expect([...row]).toEqual(before)
        seen.push(before)
      }
    })()
    const buffer = new Uint8Array(3)
    for (let i = 0; i < 6; i++) {
      buffer.fill(i)
      await channel.sink.write(buffer)
    }
    channel.sink.close()
    await reader
    expect(seen).toEqual([0, 1, 2, 3, 4, 5].map((i) => [i, i, i]))
    expect(() => createRowChannel(3, 1, 1).sink.write(new Uint8Array(2))).toThrow(RangeError)
  })
  it('never leaves a writer waiting after the reader stopped', async () => {
    const channel = createRowChannel(1, 5, 1)
    const reader = (async () => {
      for await (const _ of channel.source.rows) throw new Error('reader failed')
    })()
    for (let i = 0; i < 5; i++) await channel.sink.write(new Uint8Array([i]))
    await expect(reader).rejects.toThrow('reader failed')
  })
  it('never leaves a writer waiting when the reader is abandoned before its first row', async () => {
    const channel = createRowChannel(1, 3, 1)
    const pending = channel.sink.write(new Uint8Array([0]))
    channel.abandon()
    await pending
    await channel.sink.write(new Uint8Array([1]))
  })
  it('refuses a write that overlaps the previous one', async () => {
    const channel = createRowChannel(1, 2, 1)
    const first = channel.sink.write(new Uint8Array([1]))
    expect(() => channel.sink.write(new Uint8Array([2]))).toThrow('previous write')
    const rows = channel.source.rows[Symbol.asyncIterator]()
    await rows.next()
    await first
  })
})

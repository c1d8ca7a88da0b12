// R2OutputStore.put (src/adapters/r2/outputs.ts) against the local R2 bucket the Worker binds
// (FILES): a file given as one part or as many (a writer's chunks, streamed with their length)
// comes back byte for byte with its metadata; a bucket that refuses the put fails the call
// instead of leaving the stream's writes waiting.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { R2OutputStore } from '../../src/adapters/r2/outputs'

const META = { contentType: 'image/vnd.dxf', contentDisposition: 'attachment; filename="x.dxf"' }

/** `length` seeded bytes cut in `n` uneven parts. */
function parts(length: number, n: number): Uint8Array[] {
  const data = new Uint8Array(length)
  for (let i = 0; i < length; i++) data[i] = (i * 2654435761) >>> 24
  const out: Uint8Array[] = []
  for (let k = 0, at = 0; k < n; k++) {
    const end =
      k === n - 1 ? length : Math.min(length, at + Math.floor((length / n) * (0.5 + (k % 3) * 0.5)))
    out.push(data.subarray(at, end))
    at = end
  }
  return out
}

const joined = (list: Uint8Array[]) => {
  const out = new Uint8Array(list.reduce((sum, p) => sum + p.length, 0))
  let at = 0
  for (const p of list) {
    out.set(p, at)
    at += p.length
  }
  return out
}

describe('R2OutputStore.put', () => {
  for (const [label, list] of [
    ['no parts', [] as Uint8Array[]],
    ['one part', parts(70_000, 1)],
    ['many parts', parts(3_000_000, 47)],
  ] as const) {
    it(`stores ${label} byte for byte with the metadata`, async () => {
      const store = new R2OutputStore(env.FILES)
      const key = `out/test-outputs/${label.replace(/ /g, '-')}`
      await store.put(key, list, META)
      const object = await env.FILES.get(key)
      expect(object).not.toBeNull()
      expect(new Uint8Array(await object!.arrayBuffer())).toEqual(joined([...list]))
      expect(object!.httpMetadata).toMatchObject(META)
    })
  }

  it('fails, without waiting forever, when the bucket refuses a streamed put', async () => {
    const refusing = new Proxy(env.FILES, {
      get(target, name) {
        if (name === 'put') return async () => Promise.reject(new Error('refused'))
        const value = Reflect.get(target, name)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const store = new R2OutputStore(refusing)
    await expect(store.put('out/test-outputs/refused', parts(1_000_000, 20), META)).rejects.toThrow(
      'refused',
    )
  })
})

// R2Upload (src/adapters/r2/upload.ts) against the local R2 bucket the Worker binds (FILES): a file
// written in pieces of awkward sizes comes back byte for byte with its metadata, whether it fits
// one put or needs a multipart upload (parts of R2's 5 MiB, the last shorter or exactly full);
// an aborted upload leaves nothing behind; misuse is refused.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { R2_PART_BYTES, R2Upload } from '../../src/adapters/r2/upload'

const META = { contentType: 'image/png', contentDisposition: 'attachment; filename="x.png"' }

/** `length` seeded bytes, so a misplaced or repeated piece shows. */
function bytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length)
  let state = seed
  for (let i = 0; i < length; i++) {
    state = (state * 1_103_515_245 + 12_345) >>> 0
    out[i] = state >>> 24
  }
  return out
}

/** `data` cut into pieces of 1 B to ~1.3 MiB, several crossing part boundaries. */
function pieces(data: Uint8Array): Uint8Array[] {
  const sizes = [1, 7, 65_536, 1_300_000, 3, 262_144 + 12, 999_999]
  const out: Uint8Array[] = []
  for (let at = 0, i = 0; at < data.length; i++) {
    const n = Math.min(sizes[i % sizes.length]!, data.length - at)
    out.push(data.subarray(at, at + n))
    at += n
  }
  return out
}

/** The bucket, counting the calls that show which way a file was stored. */
function counted(bucket: R2Bucket) {
  const calls = { put: 0, multipart: 0 }
  const proxy = new Proxy(bucket, {
    get(target, name) {
      const value = Reflect.get(target, name)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        if (name === 'put') calls.put++
        if (name === 'createMultipartUpload') calls.multipart++
        return value.apply(target, args)
      }
    },
  })
  return { bucket: proxy, calls }
}

async function stored(key: string) {
  const object = await env.FILES.get(key)
  expect(object).not.toBeNull()
  return {
    body: new Uint8Array(await object!.arrayBuffer()),
    contentType: object!.httpMetadata?.contentType,
    disposition: object!.httpMetadata?.contentDisposition,
  }
}

describe('R2Upload', () => {
  const cases: [string, number, { put: number; multipart: number }][] = [
    ['a small file, stored with one put', 300_000, { put: 1, multipart: 0 }],
    [
      'a file of 2.4 parts (multipart, last part shorter)',
      Math.round(R2_PART_BYTES * 2.4),
      { put: 0, multipart: 1 },
    ],
    ['a file of exactly 2 parts (no empty last part)', R2_PART_BYTES * 2, { put: 0, multipart: 1 }],
  ]
  for (const [name, length, calls] of cases) {
    it(`stores ${name} byte for byte, with its metadata`, async () => {
      const key = `test/upload/${length}`
      const data = bytes(length, length)
      const spy = counted(env.FILES)
      const upload = new R2Upload(spy.bucket, key, META)
      // Written in several calls, some empty, as an encoder hands parts over.
      const all = pieces(data)
      for (let i = 0; i < all.length; i += 3) await upload.write(all.slice(i, i + 3))
      await upload.write([])
      expect(await upload.finish()).toBe(length)
      const file = await stored(key)
      expect(file.body.length).toBe(length)
      expect(file.body).toEqual(data)
      expect(file.contentType).toBe(META.contentType)
      expect(file.disposition).toBe(META.contentDisposition)
      expect(spy.calls).toEqual(calls)
    })
  }

  it('leaves nothing behind when aborted after parts were sent', async () => {
    const key = 'test/upload/aborted'
    const upload = new R2Upload(env.FILES, key, META)
    await upload.write([bytes(R2_PART_BYTES + 10, 1)])
    await upload.abort()
    expect(await env.FILES.head(key)).toBeNull()
    await expect(upload.write([bytes(1, 2)])).rejects.toThrow(/before finish\(\) or abort\(\)/)
    await expect(upload.finish()).rejects.toThrow(/once, and not after abort/)
  })

  it('refuses writes after finish', async () => {
    const upload = new R2Upload(env.FILES, 'test/upload/finished', META)
    await upload.write([bytes(10, 3)])
    await upload.finish()
    await expect(upload.write([bytes(1, 4)])).rejects.toThrow(/before finish\(\) or abort\(\)/)
  })
})

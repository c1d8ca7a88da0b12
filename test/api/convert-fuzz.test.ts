// Broken uploads through the real Worker: seeded mutants of a PNG, TIFF, JPEG and WebP made in
// code are posted to /v1/convert. Every answer must be a 200 or a 400 with a specific image error
// code (never a 500), and credits must move only for the 200s.

import { describe, expect, it } from 'vitest'
import { balanceOf, newAccount, postForm } from '../support/api'
import { lineDrawing, photoLike, toPng, toTiff } from '../support/images'
import { uniform } from '../support/line-art'

const IMAGE_ERRORS = ['INVALID_IMAGE', 'UNSUPPORTED_IMAGE_TYPE', 'IMAGE_DIMENSIONS_TOO_LARGE']

/** One mutant: a few flipped bits, a truncation or a run of random bytes, past the signature. */
function mutate(bytes: Uint8Array, u: () => number): Uint8Array {
  const b = bytes.slice()
  const pos = 12 + Math.floor(u() * (b.length - 12))
  const kind = Math.floor(u() * 3)
  if (kind === 0) return b.subarray(0, pos)
  const n = 1 + Math.floor(u() * 8)
  for (let i = 0; i < n; i++) {
    const at = 12 + Math.floor(u() * (b.length - 12))
    b[at] = kind === 1 ? b[at]! ^ (1 << Math.floor(u() * 8)) : Math.floor(u() * 256)
  }
  return b
}

describe('POST /v1/convert with broken uploads', () => {
  it('answers every mutant with 200 or a 400 image error, and charges only the 200s', async () => {
    const photo = photoLike(96, 64)
    const inputs = {
      png: await toPng(lineDrawing(120, 80)),
      tiff: await toTiff(lineDrawing(120, 80)),
      jpeg: await photo.jpeg(),
      webp: await photo.webp(),
    }
    const { apiKey } = await newAccount(1000)
    const u = uniform(42)
    const statuses: Record<string, number> = {}
    let ok = 0
    for (const [name, bytes] of Object.entries(inputs)) {
      for (let i = 0; i < 12; i++) {
        const response = await postForm('/v1/convert', apiKey, {
          file: new Blob([mutate(bytes, u)]),
        })
        const body = (await response.json()) as { error?: { code: string } }
        const key = `${name} ${response.status} ${body.error?.code ?? ''}`.trim()
        statuses[key] = (statuses[key] ?? 0) + 1
        if (response.status === 200) {
          ok++
        } else {
          expect(response.status, key).toBe(400)
          expect(IMAGE_ERRORS, key).toContain(body.error?.code)
        }
      }
    }
    expect(await balanceOf(apiKey), JSON.stringify(statuses)).toBe(1000 - ok)
    // The mutants exercise both outcomes.
    expect(ok, JSON.stringify(statuses)).toBeGreaterThan(0)
    expect(ok, JSON.stringify(statuses)).toBeLessThan(48)
  }, 120_000)
})

